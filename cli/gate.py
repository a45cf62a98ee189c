"""``overlord gate``: check an artifact, or run the gate's own corpus.

Thin: parses flags, reads ``OVERLORD_ALLOW_UNSANDBOXED`` (only the CLI reads the
environment), calls :mod:`overlord.gate`, renders. Exit 0 on pass, 1 on a fail or
unavailable, 2 when it cannot start.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from overlord.errors import OverlordError
from overlord.gate.corpus import CaseResult, load_corpus, run_corpus
from overlord.gate.runner import GateReport, check_artifact
from overlord.sandbox import Sandbox, default_sandbox, get_sandbox

app = typer.Typer(help="The completion gate: four axes, a sandbox, and its corpus.",
                  no_args_is_help=True)

def installed_corpus() -> Path:
    """The hand-made corpus shipped with Overlord (package data; ``tests/corpus`` in a
    checkout links to it)."""
    from importlib import resources

    return Path(str(resources.files("overlord.gate").joinpath("handmade")))


def _sandbox(backend: str) -> Sandbox:
    allow = os.environ.get("OVERLORD_ALLOW_UNSANDBOXED") == "1"
    if backend == "auto":
        return default_sandbox(allow_unsandboxed=allow)
    return get_sandbox(backend, allow_unsandboxed=allow)


def _fail_to_start(err: OverlordError, verbose: bool) -> None:
    """Exit 2 with the CLI's one ``overlord: error:`` line (rich would wrap it at 80 columns)."""
    if verbose:
        Console(stderr=True).print_exception()
    typer.echo(f"overlord: error: {err.diagnostics()}", err=True)
    raise typer.Exit(2)


def _record(report: GateReport, sandbox: Sandbox, home: Path | None, run_id: str | None) -> str | None:
    """Record the report as signed events when a home exists; else say so on stderr.
    The gate check's id when recorded, else None."""
    from cli.context import home_path, open_session
    from overlord.adapters.clock import SystemClock
    from overlord.gate.record import record_report
    from overlord.ledger.home import Home

    err = Console(stderr=True, soft_wrap=True)  # one line each, however long
    root = home_path(home)
    if not Home(root).config_path.is_file():
        err.print(f"overlord gate: no Overlord home at {root}: the verdict is not recorded "
                  "(run `overlord init`, or pass --no-record)", markup=False, highlight=False)
        return None
    try:
        session = open_session(home)
    except OverlordError as e:
        err.print(f"overlord gate: the verdict is not recorded: {e.diagnostics()}",
                  markup=False, highlight=False)
        return None
    try:
        clock = SystemClock()
        try:
            check = record_report(report, ledger=session.ledger, blobs=session.blobs,
                                  clock=clock, sandbox=sandbox.name, run_id=run_id)
        except OverlordError as e:
            err.print(f"overlord gate: the verdict is not recorded: {e.diagnostics()}",
                      markup=False, highlight=False)
            return None
        try:
            session.checkpoint(at=clock.now())
        except OverlordError as e:
            err.print(f"overlord gate: recorded, but no checkpoint was signed: "
                      f"{e.diagnostics()}", markup=False, highlight=False)
    finally:
        session.close()
    err.print(f"overlord gate: recorded as gate check {check.id}", markup=False,
              highlight=False)
    return str(check.id)


@app.command()
def check(
    artifact: Path = typer.Argument(..., help="artifact directory: plan.md, solution, test"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    backend: str = typer.Option("auto", help="sandbox backend: auto, bubblewrap, process"),
    no_record: bool = typer.Option(False, "--no-record",
                                   help="do not record the axes and verdict in the ledger"),
    home: Path = typer.Option(None, "--home", help="the Overlord home (default: "
                              "$OVERLORD_HOME, else $XDG_DATA_HOME/overlord)"),
    verbose: bool = typer.Option(False, "--verbose", help="show tracebacks"),
) -> None:
    """Run the four axes on ARTIFACT, record them and the verdict as signed events (when a
    home exists), and print the verdict."""
    try:
        sandbox = _sandbox(backend)
        report = check_artifact(artifact, sandbox)
    except OverlordError as e:
        _fail_to_start(e, verbose)
        return
    recorded = None if no_record else _record(report, sandbox, home, None)
    v = report.verdict
    if as_json:
        d = report.to_dict()
        d.pop("sandbox", None)
        d["gate_check"] = recorded
        typer.echo(json.dumps(d, sort_keys=True))
    else:
        console = Console(soft_wrap=True)  # an axis is one line, however long its evidence
        colour = "green" if v.passed else "red"
        console.print(f"[{colour}]{v.verdict}[/{colour}]  {artifact} ({report.language})")
        for r in v.axes:
            console.print(f"  {r.axis:<11} {r.code or r.status:<24} {r.evidence}",
                          markup=False, highlight=False)
    raise typer.Exit(0 if v.passed else 1)


@app.command()
def corpus(
    root: Path = typer.Argument(None, help="corpus directory, relative to the current "
                                "directory (default: the hand-made corpus installed with "
                                "Overlord)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    backend: str = typer.Option("auto", help="sandbox backend: auto, bubblewrap, process"),
    verbose: bool = typer.Option(False, "--verbose", help="show tracebacks"),
) -> None:
    """Run every corpus case; exit 0 only when all get the verdict written in advance."""
    try:
        cases = load_corpus(root if root is not None else installed_corpus())
        sandbox = _sandbox(backend)
    except OverlordError as e:
        _fail_to_start(e, verbose)
        return
    console = Console(stderr=True)
    with Progress(TextColumn("gate corpus"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), console=console,
                  disable=as_json or not console.is_terminal) as progress:
        task = progress.add_task("", total=len(cases))

        def advance(result: CaseResult) -> None:
            progress.update(task, advance=1, description=result.case.name)

        try:
            summary = run_corpus(cases, sandbox, on_result=advance)
        except OverlordError as e:
            _fail_to_start(e, verbose)
            return
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), sort_keys=True))
    else:
        out = Console()
        for r in summary.gaps:
            out.print(f"[red]miss[/red] {r.case.name}: expected {r.case.expected}, got {r.got}")
            for a in r.report.verdict.axes:
                if a.status != "pass":
                    out.print(f"    {a.axis:<11} {a.code or a.status:<24} {a.evidence}",
                              markup=False, highlight=False)
        for r in summary.awaiting:
            out.print(f"[yellow]awaiting toolchain[/yellow] {r.case.name}: "
                      f"{r.report.awaiting_toolchain}")
        (hp, ht), (cp, ct) = summary.honest, summary.cheats_passing
        share = f"{100 * hp / ht:.1f}%" if ht else "n/a"
        out.print(f"honest pass {hp}/{ht} ({share})  cheats passing {cp}/{ct}")
        out.print(f"corpus {summary.matched}/{len(summary.results)}  gaps {len(summary.gaps)}  "
                  f"awaiting a toolchain {len(summary.awaiting)}  model calls "
                  f"{summary.model_calls}")
    raise typer.Exit(0 if summary.matched == len(summary.results) else 1)

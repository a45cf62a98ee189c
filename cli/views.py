"""View commands: diff, blame, cost, ps, report. Each catches its projection up, then reads it."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import typer

from cli.context import open_session
from overlord.errors import InputError, NotFoundError
from overlord.inputs import JSON_MAX_BYTES, read_input
from overlord.projections.blame import BlameView
from overlord.projections.cost import GROUPS, SPEND_GROUPS, CostView, parse_since
from overlord.projections.diffs import DiffsView, quote_path, side
from overlord.projections.diffs import diff as diff_layers
from overlord.projections.journal import JournalView
from overlord.projections.runs import RunsView, resolve_run
from overlord.projections.tracked import catch_up, open_view
from overlord.projections.viewfile import with_views

HOME_OPT = typer.Option(None, "--home", help="The Overlord home (default: $OVERLORD_HOME, else $XDG_DATA_HOME/overlord).")
JSON_OPT = typer.Option(False, "--json", help="Print JSON for scripts.")


def register(app: typer.Typer) -> None:
    """Add the view commands to ``app``."""
    app.command("diff")(diff)
    app.command("blame")(blame)
    app.command("cost")(cost)
    app.command("ps")(ps)
    app.command("report")(report)


class _Views:
    """The session and the views it needs, caught up; closed on exit."""

    def __init__(self, home: Path | None, *kinds: type) -> None:
        self.session = open_session(home, writable=False)
        self.views: dict[type, Any] = {}
        path = str(self.session.home.views_path)

        def open_all() -> None:
            try:
                for kind in (RunsView, *kinds):
                    extra = {"blobs": self.session.blobs} if kind in (BlameView, DiffsView) else {}
                    view = self.views[kind] = open_view(kind, path, **extra)
                    catch_up(self.session.ledger, view)
            except BaseException:
                self._close_views()
                raise

        try:
            with_views(path, open_all)  # a damaged views file is rebuilt; a full disk is one line
        except BaseException:
            self.close()
            raise

    def __getitem__(self, kind: type) -> Any:
        return self.views[kind]

    def run(self, prefix: str) -> str:
        return resolve_run(prefix, self.views[RunsView].run_ids())

    def _close_views(self) -> None:
        for v in self.views.values():
            v.datastore.close()
        self.views.clear()

    def close(self) -> None:
        self._close_views()
        self.session.close()

    def __enter__(self) -> _Views:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _stamp(ns: int | None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ns // 1_000_000_000)) if ns else "-"


def _usd(micro: int) -> str:
    return f"${micro / 1e6:.6f}"


def diff(
    run: str = typer.Argument(..., help="The run (its id, or a unique prefix)."),
    from_layer: int = typer.Option(None, "--from", help="The older layer (default 0, the root as found)."),
    to_layer: int = typer.Option(None, "--to", help="The newer layer (default: the last)."),
    stat: bool = typer.Option(False, "--stat", help="Only the changed files and their line counts."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Unified diffs of a run's workspace between two layers, from the sealed blobs."""
    with _Views(home, DiffsView) as v:
        run_id = v.run(run)
        files = diff_layers(v[DiffsView], v.session.blobs, run_id, from_layer, to_layer)
    if json_out:
        typer.echo(json.dumps({"run": run_id, "files": [f.to_json() for f in files]}))
        return
    if stat:
        for f in files:
            width = max(1, max((f.added + f.removed for f in files), default=1))
            scale = min(1.0, 50 / width)  # at most 50 marks, as git keeps to the terminal
            plus, minus = round(f.added * scale), round(f.removed * scale)
            typer.echo(f" {quote_path(f.path)} | {'Bin' if f.binary else f.added + f.removed} {'+' * plus}{'-' * minus}")
        typer.echo(f" {len(files)} files changed, {sum(f.added for f in files)} insertions(+), "
                   f"{sum(f.removed for f in files)} deletions(-)")
        return
    for f in files:
        typer.echo(f"diff --overlord {side('a/', f.path)} {side('b/', f.path)}")
        typer.echo(f.text, nl=False)


def blame(
    path: Path = typer.Argument(..., help="A file inside a worker root that a run sealed."),
    run: str = typer.Option(None, "--run", help="The file as this run left it (default: the latest layer)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Each line of a file with the layer, tool call, run and time that last changed it."""
    absolute = os.path.realpath(os.path.abspath(str(path)))
    with _Views(home, BlameView) as v:
        run_id = v.run(run) if run is not None else None
        lines = v[BlameView].blame(absolute, run_id)
    binary = any("\x00" in line.text or "\ufffd" in line.text for line in lines)
    if binary and not json_out and lines:
        last = max(lines, key=lambda x: x.time_ns)
        tool = f"{last.tool or '?'}:{last.tool_use_id}" if last.tool_use_id else "(as found)"
        typer.echo(f"{last.run[:8]} L{last.layer:<3} {tool[:40]:<40} {_stamp(last.time_ns)} binary file: "
                   "blamed as a whole, last changed here")
        lines = []
    for line in lines:
        if json_out:
            typer.echo(json.dumps(line.to_json()))
            continue
        tool = f"{line.tool or '?'}:{line.tool_use_id}" if line.tool_use_id else "(as found)"
        commit = f" {line.commit[:8]}" if line.commit else ""
        typer.echo(f"{line.run[:8]} L{line.layer:<3} {tool[:40]:<40} {_stamp(line.time_ns)}{commit} "
                   f"{line.number:>4}) {line.text}")
    if run is None and not binary and _differs_on_disk(absolute, lines):
        typer.echo(f"overlord: note: {path} on disk differs from the last sealed layer: "
                   "lines changed since then are not attributed", err=True)


def _differs_on_disk(absolute: str, lines) -> bool:  # noqa: ANN001
    """True when the file now on disk is not the text that was blamed (a FIFO or a device
    there is not read: it would never end)."""
    try:
        data = read_input(absolute, what="file", max_bytes=JSON_MAX_BYTES)
    except InputError:
        return False
    return data.decode("utf-8", "replace").splitlines() != [line.text for line in lines]


def cost(
    by: str = typer.Option("run", "--by", help=f"Group by: {', '.join(GROUPS)}."),
    since: str = typer.Option(None, "--since", help="Only from this date (YYYY-MM-DD or RFC 3339, UTC)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """What runs cost (micro-dollars), from the connector's events (else the runtime's estimate);
    the spend reserve's reserved, settled and refused spend; the install's balance."""
    from overlord.supervision.policy_keeper import recorded_policy

    since_ns = parse_since(since)
    with _Views(home, CostView) as v:
        policy = recorded_policy(v.session).oracle  # the balance the ledger records, not what the file says now
        rows = v[CostView].report(by, since_ns)
        spend = v[CostView].spend(by if by in SPEND_GROUPS else "run")
        settled, outstanding = v[CostView].install_totals()
    total = sum(r.cost_micro_usd for r in rows)
    cap = policy.balance_micro_usd
    balance = {"balance_micro_usd": cap, "settled_micro_usd": settled, "reserved_micro_usd": outstanding,
               "remaining_micro_usd": None if cap is None else cap - settled - outstanding}
    if json_out:
        typer.echo(json.dumps({"by": by, "rows": [r.to_json() for r in rows], "total_micro_usd": total,
                               "spend": [r.to_json() for r in spend], "balance": balance}))
        return
    for r in rows:
        typer.echo(f"{r.key:<40} {r.calls:>6} calls {r.input_tokens:>10} in {r.output_tokens:>8} out  {_usd(r.cost_micro_usd)}")
    typer.echo(f"{'total':<40} {_usd(total)}")
    if spend:
        typer.echo("")
        typer.echo(f"{'spend by ' + (by if by in SPEND_GROUPS else 'run'):<40} {'reserved':>12} {'settled':>12} "
                   f"{'outstanding':>12} {'refused':>12}")
        for s in spend:
            typer.echo(f"{s.key:<40} {_usd(s.reserved_micro_usd):>12} {_usd(s.settled_micro_usd):>12} "
                       f"{_usd(s.outstanding_micro_usd):>12} {_usd(s.refused_micro_usd):>12} ({s.refused_calls} calls)")
    left = "no install cap" if cap is None else f"{_usd(balance['remaining_micro_usd'])} left of {_usd(cap)}"
    typer.echo(f"install balance: {left} (settled {_usd(settled)}, reserved {_usd(outstanding)})")


def ps(
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Runs, oldest first: id, status and stop code, turns, calls, denials, cost, age, root."""
    import time as _time

    from overlord.supervision.kill import controller_gone

    with _Views(home, CostView) as v:
        runs = v[RunsView].all()
        costs = {r.run: v[CostView].run_cost(r.run) for r in runs}
        home_dir = v.session.home
    now_ns = _time.time_ns()
    for r in runs:
        spent = costs.get(r.run) or 0
        gone = not r.status and controller_gone(home_dir.run_dir(r.run))
        if json_out:
            typer.echo(json.dumps({**r.to_json(), "cost_micro_usd": spent, "age_s": (now_ns - r.opened_ns) // 10**9,
                                   "controller_gone": gone}))
            continue
        state = f"{r.status}/{r.stop_code}" if r.status else "orphaned (overlord kill)" if gone else "running"
        age = _age((now_ns - r.opened_ns) // 10**9)
        typer.echo(f"{r.run[:8]}  {state:<28} {r.turns:>3} turns {r.tool_calls:>3} calls {r.denials:>2} denied "
                   f"${spent / 1e6:>8.4f}  {age:>5} ago  {r.runtime:<11} {r.cwd}")


def _age(seconds: int) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def _refused_at_the_door(session: Any, run_id: str) -> int:
    """How many requests the run's connector refused at its door (``ConnectorRefused``)."""
    from uuid import UUID

    return int(getattr(session.ledger.get(UUID(run_id)), "connector_refused", 0))


def report(
    run: str = typer.Argument(..., help="The run (its id, or a unique prefix)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """One run: the mission, its timeline, the guard's decisions, the stop code, the cost."""
    with _Views(home, CostView, DiffsView, JournalView) as v:
        run_id = v.run(run)
        digest = v[RunsView].get(run_id)
        decisions = v[RunsView].decisions(run_id)
        spent = v[CostView].run_cost(run_id)
        layers = v[DiffsView].layers(run_id)
        from overlord.domain.approval import approvals_stream_id

        # the run's approvals are events of its story too
        timeline = sorted(v[JournalView].select(stream=run_id) + v[JournalView].select(
            stream=str(approvals_stream_id(run_id))), key=lambda e: e.position)
        refused = _refused_at_the_door(v.session, run_id) if digest else 0
    if json_out:
        typer.echo(json.dumps({"run": digest.to_json(), "cost_micro_usd": spent, "connector_refused": refused,
                               "decisions": [dict(zip(("time_ns", "tool", "tool_use_id", "decision", "denial_class",
                                                       "reason"), d, strict=True)) for d in decisions],
                               "layers": [dict(zip(("layer", "parent", "tree", "tool_use_id", "time_ns", "files"), x,
                                                   strict=True)) for x in layers],
                               "timeline": [e.to_json() for e in timeline]}))
        return
    if not digest:
        raise NotFoundError(f"no run {run}")
    typer.echo(f"run {digest.run}")
    typer.echo(f"  mission   {digest.runtime} in {digest.cwd} (sandbox {digest.sandbox}): {' '.join(json.loads(digest.argv))}")
    typer.echo(f"  opened    {_stamp(digest.opened_ns)}   last event {_stamp(digest.last_ns)}")
    typer.echo(f"  stop code {digest.stop_code or 'running'} ({digest.status or '-'}): {digest.detail or ''}")
    typer.echo(f"  calls     {digest.tool_calls} decided, {digest.denials} denied; {digest.turns} turns; "
               f"{digest.layers} layers" + (f"; committed {digest.commit_sha}" if digest.commit_sha else "")
               + (f"; verdict {digest.verdict}" if digest.verdict else "")
               + (f"; {refused} connector requests refused" if refused else ""))
    typer.echo(f"  cost      {_usd(spent)}")
    tampered = [e for e in timeline if e.event_type in ("ForgeryRefused", "GuardTampered")]
    if tampered:
        typer.echo(f"  tamper    {len(tampered)} guard_tamper events (forged acts, not decided or applied; the "
                   "guard's settings changed):")
        for e in tampered:
            typer.echo(f"    {_stamp(e.time_ns)}  {e.summary[:200]}")
    typer.echo("decisions:")
    for when, tool, tid, decision, cls, reason in decisions:
        typer.echo(f"  {_stamp(when)}  {tool:<10} {decision}{' (' + cls + ')' if cls else ''}  {tid}  {reason[:100]}")
    typer.echo("timeline:")
    for e in timeline:
        typer.echo(f"  {_stamp(e.time_ns)}  v{e.version:<3} {e.event_type:<16} {e.summary}")

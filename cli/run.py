"""``overlord run``: run a command as a recorded, settled Run."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
from pathlib import Path

import typer

from cli.context import appending
from overlord.adapters.clock import SystemClock
from overlord.errors import ConfigError
from overlord.inputs import TOML_MAX_BYTES, read_input, read_text
from overlord.supervision.command_run import run_command

# What a command may see of the caller's environment: an allow-list, never the whole of it.
ENV_ALLOW = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "TZ", "USER", "LOGNAME", "SHELL", "TMPDIR", "PWD")


def register(app: typer.Typer) -> None:
    """Add ``run`` to ``app``."""
    app.command("run", context_settings={"allow_interspersed_args": False})(run)


def run(
    command: list[str] = typer.Argument(None, help="The command and its arguments, after `--`."),
    mission: Path = typer.Option(None, "--mission", "-m", help="A mission file (TOML): run an agent under supervision."),
    root: Path = typer.Option(None, "--root", help="The worker root for a mission (default: the current directory)."),
    no_sandbox: bool = typer.Option(False, "--no-sandbox", help="Run a mission's agent bare, without bubblewrap (recorded in the run)."),
    home: Path = typer.Option(None, "--home", help="The Overlord home."),
    json_out: bool = typer.Option(False, "--json", help="Print the settlement as one JSON object."),
) -> None:
    """Run a command, or a mission, under Overlord: record it, settle it, sign a checkpoint.

    Examples: overlord run -- pytest -q;  overlord run --mission mission.toml --root ./work

    A mission runs an agent (the Claude Code CLI, or any command) with the guard armed in
    the worker root, under the mission's limits; it settles with a stop code.

    Exit code: the command's own when it ran (0 on success, 128+N when killed by signal N),
    127 when the command could not be started, 130 when cancelled (Ctrl-C, SIGTERM), 2 when
    Overlord itself could not start (no home, bad input). With --json, the command's stdout
    goes to stderr so that stdout holds only the settlement.
    """
    if mission is not None:
        if command:
            raise ConfigError("give either --mission or a command after `--`, not both")
        _run_mission(mission, root or Path.cwd(), home, json_out, sandbox=not no_sandbox)
        return
    # appending: a refusal's PolicyIntegrityFailed (or an old home's first PolicyChanged) is
    # covered by a checkpoint too, not only a run's events
    with appending(home) as session:
        # SIGTERM (from `timeout`, `kill`, a supervisor) ends the run the way Ctrl-C does: the
        # child's process group is ended and the run is settled as cancelled, never left open.
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        try:
            _check_policy(session, "run")
            env = {k: os.environ[k] for k in ENV_ALLOW if k in os.environ}
            policy = Path.cwd() / "overlord.toml"  # the guard's policy file, when the root has one
            data = read_input(policy, what="policy file", max_bytes=TOML_MAX_BYTES) if os.path.lexists(policy) else b""
            policy_hash = hashlib.sha256(data).hexdigest()
            result = run_command(
                session, command or [], cwd=Path.cwd(), env=env, clock=SystemClock(), policy_hash=policy_hash,
                # with --json, stdout carries only the settlement: the command's output goes to stderr
                echo_stdout=sys.stderr.buffer if json_out else sys.stdout.buffer, echo_stderr=sys.stderr.buffer,
                stdin=_stdin_fd(),
            )
        finally:
            signal.signal(signal.SIGTERM, previous)
    s = result.settlement
    if json_out:
        typer.echo(json.dumps({"run_id": str(result.run_id), "status": s.status, "stop_code": s.stop_code, "detail": s.detail}))
    else:
        typer.echo(f"run {result.run_id}: {s.status} ({s.stop_code}) {s.detail}", err=True)
    raise typer.Exit(_exit_code(result))


def _check_policy(session, where: str):  # noqa: ANN001, ANN202
    """The install policy, checked against the ledger before anything starts (exit 2 when it
    changed outside `overlord policy set`)."""
    from overlord.supervision.policy_keeper import check_policy

    return check_policy(session, where=where, clock=SystemClock())


def _stdin_fd() -> int | None:
    """The caller's standard input for the command, when there is one."""
    try:
        fd = sys.stdin.fileno()
        os.fstat(fd)
        return fd
    except (OSError, ValueError, AttributeError):
        return None


def _raise_interrupt(signum, frame) -> None:  # noqa: ANN001
    raise KeyboardInterrupt


def _exit_code(result) -> int:  # noqa: ANN001
    """The command's own exit code; 128+N when killed by signal N; 127 when it could not
    start; 130 when the run was cancelled."""
    s = result.settlement
    if s.status == "succeeded":
        return 0
    if s.stop_code == "cancelled":
        return 130
    if result.exit_code not in (None, 0):
        return result.exit_code
    if result.signal is not None:
        return 128 + result.signal
    return 127 if s.stop_code == "runtime_error" else 1


def _run_mission(mission_path: Path, root: Path, home: Path | None, json_out: bool, *, sandbox: bool,
                 text: str | None = None, resume_from=None) -> None:  # noqa: ANN001
    from overlord.adapters.secrets import SecretStore
    from overlord.domain.mission import Mission
    from overlord.supervision.mission_run import prepare, run_mission

    if text is None:
        text = read_text(mission_path, what="mission file", max_bytes=TOML_MAX_BYTES)
    m = Mission.from_toml(text, source=str(mission_path), base_dir=str(root.resolve()))
    # appending: a refused start's events (PolicyIntegrityFailed) end with a checkpoint too
    with appending(home) as session:
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        try:
            active = _check_policy(session, "resume" if resume_from is not None else "run")
            prepared = prepare(m, root=root.resolve(), home_root=session.home.root,
                               mission_dir=mission_path.resolve().parent, host_path=os.environ.get("PATH"),
                               sandbox=sandbox, environ=dict(os.environ), secrets=SecretStore(session.home.root),
                               at=SystemClock().now(), install=active.policy)
            tick = _status_line() if (sys.stderr.isatty() and not json_out) else None
            result = run_mission(session, m, prepared, root=root, clock=SystemClock(), host_env=dict(os.environ),
                                 on_tick=tick, mission_blob=session.blobs.put(text.encode()),
                                 mission_dir=mission_path.resolve().parent, resume_from=resume_from, install=active)
            if tick is not None:
                sys.stderr.write("\n")
        finally:
            signal.signal(signal.SIGTERM, previous)
    s = result.settlement
    if json_out:
        out = {"run_id": str(result.run_id), "status": s.status, "stop_code": s.stop_code, "detail": s.detail}
        if result.verdict is not None:
            out["verdict"] = result.verdict
        typer.echo(json.dumps(out))
    else:
        verdict = f", gate verdict {result.verdict}" if result.verdict else ""
        typer.echo(f"run {result.run_id}: {s.status} ({s.stop_code}) {s.detail}{verdict}", err=True)
    passed = s.status == "succeeded" and result.verdict in (None, "pass")
    raise typer.Exit(0 if passed else 130 if s.stop_code == "cancelled" else 1)


def _status_line():  # noqa: ANN202
    """One line on the terminal, rewritten in place: elapsed time, turns, denials, output."""
    last = [0]

    def tick(watch, elapsed_ns: int) -> None:  # noqa: ANN001
        if elapsed_ns - last[0] < 500_000_000:
            return
        last[0] = elapsed_ns
        sys.stderr.write(f"\r  {elapsed_ns // 1_000_000_000:>5}s  turns {watch.turns:<3} denials {watch.denials:<3} "
                         f"output {watch.output_bytes // 1024} KiB  ")
        sys.stderr.flush()

    return tick

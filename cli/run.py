"""``overlord run``: run a command as a recorded, settled Run."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import typer

from cli.context import open_session
from overlord.adapters.clock import SystemClock
from overlord.supervision.command_run import run_command

# What a command may see of the caller's environment: an allow-list, never the whole of it.
ENV_ALLOW = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "TZ", "USER", "LOGNAME", "SHELL", "TMPDIR", "PWD")


def register(app: typer.Typer) -> None:
    """Add ``run`` to ``app``."""
    app.command("run", context_settings={"allow_interspersed_args": False})(run)


def run(
    command: list[str] = typer.Argument(None, help="The command and its arguments, after `--`."),
    home: Path = typer.Option(None, "--home", help="The Overlord home."),
    json_out: bool = typer.Option(False, "--json", help="Print the settlement as one JSON object."),
) -> None:
    """Run a command under Overlord: record it, settle it, sign a checkpoint.

    Example: overlord run -- pytest -q

    Exit code: the command's own when it ran (0 on success), 2 when it could not start.
    """
    session = open_session(home)
    try:
        env = {k: os.environ[k] for k in ENV_ALLOW if k in os.environ}
        policy = Path.cwd() / "overlord.toml"  # the guard's policy file, when the root has one
        policy_hash = hashlib.sha256(policy.read_bytes() if policy.is_file() else b"").hexdigest()
        result = run_command(
            session, command or [], cwd=Path.cwd(), env=env, clock=SystemClock(), policy_hash=policy_hash
        )
    finally:
        session.close()
    s = result.settlement
    if json_out:
        typer.echo(json.dumps({"run_id": str(result.run_id), "status": s.status, "stop_code": s.stop_code, "detail": s.detail}))
    else:
        typer.echo(f"run {result.run_id}: {s.status} ({s.stop_code}) {s.detail}", err=True)
    if s.status == "succeeded":
        raise typer.Exit(0)
    raise typer.Exit(result.exit_code if result.exit_code not in (None, 0) else 1)

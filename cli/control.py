"""Acting on live runs: ``overlord kill`` and ``overlord steer``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from cli.context import appending, find_run, open_session
from overlord.adapters.clock import SystemClock
from overlord.supervision.kill import KillOutcome, kill_run


def register(app: typer.Typer) -> None:
    """Add ``kill``, ``steer`` and ``resume`` to ``app``."""
    app.command("kill")(kill)
    app.command("steer")(steer)
    app.command("resume")(resume)


def kill(
    run: str = typer.Argument(..., help="The run id (or a unique prefix)."),
    wait_ms: int = typer.Option(10_000, "--wait-ms", min=0, help="How long to wait for a graceful stop, then again after SIGKILL."),
    home: Path = typer.Option(None, "--home", help="The Overlord home."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Stop a live run through its controller, then end its process tree.

    Reports cancelled_gracefully, force_killed, orphan_settled (the controller was gone: the
    run is settled in place with stop code controller_lost), still_alive or skipped_settled.
    Exit 0 unless the run is still alive (1).
    """
    session = open_session(home)
    try:
        run_id = find_run(session, run)
        outcome = kill_run(session, run_id, clock=SystemClock(), wait_ms=wait_ms)
    finally:
        session.close()
    if json_out:
        typer.echo(json.dumps({"run_id": str(run_id), "outcome": outcome.value}))
    else:
        typer.echo(f"run {run_id}: {outcome.value}")
    raise typer.Exit(1 if outcome is KillOutcome.STILL_ALIVE else 0)


def steer(
    run: str = typer.Argument(..., help="The run id (or a unique prefix)."),
    message: str = typer.Argument(..., help="What the agent should hear first when it resumes."),
    home: Path = typer.Option(None, "--home", help="The Overlord home."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Stop the run's current attempt and resume its native session with MESSAGE first.

    The controller picks the message up within its poll interval; the journal then shows the
    attempt stopped as `steered` and a Resumed event. A settled run cannot be steered (exit 2).
    """
    from overlord.errors import ConfigError
    from overlord.supervision.controller import STEER_FILE

    if not message.strip():
        raise ConfigError("the steering message is empty", "say what the agent should do instead")
    from overlord.supervision.policy_keeper import check_policy

    with appending(home) as session:  # a refusal's PolicyIntegrityFailed ends with a checkpoint
        check_policy(session, where="steer", clock=SystemClock())  # the policy changed outside `policy set`: refuse
        run_id = find_run(session, run)
        if session.ledger.get(run_id).settlement is not None:
            raise ConfigError(f"run {run_id} is already settled", "start a new run instead")
        run_dir = session.home.run_dir(str(run_id))
        if not (run_dir / "control.json").exists():
            raise ConfigError(f"run {run_id} has no live controller", "`overlord kill` settles an orphaned run")
        tmp = run_dir / (STEER_FILE + ".tmp")
        tmp.write_text(message.strip() + "\n")
        tmp.replace(run_dir / STEER_FILE)
    if json_out:
        typer.echo(json.dumps({"run_id": str(run_id), "outcome": "steer_requested"}))
    else:
        typer.echo(f"run {run_id}: steer requested")


def resume(
    run: str = typer.Argument(..., help="A settled run's id (or a unique prefix)."),
    no_sandbox: bool = typer.Option(False, "--no-sandbox", help="Run the agent bare, without bubblewrap."),
    home: Path = typer.Option(None, "--home", help="The Overlord home."),
    json_out: bool = typer.Option(False, "--json", help="Print the new run's settlement as one JSON object."),
) -> None:
    """Resume a settled run as a new run linked to it: same mission, same worker root, the
    runtime's native session continued (--resume). The new run records ResumedFrom."""
    from cli.run import _run_mission
    from overlord.supervision.mission_run import resume_point

    session = open_session(home, writable=False)
    try:
        run_id = find_run(session, run)
        point, mission_text, mission_dir = resume_point(session, run_id)
        root = Path(session.ledger.get(run_id).cwd)
    finally:
        session.close()
    _run_mission(mission_dir / "mission.toml", root, home, json_out, sandbox=not no_sandbox,
                 text=mission_text.decode("utf-8", "replace"), resume_from=point)

"""``overlord task ...`` and ``overlord worker``: goals carried through the Council's loop.

* ``task run MISSION [--root DIR] [--json]``: submit the mission's goal and work it here until
  it is DONE, HALTED or FAILED; the last line of ``--json`` is one object: ``task_id``,
  ``state``, ``cycles``, ``verdict``, ``runs``. Exit 0 when DONE, 1 otherwise (the check ran).
* ``task submit MISSION [--root DIR]``: queue it for ``overlord worker`` processes.
* ``task list [--halted] [--json]``, ``task show ID [--json]``.
* ``task approve ID [--json]``: the owner sends a HALTED task back for one more cycle and the
  gate again; returns when that cycle has settled. ``task fail ID`` (a halted task did not
  work), ``task cancel ID`` (stop a live task).
* ``worker [--lease-ms N] [--drain] [--task ID]``: take queued tasks from the shared ledger.

Bad input (a goal with no checkable contract, a mission without ``[gate] artifact``, an
unknown task id, an approval of a task that is not halted) is one line on stderr, exit 2,
and nothing is recorded.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from cli.context import appending, open_session
from overlord.adapters.clock import SystemClock
from overlord.errors import ConfigError

T = TypeVar("T")
app = typer.Typer(no_args_is_help=True, add_completion=False)
HOME_OPT = typer.Option(None, "--home", help="The Overlord home.")
JSON_OPT = typer.Option(False, "--json", help="Print JSON (the last line is one object).")


def register(root: typer.Typer) -> None:
    """Add ``task`` (a group) and ``worker`` to ``root``."""
    root.add_typer(app, name="task", help="The Council: goals carried to a verified DONE, correction cycles, HALTED.")
    root.command("worker")(worker)


def _read_mission(mission: Path, root: Path):  # noqa: ANN202
    from overlord.supervision.council import read_task_mission

    try:
        text = mission.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as e:
        raise ConfigError(f"cannot read the mission file {mission}: {e}") from e
    return read_task_mission(text, source=str(mission), mission_dir=mission.resolve().parent, root=root.resolve())


def _progress(json_out: bool):  # noqa: ANN202
    if json_out:
        return None
    return lambda task_id, line: typer.echo(f"task {str(task_id)[:8]}: {line}", err=True)


def _print_outcome(outcome, json_out: bool) -> None:  # noqa: ANN001
    if json_out:
        typer.echo(json.dumps(outcome.to_json()))
    else:
        verdict = f", gate verdict {outcome.verdict}" if outcome.verdict else ""
        why = f": {outcome.detail}" if outcome.detail else ""
        typer.echo(f"task {outcome.task_id}: {outcome.state.value} after {outcome.cycles} correction cycle(s), "
                   f"{len(outcome.runs)} run(s){verdict}{why}")


def _raise_interrupt(signum, frame) -> None:  # noqa: ANN001
    raise KeyboardInterrupt


@app.command("run")
def run(
    mission: Path = typer.Argument(..., help="The mission file (TOML) whose goal the loop carries."),
    root: Path = typer.Option(None, "--root", help="The worker root (default: the current directory)."),
    no_sandbox: bool = typer.Option(False, "--no-sandbox", help="Run the agent bare, without bubblewrap."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Carry the mission's goal through the loop here: work, the gate, corrections, review.

    The goal is the gate's plan (a plan.md the agent writes is ignored). After a failed check
    the agent's native session resumes with the verdict and the gate's evidence; after \\[task]
    max_cycles correction cycles (default 2) the task HALTS for the owner.
    """
    from overlord.adapters.secrets import SecretStore
    from overlord.supervision.council import TaskLoop, TaskOutcome, get_task, submit, worker_name
    from overlord.supervision.mission_run import prepare
    from overlord.supervision.policy_keeper import check_policy

    tm = _read_mission(mission, root or Path.cwd())
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        # `appending`: the command ends with a checkpoint when the loop's own did not cover the log
        with appending(home) as session:
            # the install policy, the runtime, its binary and the connector are checked before
            # anything is recorded (a policy changed outside `overlord policy set`: exit 2)
            active = check_policy(session, where="task run", clock=SystemClock())
            prepare(tm.mission, root=tm.root, home_root=session.home.root, mission_dir=tm.mission_dir,
                    host_path=os.environ.get("PATH"), sandbox=not no_sandbox, environ=dict(os.environ),
                    secrets=SecretStore(session.home.root), at=SystemClock().now(), install=active.policy)
            task_id = submit(session, tm, clock=SystemClock(), queued=False, source="task run")
            if get_task(session, task_id).guild is None:
                outcome = TaskOutcome.of(get_task(session, task_id))
            else:
                outcome = TaskLoop(session, task_id, clock=SystemClock(), host_env=dict(os.environ),
                                   worker=worker_name("task-run"), sandbox=not no_sandbox,
                                   on_step=_progress(json_out)).run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    _print_outcome(outcome, json_out)
    raise typer.Exit(0 if outcome.state.value == "DONE" else 1)


@app.command("submit")
def submit_cmd(
    mission: Path = typer.Argument(..., help="The mission file (TOML)."),
    root: Path = typer.Option(None, "--root", help="The worker root (default: the current directory)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Queue the mission's goal for `overlord worker` processes (which share this ledger)."""
    from overlord.supervision.council import describe, get_task, submit

    tm = _read_mission(mission, root or Path.cwd())
    with appending(home) as session:
        task_id = submit(session, tm, clock=SystemClock(), queued=True, source="task submit")
        out = describe(get_task(session, task_id))
    typer.echo(json.dumps(out) if json_out else f"task {task_id}: {out['state']} (queued, guild {out['guild']})")


def _board(session, read: Callable[[Any], T]) -> T:  # noqa: ANN001
    """``read(board)`` on the task board caught up with the log (``views.sqlite`` is a cache:
    a damaged file is rebuilt from the ledger)."""
    from overlord.projections.tasks import TaskBoardView
    from overlord.projections.viewfile import read_view

    return read_view(session.ledger, str(session.home.views_path), TaskBoardView, read)


def _find(session, prefix: str) -> uuid.UUID:  # noqa: ANN001
    from overlord.projections.tasks import resolve_task

    return uuid.UUID(_board(session, lambda view: resolve_task(prefix, view.task_ids())))


@app.command("list")
def list_cmd(
    halted: bool = typer.Option(False, "--halted", help="Only HALTED tasks, most urgent first."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """The task board: state, guild, cycles, verdict, runs, cost, the reason a task is parked."""
    session = open_session(home, writable=False)
    try:
        rows = _board(session, lambda view: view.halted() if halted else view.all())
    finally:
        session.close()
    if json_out:
        typer.echo(json.dumps({"tasks": [r.to_json() for r in rows]}))
        return
    if not rows:
        typer.echo("no halted tasks" if halted else "no tasks")
        return
    for r in rows:
        parked = f"  parked: {r.parked[:80]}" if r.parked else ""
        typer.echo(f"{r.task_id[:8]}  {r.state:<10} {str(r.guild or '-'):<8} p{r.priority:<3} cycles {r.cycles}/"
                   f"{r.max_cycles}  {str(r.verdict or '-'):<20} runs {r.runs:<2} ${r.cost_micro_usd / 1e6:.4f}  "
                   f"{r.goal[:60]}{parked}")


@app.command("show")
def show(
    task: str = typer.Argument(..., metavar="ID", help="The task id (or a unique prefix)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """One task: where it stands and its step history."""
    from overlord.supervision.council import describe, get_task

    session = open_session(home, writable=False)
    try:
        task_id = _find(session, task)
        out: dict[str, Any] = describe(get_task(session, task_id))
        out["steps"] = _board(session, lambda view: view.steps(str(task_id)))
    finally:
        session.close()
    if json_out:
        typer.echo(json.dumps(out))
        return
    typer.echo(f"task {out['task_id']}: {out['state']} ({out['guild'] or 'no guild'}), {out['cycles']} correction "
               f"cycle(s) of {out['max_cycles']}, verdict {out['verdict'] or '-'}")
    typer.echo(f"  goal: {out['goal']}")
    if out["parked"]:
        typer.echo(f"  parked: {out['parked']}")
    for s in out["steps"]:
        typer.echo(f"  {s['kind']:<14} {s['summary']}")


@app.command("approve")
def approve_cmd(
    task: str = typer.Argument(..., metavar="ID", help="A HALTED task's id (or a unique prefix)."),
    no_sandbox: bool = typer.Option(False, "--no-sandbox", help="Run the agent bare, without bubblewrap."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Send a HALTED task back for one more cycle and the gate again (owner only); returns
    when that cycle has settled. There is no way to DONE but a gate pass."""
    from overlord.supervision.council import TaskLoop, approve, worker_name
    from overlord.supervision.owner import authenticate_owner
    from overlord.supervision.policy_keeper import check_policy

    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        with appending(home) as session:
            by = authenticate_owner(session, channel="terminal")
            task_id = _find(session, task)
            check_policy(session, where="task approve", clock=SystemClock())  # before the approval is recorded
            me = worker_name("approve")
            approve(session, task_id, by=by, worker=me, clock=SystemClock())
            outcome = TaskLoop(session, task_id, clock=SystemClock(), host_env=dict(os.environ), worker=me,
                               sandbox=not no_sandbox, on_step=_progress(json_out)).run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    _print_outcome(outcome, json_out)
    raise typer.Exit(0 if outcome.state.value == "DONE" else 1)


def _decide(task: str, home: Path | None, json_out: bool, *, cancel: bool) -> None:
    from overlord.supervision.council import TaskOutcome, fail
    from overlord.supervision.owner import authenticate_owner

    with appending(home) as session:  # the decision (and a stopped step's settlement) is covered
        by = authenticate_owner(session, channel="terminal")
        t = fail(session, _find(session, task), by=by, clock=SystemClock(), cancel=cancel)
    _print_outcome(TaskOutcome.of(t), json_out)


@app.command("fail")
def fail_cmd(
    task: str = typer.Argument(..., metavar="ID", help="A HALTED task's id (or a unique prefix)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Decide that a HALTED task did not work: it is FAILED (owner only)."""
    _decide(task, home, json_out, cancel=False)


@app.command("cancel")
def cancel_cmd(
    task: str = typer.Argument(..., metavar="ID", help="A live task's id (or a unique prefix)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Stop a live task (its running step too): it is FAILED as cancelled (owner only)."""
    _decide(task, home, json_out, cancel=True)


def worker(
    lease_ms: int = typer.Option(30_000, "--lease-ms", min=200, help="How long a claim holds without a renewal."),
    poll_ms: int = typer.Option(1000, "--poll-ms", min=10, help="How long to wait when there is no work."),
    drain: bool = typer.Option(False, "--drain", help="Exit when no queued work is left."),
    task: str = typer.Option(None, "--task", help="Work only this task (its id), then exit."),
    name: str = typer.Option(None, "--name", help="This worker's name (default: worker@HOST:PID:NONCE)."),
    no_sandbox: bool = typer.Option(False, "--no-sandbox", help="Run agents bare, without bubblewrap."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Take queued tasks from the ledger this home shares (PostgreSQL across machines) and
    carry each through the loop; claims are leases, so a lost worker's task is finished by
    another. SIGTERM stops after the current task; a second one stops now."""
    from overlord.supervision.council import worker_name
    from overlord.supervision.policy_keeper import check_policy
    from overlord.supervision.workers import Worker

    if name is not None and (not name.strip() or "/" in name or name.startswith(".")):
        raise ConfigError(f"a worker name cannot be {name!r}", "use letters, digits, '@', ':', '-'")
    stop = {"asked": False}

    def on_term(signum, frame) -> None:  # noqa: ANN001
        if stop["asked"]:
            raise KeyboardInterrupt
        stop["asked"] = True

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        # each task's loop ends with a checkpoint; `appending` covers what came after the last one
        with appending(home) as session:
            check_policy(session, where="worker", clock=SystemClock())  # and again before each work step
            only = _find(session, task) if task else None
            w = Worker(session, SystemClock(), dict(os.environ), name or worker_name("worker"), lease_ms=lease_ms,
                       poll_s=poll_ms / 1000, sandbox=not no_sandbox, drain=drain, only=only,
                       stop=lambda: stop["asked"])
            outcomes = w.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    for o in outcomes:
        _print_outcome(o, json_out)
    if json_out:
        typer.echo(json.dumps({"worker": w.name, "tasks": [o.to_json() for o in outcomes]}))
    sys.stdout.flush()

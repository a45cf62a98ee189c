"""``overlord hook``: install, restore and run the guard's Claude Code hook.

* ``overlord hook install --runtime claude-code --root DIR [--run RUN_ID] [--policy FILE]``:
  snapshot the hook client, merge it into ``DIR/.claude/settings.json``, fire two probes that
  must be denied (``GuardArmed`` in the run when ``--run`` is given; a failure settles that
  run with stop code ``policy`` and exits 2).
* ``overlord hook restore --root DIR``: put the original settings file back.
* ``overlord hook claude-code [--policy FILE]``: the in-process hook: decide the PreToolUse
  JSON on stdin and record it in the run ``OVERLORD_RUN_ID`` of ``OVERLORD_HOME``; prints the
  hookSpecificOutput JSON and exits 0; every failure is a deny (exit 2 as the last resort).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from cli.context import appending, open_session

if TYPE_CHECKING:
    from overlord.domain.guard import GuardPolicy

app = typer.Typer(help="The guard's hook: install it, restore settings, run it in-process.",
                  no_args_is_help=True, add_completion=False)


@app.callback()
def _hook() -> None:
    """The guard's hook: install it, restore settings, run it in-process."""


def _load_policy(policy: Path | None, root: Path | None) -> tuple[GuardPolicy, list[str]]:
    from cli.guard import load_policy_file
    from overlord.domain.guard import GuardPolicy

    if policy is not None:
        return load_policy_file(policy), [str(policy.resolve())]
    return GuardPolicy(worker_root=str(root.resolve())) if root is not None else GuardPolicy(), []


@app.command("install")
def install(
    root: Path = typer.Option(..., "--root", help="The worker root (the hook goes into ROOT/.claude/settings.json)."),
    runtime: str = typer.Option("claude-code", "--runtime", help="The runtime whose hook to install."),
    run: str | None = typer.Option(None, "--run", help="Record GuardArmed (or settle with `policy`) in this run."),
    policy: Path | None = typer.Option(None, "--policy", help="The guard policy TOML used for the probes."),
    home: Path | None = typer.Option(None, "--home", help="The Overlord home."),
) -> None:
    """Install the hook from a content-hashed snapshot and arm it with two probes."""
    import uuid

    from overlord.adapters.clock import SystemClock
    from overlord.adapters.hooks.install import GuardArmError
    from overlord.adapters.runtimes.registry import get_runtime
    from overlord.domain.settlement import StopCode, stopped
    from overlord.errors import ConfigError
    from overlord.supervision.decision_service import arm_guard

    chosen = get_runtime(runtime)  # an unknown name is a ConfigError
    if not chosen.root_hook:
        raise ConfigError(f"the {runtime} hook does not live in a worker root: `overlord run` writes it for each run "
                          "in the runtime's own settings", "use --runtime claude-code, or run a mission")
    loaded, policy_paths = _load_policy(policy, root)
    run_id = None
    if run is not None:
        try:
            run_id = uuid.UUID(run)
        except ValueError as e:
            raise ConfigError(f"--run {run!r} is not a run id (a UUID)") from e
    clock = SystemClock()
    # with --run the probes' decisions and GuardArmed are appended: a checkpoint covers them
    with appending(home) as session:
        if run_id is not None:
            session.ledger.get(run_id)  # NotFoundError before anything is written
        try:
            inst = arm_guard(session, root=root, policy=loaded, clock=clock, run_id=run_id, policy_paths=policy_paths,
                             runtime=chosen)
        except GuardArmError as e:
            if run_id is not None:
                r = session.ledger.get(run_id)
                if r.settlement is None:
                    r.settle(stopped(StopCode.POLICY, e.message), at=clock.now())
                    session.ledger.append(r)
            raise
        typer.echo(json.dumps({"snapshot_sha256": inst.snapshot_sha256, "settings_path": inst.settings_path,
                               "command": inst.command, "probes_denied": 2}))


@app.command("restore")
def restore(
    root: Path = typer.Option(..., "--root", help="The worker root whose settings to put back."),
    home: Path | None = typer.Option(None, "--home", help="The Overlord home."),
) -> None:
    """Put ROOT/.claude/settings.json back as it was before `hook install`."""
    from overlord.adapters.hooks.install import restore_hook

    session = open_session(home)
    try:
        inst = restore_hook(root, session.home.root, session.blobs)
    finally:
        session.close()
    typer.echo(f"restored {inst.settings_path}", err=True)


@app.command("claude-code")
def claude_code(
    policy: Path | None = typer.Option(None, "--policy", help="The guard policy TOML."),
) -> None:
    """The in-process hook: decide and record the PreToolUse JSON on stdin (never exits 1)."""
    try:
        code = _in_process(policy)
    except BaseException as e:  # noqa: BLE001 - fail closed
        code = _print_deny(f"overlord guard: the in-process hook failed ({type(e).__name__}: {e})")
    raise typer.Exit(code)


def _print_deny(reason: str) -> int:
    try:
        sys.stderr.write(reason + "\n")
    except BaseException:  # noqa: BLE001
        pass
    try:
        out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                      "permissionDecisionReason": reason}}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
        return 0
    except BaseException:  # noqa: BLE001
        return 2


def _in_process(policy: Path | None) -> int:
    import uuid

    from overlord.adapters.clock import SystemClock
    from overlord.errors import InputError
    from overlord.inputs import PAYLOAD_MAX_BYTES, read_stream
    from overlord.supervision.decision_service import DecisionCore, RunRecorder, hook_output

    refused: str | None = None
    try:  # never the whole of an endless stdin: one byte past the cap is a recorded deny
        payload: str | None = read_stream(sys.stdin.buffer if sys.stdin is not None else None,
                                          what="tool call on stdin", max_bytes=PAYLOAD_MAX_BYTES).decode("utf-8", "replace")
    except InputError as e:
        payload, refused = None, f"overlord guard: {e.message}"
    run = os.environ.get("OVERLORD_RUN_ID", "")
    if not run:
        return _print_deny("overlord guard: OVERLORD_RUN_ID is not set, so the decision cannot be recorded")
    run_id = uuid.UUID(run)
    loaded, policy_paths = _load_policy(policy, None)
    with appending() as session:  # the decision is appended to the run: a checkpoint covers it
        core = DecisionCore(loaded, overlord_home=str(session.home.root), guard_paths=policy_paths,
                            recorder=RunRecorder(session.ledger, run_id, SystemClock()), run_id=str(run_id))
        answer = core.decide_payload(payload, run_id=str(run_id), error=refused)
    if refused is not None:
        sys.stderr.write(refused + "\n")
    sys.stdout.write(json.dumps(hook_output(answer)) + "\n")
    sys.stdout.flush()
    return 0

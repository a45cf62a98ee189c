"""Arming proven through the runtime's own CLI, before the run.

Calling the hook command directly proves the hook client and the decision service work; it
does not prove that the CLI will call the hook (settings that switch hooks off, a hook file the
CLI does not read, a CLI that ignores a deny). So before the run, the runtime is started once,
in the run's own sandbox and HOME with the run's guard settings in place, against a replayed
model of two turns: the first asks for :meth:`~overlord.adapters.runtimes.base.Runtime.probe_call`
(a shell call that would write a file under OVERLORD_HOME, which the guard always denies), the
second ends. The probe holds when the decision service was asked about that very call (its
input carries a fresh nonce) and denied it, and the file it would have written is absent.
Anything else is a :class:`~overlord.adapters.hooks.install.GuardArmError`: the run stops with
stop code ``policy`` before the agent starts.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.hooks.install import GuardArmError
from overlord.adapters.runtimes.base import Launch, Runtime

log = structlog.get_logger("overlord.guard.probe")

PROBE_PROMPT = "Overlord is checking that its guard is live. Run the one command you are given."
PROBE_TIMEOUT_S = 90.0


def probe_transcript(tool: str, tool_input: dict) -> Transcript:
    """The replayed model of the probe: one turn asking for the probe call, one that ends."""
    return Transcript.from_json([{"blocks": [{"tool": tool, "input": tool_input}]},
                                 {"blocks": [{"text": "Overlord's probe is done."}]}], source="arming probe")


def probe_through_cli(runtime: Runtime, *, binary: Path | None, launch: Launch, cwd: str, target_dir: Path,
                      core: Any, connector: Callable[[Transcript], AbstractContextManager[Any]],
                      contain: Callable[[list[str], str], list[str]], timeout_s: float = PROBE_TIMEOUT_S) -> int:
    """Run the probe (see the module doc); returns 1 when it held, 0 when the runtime has no
    CLI to probe through.

    Args:
        launch: the run's first attempt (its HOME, environment, model); the probe changes
            the prompt, the turn cap, the connector and never resumes.
        target_dir: a directory under OVERLORD_HOME that the sandbox can write (the runtime
            HOME's tmp): the file the probe call would write goes there, seen from the host.
        core: the run's :class:`~overlord.supervision.decision_service.DecisionCore`.
        connector: starts a replay connector serving a transcript (a context manager with
            ``url`` and ``requests``).
        contain: puts an argv in the run's jail, given the connector's URL.

    Raises:
        GuardArmError: the CLI never asked the hook about the probe, the guard allowed it, or
            the CLI ran it anyway.
    """
    nonce = secrets.token_hex(12)
    target = target_dir / f"overlord-probe-{nonce}"
    call = runtime.probe_call(str(target))
    if call is None:
        return 0
    tool, tool_input = call
    core.expect_probe_mark(nonce)
    with connector(probe_transcript(tool, tool_input)) as conn:
        attempt = replace(launch, prompt=PROBE_PROMPT, max_turns=3, resume=None, connector_url=conn.url)
        argv = contain(runtime.argv(binary, attempt), conn.url)
        code, err = _run(argv, cwd=cwd, env=runtime.env(attempt), timeout_s=timeout_s)
        served = len(conn.requests)
    outcome = core.probe_outcome(nonce)
    ran = target.exists()
    log.info("guard.cli_probe", runtime=runtime.name, outcome=outcome, ran=ran, exit=code, requests=served)
    if ran:
        target.unlink(missing_ok=True)
        raise GuardArmError(f"the {runtime.name} CLI ran the probe call although the guard denied it",
                            "the CLI does not honour the hook's deny: do not start the agent")
    if outcome is None:
        raise GuardArmError(f"the {runtime.name} CLI never asked the guard's hook about the probe call (exit {code}, "
                            f"{served} model requests): {err.strip()[-300:]}",
                            "the hook is not live through the CLI: its settings are switched off or not read")
    if outcome != "deny":
        raise GuardArmError(f"the guard allowed the probe call through the {runtime.name} CLI",
                            "the guard is not working; do not start the agent")
    return 1


def _run(argv: list[str], *, cwd: str, env: dict[str, str], timeout_s: float) -> tuple[int | None, str]:
    """Run ``argv`` in a session of its own; ``(exit code or None on a timeout, its output)``."""
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, start_new_session=True)
    except OSError as e:
        raise GuardArmError(f"the runtime could not start for the arming probe: {e}", "check the runtime's CLI") from e
    try:
        err, _ = proc.communicate(timeout=timeout_s)
        return proc.returncode, err.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(timeout=2)
                break
            except subprocess.TimeoutExpired:
                continue
        err, _ = proc.communicate()
        return None, err.decode("utf-8", "replace") + f"\n(killed after {timeout_s:.0f} s)"

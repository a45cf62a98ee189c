"""The thin slice of the main job: run one command as a recorded, settled Run.

Opens a Run (cwd, argv, policy hash, Overlord version), spawns the command with its output
passed through, stores stdout and stderr as blobs, records the exit, settles, and signs a
checkpoint. Whatever happens after the Run is opened, it is settled in a ``finally``: a run
is never left open.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import structlog

from overlord import __version__
from overlord.adapters.clock import Clock
from overlord.adapters.command import SpawnError, run_passthrough
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement, StopCode, settle_exit, stopped
from overlord.errors import ConfigError, OverlordError
from overlord.ledger.home import contains
from overlord.ledger.session import LedgerSession

log = structlog.get_logger("overlord.run")


@dataclass(frozen=True)
class RunResult:
    """What ``overlord run`` reports: the run id, its settlement, and the checkpoint size."""

    run_id: uuid.UUID
    settlement: Settlement
    checkpoint_size: int | None
    exit_code: int | None
    signal: int | None = None


def run_command(
    session: LedgerSession,
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    clock: Clock,
    policy_hash: str = "",
    echo_stdout: BinaryIO | None = None,
) -> RunResult:
    """Run ``argv`` in ``cwd`` as a recorded Run; returns how it settled.

    Raises:
        ConfigError: ``cwd`` contains the Overlord home (the agent could read the keys), or
            no command was given. Nothing is opened or spawned then.
    """
    if not argv:
        raise ConfigError("no command given", "write the command after `--`, e.g. `overlord run -- pytest -q`")
    if contains(cwd, session.home.root) or contains(session.home.root, cwd):
        raise ConfigError(
            f"the worker root {cwd} contains (or is inside) the Overlord home {session.home.root}",
            "run from a directory outside the home, or move OVERLORD_HOME out of the worker root",
        )
    run = Run.open(
        run_id=uuid.uuid4(),
        cwd=str(cwd),
        argv=list(argv),
        policy_hash=policy_hash,
        overlord_version=__version__,
        runtime="command",
        sandbox="none",
        at=clock.now(),
    )
    session.ledger.append(run)
    log.info("run.opened", run_id=str(run.id), argv=list(argv))
    settlement: Settlement | None = None
    exit_code: int | None = None
    exit_signal: int | None = None
    try:
        try:
            outcome = run_passthrough(argv, cwd=str(cwd), env=env, echo_stdout=echo_stdout)
        except SpawnError as e:
            settlement = Settlement("failed", StopCode.RUNTIME_ERROR.value, e.diagnostics())
        except KeyboardInterrupt:
            settlement = stopped(StopCode.CANCELLED, "interrupted by the user")
        else:
            exit_code, exit_signal = outcome.exit_code, outcome.signal
            run.record_exit(
                exit_code=outcome.exit_code,
                signal=outcome.signal,
                duration_ns=outcome.duration_ns,
                stdout_blob=session.blobs.put(outcome.stdout),
                stderr_blob=session.blobs.put(outcome.stderr),
                stdout_bytes=len(outcome.stdout),
                stderr_bytes=len(outcome.stderr),
                at=clock.now(),
            )
            settlement = settle_exit(outcome.exit_code, outcome.signal)
    finally:
        if settlement is None:
            settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value, "the controller failed before settling")
        run.settle(settlement, at=clock.now())
        session.ledger.append(run)
        log.info("run.settled", run_id=str(run.id), status=settlement.status, stop_code=settlement.stop_code)
    size = None
    try:
        cp, _ = session.checkpoint(at=clock.now())
        size = cp.size
    except OverlordError as e:  # bookkeeping: never changes how the run settled
        log.warning("run.checkpoint_failed", run_id=str(run.id), error=e.diagnostics())
    return RunResult(run.id, settlement, size, exit_code, exit_signal)

"""The thin slice of the main job: run one command as a recorded, settled Run.

Opens a Run (cwd, argv, policy hash, Overlord version) and runs the command under the same
controller as a mission's runtime: its own process group, a heartbeat in the run's
``control.json`` and the ``cancel`` file beside it (so ``overlord kill`` works on it, and on
an orphan after the controller died), its output shown live and spooled to the blob store with
its hash computed as it goes (memory stays flat whatever the output). Records the exit,
settles, and signs a checkpoint. Whatever happens after the Run is opened, it is settled: a
run is never left open, and a late settlement against a run settled from outside is a
``SettlementConflict``.
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
from overlord.domain.mission import Limits
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement, StopCode, settle_exit, stopped
from overlord.errors import ConfigError, LedgerError
from overlord.ledger.home import contains
from overlord.ledger.session import LedgerSession
from overlord.supervision.controller import Controller, Supervised, parse_nothing
from overlord.supervision.recorder import RunRecorder

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
    echo_stderr: BinaryIO | None = None,
    stdin: int | None = None,
    poll_ms: int = 100,
) -> RunResult:
    """Run ``argv`` in ``cwd`` as a recorded Run; returns how it settled.

    Args:
        echo_stdout, echo_stderr: where the command's output is shown live (``None``: not shown).
        stdin: the command's standard input (a file descriptor; ``None``: /dev/null).

    Raises:
        ConfigError: ``cwd`` contains the Overlord home (the agent could read the keys), or
            no command was given. Nothing is opened or spawned then.
        LedgerError: the run could not be opened, or its settlement could not be recorded.
    """
    if not argv:
        raise ConfigError("no command given", "write the command after `--`, e.g. `overlord run -- pytest -q`")
    if contains(cwd, session.home.root) or contains(session.home.root, cwd):
        raise ConfigError(
            f"the worker root {cwd} contains (or is inside) the Overlord home {session.home.root}",
            "run from a directory outside the home, or move OVERLORD_HOME out of the worker root",
        )
    run_id = uuid.uuid4()
    session.ledger.append(Run.open(run_id=run_id, cwd=str(cwd), argv=list(argv), policy_hash=policy_hash,
                                   overlord_version=__version__, runtime="command", sandbox="none", at=clock.now()))
    log.info("run.opened", run_id=str(run_id), argv=list(argv))
    recorder = RunRecorder(session.ledger, run_id, clock)
    control = session.home.run_dir(str(run_id))
    control.mkdir(parents=True, exist_ok=True, mode=0o700)
    controller = Controller(record=recorder.apply, put_blob=session.blobs.put, limits=Limits(), max_denials=None,
                            denials=lambda: 0, parse_line=parse_nothing, control_path=control / "control.json",
                            clock=clock, poll_ms=poll_ms, stop_requested=recorder.stop_requested)
    settlement: Settlement | None = None
    seen: Supervised | None = None
    try:
        try:
            seen = controller.supervise(list(argv), cwd=str(cwd), env=env, stdin=stdin, echo_stdout=echo_stdout,
                                        echo_stderr=echo_stderr)
        except OSError as e:
            settlement = Settlement("failed", StopCode.RUNTIME_ERROR.value,
                                    f"{argv[0]!r} could not be started: {e.strerror or e}")
        else:
            _record_exit(session, recorder, seen, clock)
            settlement = (stopped(seen.crossed.stop_code, seen.crossed.detail) if seen.crossed is not None
                          else settle_exit(seen.exit_code, seen.signal))
    except KeyboardInterrupt:
        settlement = stopped(StopCode.CANCELLED, "interrupted by the user")
    except Exception as e:  # noqa: BLE001 - the run is settled whatever went wrong
        log.error("run.controller_failed", run_id=str(run_id), error=f"{type(e).__name__}: {e}")
        settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value, f"{type(e).__name__}: {str(e)[:300]}")
    finally:
        if settlement is None:
            settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value, "the controller failed before settling")
        settlement = _settle(session, run_id, settlement, clock)
    size: list[int] = []
    recorder.after_step("checkpoint", lambda: size.append(session.checkpoint(at=clock.now())[0].size))
    return RunResult(run_id, settlement, size[0] if size else None,
                     seen.exit_code if seen else None, seen.signal if seen else None)


def _record_exit(session: LedgerSession, recorder: RunRecorder, seen: Supervised, clock: Clock) -> None:
    """Store the spooled output as blobs and record ``ProcessExited``."""
    try:
        out_blob = seen.stdout.store(session.blobs.put_file)
        err_blob = seen.stderr.store(session.blobs.put_file)
    finally:
        seen.stdout.close()
        seen.stderr.close()
    recorder.apply(lambda run: run.record_exit(
        exit_code=seen.exit_code, signal=seen.signal, duration_ns=seen.duration_ns, stdout_blob=out_blob,
        stderr_blob=err_blob, stdout_bytes=seen.stdout.size, stderr_bytes=seen.stderr.size, at=clock.now()))


def _settle(session: LedgerSession, run_id: uuid.UUID, settlement: Settlement, clock: Clock) -> Settlement:
    """Settle once; a run already settled from outside keeps its settlement (returned), and
    this late one is recorded as a ``SettlementConflict``."""
    try:
        run = session.ledger.get(run_id)
        if run.settlement is not None:
            run.settlement_conflict(detail=(f"the command ended as {settlement.status}/{settlement.stop_code} "
                                            f"({settlement.detail[:200]}) after the run had been settled "
                                            f"{run.settlement.stop_code}; the first settlement stands"), at=clock.now())
            session.ledger.append(run)
            return run.settlement
        run.settle(settlement, at=clock.now())
        session.ledger.append(run)
        log.info("run.settled", run_id=str(run_id), status=settlement.status, stop_code=settlement.stop_code)
    except Exception as e:
        log.error("run.settle_unrecorded", run_id=str(run_id), error=f"{type(e).__name__}: {e}")
        raise LedgerError(f"run {run_id} ended ({settlement.stop_code}) but the ledger refused its settlement: {e}",
                          f"free the store (disk space, database), then `overlord kill {run_id}` settles it") from e
    return settlement

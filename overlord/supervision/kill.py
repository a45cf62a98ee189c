"""Ending a live run from outside: ``overlord kill``.

The controller of a run writes ``control.json`` (its pid, the runtime's process group) in
the run's directory and stops the run when a ``cancel`` file appears beside it. Killing a
run:

1. a run already settled: nothing to do (``skipped_settled``);
2. its controller is gone: end the runtime's process group and settle the run in place with
   stop code ``controller_lost`` (``orphan_settled``);
3. otherwise ask the controller (the cancel file) and wait ``wait_ms`` for it to settle the
   run (``cancelled_gracefully``); if it does not, SIGKILL the runtime's process group and
   wait again (``force_killed``), else ``still_alive``.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from overlord.adapters.clock import Clock
from overlord.domain.bounded import loads_json
from overlord.domain.settlement import StopCode, stopped
from overlord.errors import InputError, NotFoundError, OverlordError
from overlord.inputs import SMALL_MAX_BYTES, read_input
from overlord.ledger.session import LedgerSession
from overlord.supervision.controller import CANCEL_FILE


class KillOutcome(str, Enum):
    """What ``overlord kill`` did."""

    CANCELLED_GRACEFULLY = "cancelled_gracefully"
    FORCE_KILLED = "force_killed"
    ORPHAN_SETTLED = "orphan_settled"
    STILL_ALIVE = "still_alive"
    SKIPPED_SETTLED = "skipped_settled"


def _process_id(value: object) -> int | None:
    """A process (group) id read from control.json, or ``None``: only a positive integer
    (0 or -1 would signal Overlord's own group, or every process)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 1 << 31 else None


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _killpg(pgid: int | None) -> None:
    if pgid:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def kill_run(session: LedgerSession, run_id: uuid.UUID, *, clock: Clock, wait_ms: int = 10_000,
             reason: str = "cancelled by overlord kill", sleep: Callable[[float], None] = time.sleep) -> KillOutcome:
    """Stop the run ``run_id`` (see the module docstring).

    Raises:
        NotFoundError: no such run.
    """
    run = session.ledger.get(run_id)
    if not hasattr(run, "settle"):
        raise NotFoundError(f"{run_id} is not a run")
    if run.settlement is not None:
        return KillOutcome.SKIPPED_SETTLED
    run_dir = session.home.run_dir(str(run_id))
    control = _control(run_dir) or {}
    if not _alive(_process_id(control.get("pid"))):
        _killpg(_process_id(control.get("runtime_pgid")))
        _restore_hook(session, run)
        run.settle(stopped(StopCode.CONTROLLER_LOST, "the controller was gone; settled in place by overlord kill"),
                   at=clock.now())
        session.ledger.append(run)
        session.checkpoint(at=clock.now())
        return KillOutcome.ORPHAN_SETTLED
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / CANCEL_FILE).write_text(reason + "\n")
    if _wait_settled(session, run_id, wait_ms, sleep):
        return KillOutcome.CANCELLED_GRACEFULLY
    _killpg(_process_id(control.get("runtime_pgid")))
    if _wait_settled(session, run_id, wait_ms, sleep):
        return KillOutcome.FORCE_KILLED
    return KillOutcome.STILL_ALIVE


def _control(run_dir: Path) -> dict | None:
    """The controller's ``control.json`` in ``run_dir``, or ``None`` (absent, unreadable, not an object)."""
    try:  # the home's own file, through the capped reader (a FIFO or a link there is refused at once)
        control = loads_json(read_input(run_dir / "control.json", what="control file", max_bytes=SMALL_MAX_BYTES,
                                        follow_symlinks=False).decode("utf-8", "replace"), source="control.json")
    except InputError:
        return None
    return control if isinstance(control, dict) else None


def controller_gone(run_dir: Path) -> bool:
    """Whether an unsettled run's controller has ended without settling it (a crash, a full
    disk): its ``control.json`` names a pid that no longer exists. ``False`` when there is no
    control file yet (a run still starting) or the controller lives. Only
    ``overlord kill`` settles such a run (stop code ``controller_lost``)."""
    control = _control(run_dir)
    return control is not None and not _alive(_process_id(control.get("pid")))


def _restore_hook(session: LedgerSession, run) -> None:  # noqa: ANN001
    """Put the worker root's hook settings back as they were (the dead controller could not)."""
    from overlord.adapters.hooks.install import restore_hook

    try:
        restore_hook(Path(run.cwd), session.home.root, session.blobs)
    except OverlordError:
        pass  # nothing was installed there, or it was already restored


def _wait_settled(session: LedgerSession, run_id: uuid.UUID, wait_ms: int, sleep: Callable[[float], None]) -> bool:
    waited = 0
    while waited <= wait_ms:
        if session.ledger.get(run_id).settlement is not None:
            return True
        sleep(0.1)
        waited += 100
    return False

"""``overlord worker``: a process that takes queued tasks and carries each through the loop.

Many workers, on many machines, share one ledger (PostgreSQL beyond one machine). Each keeps
a private copy of the task board (a tracked projection in a file of its own, so workers never
race on one view) to find work; it then *claims* a task on the task's own stream by
compare-and-swap (:meth:`~overlord.domain.task.Task.claim_by`): of two workers that read the
same version only one lands, so no task is worked twice at once. The claim is a lease,
renewed while the task is worked; a worker that is lost (killed, partitioned) stops renewing,
its claim expires, and the next worker to claim the task records ``ClaimExpired``, settles the
lost worker's run in place and works the step again. HALTED tasks are never claimed: they
wait for the owner.

A worker stops when its stop file appears (``OVERLORD_HOME/workers/<name>/stop``, what the
war room's "stop worker" writes), when its ``stop`` callback says so, or (``drain``) when no
work is left.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import uuid
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import structlog

from overlord.adapters.clock import Clock
from overlord.domain.task import ClaimRefused, ns_of
from overlord.errors import OverlordError
from overlord.ledger.session import LedgerSession
from overlord.projections.tasks import TaskBoardView
from overlord.projections.tracked import catch_up, open_view
from overlord.supervision.council import DEFAULT_LEASE_MS, ClaimLost, TaskLoop, TaskOutcome

log = structlog.get_logger("overlord.worker")

STOP_FILE = "stop"


def workers_dir(session: LedgerSession) -> Path:
    """Where workers of this home say who they are and find their stop files."""
    return session.home.root / "workers"


def request_stop(session: LedgerSession, name: str) -> bool:
    """Ask the worker ``name`` to stop after its current task; ``False`` when no such worker
    has registered in this home."""
    d = workers_dir(session) / name
    if not d.is_dir() or "/" in name or name.startswith("."):
        return False
    (d / STOP_FILE).write_text("stop\n")
    return True


def registered_workers(session: LedgerSession) -> list[dict[str, object]]:
    """The workers registered in this home (name, pid, host, started), alive or not."""
    out: list[dict[str, object]] = []
    d = workers_dir(session)
    if not d.is_dir():
        return out
    for entry in sorted(d.iterdir()):
        try:
            info = json.loads((entry / "worker.json").read_text())
        except (OSError, ValueError):
            continue
        info["stopping"] = (entry / STOP_FILE).exists()
        out.append(info)
    return out


@dataclass
class Worker:
    """One worker process's loop (see the module docstring). Use :meth:`run`.

    Args:
        session: the opened home (its ledger is shared with the other workers).
        clock: events' times and the leases.
        host_env: the caller's environment (runtimes take only their allow-list).
        name: this worker's claimant name.
        lease_ms: how long a claim holds without renewal.
        poll_s: how long to wait when there is no work.
        sandbox: run agents inside bubblewrap.
        drain: return when no work is left (instead of waiting for more).
        only: work this one task and return.
        stop: polled between tasks; ``True`` ends the worker.
    """

    session: LedgerSession
    clock: Clock
    host_env: Mapping[str, str]
    name: str
    lease_ms: int = DEFAULT_LEASE_MS
    poll_s: float = 1.0
    sandbox: bool = True
    drain: bool = False
    only: uuid.UUID | None = None
    stop: Callable[[], bool] = lambda: False
    outcomes: list[TaskOutcome] = field(default_factory=list)

    def run(self) -> list[TaskOutcome]:
        """Take and work tasks until stopped; returns the outcomes of the tasks it worked."""
        own = workers_dir(self.session) / self.name
        own.mkdir(parents=True, exist_ok=True, mode=0o700)
        (own / "worker.json").write_text(json.dumps({"name": self.name, "pid": os.getpid(),
                                                     "started_ns": ns_of(self.clock.now())}))
        scratch = Path(tempfile.mkdtemp(prefix="ovl-worker-"))
        board = open_view(TaskBoardView, str(scratch / "board.sqlite"))
        try:
            while not self._stopping(own):
                if self.only is not None:
                    self._try(self.only)
                    return self.outcomes
                catch_up(self.session.ledger, board)
                if not any(self._try(uuid.UUID(t)) for t in self._candidates(board)):
                    if self.drain:
                        return self.outcomes
                    time.sleep(self.poll_s)
            return self.outcomes
        finally:
            board.datastore.close()
            shutil.rmtree(scratch, ignore_errors=True)
            shutil.rmtree(own, ignore_errors=True)

    def _stopping(self, own: Path) -> bool:
        return self.stop() or (own / STOP_FILE).exists()

    def _candidates(self, board: TaskBoardView) -> list[str]:
        """The workable tasks, rotated by this worker's name so that workers starting together
        mostly try different tasks first (the claim decides anyway)."""
        ids = board.workable(ns_of(self.clock.now()))
        if not ids:
            return ids
        k = zlib.crc32(self.name.encode()) % len(ids)
        return ids[k:] + ids[:k]

    def _try(self, task_id: uuid.UUID) -> bool:
        """Claim and work one task; ``False`` when another worker holds it or it is not
        workable (HALTED, DONE, FAILED)."""
        loop = TaskLoop(self.session, task_id, clock=self.clock, host_env=self.host_env, worker=self.name,
                        lease_ms=self.lease_ms, sandbox=self.sandbox)
        try:
            outcome = loop.run()
        except (ClaimRefused, ClaimLost) as e:
            log.info("worker.skip", worker=self.name, task_id=str(task_id), why=e.message)
            return False
        except OverlordError as e:
            log.error("worker.task_failed", worker=self.name, task_id=str(task_id), error=e.diagnostics())
            return False
        log.info("worker.worked", worker=self.name, task_id=str(task_id), state=outcome.state.value)
        self.outcomes.append(outcome)
        return True

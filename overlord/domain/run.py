"""The Run aggregate: one supervised run, from opened to settled.

Pure: every event is given its time by the caller (``timestamp``: an aware UTC datetime
from an injected clock); nothing here reads a clock or does I/O.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.domain.settlement import Settlement


class Run(Aggregate):
    TOPIC = "overlord.run.Run"
    """A supervised run. State: what was opened, how the process exited, how it settled."""

    class Created(Aggregate.Created):
        TOPIC = "overlord.run.Opened"
        """The run started: where (``cwd``), what (``argv``), under which policy and build."""

        cwd: str
        argv: list[str]
        policy_hash: str
        overlord_version: str
        runtime: str
        sandbox: str

    class ProcessExited(Aggregate.Event):
        TOPIC = "overlord.run.ProcessExited"
        """The runtime process ended. ``exit_code`` or ``signal`` (one is None);
        ``duration_ns`` wall time; output as blobs (hex sha256) and byte counts."""

        exit_code: int | None
        signal: int | None
        duration_ns: int
        stdout_blob: str
        stderr_blob: str
        stdout_bytes: int
        stderr_bytes: int

        def apply(self, aggregate: Run) -> None:
            aggregate.exit_code = self.exit_code
            aggregate.exit_signal = self.signal
            aggregate.duration_ns = self.duration_ns

    class Settled(Aggregate.Event):
        TOPIC = "overlord.run.Settled"
        """How the run ended: ``status`` (succeeded/failed/stopped), ``stop_code``, ``detail``."""

        status: str
        stop_code: str
        detail: str

        def apply(self, aggregate: Run) -> None:
            aggregate.settlement = Settlement(self.status, self.stop_code, self.detail)

    def __init__(self, cwd: str, argv: list[str], policy_hash: str, overlord_version: str, runtime: str, sandbox: str):
        self.cwd = cwd
        self.argv = list(argv)
        self.policy_hash = policy_hash
        self.overlord_version = overlord_version
        self.runtime = runtime
        self.sandbox = sandbox
        self.exit_code: int | None = None
        self.exit_signal: int | None = None
        self.duration_ns: int | None = None
        self.settlement: Settlement | None = None

    @classmethod
    def open(
        cls,
        *,
        run_id: UUID,
        cwd: str,
        argv: list[str],
        policy_hash: str,
        overlord_version: str,
        runtime: str,
        sandbox: str,
        at: datetime,
    ) -> Run:
        """Open a run (event ``Opened``) at time ``at``."""
        return cls._create(
            cls.Created,
            id=run_id,
            timestamp=at,
            cwd=cwd,
            argv=list(argv),
            policy_hash=policy_hash,
            overlord_version=overlord_version,
            runtime=runtime,
            sandbox=sandbox,
        )

    def record_exit(
        self,
        *,
        exit_code: int | None,
        signal: int | None,
        duration_ns: int,
        stdout_blob: str,
        stderr_blob: str,
        stdout_bytes: int,
        stderr_bytes: int,
        at: datetime,
    ) -> None:
        """Record that the process ended (event ``ProcessExited``)."""
        self.trigger_event(
            self.ProcessExited,
            timestamp=at,
            exit_code=exit_code,
            signal=signal,
            duration_ns=duration_ns,
            stdout_blob=stdout_blob,
            stderr_blob=stderr_blob,
            stdout_bytes=stdout_bytes,
            stderr_bytes=stderr_bytes,
        )

    def settle(self, settlement: Settlement, *, at: datetime) -> None:
        """Settle the run (event ``Settled``).

        Raises:
            ValueError: the run is already settled (a settlement is final).
        """
        if self.settlement is not None:
            raise ValueError(f"run {self.id} is already settled as {self.settlement.stop_code}")
        self.trigger_event(
            self.Settled, timestamp=at, status=settlement.status, stop_code=settlement.stop_code, detail=settlement.detail
        )

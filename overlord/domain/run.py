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

    class ToolCallDecided(Aggregate.Event):
        TOPIC = "overlord.run.ToolCallDecided"
        """The guard decided one tool call. ``input`` is the tool's arguments made safe for
        canonical msgpack (floats and out-of-range integers as strings); ``digest`` is the
        lowercase hex SHA-256 of its canonical bytes; ``decision`` is allow/deny;
        ``denial_class`` the class of a deny (``None`` on an allow); ``probe`` marks the
        installer's synthetic probes, which never count as denials."""

        tool: str
        input: dict
        digest: str
        decision: str
        denial_class: str | None
        reason: str
        tool_use_id: str
        probe: bool

        def apply(self, aggregate: Run) -> None:
            if self.probe:
                return
            aggregate.tool_calls += 1
            if self.decision != "allow":
                aggregate.denials += 1

    class GuardArmed(Aggregate.Event):
        TOPIC = "overlord.run.GuardArmed"
        """The guard's hook was installed from the snapshot ``snapshot_sha256`` (hex) into
        ``settings_path`` and ``probes_passed`` synthetic probes were all denied."""

        runtime: str
        snapshot_sha256: str
        settings_path: str
        probes_passed: int

        def apply(self, aggregate: Run) -> None:
            aggregate.guard_snapshot = self.snapshot_sha256

    class GuardArmFailed(Aggregate.Event):
        TOPIC = "overlord.run.GuardArmFailed"
        """The guard could not be armed (a probe was allowed or could not run): ``reason``."""

        runtime: str
        snapshot_sha256: str
        settings_path: str
        reason: str

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
        self.tool_calls = 0
        self.denials = 0
        self.guard_snapshot: str | None = None

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

    def record_tool_call(
        self,
        *,
        tool: str,
        input: dict,
        digest: str,
        decision: str,
        denial_class: str | None,
        reason: str,
        tool_use_id: str,
        probe: bool = False,
        at: datetime,
    ) -> None:
        """Record a guard decision (event ``ToolCallDecided``). ``input`` must already be
        canonical-msgpack safe (see :func:`overlord.supervision.decision_service.safe_value`)."""
        self.trigger_event(
            self.ToolCallDecided,
            timestamp=at,
            tool=tool,
            input=input,
            digest=digest,
            decision=decision,
            denial_class=denial_class,
            reason=reason,
            tool_use_id=tool_use_id,
            probe=probe,
        )

    def arm_guard(self, *, runtime: str, snapshot_sha256: str, settings_path: str, probes_passed: int, at: datetime) -> None:
        """Record that the guard is armed (event ``GuardArmed``)."""
        self.trigger_event(
            self.GuardArmed,
            timestamp=at,
            runtime=runtime,
            snapshot_sha256=snapshot_sha256,
            settings_path=settings_path,
            probes_passed=probes_passed,
        )

    def fail_guard_arming(self, *, runtime: str, snapshot_sha256: str, settings_path: str, reason: str, at: datetime) -> None:
        """Record that arming the guard failed (event ``GuardArmFailed``); the caller then
        settles the run with stop code ``policy``."""
        self.trigger_event(
            self.GuardArmFailed,
            timestamp=at,
            runtime=runtime,
            snapshot_sha256=snapshot_sha256,
            settings_path=settings_path,
            reason=reason,
        )

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

    class RuntimeStarted(Aggregate.Event):
        TOPIC = "overlord.run.RuntimeStarted"
        """The runtime's first event: its native session id, model, version and tool count."""

        session_id: str
        model: str | None
        version: str | None
        tools: int

        def apply(self, aggregate: Run) -> None:
            aggregate.native_session_id = self.session_id

    class TurnRecorded(Aggregate.Event):
        TOPIC = "overlord.run.TurnRecorded"
        """A model turn began: its message id, model, and the tokens it reported so far."""

        message_id: str
        model: str | None
        input_tokens: int
        output_tokens: int

        def apply(self, aggregate: Run) -> None:
            aggregate.turns += 1

    class ToolUsed(Aggregate.Event):
        TOPIC = "overlord.run.ToolUsed"
        """The agent called a tool: its id, name and the digest of its input."""

        tool_use_id: str
        name: str
        input_digest: str

    class ToolReturned(Aggregate.Event):
        TOPIC = "overlord.run.ToolReturned"
        """A tool call's result: error or not, denied by the guard or not, and its text as a blob."""

        tool_use_id: str
        is_error: bool
        denied: bool
        content_blob: str

    class LoopAdvisory(Aggregate.Event):
        TOPIC = "overlord.run.LoopAdvisory"
        """The loop probe saw a pattern (shadow mode: recorded, nothing stopped)."""

        signature: str
        advice: str

    class RunStopped(Aggregate.Event):
        TOPIC = "overlord.run.RunStopped"
        """A limit (or a person) stopped the run: the stop code and why."""

        stop_code: str
        detail: str

        def apply(self, aggregate: Run) -> None:
            aggregate.stopped = (self.stop_code, self.detail)

    class RuntimeResult(Aggregate.Event):
        TOPIC = "overlord.run.RuntimeResult"
        """The runtime's own account of how it ended (its result event)."""

        subtype: str
        is_error: bool
        num_turns: int
        cost_micro_usd: int
        session_id: str
        detail: str

    class ConnectorCalled(Aggregate.Event):
        TOPIC = "overlord.run.ConnectorCalled"
        """The connector answered one request of the runtime: ``provider`` (``anthropic``;
        ``replay`` when nothing left the machine), ``path``, the request's ``model``, the HTTP
        ``status`` given back, token counts from the response's usage, ``cost_micro_usd``
        (integer micro-dollars from the price table; ``priced`` false when the model had no
        price), ``latency_ns``, and the request and response bodies as blobs with credentials
        stripped (headers are never stored)."""

        provider: str
        path: str
        model: str | None
        status: int
        stream: bool
        input_tokens: int
        output_tokens: int
        cache_creation_input_tokens: int
        cache_read_input_tokens: int
        cost_micro_usd: int
        priced: bool
        latency_ns: int
        request_blob: str
        response_blob: str

        def apply(self, aggregate: Run) -> None:
            aggregate.connector_calls += 1
            aggregate.cost_micro_usd += self.cost_micro_usd

    class GateVerdict(Aggregate.Event):
        TOPIC = "overlord.run.GateVerdict"
        """The completion gate's verdict on the run's artifact (``gate_check`` names the
        GateCheck stream that holds the four axes)."""

        verdict: str
        reason: str
        gate_check: str

        def apply(self, aggregate: Run) -> None:
            aggregate.verdict = self.verdict

    class LayerSealed(Aggregate.Event):
        TOPIC = "overlord.run.LayerSealed"
        """The worker root was sealed as layer ``index`` (``parent`` the one before, ``None``
        for layer 0, the root as found): ``tree`` is the root hash over the sorted (path,
        blob, mode) of every file; ``changes`` lists ``[path, blob hex or None when deleted,
        mode]`` against the parent; ``tool_use_id`` the tool call after which it was sealed
        (``None``: at open or at settlement); ``files`` how many files the layer holds. A long
        change list (a large root's layer 0) is kept out of the event: ``changes`` is then
        empty and ``changes_blob`` names its canonical JSON (see
        :func:`overlord.adapters.layers.layer_changes`)."""

        index: int
        parent: int | None
        tree: str
        changes: list
        tool_use_id: str | None
        files: int
        changes_blob: str | None

        def apply(self, aggregate: Run) -> None:
            aggregate.layers = self.index + 1
            aggregate.tree = self.tree

    class Committed(Aggregate.Event):
        TOPIC = "overlord.run.Committed"
        """Overlord (not the agent) committed layer ``layer`` to the worker root's git
        repository: the commit ``sha`` and its git ``tree`` (hex), on ``ref``."""

        sha: str
        tree: str
        layer: int
        ref: str

        def apply(self, aggregate: Run) -> None:
            aggregate.commit_sha = self.sha

    class Resumed(Aggregate.Event):
        TOPIC = "overlord.run.Resumed"
        """A stalled or failed attempt is resumed on the runtime's native session."""

        attempt: int
        session_id: str
        reason: str

    class Bookkeeping(Aggregate.Event):
        TOPIC = "overlord.run.Bookkeeping"
        """An after-step (restore the hook settings, checkpoint, notify, ...) failed; the
        settlement stands as it was."""

        step: str
        problem: str

    class MissionRecorded(Aggregate.Event):
        TOPIC = "overlord.run.MissionRecorded"
        """The mission file the run was started with (a blob), so it can be resumed."""

        mission_blob: str
        mission_dir: str

        def apply(self, aggregate: Run) -> None:
            aggregate.mission_blob = self.mission_blob
            aggregate.mission_dir = self.mission_dir

    class ResumedFrom(Aggregate.Event):
        TOPIC = "overlord.run.ResumedFrom"
        """This run resumes a settled run's native session (``overlord resume``)."""

        previous_run: str
        session_id: str

    class ConnectorClosed(Aggregate.Event):
        TOPIC = "overlord.run.ConnectorClosed"
        """The run's connector stopped: how many model requests it was sent (a resumed run's
        replay continues after them)."""

        model_requests: int

        def apply(self, aggregate: Run) -> None:
            aggregate.model_requests = self.model_requests

    class SettlementConflict(Aggregate.Event):
        TOPIC = "overlord.run.SettlementConflict"
        """The controller's receipt and the runtime's confirmed result disagreed; the
        confirmed result settled the run."""

        detail: str

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
        self.native_session_id: str | None = None
        self.turns = 0
        self.stopped: tuple[str, str] | None = None
        self.verdict: str | None = None
        self.mission_blob: str | None = None
        self.mission_dir: str | None = None
        self.model_requests = 0
        self.tool_calls = 0
        self.denials = 0
        self.guard_snapshot: str | None = None
        self.connector_calls = 0
        self.cost_micro_usd = 0
        self.layers = 0
        self.tree: str | None = None
        self.commit_sha: str | None = None

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

    def runtime_started(self, *, session_id: str, model: str | None, version: str | None, tools: int, at: datetime) -> None:
        """Record the runtime's first event (``RuntimeStarted``)."""
        self.trigger_event(self.RuntimeStarted, timestamp=at, session_id=session_id, model=model, version=version, tools=tools)

    def record_turn(self, *, message_id: str, model: str | None, input_tokens: int, output_tokens: int, at: datetime) -> None:
        """Record a model turn (``TurnRecorded``)."""
        self.trigger_event(self.TurnRecorded, timestamp=at, message_id=message_id, model=model,
                           input_tokens=input_tokens, output_tokens=output_tokens)

    def record_tool_use(self, *, tool_use_id: str, name: str, input_digest: str, at: datetime) -> None:
        """Record a tool call the agent made (``ToolUsed``)."""
        self.trigger_event(self.ToolUsed, timestamp=at, tool_use_id=tool_use_id, name=name, input_digest=input_digest)

    def record_tool_result(self, *, tool_use_id: str, is_error: bool, denied: bool, content_blob: str, at: datetime) -> None:
        """Record a tool call's result (``ToolReturned``)."""
        self.trigger_event(self.ToolReturned, timestamp=at, tool_use_id=tool_use_id, is_error=is_error,
                           denied=denied, content_blob=content_blob)

    def advise_loop(self, *, signature: str, advice: str, at: datetime) -> None:
        """Record the loop probe's advice (``LoopAdvisory``); it stops nothing."""
        self.trigger_event(self.LoopAdvisory, timestamp=at, signature=signature, advice=advice)

    def stop(self, *, stop_code: str, detail: str, at: datetime) -> None:
        """Record that a limit stopped the run (``RunStopped``)."""
        self.trigger_event(self.RunStopped, timestamp=at, stop_code=stop_code, detail=detail)

    def record_result(self, *, subtype: str, is_error: bool, num_turns: int, cost_micro_usd: int, session_id: str,
                      detail: str, at: datetime) -> None:
        """Record the runtime's own result (``RuntimeResult``)."""
        self.trigger_event(self.RuntimeResult, timestamp=at, subtype=subtype, is_error=is_error, num_turns=num_turns,
                           cost_micro_usd=cost_micro_usd, session_id=session_id, detail=detail)

    def record_connector_call(self, *, provider: str, path: str, model: str | None, status: int, stream: bool,
                              input_tokens: int, output_tokens: int, cache_creation_input_tokens: int,
                              cache_read_input_tokens: int, cost_micro_usd: int, priced: bool, latency_ns: int,
                              request_blob: str, response_blob: str, at: datetime) -> None:
        """Record one connector exchange (``ConnectorCalled``); the bodies are blob names."""
        self.trigger_event(self.ConnectorCalled, timestamp=at, provider=provider, path=path, model=model, status=status,
                           stream=stream, input_tokens=input_tokens, output_tokens=output_tokens,
                           cache_creation_input_tokens=cache_creation_input_tokens,
                           cache_read_input_tokens=cache_read_input_tokens, cost_micro_usd=cost_micro_usd,
                           priced=priced, latency_ns=latency_ns, request_blob=request_blob, response_blob=response_blob)

    def record_verdict(self, *, verdict: str, reason: str, gate_check: str, at: datetime) -> None:
        """Record the gate's verdict on this run (``GateVerdict``)."""
        self.trigger_event(self.GateVerdict, timestamp=at, verdict=verdict, reason=reason, gate_check=gate_check)

    def seal_layer(self, *, index: int, parent: int | None, tree: str, changes: list, tool_use_id: str | None,
                   files: int, at: datetime, changes_blob: str | None = None) -> None:
        """Record a sealed workspace layer (``LayerSealed``).

        Raises:
            ValueError: ``index`` is not the next layer.
        """
        if index != self.layers:
            raise ValueError(f"run {self.id}: layer {index} sealed, but the next layer is {self.layers}")
        self.trigger_event(self.LayerSealed, timestamp=at, index=index, parent=parent, tree=tree,
                           changes=[list(c) for c in changes], tool_use_id=tool_use_id, files=files,
                           changes_blob=changes_blob)

    def record_commit(self, *, sha: str, tree: str, layer: int, ref: str, at: datetime) -> None:
        """Record Overlord's commit of a layer (``Committed``)."""
        self.trigger_event(self.Committed, timestamp=at, sha=sha, tree=tree, layer=layer, ref=ref)

    def resume(self, *, attempt: int, session_id: str, reason: str, at: datetime) -> None:
        """Record that attempt ``attempt`` resumes the native session (``Resumed``)."""
        self.trigger_event(self.Resumed, timestamp=at, attempt=attempt, session_id=session_id, reason=reason)

    def bookkeeping_failed(self, *, step: str, problem: str, at: datetime) -> None:
        """Record a failed after-step (``Bookkeeping``); it never changes the settlement."""
        self.trigger_event(self.Bookkeeping, timestamp=at, step=step, problem=problem)

    def record_mission(self, *, mission_blob: str, mission_dir: str, at: datetime) -> None:
        """Record the mission file and the directory its relative paths start from."""
        self.trigger_event(self.MissionRecorded, timestamp=at, mission_blob=mission_blob, mission_dir=mission_dir)

    def resumed_from(self, *, previous_run: str, session_id: str, at: datetime) -> None:
        """Link this run to the settled run it resumes (``ResumedFrom``)."""
        self.trigger_event(self.ResumedFrom, timestamp=at, previous_run=previous_run, session_id=session_id)

    def connector_closed(self, *, model_requests: int, at: datetime) -> None:
        """Record how many model requests the run's connector was sent (``ConnectorClosed``)."""
        self.trigger_event(self.ConnectorClosed, timestamp=at, model_requests=model_requests)

    def settlement_conflict(self, *, detail: str, at: datetime) -> None:
        """Record a receipt/result disagreement (``SettlementConflict``)."""
        self.trigger_event(self.SettlementConflict, timestamp=at, detail=detail)

"""The Run aggregate: one supervised run, from opened to settled.

Each event is declared once, nested in :class:`Run` (docstring, ``TOPIC``, fields, ``apply``,
``summary``); the commands that only record an event are made from its fields by
:class:`~overlord.domain.events.triggers`. Pure: every event is given its time by the
caller (``at``: an aware UTC datetime from an injected clock); nothing here reads a clock or
does I/O.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.domain.events import triggers
from overlord.domain.settlement import Settlement


class Run(Aggregate):
    """A supervised run. State: what was opened, how the process exited, how it settled, and
    running counts (turns, tool calls, denials, layers, model calls, cost) for the digest."""

    TOPIC = "overlord.run.Run"

    class Event(Aggregate.Event):
        """An event of a run (the base of every event below; never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``Opened``: the run started: where (``cwd``), what (``argv``), under which policy
        (``policy_hash``) and build, in which ``runtime`` and ``sandbox`` backend."""

        TOPIC = "overlord.run.Opened"

        cwd: str
        argv: list[str]
        policy_hash: str
        overlord_version: str
        runtime: str
        sandbox: str

        def summary(self) -> str:
            """One line for people."""
            return f"run opened in {self.cwd} ({self.runtime}, sandbox {self.sandbox}): {' '.join(self.argv)}"

    class ProcessExited(Event):
        """The runtime process ended. ``exit_code`` or ``signal`` (one is None);
        ``duration_ns`` wall time; output as blobs (hex sha256) and byte counts."""

        TOPIC = "overlord.run.ProcessExited"

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

        def summary(self) -> str:
            """One line for people."""
            how = f"signal {self.signal}" if getattr(self, "signal", None) is not None else f"exit {self.exit_code}"
            return (f"process ended ({how}) after {self.duration_ns / 1e9:.2f}s, {self.stdout_bytes}B out, "
                    f"{self.stderr_bytes}B err")

    record_exit = triggers(ProcessExited)

    class Settled(Event):
        """How the run ended: ``status`` (succeeded/failed/stopped), ``stop_code`` (why) and a
        one-line ``detail``. A run is settled once; nothing after it changes the settlement."""

        TOPIC = "overlord.run.Settled"

        status: str
        stop_code: str
        detail: str

        def apply(self, aggregate: Run) -> None:
            aggregate.settlement = Settlement(self.status, self.stop_code, self.detail)

        def summary(self) -> str:
            """One line for people."""
            return f"settled {self.status}/{self.stop_code}: {self.detail}"

    class ToolCallDecided(Event):
        """The guard decided one tool call. ``input`` is the tool's arguments made safe for
        canonical msgpack (floats and out-of-range integers as strings: see
        :func:`overlord.supervision.decision_service.safe_value`); ``digest`` is the
        lowercase hex SHA-256 of its canonical bytes; ``decision`` is allow/deny;
        ``denial_class`` the class of a deny (``None`` on an allow); ``probe`` marks the
        installer's synthetic probes, which never count as denials."""

        TOPIC = "overlord.run.ToolCallDecided"

        tool: str
        input: dict[str, Any]
        digest: str
        decision: str
        denial_class: str | None
        reason: str
        tool_use_id: str
        probe: bool = False

        def apply(self, aggregate: Run) -> None:
            if self.probe:
                return
            aggregate.tool_calls += 1
            if self.decision != "allow":
                aggregate.denials += 1

        def summary(self) -> str:
            """One line for people."""
            what = getattr(self, "decision", "?")
            if getattr(self, "denial_class", None):
                what += f" ({self.denial_class})"
            probe = "probe " if getattr(self, "probe", False) else ""
            return f"{probe}{getattr(self, 'tool', '?')} {what}: {str(getattr(self, 'reason', ''))[:160]}"

    record_tool_call = triggers(ToolCallDecided)

    class GuardArmed(Event):
        """The guard's hook was installed from the snapshot ``snapshot_sha256`` (hex) into
        ``settings_path`` and ``probes_passed`` synthetic probes were all denied."""

        TOPIC = "overlord.run.GuardArmed"

        runtime: str
        snapshot_sha256: str
        settings_path: str
        probes_passed: int

        def apply(self, aggregate: Run) -> None:
            aggregate.guard_snapshot = self.snapshot_sha256

        def summary(self) -> str:
            """One line for people."""
            return (f"guard armed ({self.runtime}) from snapshot {self.snapshot_sha256[:16]}…, "
                    f"{self.probes_passed} probes denied")

    arm_guard = triggers(GuardArmed)

    class GuardArmFailed(Event):
        """The guard could not be armed (a probe was allowed or could not run): ``reason``.
        The caller then settles the run with stop code ``policy``."""

        TOPIC = "overlord.run.GuardArmFailed"

        runtime: str
        snapshot_sha256: str
        settings_path: str
        reason: str

        def summary(self) -> str:
            """One line for people."""
            return f"guard arming failed ({self.runtime}): {self.reason}"

    fail_guard_arming = triggers(GuardArmFailed)

    class RuntimeStarted(Event):
        """The runtime's first event: its native ``session_id``, ``model``, ``version`` and how
        many ``tools`` it offers."""

        TOPIC = "overlord.run.RuntimeStarted"

        session_id: str
        model: str | None
        version: str | None
        tools: int

        def apply(self, aggregate: Run) -> None:
            aggregate.native_session_id = self.session_id

        def summary(self) -> str:
            """One line for people."""
            return f"runtime started: session {self.session_id}, model {self.model}, {self.tools} tools (v{self.version})"

    runtime_started = triggers(RuntimeStarted)

    class TurnRecorded(Event):
        """A model turn began: its ``message_id``, ``model``, and the tokens it reported so far."""

        TOPIC = "overlord.run.TurnRecorded"

        message_id: str
        model: str | None
        input_tokens: int
        output_tokens: int

        def apply(self, aggregate: Run) -> None:
            aggregate.turns += 1

        def summary(self) -> str:
            """One line for people."""
            return f"turn {self.message_id} ({self.model}): {self.input_tokens} tokens in, {self.output_tokens} out"

    record_turn = triggers(TurnRecorded)

    class ToolUsed(Event):
        """The agent called a tool: its ``tool_use_id``, ``name`` and the digest of its input."""

        TOPIC = "overlord.run.ToolUsed"

        tool_use_id: str
        name: str
        input_digest: str

        def summary(self) -> str:
            """One line for people."""
            return f"tool call {self.name} ({self.tool_use_id})"

    record_tool_use = triggers(ToolUsed)

    class ToolReturned(Event):
        """A tool call's result: an error or not, denied by the guard or not, and its text as a
        blob (``content_blob``)."""

        TOPIC = "overlord.run.ToolReturned"

        tool_use_id: str
        is_error: bool
        denied: bool
        content_blob: str

        def summary(self) -> str:
            """One line for people."""
            how = "denied by the guard" if self.denied else "error" if self.is_error else "ok"
            return f"tool result {self.tool_use_id}: {how}"

    record_tool_result = triggers(ToolReturned)

    class LoopAdvisory(Event):
        """The loop probe saw a pattern (``signature``) and gave ``advice``; shadow mode: it is
        recorded and nothing is stopped."""

        TOPIC = "overlord.run.LoopAdvisory"

        signature: str
        advice: str

        def summary(self) -> str:
            """One line for people."""
            return f"loop probe (advisory): {self.advice}"

    advise_loop = triggers(LoopAdvisory)

    class RunStopped(Event):
        """A limit (or a person) stopped the run: the ``stop_code`` and why (``detail``)."""

        TOPIC = "overlord.run.RunStopped"

        stop_code: str
        detail: str

        def apply(self, aggregate: Run) -> None:
            aggregate.stopped = (self.stop_code, self.detail)

        def summary(self) -> str:
            """One line for people."""
            return f"stopped: {self.stop_code}: {self.detail}"

    stop = triggers(RunStopped)

    class RuntimeResult(Event):
        """The runtime's own account of how it ended (its result event): ``subtype``, whether it
        is an error, its turn count, its own cost estimate (micro-dollars) and session."""

        TOPIC = "overlord.run.RuntimeResult"

        subtype: str
        is_error: bool
        num_turns: int
        cost_micro_usd: int
        session_id: str
        detail: str

        def summary(self) -> str:
            """One line for people."""
            err = "error" if self.is_error else "ok"
            return (f"runtime result {self.subtype} ({err}), {self.num_turns} turns, "
                    f"${self.cost_micro_usd / 1e6:.4f} estimated")

    record_result = triggers(RuntimeResult)

    class ConnectorCalled(Event):
        """The connector answered one request of the runtime: ``provider`` (``anthropic``;
        ``replay`` when nothing left the machine), ``path``, the request's ``model``, the HTTP
        ``status`` given back, token counts from the response's usage, ``cost_micro_usd``
        (integer micro-dollars from the price table; ``priced`` false when the model had no
        price), ``latency_ns``, and the request and response bodies as blobs with credentials
        stripped (headers are never stored)."""

        TOPIC = "overlord.run.ConnectorCalled"

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

        def summary(self) -> str:
            """One line for people."""
            return (f"model call {self.path} {self.model} via {self.provider}: {self.status}, {self.input_tokens} tokens "
                    f"in, {self.output_tokens} out, ${self.cost_micro_usd / 1e6:.6f}, {self.latency_ns / 1e6:.0f} ms")

    record_connector_call = triggers(ConnectorCalled)

    class GateVerdict(Event):
        """The completion gate's verdict on the run's artifact and the rule that decided
        (``gate_check`` names the GateCheck stream that holds the four axes)."""

        TOPIC = "overlord.run.GateVerdict"

        verdict: str
        reason: str
        gate_check: str

        def apply(self, aggregate: Run) -> None:
            aggregate.verdict = self.verdict

        def summary(self) -> str:
            """One line for people."""
            return f"gate verdict {self.verdict}: {self.reason}"

    record_verdict = triggers(GateVerdict)

    class LayerSealed(Event):
        """The worker root was sealed as layer ``index`` (``parent`` the one before, ``None``
        for layer 0, the root as found): ``tree`` is the root hash over the sorted (path,
        blob, mode) of every file; ``changes`` lists ``[path, blob hex or None when deleted,
        mode]`` against the parent; ``tool_use_id`` the tool call after which it was sealed
        (``None``: at open or at settlement); ``files`` how many files the layer holds. A long
        change list (a large root's layer 0) is kept out of the event: ``changes`` is then
        empty and ``changes_blob`` names its canonical JSON (:meth:`read_changes` reads
        either)."""

        TOPIC = "overlord.run.LayerSealed"

        index: int
        parent: int | None
        tree: str
        changes: list[list[Any]]
        tool_use_id: str | None
        files: int
        changes_blob: str | None

        def apply(self, aggregate: Run) -> None:
            aggregate.layers = self.index + 1
            aggregate.tree = self.tree

        def read_changes(self, get_blob: Callable[[str], bytes]) -> list[list[Any]]:
            """The change list, inline or from ``changes_blob`` (``get_blob(hex) -> bytes``)."""
            blob = getattr(self, "changes_blob", None)
            if blob:
                loaded: list[list[Any]] = json.loads(get_blob(blob))
                return loaded
            return [list(c) for c in self.changes]

        def summary(self) -> str:
            """One line for people."""
            tool_use_id = getattr(self, "tool_use_id", None)
            after = f" after {tool_use_id}" if tool_use_id else " (as found)" if self.index == 0 else ""
            changed = f"{len(self.changes)} changed" if not getattr(self, "changes_blob", None) else "changes in a blob"
            return f"layer {self.index} sealed{after}: {changed}, {self.files} files, tree {self.tree[:16]}…"

    class Committed(Event):
        """Overlord (not the agent) committed layer ``layer`` to the worker root's git
        repository: the commit ``sha`` and its git ``tree`` (hex), on ``ref``."""

        TOPIC = "overlord.run.Committed"

        sha: str
        tree: str
        layer: int
        ref: str

        def apply(self, aggregate: Run) -> None:
            aggregate.commit_sha = self.sha

        def summary(self) -> str:
            """One line for people."""
            return f"committed layer {self.layer} as {self.sha[:12]} on {self.ref} (tree {self.tree[:12]})"

    record_commit = triggers(Committed)

    class Resumed(Event):
        """A stalled or failed attempt (``attempt``, counted from 1) is resumed on the runtime's
        native session ``session_id``, for ``reason``."""

        TOPIC = "overlord.run.Resumed"

        attempt: int
        session_id: str
        reason: str

        def summary(self) -> str:
            """One line for people."""
            return f"resumed (attempt {self.attempt}) on session {self.session_id}: {self.reason}"

    resume = triggers(Resumed)

    class Bookkeeping(Event):
        """An after-step (``step``: restore the hook settings, checkpoint, notify, ...) failed
        with ``problem``; the settlement stands as it was."""

        TOPIC = "overlord.run.Bookkeeping"

        step: str
        problem: str

        def summary(self) -> str:
            """One line for people."""
            return f"after-step {self.step} failed (the settlement stands): {self.problem}"

    bookkeeping_failed = triggers(Bookkeeping)

    class MissionRecorded(Event):
        """The mission file the run was started with (``mission_blob``) and the directory its
        relative paths start from (``mission_dir``), so the run can be resumed."""

        TOPIC = "overlord.run.MissionRecorded"

        mission_blob: str
        mission_dir: str

        def apply(self, aggregate: Run) -> None:
            aggregate.mission_blob = self.mission_blob
            aggregate.mission_dir = self.mission_dir

        def summary(self) -> str:
            """One line for people."""
            return f"mission file recorded (blob {self.mission_blob[:16]}…)"

    record_mission = triggers(MissionRecorded)

    class ResumedFrom(Event):
        """This run resumes the native session ``session_id`` of the settled run
        ``previous_run`` (``overlord resume``)."""

        TOPIC = "overlord.run.ResumedFrom"

        previous_run: str
        session_id: str

        def summary(self) -> str:
            """One line for people."""
            return f"resumes run {self.previous_run} (session {self.session_id})"

    resumed_from = triggers(ResumedFrom)

    class ConnectorClosed(Event):
        """The run's connector stopped: how many model requests it was sent
        (``model_requests``; a resumed run's replay continues after them)."""

        TOPIC = "overlord.run.ConnectorClosed"

        model_requests: int

        def apply(self, aggregate: Run) -> None:
            aggregate.model_requests = self.model_requests

        def summary(self) -> str:
            """One line for people."""
            return f"connector closed after {self.model_requests} model requests"

    connector_closed = triggers(ConnectorClosed)

    class ConnectorRefused(Event):
        """The connector refused a request at its door, before reading it: nothing was
        forwarded, priced or reserved. ``status`` (401 no run key, 421 another Host, 403 an
        Origin), ``reason`` (unauthenticated, misdirected, cross_origin), the request's
        ``method`` and ``path``, and ``count``: 1, or how many more were refused without
        being recorded one by one (a flood, counted when the connector closed). Never what
        was presented."""

        TOPIC = "overlord.run.ConnectorRefused"

        status: int
        reason: str
        method: str
        path: str
        count: int

        def apply(self, aggregate: Run) -> None:
            aggregate.connector_refused += self.count

        def summary(self) -> str:
            """One line for people."""
            if self.count != 1:
                return f"connector refused {self.count} more requests ({self.reason}, {self.status}), counted not listed"
            return f"connector refused {self.method} {self.path}: {self.status} {self.reason}"

    record_connector_refused = triggers(ConnectorRefused)

    class RouteDecided(Event):
        """One attempt at a tier of the install policy: ``tier``, its ``outcome`` (chosen,
        escalated, rejected or ignored) and ``reason`` (a tier with no credential of its own is
        rejected as unavailable; the dearest tier is reserved for escalation)."""

        TOPIC = "overlord.run.RouteDecided"

        tier: str
        outcome: str
        reason: str

        def apply(self, aggregate: Run) -> None:
            if self.outcome in ("chosen", "escalated"):
                aggregate.tier = self.tier

        def summary(self) -> str:
            """One line for people."""
            return f"route: tier {self.tier} {self.outcome}: {self.reason}"

    route_decided = triggers(RouteDecided)

    class GuardTampered(Event):
        """A ``guard_tamper`` finding: the guard's own settings (``what``: a file the runtime
        reads its hooks or permissions from) were changed from inside the sandbox (``detail``:
        how). ``when`` is ``start`` (found before the runtime started and written back, e.g. in
        a resumed run's HOME), ``before`` (found before the runtime started in a file Overlord
        does not own, the root's: the runtime does not start, stop code ``policy``) or ``run``
        (during the run: the run stops with stop code ``policy``)."""

        TOPIC = "overlord.run.GuardTampered"

        what: str
        detail: str
        when: str

        def summary(self) -> str:
            """One line for people."""
            then = {"start": "found before the start, written back",
                    "before": "found before the start, the runtime not started"}.get(self.when, "during the run")
            return f"guard_tamper ({then}): {self.what}: {self.detail}"

    record_tamper = triggers(GuardTampered)

    class RuntimeVersionUnknown(Event):
        """The runtime's CLI reports a ``version`` its adapter was not checked against
        (``known``): its stream, hooks and tools may differ from what the adapter expects."""

        TOPIC = "overlord.run.RuntimeVersionUnknown"

        runtime: str
        version: str
        known: list[str]

        def summary(self) -> str:
            """One line for people."""
            return (f"warning: {self.runtime} {self.version} is not a version this adapter was checked against "
                    f"({', '.join(self.known)}); pin a known version")

    runtime_version_unknown = triggers(RuntimeVersionUnknown)

    class ForgeryRefused(Event):
        """Something inside the sandbox forged an act: a decision request, a stream record, a
        post-tool notification or a model request that names no tool use the model asked for
        (or not the one running now), or a tool use that ran with no decision. ``source`` says
        which channel (``decision``, ``stream``, ``post_tool_use``, ``connector``),
        ``tool_use_id`` the call it names or poses as; it was not decided or applied, and it
        counts against ``max_denials``. (A change to the guard's own settings files is
        :class:`GuardTampered`.)"""

        TOPIC = "overlord.run.ForgeryRefused"

        source: str
        tool_use_id: str
        detail: str

        def apply(self, aggregate: Run) -> None:
            aggregate.tampers += 1

        def summary(self) -> str:
            """One line for people."""
            named = f" ({self.tool_use_id})" if self.tool_use_id else ""
            return f"guard_tamper via {self.source}{named}: {self.detail}"

    record_forgery = triggers(ForgeryRefused)

    class SettlementConflict(Event):
        """The controller's receipt and the runtime's confirmed result disagreed (``detail``);
        the confirmed result settled the run."""

        TOPIC = "overlord.run.SettlementConflict"

        detail: str

        def summary(self) -> str:
            """One line for people."""
            return f"settlement conflict: {self.detail}"

    settlement_conflict = triggers(SettlementConflict)

    def __init__(self, cwd: str, argv: list[str], policy_hash: str, overlord_version: str, runtime: str,
                 sandbox: str) -> None:
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
        self.connector_refused = 0
        self.cost_micro_usd = 0
        self.layers = 0
        self.tree: str | None = None
        self.commit_sha: str | None = None
        self.tier: str | None = None
        self.tampers = 0

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
        """Open a run (event ``Opened``) with the id ``run_id`` at time ``at``."""
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

    def seal_layer(self, *, index: int, parent: int | None, tree: str, changes: list[Any], tool_use_id: str | None,
                   files: int, at: datetime, changes_blob: str | None = None) -> None:
        """Record a sealed workspace layer (``LayerSealed``); each change becomes a list.

        Raises:
            ValueError: ``index`` is not the next layer.
        """
        if index != self.layers:
            raise ValueError(f"run {self.id}: layer {index} sealed, but the next layer is {self.layers}")
        self.trigger_event(self.LayerSealed, timestamp=at, index=index, parent=parent, tree=tree,
                           changes=[list(c) for c in changes], tool_use_id=tool_use_id, files=files,
                           changes_blob=changes_blob)

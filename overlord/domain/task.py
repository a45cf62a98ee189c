"""The Task aggregate: one goal carried by the Council from PLANNING to a verified DONE.

States and the only edges between them (:data:`EDGES`)::

    PLANNING -> WORKING -> SELF_CHECK -> REVIEW -> DONE
                   ^           |
                   +-----------+   SELF_CHECK -> WORKING: a correction cycle
    PLANNING, WORKING, SELF_CHECK, REVIEW, HALTED -> FAILED
    WORKING, SELF_CHECK, REVIEW -> HALTED;  HALTED -> WORKING: an approval (one more cycle)

Each transition is one ``Moved`` event with its cause, the loop step that made it and what
it refers to (a run, a gate check, the owner). The rules hold when an event is *applied*, not
only when a command is called, so a log that holds a forbidden edge cannot be read into a
task at all. Two rules beyond the edges:

* DONE needs a gate check whose guild outcome is ``pass``, recorded on this task *after its
  last work step* (``Checked`` after the last ``WorkOpened``/``WorkSettled``); REVIEW needs
  the same. Nothing else reaches DONE, and there is no HALTED -> DONE edge: an approval sends
  the work back through the gate.
* A cache hit (``CacheConsulted``, before the first work step) may be replayed once
  (``Replayed``): a work step that spends nothing, checked by the gate like any other. Its
  pass leads to DONE through REVIEW as usual (the task is then ``reused``); its failure sends
  the task back to WORKING without counting a correction cycle, to be worked afresh.
* HALTED is not FAILED: HALTED says "this needs a decision" (a person approves one more
  cycle, or fails it); FAILED says "this did not work" and is final, as DONE is.

Claims (``Claimed``, ``ClaimRenewed``, ``ClaimReleased``, ``ClaimExpired``) say which worker
may work the task until when; a claim is decided on the task's newest state by the ledger's
compare-and-swap, so two workers never hold one task at once. A HALTED task is claimed by no
worker: it is out of every unattended path until the owner decides.

Pure: every event is given its time by the caller (``at``: an aware UTC datetime from an
injected clock); nothing here reads a clock or does I/O.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.domain.events import triggers
from overlord.errors import OverlordError


class TaskState(StrEnum):
    """Where a task is in the loop (upper case, as ``overlord task`` prints it)."""

    PLANNING = "PLANNING"
    WORKING = "WORKING"
    SELF_CHECK = "SELF_CHECK"
    REVIEW = "REVIEW"
    DONE = "DONE"
    FAILED = "FAILED"
    HALTED = "HALTED"


S = TaskState
EDGES: frozenset[tuple[TaskState, TaskState]] = frozenset({
    (S.PLANNING, S.WORKING), (S.WORKING, S.SELF_CHECK), (S.SELF_CHECK, S.REVIEW), (S.REVIEW, S.DONE),
    (S.SELF_CHECK, S.WORKING),
    (S.PLANNING, S.FAILED), (S.WORKING, S.FAILED), (S.SELF_CHECK, S.FAILED), (S.REVIEW, S.FAILED),
    (S.HALTED, S.FAILED),
    (S.WORKING, S.HALTED), (S.SELF_CHECK, S.HALTED), (S.REVIEW, S.HALTED),
    (S.HALTED, S.WORKING),
})
"""Every allowed ``(source, target)``; any other transition is refused."""
TERMINAL = frozenset({S.DONE, S.FAILED})
LIVE = frozenset(TaskState) - TERMINAL
WORKABLE = LIVE - {S.HALTED}
"""States a worker may claim a task in (HALTED waits for the owner)."""
DEFAULT_MAX_CYCLES = 2
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def ns_of(at: datetime) -> int:
    """``at`` (an aware datetime) as integer UTC nanoseconds since the epoch."""
    return (at - _EPOCH) // timedelta(microseconds=1) * 1000


class TaskError(OverlordError):
    """A transition or step the task's rules refuse (an edge not in :data:`EDGES`, DONE without
    a gate pass after the last work step, a step in the wrong state)."""


class ClaimRefused(TaskError):
    """Another worker holds a live claim on the task, or the task cannot be claimed."""


class Task(Aggregate):
    """A goal carried through the loop. State: the goal and where it is, the guild, the cycles
    run and allowed, the runs, the last check, the claim."""

    TOPIC = "overlord.task.Task"

    class Event(Aggregate.Event):
        """An event of a task (the base of every event below; never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``Submitted``: a goal to carry: the mission file (``mission_blob``) and the directory
        its relative paths start from, the worker ``root`` and the ``artifact`` the gate
        checks in it, ``max_cycles`` correction cycles before it halts, its ``priority``
        (higher is more urgent), whether it is ``queued`` for ``overlord worker`` processes,
        and who submitted it (``source``)."""

        TOPIC = "overlord.task.Submitted"

        goal: str
        mission_blob: str
        mission_dir: str
        root: str
        artifact: str
        max_cycles: int
        priority: int
        queued: bool
        source: str

        def summary(self) -> str:
            """One line for people."""
            how = "queued" if self.queued else "run now"
            return f"task submitted ({how}, by {self.source}): {self.goal[:160]}"

    class GoalRouted(Event):
        """The Council's rules routed the goal to ``guild`` (``None``: to no one) for
        ``reason``."""

        TOPIC = "overlord.task.GoalRouted"

        guild: str | None
        reason: str

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.PLANNING or aggregate.routed:
                raise TaskError(f"task {aggregate.id}: a goal is routed once, while PLANNING")
            aggregate.routed = True
            aggregate.guild = self.guild
            aggregate.route_reason = self.reason

        def summary(self) -> str:
            """One line for people."""
            return f"routed to {self.guild or 'no guild'}: {self.reason}"

    route = triggers(GoalRouted)

    class Moved(Event):
        """A transition ``source`` -> ``target`` (state names), for ``cause`` (a short code:
        routed, work_settled, check_passed, correction, reviewed, max_cycles, run_stopped,
        approved, failed_by_owner, cancelled, unrouted, ...), explained in ``detail``; ``step``
        is the loop step that made it (plan, work, self_check, review, owner, worker) and
        ``ref`` what it refers to (a run id, a gate check id, who decided). ``cycle`` is the
        correction cycle the task is in after the move."""

        TOPIC = "overlord.task.Moved"

        source: str
        target: str
        cause: str
        detail: str
        step: str
        ref: str
        cycle: int

        def apply(self, aggregate: Task) -> None:
            source, target = TaskState(self.source), TaskState(self.target)
            aggregate.check_move(source, target, self.cause)
            if aggregate.counts_cycle(source, target):
                aggregate.cycles += 1
            if (source, target) == (S.SELF_CHECK, S.WORKING):
                aggregate.replayed = None  # a replay that did not pass is undone: the goal is worked afresh
                aggregate.checking_replay = False
            if source is S.HALTED and target is S.WORKING:
                aggregate.allowed_cycles = aggregate.cycles  # the approval grants this one more cycle
            aggregate.state = target
            aggregate.parked = self.detail if target is S.HALTED else None
            if target in TERMINAL:
                aggregate.claim = None

        def summary(self) -> str:
            """One line for people."""
            return f"{self.source} -> {self.target} ({self.cause}, cycle {self.cycle}): {self.detail[:160]}"

    class WorkOpened(Event):
        """A work step began: the supervised run ``run_id`` (its id is known before it opens)
        in ``cycle``, by ``worker``; ``resumes`` is the native session it continues (``None``: a
        fresh session) and ``prompt_blob`` its first message."""

        TOPIC = "overlord.task.WorkOpened"

        run_id: str
        cycle: int
        worker: str
        resumes: str | None
        prompt_blob: str

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.WORKING or aggregate.open_run is not None:
                raise TaskError(f"task {aggregate.id}: a work step opens only while WORKING, one at a time")
            aggregate.open_run = self.run_id
            aggregate.runs.append(self.run_id)
            aggregate.last_work = self.originator_version
            aggregate.checking_replay = False

        def summary(self) -> str:
            """One line for people."""
            how = f"resuming session {self.resumes}" if self.resumes else "a fresh session"
            return f"work step (cycle {self.cycle}) by {self.worker}: run {self.run_id} ({how})"

    open_work = triggers(WorkOpened)

    class WorkSettled(Event):
        """The work step's run settled: ``status``/``stop_code`` and ``detail`` as the run
        records them, its native ``session_id`` (or ``None``), how many model requests it made
        and what it cost (integer micro-dollars)."""

        TOPIC = "overlord.task.WorkSettled"

        run_id: str
        status: str
        stop_code: str
        detail: str
        session_id: str | None
        model_requests: int
        cost_micro_usd: int

        def apply(self, aggregate: Task) -> None:
            if aggregate.open_run != self.run_id:
                raise TaskError(f"task {aggregate.id}: run {self.run_id} is not its open work step")
            aggregate.open_run = None
            aggregate.last_work = self.originator_version
            if self.session_id:
                aggregate.last_session = self.session_id
                aggregate.last_session_run = self.run_id
            aggregate.model_requests += self.model_requests
            aggregate.cost_micro_usd += self.cost_micro_usd

        def summary(self) -> str:
            """One line for people."""
            return f"run {self.run_id} settled {self.status}/{self.stop_code}: {self.detail[:140]}"

    settle_work = triggers(WorkSettled)

    class Checked(Event):
        """The gate checked the work: the ``gate_check`` stream that holds its four axes, the
        gate's ``verdict`` and ``reason``, the guild's exit ``outcome`` judged on that record
        (``pass`` or why not; for ``coder`` it is the verdict), the failing axes' ``evidence``
        (what failed and where) and the run whose work it checked."""

        TOPIC = "overlord.task.Checked"

        gate_check: str
        verdict: str
        outcome: str
        reason: str
        evidence: str
        run_id: str

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.SELF_CHECK or aggregate.open_run is not None or not (
                    aggregate.runs or aggregate.checking_replay):
                raise TaskError(f"task {aggregate.id}: a check is recorded in SELF_CHECK, after a settled work step")
            aggregate.last_verdict = self.verdict
            aggregate.last_outcome = self.outcome
            aggregate.last_evidence = self.evidence
            aggregate.last_reason = self.reason
            aggregate.last_check = self.originator_version
            aggregate.last_check_passed = self.outcome == "pass"

        def summary(self) -> str:
            """One line for people."""
            ok = "" if self.outcome == self.verdict else f", guild outcome {self.outcome}"
            return f"gate verdict {self.verdict}{ok}: {(self.evidence or self.reason)[:160]}"

    record_check = triggers(Checked)

    class CacheConsulted(Event):
        """Before the first work step spent anything, the Council looked up the cache of
        validated outcomes for the goal: the worker root's ``tree_hash`` at the start (taken
        before the guard is armed) and the gate's ``toolchain`` digest, and what it found
        (``result``: ``hit``, ``miss`` or ``skipped``, with ``detail``: the outcome and how it
        matched, or why there was no cache). The tree and toolchain are what a DONE is
        remembered under."""

        TOPIC = "overlord.task.CacheConsulted"

        tree_hash: str
        toolchain: str
        result: str
        outcome_id: str | None
        detail: str

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.WORKING or aggregate.runs or aggregate.cache_key is not None:
                raise TaskError(f"task {aggregate.id}: the cache is consulted once, before the first work step")
            aggregate.cache_key = (self.tree_hash, self.toolchain)
            aggregate.cache_result = self.result

        def summary(self) -> str:
            """One line for people."""
            return f"cache {self.result}: {self.detail[:160]}"

    consult_cache = triggers(CacheConsulted)

    class Replayed(Event):
        """A work step that spent nothing: the cached outcome ``outcome_id`` (matched ``how``:
        ``exact`` or ``near``; first validated by task ``source_task``) was written into the
        worker root, for the gate to check again. Only a pass recorded after it makes the task
        DONE; a failure undoes it and the goal is worked afresh (not a correction cycle)."""

        TOPIC = "overlord.task.Replayed"

        outcome_id: str
        how: str
        source_task: str
        files: list[str]

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.WORKING or aggregate.runs or aggregate.cache_result != "hit" \
                    or aggregate.replays:
                raise TaskError(f"task {aggregate.id}: a cached outcome is replayed once, on a cache hit, "
                                "before any work step")
            aggregate.replays += 1
            aggregate.replayed = self.outcome_id
            aggregate.replayed_from = self.source_task
            aggregate.checking_replay = True
            aggregate.last_work = self.originator_version

        def summary(self) -> str:
            """One line for people."""
            return (f"replayed cached outcome {self.outcome_id} ({self.how}, validated by task {self.source_task}): "
                    f"{len(self.files)} file(s), for the gate to check again")

    record_replay = triggers(Replayed)

    class Reviewed(Event):
        """The review of the work: the ``files`` it changed (across the task's runs), the
        unified diff as a blob, ``blame`` (``[path, run, lines]`` for each changed file), the
        task's ``cost_micro_usd`` and its ``runs``."""

        TOPIC = "overlord.task.Reviewed"

        files: list[str]
        diff_blob: str | None
        blame: list[list[Any]]
        cost_micro_usd: int
        runs: list[str]

        def apply(self, aggregate: Task) -> None:
            if aggregate.state is not S.REVIEW:
                raise TaskError(f"task {aggregate.id}: a review is recorded in REVIEW")

        def summary(self) -> str:
            """One line for people."""
            return (f"reviewed: {len(self.files)} file(s) changed over {len(self.runs)} run(s), "
                    f"${self.cost_micro_usd / 1e6:.6f}")

    record_review = triggers(Reviewed)

    class Claimed(Event):
        """``worker`` claims the task until ``lease_until_ns`` (UTC nanoseconds); decided by
        compare-and-swap on the task's stream."""

        TOPIC = "overlord.task.Claimed"

        worker: str
        lease_until_ns: int

        def apply(self, aggregate: Task) -> None:
            aggregate.claim = (self.worker, self.lease_until_ns)
            aggregate.claims += 1

        def summary(self) -> str:
            """One line for people."""
            return f"claimed by {self.worker}"

    class ClaimRenewed(Event):
        """The holder ``worker`` renewed its claim until ``lease_until_ns``."""

        TOPIC = "overlord.task.ClaimRenewed"

        worker: str
        lease_until_ns: int

        def apply(self, aggregate: Task) -> None:
            aggregate.claim = (self.worker, self.lease_until_ns)

        def summary(self) -> str:
            """One line for people."""
            return f"claim of {self.worker} renewed"

    class ClaimReleased(Event):
        """The holder ``worker`` let the task go (``reason``)."""

        TOPIC = "overlord.task.ClaimReleased"

        worker: str
        reason: str

        def apply(self, aggregate: Task) -> None:
            aggregate.claim = None

        def summary(self) -> str:
            """One line for people."""
            return f"released by {self.worker}: {self.reason}"

    class ClaimExpired(Event):
        """The claim of ``worker`` ran out at ``lease_until_ns`` without a renewal (the worker
        was lost); ``noticed_by`` is the worker that found it so."""

        TOPIC = "overlord.task.ClaimExpired"

        worker: str
        lease_until_ns: int
        noticed_by: str

        def apply(self, aggregate: Task) -> None:
            aggregate.claim = None
            aggregate.expired_claims += 1

        def summary(self) -> str:
            """One line for people."""
            return f"claim of {self.worker} expired (noticed by {self.noticed_by})"

    class Summarized(Event):
        """Overlord's written account of one pass of the loop over the task (no model wrote
        it): each step, skipped steps included, and where the task stands."""

        TOPIC = "overlord.task.Summarized"

        text: str

        def summary(self) -> str:
            """One line for people."""
            return f"summary: {self.text.splitlines()[0][:160] if self.text else ''}"

    summarize = triggers(Summarized)

    class Bookkeeping(Event):
        """A step around the loop (``step``: notify, checkpoint, commit, ...) failed with
        ``problem``; the task's state stands as it was."""

        TOPIC = "overlord.task.Bookkeeping"

        step: str
        problem: str

        def summary(self) -> str:
            """One line for people."""
            return f"after-step {self.step} failed: {self.problem[:160]}"

    bookkeeping_failed = triggers(Bookkeeping)

    def __init__(self, goal: str, mission_blob: str, mission_dir: str, root: str, artifact: str, max_cycles: int,
                 priority: int, queued: bool, source: str) -> None:
        self.goal = goal
        self.mission_blob = mission_blob
        self.mission_dir = mission_dir
        self.root = root
        self.artifact = artifact
        self.max_cycles = max_cycles
        self.priority = priority
        self.queued = queued
        self.source = source
        self.state = S.PLANNING
        self.routed = False
        self.guild: str | None = None
        self.route_reason = ""
        self.cycles = 0
        self.allowed_cycles = max_cycles
        self.runs: list[str] = []
        self.open_run: str | None = None
        self.last_session: str | None = None
        self.last_session_run: str | None = None
        self.model_requests = 0
        self.cost_micro_usd = 0
        self.last_work = 0
        self.last_check = 0
        self.last_check_passed = False
        self.last_verdict: str | None = None
        self.last_outcome: str | None = None
        self.last_evidence = ""
        self.last_reason = ""
        self.parked: str | None = None
        self.claim: tuple[str, int] | None = None
        self.claims = 0
        self.expired_claims = 0
        self.cache_key: tuple[str, str] | None = None
        self.cache_result: str | None = None
        self.replays = 0
        self.replayed: str | None = None
        self.replayed_from: str | None = None
        self.checking_replay = False

    # -- creation -----------------------------------------------------------------------

    @classmethod
    def submit(cls, *, task_id: UUID, goal: str, mission_blob: str, mission_dir: str, root: str, artifact: str,
               max_cycles: int = DEFAULT_MAX_CYCLES, priority: int = 0, queued: bool = False, source: str = "cli",
               at: datetime) -> Task:
        """A new task in PLANNING (event ``Submitted``).

        Raises:
            TaskError: ``max_cycles`` below 0, or an empty goal.
        """
        if max_cycles < 0:
            raise TaskError(f"max_cycles must be 0 or more, not {max_cycles}")
        if not goal.strip():
            raise TaskError("a task needs a goal")
        return cls._create(cls.Created, id=task_id, timestamp=at, goal=goal, mission_blob=mission_blob,
                           mission_dir=mission_dir, root=root, artifact=artifact, max_cycles=max_cycles,
                           priority=priority, queued=queued, source=source)

    # -- the rules ----------------------------------------------------------------------

    @property
    def passed_since_work(self) -> bool:
        """A check with a ``pass`` outcome was recorded after the last work step."""
        return self.last_check_passed and self.last_check > self.last_work

    @property
    def reused(self) -> str | None:
        """The cached outcome this task reused, when it reached DONE through its replay's gate
        pass (``None`` otherwise)."""
        return self.replayed if self.state is S.DONE and self.checking_replay else None

    def counts_cycle(self, source: TaskState, target: TaskState) -> bool:
        """Whether ``source -> target`` is a correction cycle: SELF_CHECK -> WORKING after a
        work step's check, and HALTED -> WORKING; a replay that did not pass is not one (the
        goal is worked afresh, as if the cache had missed)."""
        if (source, target) == (S.HALTED, S.WORKING):
            return True
        return (source, target) == (S.SELF_CHECK, S.WORKING) and not self.checking_replay

    def check_move(self, source: TaskState, target: TaskState, cause: str) -> None:
        """Whether ``source -> target`` may happen now (used when a ``Moved`` is applied).

        Raises:
            TaskError: the task is not in ``source``, the edge is not in :data:`EDGES`, DONE
                or REVIEW without a pass after the last work step, a work step still open, or
                HALTED -> WORKING not caused by an approval.
        """
        if source is not self.state:
            raise TaskError(f"task {self.id} is {self.state}, not {source}")
        if (source, target) not in EDGES:
            raise TaskError(f"task {self.id}: no edge {source} -> {target}",
                            "the loop's edges are PLANNING->WORKING->SELF_CHECK->REVIEW->DONE, "
                            "SELF_CHECK->WORKING, live->FAILED, WORKING/SELF_CHECK/REVIEW->HALTED, HALTED->WORKING")
        if target in (S.REVIEW, S.DONE) and not self.passed_since_work:
            raise TaskError(f"task {self.id}: {target} needs a gate pass recorded after the last work step")
        if source is S.WORKING and target is S.SELF_CHECK and self.open_run is not None:
            raise TaskError(f"task {self.id}: the work step {self.open_run} has not settled")
        if source is S.HALTED and target is S.WORKING and cause != "approved":
            raise TaskError(f"task {self.id}: only an approval sends a halted task back to work")

    def move(self, target: TaskState, *, cause: str, detail: str, step: str, ref: str = "", at: datetime) -> None:
        """Transition to ``target`` (event ``Moved``), if the rules allow it.

        Raises:
            TaskError: the rules refuse it (see :meth:`check_move`); nothing is recorded.
        """
        cycle = self.cycles + (1 if self.counts_cycle(self.state, TaskState(target)) else 0)
        self.trigger_event(self.Moved, timestamp=at, source=self.state.value, target=TaskState(target).value,
                           cause=cause, detail=detail[:1000], step=step, ref=ref, cycle=cycle)

    def after_check(self) -> TaskState:
        """Where the last check sends the task: REVIEW on a pass after the last work step,
        WORKING (a correction cycle) while cycles remain, else HALTED."""
        if self.passed_since_work:
            return S.REVIEW
        if self.checking_replay:
            return S.WORKING  # the replay is undone; the goal is worked afresh
        return S.WORKING if self.cycles < self.allowed_cycles else S.HALTED

    def approve(self, *, by: str, at: datetime) -> None:
        """The owner sends a halted task back for one more cycle and the gate again.

        Raises:
            TaskError: the task is not HALTED.
        """
        if self.state is not S.HALTED:
            raise TaskError(f"task {self.id} is {self.state}, not HALTED: only a halted task is approved",
                            "see `overlord task list --halted`")
        self.move(S.WORKING, cause="approved", detail=f"approved by {by}: one more cycle, then the gate again",
                  step="owner", ref=by, at=at)

    def fail(self, *, cause: str, detail: str, step: str, ref: str = "", at: datetime) -> None:
        """Mark the task FAILED (final).

        Raises:
            TaskError: the task is already DONE or FAILED.
        """
        if self.state in TERMINAL:
            raise TaskError(f"task {self.id} is already {self.state}")
        self.move(S.FAILED, cause=cause, detail=detail, step=step, ref=ref, at=at)

    # -- claims -------------------------------------------------------------------------

    def claim_by(self, *, worker: str, lease_ms: int, at: datetime, halted_ok: bool = False) -> None:
        """``worker`` claims the task for ``lease_ms`` from ``at``; an expired claim of another
        worker is first recorded as ``ClaimExpired``. The holder claiming again renews.

        Raises:
            ClaimRefused: the task is DONE or FAILED, HALTED (unless ``halted_ok``: the owner's
                own approval), or another worker's claim is still live at ``at``.
        """
        now = ns_of(at)
        if self.state in TERMINAL or (self.state is S.HALTED and not halted_ok):
            raise ClaimRefused(f"task {self.id} is {self.state}: no worker claims it")
        if self.claim is not None:
            holder, until = self.claim
            if holder == worker:
                self.trigger_event(self.ClaimRenewed, timestamp=at, worker=worker, lease_until_ns=now + lease_ms * 1_000_000)
                return
            if until > now:
                raise ClaimRefused(f"task {self.id} is claimed by {holder}")
            self.trigger_event(self.ClaimExpired, timestamp=at, worker=holder, lease_until_ns=until, noticed_by=worker)
        self.trigger_event(self.Claimed, timestamp=at, worker=worker, lease_until_ns=now + lease_ms * 1_000_000)

    def renew(self, *, worker: str, lease_ms: int, at: datetime) -> None:
        """The holder extends its claim.

        Raises:
            ClaimRefused: ``worker`` does not hold the claim (it expired and another took it).
        """
        if self.claim is None or self.claim[0] != worker:
            raise ClaimRefused(f"task {self.id}: {worker} no longer holds its claim")
        self.trigger_event(self.ClaimRenewed, timestamp=at, worker=worker, lease_until_ns=ns_of(at) + lease_ms * 1_000_000)

    def release(self, *, worker: str, reason: str, at: datetime) -> None:
        """The holder lets the task go; a worker that does not hold it records nothing."""
        if self.claim is not None and self.claim[0] == worker:
            self.trigger_event(self.ClaimReleased, timestamp=at, worker=worker, reason=reason)

    def held_by(self, worker: str, at: datetime) -> bool:
        """Whether ``worker`` holds a live claim at ``at``."""
        return self.claim is not None and self.claim[0] == worker and self.claim[1] > ns_of(at)

    def claimable(self, at: datetime) -> bool:
        """Whether a worker could claim it now: workable, and no live claim."""
        return self.state in WORKABLE and (self.claim is None or self.claim[1] <= ns_of(at))

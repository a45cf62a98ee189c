"""The Council's loop: a goal carried through PLANNING, WORKING, SELF_CHECK, REVIEW to DONE.

:func:`read_task_mission` checks a mission for the loop before anything is recorded (a goal
with a checkable contract, a ``[gate] artifact``, a guild to route to); :func:`submit` records
the task and its routing. :class:`TaskLoop` then works it, one step method per state:

1. :meth:`~TaskLoop.plan` (PLANNING -> WORKING): the routed guild takes it;
2. :meth:`~TaskLoop.work` (WORKING -> SELF_CHECK): one supervised run of the mission's
   runtime (:class:`~overlord.supervision.mission_run.MissionRun`, only through the runtime
   interface); after a failed check it resumes the agent's native session with the gate's
   verdict and evidence as the first message;
3. :meth:`~TaskLoop.self_check` (-> REVIEW, -> WORKING for a correction, or -> HALTED after
   ``[task] max_cycles`` corrections): the gate on ``[gate] artifact``, with the goal as its
   plan (a ``plan.md`` the agent wrote is ignored), and the guild's exit condition on the
   gate's record;
4. :meth:`~TaskLoop.review` (REVIEW -> DONE): the diff, blame and cost of the task recorded,
   the commit when the mission asks for one.

Every write is a compare-and-swap on the task's stream that first checks this worker still
holds its claim (:class:`ClaimLost` otherwise), so a task is never worked twice at once; a
heartbeat renews the claim while a step runs. Nothing here calls a model: routing is by
rules, and the summary of each pass (``Summarized``) is written by Overlord.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import stat
import tempfile
import threading
import tomllib
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.domain.mission import Mission, Notify
from overlord.domain.task import ClaimRefused, Task, TaskError, TaskState
from overlord.errors import ConfigError, NotFoundError, OverlordError
from overlord.gate.coverage import REPORT_TAG
from overlord.ledger.home import contains
from overlord.ledger.session import LedgerSession
from overlord.supervision.guilds import GateRecord, Guild, GuildNotDescribed, Routing, check_goal, guild, route
from overlord.supervision.policy_keeper import ActivePolicy

log = structlog.get_logger("overlord.council")

S = TaskState
DEFAULT_LEASE_MS = 30_000
HALT_STOP_CODES = frozenset({"budget", "policy", "denial_budget", "cancelled", "route_mismatch",
                             "route_unverified"})
"""Stop codes after which the work is not checked: a person must decide (the task HALTS)."""
MAX_COPY_FILES = 200
MAX_COPY_BYTES = 4 * 1024 * 1024
MAX_EVIDENCE = 2000
_REPORT_LINE = re.compile(r"(?:\s*\|\s*)?" + re.escape(REPORT_TAG) + r" [0-9a-f]+(?: \w+=-?\d+)*")

CORRECTION = """The completion gate checked your work in {artifact} and it did not pass.

Verdict: {verdict} (the gate: {reason})
What failed and where:
{evidence}

The task is unchanged: {goal}

Fix the code and its tests so that the gate passes, then stop."""
TAKEOVER = "You were interrupted before your work was checked. Continue the task: {goal}"


class ClaimLost(OverlordError):
    """This worker no longer holds the task's claim (it expired and another worker took it,
    or the task was decided meanwhile): it must stop working the task."""


# -- the task's mission ----------------------------------------------------------------------


@dataclass(frozen=True)
class TaskMission:
    """A mission checked for the loop: its text, its tables, the guild's effective
    :class:`Mission` (the mission's keys over the guild's template), the routing, and where
    it lives."""

    text: str
    tables: Mapping[str, Any]
    mission: Mission
    routing: Routing
    mission_dir: Path
    root: Path

    @property
    def artifact(self) -> str:
        """``[gate] artifact`` (present: :func:`read_task_mission` refuses a mission without)."""
        assert self.mission.gate_artifact is not None
        return self.mission.gate_artifact


def read_task_mission(text: str, *, source: str, mission_dir: Path, root: Path) -> TaskMission:
    """Check a mission for the loop before anything is recorded.

    Raises:
        ConfigError: bad TOML or a bad mission (named), no ``[gate] artifact``, a goal that
            names no checkable contract (the gate's plan rule), a root that is not a directory.
        GuildNotDescribed: the goal is routable to a guild that is not described.
    """
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{source}: not valid TOML: {e}") from e
    base = Mission.from_mapping(tables, source=source, base_dir=str(root))
    if base.gate_artifact is None:
        raise ConfigError(f"{source}: a task needs [gate] artifact: the loop's self-check is the gate on it",
                          'add [gate] artifact = "." (a directory inside the worker root)')
    check_goal(base.goal, source=f"{source}: the goal")
    if not root.is_dir():
        raise ConfigError(f"the worker root {root} is not a directory", "create it first")
    routing = route(base.goal)
    mission = base
    if routing.guild is not None:
        mission = Mission.from_mapping(guild(routing.guild).mission_tables(tables), source=source,
                                       base_dir=str(root))
    return TaskMission(text, tables, mission, routing, mission_dir.resolve(), root.resolve())


def load_task_mission(session: LedgerSession, task: Task) -> TaskMission:
    """The checked mission of a recorded task (its mission file from the blob store).

    Raises:
        ConfigError: the blob is missing or no longer a good mission.
    """
    try:
        text = session.blobs.get(task.mission_blob).decode("utf-8")
    except (OSError, UnicodeError, OverlordError) as e:
        raise ConfigError(f"task {task.id}: its mission file (blob {task.mission_blob[:16]}…) cannot be read: {e}",
                          "run `overlord verify`") from e
    return read_task_mission(text, source=f"task {task.id} mission", mission_dir=Path(task.mission_dir),
                             root=Path(task.root))


def submit(session: LedgerSession, tm: TaskMission, *, clock: Clock, queued: bool, source: str) -> uuid.UUID:
    """Record a new task and its routing (a goal routed to no one is FAILED at once, with
    the reason); returns its id.

    Raises:
        ConfigError: the worker root contains (or is inside) the home.
        LedgerError: the ledger refused the write (nothing is recorded then).
    """
    home_root = session.home.root
    if contains(tm.root, home_root) or contains(home_root, tm.root):
        raise ConfigError(f"the worker root {tm.root} contains (or is inside) the Overlord home {home_root}",
                          "move OVERLORD_HOME out of the worker root")
    blob = session.blobs.put(tm.text.encode("utf-8"))
    at = clock.now()
    task = Task.submit(task_id=uuid.uuid4(), goal=tm.mission.goal, mission_blob=blob, mission_dir=str(tm.mission_dir),
                       root=str(tm.root), artifact=tm.artifact, max_cycles=tm.mission.max_cycles,
                       priority=tm.mission.priority, queued=queued, source=source, at=at)
    task.route(guild=tm.routing.guild, reason=tm.routing.reason, at=at)
    if tm.routing.guild is None:
        task.fail(cause="unrouted", detail=tm.routing.reason, step="plan", at=at)
    session.ledger.append(task)
    log.info("task.submitted", task_id=str(task.id), guild=tm.routing.guild, queued=queued)
    return task.id


# -- reading and deciding tasks --------------------------------------------------------------


def get_task(session: LedgerSession, task_id: uuid.UUID) -> Task:
    """The task ``task_id``, rebuilt from its verified events.

    Raises:
        NotFoundError: there is no such task.
    """
    try:
        task = session.ledger.get(task_id)
    except NotFoundError:
        raise NotFoundError(f"no task {task_id}", "see `overlord task list`") from None
    if not isinstance(task, Task):
        raise NotFoundError(f"{task_id} is not a task", "see `overlord task list`")
    return task


def change_task(session: LedgerSession, task_id: uuid.UUID, change: Callable[[Task], Any], *,
                worker: str | None = None, clock: Clock | None = None) -> Any:
    """Decide on the task's newest state and append the decision (compare-and-swap); with
    ``worker``, only while that worker holds a live claim. Returns what ``change`` returns.

    Raises:
        NotFoundError: no such task. ClaimLost: ``worker`` does not hold the claim.
        TaskError: the task's rules refuse the change (nothing is recorded).
    """
    # A refusal writes nothing, and the compare-and-swap makes such a decision again on the
    # newest state before it stands: so it is returned here, and raised once it is final.
    def decide(task: Any) -> tuple[Any, Any]:
        if not isinstance(task, Task):
            return None, _Refusal(NotFoundError(f"no task {task_id}", "see `overlord task list`"))
        if worker is not None and clock is not None and not task.held_by(worker, clock.now()):
            return None, _Refusal(ClaimLost(f"task {task_id}: {worker} no longer holds its claim"))
        try:
            result = change(task)
        except OverlordError as e:  # TaskError, ClaimRefused: the rules said no
            return None, _Refusal(e)
        return task, result

    out = session.ledger.cas.apply(task_id, decide)
    if isinstance(out, _Refusal):
        raise out.error
    return out


@dataclass(frozen=True)
class _Refusal:
    error: OverlordError


@dataclass(frozen=True)
class TaskOutcome:
    """Where a task stands after a pass of the loop (``overlord task ... --json``)."""

    task_id: uuid.UUID
    state: TaskState
    cycles: int
    verdict: str | None
    runs: tuple[str, ...]
    detail: str = ""
    reused: str | None = None
    reused_from: str | None = None

    REUSED = "reused a validated cached outcome"

    @classmethod
    def of(cls, task: Task) -> TaskOutcome:
        """The outcome as the task holds it."""
        return cls(task.id, task.state, task.cycles, task.last_verdict, tuple(task.runs), task.parked or "",
                   task.reused, task.replayed_from if task.reused else None)

    def to_json(self) -> dict[str, Any]:
        """``task_id``, ``state`` (upper case), ``cycles`` (int), ``verdict``, ``runs``; ``reused``
        (a bool: DONE through the gate pass of a replayed cached outcome, no model call) and,
        when it is, ``reused_outcome`` (the cached outcome's id) and ``reused_from`` (the task
        that first validated it)."""
        out: dict[str, Any] = {"task_id": str(self.task_id), "state": self.state.value, "cycles": self.cycles,
                               "verdict": self.verdict, "runs": list(self.runs), "reused": self.reused is not None}
        if self.reused is not None:
            out.update(reused_outcome=self.reused, reused_from=self.reused_from)
        return out


def worker_name(kind: str) -> str:
    """A name for this process as a claimant: ``kind@host:pid:nonce``."""
    return f"{kind}@{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


def approve(session: LedgerSession, task_id: uuid.UUID, *, by: str, clock: Clock, worker: str | None = None,
            lease_ms: int = DEFAULT_LEASE_MS) -> None:
    """The owner sends a halted task back to WORKING for one more cycle; with ``worker`` (the
    approver's own loop) that worker claims it in the same write, so no other can take it first.

    Raises:
        TaskError: the task is not HALTED (nothing changes). NotFoundError: no such task.
    """
    def change(task: Task) -> None:
        at = clock.now()
        task.approve(by=by, at=at)
        if worker is not None:
            task.claim_by(worker=worker, lease_ms=lease_ms, at=at)

    change_task(session, task_id, change)


def fail(session: LedgerSession, task_id: uuid.UUID, *, by: str, clock: Clock, cancel: bool = False) -> Task:
    """``overlord task fail`` (a halted task: "this did not work") or ``cancel`` (any live
    task: stop it); a work step still running is stopped through its run. Returns the task.

    Raises:
        TaskError: fail of a task that is not HALTED, or either on a DONE or FAILED task.
        NotFoundError: no such task.
    """
    def change(task: Task) -> Task:
        if not cancel and task.state is not S.HALTED:
            raise TaskError(f"task {task.id} is {task.state}, not HALTED: only a halted task is failed by hand",
                            "cancel a live task with `overlord task cancel`")
        cause, what = ("cancelled", "cancelled") if cancel else ("failed_by_owner", "failed")
        task.fail(cause=cause, detail=f"{what} by {by}", step="owner", ref=by, at=clock.now())
        return task

    task: Task = change_task(session, task_id, change)
    if task.open_run is not None:
        from overlord.supervision.kill import kill_run

        try:
            kill_run(session, uuid.UUID(task.open_run), clock=clock, wait_ms=5_000, reason=f"task {task.id} {task.state}")
        except OverlordError as e:
            log.warning("task.kill_failed", task_id=str(task.id), run_id=task.open_run, error=e.message)
    return task


# -- the loop --------------------------------------------------------------------------------


class _Heartbeat:
    """Renews the worker's claim every third of its lease, on a thread of its own; when the
    claim is lost it says so and stops the run in progress (its cancel file)."""

    def __init__(self, loop: TaskLoop) -> None:
        self.loop = loop
        self.stop = threading.Event()
        self.lost: str | None = None
        self.thread = threading.Thread(target=self._beat, name="task-heartbeat", daemon=True)

    def __enter__(self) -> _Heartbeat:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)

    def _beat(self) -> None:
        loop = self.loop
        period = max(loop.lease_ms / 3000, 0.05)
        while not self.stop.wait(period):
            try:
                change_task(loop.session, loop.task_id,
                            lambda t: t.renew(worker=loop.worker, lease_ms=loop.lease_ms, at=loop.clock.now()))
            except (ClaimRefused, ClaimLost, TaskError, NotFoundError) as e:
                self.lost = str(e)
                loop.stop_current_run(f"the task's claim was lost: {e}")
                return
            except Exception as e:  # noqa: BLE001 - a store hiccup: try again next beat, the lease has slack
                log.warning("task.renew_failed", task_id=str(loop.task_id), error=f"{type(e).__name__}: {e}")


@dataclass
class _Pass:
    """What one pass of the loop did, for its written summary."""

    lines: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def text(self, task: Task) -> str:
        head = f"task {task.id} is {task.state.value} after {task.cycles} correction cycle(s), {len(task.runs)} run(s)"
        body = [head, *(f"- {x}" for x in self.lines)]
        if self.skipped:
            body += ["skipped:", *(f"- {x}" for x in self.skipped)]
        return "\n".join(body)


class TaskLoop:
    """Works one task until it is DONE, FAILED or HALTED, or its claim is lost (see the module
    docstring). Use :meth:`run`.

    Args:
        session: the opened home.
        task_id: the task.
        clock: every event's time (and the claim's lease).
        host_env: the caller's environment (the runtime takes only its allow-list).
        worker: this claimant's name (:func:`worker_name`).
        lease_ms: how long a claim holds without a renewal.
        sandbox: run the agent inside bubblewrap (``False``: ``--no-sandbox``).
        on_step: told ``(task_id, line)`` after each step, for progress output.
    """

    def __init__(self, session: LedgerSession, task_id: uuid.UUID, *, clock: Clock, host_env: Mapping[str, str],
                 worker: str, lease_ms: int = DEFAULT_LEASE_MS, sandbox: bool = True, poll_ms: int = 100,
                 on_step: Callable[[uuid.UUID, str], None] | None = None) -> None:
        self.session = session
        self.task_id = task_id
        self.clock = clock
        self.host_env = dict(host_env)
        self.worker = worker
        self.lease_ms = lease_ms
        self.sandbox = sandbox
        self.poll_ms = poll_ms
        self.on_step = on_step
        self.current_run: uuid.UUID | None = None
        self.done = _Pass()
        self._tm: TaskMission | None = None
        self._install: ActivePolicy | None = None
        self._heartbeat: _Heartbeat | None = None

    # -- the whole loop ------------------------------------------------------------------

    def run(self) -> TaskOutcome:
        """Claim the task and step it until it settles; then the summary, the release and a
        checkpoint. Returns where it stands.

        Raises:
            ClaimRefused: another worker holds the task, or it is HALTED, DONE or FAILED.
            NotFoundError: no such task.
        """
        change_task(self.session, self.task_id,
                    lambda t: t.claim_by(worker=self.worker, lease_ms=self.lease_ms, at=self.clock.now()))
        steps: dict[TaskState, Callable[[Task], None]] = {
            S.PLANNING: self.plan, S.WORKING: self.work, S.SELF_CHECK: self.self_check, S.REVIEW: self.review}
        try:
            with _Heartbeat(self) as beat:
                self._heartbeat = beat
                while beat.lost is None:
                    task = get_task(self.session, self.task_id)
                    step = steps.get(task.state)
                    if step is None:
                        break
                    step(task)
        except ClaimLost as e:
            self.done.lines.append(f"stopped: {e.message}")
        except OverlordError as e:
            self._halt_on_error(e)
        finally:
            self._heartbeat = None
            self._finish()
        return TaskOutcome.of(get_task(self.session, self.task_id))

    def _halt_on_error(self, e: OverlordError) -> None:
        """A step could not go on (a mission that no longer reads, a runtime gone): the task
        needs a decision; a task whose claim is lost is left to its new holder."""
        log.error("task.step_failed", task_id=str(self.task_id), error=e.diagnostics())
        self.done.lines.append(f"a step failed: {e.diagnostics()[:300]}")
        try:
            self._write(lambda t: t.move(S.HALTED, cause="step_failed", detail=e.diagnostics()[:500],
                                         step=t.state.value.lower(), at=self.clock.now())
                        if t.state in (S.WORKING, S.SELF_CHECK, S.REVIEW) else
                        t.fail(cause="step_failed", detail=e.diagnostics()[:500], step="plan", at=self.clock.now()))
        except OverlordError as again:
            log.error("task.halt_unrecorded", task_id=str(self.task_id), error=again.diagnostics())
            return
        self._notify_if_halted()

    def _finish(self) -> None:
        try:
            task = get_task(self.session, self.task_id)
            if task.state is not S.REVIEW and not any(x.startswith("review") for x in self.done.lines):
                self.done.skipped.append("review: the task did not pass its check in this pass")
            text = self.done.text(task)
            # the summary and the release are the holder's (the heartbeat is stopped: at most
            # its last renewal is in flight, and the compare-and-swap orders the two)
            def close(t: Task) -> None:
                t.summarize(text=text[:8000], at=self.clock.now())
                t.release(worker=self.worker, reason=f"the loop ended at {t.state.value}", at=self.clock.now())

            change_task(self.session, self.task_id, close)
        except OverlordError as e:
            log.warning("task.finish_unrecorded", task_id=str(self.task_id), error=e.diagnostics())
        try:
            self.session.checkpoint(at=self.clock.now())
        except OverlordError as e:
            log.warning("task.checkpoint_failed", task_id=str(self.task_id), error=e.diagnostics())

    def _write(self, change: Callable[[Task], Any]) -> Any:
        """A change of the task, only while this worker holds its claim."""
        return change_task(self.session, self.task_id, change, worker=self.worker, clock=self.clock)

    def _said(self, line: str) -> None:
        self.done.lines.append(line)
        if self.on_step is not None:
            self.on_step(self.task_id, line)

    def install_policy(self) -> ActivePolicy:
        """The install policy, checked against the ledger now (the Fates' rule before every
        start: a policy changed outside ``overlord policy set`` is refused, and recorded).

        Raises:
            PolicyIntegrityError: it was changed; the step cannot start (the task HALTS).
        """
        from overlord.supervision.policy_keeper import check_policy

        self._install = check_policy(self.session, where="task", clock=self.clock)
        return self._install

    def mission(self, task: Task) -> TaskMission:
        """The task's checked mission (read once per loop)."""
        if self._tm is None:
            self._tm = load_task_mission(self.session, task)
        return self._tm

    def stop_current_run(self, reason: str) -> None:
        """Ask the controller of the run in progress to stop it (its cancel file)."""
        from overlord.supervision.controller import CANCEL_FILE

        run_id = self.current_run
        if run_id is not None:
            run_dir = self.session.home.run_dir(str(run_id))
            run_dir.mkdir(parents=True, exist_ok=True)
            (run_dir / CANCEL_FILE).write_text(reason + "\n")

    # -- 1. plan -------------------------------------------------------------------------

    def plan(self, task: Task) -> None:
        """PLANNING -> WORKING: the routed guild takes the goal (a goal routed to no one was
        failed when it was submitted)."""
        if task.guild is None:
            self._write(lambda t: t.fail(cause="unrouted", detail=t.route_reason, step="plan", at=self.clock.now()))
            return
        g = guild(task.guild)
        self._write(lambda t: t.move(S.WORKING, cause="routed", detail=f"{g.name}: {t.route_reason}", step="plan",
                                     ref=g.name, at=self.clock.now()))
        self._said(f"plan: routed to {g.name} ({task.route_reason}); done when {g.exit_rule}")

    # -- 2. work -------------------------------------------------------------------------

    def work(self, task: Task) -> None:
        """WORKING -> SELF_CHECK (or HALTED on a stop a person must judge): one supervised
        run; a run left open by a lost worker is settled first and its step worked again."""
        from overlord.adapters.secrets import SecretStore
        from overlord.supervision.mission_run import MissionRun, ResumeFrom, prepare, runtime_home_of

        if task.open_run is not None:
            task = self._adopt_orphan(task)
        tm = self.mission(task)
        active = self.install_policy()  # checked against the ledger before every start, as `overlord run` does
        if not task.runs and task.cache_key is None:
            self.consult_cache(task, tm)  # before anything is spent: a validated outcome may be replayed
            return
        prompt, resume = self._first_message(task, tm)
        # the loop's own self-check gates the work, and [notify] hears the task's halts, not each
        # attempt; after a failed self-check the Oracle may escalate to the reserved tier
        failed_check = bool(task.runs) and task.last_check > 0 and not task.last_check_passed  # a replay's is not
        mission = replace(tm.mission, gate_artifact=None, notify=Notify(), escalate=tm.mission.escalate or failed_check)
        resume_from = None
        if resume is not None:
            session_id, from_run = resume
            resume_from = ResumeFrom(uuid.UUID(from_run), session_id, runtime_home_of(self.session, uuid.UUID(from_run)),
                                     task.model_requests, prompt=prompt)
        else:
            mission = replace(mission, goal=prompt)
        prepared = prepare(mission, root=tm.root, home_root=self.session.home.root, mission_dir=tm.mission_dir,
                           host_path=self.host_env.get("PATH"), sandbox=self.sandbox, environ=self.host_env,
                           secrets=SecretStore(self.session.home.root), at=self.clock.now(), install=active.policy)
        mr = MissionRun(self.session, mission, prepared, root=tm.root, clock=self.clock, host_env=self.host_env,
                        poll_ms=self.poll_ms, mission_blob=task.mission_blob, mission_dir=tm.mission_dir,
                        resume_from=resume_from, install=active)
        prompt_blob = self.session.blobs.put(prompt.encode("utf-8"))
        self._write(lambda t: t.open_work(run_id=str(mr.run_id), cycle=t.cycles, worker=self.worker,
                                          resumes=resume[0] if resume else None, prompt_blob=prompt_blob,
                                          at=self.clock.now()))
        self.current_run = mr.run_id
        try:
            result = mr.run()
        finally:
            self.current_run = None
        run = self.session.ledger.get(mr.run_id)
        s = result.settlement
        self._write(lambda t: t.settle_work(run_id=str(mr.run_id), status=s.status, stop_code=s.stop_code,
                                            detail=s.detail[:500], session_id=run.native_session_id,
                                            model_requests=run.model_requests, cost_micro_usd=run.cost_micro_usd,
                                            at=self.clock.now()))
        how = f"resumed session {resume[0]}" if resume else "a fresh session"
        self._said(f"work (cycle {task.cycles}): run {mr.run_id} ({how}) settled {s.status}/{s.stop_code}")
        if s.stop_code in HALT_STOP_CODES:
            self._write(lambda t: t.move(S.HALTED, cause="run_stopped", detail=f"the run stopped with {s.stop_code}: "
                                         f"{s.detail[:300]}", step="work", ref=str(mr.run_id), at=self.clock.now()))
            self._notify_if_halted()
            return
        self._write(lambda t: t.move(S.SELF_CHECK, cause="work_settled", detail=f"{s.status}/{s.stop_code}",
                                     step="work", ref=str(mr.run_id), at=self.clock.now()))

    # -- 2a. the cache of validated outcomes --------------------------------------------

    def consult_cache(self, task: Task, tm: TaskMission) -> None:
        """Before the first work step: the worker root's tree hash (the guard is not armed yet)
        and the gate's toolchain digest, then the cache's lookup for the goal, recorded as
        ``CacheConsulted`` (``skipped`` with the reason when the home has no vault). A hit is
        replayed and gated (:meth:`_replay`); a miss leaves the task WORKING, to be worked."""
        from overlord.adapters.vault.tree import root_tree

        def consulted(result: str, detail: str, tree: str = "", tool: str = "", outcome: str | None = None) -> None:
            self._write(lambda t: t.consult_cache(tree_hash=tree, toolchain=tool, result=result, outcome_id=outcome,
                                                  detail=detail[:500], at=self.clock.now()))

        cache, why = self._open_cache()
        if cache is None:
            consulted("skipped", why)
            self.done.skipped.append(f"cache: {why}")
            return
        try:
            try:
                tree, tool = root_tree(tm.root), toolchain_key(tm.root / tm.artifact)
            except (OverlordError, OSError) as e:
                consulted("skipped", f"the worker root could not be hashed: {e}")
                self.done.skipped.append(f"cache: the worker root could not be hashed: {e}")
                return
            try:
                hit = cache.find(tm.mission.goal, tree, tool)
            except Exception as e:  # noqa: BLE001 - a lookup that fails is a miss: the goal is worked
                log.warning("task.cache_lookup_failed", task_id=str(self.task_id), error=f"{type(e).__name__}: {e}")
                consulted("skipped", f"the lookup failed: {type(e).__name__}: {e}", tree, tool)
                self.done.skipped.append("cache: the lookup failed")
                return
            if hit is None:
                consulted("miss", "no validated outcome of this goal in this tree under this toolchain", tree, tool)
                self._said("cache: miss (no validated outcome of this goal in this starting tree)")
                return
            consulted("hit", f"{hit.how} match (cosine {hit.similarity:.3f}) of {hit.goal[:200]!r}: {hit.reason}",
                      tree, tool, hit.outcome_id)
            self._replay(tm, cache, hit)
        finally:
            cache.vault.close()

    def _replay(self, tm: TaskMission, cache: Any, hit: Any) -> None:
        """Write the hit's changes into the root, record the replay as a work step that spent
        nothing, move to SELF_CHECK and run the real gate (with the guild's exit condition),
        recorded as the task's ``Checked``. A pass goes on to REVIEW (then DONE, reused); a
        failure (the cache records it ``Invalidated`` and puts the root back) sends the task
        back to WORKING, not as a correction cycle, to be worked afresh."""
        from overlord.supervision.outcome_cache import GateResult

        task = get_task(self.session, self.task_id)
        g = guild(task.guild or "")
        try:
            source = str(cache.vault.session.ledger.get(uuid.UUID(hit.outcome_id)).task_id)
        except (OverlordError, ValueError, AttributeError):
            source = ""
        stopped: list[BaseException] = []

        def gate(root: Path) -> GateResult:
            try:
                self._write(lambda t: t.record_replay(outcome_id=hit.outcome_id, how=hit.how, source_task=source,
                                                      files=[str(c[0]) for c in hit.changes], at=self.clock.now()))
                self._write(lambda t: t.move(S.SELF_CHECK, cause="replayed", detail=f"cached outcome {hit.outcome_id} "
                                             f"({hit.how}) replayed: the gate checks it again", step="cache",
                                             ref=hit.outcome_id, at=self.clock.now()))
                record, check_id, reason, files = self._gate(tm, g, None)
                outcome = g.exit(record, files)
                evidence = record.evidence() if record.verdict != "pass" or outcome != "pass" else ""
                self._write(lambda t: t.record_check(gate_check=check_id, verdict=record.verdict, outcome=outcome,
                                                     reason=reason[:500], evidence=evidence[:MAX_EVIDENCE], run_id="",
                                                     at=self.clock.now()))
            except OverlordError as e:  # the claim was lost, or the task's rules refused: never a pass
                stopped.append(e)
                raise
            return GateResult(record.verdict == "pass" and outcome == "pass", check_id,
                              reason if outcome == record.verdict else f"{g.name}: {outcome}")

        replay = cache.replay(hit, tm.root, task_id=str(self.task_id), gate=gate)
        if stopped and isinstance(stopped[0], ClaimLost):
            raise stopped[0]
        task = get_task(self.session, self.task_id)
        if replay.reused and task.state is S.SELF_CHECK and task.passed_since_work:
            self._said(f"cache: {TaskOutcome.REUSED} {hit.outcome_id} ({hit.how} match, validated by task "
                       f"{source[:8]}); a fresh gate run passed ({replay.gate_check}); no model call")
            self._write(lambda t: t.move(S.REVIEW, cause="check_passed", detail=f"{g.name}: {g.exit_rule} "
                                         "(a replayed cached outcome)", step="self_check", ref=replay.gate_check,
                                         at=self.clock.now()))
            return
        self._said(f"cache: the cached outcome {hit.outcome_id} was invalidated ({replay.reason[:200]}); "
                   "the root is put back and the goal worked afresh")
        if task.state is S.SELF_CHECK:
            self._write(lambda t: t.move(S.WORKING, cause="replay_invalidated", detail=replay.reason[:500],
                                         step="cache", ref=hit.outcome_id, at=self.clock.now()))

    def _first_message(self, task: Task, tm: TaskMission) -> tuple[str, tuple[str, str] | None]:
        """The attempt's first message and the native session it resumes (``(session, run)``
        or ``None``): the goal at first; after a failed check, the verdict and the gate's
        evidence; after a lost worker, the same message its attempt had."""
        from overlord.adapters.runtimes.registry import get_runtime

        runtime = get_runtime(tm.mission.runtime)
        resume = (task.last_session, task.last_session_run) if (runtime.caps.resume and task.last_session
                                                                and task.last_session_run) else None
        if not task.runs:
            return tm.mission.goal, None
        correction = task.last_check > task.last_work  # a check failed since the last work step
        if correction:
            evidence = _for_the_agent(task.last_evidence) or "(the gate gave no evidence)"
            message = CORRECTION.format(artifact=task.artifact, verdict=task.last_outcome or task.last_verdict,
                                        reason=task.last_reason or task.last_verdict, evidence=evidence[:MAX_EVIDENCE],
                                        goal=tm.mission.goal)
        else:  # the last attempt was cut short (its worker was lost): the same request again
            message = TAKEOVER.format(goal=tm.mission.goal)
        if resume is None or not resume[0] or not resume[1]:
            return (f"{tm.mission.goal}\n\n{message}" if correction else tm.mission.goal), None
        return message, (resume[0], resume[1])

    def _adopt_orphan(self, task: Task) -> Task:
        """The work step of a lost worker: its run is ended and settled in place (its
        controller is gone) and the step recorded as settled, so it can be worked again."""
        from overlord.supervision.kill import kill_run

        orphan = uuid.UUID(str(task.open_run))
        try:
            run = self.session.ledger.get(orphan)
        except NotFoundError:
            run = None
        if run is not None and run.settlement is None:
            kill_run(self.session, orphan, clock=self.clock, wait_ms=5_000,
                     reason=f"task {task.id}: the claim of its worker expired")
            run = self.session.ledger.get(orphan)
        if run is not None and run.settlement is not None:
            st = run.settlement
            status, code, detail = st.status, st.stop_code, st.detail
            sid, requests, cost = run.native_session_id, run.model_requests or run.connector_calls, run.cost_micro_usd
        else:
            status, code, detail, sid, requests, cost = ("failed", "controller_lost",
                                                         "the run never opened: its worker was lost", None, 0, 0)
        self._write(lambda t: t.settle_work(run_id=str(orphan), status=status, stop_code=code, detail=detail[:500],
                                            session_id=sid, model_requests=requests, cost_micro_usd=cost,
                                            at=self.clock.now()))
        self._said(f"work: adopted run {orphan} of a lost worker ({status}/{code}); the step is worked again")
        return get_task(self.session, self.task_id)

    # -- 3. self-check -------------------------------------------------------------------

    def self_check(self, task: Task) -> None:
        """The gate on the artifact (the goal as its plan) and the guild's exit condition on
        its record; then REVIEW, a correction cycle, or HALTED."""
        tm = self.mission(task)
        g = guild(task.guild or "")
        run_id = task.runs[-1]
        record, check_id, reason, files = self._gate(tm, g, run_id)
        outcome = g.exit(record, files)
        evidence = record.evidence() if record.verdict != "pass" or outcome != "pass" else ""
        if outcome != record.verdict and outcome != "pass":
            evidence = f"- {g.name}: {outcome}\n{evidence}".strip()
        self._write(lambda t: t.record_check(gate_check=check_id, verdict=record.verdict, outcome=outcome,
                                             reason=reason[:500], evidence=evidence[:MAX_EVIDENCE], run_id=run_id,
                                             at=self.clock.now()))
        self._said(f"self-check: gate verdict {record.verdict}" + (f", {g.name} outcome {outcome}"
                                                                    if outcome != record.verdict else ""))
        task = get_task(self.session, self.task_id)
        target = task.after_check()
        if target is S.REVIEW:
            self._write(lambda t: t.move(S.REVIEW, cause="check_passed", detail=f"{g.name}: {g.exit_rule}",
                                         step="self_check", ref=check_id, at=self.clock.now()))
        elif target is S.WORKING:
            self._write(lambda t: t.move(S.WORKING, cause="correction", detail=f"{outcome}: {evidence[:400]}",
                                         step="self_check", ref=check_id, at=self.clock.now()))
        else:
            self._write(lambda t: t.move(S.HALTED, cause="max_cycles",
                                         detail=f"still {outcome} after {t.cycles} correction cycle(s) "
                                                f"(max_cycles {t.max_cycles}): {evidence[:400]}",
                                         step="self_check", ref=check_id, at=self.clock.now()))
            self._notify_if_halted()

    def _gate(self, tm: TaskMission, g: Guild, run_id: str | None) -> tuple[GateRecord, str, str, dict[str, str]]:
        """Run the gate on a private copy of the artifact whose plan is the goal; record it
        (on the run too, when there is one: a replay has none). An error inside the gate is
        ``unavailable``, never a pass."""
        from overlord.gate.record import record_report
        from overlord.gate.runner import check_artifact
        from overlord.sandbox import default_sandbox

        artifact = tm.root / tm.artifact
        files: dict[str, str] = {}
        copy = Path(tempfile.mkdtemp(prefix="ovl-gate-"))
        try:
            _copy_artifact(artifact, copy, plan=tm.mission.goal, root=tm.root)
            for name in g.reads:
                text = _read_regular(artifact / name, 256 * 1024)
                if text is not None:
                    files[name] = text
            sandbox = default_sandbox(allow_unsandboxed=False)
            report = check_artifact(copy, sandbox)
            check = record_report(report, ledger=self.session.ledger, blobs=self.session.blobs, clock=self.clock,
                                  sandbox=sandbox.name, run_id=run_id)
            record = GateRecord(report.verdict.verdict, tuple((r.axis, r.status, r.code, r.evidence)
                                                              for r in report.verdict.axes))
            check_id, reason = str(check.id), report.verdict.reason
        except Exception as e:  # noqa: BLE001 - fail closed: the gate could not check, so unavailable
            log.warning("task.gate_failed", task_id=str(self.task_id), error=f"{type(e).__name__}: {e}")
            record = GateRecord("unavailable", (("execution", "unavailable", None, f"the gate could not run: {e}"),))
            check_id, reason = "", f"the gate could not run: {type(e).__name__}: {e}"
        finally:
            shutil.rmtree(copy, ignore_errors=True)
        def on_run(run: Any) -> tuple[Any, None]:
            if run is None:
                return None, None
            run.record_verdict(verdict=record.verdict, reason=reason[:500], gate_check=check_id, at=self.clock.now())
            return run, None

        if run_id is None:
            return record, check_id, reason, files
        try:
            self.session.ledger.cas.apply(uuid.UUID(run_id), on_run)
        except OverlordError as e:
            log.warning("task.run_verdict_unrecorded", run_id=run_id, error=e.diagnostics())
        return record, check_id, reason, files

    # -- 4. review -----------------------------------------------------------------------

    def review(self, task: Task) -> None:
        """REVIEW -> DONE: the task's diff (its first run's root as found to its last run's
        last layer), file blame (which run last changed each file), cost; the commit when the
        mission asks."""
        from overlord.projections.diffs import diff_files
        from overlord.supervision.mission_layers import commit_on_pass, layer_files

        if task.checking_replay and not task.runs:
            self._review_replay(task)
            return
        tm = self.mission(task)
        runs = list(task.runs)
        first, last = uuid.UUID(runs[0]), uuid.UUID(runs[-1])
        diffs = diff_files(layer_files(self.session, first, upto=0), layer_files(self.session, last),
                           self.session.blobs)
        blob = self.session.blobs.put("".join(d.text for d in diffs).encode("utf-8")) if diffs else None
        blame: list[list[Any]] = []
        per_run = {r: (layer_files(self.session, uuid.UUID(r), upto=0), layer_files(self.session, uuid.UUID(r)))
                   for r in runs}
        for d in diffs:
            who = next((r for r in reversed(runs) if per_run[r][0].get(d.path) != per_run[r][1].get(d.path)), runs[-1])
            blame.append([d.path, who, d.added, d.removed])
        cost = sum(int(getattr(self.session.ledger.get(uuid.UUID(r)), "cost_micro_usd", 0) or 0) for r in runs
                   if _exists(self.session, r))
        if tm.mission.commit_on_pass:
            sha = commit_on_pass(self.session, last, tm.root, self.clock)
            self._said(f"review: committed {sha}" if sha else "review: nothing committed (see the run's bookkeeping)")
        else:
            self.done.skipped.append("commit: [commit] on_pass is off")
        self._write(lambda t: t.record_review(files=[d.path for d in diffs], diff_blob=blob, blame=blame,
                                              cost_micro_usd=cost, runs=runs, at=self.clock.now()))
        self._said(f"review: {len(diffs)} file(s) changed over {len(runs)} run(s), ${cost / 1e6:.6f}")
        self._write(lambda t: t.move(S.DONE, cause="reviewed", detail=f"{len(diffs)} file(s) changed, gate pass",
                                     step="review", ref=runs[-1], at=self.clock.now()))
        old, new = layer_files(self.session, first, upto=0), layer_files(self.session, last)
        changes = [[p, new[p][0], new[p][1]] if p in new else [p, None, 0]
                   for p in sorted(set(old) | set(new), key=str.encode) if old.get(p) != new.get(p)]
        self._remember(tm, changes, blob)

    def _review_replay(self, task: Task) -> None:
        """REVIEW -> DONE for a replayed cached outcome: its files and diff as cached, no run,
        no cost (nothing was spent); the commit when the mission asks."""
        from overlord.domain.outcomes import CachedOutcome

        tm = self.mission(task)
        outcome_id = str(task.replayed)
        cached: CachedOutcome = self.session.ledger.get(uuid.UUID(outcome_id))
        paths = [str(c[0]) for c in cached.changes]
        if tm.mission.commit_on_pass:
            self.done.skipped.append("commit: a replayed cached outcome has no run to commit from")
        else:
            self.done.skipped.append("commit: [commit] on_pass is off")
        self._write(lambda t: t.record_review(files=paths, diff_blob=cached.diff_blob,
                                              blame=[[p, f"cache:{outcome_id}", 0, 0] for p in paths],
                                              cost_micro_usd=0, runs=[], at=self.clock.now()))
        self._said(f"review: {len(paths)} file(s) changed by the replayed cached outcome, $0.000000")
        self._write(lambda t: t.move(S.DONE, cause="reused", detail=f"{TaskOutcome.REUSED} {outcome_id} (validated "
                                     f"by task {t.replayed_from}), fresh gate pass, no model call", step="review",
                                     ref=outcome_id, at=self.clock.now()))
        self._note(task, f"reused the validated cached outcome {outcome_id} (first validated by task "
                         f"{task.replayed_from}) after a fresh gate pass; no model call")

    def _remember(self, tm: TaskMission, changes: list[list[Any]], diff_blob: str | None) -> None:
        """A verified DONE (gate pass after the last work step) is remembered in the cache of
        validated outcomes under the tree and toolchain taken before its first work step, and,
        when the mission has ``[memory]``, the task's note goes through the intake gate. With
        no vault, nothing is remembered (the task says it skipped it)."""
        from overlord.domain.outcomes import OutcomeError
        from overlord.supervision.outcome_cache import ValidatedOutcome

        task = get_task(self.session, self.task_id)
        if task.state is not S.DONE or not task.passed_since_work or task.reused:
            return
        if task.cache_key is None or not task.cache_key[0]:
            self.done.skipped.append("cache: the task's starting tree was not taken (nothing remembered)")
            return
        cache, why = self._open_cache()
        if cache is None:
            self.done.skipped.append(f"cache: {why} (nothing remembered)")
            return
        try:
            gate_check = self._last_gate_check()
            (outcome_id,) = cache.remember(ValidatedOutcome(
                task_id=str(task.id), goal=task.goal, tree_hash=task.cache_key[0], toolchain=task.cache_key[1],
                changes=changes, gate_check=gate_check, diff_blob=diff_blob))
            self._said(f"cache: remembered the validated outcome {outcome_id} ({len(changes)} file(s))")
        except OutcomeError as e:
            self.done.skipped.append(f"cache: not remembered: {e.message}")
        finally:
            cache.vault.close()
        self._note(task, f"reached DONE after {task.cycles} correction cycle(s) and {len(task.runs)} run(s), gate "
                         f"pass; {len(changes)} file(s) changed: {', '.join(str(c[0]) for c in changes)[:500]}")

    def _open_cache(self) -> tuple[Any, str]:
        """The home's cache of validated outcomes, or ``(None, why)``: no vault (no secret
        store, a locked one), or one that could not be opened (the loop then works without it)."""
        from overlord.supervision.memory_open import open_cache
        from overlord.supervision.outcome_cache import CacheSkipped

        try:
            return open_cache(self.session, self.session.home.root, clock=self.clock), ""
        except CacheSkipped as e:
            return None, e.message
        except Exception as e:  # noqa: BLE001 - a vault that cannot open is no cache, never a stop
            log.warning("task.cache_unavailable", task_id=str(self.task_id), error=f"{type(e).__name__}: {e}")
            return None, f"the vault could not be opened: {type(e).__name__}: {str(e)[:200]}"

    def _last_gate_check(self) -> str:
        """The gate check of the task's last ``Checked`` (the pass that made it DONE)."""
        for stored in reversed(list(self.session.ledger.stream_rows(self.task_id))):
            event = self.session.ledger.mapper.to_domain_event(stored)
            if isinstance(event, Task.Checked):
                return event.gate_check
        return ""

    def _note(self, task: Task, what: str) -> None:
        """The task's note through the intake gate (INTERNAL, provenance the task), when its
        mission asks for memory (``[memory]``) and the home has an unlocked vault."""
        from overlord.adapters.vault.crypto import VaultError
        from overlord.domain.memory import Provenance, Submission
        from overlord.supervision.memory_open import open_vault

        if self.mission(task).mission.memory_role is None:
            return
        try:
            vault = open_vault(self.session, self.session.home.root, clock=self.clock)
        except VaultError as e:
            self.done.skipped.append(f"memory: no note of the task ({e.message})")
            return
        try:
            text = f"task {task.id}: {task.goal}\n{what}"
            vault.add(Submission(text, "INTERNAL", Provenance("task", source_event=f"{task.id}:{task.version}"),
                                 content_type="text"))
        except OverlordError as e:
            self.done.skipped.append(f"memory: the task's note was not taken: {e.message}")
        finally:
            vault.close()

    # -- notify --------------------------------------------------------------------------

    def _notify_if_halted(self) -> None:
        """``[notify]`` hears each halt (a failure is the task's ``Bookkeeping``), under the
        settlement's rules: the command runs on the host, so none of its words may name a file
        the agent could write (the root, the write roots, the task's runtime homes); the
        webhook is reached only through the install policy's ``missions.webhooks``."""
        from overlord.adapters.notify import notify_command, notify_webhook, refuse_agent_shaped
        from overlord.supervision.mission_run import runtime_home_of

        task = get_task(self.session, self.task_id)
        if task.state is not S.HALTED:
            return
        self._said(f"halted: {task.parked}")
        try:
            notify = self.mission(task).mission.notify
        except OverlordError:
            return
        if not notify.command and not notify.webhook:
            self.done.skipped.append("notify: the mission has no [notify]")
            return
        payload = {"task_id": str(task.id), "state": task.state.value, "cycles": task.cycles,
                   "verdict": task.last_verdict, "reason": task.parked}
        sends: list[tuple[str, Callable[[], None]]] = []
        tm = self.mission(task)
        writable = (str(tm.root), *(str(Path(w).resolve()) for w in tm.mission.guard.write_roots),
                    *(str(runtime_home_of(self.session, uuid.UUID(r))) for r in task.runs))
        if notify.command:
            command = notify.command

            def run_command() -> None:
                env = {"PATH": "/usr/local/bin:/usr/bin:/bin"}
                refuse_agent_shaped(command, writable, path=env["PATH"])
                notify_command(command, payload, env=env)

            sends.append(("notify_command", run_command))
        if notify.webhook:
            hook = notify.webhook

            def send_webhook() -> None:
                install = self._install or self.install_policy()
                notify_webhook(hook, payload, allowed_origins=install.policy.webhook_origins(hook))

            sends.append(("notify_webhook", send_webhook))
        for name, send in sends:
            try:
                send()
            except Exception as e:  # noqa: BLE001 - bookkeeping: the halt stands
                problem = f"{type(e).__name__}: {e}"[:500]
                def record(t: Task, step: str = name, what: str = problem) -> None:
                    t.bookkeeping_failed(step=step, problem=what, at=self.clock.now())

                try:
                    change_task(self.session, self.task_id, record)
                except OverlordError:
                    log.warning("task.notify_unrecorded", task_id=str(self.task_id), error=problem)


def toolchain_key(artifact: Path) -> str:
    """The cache's toolchain digest for an artifact: the digest of the gate's toolchain for
    the language found in it, or (before the agent wrote anything a language can be told
    from) one digest over every toolchain the gate knows, so a new compiler or test runner is
    never the same key."""
    import hashlib

    from overlord.adapters.vault.tree import toolchain_digest
    from overlord.gate.runner import detect
    from overlord.gate.toolchains import all_toolchains

    tcs = all_toolchains()
    try:
        return toolchain_digest(detect(artifact, tcs))
    except Exception:  # noqa: BLE001 - no language told (no artifact yet): every toolchain is the key
        body = json.dumps(sorted((name, toolchain_digest(tc)) for name, tc in tcs.items()))
        return hashlib.sha256(body.encode()).hexdigest()


def _for_the_agent(evidence: str) -> str:
    """The gate's evidence as the agent is told it: the harness's own report line (its
    per-check nonce and counters) is the gate's business, not a finding, and is left out."""
    return _REPORT_LINE.sub("", evidence).strip()


def _exists(session: LedgerSession, run_id: str) -> bool:
    try:
        session.ledger.get(uuid.UUID(run_id))
    except NotFoundError:
        return False
    return True


def _read_regular(path: Path, limit: int) -> str | None:
    """The text of a regular file (never through a symlink), or ``None``."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as f:
            return f.read(limit).decode("utf-8", "replace")
    except OSError:
        return None


def _copy_artifact(artifact: Path, into: Path, *, plan: str, root: Path) -> None:
    """Copy the artifact's top-level regular files (never a symlink: the agent shaped the
    artifact, and a link to the home's key must not be read on the host) into ``into``,
    with ``plan.md`` the goal text (the agent's own plan is ignored). An artifact whose path
    leads out of ``root`` (a directory on the way replaced by a link) is not read at all.

    Raises:
        ConfigError: the artifact is not a directory (or is a symlink), or leads out of the root.
    """
    real = Path(os.path.realpath(artifact))
    if not real.is_relative_to(Path(os.path.realpath(root))):
        raise ConfigError(f"the artifact {artifact} leads out of the worker root (to {real})")
    try:
        st = os.lstat(artifact)
    except OSError as e:
        raise ConfigError(f"the artifact {artifact} does not exist: {e.strerror}") from e
    if not stat.S_ISDIR(st.st_mode):
        raise ConfigError(f"the artifact {artifact} is not a directory")
    copied = 0
    for entry in sorted(os.scandir(artifact), key=lambda e: e.name):
        if entry.name == "plan.md" or not entry.is_file(follow_symlinks=False):
            continue
        if copied >= MAX_COPY_FILES:
            break
        try:
            fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_COPY_BYTES:
                continue
            (into / entry.name).write_bytes(f.read(MAX_COPY_BYTES))
        copied += 1
    (into / "plan.md").write_text(plan + "\n", encoding="utf-8")


def describe(task: Task) -> dict[str, Any]:
    """``overlord task show --json``: the outcome object (``state`` at the top level) and the
    task's own facts."""
    out = TaskOutcome.of(task).to_json()
    out.update({"goal": task.goal, "guild": task.guild, "route_reason": task.route_reason, "priority": task.priority,
                "max_cycles": task.max_cycles, "queued": task.queued, "root": task.root, "artifact": task.artifact,
                "parked": task.parked, "outcome": task.last_outcome, "evidence": task.last_evidence,
                "cost_micro_usd": task.cost_micro_usd, "claimed_by": task.claim[0] if task.claim else None})
    return out


__all__ = ["ClaimLost", "GuildNotDescribed", "TaskLoop", "TaskMission", "TaskOutcome", "approve", "change_task",
           "describe", "fail", "get_task", "load_task_mission", "read_task_mission", "submit", "with_goal",
           "worker_name"]


def with_goal(text: str, goal: str, *, source: str = "the goal mission") -> str:
    """The mission file ``text`` with ``[mission] goal`` set to ``goal`` (the war room's goal
    console: one template, a goal typed by a person), written back as TOML.

    Raises:
        ConfigError: ``text`` is not TOML, or holds a value a mission never has.
    """
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{source}: not valid TOML: {e}") from e
    tables.setdefault("mission", {})["goal"] = goal
    return _toml(tables, source)


def _toml_value(value: Any, source: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value)  # a JSON string is a TOML basic string (same escapes)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v, source) for v in value) + "]"
    raise ConfigError(f"{source}: a value of type {type(value).__name__} cannot be written back")


def _toml(tables: Mapping[str, Any], source: str, prefix: str = "") -> str:
    out: list[str] = []
    scalars = {k: v for k, v in tables.items() if not isinstance(v, dict)}
    if prefix and (scalars or not tables):
        out.append(f"[{prefix}]")
    out += [f"{json.dumps(k)} = {_toml_value(v, source)}" for k, v in scalars.items()]
    for k, v in tables.items():
        if isinstance(v, dict):
            out.append(_toml(v, source, f"{prefix}.{json.dumps(k)}" if prefix else json.dumps(k)))
    return "\n".join(x for x in out if x) + "\n"

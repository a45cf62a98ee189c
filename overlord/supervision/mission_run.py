"""The main job: run a mission under supervision, end to end.

``run_mission`` checks everything it can before anything is spawned (the runtime is
installed, the transcript reads, the worker root does not contain the home), then opens a
Run; hosts the guard's decision service on a Unix socket; arms the guard (the hook installed
in the root, two probes that must be denied); starts the connector (replay) and points the
runtime at it; spawns the runtime under the controller; records the exit; settles; restores
the hook settings; signs a checkpoint. Once the Run is opened it is always settled.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import uuid
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import structlog

from overlord import __version__
from overlord.adapters.clock import Clock
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.hooks.install import GuardArmError, restore_hook
from overlord.adapters.runtimes import claude_code as cc
from overlord.domain.guard.policy import GuardPolicy
from overlord.domain.mission import Mission
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement, StopCode, settle_supervised, settlement_conflict, stopped
from overlord.errors import ConfigError, OverlordError
from overlord.ledger.home import contains
from overlord.ledger.session import LedgerSession
from overlord.sandbox.runtime_jail import Jail, bubblewrap_path, jail_argv
from overlord.supervision import mission_layers
from overlord.supervision.controller import Controller, parse_nothing
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder, arm_guard
from overlord.supervision.mission_connector import ConnectorPlan, load_recorded, plan_connector, start_connector

log = structlog.get_logger("overlord.mission")

CLAUDE_TOOLS = ("Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "Bash", "TodoWrite")
ENV_ALLOW = ("PATH", "LANG", "LC_ALL", "TZ", "TERM")


@dataclass(frozen=True)
class MissionResult:
    """How a mission run ended: the run id, its settlement, the runtime's exit."""

    run_id: uuid.UUID
    settlement: Settlement
    exit_code: int | None
    signal: int | None
    checkpoint_size: int | None
    verdict: str | None = None


@dataclass(frozen=True)
class Prepared:
    """What was checked before anything was opened or spawned."""

    argv: tuple[str, ...]
    binary: Path | None
    transcript: Transcript | None
    bwrap: str | None = None  # None: the runtime runs bare (--no-sandbox)
    connector: ConnectorPlan | None = None  # the checked [connector] (claude-code only)


def prepare(mission: Mission, *, root: Path, home_root: Path, mission_dir: Path, project_root: Path | None,
            claude_binary: str | None = None, sandbox: bool = True) -> Prepared:
    """Check the mission against this machine before a run is opened.

    Raises:
        ConfigError: the root contains (or is inside) the home, a transcript is missing or
            bad, a mode that is not built yet. RuntimeNotInstalled: no Claude Code CLI.
    """
    if contains(root, home_root) or contains(home_root, root):
        raise ConfigError(f"the worker root {root} contains (or is inside) the Overlord home {home_root}",
                          "move OVERLORD_HOME out of the worker root")
    if not root.is_dir():
        raise ConfigError(f"the worker root {root} is not a directory")
    bwrap = bubblewrap_path() if sandbox else None
    transcript = None
    if mission.runtime == "claude-code":
        binary = cc.find_binary(claude_binary, project_root=project_root)
        plan = plan_connector(mission, mission_dir=mission_dir)
        return Prepared((str(binary),), binary, plan.transcript, bwrap, connector=plan)
    exe = shutil.which(mission.command[0], path=None) if "/" not in mission.command[0] else mission.command[0]
    if exe is None or not Path(exe).exists():
        raise ConfigError(f"the runtime command {mission.command[0]!r} is not installed", "check [mission] command")
    return Prepared(mission.command, None, None, bwrap)


def run_mission(
    session: LedgerSession, mission: Mission, prepared: Prepared, *, root: Path, clock: Clock,
    host_env: Mapping[str, str], poll_ms: int = 100, on_tick=None,  # noqa: ANN001 - Controller.on_tick
    mission_blob: str | None = None, mission_dir: Path | None = None, resume_from: ResumeFrom | None = None,
) -> MissionResult:
    """Run a prepared mission in ``root`` (see the module docstring)."""
    root = root.resolve()
    recorded = load_recorded(session, prepared.connector)  # a forensic replay's responses: read before a run opens
    policy = mission.guard if mission.guard.worker_root else _with_root(mission.guard, root)
    run_id = uuid.uuid4()
    memory = _memory_limit(mission.limits.memory_mb)
    sandbox_label = ("bubblewrap" if prepared.bwrap else "none") + (f"+{memory.label}" if memory else "")
    session.ledger.append(Run.open(
        run_id=run_id, cwd=str(root), argv=list(prepared.argv), policy_hash=_policy_hash(policy),
        overlord_version=__version__, runtime=mission.runtime, sandbox=sandbox_label,
        at=clock.now()))
    recorder = RunRecorder(session.ledger, run_id, clock)
    if mission_blob is not None:
        recorder.apply(lambda run: run.record_mission(mission_blob=mission_blob, mission_dir=str(mission_dir or root),
                                                      at=clock.now()))
    if resume_from is not None:
        recorder.apply(lambda run: run.resumed_from(previous_run=str(resume_from.run_id),
                                                    session_id=resume_from.session_id, at=clock.now()))
    sealer = mission_layers.open_layers(session, run_id, root, recorder.apply, clock,  # layer 0: the root as found
                                        gitignore=mission.layers_gitignore)
    settlement: Settlement | None = None
    exit_code = exit_signal = None
    armed = False
    try:
        with ExitStack() as stack:
            if memory is not None:
                stack.callback(memory.release)
            sock_dir = Path(tempfile.mkdtemp(prefix="ovl-", dir="/tmp"))
            stack.callback(shutil.rmtree, sock_dir, ignore_errors=True)
            core = DecisionCore(policy, overlord_home=str(session.home.root), recorder=recorder, run_id=str(run_id))
            service = stack.enter_context(DecisionService(sock_dir / "guard.sock", core))
            if sealer is not None:  # layers: the PostToolUse hook asks for a seal after each writing tool
                core.on_post_tool_use = sealer.on_post_tool_use
            try:
                inst = arm_guard(session, root=root, policy=policy, clock=clock, run_id=run_id, service=service,
                                 post_tool_use=sealer is not None)
                armed = True
            except GuardArmError as e:
                settlement = stopped(StopCode.POLICY, f"the guard could not be armed: {e.message}")
                return _finish(session, run_id, settlement, None, None, clock, root, armed, mission, sealer)
            extra = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id),
                     "OVERLORD_HOOK_COMMAND": inst.command}
            # the runtime's HOME is kept with the run (its native session lives there, for
            # `overlord resume`); inside the jail it is the one writable place under the home
            runtime_home = runtime_home_of(session, run_id)
            if resume_from is not None and resume_from.runtime_home.is_dir():
                shutil.copytree(resume_from.runtime_home, runtime_home, symlinks=True, dirs_exist_ok=True)
            runtime_home.mkdir(parents=True, exist_ok=True, mode=0o700)
            shutil.rmtree(runtime_home / "tmp", ignore_errors=True)
            (runtime_home / "tmp").mkdir()
            extra["TMPDIR"] = str(runtime_home / "tmp")
            stop_requested = _no_stop
            if mission.runtime == "claude-code":
                dummy_key = f"overlord-run-{run_id.hex[:12]}"
                conn = stack.enter_context(start_connector(
                    _resumed_plan(prepared.connector or ConnectorPlan("replay", mission.models, transcript=prepared.transcript),
                                  resume_from),
                    record=recorder.apply, put_blob=session.blobs.put, clock=clock, host_env=host_env,
                    dummy_key=dummy_key, recorded=recorded))
                stop_requested = conn.stop_requested
                env = cc.build_env(base_url=conn.url, api_key=dummy_key, home=runtime_home,
                                   host_env=host_env, extra=extra)
                inv = cc.Invocation(prompt=mission.goal, max_turns=mission.limits.max_turns, allowed_tools=CLAUDE_TOOLS,
                                    model=mission.models[0] if mission.models else None)
                if resume_from is not None:
                    inv = replace(inv, resume=resume_from.session_id, prompt="Continue where you stopped.")
                argv = cc.build_argv(prepared.binary, inv)
                parse = cc.parse_line
            else:
                env = {k: v for k, v in host_env.items() if k in ENV_ALLOW}
                env.update(extra, HOME=str(runtime_home))
                argv = list(prepared.argv)
                parse = cc.parse_line if mission.runtime == "command" else parse_nothing
            def contained(argv: list[str]) -> list[str]:
                if not prepared.bwrap:
                    return argv
                writable = tuple(dict.fromkeys([str(root), *(_resolved(p) for p in policy.write_roots), str(runtime_home)]))
                jail = Jail(writable=writable, hidden=(str(session.home.root.resolve()),),
                            read_only=(str(inst.snapshot_dir), *_guarded_dirs(root)), sockets=(str(sock_dir),))
                return jail_argv(prepared.bwrap, jail, argv, cwd=str(root))

            settings_intact = _settings_watch(Path(inst.settings_path))

            def stop_check() -> tuple[StopCode, str] | None:
                return stop_requested() or settings_intact()

            controller = Controller(
                record=recorder.apply, put_blob=session.blobs.put, limits=mission.limits,
                max_denials=policy.max_denials, denials=lambda: service.denials, parse_line=parse,
                control_path=_control_path(session, run_id), clock=clock, poll_ms=poll_ms,
                stop_requested=stop_check, on_tick=on_tick, preexec=memory.preexec if memory else None,
            )
            attempt = 0
            while True:
                try:
                    seen = controller.supervise(contained(argv), cwd=str(root), env=env)
                except OSError as e:
                    settlement = Settlement("failed", StopCode.RUNTIME_ERROR.value, f"the runtime could not start: {e}")
                    return _finish(session, run_id, settlement, None, None, clock, root, armed, mission, sealer)
                exit_code, exit_signal = seen.exit_code, seen.signal
                recorder.apply(lambda run, seen=seen: run.record_exit(
                    exit_code=seen.exit_code, signal=seen.signal, duration_ns=seen.duration_ns,
                    stdout_blob=session.blobs.put(seen.stdout), stderr_blob=session.blobs.put(seen.stderr),
                    stdout_bytes=len(seen.stdout), stderr_bytes=len(seen.stderr), at=clock.now()))
                # steering: a person's message stops the attempt and resumes the session with it first
                steered = seen.crossed is not None and seen.crossed.stop_code is StopCode.STEERED
                if steered and mission.runtime == "claude-code" and seen.session_id:
                    prompt, why = seen.crossed.detail, f"steered: {seen.crossed.detail[:200]}"
                else:
                    # recovery: a stalled or failed attempt resumes its native session, up to max_resumes
                    why = _resumable(mission, seen, attempt)
                    if why is None:
                        break
                    attempt += 1
                    prompt = "Continue where you stopped."
                recorder.apply(lambda run, n=attempt, sid=seen.session_id, why=why: run.resume(
                    attempt=n, session_id=sid, reason=why, at=clock.now()))
                log.info("run.resume", run_id=str(run_id), attempt=attempt, reason=why)
                argv = cc.build_argv(prepared.binary, replace(inv, resume=seen.session_id, prompt=prompt))
            if mission.runtime == "claude-code":
                served = sum(1 for r in conn.thread.requests if r.path == "/v1/messages")
                recorder.apply(lambda run: run.connector_closed(model_requests=served, at=clock.now()))
            conflict = settlement_conflict(
                stop_code=seen.crossed.stop_code if seen.crossed else None,
                result_subtype=seen.result.subtype if seen.result else None,
                result_is_error=seen.result.is_error if seen.result else None)
            if conflict is not None:
                recorder.apply(lambda run: run.settlement_conflict(detail=conflict, at=clock.now()))
            settlement = settle_supervised(
                stop_code=seen.crossed.stop_code if seen.crossed else None,
                stop_detail=seen.crossed.detail if seen.crossed else "",
                exit_code=seen.exit_code, signal=seen.signal,
                result_subtype=seen.result.subtype if seen.result else None,
                result_is_error=seen.result.is_error if seen.result else None,
            )
    except KeyboardInterrupt:
        settlement = stopped(StopCode.CANCELLED, "interrupted")
    finally:
        if settlement is None:
            settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value, "the controller failed before settling")
    return _finish(session, run_id, settlement, exit_code, exit_signal, clock, root, armed, mission, sealer)


def _finish(session: LedgerSession, run_id: uuid.UUID, settlement: Settlement, exit_code: int | None,
            exit_signal: int | None, clock: Clock, root: Path, armed: bool, mission: Mission,
            sealer: Any = None) -> MissionResult:
    """Settle (once), then the after-steps; none of them changes the settlement."""
    mission_layers.final_seal(sealer, run_id)  # layers: the settlement seal
    run = session.ledger.get(run_id)
    if run.settlement is None:
        run.settle(settlement, at=clock.now())
        session.ledger.append(run)
    log.info("run.settled", run_id=str(run_id), status=settlement.status, stop_code=settlement.stop_code)
    size = None
    if armed:
        try:
            restore_hook(root, session.home.root, session.blobs)
        except OverlordError as e:  # bookkeeping
            _bookkeeping(session, run_id, "restore_hook", e.diagnostics(), clock)
    if mission.gate_artifact is not None:
        _gate(session, run_id, root / mission.gate_artifact, clock)
    try:
        size = session.checkpoint(at=clock.now())[0].size
    except OverlordError as e:  # bookkeeping
        _bookkeeping(session, run_id, "checkpoint", e.diagnostics(), clock)
    _notify(session, run_id, mission, clock)
    if mission.commit_on_pass:  # commit: Overlord, not the agent, commits the last layer on a pass
        mission_layers.commit_on_pass(session, run_id, root, clock)
    final = session.ledger.get(run_id)
    return MissionResult(run_id, final.settlement or settlement, exit_code, exit_signal, size, final.verdict)


def _bookkeeping(session: LedgerSession, run_id: uuid.UUID, step: str, problem: str, clock: Clock) -> None:
    """Record a failed after-step on the run; if even that fails, log it (never raise)."""
    log.warning("run.bookkeeping", run_id=str(run_id), step=step, problem=problem)
    try:
        run = session.ledger.get(run_id)
        run.bookkeeping_failed(step=step, problem=problem[:500], at=clock.now())
        session.ledger.append(run)
    except OverlordError as e:
        log.error("run.bookkeeping_unrecorded", run_id=str(run_id), step=step, error=e.diagnostics())


def _notify(session: LedgerSession, run_id: uuid.UUID, mission: Mission, clock: Clock) -> None:
    """Tell the mission's [notify] command and webhook how the run settled."""
    from overlord.adapters.notify import NotifyError, notify_command, notify_webhook

    if not mission.notify.command and not mission.notify.webhook:
        return
    run = session.ledger.get(run_id)
    s = run.settlement
    payload = {"run_id": str(run_id), "status": s.status, "stop_code": s.stop_code, "detail": s.detail,
               "verdict": run.verdict}
    if mission.notify.command:
        try:
            notify_command(mission.notify.command, payload, env={"PATH": "/usr/local/bin:/usr/bin:/bin"})
        except NotifyError as e:
            _bookkeeping(session, run_id, "notify_command", e.diagnostics(), clock)
    if mission.notify.webhook:
        try:
            notify_webhook(mission.notify.webhook, payload)
        except NotifyError as e:
            _bookkeeping(session, run_id, "notify_webhook", e.diagnostics(), clock)


def _gate(session: LedgerSession, run_id: uuid.UUID, artifact: Path, clock: Clock) -> None:
    """Run the completion gate on the run's artifact and record the verdict on the run.

    An error inside the gate is recorded as the verdict ``unavailable`` (never a pass), and
    never changes how the run settled."""
    from overlord.gate.record import record_report
    from overlord.gate.runner import check_artifact
    from overlord.sandbox import default_sandbox

    try:
        sandbox = default_sandbox(allow_unsandboxed=False)
        report = check_artifact(artifact, sandbox)
        check = record_report(report, ledger=session.ledger, blobs=session.blobs, clock=clock,
                              sandbox=sandbox.name, run_id=str(run_id))
        verdict, reason, check_id = report.verdict.verdict, report.verdict.reason, str(check.id)
    except Exception as e:  # noqa: BLE001 - fail closed: the gate could not check, so unavailable
        verdict, reason, check_id = "unavailable", f"the gate could not run: {e}", ""
    log.info("run.gate", run_id=str(run_id), verdict=verdict)
    run = session.ledger.get(run_id)
    run.record_verdict(verdict=verdict, reason=reason[:500], gate_check=check_id, at=clock.now())
    session.ledger.append(run)


@dataclass(frozen=True)
class ResumeFrom:
    """A settled run to resume: its id, its native session, and the HOME that holds it."""

    run_id: uuid.UUID
    session_id: str
    runtime_home: Path
    model_requests: int = 0  # a replay continues after the requests the run already made


def _guarded_dirs(root: Path) -> tuple[str, ...]:
    """Directories of the root that stay read-only inside the jail even though the root is
    writable: the hook settings (.claude) and the repository (.git), when they exist. An
    agent's script cannot disarm the guard or rewrite history behind the guard's back."""
    return tuple(str(root / d) for d in (".claude", ".git") if (root / d).is_dir())


def _settings_watch(path: Path):  # noqa: ANN202
    """A stop check: the guard's hook settings must stay exactly as installed. A change (a
    script the guard never saw rewrote them) stops the run with stop code ``policy``."""
    def digest() -> str | None:
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return None

    armed = digest()

    def check() -> tuple[StopCode, str] | None:
        if digest() != armed:
            return StopCode.POLICY, f"guard_tamper: the hook settings {path} were changed during the run"
        return None

    return check


def _resumed_plan(plan: ConnectorPlan, resume_from: ResumeFrom | None) -> ConnectorPlan:
    """A transcript replay of a resumed run continues after the turns already served."""
    if resume_from is None or plan.transcript is None or not resume_from.model_requests:
        return plan
    return replace(plan, transcript=Transcript(plan.transcript.turns[resume_from.model_requests:]))


def runtime_home_of(session: LedgerSession, run_id: uuid.UUID) -> Path:
    """Where a run keeps its runtime's HOME (beside its control file)."""
    return session.home.run_dir(str(run_id)) / "runtime-home"


def resume_point(session: LedgerSession, run_id: uuid.UUID) -> tuple[ResumeFrom, bytes, Path]:
    """What ``overlord resume`` needs of a settled run: the resume point, its mission file
    and the directory the mission's relative paths start from.

    Raises:
        ConfigError: the run is not settled, has no native session, or no recorded mission.
    """
    run = session.ledger.get(run_id)
    if run.settlement is None:
        raise ConfigError(f"run {run_id} is still live", "steer it, or kill it first")
    if not run.native_session_id:
        raise ConfigError(f"run {run_id} has no native session to resume", "only a claude-code run can be resumed")
    if not run.mission_blob:
        raise ConfigError(f"run {run_id} has no recorded mission file", "start it again with `overlord run --mission`")
    return (ResumeFrom(run_id, run.native_session_id, runtime_home_of(session, run_id), run.model_requests),
            session.blobs.get(run.mission_blob), Path(run.mission_dir or run.cwd))


@dataclass
class _MemoryLimit:
    """memory_mb for the runtime: a memory cgroup when one is writable (v1 or v2), else
    RLIMIT_AS. ``label`` says which; ``release`` removes the cgroup."""

    label: str
    preexec: object
    limiter: object | None = None

    def release(self) -> None:
        if self.limiter is not None:
            try:
                self.limiter.kill_all()
                self.limiter.remove()
            except OSError as e:  # bookkeeping: a cgroup left behind is logged, not fatal
                log.warning("run.cgroup_remove_failed", error=str(e))


def _memory_limit(memory_mb: int | None) -> _MemoryLimit | None:
    if memory_mb is None:
        return None
    from overlord.sandbox.limits import CgroupLimiter, find_cgroup_root, rlimit_preexec

    limit = memory_mb * 1024 * 1024
    root = find_cgroup_root()
    if root is not None:
        try:
            limiter = CgroupLimiter(root, limit, max_pids=4096)
            return _MemoryLimit(limiter.label, limiter.join_self, limiter)
        except OSError as e:
            log.warning("run.cgroup_unavailable", error=str(e))
    return _MemoryLimit("rlimit-as", rlimit_preexec(limit, None, 1 << 40))


def _resumable(mission: Mission, seen, attempt: int) -> str | None:  # noqa: ANN001
    """Why the attempt that ended as ``seen`` should be resumed, or ``None``: only a Claude
    Code session that stalled or failed on its own, while resumes remain."""
    if mission.runtime != "claude-code" or not seen.session_id or attempt >= mission.max_resumes:
        return None
    if seen.crossed is not None:
        return seen.crossed.detail if seen.crossed.stop_code is StopCode.STALL else None
    if seen.result is not None and seen.result.is_error and seen.result.subtype != "error_max_turns":
        return f"the runtime reported {seen.result.subtype}"
    if seen.result is None and (seen.exit_code or seen.signal):
        return "the runtime ended without a result"
    return None


def _resolved(path: str) -> str:
    return str(Path(path).resolve())


def _no_stop() -> None:
    return None


def _with_root(policy: GuardPolicy, root: Path) -> GuardPolicy:
    from dataclasses import replace

    return replace(policy, worker_root=str(root))


def _policy_hash(policy: GuardPolicy) -> str:
    return hashlib.sha256(repr(policy).encode()).hexdigest()


def _control_path(session: LedgerSession, run_id: uuid.UUID) -> Path:
    d = session.home.run_dir(str(run_id))
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    return d / "control.json"

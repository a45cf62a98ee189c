"""The main job: run a mission under supervision, end to end.

:func:`prepare` checks everything it can before anything is opened or spawned (the runtime is
known and installed, the connector's transcript or upstream is good, the worker root does not
contain the home). :class:`MissionRun` then goes through its steps, each a method:

1. :meth:`~MissionRun.open`: the Run is opened, the mission recorded, layer 0 sealed;
2. :meth:`~MissionRun.make_home`: the runtime's HOME (kept with the run, for ``overlord resume``);
3. :meth:`~MissionRun.arm`: the guard's decision service starts on a Unix socket, the hook is
   installed and proven (two probes through the hook command must be denied, then one through
   the runtime's own CLI in the run's sandbox), and the guard's own settings are written and
   watched (:mod:`overlord.supervision.guard_files`: a change is ``guard_tamper``);
4. :meth:`~MissionRun.connect`: the connector started;
5. :meth:`~MissionRun.supervise`: the runtime runs under the controller, attempt after
   attempt (steering and recovery resume its native session), and the settlement is decided;
6. :meth:`~MissionRun.finish`: the run is settled (once), then the after-steps: restore the
   hook, the gate, notify, the commit, then a checkpoint that covers them all. None of them
   changes the settlement, and none runs anything the agent shaped on the host (git with the
   agent's hooks and configuration neutralised, no commit into a ``.git`` the run did not
   start with, no link followed out of the root, no notify command from a writable root).

Every write goes through the run's :class:`~overlord.supervision.recorder.RunRecorder`: a write
the ledger refuses during the run stops it with ``controller_error``; a failed after-step is a
``Bookkeeping`` event. Once the Run is opened it is always settled, whatever is raised.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import structlog

from overlord import __version__
from overlord.adapters.clock import Clock
from overlord.adapters.connector.admission import new_runtime_key
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.egress import Resolver
from overlord.adapters.git import RepositoryIdentity, identify_repository
from overlord.adapters.hooks.install import GuardArmError, Installation, restore_hook, runtime_timeout_s
from overlord.adapters.runtimes.base import HookCommands, Launch, Runtime
from overlord.adapters.runtimes.registry import get_runtime
from overlord.domain.guard.policy import GuardPolicy
from overlord.domain.mission import Mission
from overlord.domain.oracle import RouteDecision
from overlord.domain.policy import HOOK_TIMEOUT_MS, InstallPolicy, MissionWidensPolicy
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement, StopCode, settle_supervised, settlement_conflict, stopped
from overlord.errors import ConfigError
from overlord.ledger.home import contains
from overlord.ledger.session import LedgerSession
from overlord.sandbox.netns import UnixRelay, forwarder_argv, netstack_argv, port_of, slirp4netns_path
from overlord.sandbox.runtime_jail import Jail, bubblewrap_path, jail_argv, system_mounts
from overlord.supervision import mission_layers
from overlord.supervision.approvals import ApprovalBroker
from overlord.supervision.cli_probe import probe_through_cli
from overlord.supervision.controller import Controller, Supervised
from overlord.supervision.decision_service import DecisionCore, DecisionService, arm_guard
from overlord.supervision.ground_truth import GroundTruth, payload_of
from overlord.supervision.guard_files import GuardFiles, TamperWatch, copy_home, load_baseline
from overlord.supervision.mission_connector import (
    ConnectorPlan,
    LiveConnector,
    load_recorded,
    plan_connector,
    probe_connector,
    start_connector,
)
from overlord.supervision.policy_keeper import ActivePolicy, PolicyIntegrityError, check_policy
from overlord.supervision.recorder import RunRecorder
from overlord.supervision.spend import LedgerSpendReserve

log = structlog.get_logger("overlord.mission")


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
    """What was checked before anything was opened or spawned: the runtime, its binary (and
    the version it reports), the first attempt's argv for the record, the sandbox program
    (``None``: the runtime runs bare, ``--no-sandbox``) and the checked connector."""

    runtime: Runtime
    binary: Path | None
    argv: tuple[str, ...]
    version: str | None = None
    bwrap: str | None = None
    connector: ConnectorPlan | None = None
    slirp: str | None = None

    @property
    def transcript(self) -> Transcript | None:
        """The replayed transcript, when the connector replays one."""
        return self.connector.transcript if self.connector else None


@dataclass(frozen=True)
class ResumeFrom:
    """A settled run to resume: its id, its native session, and the HOME that holds it;
    ``prompt`` is the resumed session's first message (``None``: :data:`RESUME_PROMPT`)."""

    run_id: uuid.UUID
    session_id: str
    runtime_home: Path
    model_requests: int = 0  # a replay continues after the requests the run already made
    prompt: str | None = None


def prepare(mission: Mission, *, root: Path, home_root: Path, mission_dir: Path, install: InstallPolicy,
            host_path: str | None = None, sandbox: bool = True, environ: Mapping[str, str] | None = None,
            secrets: Any = None, at: datetime | None = None, resolver: Resolver | None = None) -> Prepared:
    """Check the mission against this machine before a run is opened.

    Args:
        host_path: the PATH to find the runtime's CLI on (the caller's own).
        environ: the caller's environment, where a named secret is looked up after the store.
        secrets: the home's secret store (``None``: none is consulted).
        at: now, for the list prices of the package layer.
        install: the home's install policy, checked against the ledger by the caller
            (:func:`~overlord.supervision.policy_keeper.check_policy`): a mission that asks for
            more is refused here, before its upstream is even contacted; the connector's
            upstream, secret, tiers and balance come from it (see ``plan_connector``).
        resolver: how the upstream's name becomes addresses (one lookup; the system's by default).

    Raises:
        ConfigError: the root contains (or is inside) the home or is not a directory, a
            transcript is missing or bad, the upstream does not answer, bubblewrap is missing.
        MissionWidensPolicy: the mission asks for more than the install policy allows (the
            key and the policy line are named).
        RuntimeNotInstalled: the runtime's CLI was not found.
    """
    if contains(root, home_root) or contains(home_root, root):
        raise ConfigError(f"the worker root {root} contains (or is inside) the Overlord home {home_root}",
                          "move OVERLORD_HOME out of the worker root")
    if not root.is_dir():
        raise ConfigError(f"the worker root {root} is not a directory", "create it first")
    runtime = get_runtime(mission.runtime)
    explicit = mission.command[0] if mission.command else mission.binary
    binary = runtime.find_binary(explicit, search_dirs=(mission_dir,), path=host_path)
    check_against_policy(mission, install, binary=binary, sandbox=sandbox)
    bwrap = bubblewrap_path() if sandbox else None
    if not sandbox and secrets is not None and secrets.unlocked():
        log.warning("run.unsandboxed_with_unlocked_secrets",
                    why="the secret store is unlocked and an unsandboxed agent runs as you: it can read the store's "
                        "key from the kernel keyring", hint="`overlord secret lock` before unsandboxed runs")
    slirp = slirp4netns_path() if sandbox and mission.guard.allow_network else None
    plan = plan_connector(mission, mission_dir=mission_dir, install=install, secrets=secrets, environ=environ,
                          sandbox=sandbox, at=at, resolver=resolver,
                          api=runtime.api or "anthropic") if runtime.caps.connector else None
    version = runtime.version(binary) if runtime.executable else None
    known = getattr(runtime, "known_versions", ())
    if version is not None and known and version not in known:
        log.warning("runtime.version_unknown", runtime=runtime.name, version=version, known=list(known),
                    hint=f"this adapter was checked against {', '.join(known)}; the run is recorded with the warning")
    first = runtime.argv(binary, Launch(prompt=mission.goal, home=root, model=_model(mission, plan),
                                        max_turns=mission.limits.max_turns, command=mission.command))
    return Prepared(runtime, binary, tuple(first), version, bwrap, plan, slirp)


def check_against_policy(mission: Mission, install: InstallPolicy, *, binary: Path | None, sandbox: bool) -> None:
    """Refuse a mission that widens the install policy (see
    :meth:`~overlord.domain.policy.InstallPolicy.check_mission`), or whose stall limit would
    stop a run while a call waits for the owner.

    Raises:
        MissionWidensPolicy: naming the mission's key and the policy line.
        ConfigError: ``stall_timeout_ms`` does not exceed the approval timeout.
    """
    violations = install.check_mission(
        guard=mission.guard, runtime=mission.runtime, binary=str(binary) if binary is not None else None,
        write_roots=[_resolved(p) for p in mission.guard.write_roots], webhook=mission.notify.webhook)
    if violations:
        raise MissionWidensPolicy(violations)
    approval = install.approval
    stall = mission.limits.stall_timeout_ms
    if approval.classes and sandbox and stall is not None and stall <= approval.timeout_ms:
        raise ConfigError(f"limits.stall_timeout_ms = {stall} would stop the run while a call waits for approval "
                          f"(the install policy's approval.timeout_ms is {approval.timeout_ms})",
                          "raise stall_timeout_ms above the approval timeout")


def run_mission(
    session: LedgerSession, mission: Mission, prepared: Prepared, *, root: Path, clock: Clock,
    host_env: Mapping[str, str], poll_ms: int = 100, on_tick: Callable[..., None] | None = None,
    mission_blob: str | None = None, mission_dir: Path | None = None, resume_from: ResumeFrom | None = None,
    install: ActivePolicy,
) -> MissionResult:
    """Run a prepared mission in ``root`` (see the module docstring); returns how it settled.
    ``install``: the install policy the caller checked (approvals, the ceiling's caps)."""
    return MissionRun(session, mission, prepared, root=root, clock=clock, host_env=host_env, poll_ms=poll_ms,
                      on_tick=on_tick, mission_blob=mission_blob, mission_dir=mission_dir,
                      resume_from=resume_from, install=install).run()


class _Ended(Exception):
    """A step ended the run before the runtime ran: the settlement to record."""

    def __init__(self, settlement: Settlement) -> None:
        super().__init__(settlement.detail)
        self.settlement = settlement


class MissionRun:
    """One mission run, step by step (see the module docstring). Use :meth:`run`."""

    def __init__(self, session: LedgerSession, mission: Mission, prepared: Prepared, *, root: Path, clock: Clock,
                 host_env: Mapping[str, str], poll_ms: int = 100, on_tick: Callable[..., None] | None = None,
                 mission_blob: str | None = None, mission_dir: Path | None = None,
                 resume_from: ResumeFrom | None, install: ActivePolicy) -> None:
        self.session = session
        self.install = install
        self.mission = mission
        self.prepared = prepared
        self.runtime = prepared.runtime
        self.root = root.resolve()
        self.clock = clock
        self.host_env = dict(host_env)
        self._runtime_key: str | None = None
        self.poll_ms = poll_ms
        self.on_tick = on_tick
        self.mission_blob = mission_blob
        self.mission_dir = mission_dir or self.root
        self.resume_from = resume_from
        self.run_id = uuid.uuid4()
        self.hook_timeout_ms = HOOK_TIMEOUT_MS  # the hook client's deadline (set when the guard is armed)
        guard = install.policy.narrow(mission.guard)
        self.policy = guard if guard.worker_root else replace(guard, worker_root=str(self.root))
        self.recorder = RunRecorder(session.ledger, self.run_id, clock)
        from overlord.domain.memory import Redactor

        self.redactor = Redactor()  # sealed notes given to the agent (recall): kept off disk
        self.sealer: Any = None
        self.installation: Installation | None = None
        self.service: DecisionService | None = None
        self.connector: LiveConnector | None = None
        self.truth: GroundTruth | None = None
        self.sock_dir: Path | None = None
        self.runtime_home = runtime_home_of(session, self.run_id)
        self.memory: _MemoryLimit | None = None
        self.exit_code: int | None = None
        self.exit_signal: int | None = None
        self.guard: GuardFiles | None = None
        self.watch: TamperWatch | None = None
        self.repository: RepositoryIdentity | None = None
        self._relays: dict[int, UnixRelay] = {}
        self._stack: ExitStack | None = None

    # -- the whole run ---------------------------------------------------------------

    def run(self) -> MissionResult:
        """Open, arm, connect, supervise, then finish; the run is settled whatever happens."""
        recorded = load_recorded(self.session, self.prepared.connector, self.runtime.api or "anthropic")  # read first
        self.open()
        settlement: Settlement | None = None
        try:
            with ExitStack() as stack:
                self.record_start()
                self.make_home()
                self.arm(stack)
                self.connect(stack, recorded)
                settlement = self.supervise()
        except _Ended as e:
            settlement = e.settlement
        except KeyboardInterrupt:
            settlement = stopped(StopCode.CANCELLED, "interrupted")
        except Exception as e:  # noqa: BLE001 - the run is settled whatever went wrong
            log.error("run.controller_failed", run_id=str(self.run_id), error=f"{type(e).__name__}: {e}")
            settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value,
                                    f"the controller failed: {type(e).__name__}: {str(e)[:300]}")
        return self.finish(settlement)

    # -- 1. open ---------------------------------------------------------------------

    def open(self) -> None:
        """Open the Run (``Opened``: where, what, under which policy and sandbox).

        Raises:
            LedgerError: the Run could not be opened (nothing else happens then).
        """
        self.memory = _memory_limit(self.mission.limits.memory_mb)
        sandbox = "none"
        if self.prepared.bwrap:  # its own network namespace; a user-mode stack out when the network is allowed
            sandbox = "bubblewrap+netns" + ("+slirp4netns" if self.prepared.slirp else "")
        sandbox += f"+{self.memory.label}" if self.memory else ""
        self.session.ledger.append(Run.open(
            run_id=self.run_id, cwd=str(self.root), argv=list(self.prepared.argv), policy_hash=_policy_hash(self.policy),
            overlord_version=__version__, runtime=self.runtime.name, sandbox=sandbox, at=self.clock.now()))
        log.info("run.opened", run_id=str(self.run_id), runtime=self.runtime.name)

    def record_start(self) -> None:
        """Record the mission (and what it resumes) and seal layer 0, the root as found.

        Raises:
            _Ended: layer 0 could not be sealed (the workspace could not be recorded).
            RecordFailed: the ledger refused a write.
        """
        if self.mission_blob is not None:
            blob = self.mission_blob
            self.recorder.apply(lambda run: run.record_mission(mission_blob=blob, mission_dir=str(self.mission_dir),
                                                               at=self.clock.now()))
        known = tuple(getattr(self.runtime, "known_versions", ()))
        version = self.prepared.version
        if version is not None and known and version not in known:
            self.recorder.apply(lambda run: run.runtime_version_unknown(runtime=self.runtime.name, version=version,
                                                                        known=list(known), at=self.clock.now()))
        if self.resume_from is not None:
            rf = self.resume_from
            self.recorder.apply(lambda run: run.resumed_from(previous_run=str(rf.run_id), session_id=rf.session_id,
                                                             at=self.clock.now()))
        plan = self.prepared.connector
        for d in plan.decisions if plan is not None else ():
            self.recorder.apply(self._route_decided(d))
        self.sealer = mission_layers.open_layers(self.session, self.run_id, self.root, self.recorder.apply,
                                                 self.clock, gitignore=self.mission.layers_gitignore)
        self.repository = identify_repository(self.root)  # the only .git a commit may go into
        if self.sealer is None:
            raise _Ended(Settlement("failed", StopCode.CONTROLLER_ERROR.value,
                                    "layer 0 could not be sealed: the run's workspace cannot be recorded"))

    def _route_decided(self, d: RouteDecision) -> Callable[[Any], None]:
        def record(run: Any) -> None:
            run.route_decided(tier=d.tier, outcome=d.outcome, reason=d.reason, at=self.clock.now())

        return record

    # -- 2. make the home, 3. arm ----------------------------------------------------

    def make_home(self) -> None:
        """Make the runtime's HOME (kept with the run, for ``overlord resume``): a resumed run
        starts from a copy of the previous run's (regular files, directories and links only;
        the links are copied as links, never followed; the runtime's own state that names the
        old HOME by path is left behind)."""
        home = self.runtime_home
        if self.resume_from is not None and self.resume_from.runtime_home.is_dir():
            copy_home(self.resume_from.runtime_home, home, uncarried=self.runtime.home_uncarried)
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = home / "tmp"
        if tmp.is_symlink() or (tmp.exists() and not tmp.is_dir()):
            tmp.unlink()
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()

    def arm(self, stack: ExitStack) -> None:
        """Start the decision service and arm the guard in the root: the hook installed, the
        two direct probes, the runtime's guard settings written, the probe through its CLI;
        from then on every decision and every tick checks the guard's settings.

        Raises:
            _Ended: the guard could not be armed (stop code ``policy``), or a write failed.
        """
        self._stack = stack
        if self.memory is not None:
            stack.callback(self.memory.release)
        self.sock_dir = Path(tempfile.mkdtemp(prefix="ovl-", dir="/tmp"))
        stack.callback(shutil.rmtree, self.sock_dir, ignore_errors=True)
        if self.runtime.caps.connector:  # the model's answers are the ground truth of which tool calls exist
            self.truth = GroundTruth(self.runtime, on_tamper=self._record_forgery)
        core = DecisionCore(self.policy, overlord_home=str(self.session.home.root), recorder=self.recorder,
                            run_id=str(self.run_id), runtime=self.runtime, truth=self.truth)
        self.service = stack.enter_context(DecisionService(self.sock_dir / "guard.sock", core))
        core.on_post_tool_use = self._post_tool_use
        self.hook_timeout_ms = hook_timeout_ms = self._open_approvals(stack, core)
        core.repeat_wait_s = hook_timeout_ms / 1000  # a second request waits as long as the first may
        try:
            self.installation = arm_guard(self.session, root=self.root, policy=self.policy, clock=self.clock,
                                          run_id=self.run_id, service=self.service, post_tool_use=True,
                                          runtime=self.runtime, live_probe=self._prove_live,
                                          live_at=lambda: self.guard.settings.live if self.guard else None,
                                          hook_timeout_ms=hook_timeout_ms)
        except GuardArmError as e:
            raise _Ended(stopped(StopCode.POLICY, f"the guard could not be armed: {e.message}")) from e
        assert self.watch is not None
        core.tamper_check = self.watch.check

    def _prove_live(self, inst: Installation) -> int:
        """Write the runtime's guard settings, then prove the hook live through its CLI.

        Raises:
            GuardArmError: the settings cannot be made, or the probe failed.
        """
        assert self.service is not None
        self.installation = inst  # the probe runs in the run's own jail, which names it
        # the runtime's deadline for the hook is above the hook's own (above the approval
        # timeout when a call can wait): a hook the runtime gives up on lets the call through
        hook = HookCommands(inst.command, inst.post_command, timeout_s=runtime_timeout_s(self.hook_timeout_ms))
        try:
            settings = self.runtime.guard_settings(hook, sandboxed=bool(self.prepared.bwrap))
        except ConfigError as e:
            raise GuardArmError(e.message, e.hint) from e
        baseline: dict[Path, str] = {}
        if self.resume_from is not None:  # the root as the first run found it, not as its agent left it
            kept = self.session.home.run_dir(str(self.resume_from.run_id)) / "guard" / BASELINE
            try:  # the file Overlord's own install rewrites in the root each run is watched as written now
                baseline = {path: fp for path, fp in load_baseline(kept).items()
                            if not inst.settings_path or path != Path(inst.settings_path)}
            except (OSError, ValueError) as e:
                raise GuardArmError(f"the resumed run's guard baseline cannot be read: {e}",
                                    "start the mission again with `overlord run --mission`") from e
        self.guard = GuardFiles(settings, home=self.runtime_home, store=self._run_dir() / "guard",
                                watch=tuple(self.root / rel for rel in settings.project), baseline=baseline)
        try:
            self.guard.save_baseline(self._run_dir() / "guard" / BASELINE)
        except OSError as e:
            raise GuardArmError(f"the guard's baseline cannot be kept: {e}") from e
        self.guard.write_system()
        for rel, before in self.guard.write_home():  # a resumed HOME: the previous agent changed it
            self._record_tamper(str(self.runtime_home / rel), f"was {before[:80]} where Overlord had written its "
                                "own; written back before the start", when="start")
        finding = self.guard.check()  # the root's settings are the owner's: changed, the runtime does not start
        if finding is not None:
            what, _, detail = finding.partition(" was ")
            self._record_tamper(what, f"was {detail}"[:500], when="before")
            raise GuardArmError(f"guard_tamper: {finding}",
                                "an earlier run's agent changed the root's hook settings: restore or remove the file, "
                                "then resume again")
        self.watch = TamperWatch(self.guard, self.recorder.apply, self.clock.now)
        launch = self.launch(prompt=self.mission.goal, resume=None)
        return probe_through_cli(self.runtime, binary=self.prepared.binary, launch=launch, cwd=str(self.root),
                                 target_dir=self.runtime_home / "tmp", core=self.service.core,
                                 connector=partial(probe_connector, runtime_key=self.runtime_key,
                                                   api=self.runtime.api or "anthropic"),
                                 contain=self.contained)

    def _record_tamper(self, what: str, detail: str, *, when: str) -> None:
        """Record a ``guard_tamper`` finding (``GuardTampered``)."""
        self.recorder.apply(lambda run: run.record_tamper(what=what, detail=detail, when=when, at=self.clock.now()))

    def _open_approvals(self, stack: ExitStack, core: DecisionCore) -> int:
        """The decision service's start: the install policy is checked again and the floor
        pinned (``PolicyFloorPinned``); when approval classes are set and the agent is
        contained, the approval broker starts. Returns the hook's deadline (above the approval
        timeout when a call can wait). Under ``--no-sandbox`` approval classes simply deny.

        Raises:
            _Ended: the policy changed since the run was checked (stop code ``policy``).
        """
        try:
            active = check_policy(self.session, where="decision_service", clock=self.clock, run_id=str(self.run_id),
                                  pin_floor=True)
        except PolicyIntegrityError as e:
            raise _Ended(stopped(StopCode.POLICY, e.message)) from e
        if active.sha256 != self.install.sha256:
            raise _Ended(stopped(StopCode.POLICY, "the install policy changed while the run was starting"))
        approval = active.policy.approval
        if not approval.classes or not self.prepared.bwrap or self.session.signer is None:
            return HOOK_TIMEOUT_MS
        broker = ApprovalBroker(self.session.ledger, run_id=self.run_id, approval=approval,
                                verifiers=[self.session.signer.verifier()], clock=self.clock,
                                run_dir=self.session.home.run_dir(str(self.run_id)), on_request=self._approval_requested)
        stack.callback(broker.close)  # before the service closes: a waiting call is denied, never left hanging
        core.approvals = broker.start()
        return approval.hook_timeout_ms

    def _approval_requested(self, request: dict[str, Any]) -> None:
        """``[notify]`` hears each ``ApprovalRequested`` (the owner is told what waits), under
        the settlement's rules: a command naming nothing the agent could write, a webhook
        through the install policy's ``missions.webhooks``."""
        from overlord.adapters.notify import notify_command, notify_webhook, refuse_agent_shaped

        payload = {"event": "ApprovalRequested", **request}
        if self.mission.notify.command:
            env = {"PATH": "/usr/local/bin:/usr/bin:/bin"}
            refuse_agent_shaped(self.mission.notify.command, self._writable_roots(), path=env["PATH"])
            notify_command(self.mission.notify.command, payload, env=env)
        if self.mission.notify.webhook:
            hook = self.mission.notify.webhook
            notify_webhook(hook, payload, allowed_origins=self.install.policy.webhook_origins(hook))

    def _record_forgery(self, source: str, tool_use_id: str, detail: str) -> None:
        """Record a forged act the ground truth refused (``ForgeryRefused``)."""
        self.recorder.apply(lambda run: run.record_forgery(source=source, tool_use_id=tool_use_id, detail=detail,
                                                           at=self.clock.now()))

    def _post_tool_use(self, payload: str) -> dict[str, Any]:
        """A writing tool finished: seal a layer credited to it. A notification naming no tool
        call running now is forged (recorded by the ground truth, nothing sealed). A seal that
        cannot be recorded stops the run."""
        if self.truth is not None:
            use = self.truth.post(payload_of(payload))
            if use is None:
                return {"ok": False, "error": "no tool call the model asked for is running under that name"}
            capability = self.runtime.tools.get(use.tool, "")
            payload = json.dumps({"tool_name": "Write" if capability in ("shell", "write", "edit") else use.tool,
                                  "tool_use_id": use.id})
        answer: dict[str, Any] = self.sealer.on_post_tool_use(payload)
        if answer.get("error") and self.recorder.failure is None:
            self.recorder.failure = (StopCode.CONTROLLER_ERROR, f"a layer could not be sealed: {answer['error']}")
        return answer

    # -- 4. connect ------------------------------------------------------------------

    def connect(self, stack: ExitStack, recorded: Any = None) -> None:
        """Start the connector when the runtime calls a model."""
        if self.runtime.caps.connector:
            plan = self.prepared.connector or ConnectorPlan("replay", self.mission.models,
                                                            transcript=self.prepared.transcript)
            spend = LedgerSpendReserve(self.session.ledger, origin=self.session.origin, run_id=self.run_id,
                                       clock=self.clock, run_limit_micro_usd=plan.run_limit_micro_usd,
                                       balance_micro_usd=plan.balance_micro_usd, tier=plan.tier,
                                       free=plan.free and not plan.paid)
            self.connector = stack.enter_context(start_connector(
                _resumed_plan(plan, self.resume_from), record=self.recorder.apply, put_blob=self.put_blob,
                clock=self.clock, host_env=self.host_env, runtime_key=self.runtime_key, recorded=recorded, spend=spend,
                api=self.runtime.api or "anthropic", guard=self.truth))

    @property
    def runtime_key(self) -> str:
        """This run's key: the runtime's API key, which the connector requires of every
        request (random, made once per run; never an upstream key, never recorded)."""
        if self._runtime_key is None:
            self._runtime_key = new_runtime_key()
        return self._runtime_key

    def launch(self, *, prompt: str, resume: str | None) -> Launch:
        """One attempt's :class:`Launch` (the first start, or a resume of ``resume``)."""
        assert self.service is not None and self.installation is not None
        extra = {**(self.guard.settings.env if self.guard else {}),
                 "OVERLORD_SOCKET": str(self.service.socket_path), "OVERLORD_RUN_ID": str(self.run_id),
                 "OVERLORD_HOOK_COMMAND": self.installation.command, "TMPDIR": str(self.runtime_home / "tmp")}
        return Launch(prompt=prompt, home=self.runtime_home, host_env=self.host_env, extra_env=extra,
                      model=_model(self.mission, self.prepared.connector), max_turns=self.mission.limits.max_turns, resume=resume,
                      connector_url=self.connector.url if self.connector else None,
                      api_key=self.runtime_key if self.runtime.caps.connector else None, command=self.mission.command)

    def contained(self, argv: list[str], connector_url: str | None = None) -> list[str]:
        """``argv`` inside the bubblewrap jail (bare under ``--no-sandbox``): its own network,
        the connector at ``connector_url`` reached through the forwarder in it, the guard's
        system settings bound read-only, Overlord's own installation read-only when it lies
        in a writable root."""
        if not self.prepared.bwrap:
            return argv
        assert self.installation is not None and self.sock_dir is not None
        writable = self._writable_roots()
        inner = argv
        if connector_url is not None:
            port = port_of(connector_url)
            inner = forwarder_argv(sys.executable, port, str(self._relay(port).path), argv)
        network = "user" if self.prepared.slirp else "none"
        system = tuple(self.guard.mounts if self.guard else ()) + self._resolv(network)
        jail = Jail(writable=writable, hidden=(str(self.session.home.root.resolve()),),
                    read_only=(str(self.installation.snapshot_dir),
                               *_guarded_dirs(self.root, self.guard.settings.project if self.guard else ()),
                               *_installation_dirs(writable), *(self.guard.locked if self.guard else ())),
                    sockets=(str(self.sock_dir),), system=system, shadows=system_mounts(system), network=network)
        out = jail_argv(self.prepared.bwrap, jail, inner, cwd=str(self.root))
        return netstack_argv(sys.executable, self.prepared.slirp, out) if self.prepared.slirp else out

    def _preexec(self) -> Callable[[], None] | None:
        """What the runtime's process runs before exec: the memory limit, then (in the jail)
        the keyring filter, so the agent's code cannot read an unlocked secret store's key
        from the owner's kernel keyring (:mod:`overlord.sandbox.keyring_filter`).

        Raises:
            KeyringFilterUnavailable: jailed, and the filter cannot be built here.
        """
        from overlord.sandbox.keyring_filter import chain, keyring_filter

        memory = self.memory.preexec if self.memory else None
        return chain(memory, keyring_filter()) if self.prepared.bwrap else memory

    def _relay(self, port: int) -> UnixRelay:
        """The host side of the forwarder: a Unix socket in the socket directory relaying to
        the connector's port (one per connector, closed with the run)."""
        relay = self._relays.get(port)
        if relay is None:
            assert self.sock_dir is not None and self._stack is not None
            relay = UnixRelay(self.sock_dir / f"connector-{port}.sock", ("127.0.0.1", port)).start()
            self._stack.callback(relay.close)
            self._relays[port] = relay
        return relay

    def _resolv(self, network: str) -> tuple[tuple[str, str], ...]:
        """With the user-mode stack, the jail's resolver is the stack's (10.0.2.3)."""
        if network != "user":
            return ()
        path = self._run_dir() / "net" / "resolv.conf"
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
        path.write_text("nameserver 10.0.2.3\n")
        os.chmod(path, 0o444)
        return ((str(path), "/etc/resolv.conf"),)

    def _writable_roots(self) -> tuple[str, ...]:
        """Every directory the agent could write during the run."""
        return tuple(dict.fromkeys([str(self.root), *(_resolved(p) for p in self.policy.write_roots),
                                    str(self.runtime_home)]))

    def _run_dir(self) -> Path:
        d = self.session.home.run_dir(str(self.run_id))
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        return d

    # -- 5. supervise ----------------------------------------------------------------

    def supervise(self) -> Settlement:
        """Run the runtime under the controller, resuming its native session when steered or
        when a stalled or failed attempt may be recovered; returns the settlement to record."""
        assert self.service is not None and self.installation is not None and self.guard is not None
        assert self.watch is not None
        service, watch, guard = self.service, self.watch, self.guard
        connector = self.connector

        truth = self.truth

        def stop_check() -> tuple[StopCode, str] | None:
            return (self.recorder.stop_requested() or (connector.stop_requested() if connector else None)
                    or (truth.violation() if truth else None) or watch.stop_check())

        controller = Controller(
            record=self.recorder.apply, put_blob=self.put_blob, limits=self.mission.limits,
            max_denials=self.policy.max_denials, denials=lambda: service.denials + (truth.tampers if truth else 0),
            parse_line=self.runtime.parse_line, control_path=_control_path(self.session, self.run_id),
            clock=self.clock, poll_ms=self.poll_ms, stop_requested=stop_check, on_tick=self.on_tick,
            preexec=self._preexec(),
            truth=truth, record_turns=not self.runtime.caps.turns,
        )
        launch = self.launch(prompt=self.recall() if self.resume_from is None else
                             (self.resume_from.prompt or RESUME_PROMPT),
                             resume=self.resume_from.session_id if self.resume_from else None)
        attempt = 0
        while True:
            finding = watch.check()
            if finding is not None:  # changed before this attempt: it does not start
                return Settlement("stopped", StopCode.POLICY.value, f"guard_tamper: {finding}")
            guard.write_home()  # before each start, also each resume within the run
            argv = self.contained(self.runtime.argv(self.prepared.binary, launch), launch.connector_url)
            try:
                seen = controller.supervise(argv, cwd=str(self.root), env=self.runtime.env(launch))
            except OSError as e:
                return Settlement("failed", StopCode.RUNTIME_ERROR.value, f"the runtime could not start: {e}")
            self._record_exit(seen)
            again = self._next_attempt(seen, attempt)
            if again is None:
                break
            prompt, why, counted = again
            attempt += counted
            sid = seen.session_id or ""
            self._record_resume(attempt, sid, why)
            log.info("run.resume", run_id=str(self.run_id), attempt=attempt, reason=why)
            launch = replace(launch, prompt=prompt, resume=sid)
        if connector is not None:
            served, flood = connector.model_requests(), connector.refused_unrecorded()
            if flood:
                self.recorder.apply(lambda run: run.record_connector_refused(
                    status=0, reason="flood", method="", path="", count=flood, at=self.clock.now()))
            self.recorder.apply(lambda run: run.connector_closed(model_requests=served, at=self.clock.now()))
        return self._settlement(seen)

    def recall(self) -> str:
        """The first prompt: the goal, after the notes the vault gives for it when the mission
        asks for memory (``[memory]``: read at its role's clearance, within its budget, recorded
        as ``MemoryRetrieved``); the goal alone when there is no vault."""
        if self.mission.memory_role is None:
            return self.mission.goal
        from overlord.supervision.memory_open import mission_context

        notes, sealed = mission_context(self.session, self.session.home.root, goal=self.mission.goal,
                                        role=self.mission.memory_role, budget_pct=self.mission.memory_budget_pct,
                                        model=_model(self.mission, self.prepared.connector),
                                        run_id=str(self.run_id), clock=self.clock)
        self.redactor.seal(sealed)  # before the agent has them: every blob of the run is put through it
        return f"{notes}{self.mission.goal}" if notes else self.mission.goal

    def put_blob(self, data: bytes) -> str:
        """Store a blob of the run (a model request or answer, a transcript record) with the
        sealed notes the agent was given replaced by their references."""
        return self.session.blobs.put(self.redactor(data) if self.redactor else data)

    def put_file(self, reader: Any, sha256: str) -> str:
        """:meth:`put_blob` for a spooled output (``BlobStore.put_file``'s shape)."""
        if not self.redactor:
            return self.session.blobs.put_file(reader, sha256)
        return self.session.blobs.put(self.redactor(reader.read()))

    def scrub_home(self) -> int:
        """After the agent is gone: the sealed notes in the runtime's HOME (its session files,
        which a later run resumes) replaced by their references, each file rewritten in
        place; returns how many files changed. Never follows a link.

        Raises:
            OSError: a file could not be rewritten (the after-step records it).
        """
        if not self.redactor or not self.runtime_home.is_dir():
            return 0
        changed = 0
        for path in sorted(self.runtime_home.rglob("*")):
            if path.is_symlink() or not path.is_file():
                continue
            data = path.read_bytes()
            # a binary file (a CLI's SQLite state, its WAL) keeps its length: sealed bytes masked
            clean = self.redactor.masked(data) if b"\x00" in data else self.redactor(data)
            if clean != data:
                tmp = path.with_name(path.name + ".ovl-scrub")
                tmp.write_bytes(clean)
                os.replace(tmp, path)
                changed += 1
        return changed

    def _record_exit(self, seen: Supervised) -> None:
        self.exit_code, self.exit_signal = seen.exit_code, seen.signal
        out_blob = seen.stdout.store(self.put_file)
        err_blob = seen.stderr.store(self.put_file)
        self.recorder.apply(lambda run: run.record_exit(
            exit_code=seen.exit_code, signal=seen.signal, duration_ns=seen.duration_ns, stdout_blob=out_blob,
            stderr_blob=err_blob, stdout_bytes=seen.stdout.size, stderr_bytes=seen.stderr.size, at=self.clock.now()))
        seen.stdout.close()
        seen.stderr.close()

    def _next_attempt(self, seen: Supervised, attempt: int) -> tuple[str, str, int] | None:
        """``(prompt, why, counts as a recovery)`` for the next attempt, or ``None``: a person
        steered it (the message first), or a stalled or failed attempt may be recovered."""
        crossed = seen.crossed
        if crossed is not None and crossed.stop_code is StopCode.STEERED:
            if self.runtime.caps.resume and seen.session_id:
                return crossed.detail, f"steered: {crossed.detail[:200]}", 0
            return None
        why = _resumable(self.runtime, self.mission.max_resumes, seen, attempt)
        return (RESUME_PROMPT, why, 1) if why is not None else None

    def _settlement(self, seen: Supervised) -> Settlement:
        crossed, result = seen.crossed, seen.result
        conflict = settlement_conflict(stop_code=crossed.stop_code if crossed else None,
                                       result_subtype=result.subtype if result else None,
                                       result_is_error=result.is_error if result else None)
        if conflict is not None:
            self.recorder.apply(lambda run: run.settlement_conflict(detail=conflict, at=self.clock.now()))
        return settle_supervised(
            stop_code=crossed.stop_code if crossed else None, stop_detail=crossed.detail if crossed else "",
            exit_code=seen.exit_code, signal=seen.signal, result_subtype=result.subtype if result else None,
            result_is_error=result.is_error if result else None,
            result_turn_limit=result.turn_limit if result else False)

    def _record_resume(self, attempt: int, session_id: str, why: str) -> None:
        """Record that ``attempt`` resumes the native session (``Resumed``)."""
        self.recorder.apply(lambda run: run.resume(attempt=attempt, session_id=session_id, reason=why,
                                                   at=self.clock.now()))

    # -- 6. finish -------------------------------------------------------------------

    def finish(self, settlement: Settlement) -> MissionResult:
        """Settle (once), then the after-steps; none of them changes the settlement. A run
        settled meanwhile from outside (``overlord kill`` on an orphan) keeps that settlement
        and records the late one as a ``SettlementConflict``."""
        rec = self.recorder
        rec.after_step("final_seal", lambda: mission_layers.final_seal(self.sealer, self.run_id))
        self._settle(settlement)
        rec.after_step("scrub", self.scrub_home)
        if self.installation is not None and self.installation.restore:
            rec.after_step("restore_hook", lambda: restore_hook(self.root, self.session.home.root, self.session.blobs))
        if self.mission.gate_artifact is not None:
            artifact = self.root / self.mission.gate_artifact
            rec.after_step("gate", lambda: _gate(self.session, self.run_id, artifact, self.clock, root=self.root))
        rec.after_step("memory", self._remember)
        rec.after_step("notify", lambda: _notify(self.session, rec, self.run_id, self.mission, self.install.policy,
                                                 writable=self._writable_roots()))
        if self.mission.commit_on_pass:
            rec.after_step("commit", lambda: mission_layers.commit_on_pass(self.session, self.run_id, self.root,
                                                                           self.clock, repository=self.repository))
        size: list[int] = []  # last: the checkpoint covers every after-step's events (verify requires its own event)
        rec.after_step("checkpoint", lambda: size.append(self.session.checkpoint(at=self.clock.now())[0].size))
        final = self.session.ledger.get(self.run_id)
        return MissionResult(self.run_id, final.settlement or settlement, self.exit_code, self.exit_signal,
                             size[0] if size else None, final.verdict)

    def _remember(self) -> None:
        """The run's note (goal, stop code, verdict, denials) into the vault, through its intake
        gate; nothing when the home has no vault (no secret store, or a locked one)."""
        from overlord.supervision.memory_open import remember_run

        remember_run(self.session, self.session.home.root, self.run_id, goal=self.mission.goal, clock=self.clock)

    def _settle(self, settlement: Settlement) -> bool:
        """Record the settlement; ``False`` when the run was already settled (the late one is
        a ``SettlementConflict``) or the ledger refused it (logged)."""
        try:
            run = self.session.ledger.get(self.run_id)
            if run.settlement is not None:
                late = (f"the controller settled {settlement.status}/{settlement.stop_code} after the run had been "
                        f"settled {run.settlement.status}/{run.settlement.stop_code}; the first settlement stands")
                run.settlement_conflict(detail=late[:500], at=self.clock.now())
                self.session.ledger.append(run)
                return False
            run.settle(settlement, at=self.clock.now())
            self.session.ledger.append(run)
        except Exception as e:  # noqa: BLE001 - nothing more can be recorded: say so
            log.error("run.settle_unrecorded", run_id=str(self.run_id), error=f"{type(e).__name__}: {e}")
            return False
        log.info("run.settled", run_id=str(self.run_id), status=settlement.status, stop_code=settlement.stop_code)
        return True


RESUME_PROMPT = "Continue where you stopped."

BASELINE = "root-settings.json"
"""The root's hook settings as the first arming found them, in the run's ``guard`` directory."""


def _model(mission: Mission, plan: ConnectorPlan | None = None) -> str | None:
    if mission.models:
        return mission.models[0]
    return plan.model if plan is not None else None


def _notify(session: LedgerSession, recorder: RunRecorder, run_id: uuid.UUID, mission: Mission,
            install: InstallPolicy, *, writable: tuple[str, ...] = ()) -> None:
    """Tell the mission's [notify] command and webhook how the run settled (each failure a
    ``Bookkeeping`` event of its own). The command runs on the host, so none of its words may
    name a file in a directory the agent could write (``writable``): that would run code the
    agent shaped; it runs in ``/`` with a fixed PATH. The webhook is reached only through the
    install policy's ``missions.webhooks``, at the address that was checked."""
    from overlord.adapters.notify import notify_command, notify_webhook, refuse_agent_shaped

    if not mission.notify.command and not mission.notify.webhook:
        return
    run = session.ledger.get(run_id)
    s = run.settlement
    payload = {"run_id": str(run_id), "status": s.status, "stop_code": s.stop_code, "detail": s.detail,
               "verdict": run.verdict}
    if mission.notify.command:
        command = mission.notify.command
        def run_command() -> None:
            env = {"PATH": "/usr/local/bin:/usr/bin:/bin"}
            refuse_agent_shaped(command, writable, path=env["PATH"])
            notify_command(command, payload, env=env)

        recorder.after_step("notify_command", run_command)
    if mission.notify.webhook:
        hook = mission.notify.webhook
        recorder.after_step("notify_webhook", lambda: notify_webhook(hook, payload,
                                                                     allowed_origins=install.webhook_origins(hook)))


def _gate(session: LedgerSession, run_id: uuid.UUID, artifact: Path, clock: Clock, *, root: Path | None = None) -> None:
    """Run the completion gate on the run's artifact and record the verdict on the run.

    An error inside the gate is recorded as the verdict ``unavailable`` (never a pass), and
    never changes how the run settled. An artifact that leads out of ``root`` (a link the
    agent planted) is not read at all: ``unavailable``."""
    from overlord.gate.record import record_report
    from overlord.gate.runner import check_artifact
    from overlord.sandbox import default_sandbox

    try:
        if root is not None:
            real = Path(os.path.realpath(artifact))
            if not real.is_relative_to(Path(os.path.realpath(root))):
                raise ConfigError(f"the artifact {artifact} leads out of the worker root (to {real})")
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


def _installation_dirs(writable: tuple[str, ...]) -> tuple[str, ...]:
    """Overlord's own installation (its package and the interpreter's prefix) when it lies in
    a directory the runtime may write (a virtualenv inside the worker root): bound read-only,
    or the agent could change the code Overlord runs on the host after the run."""
    import overlord

    mine = {str(Path(overlord.__file__).resolve().parent), str(Path(sys.prefix).resolve())}
    return tuple(sorted(p for p in mine if any(Path(p).is_relative_to(w) for w in writable)))


def _guarded_dirs(root: Path, project: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Directories of the root that stay read-only inside the jail even though the root is
    writable: those of the runtime's project settings (``.claude``, ``.gemini``, ...) and the
    repository (.git), when they exist. An agent's script cannot disarm the guard or rewrite
    history behind the guard's back."""
    dirs = dict.fromkeys([*(rel.split("/", 1)[0] for rel in project if "/" in rel), ".git"])
    return tuple(str(root / d) for d in dirs if (root / d).is_dir())


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
        raise ConfigError(f"run {run_id} has no native session to resume",
                          "only a run whose runtime keeps a native session can be resumed")
    if not run.mission_blob:
        raise ConfigError(f"run {run_id} has no recorded mission file", "start it again with `overlord run --mission`")
    return (ResumeFrom(run_id, run.native_session_id, runtime_home_of(session, run_id), run.model_requests),
            session.blobs.get(run.mission_blob), Path(run.mission_dir or run.cwd))


@dataclass
class _MemoryLimit:
    """memory_mb for the runtime: a memory cgroup when one is writable (v1 or v2), else
    RLIMIT_AS. ``label`` says which; ``release`` removes the cgroup."""

    label: str
    preexec: Any
    limiter: Any = None

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


def _resumable(runtime: Runtime, max_resumes: int, seen: Supervised, attempt: int) -> str | None:
    """Why the attempt that ended as ``seen`` should be resumed, or ``None``: only a native
    session that stalled or failed on its own, while resumes remain."""
    if not runtime.caps.resume or not seen.session_id or attempt >= max_resumes:
        return None
    if seen.crossed is not None:
        return seen.crossed.detail if seen.crossed.stop_code is StopCode.STALL else None
    if seen.result is not None and seen.result.is_error and not seen.result.turn_limit:
        return f"the runtime reported {seen.result.subtype}"
    if seen.result is None and (seen.exit_code or seen.signal):
        return "the runtime ended without a result"
    return None


def _resolved(path: str) -> str:
    return str(Path(path).resolve())


def _policy_hash(policy: GuardPolicy) -> str:
    return hashlib.sha256(repr(policy).encode()).hexdigest()


def _control_path(session: LedgerSession, run_id: uuid.UUID) -> Path:
    d = session.home.run_dir(str(run_id))
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    return d / "control.json"

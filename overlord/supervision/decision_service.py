"""The guard's decision service: a Unix-socket server the controller hosts for one run.

The hook client (``overlord/adapters/hooks/claude_code_hook.py``) connects once per tool call
and writes one JSON object ``{"run_id": str, "payload": str}`` (the PreToolUse JSON as text),
then shuts down its write side. The service decides with
:func:`~overlord.domain.guard.decide_tool_call`, records a ``ToolCallDecided`` event in the
run's stream, counts denials (probes excluded) and answers one JSON object
``{"decision": "allow"|"deny", "class": str|None, "reason": str, "message": str}``.

Fails closed: a request over ``max_request_bytes``, a missed ``deadline_ms``, malformed JSON,
a wrong run id, or a ledger that refuses the write is answered with a deny.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import socketserver
import stat
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.adapters.paths import RealPathResolver
from overlord.domain.guard import Decision, DenialClass, GuardPolicy, decide_payload, decide_tool_call
from overlord.domain.guard.call import MalformedCallError
from overlord.domain.guard.decide import deny
from overlord.errors import ConfigError
from overlord.ledger import codec
from overlord.supervision.ground_truth import CLAIMED, FORGED, payload_of
from overlord.supervision.recorder import RunRecorder

log = structlog.get_logger("overlord.guard.service")

REPEAT_WAIT_S = 10.0
"""How long a second request for a tool use waits for the first one's decision by default (the
hook client's own deadline; a run that parks calls for approval sets its longer one)."""

MAX_REQUEST_BYTES = (8 << 20) + 4096
"""The largest request accepted (an 8 MiB payload plus the envelope)."""

_MAX_DEPTH = 64
_INT_MIN, _INT_MAX = -(1 << 63), (1 << 64) - 1


def safe_value(value: Any, depth: int = 0) -> Any:
    """``value`` made safe for canonical msgpack: floats, out-of-range integers and anything
    without an encoding become strings; map keys become strings; lone surrogates are
    replaced; nesting deeper than 64 is cut to its ``repr``. Never raises."""
    try:
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            return value if _INT_MIN <= value <= _INT_MAX else str(value)
        if isinstance(value, str):
            return value.encode("utf-8", "replace").decode("utf-8")
        if isinstance(value, float):
            return repr(value)
        if depth >= _MAX_DEPTH:
            return repr(value)[:4096]
        if isinstance(value, dict) or hasattr(value, "items"):
            return {safe_value(str(k)): safe_value(v, depth + 1) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [safe_value(v, depth + 1) for v in value]
        if isinstance(value, (bytes, bytearray)):
            return bytes(value)
        return str(value)
    except Exception:  # noqa: BLE001 - never crash on a strange value
        return "<unencodable>"


def canonical_digest(value: Any) -> str:
    """Lowercase hex SHA-256 of the canonical msgpack of ``safe_value(value)``."""
    safe = safe_value(value)
    try:
        data = codec.encode(safe)
    except Exception:  # noqa: BLE001 - record anyway
        data = repr(safe).encode("utf-8", "replace")
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class DecidedCall:
    """One decided tool call, ready to record: what was asked (``tool``, ``input`` already
    safe, ``digest``, ``tool_use_id``) and the ``decision``; ``probe`` for installer probes."""

    tool: str
    input: dict
    digest: str
    tool_use_id: str
    decision: Decision
    probe: bool = False


Recorder = Callable[[DecidedCall], None]
"""Saves one decided call (raises on failure, which turns the answer into a deny)."""


class DecisionCore:
    """Decide and record one request; shared by the socket service and the in-process hook.

    Args:
        policy: the guard policy.
        overlord_home: OVERLORD_HOME (never readable by the agent).
        guard_paths: the guard's own files (policy, snapshot, hook settings), never writable.
        recorder: saves each decision, or ``None`` to record nothing (no run).
        run_id: the run this core serves (a request naming another run is denied), or
            ``None`` to accept any.
        runtime: the run's runtime (how its payloads become the guard's calls); ``None``: a
            Claude Code payload, decided as it is.
        truth: the run's :class:`~overlord.supervision.ground_truth.GroundTruth` (``None``: no
            matching, for runtimes that call no model through the connector).
    """

    def __init__(self, policy: GuardPolicy, *, overlord_home: str, guard_paths: Iterable[str] = (),
                 recorder: Recorder | None = None, run_id: str | None = None, runtime: Any = None,
                 truth: Any = None) -> None:
        self.runtime = runtime
        self.truth = truth
        self.policy = policy
        self.overlord_home = overlord_home
        self.guard_paths = tuple(guard_paths)
        self.recorder = recorder
        self.run_id = run_id
        self.denials = 0
        self.decisions = 0
        self._probes: set[str] = set()
        self._probe_marks: dict[str, str | None] = {}
        self._lock = threading.Lock()
        self._answers: dict[str, dict[str, Any]] = {}
        self._answered = threading.Condition(self._lock)
        self.repeat_wait_s = REPEAT_WAIT_S
        """How long a second request for one tool use waits for the first one's answer (the
        hook's deadline: the first may be waiting for the owner's approval)."""
        self.tamper_check: Callable[[], str | None] | None = None
        """Called before each decision: the first change to the guard's own settings (a
        ``guard_tamper`` finding) or ``None``. A finding denies the call (the run stops)."""
        self.on_post_tool_use: Callable[[str], dict[str, Any]] | None = None
        """Called with the PostToolUse payload of a ``post_tool_use`` request (the run seals a
        layer); its answer is sent back. ``None``: such requests are acknowledged only."""
        self.approvals: Any = None
        """The run's :class:`~overlord.supervision.approvals.ApprovalBroker`: a deny in an
        approval class waits there for the owner. ``None``: every deny is final."""

    def expect_probe(self, key: str) -> None:
        """Mark the next call with probe ``key`` (its tool use id, or the runtime's
        :meth:`probe_key`) as an installer probe (not a denial, not matched to a model answer)."""
        with self._lock:
            self._probes.add(key)

    def expect_probe_mark(self, mark: str) -> None:
        """Mark the next call whose payload contains ``mark`` (a fresh nonce in the probe's
        input) as the arming probe made through the runtime's CLI, whose tool use id Overlord
        does not choose; :meth:`probe_outcome` then tells how it was decided."""
        with self._lock:
            self._probe_marks[mark] = None

    def probe_outcome(self, mark: str) -> str | None:
        """``allow``/``deny`` for the probe marked ``mark``, or ``None`` when it never came."""
        with self._lock:
            return self._probe_marks.get(mark)

    def decide_request(self, data: bytes) -> dict[str, Any]:
        """Decide one wire request (see the module doc); never raises, always an answer."""
        try:
            request = json.loads(data.decode("utf-8"))
            if not isinstance(request, dict):
                raise ValueError("the request is not a JSON object")
            run_id, payload = request.get("run_id"), request.get("payload")
            if not isinstance(run_id, str) or not isinstance(payload, str):
                raise ValueError("the request lacks run_id or payload")
        except Exception as e:  # noqa: BLE001
            return self.decide_payload(None, run_id=None, error=f"malformed request to the decision service ({e})")
        if request.get("kind") == "post_tool_use":
            return self.post_tool_use(payload, run_id=run_id)
        return self.decide_payload(payload, run_id=run_id)

    def post_tool_use(self, payload: str, *, run_id: str | None) -> dict[str, Any]:
        """A tool call finished (the PostToolUse hook): tell the run. Never raises; a wrong
        run id is refused. Answers ``{"ok": bool, ...}``; nothing is decided here."""
        if self.run_id is not None and run_id != self.run_id:
            return {"ok": False, "error": f"this service serves run {self.run_id}"}
        callback = self.on_post_tool_use
        if callback is None:
            return {"ok": True}
        try:
            return {"ok": True, **(callback(payload) or {})}
        except Exception as e:  # noqa: BLE001 - the agent's run goes on
            _warn("post_tool_use failed", error=str(e))
            return {"ok": False, "error": str(e)[:200]}

    def decide_payload(self, payload: str | None, *, run_id: str | None, error: str | None = None) -> dict[str, Any]:
        """Decide the hook ``payload`` for ``run_id``, record it, and answer. Never raises.

        With a ground truth, the payload must name a tool use the model asked for that has no
        decision yet: a forged one is not decided or recorded as a decision, only as a
        ``ForgeryRefused`` (and denied); a second request for the same use gets the first one's
        answer (recorded once). The decision judges the model's own input, through the
        runtime's translation into the guard's calls."""
        root = self.policy.worker_root or "the worker root"
        try:
            obj = payload_of(payload)
            tool = str(obj.get("tool_name") or "")
            raw_input = obj.get("tool_input") if isinstance(obj.get("tool_input"), dict) else None
            safe_input = safe_value(dict(raw_input)) if raw_input is not None else {"raw": safe_value((payload or "")[:65536])}
            tool_use_id = str(obj.get("tool_use_id") or "")
            cwd = obj.get("cwd") if isinstance(obj.get("cwd"), str) else None
            key = self.runtime.probe_key(obj) if self.runtime is not None else tool_use_id
            with self._lock:
                probe = bool(key) and key in self._probes
                self._probes.discard(key)
                # the probe through the runtime's own CLI: its input carries a fresh nonce
                mark = next((m for m, seen in self._probe_marks.items() if seen is None and m in (payload or "")), None)
                if mark is not None:
                    probe = True
            use = None
            tampered = self.tamper_check() if self.tamper_check is not None and error is None else None
            if error is not None:
                decision = _deny(error, root)
            elif self.run_id is not None and run_id != self.run_id:
                decision = _deny(f"the hook named run {run_id!r}, but this service guards run {self.run_id}", root)
            elif tampered is not None:
                decision = _tampered(tampered, root)
            else:
                if self.truth is not None and not probe:
                    status, use = self.truth.claim(obj)
                    named = f"{tool or '?'} ({tool_use_id or 'no id'})"
                    if status == FORGED:
                        self.truth.tamper("decision", tool_use_id, f"a decision request for {named} names no tool call "
                                                                    "the model asked for; it was not decided")
                        return _answer(deny(DenialClass.GUARD_TAMPER, f"{named} is not a tool call the model asked for",
                                            root))
                    if status != CLAIMED:  # the CLI may ask twice (Claude Code does for Write): the same answer
                        assert use is not None
                        return self._repeat(use.id, named, root)
                decision = self._judge(obj, payload, use, root)
            if use is not None:
                tool, tool_use_id = use.tool, use.id
                safe_input = safe_value(dict(use.input))
            if self.approvals is not None and cwd is not None and not probe and not decision.allowed:
                decision = self.approvals.settle(  # may wait for the owner; any failure is a deny
                    tool=tool, tool_input=safe_input, tool_use_id=tool_use_id, cwd=cwd, decision=decision,
                    action_sha256=canonical_digest({"tool": tool, "input": safe_input, "cwd": cwd}))
            decided = DecidedCall(tool, safe_input, canonical_digest(safe_input), tool_use_id, decision, probe)
            if self.recorder is not None:
                try:
                    self.recorder(decided)
                except Exception as e:  # noqa: BLE001 - an unrecorded call must not run
                    _warn("decision not recorded", error=str(e))
                    decision = _deny(f"the ledger could not record the decision ({type(e).__name__}: {e})", root)
            if use is not None and self.truth is not None:
                self.truth.decided(use, decision.decision)
            answer = _answer(decision)
            with self._lock:
                self.decisions += 1
                if not decision.allowed and not probe:
                    self.denials += 1
                if mark is not None:
                    self._probe_marks[mark] = decision.decision
                if use is not None:
                    self._answers[use.id] = answer
                    self._answered.notify_all()
            return answer
        except Exception as e:  # noqa: BLE001 - fail closed
            return _answer(_deny(f"the decision service failed ({type(e).__name__}: {e})", root))

    def _repeat(self, use_id: str, named: str, root: str) -> dict[str, Any]:
        """The answer already given for ``use_id`` (waiting, at most :attr:`repeat_wait_s`, for
        a decision still being made): a second request for one tool use decides nothing new
        and is not recorded again. It changes nothing either (the answer goes to whoever asked),
        so it is not a forgery. A decision that never came is a deny."""
        with self._answered:
            self._answered.wait_for(lambda: use_id in self._answers, timeout=self.repeat_wait_s)
            answer = self._answers.get(use_id)
        if answer is not None:
            return answer
        return _answer(deny(DenialClass.GUARD_TAMPER, f"{named} is being decided by another request, which did not "
                                                      "finish", root))

    def _judge(self, obj: dict[str, Any], payload: str | None, use: Any, root: str) -> Decision:
        """The guard's decision: the runtime's guard calls, the first deny wins (a Claude Code
        payload is decided as it is when no runtime is given)."""
        if self.runtime is None:
            return decide_payload(payload, self.policy, overlord_home=self.overlord_home, guard_paths=self.guard_paths,
                                  resolver=RealPathResolver())
        try:
            calls = self.runtime.guard_calls(obj, use)
        except MalformedCallError as e:
            return deny(DenialClass.UNPARSEABLE, f"malformed tool call: {e.message}", root)
        if not calls:
            return deny(DenialClass.UNPARSEABLE, "the tool call shows nothing the guard can judge", root)
        for call in calls:
            d = decide_tool_call(call, self.policy, overlord_home=self.overlord_home, guard_paths=self.guard_paths,
                                 resolver=RealPathResolver())
            if not d.allowed:
                return d
        return d


def _warn(event: str, **kw: Any) -> None:
    try:
        log.warning(event, **kw)
    except Exception:  # noqa: BLE001 - logging must never change a decision
        pass


def _deny(reason: str, root: str) -> Decision:
    from overlord.domain.guard.decide import deny

    return deny(DenialClass.UNPARSEABLE, reason, root)


def _tampered(finding: str, root: str) -> Decision:
    from overlord.domain.guard.decide import deny

    return deny(DenialClass.GUARD_TAMPER, f"the guard's own settings were changed: {finding}", root)


def _answer(decision: Decision) -> dict[str, Any]:
    return {**decision.to_json(), "message": decision.message}


def hook_output(answer: dict[str, Any]) -> dict[str, Any]:
    """The Claude Code ``hookSpecificOutput`` object for a service answer."""
    allow = answer.get("decision") == "allow"
    reason = str(answer.get("reason") if allow else (answer.get("message") or answer.get("reason") or "denied"))
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                   "permissionDecision": "allow" if allow else "deny",
                                   "permissionDecisionReason": reason}}


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    allow_reuse_address = False
    service: DecisionService


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        service: DecisionService = self.server.service  # type: ignore[attr-defined]
        conn: socket.socket = self.request
        try:
            data = _read_request(conn, service.deadline_ms, service.max_request_bytes)
            answer = service.core.decide_request(data)
        except Exception as e:  # noqa: BLE001 - fail closed
            answer = service.core.decide_payload(None, run_id=None, error=str(e))
        try:
            conn.settimeout(service.deadline_ms / 1000)
            conn.sendall(json.dumps(answer, ensure_ascii=False).encode("utf-8"))
        except OSError:
            pass


def _read_request(conn: socket.socket, deadline_ms: int, limit: int) -> bytes:
    end = time.monotonic() + deadline_ms / 1000
    chunks: list[bytes] = []
    size = 0
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the request did not arrive within {deadline_ms} ms")
        conn.settimeout(left)
        try:
            chunk = conn.recv(65536)
        except TimeoutError as e:
            raise TimeoutError(f"the request did not arrive within {deadline_ms} ms") from e
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise ValueError(f"the request is larger than {limit} bytes")
        chunks.append(chunk)


class DecisionService:
    """The Unix-socket server around a :class:`DecisionCore`. Use as a context manager, or
    call :meth:`start` and :meth:`close`.

    Args:
        socket_path: where to listen (at most 107 bytes; made 0600; a stale socket there is
            replaced, anything else is refused).
        core: decides and records.
        deadline_ms: how long a client may take to send its request (and to read the answer).
        max_request_bytes: larger requests are denied.

    Raises (from :meth:`start`):
        ConfigError: the path is too long, or holds something other than a socket.
    """

    def __init__(self, socket_path: Path, core: DecisionCore, *, deadline_ms: int = 5000,
                 max_request_bytes: int = MAX_REQUEST_BYTES) -> None:
        self.socket_path = Path(socket_path)
        self.core = core
        self.deadline_ms = deadline_ms
        self.max_request_bytes = max_request_bytes
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def denials(self) -> int:
        """Denials so far (probes excluded)."""
        return self.core.denials

    def start(self) -> DecisionService:
        """Bind and serve in a daemon thread; returns ``self``."""
        path = str(self.socket_path)
        if len(os.fsencode(path)) > 107:
            raise ConfigError(f"the socket path {path} is longer than 107 bytes", "use a shorter directory, e.g. under /tmp")
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISSOCK(st.st_mode):
                raise ConfigError(f"{path} exists and is not a socket", "remove it or choose another socket path")
            os.unlink(path)
        old = os.umask(0o177)
        try:
            server = _Server(path, _Handler)
        except OSError as e:
            raise ConfigError(f"cannot listen on {path}: {e}") from e
        finally:
            os.umask(old)
        server.service = self
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="overlord-decision-service", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and remove the socket file."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        try:
            os.unlink(self.socket_path)
        except FileNotFoundError:
            pass

    def __enter__(self) -> DecisionService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def arm_guard(session: Any, *, root: Path, policy: GuardPolicy, clock: Clock, run_id: Any = None,
              service: DecisionService | None = None, python: str | None = None,
              policy_paths: Iterable[str] = (), post_tool_use: bool = False, runtime: Any = None,
              live_probe: Callable[[Any], int] | None = None,
              live_at: Callable[[], str | None] | None = None, hook_timeout_ms: int = 10000) -> Any:
    """Make ``runtime``'s hook (Claude Code's when ``None``; merged into the root's
    ``.claude/settings.json`` when the runtime has a root hook) and arm it: two probes in the
    runtime's own payload shape through the installed command must both be denied. Records
    ``GuardArmed`` (or ``GuardArmFailed``) in the run ``run_id`` when one is given;
    ``post_tool_use`` also makes the post-tool notifier that tells the service when a writing
    tool finished (layer seals). Probes go to ``service`` when given (the run's live service),
    else to a short-lived service of this process; they never count as denials.
    ``live_probe(installation)`` then proves the hook live through the runtime's own CLI
    (:mod:`overlord.supervision.cli_probe`; it returns how many probes it made and raises
    ``GuardArmError``); ``live_at()`` says where the live hook is, for the record.
    ``hook_timeout_ms`` is the hook's deadline (above the approval timeout when a call can
    wait for the owner).

    Returns the :class:`~overlord.adapters.hooks.install.Installation`.

    Raises:
        GuardArmError: a probe was not denied (the run must stop with stop code ``policy``).
        ConfigError: the root or its settings file is unusable.
    """
    import tempfile
    from uuid import UUID

    from overlord.adapters.hooks.install import GuardArmError, fire_probes, install_hook, snapshot_hook

    if runtime is None:
        from overlord.adapters.runtimes.claude_code import RUNTIME as runtime
    if runtime.root_hook:
        inst = install_hook(Path(root), session.home.root, session.blobs, python=python, post_tool_use=post_tool_use,
                            timeout_ms=hook_timeout_ms)
    else:
        inst = snapshot_hook(Path(root), session.home.root, runtime.name, fmt=runtime.hook_format, python=python,
                             post_tool_use=post_tool_use, timeout_ms=hook_timeout_ms)
    run_uuid = UUID(str(run_id)) if run_id is not None else None
    own: DecisionService | None = None
    tmpdir = None
    try:
        if service is None:
            guard_paths = [p for p in (inst.snapshot_dir, inst.settings_path, *policy_paths) if p]
            recorder = RunRecorder(session.ledger, run_uuid, clock) if run_uuid else None
            core = DecisionCore(policy, overlord_home=str(session.home.root), guard_paths=guard_paths,
                                recorder=recorder, run_id=str(run_uuid) if run_uuid else None, runtime=runtime)
            tmpdir = tempfile.mkdtemp(prefix="ovl-arm-", dir="/tmp")
            own = service = DecisionService(Path(tmpdir) / "guard.sock", core).start()
        env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(service.socket_path),
               "OVERLORD_RUN_ID": service.core.run_id or str(run_uuid or "no-run")}
        where = inst.settings_path
        try:
            passed = fire_probes(inst, env, expect_probe=service.core.expect_probe,
                                 payloads=runtime.probe_payloads(str(Path(root).resolve())), probe_key=runtime.probe_key)
            if live_probe is not None:
                passed += live_probe(inst)
        except GuardArmError as e:
            where = (live_at() if live_at else None) or where
            if run_uuid is not None:
                run = session.ledger.get(run_uuid)
                run.fail_guard_arming(runtime=inst.runtime, snapshot_sha256=inst.snapshot_sha256,
                                      settings_path=where, reason=e.message, at=clock.now())
                session.ledger.append(run)
            raise
        where = (live_at() if live_at else None) or where
        if run_uuid is not None:
            run = session.ledger.get(run_uuid)
            run.arm_guard(runtime=inst.runtime, snapshot_sha256=inst.snapshot_sha256,
                          settings_path=where, probes_passed=passed, at=clock.now())
            session.ledger.append(run)
        return inst
    finally:
        if own is not None:
            own.close()
        if tmpdir is not None:
            try:
                os.rmdir(tmpdir)
            except OSError:
                pass

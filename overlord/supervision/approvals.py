"""The approval broker: a tool call in an approval class waits for the owner, and fails closed.

The run's decision service hands the broker every deny (:meth:`ApprovalBroker.settle`). When
each class the call was denied for is an approval class, the broker records
``ApprovalRequested`` and holds the hook's answer until the owner decides or the deadline
passes; otherwise the deny stands at once. The owner decides through the broker's own Unix
socket (``overlord approve`` / ``deny``, or the witness page), with a decision signed by the
home's log key over :func:`~overlord.domain.approval.decision_message`: the agent has neither
the key nor a view of the home, so it cannot approve itself, and an unsigned request changes
nothing and is not recorded.

Every decision is ``ApprovalResolved``; the first one for a request counts. Every outcome but
a timely approval of that exact action digest is a deny: nobody deciding by the deadline
(``timeout``), a broker that is not listening or went away (``no_listener``, also recorded by
the next broker of the run for a call its predecessor left waiting), a decision for an id that
was never requested (``unknown_id``), a failure inside the broker (``broker_error``), a decision
after the deadline (``late``) or after another (``duplicate``), an approval naming another
action (``action_mismatch``). An approval that cannot be recorded is a ``broker_error``.

Wire (one JSON object each way per connection, at most 64 KiB): ``{"kind": "list"}`` answers
``{"ok": true, "pending": [...]}``; ``{"kind": "describe", "id"}`` the one request;
``{"kind": "decide", "id", "decision": "approve"|"deny", "action_sha256", "why", "by",
"nonce", "signature"}`` (signature base64) answers ``{"ok": bool, "outcome": str, ...}``. The
broker's address is ``OVERLORD_HOME/runs/<run>/approvals.json``.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import shutil
import socket
import socketserver
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any
from uuid import UUID

import structlog

from overlord.adapters.clock import Clock
from overlord.domain.approval import (
    Approvals,
    Outcome,
    approvals_stream_id,
    decision_message,
    run_prefix,
    summarize_input,
)
from overlord.domain.guard import Decision
from overlord.domain.policy import ApprovalPolicy
from overlord.errors import ConfigError, InputError, NotFoundError, OverlordError
from overlord.inputs import SMALL_MAX_BYTES, read_text
from overlord.ledger.codec import datetime_to_ns

log = structlog.get_logger("overlord.approvals")

MAX_MESSAGE_BYTES = 64 * 1024
RECORD_FILE = "approvals.json"
SOCKET_FILE = "approvals.sock"
DECISIONS = ("approve", "deny")


class ApprovalError(OverlordError):
    """An approval could not be sent or was refused before it reached a request."""


@dataclass
class _Waiting:
    """A parked call the broker holds: its action digest, deadline (monotonic seconds), and the
    outcome once resolved (``done`` is set then)."""

    approval_id: str
    action_sha256: str
    deadline: float
    request: dict[str, Any]
    done: threading.Event = field(default_factory=threading.Event)
    outcome: Outcome | None = None
    detail: str = ""


Wait = Callable[[threading.Event, float], bool]
"""How a parked call waits: ``wait(event, seconds) -> set`` (``threading.Event.wait``)."""


class ApprovalBroker:
    """The approvals of one run (see the module docstring). Use :meth:`start` and :meth:`close`.

    Args:
        ledger: the ledger the ``Approvals`` stream is written to.
        run_id: the run served.
        approval: the install policy's ``[approval]`` (which classes park, the timeout).
        verifiers: the owner's keys a decision must be signed by (the home's log key).
        clock: event times and the deadline's wall-clock form.
        run_dir: ``OVERLORD_HOME/runs/<run>``, where the broker's address is written.
        monotonic: seconds for deadlines (``time.monotonic``).
        wait: how a parked call waits (``threading.Event.wait``; a test seam).
        on_request: called (in a thread of its own) with each request's JSON: ``[notify]``.
    """

    def __init__(self, ledger: Any, *, run_id: UUID, approval: ApprovalPolicy, verifiers: Sequence[Any],
                 clock: Clock, run_dir: Path, monotonic: Callable[[], float] = time.monotonic,
                 wait: Wait | None = None, on_request: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.ledger = ledger
        self.run_id = run_id
        self.approval = approval
        self.verifiers = list(verifiers)
        self.clock = clock
        self.run_dir = Path(run_dir)
        self.monotonic = monotonic
        self._wait = wait or (lambda event, seconds: event.wait(seconds))
        self.on_request = on_request
        self.stream_id = approvals_stream_id(run_id)
        self.listening = False
        self.socket_path: Path | None = None
        self._lock = threading.RLock()
        self._waiting: dict[str, _Waiting] = {}
        self._outcomes: dict[str, Outcome] = {}
        self._server: _Server | None = None
        self._own_dir: Path | None = None

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> ApprovalBroker:
        """Open (or reopen) the run's approvals stream, resolve what a previous broker left
        waiting as ``no_listener``, then listen. A socket that cannot be bound leaves the
        broker not listening: every parked class is then denied (``no_listener``).

        Raises:
            LedgerError: the stream cannot be opened.
        """
        with self._lock:
            try:
                agg = self.ledger.get(self.stream_id)
            except NotFoundError:
                agg = Approvals.open(run_id=self.run_id, classes=[c.value for c in self.approval.classes],
                                     timeout_ms=self.approval.timeout_ms, at=self.clock.now())
                self.ledger.append(agg)
            orphans = agg.pending()
            for req in orphans:
                agg.resolve(approval_id=req.approval_id, outcome=Outcome.NO_LISTENER, by="broker",
                            detail="the decision service restarted while the call waited: it was denied",
                            given_sha256="", at=self.clock.now())
            if orphans:
                self.ledger.append(agg)
        try:
            self._listen()
        except OSError as e:
            _log("error", "approvals.not_listening", run_id=str(self.run_id), error=str(e))
            return self
        self.listening = True
        return self

    def _listen(self) -> None:
        self.run_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.run_dir / SOCKET_FILE
        if len(os.fsencode(str(path))) > 100:  # AF_UNIX paths are short: a private directory instead
            self._own_dir = Path(tempfile.mkdtemp(prefix="ovl-ap-", dir="/tmp"))
            path = self._own_dir / SOCKET_FILE
        try:
            if stat.S_ISSOCK(os.lstat(path).st_mode):
                os.unlink(path)
        except FileNotFoundError:
            pass
        old = os.umask(0o177)
        try:
            server = _Server(str(path), _Handler)
        finally:
            os.umask(old)
        server.broker = self
        self._server = server
        self.socket_path = path
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True,
                         name="overlord-approvals").start()
        record = {"run_id": str(self.run_id), "socket": str(path), "pid": os.getpid()}
        tmp = self.run_dir / (RECORD_FILE + ".tmp")
        tmp.write_text(json.dumps(record))
        os.chmod(tmp, 0o600)
        tmp.replace(self.run_dir / RECORD_FILE)

    def close(self) -> None:
        """Stop listening: every call still waiting is denied (``no_listener``), then the socket
        and its address are removed. Never raises."""
        self.listening = False
        with self._lock:
            waiting = list(self._waiting)
        for aid in waiting:
            self._finish(aid, Outcome.NO_LISTENER, by="broker", detail="the decision service stopped while the call waited")
        if self._server is not None:
            try:
                self._server.shutdown()
                self._server.server_close()
            except OSError:
                pass
            self._server = None
        for p in (self.run_dir / RECORD_FILE, self.socket_path):
            if p is not None:
                try:
                    p.unlink()
                except OSError:
                    pass
        if self._own_dir is not None:
            shutil.rmtree(self._own_dir, ignore_errors=True)

    # -- parking a call ------------------------------------------------------------------

    def settle(self, *, tool: str, tool_input: dict[str, Any], tool_use_id: str, cwd: str, action_sha256: str,
               decision: Decision) -> Decision:
        """The final decision for a call the guard denied: the deny itself unless every class
        it was denied for parks; else whatever the owner decided by the deadline (only a
        timely approval of this exact action allows). Blocks while the call waits. Never raises."""
        try:
            if decision.allowed or not self.approval.parks(decision.classes):
                return decision
        except Exception:  # noqa: BLE001 - a deny stays a deny
            return decision
        try:
            return self._park(tool, tool_input, tool_use_id, action_sha256, decision)
        except Exception as e:  # noqa: BLE001 - fail closed
            _log("error", "approvals.failed", run_id=str(self.run_id), error=f"{type(e).__name__}: {e}")
            return _not_approved(decision, Outcome.BROKER_ERROR, f"{type(e).__name__}: {e}")

    def _park(self, tool: str, tool_input: dict[str, Any], tool_use_id: str, digest: str,
              decision: Decision) -> Decision:
        cls = decision.denial_class.value if decision.denial_class else ""
        summary = summarize_input(tool, tool_input)
        timeout_s = self.approval.timeout_ms / 1000
        with self._lock:
            now = self.clock.now()
            deadline_ns = datetime_to_ns(now + timedelta(milliseconds=self.approval.timeout_ms))
            agg = self.ledger.get(self.stream_id)
            aid = agg.request(tool_use_id=tool_use_id, tool=tool, input_summary=summary, denial_class=cls,
                              rule=decision.reason[:500], action_sha256=digest, deadline_ns=deadline_ns, at=now)
            if not self.listening:
                agg.resolve(approval_id=aid, outcome=Outcome.NO_LISTENER, by="broker",
                            detail="no approval channel is listening", given_sha256="", at=self.clock.now())
                self.ledger.append(agg)
                self._outcomes[aid] = Outcome.NO_LISTENER
                return _not_approved(decision, Outcome.NO_LISTENER, "no approval channel is listening", aid)
            self.ledger.append(agg)  # an unrecorded request must not wait: the append raises, the call is denied
            request = {"event": "ApprovalRequested", "id": aid, "run": str(self.run_id), "tool": tool,
                       "summary": summary, "class": cls, "rule": decision.reason[:500], "action_sha256": digest,
                       "deadline_ns": deadline_ns, "tool_use_id": tool_use_id}
            waiting = _Waiting(aid, digest, self.monotonic() + timeout_s, request)
            self._waiting[aid] = waiting
        _log("info", "approvals.requested", run_id=str(self.run_id), id=aid, tool=tool, denial_class=cls)
        self._tell(request)
        try:
            woke = self._wait(waiting.done, max(0.0, waiting.deadline - self.monotonic()))
        except Exception as e:  # noqa: BLE001 - the broker raised: deny
            self._finish(aid, Outcome.BROKER_ERROR, by="broker", detail=f"the broker failed: {type(e).__name__}: {e}")
        else:
            if not woke:
                self._finish(aid, Outcome.TIMEOUT, by="broker",
                             detail=f"no decision within {self.approval.timeout_ms} ms")
        outcome = waiting.outcome or Outcome.BROKER_ERROR
        if outcome is Outcome.APPROVED:
            return Decision("allow", None, f"approved by the owner (approval {aid}): {decision.reason}"[:1000])
        return _not_approved(decision, outcome, waiting.detail, aid)

    def _tell(self, request: dict[str, Any]) -> None:
        callback = self.on_request
        if callback is None:
            return

        def go() -> None:
            try:
                callback(dict(request))
            except Exception as e:  # noqa: BLE001 - a notification never changes a decision
                _log("warning", "approvals.notify_failed", run_id=str(self.run_id), error=f"{type(e).__name__}: {e}")

        try:
            threading.Thread(target=go, daemon=True, name="overlord-approval-notify").start()
        except RuntimeError as e:  # no thread to be had: the call still waits, unannounced
            _log("warning", "approvals.notify_failed", run_id=str(self.run_id), error=str(e))

    def _finish(self, aid: str, outcome: Outcome, *, by: str, detail: str, given: str = "") -> Outcome:
        """Resolve a waiting request once (recorded; an approval that cannot be recorded
        becomes ``broker_error``) and wake its call. Returns the request's outcome (an earlier
        one when it was already resolved)."""
        with self._lock:
            waiting = self._waiting.get(aid)
            if waiting is None or waiting.outcome is not None:
                return waiting.outcome if waiting and waiting.outcome else self._outcomes.get(aid, outcome)
            try:
                self._record(aid, outcome, by=by, detail=detail, given=given)
            except Exception as e:  # noqa: BLE001 - an unrecorded decision allows nothing
                _log("error", "approvals.unrecorded", run_id=str(self.run_id), id=aid, error=f"{type(e).__name__}: {e}")
                detail = f"{outcome.value} could not be recorded ({type(e).__name__}): denied"
                outcome = Outcome.BROKER_ERROR
            waiting.outcome, waiting.detail = outcome, detail
            self._outcomes[aid] = outcome
            del self._waiting[aid]
            waiting.done.set()
            return outcome

    def _record(self, aid: str, outcome: Outcome, *, by: str, detail: str, given: str) -> None:
        agg = self.ledger.get(self.stream_id)
        agg.resolve(approval_id=aid, outcome=outcome, by=by, detail=detail, given_sha256=given, at=self.clock.now())
        self.ledger.append(agg)

    # -- the owner's decisions -----------------------------------------------------------

    def pending(self) -> list[dict[str, Any]]:
        """The calls waiting now, as ``overlord approvals --json`` lists them."""
        with self._lock:
            return [{k: v for k, v in w.request.items() if k != "event"} for w in self._waiting.values()]

    def describe(self, aid: str) -> dict[str, Any] | None:
        """The waiting request ``aid`` (``None`` when none is waiting under that id)."""
        with self._lock:
            w = self._waiting.get(aid)
            return dict(w.request) if w else None

    def decide(self, request: dict[str, Any]) -> dict[str, Any]:
        """Apply one signed decision (the ``decide`` wire request). Never raises: every answer
        says ``ok`` (the decision took effect as asked) and the ``outcome`` recorded."""
        try:
            aid, decision = str(request.get("id", "")), str(request.get("decision", ""))
            given, why = str(request.get("action_sha256", "")), str(request.get("why", ""))[:500]
            by, nonce = str(request.get("by", "cli"))[:40], str(request.get("nonce", ""))[:100]
            signature = _b64(request.get("signature"))
        except Exception:  # noqa: BLE001
            return {"ok": False, "outcome": "malformed", "error": "a decision needs id, decision and a signature"}
        if decision not in DECISIONS:
            return {"ok": False, "outcome": "malformed", "error": f"decision must be one of {', '.join(DECISIONS)}"}
        message = decision_message(run_id=str(self.run_id), approval=aid, decision=decision, action_sha256=given,
                                   why=why, by=by, nonce=nonce)
        if signature is None or not any(_verifies(v, message, signature) for v in self.verifiers):
            _log("warning", "approvals.unauthenticated", run_id=str(self.run_id), id=aid[:40])
            return {"ok": False, "outcome": "unauthenticated",
                    "error": "the decision is not signed by this home's key: nothing was changed"}
        try:
            return self._decide(aid, decision, given, why, by)
        except Exception as e:  # noqa: BLE001 - fail closed: the call is denied
            detail = f"the broker failed: {type(e).__name__}: {e}"
            outcome = self._finish(aid, Outcome.BROKER_ERROR, by="broker", detail=detail)
            return {"ok": False, "id": aid, "outcome": outcome.value, "error": detail}

    def _decide(self, aid: str, decision: str, given: str, why: str, by: str) -> dict[str, Any]:
        with self._lock:
            waiting = self._waiting.get(aid)
            if waiting is None:
                first = self._outcomes.get(aid)
                if first is None:
                    agg = self.ledger.get(self.stream_id)
                    if aid not in agg.requests:
                        self._record(aid, Outcome.UNKNOWN_ID, by=by, detail=f"{decision}: no request has this id",
                                     given=given)
                        return {"ok": False, "id": aid, "outcome": Outcome.UNKNOWN_ID.value,
                                "error": f"no approval {aid} was requested in run {self.run_id}"}
                    first = Outcome(agg.outcomes.get(aid, Outcome.NO_LISTENER.value))
                late = first in (Outcome.TIMEOUT, Outcome.LATE, Outcome.NO_LISTENER)
                outcome = Outcome.LATE if late else Outcome.DUPLICATE
                self._record(aid, outcome, by=by, detail=f"{decision} after the request was {first.value}: no effect",
                             given=given)
                return {"ok": False, "id": aid, "outcome": outcome.value,
                        "error": f"approval {aid} was already {first.value}"}
            if self.monotonic() > waiting.deadline:
                outcome, detail = Outcome.LATE, f"{decision} after the deadline: denied"
            elif decision == "deny":
                outcome, detail = Outcome.DENIED, f"denied by the owner{': ' + why if why else ''}"
            elif not _digest_matches(given, waiting.action_sha256):
                outcome, detail = (Outcome.ACTION_MISMATCH,
                                   f"the approval names action {given[:16] or '(none)'}, the call is "
                                   f"{waiting.action_sha256[:16]}: denied")
            else:
                outcome, detail = Outcome.APPROVED, f"approved by the owner{': ' + why if why else ''}"
            final = self._finish(aid, outcome, by=by, detail=detail, given=given)
        wanted = Outcome.APPROVED if decision == "approve" else Outcome.DENIED
        return {"ok": final is wanted, "id": aid, "outcome": final.value}


def _digest_matches(given: str, digest: str) -> bool:
    given = given.strip().lower()
    if len(given) == 64:
        return secrets.compare_digest(given, digest)
    return 8 <= len(given) < 64 and secrets.compare_digest(given, digest[: len(given)])


def _verifies(verifier: Any, message: bytes, signature: bytes) -> bool:
    try:
        return bool(verifier.verify(message, signature))
    except Exception:  # noqa: BLE001 - a key that cannot verify does not verify
        return False


def _b64(value: object) -> bytes | None:
    if not isinstance(value, str):
        return None
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None


def _not_approved(decision: Decision, outcome: Outcome, detail: str, aid: str = "") -> Decision:
    """The guard's deny, saying it was held for approval ``aid`` and why that did not allow it."""
    note = f" (held for approval{' ' + aid if aid else ''}; not approved: {outcome.value}: {detail})"
    return Decision("deny", decision.denial_class, (decision.reason + note)[:1000],
                    (decision.message or decision.reason) + note, decision.classes)


# -- the socket ----------------------------------------------------------------------------


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    allow_reuse_address = False
    broker: ApprovalBroker


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        broker: ApprovalBroker = self.server.broker  # type: ignore[attr-defined]
        conn: socket.socket = self.request
        try:
            request = json.loads(_read(conn, 5.0))
            if not isinstance(request, dict):
                raise ValueError("not a JSON object")
            kind = request.get("kind")
            if kind == "list":
                answer: dict[str, Any] = {"ok": True, "run": str(broker.run_id), "pending": broker.pending()}
            elif kind == "describe":
                found = broker.describe(str(request.get("id", "")))
                answer = {"ok": found is not None, "request": found}
            elif kind == "decide":
                answer = broker.decide(request)
            else:
                answer = {"ok": False, "error": "unknown kind"}
        except Exception as e:  # noqa: BLE001 - answer something, change nothing
            answer = {"ok": False, "error": f"bad request: {type(e).__name__}"}
        try:
            conn.settimeout(5.0)
            conn.sendall(json.dumps(answer).encode())
        except OSError:
            pass


def _read(conn: socket.socket, timeout_s: float) -> bytes:
    end = time.monotonic() + timeout_s
    chunks: list[bytes] = []
    size = 0
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        conn.settimeout(left)
        chunk = conn.recv(65536)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_MESSAGE_BYTES:
            raise ValueError("the request is too large")
        chunks.append(chunk)


# -- the owner's side: find a broker, ask it, decide -----------------------------------------


@dataclass(frozen=True)
class BrokerAddress:
    """A live broker's run and socket (from ``runs/<run>/approvals.json``)."""

    run_id: str
    socket: str


def brokers(home_root: Path, prefix: str = "") -> list[BrokerAddress]:
    """The brokers whose address files are in the home (runs whose id starts with ``prefix``)."""
    out: list[BrokerAddress] = []
    runs = Path(home_root) / "runs"
    pattern = f"{prefix}*/{RECORD_FILE}" if prefix else f"*/{RECORD_FILE}"
    for path in sorted(runs.glob(pattern)):
        try:  # the home's own small file, read as every input is (a regular file, capped)
            data = json.loads(read_text(path, what="approval broker address", max_bytes=SMALL_MAX_BYTES))
            out.append(BrokerAddress(str(data["run_id"]), str(data["socket"])))
        except (InputError, ValueError, KeyError, TypeError):
            continue
    return out


def ask(address: BrokerAddress, request: dict[str, Any], *, timeout_s: float = 10.0) -> dict[str, Any]:
    """Send one request to a broker and return its answer.

    Raises:
        ApprovalError: the broker does not answer (its run ended or crashed).
    """
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.settimeout(timeout_s)
        s.connect(address.socket)
        s.sendall(json.dumps(request).encode())
        s.shutdown(socket.SHUT_WR)
        answer = json.loads(_read(s, timeout_s))
    except (OSError, ValueError) as e:
        raise ApprovalError(f"the decision service of run {address.run_id} does not answer ({e})",
                            "its run has ended: the call was denied") from e
    finally:
        s.close()
    if not isinstance(answer, dict):
        raise ApprovalError(f"the decision service of run {address.run_id} answered something other than an object")
    return answer


def pending_approvals(home_root: Path) -> list[dict[str, Any]]:
    """Every call waiting for a decision in a live run of the home (unreachable brokers skipped)."""
    out: list[dict[str, Any]] = []
    for address in brokers(home_root):
        try:
            answer = ask(address, {"kind": "list"}, timeout_s=2.0)
        except ApprovalError:
            continue
        out.extend(dict(p, run=address.run_id) for p in answer.get("pending") or [] if isinstance(p, dict))
    return sorted(out, key=lambda p: (p.get("deadline_ns") or 0, str(p.get("id"))))


def find_broker(home_root: Path, approval: str) -> BrokerAddress:
    """The live broker of the run approval ``approval`` belongs to.

    Raises:
        ApprovalError: the id is malformed, or no live run (or more than one) matches it.
    """
    prefix = run_prefix(approval)
    if not prefix:
        raise ApprovalError(f"{approval!r} is not an approval id", "ids look like 3f2a9c1b-1: see `overlord approvals`")
    found = brokers(home_root, prefix)
    if not found:
        raise ApprovalError(f"no live run holds approval {approval}", "see `overlord approvals`; a run that ended denied it")
    if len(found) > 1:
        raise ApprovalError(f"{len(found)} live runs share the prefix of approval {approval}",
                            "decide it from the witness page, which names the run")
    return found[0]


def send_decision(home_root: Path, signer: Any, approval: str, decision: str, *, why: str = "",
                  action_sha256: str | None = None, by: str = "cli") -> dict[str, Any]:
    """Decide ``approval`` as the owner: sign the decision with the home's key ``signer`` and
    send it to the run's broker. Without ``action_sha256`` the action the broker holds is the
    one approved (it is read from the broker first).

    Returns the broker's answer (``ok``, ``outcome``, ``id``, and the request decided).

    Raises:
        ApprovalError: no live broker holds it, or it does not answer.
        ConfigError: ``decision`` is not approve or deny.
    """
    if decision not in DECISIONS:
        raise ConfigError(f"decision {decision!r}", f"use one of: {', '.join(DECISIONS)}")
    address = find_broker(home_root, approval)
    held = None
    if action_sha256 is None:
        held = ask(address, {"kind": "describe", "id": approval}).get("request")
        action_sha256 = str(held.get("action_sha256", "")) if isinstance(held, dict) else ""
    nonce = secrets.token_hex(16)
    message = decision_message(run_id=address.run_id, approval=approval, decision=decision,
                               action_sha256=action_sha256, why=why, by=by, nonce=nonce)
    answer = ask(address, {"kind": "decide", "id": approval, "decision": decision, "action_sha256": action_sha256,
                           "why": why, "by": by, "nonce": nonce,
                           "signature": base64.b64encode(signer.sign(message)).decode()})
    answer.setdefault("id", approval)
    answer["run"] = address.run_id
    answer["request"] = held
    return answer


def _log(level: str, event: str, **kw: Any) -> None:
    """Log, never raising: a log line must never change a decision."""
    try:
        getattr(log, level)(event, **kw)
    except Exception:  # noqa: BLE001 - logging is best effort
        pass

"""The approval failure corpus: every way an approval can go wrong is a DENY for the waiting
tool call and a recorded ApprovalResolved naming how. Real parts: a real home (SQLite), the
decision service on a Unix socket, the installed hook client as a subprocess, signed
decisions sent as `overlord approve` sends them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from overlord.domain.approval import approval_id
from overlord.ledger.keys import generate_signer
from overlord.supervision.approvals import send_decision
from tests.approvals.conftest import PIP, assert_verified
from tests.conftest import ROOT


def _denied(answer) -> str:
    code, decision, reason, err = answer
    assert code == 0 and decision == "deny", answer
    return reason


def test_timely_approval_of_the_exact_action_allows(rig):
    r = rig(timeout_ms=60_000)
    fut = r.call()
    [pending] = r.wait_pending()
    assert pending["class"] == "package_install" and PIP in pending["summary"]
    answer = r.decide(pending["id"], "approve")
    assert answer["ok"] and answer["outcome"] == "approved"
    code, decision, reason, _ = fut.result(timeout=60)
    assert (code, decision) == (0, "allow") and "approved by the owner" in reason
    assert r.resolved() == [(pending["id"], "approved")]
    [decided] = r.decided()
    assert decided.decision == "allow" and r.core.denials == 0
    assert_verified(r.session)


def test_nobody_deciding_is_a_deny_at_the_timeout(rig):
    r = rig(timeout_ms=300)
    reason = _denied(r.call().result(timeout=60))
    assert "not approved: timeout" in reason
    [(aid, outcome)] = r.resolved()
    assert outcome == "timeout" and aid == approval_id(r.run_id, 1)
    [decided] = r.decided()
    assert (decided.decision, decided.denial_class) == ("deny", "package_install")
    assert r.core.denials == 1, "a deny after an approval request counts against max_denials"


def test_a_decision_for_an_unknown_id(rig):
    r = rig(timeout_ms=1500)
    fut = r.call()
    [pending] = r.wait_pending()
    stray = approval_id(r.run_id, 99)
    answer = r.decide(stray, "approve", action_sha256=pending["action_sha256"])
    assert not answer["ok"] and answer["outcome"] == "unknown_id"
    assert "not approved: timeout" in _denied(fut.result(timeout=60)), "the waiting call was not approved by it"
    assert r.resolved() == [(stray, "unknown_id"), (pending["id"], "timeout")]


def test_the_broker_raising(rig):
    def broken_wait(event, seconds):
        raise RuntimeError("the broker's wait broke")

    r = rig(timeout_ms=60_000, wait=broken_wait)
    reason = _denied(r.call().result(timeout=60))
    assert "broker_error" in reason
    [(_, outcome)] = r.resolved()
    assert outcome == "broker_error"
    assert r.decided()[0].decision == "deny"


def test_a_decision_after_the_deadline(rig):
    r = rig(timeout_ms=300)
    reason = _denied(r.call().result(timeout=60))
    assert "timeout" in reason
    aid = approval_id(r.run_id, 1)
    answer = r.decide(aid, "approve", action_sha256="0" * 64)
    assert not answer["ok"] and answer["outcome"] == "late"
    assert r.resolved() == [(aid, "timeout"), (aid, "late")]
    assert [d.decision for d in r.decided()] == ["deny"], "nothing ran late"


def test_a_duplicate_decision(rig):
    r = rig(timeout_ms=60_000)
    fut = r.call()
    [pending] = r.wait_pending()
    first = r.decide(pending["id"], "deny", why="not on this machine")
    assert first["ok"] and first["outcome"] == "denied"
    assert "denied by the owner: not on this machine" in _denied(fut.result(timeout=60))
    again = r.decide(pending["id"], "approve", action_sha256=pending["action_sha256"])
    assert not again["ok"] and again["outcome"] == "duplicate"
    assert r.resolved() == [(pending["id"], "denied"), (pending["id"], "duplicate")]
    assert [d.decision for d in r.decided()] == ["deny"]


def test_an_approval_of_another_action_digest(rig):
    r = rig(timeout_ms=60_000)
    fut = r.call()
    [pending] = r.wait_pending()
    other = "f" * 64
    assert other != pending["action_sha256"]
    answer = r.decide(pending["id"], "approve", action_sha256=other)
    assert not answer["ok"] and answer["outcome"] == "action_mismatch"
    assert "action_mismatch" in _denied(fut.result(timeout=60))
    [(_, outcome)] = r.resolved()
    assert outcome == "action_mismatch"


def test_nobody_listening_denies_at_once(rig):
    r = rig(timeout_ms=60_000, start="blocked")
    assert not r.broker.listening
    assert "no_listener" in _denied(r.call().result(timeout=60))
    [(_, outcome)] = r.resolved()
    assert outcome == "no_listener"


def test_an_unsigned_or_foreign_decision_changes_nothing(rig):
    r = rig(timeout_ms=1500)
    fut = r.call()
    [pending] = r.wait_pending()
    stranger = generate_signer("someone.else/log")
    answer = send_decision(r.session.home.root, stranger, pending["id"], "approve")
    assert not answer["ok"] and answer["outcome"] == "unauthenticated"
    assert "timeout" in _denied(fut.result(timeout=60))
    assert r.resolved() == [(pending["id"], "timeout")], "an unauthenticated decision is not even recorded"


def test_the_decision_service_restarted_while_a_call_waits(rig, tmp_path):
    """The service is SIGKILLed while the hook waits: the hook fails closed (deny), and the
    run's next decision service records the orphaned request as no_listener."""
    r = rig(timeout_ms=60_000, start="none")
    r.service.close()  # this run's service lives in another process instead
    sock = r.sock_dir / "other.sock"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("serve_run.py")), str(r.session.home.root),
                             str(r.run_id), str(r.root), str(sock), "60000"], env=env, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        r.env["OVERLORD_SOCKET"] = str(sock)
        fut = r.call()
        end = time.monotonic() + 60
        while not any(type(e).__name__ == "ApprovalRequested" for e in r.approval_events()):
            assert time.monotonic() < end, "the call was never parked"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    reason = _denied(fut.result(timeout=60))
    assert "overlord guard:" in reason, "the hook client failed closed when its service vanished"
    assert r.resolved() == []
    restarted = r.new_broker().start()
    try:
        [(aid, outcome)] = r.resolved()
        assert (aid, outcome) == (approval_id(r.run_id, 1), "no_listener")
        late = r.decide(aid, "approve", action_sha256="0" * 64)
        assert late["outcome"] == "late"
    finally:
        restarted.close()
    assert_verified(r.session)


def test_a_deny_that_is_also_another_class_never_waits(rig):
    r = rig(timeout_ms=60_000)
    reason = _denied(r.call("pip install ./x.whl && git commit -m x").result(timeout=60))
    assert "held for approval" not in reason
    assert r.resolved() == [] and r.broker.pending() == []


def test_the_guard_reports_every_class_a_call_is_denied_for(tmp_path):
    """What the broker reads: all the classes, the reported one first."""
    from overlord.adapters.paths import RealPathResolver
    from overlord.domain.guard import DenialClass, GuardPolicy, decide_payload

    def decide(command: str):
        return decide_payload(json.dumps({"tool_name": "Bash", "cwd": str(tmp_path), "tool_input": {"command": command}}),
                              GuardPolicy(worker_root=str(tmp_path)), overlord_home="/nonexistent-home",
                              resolver=RealPathResolver())

    assert decide(PIP).classes == (DenialClass.PACKAGE_INSTALL,)
    both = decide("pip install ./x.whl && git commit -m x")
    assert both.denial_class is DenialClass.GIT_MUTATION
    assert set(both.classes) == {DenialClass.GIT_MUTATION, DenialClass.PACKAGE_INSTALL}

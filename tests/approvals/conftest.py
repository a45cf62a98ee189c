"""A run's decision service with an approval broker, on a real home, asked through the real
installed hook client (a subprocess, as Claude Code runs it)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
import uuid
from concurrent.futures import Future
from pathlib import Path

import pytest

from overlord.adapters.hooks.install import install_hook, run_hook_command
from overlord.domain.approval import approvals_stream_id
from overlord.domain.guard import DenialClass, GuardPolicy
from overlord.domain.policy import ApprovalPolicy
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.approvals import ApprovalBroker, send_decision
from overlord.supervision.decision_service import DecisionCore, DecisionService
from overlord.supervision.policy_keeper import install_default_policy
from overlord.supervision.recorder import RunRecorder
from tests.conftest import StepClock

PIP = "pip install --no-index ./dist/demo_pkg-0.1-py3-none-any.whl"


class Rig:
    """One run: a home, a worker root with the hook installed, the decision service and its
    broker. ``call`` asks the guard through the hook client in a thread."""

    def __init__(self, base: Path, *, timeout_ms: int, wait=None, start: str = "listen",
                 classes=(DenialClass.PACKAGE_INSTALL,)) -> None:
        """``start``: ``listen`` (the broker is started), ``blocked`` (started, but its socket
        cannot be made: a file stands where the run's directory must be), ``none``."""
        self.base = base
        self.root = base / "work"
        self.root.mkdir(parents=True)
        self.session = init_home(base / "home")
        install_default_policy(self.session, clock=StepClock())  # as `overlord init` does
        self.clock = StepClock()
        self.run_id = uuid.uuid4()
        self.session.ledger.append(Run.open(run_id=self.run_id, cwd=str(self.root), argv=["agent"], policy_hash="",
                                            overlord_version="test", runtime="command", sandbox="none",
                                            at=self.clock.now()))
        self.approval = ApprovalPolicy(tuple(classes), timeout_ms)
        self.sock_dir = Path(tempfile.mkdtemp(prefix="ovl-t-", dir="/tmp"))
        self.core = DecisionCore(GuardPolicy(worker_root=str(self.root)), overlord_home=str(self.session.home.root),
                                 recorder=RunRecorder(self.session.ledger, self.run_id, self.clock),
                                 run_id=str(self.run_id))
        self.broker = self.new_broker(wait=wait)
        self.core.approvals = self.broker
        self.service = DecisionService(self.sock_dir / "guard.sock", self.core).start()
        if start == "blocked":
            run_dir = self.session.home.run_dir(str(self.run_id))
            run_dir.parent.mkdir(parents=True, exist_ok=True)
            run_dir.write_text("not a directory")
        if start != "none":
            self.broker.start()
        self.inst = install_hook(self.root, self.session.home.root, self.session.blobs,
                                 timeout_ms=self.approval.hook_timeout_ms)
        self.env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(self.service.socket_path),
                    "OVERLORD_RUN_ID": str(self.run_id)}

    def new_broker(self, wait=None) -> ApprovalBroker:
        return ApprovalBroker(self.session.ledger, run_id=self.run_id, approval=self.approval,
                              verifiers=[self.session.signer.verifier()], clock=self.clock,
                              run_dir=self.session.home.run_dir(str(self.run_id)), wait=wait)

    def payload(self, command: str = PIP) -> bytes:
        return json.dumps({"session_id": "s", "hook_event_name": "PreToolUse", "cwd": str(self.root),
                           "tool_name": "Bash", "tool_input": {"command": command},
                           "tool_use_id": f"toolu_{uuid.uuid4().hex[:12]}"}).encode()

    def call(self, command: str = PIP) -> Future:
        """The hook client's answer (permissionDecision, reason), in a future."""
        fut: Future = Future()
        data = self.payload(command)

        def go() -> None:
            try:
                code, out, err = run_hook_command(self.inst.command, data, self.env, cwd=str(self.root), timeout_s=120)
                hso = (out or {}).get("hookSpecificOutput") or {}
                fut.set_result((code, hso.get("permissionDecision"), hso.get("permissionDecisionReason", ""), err))
            except BaseException as e:  # noqa: BLE001
                fut.set_exception(e)

        threading.Thread(target=go, daemon=True).start()
        return fut

    def wait_pending(self, broker: ApprovalBroker | None = None, count: int = 1) -> list[dict]:
        broker = broker or self.broker
        end = time.monotonic() + 60
        while time.monotonic() < end:
            pending = broker.pending()
            if len(pending) >= count:
                return pending
            time.sleep(0.02)
        raise AssertionError("no call was parked")

    def decide(self, approval: str, decision: str, **kw) -> dict:
        return send_decision(self.session.home.root, self.session.signer, approval, decision, **kw)

    def approval_events(self) -> list:
        return [self.session.ledger.mapper.to_domain_event(r)
                for r in self.session.ledger.stream_rows(approvals_stream_id(self.run_id))]

    def resolved(self) -> list[tuple[str, str]]:
        return [(e.approval_id, e.outcome) for e in self.approval_events() if type(e).__name__ == "ApprovalResolved"]

    def decided(self) -> list:
        run = self.session.ledger.stream_rows(self.run_id)
        events = [self.session.ledger.mapper.to_domain_event(r) for r in run]
        return [e for e in events if type(e).__name__ == "ToolCallDecided" and not e.probe]

    def close(self) -> None:
        self.broker.close()
        self.service.close()
        self.session.close()
        shutil.rmtree(self.sock_dir, ignore_errors=True)


@pytest.fixture
def rig(tmp_path):
    made: list[Rig] = []

    def make(**kw) -> Rig:
        r = Rig(tmp_path / f"r{len(made)}", **kw)
        made.append(r)
        return r

    yield make
    for r in made:
        r.close()


def assert_verified(session) -> None:
    report = session.verify(workers=1)
    assert report.ok, report.to_json()


__all__ = ["PIP", "Rig", "assert_verified", "os"]

"""Hook fixtures: a real SQLite home with one open run, a live decision service, the client."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from overlord.adapters.hooks.install import CLIENT
from overlord.domain.guard import GuardPolicy
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder
from tests.conftest import StepClock  # noqa: F401 - one test clock for every suite


@pytest.fixture
def short_dir():
    """A short directory under /tmp (Unix socket paths are limited to 107 bytes)."""
    d = tempfile.mkdtemp(prefix="ovl-t-", dir="/tmp")
    yield Path(d)
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def session(tmp_path):
    s = init_home(tmp_path / "home")
    yield s
    s.close()


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "work"
    r.mkdir()
    return r.resolve()


@pytest.fixture
def run_id(session, root):
    clock = StepClock()
    rid = uuid.uuid4()
    run = Run.open(run_id=rid, cwd=str(root), argv=["claude"], policy_hash="", overlord_version="test",
                   runtime="claude-code", sandbox="process", at=clock.now())
    session.ledger.append(run)
    return rid


@pytest.fixture
def service(session, run_id, root, short_dir):
    core = DecisionCore(GuardPolicy(worker_root=str(root)), overlord_home=str(session.home.root),
                        recorder=RunRecorder(session.ledger, run_id, StepClock()), run_id=str(run_id))
    with DecisionService(short_dir / "guard.sock", core, deadline_ms=2000) as svc:
        yield svc


CLIENT_SHA = hashlib.sha256(CLIENT.read_bytes()).hexdigest()


def run_client(stdin: bytes, env: dict[str, str], *, client: Path = CLIENT, sha: str = CLIENT_SHA,
               timeout_ms: int = 2000) -> subprocess.CompletedProcess:
    """Run the hook client as a real subprocess."""
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    return subprocess.run([sys.executable, "-I", "-S", str(client), "--expect-sha256", sha, "--timeout-ms", str(timeout_ms)],
                          input=stdin, capture_output=True, env={**base, **env}, timeout=30)


def decision_of(proc: subprocess.CompletedProcess) -> str:
    """The permissionDecision the client printed (fails the test when there is none)."""
    assert proc.returncode in (0, 2), proc
    out = json.loads(proc.stdout)
    hso = out["hookSpecificOutput"]
    assert hso["hookEventName"] == "PreToolUse"
    assert isinstance(hso["permissionDecisionReason"], str)
    return hso["permissionDecision"]


def payload(root: Path, tool: str = "Write", **tool_input) -> bytes:
    """A PreToolUse payload."""
    if not tool_input:
        tool_input = {"file_path": str(root / "a.txt"), "content": "hi"}
    return json.dumps({"session_id": "s", "hook_event_name": "PreToolUse", "cwd": str(root), "tool_name": tool,
                       "tool_input": tool_input, "tool_use_id": "toolu_1"}).encode()

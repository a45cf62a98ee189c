"""Bench: how long the owner's approval takes to reach the waiting call.

A live decision service with its approval broker (recording into a real SQLite ledger) holds a
``pip install`` parked by the real installed hook client. The clock starts when ``overlord
approve ID`` is started and stops when the hook client prints its answer (``allow``): the
command's start, its signed decision, two ledger writes (ApprovalResolved, ToolCallDecided) and
the answer. The baseline is a bare ``overlord --version`` (the same console script's start),
timed in the same run, interleaved. Last line: ``approval ratio: X (target 1.5)`` (medians).

Usage: ``.venv/bin/python bench/approvals.py [N]``
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from overlord.adapters.clock import SystemClock
from overlord.adapters.hooks.install import install_hook
from overlord.domain.guard import DenialClass, GuardPolicy
from overlord.domain.policy import ApprovalPolicy
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.approvals import ApprovalBroker
from overlord.supervision.decision_service import DecisionCore, DecisionService
from overlord.supervision.recorder import RunRecorder


def overlord() -> str:
    exe = shutil.which("overlord", path=str(Path(sys.executable).parent)) or shutil.which("overlord")
    if not exe:
        raise SystemExit("the overlord console script is not installed")
    return exe


def main(n: int = 7) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="ovl-bench-ap-", dir="/tmp"))
    exe = overlord()
    try:
        session = init_home(tmp / "home")
        root = tmp / "work"
        root.mkdir()
        clock = SystemClock()
        run_id = uuid.uuid4()
        session.ledger.append(Run.open(run_id=run_id, cwd=str(root), argv=["bench"], policy_hash="",
                                       overlord_version="bench", runtime="claude-code", sandbox="bubblewrap",
                                       at=clock.now()))
        approval = ApprovalPolicy((DenialClass.PACKAGE_INSTALL,), 120_000)
        core = DecisionCore(GuardPolicy(worker_root=str(root)), overlord_home=str(session.home.root),
                            recorder=RunRecorder(session.ledger, run_id, clock), run_id=str(run_id))
        broker = ApprovalBroker(session.ledger, run_id=run_id, approval=approval,
                                verifiers=[session.signer.verifier()], clock=clock,
                                run_dir=session.home.run_dir(str(run_id))).start()
        core.approvals = broker
        inst = install_hook(root, session.home.root, session.blobs, timeout_ms=approval.hook_timeout_ms)
        env = dict(os.environ, OVERLORD_HOME=str(session.home.root))
        with DecisionService(tmp / "guard.sock", core) as service:
            hook_env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(service.socket_path),
                        "OVERLORD_RUN_ID": str(run_id)}
            approve_ms, version_ms = [], []
            subprocess.run([exe, "--version"], env=env, capture_output=True, check=True)  # warm the page cache
            for i in range(n):
                t = time.perf_counter()
                subprocess.run([exe, "--version"], env=env, capture_output=True, check=True)
                version_ms.append((time.perf_counter() - t) * 1000)
                payload = json.dumps({"session_id": "b", "hook_event_name": "PreToolUse", "cwd": str(root),
                                      "tool_name": "Bash", "tool_use_id": f"toolu_{i}",
                                      "tool_input": {"command": f"pip install --no-index ./dist/pkg{i}.whl"}})
                hook = subprocess.Popen(["/bin/sh", "-c", inst.command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=hook_env, cwd=root)
                hook.stdin.write(payload.encode())
                hook.stdin.close()
                while not broker.pending():
                    time.sleep(0.005)
                [pending] = broker.pending()
                t = time.perf_counter()
                approver = subprocess.Popen([exe, "approve", pending["id"]], env=env, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL)
                answer = hook.stdout.read()
                approve_ms.append((time.perf_counter() - t) * 1000)
                hook.wait()
                if approver.wait() != 0 or b'"allow"' not in answer:
                    raise SystemExit(f"the approval did not allow the call: {answer!r}")
        broker.close()
        session.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    a, v = statistics.median(approve_ms), statistics.median(version_ms)
    print(f"overlord --version:              p50 {v:8.1f} ms  (min {min(version_ms):.1f}, n={n})")
    print(f"overlord approve -> hook answer: p50 {a:8.1f} ms  (min {min(approve_ms):.1f}, n={n})")
    print(f"approval ratio: {a / v:.2f} (target 1.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)

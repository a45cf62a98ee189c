"""Bench: the guard hook's round trip, process start to decision printed.

Installs the hook client from its snapshot into a temporary root, serves a live decision
service (recording into a real SQLite ledger), and runs the installed command ~50 times; the
same number of runs of ``python3 -c pass`` (the same interpreter) is the baseline. Also times
the in-process path (``overlord hook claude-code``). Last line:
``hook p50 ratio: X (target 3)``.

Usage: ``.venv/bin/python bench/hook.py [N]``
"""

from __future__ import annotations

import json
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
from overlord.adapters.runtimes.base import GuardSettings
from overlord.domain.guard import GuardPolicy
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder
from overlord.supervision.guard_files import GuardFiles, TamperWatch


def _times(argv: list[str], stdin: bytes, env: dict[str, str], n: int, *, shell: bool = False) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(argv if not shell else argv[0], input=stdin, capture_output=True, env=env, shell=shell, check=False)
        out.append((time.perf_counter() - t) * 1000)
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main(n: int = 50) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="ovl-bench-", dir="/tmp"))
    try:
        session = init_home(tmp / "home")
        root = tmp / "work"
        root.mkdir()
        clock = SystemClock()
        run_id = uuid.uuid4()
        session.ledger.append(Run.open(run_id=run_id, cwd=str(root), argv=["bench"], policy_hash="",
                                       overlord_version="bench", runtime="claude-code", sandbox="process", at=clock.now()))
        inst = install_hook(root, session.home.root, session.blobs)
        core = DecisionCore(GuardPolicy(worker_root=str(root)), overlord_home=str(session.home.root),
                            recorder=RunRecorder(session.ledger, run_id, clock), run_id=str(run_id))
        # a mission's decision path also checks the guard's own settings by hash on every call
        files = GuardFiles(GuardSettings(home={".claude/settings.json": b"{}\n", ".claude/settings.local.json": b"{}\n"}),
                           home=tmp / "runtime-home", store=tmp / "guard", watch=(Path(inst.settings_path),))
        files.write_home()
        core.tamper_check = TamperWatch(files, RunRecorder(session.ledger, run_id, clock).apply, clock.now).check
        payload = json.dumps({"session_id": "b", "hook_event_name": "PreToolUse", "cwd": str(root), "tool_name": "Bash",
                              "tool_input": {"command": "ls -la && cat README.md > out.txt"}, "tool_use_id": "t"}).encode()
        with DecisionService(tmp / "g.sock", core) as svc:
            env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(svc.socket_path), "OVERLORD_RUN_ID": str(run_id)}
            check = subprocess.run(inst.command, shell=True, input=payload, capture_output=True, env=env)
            decision = json.loads(check.stdout)["hookSpecificOutput"]["permissionDecision"]
            base, hook = [], []
            for _ in range(n):  # interleaved, so both see the same machine load
                base += _times([sys.executable, "-c", "pass"], b"", env, 1)
                hook += _times([inst.command], payload, env, 1, shell=True)
        overlord = shutil.which("overlord") or str(Path(sys.executable).with_name("overlord"))
        ienv = {**env, "OVERLORD_HOME": str(session.home.root)}
        inproc = _times([overlord, "hook", "claude-code"], payload, ienv, max(5, n // 5))
        session.close()
        print(f"decision through the installed client: {decision}")
        print(f"python3 -c pass      p50 {_pct(base, .5):7.1f} ms  p99 {_pct(base, .99):7.1f} ms  (n={n})")
        print(f"hook (client+service) p50 {_pct(hook, .5):7.1f} ms  p99 {_pct(hook, .99):7.1f} ms  (n={n})")
        print(f"hook in-process CLI   p50 {_pct(inproc, .5):7.1f} ms  p99 {_pct(inproc, .99):7.1f} ms  (n={len(inproc)})")
        print(f"hook p50 ratio: {statistics.median(hook) / statistics.median(base):.2f} (target 3)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)

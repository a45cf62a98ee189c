"""Bench: the guard hook's round trip for each runtime, process start to decision printed, with
the ground-truth matching and the guard's own settings check on the decision path.

For Claude Code, Codex and Gemini in turn: makes the hook client's command from its snapshot
(the runtime's own output format), writes the runtime's guard settings (watched by hash on
every call, as a mission's decision path does), serves a live decision service recording into
a real SQLite ledger with the run's ground truth (each iteration first enters a model answer
asking for the tool use, as the connector does, then runs the installed command with that
CLI's payload), ~50 times; the same number of runs of ``python3 -c pass`` (the same
interpreter, interleaved) is the baseline. Prints each runtime's ratio, then the worst of the
three. Last line: ``hook p50 ratio: X (target 3)``.

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
from overlord.adapters.connector.api import get_api
from overlord.adapters.hooks.install import snapshot_hook
from overlord.adapters.runtimes.base import HookCommands
from overlord.adapters.runtimes.registry import get_runtime
from overlord.domain.guard import GuardPolicy
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder
from overlord.supervision.ground_truth import GroundTruth
from overlord.supervision.guard_files import GuardFiles, TamperWatch

COMMAND = "ls -la && cat README.md > out.txt"


def _time(argv: list[str], stdin: bytes, env: dict[str, str], *, shell: bool = False) -> float:
    t = time.perf_counter()
    subprocess.run(argv if not shell else argv[0], input=stdin, capture_output=True, env=env, shell=shell, check=False)
    return (time.perf_counter() - t) * 1000


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def _case(name: str, root: Path, i: int) -> tuple[dict, dict]:
    """(the model's tool use as the connector enters it, the CLI's hook payload for it)."""
    if name == "claude-code":
        tid = f"toolu_bench_{i}"
        return ({"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": COMMAND}},
                {"session_id": "b", "hook_event_name": "PreToolUse", "cwd": str(root), "tool_name": "Bash",
                 "tool_input": {"command": COMMAND}, "tool_use_id": tid})
    if name == "codex":
        tid = f"call_bench_{i}"
        return ({"type": "function_call", "call_id": tid, "name": "exec_command", "arguments": json.dumps({"cmd": COMMAND})},
                {"session_id": "b", "hook_event_name": "PreToolUse", "cwd": str(root), "tool_name": "Bash",
                 "tool_input": {"command": COMMAND}, "tool_use_id": tid})
    args = {"command": f"{COMMAND} # {i}", "description": "bench"}
    return ({"functionCall": {"name": "run_shell_command", "args": args}},
            {"session_id": "b", "hook_event_name": "BeforeTool", "cwd": str(root), "tool_name": "run_shell_command",
             "tool_input": args})


def _answer(name: str, use: dict) -> bytes:
    if name == "claude-code":
        return json.dumps({"id": "msg_b", "type": "message", "content": [use]}).encode()
    if name == "codex":
        return json.dumps({"id": "resp_b", "output": [use]}).encode()
    return json.dumps({"candidates": [{"content": {"role": "model", "parts": [use]}}]}).encode()


def bench(name: str, tmp: Path, n: int) -> float:
    runtime = get_runtime(name)
    api = get_api(runtime.api)
    session = init_home(tmp / f"home-{name}")
    root = tmp / f"work-{name}"
    root.mkdir()
    clock = SystemClock()
    run_id = uuid.uuid4()
    session.ledger.append(Run.open(run_id=run_id, cwd=str(root), argv=["bench"], policy_hash="",
                                   overlord_version="bench", runtime=name, sandbox="process", at=clock.now()))
    inst = snapshot_hook(root, session.home.root, name, fmt=runtime.hook_format)
    command = inst.command
    truth = GroundTruth(runtime)
    core = DecisionCore(GuardPolicy(worker_root=str(root)), overlord_home=str(session.home.root),
                        recorder=RunRecorder(session.ledger, run_id, clock), run_id=str(run_id), runtime=runtime,
                        truth=truth)
    # a mission's decision path also checks the guard's own settings by hash on every call
    settings = runtime.guard_settings(HookCommands(command), sandboxed=False)
    files = GuardFiles(settings, home=tmp / f"runtime-home-{name}", store=tmp / f"guard-{name}",
                       watch=tuple(root / rel for rel in settings.project))
    files.write_home()
    core.tamper_check = TamperWatch(files, RunRecorder(session.ledger, run_id, clock).apply, clock.now).check
    base, hook, decisions = [], [], set()
    with DecisionService(tmp / f"{name}.sock", core) as svc:
        env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(svc.socket_path), "OVERLORD_RUN_ID": str(run_id)}
        for i in range(n):  # interleaved, so both see the same machine load
            use, payload = _case(name, root, i)
            truth.answered(api, _answer(name, use), {}, error=False)  # the connector saw the model ask for it
            base.append(_time([sys.executable, "-c", "pass"], b"", env))
            t = time.perf_counter()
            out = subprocess.run(command, shell=True, input=json.dumps(payload).encode(), capture_output=True, env=env)
            hook.append((time.perf_counter() - t) * 1000)
            decisions.add(out.stdout.decode(errors="replace")[:60])
    session.close()
    ratio = statistics.median(hook) / statistics.median(base)
    print(f"{name:<12} python3 -c pass p50 {_pct(base, .5):6.1f} ms | hook p50 {_pct(hook, .5):6.1f} ms "
          f"p99 {_pct(hook, .99):6.1f} ms (n={n}, tampers {truth.tampers}) -> {sorted(decisions)[0][:40]}")
    print(f"hook p50 ratio ({name}): {ratio:.2f}")
    assert truth.tampers == 0, "every bench call names a tool use the model asked for"
    return ratio


def main(n: int = 50) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="ovl-bench-", dir="/tmp"))
    try:
        worst = max(bench(name, tmp, n) for name in ("claude-code", "codex", "gemini"))
        print(f"hook p50 ratio: {worst:.2f} (target 3)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)

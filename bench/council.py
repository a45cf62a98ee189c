"""The Council loop's own overhead per cycle, against one bare ``overlord run -- true``.

Both are run as a user runs them (the installed CLI, one process each, the same home, the
same machine, interleaved): ``overlord task run`` on a two-cycle task (a scripted agent
through the ``command`` runtime writes a stub, the gate fails it, the correction writes the
real solution, the gate passes it, review, DONE), and ``overlord run -- true``.

The loop's overhead is its wall time minus the agent's time (each run's ``ProcessExited``
duration) minus the gate's time (each self-check step: from the task's move into SELF_CHECK
to its ``Checked``), divided by the work steps it took. Everything else is the loop's:
starting up, routing, each supervised run's opening, guard arming, layers, settlement and
checkpoints, the task's events and claims, the review and the summary. Medians over the rounds.

Last line: ``council overhead ratio: X (target 2)`` (overhead per cycle / bare run; lower is
better).

Usage: .venv/bin/python bench/council.py [--rounds N]
"""

from __future__ import annotations

import argparse
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

from overlord.domain.run import Run
from overlord.domain.task import Task
from overlord.ledger.session import open_home

ROOT = Path(__file__).resolve().parents[1]
AGENT = ROOT / "tests" / "council" / "agent.py"
CASE = ROOT / "tests" / "corpus" / "python_pass_prime_guard_clause"
GOAL = "Write `is_prime(n)` in solution.py that returns True when n is a prime number, with tests in test_solution.py."


def overlord() -> list[str]:
    exe = Path(sys.executable).with_name("overlord")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli.main"]


def timed(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    p = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    return time.perf_counter() - t, p


def split(home: Path, task_id: str) -> tuple[float, float, int]:
    """(agent seconds, gate seconds, work steps) of one task, read from its ledger."""
    session = open_home(home, writable=False)
    try:
        events = [session.ledger.mapper.to_domain_event(r) for r in session.ledger.stream_rows(uuid.UUID(task_id))]
        agent = 0.0
        runs = [e.run_id for e in events if isinstance(e, Task.WorkOpened)]
        for run in runs:
            for r in session.ledger.stream_rows(uuid.UUID(run)):
                e = session.ledger.mapper.to_domain_event(r)
                if isinstance(e, Run.ProcessExited):
                    agent += e.duration_ns / 1e9
        gate, entered = 0.0, None
        for e in events:
            if isinstance(e, Task.Moved) and e.target == "SELF_CHECK":
                entered = e.timestamp
            elif isinstance(e, Task.Checked) and entered is not None:
                gate += (e.timestamp - entered).total_seconds()
                entered = None
        return agent, gate, len(runs)
    finally:
        session.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ovl-bench-council-"))
    try:
        home = tmp / "home"
        env = dict(os.environ, OVERLORD_HOME=str(home))
        subprocess.run([*overlord(), "init"], env=env, check=True, capture_output=True)
        plan = tmp / "plan.json"
        stub = "def is_prime(n):\n    return True\n"
        plan.write_text(json.dumps({"attempts": [
            {"files": {"pkg/solution.py": stub, "pkg/test_solution.py": (CASE / "test_solution.py").read_text()}},
            {"files": {"pkg/solution.py": (CASE / "solution.py").read_text()}}]}))
        mission = tmp / "mission.toml"
        mission.write_text(f'[mission]\ngoal = {json.dumps(GOAL)}\nruntime = "command"\n'
                           f'command = ["{sys.executable}", "{AGENT}", "{plan}"]\n[limits]\ntimeout_ms = 120000\n'
                           '[gate]\nartifact = "pkg"\n')
        bare_dir = tmp / "bare"
        bare_dir.mkdir()
        bare, loop, parts = [], [], []
        for r in range(args.rounds + 1):  # the first round warms the caches and is not counted
            b, p = timed([*overlord(), "run", "--", "true"], env, bare_dir)
            assert p.returncode == 0, p.stderr
            root = tmp / f"work{r}"
            root.mkdir()
            w, p = timed([*overlord(), "task", "run", str(mission), "--root", str(root), "--json"], env, tmp)
            out = json.loads(p.stdout.strip().splitlines()[-1])
            assert out["state"] == "DONE" and out["cycles"] == 1, p.stdout + p.stderr
            agent, gate, steps = split(home, out["task_id"])
            if r == 0:
                continue
            bare.append(b)
            loop.append((w - agent - gate) / steps)
            parts.append((w, agent, gate, steps))
            print(f"round {r}: bare run {b * 1000:.0f} ms; task {w * 1000:.0f} ms = agent {agent * 1000:.0f} + gate "
                  f"{gate * 1000:.0f} + loop {(w - agent - gate) * 1000:.0f} over {steps} cycles")
        b, per_cycle = statistics.median(bare), statistics.median(loop)
        print(f"bare `overlord run -- true`: {b * 1000:.0f} ms; loop overhead per cycle: {per_cycle * 1000:.0f} ms")
        print(f"council overhead ratio: {per_cycle / b:.2f} (target 2)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

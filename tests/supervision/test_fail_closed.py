"""Recording fails closed, every exit path settles, command runs are controlled like missions.

Real parts only: the installed `overlord` console script, a real SQLite ledger (made to refuse
one kind of write with a trigger, as a failing store would), real processes and signals, and
the real Claude Code CLI for the connector's refusal.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import overlord_cmd
from tests.mission.test_mission_runs import EXAMPLE, claude_mission, run_mission, scripted, with_steps

OV = overlord_cmd()


def _journal(env, run_id):
    out = subprocess.run([*OV, "journal", "--json", "--run", run_id], env=env, capture_output=True, text=True,
                         check=True).stdout
    return [json.loads(x) for x in out.splitlines()]


def _refuse(home: Path, topic: str) -> None:
    """Make the real store refuse every new event of ``topic`` (a failing store, for one kind)."""
    with sqlite3.connect(home / "ledger.sqlite") as c:
        c.execute(f"CREATE TRIGGER refuse_it BEFORE INSERT ON stored_events WHEN NEW.topic = '{topic}' "
                  "BEGIN SELECT RAISE(ABORT, 'the store refuses this write'); END")


def test_an_unrecordable_model_call_stops_the_run_and_its_answer_is_withheld(world, claude_bin):
    tmp, home, root, env = world
    _refuse(home, "overlord.run.ConnectorCalled")
    mission = claude_mission(str(EXAMPLE / "transcript.json"))
    s, journal, _ = run_mission(world, mission)
    assert s["stop_code"] == "controller_error" and s["status"] != "succeeded", s
    assert "refused" in s["detail"]
    # the first answer asked for a Write of greet.py: it never reached the agent
    assert not (root / "greet.py").exists()
    kinds = [e["event_type"] for e in journal]
    assert "ToolUsed" not in kinds and "ConnectorCalled" not in kinds
    assert [e for e in journal if e["event_type"] == "ToolCallDecided" and "probe" not in e["summary"]] == []


def test_a_hostile_stream_line_still_settles_checkpoints_and_restores_the_hook(world):
    tmp, home, root, env = world
    deep = "[" * 100_000 + "]" * 100_000
    huge = json.dumps({"type": "assistant", "message": {"id": "m1", "model": "x", "content": [],
                                                        "usage": {"input_tokens": 2**70, "output_tokens": 1}}})
    with_steps(world, [{"raw_print": deep}, {"raw_print": huge}, {"say": "done"}])
    s, journal, _ = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000))
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), s
    turns = [e for e in journal if e["event_type"] == "TurnRecorded"]
    assert any(str(2**63 - 1) in e["summary"] for e in turns), "the out-of-range count is clamped, not dropped"
    assert not (root / ".claude").exists(), "the hook settings are restored"
    status = json.loads(subprocess.run([*OV, "verify", "--json"], env=env, capture_output=True, text=True).stdout)
    assert status["ok"]


def _wait_for_control(home: Path, timeout_s: float = 30) -> str:
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        found = list((home / "runs").glob("*/control.json")) if (home / "runs").exists() else []
        if found:
            return found[0].parent.name
        time.sleep(0.05)
    raise AssertionError("no heartbeat")


def test_kill_cancels_a_command_run_and_its_real_exit_is_not_lost(world):
    tmp, home, root, env = world
    proc = subprocess.Popen([*OV, "run", "--json", "--", "sleep", "60"], cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    run_id = _wait_for_control(home)
    k = subprocess.run([*OV, "kill", run_id, "--json", "--wait-ms", "10000"], env=env, capture_output=True, text=True,
                       timeout=60)
    assert json.loads(k.stdout)["outcome"] == "cancelled_gracefully", k.stdout + k.stderr
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and json.loads(out)["stop_code"] == "cancelled", err
    assert subprocess.run(["pgrep", "-f", "^sleep 60$"], capture_output=True).returncode == 1
    kinds = [e["event_type"] for e in _journal(env, run_id)]
    assert kinds.count("Settled") == 1 and "ProcessExited" in kinds
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


def test_kill_after_the_controller_died_ends_the_commands_group(world):
    tmp, home, root, env = world
    marker = f"sleep {4242 + os.getpid() % 1000}"
    proc = subprocess.Popen([*OV, "run", "--json", "--", "sh", "-c", f"{marker}; true"], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    run_id = _wait_for_control(home)
    time.sleep(0.3)
    proc.send_signal(signal.SIGKILL)  # the controller dies; its command would live on
    proc.wait()
    assert subprocess.run(["pgrep", "-f", marker], capture_output=True).returncode == 0
    # ps tells a run whose controller is gone (a crash, a full disk) from a live one, and how to end it
    ps = subprocess.run([*OV, "ps", "--json"], env=env, capture_output=True, text=True, timeout=60)
    row = next(json.loads(line) for line in ps.stdout.splitlines() if json.loads(line)["run"] == run_id)
    assert row["controller_gone"] is True and not row["status"], row
    text = subprocess.run([*OV, "ps"], env=env, capture_output=True, text=True, timeout=60).stdout
    assert f"{run_id[:8]}  orphaned (overlord kill)" in text, text
    k = subprocess.run([*OV, "kill", run_id, "--json"], env=env, capture_output=True, text=True, timeout=60)
    assert json.loads(k.stdout)["outcome"] == "orphan_settled", k.stdout + k.stderr
    time.sleep(0.3)
    assert subprocess.run(["pgrep", "-f", marker], capture_output=True).returncode == 1, "the command outlived the kill"
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


def test_a_late_result_against_a_settled_command_run_is_a_conflict_not_a_crash(world):
    tmp, home, root, env = world
    proc = subprocess.Popen([*OV, "run", "--json", "--", "sleep", "2"], cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    run_id = _wait_for_control(home)
    time.sleep(0.3)
    # the controller is frozen and looks gone (its recorded pid is not alive): kill settles the
    # run in place; then the controller wakes up and its own settlement arrives late
    os.kill(proc.pid, signal.SIGSTOP)
    try:
        control = home / "runs" / run_id / "control.json"
        data = json.loads(control.read_text())
        data.update(pid=2**22 + 7, runtime_pgid=0)
        control.write_text(json.dumps(data))
        k = subprocess.run([*OV, "kill", run_id, "--json"], env=env, capture_output=True, text=True, timeout=60)
        assert json.loads(k.stdout)["outcome"] == "orphan_settled", k.stdout + k.stderr
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    out, err = proc.communicate(timeout=60)
    assert json.loads(out)["stop_code"] == "controller_lost", err
    kinds = [e["event_type"] for e in _journal(env, run_id)]
    assert kinds.count("Settled") == 1 and "SettlementConflict" in kinds, kinds
    assert "Traceback" not in err
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


def test_command_output_is_streamed_not_held(world, tmp_path):
    tmp, home, root, env = world
    size = 96 << 20
    writer = f"import sys; b = b'x' * (1 << 20); [sys.stdout.buffer.write(b) for _ in range({size >> 20})]"
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    p = subprocess.run([sys.executable, "-c", probe, *OV, "run", "--json", "--", sys.executable, "-c", writer],
                       cwd=root, env=env, capture_output=True, text=True, timeout=300)
    peak_mib = int(p.stdout.strip().splitlines()[-1]) / 1024
    assert peak_mib < 120, f"overlord run held the output: peak {peak_mib:.0f} MiB for {size >> 20} MiB written"
    lines = subprocess.run([*OV, "journal", "--json"], env=env, capture_output=True, text=True).stdout.splitlines()
    exited = [json.loads(x) for x in lines if json.loads(x)["event_type"] == "ProcessExited"]
    assert len(exited) == 1 and f"{size}B out" in exited[0]["summary"]
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


@pytest.mark.parametrize("topic", ["overlord.run.ProcessExited"])
def test_a_refused_exit_record_still_settles_the_command_run(world, topic):
    tmp, home, root, env = world
    _refuse(home, topic)
    p = subprocess.run([*OV, "run", "--json", "--", "true"], cwd=root, env=env, capture_output=True, text=True,
                       timeout=60)
    s = json.loads(p.stdout)
    assert s["stop_code"] == "controller_error" and "refused" in s["detail"], p.stdout + p.stderr
    assert "Traceback" not in p.stderr

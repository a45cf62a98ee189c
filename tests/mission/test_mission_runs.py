"""The main job end to end: `overlord run --mission` as a user runs it, each way a run ends.

Two runtimes: a small scripted agent through the `command` runtime (tests/mission/agent.py,
asking the guard through the same installed hook client), and the real Claude Code CLI
replaying transcripts. After each run `overlord verify` passes and the journal shows the
stop code.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import overlord_cmd

AGENT = Path(__file__).with_name("agent.py")


@pytest.fixture
def world(tmp_path):
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home))
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    return tmp_path, home, root, env


def run_mission(world, mission: str, *, files: dict[str, object] | None = None, timeout: int = 180):
    tmp, home, root, env = world
    for name, content in (files or {}).items():
        (tmp / name).write_text(content if isinstance(content, str) else json.dumps(content))
    (tmp / "mission.toml").write_text(mission)
    p = subprocess.run([*overlord_cmd(), "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                       env=env, capture_output=True, text=True, timeout=timeout)
    assert p.stdout.strip(), p.stderr
    settlement = json.loads(p.stdout)
    verify = subprocess.run([*overlord_cmd(), "verify"], env=env, capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    journal = [json.loads(x) for x in subprocess.run(
        [*overlord_cmd(), "journal", "--json", "--run", settlement["run_id"]], env=env, capture_output=True, text=True,
        check=True).stdout.splitlines()]
    settled = [e for e in journal if e["event_type"] == "Settled"]
    assert len(settled) == 1 and settlement["stop_code"] in settled[0]["summary"]
    report = subprocess.run([*overlord_cmd(), "report", settlement["run_id"]], env=env, capture_output=True, text=True)
    assert report.returncode == 0 and f"stop code {settlement['stop_code']}" in report.stdout, report.stdout + report.stderr
    return settlement, journal, p


def scripted(steps_file: str = "steps.json", **limits: int) -> str:
    lim = "\n".join(f"{k} = {v}" for k, v in limits.items())
    guard = ""
    if "max_denials" in limits:
        guard = f"[guard]\nmax_denials = {limits['max_denials']}\n"
        lim = "\n".join(f"{k} = {v}" for k, v in limits.items() if k != "max_denials")
    return (f'[mission]\ngoal = "scripted"\nruntime = "command"\ncommand = ["{sys.executable}", "{AGENT}", "{{steps}}"]\n'
            f"{guard}[limits]\n{lim}\n").replace("{steps}", steps_file)


def with_steps(world, steps) -> dict:
    tmp = world[0]
    (tmp / "steps.json").write_text(json.dumps(steps))
    return {}


def events(journal, kind):
    return [e for e in journal if e["event_type"] == kind]


# -- the command runtime, a scripted agent -------------------------------------------------


def test_scripted_agent_edits_inside_and_is_denied_outside(world):
    tmp, home, root, _ = world
    with_steps(world, [{"write": str(root / "a.txt"), "content": "inside\n"},
                       {"write": str(tmp / "outside.txt"), "content": "escape\n"}, {"say": "done"}])
    s, journal, _ = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000))
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed")
    assert (root / "a.txt").read_text() == "inside\n" and not (tmp / "outside.txt").exists()
    decided = [e["summary"] for e in events(journal, "ToolCallDecided") if not e["summary"].startswith("probe")]
    assert decided[0].startswith("Write allow") and decided[1].startswith("Write deny (write_outside)")
    assert not (root / ".claude").exists(), "the hook settings are restored (there were none)"


def test_denial_budget(world):
    tmp, _, root, _ = world
    with_steps(world, [{"write": f"/etc/overlord-x{i}", "content": "x"} for i in range(4)] + [{"sleep": 5}])
    s, journal, _ = run_mission(world, scripted(str(tmp / "steps.json"), max_denials=2, timeout_ms=60000))
    assert (s["status"], s["stop_code"]) == ("stopped", "denial_budget")
    assert events(journal, "RunStopped")


def test_repeated_failure(world):
    tmp = world[0]
    with_steps(world, [{"bash": "false"}] * 5 + [{"sleep": 5}])
    s, _, _ = run_mission(world, scripted(str(tmp / "steps.json"), max_repeated_failures=3, timeout_ms=60000))
    assert s["stop_code"] == "repeated_failure"


def test_stall_ends_the_whole_process_group(world):
    tmp = world[0]
    marker = tmp / "still-alive"
    with_steps(world, [{"say": "working"}, {"spawn": f"sleep 6; touch {marker}"}, {"sleep": 30}])
    s, _, _ = run_mission(world, scripted(str(tmp / "steps.json"), stall_timeout_ms=1500, timeout_ms=60000))
    assert s["stop_code"] == "stall"
    import time

    time.sleep(7)
    assert not marker.exists(), "a child outlived the run"


def test_timeout_output_limit_turn_limit_startup(world):
    tmp = world[0]
    with_steps(world, [{"say": "hi"}, {"sleep": 20}])
    assert run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=1500))[0]["stop_code"] == "timeout"
    with_steps(world, [{"spam": 300000}, {"sleep": 20}])
    assert run_mission(world, scripted(str(tmp / "steps.json"), max_output_bytes=100000, timeout_ms=60000))[0]["stop_code"] == "output_limit"
    with_steps(world, [{"say": f"turn {i}"} for i in range(5)] + [{"sleep": 20}])
    assert run_mission(world, scripted(str(tmp / "steps.json"), max_turns=2, timeout_ms=60000))[0]["stop_code"] == "turn_limit"
    (tmp / "m.toml").write_text('[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["sleep", "20"]\n[limits]\nstartup_timeout_ms = 1000\n')
    mission = (tmp / "m.toml").read_text()
    assert run_mission(world, mission)[0]["stop_code"] == "startup"


def test_the_sandbox_holds_what_the_guard_never_saw(world):
    """The agent reads the log key and writes outside the root directly, not through a tool
    call: the guard never sees it; bubblewrap must stop both."""
    tmp, home, root, _ = world
    report = root / "report.txt"
    with_steps(world, [{"raw_read": str(home / "keys" / "log.key"), "into": str(report)},
                       {"raw_write": str(tmp / "escaped.txt"), "into": str(report)},
                       {"raw_write": str(root / "inside.txt"), "into": str(report)}])
    s, journal, _ = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000))
    assert s["stop_code"] == "completed"
    lines = report.read_text().splitlines()
    assert lines[0].startswith("error:") and "PRIVATE" not in report.read_text(), lines
    assert lines[1].startswith("error:") and not (tmp / "escaped.txt").exists(), lines
    assert lines[2] == "wrote" and (root / "inside.txt").exists()
    assert "sandbox bubblewrap" in journal[0]["summary"]


def test_no_sandbox_runs_bare_and_says_so(world):
    tmp, home, root, env = world
    report = root / "report.txt"
    with_steps(world, [{"raw_read": str(home / "keys" / "log.key"), "into": str(report)}])
    (tmp / "mission.toml").write_text(scripted(str(tmp / "steps.json"), timeout_ms=60000))
    p = subprocess.run([*overlord_cmd(), "run", "--json", "--no-sandbox", "--mission", str(tmp / "mission.toml"),
                        "--root", str(root)], env=env, capture_output=True, text=True, timeout=120)
    run_id = json.loads(p.stdout)["run_id"]
    first = json.loads(subprocess.run([*overlord_cmd(), "journal", "--json", "--run", run_id], env=env,
                                      capture_output=True, text=True).stdout.splitlines()[0])
    assert "sandbox none" in first["summary"]
    assert report.read_text().startswith("read:PRIVATE+KEY"), "bare, nothing hides the key: hence the default"


# -- the real Claude Code CLI ----------------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "first-mission"


def claude_mission(transcript: str, **limits) -> str:
    guard = f"[guard]\nmax_denials = {limits.pop('max_denials')}\n" if "max_denials" in limits else ""
    lim = "\n".join(f"{k} = {v}" for k, v in {"timeout_ms": 120000, **limits}.items())
    return (f'[mission]\ngoal = "work"\nruntime = "claude-code"\nmodels = ["claude-sonnet-4-5"]\n{guard}'
            f'[limits]\n{lim}\n[connector]\nmode = "replay"\ntranscript = "{transcript}"\n')


def test_claude_shipped_example(world, claude_bin):  # noqa: F811
    tmp, _, root, _ = world
    mission = (EXAMPLE / "mission.toml").read_text().replace('transcript = "transcript.json"',
                                                             f'transcript = "{EXAMPLE / "transcript.json"}"')
    s, journal, _ = run_mission(world, mission)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed")
    assert (root / "greet.py").exists() and not (tmp / "escaped-note.txt").exists()
    denied = [e for e in events(journal, "ToolReturned") if "denied by the guard" in e["summary"]]
    assert len(denied) == 2
    assert events(journal, "RuntimeStarted") and len(events(journal, "TurnRecorded")) == 4


def test_claude_denial_budget(world, claude_bin):  # noqa: F811
    s, _, _ = run_mission(world, claude_mission(str(EXAMPLE / "transcript.json"), max_denials=1))
    assert s["stop_code"] == "denial_budget"


def test_claude_stall(world, claude_bin):  # noqa: F811
    tmp = world[0]
    (tmp / "t.json").write_text(json.dumps([{"blocks": [{"text": "about to go quiet"}], "stall": True}]))
    s, _, _ = run_mission(world, claude_mission(str(tmp / "t.json"), stall_timeout_ms=4000))
    assert s["stop_code"] == "stall"


def test_claude_turn_limit(world, claude_bin):  # noqa: F811
    s, _, _ = run_mission(world, claude_mission(str(EXAMPLE / "transcript.json"), max_turns=2))
    assert s["stop_code"] == "turn_limit"


def test_claude_repeated_failure(world, claude_bin):  # noqa: F811
    tmp = world[0]
    (tmp / "t.json").write_text(json.dumps(
        [{"blocks": [{"tool": "Bash", "input": {"command": "false", "description": "check"}}]}] * 6))
    s, _, _ = run_mission(world, claude_mission(str(tmp / "t.json"), max_repeated_failures=3))
    assert s["stop_code"] == "repeated_failure"


# -- bad input: a clear error before anything is spawned ---------------------------------


def test_bad_missions_fail_before_anything_is_opened(world):
    tmp, home, root, env = world
    cases = {
        '[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["true"]\n[limits]\nmax_turn = 3\n': "unknown key limits.max_turn",
        '[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["true"]\n[limits]\nmax_turns = "3"\n': "must be int",
        '[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["no-such-agent-xyz"]\n': "not installed",
        '[mission]\ngoal = "x"\n[connector]\nmode = "replay"\ntranscript = "missing.json"\n': "missing.json",
    }
    for text, needle in cases.items():
        (tmp / "bad.toml").write_text(text)
        p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp / "bad.toml"), "--root", str(root)],
                           env=env, capture_output=True, text=True)
        assert p.returncode == 2 and needle in p.stderr and "Traceback" not in p.stderr, (text, p.stderr)
    inside = home / "inner"
    inside.mkdir()
    (tmp / "ok.toml").write_text('[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["true"]\n')
    p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp / "ok.toml"), "--root", str(tmp)],
                       env=env, capture_output=True, text=True)
    assert p.returncode == 2 and "Overlord home" in p.stderr
    journal = subprocess.run([*overlord_cmd(), "journal", "--json"], env=env, capture_output=True, text=True).stdout
    kinds = [json.loads(line)["event_type"] for line in journal.splitlines()]
    # nothing was opened: the home holds only `overlord init`'s policy and the checkpoint that covers it
    assert kinds == ["PolicyChanged", "CheckpointSigned"], kinds


# -- the completion gate on the run's artifact ------------------------------------------------

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize(("case", "verdict", "exit_code"), [
    ("python_pass_prime_guard_clause", "pass", 0),
    ("python_stub_pass_body", "fail:stub", 1),
])
def test_gate_runs_after_settlement_and_its_verdict_is_on_the_run(world, case, verdict, exit_code):
    import shutil

    tmp, home, root, env = world
    shutil.copytree(CORPUS / case, root / "artifact", ignore=shutil.ignore_patterns("expected.toml"))
    with_steps(world, [{"say": "done"}])
    mission = scripted(str(tmp / "steps.json"), timeout_ms=60000) + '[gate]\nartifact = "artifact"\n'
    s, journal, p = run_mission(world, mission)
    assert s["stop_code"] == "completed" and s["verdict"] == verdict
    assert p.returncode == exit_code
    assert [e for e in journal if e["event_type"] == "GateVerdict"][0]["summary"].startswith(f"gate verdict {verdict}")


# -- kill ---------------------------------------------------------------------------------------


def _start(world, steps, **limits):
    tmp, home, root, env = world
    with_steps(world, steps)
    (tmp / "mission.toml").write_text(scripted(str(tmp / "steps.json"), **limits))
    return subprocess.Popen([*overlord_cmd(), "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _run_id_when_live(home: Path, timeout_s: float = 30) -> str:
    import time

    deadline = time.time() + timeout_s
    while time.time() < deadline:
        runs = list((home / "runs").glob("*/control.json")) if (home / "runs").exists() else []
        if runs:
            return runs[0].parent.name
        time.sleep(0.1)
    raise AssertionError("the run never showed a heartbeat")


def test_kill_during_a_run_cancels_it_gracefully(world):
    tmp, home, root, env = world
    proc = _start(world, [{"say": "working"}, {"sleep": 60}], timeout_ms=120000)
    run_id = _run_id_when_live(home)
    k = subprocess.run([*overlord_cmd(), "kill", run_id[:8], "--json", "--wait-ms", "10000"], env=env,
                       capture_output=True, text=True, timeout=60)
    assert json.loads(k.stdout)["outcome"] == "cancelled_gracefully", k.stderr
    out, _ = proc.communicate(timeout=30)
    assert json.loads(out)["stop_code"] == "cancelled"
    again = subprocess.run([*overlord_cmd(), "kill", run_id, "--json"], env=env, capture_output=True, text=True)
    assert json.loads(again.stdout)["outcome"] == "skipped_settled"
    assert subprocess.run([*overlord_cmd(), "verify"], env=env, capture_output=True).returncode == 0


def test_kill_when_the_controller_is_gone_settles_in_place(world):
    import signal
    import time

    tmp, home, root, env = world
    proc = _start(world, [{"say": "working"}, {"sleep": 60}], timeout_ms=120000)
    run_id = _run_id_when_live(home)
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)  # the controller dies; its agent would live on
    proc.wait()
    k = subprocess.run([*overlord_cmd(), "kill", run_id, "--json"], env=env, capture_output=True, text=True, timeout=60)
    assert json.loads(k.stdout)["outcome"] == "orphan_settled", k.stderr
    journal = subprocess.run([*overlord_cmd(), "journal", "--json", "--run", run_id], env=env, capture_output=True,
                             text=True).stdout.splitlines()
    assert "controller_lost" in json.loads(journal[-1])["summary"]
    assert not (root / ".claude").exists(), "the dead controller's hook settings are restored by kill"
    assert subprocess.run(["pgrep", "-f", str(tmp / "steps.json")], capture_output=True).returncode == 1, "the agent outlived its controller"
    assert subprocess.run([*overlord_cmd(), "verify"], env=env, capture_output=True).returncode == 0


def test_claude_kill_during_a_run(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    (tmp / "t.json").write_text(json.dumps([{"blocks": [{"text": "about to go quiet"}], "stall": True}]))
    (tmp / "mission.toml").write_text(claude_mission(str(tmp / "t.json")))
    proc = subprocess.Popen([*overlord_cmd(), "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    run_id = _run_id_when_live(home)
    k = subprocess.run([*overlord_cmd(), "kill", run_id, "--json"], env=env, capture_output=True, text=True, timeout=60)
    assert json.loads(k.stdout)["outcome"] in ("cancelled_gracefully", "force_killed"), k.stderr
    out, _ = proc.communicate(timeout=30)
    assert json.loads(out)["stop_code"] == "cancelled"
    assert subprocess.run([*overlord_cmd(), "verify"], env=env, capture_output=True).returncode == 0


def test_claude_stall_resumed_once_under_max_resumes_1(world, claude_bin):  # noqa: F811
    tmp = world[0]
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"text": "about to go quiet"}], "stall": True},
        {"blocks": [{"text": "back after the resume; done."}]},
    ]))
    mission = claude_mission(str(tmp / "t.json"), stall_timeout_ms=4000) + "[recovery]\nmax_resumes = 1\n"
    s, journal, _ = run_mission(world, mission)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), s
    resumed = events(journal, "Resumed")
    assert len(resumed) == 1 and "attempt 1" in resumed[0]["summary"]
    assert len(events(journal, "ProcessExited")) == 2


def test_claude_steer_resumes_the_session_with_the_message(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"text": "going quiet"}], "stall": True},
        {"blocks": [{"text": "understood, switching; done."}]},
    ]))
    (tmp / "mission.toml").write_text(claude_mission(str(tmp / "t.json")))
    proc = subprocess.Popen([*overlord_cmd(), "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    run_id = _run_id_when_live(home)
    import time

    time.sleep(2)
    st = subprocess.run([*overlord_cmd(), "steer", run_id, "write the tests first", "--json"], env=env,
                        capture_output=True, text=True, timeout=30)
    assert json.loads(st.stdout)["outcome"] == "steer_requested", st.stderr
    out, _ = proc.communicate(timeout=120)
    assert json.loads(out)["stop_code"] == "completed"
    journal = [json.loads(x) for x in subprocess.run([*overlord_cmd(), "journal", "--json", "--run", run_id], env=env,
                                                    capture_output=True, text=True).stdout.splitlines()]
    assert any("steered" in e["summary"] for e in journal if e["event_type"] == "RunStopped")
    assert any("write the tests first" in e["summary"] for e in journal if e["event_type"] == "Resumed")
    settled = subprocess.run([*overlord_cmd(), "steer", run_id, "again"], env=env, capture_output=True, text=True)
    assert settled.returncode == 2 and "already settled" in settled.stderr


def test_notify_command_hears_the_settlement_and_a_failing_webhook_is_bookkeeping(world):
    tmp, home, root, env = world
    heard = tmp / "heard.json"
    with_steps(world, [{"say": "done"}])
    mission = scripted(str(tmp / "steps.json"), timeout_ms=60000) + (
        f'[notify]\ncommand = ["sh", "-c", "cat > {heard}"]\nwebhook = "http://127.0.0.1:9/nothing-listens"\n')
    s, journal, p = run_mission(world, mission)
    assert s["stop_code"] == "completed" and p.returncode == 0
    assert json.loads(heard.read_text())["stop_code"] == "completed"
    books = events(journal, "Bookkeeping")
    assert len(books) == 1 and "notify_webhook" in books[0]["summary"]


def test_memory_mb_limits_the_agent(world):
    """An agent that grabs more than memory_mb dies by the kernel's hand; the run settles."""
    tmp, home, root, env = world
    hog = tmp / "hog.py"
    hog.write_text("import json\nprint(json.dumps({'type':'system','subtype':'init','session_id':'h','tools':[]}), flush=True)\n"
                   "x = bytearray(400 * 1024 * 1024)\nprint('survived', flush=True)\n")
    mission = (f'[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["{sys.executable}", "{hog}"]\n'
               "[limits]\nmemory_mb = 128\ntimeout_ms = 60000\n")
    s, journal, _ = run_mission(world, mission)
    assert (s["status"], s["stop_code"]) == ("failed", "runtime_error"), s
    assert "cgroup" in journal[0]["summary"] or "rlimit" in journal[0]["summary"]


def test_claude_resume_a_settled_run_as_a_new_linked_run(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"text": "going quiet"}], "stall": True},
        {"blocks": [{"text": "picked up where I stopped; done."}]},
    ]))
    first, _, _ = run_mission(world, claude_mission("t.json", stall_timeout_ms=4000))
    assert first["stop_code"] == "stall"
    p = subprocess.run([*overlord_cmd(), "resume", first["run_id"][:8], "--json"], env=env, capture_output=True,
                       text=True, timeout=180)
    second = json.loads(p.stdout)
    assert second["run_id"] != first["run_id"] and second["stop_code"] == "completed", p.stderr
    journal = [json.loads(x) for x in subprocess.run([*overlord_cmd(), "journal", "--json", "--run", second["run_id"]],
                                                    env=env, capture_output=True, text=True).stdout.splitlines()]
    linked = [e for e in journal if e["event_type"] == "ResumedFrom"]
    assert linked and first["run_id"] in linked[0]["summary"]
    again = subprocess.run([*overlord_cmd(), "resume", "0000"], env=env, capture_output=True, text=True)
    assert again.returncode == 2 and "no run" in again.stderr


def test_output_flood_without_newlines_is_stopped_as_it_happens(world):
    import time

    mission = ('[mission]\ngoal = "x"\nruntime = "command"\n'
               'command = ["sh", "-c", "head -c 50000000 /dev/zero; sleep 30"]\n'
               "[limits]\nmax_output_bytes = 100000\ntimeout_ms = 60000\n")
    started = time.monotonic()
    s, _, _ = run_mission(world, mission)
    assert s["stop_code"] == "output_limit"
    assert time.monotonic() - started < 20, "the flood was read to its end before the limit held"


@pytest.mark.parametrize("sandbox", [True, False])
def test_an_agent_script_cannot_disarm_the_guard(world, sandbox):
    """A script the guard never saw rewrites .claude/settings.json: inside the sandbox the
    write fails (the hook settings are read-only there); bare, the controller sees the
    change and stops the run with stop code policy."""
    tmp, home, root, env = world
    report = root / "report.txt"
    with_steps(world, [{"say": "working"}, {"raw_write": str(root / ".claude" / "settings.json"), "into": str(report)},
                       {"sleep": 5}, {"say": "done"}])
    (tmp / "mission.toml").write_text(scripted(str(tmp / "steps.json"), timeout_ms=60000))
    args = [*overlord_cmd(), "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)]
    p = subprocess.run(args + ([] if sandbox else ["--no-sandbox"]), env=env, capture_output=True, text=True, timeout=120)
    s = json.loads(p.stdout)
    if sandbox:
        assert report.read_text().startswith("error:"), report.read_text()
        assert s["stop_code"] == "completed"
    else:
        assert report.read_text().startswith("wrote")
        assert s["stop_code"] == "policy" and "guard_tamper" in s["detail"]
    assert not (root / ".claude").exists(), "the original (no settings) is restored either way"


# -- Overlord's commit ---------------------------------------------------------------------------


def _git(root, *args):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True,
                          env={"PATH": os.environ["PATH"], "HOME": str(root.parent), "GIT_CONFIG_NOSYSTEM": "1",
                               "GIT_AUTHOR_NAME": "u", "GIT_AUTHOR_EMAIL": "u@x", "GIT_COMMITTER_NAME": "u",
                               "GIT_COMMITTER_EMAIL": "u@x"}).stdout


def test_commit_on_pass_commits_only_the_runs_changes_and_keeps_the_users_index(world):
    tmp, home, root, env = world
    _git(root, "init", "-q", "-b", "main")
    (root / ".gitignore").write_text("*.log\n")
    (root / "tracked.log").write_text("kept in git though ignored\n")
    (root / "code.py").write_text("x = 1\n")
    _git(root, "add", "-f", ".gitignore", "tracked.log", "code.py")
    _git(root, "commit", "-q", "-m", "user")
    (root / "staged.txt").write_text("staged by the user\n")
    _git(root, "add", "staged.txt")
    (root / "code.py").write_text("x = 1  # the user's unstaged edit\n")
    with_steps(world, [{"write": str(root / "agent.py"), "content": "print('agent')\n"}, {"say": "done"}])
    mission = scripted(str(tmp / "steps.json"), timeout_ms=60000) + "[commit]\non_pass = true\n"
    s, journal, _ = run_mission(world, mission)
    assert s["stop_code"] == "completed"
    assert events(journal, "Committed"), [e["event_type"] for e in journal]
    assert _git(root, "log", "-1", "--format=%an %s").startswith("Overlord overlord: run")
    assert _git(root, "show", "--name-status", "--format=", "HEAD").split() == ["A", "agent.py"]
    assert _git(root, "show", "HEAD:tracked.log") == "kept in git though ignored\n"
    assert _git(root, "show", "HEAD:code.py") == "x = 1\n", "the user's unstaged edit is not Overlord's to commit"
    assert _git(root, "diff", "--cached", "--name-only").split() == ["staged.txt"], "the user's staged change stays staged"


def test_a_commit_that_fails_is_recorded_not_silent(world):
    tmp, home, root, env = world  # the root is not a git repository
    with_steps(world, [{"write": str(root / "agent.py"), "content": "x\n"}, {"say": "done"}])
    mission = scripted(str(tmp / "steps.json"), timeout_ms=60000) + "[commit]\non_pass = true\n"
    s, journal, _ = run_mission(world, mission)
    assert s["stop_code"] == "completed"
    books = events(journal, "Bookkeeping")
    assert books and "not a git repository" in books[0]["summary"]

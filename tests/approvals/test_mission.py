"""Approvals in `overlord run --mission`, with the scripted agent of tests/mission (the command
runtime, asking the guard through the installed hook client, in bubblewrap): the owner denies
a waiting call with `overlord deny --why`, [notify] hears the request; under --no-sandbox an
approval class simply denies; a mission that widens the install policy is refused before
anything runs; the decision service's own check stops a run whose policy changed after the CLI
checked it, before anything is spawned."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from overlord.adapters.clock import SystemClock
from overlord.domain.mission import Mission
from overlord.ledger.session import open_home
from overlord.supervision.mission_run import prepare, run_mission
from overlord.supervision.policy_keeper import apply_change, check_policy, plan_change
from tests.conftest import overlord_cmd

OV = overlord_cmd()
AGENT = Path(__file__).resolve().parents[1] / "mission" / "agent.py"
PIP = "pip install --no-index ./dist/demo_pkg-0.1-py3-none-any.whl"


@pytest.fixture
def world(tmp_path):
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home))
    assert subprocess.run([*OV, "init"], env=env, capture_output=True).returncode == 0
    return tmp_path, home, root, env


def set_policy(home: Path, text: str) -> None:
    session = open_home(home)
    try:
        apply_change(session, plan_change(session, text.encode(), source="policy.toml"), clock=SystemClock())
    finally:
        session.close()


def scripted(tmp: Path, steps: list, extra: str = "") -> Path:
    (tmp / "steps.json").write_text(json.dumps(steps))
    (tmp / "mission.toml").write_text(
        f'[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["{sys.executable}", "{AGENT}", "{tmp / "steps.json"}"]\n'
        f"[limits]\ntimeout_ms = 120000\n{extra}")
    return tmp / "mission.toml"


def journal(env, run_id: str) -> list[dict]:
    p = subprocess.run([*OV, "journal", "--json", "--run", run_id], env=env, capture_output=True, text=True)
    return [json.loads(line) for line in p.stdout.splitlines()]


def test_the_owner_denies_a_waiting_call_and_notify_hears_the_request(world):
    tmp, home, root, env = world
    set_policy(home, '[approval]\nclasses = ["package_install"]\ntimeout_ms = 120000\n')
    heard = tmp / "heard.jsonl"
    notify = f'[notify]\ncommand = ["{sys.executable}", "-c", "import sys; open(\'{heard}\', \'a\').write(sys.stdin.read() + \'\\\\n\')"]\n'
    mission = scripted(tmp, [{"bash": PIP}, {"say": "done"}], notify)
    proc = subprocess.Popen([*OV, "run", "--json", "--mission", str(mission), "--root", str(root)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 120
        while True:
            assert time.monotonic() < end and proc.poll() is None, "the call was never parked"
            listing = subprocess.run([*OV, "approvals"], env=env, capture_output=True, text=True).stdout
            if "package_install" in listing:
                break
            time.sleep(0.2)
        aid = listing.split()[0]
        assert PIP in listing
        p = subprocess.run([*OV, "deny", aid, "--why", "no installs today"], env=env, capture_output=True, text=True)
        assert p.returncode == 0 and "denied" in p.stdout, p.stdout + p.stderr
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    s = json.loads(out)
    assert s["stop_code"] == "completed", err
    events = journal(env, s["run_id"])
    [resolved] = [e["summary"] for e in events if e["event_type"] == "ApprovalResolved"]
    assert "denied by cli" in resolved and "no installs today" in resolved
    [decided] = [e["summary"] for e in events if e["event_type"] == "ToolCallDecided" and not e["summary"].startswith("probe")]
    assert decided.startswith("Bash deny (package_install)")
    told = [json.loads(line) for line in heard.read_text().splitlines() if line.strip()]
    assert told[0]["event"] == "ApprovalRequested" and told[0]["id"] == aid and told[0]["class"] == "package_install"
    assert {"run_id", "stop_code"} <= set(told[-1]), "the settlement is still heard too"


def test_under_no_sandbox_an_approval_class_simply_denies(world):
    tmp, home, root, env = world
    set_policy(home, '[approval]\nclasses = ["package_install"]\ntimeout_ms = 120000\n')
    mission = scripted(tmp, [{"bash": PIP}, {"say": "done"}])
    p = subprocess.run([*OV, "run", "--json", "--no-sandbox", "--mission", str(mission), "--root", str(root)],
                       env=env, capture_output=True, text=True, timeout=120)
    s = json.loads(p.stdout)
    kinds = [e["event_type"] for e in journal(env, s["run_id"])]
    assert "ApprovalRequested" not in kinds and "ApprovalsOpened" not in kinds
    assert s["stop_code"] == "completed"


@pytest.mark.parametrize("policy, mission_extra, needle", [
    ("[missions]\nallow_network = false\n", "[guard]\nallow_network = true\n",
     "guard.allow_network = true, which the install policy does not allow (policy.toml line 2: allow_network = false)"),
    ('[missions]\nwrite_roots = ["/srv/nowhere"]\n', '[guard]\nwrite_roots = ["/tmp"]\n',
     "guard.write_roots = ['/tmp']"),
    ('[missions]\nruntimes = ["claude-code"]\n', "", "mission.runtime = 'command'"),
    ('[approval]\nclasses = ["package_install"]\ntimeout_ms = 60000\n', "stall_timeout_ms = 5000\n",
     "stall_timeout_ms = 5000 would stop the run while a call waits"),
])
def test_a_mission_that_asks_for_more_is_refused_before_anything_runs(world, policy, mission_extra, needle):
    tmp, home, root, env = world
    set_policy(home, policy)
    limits, guard = (mission_extra, "") if mission_extra.startswith("stall") else ("", mission_extra)
    mission = scripted(tmp, [{"say": "hi"}], limits + guard)
    p = subprocess.run([*OV, "run", "--mission", str(mission), "--root", str(root)], env=env, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 2 and needle in p.stderr, p.stderr
    listing = subprocess.run([*OV, "journal", "--json"], env=env, capture_output=True, text=True).stdout
    assert '"Opened"' not in listing, "nothing was opened"


def test_guard_check_never_waits_and_ignores_the_home_policy(world):
    tmp, home, root, env = world
    set_policy(home, '[approval]\nclasses = ["package_install"]\ntimeout_ms = 600000\n')
    payload = json.dumps({"tool_name": "Bash", "cwd": str(root), "tool_input": {"command": PIP}})
    p = subprocess.run([*OV, "guard", "check"], input=payload, env=env, capture_output=True, text=True, cwd=root,
                       timeout=60)
    assert json.loads(p.stdout) == {"decision": "deny", "class": "package_install", "reason": "pip is a package manager"}


def test_the_decision_service_refuses_a_policy_changed_after_the_cli_checked_it(world):
    tmp, home, root, env = world
    marker = root / "spawned"
    mission_path = scripted(tmp, [{"raw_write": str(marker), "into": str(tmp / "r.txt")}])
    session = open_home(home)
    try:
        active = check_policy(session, where="run", clock=SystemClock())
        m = Mission.from_toml(mission_path.read_text(), source=str(mission_path), base_dir=str(root))
        prepared = prepare(m, root=root, home_root=home, mission_dir=tmp, host_path=os.environ["PATH"],
                           install=active.policy)
        policy = home / "policy.toml"
        policy.write_bytes(policy.read_bytes() + b"# changed between the CLI's check and the service's\n")
        result = run_mission(session, m, prepared, root=root, clock=SystemClock(), host_env=dict(os.environ),
                             install=active)
        assert (result.settlement.status, result.settlement.stop_code) == ("stopped", "policy"), result.settlement
        assert "the policy changed outside `overlord policy set`" in result.settlement.detail
        assert not marker.exists() and result.exit_code is None, "nothing was spawned"
        kinds = [r.topic.rsplit(".", 1)[-1] for r in session.ledger.rows()]
        assert "PolicyIntegrityFailed" in kinds and "ProcessExited" not in kinds
    finally:
        session.close()

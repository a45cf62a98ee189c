"""The loop under the Fates' rules: the install policy checked before anything starts, and a
halt's ``[notify]`` under the settlement's rules (no command the agent shaped runs on the host).
"""

from __future__ import annotations

import json
import sys
import uuid

from overlord.domain.task import Task
from overlord.ledger.session import open_home
from tests.council.conftest import STUB, TESTS, files


def _kinds(world) -> list[str]:
    s = open_home(world.home, writable=False)
    try:
        return [r.topic.rsplit(".", 1)[-1] for r in s.ledger.rows()]
    finally:
        s.close()


def test_a_policy_changed_outside_policy_set_refuses_task_commands_before_anything_is_recorded(world):
    mission = world.command_mission([files(STUB, TESTS)])
    p = world.overlord("task", "submit", str(mission), "--root", str(world.root), "--json", check=True)
    queued = world.last_json(p)["task_id"]
    policy = world.home / "policy.toml"
    policy.write_text(policy.read_text() + "\n# edited by hand\n")
    before = _kinds(world)
    for argv in (("task", "run", str(mission), "--root", str(world.root)), ("worker", "--drain"),
                 ("worker", "--task", queued)):
        p = world.overlord(*argv)
        assert p.returncode == 2 and "changed outside `overlord policy set`" in p.stderr, (argv, p.stderr)
    after = _kinds(world)
    assert after[:len(before)] == before
    assert set(after[len(before):]) <= {"PolicyIntegrityFailed", "CheckpointSigned"}, after[len(before):]
    assert "Submitted" not in after[len(before):] and "Claimed" not in after[len(before):]


def test_a_halts_notify_never_runs_a_command_the_agent_could_write(world):
    marker = world.tmp / "ran"
    planted = world.root / "notify.py"  # in the worker root: the agent could have written it
    planted.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    mission = world.command_mission([files(STUB, TESTS)], extra=(
        f'[notify]\ncommand = ["{sys.executable}", "{planted}"]\n[task]\nmax_cycles = 0\n'))
    p = world.overlord("task", "run", str(mission), "--root", str(world.root), "--json", timeout=300)
    out = world.last_json(p)
    assert out["state"] == "HALTED", p.stderr
    assert not marker.exists(), "the planted notify command ran on the host"
    s = open_home(world.home, writable=False)
    try:
        events = [s.ledger.mapper.to_domain_event(r) for r in s.ledger.stream_rows(uuid.UUID(out["task_id"]))]
    finally:
        s.close()
    kept = [e for e in events if isinstance(e, Task.Bookkeeping)]
    assert [e.step for e in kept] == ["notify_command"] and "the agent could write" in kept[0].problem, kept
    assert json.loads(world.overlord("verify", "--json", check=True).stdout)["ok"]


def test_a_policy_changed_while_a_task_is_in_flight_halts_it(world):
    import subprocess
    import time

    from tests.conftest import overlord_cmd
    from tests.council.conftest import GOOD

    # the first attempt takes a while (a stub), the correction would pass: it must never start
    mission = world.command_mission([{"sleep": 4, **files(STUB, TESTS)}, files(GOOD)])
    proc = subprocess.Popen([*overlord_cmd(), "task", "run", str(mission), "--root", str(world.root), "--json"],
                            env=world.env, cwd=world.tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while "WorkOpened" not in _kinds(world):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.2)
        policy = world.home / "policy.toml"
        policy.write_text(policy.read_text() + "\n# edited by hand while the task works\n")
        stdout, stderr = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = json.loads(stdout.strip().splitlines()[-1])
    assert out["state"] == "HALTED" and proc.returncode == 1, stderr
    assert len(out["runs"]) == 1, "no work step starts under a changed policy"
    assert "PolicyIntegrityFailed" in _kinds(world)
    shown = json.loads(world.overlord("task", "show", out["task_id"], "--json", check=True).stdout)
    assert "changed outside `overlord policy set`" in shown["parked"], shown["parked"]

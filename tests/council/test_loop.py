"""The loop through ``overlord task`` with a scripted agent (the ``command`` runtime), and the
rules around it: the goal is the gate's plan, HALTED and [notify], the halted list's order,
the reviewer guild's own exit condition, the board rebuilt from the log, and bad input (one
line, exit 2, nothing recorded)."""

from __future__ import annotations

import json
import sys

import pytest

from overlord.errors import ConfigError
from overlord.ledger.session import open_home
from overlord.projections.tasks import TaskBoardView
from overlord.projections.tracked import catch_up, open_view
from overlord.supervision.guilds import CODER, GUILDS, GuildNotDescribed, Rule, route
from tests.council.conftest import GOOD, PRIME_GOAL, STUB, TESTS, files


def test_a_stub_is_corrected_once_the_goal_is_the_plan_and_the_agents_plan_is_ignored(world):
    # the agent writes its own plan.md naming nothing the code defines: the gate must not read it
    bogus = {**files(STUB)["files"], "pkg/plan.md": "Write `something_else(x)`.\n"}
    mission = world.command_mission([{"files": bogus}, files(GOOD, tests=None)])
    p = world.overlord("task", "run", str(mission), "--root", str(world.root), "--json")
    out = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (out["state"], out["cycles"], out["verdict"]) == ("DONE", 1, "pass")
    shown = json.loads(world.overlord("task", "show", out["task_id"], "--json", check=True).stdout)
    checks = [s["summary"] for s in shown["steps"] if s["kind"] == "Checked"]
    assert checks[0].startswith("gate verdict fail:stub") and checks[1].startswith("gate verdict pass")
    journal = world.overlord("journal", "--json", check=True).stdout
    structural = [json.loads(x)["summary"] for x in journal.splitlines() if "gate structural" in x]
    assert structural and all("is_prime" in s and "something_else" not in s for s in structural), structural
    summary = [s for s in shown["steps"] if s["kind"] == "Summarized"][-1]["summary"]
    assert "DONE after 1 correction cycle(s), 2 run(s)" in summary
    world.overlord("verify", check=True)


def test_halted_is_heard_listed_by_urgency_failed_by_hand_and_not_approved_twice(world):
    heard = world.tmp / "heard.jsonl"
    notify = world.tmp / "notify.py"
    notify.write_text(f"import sys\nopen({str(heard)!r}, 'a').write(sys.stdin.read() + '\\n')\n")
    extra = f'[notify]\ncommand = ["{sys.executable}", "{notify}"]\n'
    ids = []
    for priority in (1, 5):
        root = world.tmp / f"work-p{priority}"
        root.mkdir()
        mission = world.command_mission([files(STUB)], name=f"m{priority}.toml",
                                        extra=f"[task]\nmax_cycles = 0\npriority = {priority}\n{extra}")
        p = world.overlord("task", "run", str(mission), "--root", str(root), "--json")
        out = world.last_json(p)
        assert p.returncode == 1 and (out["state"], out["cycles"], len(out["runs"])) == ("HALTED", 0, 1), p.stderr
        ids.append(out["task_id"])
    told = [json.loads(x) for x in heard.read_text().splitlines()]
    assert [(t["task_id"], t["state"]) for t in told] == [(ids[0], "HALTED"), (ids[1], "HALTED")]
    assert "max_cycles 0" in told[0]["reason"]
    listed = json.loads(world.overlord("task", "list", "--halted", "--json", check=True).stdout)["tasks"]
    assert [t["task_id"] for t in listed] == [ids[1], ids[0]]  # priority 5 first

    failed = world.overlord("task", "fail", ids[0][:8], "--json")
    assert failed.returncode == 0 and world.last_json(failed)["state"] == "FAILED", failed.stderr
    size = world.ledger_size()
    again = world.overlord("task", "approve", ids[0])  # FAILED is final: not halted, nothing changes
    assert again.returncode == 2 and again.stderr.count("\n") == 1 and "not HALTED" in again.stderr, again.stderr
    fail_again = world.overlord("task", "fail", ids[0])
    assert fail_again.returncode == 2 and "not HALTED" in fail_again.stderr
    assert world.ledger_size() == size
    cancelled = world.overlord("task", "cancel", ids[1], "--json")
    assert world.last_json(cancelled)["state"] == "FAILED"
    world.overlord("verify", check=True)


@pytest.mark.parametrize("case", ["no_contract", "no_gate", "unknown_id", "approve_not_halted", "unknown_guild"])
def test_bad_input_is_one_line_exit_2_and_nothing_is_recorded(world, case):
    if case == "approve_not_halted":
        mission = world.command_mission([files(GOOD)])
        world.overlord("task", "submit", str(mission), "--root", str(world.root), check=True)
    size = world.ledger_size()
    if case == "no_contract":
        p = world.overlord("task", "run", str(world.command_mission([files(GOOD)], goal="Make the numbers nicer.")),
                           "--root", str(world.root))
        needle = "names no checkable contract"
    elif case == "no_gate":
        p = world.overlord("task", "run", str(world.command_mission([files(GOOD)], artifact="")), "--root",
                           str(world.root))
        needle = "needs [gate] artifact"
    elif case == "unknown_id":
        p = world.overlord("task", "show", "0123abcd")
        needle = "no task 0123abcd"
    elif case == "approve_not_halted":
        queued = json.loads(world.overlord("task", "list", "--json", check=True).stdout)["tasks"][0]
        p = world.overlord("task", "approve", queued["task_id"])
        needle = "is PLANNING, not HALTED"
    else:
        p = world.overlord("task", "run", str(world.command_mission([files(GOOD)], extra="[task]\nguild = 'x'\n")),
                           "--root", str(world.root))
        needle = "unknown key task.guild"
    assert p.returncode == 2, p.stdout + p.stderr
    assert p.stderr.startswith("overlord: error: ") and p.stderr.count("\n") == 1 and needle in p.stderr, p.stderr
    assert world.ledger_size() == size


def test_a_goal_routed_to_no_one_is_failed_with_the_reason(world):
    mission = world.command_mission([files(GOOD)], goal="Write `is_prime(n)` somewhere sensible.")
    p = world.overlord("task", "run", str(mission), "--root", str(world.root), "--json")
    out = world.last_json(p)
    assert p.returncode == 1 and out["state"] == "FAILED" and out["runs"] == []
    shown = json.loads(world.overlord("task", "show", out["task_id"], "--json", check=True).stdout)
    assert shown["guild"] is None and "no source file" in shown["route_reason"]


def test_the_reviewer_is_done_only_when_its_findings_are_what_the_gate_recorded(world):
    goal = "Review `is_prime(n)` in solution.py with its tests in test_solution.py; write findings.json."
    (world.root / "pkg").mkdir()
    (world.root / "pkg" / "solution.py").write_text(STUB)
    (world.root / "pkg" / "test_solution.py").write_text(TESTS)
    supported = json.dumps([{"code": "fail:stub", "where": "solution.py is_prime"},
                            {"code": "fail:test_fails", "where": "test_solution.py"}])
    mission = world.command_mission([{"files": {"pkg/findings.json": supported}}], goal=goal)
    p = world.overlord("task", "run", str(mission), "--root", str(world.root), "--json")
    out = world.last_json(p)
    assert p.returncode == 0 and out["state"] == "DONE", p.stdout + p.stderr
    assert out["verdict"].startswith("fail:")  # the code reviewed fails the gate; the review is right
    shown = json.loads(world.overlord("task", "show", out["task_id"], "--json", check=True).stdout)
    assert shown["guild"] == "reviewer" and shown["outcome"] == "pass"

    other = world.tmp / "work2"
    (other / "pkg").mkdir(parents=True)
    (other / "pkg" / "solution.py").write_text(STUB)
    (other / "pkg" / "test_solution.py").write_text(TESTS)
    unsupported = json.dumps([{"code": "fail:hardcoded_answer", "where": "everywhere"}])
    mission = world.command_mission([{"files": {"pkg/findings.json": unsupported}}], goal=goal, name="m2.toml",
                                    extra="[task]\nmax_cycles = 0\n")
    p = world.overlord("task", "run", str(mission), "--root", str(other), "--json")
    out = world.last_json(p)
    assert out["state"] == "HALTED", p.stderr
    shown = json.loads(world.overlord("task", "show", out["task_id"], "--json", check=True).stdout)
    assert shown["outcome"].startswith("fail:unsupported_finding: fail:hardcoded_answer")


def test_the_board_rebuilt_from_the_log_equals_the_live_board(world):
    live_path, fresh_path = world.tmp / "live.sqlite", world.tmp / "fresh.sqlite"
    session = open_home(world.home, writable=False)
    live = open_view(TaskBoardView, str(live_path))
    try:
        for i, attempts in enumerate(([files(STUB), files(GOOD, tests=None)], [files(STUB)])):
            root = world.tmp / f"w{i}"
            root.mkdir()
            mission = world.command_mission(attempts, name=f"b{i}.toml", extra="[task]\nmax_cycles = 1\n")
            world.overlord("task", "run", str(mission), "--root", str(root))
            catch_up(session.ledger, live)  # incrementally, between the tasks
        world.overlord("task", "submit", str(world.command_mission([files(GOOD)], name="q.toml")), "--root",
                       str(world.root), check=True)
        catch_up(session.ledger, live)
        states = sorted(r.state for r in live.all())
        assert states == ["DONE", "HALTED", "PLANNING"], states
        fresh = open_view(TaskBoardView, str(fresh_path))
        catch_up(session.ledger, fresh)
        assert fresh.dump() == live.dump()
        live.drop()
        catch_up(session.ledger, live)
        assert live.dump() == fresh.dump()
        fresh.datastore.close()
    finally:
        live.datastore.close()
        session.close()


def test_routing_rules_and_templates():
    assert route(PRIME_GOAL).guild == "coder"
    assert route("Review `f(x)` in lib.rs").guild == "reviewer"
    assert route("Make it faster.").guild is None
    rules = (Rule("auditor", "audit", lambda goal, contracts, found: "audit" in goal),)
    with pytest.raises(GuildNotDescribed, match="auditor"):
        route("audit `f(` in a.py", rules=rules, guilds=GUILDS)
    assert route("nothing here", rules=rules, guilds=GUILDS).guild is None
    merged = CODER.mission_tables({"mission": {"goal": "g", "runtime": "command"}, "limits": {"max_turns": 3}})
    assert merged["mission"]["runtime"] == "command" and merged["limits"]["max_turns"] == 3
    assert merged["limits"]["stall_timeout_ms"] == CODER.template["limits"]["stall_timeout_ms"]
    from overlord.supervision.guilds import check_goal

    with pytest.raises(ConfigError, match="plan unusable"):
        check_goal("Improve the numbers.")

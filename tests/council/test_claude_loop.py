"""The loop with the real Claude Code CLI and a replayed model, as a user runs it.

* A first attempt that writes a stub reaches DONE after exactly one correction cycle, and the
  model's next request (the resumed session's first) carries the gate's finding.
* A task that is never fixed is HALTED after two correction cycles; approving it runs one more
  cycle and the gate again (HALTED again: no DONE without a gate pass); a second approval,
  whose cycle fixes the code, reaches DONE through the gate.
"""

from __future__ import annotations

import json
import uuid

from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.council.conftest import GOOD, PRIME_GOAL, STUB, TESTS


def _mission(world, turns: list[dict], *, max_cycles: int | None = None) -> str:
    (world.tmp / "transcript.json").write_text(json.dumps(turns))
    task = f"[task]\nmax_cycles = {max_cycles}\n" if max_cycles is not None else ""
    (world.tmp / "mission.toml").write_text(
        f'[mission]\ngoal = {json.dumps(PRIME_GOAL)}\nruntime = "claude-code"\nmodels = ["claude-sonnet-4-5"]\n'
        "[limits]\nstartup_timeout_ms = 60000\nstall_timeout_ms = 60000\ntimeout_ms = 300000\nmax_turns = 8\n"
        '[connector]\nmode = "replay"\ntranscript = "transcript.json"\n'
        f'[gate]\nartifact = "pkg"\n{task}')
    return str(world.tmp / "mission.toml")


def _write(path: str, content: str, say: str) -> dict:
    return {"blocks": [{"text": say}, {"tool": "Write", "input": {"file_path": path, "content": content}}]}


def _read(path: str) -> dict:
    return {"blocks": [{"text": "Reading what the gate found wrong."}, {"tool": "Read", "input": {"file_path": path}}]}


def _attempt(root, solution: str, *, first: bool) -> list[dict]:
    """One attempt's turns: the solution (and the tests the first time), then the end."""
    sol, test = str(root / "pkg" / "solution.py"), str(root / "pkg" / "test_solution.py")
    turns = [_write(sol, solution, "Writing the solution.")] if first else [_read(sol),
                                                                          _write(sol, solution, "Fixing it.")]
    if first:
        turns.append(_write(test, TESTS, "Writing its tests."))
    return [*turns, {"blocks": [{"text": "Done."}]}]


def _requests(world, run_id: str) -> list[dict]:
    """The model requests a run's connector answered, as the ledger holds them (blobs)."""
    session = open_home(world.home, writable=False)
    try:
        events = [session.ledger.mapper.to_domain_event(r) for r in session.ledger.stream_rows(uuid.UUID(run_id))]
        return [json.loads(session.blobs.get(e.request_blob)) for e in events
                if isinstance(e, Run.ConnectorCalled) and e.path == "/v1/messages"]
    finally:
        session.close()


def _last_user_text(request: dict) -> str:
    content = request["messages"][-1]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content if isinstance(b, dict))


def test_a_stub_is_corrected_once_and_done_and_the_model_hears_the_finding(world, claude_bin):
    (world.root / "pkg").mkdir()
    (world.root / "pkg" / "plan.md").write_text("# ignored\nWrite `nothing_at_all()`.\n")  # the agent's plan: ignored
    mission = _mission(world, _attempt(world.root, STUB, first=True) + _attempt(world.root, GOOD, first=False))
    p = world.overlord("task", "run", mission, "--root", str(world.root), "--json", timeout=600)
    out = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (out["state"], out["cycles"], out["verdict"]) == ("DONE", 1, "pass"), p.stderr
    assert len(out["runs"]) == 2 and isinstance(out["cycles"], int)
    assert (world.root / "pkg" / "solution.py").read_text() == GOOD

    first, second = _requests(world, out["runs"][0]), _requests(world, out["runs"][1])
    assert PRIME_GOAL in _last_user_text(first[0])
    heard = _last_user_text(second[0])
    assert "did not pass" in heard and "Verdict: fail:stub" in heard, heard
    assert "structural: fail:stub" in heard and "is_prime" in heard, heard  # what failed, and where
    assert "(the gate: fail:stub per structural)" in heard, heard  # the gate's own reason
    assert "OVERLORD-COVERAGE" not in heard, heard  # the harness's report line is the gate's, not a finding

    shown = json.loads(world.overlord("task", "show", out["task_id"][:8], "--json", check=True).stdout)
    assert shown["state"] == "DONE" and shown["guild"] == "coder"
    kinds = [s["kind"] for s in shown["steps"]]
    assert kinds.count("Checked") == 2 and kinds[-3:] == ["Reviewed", "Moved", "Summarized"], kinds
    moves = [s["summary"].split(" (")[0] for s in shown["steps"] if s["kind"] == "Moved"]
    assert moves == ["PLANNING -> WORKING", "WORKING -> SELF_CHECK", "SELF_CHECK -> WORKING",
                     "WORKING -> SELF_CHECK", "SELF_CHECK -> REVIEW", "REVIEW -> DONE"], moves
    world.overlord("verify", check=True)


def test_never_fixed_halts_after_two_cycles_and_approval_goes_back_through_the_gate(world, claude_bin):
    (world.root / "pkg").mkdir()
    turns = (_attempt(world.root, STUB, first=True) + _attempt(world.root, STUB, first=False) * 3
             + _attempt(world.root, GOOD, first=False))
    mission = _mission(world, turns)
    p = world.overlord("task", "run", mission, "--root", str(world.root), "--json", timeout=900)
    out = world.last_json(p)
    assert p.returncode == 1, p.stdout + p.stderr
    assert (out["state"], out["cycles"], out["verdict"]) == ("HALTED", 2, "fail:stub"), p.stderr
    assert len(out["runs"]) == 3
    halted = json.loads(world.overlord("task", "list", "--halted", "--json", check=True).stdout)["tasks"]
    assert [t["task_id"] for t in halted] == [out["task_id"]] and "2 correction cycle(s)" in halted[0]["parked"]

    again = world.overlord("task", "approve", out["task_id"], "--json", timeout=600)
    after = world.last_json(again)
    assert again.returncode == 1, again.stdout + again.stderr
    assert (after["state"], after["cycles"], after["verdict"]) == ("HALTED", 3, "fail:stub")  # no DONE without a pass
    assert len(after["runs"]) == 4

    final = world.overlord("task", "approve", out["task_id"][:8], "--json", timeout=600)
    done = world.last_json(final)
    assert final.returncode == 0, final.stdout + final.stderr
    assert (done["state"], done["cycles"], done["verdict"]) == ("DONE", 4, "pass")
    assert len(done["runs"]) == 5
    shown = json.loads(world.overlord("task", "show", done["task_id"], "--json", check=True).stdout)
    checks = [s["summary"] for s in shown["steps"] if s["kind"] == "Checked"]
    assert len(checks) == 5 and checks[-1].startswith("gate verdict pass")
    approvals = [s for s in shown["steps"] if s["kind"] == "Moved" and "HALTED -> WORKING" in s["summary"]]
    assert len(approvals) == 2 and all("approved by owner via terminal" in s["summary"] for s in approvals)
    assert not json.loads(world.overlord("task", "list", "--halted", "--json", check=True).stdout)["tasks"]
    world.overlord("verify", check=True)

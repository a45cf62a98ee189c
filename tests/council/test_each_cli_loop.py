"""The loop with the real Codex and Gemini CLIs and a replayed model, as a user runs it (the
Claude Code loop is tests/council/test_claude_loop.py).

* A first attempt that writes a stub reaches DONE after exactly one correction cycle: the
  correction resumes the CLI's own native session (``codex exec resume ID``, ``gemini
  --resume ID``) and the resumed session's first model request, in that API's own shape
  (Responses ``input``, Gemini ``contents``), carries the gate's finding.
* A task that is never fixed is HALTED after two correction cycles; approving it runs one
  more cycle and the gate again (HALTED again: no DONE without a gate pass); a second
  approval, whose cycle fixes the code, reaches DONE through the gate. Every attempt runs to
  its end in the resumed session (a resume that fails would still halt: that is asserted away);
  Gemini's own session cleanup, which deleted a resumed session whose resume crossed a minute
  (then "Invalid session identifier"), is off.
"""

from __future__ import annotations

import json
import uuid

import pytest

from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.council.conftest import GOOD, PRIME_GOAL, STUB, TESTS
from tests.truth.agents import MODEL, cli, shell_block, write_block

CLIS = ("codex", "gemini")


def _mission(world, runtime: str, turns: list[dict]) -> str:
    (world.tmp / "transcript.json").write_text(json.dumps(turns))
    (world.tmp / "mission.toml").write_text(
        f'[mission]\ngoal = {json.dumps(PRIME_GOAL)}\nruntime = "{runtime}"\nmodels = ["{MODEL[runtime]}"]\n'
        "[limits]\nstartup_timeout_ms = 60000\nstall_timeout_ms = 60000\ntimeout_ms = 300000\n"
        '[connector]\nmode = "replay"\ntranscript = "transcript.json"\n'
        '[gate]\nartifact = "pkg"\n')
    return str(world.tmp / "mission.toml")


def _attempt(runtime: str, solution: str, *, first: bool) -> list[dict]:
    """One attempt's turns in the CLI's own tools: the solution (and its tests the first
    time; a correction removes the stub with the shell first, then writes the fix), the end."""
    turns = [] if first else [{"blocks": [{"text": "Removing the stub the gate found."},
                                          shell_block(runtime, "rm pkg/solution.py")]}]
    turns.append({"blocks": [{"text": "Writing the solution."}, write_block(runtime, "pkg/solution.py", solution)]})
    if first:
        turns.append({"blocks": [{"text": "Writing its tests."}, write_block(runtime, "pkg/test_solution.py", TESTS)]})
    return [*turns, {"blocks": [{"text": "Done."}]}]


def _requests(world, run_id: str) -> list[dict]:
    """The model requests of a run the connector answered (status 200), as the ledger holds them."""
    session = open_home(world.home, writable=False)
    try:
        events = [session.ledger.mapper.to_domain_event(r) for r in session.ledger.stream_rows(uuid.UUID(run_id))]
        return [json.loads(session.blobs.get(e.request_blob)) for e in events
                if isinstance(e, Run.ConnectorCalled) and e.status == 200]
    finally:
        session.close()


def _texts(value) -> list[str]:
    """Every string under ``value`` (a request body's messages, in any API's shape)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _last_user_text(runtime: str, request: dict) -> str:
    """The text of the last user message of one request, in that API's own shape: Responses
    ``input`` items (role ``user``, ``input_text`` parts), Gemini ``contents`` (role ``user``,
    ``parts[].text``)."""
    if runtime == "codex":
        users = [i for i in request["input"] if isinstance(i, dict) and i.get("role") == "user"]
        return "\n".join(p.get("text", "") for p in users[-1]["content"] if p.get("type") == "input_text")
    users = [c for c in request["contents"] if c.get("role") == "user" and any("text" in p for p in c["parts"])]
    return "\n".join(p.get("text", "") for p in users[-1]["parts"])


def _steps(world, task_id: str) -> dict:
    return json.loads(world.overlord("task", "show", task_id, "--json", check=True).stdout)


@pytest.mark.parametrize("runtime", CLIS)
def test_a_stub_is_corrected_once_in_the_resumed_session_and_done(world, runtime):
    cli(runtime)
    (world.root / "pkg").mkdir()
    mission = _mission(world, runtime, _attempt(runtime, STUB, first=True) + _attempt(runtime, GOOD, first=False))
    p = world.overlord("task", "run", mission, "--root", str(world.root), "--json", timeout=600)
    out = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (out["state"], out["cycles"], out["verdict"]) == ("DONE", 1, "pass"), p.stderr
    assert len(out["runs"]) == 2
    assert (world.root / "pkg" / "solution.py").read_text() == GOOD

    first, second = _requests(world, out["runs"][0]), _requests(world, out["runs"][1])
    assert PRIME_GOAL in _last_user_text(runtime, first[0])
    heard = _last_user_text(runtime, second[0])
    assert "did not pass" in heard and "Verdict: fail:stub" in heard, heard
    assert "structural: fail:stub" in heard and "is_prime" in heard, heard  # what failed, and where
    assert "(the gate: fail:stub per structural)" in heard, heard
    assert "OVERLORD-COVERAGE" not in heard, heard
    # the native session was resumed: the first attempt's conversation comes along with the finding
    history = "\n".join(_texts(second[0]))
    assert "Writing its tests." in history and history.count(PRIME_GOAL) >= 2, history[-2000:]

    shown = _steps(world, out["task_id"])
    assert shown["state"] == "DONE"
    opened = [s["summary"] for s in shown["steps"] if s["kind"] == "WorkOpened"]
    assert len(opened) == 2 and "a fresh session" in opened[0] and "resuming session" in opened[1], opened
    moves = [s["summary"].split(" (")[0] for s in shown["steps"] if s["kind"] == "Moved"]
    assert moves == ["PLANNING -> WORKING", "WORKING -> SELF_CHECK", "SELF_CHECK -> WORKING",
                     "WORKING -> SELF_CHECK", "SELF_CHECK -> REVIEW", "REVIEW -> DONE"], moves
    world.overlord("verify", check=True)


@pytest.mark.parametrize("runtime", CLIS)
def test_never_fixed_halts_after_two_cycles_and_approval_goes_back_through_the_gate(world, runtime):
    cli(runtime)
    (world.root / "pkg").mkdir()
    turns = (_attempt(runtime, STUB, first=True) + _attempt(runtime, STUB, first=False) * 3
             + _attempt(runtime, GOOD, first=False))
    mission = _mission(world, runtime, turns)
    p = world.overlord("task", "run", mission, "--root", str(world.root), "--json", timeout=900)
    out = world.last_json(p)
    assert p.returncode == 1, p.stdout + p.stderr
    assert (out["state"], out["cycles"], out["verdict"]) == ("HALTED", 2, "fail:stub"), p.stderr
    assert len(out["runs"]) == 3
    halted = json.loads(world.overlord("task", "list", "--halted", "--json", check=True).stdout)["tasks"]
    assert [t["task_id"] for t in halted] == [out["task_id"]]

    again = world.overlord("task", "approve", out["task_id"], "--json", timeout=600)
    after = world.last_json(again)
    assert again.returncode == 1, again.stdout + again.stderr
    assert (after["state"], after["cycles"], after["verdict"]) == ("HALTED", 3, "fail:stub")  # no DONE without a pass
    assert len(after["runs"]) == 4
    checks = [s["summary"] for s in _steps(world, out["task_id"])["steps"] if s["kind"] == "Checked"]
    assert len(checks) == 4 and not any(c.startswith("gate verdict pass") for c in checks), checks

    final = world.overlord("task", "approve", out["task_id"][:8], "--json", timeout=600)
    done = world.last_json(final)
    assert final.returncode == 0, final.stdout + final.stderr
    assert (done["state"], done["cycles"], done["verdict"]) == ("DONE", 4, "pass")
    assert len(done["runs"]) == 5 and (world.root / "pkg" / "solution.py").read_text() == GOOD
    shown = _steps(world, out["task_id"])
    checks = [s["summary"] for s in shown["steps"] if s["kind"] == "Checked"]
    assert len(checks) == 5 and checks[-1].startswith("gate verdict pass"), checks
    # every attempt ran to its end in the CLI's own session, each correction a resume of it
    settled = [s["summary"] for s in shown["steps"] if s["kind"] == "WorkSettled"]
    assert len(settled) == 5 and all("succeeded/completed" in s for s in settled), settled
    opened = [s["summary"] for s in shown["steps"] if s["kind"] == "WorkOpened"]
    assert all("resuming session" in s for s in opened[1:]), opened
    approvals = [s for s in shown["steps"] if s["kind"] == "Moved" and "HALTED -> WORKING" in s["summary"]]
    assert len(approvals) == 2 and all("approved by owner via terminal" in s["summary"] for s in approvals)
    if runtime == "gemini":  # the CLI's session cleanup is off: no run lost the session a later one resumes
        session = opened[1].split("resuming session ")[1].rstrip(")")
        for run_id in done["runs"]:
            chats = list((world.home / "runs" / run_id / "runtime-home" / ".gemini" / "tmp").glob("*/chats/*.jsonl"))
            assert any(session[:8] in c.name for c in chats), (run_id, sorted(c.name for c in chats))
            [system] = (world.home / "runs" / run_id / "guard").glob("system-*/settings.json")
            assert json.loads(system.read_text())["general"]["sessionRetention"] == {"enabled": False}
    world.overlord("verify", check=True)

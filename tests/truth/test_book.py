"""The ground truth's book and the decision service on it, without a CLI: which decision
requests are claimed, repeated or forged, and what a repeated request is answered."""

from __future__ import annotations

import json
import threading

from overlord.adapters.connector.api import get_api
from overlord.adapters.runtimes import claude_code, gemini
from overlord.domain.guard import GuardPolicy
from overlord.domain.tool_uses import CLAIMED, FORGED, REPEATED, ToolUseBook
from overlord.supervision.decision_service import DecisionCore
from overlord.supervision.ground_truth import GroundTruth


def test_a_use_is_claimed_once_then_repeated_and_an_unknown_id_is_forged():
    book = ToolUseBook()
    (use,) = book.answered([("toolu_1", "Bash", {"command": "ls"})])
    same = lambda u: u.input == {"command": "ls"}  # noqa: E731
    assert book.claim("toolu_1", same) == (CLAIMED, use) and use.claimed and use.decision is None
    assert book.claim("toolu_1", same) == (REPEATED, use), "claimed, still being decided"
    book.decided(use, "allow")
    assert book.claim("toolu_1", same) == (REPEATED, use)
    assert book.claim("toolu_2", same) == (FORGED, None)
    assert book.claim("toolu_1", lambda u: False) == (FORGED, None), "the id of a real call with other input"
    # without ids (Gemini): by content, the first unclaimed match first
    book2 = ToolUseBook()
    a, b = book2.answered([(None, "run_shell_command", {"command": "ls"}), (None, "run_shell_command", {"command": "ls"})])
    ls = lambda u: u.input == {"command": "ls"}  # noqa: E731
    assert book2.claim(None, ls) == (CLAIMED, a) and book2.claim(None, ls) == (CLAIMED, b)
    assert book2.claim(None, ls)[0] == REPEATED and book2.claim(None, lambda u: False) == (FORGED, None)


class _Recorder:
    def __init__(self) -> None:
        self.calls: list = []
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, decided) -> None:
        self.entered.set()
        self.release.wait(10)
        self.calls.append(decided)


def _core(tmp_path, runtime, recorder=None):
    truth = GroundTruth(runtime)
    core = DecisionCore(GuardPolicy(worker_root=str(tmp_path)), overlord_home=str(tmp_path / "home"),
                        recorder=recorder, runtime=runtime, truth=truth)
    return core, truth


def test_the_cli_asking_twice_at_once_gets_one_decision_recorded_and_the_same_answer(tmp_path):
    recorder = _Recorder()
    core, truth = _core(tmp_path, claude_code.RUNTIME, recorder)
    answer = json.dumps({"id": "msg_1", "type": "message", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "Write", "input": {"file_path": "a.txt", "content": "x"}}]})
    truth.answered(get_api("anthropic"), answer.encode(), {}, error=False)
    payload = json.dumps({"session_id": "s", "hook_event_name": "PreToolUse", "cwd": str(tmp_path), "tool_name": "Write",
                          "tool_input": {"file_path": str(tmp_path / "a.txt"), "content": "x"}, "tool_use_id": "toolu_1"})
    out: list = []
    first = threading.Thread(target=lambda: out.append(core.decide_payload(payload, run_id=None)))
    first.start()
    assert recorder.entered.wait(10)  # the first request is being recorded: the second must wait for it
    second = threading.Thread(target=lambda: out.append(core.decide_payload(payload, run_id=None)))
    second.start()
    recorder.release.set()
    first.join(15)
    second.join(15)
    assert len(out) == 2 and out[0] == out[1] and out[0]["decision"] == "allow", out
    assert len(recorder.calls) == 1 and core.decisions == 1 and truth.tampers == 0
    forged = json.loads(payload)
    forged["tool_use_id"] = "toolu_9"
    no = core.decide_payload(json.dumps(forged), run_id=None)
    assert no["decision"] == "deny" and no["class"] == "guard_tamper" and truth.tampers == 1, no
    assert len(recorder.calls) == 1, "a forged request is not recorded as a decision"


def test_a_gemini_request_is_matched_by_content_and_a_repeat_is_answered_the_same(tmp_path):
    core, truth = _core(tmp_path, gemini.RUNTIME)
    args = {"command": "echo hi > ../out.txt", "description": "x"}
    answer = json.dumps({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "run_shell_command", "args": args}}]}}]})
    truth.answered(get_api("gemini"), answer.encode(), {}, error=False)
    payload = json.dumps({"session_id": "s", "hook_event_name": "BeforeTool", "cwd": str(tmp_path),
                          "tool_name": "run_shell_command", "tool_input": args})
    a, b = core.decide_payload(payload, run_id=None), core.decide_payload(payload, run_id=None)
    assert a == b and a["decision"] == "deny" and a["class"] == "write_outside", a
    assert core.decisions == 1 and core.denials == 1 and truth.tampers == 0

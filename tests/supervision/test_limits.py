"""Each limit ends a run with its stop code; time is a number the test advances (no wall clock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from overlord.domain.limits import (
    MS,
    Denied,
    LoopProbe,
    Output,
    Thinking,
    ToolFinished,
    TurnStarted,
    Watch,
    check_limits,
    observe,
)
from overlord.domain.mission import Limits
from overlord.domain.settlement import StopCode

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def at(w: Watch, limits: Limits, ms: int, **kw):
    return check_limits(w, limits, now_ns=ms * MS, now_utc=T0 + timedelta(milliseconds=ms), **kw)


def test_startup():
    lim = Limits(startup_timeout_ms=1000)
    w = Watch.start(0)
    assert at(w, lim, 1000) is None
    c = at(w, lim, 1001)
    assert c.stop_code is StopCode.STARTUP
    w = observe(w, Output(10), 500 * MS)
    assert at(w, lim, 5000) is None  # started in time: startup no longer applies


def test_stall_and_liveness():
    lim = Limits(stall_timeout_ms=1000)
    w = observe(Watch.start(0), Output(1), 0)
    assert at(w, lim, 1000) is None
    w = observe(w, TurnStarted(), 900 * MS)
    assert at(w, lim, 1800) is None
    assert at(w, lim, 1901).stop_code is StopCode.STALL


def test_thinking_counts_as_live_up_to_its_budget_and_repeats_do_not():
    lim = Limits(stall_timeout_ms=1000, max_thinking_ms=3000)
    w = observe(Watch.start(0), Output(1), 0)
    for i, t in enumerate(range(500, 3500, 500)):  # new reasoning every 500 ms
        w = observe(w, Thinking(f"thought {i}"), t * MS)
    assert at(w, lim, 3400) is None  # live, within the thinking budget
    assert at(w, lim, 3501).stop_code is StopCode.STALL  # thought past max_thinking_ms
    assert "thinking" in at(w, lim, 3501).detail
    # the same reasoning repeated is not a sign of life
    w2 = observe(Watch.start(0), Thinking("same"), 0)
    for t in range(200, 2000, 200):
        w2 = observe(w2, Thinking("same"), t * MS)
    assert at(w2, Limits(stall_timeout_ms=1000), 1001).stop_code is StopCode.STALL


def test_timeout_and_deadline():
    w = observe(Watch.start(0), Output(1), 0)
    assert at(w, Limits(timeout_ms=5000), 5001).stop_code is StopCode.TIMEOUT
    lim = Limits(deadline=T0 + timedelta(seconds=2))
    assert at(w, lim, 1999) is None
    assert at(w, lim, 2000).stop_code is StopCode.DEADLINE


def test_turn_limit_output_limit_denials():
    w = Watch.start(0)
    for i in range(3):
        w = observe(w, TurnStarted(), i * MS)
    assert at(w, Limits(max_turns=3), 10) is None
    w = observe(w, TurnStarted(), 5 * MS)
    assert at(w, Limits(max_turns=3), 10).stop_code is StopCode.TURN_LIMIT
    w = observe(Watch.start(0), Output(600), 0)
    w = observe(w, Output(600), 1)
    assert at(w, Limits(max_output_bytes=1000), 1).stop_code is StopCode.OUTPUT_LIMIT
    w = Watch.start(0)
    for i in range(2):
        w = observe(w, Denied(), i)
    assert at(w, Limits(), 1, max_denials=3) is None
    w = observe(w, Denied(), 2)
    assert at(w, Limits(), 1, max_denials=3).stop_code is StopCode.DENIAL_BUDGET


def test_repeated_failure_counts_only_the_same_failing_call():
    lim = Limits(max_repeated_failures=3)
    w = Watch.start(0)
    for sig in ["pytest", "pytest", "ls", "pytest", "pytest"]:
        w = observe(w, ToolFinished(sig, failed=True), 1)
    assert at(w, lim, 1) is None  # interrupted by another call
    w = observe(w, ToolFinished("pytest", failed=True), 2)
    assert at(w, lim, 2).stop_code is StopCode.REPEATED_FAILURE
    w = observe(w, ToolFinished("pytest", failed=False), 3)
    assert at(w, lim, 3) is None


def test_loop_probe_advises_on_repeats_and_alternation():
    p = LoopProbe()
    advice = []
    for sig in ["a", "b", "a", "b", "c", "c", "c"]:
        p, a = p.see(sig)
        advice.append(a)
    assert advice[3] == "two calls alternating"
    assert advice[6] == "the same call 3 times in a row"
    assert advice[:3] == [None, None, None]


def test_settlement_a_confirmed_result_beats_a_late_receipt():
    from overlord.domain.settlement import settle_supervised, settlement_conflict

    # the runtime finished by itself, then the controller's stall check fired: conflict
    assert settlement_conflict(stop_code=StopCode.STALL, result_subtype="success", result_is_error=False)
    s = settle_supervised(stop_code=StopCode.STALL, stop_detail="late", exit_code=0, signal=None,
                          result_subtype="success", result_is_error=False)
    assert (s.status, s.stop_code) == ("succeeded", "completed")
    # no result yet: the receipt stands
    s = settle_supervised(stop_code=StopCode.STALL, stop_detail="quiet", exit_code=None, signal=15,
                          result_subtype=None, result_is_error=None)
    assert (s.status, s.stop_code) == ("stopped", "stall")
    # a person's cancel always stands
    assert settlement_conflict(stop_code=StopCode.CANCELLED, result_subtype="success", result_is_error=False) is None
    s = settle_supervised(stop_code=StopCode.TURN_LIMIT, stop_detail="", exit_code=1, signal=None,
                          result_subtype="error_max_turns", result_is_error=True, result_turn_limit=True)
    assert s.stop_code == "turn_limit"
    # a breached budget stands even when the runtime finished
    assert settlement_conflict(stop_code=StopCode.DENIAL_BUDGET, result_subtype="success", result_is_error=False) is None

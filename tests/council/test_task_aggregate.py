"""The Task aggregate alone: its edges, the DONE rule, HALTED vs FAILED, claims.

The property tests feed the aggregate random sequences of events (as a forged or mistaken log
would hold them) and random commands: an edge not in the design's list is always refused, on
apply as on command, and DONE is never reached without a pass recorded after the last work
step.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from overlord.domain.task import EDGES, ClaimRefused, Task, TaskError, TaskState

S = TaskState
T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DESIGN_EDGES = {
    ("PLANNING", "WORKING"), ("WORKING", "SELF_CHECK"), ("SELF_CHECK", "REVIEW"), ("REVIEW", "DONE"),
    ("SELF_CHECK", "WORKING"),
    ("PLANNING", "FAILED"), ("WORKING", "FAILED"), ("SELF_CHECK", "FAILED"), ("REVIEW", "FAILED"), ("HALTED", "FAILED"),
    ("WORKING", "HALTED"), ("SELF_CHECK", "HALTED"), ("REVIEW", "HALTED"),
    ("HALTED", "WORKING"),
}


def new_task(max_cycles: int = 2) -> Task:
    t = Task.submit(task_id=uuid.uuid4(), goal="Write `f(x)` in solution.py", mission_blob="b" * 64,
                    mission_dir="/m", root="/r", artifact=".", max_cycles=max_cycles, at=T0)
    t.route(guild="coder", reason="rule", at=T0)
    return t


def work(t: Task, run: str) -> None:
    t.open_work(run_id=run, cycle=t.cycles, worker="w", resumes=None, prompt_blob="p" * 64, at=T0)
    t.settle_work(run_id=run, status="succeeded", stop_code="completed", detail="", session_id="s",
                  model_requests=1, cost_micro_usd=7, at=T0)


def check(t: Task, verdict: str) -> None:
    t.record_check(gate_check="g", verdict=verdict, outcome=verdict, reason="r", evidence="e", run_id=t.runs[-1],
                   at=T0)


def test_the_edges_are_exactly_the_designs():
    assert {(a.value, b.value) for a, b in EDGES} == DESIGN_EDGES


def test_the_happy_path_and_a_correction_cycle():
    t = new_task()
    t.move(S.WORKING, cause="routed", detail="", step="plan", at=T0)
    work(t, "r1")
    t.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    check(t, "fail:stub")
    assert t.after_check() is S.WORKING
    t.move(S.WORKING, cause="correction", detail="", step="self_check", at=T0)
    assert t.cycles == 1
    work(t, "r2")
    t.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    check(t, "pass")
    assert t.after_check() is S.REVIEW
    t.move(S.REVIEW, cause="check_passed", detail="", step="self_check", at=T0)
    t.record_review(files=["solution.py"], diff_blob=None, blame=[], cost_micro_usd=14, runs=t.runs, at=T0)
    t.move(S.DONE, cause="reviewed", detail="", step="review", at=T0)
    assert (t.state, t.cycles, t.cost_micro_usd, t.runs) == (S.DONE, 1, 14, ["r1", "r2"])


def test_halted_after_max_cycles_then_approval_grants_one_more_and_no_done_without_a_pass():
    t = new_task(max_cycles=1)
    t.move(S.WORKING, cause="routed", detail="", step="plan", at=T0)
    for run in ("r1", "r2"):
        work(t, run)
        t.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
        check(t, "fail:stub")
        if t.after_check() is S.WORKING:
            t.move(S.WORKING, cause="correction", detail="", step="self_check", at=T0)
    assert t.after_check() is S.HALTED and t.cycles == 1
    t.move(S.HALTED, cause="max_cycles", detail="still failing", step="self_check", at=T0)
    assert t.state is S.HALTED and t.parked == "still failing"
    for target in (S.DONE, S.REVIEW, S.SELF_CHECK, S.PLANNING):
        with pytest.raises(TaskError):
            t.move(target, cause="approved", detail="", step="owner", at=T0)
    with pytest.raises(TaskError, match="only an approval"):
        t.move(S.WORKING, cause="correction", detail="", step="owner", at=T0)
    with pytest.raises(ClaimRefused):  # out of every unattended path
        t.claim_by(worker="w2", lease_ms=1000, at=T0)
    t.approve(by="owner via terminal", at=T0)
    assert (t.state, t.cycles, t.allowed_cycles, t.parked) == (S.WORKING, 2, 2, None)
    work(t, "r3")
    t.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    check(t, "fail:stub")
    assert t.after_check() is S.HALTED  # one cycle, then the gate decides again


def test_a_pass_before_the_last_work_step_does_not_count():
    t = new_task()
    t.move(S.WORKING, cause="routed", detail="", step="plan", at=T0)
    work(t, "r1")
    t.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    check(t, "pass")
    # a forged sequence: work again without leaving SELF_CHECK is refused (no work outside WORKING) ...
    with pytest.raises(TaskError):
        t.open_work(run_id="r2", cycle=0, worker="w", resumes=None, prompt_blob="p", at=T0)
    # ... and a pass followed by more work needs a new pass
    t2 = new_task()
    t2.move(S.WORKING, cause="routed", detail="", step="plan", at=T0)
    work(t2, "r1")
    t2.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    check(t2, "fail:test_fails")
    t2.move(S.WORKING, cause="correction", detail="", step="self_check", at=T0)
    work(t2, "r2")
    t2.move(S.SELF_CHECK, cause="work_settled", detail="", step="work", at=T0)
    with pytest.raises(TaskError, match="needs a gate pass"):
        t2.move(S.REVIEW, cause="check_passed", detail="", step="self_check", at=T0)


def test_halted_is_not_failed_and_failed_is_final():
    t = new_task()
    t.move(S.WORKING, cause="routed", detail="", step="plan", at=T0)
    t.move(S.HALTED, cause="run_stopped", detail="budget", step="work", at=T0)
    assert t.state is S.HALTED and t.state is not S.FAILED
    t.fail(cause="failed_by_owner", detail="no", step="owner", at=T0)
    assert t.state is S.FAILED
    for target in TaskState:
        with pytest.raises(TaskError):
            t.move(target, cause="approved", detail="", step="owner", at=T0)


def test_claims_are_exclusive_until_they_expire():
    t = new_task()
    t.claim_by(worker="a", lease_ms=1000, at=T0)
    with pytest.raises(ClaimRefused, match="claimed by a"):
        t.claim_by(worker="b", lease_ms=1000, at=T0 + timedelta(milliseconds=999))
    t.claim_by(worker="a", lease_ms=1000, at=T0 + timedelta(milliseconds=500))  # the holder renews
    later = T0 + timedelta(milliseconds=1600)
    assert t.claimable(later) and not t.held_by("a", later)
    t.claim_by(worker="b", lease_ms=1000, at=later)
    kinds = [type(e).__name__ for e in t.pending_events]
    assert kinds[-2:] == ["ClaimExpired", "Claimed"] and t.expired_claims == 1
    with pytest.raises(ClaimRefused):
        t.renew(worker="a", lease_ms=1000, at=later)
    t.release(worker="a", reason="not mine", at=later)  # records nothing
    assert t.claim is not None and t.claim[0] == "b"


# -- properties over random sequences -------------------------------------------------------

STATES = [s.value for s in TaskState]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(STATES), st.sampled_from(STATES), st.booleans()), max_size=25))
def test_random_event_sequences_only_ever_take_listed_edges(moves):
    """Apply raw ``Moved`` events with random sources and targets: each is applied only when
    it starts where the task is and its edge is listed (and, into REVIEW or DONE, only after
    a pass since the last work step); every other one is refused and leaves the task as it
    was."""
    t = new_task()
    for source, target, pass_first in moves:
        if t.state is S.SELF_CHECK and pass_first and not t.passed_since_work and t.runs:
            check(t, "pass")
        if t.state is S.WORKING and t.open_run is None and pass_first:
            work(t, f"r{len(t.runs)}")
        before = (t.state, t.version, t.cycles)
        event = Task.Moved(originator_id=t.id, originator_version=t.version + 1, timestamp=T0, source=source,
                           target=target, cause="approved" if source == "HALTED" else "x", detail="", step="s",
                           ref="", cycle=0)
        allowed = (source == t.state.value and (source, target) in DESIGN_EDGES
                   and (target not in ("REVIEW", "DONE") or t.passed_since_work)
                   and not (source == "WORKING" and target == "SELF_CHECK" and t.open_run is not None))
        if allowed:
            event.mutate(t)
            assert t.state.value == target
        else:
            with pytest.raises(TaskError):
                event.mutate(t)
            assert (t.state, t.version, t.cycles) == before
        if t.state is S.DONE:
            assert t.passed_since_work


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(STATES), st.sampled_from(["pass", "fail:stub"]),
                          st.booleans()), max_size=30))
def test_random_commands_reach_done_only_through_a_pass_after_the_last_work(steps):
    """Random commands (moves, work steps, checks): the aggregate never holds a state
    reached by an unlisted edge, and DONE always follows a pass recorded after the last work."""
    t = new_task()
    seen_edges: set[tuple[str, str]] = set()
    for target, verdict, do_work in steps:
        if do_work and t.state is S.WORKING and t.open_run is None:
            work(t, f"r{len(t.runs)}")
        if t.state is S.SELF_CHECK and t.runs and t.open_run is None:
            check(t, verdict)
        source = t.state.value
        try:
            t.move(TaskState(target), cause="approved" if source == "HALTED" else "x", detail="", step="s", at=T0)
        except TaskError:
            assert t.state.value == source
            continue
        seen_edges.add((source, target))
        if target == "DONE":
            assert t.passed_since_work and t.last_verdict == "pass"
    assert seen_edges <= DESIGN_EDGES

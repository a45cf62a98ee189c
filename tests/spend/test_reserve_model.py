"""The reservation protocol as a deterministic interleaving model, explored by Hypothesis.

The model is the protocol the ledger runs (:mod:`overlord.ledger.cas`): each caller reads the
account at some version, decides with the real rule (:func:`overlord.domain.spend.decide`),
and appends at the next version only if the stream is still at the version it read (else it
reads again). Hypothesis picks which caller takes its next step, so every interleaving of
reads and writes it tries is one schedule. 1,000 schedules of 64 callers against a balance
that covers 10 worst cases: never more than 10 placed, and at no step does what is settled
plus what is reserved exceed the balance. A second property lets placed calls settle (for
less than their worst case, releasing the rest) while others still race.

A smaller run drives the real :class:`~overlord.domain.spend.SpendAccount` aggregate through
the same model store, so the model and the aggregate agree.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from overlord.domain.spend import SpendAccount, SpendAsk, Totals, decide

WORST = 1_000
BALANCE = 10 * WORST
CALLERS = 64


@dataclass
class Store:
    """One stream: a version and the account's totals after each version (what a read sees)."""

    states: list[Totals] = field(default_factory=lambda: [Totals()])

    @property
    def version(self) -> int:
        return len(self.states) - 1

    def cas(self, read_version: int, new: Totals) -> bool:
        if read_version != self.version:
            return False
        self.states.append(new)
        return True


@dataclass
class Caller:
    """One call: read, then decide-and-write; a lost write reads again. After a reservation
    it may settle (another read, decide, write)."""

    cost: int | None = None  # what the call will cost when it settles (None: it never settles)
    read: tuple[int, Totals] | None = None
    state: str = "reserving"  # reserving -> placed | refused; placed -> settling -> settled

    def step(self, store: Store) -> None:
        if self.read is None:
            self.read = (store.version, store.states[-1])
            return
        version, totals = self.read
        self.read = None
        if self.state == "reserving":
            refusal = decide(totals, worst_case_micro_usd=WORST, run_limit_micro_usd=None, balance_micro_usd=BALANCE,
                             priced=True, free=False)
            if refusal is not None:
                if store.cas(version, totals):  # a refusal is recorded too (it changes no total)
                    self.state = "refused"
                return
            new = Totals(totals.install_settled, totals.install_reserved + WORST, 0, 0)
            if store.cas(version, new):
                self.state = "placed" if self.cost is None else "settling"
        elif self.state == "settling":
            assert self.cost is not None
            new = Totals(totals.install_settled + self.cost, totals.install_reserved - WORST, 0, 0)
            if store.cas(version, new):
                self.state = "settled"

    @property
    def active(self) -> bool:
        return self.state in ("reserving", "settling")


SCHEDULE = st.binary(min_size=256, max_size=4096)
"""A schedule: which of the callers still going takes the next step, one byte a step (past
the last byte, the first one still going: the schedule's tail is a plain order)."""


def _run(schedule: bytes, callers: list[Caller]) -> Store:
    store = Store()
    steps = 0
    while True:
        active = [c for c in callers if c.active]
        if not active:
            return store
        pick = schedule[steps] % len(active) if steps < len(schedule) else 0
        active[pick].step(store)
        steps += 1
        last = store.states[-1]
        assert last.install_settled + last.install_reserved <= BALANCE, f"overdraw after {steps} steps: {last}"


@settings(max_examples=1000, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEDULE)
def test_never_more_than_ten_placed_in_any_schedule(schedule):
    callers = [Caller() for _ in range(CALLERS)]
    store = _run(schedule, callers)
    placed = sum(c.state == "placed" for c in callers)
    assert placed <= 10
    assert placed == 10, "with nothing settled, exactly the ten that fit are placed"
    assert sum(c.state == "refused" for c in callers) == CALLERS - 10
    assert store.states[-1].install_reserved == placed * WORST


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEDULE, st.lists(st.integers(0, WORST), min_size=CALLERS, max_size=CALLERS))
def test_settling_while_others_race_never_overdraws(schedule, costs):
    callers = [Caller(cost=c) for c in costs]
    store = _run(schedule, callers)
    last = store.states[-1]
    assert last.install_reserved == 0
    assert last.install_settled == sum(c.cost for c in callers if c.state == "settled") <= BALANCE


class AggregateStore:
    """The same CAS, holding the real aggregate's events (and the aggregate after each version)."""

    def __init__(self) -> None:
        self.t = datetime(2026, 11, 29, tzinfo=UTC)
        first = SpendAccount.open(origin="model", at=self.now())
        self.events: list = list(first.collect_events())
        self.after: list[SpendAccount] = [copy.deepcopy(first)]

    def now(self) -> datetime:
        self.t += timedelta(microseconds=1)
        return self.t

    def read(self) -> tuple[int, SpendAccount]:
        return len(self.events), copy.deepcopy(self.after[-1])

    def cas(self, version: int, acct: SpendAccount) -> bool:
        if version != len(self.events):
            return False
        self.events.extend(acct.collect_events())
        self.after.append(copy.deepcopy(acct))
        return True


FEW = 16


@settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEDULE)
def test_the_real_aggregate_under_the_same_schedules(schedule):
    """16 callers, a balance of 4 worst cases, the aggregate deciding."""
    store = AggregateStore()
    reads: dict[int, tuple[int, SpendAccount]] = {}
    done: set[int] = set()
    outcome: dict[int, bool] = {}
    steps = 0
    while len(done) < FEW:
        active = [i for i in range(FEW) if i not in done]
        i = active[schedule[steps] % len(active) if steps < len(schedule) else 0]
        steps += 1
        if i not in reads:
            reads[i] = store.read()
            continue
        version, acct = reads.pop(i)
        refusal = acct.reserve(reservation_id=f"r{i}", run="run", tier=None, ask=SpendAsk("p", "m", WORST, True),
                               run_limit_micro_usd=None, balance_micro_usd=4 * WORST, free=False, at=store.now())
        if store.cas(version, acct):
            done.add(i)
            outcome[i] = refusal is None
        assert store.after[-1].reserved_total <= 4 * WORST
    assert sum(outcome.values()) == 4 and store.after[-1].reserved_total == 4 * WORST
    assert sum(type(e).__name__ == "SpendRefused" for e in store.events) == FEW - 4

"""The spend reserve: a worst case reserved before every paid model call, settled after.

Pure: no I/O, no clock (times are passed in). Three parts:

* :func:`worst_case` bounds what one call can cost before it is sent: its input tokens by the
  request's UTF-8 byte length (a token is at least one byte) plus an allowance for what the
  provider adds to the prompt, each at the highest input price any token of such a call can
  pay (cache writes are a premium over input); plus ``max_tokens`` at the output price. The
  long-context tier that the bound reaches is used, never a cheaper one.
* :func:`decide` is the rule: a call whose worst case exceeds the run's remainder
  (``max_cost_usd`` less what is settled and still reserved) or the install's
  (``[oracle] balance_usd`` likewise; absent means no install cap, not zero) is refused, and
  so is a call to a model with no price unless the route is free.
* :class:`SpendAccount` is the install's account: one stream in the ledger whose version is
  the compare-and-swap every reservation goes through (``SpendReserved``, ``SpendSettled``,
  ``SpendRefused``). Its state is what :func:`decide` reads.

:class:`SpendReserve` is the port the connector calls (supervision provides it, over the
ledger; adapters never import the ledger).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from eventsourcing.domain import Aggregate

from overlord.domain.prices import MILLION, Price

MICRO_PER_USD = 1_000_000
PROMPT_ALLOWANCE_TOKENS = 1024
"""Tokens a provider may add to a prompt beyond the request's bytes (its tool-use system
prompt is a few hundred tokens): added to every input bound."""
UNBOUNDED_INPUT_TOKENS = 1_000_000
"""The input bound of a request that refers to content by URL or file id (its bytes do not
bound its tokens): a whole context window."""
REASONS = ("run_limit", "install_balance", "unpriced", "contention", "unavailable", "overrun")
"""Why a call is refused (or, ``overrun``, why a run is stopped after a call cost more than its
worst case)."""
BASES = ("usage", "worst_case", "not_sent")
"""What a settlement is based on: the answer's usage; the worst case (the usage could not be
read: unknown is charged in full); nothing (the call never reached the upstream)."""


def usd_to_micro(value: float | int, where: str) -> int:
    """A positive amount in USD as integer micro-dollars (rounded down).

    Raises:
        ValueError: not a finite, positive number (the message names ``where``).
    """
    from decimal import Decimal, InvalidOperation

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where} must be a positive number of USD, not {type(value).__name__}")
    try:
        d = Decimal(str(value))
    except InvalidOperation as e:  # pragma: no cover - numbers always convert
        raise ValueError(f"{where} is not a number") from e
    if not d.is_finite() or d <= 0:
        raise ValueError(f"{where} must be a positive number of USD, not {value}")
    micro = int(d * MICRO_PER_USD)
    if micro <= 0:
        raise ValueError(f"{where} = {value} is less than one micro-dollar")
    if micro >= 2**53:
        raise ValueError(f"{where} = {value} is too large")
    return micro


def input_bound(request_bytes: int, *, unbounded: bool = False) -> int:
    """The most input tokens a request of ``request_bytes`` bytes can be billed for."""
    if unbounded:
        return UNBOUNDED_INPUT_TOKENS
    return max(0, request_bytes) + PROMPT_ALLOWANCE_TOKENS


def worst_case(price: Price, *, input_tokens: int, max_tokens: int) -> int:
    """The most a call can cost, in micro-dollars (rounded up): ``input_tokens`` (a bound, see
    :func:`input_bound`) at the worst input rate, plus ``max_tokens`` at the output rate, at
    the tier that bound reaches."""
    total = input_tokens * price.worst_input_rate(input_tokens) + max(0, max_tokens) * price.worst_output_rate(input_tokens)
    return -(-total // MILLION)


@dataclass(frozen=True)
class Totals:
    """What an account holds for a decision: the install's and the run's settled spend and
    outstanding reservations, in micro-dollars."""

    install_settled: int = 0
    install_reserved: int = 0
    run_settled: int = 0
    run_reserved: int = 0


@dataclass(frozen=True)
class Refusal:
    """A refused call: ``reason`` (one of :data:`REASONS`), one line for people, and the
    remainders it was judged against (``None``: no cap)."""

    reason: str
    detail: str
    run_remaining_micro_usd: int | None = None
    install_remaining_micro_usd: int | None = None


def usd(micro: int) -> str:
    """``$1.234567`` from micro-dollars."""
    return f"${micro / MICRO_PER_USD:,.6f}"


def decide(totals: Totals, *, worst_case_micro_usd: int, run_limit_micro_usd: int | None,
           balance_micro_usd: int | None, priced: bool, free: bool) -> Refusal | None:
    """``None`` when a call of this worst case may be reserved, else why not.

    A free route reserves nothing and is never refused for want of a price; otherwise an
    unpriced model is refused, then the run's cap, then the install's.
    """
    run_left = None if run_limit_micro_usd is None else run_limit_micro_usd - totals.run_settled - totals.run_reserved
    install_left = None if balance_micro_usd is None else balance_micro_usd - totals.install_settled - totals.install_reserved
    if not priced and not free:
        return Refusal("unpriced", "the model has no price, and an unpriced paid call is not free "
                       "(price it in the install policy: a tier's price; a mission's price file or free = true only "
                       "serve a model on this machine that is sent no secret)", run_left, install_left)
    if free:
        return None
    if run_left is not None and worst_case_micro_usd > run_left:
        return Refusal("run_limit", f"the call's worst case {usd(worst_case_micro_usd)} exceeds what is left of the run's "
                       f"max_cost_usd ({usd(max(run_left, 0))} of {usd(run_limit_micro_usd or 0)})", run_left, install_left)
    if install_left is not None and worst_case_micro_usd > install_left:
        return Refusal("install_balance", f"the call's worst case {usd(worst_case_micro_usd)} exceeds what is left of the "
                       f"install's balance ({usd(max(install_left, 0))} of {usd(balance_micro_usd or 0)})",
                       run_left, install_left)
    return None


# -- the port the connector calls -----------------------------------------------------------


@dataclass(frozen=True)
class SpendAsk:
    """What the connector asks to reserve for one call: ``provider``, ``model``, the
    ``worst_case_micro_usd`` it computed, and whether the model had a price."""

    provider: str
    model: str | None
    worst_case_micro_usd: int
    priced: bool


@dataclass(frozen=True)
class Reservation:
    """A placed reservation: its id and amount."""

    reservation_id: str
    worst_case_micro_usd: int


class SpendReserve(Protocol):
    """Reserve before a paid call, settle after (supervision provides it; it fails closed: an
    error inside it is a :class:`Refusal`, never a pass)."""

    def reserve(self, ask: SpendAsk) -> Reservation | Refusal:
        """Reserve ``ask``'s worst case atomically, or say why not."""

    def settle(self, reservation: Reservation, cost_micro_usd: int, *, basis: str) -> None:
        """Settle a reservation at its actual cost (the rest is released).

        Raises:
            OverlordError: it could not be recorded (the reservation then stays outstanding).
        """


# -- the account -----------------------------------------------------------------------------

ACCOUNT_NAMESPACE = uuid.UUID("6f0c1a52-2f7e-4f55-9a0e-4f7665726c64")


def account_id(origin: str) -> uuid.UUID:
    """The install's account stream: one per ledger, the same on every machine writing it."""
    return uuid.uuid5(ACCOUNT_NAMESPACE, f"spend-account:{origin}")


def _usd6(micro: int | None) -> str:
    return "no cap" if micro is None else usd(micro)


class SpendAccount(Aggregate):
    """The install's spend: every reservation, settlement and refusal of every run, in order.
    State: outstanding reservations and settled totals, per run and for the install."""

    TOPIC = "overlord.spend.Account"

    class Event(Aggregate.Event):
        """An event of the install's account (the base of the events below; never stored)."""

    class Created(Event, Aggregate.Created):
        """``AccountOpened``: the account of the ledger ``origin`` was opened."""

        TOPIC = "overlord.spend.AccountOpened"

        origin: str

        def summary(self) -> str:
            """One line for people."""
            return f"spend account opened for {self.origin}"

    class SpendReserved(Event):
        """A call's worst case was reserved for ``run`` (micro-dollars), judged against the
        run's cap and the install's balance as they stood (``None``: no cap)."""

        TOPIC = "overlord.spend.SpendReserved"

        reservation_id: str
        run: str
        tier: str | None
        provider: str
        model: str | None
        worst_case_micro_usd: int
        run_limit_micro_usd: int | None
        balance_micro_usd: int | None

        def apply(self, aggregate: SpendAccount) -> None:
            """Hold the worst case against the run and the install."""
            aggregate._hold(self.reservation_id, self.run, self.worst_case_micro_usd)

        def summary(self) -> str:
            """One line for people."""
            tier = f", tier {self.tier}" if self.tier else ""
            return (f"spend reserved for run {self.run[:8]}: {usd(self.worst_case_micro_usd)} worst case "
                    f"({self.model} via {self.provider}{tier}; run cap {_usd6(self.run_limit_micro_usd)})")

    class SpendSettled(Event):
        """A reservation was settled at ``cost_micro_usd`` (``basis``: usage, worst_case,
        not_sent); ``released_micro_usd`` went back, ``overrun_micro_usd`` is what the call
        cost beyond its worst case (0 unless the upstream reported more than was possible)."""

        TOPIC = "overlord.spend.SpendSettled"

        reservation_id: str
        run: str
        cost_micro_usd: int
        released_micro_usd: int
        overrun_micro_usd: int
        basis: str

        def apply(self, aggregate: SpendAccount) -> None:
            """Release the reservation and count the cost as settled."""
            aggregate._release(self.reservation_id, self.run, self.cost_micro_usd)

        def summary(self) -> str:
            """One line for people."""
            over = f", OVERRUN {usd(self.overrun_micro_usd)}" if self.overrun_micro_usd else ""
            return (f"spend settled for run {self.run[:8]}: {usd(self.cost_micro_usd)} ({self.basis}), "
                    f"{usd(self.released_micro_usd)} released{over}")

    class SpendRefused(Event):
        """A call of ``run`` was refused before anything was sent: ``reason`` (one of
        run_limit, install_balance, unpriced, contention, unavailable), the worst case, and
        the remainders it was judged against (``None``: no cap)."""

        TOPIC = "overlord.spend.SpendRefused"

        run: str
        tier: str | None
        provider: str
        model: str | None
        worst_case_micro_usd: int
        reason: str
        detail: str
        run_remaining_micro_usd: int | None
        install_remaining_micro_usd: int | None

        def summary(self) -> str:
            """One line for people."""
            return f"spend refused for run {self.run[:8]} ({self.model} via {self.provider}): {self.reason}: {self.detail}"

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.outstanding: dict[str, tuple[str, int]] = {}
        self.run_reserved: dict[str, int] = {}
        self.run_settled: dict[str, int] = {}
        self.reserved_total = 0
        self.settled_total = 0

    @classmethod
    def open(cls, *, origin: str, at: datetime) -> SpendAccount:
        """Open the account of ``origin`` (its id is :func:`account_id`)."""
        return cls._create(cls.Created, id=account_id(origin), timestamp=at, origin=origin)

    # -- state ------------------------------------------------------------------------------

    def _hold(self, rid: str, run: str, amount: int) -> None:
        self.outstanding[rid] = (run, amount)
        self.run_reserved[run] = self.run_reserved.get(run, 0) + amount
        self.reserved_total += amount

    def _release(self, rid: str, run: str, cost: int) -> None:
        _, amount = self.outstanding.pop(rid, (run, 0))
        left = self.run_reserved.get(run, 0) - amount
        if left:
            self.run_reserved[run] = left
        else:
            self.run_reserved.pop(run, None)
        self.reserved_total -= amount
        self.run_settled[run] = self.run_settled.get(run, 0) + cost
        self.settled_total += cost

    def totals(self, run: str) -> Totals:
        """What :func:`decide` reads for ``run``."""
        return Totals(self.settled_total, self.reserved_total, self.run_settled.get(run, 0), self.run_reserved.get(run, 0))

    # -- commands ---------------------------------------------------------------------------

    def reserve(self, *, reservation_id: str, run: str, tier: str | None, ask: SpendAsk,
                run_limit_micro_usd: int | None, balance_micro_usd: int | None, free: bool,
                at: datetime) -> Refusal | None:
        """Decide ``ask`` for ``run`` and record it: ``SpendReserved`` (returns ``None``) or
        ``SpendRefused`` (returns the refusal)."""
        worst = 0 if free else ask.worst_case_micro_usd
        refusal = decide(self.totals(run), worst_case_micro_usd=worst, run_limit_micro_usd=run_limit_micro_usd,
                         balance_micro_usd=balance_micro_usd, priced=ask.priced, free=free)
        if refusal is not None:
            self.refuse(run=run, tier=tier, ask=ask, refusal=refusal, at=at)
            return refusal
        self.trigger_event(self.SpendReserved, timestamp=at, reservation_id=reservation_id, run=run, tier=tier,
                           provider=ask.provider, model=ask.model, worst_case_micro_usd=worst,
                           run_limit_micro_usd=run_limit_micro_usd, balance_micro_usd=balance_micro_usd)
        return None

    def refuse(self, *, run: str, tier: str | None, ask: SpendAsk, refusal: Refusal, at: datetime) -> None:
        """Record a refusal (``SpendRefused``)."""
        self.trigger_event(self.SpendRefused, timestamp=at, run=run, tier=tier, provider=ask.provider, model=ask.model,
                           worst_case_micro_usd=ask.worst_case_micro_usd, reason=refusal.reason,
                           detail=refusal.detail[:500], run_remaining_micro_usd=refusal.run_remaining_micro_usd,
                           install_remaining_micro_usd=refusal.install_remaining_micro_usd)

    def settle(self, *, reservation_id: str, cost_micro_usd: int, basis: str, at: datetime) -> int:
        """Settle a reservation (``SpendSettled``); returns the overrun (0 normally).

        Raises:
            ValueError: no such outstanding reservation (settled already), a negative cost,
                or an unknown basis.
        """
        if reservation_id not in self.outstanding:
            raise ValueError(f"reservation {reservation_id} is not outstanding (settled already, or never placed)")
        if cost_micro_usd < 0 or basis not in BASES:
            raise ValueError(f"a settlement needs a cost of 0 or more and a basis in {BASES}")
        run, amount = self.outstanding[reservation_id]
        overrun = max(0, cost_micro_usd - amount)
        self.trigger_event(self.SpendSettled, timestamp=at, reservation_id=reservation_id, run=run,
                           cost_micro_usd=cost_micro_usd, released_micro_usd=max(0, amount - cost_micro_usd),
                           overrun_micro_usd=overrun, basis=basis)
        return overrun

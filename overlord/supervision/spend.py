"""The spend reserve over the ledger: the port the connector calls before and after each paid call.

:class:`LedgerSpendReserve` implements :class:`~overlord.domain.spend.SpendReserve` for one
run. Every reservation and settlement is one compare-and-swap on the install's account
stream (:mod:`overlord.ledger.cas`): the decision (:func:`overlord.domain.spend.decide`) is
made on the account as it stands at the version its event extends, so no two writers, in any
process or on any machine sharing the store, can both place the reservation that only one of
them fits.

It fails closed: a store that refuses, a stream too contended to win, any error inside, is a
refusal (``unavailable``/``contention``), never a pass. The first refusal (and any settlement
that cost more than its worst case) is kept as the run's stop request: stop code ``budget``.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.domain.settlement import StopCode
from overlord.domain.spend import Refusal, Reservation, SpendAccount, SpendAsk, account_id, usd
from overlord.errors import LedgerError, OverlordError
from overlord.ledger.cas import Contended

log = structlog.get_logger("overlord.spend")


class LedgerSpendReserve:
    """One run's spend reserve.

    Args:
        ledger: the writable :class:`~overlord.ledger.application.Ledger`.
        origin: the ledger's origin (it names the install's account stream).
        run_id: the run whose calls are reserved.
        clock: gives each event its time.
        run_limit_micro_usd: the run's ``max_cost_usd`` (``None``: no run cap).
        balance_micro_usd: the install's balance (``None``: no install cap).
        tier: the run's tier, recorded with each reservation.
        free: the route is free (a local model): nothing is reserved, an unpriced model is not refused.
    """

    def __init__(self, ledger: Any, *, origin: str, run_id: uuid.UUID | str, clock: Clock,
                 run_limit_micro_usd: int | None = None, balance_micro_usd: int | None = None,
                 tier: str | None = None, free: bool = False) -> None:
        self.ledger = ledger
        self.origin = origin
        self.run = str(run_id)
        self.clock = clock
        self.run_limit = run_limit_micro_usd
        self.balance = balance_micro_usd
        self.tier = tier
        self.free = free
        self.account = account_id(origin)
        self._lock = threading.Lock()
        self._stop: tuple[StopCode, str] | None = None

    def _account(self, acct: SpendAccount | None) -> SpendAccount:
        return acct if acct is not None else SpendAccount.open(origin=self.origin, at=self.clock.now())

    def _keep(self, detail: str) -> None:
        with self._lock:
            if self._stop is None:
                self._stop = (StopCode.BUDGET, detail[:500])

    def reserve(self, ask: SpendAsk) -> Reservation | Refusal:
        """Reserve ``ask``'s worst case for this run, or refuse (recorded either way)."""
        rid = uuid.uuid4().hex

        def decide(acct: SpendAccount | None) -> tuple[SpendAccount, Refusal | None]:
            acct = self._account(acct)
            return acct, acct.reserve(reservation_id=rid, run=self.run, tier=self.tier, ask=ask,
                                      run_limit_micro_usd=self.run_limit, balance_micro_usd=self.balance,
                                      free=self.free, at=self.clock.now())

        try:
            refusal = self.ledger.cas.apply(self.account, decide)
        except Contended as e:
            refusal = self._refuse_unrecorded(ask, Refusal("contention", f"the spend account is too contended: {e.message}"))
        except Exception as e:  # noqa: BLE001 - a reserve that cannot decide refuses
            what = e.diagnostics() if isinstance(e, OverlordError) else f"{type(e).__name__}: {e}"
            refusal = self._refuse_unrecorded(ask, Refusal("unavailable", f"the spend reserve failed: {what}"))
        if refusal is not None:
            self._keep(f"spend refused ({refusal.reason}): {refusal.detail}")
            return refusal
        return Reservation(rid, 0 if self.free else ask.worst_case_micro_usd)

    def _refuse_unrecorded(self, ask: SpendAsk, refusal: Refusal) -> Refusal:
        """Try once more to record a refusal the reserve reached without the account."""
        def decide(acct: SpendAccount | None) -> tuple[SpendAccount, None]:
            acct = self._account(acct)
            acct.refuse(run=self.run, tier=self.tier, ask=ask, refusal=refusal, at=self.clock.now())
            return acct, None

        try:
            self.ledger.cas.apply(self.account, decide)
        except Exception as e:  # noqa: BLE001 - the refusal stands recorded or not (nothing was spent)
            try:
                log.warning("spend.refusal_unrecorded", run_id=self.run, reason=refusal.reason, error=str(e)[:300])
            except Exception:  # noqa: BLE001 - logging never changes an outcome
                pass
        return refusal

    def settle(self, reservation: Reservation, cost_micro_usd: int, *, basis: str) -> None:
        """Settle ``reservation`` at ``cost_micro_usd``; an overrun stops the run (``budget``).

        Raises:
            OverlordError: the settlement could not be recorded (the reservation stays
                outstanding, so the money is still counted as spent).
        """
        cost = 0 if self.free else max(0, cost_micro_usd)

        def decide(acct: SpendAccount | None) -> tuple[SpendAccount, int]:
            acct = self._account(acct)
            return acct, acct.settle(reservation_id=reservation.reservation_id, cost_micro_usd=cost,
                                     basis=basis, at=self.clock.now())

        try:
            overrun = self.ledger.cas.apply(self.account, decide)
        except OverlordError as e:
            self._keep_failure(e.diagnostics())
            raise
        except Exception as e:  # noqa: BLE001 - wrapped: the caller withholds the answer
            self._keep_failure(f"{type(e).__name__}: {e}")
            raise LedgerError(f"the settlement of reservation {reservation.reservation_id} failed: "
                              f"{type(e).__name__}: {e}", "run `overlord verify`") from e
        if overrun:
            self._keep(f"a call cost {usd(overrun)} more than its worst case (the upstream reported more than was "
                       "possible): the run is stopped")

    def _keep_failure(self, what: str) -> None:
        with self._lock:
            if self._stop is None:
                self._stop = (StopCode.CONTROLLER_ERROR, f"a spend settlement could not be recorded: {what}"[:500])

    def stop_requested(self) -> tuple[StopCode, str] | None:
        """``(budget, why)`` once a call was refused or overran, ``(controller_error, why)``
        once a settlement could not be recorded, else ``None``."""
        with self._lock:
            return self._stop

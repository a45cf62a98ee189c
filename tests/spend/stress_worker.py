"""A worker process of the reserve stress test: opens the home itself, and each round fires
its share of the calls from threads at once (after a barrier shared with the other workers)."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any


def _call(reserve: Any, start: threading.Barrier, lock: threading.Lock, outcomes: Counter, worst: int) -> None:
    from overlord.domain.spend import Refusal, SpendAsk

    start.wait()
    verdict = reserve.reserve(SpendAsk("anthropic", "claude-sonnet-4-5", worst, True))
    with lock:
        outcomes[verdict.reason if isinstance(verdict, Refusal) else "placed"] += 1


def work(home: str, pg_password: str, rounds: int, threads: int, worst: int, balance: int, barrier: Any,
         results: Any, index: int) -> None:
    from pathlib import Path

    from overlord.adapters.clock import SystemClock
    from overlord.ledger.session import open_home
    from overlord.supervision.spend import LedgerSpendReserve

    session = open_home(Path(home), postgres_password=pg_password)
    try:
        for r in range(rounds):
            reserve = LedgerSpendReserve(session.ledger, origin=f"{session.origin}#stress-{r}", run_id=f"run-{r}",
                                         clock=SystemClock(), balance_micro_usd=balance)
            outcomes: Counter[str] = Counter()
            lock = threading.Lock()
            start = threading.Barrier(threads)

            barrier.wait(timeout=300)
            pool = [threading.Thread(target=_call, args=(reserve, start, lock, outcomes, worst)) for _ in range(threads)]
            for t in pool:
                t.start()
            for t in pool:
                t.join()
            results.put((index, r, dict(outcomes), session.ledger.cas.conflicts))
    finally:
        session.close()

"""A bounded real stress of the reservation protocol: 64 concurrent calls from four processes,
20 rounds, against a balance that covers 10 worst cases, on SQLite and on PostgreSQL. Each
round's account is fresh; after each, the ledger's own account shows no overdraw."""

from __future__ import annotations

import multiprocessing
from collections import Counter

import pytest

from overlord.domain.spend import account_id
from overlord.ledger.session import init_home, open_home
from overlord.ledger.store import PostgresConfig
from tests.spend.stress_worker import work

PROCESSES, THREADS, ROUNDS = 4, 16, 20
WORST = 250_000
BALANCE = 10 * WORST


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_sixty_four_concurrent_calls_from_four_processes_never_overdraw(kind, tmp_path, request):
    pg = None
    if kind == "postgres":
        server = request.getfixturevalue("postgres_server")
        pg = PostgresConfig(host="127.0.0.1", port=server.port, dbname=server.create_database(), user="postgres")
    session = init_home(tmp_path / "home", store_kind=kind, postgres=pg)
    origin = session.origin
    session.close()
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(PROCESSES), ctx.Queue()
    procs = [ctx.Process(target=work, args=(str(tmp_path / "home"), "", ROUNDS, THREADS, WORST, BALANCE, barrier,
                                            results, i)) for i in range(PROCESSES)]
    for p in procs:
        p.start()
    got = [results.get(timeout=600) for _ in range(PROCESSES * ROUNDS)]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    per_round: dict[int, Counter] = {}
    for _, r, outcomes, _ in got:
        per_round.setdefault(r, Counter()).update(outcomes)
    conflicts = {i: c for i, r, _, c in got if r == ROUNDS - 1}
    print(f"{kind}: compare-and-swap conflicts retried, per process: {conflicts}")

    check = open_home(tmp_path / "home", writable=False)
    try:
        for r in range(ROUNDS):
            outcomes = per_round[r]
            assert sum(outcomes.values()) == PROCESSES * THREADS
            assert outcomes["placed"] <= 10, (r, outcomes)
            assert outcomes["placed"] == 10, f"round {r}: the ten that fit are placed ({outcomes})"
            acct = check.ledger.get(account_id(f"{origin}#stress-{r}"))
            assert acct.reserved_total == outcomes["placed"] * WORST <= BALANCE
            events = check.ledger.stream_rows(account_id(f"{origin}#stress-{r}"))
            assert sum(e.topic.endswith("SpendReserved") for e in events) == outcomes["placed"]
        assert check.verify().ok
    finally:
        check.close()

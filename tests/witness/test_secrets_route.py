"""The witness's secrets route: names only, 409 while the store is locked, 404 without one;
and each run's cost and spend on the runs digest."""

from __future__ import annotations

import uuid

import pytest

from overlord.adapters.secrets import SecretStore
from overlord.domain.spend import SpendAccount, SpendAsk, account_id
from tests.witness.conftest import StepClock, add_run

CANARY = "sk-ant-witness-canary-00112233"


@pytest.mark.asyncio
async def test_names_only_and_locked_is_409(client, served) -> None:
    store = SecretStore(served.session.home.root)
    r = await client.get("/api/secrets")
    assert r.status == 404 and "secret init" in (await r.json())["error"]
    store.init(b"pass", costs={"memory_kib": 8192, "iterations": 1, "lanes": 1})
    r = await client.get("/api/secrets")
    assert r.status == 409 and "unlock" in (await r.json())["error"]
    try:
        store.unlock(b"pass", timeout_s=60)
        store.set("ANTHROPIC_API_KEY", CANARY, at="2026-11-29T12:00:00Z")
        r = await client.get("/api/secrets")
        body = await r.read()
        assert r.status == 200 and CANARY.encode() not in body and CANARY[-4:].encode() not in body
        assert (await r.json()) == {"secrets": [{"name": "ANTHROPIC_API_KEY", "updated_at": "2026-11-29T12:00:00Z"}]}
    finally:
        store.lock()


@pytest.mark.asyncio
async def test_a_fifo_or_a_link_for_the_store_is_a_500_at_once(client, served) -> None:
    """A FIFO in secrets.store's place made /api/secrets hang forever (and the server then
    ignored SIGTERM, waiting on the reading thread); a link to /dev/zero read 5.8 GB."""
    import asyncio
    import os

    path = SecretStore(served.session.home.root).path
    for make, words in ((os.mkfifo, "is a FIFO"), (lambda p: p.symlink_to("/dev/zero"), "is a symbolic link")):
        make(path)
        try:
            r = await asyncio.wait_for(client.get("/api/secrets"), 10)
            assert r.status == 500 and words in (await r.json())["error"]
        finally:
            path.unlink()


@pytest.mark.asyncio
async def test_the_runs_digest_carries_spend(client, served) -> None:
    clock = StepClock()
    session = served.session
    run = add_run(session, clock, ("claude",), settle=False)
    acct = SpendAccount.open(origin=session.origin, at=clock.now())
    for rid in ("r1", "r2"):
        acct.reserve(reservation_id=rid, run=str(run), tier="1", ask=SpendAsk("anthropic", "m", 700, True),
                     run_limit_micro_usd=1_000, balance_micro_usd=None, free=False, at=clock.now())
    acct.settle(reservation_id="r1", cost_micro_usd=250, basis="usage", at=clock.now())
    session.ledger.append(acct)
    assert acct.id == account_id(session.origin)
    import asyncio

    for _ in range(100):
        runs = {r["id"]: r for r in (await (await client.get("/api/runs")).json())["runs"]}
        if runs.get(str(run), {}).get("spend_refused"):
            break
        await asyncio.sleep(0.05)
    digest = runs[str(run)]
    assert (digest["spend_reserved_micro_usd"], digest["spend_settled_micro_usd"], digest["spend_refused"]) == (700, 250, 1)
    assert uuid.UUID(digest["id"]) == run

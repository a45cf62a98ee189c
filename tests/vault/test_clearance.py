"""Clearance on every read: 10,000 items with mixed labels, 4 roles, 1,000 random queries.

A contract test parameterized over the vault's read entry points (search, show, expand, the
context provider, and the witness's read API, which serves the log but no memory): across
all of them, 0 items above a role's clearance are returned. The truth each answer is checked
against is read from the ledger's own events, not from the database being tested. Among the
items: summaries that fold items of mixed labels, and items whose recorded label cannot be
parsed (they count as SECRET).
"""

from __future__ import annotations

import json
import random
import re
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.vault.summarizer import MessagesSummarizer
from overlord.domain.memory import MemoryItem, Provenance, Submission, clearance, stored_label
from overlord.errors import NotFoundError
from overlord.supervision.vault import Vault
from tests.vault.conftest import make_vault
from tests.vault.corpus import labelled, queries

ROLES = ("viewer", "user", "admin", "intruder")
ITEMS = 10_000
QUERIES = 1_000
SUMMARIES = 40
PUBLIC_SUMMARIES = 8
GARBLED = 20
MARK = re.compile(r"\(item \d+\)")


class Corpus:
    """The vault under test and the truth: each item's label as the ledger recorded it."""

    def __init__(self, vault: Vault) -> None:
        self.vault = vault
        self.truth: dict[str, int] = {}
        ledger = vault.session.ledger
        for n in ledger.recorder.select_notifications(start=None, limit=10**7):
            if n.topic == MemoryItem.Created.TOPIC:
                e = ledger.mapper.to_domain_event(n)
                self.truth[str(e.originator_id)] = int(stored_label(e.label))
        self.summaries = [r for r in self.rows() if r[1] == "summary"]

    def rows(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.vault.db.conn.execute("SELECT id, kind FROM items")]


def _forge_garbled(vault: Vault, i: int) -> None:
    """An item whose recorded label cannot be parsed (a damaged or foreign record): written
    around the gate on purpose, as only a test may."""
    item_id = uuid.uuid4()
    text = f"garbled label note {i}: the invoice printer jams on Friday (item g{i})"
    blob = vault.session.blobs.put(vault.key.seal(text, item_id=str(item_id), label="PUBL1C"))
    event = MemoryItem._create(MemoryItem.Created, id=item_id, timestamp=vault.clock.now(), label="PUBL1C",
                               requested_label="PUBL1C", content_hmac=vault.key.content_hmac(text), text_blob=blob,
                               text_bytes=len(text), content_type="text", source="forged", source_event="", run_id="",
                               tool_call="", chunk_of=str(item_id), chunk_index=0, chunks=1, findings=[],
                               contaminated=False, kind="item", sources=[], level=0)
    vault.session.ledger.append(event)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[Corpus]:
    session, vault = make_vault(tmp_path_factory.mktemp("clearance") / "home", embedder)
    items = labelled(ITEMS)
    results = []
    for start in range(0, ITEMS, 1000):
        results += vault.add_many([Submission(t, label, Provenance("cli")) for t, label in items[start:start + 1000]])
    assert all(r.refusal is None for r in results)
    for i in range(GARBLED):
        _forge_garbled(vault, i)
    vault.catch_up()
    rng = random.Random(3)
    mixed = [r.ids[0] for r in results]
    rng.shuffle(mixed)
    public = [r.ids[0] for r in results if r.label == "PUBLIC" and r.ids[0] not in mixed[:8 * SUMMARIES]]
    # most summaries fold items of mixed labels (so take the highest); some fold only PUBLIC ones
    groups = [mixed[i * 8:(i + 1) * 8] for i in range(SUMMARIES - PUBLIC_SUMMARIES)] + \
             [public[i * 8:(i + 1) * 8] for i in range(PUBLIC_SUMMARIES)]
    turns = [{"blocks": [{"text": f"summary {i} of eight notes (item s{i})"}]} for i in range(SUMMARIES)]
    with ConnectorThread(Transcript.from_json(turns)) as connector:
        summarizer = MessagesSummarizer(connector.url, "claude-haiku-4-5", "dummy", allowed_origins=(connector.url,))
        for group in groups:
            vault.compact(summarizer, older_than=timedelta(0), ids=group, mix_labels=True)
    c = Corpus(vault)
    assert len(c.truth) == ITEMS + GARBLED + SUMMARIES and len(c.summaries) == SUMMARIES
    yield c
    vault.close()
    session.close()


def _check(corpus: Corpus, role: str, returned: list[str]) -> int:
    """How many of ``returned`` are above ``role``'s clearance (by the ledger's truth)."""
    level = clearance(role)
    return sum(1 for i in returned if corpus.truth[i] > level)


def _by_search(corpus: Corpus, role: str, query: str, rng: random.Random) -> list[str]:
    hits = corpus.vault.search(query, role=role, limit=10)
    if clearance(role) >= 0:
        assert len(hits) == 10  # filtered inside the search: never short of readable items
    return [h.row.id for h in hits]


def _by_show(corpus: Corpus, role: str, query: str, rng: random.Random) -> list[str]:
    item_id = rng.choice(list(corpus.truth))
    try:
        return [corpus.vault.show(item_id, role=role).id]
    except NotFoundError:
        assert corpus.truth[item_id] > clearance(role)  # refused only when it is above the clearance
        return []


def _by_expand(corpus: Corpus, role: str, query: str, rng: random.Random) -> list[str]:
    summary_id, _ = rng.choice(corpus.summaries)
    try:
        sources = corpus.vault.expand(summary_id, role=role)
    except NotFoundError:
        assert corpus.truth[summary_id] > clearance(role)
        return []
    assert len(sources) == 8
    return [summary_id, *(s.id for s in sources)]


def _by_context(corpus: Corpus, role: str, query: str, rng: random.Random) -> list[str]:
    context = corpus.vault.context(query, role=role, budget_bytes=4000, run_id="contract", limit=10)
    return context.ids


ENTRY_POINTS: dict[str, Callable[[Corpus, str, str, random.Random], list[str]]] = {
    "search": _by_search, "show": _by_show, "expand": _by_expand, "context": _by_context,
}


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_no_read_returns_an_item_above_the_role_s_clearance(corpus: Corpus, entry: str) -> None:
    read = ENTRY_POINTS[entry]
    rng = random.Random(entry)
    above = {role: 0 for role in ROLES}
    returned = {role: 0 for role in ROLES}
    for query in queries(QUERIES):
        for role in ROLES:
            ids = read(corpus, role, query, rng)
            above[role] += _check(corpus, role, ids)
            returned[role] += len(ids)
    print(f"{entry}: returned {returned}, above clearance {above}")
    assert above == {role: 0 for role in ROLES}
    assert returned["intruder"] == 0
    assert returned["viewer"] > 0 and returned["user"] > 0 and returned["admin"] > 0
    if entry != "context":  # (the context's byte budget takes fewer of the longer items a higher role reads)
        assert returned["admin"] >= returned["user"] >= returned["viewer"]


def test_items_with_an_unparseable_label_are_read_as_secret(corpus: Corpus) -> None:
    garbled = [i for i, _ in corpus.rows() if i in corpus.truth and corpus.truth[i] == 3
               and corpus.vault.db.get(i, 3).label == "PUBL1C"]
    assert len(garbled) == GARBLED
    for item_id in garbled:
        assert corpus.vault.db.get(item_id, 2) is None and corpus.vault.db.get(item_id, 3) is not None
    hits = corpus.vault.search("garbled label invoice printer jams Friday", role="user", limit=50)
    assert not {h.row.id for h in hits} & set(garbled)


@pytest.mark.asyncio
async def test_the_witness_read_api_serves_no_memory(corpus: Corpus, aiohttp_client: Any, tmp_path: Path) -> None:
    from tests.witness.conftest import TOKEN, vector_signer
    from witness.app import ServerConfig, build_app
    from witness.state import WitnessStore

    store = WitnessStore(tmp_path / "witness.sqlite")
    config = ServerConfig(session=corpus.vault.session, witness_signer=vector_signer(), witness_store=store,
                          token=TOKEN, clock=corpus.vault.clock, unix_time=lambda: 0, poll_interval_s=3600)
    client = await aiohttp_client(build_app(config))
    bodies = []
    after = -1
    while True:
        page = await (await client.get(f"/api/events?after={after}&limit=1000")).json()
        bodies.append(json.dumps(page))
        if not page["events"]:
            break
        after = page["events"][-1]["position"]
    bodies.append(await (await client.get("/api/journal?limit=1000")).text())
    for path in ("/api/memory", "/api/memory/search?q=invoice", "/api/items"):
        assert (await client.get(path)).status == 404
    served = "".join(bodies)
    assert "\"Accepted\"" in served  # the events are served ...
    assert not MARK.search(served)  # ... but never an item's text
    store.close()

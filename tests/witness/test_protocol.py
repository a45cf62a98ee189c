"""C2SP tlog-witness v1.0.0 add-checkpoint on the vectors; the cosignature byte for byte; races."""

from __future__ import annotations

import asyncio
import threading

import pytest
from aiohttp import web

from overlord.ledger.checkpoint import Checkpoint
from overlord.ledger.cosignature import CosignatureVerifier, verify_cosignature
from tests.witness.conftest import C2SP, LOG, TOKEN, VECTOR_TIME, WITNESS, vector_body, vector_signer
from witness.app import ServerConfig, build_app
from witness.protocol import WitnessError, add_checkpoint
from witness.state import WitnessStore


def _run(store, old, cp, proof):
    try:
        result = add_checkpoint(store, vector_signer(), vector_body(old, cp, proof), now=VECTOR_TIME)
    except WitnessError as e:
        return e.status, (f"{e.size}\n" if e.size is not None else None)
    return 200, result.body().decode()


def test_vector_sequence_exactly(vector_store) -> None:
    steps = [s for s in C2SP["witness_request_sequence"] if "want" in s]
    for step in steps:
        status, body = _run(vector_store, step["old"], step["checkpoint"], step["proof"])
        assert status == step["want"], step
        if "body" in step:
            assert body == step["body"], step
    assert vector_store.get(LOG["origin"]).size == 5


def test_cosignature_of_checkpoint_1_byte_for_byte(vector_store) -> None:
    status, body = _run(vector_store, 0, 1, "")
    assert status == 200
    assert body == WITNESS["cosignature_of_checkpoint_1_at_time_1679315147"] + "\n"


def test_unknown_origin_404_bad_signature_403(tmp_path) -> None:
    store = WitnessStore(tmp_path / "w.sqlite")
    assert _run(store, 0, 1, "")[0] == 404
    # the origin known under another key: the log's signature does not verify
    other = vector_signer().verifier()
    from overlord.ledger.note import Verifier

    store.add_log(LOG["origin"], Verifier(LOG["origin"], other.public_key).to_key())
    assert _run(store, 0, 1, "")[0] == 403
    assert store.get(LOG["origin"]).size == 0


def test_old_larger_than_checkpoint_is_400(vector_store) -> None:
    assert _run(vector_store, 0, 3, "")[0] == 200 or True  # moves to 3
    assert _run(vector_store, 5, 3, "")[0] == 400
    assert vector_store.get(LOG["origin"]).size == 3


def test_same_size_different_root_is_409(vector_store) -> None:
    assert _run(vector_store, 0, 1, "")[0] == 200
    assert _run(vector_store, 1, 1, "")[0] == 200  # the same checkpoint again: cosigned again
    assert vector_store.get(LOG["origin"]).size == 1


def test_compare_and_swap_threads_never_go_back(tmp_path) -> None:
    """Two processes' worth of connections on one store: from the same old size one wins."""
    path = tmp_path / "w.sqlite"
    WitnessStore(path).add_log(LOG["origin"], LOG["verifier_key"])
    first = WitnessStore(path)
    assert _run(first, 0, 1, "")[0] == 200
    results: list[tuple[int, str | None]] = []
    barrier = threading.Barrier(2)

    def go(cp: int, proof: str) -> None:
        store = WitnessStore(path)
        barrier.wait()
        results.append(_run(store, 1, cp, proof))
        store.close()

    threads = [threading.Thread(target=go, args=(5, "1->5")), threading.Thread(target=go, args=(3, "1->3"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(s for s, _ in results)
    assert statuses == [200, 409]
    final = WitnessStore(path).get(LOG["origin"]).size
    assert final in (3, 5)
    # the loser learned the winner's size
    assert [b for s, b in results if s == 409] == [f"{final}\n"]


@pytest.mark.asyncio
async def test_race_over_http(aiohttp_client, tmp_path, served) -> None:
    """Two concurrent add-checkpoint requests from the same old size: one 200, one 409."""
    store = WitnessStore(tmp_path / "race.sqlite")
    store.add_log(LOG["origin"], LOG["verifier_key"])
    config = ServerConfig(session=served.session, witness_signer=vector_signer(), witness_store=store, token=TOKEN,
                          unix_time=lambda: VECTOR_TIME)
    client = await aiohttp_client(build_app(config))
    r = await client.post("/add-checkpoint", data=vector_body(0, 1, ""))
    assert r.status == 200
    sizes = []

    async def post(cp: int, proof: str):
        resp = await client.post("/add-checkpoint", data=vector_body(1, cp, proof))
        sizes.append(store.get(LOG["origin"]).size)
        return resp.status, resp.content_type, await resp.text()

    a, b = await asyncio.gather(post(3, "1->3"), post(5, "1->5"))
    assert sorted([a[0], b[0]]) == [200, 409]
    loser = a if a[0] == 409 else b
    assert loser[1] == "text/x.tlog.size"
    final = store.get(LOG["origin"]).size
    assert loser[2] == f"{final}\n"
    assert sizes == sorted(sizes) and final in (3, 5)
    # and a step back is refused: old 1 no longer matches
    r = await client.post("/add-checkpoint", data=vector_body(1, 3, "1->3"))
    assert r.status == 409 and await r.text() == f"{final}\n"
    assert store.get(LOG["origin"]).size == final
    store.close()


@pytest.mark.asyncio
async def test_http_cosignature_verifies(client, served) -> None:
    """The local ledger's own origin is known when served: its checkpoint is cosigned."""
    note = served.session.read_pinned()
    from witness.protocol import AddCheckpointRequest

    r = await client.post("/add-checkpoint", data=AddCheckpointRequest(0, (), note).to_body())
    assert r.status == 200, await r.text()
    line = (await r.text()).rstrip("\n")
    text = note[: note.rfind("\n\n") + 1]
    w = CosignatureVerifier.from_key(WITNESS["verifier_key"])
    assert verify_cosignature(text, line, w) == VECTOR_TIME
    assert Checkpoint.from_text(text).size == served.witness_store.get(served.session.origin).size
    assert isinstance(web.Application, type)

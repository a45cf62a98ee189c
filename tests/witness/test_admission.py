"""Issue 12, items 1 and 2 and the server's limits, reproduced: a foreign Host (DNS rebinding)
or Origin is refused with 421; bodies that arrive in pieces or chunked are read whole, under
the byte cap; connections are capped; headers are on a clock; a vanished stream client logs
nothing."""

from __future__ import annotations

import asyncio
import logging

import pytest
import pytest_asyncio

from tests.conftest import _free_port
from tests.witness.conftest import TOKEN, StepClock, add_run
from witness.admission import ConnectionGate, names_for, split_host
from witness.app import start, stop
from witness.protocol import AddCheckpointRequest

READ_ROUTES = ("/", "/healthz", "/api/runs", "/api/events", "/api/journal", "/api/verify")


@pytest.mark.asyncio
@pytest.mark.parametrize("path", READ_ROUTES)
async def test_a_foreign_host_reads_nothing(client, path) -> None:
    port = client.server.port
    evil = await client.get(path, headers={"Host": f"evil.example:{port}"})
    assert evil.status == 421
    assert "runs" not in await evil.text() and "events" not in await evil.text()
    for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
        assert (await client.get(path, headers={"Host": host})).status == 200


@pytest.mark.asyncio
async def test_a_foreign_host_gets_no_stream(client) -> None:
    r = await client.get("/api/events/stream?after=-1", headers={"Host": f"evil.example:{client.server.port}"})
    assert r.status == 421 and r.content_type == "application/json"


@pytest.mark.asyncio
async def test_a_foreign_origin_changes_nothing(client, served) -> None:
    before = served.session.ledger.max_notification_id()
    port = client.server.port
    for origin in ("http://evil.example", f"http://evil.example:{port}", "null", f"https://127.0.0.1:{port}"):
        r = await client.post("/api/actions/checkpoint", json={"confirm": True},
                              headers={"Authorization": f"Bearer {TOKEN}", "Origin": origin})
        assert r.status == 421, origin
    assert served.session.ledger.max_notification_id() == before
    ok = await client.post("/api/actions/checkpoint", json={"confirm": True},
                           headers={"Authorization": f"Bearer {TOKEN}", "Origin": f"http://127.0.0.1:{port}"})
    assert ok.status == 200


def test_host_parsing_and_names() -> None:
    assert split_host("127.0.0.1:8770") == ("127.0.0.1", 8770)
    assert split_host("[::1]:8770") == ("::1", 8770)
    assert split_host("Example.COM") == ("example.com", 80)
    for bad in ("", "a:b:c", "x@h:1", "h:0", "h:65536", "h:1x", "[::1", "h/p:1", "h:\uff18\uff17\uff17\uff10"):
        assert split_host(bad) is None, bad
    assert names_for("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
    assert names_for("0.0.0.0", ["box.lan"]) == {"box.lan"}


async def _raw(port: int, *pieces: bytes) -> bytes:
    """Send ``pieces`` as separate writes (a pause between), return the whole answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for i, piece in enumerate(pieces):
        if i:
            await asyncio.sleep(0.2)  # the first piece is read on its own (nothing here is timed)
        writer.write(piece)
        await writer.drain()
    data = await reader.read()
    writer.close()
    return data


@pytest.mark.asyncio
async def test_an_add_checkpoint_body_in_two_writes_is_read_whole(client, served) -> None:
    body = AddCheckpointRequest(0, (), served.session.read_pinned()).to_body()
    port = client.server.port
    head = (f"POST /add-checkpoint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode()
    answer = await _raw(port, head + body[:20], body[20:])
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    assert served.witness_store.get(served.session.origin).size > 0


@pytest.mark.asyncio
async def test_a_chunked_add_checkpoint_body_is_read_whole(client, served) -> None:
    body = AddCheckpointRequest(0, (), served.session.read_pinned()).to_body()

    async def pieces():
        yield body[:10]
        await asyncio.sleep(0.1)
        yield body[10:]

    r = await client.post("/add-checkpoint", data=pieces())
    assert r.request_info.headers.get("Transfer-Encoding") == "chunked"
    assert r.status == 200, await r.text()


@pytest.mark.asyncio
async def test_an_action_body_in_two_writes_is_read_whole(client, served) -> None:
    from overlord.adapters.clock import SystemClock
    from overlord.supervision.policy_keeper import check_policy

    # the home's first PolicyChanged, as `overlord init` records it (else the action's policy
    # check records it, with its own checkpoint, and the count below is not the action's alone)
    check_policy(served.session, where="test", clock=SystemClock())
    before = served.session.ledger.max_notification_id()
    body = b'{"confirm": true}'
    port = client.server.port
    head = (f"POST /api/actions/checkpoint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    answer = await _raw(port, head + body[:5], body[5:])
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    assert served.session.ledger.max_notification_id() == before + 1


@pytest.mark.asyncio
async def test_a_chunked_body_over_the_cap_is_413(client) -> None:
    async def flood():
        for _ in range(10):
            yield b"a" * 16384

    r = await client.post("/add-checkpoint", data=flood())
    assert r.status == 413


@pytest_asyncio.fixture
async def live(served):
    """The server as `witness serve` runs it: behind the connection gate, no handler cancellation."""
    gate = ConnectionGate(max_connections=3, header_timeout_s=0.5)
    port = _free_port()
    runner, server = await start(served, "127.0.0.1", port, gate)
    yield port, gate
    await stop(runner, server)


@pytest.mark.asyncio
async def test_connections_past_the_cap_get_503_and_the_rest_still_work(live) -> None:
    port, gate = live
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    try:
        answer = await _raw(port, b"")
        assert answer.startswith(b"HTTP/1.1 503") and gate.refused == 1
    finally:
        for _, w in held:
            w.close()
    await asyncio.sleep(0.1)  # the server sees them go
    ok = await _raw(port, f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert ok.startswith(b"HTTP/1.1 200")


@pytest.mark.asyncio
async def test_headers_that_never_end_are_cut_off(live) -> None:
    port, _ = live
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
    assert await asyncio.wait_for(reader.read(), 10) == b""  # closed by the server, not by the 10 s guard
    writer.close()


@pytest.mark.asyncio
async def test_a_vanished_stream_client_logs_no_traceback(live, served, caplog) -> None:
    port, _ = live
    caplog.set_level(logging.DEBUG, logger="aiohttp")
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /api/events/stream?after=-1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert (await reader.read(100)).startswith(b"HTTP/1.1 200")
    writer.transport.abort()
    await asyncio.sleep(0.2)
    for _ in range(2):  # new events wake the stream, which writes to the vanished client
        await asyncio.get_running_loop().run_in_executor(None, lambda: add_run(served.session, StepClock()))
        await asyncio.sleep(0.5)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []

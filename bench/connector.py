"""The connector's cost on a streamed model call: with the spend reserve, against going straight.

A test upstream behaves like a real Messages API: a fixed 20 ms before the first byte, then
the answer's SSE stream in 50 chunks over 100 ms. The same calls go (a) straight to it and
(b) through the record connector as a supervised run has it: the worst case reserved in the
install's account (a compare-and-swap on a real SQLite ledger), the exchange recorded as a
``ConnectorCalled`` event with its bodies as blobs (before the answer is passed on), the
reservation settled from the usage. Measured: time to the last byte, median of CALLS calls,
one at a time, both targets interleaved.

Usage: .venv/bin/python bench/connector.py [CALLS]
Last line: ``connector ratio: X (target 1.15)`` (through the connector / straight).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiohttp import ClientSession, web  # noqa: E402

FIRST_BYTE_S = 0.020
CHUNKS = 50
STREAM_S = 0.100
MODEL = "claude-sonnet-4-5"


def sse(event: str, data: dict) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def answer_chunks() -> list[bytes]:
    head = sse("message_start", {"type": "message_start", "message": {
        "id": "msg_bench", "type": "message", "role": "assistant", "model": MODEL, "content": [],
        "stop_reason": None, "usage": {"input_tokens": 1200, "output_tokens": 1}}})
    start = sse("content_block_start", {"type": "content_block_start", "index": 0,
                                        "content_block": {"type": "text", "text": ""}})
    deltas = [sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                          "delta": {"type": "text_delta", "text": f"word{i} " * 8}})
              for i in range(CHUNKS - 4)]
    end = sse("content_block_stop", {"type": "content_block_stop", "index": 0}) + sse(
        "message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 400}})
    return [head, start, *deltas, end, sse("message_stop", {"type": "message_stop"})]


async def upstream(request: web.Request) -> web.StreamResponse:
    await request.read()
    await asyncio.sleep(FIRST_BYTE_S)
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await resp.prepare(request)
    chunks = answer_chunks()
    for i, c in enumerate(chunks):
        await resp.write(c)
        if i < len(chunks) - 1:
            await asyncio.sleep(STREAM_S / (len(chunks) - 1))
    await resp.write_eof()
    return resp


def request_body() -> bytes:
    history = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}: " + "lorem ipsum " * 40}
               for i in range(9)]
    return json.dumps({"model": MODEL, "max_tokens": 4096, "stream": True, "messages": history,
                       "system": "You are a careful engineer."}).encode()


async def ttlb(client: ClientSession, url: str, body: bytes, key: str) -> float:
    t0 = time.perf_counter()
    async with client.post(url + "/v1/messages", data=body, headers={"content-type": "application/json",
                                                                      "x-api-key": key}) as r:
        assert r.status == 200, (r.status, await r.text())
        async for _ in r.content.iter_any():
            pass
    return time.perf_counter() - t0


async def main(calls: int) -> None:
    from overlord.adapters.clock import SystemClock
    from overlord.adapters.connector.admission import new_runtime_key
    from overlord.adapters.connector.calls import Route
    from overlord.adapters.connector.record import RecordConnector
    from overlord.adapters.connector.replay import serve
    from overlord.domain.prices import PriceTable
    from overlord.domain.run import Run
    from overlord.ledger.session import init_home
    from overlord.supervision.recorder import RunRecorder
    from overlord.supervision.spend import LedgerSpendReserve

    app = web.Application()
    app.router.add_post("/v1/messages", upstream)
    runner, port = await serve(app, "127.0.0.1", 0, "bench upstream")
    up = f"http://127.0.0.1:{port}"

    tmp = Path(tempfile.mkdtemp(prefix="ovl-bench-connector-"))
    session = init_home(tmp / "home")
    clock = SystemClock()
    run_id = uuid.uuid4()
    session.ledger.append(Run.open(run_id=run_id, cwd=str(tmp), argv=["bench"], policy_hash="bench",
                                   overlord_version="bench", runtime="claude-code", sandbox="none", at=clock.now()))
    recorder = RunRecorder(session.ledger, run_id, clock)
    spend = LedgerSpendReserve(session.ledger, origin=session.origin, run_id=run_id, clock=clock,
                               run_limit_micro_usd=10**12, balance_micro_usd=10**12)

    def on_call(rec) -> None:  # noqa: ANN001 - the mission's own wiring, inlined
        req, res = session.blobs.put(rec.request_body), session.blobs.put(rec.response_body)
        recorder.apply(lambda run: run.record_connector_call(
            provider=rec.provider, path=rec.path, model=rec.model, status=rec.status, stream=rec.stream,
            input_tokens=rec.input_tokens, output_tokens=rec.output_tokens,
            cache_creation_input_tokens=rec.cache_creation_input_tokens,
            cache_read_input_tokens=rec.cache_read_input_tokens, cost_micro_usd=rec.cost_micro_usd, priced=rec.priced,
            latency_ns=rec.latency_ns, request_blob=req, response_blob=res, at=clock.now()))

    key = new_runtime_key()  # the run's key: every request to the connector must carry it
    connector = RecordConnector(up, api_key="sk-bench-upstream-key", client_key=key, route=Route((MODEL,)),
                                prices=PriceTable.built_in(), on_call=on_call, spend=spend)
    await connector.start()
    body = request_body()
    straight: list[float] = []
    through: list[float] = []
    try:
        async with ClientSession() as client:
            for _ in range(3):  # warm both paths
                await ttlb(client, up, body, key)
                await ttlb(client, connector.url, body, key)
            for _ in range(calls):
                straight.append(await ttlb(client, up, body, key))
                through.append(await ttlb(client, connector.url, body, key))
    finally:
        await connector.close()
        await runner.cleanup()
    acct = session.ledger.get(spend.account)
    session.close()
    assert acct.reserved_total == 0 and acct.settled_total > 0, "every call was reserved and settled"
    a, b = statistics.median(straight), statistics.median(through)
    print(f"calls: {calls} each way, streamed ({CHUNKS} chunks over {STREAM_S * 1000:.0f} ms after "
          f"{FIRST_BYTE_S * 1000:.0f} ms), request {len(body)} bytes")
    print(f"straight to the upstream:      median {a * 1000:.1f} ms to the last byte")
    print(f"through connector + reserve:   median {b * 1000:.1f} ms to the last byte "
          f"(settled ${acct.settled_total / 1e6:.4f} over {calls + 3} calls)")
    print(f"connector ratio: {b / a:.3f} (target 1.15)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))

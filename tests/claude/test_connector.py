"""The replay connector without the CLI: transcripts, the SSE stream, the aiohttp server."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import (
    FINAL_TURN,
    TextBlock,
    ThinkingBlock,
    ToolBlock,
    Transcript,
    TranscriptError,
    Usage,
)
from overlord.errors import ConfigError

TURNS = [
    {"blocks": [{"thinking": "plan"}, {"text": "hi"}, {"tool": "Write", "input": {"file_path": "/r/a", "content": "x" * 60}}],
     "usage": {"input_tokens": 10, "output_tokens": 5}},
    {"blocks": [{"text": "ok"}], "delay_ms": 1},
]


def test_transcript_from_json_is_frozen_and_checked():
    t = Transcript.from_json(TURNS)
    first = t.turn(0)
    assert first.blocks[0] == ThinkingBlock("plan") and first.blocks[1] == TextBlock("hi")
    assert isinstance(first.blocks[2], ToolBlock) and first.blocks[2].input["content"] == "x" * 60
    assert first.usage == Usage(10, 5) and first.stop_reason == "tool_use"
    assert t.turn(1).delay_ms == 1 and t.turn(1).stop_reason == "end_turn"
    assert t.turn(2) == FINAL_TURN and FINAL_TURN.blocks == (TextBlock("done"),)
    with pytest.raises(AttributeError):
        first.stall = True  # type: ignore[misc]


@pytest.mark.parametrize(("raw", "needle"), [
    ({"blocks": []}, "list of turns"),
    ([{"blocks": [], "extra": 1}], "unknown key 'extra'"),
    ([{"blocks": {}}], "'blocks' must be a list"),
    ([{"blocks": [{"text": 1}]}], "turn 0, block 0"),
    ([{"blocks": [{"tool": "", "input": {}}]}], "'tool' must be a tool name"),
    ([{"blocks": [{"tool": "Bash", "input": []}]}], "'input' must be an object"),
    ([{"blocks": [], "delay_ms": -1}], "delay_ms"),
    ([{"blocks": [], "delay_ms": True}], "delay_ms"),
    ([{"blocks": [], "stall": "yes"}], "stall"),
    ([{"blocks": [], "usage": {"tokens": 1}}], "unknown usage key 'tokens'"),
    ([{"blocks": [], "usage": {"input_tokens": 1.5}}], "input_tokens"),
])
def test_bad_transcripts_name_what_is_wrong(raw, needle):
    with pytest.raises(TranscriptError, match=needle) as e:
        Transcript.from_json(raw)
    assert isinstance(e.value, ConfigError)


def test_transcript_from_file(tmp_path):
    p = tmp_path / "t.json"
    p.write_text(json.dumps(TURNS))
    assert len(Transcript.from_file(p).turns) == 2
    p.write_text("{")
    with pytest.raises(TranscriptError, match="not JSON"):
        Transcript.from_file(p)
    with pytest.raises(TranscriptError, match="cannot read"):
        Transcript.from_file(tmp_path / "missing.json")


def test_sse_stream_shape():
    turn = Transcript.from_json(TURNS).turn(0)
    events = m.stream(turn, request_index=7, model="claude-x", usage=turn.usage)
    names = [e.event for e in events]
    assert names[:2] == ["message_start", "ping"] and names[-2:] == ["message_delta", "message_stop"]
    assert events[0].data["message"]["model"] == "claude-x" and events[0].data["message"]["content"] == []
    starts = [e.data["content_block"] for e in events if e.event == "content_block_start"]
    assert [s["type"] for s in starts] == ["thinking", "text", "tool_use"]
    assert starts[2] == {"type": "tool_use", "id": "toolu_replay_000007_02", "name": "Write", "input": {}}
    partial = "".join(e.data["delta"]["partial_json"] for e in events
                      if e.event == "content_block_delta" and e.data["index"] == 2)
    assert json.loads(partial) == {"file_path": "/r/a", "content": "x" * 60}
    assert sum(1 for e in events if e.event == "content_block_delta" and e.data["index"] == 2) > 1
    deltas = [e.data["delta"]["type"] for e in events if e.event == "content_block_delta" and e.data["index"] == 0]
    assert deltas == ["thinking_delta", "signature_delta"]
    assert events[-2].data["delta"]["stop_reason"] == "tool_use" and events[-2].data["usage"] == {"output_tokens": 5}
    wire = events[0].encode()
    assert wire.startswith(b"event: message_start\ndata: {") and wire.endswith(b"}\n\n")


def test_whole_message_shape():
    turn = Transcript.from_json(TURNS).turn(0)
    msg = m.message(turn, request_index=0, model="c", usage=m.turn_usage(turn, estimated_input_tokens=99))
    assert msg["stop_reason"] == "tool_use" and msg["usage"]["input_tokens"] == 10
    assert [b["type"] for b in msg["content"]] == ["thinking", "text", "tool_use"]
    est = m.turn_usage(FINAL_TURN, estimated_input_tokens=42)
    assert est.input_tokens == 42 and est.output_tokens >= 1


def test_loopback_only():
    with pytest.raises(ConfigError, match="loopback"):
        ReplayConnector(Transcript(), host="0.0.0.0")


async def _sse(resp: aiohttp.ClientResponse) -> list[tuple[str, dict]]:
    text = (await resp.read()).decode()
    out = []
    for frame in text.strip().split("\n\n"):
        name, data = frame.split("\n", 1)
        out.append((name.removeprefix("event: "), json.loads(data.removeprefix("data: "))))
    return out


@pytest.mark.asyncio
async def test_server_answers_turns_in_order_then_done():
    seen = []
    conn = await ReplayConnector(Transcript.from_json(TURNS), on_request=seen.append).start()
    try:
        async with aiohttp.ClientSession() as s:
            async with s.head(conn.url + "/") as r:
                assert r.status == 200
            async with s.post(conn.url + "/v1/messages/count_tokens", json={"model": "claude-a", "messages": []}) as r:
                assert (await r.json())["input_tokens"] >= 1
            async with s.post(conn.url + "/v1/messages", json={"model": "claude-a", "stream": True}) as r:
                assert r.headers["Content-Type"].startswith("text/event-stream")
                events = await _sse(r)
            assert events[0][0] == "message_start" and events[-1][0] == "message_stop"
            async with s.post(conn.url + "/v1/messages", json={"model": "claude-b"}) as r:
                body = await r.json()
            assert body["content"] == [{"type": "text", "text": "ok"}] and body["model"] == "claude-b"
            async with s.post(conn.url + "/v1/messages", json={"model": "claude-b", "stream": True}) as r:
                events = await _sse(r)
            texts = [d["delta"]["text"] for n, d in events if n == "content_block_delta"]
            assert texts == ["done"] and events[-2][1]["delta"]["stop_reason"] == "end_turn"
            async with s.post(conn.url + "/v1/messages", data=b"nope") as r:
                assert r.status == 400
            async with s.get(conn.url + "/v1/models") as r:
                assert [d["id"] for d in (await r.json())["data"]] == ["claude-a", "claude-b"]
            async with s.get(conn.url + "/v1/elsewhere") as r:
                assert r.status == 404 and (await r.json())["error"]["type"] == "not_found_error"
    finally:
        await conn.close()
    msgs = [(r.model, r.stream, r.turn) for r in conn.requests if r.path == "/v1/messages"]
    assert msgs == [("claude-a", True, 0), ("claude-b", False, 1), ("claude-b", True, 2), (None, False, None)]
    assert seen == conn.requests and conn.turns_served == 3


@pytest.mark.asyncio
async def test_a_stalled_turn_goes_silent_after_message_start():
    conn = await ReplayConnector(Transcript.from_json([{"blocks": [{"text": "never"}], "stall": True}])).start()
    try:
        async with aiohttp.ClientSession() as s:
            async with s.post(conn.url + "/v1/messages", json={"model": "c", "stream": True}) as r:
                first = await r.content.readuntil(b"\n\n")
                assert first.startswith(b"event: message_start")
                await r.content.readuntil(b"\n\n")  # ping
                with pytest.raises(TimeoutError):
                    async with asyncio.timeout(0.3):
                        await r.content.readuntil(b"\n\n")
    finally:
        await conn.close()


def test_connector_thread_for_sync_callers():
    import urllib.request

    with ConnectorThread(Transcript.from_json(TURNS)) as conn:
        req = urllib.request.Request(conn.url + "/v1/messages", data=json.dumps({"model": "m"}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.loads(r.read())["stop_reason"] == "tool_use"
        assert [r.turn for r in conn.requests] == [0]

"""The Messages API shapes of a scripted turn: a whole message, or its SSE event stream.

Pure: no I/O. The stream is what the real Claude Code CLI reads: ``message_start``, ``ping``,
then per block ``content_block_start`` / ``content_block_delta``... / ``content_block_stop``
(text as ``text_delta``, thinking as ``thinking_delta`` then ``signature_delta``, a tool call's
input as ``input_json_delta`` chunks of its JSON), ``message_delta`` (stop reason, output
tokens) and ``message_stop``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from overlord.adapters.connector.transcript import TextBlock, ThinkingBlock, Turn, Usage

JSON_CHUNK_CHARS = 24
"""A tool input's JSON is streamed in chunks of at most this many characters."""

THINKING_SIGNATURE = "b3ZlcmxvcmQtcmVwbGF5"
"""The placeholder signature of a replayed thinking block (base64 of ``overlord-replay``)."""


@dataclass(frozen=True)
class SseEvent:
    """One server-sent event: its ``event`` name and JSON ``data``."""

    event: str
    data: dict[str, Any]

    def encode(self) -> bytes:
        """The wire form: ``event: NAME\\ndata: JSON\\n\\n``."""
        return f"event: {self.event}\ndata: {json.dumps(self.data, ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


def message_id(request_index: int) -> str:
    """The message id of the answer to the ``request_index``-th request."""
    return f"msg_replay_{request_index:06d}"


def tool_use_id(request_index: int, block_index: int) -> str:
    """The id of a tool call: unique per request and block, stable across replays."""
    return f"toolu_replay_{request_index:06d}_{block_index:02d}"


def turn_usage(turn: Turn, *, estimated_input_tokens: int) -> Usage:
    """The turn's usage, or an estimate (input from the request, output from the blocks)."""
    if turn.usage is not None:
        return turn.usage
    out_chars = sum(len(_block_text(b)) for b in turn.blocks)
    return Usage(input_tokens=estimated_input_tokens, output_tokens=max(1, out_chars // 4))


def _block_text(block: Any) -> str:
    if isinstance(block, TextBlock):
        return block.text
    if isinstance(block, ThinkingBlock):
        return block.thinking
    return block.name + block.input_json


def content_blocks(turn: Turn, request_index: int) -> list[dict[str, Any]]:
    """The turn's blocks as Messages API content blocks."""
    out: list[dict[str, Any]] = []
    for i, b in enumerate(turn.blocks):
        if isinstance(b, TextBlock):
            out.append({"type": "text", "text": b.text})
        elif isinstance(b, ThinkingBlock):
            out.append({"type": "thinking", "thinking": b.thinking, "signature": THINKING_SIGNATURE})
        else:
            out.append({"type": "tool_use", "id": tool_use_id(request_index, i), "name": b.name, "input": b.input})
    return out


def message(turn: Turn, *, request_index: int, model: str, usage: Usage) -> dict[str, Any]:
    """The whole (non-streaming) message answering a request."""
    return {
        "id": message_id(request_index), "type": "message", "role": "assistant", "model": model,
        "content": content_blocks(turn, request_index), "stop_reason": turn.stop_reason,
        "stop_sequence": None, "usage": usage.to_json(),
    }


def stream_start(*, request_index: int, model: str, usage: Usage) -> list[SseEvent]:
    """``message_start`` (no content yet, one output token so far) and a ``ping``."""
    start_usage = {**usage.to_json(), "output_tokens": 1}
    msg: dict[str, Any] = {"id": message_id(request_index), "type": "message", "role": "assistant", "model": model,
           "content": [], "stop_reason": None, "stop_sequence": None, "usage": start_usage}
    return [SseEvent("message_start", {"type": "message_start", "message": msg}), SseEvent("ping", {"type": "ping"})]


def stream_blocks(turn: Turn, *, request_index: int) -> list[SseEvent]:
    """Each block's start, deltas and stop."""
    events: list[SseEvent] = []
    for i, b in enumerate(turn.blocks):
        if isinstance(b, TextBlock):
            start: dict[str, Any] = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": b.text}]
        elif isinstance(b, ThinkingBlock):
            start = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [{"type": "thinking_delta", "thinking": b.thinking},
                      {"type": "signature_delta", "signature": THINKING_SIGNATURE}]
        else:
            start = {"type": "tool_use", "id": tool_use_id(request_index, i), "name": b.name, "input": {}}
            js = json.dumps(b.input, ensure_ascii=False)
            deltas = [{"type": "input_json_delta", "partial_json": js[k:k + JSON_CHUNK_CHARS]}
                      for k in range(0, len(js), JSON_CHUNK_CHARS)] or [{"type": "input_json_delta", "partial_json": ""}]
        events.append(SseEvent("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
        events += [SseEvent("content_block_delta", {"type": "content_block_delta", "index": i, "delta": d}) for d in deltas]
        events.append(SseEvent("content_block_stop", {"type": "content_block_stop", "index": i}))
    return events


def stream_end(turn: Turn, *, usage: Usage) -> list[SseEvent]:
    """``message_delta`` (stop reason, output tokens) and ``message_stop``."""
    delta = {"type": "message_delta", "delta": {"stop_reason": turn.stop_reason, "stop_sequence": None},
             "usage": {"output_tokens": usage.output_tokens}}
    return [SseEvent("message_delta", delta), SseEvent("message_stop", {"type": "message_stop"})]


def stream(turn: Turn, *, request_index: int, model: str, usage: Usage) -> list[SseEvent]:
    """The whole event stream of a turn (a stalling turn's caller sends only the start)."""
    return [*stream_start(request_index=request_index, model=model, usage=usage),
            *stream_blocks(turn, request_index=request_index), *stream_end(turn, usage=usage)]


def error_body(kind: str, message_text: str) -> dict[str, Any]:
    """A Messages API error object (``invalid_request_error``, ``not_found_error``, ...)."""
    return {"type": "error", "error": {"type": kind, "message": message_text}}


def estimate_tokens(body: bytes) -> int:
    """A rough token count of a request body (four bytes a token)."""
    return max(1, len(body) // 4)

"""The Anthropic Messages API (Claude Code): ``POST /v1/messages`` (SSE or whole),
``POST /v1/messages/count_tokens``, ``GET /v1/models``. Pure; the shapes are in
:mod:`~overlord.adapters.connector.messages`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.api import (
    COUNT_TOKENS,
    MODEL,
    MODELS,
    ROOT,
    AskedUse,
    CarriedResult,
    Endpoint,
    Rendered,
    as_dict,
    json_body,
    sse_data,
)
from overlord.adapters.connector.calls import Tokens, usage_of
from overlord.adapters.connector.transcript import Turn, Usage

NAME = "anthropic"

_ENDPOINTS = {
    ("POST", "/v1/messages"): Endpoint(MODEL, "/v1/messages"),
    ("POST", "/v1/messages/count_tokens"): Endpoint(COUNT_TOKENS, "/v1/messages/count_tokens"),
    ("GET", "/v1/models"): Endpoint(MODELS, "/v1/models"),
    ("GET", "/"): Endpoint(ROOT, "/"),
    ("HEAD", "/"): Endpoint(ROOT, "/"),
}


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(c.get("text", "") for c in content if isinstance(c, dict) and isinstance(c.get("text"), str))
    return ""


@dataclass(frozen=True)
class Anthropic:
    """The Messages API as a :class:`~overlord.adapters.connector.api.ModelApi`."""

    name: str = NAME
    provider: str = "anthropic"
    key_param: str | None = None
    credential_headers: frozenset[str] = field(default_factory=lambda: frozenset({"x-api-key", "authorization"}))
    probe_path: str = "/v1/models"

    def endpoint(self, method: str, path: str) -> Endpoint | None:
        """See :class:`ModelApi`."""
        return _ENDPOINTS.get((method.upper(), path))

    def model_of(self, endpoint: Endpoint, body: Any) -> str | None:
        """The body's ``model``."""
        if isinstance(body, dict) and isinstance(body.get("model"), str) and body["model"]:
            return body["model"]
        return None

    def streams(self, endpoint: Endpoint, body: Any, query: Mapping[str, str]) -> bool:
        """``"stream": true`` in the body."""
        return isinstance(body, dict) and body.get("stream") is True

    def render(self, turn: Turn, *, index: int, model: str, usage: Usage, stream: bool, body: Any) -> Rendered:
        """A Messages API message, or its event stream."""
        mid = m.message_id(index)
        if not stream:
            whole = json.dumps(m.message(turn, request_index=index, model=model, usage=usage)).encode()
            return Rendered(whole, b"", "application/json", mid)
        head = b"".join(ev.encode() for ev in m.stream_start(request_index=index, model=model, usage=usage))
        tail = b"".join(ev.encode() for ev in [*m.stream_blocks(turn, request_index=index),
                                               *m.stream_end(turn, usage=usage)])
        return Rendered(head, tail, "text/event-stream", mid)

    def models_list(self, seen: Sequence[str]) -> dict[str, Any]:
        """``GET /v1/models``."""
        data = [{"type": "model", "id": n, "display_name": n, "created_at": "2025-01-01T00:00:00Z"} for n in seen]
        return {"data": data, "has_more": False, "first_id": data[0]["id"] if data else None,
                "last_id": data[-1]["id"] if data else None}

    def count_tokens(self, estimate: int) -> dict[str, Any]:
        """``POST /v1/messages/count_tokens``."""
        return {"input_tokens": estimate}

    def error_body(self, status: int, kind: str, message: str) -> dict[str, Any]:
        """``{"type": "error", "error": {"type", "message"}}``."""
        return m.error_body(kind, message)

    def tokens(self, response: bytes) -> Tokens:
        """``message_start``'s usage and the last ``message_delta`` (or a whole message's)."""
        return usage_of(response)

    def tool_uses(self, response: bytes) -> list[AskedUse]:
        """``tool_use`` blocks (a stream's ``content_block_start`` plus its ``input_json_delta``s)."""
        text = response.lstrip()
        if text.startswith(b"{"):
            msg = json_body(text)
            blocks = msg.get("content") if isinstance(msg, dict) else None
            return [AskedUse(b.get("id"), str(b.get("name")), as_dict(b.get("input")), i)
                    for i, b in enumerate(blocks or []) if isinstance(b, dict) and b.get("type") == "tool_use"]
        open_: dict[int, dict[str, Any]] = {}
        out: list[AskedUse] = []
        for ev in sse_data(response):
            if not isinstance(ev, dict):
                continue
            if ev.get("type") == "content_block_start" and isinstance(ev.get("content_block"), dict):
                cb = ev["content_block"]
                if cb.get("type") == "tool_use":
                    open_[ev.get("index", -1)] = {"id": cb.get("id"), "name": cb.get("name"), "json": ""}
            elif ev.get("type") == "content_block_delta" and isinstance(ev.get("delta"), dict):
                d = ev["delta"]
                if d.get("type") == "input_json_delta" and ev.get("index", -1) in open_:
                    open_[ev["index"]]["json"] += str(d.get("partial_json") or "")
            elif ev.get("type") == "content_block_stop" and ev.get("index", -1) in open_:
                b = open_.pop(ev["index"])
                inp = json_body(b["json"].encode()) if b["json"] else {}
                out.append(AskedUse(b["id"], str(b["name"]), inp if isinstance(inp, dict) else {}, len(out)))
        return out

    def message_id(self, response: bytes) -> str | None:
        """The message's ``id``."""
        text = response.lstrip()
        if text.startswith(b"{"):
            msg = json_body(text)
            return msg.get("id") if isinstance(msg, dict) and isinstance(msg.get("id"), str) else None
        for ev in sse_data(response):
            if isinstance(ev, dict) and ev.get("type") == "message_start" and isinstance(ev.get("message"), dict):
                mid = ev["message"].get("id")
                return mid if isinstance(mid, str) else None
        return None

    def results(self, body: Any) -> list[CarriedResult]:
        """``tool_result`` blocks of the last user message."""
        msgs = body.get("messages") if isinstance(body, dict) else None
        if not isinstance(msgs, list) or not msgs or not isinstance(msgs[-1], dict) or msgs[-1].get("role") != "user":
            return []
        content = msgs[-1].get("content")
        return [CarriedResult(str(b.get("tool_use_id")), None, _text(b.get("content")), b.get("is_error") is True)
                for b in content if isinstance(b, dict) and b.get("type") == "tool_result"] if isinstance(content, list) else []

    def offered_tools(self, body: Any) -> tuple[str, ...]:
        """The ``tools`` names."""
        tools = body.get("tools") if isinstance(body, dict) else None
        return tuple(t["name"] for t in tools or [] if isinstance(t, dict) and isinstance(t.get("name"), str))

    def auth_headers(self, key: str) -> dict[str, str]:
        """``x-api-key``."""
        return {"x-api-key": key}

    def speaks(self, body: Any) -> bool:
        """A ``{"type": "error", "error": {...}}`` or a ``{"data": [...], "has_more": ...}`` list."""
        if not isinstance(body, dict):
            return False
        if body.get("type") == "error" and isinstance(body.get("error"), dict):
            return True
        return isinstance(body.get("data"), list) and "has_more" in body


API = Anthropic()

"""The OpenAI Responses API (Codex): ``POST /v1/responses`` (SSE), ``GET /v1/models``. Pure.

A replayed answer is an SSE stream: ``response.created``, one ``response.output_item.done`` per
item (a text block is a ``message`` with ``output_text``, a thinking block a ``reasoning`` item
with its summary, a tool block a ``function_call`` with JSON ``arguments``, or a
``custom_tool_call`` with the text ``input`` when the request offers that tool as a custom tool,
as Codex offers ``apply_patch``), then ``response.completed`` with the usage. Tool results come
back in the next request's ``input`` as ``function_call_output`` / ``custom_tool_call_output``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from overlord.adapters.connector.api import (
    MODEL,
    MODELS,
    ROOT,
    AskedUse,
    CarriedResult,
    Endpoint,
    Rendered,
    as_dict,
    count,
    json_body,
    sse_data,
)
from overlord.adapters.connector.calls import Tokens
from overlord.adapters.connector.transcript import TextBlock, ThinkingBlock, Turn, Usage

NAME = "openai-responses"

_ENDPOINTS = {
    ("POST", "/v1/responses"): Endpoint(MODEL, "/v1/responses"),
    ("GET", "/v1/models"): Endpoint(MODELS, "/v1/models"),
    ("GET", "/"): Endpoint(ROOT, "/"),
    ("HEAD", "/"): Endpoint(ROOT, "/"),
}


def call_id(request_index: int, block_index: int) -> str:
    """The call id of a replayed tool call: unique per request and block, stable across replays."""
    return f"call_replay_{request_index:06d}_{block_index:02d}"


def _custom_tools(body: Any) -> set[str]:
    tools = body.get("tools") if isinstance(body, dict) else None
    return {t["name"] for t in tools or [] if isinstance(t, dict) and t.get("type") == "custom" and isinstance(t.get("name"), str)}


def _event(kind: str, data: dict[str, Any]) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **data}, ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


def _usage_json(usage: Usage) -> dict[str, Any]:
    cached = usage.cache_read_input_tokens
    return {"input_tokens": usage.input_tokens + cached, "input_tokens_details": {"cached_tokens": cached},
            "output_tokens": usage.output_tokens, "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": usage.input_tokens + cached + usage.output_tokens}


@dataclass(frozen=True)
class Responses:
    """The Responses API as a :class:`~overlord.adapters.connector.api.ModelApi`."""

    name: str = NAME
    provider: str = "openai"
    key_param: str | None = None
    credential_headers: frozenset[str] = field(default_factory=lambda: frozenset({"authorization", "openai-organization",
                                                                                  "openai-project", "chatgpt-account-id"}))
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

    def items(self, turn: Turn, *, index: int, body: Any) -> list[dict[str, Any]]:
        """The turn's output items."""
        custom = _custom_tools(body)
        out: list[dict[str, Any]] = []
        for j, b in enumerate(turn.blocks):
            if isinstance(b, TextBlock):
                out.append({"type": "message", "id": f"msg_replay_{index:06d}_{j:02d}", "role": "assistant",
                            "status": "completed", "content": [{"type": "output_text", "text": b.text, "annotations": []}]})
            elif isinstance(b, ThinkingBlock):
                out.append({"type": "reasoning", "id": f"rs_replay_{index:06d}_{j:02d}",
                            "summary": [{"type": "summary_text", "text": b.thinking}]})
            elif b.name in custom:
                text = b.input.get("input", "")
                out.append({"type": "custom_tool_call", "id": f"ctc_replay_{index:06d}_{j:02d}", "status": "completed",
                            "call_id": call_id(index, j), "name": b.name, "input": text if isinstance(text, str) else json.dumps(text)})
            else:
                out.append({"type": "function_call", "id": f"fc_replay_{index:06d}_{j:02d}", "status": "completed",
                            "call_id": call_id(index, j), "name": b.name, "arguments": b.input_json})
        return out

    def render(self, turn: Turn, *, index: int, model: str, usage: Usage, stream: bool, body: Any) -> Rendered:
        """A Responses API answer (SSE unless the request asked for a whole one)."""
        rid = f"resp_replay_{index:06d}"
        items = self.items(turn, index=index, body=body)
        done = {"id": rid, "object": "response", "status": "completed", "model": model, "output": items,
                "usage": _usage_json(usage)}
        if not stream:
            return Rendered(json.dumps(done).encode(), b"", "application/json", rid)
        head = _event("response.created", {"response": {"id": rid, "object": "response", "status": "in_progress",
                                                        "model": model, "output": []}})
        tail = b"".join(_event("response.output_item.done", {"output_index": k, "item": it}) for k, it in enumerate(items))
        return Rendered(head, tail + _event("response.completed", {"response": done}), "text/event-stream", rid)

    def models_list(self, seen: Sequence[str]) -> dict[str, Any]:
        """``GET /v1/models``."""
        return {"object": "list", "data": [{"id": n, "object": "model", "created": 0, "owned_by": "overlord"} for n in seen]}

    def count_tokens(self, estimate: int) -> dict[str, Any]:
        """Not an endpoint of this API (kept for the Protocol)."""
        return {"input_tokens": estimate}

    def error_body(self, status: int, kind: str, message: str) -> dict[str, Any]:
        """``{"error": {"message", "type", "param", "code"}}``."""
        return {"error": {"message": message, "type": kind, "param": None, "code": None}}

    def _completed(self, response: bytes) -> dict[str, Any] | None:
        text = response.lstrip()
        if text.startswith(b"{"):
            body = json_body(text)
            return body if isinstance(body, dict) else None
        for ev in sse_data(response):
            if isinstance(ev, dict) and ev.get("type") in ("response.completed", "response.incomplete", "response.failed") \
                    and isinstance(ev.get("response"), dict):
                return ev["response"]
        return None

    def tokens(self, response: bytes) -> Tokens:
        """``usage``: input (less the cached part), output, cached input as cache reads."""
        done = self._completed(response) or {}
        usage = as_dict(done.get("usage"))
        details = as_dict(usage.get("input_tokens_details"))
        cached = count(details.get("cached_tokens"))
        total_in = count(usage.get("input_tokens"))
        return Tokens(max(0, total_in - cached), count(usage.get("output_tokens")), 0, min(cached, total_in))

    def _output(self, response: bytes) -> list[Any]:
        text = response.lstrip()
        if text.startswith(b"{"):
            done = json_body(text)
            return list(done.get("output") or []) if isinstance(done, dict) else []
        return [ev["item"] for ev in sse_data(response)
                if isinstance(ev, dict) and ev.get("type") == "response.output_item.done" and isinstance(ev.get("item"), dict)]

    def tool_uses(self, response: bytes) -> list[AskedUse]:
        """``function_call`` (arguments parsed) and ``custom_tool_call`` (``{"input": text}``) items."""
        out: list[AskedUse] = []
        for it in self._output(response):
            if not isinstance(it, dict):
                continue
            if it.get("type") == "function_call":
                args = json_body(str(it.get("arguments") or "").encode())
                out.append(AskedUse(it.get("call_id"), str(it.get("name")), args if isinstance(args, dict) else {}, len(out)))
            elif it.get("type") == "custom_tool_call":
                out.append(AskedUse(it.get("call_id"), str(it.get("name")), {"input": str(it.get("input") or "")},
                                    len(out), custom=True))
        return out

    def message_id(self, response: bytes) -> str | None:
        """The response's ``id``."""
        done = self._completed(response)
        return done.get("id") if isinstance(done, dict) and isinstance(done.get("id"), str) else None

    def results(self, body: Any) -> list[CarriedResult]:
        """``function_call_output`` / ``custom_tool_call_output`` items of ``input``."""
        items = body.get("input") if isinstance(body, dict) else None
        out = []
        for it in items if isinstance(items, list) else []:
            if isinstance(it, dict) and it.get("type") in ("function_call_output", "custom_tool_call_output"):
                output = it.get("output")
                text = output if isinstance(output, str) else json.dumps(output)
                out.append(CarriedResult(str(it.get("call_id")), None, text))
        return out

    def offered_tools(self, body: Any) -> tuple[str, ...]:
        """The ``tools`` names (function and custom tools)."""
        tools = body.get("tools") if isinstance(body, dict) else None
        return tuple(t["name"] for t in tools or [] if isinstance(t, dict) and isinstance(t.get("name"), str))

    def auth_headers(self, key: str) -> dict[str, str]:
        """``Authorization: Bearer``."""
        return {"Authorization": f"Bearer {key}"}

    def speaks(self, body: Any) -> bool:
        """``{"error": {"message", "type", ...}}`` or ``{"object": "list", "data": [...]}``."""
        if not isinstance(body, dict):
            return False
        err = body.get("error")
        if isinstance(err, dict) and "message" in err and "type" in err and "status" not in err:
            return True
        return body.get("object") == "list" and isinstance(body.get("data"), list)


API = Responses()

"""The Gemini API (Gemini CLI): ``POST /v1beta/models/MODEL:streamGenerateContent?alt=sse``,
``POST /v1beta/models/MODEL:generateContent``, ``:countTokens``, ``GET /v1beta/models``. Pure.

The model is named in the path, not the body. A replayed answer is one candidate whose parts are
the turn's blocks (``text``, a thought as ``{"text", "thought": true}``, a tool block as a
``functionCall`` with ``name``, ``args`` and an ``id`` the CLI echoes back in its
``functionResponse``), with ``usageMetadata``; streamed, one ``data:`` chunk. The tool results
of the latest user turn come back as ``functionResponse`` parts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
    count,
    json_body,
    sse_data,
)
from overlord.adapters.connector.calls import Tokens
from overlord.adapters.connector.transcript import TextBlock, ThinkingBlock, Turn, Usage

NAME = "gemini"

_MODEL_PATH = re.compile(r"^/(v1beta|v1)/models/([a-z0-9][a-z0-9._-]{0,127}):(streamgeneratecontent|generatecontent|counttokens)$")
_METHOD = {"streamgeneratecontent": "streamGenerateContent", "generatecontent": "generateContent",
           "counttokens": "countTokens"}


def call_id(request_index: int, block_index: int) -> str:
    """The id of a replayed function call."""
    return f"call_replay_{request_index:06d}_{block_index:02d}"


@dataclass(frozen=True)
class Gemini:
    """The Gemini API as a :class:`~overlord.adapters.connector.api.ModelApi`."""

    name: str = NAME
    provider: str = "google"
    key_param: str | None = "key"
    credential_headers: frozenset[str] = field(default_factory=lambda: frozenset({"x-goog-api-key", "authorization"}))
    probe_path: str = "/v1beta/models"

    def endpoint(self, method: str, path: str) -> Endpoint | None:
        """``models/MODEL:(stream)generateContent`` (model calls), ``:countTokens``, the model list."""
        method = method.upper()
        if method in ("GET", "HEAD") and path == "/":
            return Endpoint(ROOT, "/")
        if method == "GET" and path in ("/v1beta/models", "/v1/models"):
            return Endpoint(MODELS, path)
        m = _MODEL_PATH.match(path)
        if method != "POST" or m is None:
            return None
        version, model, verb = m.groups()
        forward = f"/{version}/models/{model}:{_METHOD[verb]}"
        if verb == "counttokens":
            return Endpoint(COUNT_TOKENS, forward, model=model)
        return Endpoint(MODEL, forward, model=model, stream=verb == "streamgeneratecontent")

    def model_of(self, endpoint: Endpoint, body: Any) -> str | None:
        """The model named in the path."""
        return endpoint.model

    def streams(self, endpoint: Endpoint, body: Any, query: Mapping[str, str]) -> bool:
        """``streamGenerateContent``."""
        return bool(endpoint.stream)

    def candidate(self, turn: Turn, *, index: int) -> dict[str, Any]:
        """The turn as one candidate."""
        parts: list[dict[str, Any]] = []
        for j, b in enumerate(turn.blocks):
            if isinstance(b, TextBlock):
                parts.append({"text": b.text})
            elif isinstance(b, ThinkingBlock):
                parts.append({"text": b.thinking, "thought": True})
            else:
                parts.append({"functionCall": {"id": call_id(index, j), "name": b.name, "args": b.input}})
        return {"content": {"role": "model", "parts": parts or [{"text": ""}]}, "finishReason": "STOP", "index": 0}

    def render(self, turn: Turn, *, index: int, model: str, usage: Usage, stream: bool, body: Any) -> Rendered:
        """One ``GenerateContentResponse`` (one SSE chunk when streamed)."""
        meta = {"promptTokenCount": usage.input_tokens + usage.cache_read_input_tokens,
                "candidatesTokenCount": usage.output_tokens,
                "cachedContentTokenCount": usage.cache_read_input_tokens,
                "totalTokenCount": usage.input_tokens + usage.cache_read_input_tokens + usage.output_tokens}
        rid = f"replay_{index:06d}"
        answer: dict[str, Any] = {"candidates": [self.candidate(turn, index=index)], "usageMetadata": meta,
                                  "modelVersion": model, "responseId": rid}
        if not stream:
            return Rendered(json.dumps(answer).encode(), b"", "application/json", rid)
        # the whole answer is one chunk: a stalling turn sends nothing at all
        return Rendered(b"", f"data: {json.dumps(answer, ensure_ascii=False)}\r\n\r\n".encode(), "text/event-stream",
                        rid)

    def models_list(self, seen: Sequence[str]) -> dict[str, Any]:
        """``GET /v1beta/models``."""
        return {"models": [{"name": f"models/{n}", "displayName": n,
                            "supportedGenerationMethods": ["generateContent", "streamGenerateContent"]} for n in seen]}

    def count_tokens(self, estimate: int) -> dict[str, Any]:
        """``:countTokens``."""
        return {"totalTokens": estimate}

    def error_body(self, status: int, kind: str, message: str) -> dict[str, Any]:
        """``{"error": {"code", "message", "status"}}``."""
        status_name = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 502: "UNAVAILABLE"}
        return {"error": {"code": status, "message": message, "status": status_name.get(status, "INTERNAL")}}

    def _chunks(self, response: bytes) -> list[dict[str, Any]]:
        text = response.lstrip()
        if text.startswith(b"{") or text.startswith(b"["):
            body = json_body(text)
            items = body if isinstance(body, list) else [body]
            return [b for b in items if isinstance(b, dict)]
        return [c for c in sse_data(response) if isinstance(c, dict)]

    def tokens(self, response: bytes) -> Tokens:
        """The last ``usageMetadata``: prompt (less cached), candidates plus thoughts, cached."""
        meta: dict[str, Any] = {}
        for c in self._chunks(response):
            if isinstance(c.get("usageMetadata"), dict):
                meta = c["usageMetadata"]
        cached = count(meta.get("cachedContentTokenCount"))
        prompt = count(meta.get("promptTokenCount"))
        return Tokens(max(0, prompt - cached), count(meta.get("candidatesTokenCount")) + count(meta.get("thoughtsTokenCount")),
                      0, min(cached, prompt))

    def tool_uses(self, response: bytes) -> list[AskedUse]:
        """``functionCall`` parts of every chunk's first candidate."""
        out: list[AskedUse] = []
        for c in self._chunks(response):
            cands = c.get("candidates")
            if not isinstance(cands, list) or not cands or not isinstance(cands[0], dict):
                continue
            content = cands[0].get("content")
            for p in (content.get("parts") or []) if isinstance(content, dict) else []:
                fc = p.get("functionCall") if isinstance(p, dict) else None
                if isinstance(fc, dict):
                    args = as_dict(fc.get("args"))
                    fid = fc.get("id") if isinstance(fc.get("id"), str) and fc.get("id") else None
                    out.append(AskedUse(fid, str(fc.get("name")), args, len(out)))
        return out

    def message_id(self, response: bytes) -> str | None:
        """The ``responseId``."""
        for c in self._chunks(response):
            if isinstance(c.get("responseId"), str):
                return c["responseId"]
        return None

    def results(self, body: Any) -> list[CarriedResult]:
        """``functionResponse`` parts after the last model turn."""
        contents = body.get("contents") if isinstance(body, dict) else None
        if not isinstance(contents, list):
            return []
        last_model = max((i for i, c in enumerate(contents) if isinstance(c, dict) and c.get("role") == "model"), default=-1)
        out = []
        for c in contents[last_model + 1:]:
            for p in (c.get("parts") or []) if isinstance(c, dict) else []:
                fr = p.get("functionResponse") if isinstance(p, dict) else None
                if isinstance(fr, dict):
                    resp = as_dict(fr.get("response"))
                    fid = fr.get("id") if isinstance(fr.get("id"), str) and fr.get("id") else None
                    out.append(CarriedResult(fid, fr.get("name") if isinstance(fr.get("name"), str) else None,
                                             json.dumps(resp, ensure_ascii=False)[:65536], "error" in resp,
                                             error_only=set(resp) == {"error"}))
        return out

    def offered_tools(self, body: Any) -> tuple[str, ...]:
        """The ``functionDeclarations`` names."""
        tools = body.get("tools") if isinstance(body, dict) else None
        return tuple(f["name"] for t in tools or [] if isinstance(t, dict)
                     for f in t.get("functionDeclarations") or [] if isinstance(f, dict) and isinstance(f.get("name"), str))

    def auth_headers(self, key: str) -> dict[str, str]:
        """``x-goog-api-key``."""
        return {"x-goog-api-key": key}

    def speaks(self, body: Any) -> bool:
        """``{"error": {"code", "message", "status"}}`` or ``{"models": [...]}``."""
        if not isinstance(body, dict):
            return False
        err = body.get("error")
        if isinstance(err, dict) and "status" in err and "code" in err:
            return True
        return isinstance(body.get("models"), list)


API = Gemini()

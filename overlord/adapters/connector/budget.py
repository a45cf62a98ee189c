"""The spend reserve's hooks into a model API's wire format: ``max_tokens`` and usage.

What the connector needs from an API to reserve before a call and settle after it:

* :meth:`WireBudget.prepare`: the most output tokens the request allows (``max_tokens``),
  injected when the request names none (the reservation must bound it); and whether its bytes
  bound its input (a request that refers to content by URL or file id, or asks for server
  tools whose results enter the prompt, does not: its input is then bounded by a whole
  context window);
* :meth:`WireBudget.usage`: the tokens the answer reports, and whether the answer is whole (a
  stream cut short, or an answer whose usage cannot be read, is settled at its worst case:
  unknown is never free).

:data:`ANTHROPIC` is the Messages API's (``max_tokens``; usage in ``message_start`` and
``message_delta``, the one-hour cache writes in ``usage.cache_creation``); :data:`RESPONSES`
is OpenAI's Responses API's (``max_output_tokens``, which covers reasoning; usage in
``response.completed``, cached input within ``input_tokens``); :data:`GEMINI` is the Gemini
API's (``generationConfig.maxOutputTokens``, plus the thinking budget, which it does not
cover; ``usageMetadata`` in every chunk, the last one final). :func:`budget_for` picks one by
the API's short name (``anthropic``, ``openai-responses``, ``gemini``). Pure: no I/O.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

DEFAULT_MAX_TOKENS = 8192
"""``max_tokens`` injected into a request that names none."""
SERVER_TOOL_PREFIXES = ("web_search", "web_fetch", "code_execution", "mcp")


@dataclass(frozen=True)
class PreparedRequest:
    """A request ready to reserve: the bytes to send (``max_tokens`` injected when it was
    missing), its output cap, and whether its bytes fail to bound its input."""

    raw: bytes
    max_tokens: int
    injected: bool
    unbounded_input: bool


@dataclass(frozen=True)
class CallUsage:
    """The tokens an answer reports (``cache_creation_1h`` is the one-hour part of
    ``cache_creation``), and whether the answer arrived whole."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_1h_input_tokens: int = 0
    complete: bool = False


class WireBudget(Protocol):
    """The spend hooks of one model API."""

    def prepare(self, raw: bytes, body: dict[str, Any]) -> PreparedRequest:
        """The request as it will be sent, with its output cap."""

    def usage(self, response: bytes, *, stream: bool) -> CallUsage:
        """The usage an answer reports."""


def _list(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


def _dict(v: Any) -> dict[str, Any]:
    return v if isinstance(v, dict) else {}


def _n(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def _refers_outside(value: Any, depth: int = 0) -> bool:
    """A content block whose source is a URL or a file id, anywhere in the request."""
    if depth > 64:
        return True  # deeper than any real request: do not trust the bytes
    if isinstance(value, dict):
        source = value.get("source")
        if isinstance(source, dict) and source.get("type") in ("url", "file"):
            return True
        if "file_id" in value:
            return True
        return any(_refers_outside(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_refers_outside(v, depth + 1) for v in value)
    return False


class AnthropicBudget:
    """The Messages API's hooks."""

    def __init__(self, default_max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        self.default_max_tokens = default_max_tokens

    def prepare(self, raw: bytes, body: dict[str, Any]) -> PreparedRequest:
        """``max_tokens`` read (a positive integer), else injected (and the body re-encoded)."""
        cap = body.get("max_tokens")
        tools = _list(body.get("tools"))
        server_tools = any(isinstance(t, dict) and isinstance(t.get("type"), str)
                           and t["type"].startswith(SERVER_TOOL_PREFIXES) for t in tools)
        unbounded = server_tools or bool(body.get("mcp_servers")) or _refers_outside(body.get("messages")) \
            or _refers_outside(body.get("system"))
        if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0:
            return PreparedRequest(raw, cap, False, unbounded)
        fixed = {**body, "max_tokens": self.default_max_tokens}
        sent = json.dumps(fixed, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return PreparedRequest(sent, self.default_max_tokens, True, unbounded)

    def usage(self, response: bytes, *, stream: bool) -> CallUsage:
        """The usage of a JSON message, or of an SSE stream (``message_start``'s usage, then
        ``message_delta``'s); ``complete`` only when the stream reached ``message_stop`` (or
        the message carried a usage)."""
        usage: dict[str, Any] = {}
        complete = False
        text = response.decode("utf-8", "replace")
        if not stream or text.lstrip().startswith("{"):
            try:
                msg = json.loads(text)
            except ValueError:
                return CallUsage()
            if isinstance(msg, dict) and isinstance(msg.get("usage"), dict):
                usage, complete = msg["usage"], True
        else:
            for line in text.splitlines():
                if not line.startswith("data:"):
                    continue
                try:
                    ev = json.loads(line[5:].strip())
                except ValueError:
                    continue
                if not isinstance(ev, dict):
                    continue
                if ev.get("type") == "message_start" and isinstance(ev.get("message"), dict):
                    start = ev["message"].get("usage")
                    usage.update(start if isinstance(start, dict) else {})
                elif ev.get("type") == "message_delta" and isinstance(ev.get("usage"), dict):
                    usage.update({k: v for k, v in ev["usage"].items() if v is not None})
                elif ev.get("type") == "message_stop":
                    complete = True
        breakdown = _dict(usage.get("cache_creation"))
        return CallUsage(_n(usage.get("input_tokens")), _n(usage.get("output_tokens")),
                         _n(usage.get("cache_creation_input_tokens")), _n(usage.get("cache_read_input_tokens")),
                         _n(breakdown.get("ephemeral_1h_input_tokens")), complete)


ANTHROPIC = AnthropicBudget()
"""The Messages API's spend hooks."""


def _events(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        if line.startswith("data:"):
            try:
                ev = json.loads(line[5:].strip())
            except ValueError:
                continue
            if isinstance(ev, dict):
                out.append(ev)
    return out


def _reencode(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _positive(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


RESPONSES_SERVER_TOOLS = ("web_search", "file_search", "code_interpreter", "mcp", "image_generation", "computer")


class ResponsesBudget:
    """OpenAI's Responses API's hooks."""

    def __init__(self, default_max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        self.default_max_tokens = default_max_tokens

    def prepare(self, raw: bytes, body: dict[str, Any]) -> PreparedRequest:
        """``max_output_tokens`` read, else injected; input unbounded when the request leans
        on state or content the bytes do not hold (``previous_response_id``, a stored prompt,
        files or images by reference, hosted tools)."""
        tools = _list(body.get("tools"))
        hosted = any(isinstance(t, dict) and str(t.get("type", "")).startswith(RESPONSES_SERVER_TOOLS) for t in tools)
        by_reference = _responses_refers(body.get("input"))
        unbounded = hosted or by_reference or bool(body.get("previous_response_id")) or bool(body.get("prompt")) \
            or bool(body.get("conversation"))
        cap = _positive(body.get("max_output_tokens"))
        if cap is not None:
            return PreparedRequest(raw, cap, False, unbounded)
        return PreparedRequest(_reencode({**body, "max_output_tokens": self.default_max_tokens}),
                               self.default_max_tokens, True, unbounded)

    def usage(self, response: bytes, *, stream: bool) -> CallUsage:
        """``response.completed``'s usage (a stream), or the response's (JSON); cached input
        is reported inside ``input_tokens`` and is split out as cache reads."""
        text = response.decode("utf-8", "replace")
        done: dict[str, Any] | None = None
        if not stream or text.lstrip().startswith("{"):
            try:
                msg = json.loads(text)
            except ValueError:
                return CallUsage()
            done = _dict(msg)
            complete = done.get("status") == "completed"
        else:
            complete = False
            for ev in _events(text):
                if ev.get("type") in ("response.completed", "response.incomplete") and isinstance(ev.get("response"), dict):
                    done, complete = ev["response"], ev.get("type") == "response.completed"
        usage = _dict(_dict(done).get("usage"))
        details = _dict(usage.get("input_tokens_details"))
        total_in, cached = _n(usage.get("input_tokens")), _n(details.get("cached_tokens"))
        return CallUsage(max(0, total_in - cached), _n(usage.get("output_tokens")), 0, min(cached, total_in), 0,
                         complete and bool(usage))


def _responses_refers(value: Any, depth: int = 0) -> bool:
    if depth > 64:
        return True
    if isinstance(value, dict):
        if value.get("type") in ("input_file", "input_image") and (value.get("file_id") or value.get("file_url")
                                                                     or str(value.get("image_url", "")).startswith("http")):
            return True
        if value.get("type") == "item_reference":
            return True
        return any(_responses_refers(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_responses_refers(v, depth + 1) for v in value)
    return False


GEMINI_THINKING_ALLOWANCE = 32_768
"""Thinking tokens a Gemini request may spend beyond ``maxOutputTokens`` when it sets no
thinking budget of its own (the 2.5 models' largest)."""
GEMINI_SERVER_TOOLS = ("googleSearch", "google_search", "googleSearchRetrieval", "urlContext", "url_context",
                       "codeExecution", "code_execution")


class GeminiBudget:
    """The Gemini API's hooks."""

    def __init__(self, default_max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        self.default_max_tokens = default_max_tokens

    def prepare(self, raw: bytes, body: dict[str, Any]) -> PreparedRequest:
        """``generationConfig.maxOutputTokens`` read, else injected; the output cap adds the
        thinking budget (or :data:`GEMINI_THINKING_ALLOWANCE`); input unbounded for files by
        URI, cached content, or hosted tools."""
        config = _dict(body.get("generationConfig"))
        thinking = _dict(config.get("thinkingConfig"))
        budget = thinking.get("thinkingBudget")
        extra = budget if isinstance(budget, int) and not isinstance(budget, bool) and budget >= 0 else \
            GEMINI_THINKING_ALLOWANCE
        tools = _list(body.get("tools"))
        hosted = any(isinstance(t, dict) and any(k in t for k in GEMINI_SERVER_TOOLS) for t in tools)
        unbounded = hosted or bool(body.get("cachedContent")) or '"fileData"' in raw.decode("utf-8", "replace") \
            or '"file_data"' in raw.decode("utf-8", "replace")
        cap = _positive(config.get("maxOutputTokens"))
        if cap is not None:
            return PreparedRequest(raw, cap + extra, False, unbounded)
        fixed = {**body, "generationConfig": {**config, "maxOutputTokens": self.default_max_tokens}}
        return PreparedRequest(_reencode(fixed), self.default_max_tokens + extra, True, unbounded)

    def usage(self, response: bytes, *, stream: bool) -> CallUsage:
        """The last ``usageMetadata`` (output is candidates plus thoughts; cached prompt tokens
        are cache reads); whole once a candidate carries a ``finishReason``."""
        text = response.decode("utf-8", "replace")
        chunks: list[dict[str, Any]] = []
        if not stream or text.lstrip().startswith(("{", "[")):
            try:
                parsed = json.loads(text)
            except ValueError:
                return CallUsage()
            chunks = [c for c in (parsed if isinstance(parsed, list) else [parsed]) if isinstance(c, dict)]
        else:
            chunks = _events(text)
        meta: dict[str, Any] = {}
        complete = False
        for c in chunks:
            if isinstance(c.get("usageMetadata"), dict):
                meta = c["usageMetadata"]
            for cand in _list(c.get("candidates")):
                if isinstance(cand, dict) and cand.get("finishReason"):
                    complete = True
        prompt, cached = _n(meta.get("promptTokenCount")), _n(meta.get("cachedContentTokenCount"))
        out = _n(meta.get("candidatesTokenCount")) + _n(meta.get("thoughtsTokenCount"))
        return CallUsage(max(0, prompt - cached), out, 0, min(cached, prompt), 0, complete and bool(meta))


RESPONSES = ResponsesBudget()
"""OpenAI's Responses API's spend hooks."""
GEMINI = GeminiBudget()
"""The Gemini API's spend hooks."""


def budget_for(api: str) -> WireBudget:
    """The spend hooks of the API called ``api`` (``anthropic``, ``openai-responses``, ``gemini``).

    Raises:
        KeyError: an API without spend hooks (the connector then cannot reserve: it refuses).
    """
    hooks: dict[str, WireBudget] = {"anthropic": ANTHROPIC, "openai-responses": RESPONSES, "gemini": GEMINI}
    return hooks[api]

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
``message_delta``, the one-hour cache writes in ``usage.cache_creation``). Pure: no I/O.
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
        tools = body.get("tools") if isinstance(body.get("tools"), list) else []
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
        breakdown = usage.get("cache_creation") if isinstance(usage.get("cache_creation"), dict) else {}
        return CallUsage(_n(usage.get("input_tokens")), _n(usage.get("output_tokens")),
                         _n(usage.get("cache_creation_input_tokens")), _n(usage.get("cache_read_input_tokens")),
                         _n(breakdown.get("ephemeral_1h_input_tokens")), complete)


ANTHROPIC = AnthropicBudget()
"""The Messages API's spend hooks."""

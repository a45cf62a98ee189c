"""What both connectors share: the route check, one call's record, usage and scrubbing.

* :class:`Route` checks each model request's model against the mission's route (the models
  the run may use, sub-agents included) and keeps the first violation, which the controller
  polls (``stop_requested``): a model outside the route is ``route_mismatch``, a request whose
  model cannot be read is ``route_unverified``.
* :class:`CallRecord` is what a connector reports for each model request it answered; the
  caller turns it into a ``ConnectorCalled`` event (bodies become blobs there).
* :func:`usage_of` reads the token counts from a response (an SSE stream or a JSON message).
* :func:`scrub` strips credentials from a body before it is stored: any key-looking JSON field
  and any of the given secrets. Headers are never stored at all.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from typing import Any

from overlord.domain.settlement import StopCode

REDACTED = "[redacted]"
"""What a stripped credential is replaced by."""

_DATED = re.compile(r"-\d{8}$")
_KEY_FIELD = re.compile(
    rb'("(?:[A-Za-z0-9_\-]*(?:api[_-]?key|apikey|secret|password|passwd|authorization|auth[_-]?token|access[_-]?token|'
    rb'refresh[_-]?token|session[_-]?token|bearer)[A-Za-z0-9_\-]*)"\s*:\s*)"(?:[^"\\]|\\.)*"', re.IGNORECASE)
_KEY_VALUE = re.compile(rb"sk-(?:ant-)?[A-Za-z0-9_\-]{16,}")


def model_allowed(route: tuple[str, ...], model: str) -> bool:
    """Whether ``model`` is on ``route``: named exactly, or as a dated snapshot of a routed
    name (``claude-sonnet-4-5-20250929`` for ``claude-sonnet-4-5``). An empty route allows
    every model."""
    if not route or model in route:
        return True
    return bool(_DATED.search(model)) and _DATED.sub("", model) in route


def model_of(body: Any) -> str | None:
    """The ``model`` a parsed request body names, or ``None``."""
    if isinstance(body, dict) and isinstance(body.get("model"), str) and body["model"]:
        return body["model"]
    return None


class Route:
    """The route check of one run; thread-safe (the connector's loop writes, the controller
    reads).

    Args:
        models: the route (``[mission] models``); empty: every readable model is allowed.
    """

    def __init__(self, models: tuple[str, ...] | list[str]) -> None:
        self.models = tuple(models)
        self._lock = threading.Lock()
        self._violation: tuple[StopCode, str] | None = None

    def check(self, model: str | None) -> tuple[StopCode, str] | None:
        """Check one model request's model; a violation is kept (the first one wins) and
        returned, ``None`` when the request may go on."""
        if model is None:
            found = (StopCode.ROUTE_UNVERIFIED, "a model request whose model cannot be read")
        elif not model_allowed(self.models, model):
            found = (StopCode.ROUTE_MISMATCH, f"model {model!r} is outside the route {list(self.models)}")
        else:
            return None
        with self._lock:
            if self._violation is None:
                self._violation = found
        return found

    def violation(self) -> tuple[StopCode, str] | None:
        """The first violation seen, or ``None`` (the controller's ``stop_requested``)."""
        with self._lock:
            return self._violation


@dataclass(frozen=True)
class CallRecord:
    """One model request a connector answered.

    ``provider`` (``anthropic``, or ``replay`` when nothing left the machine), ``path``,
    ``model`` (from the request), ``status`` (the HTTP status given to the runtime),
    ``stream``, token counts, ``cost_micro_usd`` and ``priced`` (from the price table; 0 for
    a replay), ``latency_ns`` (request received to response finished), and the request and
    response bodies, already scrubbed.
    """

    provider: str
    path: str
    model: str | None
    status: int
    stream: bool
    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    cost_micro_usd: int
    priced: bool
    latency_ns: int
    request_body: bytes
    response_body: bytes


@dataclass(frozen=True)
class Tokens:
    """Token counts read from a response."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0


def _n(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def usage_of(body: bytes) -> Tokens:
    """The usage a response reports: an SSE stream (``message_start``'s usage, then the last
    ``message_delta``'s output tokens) or a JSON message's ``usage``. Unreadable: zeros."""
    usage: dict[str, Any] = {}
    text = body.decode("utf-8", "replace")
    if text.lstrip().startswith("{"):
        try:
            msg = json.loads(text)
        except ValueError:
            return Tokens()
        usage = msg.get("usage") or {} if isinstance(msg, dict) else {}
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
                usage.update(ev["message"].get("usage") or {})
            elif ev.get("type") == "message_delta" and isinstance(ev.get("usage"), dict):
                usage.update({k: v for k, v in ev["usage"].items() if v is not None})
    if not isinstance(usage, dict):
        return Tokens()
    return Tokens(_n(usage.get("input_tokens")), _n(usage.get("output_tokens")),
                  _n(usage.get("cache_creation_input_tokens")), _n(usage.get("cache_read_input_tokens")))


def scrub(body: bytes, secrets: tuple[str, ...] | list[str] = ()) -> bytes:
    """``body`` with credentials stripped: each of ``secrets`` (literally), anything shaped
    like an Anthropic key (``sk-ant-...``), and the value of any JSON field whose name looks
    like a credential (``api_key``, ``authorization``, ``access_token``, ``password``, ...).
    Token counts (``input_tokens``...) are not credentials and stay. A body with nothing to
    strip is returned byte for byte."""
    out = body
    for s in secrets:
        if s and len(s) >= 6:
            out = out.replace(s.encode(), REDACTED.encode())
    out = _KEY_VALUE.sub(REDACTED.encode(), out)
    return _KEY_FIELD.sub(lambda mm: mm.group(1) + b'"' + REDACTED.encode() + b'"', out)

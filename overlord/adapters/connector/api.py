"""The model APIs the connector speaks, behind one Protocol, picked by short name.

Each API module (:mod:`~overlord.adapters.connector.api_anthropic`,
:mod:`~overlord.adapters.connector.api_responses`, :mod:`~overlord.adapters.connector.api_gemini`)
says, for its own wire format:

* which canonical paths it serves (:meth:`ModelApi.endpoint`: an allow-list; every other path
  is refused), which of them are model calls (route-checked, priced) and which are not (model
  lists, token counting: answered or forwarded without a route check);
* the model a request names (in its body, or in its path) and whether it streams;
* a replayed turn as its answer (whole, or as SSE), in one transcript format for all three;
* the tokens an answer reports (:class:`~overlord.adapters.connector.calls.Tokens`), the tool
  uses it asks for (:class:`AskedUse`: the ground truth of which tool calls exist) and the tool
  results a request carries (:class:`CarriedResult`);
* its error body, its credential headers, and how to tell that an upstream speaks it.

Pure: no I/O here or in the API modules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from overlord.adapters.connector.calls import Tokens
from overlord.adapters.connector.transcript import Turn, Usage
from overlord.errors import ConfigError

MODEL, COUNT_TOKENS, MODELS, ROOT = "model", "count_tokens", "models", "root"
"""Endpoint kinds: a model call (route-checked and priced), token counting, the model list,
the bare origin (``HEAD /`` health checks)."""


@dataclass(frozen=True)
class Endpoint:
    """An allow-listed endpoint: its ``kind``, the path to forward (canonical, in the API's
    own spelling), and what the path itself says (``model``, ``stream``; ``None``: the body
    says)."""

    kind: str
    forward_path: str
    model: str | None = None
    stream: bool | None = None


@dataclass(frozen=True)
class AskedUse:
    """A tool use a model answer asks for: the model's id for it (``None`` when the API gave
    none), the tool's native name, its input (parsed JSON; a custom tool's text is
    ``{"input": text}``), and its position in the answer."""

    id: str | None
    tool: str
    input: Mapping[str, Any] = field(default_factory=dict)
    index: int = 0
    custom: bool = False


@dataclass(frozen=True)
class CarriedResult:
    """A tool result a model request carries: the id it answers (``None`` when the API gave
    none), the tool's name when the API says it, the result as text, ``is_error`` as the
    runtime marked it, and ``error_only`` when the result holds an error and nothing else."""

    id: str | None
    tool: str | None
    text: str
    is_error: bool = False
    error_only: bool = False


@dataclass(frozen=True)
class Rendered:
    """A replayed answer: ``head`` is sent first (a stalling turn sends only it), then
    ``tail``; ``message_id`` names it (``None`` when the API has no message ids)."""

    head: bytes
    tail: bytes
    content_type: str
    message_id: str | None = None


class ModelApi(Protocol):
    """One model API's wire format (see the module doc)."""

    @property
    def name(self) -> str:
        """The short name (``anthropic``, ``openai-responses``, ``gemini``)."""
        ...

    @property
    def provider(self) -> str:
        """The provider named in records of calls forwarded upstream."""
        ...

    def endpoint(self, method: str, path: str) -> Endpoint | None:
        """The allow-listed endpoint at canonical ``path`` for ``method``, or ``None``."""
        ...

    def model_of(self, endpoint: Endpoint, body: Any) -> str | None:
        """The model a model request names, or ``None`` when it cannot be read."""
        ...

    def streams(self, endpoint: Endpoint, body: Any, query: Mapping[str, str]) -> bool:
        """Whether the answer is a stream."""
        ...

    def render(self, turn: Turn, *, index: int, model: str, usage: Usage, stream: bool, body: Any) -> Rendered:
        """The answer to the ``index``-th model request from a transcript turn."""
        ...

    def models_list(self, seen: Sequence[str]) -> dict[str, Any]:
        """The answer to a model-list request."""
        ...

    def count_tokens(self, estimate: int) -> dict[str, Any]:
        """The answer to a token-counting request."""
        ...

    def error_body(self, status: int, kind: str, message: str) -> dict[str, Any]:
        """An error in the API's own shape."""
        ...

    def tokens(self, response: bytes) -> Tokens:
        """The token counts an answer reports (zeros when unreadable)."""
        ...

    def tool_uses(self, response: bytes) -> list[AskedUse]:
        """The tool uses an answer asks for, in order (empty when unreadable)."""
        ...

    def message_id(self, response: bytes) -> str | None:
        """The answer's message id, when the API has them."""
        ...

    def results(self, body: Any) -> list[CarriedResult]:
        """The tool results the latest turn of a request carries."""
        ...

    def offered_tools(self, body: Any) -> tuple[str, ...]:
        """The names of the tools a request offers the model."""
        ...

    def auth_headers(self, key: str) -> dict[str, str]:
        """The headers that carry the upstream key."""
        ...

    @property
    def key_param(self) -> str | None:
        """The query parameter the API also takes its key in (Gemini's ``key``), or ``None``."""
        ...

    @property
    def credential_headers(self) -> frozenset[str]:
        """Request headers that carry a credential (dropped before forwarding)."""
        ...

    @property
    def probe_path(self) -> str:
        """A GET path on the upstream whose answer shows which API it speaks."""
        ...

    def speaks(self, body: Any) -> bool:
        """Whether a parsed answer from :attr:`probe_path` is in this API's shape (a model
        list or an error)."""
        ...


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object (a dict), else an empty one."""
    return value if isinstance(value, dict) else {}


def json_body(raw: bytes) -> Any:
    """A request or response body parsed as JSON, or ``None``."""
    try:
        return json.loads(raw.decode("utf-8")) if raw else None
    except (ValueError, UnicodeError, RecursionError):
        return None


def sse_data(body: bytes) -> list[Any]:
    """The JSON ``data:`` payloads of an SSE stream, in order (unparseable ones skipped)."""
    out = []
    for line in body.decode("utf-8", "replace").splitlines():
        if line.startswith("data:"):
            try:
                out.append(json.loads(line[5:].strip()))
            except (ValueError, RecursionError):
                continue
    return out


def count(v: Any) -> int:
    """A reported count as a non-negative int (0 when it is not one)."""
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def get_api(name: str) -> ModelApi:
    """The API called ``name``.

    Raises:
        ConfigError: no such API.
    """
    from overlord.adapters.connector import api_anthropic, api_gemini, api_responses

    apis: dict[str, ModelApi] = {a.name: a for a in (api_anthropic.API, api_responses.API, api_gemini.API)}
    try:
        return apis[name]
    except KeyError:
        raise ConfigError(f"unknown model API {name!r}", f"use one of: {', '.join(apis)}") from None


def speaking(body: Any) -> list[str]:
    """The names of the APIs whose shape a probe answer has."""
    from overlord.adapters.connector import api_anthropic, api_gemini, api_responses

    return [a.name for a in (api_anthropic.API, api_responses.API, api_gemini.API) if a.speaks(body)]

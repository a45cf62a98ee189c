"""Runtime-neutral records: what any agent runtime's native event stream says, in one shape.

Each runtime (Claude Code, Codex, Gemini, a scripted command) parses its own stream into these
records; supervision, the limits and the views see only them. Values are already clamped to
what the ledger can encode (token counts are non-negative and below 2**63; texts are ``str``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

INT_CAP = (1 << 63) - 1
"""The largest count a record carries; larger reported values are clamped (and flagged)."""


def clamp_count(value: Any) -> tuple[int, bool]:
    """A reported count as ``(value, clamped)``: a non-bool int within ``[0, INT_CAP]``, else
    0 (not a number) or the nearest bound (``clamped`` is True when the value was changed)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return 0, value is not None
    if value < 0:
        return 0, True
    if value > INT_CAP:
        return INT_CAP, True
    return value, False


@dataclass(frozen=True)
class SessionStarted:
    """The runtime's session began: its native id (the one a resume continues), model,
    version and the names of the tools it offers."""

    session_id: str
    model: str | None = None
    version: str | None = None
    tools: tuple[str, ...] = ()
    cwd: str | None = None
    permission_mode: str | None = None


@dataclass(frozen=True)
class Turn:
    """A model turn (``message_id`` groups the lines of one turn). ``thinking`` is the turn's
    reasoning text (for the thinking limit); tokens as the runtime reported them, clamped
    (``clamped`` marks a value that was out of range)."""

    message_id: str
    model: str | None = None
    text: str = ""
    thinking: str = ""
    tool_use_ids: tuple[str, ...] = ()
    input_tokens: int = 0
    output_tokens: int = 0
    clamped: bool = False


@dataclass(frozen=True)
class ToolUsed:
    """The agent called a tool: the runtime's id for the call, the tool's native name and input."""

    id: str
    name: str
    input: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolReturned:
    """A tool call's result as the runtime reported it; ``denied`` when the runtime says the
    guard's hook refused it."""

    tool_use_id: str
    content: str = ""
    is_error: bool = False
    denied: bool = False


@dataclass(frozen=True)
class Finished:
    """The runtime's own account of how it ended. ``turn_limit`` when it stopped at its native
    turn cap; ``cost_micro_usd`` its own estimate (integer micro-dollars)."""

    subtype: str
    is_error: bool = False
    num_turns: int = 0
    cost_micro_usd: int = 0
    session_id: str = ""
    result: str = ""
    turn_limit: bool = False
    clamped: bool = False


@dataclass(frozen=True)
class Other:
    """Any other native event, kept raw (status lines, hook events, ...)."""

    type: str
    subtype: str | None = None
    raw: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Malformed:
    """A line that is not an event the runtime could have printed (not JSON, too deep)."""

    line: str
    error: str


Record = SessionStarted | Turn | ToolUsed | ToolReturned | Finished | Other | Malformed
"""One runtime-neutral record."""

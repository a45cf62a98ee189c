"""A scripted model transcript: what the replay connector answers, turn by turn.

A transcript is a JSON list of turns; the n-th model request is answered by the n-th turn::

    [{"blocks": [{"text": "..."} | {"thinking": "..."} | {"tool": NAME, "input": {...}}],
      "usage": {"input_tokens": N, "output_tokens": N, ...}?,
      "delay_ms": N?,
      "stall": true?}]

``delay_ms`` holds the answer back that long; ``stall`` sends the stream's start and then goes
silent (the model stream that hangs). Raw JSON becomes frozen, checked values here
(:meth:`Transcript.from_json`); unknown keys and wrong types are errors that name them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from overlord.domain.bounded import loads_json
from overlord.errors import ConfigError, InputError
from overlord.inputs import JSON_MAX_BYTES, read_text


class TranscriptError(ConfigError):
    """A transcript is not valid JSON or not of the transcript's shape."""


MAX_TOKENS = 2**40
"""A usage counter above a trillion tokens is not a model's answer (and would overflow what the ledger signs)."""
MAX_DELAY_MS = 86_400_000
"""A scripted delay is at most a day."""

USAGE_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
"""The usage counters a turn may set (each a non-negative integer)."""


@dataclass(frozen=True)
class TextBlock:
    """Assistant text."""

    text: str


@dataclass(frozen=True)
class ThinkingBlock:
    """Extended-thinking text (sent with a placeholder signature)."""

    thinking: str


@dataclass(frozen=True)
class ToolBlock:
    """A tool call: the tool's ``name`` and its ``input`` object (``input_json`` is its JSON)."""

    name: str
    input_json: str

    @property
    def input(self) -> dict[str, Any]:
        """The tool input as a fresh dict."""
        return json.loads(self.input_json)


Block = TextBlock | ThinkingBlock | ToolBlock


@dataclass(frozen=True)
class Usage:
    """Token counts reported for a turn."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def to_json(self) -> dict[str, int]:
        """The Messages API ``usage`` object."""
        return {k: getattr(self, k) for k in USAGE_KEYS}


@dataclass(frozen=True)
class Turn:
    """One scripted model answer. ``stop_reason`` is ``tool_use`` when a block calls a tool,
    else ``end_turn``."""

    blocks: tuple[Block, ...]
    usage: Usage | None = None
    delay_ms: int = 0
    stall: bool = False

    @property
    def stop_reason(self) -> str:
        """``tool_use`` when the turn calls a tool, else ``end_turn``."""
        return "tool_use" if any(isinstance(b, ToolBlock) for b in self.blocks) else "end_turn"


FINAL_TURN = Turn(blocks=(TextBlock("done"),))
"""The answer to every request past the transcript's last turn."""


@dataclass(frozen=True)
class Transcript:
    """The scripted turns, in order."""

    turns: tuple[Turn, ...] = field(default_factory=tuple)

    def turn(self, index: int) -> Turn:
        """The turn answering the ``index``-th (0-based) model request; past the end,
        :data:`FINAL_TURN`."""
        return self.turns[index] if 0 <= index < len(self.turns) else FINAL_TURN

    @classmethod
    def from_json(cls, data: Any, *, source: str = "transcript") -> Transcript:
        """Check and freeze a parsed transcript (a list of turn objects).

        Raises:
            TranscriptError: naming the turn, block and key that is wrong.
        """
        if not isinstance(data, list):
            raise TranscriptError(f"{source}: a transcript is a JSON list of turns, not {type(data).__name__}",
                                  'write [{"blocks": [{"text": "..."}]}, ...]')
        return cls(tuple(_turn(t, f"{source}: turn {i}") for i, t in enumerate(data)))

    @classmethod
    def from_text(cls, text: str, *, source: str = "transcript") -> Transcript:
        """Parse JSON text (nested at most 64 levels), then :meth:`from_json`.

        Raises:
            TranscriptError: not JSON, nested too deeply, or not of the transcript's shape.
        """
        try:
            data = loads_json(text, source=source)
        except InputError as e:
            raise TranscriptError(e.message, e.hint) from e
        return cls.from_json(data, source=source)

    @classmethod
    def from_file(cls, path: Path) -> Transcript:
        """Read and parse a transcript file.

        Raises:
            TranscriptError: unreadable, not JSON, or not of the transcript's shape.
        """
        try:
            text = read_text(path, what="transcript", max_bytes=JSON_MAX_BYTES)
        except InputError as e:
            raise TranscriptError(e.message, e.hint) from e
        return cls.from_text(text, source=str(path))


def _turn(raw: Any, where: str) -> Turn:
    if not isinstance(raw, Mapping):
        raise TranscriptError(f"{where} is not an object", 'write {"blocks": [...]}')
    unknown = sorted(set(raw) - {"blocks", "usage", "delay_ms", "stall"})
    if unknown:
        raise TranscriptError(f"{where}: unknown key {unknown[0]!r}", "a turn has blocks, usage, delay_ms, stall")
    blocks = raw.get("blocks")
    if not isinstance(blocks, list):
        raise TranscriptError(f"{where}: 'blocks' must be a list", 'write "blocks": [{"text": "..."}]')
    delay = raw.get("delay_ms", 0)
    if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= MAX_DELAY_MS:
        raise TranscriptError(f"{where}: 'delay_ms' must be an integer in 0..{MAX_DELAY_MS}")
    stall = raw.get("stall", False)
    if not isinstance(stall, bool):
        raise TranscriptError(f"{where}: 'stall' must be true or false")
    usage = _usage(raw["usage"], where) if "usage" in raw else None
    return Turn(tuple(_block(b, f"{where}, block {j}") for j, b in enumerate(blocks)), usage, delay, stall)


def _block(raw: Any, where: str) -> Block:
    if not isinstance(raw, Mapping):
        raise TranscriptError(f"{where} is not an object")
    keys = set(raw)
    if keys == {"text"} and isinstance(raw["text"], str):
        return TextBlock(raw["text"])
    if keys == {"thinking"} and isinstance(raw["thinking"], str):
        return ThinkingBlock(raw["thinking"])
    if keys <= {"tool", "input"} and "tool" in keys:
        name, inp = raw["tool"], raw.get("input", {})
        if not isinstance(name, str) or not name:
            raise TranscriptError(f"{where}: 'tool' must be a tool name")
        if not isinstance(inp, Mapping):
            raise TranscriptError(f"{where}: 'input' must be an object")
        return ToolBlock(name, json.dumps(inp, ensure_ascii=False, sort_keys=True))
    raise TranscriptError(f"{where}: a block is {{\"text\": str}}, {{\"thinking\": str}} or "
                          f"{{\"tool\": NAME, \"input\": {{...}}}}, not keys {sorted(keys)}")


def _usage(raw: Any, where: str) -> Usage:
    if not isinstance(raw, Mapping):
        raise TranscriptError(f"{where}: 'usage' must be an object")
    unknown = sorted(set(raw) - set(USAGE_KEYS))
    if unknown:
        raise TranscriptError(f"{where}: unknown usage key {unknown[0]!r}", f"use {', '.join(USAGE_KEYS)}")
    for k, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_TOKENS:
            raise TranscriptError(f"{where}: usage {k!r} must be an integer in 0..2**40")
    return Usage(**dict(raw))

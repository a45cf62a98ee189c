"""A tool call as the guard sees it: the checked form of a Claude Code PreToolUse payload."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from overlord.errors import OverlordError


class MalformedCallError(OverlordError):
    """A PreToolUse payload is not a JSON object with the fields a tool call needs."""


@dataclass(frozen=True)
class ToolCall:
    """One tool call an agent wants to make, before it runs.

    Attributes:
        tool_name: the tool's name (``Bash``, ``Write``, ``mcp__server__tool``, ...).
        tool_input: the tool's arguments, read-only.
        cwd: the absolute directory the agent works in; a Bash command starts here.
        session_id: the runtime's session id ("" when the payload had none).
        tool_use_id: the runtime's id for this call ("" when the payload had none).
    """

    tool_name: str
    tool_input: Mapping[str, Any] = field(default_factory=dict)
    cwd: str = ""
    session_id: str = ""
    tool_use_id: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tool_input", MappingProxyType(dict(self.tool_input)))

    @classmethod
    def from_json(cls, obj: object) -> ToolCall:
        """Check a PreToolUse payload (a parsed object, a ``str`` or ``bytes``) into a ToolCall.

        Raises:
            MalformedCallError: the payload is not JSON, not an object, or a field is
                missing or of the wrong type (``cwd`` must be an absolute path).
        """
        if isinstance(obj, (bytes, bytearray)):
            try:
                obj = bytes(obj).decode("utf-8")
            except UnicodeDecodeError as e:
                raise MalformedCallError("the payload is not UTF-8", "send a JSON object") from e
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except (ValueError, RecursionError) as e:
                raise MalformedCallError(f"the payload is not JSON: {e}", "send a JSON object") from e
        if not isinstance(obj, Mapping):
            raise MalformedCallError("the payload is not a JSON object", "send a JSON object")
        name = obj.get("tool_name")
        if not isinstance(name, str) or not name:
            raise MalformedCallError("the payload has no tool_name string")
        tool_input = obj.get("tool_input", {})
        if not isinstance(tool_input, Mapping):
            raise MalformedCallError("tool_input is not a JSON object")
        cwd = obj.get("cwd")
        if not isinstance(cwd, str) or not cwd.startswith("/") or "\x00" in cwd:
            raise MalformedCallError("the payload has no absolute cwd")
        ids = {}
        for key in ("session_id", "tool_use_id"):
            value = obj.get(key, "")
            if value is None:
                value = ""
            if not isinstance(value, str):
                raise MalformedCallError(f"{key} is not a string")
            ids[key] = value
        return cls(tool_name=name, tool_input=tool_input, cwd=cwd, **ids)

"""The Claude Code runtime: find the CLI, build its command line and environment, read its
native event stream.

Claude Code runs in print mode with ``-p --output-format stream-json --verbose``: one JSON
object per line. :func:`parse_line` turns each line into typed records (:class:`Init` with the
tools the CLI offers, :class:`AssistantTurn`, :class:`ToolUse`, :class:`ToolResult`,
:class:`Result` with usage, cost, turns and the error flag; :class:`Other` for the rest and
:class:`Malformed` for a line that is not a JSON object). Nothing here reads the process
environment: the caller passes every value in.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Union

from overlord.errors import ConfigError, OverlordError

NAME = "claude-code"
"""The runtime's short name."""

EXECUTABLE = "claude"
"""The CLI's command name."""

LOCAL_PREFIX = Path(".tools") / "claude-code"
"""The project-local npm prefix ``.ci/install-claude-code.sh`` installs into."""

PERMISSION_MODES = ("default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions")
"""``--permission-mode`` values (``bypassPermissions`` is refused as root by the CLI)."""

ENV_PASSTHROUGH = ("PATH", "LANG", "LC_ALL", "TZ", "TERM")
"""Host variables a runtime may inherit (an allow-list; everything else is dropped)."""


class RuntimeNotInstalled(OverlordError):
    """The Claude Code CLI was not found."""


# -- finding the binary --------------------------------------------------------------------


def local_binary(project_root: Path) -> Path:
    """Where the project-local install puts the CLI."""
    return Path(project_root) / LOCAL_PREFIX / "node_modules" / ".bin" / EXECUTABLE


def find_binary(explicit: str | Path | None = None, *, project_root: Path | None = None,
                search_path: str | None = None) -> Path:
    """The CLI to run: ``explicit`` when given (it must exist), else the project-local install
    under ``project_root``, else ``claude`` on ``search_path`` (a PATH string).

    Raises:
        RuntimeNotInstalled: nothing found, or ``explicit`` is not an executable file.
    """
    if explicit:
        p = Path(explicit).expanduser()
        if p.is_file() and os.access(p, os.X_OK):
            return p.resolve()
        raise RuntimeNotInstalled(f"the Claude Code CLI {p} is not an executable file",
                                  "install it with `bash .ci/install-claude-code.sh` or fix the path")
    if project_root is not None:
        local = local_binary(project_root)
        if local.is_file() and os.access(local, os.X_OK):
            return local.resolve()
    if search_path:
        found = shutil.which(EXECUTABLE, path=search_path)
        if found:
            return Path(found).resolve()
    raise RuntimeNotInstalled("the Claude Code CLI (claude) is not installed",
                              "run `bash .ci/install-claude-code.sh` (npm install @anthropic-ai/claude-code)")


# -- the command line and the environment --------------------------------------------------


@dataclass(frozen=True)
class Invocation:
    """How to run the CLI once.

    Args:
        prompt: the task given to the agent (``-p``).
        max_turns: ``--max-turns`` (``None``: the CLI's default).
        allowed_tools: ``--allowedTools`` entries (``Bash``, ``Write``, ``Bash(git status)``...).
        permission_mode: ``--permission-mode`` (one of :data:`PERMISSION_MODES`) or ``None``.
        model: ``--model`` or ``None``.
        resume: a native session id for ``--resume``, or ``None``.
        extra_args: more arguments, appended as given.
    """

    prompt: str
    max_turns: int | None = None
    allowed_tools: tuple[str, ...] = ()
    permission_mode: str | None = None
    model: str | None = None
    resume: str | None = None
    extra_args: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.max_turns is not None and (isinstance(self.max_turns, bool) or self.max_turns < 1):
            raise ConfigError(f"max_turns must be a positive integer, not {self.max_turns!r}")
        if self.permission_mode is not None and self.permission_mode not in PERMISSION_MODES:
            raise ConfigError(f"unknown permission mode {self.permission_mode!r}",
                              f"use one of: {', '.join(PERMISSION_MODES)}")
        for t in self.allowed_tools:
            if not isinstance(t, str) or not t.strip():
                raise ConfigError(f"an allowed tool must be a non-empty name, not {t!r}")


def build_argv(binary: str | Path, inv: Invocation) -> list[str]:
    """The CLI's argv: print mode, stream-json, verbose, then the invocation's options."""
    argv = [str(binary), "-p", inv.prompt, "--output-format", "stream-json", "--verbose"]
    if inv.max_turns is not None:
        argv += ["--max-turns", str(inv.max_turns)]
    if inv.allowed_tools:
        argv += ["--allowedTools", ",".join(inv.allowed_tools)]
    if inv.permission_mode is not None:
        argv += ["--permission-mode", inv.permission_mode]
    if inv.model is not None:
        argv += ["--model", inv.model]
    if inv.resume is not None:
        argv += ["--resume", inv.resume]
    return argv + list(inv.extra_args)


def build_env(*, base_url: str, api_key: str, home: str | Path, host_env: Mapping[str, str] | None = None,
              extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The runtime's whole environment, built from an allow-list.

    Args:
        base_url: the connector (``ANTHROPIC_BASE_URL``).
        api_key: the per-run dummy key (``ANTHROPIC_API_KEY``); never an upstream key.
        home: the fresh per-run HOME.
        host_env: the caller's environment; only :data:`ENV_PASSTHROUGH` is taken from it.
        extra: more variables set as given (``OVERLORD_SOCKET``, ``OVERLORD_RUN_ID``).
    """
    env = {k: v for k, v in (host_env or {}).items() if k in ENV_PASSTHROUGH}
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    env.update({
        "HOME": str(home),
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": api_key,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
    })
    env.update(dict(extra or {}))
    return env


# -- the stream-json records ---------------------------------------------------------------


@dataclass(frozen=True)
class Init:
    """The ``system``/``init`` event: the session, the model and the tools the CLI offers."""

    session_id: str
    tools: tuple[str, ...]
    model: str | None
    cwd: str | None
    permission_mode: str | None
    version: str | None


@dataclass(frozen=True)
class AssistantTurn:
    """One assistant line (the CLI prints one per content block; ``message_id`` groups
    them). ``text`` and ``thinking`` join the line's text and thinking blocks."""

    message_id: str
    model: str | None
    text: str
    thinking: str
    tool_use_ids: tuple[str, ...]
    usage: Mapping[str, Any]


@dataclass(frozen=True)
class ToolUse:
    """A tool call the model made: ``id``, tool ``name`` and its ``input``."""

    id: str
    name: str
    input: Mapping[str, Any]


@dataclass(frozen=True)
class ToolResult:
    """What the CLI sent back for a tool call. A guard denial arrives as an error carrying
    the hook's reason (2.1.332 prefixes it with ``PreToolUse:TOOL hook error:`` for most calls,
    but not for a Write to a relative path outside the cwd); the reliable mark is the CLI's
    ``tool_result_meta``: ``permission_decision`` (``accept``/``reject``) and
    ``decision_source`` (``hook``, ...), ``None`` when it printed none."""

    tool_use_id: str
    content: str
    is_error: bool
    permission_decision: str | None = None
    decision_source: str | None = None


@dataclass(frozen=True)
class Result:
    """The final ``result`` event. ``cost_micro_usd`` is the CLI's own cost estimate."""

    subtype: str
    is_error: bool
    num_turns: int
    duration_ms: int
    cost_micro_usd: int
    usage: Mapping[str, Any]
    result: str
    session_id: str
    stop_reason: str | None
    terminal_reason: str | None
    permission_denials: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Other:
    """Any other event (``system`` status lines, hook events, ...), kept raw."""

    type: str
    subtype: str | None
    raw: Mapping[str, Any]


@dataclass(frozen=True)
class Malformed:
    """A line that is not a JSON object."""

    line: str
    error: str


Record = Union[Init, AssistantTurn, ToolUse, ToolResult, Result, Other, Malformed]


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _str(v: Any) -> str:
    return v if isinstance(v, str) else ""


def micro_usd(value: Any) -> int:
    """Dollars (a JSON number) as integer micro-dollars, rounded half up; 0 when not a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return 0
    try:
        return int((Decimal(str(value)) * 1_000_000).to_integral_value(rounding="ROUND_HALF_UP"))
    except (InvalidOperation, ValueError):
        return 0


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [c.get("text", "") for c in content if isinstance(c, dict) and c.get("type") == "text"]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _decisions_by_id(meta: Any) -> dict[str, tuple[str | None, str | None]]:
    out: dict[str, tuple[str | None, str | None]] = {}
    for m in meta if isinstance(meta, list) else []:
        if isinstance(m, Mapping) and isinstance(m.get("permission_decision"), Mapping):
            pd = m["permission_decision"]
            out[_str(m.get("id"))] = (pd.get("decision") if isinstance(pd.get("decision"), str) else None,
                                      pd.get("source") if isinstance(pd.get("source"), str) else None)
    return out


def parse_event(obj: Mapping[str, Any]) -> tuple[Record, ...]:
    """The records of one decoded stream-json event."""
    kind = _str(obj.get("type"))
    subtype = obj.get("subtype") if isinstance(obj.get("subtype"), str) else None
    if kind == "system" and subtype == "init":
        tools = obj.get("tools")
        names = tuple(t for t in tools if isinstance(t, str)) if isinstance(tools, list) else ()
        return (Init(_str(obj.get("session_id")), names, obj.get("model"), obj.get("cwd"),
                     obj.get("permissionMode"), obj.get("claude_code_version")),)
    if kind == "assistant" and isinstance(obj.get("message"), Mapping):
        msg = obj["message"]
        blocks = [b for b in msg.get("content") or [] if isinstance(b, Mapping)]
        uses = tuple(ToolUse(_str(b.get("id")), _str(b.get("name")),
                             b["input"] if isinstance(b.get("input"), Mapping) else {})
                     for b in blocks if b.get("type") == "tool_use")
        turn = AssistantTurn(
            _str(msg.get("id")), msg.get("model") if isinstance(msg.get("model"), str) else None,
            "".join(_str(b.get("text")) for b in blocks if b.get("type") == "text"),
            "".join(_str(b.get("thinking")) for b in blocks if b.get("type") == "thinking"),
            tuple(u.id for u in uses), msg.get("usage") if isinstance(msg.get("usage"), Mapping) else {},
        )
        return (turn, *uses)
    if kind == "user" and isinstance(obj.get("message"), Mapping):
        content = obj["message"].get("content")
        if isinstance(content, list):
            meta = _decisions_by_id(obj.get("tool_result_meta"))
            results = tuple(ToolResult(_str(b.get("tool_use_id")), _content_text(b.get("content")), b.get("is_error") is True,
                                       *meta.get(_str(b.get("tool_use_id")), (None, None)))
                            for b in content if isinstance(b, Mapping) and b.get("type") == "tool_result")
            if results:
                return results
    if kind == "result":
        denials = obj.get("permission_denials")
        return (Result(
            subtype or "", obj.get("is_error") is True, _int(obj.get("num_turns")), _int(obj.get("duration_ms")),
            micro_usd(obj.get("total_cost_usd")), obj.get("usage") if isinstance(obj.get("usage"), Mapping) else {},
            _str(obj.get("result")), _str(obj.get("session_id")),
            obj.get("stop_reason") if isinstance(obj.get("stop_reason"), str) else None,
            obj.get("terminal_reason") if isinstance(obj.get("terminal_reason"), str) else None,
            tuple(d for d in denials if isinstance(d, Mapping)) if isinstance(denials, list) else (),
        ),)
    return (Other(kind, subtype, obj),)


def parse_line(line: str | bytes) -> tuple[Record, ...]:
    """The records of one stream-json line (empty for a blank line). Never raises."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    text = line.strip()
    if not text:
        return ()
    try:
        obj = json.loads(text)
    except ValueError as e:
        return (Malformed(text[:4096], str(e)),)
    if not isinstance(obj, dict):
        return (Malformed(text[:4096], "not a JSON object"),)
    return parse_event(obj)


def parse_stream(lines: Iterable[str | bytes]) -> list[Record]:
    """Every record of a stream, in order."""
    return [r for line in lines for r in parse_line(line)]

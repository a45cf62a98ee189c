"""The Claude Code runtime: find the CLI, build its command line and environment, read its
native event stream.

Claude Code runs in print mode with ``-p --output-format stream-json --verbose``: one JSON
object per line. :func:`parse_line` turns each line into runtime-neutral records
(:mod:`overlord.domain.runtime_records`): the ``system``/``init`` event is a
:class:`SessionStarted` with the tools the CLI offers, each assistant line a :class:`Turn` and
its :class:`ToolUsed` blocks, each tool result a :class:`ToolReturned`, the ``result`` event a
:class:`Finished`; :class:`Other` for the rest and :class:`Malformed` for a line that is not a
JSON object (or nests too deep). Nothing here reads the process environment: the caller passes
every value in. :data:`RUNTIME` is this module's entry in the runtime registry.
"""

from __future__ import annotations

import json
import posixpath
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from overlord.adapters.runtimes.base import (
    GuardSettings,
    HookCommands,
    Launch,
    RuntimeCaps,
    RuntimeNotInstalled,
    as_dict,
    find_executable,
    passthrough_env,
    read_version,
    stream_object,
)
from overlord.domain.guard.call import ToolCall
from overlord.domain.guard.tools import ALLOWED_TOOLS, DENIED_TOOLS, JUDGED_TOOLS, SUBAGENT_TOOLS
from overlord.domain.runtime_records import (
    Finished,
    Malformed,
    Other,
    Record,
    SessionStarted,
    ToolReturned,
    ToolUsed,
    Turn,
    clamp_count,
)
from overlord.domain.tool_uses import Carried, ModelToolUse
from overlord.errors import ConfigError

NAME = "claude-code"
"""The runtime's short name."""

EXECUTABLE = "claude"
"""The CLI's command name."""

NPM_PACKAGE = "@anthropic-ai/claude-code"
PINNED_VERSION = "2.1.332"
KNOWN_VERSIONS = ("2.1.197", "2.1.332")
"""Versions whose stream, hooks and tools this adapter was checked against."""

INSTALL_HINT = f"npm install -g {NPM_PACKAGE}@{PINNED_VERSION}, or set [mission] binary"

PERMISSION_MODES = ("default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions")
"""``--permission-mode`` values (``bypassPermissions`` is refused as root by the CLI)."""

ALLOWED_TOOL_FLAGS = ("Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "Bash", "TodoWrite")
"""What ``--allowedTools`` lets run without a prompt (every call still meets the guard)."""

RESUME_PROMPT = "Continue where you stopped."

MANAGED_DIR = "/etc/claude-code"
"""Where the CLI (2.1.x on Linux) reads its managed (policy-tier) settings: ``managed-settings.json``
and the drop-ins in ``managed-settings.d/``. Hooks there run whatever the user's and the
project's settings say (``disableAllHooks`` in them does not stop a managed hook; measured
with 2.1.332), and ``allowManagedHooksOnly`` there makes every other hook ignored."""

MANAGED_FILE = "managed-settings.json"
MANAGED_DROP_INS = "managed-settings.d"

HOME_SETTINGS = (".claude/settings.json", ".claude/settings.local.json")
"""The user-level settings files under HOME that can switch hooks off or widen permissions
(``~/.claude.json`` is the CLI's own state, rewritten as it runs; it carries no hooks or
``disableAllHooks``: measured)."""

PROJECT_SETTINGS = (".claude/settings.json", ".claude/settings.local.json")
"""The project settings files of the worker root (the first carries the hook under
``--no-sandbox``): watched by hash, their directory read-only in the sandbox."""

PATH_KEYS = ("file_path", "notebook_path", "path")
"""Input keys that hold a path (the CLI shows them absolute)."""

TOOL_ALIASES = {"Task": "Agent", "KillBash": "KillShell"}
"""Names the model may use for a tool that the CLI shows its hook under another name."""

__all__ = ["NAME", "RUNTIME", "ClaudeCode", "Invocation", "RuntimeNotInstalled", "build_argv", "build_env",
           "find_binary", "parse_line", "parse_stream"]


def _capability(tool: str) -> str:
    if tool == "Bash":
        return "shell"
    if tool == "Write":
        return "write"
    if tool in ("Edit", "MultiEdit", "NotebookEdit"):
        return "edit"
    if tool in ("WebFetch", "WebSearch"):
        return "fetch"
    if tool in SUBAGENT_TOOLS:
        return "sub_agent"
    return "read"


TOOLS: dict[str, str] = {
    **{t: _capability(t) for t in JUDGED_TOOLS},
    **{t: "bookkeeping" for t in ALLOWED_TOOLS},
    **{t: "denied" for t in DENIED_TOOLS},
}
"""Claude Code's tools and what each does (the guard's table is Claude-named)."""


# -- finding the binary --------------------------------------------------------------------


def find_binary(explicit: str | Path | None = None, *, search_dirs: Sequence[Path] = (),
                path: str | None = None) -> Path:
    """The CLI to run: ``explicit`` when given (it must exist), else a project-local install
    in ``search_dirs`` or their ancestors, else ``claude`` on ``path`` (a PATH string).

    Raises:
        RuntimeNotInstalled: nothing found, or ``explicit`` is not an executable file.
    """
    return find_executable(NAME, EXECUTABLE, str(explicit) if explicit else None, search_dirs=search_dirs,
                           path=path, install_hint=INSTALL_HINT)


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

    Raises:
        ConfigError: a bad turn count, permission mode or tool name.
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
        api_key: the run's own key (``ANTHROPIC_API_KEY``), which the connector requires; never an upstream key.
        home: the fresh per-run HOME.
        host_env: the caller's environment; only the allow-listed variables are taken from it.
        extra: more variables set as given (``OVERLORD_SOCKET``, ``OVERLORD_RUN_ID``).
    """
    env = passthrough_env(host_env or {})
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


# -- the guard's hook, out of the agent's reach ------------------------------------------


def hook_settings(hook: HookCommands) -> dict[str, Any]:
    """The ``hooks`` table that runs the guard: PreToolUse on every tool, PostToolUse after
    the tools that can change the workspace."""
    out: dict[str, Any] = {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": hook.pre, "timeout": hook.timeout_s}]}]}
    if hook.post:
        out["PostToolUse"] = [{"matcher": POST_MATCHER, "hooks": [
            {"type": "command", "command": hook.post, "timeout": hook.timeout_s}]}]
    return out


POST_MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash"
"""The tools after which the PostToolUse hook tells the run (they can change the workspace)."""


def _json_object(data: bytes, where: str) -> dict[str, Any]:
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeError, ValueError) as e:
        raise ConfigError(f"{where} is not JSON: {e}", "fix it: the guard's managed settings are merged into it") from e
    if not isinstance(obj, dict):
        raise ConfigError(f"{where} is not a JSON object", "fix it: the guard's managed settings are merged into it")
    if obj.get("disableAllHooks") is True:
        raise ConfigError(f"{where} sets disableAllHooks: the guard's hook could not run under it",
                          "remove disableAllHooks from this machine's managed settings, or run elsewhere")
    return obj


def managed_settings(hook: HookCommands, *, host_dir: Path = Path(MANAGED_DIR)) -> dict[str, bytes]:
    """The managed settings directory the sandbox sees at :data:`MANAGED_DIR`: this
    machine's own managed settings (and drop-ins) kept, the guard's hooks first in them, and
    ``allowManagedHooksOnly`` set so that no user, project or plugin hook runs beside it.

    Raises:
        ConfigError: the machine's managed settings are not JSON objects, or disable hooks.
    """
    files: dict[str, bytes] = {}
    base: dict[str, Any] = {}
    main = host_dir / MANAGED_FILE
    try:
        if main.is_file():
            base = _json_object(main.read_bytes(), str(main))
        drop_ins = sorted(p for p in (host_dir / MANAGED_DROP_INS).glob("*.json") if p.is_file())
        for p in drop_ins:
            data = p.read_bytes()
            _json_object(data, str(p))
            files[f"{MANAGED_DROP_INS}/{p.name}"] = data
    except OSError as e:
        raise ConfigError(f"cannot read this machine's Claude Code managed settings in {host_dir}: {e}") from e
    ours = hook_settings(hook)
    found = base.get("hooks")
    theirs: dict[str, Any] = found if isinstance(found, dict) else {}
    merged = dict(theirs)
    for event, entries in ours.items():
        kept = theirs.get(event)
        merged[event] = [*entries, *(kept if isinstance(kept, list) else [])]
    settings = {**base, "hooks": merged, "allowManagedHooksOnly": True}
    files[MANAGED_FILE] = (json.dumps(settings, indent=2, sort_keys=True) + "\n").encode()
    return files


def guard_settings(hook: HookCommands, *, sandboxed: bool, host_dir: Path = Path(MANAGED_DIR)) -> GuardSettings:
    """Claude Code's: the managed settings bound read-only at :data:`MANAGED_DIR` (inside the
    sandbox), and the user settings under HOME written empty before each start and checked."""
    home = {rel: b"{}\n" for rel in HOME_SETTINGS}
    if not sandboxed:  # the hook is in the project's settings (install_hook); nothing can be bound
        return GuardSettings(home=home, project=PROJECT_SETTINGS, live=".claude/settings.json (project; --no-sandbox)")
    return GuardSettings(system=((MANAGED_DIR, managed_settings(hook, host_dir=host_dir)),), home=home,
                         project=PROJECT_SETTINGS, live=f"{MANAGED_DIR}/{MANAGED_FILE} (managed, read-only)")


def probe_call(target: str) -> tuple[str, dict]:
    """The arming probe: a Bash call that would write ``target`` (under OVERLORD_HOME)."""
    return "Bash", {"command": f"echo overlord-probe > {shlex.quote(target)}",
                    "description": "Overlord's arming probe (the guard must deny it)"}


# -- the stream-json records ---------------------------------------------------------------


def _str(v: Any) -> str:
    return v if isinstance(v, str) else ""


def _opt_str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def micro_usd(value: Any) -> int:
    """Dollars (a JSON number) as integer micro-dollars, rounded half up; 0 when not a number,
    clamped to ``[0, INT_CAP]``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return 0
    try:
        n = int((Decimal(str(value)) * 1_000_000).to_integral_value(rounding="ROUND_HALF_UP"))
    except (InvalidOperation, ValueError, OverflowError):
        return 0
    return clamp_count(n)[0]


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [c.get("text", "") for c in content if isinstance(c, dict) and c.get("type") == "text"]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _hook_denied(meta: Any) -> set[str]:
    """Tool use ids whose result the CLI marks as refused by a hook (``tool_result_meta``)."""
    out: set[str] = set()
    for m in meta if isinstance(meta, list) else []:
        if isinstance(m, Mapping) and isinstance(m.get("permission_decision"), Mapping):
            pd = m["permission_decision"]
            if pd.get("decision") == "reject" and pd.get("source") == "hook":
                out.add(_str(m.get("id")))
    return out


def _turn(msg: Mapping[str, Any]) -> tuple[Record, ...]:
    blocks = [b for b in msg.get("content") or [] if isinstance(b, Mapping)]
    uses = tuple(ToolUsed(_str(b.get("id")), _str(b.get("name")),
                          b["input"] if isinstance(b.get("input"), Mapping) else {})
                 for b in blocks if b.get("type") == "tool_use")
    given = msg.get("usage")
    usage: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    tin, c1 = clamp_count(usage.get("input_tokens"))
    tout, c2 = clamp_count(usage.get("output_tokens"))
    turn = Turn(
        _str(msg.get("id")), _opt_str(msg.get("model")),
        "".join(_str(b.get("text")) for b in blocks if b.get("type") == "text"),
        "".join(_str(b.get("thinking")) for b in blocks if b.get("type") == "thinking"),
        tuple(u.id for u in uses), tin, tout, c1 or c2,
    )
    return (turn, *uses)


def parse_event(obj: Mapping[str, Any]) -> tuple[Record, ...]:
    """The records of one decoded stream-json event."""
    kind = _str(obj.get("type"))
    subtype = _opt_str(obj.get("subtype"))
    if kind == "system" and subtype == "init":
        tools = obj.get("tools")
        names = tuple(t for t in tools if isinstance(t, str)) if isinstance(tools, list) else ()
        return (SessionStarted(_str(obj.get("session_id")), _opt_str(obj.get("model")),
                               _opt_str(obj.get("claude_code_version")), names, _opt_str(obj.get("cwd")),
                               _opt_str(obj.get("permissionMode"))),)
    if kind == "assistant" and isinstance(obj.get("message"), Mapping):
        return _turn(obj["message"])
    if kind == "user" and isinstance(obj.get("message"), Mapping):
        content = obj["message"].get("content")
        if isinstance(content, list):
            denied = _hook_denied(obj.get("tool_result_meta"))
            results = tuple(ToolReturned(_str(b.get("tool_use_id")), _content_text(b.get("content")),
                                         b.get("is_error") is True, _str(b.get("tool_use_id")) in denied)
                            for b in content if isinstance(b, Mapping) and b.get("type") == "tool_result")
            if results:
                return results
    if kind == "result":
        turns, clamped = clamp_count(obj.get("num_turns"))
        return (Finished(subtype or "", obj.get("is_error") is True, turns, micro_usd(obj.get("total_cost_usd")),
                         _str(obj.get("session_id")), _str(obj.get("result")),
                         turn_limit=subtype == "error_max_turns", clamped=clamped),)
    return (Other(kind, subtype, obj),)


def parse_line(line: str | bytes) -> tuple[Record, ...]:
    """The records of one stream-json line (empty for a blank line). Never raises."""
    try:
        obj = stream_object(line)
        if obj is None or isinstance(obj, Malformed):
            return () if obj is None else (obj,)
        return parse_event(obj)
    except Exception as e:  # noqa: BLE001 - documented never to raise: a line the parser cannot read is Malformed
        return (Malformed(str(line)[:4096], f"{type(e).__name__}: {e}"[:200]),)


def parse_stream(lines: Iterable[str | bytes]) -> list[Record]:
    """Every record of a stream, in order."""
    return [r for line in lines for r in parse_line(line)]


# -- the runtime ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClaudeCode:
    """The Claude Code CLI as a :class:`~overlord.adapters.runtimes.base.Runtime`."""

    name: str = NAME
    executable: str | None = EXECUTABLE
    caps: RuntimeCaps = RuntimeCaps(turn_limit=True, resume=True, hooks=True, stream=True, connector=True,
                                    turns=True)
    api: str | None = "anthropic"
    tools: Mapping[str, str] = field(default_factory=lambda: dict(TOOLS))
    known_versions: tuple[str, ...] = KNOWN_VERSIONS

    def find_binary(self, explicit: str | None, *, search_dirs: Sequence[Path], path: str | None) -> Path:
        """See :func:`find_binary`."""
        return find_binary(explicit, search_dirs=search_dirs, path=path)

    def version(self, binary: Path) -> str | None:
        """``claude --version`` (e.g. ``2.1.332``)."""
        return read_version(binary)

    def invocation(self, launch: Launch) -> Invocation:
        """The :class:`Invocation` for ``launch`` (a resume continues ``launch.resume``)."""
        inv = Invocation(prompt=launch.prompt, max_turns=launch.max_turns, allowed_tools=ALLOWED_TOOL_FLAGS,
                         model=launch.model)
        return replace(inv, resume=launch.resume) if launch.resume else inv

    def argv(self, binary: Path | None, launch: Launch) -> list[str]:
        """Print mode, stream-json, the turn cap, the model, ``--resume`` on a resume."""
        if binary is None:
            raise RuntimeNotInstalled("the Claude Code CLI was not resolved", INSTALL_HINT)
        return build_argv(binary, self.invocation(launch))

    def env(self, launch: Launch) -> dict[str, str]:
        """The connector's URL and the run's own key; HOME the run's own."""
        return build_env(base_url=launch.connector_url or "", api_key=launch.api_key or "", home=launch.home,
                         host_env=launch.host_env, extra=launch.extra_env)

    def parse_line(self, line: bytes) -> tuple[Record, ...]:
        """See :func:`parse_line`."""
        return parse_line(line)

    def guard_settings(self, hook: HookCommands, *, sandboxed: bool) -> GuardSettings:
        """See :func:`guard_settings`."""
        return guard_settings(hook, sandboxed=sandboxed)

    def probe_call(self, target: str) -> tuple[str, dict] | None:
        """See :func:`probe_call`."""
        return probe_call(target)

    # -- the ground truth ------------------------------------------------------------------

    hook_format: str = "claude"
    root_hook: bool = True
    home_uncarried: tuple[str, ...] = ()

    def probe_payloads(self, root: str) -> list[dict[str, Any]]:
        """A Write outside the root and a ``git commit``."""
        from overlord.adapters.hooks.install import probe_payloads

        return probe_payloads(root)

    def probe_key(self, payload: Mapping[str, Any]) -> str:
        """The payload's ``tool_use_id``."""
        return str(payload.get("tool_use_id") or "")

    def hook_id(self, payload: Mapping[str, Any]) -> str | None:
        """``tool_use_id`` (the model's own id)."""
        tid = payload.get("tool_use_id")
        return tid if isinstance(tid, str) else ""

    def hook_matches(self, use: ModelToolUse, payload: Mapping[str, Any]) -> bool:
        """The same tool with the model's input; the CLI adds defaults (``replace_all:
        false``) that the model did not write."""
        if TOOL_ALIASES.get(str(payload.get("tool_name")), payload.get("tool_name")) != \
                TOOL_ALIASES.get(use.tool, use.tool):
            return False
        inp = as_dict(payload.get("tool_input"))
        given = payload.get("cwd")
        cwd = given if isinstance(given, str) else "/"

        def path(v: Any) -> Any:  # the CLI makes a relative path absolute from its cwd
            return posixpath.normpath(posixpath.join(cwd, v)) if isinstance(v, str) and v else v

        def view(d: Mapping[str, Any]) -> dict[str, Any]:
            return {k: path(v) if k in PATH_KEYS else v for k, v in d.items()}

        shown = {k: v for k, v in inp.items() if k in use.input or v not in (False, None, "", [], {})}
        return view(shown) == view(use.input)

    def guard_calls(self, payload: Mapping[str, Any], use: ModelToolUse | None) -> list[ToolCall]:
        """The payload itself (the guard's table is Claude's)."""
        return [ToolCall.from_json(dict(payload))]

    def stream_matches(self, use: ModelToolUse, record: ToolUsed) -> bool:
        """The model's id and tool."""
        return record.id == use.id and record.name == use.tool

    def refused_before_hook(self, use: ModelToolUse, result: Carried) -> bool:
        """Claude Code's own refusals (no such tool, input that fails validation) are errors
        whose text starts with ``<tool_use_error>``; a tool's own output never does (a failed
        Bash call starts with ``Exit code``)."""
        return result.is_error and result.text.lstrip().startswith("<tool_use_error>")

    def unguardable(self, use: ModelToolUse) -> str | None:
        """Every Claude Code tool goes through PreToolUse."""
        return None


RUNTIME = ClaudeCode()
"""The registry's Claude Code runtime."""

"""The runtime interface: what supervision needs to know of an agent CLI, behind one Protocol.

A runtime says how to find its binary and read its version, the argv and the environment (an
allow-list) of one attempt (a first start or a resume of its native session), which connector
API it speaks, how to parse its native event stream into runtime-neutral records
(:mod:`overlord.domain.runtime_records`), its native caps, and its tool table (native tool
name to the guard's capability). Supervision, the decision service, the layers and the views
use only this interface; each runtime's own knowledge stays in its module.

Two parts of it keep the guard's hook out of the agent's reach (the agent can run any code
inside its sandbox, so nothing there is trusted):

* :meth:`Runtime.guard_settings` says where the runtime's hook lives so that the agent cannot
  switch it off: settings directories bound read-only into the sandbox where the CLI gives
  them precedence (``system``), config files the hook lives in under a HOME the runtime must
  write (``locked``), and the settings files under the runtime's HOME or the worker root that
  could disable hooks or widen permissions, which Overlord writes (or finds) before each start
  and checks by hash on every tool use (``home``, ``project``);
* :meth:`Runtime.probe_call` is the tool call the runtime is made to ask for, through its own
  CLI, before the run: the hook must be asked about it and deny it (arming proven live
  through the CLI, not by calling the hook directly).

And the parts that make the model's answers the ground truth of which tool calls exist
(:mod:`overlord.domain.tool_uses`): which output format its hook reads
(:attr:`Runtime.hook_format`), how a hook payload becomes the guard's Claude-named
:class:`~overlord.domain.guard.ToolCall` values (:meth:`Runtime.guard_calls`), and how a
payload, a stream record or a tool result is matched to a tool use the model asked for
(:meth:`Runtime.hook_id`, :meth:`Runtime.hook_matches`, :meth:`Runtime.stream_matches`,
:meth:`Runtime.refused_before_hook`, :meth:`Runtime.unguardable`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from overlord.domain.guard.call import ToolCall
from overlord.domain.runtime_records import Malformed, Record, ToolUsed
from overlord.domain.tool_uses import Carried, ModelToolUse
from overlord.errors import OverlordError

ENV_PASSTHROUGH = ("PATH", "LANG", "LC_ALL", "TZ", "TERM")
"""Host variables a runtime may inherit (an allow-list; everything else is dropped)."""

DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"

CAPABILITIES = ("shell", "write", "edit", "read", "fetch", "sub_agent", "bookkeeping", "denied")
"""What a native tool does, as the guard judges it (``bookkeeping``: no side effect;
``denied``: never allowed)."""


class RuntimeNotInstalled(OverlordError):
    """A runtime's CLI was not found, or the path given is not an executable file."""


@dataclass(frozen=True)
class RuntimeCaps:
    """What a runtime can do natively: ``turn_limit`` (a max-turns flag), ``resume`` (continue
    a native session by id), ``hooks`` (a PreToolUse-style hook whose deny stops a call),
    ``stream`` (a native event stream on stdout), ``connector`` (it calls a model API that the
    connector serves), ``turns`` (its stream reports each model turn, with its message id and
    tokens; else the turns are recorded from the answers the connector served)."""

    turn_limit: bool = False
    resume: bool = False
    hooks: bool = False
    stream: bool = False
    connector: bool = False
    turns: bool = False


@dataclass(frozen=True)
class Launch:
    """One attempt of a runtime.

    Args:
        prompt: the first message (the goal, or the resume prompt).
        home: the per-run HOME (writable inside the sandbox).
        host_env: the caller's environment; only :data:`ENV_PASSTHROUGH` is taken from it.
        extra_env: variables set as given (OVERLORD_SOCKET, OVERLORD_RUN_ID, TMPDIR, ...).
        model: the model to ask for, or ``None`` for the runtime's default.
        max_turns: the native turn cap, or ``None``.
        resume: a native session id to continue, or ``None`` for a first start.
        connector_url: the connector's base URL (runtimes with ``caps.connector``).
        api_key: the run's own key the runtime sends to the connector (random per run; never an upstream key).
        command: the argv of the ``command`` runtime.
    """

    prompt: str
    home: Path
    host_env: Mapping[str, str] = field(default_factory=dict)
    extra_env: Mapping[str, str] = field(default_factory=dict)
    model: str | None = None
    max_turns: int | None = None
    resume: str | None = None
    connector_url: str | None = None
    api_key: str | None = None
    command: tuple[str, ...] = ()


@dataclass(frozen=True)
class HookCommands:
    """The guard's hook as a runtime's settings name it: ``pre`` runs before every tool call,
    ``post`` (or ``None``) after a tool that can change the workspace; ``timeout_s`` is the
    runtime's own deadline for one hook run."""

    pre: str
    post: str | None = None
    timeout_s: int = 15


@dataclass(frozen=True)
class GuardSettings:
    """Where a runtime's hook lives out of the agent's reach, and which settings Overlord owns.

    Args:
        system: ``(path in the sandbox, {file name: bytes})``: directories Overlord writes on
            the host and binds read-only into the sandbox, where the CLI reads settings that
            take precedence over the user's and the project's (Claude Code's managed settings
            at ``/etc/claude-code``). Only used inside the sandbox.
        home: ``{path relative to HOME: bytes}``: every settings file under the runtime's
            HOME that could disable hooks or widen permissions; written before each start and
            checked by hash on every tool use and at each tick (a change is ``guard_tamper``
            and stops the run with stop code ``policy``).
        locked: ``{path relative to HOME: bytes}``: files under HOME that carry the hook itself
            in a directory the runtime must write (a config file in a writable config home):
            written before each start, bound read-only over themselves inside the sandbox, and
            checked by hash like ``home``.
        project: paths relative to the worker root of the settings files the CLI reads there
            that could disable hooks or widen permissions: their directories are bound
            read-only inside the sandbox, and each file is checked by hash against what it was
            at arming (a change is ``guard_tamper``).
        env: variables the runtime needs to find them (a settings path, a config home).
        live: where the hook is, for the record (``GuardArmed.settings_path``).
    """

    system: tuple[tuple[str, Mapping[str, bytes]], ...] = ()
    home: Mapping[str, bytes] = field(default_factory=dict)
    locked: Mapping[str, bytes] = field(default_factory=dict)
    project: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    live: str = ""


@runtime_checkable
class Runtime(Protocol):
    """An agent runtime. Implementations live in this package, one module each, and are
    picked by short name from the closed registry (:mod:`overlord.adapters.runtimes.registry`)."""

    # read-only members (the runtimes are frozen dataclasses)
    @property
    def name(self) -> str:
        """The short name a mission uses (``claude-code``, ``command``, ...)."""
        ...

    @property
    def executable(self) -> str | None:
        """The CLI's command name on PATH (``None``: the mission gives the command)."""
        ...

    @property
    def caps(self) -> RuntimeCaps:
        """Native capabilities."""
        ...

    @property
    def api(self) -> str | None:
        """The model API the connector must speak for it (``anthropic``, ...), or ``None``."""
        ...

    @property
    def tools(self) -> Mapping[str, str]:
        """Native tool name -> capability (one of :data:`CAPABILITIES`); a tool not here is denied."""
        ...

    def find_binary(self, explicit: str | None, *, search_dirs: Sequence[Path], path: str | None) -> Path:
        """The binary to run (see :func:`find_executable`).

        Raises:
            RuntimeNotInstalled: nothing found, or ``explicit`` is not an executable file.
        """
        ...

    def version(self, binary: Path) -> str | None:
        """The CLI's version as it prints it, or ``None`` when it cannot say."""
        ...

    def argv(self, binary: Path | None, launch: Launch) -> list[str]:
        """The whole argv of one attempt (a resume when ``launch.resume`` is set)."""
        ...

    def env(self, launch: Launch) -> dict[str, str]:
        """The attempt's whole environment, built from an allow-list."""
        ...

    def parse_line(self, line: bytes) -> tuple[Record, ...]:
        """The runtime-neutral records of one line of native output. Never raises."""
        ...

    def guard_settings(self, hook: HookCommands, *, sandboxed: bool) -> GuardSettings:
        """Where this runtime's hook lives out of the agent's reach (see :class:`GuardSettings`);
        ``sandboxed`` is false under ``--no-sandbox`` (no ``system`` directory can be bound).

        Raises:
            ConfigError: the machine's own settings for the runtime cannot be read or merged.
        """
        ...

    def probe_call(self, target: str) -> tuple[str, dict] | None:
        """The native tool call (tool name, input) that the arming probe makes the runtime ask
        for: it would write the file ``target`` (under OVERLORD_HOME, so the guard always
        denies it). ``None``: the runtime has no CLI to probe through (its hook is proven by
        calling it directly)."""
        ...

    @property
    def hook_format(self) -> str:
        """The output format its hook reads from the hook client (``claude`` or ``gemini``)."""
        ...

    @property
    def root_hook(self) -> bool:
        """Whether the hook is also merged into the worker root's ``.claude/settings.json``
        (Claude Code's project settings, restored after the run; the live hook under
        ``--no-sandbox``)."""
        ...

    @property
    def home_uncarried(self) -> tuple[str, ...]:
        """Glob patterns (relative to HOME) of the runtime's own files that a resumed run's
        HOME does not inherit from the run it resumes: state that names the old HOME by its
        absolute path (Codex's thread index), which the CLI rebuilds from its session files."""
        ...

    def probe_payloads(self, root: str) -> list[dict[str, Any]]:
        """Two synthetic hook payloads in this CLI's shape that the guard must deny (a write
        outside the root, a git commit): the direct probes of the installed hook command."""
        ...

    def probe_key(self, payload: Mapping[str, Any]) -> str:
        """What marks a payload as a direct probe (its tool use id, or its probe marker)."""
        ...

    def hook_id(self, payload: Mapping[str, Any]) -> str | None:
        """The tool use id a hook payload names (``None``: this CLI gives none)."""
        ...

    def hook_matches(self, use: ModelToolUse, payload: Mapping[str, Any]) -> bool:
        """Whether a hook payload shows the tool use the model asked for (tool and input)."""
        ...

    def guard_calls(self, payload: Mapping[str, Any], use: ModelToolUse | None) -> list[ToolCall]:
        """The guard's calls for one tool use (its own tool names; the model's input when
        ``use`` is known); the decision is the first deny. An unknown tool becomes a call the
        guard denies as ``unknown_tool``.

        Raises:
            MalformedCallError: the payload is not a tool call.
        """
        ...

    def stream_matches(self, use: ModelToolUse, record: ToolUsed) -> bool:
        """Whether a stream's tool-call record shows ``use``."""
        ...

    def refused_before_hook(self, use: ModelToolUse, result: Carried) -> bool:
        """Whether the CLI refused a call itself before its hook ran (an unknown tool, input
        that fails its schema): such a call needs no decision."""
        ...

    def unguardable(self, use: ModelToolUse) -> str | None:
        """Why a tool use cannot be decided by this CLI's hook (it runs without one), or
        ``None``. The connector withholds an answer asking for one."""
        ...


def project_local(search_dirs: Iterable[Path], runtime: str, executable: str) -> Path | None:
    """A project-local npm install of ``executable``: in each directory and its ancestors,
    ``.tools/<runtime>/node_modules/.bin/<executable>`` or ``node_modules/.bin/<executable>``
    (the first executable file found)."""
    seen: set[Path] = set()
    for start in search_dirs:
        for d in (Path(start), *Path(start).parents):
            if d in seen:
                continue
            seen.add(d)
            for candidate in (d / ".tools" / runtime / "node_modules" / ".bin" / executable,
                              d / "node_modules" / ".bin" / executable):
                if candidate.is_file() and os.access(candidate, os.X_OK):
                    return candidate
    return None


def find_executable(runtime: str, executable: str, explicit: str | None, *, search_dirs: Sequence[Path],
                    path: str | None, install_hint: str) -> Path:
    """Find a runtime's binary as a user has it: ``explicit`` (``[mission] binary``) when
    given, else a project-local install under ``search_dirs`` (the mission's directory and its
    ancestors), else ``executable`` on ``path`` (a PATH string).

    Raises:
        RuntimeNotInstalled: nothing found, or ``explicit`` is not an executable file.
    """
    if explicit:
        p = Path(explicit).expanduser()
        if p.is_file() and os.access(p, os.X_OK):
            return p.resolve()
        raise RuntimeNotInstalled(f"the {runtime} CLI {p} is not an executable file",
                                  f"fix [mission] binary, or remove it to use {executable!r} from PATH")
    local = project_local(search_dirs, runtime, executable)
    if local is not None:
        return local.resolve()
    found = shutil.which(executable, path=path if path is not None else DEFAULT_PATH)
    if found:
        return Path(found).resolve()
    raise RuntimeNotInstalled(f"the {runtime} CLI ({executable}) is not installed: not in [mission] binary, "
                              f"a project-local node_modules, or PATH", install_hint)


_VERSION = re.compile(r"(\d+\.\d+\.\d+[0-9A-Za-z.+-]*)")


def read_version(binary: Path, args: Sequence[str] = ("--version",), *, env: Mapping[str, str] | None = None,
                 timeout_s: float = 20.0) -> str | None:
    """The first ``X.Y.Z`` the binary prints for ``--version``, or ``None`` (it failed, timed
    out, or printed no version)."""
    try:
        proc = subprocess.run([str(binary), *args], capture_output=True, timeout=timeout_s, stdin=subprocess.DEVNULL,
                              env=dict(env) if env is not None else {"PATH": DEFAULT_PATH, "HOME": "/nonexistent"})
    except (OSError, subprocess.SubprocessError):
        return None
    m = _VERSION.search(proc.stdout.decode("utf-8", "replace") + proc.stderr.decode("utf-8", "replace"))
    return m.group(1) if m else None


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object (a dict), else an empty one."""
    return value if isinstance(value, dict) else {}


def passthrough_env(host_env: Mapping[str, str]) -> dict[str, str]:
    """The allow-listed part of ``host_env`` (PATH defaulted)."""
    env = {k: v for k, v in host_env.items() if k in ENV_PASSTHROUGH}
    env.setdefault("PATH", DEFAULT_PATH)
    return env


MAX_DEPTH = 64
"""Deeper JSON than this is not a line a CLI printed: it is Malformed."""


def _too_deep(text: str) -> bool:
    """Whether brackets nest deeper than :data:`MAX_DEPTH` (a cheap scan before decoding)."""
    depth = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def stream_object(line: str | bytes) -> dict[str, Any] | Malformed | None:
    """One line of a CLI's JSON-lines event stream as an object: ``None`` for a blank line, a
    :class:`~overlord.domain.runtime_records.Malformed` for one that is not a JSON object (bad
    UTF-8 is replaced, nesting past :data:`MAX_DEPTH` refused before decoding). Never raises
    for bad input."""
    text = (line.decode("utf-8", "replace") if isinstance(line, bytes) else line).strip()
    if not text:
        return None
    if text.count("[") + text.count("{") > MAX_DEPTH and _too_deep(text):
        return Malformed(text[:4096], f"nests deeper than {MAX_DEPTH} levels")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as e:
        return Malformed(text[:4096], str(e)[:200])
    return obj if isinstance(obj, dict) else Malformed(text[:4096], "not a JSON object")

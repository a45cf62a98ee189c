"""The Gemini CLI runtime (``@google/gemini-cli``): ``gemini -p ... -o stream-json`` against the
connector's Gemini API, its ``BeforeTool`` hook in system settings out of the agent's reach.

What this module knows of Gemini CLI 0.61 (verified against the pinned CLI, see FACTS.md):

* Non-interactive runs need ``--skip-trust`` and ``--approval-mode yolo`` (else the shell and
  write tools are left out) and ``-m`` (else a router model is asked first);
  ``GEMINI_CLI_NO_RELAUNCH`` spares a second start of Node.
* The hook lives in the *system* settings (``/etc/gemini-cli/settings.json``, named by
  ``GEMINI_CLI_SYSTEM_SETTINGS_PATH``), which take precedence over the user's and the project's.
  The CLI ignores that file when a parent directory is group- or world-writable; inside the
  jail it is Overlord's directory bound read-only, ``/etc`` rebuilt around it. But
  ``hooksConfig.disabled`` is merged as a union of every layer, so the user's settings
  (``~/.gemini/settings.json``) and the root's (``.gemini/settings.json``) could still name the
  guard's hook: the first is Overlord's, written before each start, and both are checked by
  hash on every tool use. Bare (``--no-sandbox``) the hook is in the user settings. The
  variables that name settings files are set, so no ``.env`` file the agent writes can name
  others.
* The hook payload has no tool-use id and carries the tool's arguments as the model wrote them:
  a decision is matched to the model's call by tool and input. The hook answers
  ``{"decision": "allow"|"deny", "reason"}`` (``--format gemini``).
* ``--resume ID`` continues a session from ``~/.gemini/tmp/<project>/chats``. A resume that
  starts in a later minute first writes a new file for the same session holding only the
  session context; the CLI's session cleanup (on by default, at every start, the arming
  probe's included) counts that file as not resumable and deletes every file of the session
  with it, and the next resume fails ("Invalid session identifier", exit 42). The system
  settings switch the cleanup off (``general.sessionRetention.enabled``; measured with 0.61).
* ``-o stream-json`` prints ``init`` (the session id), ``tool_use`` / ``tool_result`` (with the
  CLI's ``tool_id``) and ``result``. A call whose parameters fail the tool's schema, or of a tool
  it does not have, is answered with an error and no hook.
"""

from __future__ import annotations

import json
import os
import shlex
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
from overlord.domain.guard.call import MalformedCallError, ToolCall
from overlord.domain.runtime_records import Finished, Malformed, Other, Record, SessionStarted, ToolReturned, ToolUsed
from overlord.domain.tool_uses import Carried, ModelToolUse

NAME = "gemini"
EXECUTABLE = "gemini"
NPM_PACKAGE = "@google/gemini-cli"
PINNED_VERSION = "0.61.0"
KNOWN_VERSIONS = ("0.61.0",)
INSTALL_HINT = f"npm install -g {NPM_PACKAGE}@{PINNED_VERSION}, or set [mission] binary"
DEFAULT_MODEL = "gemini-2.5-pro"
SYSTEM_DIR = "/etc/gemini-cli"
"""Where the CLI reads its system settings on Linux (``settings.json``; ``system-defaults.json``
beside it): inside the sandbox, Overlord's directory bound read-only (``/etc`` rebuilt around
it, no parent writable by others, which the CLI requires of that file)."""
USER_SETTINGS = ".gemini/settings.json"
"""The user settings under HOME: merged below the system's, but ``hooksConfig.disabled`` is a
union of every layer, so a name there would switch the guard off: written by Overlord before
each start and watched by hash (the worker root's own ``.gemini/settings.json`` is watched too)."""
HOOK_NAME = "overlord-guard"

TOOLS: dict[str, str] = {
    "run_shell_command": "shell",
    "write_file": "write",
    "replace": "edit",
    "read_file": "read",
    "read_many_files": "read",
    "list_directory": "read",
    "glob": "read",
    "grep_search": "read",
    "web_fetch": "fetch",
    "google_web_search": "fetch",
    "invoke_agent": "sub_agent",
    "update_topic": "bookkeeping",
    "write_todos": "bookkeeping",
    "enter_plan_mode": "bookkeeping",
    "exit_plan_mode": "bookkeeping",
    "list_background_processes": "bookkeeping",
    "read_background_output": "bookkeeping",
    "activate_skill": "bookkeeping",
    "save_memory": "denied",
}
"""Gemini's tools (yolo mode) and what each does; a tool not here is denied."""


def _path(inp: Mapping[str, Any], *keys: str) -> str | None:
    for k in keys:
        if isinstance(inp.get(k), str) and inp[k]:
            return str(inp[k])
    return None


def _str(v: Any) -> str:
    return v if isinstance(v, str) else ""


def parse_line(line: str | bytes) -> tuple[Record, ...]:
    """The records of one stream-json line. Never raises."""
    try:
        obj = stream_object(line)
        if obj is None or isinstance(obj, Malformed):
            return () if obj is None else (obj,)
        kind = _str(obj.get("type"))
        if kind == "init":
            return (SessionStarted(_str(obj.get("session_id")), obj.get("model") if isinstance(obj.get("model"), str) else None),)
        if kind == "tool_use":
            params = as_dict(obj.get("parameters"))
            return (ToolUsed(_str(obj.get("tool_id")), _str(obj.get("tool_name")), params),)
        if kind == "tool_result":
            err = as_dict(obj.get("error"))
            out = obj.get("output")
            content = out if isinstance(out, str) else _str(err.get("message"))
            denied = "hook" in _str(err.get("type")).lower() or "blocked" in _str(err.get("message")).lower()
            return (ToolReturned(_str(obj.get("tool_id")), content, obj.get("status") != "success", denied),)
        if kind == "result":
            status = _str(obj.get("status"))
            err = as_dict(obj.get("error"))
            return (Finished(status or "unknown", status != "success", result=_str(err.get("message"))),)
        return (Other(kind, None, obj),)
    except Exception as e:  # noqa: BLE001 - documented never to raise
        return (Malformed(str(line)[:4096], f"{type(e).__name__}: {e}"[:200]),)


def settings_json(hook: HookCommands) -> dict[str, Any]:
    """The settings that carry the guard: the ``BeforeTool`` hook on every tool (and the
    ``AfterTool`` notifier), hooks on and none disabled; no telemetry, usage statistics or
    updates; the API key auth; no session cleanup (a session a later run resumes is kept)."""
    ms = hook.timeout_s * 1000
    hooks: dict[str, Any] = {"BeforeTool": [{"matcher": ".*", "hooks": [
        {"name": HOOK_NAME, "type": "command", "command": hook.pre, "timeout": ms}]}]}
    if hook.post:
        hooks["AfterTool"] = [{"matcher": "run_shell_command|write_file|replace", "hooks": [
            {"name": "overlord-layers", "type": "command", "command": hook.post, "timeout": ms}]}]
    return {"hooksConfig": {"enabled": True, "disabled": []}, "hooks": hooks,
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "privacy": {"usageStatisticsEnabled": False}, "telemetry": {"enabled": False},
            "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False,
                        "sessionRetention": {"enabled": False}}}


def _json(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, indent=2, sort_keys=True) + "\n").encode()


@dataclass(frozen=True)
class Gemini:
    """The Gemini CLI as a :class:`~overlord.adapters.runtimes.base.Runtime`."""

    name: str = NAME
    executable: str | None = EXECUTABLE
    caps: RuntimeCaps = RuntimeCaps(turn_limit=False, resume=True, hooks=True, stream=True, connector=True)
    api: str | None = "gemini"
    tools: Mapping[str, str] = field(default_factory=lambda: dict(TOOLS))
    known_versions: tuple[str, ...] = KNOWN_VERSIONS
    hook_format: str = "gemini"
    root_hook: bool = False
    home_uncarried: tuple[str, ...] = ()
    default_model: str = DEFAULT_MODEL

    def find_binary(self, explicit: str | None, *, search_dirs: Sequence[Path], path: str | None) -> Path:
        """``[mission] binary``, a project-local install, else ``gemini`` on PATH."""
        return find_executable(NAME, EXECUTABLE, explicit, search_dirs=search_dirs, path=path, install_hint=INSTALL_HINT)

    def version(self, binary: Path) -> str | None:
        """``gemini --version``."""
        return read_version(binary, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/nonexistent",
                                         "GEMINI_CLI_NO_RELAUNCH": "true"})

    def argv(self, binary: Path | None, launch: Launch) -> list[str]:
        """Print mode, stream-json, yolo, the model; ``--resume ID`` on a resume."""
        if binary is None:
            raise RuntimeNotInstalled("the Gemini CLI was not resolved", INSTALL_HINT)
        argv = [str(binary), "-p", launch.prompt, "-o", "stream-json", "--skip-trust", "--approval-mode", "yolo",
                "-m", launch.model or DEFAULT_MODEL]
        return [*argv, "--resume", launch.resume] if launch.resume else argv

    def env(self, launch: Launch) -> dict[str, str]:
        """HOME the run's own (also as ``GEMINI_CLI_HOME``, so no ``.env`` file can move it), the
        connector's origin, the per-run dummy key."""
        env = passthrough_env(launch.host_env)
        env.update({"HOME": str(launch.home), "GEMINI_CLI_HOME": str(launch.home), "GEMINI_API_KEY": launch.api_key or "none",
                    "GOOGLE_GEMINI_BASE_URL": (launch.connector_url or "").rstrip("/"),
                    "GEMINI_CLI_NO_RELAUNCH": "true", "NO_COLOR": "1", "NO_BROWSER": "1"})
        env.update(launch.extra_env)
        return env

    def parse_line(self, line: bytes) -> tuple[Record, ...]:
        """See :func:`parse_line`."""
        return parse_line(line)

    # -- the guard ----------------------------------------------------------------------

    def guard_settings(self, hook: HookCommands, *, sandboxed: bool) -> GuardSettings:
        """In the sandbox: the system settings at :data:`SYSTEM_DIR` (read-only), the user
        settings under HOME Overlord's own (``{}``, watched). Bare (``--no-sandbox``), nothing
        can be bound: the hook is in the user settings (watched). Either way the root's own
        ``.gemini/settings.json`` is watched, and the variables that name settings files are
        set so that no ``.env`` file can name others."""
        env = {"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": f"{SYSTEM_DIR}/system-defaults.json"}
        if not sandboxed:
            return GuardSettings(home={USER_SETTINGS: _json(settings_json(hook))}, project=(USER_SETTINGS,), env=env,
                                 live=f"~/{USER_SETTINGS} (user; --no-sandbox)")
        return GuardSettings(system=((SYSTEM_DIR, {"settings.json": _json(settings_json(hook))}),),
                             home={USER_SETTINGS: b"{}\n"}, project=(USER_SETTINGS,),
                             env={**env, "GEMINI_CLI_SYSTEM_SETTINGS_PATH": f"{SYSTEM_DIR}/settings.json"},
                             live=f"{SYSTEM_DIR}/settings.json (system, read-only)")

    def probe_call(self, target: str) -> tuple[str, dict] | None:
        """A ``run_shell_command`` that would write ``target``."""
        return "run_shell_command", {"command": f"echo overlord-probe > {shlex.quote(target)}",
                                     "description": "Overlord's arming probe (the guard must deny it)"}

    def probe_payloads(self, root: str) -> list[dict[str, Any]]:
        """A write outside the root and a ``git commit``, as Gemini sends them."""
        base = {"session_id": "overlord-probe", "transcript_path": "", "cwd": root, "hook_event_name": "BeforeTool",
                "timestamp": "1970-01-01T00:00:00Z"}
        return [{**base, "tool_name": "write_file", "probe": uuid.uuid4().hex,
                 "tool_input": {"file_path": "/etc/overlord-probe", "content": "overlord probe\n"}},
                {**base, "tool_name": "run_shell_command", "probe": uuid.uuid4().hex,
                 "tool_input": {"command": "git commit -m x", "description": "probe"}}]

    def probe_key(self, payload: Mapping[str, Any]) -> str:
        """A direct probe's marker (Gemini payloads carry no tool use id)."""
        return str(payload.get("probe") or "")

    def hook_id(self, payload: Mapping[str, Any]) -> str | None:
        """Gemini names no tool use: ``None`` (matched by tool and input)."""
        return None

    def hook_matches(self, use: ModelToolUse, payload: Mapping[str, Any]) -> bool:
        """The same tool with the same arguments."""
        inp = as_dict(payload.get("tool_input"))
        return payload.get("tool_name") == use.tool and dict(inp) == dict(use.input)

    def guard_calls(self, payload: Mapping[str, Any], use: ModelToolUse | None) -> list[ToolCall]:
        """Each tool as the guard's: shell as Bash (in ``dir_path``), ``write_file`` as Write,
        ``replace`` as Edit, reads as Read/LS/Glob/Grep, fetches, ``invoke_agent`` as a sub-agent."""
        cwd = payload.get("cwd")
        if not isinstance(cwd, str) or not cwd.startswith("/"):
            raise MalformedCallError("the payload has no absolute cwd")
        name = str(payload.get("tool_name") or "")
        inp = dict(use.input) if use is not None else dict(payload.get("tool_input") or {})
        sid = str(payload.get("session_id") or "")
        tid = use.id if use is not None else ""

        def call(tool: str, tool_input: Mapping[str, Any], where: str = cwd) -> ToolCall:
            return ToolCall(tool, tool_input, where, sid, tid)

        if name == "run_shell_command":
            d = _path(inp, "dir_path", "directory")
            return [call("Bash", {"command": inp.get("command")}, os.path.normpath(os.path.join(cwd, d)) if d else cwd)]
        if name == "write_file":
            return [call("Write", {"file_path": inp.get("file_path"), "content": inp.get("content", "")})]
        if name == "replace":
            return [call("Edit", {"file_path": inp.get("file_path"), "old_string": inp.get("old_string", ""),
                                  "new_string": inp.get("new_string", "")})]
        if name in ("read_file", "read_many_files"):
            listed = inp.get("paths")
            paths: list[Any] = listed if isinstance(listed, list) else [_path(inp, "file_path", "absolute_path")]
            return [call("Read", {"file_path": str(p)}) for p in paths if p] or [call("Read", {"file_path": cwd})]
        if name == "list_directory":
            return [call("LS", {"path": _path(inp, "dir_path", "path") or cwd})]
        if name in ("glob", "grep_search"):
            base = {"pattern": inp.get("pattern", "")}
            d = _path(inp, "dir_path", "path")
            return [call("Glob" if name == "glob" else "Grep", {**base, **({"path": d} if d else {})})]
        if name == "web_fetch":
            return [call("WebFetch", {"url": str(inp.get("url") or inp.get("prompt") or "")})]
        if name == "google_web_search":
            return [call("WebSearch", {"query": inp.get("query", "")})]
        if name == "invoke_agent":
            return [call("Task", inp)]
        capability = TOOLS.get(name)
        if capability == "bookkeeping":
            return [call("TodoWrite", inp)]
        return [call(name or "unnamed", inp)]  # denied (save_memory) or unknown: the guard's table denies it

    def stream_matches(self, use: ModelToolUse, record: ToolUsed) -> bool:
        """The same tool with the same parameters."""
        return record.name == use.tool and dict(record.input) == dict(use.input)

    def refused_before_hook(self, use: ModelToolUse, result: Carried) -> bool:
        """The CLI answers a call it refused before its hook (bad parameters, no such tool)
        with an error and nothing else; a call that ran has output."""
        return result.error_only

    def unguardable(self, use: ModelToolUse) -> str | None:
        """Every Gemini tool goes through ``BeforeTool``."""
        return None


RUNTIME = Gemini()
"""The registry's Gemini runtime."""

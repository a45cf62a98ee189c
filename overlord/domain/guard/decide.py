"""The guard's decision: allow or deny one tool call, with a class, a reason and a message.

:func:`decide_tool_call` is pure: where paths land comes from the injected
:class:`~overlord.domain.guard.paths.PathResolver`. It fails closed: any error while deciding
becomes a deny, never an allow. When several classes apply, the first in
:data:`~overlord.domain.guard.classes.CLASS_ORDER` is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from overlord.domain.guard.call import MalformedCallError, ToolCall
from overlord.domain.guard.classes import DenialClass
from overlord.domain.guard.context import Context, Finding
from overlord.domain.guard.messages import denial_message
from overlord.domain.guard.paths import PathResolver, has_glob, join
from overlord.domain.guard.policy import GuardPolicy
from overlord.domain.guard.tools import SUBAGENT_TOOLS, Handling, handling

C = DenialClass


@dataclass(frozen=True)
class Decision:
    """What the guard decided about one tool call.

    Attributes:
        decision: ``"allow"`` or ``"deny"``.
        denial_class: why it was denied (``None`` on an allow).
        reason: what exactly was seen (for people and the ledger).
        message: what the agent is told (empty on an allow).
        classes: every class the call was denied for (the reported one first); an approval
            may lift a deny only when it may lift each of them.
    """

    decision: Literal["allow", "deny"]
    denial_class: DenialClass | None
    reason: str
    message: str = ""
    classes: tuple[DenialClass, ...] = ()

    @property
    def allowed(self) -> bool:
        """True on an allow."""
        return self.decision == "allow"

    def to_json(self) -> dict[str, Any]:
        """The ``guard check`` form: ``{"decision", "class", "reason"}``."""
        return {"decision": self.decision,
                "class": self.denial_class.value if self.denial_class else None,
                "reason": self.reason}


def allow(reason: str = "allowed") -> Decision:
    """An allow with ``reason``."""
    return Decision("allow", None, reason, "")


def deny(denial_class: DenialClass, reason: str, root: str,
         classes: tuple[DenialClass, ...] = ()) -> Decision:
    """A deny of ``denial_class`` with ``reason``; the message names the worker ``root``;
    ``classes`` every class found (default: ``denial_class`` alone)."""
    return Decision("deny", denial_class, reason, denial_message(denial_class, reason, root),
                    classes or (denial_class,))


def decide_tool_call(call: ToolCall, policy: GuardPolicy, *, overlord_home: str,
                     resolver: PathResolver, guard_paths: Iterable[str] = ()) -> Decision:
    """Decide one tool call under ``policy``.

    Args:
        call: the checked tool call.
        policy: the guard policy (``GuardPolicy()`` when there is none: the root is the cwd).
        overlord_home: the OVERLORD_HOME directory (keys and ledger): never read nor written.
        guard_paths: more files of the guard (the policy file, the snapshot directory, the
            hook settings), never written.
        resolver: where paths really land (``..`` collapsed, symlinks followed): every write
            is judged on the path it gives, never on the text.

    Never raises: an error while deciding is a deny (``unparseable``).
    """
    try:
        return _decide(call, policy, overlord_home=overlord_home, resolver=resolver, guard_paths=guard_paths)
    except Exception as e:  # noqa: BLE001 - even building the deny failed: the plainest deny there is
        reason = f"the guard failed while deciding ({type(e).__name__})"
        return Decision("deny", C.UNPARSEABLE, reason, f"Denied (unparseable): {reason}.")


def _decide(call: ToolCall, policy: GuardPolicy, *, overlord_home: str, resolver: PathResolver,
            guard_paths: Iterable[str]) -> Decision:
    root = policy.worker_root or getattr(call, "cwd", "") or "/"
    try:
        ctx = Context(call, policy, overlord_home=overlord_home,
                      guard_paths=tuple(guard_paths), resolver=resolver)
        root = ctx.root
        findings = _judge(call, ctx)
    except RecursionError:
        return deny(C.UNPARSEABLE, "the tool call nests too deeply to judge", root)
    except Exception as e:  # noqa: BLE001 - fail closed on anything
        return deny(C.UNPARSEABLE, f"the guard could not judge the call ({type(e).__name__}: "
                    f"{e})", root)
    if not findings:
        return allow(f"{call.tool_name} allowed")
    first = min(findings, key=lambda f: f.denial_class.rank)
    found = tuple(dict.fromkeys(f.denial_class for f in sorted(findings, key=lambda f: f.denial_class.rank)))
    return deny(first.denial_class, first.reason, root, found)


def decide_payload(payload: object, policy: GuardPolicy, *, overlord_home: str,
                   resolver: PathResolver, guard_paths: Iterable[str] = ()) -> Decision:
    """Decide a raw PreToolUse payload (bytes, text or parsed JSON); malformed is a deny."""
    try:
        call = ToolCall.from_json(payload)
    except MalformedCallError as e:
        return deny(C.UNPARSEABLE, f"malformed tool call: {e.message}",
                    policy.worker_root or "the worker root")
    except Exception as e:  # noqa: BLE001 - fail closed on anything
        return deny(C.UNPARSEABLE, f"malformed tool call ({type(e).__name__})",
                    policy.worker_root or "the worker root")
    return decide_tool_call(call, policy, overlord_home=overlord_home,
                            guard_paths=guard_paths, resolver=resolver)


def _judge(call: ToolCall, ctx: Context) -> list[Finding]:
    name = call.tool_name
    how, cls = handling(name)
    if how is Handling.ALLOWED:
        return []
    if how is Handling.DENIED:
        assert cls is not None
        if cls is C.UNKNOWN_TOOL and name in ctx.policy.allow_tools:
            return _tool_reads(call, ctx)
        if cls is C.NATIVE_SUBAGENT and ctx.policy.allow_native_subagents:
            return []
        what = "an MCP tool" if name.startswith("mcp__") else "a tool the guard does not know"
        reason = (f"{name} is {what}" if cls is C.UNKNOWN_TOOL
                  else f"the {name} tool is denied as {cls.value}")
        return [Finding(cls, reason)]
    data = call.tool_input
    if name == "Bash":
        command = data.get("command")
        if not isinstance(command, str):
            return [Finding(C.UNPARSEABLE, "Bash without a command string")]
        from overlord.domain.guard.commands import BashJudge

        return BashJudge(ctx).judge_script(command, (ctx.cwd,))
    if name in ("Write", "Edit", "MultiEdit", "NotebookEdit"):
        key = "notebook_path" if name == "NotebookEdit" else "file_path"
        path = data.get(key)
        if not isinstance(path, str) or not path:
            return [Finding(C.UNPARSEABLE, f"{name} without a {key}")]
        if "\x00" in path:
            return [Finding(C.UNPARSEABLE, f"{name} {key} holds a NUL byte")]
        if path == "~" or path.startswith("~/"):
            path = ctx.expand_tilde(path)
        return ctx.judge_write(path, ctx.cwd, what=name)
    if name in ("Read", "Glob", "Grep", "LS", "NotebookRead"):
        return _tool_reads(call, ctx)
    if name in ("WebFetch", "WebSearch"):
        return _web(call, ctx)
    if name in SUBAGENT_TOOLS:
        if ctx.policy.allow_native_subagents:
            return []
        return [Finding(C.NATIVE_SUBAGENT, f"{name} starts a native sub-agent")]
    return [Finding(C.UNKNOWN_TOOL, f"{name} is a tool the guard does not know")]


def _tool_reads(call: ToolCall, ctx: Context) -> list[Finding]:
    """A read-only tool may read anything but OVERLORD_HOME (recursively for searches).

    Path fields (``file_path``, ``notebook_path``, ``path``) are always paths; any other
    string that looks like one (a pattern, a glob) is judged from the cwd and from ``path``.
    """
    data = call.tool_input
    recursive = call.tool_name in ("Glob", "Grep", "LS")
    findings: list[Finding] = []
    bases = [ctx.cwd]
    base = data.get("path")
    if isinstance(base, str) and base and "\x00" not in base:
        bases.append(join(ctx.cwd, ctx.expand_tilde(base)))
    path_keys = ("file_path", "notebook_path", "path")
    named = [(v, True) for k, v in data.items() if k in path_keys and isinstance(v, str)]
    others = [(v, False) for k, v in data.items() if k not in path_keys for v in _strings(v)]
    for value, is_path in named + others:
        if "\x00" in value:
            findings.append(Finding(C.UNPARSEABLE, f"{call.tool_name} input holds a NUL byte"))
            continue
        if not value or not (is_path or value.startswith(("/", "~", ".")) or "/" in value):
            continue
        text = ctx.expand_tilde(value) if value.startswith("~") else value
        for where in bases[:1] if is_path else bases:
            f = ctx.judge_read(text, where, what=call.tool_name,
                               recursive=recursive and not has_glob(text), glob=False)
            if f is None and has_glob(text):
                prefix = text.split("*")[0].split("?")[0].split("[")[0]
                f = ctx.judge_read(prefix or ".", where, what=call.tool_name, recursive=True)
            if f is not None:
                findings.append(f)
                break
    if recursive and not isinstance(base, str):
        f = ctx.judge_read(ctx.cwd, "/", what=call.tool_name, recursive=True)
        if f is not None:
            findings.append(f)
    return findings


def _strings(value: object, depth: int = 0) -> list[str]:
    """Every string inside a JSON value (depth-limited)."""
    if depth > 20:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v, depth + 1)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v, depth + 1)]
    return []


def _web(call: ToolCall, ctx: Context) -> list[Finding]:
    from overlord.domain.guard import network

    if not ctx.policy.allow_network:
        return [Finding(C.NETWORK_CLIENT, f"{call.tool_name} reaches the network")]
    if call.tool_name == "WebSearch":
        return []
    url = call.tool_input.get("url")
    if not isinstance(url, str):
        return [Finding(C.UNPARSEABLE, "WebFetch without a url")]
    problem = network.url_problem(url, default_scheme="https")
    if problem is not None:
        return [Finding(C.NETWORK_CLIENT, f"WebFetch: {problem}")]
    return []


"""What one decision knows: the roots, the protected and guard paths, and how to judge a path.

A :class:`Context` is built once per tool call from the call, the policy and the guard's
paths; it resolves paths through the injected :class:`PathResolver` and turns a write, a delete
or a read into :class:`Finding` values (a class and a reason), or none.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from dataclasses import dataclass

from overlord.domain.guard.call import ToolCall
from overlord.domain.guard.classes import DenialClass
from overlord.domain.guard.paths import PathResolver, TooManyMatches, is_within, join
from overlord.domain.guard.policy import GuardPolicy

PROTECTED_NAMES: tuple[str, ...] = (".git", ".overlord", ".claude", ".codex")
"""Directory names that no write may touch, wherever they sit under a writable root."""

SAFE_DEVICES: frozenset[str] = frozenset({
    "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero",
    "/dev/full", "/dev/random", "/dev/urandom",
})
"""Device paths that any command may write (they change nothing on disk)."""

HOOK_SETTINGS: tuple[str, ...] = (".claude/settings.json", ".claude/settings.local.json")
"""The hook settings files under the worker root, guard files."""


@dataclass(frozen=True)
class Finding:
    """One reason to deny: a class and what exactly was seen."""

    denial_class: DenialClass
    reason: str


_DESCRIPTOR = re.compile(r"/dev/fd/\d+|/proc/(self|thread-self)/fd/\d+|/dev/pts/\d+")
_OWN_PROC = re.compile(r"/proc/(self|thread-self|\d+)(/|$)|/dev/fd(/|$)")


def is_safe_device(text: str) -> bool:
    """True for the standard streams, ``/dev/null`` and descriptor paths (``/dev/fd/N``), spelled
    exactly: ``/dev/fd/../../etc/passwd`` is not a device."""
    return text in SAFE_DEVICES or _DESCRIPTOR.fullmatch(text) is not None


def names_own_process(path: str) -> bool:
    """True for a path through ``/proc/self``, ``/proc/<pid>`` or ``/dev/fd``: it names the
    writing process's own view (its cwd, root, descriptors), which the guard, another process,
    cannot resolve for it."""
    return _OWN_PROC.match(path) is not None


def is_block_device(text: str) -> bool:
    """True for a path naming a disk or partition device."""
    if not text.startswith("/dev/") or is_safe_device(text):
        return False
    name = text[5:]
    return name.startswith(("sd", "hd", "vd", "xvd", "nvme", "mmcblk", "loop", "mapper/",
                            "disk", "md", "dm-", "sr", "nbd", "rbd", "zd", "mtd", "ram"))


class Context:
    """The facts one decision judges against (built per tool call)."""

    def __init__(self, call: ToolCall, policy: GuardPolicy, *, overlord_home: str,
                 guard_paths: tuple[str, ...], resolver: PathResolver) -> None:
        self.call = call
        self.policy = policy
        self.resolver = resolver
        self.user_home = resolver.home()
        self.cwd = resolver.realpath(call.cwd)
        root = policy.worker_root or call.cwd
        self.root = resolver.realpath(join(call.cwd, self.expand_tilde(root)))
        self.write_roots = tuple(
            resolver.realpath(join(self.root, self.expand_tilde(w))) for w in policy.write_roots)
        self.allowed = (self.root, *self.write_roots)
        self.protected = tuple(
            resolver.realpath(join(self.root, self.expand_tilde(p))) for p in policy.protected_paths)
        self.home_raw = posixpath.normpath(overlord_home) if overlord_home else ""
        self.home = resolver.realpath(self.home_raw) if self.home_raw else ""
        guards = [join(self.root, h) for h in HOOK_SETTINGS]
        guards.append(join(self.root, "overlord.toml"))
        if policy.source:
            guards.append(policy.source)
        guards.extend(guard_paths)
        self.guard_paths = tuple(dict.fromkeys(resolver.realpath(g) for g in guards if g))
        self.written: dict[str, list[str | None]] = {}
        self.written_trees: list[str] = []

    def wrote(self, path: str) -> list[str | None] | None:
        """What this tool call writes at the resolved ``path``: each text it may write there
        (``None`` where the text cannot be seen), or ``None`` when it does not write there."""
        got = list(self.written.get(path, ()))
        if any(is_within(path, t) for t in self.written_trees):
            got.append(None)
        return got or None

    def expand_tilde(self, path: str) -> str:
        """``path`` with a leading ``~`` made the user's home."""
        if path == "~" or path.startswith("~/"):
            return self.user_home + path[1:]
        return path

    # ---- resolution -------------------------------------------------------------------
    def resolve(self, text: str, cwd: str | None, *, follow: bool = True,
                glob: bool = False) -> list[str] | Finding:
        """Where ``text`` (a shell word's value) lands from ``cwd``: one path, or every match
        of a pattern. ``follow=False`` keeps a final symlink itself (what ``rm`` removes).
        A relative path from an unknown directory is a :class:`Finding`."""
        if not text.startswith("/") and cwd is None:
            return Finding(DenialClass.UNPARSEABLE,
                           f"the path {text!r} is relative to a directory the guard cannot "
                           "follow (a cd to a computed place)")
        full = join(cwd or "/", text)
        candidates = [full]
        if glob:
            try:
                matches = self.resolver.glob(full)
            except TooManyMatches:
                return Finding(DenialClass.UNPARSEABLE,
                               f"the pattern {text!r} matches too many paths to judge")
            if matches:
                candidates = matches
        out = []
        for path in candidates:
            base = posixpath.basename(path.rstrip("/")) if path.rstrip("/") else ""
            if follow or path.endswith("/") or base in ("", ".", ".."):
                out.append(self.resolver.realpath(path))
            else:
                parent = self.resolver.realpath(posixpath.dirname(path.rstrip("/")) or "/")
                out.append(posixpath.join(parent, base))
        return out

    # ---- judging ----------------------------------------------------------------------
    def judge_write(self, text: str | None, cwd: str | None, *, what: str, delete: bool = False,
                    glob: bool = False, follow: bool = True, tree: bool = False,
                    content: str | None = None, record: bool = True) -> list[Finding]:
        """Findings for a write (or, with ``delete``, a delete) of ``text`` from ``cwd``.

        ``what`` names the writer for the reason (``"rm"``, ``"a > redirection"``, ...).
        ``text`` ``None`` means the target could not be known: unparseable. ``tree`` means the
        write reaches everything below the target (``chmod -R``, unpacking an archive), so a
        target that holds a protected path or a guard file is judged as that path.
        ``content`` is the text written, when it can be seen: a script this call writes and
        then runs is judged on it (:attr:`written`); ``record`` is false for a change that
        keeps the file's text (``chmod``, ``touch``).
        """
        if text is None:
            return [Finding(DenialClass.UNPARSEABLE,
                            f"the target of {what} holds a variable or substitution the guard "
                            "cannot resolve")]
        if not text:
            return []
        if not delete and is_safe_device(text):
            return []
        if is_block_device(text):
            return [Finding(DenialClass.KILL_OR_FORMAT, f"{what} writes the device {text}")]
        joined = join(cwd or "/", text)
        if names_own_process(joined) or names_own_process(posixpath.normpath(joined)):
            return [Finding(DenialClass.UNPARSEABLE, f"{what} writes {text!r}, a path through the "
                            "process's own /proc or /dev/fd view, which the guard cannot "
                            "resolve for it")]
        resolved = self.resolve(text, cwd, follow=follow and not delete, glob=glob)
        if isinstance(resolved, Finding):
            return [resolved]
        findings: list[Finding] = []
        for path in resolved:
            if names_own_process(path):
                findings.append(Finding(DenialClass.UNPARSEABLE, f"{what} writes {text!r}, which "
                                        f"resolves through /proc ({path})"))
                continue
            if not delete and record:
                if tree:
                    self.written_trees.append(path)
                else:
                    self.written.setdefault(path, []).append(content)
            finding = self.judge_path(path, text, what=what, delete=delete, tree=tree)
            if finding is not None:
                findings.append(finding)
        return findings

    def judge_path(self, path: str, text: str, *, what: str, delete: bool,
                   tree: bool = False) -> Finding | None:
        """The finding for a write (or delete) landing at the resolved ``path`` (``text`` is
        how the command named it), or ``None`` when it may land there. With ``delete`` or
        ``tree`` everything below ``path`` is reached too."""
        verb = "deletes" if delete else ("writes into" if tree else "writes")
        below = delete or tree
        if self.home and (is_within(path, self.home)
                          or (below and is_within(self.home, path))):
            return Finding(DenialClass.GUARD_TAMPER, f"{what} {verb} {text!r} in OVERLORD_HOME")
        for guard in self.guard_paths:
            if is_within(path, guard) or (below and is_within(guard, path)):
                return Finding(DenialClass.GUARD_TAMPER,
                               f"{what} {verb} {text!r}, which holds the guard file {guard}")
        for allowed in self.allowed:
            if is_within(path, allowed):
                rest = path[len(allowed):].split("/") if allowed != "/" else path.split("/")
                hit = next((p for p in rest if p in PROTECTED_NAMES), None)
                if hit is not None:
                    return Finding(DenialClass.PROTECTED_ROOT,
                                   f"{what} {verb} {text!r} inside the protected {hit}")
        for protected in self.protected:
            if is_within(path, protected) or (below and is_within(protected, path)):
                return Finding(DenialClass.PROTECTED_ROOT,
                               f"{what} {verb} {text!r}, a protected path")
        if below and any(is_within(a, path) for a in self.allowed):
            return Finding(DenialClass.PROTECTED_ROOT,
                           f"{what} {verb} {text!r}, the worker root itself, where .git and "
                           ".claude live (use a subdirectory)")
        if not any(is_within(path, a) for a in self.allowed):
            cls = DenialClass.DELETE_OUTSIDE if delete else DenialClass.WRITE_OUTSIDE
            where = path if path != text else text
            return Finding(cls, f"{what} {verb} {where!r}, outside the worker root {self.root}")
        return None

    def _pattern_reach(self, pattern: str) -> str | None:
        """Whether a glob ``pattern`` could match inside OVERLORD_HOME (``"inside"``), a
        directory above it (``"above"``), or neither (``None``)."""
        pat = [p for p in posixpath.normpath(pattern).split("/") if p]
        for home in {self.home, self.home_raw}:
            parts = [p for p in home.split("/") if p]
            n = min(len(pat), len(parts))
            if all(fnmatch.fnmatchcase(parts[i], pat[i]) for i in range(n)):
                return "inside" if len(pat) >= len(parts) else "above"
        return None

    def judge_glob_protected(self, text: str, *, what: str) -> Finding | None:
        """A write pattern whose last part could match a protected name (``.g*``)."""
        last = posixpath.basename(text.rstrip("/"))
        if last.startswith(".") and any(fnmatch.fnmatchcase(n, last) for n in PROTECTED_NAMES):
            return Finding(DenialClass.PROTECTED_ROOT,
                           f"{what} pattern {text!r} can match a protected directory")
        return None

    def judge_read(self, text: str | None, cwd: str | None, *, what: str,
                   recursive: bool = False, glob: bool = False) -> Finding | None:
        """A read of OVERLORD_HOME is guard_tamper; other reads are fine. A ``recursive``
        read of a directory holding OVERLORD_HOME is a read of it too."""
        if not text or not self.home:
            return None
        if self.home_raw and self.home_raw in text:
            return Finding(DenialClass.GUARD_TAMPER, f"{what} names OVERLORD_HOME ({text!r})")
        if cwd is None and not text.startswith("/"):
            return None
        resolved = self.resolve(text, cwd, glob=glob)
        if isinstance(resolved, Finding):
            return None
        if glob:
            reach = self._pattern_reach(join(cwd or "/", text))
            if reach == "inside" or (reach == "above" and recursive):
                return Finding(DenialClass.GUARD_TAMPER,
                               f"{what} pattern {text!r} can reach OVERLORD_HOME")
        for path in resolved:
            if is_within(path, self.home):
                return Finding(DenialClass.GUARD_TAMPER, f"{what} reads {text!r} in OVERLORD_HOME")
            if recursive and is_within(self.home, path):
                return Finding(DenialClass.GUARD_TAMPER,
                               f"{what} reads {text!r} recursively, and OVERLORD_HOME is in it")
        return None

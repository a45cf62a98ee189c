"""Workspace layers: seal the worker root as content-addressed blobs, cheaply.

A :class:`Snapshotter` keeps an in-memory stat index, as git's index does: relative path ->
(mtime_ns, size, inode, mode, blob). A seal walks the root, compares each file's ``lstat``
with the index and reads only the files whose stat changed (or whose last read was racy:
modified within the file system's timestamp granularity of the previous seal). Changed
files are stored as blobs; the seal returns the changes ``(path, blob or None, mode)`` and
the tree root hash over the sorted ``(path, blob, mode)`` of every file.

Never sealed: ``.git``, ``.overlord``, the Overlord home, and the guard's own hook settings
(``.claude/settings.json``, which Overlord writes while a run is armed). The root's
``.gitignore`` is honoured unless ``honour_gitignore`` is false.

:class:`LayerSealer` is what a run uses: it numbers layers, and hands each one to ``record``
(the run's ``RunRecorder.apply``) as a ``LayerSealed`` event. Adapters never save events
themselves; the caller's ``record`` does.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

log = structlog.get_logger("overlord.layers")

NEVER_NAMES = frozenset({".git", ".overlord"})
"""Directory names never sealed, at any depth."""

GUARD_FILES = frozenset({".claude/settings.json"})
"""Relative paths Overlord itself writes while a run is armed (the hook settings)."""

WRITING_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit", "Bash"})
"""Claude Code tools that can change the workspace (the PostToolUse matcher)."""

MODE_FILE, MODE_EXEC, MODE_LINK = 0o100644, 0o100755, 0o120000
RACY_NS = 20_000_000  # file timestamps are coarse (a jiffy or more): re-read what changed this recently

Change = tuple[str, "str | None", int]
"""One change: relative POSIX path, blob hex (``None``: deleted), git-style mode."""


def tree_hash(entries: Iterable[tuple[str, str, int]]) -> str:
    """The tree root hash: SHA-256 over ``path NUL blob NUL mode-octal LF`` of the entries,
    sorted by path (UTF-8 bytes)."""
    h = hashlib.sha256()
    for path, blob, mode in sorted(entries, key=lambda e: e[0].encode()):
        h.update(_line(path, blob, mode))
    return h.hexdigest()


def _line(path: str, blob: str, mode: int) -> bytes:
    return path.encode() + b"\0" + blob.encode() + b"\0" + format(mode, "o").encode() + b"\n"


# -- .gitignore -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    regex: re.Pattern[str]
    negate: bool
    dir_only: bool
    anchored: bool


def _glob_regex(glob: str) -> str:
    out, i, n = [], 0, len(glob)
    while i < n:
        c = glob[i]
        if c == "*":
            if glob.startswith("**", i):
                before_ok = i == 0 or glob[i - 1] == "/"
                after = glob[i + 2] if i + 2 < n else ""
                if before_ok and after == "/":
                    out.append("(?:.*/)?")
                    i += 3
                    continue
                if before_ok and after == "":
                    out.append(".*")
                    i += 2
                    continue
                out.append("[^/]*")
                i += 2
                continue
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            j = glob.find("]", i + 2 if glob[i + 1:i + 2] in ("!", "^") else i + 1)
            if j < 0:
                out.append(re.escape(c))
            else:
                body = glob[i + 1:j]
                if body[:1] in ("!", "^"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = j
        elif c == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(glob[i]))
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


class GitIgnore:
    """The rules of one ``.gitignore`` (at the root): last matching rule wins; a directory
    that is ignored hides everything under it (as in git)."""

    def __init__(self, text: str) -> None:
        self.rules: list[_Rule] = []
        for raw in text.splitlines():
            line = raw.rstrip("\r")
            if not line or line.startswith("#"):
                continue
            line = re.sub(r"(?<!\\)\s+$", "", line)
            negate = line.startswith("!")
            if negate:
                line = line[1:]
            if line.startswith("\\"):
                line = line[1:] if line[1:2] in ("#", "!") else line
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            if not line:
                continue
            anchored = "/" in line
            line = line.lstrip("/")
            self.rules.append(_Rule(re.compile(_glob_regex(line) + r"\Z"), negate, dir_only, anchored))

    def ignored(self, relpath: str, is_dir: bool) -> bool:
        """Whether ``relpath`` (POSIX, relative to the root; its parents not ignored) is ignored."""
        name = relpath.rsplit("/", 1)[-1]
        result = False
        for r in self.rules:
            if r.dir_only and not is_dir:
                continue
            if r.regex.match(relpath if r.anchored else name):
                result = not r.negate
        return result


# -- the snapshotter --------------------------------------------------------------------------


@dataclass(frozen=True)
class Seal:
    """One seal's result: ``changes`` sorted by path, the ``tree`` hash of the whole root,
    how many ``files`` it holds, and how many files were ``read`` to make it."""

    changes: list[Change]
    tree: str
    files: int
    read: int


class Snapshotter:
    """Seal a worker root incrementally (see the module doc).

    Args:
        root: the worker root.
        put_blob: stores bytes, returns their hex SHA-256 (``session.blobs.put``).
        honour_gitignore: skip what the root's ``.gitignore`` ignores.
        never: absolute paths never sealed (the Overlord home, ...), with all below them.
    """

    def __init__(self, root: Path | str, put_blob: Callable[[bytes], str], *, honour_gitignore: bool = True,
                 never: Iterable[Path | str] = ()) -> None:
        self.root = os.path.realpath(str(root))
        self.put_blob = put_blob
        self.honour_gitignore = honour_gitignore
        self.never = {os.path.realpath(str(p)) for p in never}
        self._index: dict[str, tuple[int, int, int, int, str, bool]] = {}  # path -> (mtime, size, ino, mode, blob, racy)
        self._lines: dict[str, bytes] = {}
        self._order: list[str] | None = None
        self._ignore: GitIgnore | None = None
        self._ignore_key: tuple[int, int, int] | None = None
        self._ignore_cache: dict[str, bool] = {}

    @property
    def files(self) -> dict[str, tuple[str, int]]:
        """The last seal: relative path -> (blob, mode)."""
        return {p: (e[4], e[3]) for p, e in self._index.items()}

    def _load_gitignore(self) -> None:
        if not self.honour_gitignore:
            return
        path = os.path.join(self.root, ".gitignore")
        try:
            st = os.stat(path)
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            key = None
        if key == self._ignore_key and (key is None or self._ignore is not None):
            return
        self._ignore_key = key
        self._ignore_cache = {}
        try:
            self._ignore = GitIgnore(Path(path).read_text("utf-8", "replace")) if key else None
        except OSError:
            self._ignore = None

    def _ignored(self, rel: str, is_dir: bool) -> bool:
        ign = self._ignore
        if ign is None:
            return False
        key = rel + "/" if is_dir else rel
        hit = self._ignore_cache.get(key)
        if hit is None:
            hit = self._ignore_cache[key] = ign.ignored(rel, is_dir)
        return hit

    def seal(self) -> Seal:
        """Walk the root; store changed files as blobs; return the changes and the tree."""
        self._load_gitignore()
        started = time.time_ns()
        index = self._index
        seen: set[str] = set()
        changes: list[Change] = []
        read = 0
        stack = [("", self.root)]
        never = self.never
        while stack:
            prefix, directory = stack.pop()
            try:
                it = os.scandir(directory)
            except OSError:
                continue
            with it:
                for entry in it:
                    name = entry.name
                    rel = prefix + name
                    try:
                        is_dir = entry.is_dir(follow_symlinks=False)
                    except OSError:
                        continue
                    if is_dir:
                        if name in NEVER_NAMES or (never and entry.path in never) or self._ignored(rel, True):
                            continue
                        stack.append((rel + "/", entry.path))
                        continue
                    if rel in GUARD_FILES or (never and entry.path in never) or self._ignored(rel, False):
                        continue
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    m = st.st_mode
                    if stat.S_ISREG(m):
                        mode = MODE_EXEC if m & 0o111 else MODE_FILE
                    elif stat.S_ISLNK(m):
                        mode = MODE_LINK
                    else:
                        continue
                    seen.add(rel)
                    old = index.get(rel)
                    if old is not None and not old[5] and old[0] == st.st_mtime_ns and old[1] == st.st_size \
                            and old[2] == st.st_ino and old[3] == mode:
                        continue
                    try:
                        data = os.readlink(entry.path).encode() if mode == MODE_LINK else _read(entry.path)
                    except OSError:
                        seen.discard(rel)
                        continue
                    read += 1
                    blob = self.put_blob(data)
                    racy = st.st_mtime_ns >= started - RACY_NS
                    index[rel] = (st.st_mtime_ns, st.st_size, st.st_ino, mode, blob, racy)
                    if old is None or old[4] != blob or old[3] != mode:
                        changes.append((rel, blob, mode))
                        self._lines[rel] = _line(rel, blob, mode)
                        if old is None:
                            self._order = None
        if len(seen) != len(index):
            for rel in [p for p in index if p not in seen]:
                del index[rel]
                del self._lines[rel]
                changes.append((rel, None, 0))
            self._order = None
        if self._order is None:
            self._order = sorted(index, key=str.encode)
        h = hashlib.sha256()
        lines = self._lines
        h.update(b"".join([lines[p] for p in self._order]))
        changes.sort(key=lambda c: c[0].encode())
        return Seal(changes, h.hexdigest(), len(index), read)


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


# -- a run's layers ---------------------------------------------------------------------------


class LayerSealer:
    """Number a run's layers and record each as ``LayerSealed`` through ``record``.

    Args:
        snapshotter: the run's :class:`Snapshotter` (its index stays warm between seals).
        record: ``RunRecorder.apply``: takes a change ``f(run)`` and saves the run.
        clock: gives each event its time.
    """

    def __init__(self, snapshotter: Snapshotter, record: Callable[[Callable[[Any], None]], None], clock: Any) -> None:
        self.snapshotter = snapshotter
        self.record = record
        self.clock = clock
        self.layers = 0
        self._lock = threading.Lock()

    def seal(self, tool_use_id: str | None = None, *, always: bool = False) -> Seal | None:
        """Seal now. A layer with no changes is recorded only when ``always`` (layer 0 and
        the settlement seal); returns the seal, or ``None`` when nothing was recorded."""
        with self._lock:
            s = self.snapshotter.seal()
            if not s.changes and not always and self.layers > 0:
                return None
            index = self.layers
            parent = index - 1 if index > 0 else None
            changes = [[p, b, m] for p, b, m in s.changes]
            self.record(lambda run: run.seal_layer(index=index, parent=parent, tree=s.tree, changes=changes,
                                                   tool_use_id=tool_use_id, files=s.files, at=self.clock.now()))
            self.layers += 1
            return s

    def on_post_tool_use(self, payload: str) -> dict[str, Any]:
        """The decision service's ``post_tool_use`` callback: seal after a writing tool.
        Never raises; answers ``{"layer": n | None}``."""
        try:
            try:
                data = json.loads(payload)
            except ValueError:
                data = {}
            data = data if isinstance(data, dict) else {}
            tool = str(data.get("tool_name") or "")
            if tool and tool not in WRITING_TOOLS and not tool.startswith("mcp__"):
                return {"layer": None}
            tid = data.get("tool_use_id")
            s = self.seal(str(tid) if tid else None)
            return {"layer": None if s is None else self.layers - 1}
        except Exception as e:  # noqa: BLE001 - a failed seal must not break the agent's run
            log.warning("layer.seal_failed", error=f"{type(e).__name__}: {e}")
            return {"layer": None, "error": str(e)[:200]}

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

The root is the agent's: a seal runs on the host and never follows a link out of it. A symlink
is sealed as a link (its target text); every file is opened without following a final link
and every directory walked through a descriptor opened the same way, and each is checked to
lie inside the root after it is opened (a directory swapped for a link between the walk's
look and its open is caught there); what lies outside is not sealed.

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
import struct
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
INLINE_CHANGES = 64
"""Longer change lists go to a blob (``changes_blob``), so the run's stream stays small."""
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
        watch: on Linux, keep an inotify watch on every sealed directory (as git's fsmonitor
            does) so that a warm seal re-checks only the paths the kernel reported; any doubt
            (queue overflow, a moved directory, a changed .gitignore, no inotify) is a full walk.
    """

    def __init__(self, root: Path | str, put_blob: Callable[[bytes], str], *, honour_gitignore: bool = True,
                 never: Iterable[Path | str] = (), watch: bool = True) -> None:
        self.root = os.path.realpath(str(root))
        self.put_blob = put_blob
        self.honour_gitignore = honour_gitignore
        self.never = {os.path.realpath(str(p)) for p in never}
        # path -> ((mtime_ns, size, inode, st_mode) or None when racy, git mode, blob)
        self._index: dict[str, tuple[tuple[int, int, int, int] | None, int, str]] = {}
        self._lines: dict[str, bytes] = {}
        self._order: list[str] | None = None
        self._ignore: GitIgnore | None = None
        self._ignore_key: tuple[int, int, int] | None = None
        self._ignore_cache: dict[str, bool] = {}
        self._watcher = _Watcher.open() if watch else None
        self._primed = False
        self.walks = 0

    def close(self) -> None:
        """Drop the inotify watches (a later seal walks)."""
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None
        self._primed = False

    @property
    def files(self) -> dict[str, tuple[str, int]]:
        """The last seal: relative path -> (blob, mode)."""
        return {p: (e[2], e[1]) for p, e in self._index.items()}

    def _load_gitignore(self) -> bool:
        """(Re)load the root's .gitignore; True when it changed since the last seal."""
        if not self.honour_gitignore:
            return False
        path = os.path.join(self.root, ".gitignore")
        try:
            st = os.stat(path)
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            key = None
        if key == self._ignore_key:
            return False
        self._ignore_key = key
        self._ignore_cache = {}
        try:
            self._ignore = GitIgnore(Path(path).read_text("utf-8", "replace")) if key else None
        except OSError:
            self._ignore = None
        return True

    def _ignored(self, rel: str, is_dir: bool) -> bool:
        ign = self._ignore
        if ign is None:
            return False
        key = rel + "/" if is_dir else rel
        hit = self._ignore_cache.get(key)
        if hit is None:
            hit = self._ignore_cache[key] = ign.ignored(rel, is_dir)
        return hit

    def _path_ignored(self, rel: str) -> bool:
        parts = rel.split("/")
        return any(self._ignored("/".join(parts[:i]), True) for i in range(1, len(parts))) or self._ignored(rel, False)

    def seal(self, *, walk: bool = False) -> Seal:
        """Store changed files as blobs; return the changes and the tree. ``walk``: check
        every file even when the watches say little changed (the settlement seal does)."""
        changes: list[Change] = []
        if self._load_gitignore() and self._index:  # newly ignored files leave the layer
            for rel in [p for p in self._index if self._path_ignored(p)]:
                self._forget(rel, changes)
            walk = True
        started = time.time_ns()
        dirty = None
        if self._watcher is not None and self._primed and not walk:
            dirty = self._watcher.drain()
        if dirty is None:
            read = self._walk_all(started, changes)
            self._primed = self._watcher is not None and self._watcher.ok
        else:
            read = self._apply_dirty(dirty, started, changes)
        if self._order is None:
            self._order = sorted(self._index, key=str.encode)
        h = hashlib.sha256()
        lines = self._lines
        h.update(b"".join([lines[p] for p in self._order]))
        changes.sort(key=lambda c: c[0].encode())
        return Seal(changes, h.hexdigest(), len(self._index), read)

    def _forget(self, rel: str, changes: list[Change]) -> None:
        del self._index[rel]
        del self._lines[rel]
        changes.append((rel, None, 0))
        self._order = None

    def _walk_all(self, started: int, changes: list[Change]) -> int:
        self.walks += 1
        seen: set[str] = set()
        read = self._walk_tree("", self.root, started, changes, seen)
        if len(seen) != len(self._index):
            for rel in [p for p in self._index if p not in seen]:
                self._forget(rel, changes)
        return read

    def _apply_dirty(self, dirty: set[str], started: int, changes: list[Change]) -> int:
        read = 0
        index = self._index
        for rel in sorted(dirty):
            path = os.path.join(self.root, rel)
            try:
                st = os.lstat(path)
            except OSError:
                st = None
            if st is None or stat.S_ISDIR(st.st_mode):
                if rel in index:
                    self._forget(rel, changes)
                under = rel + "/"
                seen: set[str] = set()
                name = rel.rsplit("/", 1)[-1]
                if st is not None and name not in NEVER_NAMES and path not in self.never and not self._ignored(rel, True):
                    read += self._walk_tree(under, path, started, changes, seen)
                for p in [p for p in index if p.startswith(under) and p not in seen]:
                    self._forget(p, changes)
                continue
            old = index.get(rel)
            if old is None and (rel in GUARD_FILES or path in self.never or self._ignored(rel, False)):
                continue
            if old is not None and old[0] == (st.st_mtime_ns, st.st_size, st.st_ino, st.st_mode):
                continue
            if self._visit(rel, path, st, old, started, changes):
                read += 1
            elif old is not None:
                self._forget(rel, changes)
        return read

    def _visit(self, rel: str, path: str, st: os.stat_result, old: Any, started: int, changes: list[Change]) -> bool:
        """Read one changed or new file into the index; False when it is not a file we seal."""
        m = st.st_mode
        if stat.S_ISREG(m):
            mode = MODE_EXEC if m & 0o111 else MODE_FILE
        elif stat.S_ISLNK(m):
            mode = MODE_LINK
        else:
            return False
        try:
            data = os.readlink(path).encode() if mode == MODE_LINK else _read(path, self.root)
        except OSError:
            return False
        blob = self.put_blob(data)
        # racy: changed within the timestamp granularity of this seal; re-read next time
        key = None if st.st_mtime_ns >= started - RACY_NS else (st.st_mtime_ns, st.st_size, st.st_ino, m)
        self._index[rel] = (key, mode, blob)
        if old is None or old[2] != blob or old[1] != mode:
            changes.append((rel, blob, mode))
            self._lines[rel] = _line(rel, blob, mode)
            if old is None:
                self._order = None
        return True

    def _walk_tree(self, prefix: str, top: str, started: int, changes: list[Change], seen: set[str]) -> int:
        index = self._index
        add = seen.add
        read = 0
        never = self.never
        ignored = self._ignored
        watcher = self._watcher
        stack = [(prefix, top)]
        while stack:
            prefix, directory = stack.pop()
            if watcher is not None:
                watcher.watch(prefix[:-1], directory)  # before reading it: no change slips between
            try:
                dir_fd = _open_inside(directory, self.root, directory=True)
            except OSError:
                continue
            try:
                try:
                    it = os.scandir(dir_fd)
                except OSError:
                    continue
                with it:
                    for entry in it:
                        rel = prefix + entry.name
                        entry_path = os.path.join(directory, entry.name)
                        old = index.get(rel)
                        if old is not None:  # a known file (so not ignored): one lstat, one compare
                            try:
                                st = entry.stat(follow_symlinks=False)
                            except OSError:
                                continue
                            if old[0] == (st.st_mtime_ns, st.st_size, st.st_ino, st.st_mode):
                                add(rel)
                                continue
                            if stat.S_ISDIR(st.st_mode):
                                if not ignored(rel, True):
                                    stack.append((rel + "/", entry_path))
                                continue
                        else:
                            try:
                                is_dir = entry.is_dir(follow_symlinks=False)
                            except OSError:
                                continue
                            if is_dir:
                                if entry.name in NEVER_NAMES or (never and entry_path in never) or ignored(rel, True):
                                    continue
                                stack.append((rel + "/", entry_path))
                                continue
                            if rel in GUARD_FILES or (never and entry_path in never) or ignored(rel, False):
                                continue
                            try:
                                st = entry.stat(follow_symlinks=False)
                            except OSError:
                                continue
                        if self._visit(rel, entry_path, st, old, started, changes):
                            add(rel)
                            read += 1
            finally:
                os.close(dir_fd)
        return read


# -- inotify (Linux), through libc ----------------------------------------------------------------

_IN_MASK = 0x2 | 0x4 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200 | 0x400 | 0x800  # modify attrib close_write moves create delete self
_IN_ONLYDIR, _IN_DONT_FOLLOW, _IN_EXCL_UNLINK = 0x01000000, 0x02000000, 0x04000000
_IN_Q_OVERFLOW, _IN_IGNORED, _IN_ISDIR, _IN_MOVE_SELF = 0x4000, 0x8000, 0x40000000, 0x800
_IN_MOVED = 0x40 | 0x80


class _Watcher:
    """inotify watches on directories; :meth:`drain` gives the paths reported since the last
    drain, or ``None`` when the watcher can no longer vouch for them (then: walk)."""

    def __init__(self, fd: int, libc: Any) -> None:
        self.fd = fd
        self.libc = libc
        self.dirs: dict[int, str] = {}
        self.watched: set[str] = set()
        self.ok = True

    @classmethod
    def open(cls) -> _Watcher | None:
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
            return cls(fd, libc) if fd >= 0 else None
        except (OSError, AttributeError):
            return None

    def watch(self, rel: str, path: str) -> None:
        if not self.ok or rel in self.watched:
            return
        wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path), _IN_MASK | _IN_ONLYDIR | _IN_DONT_FOLLOW | _IN_EXCL_UNLINK)
        if wd < 0:
            self.ok = False  # out of watches: seals walk
            return
        self.dirs[wd] = rel
        self.watched.add(rel)

    def drain(self) -> set[str] | None:
        if not self.ok:
            return None
        dirty: set[str] = set()
        while True:
            try:
                buf = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return dirty
            except OSError:
                self.ok = False
                return None
            i = 0
            while i + 16 <= len(buf):
                wd, mask, _cookie, size = struct.unpack_from("iIII", buf, i)
                name = buf[i + 16:i + 16 + size].rstrip(b"\0")
                i += 16 + size
                if mask & _IN_Q_OVERFLOW or mask & _IN_MOVE_SELF or (mask & _IN_ISDIR and mask & _IN_MOVED):
                    self.reset()
                    return None
                if mask & _IN_IGNORED:
                    self.watched.discard(self.dirs.pop(wd, ""))
                    continue
                rel = self.dirs.get(wd)
                if rel is None or not name:
                    continue
                n = os.fsdecode(name)
                dirty.add(f"{rel}/{n}" if rel else n)

    def reset(self) -> None:
        """Forget every watch (the next walk adds them again)."""
        for wd in list(self.dirs):
            self.libc.inotify_rm_watch(self.fd, wd)
        self.dirs.clear()
        self.watched.clear()
        while True:
            try:
                if not os.read(self.fd, 1 << 16):
                    break
            except OSError:
                break

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass


def encode_changes(changes: list) -> bytes:
    """The canonical JSON of a change list (what ``changes_blob`` names)."""
    return json.dumps(changes, separators=(",", ":"), ensure_ascii=False).encode()


_NOFOLLOW = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _open_inside(path: str, root: str, *, directory: bool = False) -> int:
    """An fd for ``path`` opened without following a final link, checked to be (a regular
    file, or a directory) inside ``root`` once open.

    Raises:
        OSError: a link, another kind of file, or a place outside ``root``.
    """
    fd = os.open(path, _NOFOLLOW | (os.O_DIRECTORY if directory else 0))
    try:
        st = os.fstat(fd)
        if not (stat.S_ISDIR(st.st_mode) if directory else stat.S_ISREG(st.st_mode)):
            raise OSError(f"{path} is not a {'directory' if directory else 'regular file'}")
        real = os.readlink(f"/proc/self/fd/{fd}")
        if real != root and not real.startswith(root.rstrip("/") + "/"):
            raise OSError(f"{path} leads out of the root, to {real}")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read(path: str, root: str) -> bytes:
    """The bytes of the regular file ``path`` inside ``root`` (never through a link)."""
    with os.fdopen(_open_inside(path, root), "rb") as f:
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
            s = self.snapshotter.seal(walk=always)
            if not s.changes and not always and self.layers > 0:
                return None
            index = self.layers
            parent = index - 1 if index > 0 else None
            changes: list = [[p, b, m] for p, b, m in s.changes]
            changes_blob = None
            if len(changes) > INLINE_CHANGES:
                changes_blob = self.snapshotter.put_blob(encode_changes(changes))
                changes = []
            self.record(lambda run: run.seal_layer(index=index, parent=parent, tree=s.tree, changes=changes,
                                                   tool_use_id=tool_use_id, files=s.files, at=self.clock.now(),
                                                   changes_blob=changes_blob))
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

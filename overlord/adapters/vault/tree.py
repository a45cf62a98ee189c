"""The cache's keys and its replay on disk: a worker root's tree hash, a toolchain's digest,
and writing a cached outcome's changes into a root (and taking them back).

:func:`root_tree` hashes the root as the workspace layers do (every file's path, content
hash and mode; the tree hash of :func:`overlord.adapters.layers.tree_hash`), without ``.git``
and Overlord's own hook settings, and without honouring ``.gitignore`` (an ignored file can
still change what a test does). It is taken before the guard is armed.

:func:`toolchain_digest` is SHA-256 over what the gate would run for a language: its steps
(argv, environment, paths bound read-only, limits) with a fixed nonce, and the content of each
program those steps start, as found on the sandbox's ``PATH``. A new compiler or test runner
is a new digest, so an outcome validated under the old one is not replayed.

:func:`apply_changes` writes the changes through file descriptors opened beneath the root
(``O_NOFOLLOW`` at every step: a symlink planted in the root is not followed) and returns
what it replaced, so :func:`restore` can put the root back when the fresh gate run fails.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overlord.adapters.layers import MODE_EXEC, MODE_LINK, Snapshotter
from overlord.adapters.vault.crypto import VaultError
from overlord.domain.outcomes import check_changes

NONCE = "overlord-cache"
_program_digests: dict[tuple[str, int, int], str] = {}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def root_tree(root: Path, *, never: Iterable[Path] = ()) -> str:
    """The tree hash of ``root`` (see the module docstring); ``never``: absolute paths left out.

    Raises:
        VaultError: the root is not a directory.
    """
    if not Path(root).is_dir():
        raise VaultError(f"the worker root {root} is not a directory")
    snap = Snapshotter(root, _sha256, honour_gitignore=False, never=never, watch=False)
    try:
        return snap.seal(walk=True).tree
    finally:
        snap.close()


def _program(name: str, path: str) -> str:
    """The content digest of the program ``name`` as the sandbox's ``PATH`` finds it."""
    found = name if "/" in name else shutil.which(name, path=path)
    if not found:
        return "missing"
    try:
        st = os.stat(found)
        key = (os.path.realpath(found), st.st_mtime_ns, st.st_size)
        if key not in _program_digests:
            h = hashlib.sha256()
            with open(found, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    h.update(block)
            _program_digests[key] = h.hexdigest()
        return _program_digests[key]
    except OSError:
        return "unreadable"


def toolchain_digest(toolchain: Any) -> str:
    """SHA-256 of a gate toolchain (an :class:`overlord.gate.toolchains.base.Toolchain`): see
    the module docstring."""
    plan = toolchain.plan(NONCE)
    env = dict(plan.env)
    path = env.get("PATH", "/usr/bin:/bin")
    steps = [{"name": s.name, "argv": list(s.argv), "program": _program(s.argv[0], path) if s.argv else ""}
             for s in plan.steps]
    body = {"language": toolchain.language, "solution": toolchain.solution, "test": toolchain.test,
            "steps": steps, "env": sorted(plan.env), "read_only": sorted(plan.read_only_paths),
            "files": sorted((name, _sha256(data)) for name, data in plan.files), "limits": repr(plan.limits)}
    return _sha256(json.dumps(body, sort_keys=True, default=str).encode())


@dataclass(frozen=True)
class Replaced:
    """What :func:`apply_changes` overwrote: each path with its old bytes and mode (``None``:
    the file did not exist)."""

    files: list[tuple[str, bytes | None, int]]


def _open_parent(root_fd: int, parts: Sequence[str], *, create: bool) -> int:
    """A descriptor of the directory holding ``parts[-1]``, walked from ``root_fd`` without
    following a symlink at any step."""
    fd = os.dup(root_fd)
    try:
        for part in parts[:-1]:
            try:
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                os.mkdir(part, 0o755, dir_fd=fd)
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = nxt
        return fd
    except BaseException:
        os.close(fd)
        raise


def _read_at(dir_fd: int, name: str) -> tuple[bytes | None, int]:
    try:
        st = os.lstat(name, dir_fd=dir_fd)
    except FileNotFoundError:
        return None, 0
    if stat.S_ISLNK(st.st_mode):
        return os.readlink(name, dir_fd=dir_fd).encode(), MODE_LINK
    if not stat.S_ISREG(st.st_mode):
        raise VaultError(f"{name} in the worker root is neither a file nor a symlink")
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=dir_fd)
    with os.fdopen(fd, "rb") as f:
        return f.read(), MODE_EXEC if st.st_mode & 0o111 else 0o100644


def _write_at(dir_fd: int, name: str, data: bytes | None, mode: int) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(name, dir_fd=dir_fd)
    if data is None:
        return
    if mode == MODE_LINK:
        os.symlink(data.decode("utf-8", "surrogateescape"), name, dir_fd=dir_fd)
        return
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o755 if mode == MODE_EXEC else 0o644,
                 dir_fd=dir_fd)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def apply_changes(root: Path, changes: Sequence[Sequence[Any]], get_blob: Callable[[str], bytes]) -> Replaced:
    """Write ``changes`` (``[path, blob or None, mode]``) into ``root``; returns what was there.

    Raises:
        VaultError: a change is malformed or escapes the root, a blob is missing or altered,
            or the file system refused (the root is put back as it was before raising).
    """
    from overlord.domain.outcomes import OutcomeError

    try:
        checked = check_changes(changes)
        contents = {}
        for path, blob, _ in checked:
            if blob is not None:
                data = get_blob(blob)
                if _sha256(data) != blob:
                    raise VaultError(f"the cached content of {path} does not match its hash")
                contents[path] = data
    except (OutcomeError, OSError, KeyError) as e:
        raise VaultError(f"the cached outcome cannot be replayed: {e}") from e
    replaced = Replaced([])
    root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for path, blob, mode in checked:
            parts = path.split("/")
            dir_fd = _open_parent(root_fd, parts, create=blob is not None)
            try:
                old, old_mode = _read_at(dir_fd, parts[-1])
                replaced.files.append((path, old, old_mode))
                _write_at(dir_fd, parts[-1], contents.get(path), mode)
            finally:
                os.close(dir_fd)
    except (OSError, VaultError) as e:
        with contextlib.suppress(OSError, VaultError):
            restore(root, replaced)
        raise VaultError(f"the cached outcome could not be written into {root}: {e}") from e
    finally:
        os.close(root_fd)
    return replaced


def restore(root: Path, replaced: Replaced) -> None:
    """Put back what :func:`apply_changes` replaced (newest first).

    Raises:
        VaultError: the file system refused.
    """
    root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for path, data, mode in reversed(replaced.files):
            parts = path.split("/")
            try:
                dir_fd = _open_parent(root_fd, parts, create=data is not None)
            except FileNotFoundError:
                continue
            try:
                _write_at(dir_fd, parts[-1], data, mode)
            finally:
                os.close(dir_fd)
    except OSError as e:
        raise VaultError(f"the worker root {root} could not be put back: {e}") from e
    finally:
        os.close(root_fd)

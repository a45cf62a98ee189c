"""The install policy's file on disk, and the floor's sources: read exactly, written atomically.

:func:`read_policy_file` reads ``policy.toml`` through the one input reader, without following
a symlink and only when it is a regular file under the cap (a symlink swapped in for it, a FIFO
or a directory is a problem, named, never a read of something else); :func:`write_policy_file` replaces it through a temporary file and a
rename. :func:`floor_sources` reads the guard's own source files, whose digest is the floor's.
Nothing here knows the ledger: the caller compares hashes and records events.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from overlord.domain.policy import MAX_POLICY_BYTES, sha256_hex
from overlord.errors import InputError
from overlord.inputs import read_input


@dataclass(frozen=True)
class PolicyRead:
    """What reading the policy file found: its bytes and hash, or the ``problem`` that kept
    it from being read (``data`` is then ``None`` and ``sha256`` ``""``; ``missing`` when
    there is no file at all)."""

    data: bytes | None
    sha256: str
    problem: str = ""
    missing: bool = False


def read_policy_file(path: Path) -> PolicyRead:
    """Read ``path`` through the one input reader (:func:`overlord.inputs.read_input`), with
    no symlink followed: a regular file of at most
    :data:`~overlord.domain.policy.MAX_POLICY_BYTES`. Never raises: a problem is returned."""
    try:
        data = read_input(path, what="install policy", max_bytes=MAX_POLICY_BYTES, follow_symlinks=False)
    except InputError as e:
        missing = isinstance(e.__cause__, FileNotFoundError)
        return PolicyRead(None, "", f"{path} is missing (deleted)" if missing else e.message, missing)
    return PolicyRead(data, sha256_hex(data))


def write_policy_file(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (a temporary file in the same directory,
    fsynced, renamed over it; mode 0600). A symlink at ``path`` is replaced, not followed.

    Raises:
        OSError: the directory cannot be written.
    """
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def unified_diff(old: str, new: str) -> str:
    """The unified diff from ``old`` to ``new`` (``policy.toml`` on both sides)."""
    return "".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                        fromfile="policy.toml (recorded)", tofile="policy.toml (new)"))


FLOOR_PACKAGE = "overlord.domain.guard"
"""The package whose source files are the floor (the denial classes and their rules)."""


def floor_sources() -> list[tuple[str, bytes]]:
    """``(file name, bytes)`` of every ``.py`` file of the guard's package, as installed.

    Raises:
        OSError: a source file cannot be read (the caller refuses to start: an unreadable
            floor cannot be pinned).
    """
    root = resources.files(FLOOR_PACKAGE)
    return sorted((entry.name, entry.read_bytes()) for entry in root.iterdir()
                  if entry.name.endswith(".py") and entry.is_file())

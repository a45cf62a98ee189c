"""The one way Overlord reads a file a user hands it: a regular file, under a size cap.

Missions, guard policies, price files, transcripts, exports, trust files and the home's own
small files are all read through :func:`read_input` (bytes) or :func:`read_text` (UTF-8);
what arrives on stdin (a tool call, a secret's value) through :func:`read_stream`.
Each refuses what is not a regular file (a FIFO would block forever, ``/dev/zero`` never
ends, a directory is not a file) before reading a byte, opens without blocking and without
taking a controlling terminal, and stops reading one byte past the cap, so a file that
grows while it is read cannot make Overlord hold more than the cap. Every refusal is one
:class:`~overlord.errors.InputError` line that names the file and what to do.

The caps are per kind of input, in bytes (the ``*_MAX_BYTES`` constants below).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from overlord.errors import InputError

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB

TOML_MAX_BYTES = 4 * MIB
"""Missions, guard policies, price files, config.toml: hand-written TOML."""
JSON_MAX_BYTES = 64 * MIB
"""Scripted transcripts (JSON)."""
SMALL_MAX_BYTES = 1 * MIB
"""Trust files, keys and the pinned checkpoint."""
EXPORT_MAX_BYTES = 4 * GIB
"""Exports: every event and blob of a ledger."""
PAYLOAD_MAX_BYTES = 8 * MIB
"""A tool call's PreToolUse JSON on stdin (the hook's own cap)."""

_READ_CHUNK = 1 * MIB


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _size(n: int) -> str:
    for unit, size in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


def open_input(path: str | os.PathLike[str], *, what: str, max_bytes: int,
               follow_symlinks: bool = True) -> BinaryIO:
    """The regular file ``path`` opened for reading (unbuffered), checked as
    :func:`read_input` checks it; for a caller that streams it (a hash, an export) rather
    than holding it. The caller closes it, and caps what it reads if the file may grow.

    Raises:
        InputError: as :func:`read_input`.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC | (0 if follow_symlinks else os.O_NOFOLLOW)
    try:
        # stat first: a device or FIFO is refused without being opened at all
        st = os.stat(name) if follow_symlinks else os.lstat(name)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"the {what} {name} is {_kind(st.st_mode)}, not a regular file", f"give the {what} as a regular file")
        # O_NONBLOCK: if it was swapped for a FIFO since the stat, open still returns at once
        # (and O_NOFOLLOW: a link swapped in since is refused, not followed)
        fd = os.open(name, flags)
    except FileNotFoundError as e:
        raise InputError(f"cannot read the {what} {name}: it does not exist", "check the path") from e
    except OSError as e:
        if e.errno == errno.ELOOP and not follow_symlinks:
            raise InputError(f"the {what} {name} is a symbolic link, not a regular file",
                             f"give the {what} as a regular file") from e
        raise InputError(f"cannot read the {what} {name}: {e.strerror}") from e
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"the {what} {name} is {_kind(st.st_mode)}, not a regular file", f"give the {what} as a regular file")
        if st.st_size > max_bytes:
            raise InputError(f"the {what} {name} is {st.st_size} bytes, over the {_size(max_bytes)} limit",
                             f"a {what} is at most {_size(max_bytes)}")
        return os.fdopen(fd, "rb", buffering=0)
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike[str], *, what: str, max_bytes: int, follow_symlinks: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    Args:
        path: the file (a symbolic link to a regular file is followed, unless
            ``follow_symlinks`` is false: then a link is refused, never read through, as the
            home's own files must be).
        what: what the file is, for the error line ("mission file", "export", ...).
        max_bytes: the cap; a larger file is refused, never truncated.

    Raises:
        InputError: missing (its ``__cause__`` is then a ``FileNotFoundError``), unreadable,
            not a regular file (a link, with ``follow_symlinks`` false), or larger than
            ``max_bytes``.
    """
    name = os.fspath(path)
    with open_input(path, what=what, max_bytes=max_bytes, follow_symlinks=follow_symlinks) as f:
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                chunk = f.read(min(_READ_CHUNK, max_bytes + 1 - total))
            except OSError as e:
                raise InputError(f"cannot read the {what} {name}: {e.strerror}") from e
            if not chunk:
                return b"".join(chunks)
            total += len(chunk)
            if total > max_bytes:
                raise InputError(f"the {what} {name} grew past the {_size(max_bytes)} limit while it was read",
                                 f"a {what} is at most {_size(max_bytes)}")
            chunks.append(chunk)


def read_text(path: str | os.PathLike[str], *, what: str, max_bytes: int, follow_symlinks: bool = True) -> str:
    """:func:`read_input`, decoded as UTF-8 (strict).

    Raises:
        InputError: as :func:`read_input`, or the bytes are not UTF-8 (the offset is named).
    """
    data = read_input(path, what=what, max_bytes=max_bytes, follow_symlinks=follow_symlinks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"the {what} {os.fspath(path)} is not UTF-8 text (byte {e.start})", "save it as UTF-8") from e


def exists(path: str | os.PathLike[str]) -> bool:
    """True when anything (a file, a FIFO, a dangling link, ...) is at ``path``: what
    :func:`read_input` must then be asked to read or refuse, rather than skipped."""
    return os.path.lexists(Path(path))


def read_stream(stream: BinaryIO | None, *, what: str, max_bytes: int) -> bytes:
    """The bytes of ``stream`` (stdin, a pipe) to its end, at most ``max_bytes`` of them.

    Reads in chunks and stops one byte past the cap, so an endless stream (``< /dev/zero``)
    costs at most ``max_bytes`` of memory and is refused, never truncated. ``None`` (no
    stdin at all) reads as empty.

    Raises:
        InputError: the stream holds more than ``max_bytes``, or cannot be read.
    """
    if stream is None:
        return b""
    chunks: list[bytes] = []
    total = 0
    while True:
        try:
            chunk = stream.read(min(_READ_CHUNK, max_bytes + 1 - total))
        except OSError as e:
            raise InputError(f"cannot read the {what}: {e.strerror or e}") from e
        if not chunk:
            return b"".join(chunks)
        total += len(chunk)
        if total > max_bytes:
            raise InputError(f"the {what} is over the {_size(max_bytes)} limit", f"send at most {_size(max_bytes)}")
        chunks.append(chunk)


"""File writes the core shares: replacing a file so no reader ever sees it half-written.

Kept outside the ledger so that adapters (the hook installer) and the ledger use one helper
without an adapter importing the ledger.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


def replace_atomically(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename (no torn file)."""
    with atomic_writer(path, mode) as f:
        f.write(data)


@contextlib.contextmanager
def atomic_writer(path: Path, mode: int = 0o644) -> Iterator[BinaryIO]:
    """A file to write ``path``'s new bytes into, a piece at a time (flat memory whatever
    the size): a temporary file beside it, synced and renamed over ``path`` when the block
    ends, removed when it raises (no torn file, ever)."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
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

"""Content-addressed blobs: bytes named by their SHA-256, beside the event store.

Events name blobs by lowercase hex SHA-256 (attributes ending in ``_blob``); the blob
files are caches of truth, checked against their names by ``overlord verify``. A blob is
written to a temporary file, flushed to disk and renamed into place, so a crash never
leaves a half-written blob under its final name.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from overlord.errors import InputError, LedgerError, NotFoundError
from overlord.inputs import EXPORT_MAX_BYTES, open_input

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class BlobStore:
    """Blobs under ``root/ab/cdef...`` (first two hex digits as a fan-out directory)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._unsynced = False

    def path(self, sha256_hex: str) -> Path:
        """Where the blob named ``sha256_hex`` lives.

        Raises:
            NotFoundError: the name is not 64 lowercase hex digits.
        """
        if not _HEX64.match(sha256_hex or ""):
            raise NotFoundError(f"{sha256_hex!r} is not a blob name (64 lowercase hex digits)")
        return self.root / sha256_hex[:2] / sha256_hex[2:]

    def put(self, data: bytes, *, durable: bool = True) -> str:
        """Store ``data``; returns its hex SHA-256. Idempotent.

        ``durable=False`` skips the per-file fsync (many blobs at once, e.g. a layer seal);
        the caller must then call :meth:`flush` before any event names the blob.
        """
        name = hashlib.sha256(data).hexdigest()
        final = self.path(name)
        if final.exists():
            return name
        final.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                if durable:
                    os.fsync(f.fileno())
                else:
                    self._unsynced = True
            os.replace(tmp, final)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return name

    def put_file(self, source: BinaryIO, sha256_hex: str) -> str:
        """Store the bytes read from ``source`` (from its current position to the end) under
        ``sha256_hex``, which the caller computed as the bytes were written; the copy is
        streamed (flat memory whatever the size) and its hash checked before it is kept.

        Raises:
            NotFoundError: ``sha256_hex`` is not a blob name.
            ValueError: the bytes do not hash to ``sha256_hex``.
        """
        final = self.path(sha256_hex)
        if final.exists():
            return sha256_hex
        final.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=".tmp-")
        try:
            digest = hashlib.sha256()
            with os.fdopen(fd, "wb") as f:
                while chunk := source.read(1 << 20):
                    digest.update(chunk)
                    f.write(chunk)
                f.flush()
                os.fsync(f.fileno())
            if digest.hexdigest() != sha256_hex:
                raise ValueError(f"the streamed blob hashes to {digest.hexdigest()}, not {sha256_hex}")
            os.replace(tmp, final)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return sha256_hex

    def flush(self) -> None:
        """Make every blob written with ``durable=False`` durable (one sync of the file system)."""
        if self._unsynced:
            os.sync()
            self._unsynced = False

    def open(self, sha256_hex: str) -> BinaryIO:
        """Blob ``sha256_hex`` opened for reading, through the one capped reader with no link
        followed (a FIFO, a device or a link to ``/dev/zero`` in a blob's place is refused
        before a byte is read). The caller closes it.

        Raises:
            NotFoundError: no such blob. LedgerError: something other than a regular file of
                at most 4 GiB is in its place.
        """
        try:
            return open_input(self.path(sha256_hex), what="blob", max_bytes=MAX_BLOB_BYTES, follow_symlinks=False)
        except InputError as e:
            if isinstance(e.__cause__, FileNotFoundError):
                raise NotFoundError(f"blob {sha256_hex} is missing from {self.root}") from e
            raise LedgerError(e.message, "the blob store was tampered with: run `overlord verify`") from e

    def get(self, sha256_hex: str) -> bytes:
        """The bytes of blob ``sha256_hex``.

        Raises:
            NotFoundError: no such blob. LedgerError: as :meth:`open`.
        """
        with self.open(sha256_hex) as f:
            return _read_capped(f, sha256_hex)

    def check(self, sha256_hex: str) -> str | None:
        """``None`` when the blob exists and hashes to its name, else the problem (hashed as
        it is read: flat memory whatever its size)."""
        try:
            f = self.open(sha256_hex)
        except NotFoundError:
            return "blob missing"
        except LedgerError as e:
            return f"blob unreadable ({e.message})"
        digest = hashlib.sha256()
        with f:
            try:
                for chunk in _chunks(f, sha256_hex):
                    digest.update(chunk)
            except LedgerError as e:
                return f"blob unreadable ({e.message})"
        if digest.hexdigest() != sha256_hex:
            return "blob altered"
        return None


MAX_BLOB_BYTES = EXPORT_MAX_BYTES
"""The largest blob read back (an export holds every blob, under the same cap)."""


def _chunks(f: BinaryIO, name: str) -> Iterator[bytes]:
    total = 0
    while chunk := f.read(1 << 20):
        total += len(chunk)
        if total > MAX_BLOB_BYTES:
            raise LedgerError(f"blob {name} grew past 4 GiB while it was read", "run `overlord verify`")
        yield chunk


def _read_capped(f: BinaryIO, name: str) -> bytes:
    return b"".join(_chunks(f, name))

"""Self-contained exports: the forensic audit path.

An export is one canonical msgpack file::

    {"format": "overlord-export/1", "origin": str, "trust": [verifier key, ...],
     "pinned": signed checkpoint note | None,
     "events": [[position, notification_id, originator_id, version, topic, state], ...],
     "blobs": {sha256 hex: bytes}}

It holds every stored event exactly as stored, the public keys, the pinned checkpoint and
every blob the events name, so ``overlord verify --file`` can replay it on a machine with
no database. The public keys inside an export only prove that the export is internally
consistent; pass ``--trust FILE`` with keys obtained another way to prove who signed it.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from overlord.domain.events import BLOB_SUFFIX
from overlord.errors import EncodingError, LedgerError
from overlord.files import atomic_writer
from overlord.inputs import EXPORT_MAX_BYTES, open_input
from overlord.ledger import codec, record
from overlord.ledger.application import StoredRow
from overlord.ledger.home import contains
from overlord.ledger.keys import WITNESS_PREFIX, witness_keys
from overlord.ledger.session import LedgerSession
from overlord.ledger.verify import Failure, Report, verify_log

FORMAT = "overlord-export/1"


@dataclass(frozen=True)
class Export:
    """An export read back: origin, trusted key strings, pinned note, rows, and for each blob
    it holds the SHA-256 its bytes actually have (the bytes themselves are hashed as they are
    read, never kept)."""

    origin: str
    trust: list[str]
    pinned: str | None
    rows: list[StoredRow]
    blob_digests: dict[str, str]

    def check_blob(self, name: str) -> str | None:
        """``None`` when the blob is in the export and hashes to its name."""
        digest = self.blob_digests.get(name)
        if digest is None:
            return "blob missing"
        return None if digest == name else "blob altered"

    def altered_blobs(self) -> list[str]:
        """The names of the blobs in the export whose bytes do not hash to their name, sorted
        (whether or not an event names them: an export holds nothing that lies)."""
        return sorted(n for n, d in self.blob_digests.items() if d != n)


def _blob_names(row: StoredRow) -> list[str]:
    try:
        body = codec.decode(record.open_record(row.originator_id, row.version, row.topic, row.state).body)
    except Exception:  # noqa: BLE001 - a bad row carries no blobs; verify reports it
        return []
    if not isinstance(body, dict):
        return []
    return [v for k, v in body.items() if k.endswith(BLOB_SUFFIX) and isinstance(v, str)]


def write_export(session: LedgerSession, path: Path) -> int:
    """Write the whole ledger to ``path`` (atomically); returns the number of events.

    Streamed: the events are read from the store twice (once to count them and find the
    blobs they name, once to write them) and each blob is copied from its file in pieces,
    so memory stays flat whatever the ledger's size. The bytes are the canonical msgpack of
    the document (``codec.encode`` of it would give the same). Events appended while the
    export runs are left for the next one.

    Raises:
        LedgerError: ``path`` exists, lies inside the home, or its directory is missing; a
            blob changed while it was copied.
    """
    path = Path(path)
    if str(path) in ("", ".") or path.exists() or path.is_symlink():
        raise LedgerError(f"{path} already exists", "give a new file name; export never overwrites")
    if contains(session.home.root, path.parent):
        raise LedgerError(f"{path} is inside the Overlord home", "write the export outside the home")
    if not path.parent.is_dir():
        raise LedgerError(f"the directory {path.parent} does not exist", "create it first")
    count, names = 0, set()
    for row in session.ledger.rows():
        count += 1
        names.update(_blob_names(row))
    blobs = [(name, size) for name in sorted(names) if (size := _blob_size(session, name)) is not None]
    packer = msgpack.Packer(use_bin_type=True)
    with atomic_writer(path) as out:
        # the document's keys in canonical (sorted) order: blobs, events, format, origin, pinned, trust
        out.write(packer.pack_map_header(len(_KEYS)))
        out.write(packer.pack("blobs") + packer.pack_map_header(len(blobs)))
        for name, size in blobs:
            out.write(packer.pack(name) + _bin_header(size))
            _copy_blob(session, name, size, out)
        out.write(packer.pack("events") + packer.pack_array_header(count))
        for r in session.ledger.rows(stop_position=count):
            out.write(packer.pack([r.position, r.notification_id, r.originator_id, r.version, r.topic, r.state]))
        out.write(packer.pack("format") + packer.pack(FORMAT))
        out.write(packer.pack("origin") + packer.pack(session.origin))
        out.write(packer.pack("pinned") + packer.pack(session.read_pinned()))
        # the trust file's lines: log keys, and the witnesses whose cosignatures verify checks
        trust = [v.to_key() for v in session.verifiers] + [f"{WITNESS_PREFIX}{w.to_key()}"
                                                           for w in witness_keys(session.verifiers)]
        out.write(packer.pack("trust") + packer.pack(trust))
    return count


def _blob_size(session: LedgerSession, name: str) -> int | None:
    """The size of blob ``name``, or ``None`` when it cannot be exported (missing or not a
    regular file: for verify to report as missing)."""
    try:
        with session.blobs.open(name) as f:
            return os.fstat(f.fileno()).st_size
    except (LedgerError, OSError):
        return None


def _bin_header(size: int) -> bytes:
    """The canonical msgpack bin header for ``size`` bytes (the smallest form)."""
    if size < 1 << 8:
        return b"\xc4" + struct.pack(">B", size)
    if size < 1 << 16:
        return b"\xc5" + struct.pack(">H", size)
    return b"\xc6" + struct.pack(">I", size)


def _copy_blob(session: LedgerSession, name: str, size: int, out: BinaryIO) -> None:
    """Copy exactly ``size`` bytes of blob ``name`` into ``out``, a piece at a time.

    Raises:
        LedgerError: the blob is gone or no longer ``size`` bytes long.
    """
    with session.blobs.open(name) as f:
        left = size
        while left:
            chunk = f.read(min(_COPY_CHUNK, left))
            if not chunk:
                break
            out.write(chunk)
            left -= len(chunk)
        if left or f.read(1):
            raise LedgerError(f"blob {name} changed size while it was exported", "run `overlord verify`, then export again")


_COPY_CHUNK = 1 << 20


class NotAnExportError(LedgerError):
    """A file that is not a well-formed Overlord export (wrong shape, type or range).

    ``overlord verify --file`` answers it with exit 2: nothing was verified. Exit 1 is kept
    for a well-formed export whose events fail verification.
    """


INT64_MAX = 2**63 - 1
"""The stores' integers are signed 64-bit: a larger position, id or version was never stored."""
MAX_ID_CHARS = 128
MAX_TOPIC_CHARS = 512
MAX_ORIGIN_CHARS = 1024
MAX_KEY_CHARS = 4096
MAX_TRUST_LINES = 10_000
MAX_NOTE_CHARS = 64 * 1024
_BLOB_NAME = re.compile(r"[0-9a-f]{64}")
_KEYS = frozenset({"format", "origin", "trust", "pinned", "events", "blobs"})


def _refuse_ext(code: int, data: bytes) -> Any:
    raise EncodingError(f"msgpack ext type {code} has no place in an export")


class _Reader:
    """Checks one decoded export, field by field; every failure names the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def bad(self, where: str, problem: str) -> NotAnExportError:
        return NotAnExportError(f"{self.source} is not an Overlord export: {where} {problem}",
                                "give a file made by `overlord export`")

    def string(self, value: Any, where: str, max_chars: int, *, empty: bool = False) -> str:
        if type(value) is not str:
            raise self.bad(where, f"must be a string, not {_kind(value)}")
        if not value and not empty:
            raise self.bad(where, "is empty")
        if len(value) > max_chars:
            raise self.bad(where, f"is {len(value)} characters long, over {max_chars}")
        return value

    def integer(self, value: Any, where: str, lo: int) -> int:
        if type(value) is not int:
            raise self.bad(where, f"must be an integer, not {_kind(value)}")
        if not lo <= value <= INT64_MAX:
            raise self.bad(where, f"= {value} is outside {lo}..2**63-1")
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if type(value) is not list:
            raise self.bad(where, f"must be an array, not {_kind(value)}")
        return value

    def row(self, value: Any, i: int) -> StoredRow:
        where = f"events[{i}]"
        fields = self.array(value, where)
        if len(fields) != 6:
            raise self.bad(where, f"has {len(fields)} fields, not 6 (position, notification id, stream, version, topic, state)")
        position, nid, oid, version, topic, state = fields
        if type(state) is not bytes:
            raise self.bad(f"{where} state", f"must be bytes, not {_kind(state)}")
        return StoredRow(
            self.integer(position, f"{where} position", 0),
            self.integer(nid, f"{where} notification id", 1),
            self.string(oid, f"{where} stream", MAX_ID_CHARS),
            self.integer(version, f"{where} version", 1),
            self.string(topic, f"{where} topic", MAX_TOPIC_CHARS),
            state,
        )

    def export(self, stream: _Stream) -> Export:
        """Read the document from ``stream``, field by field: the events are checked one at
        a time and each blob hashed straight from the file, never the whole file held."""
        fields = self.read(stream.map_header, "the file", "a map")
        if fields > len(_KEYS):
            raise self.bad("the file", f"holds a map of {fields} fields, not {len(_KEYS)}")
        seen: dict[str, Any] = {}
        for _ in range(fields):
            key = self.read(stream.value, "the file", "a value")
            if type(key) is not str or key not in _KEYS:
                raise self.bad(repr(key)[:80], "is not a field of an export")
            if key in seen:
                raise self.bad(key, "appears twice")
            if key == "events":
                seen[key] = self.events(stream)
            elif key == "blobs":
                seen[key] = self.blobs(stream)
            else:
                seen[key] = self.read(stream.value, key, "a value")
        if stream.tell() != stream.size:
            raise self.bad("the file", f"has {stream.size - stream.tell()} bytes after the export")
        if seen.get("format") != FORMAT:
            raise self.bad("format", f"is not {FORMAT!r}")
        missing = sorted(_KEYS - set(seen))
        if missing:
            raise self.bad(missing[0], "is missing")
        origin = self.string(seen["origin"], "origin", MAX_ORIGIN_CHARS)
        trust = self.array(seen["trust"], "trust")
        if len(trust) > MAX_TRUST_LINES:
            raise self.bad("trust", f"has {len(trust)} keys, over {MAX_TRUST_LINES}")
        keys = [self.string(k, f"trust[{i}]", MAX_KEY_CHARS) for i, k in enumerate(trust)]
        for i, k in enumerate(keys):
            if "\n" in k or "\r" in k:
                raise self.bad(f"trust[{i}]", "holds a line break")
        pinned = seen["pinned"]
        if pinned is not None:
            pinned = self.string(pinned, "pinned", MAX_NOTE_CHARS)
        return Export(origin, keys, pinned, seen["events"], seen["blobs"])

    def read(self, step: Any, where: str, what: str) -> Any:
        """``step()``, with msgpack's errors made one "not an Overlord export" line."""
        try:
            return step()
        except NotAnExportError:
            raise
        except _WrongType as e:
            raise self.bad(where, f"does not hold {what} there") from e
        except Exception as e:  # noqa: BLE001 - msgpack raises several unrelated types on bad input
            raise self.bad("the file", f"is not msgpack ({type(e).__name__}: {str(e)[:120]})") from e

    def events(self, stream: _Stream) -> list[StoredRow]:
        n = self.read(stream.array_header, "events", "an array")
        if n > max(16, stream.size // 8):
            raise self.bad("events", f"claims {n} events, more than the file could hold")
        return [self.row(self.read(stream.value, f"events[{i}]", "a value"), i) for i in range(n)]

    def blobs(self, stream: _Stream) -> dict[str, str]:
        """Each blob's name, and the SHA-256 of its bytes, hashed from the file in pieces (a
        300 MB blob costs no more memory than a small one)."""
        n = self.read(stream.map_header, "blobs", "a map")
        if n > max(16, stream.size // 32):
            raise self.bad("blobs", f"claims {n} blobs, more than the file could hold")
        digests: dict[str, str] = {}
        for _ in range(n):
            name = self.read(stream.raw_str, "blobs[…]", "a blob name")
            if not _BLOB_NAME.fullmatch(name):
                raise self.bad(f"blobs[{name[:80]!r}]", "is not a blob name (64 lowercase hex digits)")
            digest = self.read(stream.raw_bin_digest, f"blobs[{name[:16]}…]", "bytes")
            if digest is None:  # not bytes: say what it is
                value = self.read(stream.value, f"blobs[{name[:16]}…]", "a value")
                raise self.bad(f"blobs[{name[:16]}…]", f"must be bytes, not {_kind(value)}")
            digests[name] = digest
        return digests


def _kind(value: Any) -> str:
    return {dict: "a map", list: "an array", str: "a string", bytes: "bytes", int: "an integer",
            bool: "a boolean", type(None): "nil", float: "a float"}.get(type(value), type(value).__name__)


class _WrongType(ValueError):
    """The next value is not of the type a header asked for."""


class _Stream:
    """An export's bytes (a seekable file of ``size`` bytes): values through a bounded msgpack
    unpacker (no array may claim more elements, and no map more entries, than the bytes could
    hold; msgpack's own nesting limit applies), and, for the blobs, headers read by hand so a
    blob's bytes are hashed from the file without ever being held."""

    def __init__(self, f: BinaryIO, size: int) -> None:
        self.f, self.size = f, size
        self.seek(0)

    def seek(self, offset: int) -> None:
        """Go on reading values at ``offset`` (a fresh unpacker: the old one had read ahead)."""
        self.f.seek(offset)
        self.base = offset
        self.unpacker = msgpack.Unpacker(
            _Capped(self.f, self.size - offset), raw=False, strict_map_key=True, use_list=True, ext_hook=_refuse_ext,
            max_buffer_size=0, max_array_len=max(16, self.size // 8), max_map_len=max(16, self.size // 32),
        )
        self.raw_at: int | None = None

    def tell(self) -> int:
        """How many bytes have been read as values."""
        return self.raw_at if self.raw_at is not None else self.base + self.unpacker.tell()

    def value(self) -> Any:
        if self.raw_at is not None:
            self.seek(self.raw_at)
        return self.unpacker.unpack()

    def map_header(self) -> int:
        return self._header(self.unpacker.read_map_header)

    def array_header(self) -> int:
        return self._header(self.unpacker.read_array_header)

    def _header(self, read: Any) -> int:
        if self.raw_at is not None:
            self.seek(self.raw_at)
        try:
            n: int = read()
        except ValueError as e:
            if "Unexpected type header" in str(e):
                raise _WrongType(str(e)) from e
            raise
        # from here on, the blobs are read by hand: leave the unpacker where it stands
        self.raw_at = self.base + self.unpacker.tell()
        return n

    def _exact(self, n: int) -> bytes:
        at = self.tell()
        if at + n > self.size:
            raise EOFError("the file ends inside a value")
        self.f.seek(at)
        data = self.f.read(n)
        if len(data) != n:
            raise EOFError("the file ends inside a value")
        self.raw_at = at + n
        return data

    def _length(self, forms: dict[int, int], fix: tuple[int, int] | None) -> int | None:
        """The length after the next type byte, when it is one of ``forms`` (type byte ->
        length bytes) or in the fixed range ``fix``; ``None`` (nothing consumed) otherwise."""
        at = self.tell()
        kind = self._exact(1)[0]
        if fix is not None and fix[0] <= kind <= fix[1]:
            return kind - fix[0]
        if kind in forms:
            return int.from_bytes(self._exact(forms[kind]), "big")
        self.raw_at = at
        return None

    def raw_str(self) -> str:
        """The next value, which must be a string (read by hand)."""
        n = self._length({0xD9: 1, 0xDA: 2, 0xDB: 4}, (0xA0, 0xBF))
        if n is None:
            raise _WrongType("not a string")
        # a blob's name is 64 characters: anything else is read only as far as the refusal names it
        return self._exact(n if n == 64 else min(n, 80)).decode("utf-8", "replace")

    def raw_bin_digest(self) -> str | None:
        """The SHA-256 of the next value's bytes, read in pieces, or ``None`` (nothing
        consumed) when the next value is not bytes."""
        n = self._length({0xC4: 1, 0xC5: 2, 0xC6: 4}, None)
        if n is None:
            return None
        digest = hashlib.sha256()
        while n:
            chunk = self._exact(min(n, _COPY_CHUNK))
            digest.update(chunk)
            n -= len(chunk)
        return digest.hexdigest()


def parse_export(data: bytes, *, source: str = "the export") -> Export:
    """Check the bytes of an export into an :class:`Export`: each field's type and range.

    Decoding is bounded (see :class:`_Stream`); nested values are never walked (every field
    has a fixed shape), so a hostile file costs at most a few times its own size.

    Raises:
        NotAnExportError: not msgpack, or not of the export's shape (the field is named).
    """
    return _Reader(source).export(_Stream(io.BytesIO(data), len(data)))


def read_export(path: Path) -> Export:
    """Read an export file (a regular file, at most :data:`~overlord.inputs.EXPORT_MAX_BYTES`),
    streamed: events are checked one at a time and blobs hashed from the file in pieces, so
    memory is about the events' own bytes, whatever the blobs weigh.

    Raises:
        InputError: missing, not a regular file, or too large.
        NotAnExportError: not an Overlord export (the field is named).
    """
    with open_input(path, what="export", max_bytes=EXPORT_MAX_BYTES) as f:
        return _Reader(str(path)).export(_Stream(f, os.fstat(f.fileno()).st_size))


class _Capped(io.RawIOBase):
    """``f`` read no further than ``size`` bytes (a file that grows while it is read is read
    as it was when opened)."""

    def __init__(self, f: BinaryIO, size: int) -> None:
        self.f, self.left = f, size

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        data = self.f.read(n) if n else b""
        self.left -= len(data)
        return data


def verify_export(exported: Export, verifiers: list[Any], *, known_topics: Any, workers: int) -> Report:
    """Verify an export read back, as ``overlord verify`` verifies a home (the checklist of
    :mod:`overlord.ledger.verify`, with ``verifiers`` as the trust file), then every blob it
    holds: one whose bytes do not hash to its name fails, named, even when no event names it.
    """
    from overlord.ledger.checkpoint import Checkpoint
    from overlord.ledger.keys import trusted_keys
    from overlord.ledger.note import open_note

    def open_cp(note: str) -> tuple[str, int, bytes]:
        text, _ = open_note(note, verifiers)
        cp = Checkpoint.from_text(text)
        return cp.origin, cp.size, cp.root_hash

    report = verify_log(exported.rows, trusted=trusted_keys(verifiers), origin=exported.origin,
                        known_topics=known_topics, check_blob=exported.check_blob, open_checkpoint=open_cp,
                        pinned_note=exported.pinned, workers=workers)
    altered = exported.altered_blobs()
    if report.ok and altered:
        report.ok = False
        report.first_failure = Failure(None, None, None, None, f"blob altered: the export's blob {altered[0]} does not "
                                       f"hash to its name ({exported.blob_digests[altered[0]]})")
    return report

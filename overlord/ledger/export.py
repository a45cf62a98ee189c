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

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from overlord.domain.events import BLOB_SUFFIX
from overlord.errors import EncodingError, LedgerError
from overlord.files import replace_atomically
from overlord.inputs import EXPORT_MAX_BYTES, read_input
from overlord.ledger import codec, record
from overlord.ledger.application import StoredRow
from overlord.ledger.home import contains
from overlord.ledger.keys import WITNESS_PREFIX, witness_keys
from overlord.ledger.session import LedgerSession

FORMAT = "overlord-export/1"


@dataclass(frozen=True)
class Export:
    """An export read back: origin, trusted key strings, pinned note, rows and blobs."""

    origin: str
    trust: list[str]
    pinned: str | None
    rows: list[StoredRow]
    blobs: dict[str, bytes]

    def check_blob(self, name: str) -> str | None:
        """``None`` when the blob is in the export and hashes to its name."""
        import hashlib

        data = self.blobs.get(name)
        if data is None:
            return "blob missing"
        return None if hashlib.sha256(data).hexdigest() == name else "blob altered"


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

    Raises:
        LedgerError: ``path`` exists, lies inside the home, or its directory is missing.
    """
    path = Path(path)
    if str(path) in ("", ".") or path.exists() or path.is_symlink():
        raise LedgerError(f"{path} already exists", "give a new file name; export never overwrites")
    if contains(session.home.root, path.parent):
        raise LedgerError(f"{path} is inside the Overlord home", "write the export outside the home")
    if not path.parent.is_dir():
        raise LedgerError(f"the directory {path.parent} does not exist", "create it first")
    rows = list(session.ledger.rows())
    blobs: dict[str, bytes] = {}
    for row in rows:
        for name in _blob_names(row):
            if name not in blobs:
                try:
                    blobs[name] = session.blobs.get(name)
                except LedgerError:
                    pass
                except Exception:  # noqa: BLE001 - a missing blob is for verify to report
                    pass
    doc = {
        "format": FORMAT,
        "origin": session.origin,
        # the trust file's lines: log keys, and the witnesses whose cosignatures verify checks
        "trust": [v.to_key() for v in session.verifiers]
        + [f"{WITNESS_PREFIX}{w.to_key()}" for w in witness_keys(session.verifiers)],
        "pinned": session.read_pinned(),
        "events": [[r.position, r.notification_id, r.originator_id, r.version, r.topic, r.state] for r in rows],
        "blobs": blobs,
    }
    replace_atomically(path, codec.encode(doc))
    return len(rows)


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

    def export(self, doc: Any) -> Export:
        if type(doc) is not dict:
            raise self.bad("the file", f"holds {_kind(doc)}, not a map")
        if doc.get("format") != FORMAT:
            raise self.bad("format", f"is not {FORMAT!r}")
        missing = sorted(_KEYS - set(doc))
        if missing:
            raise self.bad(missing[0], "is missing")
        unknown = sorted(set(doc) - _KEYS)
        if unknown:
            raise self.bad(repr(unknown[0])[:80], "is not a field of an export")
        origin = self.string(doc["origin"], "origin", MAX_ORIGIN_CHARS)
        trust = self.array(doc["trust"], "trust")
        if len(trust) > MAX_TRUST_LINES:
            raise self.bad("trust", f"has {len(trust)} keys, over {MAX_TRUST_LINES}")
        keys = [self.string(k, f"trust[{i}]", MAX_KEY_CHARS) for i, k in enumerate(trust)]
        for i, k in enumerate(keys):
            if "\n" in k or "\r" in k:
                raise self.bad(f"trust[{i}]", "holds a line break")
        pinned = doc["pinned"]
        if pinned is not None:
            pinned = self.string(pinned, "pinned", MAX_NOTE_CHARS)
        rows = [self.row(r, i) for i, r in enumerate(self.array(doc["events"], "events"))]
        blobs = doc["blobs"]
        if type(blobs) is not dict:
            raise self.bad("blobs", f"must be a map, not {_kind(blobs)}")
        for name, data in blobs.items():
            if not _BLOB_NAME.fullmatch(name):
                raise self.bad(f"blobs[{name[:80]!r}]", "is not a blob name (64 lowercase hex digits)")
            if type(data) is not bytes:
                raise self.bad(f"blobs[{name[:16]}…]", f"must be bytes, not {_kind(data)}")
        return Export(origin, keys, pinned, rows, blobs)


def _kind(value: Any) -> str:
    return {dict: "a map", list: "an array", str: "a string", bytes: "bytes", int: "an integer",
            bool: "a boolean", type(None): "nil", float: "a float"}.get(type(value), type(value).__name__)


def parse_export(data: bytes, *, source: str = "the export") -> Export:
    """Check the bytes of an export into an :class:`Export`: each field's type and range.

    Decoding is bounded: no array may claim more elements, and no map more entries, than
    the bytes could hold, and msgpack's own nesting limit applies; nested values are never
    walked (every field has a fixed shape), so a hostile file costs at most a few times
    its own size in memory.

    Raises:
        NotAnExportError: not msgpack, or not of the export's shape (the field is named).
    """
    reader = _Reader(source)
    try:
        doc = msgpack.unpackb(
            data, raw=False, strict_map_key=True, use_list=True, ext_hook=_refuse_ext,
            max_array_len=max(16, len(data) // 8), max_map_len=max(16, len(data) // 32),
        )
    except Exception as e:  # noqa: BLE001 - msgpack raises several unrelated types on bad input
        raise reader.bad("the file", f"is not msgpack ({type(e).__name__}: {str(e)[:120]})") from e
    return reader.export(doc)


def read_export(path: Path) -> Export:
    """Read an export file (a regular file, at most :data:`~overlord.inputs.EXPORT_MAX_BYTES`).

    Raises:
        InputError: missing, not a regular file, or too large.
        NotAnExportError: not an Overlord export (see :func:`parse_export`).
    """
    data = read_input(path, what="export", max_bytes=EXPORT_MAX_BYTES)
    return parse_export(data, source=str(path))

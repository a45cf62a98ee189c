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

from dataclasses import dataclass
from pathlib import Path

from overlord.domain.events import BLOB_SUFFIX
from overlord.errors import EncodingError, LedgerError
from overlord.files import replace_atomically
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
    if contains(session.home.root, path.parent) :
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


def read_export(path: Path) -> Export:
    """Read an export file.

    Raises:
        LedgerError: the file is missing or is not an Overlord export.
    """
    try:
        doc = codec.decode(path.read_bytes())
    except FileNotFoundError as e:
        raise LedgerError(f"no export file at {path}") from e
    except OSError as e:
        raise LedgerError(f"cannot read the export {path}: {e.strerror}") from e
    except EncodingError as e:
        raise LedgerError(f"{path} is not an Overlord export: {e}", "give a file made by `overlord export`") from e
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise LedgerError(f"{path} is not an Overlord export", "give a file made by `overlord export`")
    try:
        rows = [StoredRow(int(p), int(n), str(o), v, str(t), bytes(s)) for p, n, o, v, t, s in doc["events"]]
        return Export(str(doc["origin"]), list(doc["trust"]), doc.get("pinned"), rows, dict(doc["blobs"]))
    except (KeyError, TypeError, ValueError) as e:
        raise LedgerError(f"{path} is a damaged Overlord export: {e}") from e

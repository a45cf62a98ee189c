"""The vault's database: one SQLCipher file with an FTS5 mirror and ``sqlite-vec`` vectors.

``OVERLORD_HOME/vault.sqlite`` is encrypted as a whole (SQLCipher 4: every page of the file
and of its WAL, AES-256, keyed with a key derived from the vault's key; temporary tables in
memory). It is a view of the ledger: its rows are made only from ``MemoryAccepted``,
``Folded`` and ``Removed`` events (and the outcome cache's), by :meth:`VaultDB.apply`, which
also advances the tracking position in the same transaction; dropped, it rebuilds from the
log.

Tables: ``items`` (text, label, clearance, provenance, content hash), ``items_fts`` (FTS5 over
the text, external content), ``items_vec`` (``vec0``: the embedding, with ``clearance`` and
``live`` as metadata columns, so a KNN query filters by clearance *inside* the search and
a top-k is never short of readable items or padded with unreadable ones), ``outcomes`` (the
cache of validated outcomes), ``tracking``.

Every read takes a clearance (an integer from :func:`overlord.domain.memory.clearance`); a
negative clearance reads nothing. A row above the clearance that reaches the end of a read
anyway is an error (fail closed), never returned.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from overlord.adapters.vault.crypto import VaultError, VaultKey
from overlord.domain.memory import fuse

DB_FILE = "vault.sqlite"
SCHEMA_VERSION = 1
KNN_MAX = 4096
CACHE_KIB = 128 * 1024


@dataclass(frozen=True)
class Row:
    """An item as the database holds it (``text`` decrypted by SQLCipher as it is read)."""

    id: str
    label: str
    clearance: int
    kind: str
    content_type: str
    source: str
    source_event: str
    run_id: str
    tool_call: str
    chunk_of: str
    chunk_index: int
    chunks: int
    findings: tuple[str, ...]
    contaminated: bool
    level: int
    sources: tuple[str, ...]
    folded_into: str | None
    accepted_at_ns: int
    text: str
    content_hmac: str

    def to_json(self, score: float | None = None) -> dict[str, Any]:
        """The ``--json`` shape: ``id``, ``label``, ``text``, ``score`` and provenance."""
        out: dict[str, Any] = {"id": self.id, "label": self.label, "text": self.text, "score": score,
                               "kind": self.kind, "source": self.source, "run_id": self.run_id or None,
                               "tool_call": self.tool_call or None, "source_event": self.source_event or None,
                               "findings": list(self.findings), "contaminated": self.contaminated}
        if self.kind == "summary":
            out["sources"] = list(self.sources)
        if self.folded_into:
            out["folded_into"] = self.folded_into
        return out


@dataclass(frozen=True)
class Hit:
    """A search result: the row and its fused score (higher is better)."""

    row: Row
    score: float


@dataclass(frozen=True)
class AddItem:
    """Write: an accepted item, with its text, clearance and embedding."""

    row: Row
    embedding: np.ndarray


@dataclass(frozen=True)
class FoldItem:
    """Write: ``item_id`` was folded into ``summary_id``."""

    item_id: str
    summary_id: str


@dataclass(frozen=True)
class RemoveItem:
    """Write: ``item_id`` was removed."""

    item_id: str


@dataclass(frozen=True)
class PutOutcome:
    """Write: a validated outcome for the cache (see :mod:`overlord.domain.outcomes`)."""

    outcome_id: str
    goal: str
    normalized: str
    tree_hash: str
    toolchain: str
    diff: str
    task_id: str
    gate_check: str
    accepted_at_ns: int
    embedding: np.ndarray


@dataclass(frozen=True)
class DropOutcome:
    """Write: the outcome ``outcome_id`` was invalidated (its gate run failed)."""

    outcome_id: str
    reason: str


Op = AddItem | FoldItem | RemoveItem | PutOutcome | DropOutcome


@dataclass(frozen=True)
class Outcome:
    """A cached validated outcome as stored."""

    outcome_id: str
    goal: str
    normalized: str
    tree_hash: str
    toolchain: str
    diff: str
    task_id: str
    gate_check: str
    similarity: float = 1.0


_COLUMNS = ("id", "label", "clearance", "kind", "content_type", "source", "source_event", "run_id", "tool_call",
            "chunk_of", "chunk_index", "chunks", "findings", "contaminated", "level", "sources", "folded_into",
            "accepted_at_ns", "text", "content_hmac")
_SELECT = ", ".join(f"i.{c}" for c in _COLUMNS)
_WORD = re.compile(r"[\w]+", re.UNICODE)


def _row(values: Sequence[Any]) -> Row:
    d = dict(zip(_COLUMNS, values, strict=True))
    return Row(d["id"], d["label"], int(d["clearance"]), d["kind"], d["content_type"], d["source"], d["source_event"],
               d["run_id"], d["tool_call"], d["chunk_of"], int(d["chunk_index"]), int(d["chunks"]),
               tuple(json.loads(d["findings"])), bool(d["contaminated"]), int(d["level"]),
               tuple(json.loads(d["sources"])), d["folded_into"], int(d["accepted_at_ns"]), d["text"],
               d["content_hmac"])


STOPWORDS = frozenset("""a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each every few for from further had has have
having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on
once only or other our out over own same she should so some such than that the their them then there these they
this those through to too under until up very was we were what when where which while who whom why will with would
you your""".split())
"""Words too common to be worth an exact-token match (meaning still counts them, in the vectors)."""


def fts_query(text: str) -> str | None:
    """An FTS5 query matching any word of ``text`` but :data:`STOPWORDS` (each quoted: no
    operator can be smuggled in); ``None`` when no word is left."""
    words = [w for w in dict.fromkeys(w.lower() for w in _WORD.findall(text)) if w not in STOPWORDS][:64]
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in words) or None


class VaultDB:
    """One open vault database.

    Args:
        path: the database file.
        key: the vault's key (the database key is derived from it).
        dim: the embedding dimension.

    Raises:
        VaultError: the file does not open with this key, or lacks FTS5 or sqlite-vec.
    """

    def __init__(self, path: Path, key: VaultKey, *, dim: int) -> None:
        try:
            import sqlcipher3
            import sqlite_vec
        except ImportError as e:
            raise VaultError("the vault needs sqlcipher3 and sqlite-vec", "pip install overlord again") from e
        self.path = Path(path)
        self.dim = dim
        self._errors: tuple[type[BaseException], ...] = (sqlcipher3.DatabaseError,)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            self.conn = sqlcipher3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
            self.conn.execute(f"PRAGMA key = {key.db_key_pragma()}")
            # SQLCipher's memory security (locking and wiping every allocation) costs ten times
            # a query here, and the texts it would wipe live on in Python's strings anyway
            self.conn.execute("PRAGMA cipher_memory_security = OFF")
            self.conn.execute("PRAGMA temp_store = MEMORY")
            # every page read from the file is decrypted and its HMAC checked: keep what was read
            # (a KNN query reads every vector page) decrypted in memory, up to 128 MiB
            self.conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
            self.conn.execute("PRAGMA secure_delete = ON")
            # a view rebuilt from the log: a crash may lose the last transaction, never consistency
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlcipher3.DatabaseError as e:
            with contextlib.suppress(Exception):
                self.conn.close()
            raise VaultError(f"the vault database {self.path} does not open with the vault's key: {e}",
                             "the key in the secret store changed: move the file away and run "
                             "`overlord memory rebuild`") from e
        try:
            self.conn.enable_load_extension(True)
            sqlite_vec.load(self.conn)
            self.conn.enable_load_extension(False)
        except (AttributeError, sqlcipher3.OperationalError) as e:
            self.conn.close()
            raise VaultError(f"sqlite-vec cannot be loaded into the vault's SQLite: {e}") from e
        self.conn.execute("PRAGMA journal_mode = WAL")
        self._create()
        self.path.chmod(0o600)

    def _create(self) -> None:
        with self.transaction() as c:
            c.execute("""CREATE TABLE IF NOT EXISTS items (
                rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, label TEXT NOT NULL,
                clearance INTEGER NOT NULL, kind TEXT NOT NULL, content_type TEXT NOT NULL,
                source TEXT NOT NULL, source_event TEXT NOT NULL, run_id TEXT NOT NULL, tool_call TEXT NOT NULL,
                chunk_of TEXT NOT NULL, chunk_index INTEGER NOT NULL, chunks INTEGER NOT NULL,
                findings TEXT NOT NULL, contaminated INTEGER NOT NULL, level INTEGER NOT NULL,
                sources TEXT NOT NULL, folded_into TEXT, accepted_at_ns INTEGER NOT NULL,
                text TEXT NOT NULL, content_hmac TEXT NOT NULL)""")
            c.execute("CREATE INDEX IF NOT EXISTS items_source ON items(source, run_id, accepted_at_ns)")
            c.execute("CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5(text, content='items', "
                      "content_rowid='rowid', tokenize='unicode61')")
            c.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS items_vec USING vec0(embedding float[{self.dim}] "
                      "distance_metric=cosine, clearance integer, live integer)")
            c.execute("""CREATE TABLE IF NOT EXISTS outcomes (
                rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, goal TEXT NOT NULL, normalized TEXT NOT NULL,
                tree_hash TEXT NOT NULL, toolchain TEXT NOT NULL, diff TEXT NOT NULL, task_id TEXT NOT NULL,
                gate_check TEXT NOT NULL, accepted_at_ns INTEGER NOT NULL, valid INTEGER NOT NULL,
                invalid_reason TEXT)""")
            c.execute("CREATE INDEX IF NOT EXISTS outcomes_key ON outcomes(normalized, tree_hash, toolchain)")
            c.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS outcomes_vec USING vec0(embedding float[{self.dim}] "
                      "distance_metric=cosine, valid integer, tree_hash text, toolchain text)")
            c.execute("CREATE TABLE IF NOT EXISTS tracking (name TEXT PRIMARY KEY, position INTEGER NOT NULL)")
            c.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
            c.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Any]:
        """A write transaction (``BEGIN IMMEDIATE``): committed on success, rolled back on error.

        Raises:
            VaultError: the database refused.
        """
        c = self.conn.cursor()
        try:
            c.execute("BEGIN IMMEDIATE")
            yield c
            c.execute("COMMIT")
        except BaseException as e:
            with contextlib.suppress(Exception):
                c.execute("ROLLBACK")
            if isinstance(e, self._errors):
                raise VaultError(f"the vault database refused a write: {e}") from e
            raise
        finally:
            c.close()

    def close(self) -> None:
        """Close the connection."""
        with contextlib.suppress(Exception):
            self.conn.close()

    # -- the view's writes ---------------------------------------------------------------

    def position(self, name: str = "memory") -> int:
        """The last notification id applied (0: none)."""
        row = self.conn.execute("SELECT position FROM tracking WHERE name = ?", (name,)).fetchone()
        return int(row[0]) if row else 0

    def apply(self, ops: Sequence[tuple[int, Op]], position: int, name: str = "memory") -> None:
        """Apply ``ops`` (each with the notification id it comes from) and move the tracking
        position to ``position``, in one transaction; an op at or before the position already
        reached (another process caught up first) is skipped, so the view never goes back.
        Only the vault's catch-up calls this (the intake gate is the only way in)."""
        with self.transaction() as c:
            found = c.execute("SELECT position FROM tracking WHERE name = ?", (name,)).fetchone()
            done = int(found[0]) if found else 0
            if position <= done:
                return
            for notification_id, op in ops:
                if notification_id <= done:
                    continue
                if isinstance(op, AddItem):
                    self._add(c, op)
                elif isinstance(op, FoldItem):
                    c.execute("UPDATE items SET folded_into = ? WHERE id = ?", (op.summary_id, op.item_id))
                    c.execute("UPDATE items_vec SET live = 0 WHERE rowid = (SELECT rowid FROM items WHERE id = ?)",
                              (op.item_id,))
                elif isinstance(op, RemoveItem):
                    self._remove(c, op.item_id)
                elif isinstance(op, PutOutcome):
                    self._put_outcome(c, op)
                elif isinstance(op, DropOutcome):
                    c.execute("UPDATE outcomes SET valid = 0, invalid_reason = ? WHERE id = ?", (op.reason, op.outcome_id))
                    c.execute("UPDATE outcomes_vec SET valid = 0 WHERE rowid = (SELECT rowid FROM outcomes WHERE id = ?)",
                              (op.outcome_id,))
            c.execute("INSERT INTO tracking VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position",
                      (name, position))

    def _add(self, c: Any, op: AddItem) -> None:
        r = op.row
        if c.execute("SELECT 1 FROM items WHERE id = ?", (r.id,)).fetchone():
            return  # applied already (idempotent)
        values = (r.id, r.label, r.clearance, r.kind, r.content_type, r.source, r.source_event, r.run_id, r.tool_call,
                  r.chunk_of, r.chunk_index, r.chunks, json.dumps(list(r.findings)), int(r.contaminated), r.level,
                  json.dumps(list(r.sources)), r.folded_into, r.accepted_at_ns, r.text, r.content_hmac)
        c.execute(f"INSERT INTO items ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})", values)  # noqa: S608 - constant column names
        rowid = c.lastrowid
        c.execute("INSERT INTO items_fts(rowid, text) VALUES (?, ?)", (rowid, r.text))
        c.execute("INSERT INTO items_vec(rowid, embedding, clearance, live) VALUES (?, ?, ?, ?)",
                  (rowid, _vector(op.embedding, self.dim), r.clearance, 0 if r.folded_into else 1))

    def _remove(self, c: Any, item_id: str) -> None:
        found = c.execute("SELECT rowid, text FROM items WHERE id = ?", (item_id,)).fetchone()
        if not found:
            return
        rowid, text = found
        c.execute("INSERT INTO items_fts(items_fts, rowid, text) VALUES ('delete', ?, ?)", (rowid, text))
        c.execute("DELETE FROM items_vec WHERE rowid = ?", (rowid,))
        c.execute("DELETE FROM items WHERE rowid = ?", (rowid,))

    def _put_outcome(self, c: Any, op: PutOutcome) -> None:
        if c.execute("SELECT 1 FROM outcomes WHERE id = ?", (op.outcome_id,)).fetchone():
            return
        c.execute("INSERT INTO outcomes (id, goal, normalized, tree_hash, toolchain, diff, task_id, gate_check, "
                  "accepted_at_ns, valid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
                  (op.outcome_id, op.goal, op.normalized, op.tree_hash, op.toolchain, op.diff, op.task_id,
                   op.gate_check, op.accepted_at_ns))
        c.execute("INSERT INTO outcomes_vec(rowid, embedding, valid, tree_hash, toolchain) VALUES (?, ?, 1, ?, ?)",
                  (c.lastrowid, _vector(op.embedding, self.dim), op.tree_hash, op.toolchain))

    def drop(self) -> None:
        """Forget every row and the tracking position (a rebuild starts from zero)."""
        with self.transaction() as c:
            for table in ("items", "items_vec", "outcomes", "outcomes_vec", "tracking"):
                c.execute(f"DELETE FROM {table}")  # noqa: S608 - constant names
            c.execute("INSERT INTO items_fts(items_fts) VALUES ('delete-all')")

    # -- reads (each under a clearance) -------------------------------------------------------

    def search(self, query: str, vector: np.ndarray, clearance: int, *, limit: int = 10,
               candidates: int | None = None) -> list[Hit]:
        """The ``limit`` best items readable at ``clearance`` for ``query``: exact-token recall
        (FTS5, BM25) and semantic recall (KNN on ``vector``) fused by reciprocal rank; folded
        items are left out (their summary stands for them). Both queries filter by clearance
        inside themselves.

        Raises:
            VaultError: a row above the clearance came back (never returned: fail closed).
        """
        if clearance < 0 or limit <= 0:
            return []
        k = min(KNN_MAX, candidates or max(limit * 4, 20))
        semantic = [r for (r,) in self.conn.execute(
            "SELECT rowid FROM items_vec WHERE embedding MATCH ? AND k = ? AND clearance <= ? AND live = 1 "
            "ORDER BY distance", (_vector(vector, self.dim), k, clearance))]
        exact: list[int] = []
        match = fts_query(query)
        if match is not None:
            exact = [r for (r,) in self.conn.execute(
                "SELECT items_fts.rowid FROM items_fts JOIN items i ON i.rowid = items_fts.rowid "
                "WHERE items_fts MATCH ? AND i.clearance <= ? AND i.folded_into IS NULL ORDER BY items_fts.rank LIMIT ?",
                (match, clearance, k))]
        fused = fuse(exact, semantic)[:limit]
        rows = self._rows([r for r, _ in fused], clearance)
        return [Hit(rows[r], score) for r, score in fused]

    def _rows(self, rowids: Sequence[int], clearance: int) -> dict[int, Row]:
        if not rowids:
            return {}
        marks = ", ".join("?" * len(rowids))
        found = {int(v[0]): _row(v[1:]) for v in self.conn.execute(
            f"SELECT i.rowid, {_SELECT} FROM items i WHERE i.rowid IN ({marks}) AND i.clearance <= ?",  # noqa: S608
            (*rowids, clearance))}
        if len(found) != len(set(rowids)) or any(r.clearance > clearance for r in found.values()):
            raise VaultError("a read returned an item above the reader's clearance; nothing was returned",
                             "run `overlord memory rebuild`")
        return found

    def get(self, item_id: str, clearance: int) -> Row | None:
        """The item ``item_id`` when it is readable at ``clearance``, else ``None`` (whether it
        exists is not told)."""
        if clearance < 0:
            return None
        found = self.conn.execute(f"SELECT {_SELECT} FROM items i WHERE i.id = ? AND i.clearance <= ?",  # noqa: S608
                                  (item_id, clearance)).fetchone()
        row = _row(found) if found else None
        if row is not None and row.clearance > clearance:
            raise VaultError("a read returned an item above the reader's clearance; nothing was returned")
        return row

    def exists(self, item_id: str) -> bool:
        """Whether the vault holds ``item_id`` at all (for ``rm``, which is the owner's)."""
        return self.conn.execute("SELECT 1 FROM items WHERE id = ?", (item_id,)).fetchone() is not None

    def sources_of(self, summary: Row, clearance: int) -> list[Row]:
        """A summary's sources, in its order, each readable at ``clearance``.

        Raises:
            VaultError: a source is missing or above ``clearance`` (the whole expand is refused:
                a summary never reaches a role that could not read all its sources).
        """
        if clearance < 0:
            return []
        ids = list(summary.sources)
        if not ids:
            return []
        marks = ", ".join("?" * len(ids))
        found = {r.id: r for r in (_row(v) for v in self.conn.execute(
            f"SELECT {_SELECT} FROM items i WHERE i.id IN ({marks}) AND i.clearance <= ?", (*ids, clearance)))}  # noqa: S608
        if len(found) != len(ids):
            raise VaultError(f"summary {summary.id}: {len(ids) - len(found)} of its sources cannot be read at this "
                             "clearance", "nothing was expanded")
        return [found[i] for i in ids]

    def candidates(self, *, before_ns: int, ids: Sequence[str] = ()) -> list[Row]:
        """Items a compaction pass may fold: live (not folded), accepted before ``before_ns``,
        or exactly ``ids`` when named (the owner's command: no clearance)."""
        if ids:
            marks = ", ".join("?" * len(ids))
            sql = f"SELECT {_SELECT} FROM items i WHERE i.id IN ({marks}) AND i.folded_into IS NULL"  # noqa: S608
            return [_row(v) for v in self.conn.execute(sql, tuple(ids))]
        return [_row(v) for v in self.conn.execute(
            f"SELECT {_SELECT} FROM items i WHERE i.folded_into IS NULL AND i.accepted_at_ns < ? "  # noqa: S608
            "ORDER BY i.accepted_at_ns, i.id", (before_ns,))]

    def recent(self, source: str, run_id: str, since_ns: int) -> int:
        """How many items ``source`` (for ``run_id``) added since ``since_ns``: the rate limit's count."""
        row = self.conn.execute("SELECT count(*) FROM items WHERE source = ? AND run_id = ? AND accepted_at_ns >= ?",
                                (source, run_id, since_ns)).fetchone()
        return int(row[0])

    def count(self) -> int:
        """How many items the vault holds."""
        return int(self.conn.execute("SELECT count(*) FROM items").fetchone()[0])

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of the items and outcomes, ordered: what a rebuild must reproduce."""
        return {
            "items": sorted(tuple(r) for r in self.conn.execute(f"SELECT {_SELECT} FROM items i")),  # noqa: S608
            "outcomes": sorted(tuple(r) for r in self.conn.execute(
                "SELECT id, goal, normalized, tree_hash, toolchain, diff, task_id, gate_check, valid, invalid_reason "
                "FROM outcomes")),
            "vec_live": sorted(tuple(r) for r in self.conn.execute(
                "SELECT i.id, v.clearance, v.live FROM items_vec v JOIN items i ON i.rowid = v.rowid")),
        }

    # -- the outcome cache -----------------------------------------------------------------------

    def outcome_exact(self, normalized: str, tree_hash: str, toolchain: str) -> Outcome | None:
        """A valid outcome with this normalized goal, starting tree and toolchain (newest first)."""
        v = self.conn.execute(
            "SELECT id, goal, normalized, tree_hash, toolchain, diff, task_id, gate_check FROM outcomes "
            "WHERE normalized = ? AND tree_hash = ? AND toolchain = ? AND valid = 1 ORDER BY accepted_at_ns DESC LIMIT 1",
            (normalized, tree_hash, toolchain)).fetchone()
        return _outcome(v) if v else None

    def outcome_near(self, vector: np.ndarray, tree_hash: str, toolchain: str, *, k: int = 5) -> list[Outcome]:
        """The ``k`` valid outcomes for this starting tree and toolchain whose goals are nearest
        ``vector`` (the tree and toolchain filter inside the KNN query), with their cosine similarity."""
        near = list(self.conn.execute(
            "SELECT rowid, distance FROM outcomes_vec WHERE embedding MATCH ? AND k = ? AND valid = 1 "
            "AND tree_hash = ? AND toolchain = ? ORDER BY distance",
            (_vector(vector, self.dim), k, tree_hash, toolchain)))
        out = []
        for rowid, distance in near:
            v = self.conn.execute("SELECT id, goal, normalized, tree_hash, toolchain, diff, task_id, gate_check "
                                  "FROM outcomes WHERE rowid = ? AND valid = 1", (rowid,)).fetchone()
            if v:
                out.append(_outcome(v, similarity=1.0 - float(distance)))
        return out

    def outcome(self, outcome_id: str) -> tuple[Outcome, bool, str | None] | None:
        """An outcome by id with whether it is valid and why not."""
        v = self.conn.execute("SELECT id, goal, normalized, tree_hash, toolchain, diff, task_id, gate_check, valid, "
                              "invalid_reason FROM outcomes WHERE id = ?", (outcome_id,)).fetchone()
        return (_outcome(v[:8]), bool(v[8]), v[9]) if v else None


def _outcome(v: Sequence[Any], similarity: float = 1.0) -> Outcome:
    return Outcome(str(v[0]), str(v[1]), str(v[2]), str(v[3]), str(v[4]), str(v[5]), str(v[6]), str(v[7]),
                   similarity=similarity)


def _vector(v: np.ndarray, dim: int) -> bytes:
    arr = np.asarray(v, dtype=np.float32).reshape(-1)
    if arr.shape[0] != dim:
        raise VaultError(f"an embedding has {arr.shape[0]} dimensions, not {dim}")
    return arr.tobytes()


__all__ = ["DB_FILE", "AddItem", "DropOutcome", "FoldItem", "Hit", "Op", "Outcome", "PutOutcome", "RemoveItem",
           "Row", "VaultDB", "fts_query"]

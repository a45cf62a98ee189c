"""The vault's search and intake against the same database work done directly.

A vault of N items (default 100,000; four labels mixed) is filled through the intake gate,
as ``overlord memory add`` fills it: validation, the secret classifier, the contamination
scan, the rate limit (off here), the chunker, each text sealed into a blob, the events signed
into a real SQLite ledger, then the encrypted database catching up from the log (each sealed
text opened, classified again, embedded, written).

Search, Q queries: (a) Overlord's ``Vault.search`` as a ``user`` (clearance inside the KNN
and FTS5 queries, SQLCipher decrypting every page it reads, reciprocal-rank fusion, the rows
read back and checked), against (b) the same ``sqlite-vec`` KNN and FTS5 queries on the same
rows issued directly on a plain (unencrypted) SQLite with no clearance, no fusion, then the
texts of the hits read. Both embed the query with the same model. Median of each query's time,
the two interleaved.

Intake, M items: through the gate (a), against (b) the same embedding and insert into the
plain database without it.

Usage: .venv/bin/python bench/vault.py [N] [Q] [M]
Last line: ``vault ratio: X (target 1.5)`` (search through the vault / direct).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sqlcipher3  # noqa: E402
import sqlite_vec  # noqa: E402

from overlord.adapters.clock import SystemClock  # noqa: E402
from overlord.adapters.vault.crypto import VaultKey  # noqa: E402
from overlord.adapters.vault.db import CACHE_KIB, fts_query  # noqa: E402
from overlord.adapters.vault.embed import load_wordllama  # noqa: E402
from overlord.domain.memory import Provenance, RateLimit, Submission  # noqa: E402
from overlord.ledger.session import init_home  # noqa: E402
from overlord.supervision.vault import Vault  # noqa: E402
from tests.vault.corpus import labelled, queries  # noqa: E402

BATCH = 2000
K = 40
LIMIT = 10


def plain_db(path: Path, dim: int) -> sqlcipher3.Connection:
    """An unencrypted SQLite with the same tables, no clearance metadata."""
    conn = sqlcipher3.connect(str(path), isolation_level=None)
    conn.enable_load_extension(True)
    sqlite_vec.load(conn)
    conn.enable_load_extension(False)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")  # the vault's own page cache, for a fair baseline
    conn.execute("CREATE TABLE items (rowid INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    conn.execute("CREATE VIRTUAL TABLE items_fts USING fts5(text, content='items', content_rowid='rowid', "
                 "tokenize='unicode61')")
    conn.execute(f"CREATE VIRTUAL TABLE items_vec USING vec0(embedding float[{dim}] distance_metric=cosine)")
    return conn


def insert_plain(conn: sqlcipher3.Connection, rows: list[tuple[int, str, bytes]]) -> None:
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO items(rowid, text) VALUES (?, ?)", [(r, t) for r, t, _ in rows])
    conn.executemany("INSERT INTO items_fts(rowid, text) VALUES (?, ?)", [(r, t) for r, t, _ in rows])
    conn.executemany("INSERT INTO items_vec(rowid, embedding) VALUES (?, ?)", [(r, v) for r, _, v in rows])
    conn.execute("COMMIT")


def direct_search(conn: sqlcipher3.Connection, embedder, query: str) -> list[str]:
    vector = embedder.embed([query])[0].tobytes()
    semantic = [r for (r,) in conn.execute(
        "SELECT rowid FROM items_vec WHERE embedding MATCH ? AND k = ? ORDER BY distance", (vector, K))]
    match = fts_query(query)
    exact = [r for (r,) in conn.execute("SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY rank LIMIT ?",
                                        (match, K))] if match else []
    top = list(dict.fromkeys([*exact[:LIMIT // 2], *semantic]))[:LIMIT]
    marks = ", ".join("?" * len(top))
    return [t for (t,) in conn.execute(f"SELECT text FROM items WHERE rowid IN ({marks})", top)]  # noqa: S608


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    q = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    m = int(sys.argv[3]) if len(sys.argv) > 3 else 5_000
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        embedder = load_wordllama(root / "wordllama")
        session = init_home(root / "home")
        vault = Vault.open(session, VaultKey(os.urandom(32)), embedder=embedder, clock=SystemClock(),
                           rate=RateLimit(None))
        items = labelled(n)
        started = time.perf_counter()
        for start in range(0, n, BATCH):
            vault.add_many([Submission(t, label, Provenance("bench")) for t, label in items[start:start + BATCH]])
        print(f"filled a vault of {vault.db.count()} items through the gate in {time.perf_counter() - started:.1f} s")

        conn = plain_db(root / "plain.sqlite", embedder.dim)
        rows = list(vault.db.conn.execute("SELECT i.rowid, i.text FROM items i ORDER BY i.rowid"))
        for start in range(0, len(rows), BATCH):
            part = rows[start:start + BATCH]
            vectors = embedder.embed([t for _, t in part])
            insert_plain(conn, [(r, t, v.tobytes()) for (r, t), v in zip(part, vectors, strict=True)])

        qs = queries(q, seed=29)
        for query in qs[:20]:  # warm both page caches
            vault.search(query, role="user", limit=LIMIT)
            direct_search(conn, embedder, query)
        through, direct = [], []
        for query in qs:
            t0 = time.perf_counter()
            hits = vault.search(query, role="user", limit=LIMIT)
            t1 = time.perf_counter()
            texts = direct_search(conn, embedder, query)
            t2 = time.perf_counter()
            assert hits and texts
            through.append(t1 - t0)
            direct.append(t2 - t1)
        search_ratio = statistics.median(through) / statistics.median(direct)
        print(f"search over {n} items, {q} queries: vault median {statistics.median(through) * 1000:.2f} ms, "
              f"direct median {statistics.median(direct) * 1000:.2f} ms")

        fresh = [(f"{t} (intake {i})", label) for i, (t, label) in enumerate(labelled(m, seed=31))]
        t0 = time.perf_counter()
        for start in range(0, m, 500):
            vault.add_many([Submission(t, label, Provenance("intake-bench")) for t, label in fresh[start:start + 500]])
        gated = time.perf_counter() - t0
        t0 = time.perf_counter()
        base = 10_000_000
        for start in range(0, m, 500):
            part = fresh[start:start + 500]
            vectors = embedder.embed([t for t, _ in part])
            insert_plain(conn, [(base + start + i, t, v.tobytes()) for i, ((t, _), v) in
                                enumerate(zip(part, vectors, strict=True))])
        bare = time.perf_counter() - t0
        print(f"intake of {m} items: through the gate {m / gated:.0f} items/s, embedding and insert alone "
              f"{m / bare:.0f} items/s (x{gated / bare:.1f})")
        conn.close()
        vault.close()
        session.close()
    print(f"vault ratio: {search_ratio:.2f} (target 1.5)")


if __name__ == "__main__":
    main()

"""Ledger fixtures: a real home on SQLite and on PostgreSQL (the contract runs on both)."""

from __future__ import annotations

import sqlite3
import uuid

import pytest

from overlord.domain.run import Run
from overlord.domain.settlement import settle_exit
from overlord.ledger.session import LedgerSession, init_home, open_home
from overlord.ledger.store import PostgresConfig
from tests.conftest import StepClock  # noqa: F401 - one test clock for every suite


@pytest.fixture(params=["sqlite", "postgres"])
def store_kind(request):
    """Each ledger contract test runs on both stores."""
    return request.param


@pytest.fixture
def make_home(tmp_path, request):
    """Factory: ``make_home(kind)`` -> an initialised LedgerSession (closed after the test)."""
    sessions: list[LedgerSession] = []

    def make(kind: str = "sqlite") -> LedgerSession:
        pg = None
        if kind == "postgres":
            server = request.getfixturevalue("postgres_server")
            pg = PostgresConfig(host="127.0.0.1", port=server.port, dbname=server.create_database(), user="postgres")
        s = init_home(tmp_path / f"home-{len(sessions)}", store_kind=kind, postgres=pg)
        sessions.append(s)
        return s

    yield make
    for s in sessions:
        s.close()


@pytest.fixture
def home(make_home, store_kind) -> LedgerSession:
    """An initialised home on the parametrised store."""
    return make_home(store_kind)


def reopen(session: LedgerSession, *, writable: bool = True) -> LedgerSession:
    """Open the same home again, as a new process would."""
    pg_password = session.config.postgres.password if session.config.postgres else ""
    return open_home(session.home.root, writable=writable, postgres_password=pg_password)


def add_runs(session: LedgerSession, clock: StepClock, n: int = 3, checkpoint_each: bool = True) -> list[uuid.UUID]:
    """Append ``n`` complete runs (opened, exited with blobs, settled), checkpointing each."""
    ids = []
    for i in range(n):
        run = Run.open(run_id=uuid.uuid4(), cwd=f"/work/{i}", argv=["echo", str(i)], policy_hash="p", overlord_version="t",
                       runtime="command", sandbox="none", at=clock.now())
        session.ledger.append(run)
        out = session.blobs.put(f"out {i}\n".encode())
        err = session.blobs.put(f"err {i}\n".encode())
        run.record_exit(exit_code=i, signal=None, duration_ns=1000 + i, stdout_blob=out, stderr_blob=err,
                        stdout_bytes=6, stderr_bytes=6, at=clock.now())
        run.settle(settle_exit(i, None), at=clock.now())
        session.ledger.append(run)
        if checkpoint_each:
            session.checkpoint(at=clock.now())
        ids.append(run.id)
    return ids


def tamper(session: LedgerSession, sql: str, params: tuple = ()) -> None:
    """Run raw SQL on the store with the append-only triggers out of the way (an attacker's
    write access to the database file or server)."""
    if session.config.store_kind == "sqlite":
        conn = sqlite3.connect(session.home.root / "ledger.sqlite")
        conn.execute("DROP TRIGGER IF EXISTS overlord_no_update")
        conn.execute("DROP TRIGGER IF EXISTS overlord_no_delete")
        conn.execute(sql, params)
        conn.commit()
        conn.close()
        return
    import psycopg

    pg = session.config.postgres
    with psycopg.connect(host=pg.host, port=pg.port, dbname=pg.dbname, user=pg.user, autocommit=True) as c:
        c.execute("ALTER TABLE overlord_events DISABLE TRIGGER USER")
        c.execute(sql.replace("?", "%s").replace("stored_events", "overlord_events"), params)
        c.execute("ALTER TABLE overlord_events ENABLE TRIGGER USER")


def row_at(session: LedgerSession, position: int):
    """The stored row at a 0-based position."""
    return next(r for r in session.ledger.rows() if r.position == position)


def id_param(session: LedgerSession, originator_id: str):
    """How the store spells an originator id in SQL (SQLite: hex text; PostgreSQL: uuid)."""
    return uuid.UUID(originator_id).hex if session.config.store_kind == "sqlite" else uuid.UUID(originator_id)

"""Where the ledger's events are stored: SQLite (embedded default) or PostgreSQL.

Both are eventsourcing recorders, extended so the stored events table refuses UPDATE,
DELETE (and on PostgreSQL, TRUNCATE) with triggers, and so the database carries a mark
(table ``overlord_meta``) that says it is an Overlord ledger and for which origin.

:class:`StoreConfig` is the typed choice; :func:`eventsourcing_env` turns it into the
environment that eventsourcing's infrastructure factory reads. Nothing here reads
``os.environ``: the CLI does that.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.sqlite import SQLiteApplicationRecorder

from overlord.errors import LedgerError

LEDGER_MARK = "overlord-ledger/1"
EVENTS_TABLE = "stored_events"  # SQLite's name; PostgreSQL's is the application's: see events_table()


def events_table(kind: str) -> str:
    """The stored events table's name in a store of ``kind``."""
    return EVENTS_TABLE if kind == "sqlite" else "overlord_events"

_SQLITE_GUARDS = [
    "CREATE TABLE IF NOT EXISTS overlord_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"CREATE TRIGGER IF NOT EXISTS overlord_no_update BEFORE UPDATE ON {EVENTS_TABLE} "
    "BEGIN SELECT RAISE(ABORT, 'overlord ledger is append-only: UPDATE refused'); END",
    f"CREATE TRIGGER IF NOT EXISTS overlord_no_delete BEFORE DELETE ON {EVENTS_TABLE} "
    "BEGIN SELECT RAISE(ABORT, 'overlord ledger is append-only: DELETE refused'); END",
]


class AppendOnlySQLiteRecorder(SQLiteApplicationRecorder):
    """eventsourcing's SQLite application recorder plus append-only triggers and the mark."""

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *_SQLITE_GUARDS]


class AppendOnlyPostgresRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL application recorder plus append-only triggers and the mark."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # eventsourcing's signature, passed through
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL, Identifier

        schema = Identifier(self.datastore.schema)
        table = Identifier(self.events_table_name)
        self.sql_create_statements.extend(
            [
                SQL("CREATE TABLE IF NOT EXISTS {schema}.overlord_meta (key text PRIMARY KEY, value text NOT NULL)").format(
                    schema=schema
                ),
                SQL(
                    "CREATE OR REPLACE FUNCTION {schema}.overlord_refuse_change() RETURNS trigger "
                    "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION "
                    "'overlord ledger is append-only: % refused', TG_OP; END $$"
                ).format(schema=schema),
                SQL(
                    "CREATE OR REPLACE TRIGGER overlord_no_change BEFORE UPDATE OR DELETE ON {schema}.{table} "
                    "FOR EACH ROW EXECUTE FUNCTION {schema}.overlord_refuse_change()"
                ).format(schema=schema, table=table),
                SQL(
                    "CREATE OR REPLACE TRIGGER overlord_no_truncate BEFORE TRUNCATE ON {schema}.{table} "
                    "FOR EACH STATEMENT EXECUTE FUNCTION {schema}.overlord_refuse_change()"
                ).format(schema=schema, table=table),
            ]
        )


@dataclass(frozen=True)
class PostgresConfig:
    """Where a PostgreSQL ledger lives. ``password`` comes from the CLI's environment."""

    host: str = "127.0.0.1"
    port: int = 5432
    dbname: str = "overlord"
    user: str = "overlord"
    password: str = ""
    schema: str = "public"


@dataclass(frozen=True)
class StoreConfig:
    """The ledger store: ``kind`` is ``sqlite`` (``sqlite_path`` a file) or ``postgres``."""

    kind: str
    sqlite_path: Path | None = None
    postgres: PostgresConfig | None = None

    def describe(self) -> str:
        """One line naming the store, without secrets."""
        if self.kind == "sqlite":
            return f"sqlite:{self.sqlite_path}"
        pg = self.postgres or PostgresConfig()
        return f"postgres://{pg.user}@{pg.host}:{pg.port}/{pg.dbname}"


def eventsourcing_env(store: StoreConfig, *, create: bool) -> dict[str, str]:
    """The eventsourcing environment for ``store``; ``create`` makes the tables."""
    common = {"CREATE_TABLE": "y" if create else "n", "IS_SNAPSHOTTING_ENABLED": "n"}
    if store.kind == "sqlite":
        return {
            **common,
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(store.sqlite_path),
            "SQLITE_LOCK_TIMEOUT": "30",
            "APPLICATION_RECORDER_TOPIC": "overlord.ledger.store:AppendOnlySQLiteRecorder",
        }
    if store.kind == "postgres":
        pg = store.postgres or PostgresConfig()
        return {
            **common,
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_HOST": pg.host,
            "POSTGRES_PORT": str(pg.port),
            "POSTGRES_DBNAME": pg.dbname,
            "POSTGRES_USER": pg.user,
            "POSTGRES_PASSWORD": pg.password,
            "POSTGRES_SCHEMA": pg.schema,
            "POSTGRES_LOCK_TIMEOUT": "30",
            "POSTGRES_CONNECT_TIMEOUT": "10",
            "APPLICATION_RECORDER_TOPIC": "overlord.ledger.store:AppendOnlyPostgresRecorder",
        }
    raise LedgerError(f"unknown store kind {store.kind!r}", "use 'sqlite' or 'postgres' in config.toml [ledger] store")


def read_mark(store: StoreConfig) -> str | None:
    """The origin the database is marked with, or ``None`` when it is not an Overlord ledger.

    Raises:
        LedgerError: the database cannot be reached or read.
    """
    if store.kind == "sqlite":
        path = store.sqlite_path
        if path is None or not path.exists():
            return None
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
                row = conn.execute("SELECT value FROM overlord_meta WHERE key = 'mark'").fetchone()
                origin = conn.execute("SELECT value FROM overlord_meta WHERE key = 'origin'").fetchone()
        except sqlite3.DatabaseError as e:
            # not a database, or no mark table: not a ledger. Anything else (a full disk,
            # an I/O error, a lock) says nothing about what the file is: say that instead
            if getattr(e, "sqlite_errorname", "") == "SQLITE_NOTADB" or "no such table" in str(e):
                return None
            full = getattr(e, "sqlite_errorname", "").startswith(("SQLITE_FULL", "SQLITE_IOERR"))
            raise LedgerError(f"cannot read the ledger at {store.describe()}: {e}",
                              "is the disk full? free some space and run the command again" if full
                              else "run the command again; if it persists run `overlord verify`") from e
        if row is None or row[0] != LEDGER_MARK or origin is None:
            return None
        return str(origin[0])
    pg = store.postgres or PostgresConfig()
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(
            host=pg.host, port=pg.port, dbname=pg.dbname, user=pg.user, password=pg.password or None, connect_timeout=10
        ) as conn:
            exists = conn.execute("SELECT to_regclass(%s)", (f"{pg.schema}.overlord_meta",)).fetchone()
            if not exists or exists[0] is None:
                return None
            q = sql.SQL("SELECT key, value FROM {}.overlord_meta").format(sql.Identifier(pg.schema))
            meta: dict[str, str] = {str(k): str(v) for k, v in conn.execute(q).fetchall()}
    except psycopg.Error as e:
        raise LedgerError(f"cannot reach the PostgreSQL ledger at {store.describe()}: {e}", "check [postgres] in config.toml") from e
    if meta.get("mark") != LEDGER_MARK or "origin" not in meta:
        return None
    return meta["origin"]


def write_mark(recorder: object, store: StoreConfig, origin: str) -> None:
    """Mark a freshly created ledger database with Overlord's mark and ``origin``."""
    rows = [("mark", LEDGER_MARK), ("origin", origin)]
    if store.kind == "sqlite":
        with recorder.datastore.transaction(commit=True) as c:  # type: ignore[attr-defined]
            for k, v in rows:
                c.execute("INSERT OR REPLACE INTO overlord_meta (key, value) VALUES (?, ?)", (k, v))
        return
    from psycopg import sql

    pg = store.postgres or PostgresConfig()
    with recorder.datastore.transaction(commit=True) as c:  # type: ignore[attr-defined]
        for k, v in rows:
            c.execute(
                sql.SQL(
                    "INSERT INTO {}.overlord_meta (key, value) VALUES (%s, %s) "
                    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value"
                ).format(sql.Identifier(pg.schema)),
                (k, v),
            )

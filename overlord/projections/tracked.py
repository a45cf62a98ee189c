"""What the views (diffs, blame, cost, runs) share: a tracked SQLite projection.

Each view (the journal too) is a :class:`TrackedView` in ``views.sqlite`` with its own tables and its own
tracking name. :func:`catch_up` reads the notification log after the view's tracking
position, decodes the events the view cares about through the signing mapper (so a view only
ever holds checked events), and writes the view's rows and its new tracking position in one
transaction. ``drop`` forgets the view's rows and tracking; catching up again rebuilds it
from zero with the same result, because a view's rows depend only on the events in order.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any, ClassVar

from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteCursor, SQLiteDatastore, SQLiteTrackingRecorder

from overlord.errors import LedgerError
from overlord.ledger.record import RecordError


class ViewDamaged(LedgerError):
    """A view in the views file is not what Overlord writes (tables of another shape or
    without their types, a table gone, a tracking position that is not a number or is
    ahead of the ledger): the file is a cache, so it is rebuilt (see
    :mod:`overlord.projections.viewfile`)."""


def _strict(statement: str) -> str:
    """A view's ``CREATE TABLE`` made STRICT: SQLite then refuses a value of another type
    (``'abc'`` in an INTEGER column), so every row read back has the view's types."""
    return statement + " STRICT" if statement.lstrip().upper().startswith("CREATE TABLE") else statement


class TrackedView(SQLiteTrackingRecorder):
    """A projection: subclasses set ``NAME`` (tracking), ``TABLES`` (create statements),
    ``TABLE_NAMES`` and ``TOPICS`` (the topics they read; ``None`` for every topic), and
    implement :meth:`handle`. Its tables are STRICT (typed); :meth:`check_file` and
    :meth:`check_position` find a view that is not what this class writes."""

    NAME = "view"
    TABLES: tuple[str, ...] = ()
    TABLE_NAMES: tuple[str, ...] = ()
    TOPICS: frozenset[str] | None = frozenset()
    _shapes: ClassVar[dict[type, dict[str, tuple]]] = {}

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *(_strict(t) for t in self.TABLES)]

    @classmethod
    def shapes(cls) -> dict[str, tuple]:
        """Each table's shape as SQLite reports it for a fresh copy of the view: ``(strict,
        without_rowid, columns)`` with ``(name, type, notnull, default, pk)`` per column."""
        if cls not in TrackedView._shapes:
            con = sqlite3.connect(":memory:")
            try:
                for t in cls.TABLES:
                    con.execute(_strict(t))
                TrackedView._shapes[cls] = {t: _shape(con.cursor(), t) for t in cls.TABLE_NAMES}
            finally:
                con.close()
        return TrackedView._shapes[cls]

    def check_file(self) -> None:
        """Before the view's tables are created: refuse a view whose tables are not what a
        fresh one has (another shape, not STRICT: rows that may not have the view's types),
        that lost a table while its tracking position stayed (a dropped table would be made
        again, empty, and the view would show less without a word), or that has rows and no
        tracking position (they would be projected twice).

        Raises:
            ViewDamaged: what is wrong. sqlite3.Error: the file is not a sound database.
        """
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
            present = {r[0] for r in c.fetchall()}
            position = None
            if "tracking" in present:
                c.execute("SELECT MAX(notification_id) FROM tracking WHERE application_name = ?", (self.NAME,))
                row = c.fetchone()
                position = None if row is None else row[0]
                _check_position_type(self.NAME, position)
            for table, shape in self.shapes().items():
                if table not in present:
                    if position is not None:
                        raise ViewDamaged(f"the view {self.NAME} lost its table {table}")
                    continue
                if _shape(c, table) != shape:
                    raise ViewDamaged(f"the view {self.NAME}'s table {table} is not of the shape Overlord writes")
                if position is None:
                    c.execute(f"SELECT 1 FROM {table} LIMIT 1")  # noqa: S608 - class constants
                    if c.fetchone() is not None:
                        raise ViewDamaged(f"the view {self.NAME} has rows in {table} but no tracking position")

    def check_position(self, ledger: Any) -> int:
        """The view's tracking position, checked against the ledger's: a view ahead of the
        log it projects (a tracking row moved forward, or views of another ledger) would never
        show what lies between. Returns the position.

        Raises:
            ViewDamaged: the position is not a number or is past the ledger's last notification.
        """
        position = self.position()  # read first: any position written before this is <= the max read after
        newest = ledger.recorder.max_notification_id() or 0
        if position > newest:
            raise ViewDamaged(f"the view {self.NAME} is at notification {position}, past the ledger's last ({newest})")
        return position

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        """Apply one event to the view's rows (inside the caller's transaction)."""
        raise NotImplementedError

    def project(self, items: Iterable[tuple[int, str, str, Any]], tracking: Tracking) -> None:
        """Apply events and advance tracking, atomically."""
        with self.datastore.transaction(commit=True) as c:
            for notification_id, topic, originator, event in items:
                self.handle(c, notification_id, topic, originator, event)
            self._insert_tracking(c, tracking)

    def position(self) -> int:
        """The last notification id this view has seen (0: none).

        Raises:
            ViewDamaged: the tracking row holds something other than a positive integer.
        """
        position = self.max_tracking_id(self.NAME)
        _check_position_type(self.NAME, position)
        return position or 0

    def drop(self) -> None:
        """Forget the view's rows and its tracking (a rebuild starts from zero)."""
        with self.datastore.transaction(commit=True) as c:
            for table in self.TABLE_NAMES:
                c.execute(f"DELETE FROM {table}")  # noqa: S608 - class constants
            c.execute("DELETE FROM tracking WHERE application_name = ?", (self.NAME,))

    def query(self, sql: str, params: Iterable[Any] = ()) -> list[tuple]:
        """Rows of a read-only query."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql, tuple(params))
            return [tuple(r) for r in c.fetchall()]

    def dump(self) -> dict[str, list[tuple]]:
        """Every row of every table, ordered: what a rebuild must reproduce."""
        return {t: sorted(self.query(f"SELECT * FROM {t}"), key=repr) for t in self.TABLE_NAMES}  # noqa: S608


def _shape(c: Any, table: str) -> tuple:
    """``(strict, without_rowid)`` and the columns of ``table``, through the cursor ``c``."""
    c.execute("SELECT strict, wr FROM pragma_table_list WHERE schema = 'main' AND name = ?", (table,))
    kind = c.fetchone()
    c.execute("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", (table,))
    return (tuple(kind) if kind else None, tuple(tuple(col) for col in c.fetchall()))


def _check_position_type(name: str, position: object) -> None:
    if position is not None and (type(position) is not int or position < 0):
        raise ViewDamaged(f"the view {name}'s tracking position {str(position)[:40]!r} is not a notification id")


def open_view(cls: type[TrackedView], path: str, **kwargs: Any) -> Any:
    """Open (creating if needed) the view ``cls`` in the SQLite file ``path``, checked first
    (:meth:`TrackedView.check_file`).

    Raises:
        ViewDamaged: the file holds the view in a shape Overlord does not write.
    """
    view = cls(SQLiteDatastore(path, lock_timeout=30), **kwargs)
    try:
        view.check_file()
        view.create_table()
    except BaseException:
        view.datastore.close()
        raise
    return view


def catch_up(ledger: Any, view: TrackedView, batch: int = 1000) -> int:
    """Project every event the view has not seen yet; returns how many it read.

    Raises:
        ViewDamaged: the view is ahead of the ledger (:meth:`TrackedView.check_position`).
        LedgerError: a stored event fails its checks.
    """
    last = view.check_position(ledger)
    seen = 0
    while True:
        if last:
            page = ledger.recorder.select_notifications(start=last, limit=batch, inclusive_of_start=False)
        else:
            page = ledger.recorder.select_notifications(start=None, limit=batch)
        if not page:
            return seen
        items = []
        for n in page:
            if view.TOPICS is not None and n.topic not in view.TOPICS:
                continue
            try:
                event = ledger.mapper.to_domain_event(n)
            except RecordError as e:
                raise LedgerError(
                    f"event {n.originator_id} v{n.originator_version} (notification {n.id}) fails its checks: {e}",
                    "the ledger was tampered with: run `overlord verify --json` for the first bad event",
                ) from e
            items.append((n.id, n.topic, str(n.originator_id), event))
        last = page[-1].id
        view.project(items, Tracking(view.NAME, last))
        seen += len(page)

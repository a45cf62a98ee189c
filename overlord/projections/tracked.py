"""What the views (diffs, blame, cost, runs) share: a tracked SQLite projection.

Each view (the journal too) is a :class:`TrackedView` in ``views.sqlite`` with its own tables and its own
tracking name. :func:`catch_up` reads the notification log after the view's tracking
position, decodes the events the view cares about through the signing mapper (so a view only
ever holds checked events), and writes the view's rows and its new tracking position in one
transaction. ``drop`` forgets the view's rows and tracking; catching up again rebuilds it
from zero with the same result, because a view's rows depend only on the events in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteCursor, SQLiteDatastore, SQLiteTrackingRecorder

from overlord.errors import LedgerError
from overlord.ledger.record import RecordError


class TrackedView(SQLiteTrackingRecorder):
    """A projection: subclasses set ``NAME`` (tracking), ``TABLES`` (create statements),
    ``TABLE_NAMES`` and ``TOPICS`` (the topics they read; ``None`` for every topic), and
    implement :meth:`handle`."""

    NAME = "view"
    TABLES: tuple[str, ...] = ()
    TABLE_NAMES: tuple[str, ...] = ()
    TOPICS: frozenset[str] | None = frozenset()

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *self.TABLES]

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
        """The last notification id this view has seen (0: none)."""
        return self.max_tracking_id(self.NAME) or 0

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


def open_view(cls: type[TrackedView], path: str, **kwargs: Any) -> Any:
    """Open (creating if needed) the view ``cls`` in the SQLite file ``path``."""
    view = cls(SQLiteDatastore(path, lock_timeout=30), **kwargs)
    view.create_table()
    return view


def catch_up(ledger: Any, view: TrackedView, batch: int = 1000) -> int:
    """Project every event the view has not seen yet; returns how many it read."""
    last = view.position()
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

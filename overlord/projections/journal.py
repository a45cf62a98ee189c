"""The journal: the chronological, readable list of events, a projection of the ledger.

Each stored event becomes one row (position, time, stream, event type, summary); the
summary is the event's own :meth:`summary` (declared beside its fields). The journal is a
:class:`~overlord.projections.tracked.TrackedView` like the others: rows and the tracking
record are written in one transaction, so a crash never leaves the view ahead of or behind
its tracking position, and dropping the view and rebuilding it from zero gives the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.events import ENVELOPE_FIELDS
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView


@dataclass(frozen=True)
class JournalEntry:
    """One journal line: ``time_ns`` is UTC nanoseconds; ``stream`` the aggregate id."""

    position: int
    notification_id: int
    time_ns: int
    stream: str
    version: int
    event_type: str
    summary: str

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` line shape."""
        return {
            "position": self.position,
            "notification_id": self.notification_id,
            "time_ns": self.time_ns,
            "stream": self.stream,
            "version": self.version,
            "event_type": self.event_type,
            "summary": self.summary,
        }


def summarize(event: Any) -> str:
    """A one-line summary of a domain event, for people: its own ``summary()``, else (an
    event without one, or an old event that lacks a field it reads) its fields."""
    summary = getattr(event, "summary", None)
    if callable(summary):
        try:
            return str(summary())
        except AttributeError:
            pass  # an event stored before a field existed: show what it holds
    fields = ", ".join(f"{k}={v}" for k, v in vars(event).items() if k not in ENVELOPE_FIELDS)
    return fields[:200]


class JournalView(TrackedView):
    """Every event, in log order, one row each (``views.sqlite``)."""

    #: the tracking name the journal has had since 0.1.0, so existing views keep their place
    NAME = "Overlord"
    TOPICS = None  # every topic
    TABLE_NAMES = ("journal",)
    TABLES = (
        "CREATE TABLE IF NOT EXISTS journal (position INTEGER PRIMARY KEY, notification_id INTEGER UNIQUE, "
        "time_ns INTEGER, stream TEXT, version INTEGER, event_type TEXT, summary TEXT)",
        "CREATE INDEX IF NOT EXISTS journal_stream ON journal (stream, version)",
    )

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        """One row for ``event``, at the next position (positions are 0-based and gap-free)."""
        c.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM journal")
        position = int(c.fetchone()[0])
        c.execute(
            "INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)",
            (position, notification_id, datetime_to_ns(event.timestamp), originator, event.originator_version,
             topic.rsplit(".", 1)[-1], summarize(event)),
        )

    def count(self) -> int:
        """How many rows the view holds."""
        return int(self.query("SELECT COUNT(*) FROM journal")[0][0])

    def select(self, stream: str | None = None, after_position: int = -1, limit: int = 1_000_000) -> list[JournalEntry]:
        """Rows in order after ``after_position``, at most ``limit``, optionally of one stream."""
        q = "SELECT position, notification_id, time_ns, stream, version, event_type, summary FROM journal WHERE position > ?"
        params: list[Any] = [after_position]
        if stream:
            q += " AND stream = ?"
            params.append(stream)
        q += " ORDER BY position LIMIT ?"
        params.append(limit)
        return [JournalEntry(*row) for row in self.query(q, params)]

"""The cost view: what runs cost, in integer micro-dollars, grouped as asked.

The source of truth is ``ConnectorCalled`` (one row per model exchange: provider, model,
tokens, cost). A run that has no connector events (recorded before the connector existed,
or a ``command`` runtime) falls back to the runtime's own estimate in ``RuntimeResult``
(provider ``runtime``, the model from its last ``TurnRecorded`` or ``RuntimeStarted``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.run import Run
from overlord.errors import ConfigError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView

CONNECTOR, RESULT = Run.ConnectorCalled.TOPIC, Run.RuntimeResult.TOPIC
STARTED, TURN = Run.RuntimeStarted.TOPIC, Run.TurnRecorded.TOPIC
GROUPS = ("run", "model", "provider", "day")


@dataclass(frozen=True)
class CostRow:
    """One group: its ``key``, how many model ``calls``, tokens and ``cost_micro_usd``."""

    key: str
    calls: int
    input_tokens: int
    output_tokens: int
    cost_micro_usd: int

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "calls": self.calls, "input_tokens": self.input_tokens,
                "output_tokens": self.output_tokens, "cost_micro_usd": self.cost_micro_usd}


class CostView(TrackedView):
    """Cost items per event."""

    NAME = "view:cost"
    TOPICS = frozenset({CONNECTOR, RESULT, STARTED, TURN})
    TABLE_NAMES = ("cost_items", "cost_models")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS cost_items (notification_id INTEGER PRIMARY KEY, run TEXT, time_ns INTEGER, "
        "source TEXT, provider TEXT, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cost_micro_usd INTEGER)",
        "CREATE TABLE IF NOT EXISTS cost_models (run TEXT PRIMARY KEY, model TEXT)",
    )

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        when = datetime_to_ns(event.timestamp)
        if topic == CONNECTOR:
            tokens_in = event.input_tokens + event.cache_creation_input_tokens + event.cache_read_input_tokens
            c.execute("INSERT INTO cost_items VALUES (?, ?, ?, 'connector', ?, ?, ?, ?, ?)",
                      (notification_id, originator, when, event.provider, event.model or "unknown", tokens_in,
                       event.output_tokens, event.cost_micro_usd))
        elif topic in (STARTED, TURN):
            if event.model:
                c.execute("INSERT OR REPLACE INTO cost_models VALUES (?, ?)", (originator, event.model))
        elif topic == RESULT:
            c.execute("SELECT model FROM cost_models WHERE run = ?", (originator,))
            row = c.fetchone()
            c.execute("INSERT INTO cost_items VALUES (?, ?, ?, 'runtime', 'runtime', ?, 0, 0, ?)",
                      (notification_id, originator, when, row[0] if row else "unknown", event.cost_micro_usd))

    def report(self, by: str = "run", since_ns: int | None = None) -> list[CostRow]:
        """Cost grouped ``by`` run, model, provider or day (UTC), from ``since_ns`` on."""
        if by not in GROUPS:
            raise ConfigError(f"--by {by!r} is not a grouping", f"use one of: {', '.join(GROUPS)}")
        rows = self.query("SELECT run, time_ns, source, provider, model, input_tokens, output_tokens, cost_micro_usd "
                          "FROM cost_items WHERE time_ns >= ? ORDER BY notification_id", (since_ns or 0,))
        with_connector = {r[0] for r in rows if r[2] == "connector"}
        groups: dict[str, list[int]] = {}
        for run, when, source, provider, model, tin, tout, cost in rows:
            if source == "runtime" and run in with_connector:
                continue
            key = {"run": run, "model": model, "provider": provider,
                   "day": datetime.fromtimestamp(when / 1e9, UTC).strftime("%Y-%m-%d")}[by]
            g = groups.setdefault(key, [0, 0, 0, 0])
            g[0] += 1 if source == "connector" else 0
            g[1] += tin
            g[2] += tout
            g[3] += cost
        return [CostRow(k, *v) for k, v in sorted(groups.items())]

    def run_cost(self, run: str) -> int:
        """The cost of one run in micro-dollars."""
        return sum(r.cost_micro_usd for r in self.report("run") if r.key == run)


def parse_since(text: str | None) -> int | None:
    """``--since`` (YYYY-MM-DD or an RFC 3339 date-time; UTC when no zone) as UTC ns.

    Raises:
        ConfigError: not a date.
    """
    if text is None:
        return None
    try:
        d = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as e:
        raise ConfigError(f"--since {text!r} is not a date", "write it like 2026-11-29 or 2026-11-29T18:00:00Z") from e
    if d.tzinfo is None:
        d = d.replace(tzinfo=UTC)
    return datetime_to_ns(d)

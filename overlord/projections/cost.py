"""The cost view: what runs cost, in integer micro-dollars, grouped as asked.

The source of truth is ``ConnectorCalled`` (one row per model exchange: provider, model,
tokens, cost; in record mode the cost is the settled amount). A run that has no connector
events (recorded before the connector existed, or a ``command`` runtime) falls back to the
runtime's own estimate in ``RuntimeResult`` (provider ``runtime``, the model from its last
``TurnRecorded`` or ``RuntimeStarted``).

The spend reserve's events (``SpendReserved``, ``SpendSettled``, ``SpendRefused``, on the
install's account stream, each naming its run) give :meth:`CostView.spend`: reserved,
settled, refused and still outstanding spend per run, tier or model; and
:meth:`CostView.install_totals`, what the install has settled and holds reserved (its
balance is the install policy's, given by the caller). A run's tier is its chosen
``RouteDecided``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.run import Run
from overlord.domain.spend import SpendAccount
from overlord.errors import ConfigError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView

CONNECTOR, RESULT = Run.ConnectorCalled.TOPIC, Run.RuntimeResult.TOPIC
STARTED, TURN = Run.RuntimeStarted.TOPIC, Run.TurnRecorded.TOPIC
ROUTE = Run.RouteDecided.TOPIC
RESERVED, SETTLED, REFUSED = (SpendAccount.SpendReserved.TOPIC, SpendAccount.SpendSettled.TOPIC,
                              SpendAccount.SpendRefused.TOPIC)
GROUPS = ("run", "model", "provider", "tier", "day")
SPEND_GROUPS = ("run", "tier", "model")


@dataclass(frozen=True)
class SpendRow:
    """One group's spend: reserved (every worst case placed), settled, outstanding (reserved
    and not yet settled), refused (worst cases refused, and how many calls), in micro-dollars."""

    key: str
    reserved_micro_usd: int
    settled_micro_usd: int
    outstanding_micro_usd: int
    refused_micro_usd: int
    refused_calls: int

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` shape."""
        return {"key": self.key, "reserved_micro_usd": self.reserved_micro_usd,
                "settled_micro_usd": self.settled_micro_usd, "outstanding_micro_usd": self.outstanding_micro_usd,
                "refused_micro_usd": self.refused_micro_usd, "refused_calls": self.refused_calls}


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
    TOPICS = frozenset({CONNECTOR, RESULT, STARTED, TURN, ROUTE, RESERVED, SETTLED, REFUSED})
    TABLE_NAMES = ("cost_items", "cost_models", "cost_tiers", "spend_items")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS cost_items (notification_id INTEGER PRIMARY KEY, run TEXT, time_ns INTEGER, "
        "source TEXT, provider TEXT, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cost_micro_usd INTEGER)",
        "CREATE TABLE IF NOT EXISTS cost_models (run TEXT PRIMARY KEY, model TEXT)",
        "CREATE TABLE IF NOT EXISTS cost_tiers (run TEXT PRIMARY KEY, tier TEXT)",
        "CREATE TABLE IF NOT EXISTS spend_items (notification_id INTEGER PRIMARY KEY, reservation TEXT, run TEXT, "
        "tier TEXT, model TEXT, kind TEXT, amount_micro_usd INTEGER, settled_micro_usd INTEGER)",
        "CREATE INDEX IF NOT EXISTS spend_by_reservation ON spend_items (reservation)",
    )

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        when = datetime_to_ns(event.timestamp)
        if topic == CONNECTOR:
            tokens_in = event.input_tokens + event.cache_creation_input_tokens + event.cache_read_input_tokens
            c.execute("INSERT INTO cost_items VALUES (?, ?, ?, 'connector', ?, ?, ?, ?, ?)",
                      (notification_id, originator, when, event.provider, event.model or "unknown", tokens_in,
                       event.output_tokens, event.cost_micro_usd))
        elif topic == ROUTE:
            if event.outcome in ("chosen", "escalated"):
                c.execute("INSERT OR REPLACE INTO cost_tiers VALUES (?, ?)", (originator, event.tier))
        elif topic == RESERVED:
            c.execute("INSERT INTO spend_items VALUES (?, ?, ?, ?, ?, 'reserved', ?, NULL)",
                      (notification_id, event.reservation_id, event.run, event.tier or "none", event.model or "unknown",
                       event.worst_case_micro_usd))
        elif topic == SETTLED:
            c.execute("UPDATE spend_items SET settled_micro_usd = ? WHERE reservation = ? AND kind = 'reserved'",
                      (event.cost_micro_usd, event.reservation_id))
        elif topic == REFUSED:
            c.execute("INSERT INTO spend_items VALUES (?, NULL, ?, ?, ?, 'refused', ?, NULL)",
                      (notification_id, event.run, event.tier or "none", event.model or "unknown",
                       event.worst_case_micro_usd))
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
        rows = self.query("SELECT i.run, i.time_ns, i.source, i.provider, i.model, i.input_tokens, i.output_tokens, "
                          "i.cost_micro_usd, COALESCE(t.tier, 'none') FROM cost_items i LEFT JOIN cost_tiers t "
                          "ON t.run = i.run WHERE i.time_ns >= ? ORDER BY i.notification_id", (since_ns or 0,))
        with_connector = {r[0] for r in rows if r[2] == "connector"}
        groups: dict[str, list[int]] = {}
        for run, when, source, provider, model, tin, tout, cost, tier in rows:
            if source == "runtime" and run in with_connector:
                continue
            key = {"run": run, "model": model, "provider": provider, "tier": tier,
                   "day": datetime.fromtimestamp(when / 1e9, UTC).strftime("%Y-%m-%d")}[by]
            g = groups.setdefault(key, [0, 0, 0, 0])
            g[0] += 1 if source == "connector" else 0
            g[1] += tin
            g[2] += tout
            g[3] += cost
        return [CostRow(k, *v) for k, v in sorted(groups.items())]

    def spend(self, by: str = "run") -> list[SpendRow]:
        """The spend reserve's figures grouped ``by`` run, tier or model.

        Raises:
            ConfigError: not a grouping of spend.
        """
        if by not in SPEND_GROUPS:
            raise ConfigError(f"--by {by!r} does not group spend", f"use one of: {', '.join(SPEND_GROUPS)}")
        groups: dict[str, list[int]] = {}
        for run, tier, model, kind, amount, settled in self.query(
                "SELECT run, tier, model, kind, amount_micro_usd, settled_micro_usd FROM spend_items "
                "ORDER BY notification_id"):
            g = groups.setdefault({"run": run, "tier": tier, "model": model}[by], [0, 0, 0, 0, 0])
            if kind == "reserved":
                g[0] += amount
                if settled is None:
                    g[2] += amount
                else:
                    g[1] += settled
            else:
                g[3] += amount
                g[4] += 1
        return [SpendRow(k, *v) for k, v in sorted(groups.items())]

    def install_totals(self) -> tuple[int, int]:
        """``(settled, outstanding)`` over every run of the install, in micro-dollars."""
        settled, outstanding = self.query(
            "SELECT COALESCE(SUM(settled_micro_usd), 0), COALESCE(SUM(CASE WHEN settled_micro_usd IS NULL "
            "THEN amount_micro_usd ELSE 0 END), 0) FROM spend_items WHERE kind = 'reserved'")[0]
        return int(settled), int(outstanding)

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

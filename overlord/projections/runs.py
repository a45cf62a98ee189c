"""The runs view: the digest ``overlord ps`` and ``overlord report`` read.

One row per run (where, which runtime, when, how it settled, how many tool calls, denials,
layers, turns, its commit and verdict) and one row per guard decision.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.run import Run
from overlord.errors import NotFoundError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView

TOPICS = frozenset(e.TOPIC for e in (Run.Created, Run.ProcessExited, Run.Settled, Run.ToolCallDecided,
                                     Run.TurnRecorded, Run.LayerSealed, Run.Committed, Run.GateVerdict,
                                     Run.RunStopped, Run.RuntimeStarted))
COLUMNS = ("run", "cwd", "runtime", "sandbox", "argv", "opened_ns", "last_ns", "status", "stop_code", "detail",
           "exit_code", "signal", "tool_calls", "denials", "layers", "turns", "model", "commit_sha", "verdict",
           "notification_id")


@dataclass(frozen=True)
class RunDigest:
    """One run's digest (see :data:`COLUMNS`)."""

    run: str
    cwd: str
    runtime: str
    sandbox: str
    argv: str
    opened_ns: int
    last_ns: int
    status: str | None
    stop_code: str | None
    detail: str | None
    exit_code: int | None
    signal: int | None
    tool_calls: int
    denials: int
    layers: int
    turns: int
    model: str | None
    commit_sha: str | None
    verdict: str | None
    notification_id: int

    def to_json(self) -> dict[str, Any]:
        d = dict(vars(self))
        d["argv"] = json.loads(self.argv)
        return d


class RunsView(TrackedView):
    """Run digests and decisions."""

    NAME = "view:runs"
    TOPICS = TOPICS
    TABLE_NAMES = ("runs", "run_decisions")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS runs (run TEXT PRIMARY KEY, cwd TEXT, runtime TEXT, sandbox TEXT, argv TEXT, "
        "opened_ns INTEGER, last_ns INTEGER, status TEXT, stop_code TEXT, detail TEXT, exit_code INTEGER, "
        "signal INTEGER, tool_calls INTEGER, denials INTEGER, layers INTEGER, turns INTEGER, model TEXT, "
        "commit_sha TEXT, verdict TEXT, notification_id INTEGER)",
        "CREATE TABLE IF NOT EXISTS run_decisions (notification_id INTEGER PRIMARY KEY, run TEXT, time_ns INTEGER, "
        "tool TEXT, tool_use_id TEXT, decision TEXT, denial_class TEXT, reason TEXT)",
    )

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        when = datetime_to_ns(event.timestamp)
        if topic == Run.Created.TOPIC:
            c.execute("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 0, "
                      "NULL, NULL, NULL, ?)", (originator, event.cwd, event.runtime, event.sandbox,
                                               json.dumps(list(event.argv)), when, when, notification_id))
            return
        if topic == Run.ToolCallDecided.TOPIC:
            if event.probe:
                return
            c.execute("INSERT INTO run_decisions VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      (notification_id, originator, when, event.tool, event.tool_use_id, event.decision,
                       event.denial_class, event.reason))
            c.execute("UPDATE runs SET tool_calls = tool_calls + 1, denials = denials + ?, last_ns = ? WHERE run = ?",
                      (0 if event.decision == "allow" else 1, when, originator))
            return
        if topic == Run.TurnRecorded.TOPIC:
            c.execute("UPDATE runs SET turns = turns + 1, last_ns = ? WHERE run = ?", (when, originator))
            return
        sets: dict[str, Any] = {}
        if topic == Run.ProcessExited.TOPIC:
            sets = {"exit_code": event.exit_code, "signal": event.signal}
        elif topic == Run.Settled.TOPIC:
            sets = {"status": event.status, "stop_code": event.stop_code, "detail": event.detail}
        elif topic == Run.RunStopped.TOPIC:
            sets = {"stop_code": event.stop_code, "detail": event.detail}
        elif topic == Run.RuntimeStarted.TOPIC:
            sets = {"model": event.model}
        elif topic == Run.LayerSealed.TOPIC:
            sets = {"layers": event.index + 1}
        elif topic == Run.Committed.TOPIC:
            sets = {"commit_sha": event.sha}
        elif topic == Run.GateVerdict.TOPIC:
            sets = {"verdict": event.verdict}
        sets["last_ns"] = when
        c.execute(f"UPDATE runs SET {', '.join(k + ' = ?' for k in sets)} WHERE run = ?",  # noqa: S608 - fixed names
                  (*sets.values(), originator))

    def all(self) -> list[RunDigest]:
        return [RunDigest(*r) for r in self.query(f"SELECT {', '.join(COLUMNS)} FROM runs ORDER BY notification_id")]  # noqa: S608

    def get(self, run: str) -> RunDigest:
        rows = self.query(f"SELECT {', '.join(COLUMNS)} FROM runs WHERE run = ?", (run,))  # noqa: S608
        if not rows:
            raise NotFoundError(f"no run {run} in the ledger", "list runs with `overlord ps`")
        return RunDigest(*rows[0])

    def decisions(self, run: str) -> list[tuple]:
        """``(time_ns, tool, tool_use_id, decision, denial_class, reason)`` in order."""
        return self.query("SELECT time_ns, tool, tool_use_id, decision, denial_class, reason FROM run_decisions "
                          "WHERE run = ? ORDER BY notification_id", (run,))

    def run_ids(self) -> list[str]:
        """Every run's id, in the order the runs were opened."""
        return [r[0] for r in self.query("SELECT run FROM runs ORDER BY notification_id")]


def resolve_run(prefix: str, run_ids: Iterable[str]) -> str:
    """The one id in ``run_ids`` that starts with ``prefix`` (trimmed, any case): how every
    command, and the witness's read API, turns what a person typed into a run id.

    Raises:
        NotFoundError: an empty prefix, no run, or several match.
    """
    wanted = (prefix or "").strip().lower()
    if not wanted:
        raise NotFoundError("a run id is needed", "list runs with `overlord ps`")
    matches = sorted({r for r in run_ids if r.lower().startswith(wanted)})
    if not matches:
        raise NotFoundError(f"no run {prefix} in the ledger", "list runs with `overlord ps`")
    if len(matches) > 1:
        raise NotFoundError(f"{prefix} names {len(matches)} runs", "give more of the run id")
    return matches[0]

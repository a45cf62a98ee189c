"""The task board: every task's state, cycles, verdict, runs, cost and step history.

A :class:`~overlord.projections.tracked.TrackedView` of the Task events (and of the model
calls of the tasks' runs, for the cost per task). Its rows depend only on the events in log
order, so rebuilt from zero it equals the board built as the events arrived. ``overlord
task list``, ``task show`` and the war room read it; workers use it to find work (and confirm
on the task's own stream, by compare-and-swap, before they take any).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.events import topics_of
from overlord.domain.run import Run
from overlord.domain.task import Task, TaskState
from overlord.errors import NotFoundError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.journal import summarize
from overlord.projections.tracked import TrackedView

TASK_TOPICS = frozenset(topics_of(Task))
CONNECTOR = Run.ConnectorCalled.TOPIC
COLUMNS = ("task_id", "state", "guild", "goal", "priority", "cycles", "max_cycles", "verdict", "outcome", "runs",
           "cost_micro_usd", "parked", "queued", "claimed_by", "lease_until_ns", "submitted_ns", "updated_ns",
           "halted_ns", "source", "last_run")


@dataclass(frozen=True)
class BoardRow:
    """One task as the board shows it (times in UTC nanoseconds, cost in micro-dollars)."""

    task_id: str
    state: str
    guild: str | None
    goal: str
    priority: int
    cycles: int
    max_cycles: int
    verdict: str | None
    outcome: str | None
    runs: int
    cost_micro_usd: int
    parked: str | None
    queued: bool
    claimed_by: str | None
    lease_until_ns: int | None
    submitted_ns: int
    updated_ns: int
    halted_ns: int | None
    source: str
    last_run: str | None

    def to_json(self) -> dict[str, Any]:
        """The row as JSON (``state`` upper case)."""
        return dict(vars(self))


class TaskBoardView(TrackedView):
    """Tasks, their steps and their runs (``views.sqlite``, or a worker's private file)."""

    NAME = "view:tasks"
    TOPICS = TASK_TOPICS | {CONNECTOR}
    TABLE_NAMES = ("tasks", "task_steps", "task_runs")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS tasks (task_id TEXT PRIMARY KEY, state TEXT, guild TEXT, goal TEXT, "
        "priority INTEGER, cycles INTEGER, max_cycles INTEGER, verdict TEXT, outcome TEXT, runs INTEGER, "
        "cost_micro_usd INTEGER, parked TEXT, queued INTEGER, claimed_by TEXT, lease_until_ns INTEGER, "
        "submitted_ns INTEGER, updated_ns INTEGER, halted_ns INTEGER, source TEXT, last_run TEXT)",
        "CREATE TABLE IF NOT EXISTS task_steps (notification_id INTEGER PRIMARY KEY, task_id TEXT, time_ns INTEGER, "
        "kind TEXT, summary TEXT)",
        "CREATE INDEX IF NOT EXISTS task_steps_task ON task_steps (task_id, notification_id)",
        "CREATE TABLE IF NOT EXISTS task_runs (run_id TEXT PRIMARY KEY, task_id TEXT)",
    )

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        """Fold one event into the board (inside the caller's transaction)."""
        when = datetime_to_ns(event.timestamp)
        if topic == CONNECTOR:
            c.execute("SELECT task_id FROM task_runs WHERE run_id = ?", (originator,))
            row = c.fetchone()
            if row is not None:
                c.execute("UPDATE tasks SET cost_micro_usd = cost_micro_usd + ?, updated_ns = ? WHERE task_id = ?",
                          (int(event.cost_micro_usd), when, row[0]))
            return
        kind = type(event).__name__
        c.execute("INSERT INTO task_steps VALUES (?, ?, ?, ?, ?)",
                  (notification_id, originator, when, "Submitted" if kind == "Created" else kind, summarize(event)))
        if kind == "Created":
            c.execute("INSERT INTO tasks VALUES (?, 'PLANNING', NULL, ?, ?, 0, ?, NULL, NULL, 0, 0, NULL, ?, NULL, "
                      "NULL, ?, ?, NULL, ?, NULL)",
                      (originator, event.goal, event.priority, event.max_cycles, int(event.queued), when, when,
                       event.source))
            return
        sets: dict[str, Any] = {"updated_ns": when}
        if kind == "GoalRouted":
            sets["guild"] = event.guild
        elif kind == "Moved":
            sets.update(state=event.target, cycles=event.cycle,
                        parked=event.detail if event.target == TaskState.HALTED else None,
                        halted_ns=when if event.target == TaskState.HALTED else None)
            if event.target in (TaskState.DONE, TaskState.FAILED):
                sets.update(claimed_by=None, lease_until_ns=None)
        elif kind == "WorkOpened":
            c.execute("INSERT OR REPLACE INTO task_runs VALUES (?, ?)", (event.run_id, originator))
            c.execute("UPDATE tasks SET runs = runs + 1 WHERE task_id = ?", (originator,))
            sets["last_run"] = event.run_id
        elif kind == "Checked":
            sets.update(verdict=event.verdict, outcome=event.outcome)
        elif kind in ("Claimed", "ClaimRenewed"):
            sets.update(claimed_by=event.worker, lease_until_ns=event.lease_until_ns)
        elif kind in ("ClaimReleased", "ClaimExpired"):
            sets.update(claimed_by=None, lease_until_ns=None)
        assignments = ", ".join(f"{k} = ?" for k in sets)
        c.execute(f"UPDATE tasks SET {assignments} WHERE task_id = ?", (*sets.values(), originator))  # noqa: S608

    # -- queries ---------------------------------------------------------------------------

    def _rows(self, where: str = "", params: Iterable[Any] = (), order: str = "submitted_ns DESC") -> list[BoardRow]:
        sql = f"SELECT {', '.join(COLUMNS)} FROM tasks {where} ORDER BY {order}"  # noqa: S608 - constants
        return [_row(r) for r in self.query(sql, params)]

    def all(self) -> list[BoardRow]:
        """Every task, newest first."""
        return self._rows()

    def halted(self) -> list[BoardRow]:
        """The HALTED tasks, most urgent first: higher priority, then the longest waiting."""
        return self._rows("WHERE state = 'HALTED'", order="priority DESC, halted_ns ASC, task_id")

    def get(self, task_id: str) -> BoardRow:
        """One task.

        Raises:
            NotFoundError: no such task on the board.
        """
        rows = self._rows("WHERE task_id = ?", (task_id,))
        if not rows:
            raise NotFoundError(f"no task {task_id}", "see `overlord task list`")
        return rows[0]

    def steps(self, task_id: str) -> list[dict[str, Any]]:
        """The task's step history, in log order: ``{notification_id, time_ns, kind, summary}``."""
        return [{"notification_id": n, "time_ns": t, "kind": k, "summary": s} for n, t, k, s in self.query(
            "SELECT notification_id, time_ns, kind, summary FROM task_steps WHERE task_id = ? ORDER BY notification_id",
            (task_id,))]

    def workable(self, now_ns: int) -> list[str]:
        """Queued tasks a worker may try to claim now, most urgent first (the claim itself is
        decided on the task's stream)."""
        return [r[0] for r in self.query(
            "SELECT task_id FROM tasks WHERE queued = 1 AND state IN ('PLANNING', 'WORKING', 'SELF_CHECK', 'REVIEW') "
            "AND (claimed_by IS NULL OR lease_until_ns <= ?) ORDER BY priority DESC, submitted_ns ASC, task_id",
            (now_ns,))]

    def task_ids(self) -> list[str]:
        """Every task id."""
        return [r[0] for r in self.query("SELECT task_id FROM tasks ORDER BY task_id")]

    def task_of_run(self, run_id: str) -> str | None:
        """The task a run worked for, if any."""
        rows = self.query("SELECT task_id FROM task_runs WHERE run_id = ?", (run_id,))
        return str(rows[0][0]) if rows else None


def _row(r: tuple) -> BoardRow:
    d = dict(zip(COLUMNS, r, strict=True))
    d["queued"] = bool(d["queued"])
    return BoardRow(**d)


def resolve_task(prefix: str, task_ids: Iterable[str]) -> str:
    """The one id in ``task_ids`` that starts with ``prefix`` (trimmed, any case).

    Raises:
        NotFoundError: an empty prefix, no task, or several match.
    """
    wanted = (prefix or "").strip().lower()
    if not wanted:
        raise NotFoundError("a task id is needed", "list tasks with `overlord task list`")
    matches = sorted({t for t in task_ids if t.lower().startswith(wanted)})
    if not matches:
        raise NotFoundError(f"no task {prefix} in the ledger", "list tasks with `overlord task list`")
    if len(matches) > 1:
        raise NotFoundError(f"{prefix} names {len(matches)} tasks", "give more of the task id")
    return matches[0]

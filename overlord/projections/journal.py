"""The journal: the chronological, readable list of events, a projection of the ledger.

Each stored event becomes one row (position, time, stream, event type, summary). The
projection is resumable through eventsourcing tracking: rows and the tracking record are
written in one transaction, so a crash never leaves the view ahead of or behind its
tracking position. Dropping the view and rebuilding it from zero gives the same rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from overlord.errors import LedgerError
from overlord.ledger.application import Ledger
from overlord.ledger.codec import datetime_to_ns
from overlord.ledger.record import RecordError

APPLICATION = "Overlord"


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


def summarize(topic: str, event: Any) -> str:
    """A one-line summary of a domain event, for people."""
    d = vars(event)
    if topic == "overlord.run.Opened":
        return f"run opened in {d['cwd']} ({d['runtime']}, sandbox {d['sandbox']}): {' '.join(d['argv'])}"
    if topic == "overlord.run.ProcessExited":
        how = f"signal {d['signal']}" if d.get("signal") is not None else f"exit {d['exit_code']}"
        return f"process ended ({how}) after {d['duration_ns'] / 1e9:.2f}s, {d['stdout_bytes']}B out, {d['stderr_bytes']}B err"
    if topic == "overlord.run.Settled":
        return f"settled {d['status']}/{d['stop_code']}: {d['detail']}"
    if topic == "overlord.run.ToolCallDecided":
        what = d.get("decision", "?")
        if d.get("denial_class"):
            what += f" ({d['denial_class']})"
        probe = "probe " if d.get("probe") else ""
        return f"{probe}{d.get('tool', '?')} {what}: {str(d.get('reason', ''))[:160]}"
    if topic == "overlord.run.GuardArmed":
        return f"guard armed ({d['runtime']}) from snapshot {d['snapshot_sha256'][:16]}…, {d['probes_passed']} probes denied"
    if topic == "overlord.run.GuardArmFailed":
        return f"guard arming failed ({d['runtime']}): {d['reason']}"
    if topic == "overlord.run.RuntimeStarted":
        return f"runtime started: session {d['session_id']}, model {d['model']}, {d['tools']} tools (v{d['version']})"
    if topic == "overlord.run.TurnRecorded":
        return f"turn {d['message_id']} ({d['model']}): {d['input_tokens']} tokens in, {d['output_tokens']} out"
    if topic == "overlord.run.ToolUsed":
        return f"tool call {d['name']} ({d['tool_use_id']})"
    if topic == "overlord.run.ToolReturned":
        how = "denied by the guard" if d["denied"] else "error" if d["is_error"] else "ok"
        return f"tool result {d['tool_use_id']}: {how}"
    if topic == "overlord.run.LoopAdvisory":
        return f"loop probe (advisory): {d['advice']}"
    if topic == "overlord.run.GateVerdict":
        return f"gate verdict {d['verdict']}: {d['reason']}"
    if topic == "overlord.run.Bookkeeping":
        return f"after-step {d['step']} failed (the settlement stands): {d['problem']}"
    if topic == "overlord.run.SettlementConflict":
        return f"settlement conflict: {d['detail']}"
    if topic == "overlord.run.ConnectorClosed":
        return f"connector closed after {d['model_requests']} model requests"
    if topic == "overlord.run.MissionRecorded":
        return f"mission file recorded (blob {d['mission_blob'][:16]}…)"
    if topic == "overlord.run.ResumedFrom":
        return f"resumes run {d['previous_run']} (session {d['session_id']})"
    if topic == "overlord.run.Resumed":
        return f"resumed (attempt {d['attempt']}) on session {d['session_id']}: {d['reason']}"
    if topic == "overlord.run.RunStopped":
        return f"stopped: {d['stop_code']}: {d['detail']}"
    if topic == "overlord.run.RuntimeResult":
        err = "error" if d["is_error"] else "ok"
        return f"runtime result {d['subtype']} ({err}), {d['num_turns']} turns, ${d['cost_micro_usd'] / 1e6:.4f} estimated"
    if topic == "overlord.gate.Started":
        run = f" for run {d['run_id']}" if d.get("run_id") else ""
        return f"gate check of {d['artifact']} ({d['language']}) in {d['sandbox']}{run}"
    if topic == "overlord.gate.AxisRecorded":
        return f"gate {d['axis']}: {d.get('code') or d['status']}: {str(d.get('evidence', ''))[:160]}"
    if topic == "overlord.gate.VerdictRecorded":
        return f"gate verdict {d['verdict']}: {d['reason']}"
    if topic == "overlord.run.ConnectorCalled":
        return (f"model call {d['path']} {d['model']} via {d['provider']}: {d['status']}, {d['input_tokens']} tokens in, "
                f"{d['output_tokens']} out, ${d['cost_micro_usd'] / 1e6:.6f}, {d['latency_ns'] / 1e6:.0f} ms")
    if topic == "overlord.run.LayerSealed":
        after = f" after {d['tool_use_id']}" if d.get("tool_use_id") else " (as found)" if d["index"] == 0 else ""
        changed = f"{len(d['changes'])} changed" if not d.get("changes_blob") else "changes in a blob"
        return (f"layer {d['index']} sealed{after}: {changed}, {d['files']} files, "
                f"tree {d['tree'][:16]}…")
    if topic == "overlord.run.Committed":
        return f"committed layer {d['layer']} as {d['sha'][:12]} on {d['ref']} (tree {d['tree'][:12]})"
    if topic == "overlord.log.CheckpointSigned":
        return f"checkpoint of {d['size']} events, root {d['root_hash'].hex()[:16]}…"
    if topic == "overlord.log.Cosigned":
        return f"cosigned by witness {d['witness']}"
    fields = ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("originator_id", "originator_version", "timestamp"))
    return fields[:200]


class JournalRecorder(SQLiteTrackingRecorder):
    """The journal's table and its tracking, in one SQLite file (``views.sqlite``)."""

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            "CREATE TABLE IF NOT EXISTS journal (position INTEGER PRIMARY KEY, notification_id INTEGER UNIQUE, "
            "time_ns INTEGER, stream TEXT, version INTEGER, event_type TEXT, summary TEXT)",
            "CREATE INDEX IF NOT EXISTS journal_stream ON journal (stream, version)",
        ]

    def count(self) -> int:
        """How many rows the view holds."""
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT COUNT(*) FROM journal")
            return int(c.fetchone()[0])

    def insert_entries(self, entries: list[JournalEntry], tracking: Tracking) -> None:
        """Insert rows and advance tracking, atomically."""
        with self.datastore.transaction(commit=True) as c:
            for e in entries:
                c.execute(
                    "INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (e.position, e.notification_id, e.time_ns, e.stream, e.version, e.event_type, e.summary),
                )
            self._insert_tracking(c, tracking)

    def select(self, stream: str | None = None, after_position: int = -1, limit: int = 1_000_000) -> list[JournalEntry]:
        """Rows in order, optionally of one stream."""
        q = "SELECT position, notification_id, time_ns, stream, version, event_type, summary FROM journal WHERE position > ?"
        params: list[Any] = [after_position]
        if stream:
            q += " AND stream = ?"
            params.append(stream)
        q += " ORDER BY position LIMIT ?"
        params.append(limit)
        with self.datastore.transaction(commit=False) as c:
            c.execute(q, params)
            return [JournalEntry(*row) for row in c.fetchall()]

    def drop(self) -> None:
        """Forget the view and its tracking (a rebuild starts from zero)."""
        with self.datastore.transaction(commit=True) as c:
            c.execute("DELETE FROM journal")
            c.execute("DELETE FROM tracking WHERE application_name = ?", (APPLICATION,))  # the other views keep theirs


def open_journal(path: str) -> JournalRecorder:
    """Open (creating if needed) the journal view in the SQLite file ``path``."""
    recorder = JournalRecorder(SQLiteDatastore(path, lock_timeout=30))
    recorder.create_table()
    return recorder


def catch_up(ledger: Ledger, view: JournalRecorder, batch: int = 500) -> int:
    """Project every event the view has not seen yet; returns how many were added.

    Events are read through the signing mapper, so the view only ever holds events whose
    signature and chain were checked.
    """
    last = view.max_tracking_id(APPLICATION) or 0
    position = view.count()
    added = 0
    while True:
        page = ledger.recorder.select_notifications(start=last, limit=batch, inclusive_of_start=False) if last else (
            ledger.recorder.select_notifications(start=None, limit=batch)
        )
        if not page:
            return added
        entries = []
        for n in page:
            try:
                event = ledger.mapper.to_domain_event(n)
            except RecordError as e:
                raise LedgerError(
                    f"event {n.originator_id} v{n.originator_version} (notification {n.id}) fails its checks: {e}",
                    "the ledger was tampered with: run `overlord verify --json` for the first bad event",
                ) from e
            entries.append(
                JournalEntry(
                    position,
                    n.id,
                    datetime_to_ns(event.timestamp),
                    str(n.originator_id),
                    n.originator_version,
                    n.topic.rsplit(".", 1)[-1],
                    summarize(n.topic, event),
                )
            )
            position += 1
        last = page[-1].id
        view.insert_entries(entries, Tracking(APPLICATION, last))
        added += len(entries)


def iter_entries(view: JournalRecorder, stream: str | None = None) -> Iterator[JournalEntry]:
    """All rows of the view, in order."""
    yield from view.select(stream=stream)

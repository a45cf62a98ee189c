"""An in-memory, append-only view of the ledger for the read API and the live stream.

Events are immutable, so each is decoded once (through the signing mapper: signature and
chain checked) and kept as its JSON bytes; a page of ``/api/events`` is a join of those
bytes. Runs are summarised as their events arrive (the digest behind ``/api/runs``).
:meth:`LedgerIndex.refresh` reads only the notifications after the last one seen; it is
called from one thread (the server's ledger executor), readers see whole lists only.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from overlord.domain.checkpoint import LogCheckpoint
from overlord.domain.events import topics_of
from overlord.domain.run import Run
from overlord.domain.spend import SpendAccount
from overlord.domain.task import Task
from overlord.ledger.application import Ledger
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.journal import summarize

PAGE = 1000
RUN_TOPICS = frozenset(topics_of(Run))
CHECKPOINT_TOPIC = LogCheckpoint.Created.TOPIC
COSIGNED_TOPIC = LogCheckpoint.Cosigned.TOPIC
SPEND_TOPICS = frozenset(t for t in topics_of(SpendAccount) if t != SpendAccount.TOPIC)
TASK_TOPICS = frozenset(topics_of(Task))
WORK_OPENED = Task.WorkOpened.TOPIC


def display(value: Any) -> Any:
    """A JSON-safe copy for display: bytes as ``{"hex", "base64"}``, UUIDs as text, times as ns."""
    if isinstance(value, bytes):
        return {"hex": value.hex(), "base64": base64.b64encode(value).decode()}
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, datetime):
        return datetime_to_ns(value)
    if isinstance(value, dict):
        return {str(k): display(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [display(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


@dataclass
class RunDigest:
    """One run as the page lists it: status follows its events."""

    id: str
    opened_ns: int = 0
    cwd: str = ""
    argv: list[str] = field(default_factory=list)
    runtime: str = ""
    sandbox: str = ""
    status: str = "running"
    stop_code: str | None = None
    detail: str = ""
    exit_code: int | None = None
    events: int = 0
    allowed: int = 0
    denied: int = 0
    last_ns: int = 0
    last_position: int = -1
    cost_micro_usd: int = 0
    spend_reserved_micro_usd: int = 0
    spend_settled_micro_usd: int = 0
    spend_refused: int = 0

    def to_json(self) -> dict[str, Any]:
        """The ``/api/runs`` item."""
        return dict(vars(self))


class LedgerIndex:
    """Decoded events by position, runs by id, the latest checkpoint; grows by :meth:`refresh`."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.events: list[bytes] = []  # JSON of the event at each position
        self.streams: list[str] = []  # stream id at each position
        self.runs: dict[str, RunDigest] = {}
        self.run_positions: dict[str, list[int]] = {}
        self.task_positions: dict[str, list[int]] = {}  # a task's events and its runs' events
        self.run_task: dict[str, str] = {}
        self.checkpoint: dict[str, Any] | None = None
        self.cosignatures: dict[str, list[dict[str, Any]]] = {}
        self._last_nid = 0

    @property
    def size(self) -> int:
        """How many events are indexed."""
        return len(self.events)

    def refresh(self) -> int:
        """Index the events stored since the last call; returns how many were added."""
        added = 0
        while True:
            if self._last_nid:
                page = self.ledger.recorder.select_notifications(start=self._last_nid, limit=PAGE, inclusive_of_start=False)
            else:
                page = self.ledger.recorder.select_notifications(start=None, limit=PAGE)
            if not page:
                return added
            for n in page:
                self._add(n)
                self._last_nid = n.id
                added += 1

    def _add(self, n: Any) -> None:
        position = len(self.events)
        stream = str(n.originator_id)
        item: dict[str, Any] = {
            "position": position,
            "notification_id": n.id,
            "stream": stream,
            "version": n.originator_version,
            "topic": n.topic,
            "type": n.topic.rsplit(".", 1)[-1],
        }
        try:
            event = self.ledger.mapper.to_domain_event(n)
        except Exception as e:  # noqa: BLE001 - a bad event is shown as bad, never hidden
            item.update(time_ns=None, summary=f"does not verify: {e}", body=None, error=str(e))
            self.events.append(json.dumps(item, separators=(",", ":")).encode())
            self.streams.append(stream)
            return
        state = vars(event)
        fields = {k: v for k, v in state.items() if k not in ("originator_id", "originator_version", "timestamp")}
        time_ns = datetime_to_ns(state["timestamp"])
        item.update(time_ns=time_ns, summary=summarize(event), body=display(fields))
        self.events.append(json.dumps(item, separators=(",", ":")).encode())
        self.streams.append(stream)
        self._digest(stream, position, n.topic, fields, time_ns)

    def _digest(self, stream: str, position: int, topic: str, f: dict[str, Any], time_ns: int) -> None:
        if topic in TASK_TOPICS:
            self.task_positions.setdefault(stream, []).append(position)
            if topic == WORK_OPENED:
                self.run_task[str(f["run_id"])] = stream
            return
        task = self.run_task.get(stream)
        if task is not None:
            self.task_positions[task].append(position)
        if topic == CHECKPOINT_TOPIC:
            self.checkpoint = {
                "stream": stream, "position": position, "origin": f["origin"], "size": f["size"],
                "root_hash": base64.b64encode(f["root_hash"]).decode(), "note": f["note"], "time_ns": time_ns,
            }
            return
        if topic == COSIGNED_TOPIC:
            self.cosignatures.setdefault(stream, []).append({"witness": f["witness"], "line": f["line"], "time_ns": time_ns})
            return
        if topic in SPEND_TOPICS:
            spent = self.runs.get(str(f.get("run", "")))
            if spent is not None:
                if topic == SpendAccount.SpendReserved.TOPIC:
                    spent.spend_reserved_micro_usd += int(f.get("worst_case_micro_usd") or 0)
                elif topic == SpendAccount.SpendSettled.TOPIC:
                    spent.spend_settled_micro_usd += int(f.get("cost_micro_usd") or 0)
                elif topic == SpendAccount.SpendRefused.TOPIC:
                    spent.spend_refused += 1
            return
        if topic not in RUN_TOPICS:
            return
        run = self.runs.get(stream)
        if run is None:
            if topic != Run.Created.TOPIC:
                return
            run = self.runs[stream] = RunDigest(
                stream, opened_ns=time_ns, cwd=str(f.get("cwd", "")), argv=[str(a) for a in f.get("argv", [])],
                runtime=str(f.get("runtime", "")), sandbox=str(f.get("sandbox", "")),
            )
            self.run_positions[stream] = []
        run.events += 1
        run.last_ns = time_ns
        run.last_position = position
        self.run_positions[stream].append(position)
        if topic == Run.Settled.TOPIC:
            run.status, run.stop_code, run.detail = str(f["status"]), str(f["stop_code"]), str(f["detail"])
        elif topic == Run.ProcessExited.TOPIC:
            run.exit_code = f.get("exit_code")
        elif topic == Run.ConnectorCalled.TOPIC:
            run.cost_micro_usd += int(f.get("cost_micro_usd") or 0)
        elif topic == Run.ToolCallDecided.TOPIC and not f.get("probe"):
            if f.get("decision") == "deny":
                run.denied += 1
            else:
                run.allowed += 1

    def page(self, after: int, limit: int) -> tuple[bytes, int]:
        """JSON array of the events after position ``after`` (at most ``limit``), and how many."""
        chunk = self.events[after + 1 : after + 1 + limit]
        return b"[" + b",".join(chunk) + b"]", len(chunk)

    def run_events(self, run_id: str) -> bytes:
        """JSON array of one run's events."""
        return b"[" + b",".join(self.events[p] for p in self.run_positions.get(run_id, [])) + b"]"

    def task_events(self, task_id: str, start: int = 0) -> list[bytes]:
        """The JSON of a task's events and its runs' events, in log order, from the
        ``start``-th."""
        return [self.events[p] for p in self.task_positions.get(task_id, [])[start:]]

    def latest_checkpoint(self) -> dict[str, Any] | None:
        """The newest checkpoint event, with its cosignatures."""
        if self.checkpoint is None:
            return None
        return {**self.checkpoint, "cosignatures": self.cosignatures.get(self.checkpoint["stream"], [])}

"""Approvals: a tool call in an approval class waits for a human instead of being denied at once.

One :class:`Approvals` stream per run that can park (its id derived from the run's,
:func:`approvals_stream_id`): opened by the run's decision service (``ApprovalsOpened``: the
classes and the timeout), then ``ApprovalRequested`` for each parked call and
``ApprovalResolved`` for each decision about one. The first resolution of a request is the one
that counts; a later decision is recorded too (``late``, ``duplicate``) and changes nothing.

Every :class:`Outcome` but a timely ``approved`` of the exact action digest is a deny.

A decision is signed by the owner (the home's log key) over :func:`decision_message`, which
the agent cannot produce: it has neither the key nor a view of the home.

Pure: times are given by the caller.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

APPROVALS_NAMESPACE = uuid.UUID("3b7e2f64-90c1-4d8a-b5e3-6a1f0c9d2e58")
"""Namespace of the approvals stream ids (UUIDv5 of the run id)."""

DECISION_DOMAIN = b"overlord/approval-decision/v1\x00"
"""Domain separation prefix of a signed decision (never valid as any other signed message)."""


class Outcome(str, Enum):
    """How an approval request (or one decision about it) ended. Only ``approved`` allows."""

    APPROVED = "approved"
    DENIED = "denied"
    TIMEOUT = "timeout"
    NO_LISTENER = "no_listener"
    UNKNOWN_ID = "unknown_id"
    BROKER_ERROR = "broker_error"
    LATE = "late"
    DUPLICATE = "duplicate"
    ACTION_MISMATCH = "action_mismatch"


def approvals_stream_id(run_id: UUID | str) -> UUID:
    """The id of run ``run_id``'s approvals stream."""
    return uuid.uuid5(APPROVALS_NAMESPACE, f"approvals\x00{UUID(str(run_id))}")


def approval_id(run_id: UUID | str, seq: int) -> str:
    """The id people type: the run's first 8 hex digits and the request's number in the run."""
    return f"{UUID(str(run_id)).hex[:8]}-{seq}"


def run_prefix(approval: str) -> str:
    """The run prefix of an approval id (``""`` when it is not one)."""
    head, sep, tail = approval.partition("-")
    if not sep or len(head) != 8 or not tail.isdigit() or any(c not in "0123456789abcdef" for c in head):
        return ""
    return head


def decision_message(*, run_id: str, approval: str, decision: str, action_sha256: str, why: str, by: str,
                     nonce: str) -> bytes:
    """The exact bytes an owner signs to decide ``approval`` of run ``run_id``: the domain
    prefix, then each field as a 4-byte big-endian length and its UTF-8 bytes, in a fixed
    order (so no two decisions share bytes)."""
    out = bytearray(DECISION_DOMAIN)
    for value in (run_id, approval, decision, action_sha256, why, by, nonce):
        data = value.encode("utf-8")
        out += len(data).to_bytes(4, "big") + data
    return bytes(out)


def summarize_input(tool: str, tool_input: Mapping[str, Any], limit: int = 200) -> str:
    """A one-line summary of a tool call's input for people deciding it (the command of a
    Bash call, the path of a write, else its JSON), cut to ``limit`` characters."""
    text: str
    if isinstance(tool_input.get("command"), str):
        text = tool_input["command"]
    elif isinstance(tool_input.get("file_path"), str):
        text = tool_input["file_path"]
    elif isinstance(tool_input.get("url"), str):
        text = tool_input["url"]
    else:
        try:
            text = json.dumps(dict(tool_input), sort_keys=True, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = repr(tool_input)
    text = " ".join(text.split())
    return f"{tool}: {text[: limit - 1] + '…' if len(text) > limit else text}"


@dataclass(frozen=True)
class Request:
    """One parked tool call as the stream holds it."""

    approval_id: str
    tool_use_id: str
    tool: str
    input_summary: str
    denial_class: str
    rule: str
    action_sha256: str
    deadline_ns: int

    def to_json(self, run_id: str) -> dict[str, Any]:
        """The ``overlord approvals --json`` shape."""
        return {"id": self.approval_id, "run": run_id, "tool": self.tool, "summary": self.input_summary,
                "class": self.denial_class, "rule": self.rule, "action_sha256": self.action_sha256,
                "deadline_ns": self.deadline_ns, "tool_use_id": self.tool_use_id}


class Approvals(Aggregate):
    """A run's approval requests and their resolutions. State: the requests by id, the first
    outcome of each, how many were requested (the next id's number)."""

    TOPIC = "overlord.approval.Approvals"

    class Event(Aggregate.Event):
        """An event of a run's approvals stream (the base of the events below; never stored)."""

    class Created(Event, Aggregate.Created):
        """``ApprovalsOpened``: the decision service of run ``run_id`` parks tool calls of the
        denial ``classes`` for a human, for at most ``timeout_ms`` each."""

        TOPIC = "overlord.approval.ApprovalsOpened"

        run_id: str
        classes: list[str]
        timeout_ms: int

        def summary(self) -> str:
            """One line for people."""
            return f"approvals open for run {self.run_id}: {', '.join(self.classes)} wait up to {self.timeout_ms} ms"

    class ApprovalRequested(Event):
        """A tool call of run ``run_id`` waits for a human: ``approval_id`` (what people type),
        the call (``tool_use_id``, ``tool``, ``input_summary``), why the guard would deny it
        (``denial_class``, ``rule``), ``action_sha256`` (hex SHA-256 of the canonical tool,
        input and cwd: the exact action an approval must name) and ``deadline_ns`` (UTC
        nanoseconds: no decision by then is a deny)."""

        TOPIC = "overlord.approval.ApprovalRequested"

        approval_id: str
        tool_use_id: str
        tool: str
        input_summary: str
        denial_class: str
        rule: str
        action_sha256: str
        deadline_ns: int

        def apply(self, aggregate: Approvals) -> None:
            aggregate.requested += 1
            aggregate.requests[self.approval_id] = Request(
                self.approval_id, self.tool_use_id, self.tool, self.input_summary, self.denial_class, self.rule,
                self.action_sha256, self.deadline_ns)

        def summary(self) -> str:
            """One line for people."""
            return f"approval {self.approval_id} requested ({self.denial_class}): {self.input_summary}"

    class ApprovalResolved(Event):
        """A decision about ``approval_id``: its ``outcome`` (an :class:`Outcome`; only the
        first for a request counts, and only ``approved`` allows), ``by`` whom (``cli``,
        ``witness``, ``broker``), a ``detail`` for people and the action digest the decision
        named (``given_sha256``, ``""`` when none)."""

        TOPIC = "overlord.approval.ApprovalResolved"

        approval_id: str
        outcome: str
        by: str
        detail: str
        given_sha256: str

        def apply(self, aggregate: Approvals) -> None:
            if self.approval_id in aggregate.requests:
                aggregate.outcomes.setdefault(self.approval_id, self.outcome)

        def summary(self) -> str:
            """One line for people."""
            how = "allowed" if self.outcome == Outcome.APPROVED.value else "denied"
            return f"approval {self.approval_id} {self.outcome} by {self.by} ({how}): {self.detail}"

    def __init__(self, run_id: str, classes: list[str], timeout_ms: int) -> None:
        self.run_id = run_id
        self.classes = list(classes)
        self.timeout_ms = timeout_ms
        self.requested = 0
        self.requests: dict[str, Request] = {}
        self.outcomes: dict[str, str] = {}

    @classmethod
    def open(cls, *, run_id: UUID, classes: list[str], timeout_ms: int, at: datetime) -> Approvals:
        """Open run ``run_id``'s approvals (``ApprovalsOpened``)."""
        return cls._create(cls.Created, id=approvals_stream_id(run_id), timestamp=at, run_id=str(run_id),
                           classes=list(classes), timeout_ms=timeout_ms)

    def next_id(self) -> str:
        """The id the next request will have."""
        return approval_id(self.run_id, self.requested + 1)

    def pending(self) -> list[Request]:
        """Requests with no outcome yet, in request order."""
        return [r for a, r in self.requests.items() if a not in self.outcomes]

    def request(self, *, tool_use_id: str, tool: str, input_summary: str, denial_class: str, rule: str,
                action_sha256: str, deadline_ns: int, at: datetime) -> str:
        """Record a parked call (``ApprovalRequested``); returns its approval id."""
        aid = self.next_id()
        self.trigger_event(self.ApprovalRequested, timestamp=at, approval_id=aid, tool_use_id=tool_use_id, tool=tool,
                           input_summary=input_summary, denial_class=denial_class, rule=rule,
                           action_sha256=action_sha256, deadline_ns=deadline_ns)
        return aid

    def resolve(self, *, approval_id: str, outcome: Outcome, by: str, detail: str, given_sha256: str,
                at: datetime) -> None:
        """Record a decision about ``approval_id`` (``ApprovalResolved``)."""
        self.trigger_event(self.ApprovalResolved, timestamp=at, approval_id=approval_id, outcome=outcome.value,
                           by=by, detail=detail[:500], given_sha256=given_sha256)

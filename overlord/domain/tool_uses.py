"""The model's answers as the ground truth of which tool calls exist. Pure: no I/O, no clock.

The connector runs outside the sandbox and sees every model answer before the runtime does; it
enters each answer's tool uses here (:meth:`ToolUseBook.answered`). Everything the sandbox can
send is then judged against them (the agent can run any code inside its root, so a decision
request, a line on the runtime's stdout or a post-tool notification may be forged):

* a decision request must name a tool use the model asked for that has no decision yet
  (:meth:`ToolUseBook.claim`);
* a post-tool notification must name a tool use that is running now: decided ``allow``, its
  result not yet carried back to the model (:meth:`ToolUseBook.running`);
* a stream record of a tool call or of its result must name a tool use the model asked for,
  once each (:meth:`ToolUseBook.stream_used`, :meth:`ToolUseBook.stream_returned`);
* the runtime's result is genuine only once the attempt's conversation has ended: the last
  answer asked for no tool, or the native turn cap was reached (:meth:`ToolUseBook.may_finish`);
* every tool result a model request carries must belong to a tool use that had a decision,
  unless the runtime refused the call before its hook (:meth:`ToolUseBook.carried`): otherwise
  the hook was bypassed.

The matching of a hook payload or a stream record to a tool use is the runtime's (each CLI
shows a call differently); this book is given the predicate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ModelToolUse:
    """One tool use a model answer asked for, and what has become of it.

    ``id`` is the model's id for it (``answer-N#I`` when the API gave none), ``tool`` its native
    name, ``input`` its parsed input, ``answer`` the 0-based index of the answer, ``offered``
    whether the request offered that tool (a tool it did not offer cannot have run), ``claimed``
    whether a decision request took it (its ``decision`` follows once made)."""

    id: str
    tool: str
    input: Mapping[str, Any]
    answer: int
    index: int = 0
    offered: bool = True
    claimed: bool = False
    decision: str | None = None
    streamed: bool = False
    returned: bool = False
    result_carried: bool = False
    stream_id: str | None = None


@dataclass(frozen=True)
class Carried:
    """A tool result a model request carries (see
    :class:`~overlord.adapters.connector.api.CarriedResult`)."""

    id: str | None
    tool: str | None
    text: str
    is_error: bool = False
    error_only: bool = False


CLAIMED, FORGED, REPEATED = "claimed", "forged", "repeated"


@dataclass
class ToolUseBook:
    """Every tool use of one run (see the module doc). Not thread-safe: the caller locks."""

    uses: list[ModelToolUse] = field(default_factory=list)
    answers: int = 0
    attempt_start: int = 0
    last_terminal: bool = False
    message_ids: set[str] = field(default_factory=set)

    # -- the connector ------------------------------------------------------------------

    def answered(self, uses: Iterable[tuple[str | None, str, Mapping[str, Any]]], *, offered: Iterable[str] = (),
                 message_id: str | None = None, error: bool = False) -> list[ModelToolUse]:
        """Enter one model answer's tool uses (before the runtime sees the answer); an error
        answer (``error``) asks for none. Returns the entered uses."""
        index = self.answers
        self.answers += 1
        offer = set(offered)
        entered = []
        for i, (uid, tool, inp) in enumerate(uses):
            u = ModelToolUse(uid or f"answer-{index}#{i}", tool, dict(inp), index, i, not offer or tool in offer)
            entered.append(u)
        self.uses.extend(entered)
        self.last_terminal = error or not entered
        if message_id:
            self.message_ids.add(message_id)
        return entered

    def carried(self, results: Iterable[Carried], *, refused_before_hook: Callable[[ModelToolUse, Carried], bool]
                ) -> list[ModelToolUse]:
        """Mark the tool uses whose results a model request carries; returns those that ran
        with no decision (the hook was bypassed). A result is matched by id, else (an API
        without ids) by tool name, in order, among the uses whose result is still due."""
        bypassed = []
        for r in results:
            use = self._due(r)
            if use is None:
                continue
            use.result_carried = True
            if use.decision is None and use.offered and not refused_before_hook(use, r):
                bypassed.append(use)
        return bypassed

    def _due(self, r: Carried) -> ModelToolUse | None:
        due = [u for u in self.uses if not u.result_carried]
        if r.id is not None:
            for u in due:
                if u.id == r.id:
                    return u
            if any(u.id == r.id for u in self.uses):
                return None  # a result carried before (the history repeats)
        if r.tool is None:
            return None  # an id-bearing API's result for a call this run never served (a resumed history)
        for u in due:
            if u.tool == r.tool:
                return u
        return None

    # -- the decision service --------------------------------------------------------------

    def claim(self, hook_id: str | None, matches: Callable[[ModelToolUse], bool]) -> tuple[str, ModelToolUse | None]:
        """The tool use a decision request is for: ``(CLAIMED, use)`` for an unclaimed use the
        model asked for (it is claimed now); ``(REPEATED, use)`` when a request took it already
        (decided, or being decided); ``(FORGED,
        None)`` when the model asked for no such call. ``hook_id`` is the id the hook payload
        names (``None``: matched by ``matches`` alone, first undecided use first)."""
        if hook_id is not None:
            for u in self.uses:
                if u.id == hook_id:
                    if not matches(u) or (u.result_carried and not u.claimed):
                        return FORGED, None
                    if u.claimed:
                        return REPEATED, u
                    u.claimed = True
                    return CLAIMED, u
            return FORGED, None
        for u in self.uses:
            if not u.claimed and not u.result_carried and matches(u):
                u.claimed = True
                return CLAIMED, u
        for u in self.uses:
            if matches(u) and u.claimed and not u.result_carried:
                return REPEATED, u
        return FORGED, None

    def decided(self, use: ModelToolUse, decision: str) -> None:
        """Record the decision of a claimed use."""
        use.decision = decision

    def running(self, hook_id: str | None, matches: Callable[[ModelToolUse], bool]) -> ModelToolUse | None:
        """The tool use a post-tool notification is for, when it is running now (decided
        ``allow``, its result not yet carried to the model), else ``None``."""
        for u in self.uses:
            if u.decision == "allow" and not u.result_carried and (hook_id is None or u.id == hook_id) and matches(u):
                return u
        return None

    # -- the runtime's stream ----------------------------------------------------------------

    def stream_used(self, stream_id: str, matches: Callable[[ModelToolUse], bool]) -> ModelToolUse | None:
        """The tool use a stream's tool-call record shows (the first not yet shown that
        ``matches``), or ``None`` (forged)."""
        for u in self.uses:
            if not u.streamed and matches(u):
                u.streamed, u.stream_id = True, stream_id
                return u
        return None

    def stream_returned(self, stream_id: str) -> ModelToolUse | None:
        """The tool use a stream's result record names (shown, its result not yet shown), or
        ``None`` (forged)."""
        for u in self.uses:
            if u.streamed and not u.returned and u.stream_id == stream_id:
                u.returned = True
                return u
        return None

    def known_message(self, message_id: str) -> bool:
        """Whether a model answer had this message id."""
        return message_id in self.message_ids

    # -- attempts ----------------------------------------------------------------------------

    def begin_attempt(self) -> None:
        """A new attempt (a first start or a resume) begins."""
        self.attempt_start = self.answers
        self.last_terminal = False

    def answers_in_attempt(self) -> int:
        """Model answers served since the attempt began."""
        return self.answers - self.attempt_start

    def may_finish(self, *, turn_limit: bool, max_turns: int | None) -> bool:
        """Whether the runtime can have finished now: the attempt's last answer asked for no
        tool (or was an error), or it reports its native turn cap and that many answers were
        served in the attempt."""
        if self.answers_in_attempt() and self.last_terminal:
            return True
        return turn_limit and max_turns is not None and self.answers_in_attempt() >= max_turns

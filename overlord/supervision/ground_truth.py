"""The run's ground truth of which tool calls exist, shared by the connector (which writes it),
the decision service, the post-tool notifications and the controller (which are judged by it).

:class:`GroundTruth` wraps the pure :class:`~overlord.domain.tool_uses.ToolUseBook` with a lock
(the connector's loop, the decision service's threads and the controller's loop all use it)
and the runtime's own matching (:class:`~overlord.adapters.runtimes.base.Runtime`: how a hook
payload or a stream record shows a tool use, which results the CLI refused before its hook,
which tools run with no hook). Whatever names no tool use the model asked for is forged: it is
not decided or applied, it is recorded as a ``ForgeryRefused`` event (through ``on_tamper``), and
it counts against ``max_denials`` (:attr:`GroundTruth.tampers`). A model request carrying the
result of a tool use that had no decision, or an answer asking for a tool the runtime runs with
no hook, is refused by the connector and stops the run with stop code ``policy``
(:meth:`GroundTruth.violation`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import structlog

from overlord.domain import runtime_records as rr
from overlord.domain.settlement import StopCode
from overlord.domain.tool_uses import CLAIMED, FORGED, Carried, ModelToolUse, ToolUseBook

log = structlog.get_logger("overlord.ground_truth")

Tamper = Callable[[str, str, str], None]
"""``on_tamper(source, tool_use_id, detail)``: record one ``ForgeryRefused`` event."""


class GroundTruth:
    """One run's ground truth (see the module doc).

    Args:
        runtime: the run's runtime (its matching rules).
        on_tamper: records a ``ForgeryRefused`` event; may raise (the tamper still counts).
    """

    def __init__(self, runtime: Any, *, on_tamper: Tamper | None = None) -> None:
        self.runtime = runtime
        self.book = ToolUseBook()
        self.on_tamper = on_tamper
        self.tampers = 0
        self._lock = threading.Lock()
        self._violation: tuple[StopCode, str] | None = None
        self.served: list[ServedAnswer] = []
        """Every model answer served, in order (the run's turns as the connector saw them)."""

    # -- recording -----------------------------------------------------------------------

    def tamper(self, source: str, tool_use_id: str, detail: str) -> None:
        """Count and record one forged act. Never raises."""
        with self._lock:
            self.tampers += 1
        log.warning("guard.tamper", source=source, tool_use_id=tool_use_id, detail=detail)
        if self.on_tamper is not None:
            try:
                self.on_tamper(source, tool_use_id[:200], detail[:500])
            except Exception as e:  # noqa: BLE001 - the recorder stops the run when its write fails
                log.error("guard.tamper_unrecorded", error=f"{type(e).__name__}: {e}")

    def _stop(self, code: StopCode, detail: str) -> tuple[StopCode, str]:
        with self._lock:
            if self._violation is None:
                self._violation = (code, detail)
        return code, detail

    def violation(self) -> tuple[StopCode, str] | None:
        """The first refusal that stops the run (``policy``), or ``None``: the controller polls it."""
        with self._lock:
            return self._violation

    # -- the connector (its Guard) -------------------------------------------------------------

    def request(self, api: Any, body: Any) -> tuple[StopCode, str] | None:
        """A model request: every tool result it carries must have had a decision."""
        results = [Carried(r.id, r.tool, r.text, r.is_error, r.error_only) for r in api.results(body)]
        with self._lock:
            bypassed = self.book.carried(results, refused_before_hook=self.runtime.refused_before_hook)
        if not bypassed:
            return None
        u = bypassed[0]
        detail = (f"guard_tamper: the model request carries the result of {u.tool} ({u.id}), which ran with no "
                  "decision: the hook was bypassed; the request is not forwarded")
        for b in bypassed:
            self.tamper("connector", b.id, f"{b.tool} ({b.id}) ran with no decision: the hook was bypassed")
        return self._stop(StopCode.POLICY, detail)

    def answered(self, api: Any, response: bytes, body: Any, *, error: bool) -> tuple[StopCode, str] | None:
        """A model answer about to be passed on: its tool uses become the ground truth; one
        the runtime would run with no hook withholds the answer."""
        uses = [] if error else api.tool_uses(response)
        message_id = api.message_id(response)
        tokens = api.tokens(response) if not error else None
        model = body.get("model") if isinstance(body, dict) and isinstance(body.get("model"), str) else None
        with self._lock:
            index = self.book.answers
            entered = self.book.answered([(u.id, u.tool, u.input) for u in uses], offered=api.offered_tools(body),
                                         message_id=message_id, error=error)
            self.served.append(ServedAnswer(message_id or f"answer-{index}", model,
                                            tokens.input_tokens if tokens else 0, tokens.output_tokens if tokens else 0))
        for u in entered:
            why = self.runtime.unguardable(u)
            if why is not None:
                self.tamper("connector", u.id, why)
                return self._stop(StopCode.POLICY, f"guard_tamper: {why}; the answer is withheld")
        return None

    # -- the decision service --------------------------------------------------------------------

    def claim(self, payload: Mapping[str, Any]) -> tuple[str, ModelToolUse | None]:
        """The tool use a decision request is for: ``(CLAIMED | REPEATED | FORGED, use)``."""
        hook_id = self.runtime.hook_id(payload)
        with self._lock:
            return self.book.claim(hook_id, lambda u: self.runtime.hook_matches(u, payload))

    def decided(self, use: ModelToolUse, decision: str) -> None:
        """Record a claimed use's decision."""
        with self._lock:
            self.book.decided(use, decision)

    def post(self, payload: Mapping[str, Any]) -> ModelToolUse | None:
        """The running tool use a post-tool notification is for, or ``None`` (forged: it is
        recorded and counted here)."""
        hook_id = self.runtime.hook_id(payload)
        with self._lock:
            use = self.book.running(hook_id, lambda u: self.runtime.hook_matches(u, payload))
            # the call it pretends to be (a runtime with no ids in its payloads is matched by content)
            posing = hook_id or next((u.id for u in self.book.uses if self.runtime.hook_matches(u, payload)), "")
        if use is None:
            name = str(payload.get("tool_name") or "?")
            self.tamper("post_tool_use", posing,
                        f"a post-tool notification for {name} ({posing or 'no id'}) names no tool call running now")
        return use

    # -- the controller ----------------------------------------------------------------------------

    def begin_attempt(self) -> None:
        """A new attempt of the runtime begins."""
        with self._lock:
            self.book.begin_attempt()

    def served_answer(self, index: int) -> ServedAnswer | None:
        """The ``index``-th answer served (0-based), or ``None``."""
        with self._lock:
            return self.served[index] if 0 <= index < len(self.served) else None

    def answers(self) -> int:
        """Model answers served so far (the run's model turns)."""
        with self._lock:
            return self.book.answers

    def genuine(self, rec: Any, *, max_turns: int | None = None) -> bool:
        """Whether a stream record shows what the model asked for; a forged one is recorded
        and counted here. Records that name no tool use pass (a turn is counted from the
        connector's answers, whatever the stream says: see :meth:`known_turn`)."""
        with self._lock:
            if isinstance(rec, rr.ToolUsed):
                ok = self.book.stream_used(rec.id, lambda u: self.runtime.stream_matches(u, rec)) is not None
                what = f"a stream record of a {rec.name} call ({rec.id}) the model never asked for"
            elif isinstance(rec, rr.ToolReturned):
                ok = self.book.stream_returned(rec.tool_use_id) is not None
                what = f"a stream record of a result for {rec.tool_use_id!r}, no tool call awaiting one"
            elif isinstance(rec, rr.Finished):
                ok = self.book.may_finish(turn_limit=rec.turn_limit, max_turns=max_turns)
                what = f"a runtime result ({rec.subtype}) while the model's conversation had not ended"
            else:
                return True
        if not ok:
            tid = rec.id if isinstance(rec, rr.ToolUsed) else getattr(rec, "tool_use_id", "")
            self.tamper("stream", tid, what)
        return ok


    def known_turn(self, message_id: str) -> bool:
        """Whether a stream's turn names a model answer (the CLI also prints turns of its own,
        for an API error, which are not the model's)."""
        with self._lock:
            return not self.book.message_ids or self.book.known_message(message_id)


@dataclass(frozen=True)
class ServedAnswer:
    """One model answer the connector served: its message id (``answer-N`` when the API gave
    none), the model the request named, and the tokens the answer reports."""

    message_id: str
    model: str | None
    input_tokens: int
    output_tokens: int


def payload_of(text: str | None) -> dict[str, Any]:
    """A hook payload's JSON object, or ``{}``."""
    try:
        obj = json.loads(text or "")
    except (ValueError, RecursionError):
        return {}
    return obj if isinstance(obj, dict) else {}


__all__ = ["CLAIMED", "FORGED", "GroundTruth", "ServedAnswer", "payload_of"]

"""Events are declared once: real docstrings, a summary beside the fields, commands made from
the fields, and topics named by class everywhere outside the declaring module."""

from __future__ import annotations

import inspect
import io
import re
import tokenize
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from eventsourcing.domain import CanMutateAggregate

from overlord.domain.checkpoint import LogCheckpoint
from overlord.domain.events import event_fields, topics_of, triggers
from overlord.domain.run import Run
from overlord.ledger.application import AGGREGATES

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = topics_of(*AGGREGATES)
EVENTS = {t: c for t, c in REGISTRY.items() if issubclass(c, CanMutateAggregate)}
AT = datetime(2026, 1, 2, tzinfo=UTC)


def _real(doc: str | None, name: str) -> bool:
    """A docstring a person wrote: not missing, not the signature dataclasses fill in."""
    return bool(doc) and not doc.startswith(f"{name}(") and len(doc.split()) >= 5


def test_run_and_settled_have_their_docstrings():
    assert _real(Run.__doc__, "Run") and "supervised run" in Run.__doc__
    assert _real(Run.Settled.__doc__, "Settled") and "stop_code" in Run.Settled.__doc__


@pytest.mark.parametrize("topic", sorted(REGISTRY))
def test_every_registered_class_has_a_real_docstring(topic):
    cls = REGISTRY[topic]
    assert _real(cls.__doc__, cls.__name__), f"{cls.__qualname__} ({topic}) has no docstring of its own"


@pytest.mark.parametrize("topic", sorted(EVENTS))
def test_every_event_declares_its_own_summary(topic):
    cls = EVENTS[topic]
    assert "summary" in cls.__dict__, f"{cls.__qualname__} has no summary() beside its fields"
    assert cls.__dict__["summary"].__doc__


def test_events_are_not_redefined_by_eventsourcing():
    # the class the body declares is the class the ledger stores (so its docstring survives)
    for cls in EVENTS.values():
        assert cls.__mro__[1] is not cls and cls.__mro__[1].__name__ != cls.__name__, cls.__qualname__


def test_a_command_takes_exactly_the_events_fields():
    run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["x"], policy_hash="p", overlord_version="t",
                   runtime="command", sandbox="none", at=AT)
    run.record_turn(message_id="m1", model=None, input_tokens=3, output_tokens=4, at=AT)
    event = run.pending_events[-1]
    assert type(event) is Run.TurnRecorded and (event.message_id, event.input_tokens, event.timestamp) == ("m1", 3, AT)
    assert run.turns == 1
    with pytest.raises(TypeError, match="missing output_tokens"):
        run.record_turn(message_id="m2", model=None, input_tokens=3, at=AT)
    with pytest.raises(TypeError, match="unknown colour"):
        run.record_turn(message_id="m2", model=None, input_tokens=3, output_tokens=4, colour="red", at=AT)
    with pytest.raises(TypeError):
        run.record_turn("m2", None, 3, 4, at=AT)  # keyword-only
    with pytest.raises(TypeError):
        run.record_turn(message_id="m2", model=None, input_tokens=3, output_tokens=4)  # no time
    assert len(run.pending_events) == 2 and run.turns == 1  # nothing recorded by a refused call


def test_a_field_default_is_the_commands_default():
    run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["x"], policy_hash="p", overlord_version="t",
                   runtime="command", sandbox="none", at=AT)
    run.record_tool_call(tool="Bash", input={}, digest="d", decision="deny", denial_class="c", reason="r",
                         tool_use_id="t", at=AT)
    assert run.pending_events[-1].probe is False and (run.tool_calls, run.denials) == (1, 1)


def test_a_commands_signature_and_docstring_come_from_its_event():
    sig = inspect.signature(Run.record_connector_call)
    names = [p for p in sig.parameters if p != "self"]
    assert names == [*event_fields(Run.ConnectorCalled), "at"]
    assert all(sig.parameters[n].kind is inspect.Parameter.KEYWORD_ONLY for n in names)
    assert Run.record_connector_call.__qualname__ == "Run.record_connector_call"
    assert "Record ``ConnectorCalled``" in Run.record_connector_call.__doc__
    assert "``request_blob``" in Run.record_connector_call.__doc__
    assert isinstance(LogCheckpoint.__dict__["add_cosignature"], triggers)


def _string_tokens(path: Path):
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        if tok.type == tokenize.STRING or getattr(tokenize, "FSTRING_MIDDLE", None) == tok.type:
            yield tok.start[0], tok.string


def test_no_topic_string_outside_the_module_that_declares_it():
    declaring = {Path(*c.__module__.split(".")).with_suffix(".py") for c in REGISTRY.values()}
    prefixes = sorted({t.rsplit(".", 1)[0] + "." for t in REGISTRY})
    # a full topic (prefix + a class name) or a bare prefix at the end of a string
    pattern = re.compile("|".join(rf"{re.escape(p)}(?:[A-Z]|[\"'{{])" for p in prefixes))
    found = []
    for package in ("overlord", "cli", "witness"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel in declaring:
                continue
            found += [f"{rel}:{line}: {text[:80]}" for line, text in _string_tokens(path) if pattern.search(text)]
    assert found == [], "refer to topics by class (Run.Settled.TOPIC):\n" + "\n".join(found)
    # the check itself sees a literal
    assert pattern.search('"overlord.run.Settled"') and pattern.search('P = "overlord.run."')

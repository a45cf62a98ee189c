"""How events are declared: stable topics, one-line summaries, and commands built from fields.

Every aggregate and every stored event class carries an explicit ``TOPIC`` class attribute
(never the Python path, so code can move without breaking history); eventsourcing
registers them when the aggregate class is made. :func:`topics_of` collects them into the
closed registry that the ledger accepts. Code outside the declaring module names a topic by
its class (``Run.Settled.TOPIC``), never by a string.

An event is declared once, as a class nested in its aggregate: its docstring first, then
``TOPIC``, its fields (annotations; the stored body is exactly these), ``apply`` when it
changes the aggregate's state, and ``summary`` (one line for people, read by the journal).
A command that only records an event is made from the event's own fields by
:class:`triggers`, so the fields are not written again; commands that carry a rule stay
written out.

Convention read by ``overlord verify``: an event attribute whose name ends in ``_blob``
holds the lowercase hex SHA-256 of a content-addressed blob (or ``None``).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from eventsourcing.domain import CanMutateAggregate

BLOB_SUFFIX = "_blob"
#: Fields every stored event has, set by the aggregate rather than by a command.
ENVELOPE_FIELDS = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


class Summarized(Protocol):
    """An event that can say what it records in one line."""

    def summary(self) -> str:
        """One line for people (the journal's summary column)."""
        ...


class _Triggering(Protocol):
    def trigger_event(self, event_class: type[Any], **kwargs: Any) -> None: ...


def topics_of(*aggregate_classes: type) -> dict[str, type]:
    """``{topic: class}`` for the given aggregates and their nested event classes.

    Raises:
        ValueError: a class lacks an explicit ``TOPIC`` or two classes share one.
    """
    registry: dict[str, type] = {}

    def add(cls: type) -> None:
        topic = getattr(cls, "TOPIC", None)
        if not topic:
            raise ValueError(f"{cls.__qualname__} has no explicit TOPIC")
        if registry.get(topic, cls) is not cls:
            raise ValueError(f"topic {topic!r} is used by two classes")
        registry[topic] = cls

    for agg in aggregate_classes:
        add(agg)
        for name, obj in agg.__dict__.items():
            if isinstance(obj, type) and issubclass(obj, CanMutateAggregate) and name != "Event":
                add(obj)
    return registry


def event_fields(event_class: type) -> dict[str, inspect.Parameter]:
    """The fields a command gives ``event_class`` (its declared fields, in order, with their
    defaults), as keyword-only parameters; the envelope (id, version, time) is left out."""
    params: dict[str, inspect.Parameter] = {}
    for f in dataclasses.fields(event_class):
        if f.name in ENVELOPE_FIELDS:
            continue
        default = f.default if f.default is not dataclasses.MISSING else inspect.Parameter.empty
        params[f.name] = inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                           annotation=f.type)
    return params


def _first_paragraph(doc: str | None) -> str:
    text = inspect.cleandoc(doc or "")
    return " ".join(text.split("\n\n", 1)[0].split())


class triggers:
    """A command method that records one event from exactly the event's declared fields.

    ``record_turn = triggers(TurnRecorded)`` in an aggregate's body makes
    ``run.record_turn(*, at, message_id, model, ...)``: keyword-only, one argument per field
    of ``TurnRecorded`` (a field's default is the argument's default) and ``at``, the
    event's time (an aware UTC datetime from the caller's clock). Its signature and
    docstring are derived from the event's, so ``help()`` shows them.

    Raises (when called):
        TypeError: a positional argument, a field missing, or a name that is not a field.
    """

    def __init__(self, event_class: type) -> None:
        self.event_class = event_class
        self.fields = event_fields(event_class)
        self._required = frozenset(n for n, p in self.fields.items() if p.default is inspect.Parameter.empty)
        self._defaults = {n: p.default for n, p in self.fields.items() if p.default is not inspect.Parameter.empty}
        self._func = self._make(event_class.__name__)

    def _make(self, name: str) -> Callable[..., None]:
        event_name = self.event_class.__name__
        fields, required, defaults = self.fields, self._required, self._defaults

        def command(self_: _Triggering, /, *, at: datetime, **values: Any) -> None:
            missing = sorted(required - values.keys())
            unknown = sorted(values.keys() - fields.keys())
            if missing or unknown:
                problems = [f"missing {', '.join(missing)}"] if missing else []
                problems += [f"unknown {', '.join(unknown)}"] if unknown else []
                raise TypeError(f"{command.__qualname__}(): {'; '.join(problems)} (the fields of {event_name}: "
                                f"{', '.join(fields)})")
            # the class as the aggregate holds it (eventsourcing may have redefined it)
            self_.trigger_event(getattr(type(self_), event_name), timestamp=at, **{**defaults, **values})

        at = inspect.Parameter("at", inspect.Parameter.KEYWORD_ONLY, annotation="datetime")
        me = inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
        command.__signature__ = inspect.Signature([me, *fields.values(), at],  # type: ignore[attr-defined]
                                                  return_annotation="None")
        command.__name__ = name
        command.__qualname__ = name
        described = _first_paragraph(self.event_class.__doc__)
        command.__doc__ = (
            f"Record ``{event_name}``: {described}\n\n"
            f"Keyword-only: the event's fields ({', '.join(f'``{n}``' for n in fields) or 'none'}) and ``at``, "
            "its time (an aware UTC datetime).\n\n"
            "Raises:\n    TypeError: a field missing, or a name that is not one of its fields."
        )
        return command

    def __set_name__(self, owner: type, name: str) -> None:
        self._func.__name__ = name
        self._func.__qualname__ = f"{owner.__qualname__}.{name}"
        self._func.__module__ = owner.__module__

    def __get__(self, obj: object | None, objtype: type | None = None) -> Callable[..., None]:
        """The command bound to ``obj``; on the class, the plain function (for ``help``)."""
        if obj is None:
            return self._func
        bound: Callable[..., None] = self._func.__get__(obj, objtype)
        return bound

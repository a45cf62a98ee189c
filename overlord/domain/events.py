"""Stable event topics: the closed registry the signing mapper reads and writes by.

Every aggregate and every stored event class carries an explicit ``TOPIC`` class attribute
(never the Python path, so code can move without breaking history); eventsourcing
registers them when the aggregate class is made. :func:`topics_of` collects them into the
closed registry that the ledger accepts.

Convention read by ``overlord verify``: an event attribute whose name ends in ``_blob``
holds the lowercase hex SHA-256 of a content-addressed blob (or ``None``).
"""

from __future__ import annotations

from eventsourcing.domain import CanMutateAggregate

BLOB_SUFFIX = "_blob"


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

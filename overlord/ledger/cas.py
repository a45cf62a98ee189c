"""Compare-and-swap on one stream of the ledger: the primitive for decisions many writers race for.

A stream's version is its compare-and-swap register. :meth:`StreamCAS.apply` reads the
stream's aggregate (from a per-process cache, fast-forwarded with the events other writers
appended since), lets a *decide* function look at it and trigger events on a private copy,
and appends them at the next version. The store accepts a version only once (a unique
``(originator_id, version)`` key, on SQLite and PostgreSQL alike), so of two writers who read
the same version only one lands; the other gets :class:`VersionConflict`, reads again and
decides again on what is now true. The decision is therefore made on the state its events
extend, across threads, processes and machines sharing one store.

Users: the spend reserve (a reservation against what is left), and the Council's task claims
(one worker wins a task). Within a process, callers of one stream are serialised first (a
lock per stream), so a retry is only ever caused by another process.
"""

from __future__ import annotations

import copy
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, project_aggregate

from overlord.errors import LedgerError

R = TypeVar("R")
DEFAULT_ATTEMPTS = 200
CACHED_STREAMS = 1024
"""How many streams' aggregates one process keeps, newest used first (the rest are read again)."""


class VersionConflict(LedgerError):
    """Another writer appended to the stream first (the compare of a compare-and-swap failed)."""


class Contended(LedgerError):
    """A compare-and-swap lost every one of its attempts to other writers."""


class StreamCAS:
    """Compare-and-swap over the streams of ``ledger``.

    Args:
        ledger: a :class:`~overlord.ledger.application.Ledger` (writable).
        attempts: how many times one ``apply`` reads and tries before :class:`Contended`.
        pause_s: the most a retry waits (a random fraction of it, growing with the attempt).
    """

    def __init__(self, ledger: Any, *, attempts: int = DEFAULT_ATTEMPTS, pause_s: float = 0.002) -> None:
        self.ledger = ledger
        self.attempts = attempts
        self.pause_s = pause_s
        self._cache: OrderedDict[UUID, Any] = OrderedDict()
        self._locks: dict[UUID, threading.Lock] = {}
        self._guard = threading.Lock()
        self.conflicts = 0

    def _lock(self, stream: UUID) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(stream, threading.Lock())

    def current(self, stream: UUID) -> Any | None:
        """The stream's aggregate as the store holds it now (a private copy; ``None`` when the
        stream does not exist yet).

        Raises:
            RecordError: a stored event fails its checks (signature, chain).
        """
        return self._read(stream, fresh=True)

    def _read(self, stream: UUID, *, fresh: bool) -> Any | None:
        """A private copy of the stream's aggregate: fast-forwarded from the store when
        ``fresh``, else as this process last saw it (a write decided on it is checked by the
        store's version compare, so a stale copy can only lose, never win)."""
        with self._guard:
            cached = self._cache.get(stream)
        if cached is None:
            try:
                cached = self.ledger.repository.get(stream)
            except AggregateNotFoundError:
                return None
        elif fresh:
            newer = self.ledger.repository.event_store.get(originator_id=stream, gt=cached.version)
            cached = project_aggregate(cached, newer)
        self._keep(stream, cached)
        return copy.deepcopy(cached)

    def _keep(self, stream: UUID, aggregate: Any) -> None:
        with self._guard:
            self._cache[stream] = aggregate
            self._cache.move_to_end(stream)
            while len(self._cache) > CACHED_STREAMS:
                self._cache.popitem(last=False)

    def apply(self, stream: UUID, decide: Callable[[Any | None], tuple[Any | None, R]]) -> R:
        """Decide on the stream's current state and append the decision, atomically.

        ``decide(aggregate_or_None)`` gets a private copy (``None``: the stream does not exist)
        and returns ``(aggregate to save or None, result)``; the aggregate's pending events are
        appended at the next version. ``decide`` may run more than once (after a conflict), so
        it must only trigger events on what it is given.

        Raises:
            Contended: every attempt lost to another writer.
            LedgerError: the store refused the write for another reason.
        """
        with self._lock(stream):
            fresh = False  # the first try decides on the cached copy; the write's compare checks it
            for attempt in range(self.attempts):
                agg = self._read(stream, fresh=fresh)
                to_save, result = decide(agg)
                if to_save is None or not to_save.pending_events:
                    if fresh:
                        return result
                    fresh = True  # a decision that writes nothing is only true of the newest state
                    continue
                try:
                    self.ledger.append(to_save)
                except VersionConflict:
                    self.conflicts += 1
                    fresh = True
                    time.sleep(random.random() * self.pause_s * min(attempt + 1, 8))  # noqa: S311 - jitter, not a secret
                    continue
                self._keep(stream, to_save)
                return result
        raise Contended(f"stream {stream}: {self.attempts} compare-and-swap attempts lost to other writers",
                        "the store is under heavy contention; retry")

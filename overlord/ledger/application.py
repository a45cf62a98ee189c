"""The ledger: an eventsourcing Application whose every stored event is signed and chained.

:class:`Ledger` is the one application Overlord writes to. It is configured only by its
arguments (a :class:`~overlord.ledger.store.StoreConfig`, the log key, the trusted keys),
never by the process environment. Aggregates are saved with :meth:`Ledger.append`;
:meth:`Ledger.rows` walks the whole log in notification order, numbering each stored event
with its 0-based *position* (its Merkle leaf index; notification ids may have gaps).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, PersistenceError, StoredEvent
from eventsourcing.utils import Environment

from overlord.domain.approval import Approvals
from overlord.domain.checkpoint import LogCheckpoint
from overlord.domain.events import topics_of
from overlord.domain.gate_check import GateCheck
from overlord.domain.memory import MemoryCompaction, MemoryItem, MemoryRefusal, MemoryRetrieval
from overlord.domain.outcomes import CachedOutcome
from overlord.domain.policy_log import PolicyFloorPin, PolicyIntegrityFailure, PolicyVersion
from overlord.domain.run import Run
from overlord.domain.secrets import SecretStoreLog
from overlord.domain.spend import SpendAccount
from overlord.domain.task import Task
from overlord.errors import LedgerError, NotFoundError
from overlord.ledger import merkle
from overlord.ledger.cas import StreamCAS, VersionConflict
from overlord.ledger.mapper import SigningMapper
from overlord.ledger.record import RecordError, RecordSigner, RecordVerifier, open_record
from overlord.ledger.store import StoreConfig, eventsourcing_env, write_mark

AGGREGATES: tuple[type, ...] = (Run, LogCheckpoint, GateCheck, SpendAccount, SecretStoreLog, PolicyVersion,
                                 PolicyIntegrityFailure, PolicyFloorPin, Approvals, Task, MemoryItem, MemoryRefusal,
                                 MemoryRetrieval, MemoryCompaction, CachedOutcome)
PAGE = 1000


class StoredRow(NamedTuple):
    """One stored event as the store holds it, with its place in the log.

    ``position`` is 0-based and gap-free (the Merkle leaf index); ``notification_id`` is the
    store's own id (may have gaps on PostgreSQL).
    """

    position: int
    notification_id: int
    originator_id: str
    version: int
    topic: str
    state: bytes

    def leaf_hash(self) -> bytes:
        """RFC 9162 leaf hash of the signed payload.

        Raises:
            RecordError: the row is malformed (no payload can be rebuilt).
        """
        return merkle.leaf_hash(open_record(self.originator_id, self.version, self.topic, self.state).payload)


class Ledger(Application[UUID]):
    """Overlord's signed, append-only event store.

    Args:
        store: where the events live.
        signer: the log key, or ``None`` to open read-only.
        verifiers: trusted keys by 4-byte key ID (the trust file).
        create: make the tables (``overlord init``); otherwise they must exist.
        origin: the log's origin, written into a newly created store's mark.

    Raises:
        LedgerError: the store cannot be opened.
    """

    name = "Overlord"

    def __init__(
        self,
        store: StoreConfig,
        *,
        signer: RecordSigner | None,
        verifiers: Mapping[bytes, RecordVerifier],
        create: bool = False,
        origin: str | None = None,
    ) -> None:
        self._store_config = store
        self._signer = signer
        self._verifiers = dict(verifiers)
        self.topics = topics_of(*AGGREGATES)
        try:
            super().__init__(env=eventsourcing_env(store, create=create))
        except PersistenceError as e:
            raise LedgerError(f"cannot open the ledger at {store.describe()}: {e}") from e
        if create and origin is not None:
            write_mark(self.recorder, store, origin)
        self.mapper.fetch_previous = self._fetch_previous  # type: ignore[attr-defined]
        self._cas = StreamCAS(self)

    # -- eventsourcing construction seams ---------------------------------------------

    def construct_env(self, name: str, env: Any = None) -> Environment:
        """Only the given settings: the process environment is the CLI's to read."""
        return Environment(name, dict(env or {}))

    def construct_mapper(self) -> SigningMapper:
        """The signing mapper (see :mod:`overlord.ledger.mapper`)."""
        return SigningMapper(self._signer, self._verifiers, self.topics)

    # -- writing ------------------------------------------------------------------------

    def append(self, *aggregates: Any) -> list[int]:
        """Save the aggregates' pending events in one transaction.

        Returns the notification ids given to the new events.

        Raises:
            VersionConflict: another writer appended to one of the streams first.
            LedgerError: the store refused the write (the store is down, ...).
        """
        # the version each stream was at, to tell a lost race from any other refusal
        bases = [(a.id, a.version - len(a.pending_events)) for a in aggregates
                 if a is not None and hasattr(a, "pending_events")]
        try:
            recordings = self.save(*aggregates)
        except Exception as e:
            ids = [a.id for a in aggregates if a is not None and hasattr(a, "id")]
            self.mapper.forget(ids)  # type: ignore[attr-defined]
            if isinstance(e, (LedgerError, RecordError)):
                raise
            if isinstance(e, IntegrityError) and self._moved(bases):
                raise VersionConflict(f"another writer appended to {', '.join(map(str, ids))} first",
                                      "read the stream again and decide again") from e
            raise LedgerError(f"the ledger refused the write: {e}", "retry; if it persists run `overlord verify`") from e
        return [r.notification.id for r in recordings]

    def _moved(self, bases: list[tuple[UUID, int]]) -> bool:
        """Whether any stream now holds an event past the version a failed save started from."""
        try:
            return any(list(self.recorder.select_events(oid, gt=base, limit=1)) for oid, base in bases)
        except Exception:  # noqa: BLE001 - cannot tell: not a conflict (the refusal stands)
            return False

    @property
    def cas(self) -> StreamCAS:
        """This ledger's compare-and-swap on streams (see :mod:`overlord.ledger.cas`)."""
        return self._cas

    def _fetch_previous(self, originator_id: UUID | str, version: int) -> StoredEvent | None:
        oid = originator_id if isinstance(originator_id, UUID) else UUID(str(originator_id))
        events = list(self.recorder.select_events(oid, gt=version - 1, lte=version))
        return events[0] if events else None

    # -- reading ------------------------------------------------------------------------

    def get(self, aggregate_id: UUID) -> Any:
        """The aggregate rebuilt from its verified events.

        Raises:
            NotFoundError: no such stream. RecordError: a stored event fails its checks.
        """
        try:
            return self.repository.get(aggregate_id)
        except AggregateNotFoundError as e:
            raise NotFoundError(f"no stream {aggregate_id} in the ledger") from e

    def rows(self, start_position: int = 0, stop_position: int | None = None) -> Iterator[StoredRow]:
        """Every stored event in notification order, from ``start_position`` (0-based)."""
        position = 0
        after: int | None = None
        while True:
            page = self.recorder.select_notifications(start=after, limit=PAGE, inclusive_of_start=False) if after else (
                self.recorder.select_notifications(start=None, limit=PAGE)
            )
            if not page:
                return
            for n in page:
                if stop_position is not None and position >= stop_position:
                    return
                if position >= start_position:
                    yield StoredRow(position, n.id, str(n.originator_id), n.originator_version, n.topic, n.state)
                position += 1
            after = page[-1].id

    def stream_rows(self, originator_id: UUID) -> list[StoredEvent]:
        """The raw stored events of one stream, in version order."""
        return list(self.recorder.select_events(originator_id))

    def max_notification_id(self) -> int:
        """The highest notification id (0 for an empty log)."""
        return self.recorder.max_notification_id() or 0

    def leaf_hashes(self, size: int | None = None) -> list[bytes]:
        """The Merkle leaf hashes of the first ``size`` events (all when ``None``).

        Raises:
            RecordError: a row is malformed.
        """
        return [row.leaf_hash() for row in self.rows(stop_position=size)]

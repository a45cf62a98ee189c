"""The signing mapper: the eventsourcing seam where events are signed and checked.

:class:`SigningMapper` turns a domain event into a signed stored record
(:mod:`overlord.ledger.record`) and back. Writing, it signs the canonical bytes of
``(originator_id, version, topic, body, prev)`` with the log key; ``prev`` is the digest of
the previous event of the same stream. Reading, it checks the signature against the trusted
keys and the chain link to the event read before it, and refuses the event otherwise
(:class:`~overlord.ledger.record.RecordError`): an aggregate is never rebuilt from a
tampered stream.

The mapper keeps the digest of the newest event it has seen of each stream. When it must
sign version ``v`` of a stream whose ``v - 1`` it has not seen, it reads that record back
through ``fetch_previous`` (set by the application), so several processes can extend one
stream.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent

from overlord.ledger import codec, record
from overlord.ledger.record import RecordError, RecordSigner, RecordVerifier

FetchPrevious = Callable[[UUID | str, int], StoredEvent | None]


class SigningMapper(Mapper[UUID]):
    """Signs on the way in, verifies signature and chain on the way out.

    Args:
        signer: the log key (``key_id``, ``sign``); ``None`` opens the ledger read-only.
        verifiers: trusted verifier keys by 4-byte key ID.
        topics: the closed registry of event classes by stored topic.

    Raises (from ``to_stored_event``/``to_domain_event``):
        LedgerError: no signer on write; RecordError: a record that fails its checks.
    """

    def __init__(
        self,
        signer: RecordSigner | None,
        verifiers: Mapping[bytes, RecordVerifier],
        topics: Mapping[str, type],
    ) -> None:
        super().__init__(transcoder=codec.CanonicalTranscoder())
        self.signer = signer
        self.verifiers = dict(verifiers)
        self.topics = dict(topics)
        self.fetch_previous: FetchPrevious | None = None
        self._heads: dict[str, tuple[int, bytes]] = {}
        self._lock = threading.Lock()

    # -- chain heads -------------------------------------------------------------------

    def _remember(self, originator_id: UUID | str, version: int, digest: bytes) -> None:
        with self._lock:
            self._heads[str(originator_id)] = (version, digest)

    def forget(self, originator_ids: list[UUID | str]) -> None:
        """Drop cached chain heads (after a failed save, whose digests never landed)."""
        with self._lock:
            for oid in originator_ids:
                self._heads.pop(str(oid), None)

    def _prev_digest(self, originator_id: UUID | str, version: int) -> bytes:
        if version == 1:
            return record.GENESIS
        with self._lock:
            head = self._heads.get(str(originator_id))
        if head is not None and head[0] == version - 1:
            return head[1]
        if self.fetch_previous is None:
            raise RecordError("chain broken", f"no way to read version {version - 1} of stream {originator_id}")
        stored = self.fetch_previous(originator_id, version - 1)
        if stored is None:
            raise RecordError(
                "version gap", f"stream {originator_id} has no version {version - 1} to chain version {version} to"
            )
        opened = record.open_record(stored.originator_id, stored.originator_version, stored.topic, stored.state)
        record.check_signature(opened, self.verifiers)
        return opened.digest

    # -- eventsourcing Mapper interface ------------------------------------------------

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        """Sign ``domain_event``; returns the row to insert."""
        if self.signer is None:
            from overlord.errors import LedgerError

            raise LedgerError("this ledger was opened read-only", "open it with the log key to append")
        cls = type(domain_event)
        topic = getattr(cls, "TOPIC", None)
        if topic is None or self.topics.get(topic) is not cls:
            raise RecordError("unknown topic", f"{cls.__qualname__} has no registered stable TOPIC")
        state: dict[str, Any] = dict(vars(domain_event))
        originator_id = state.pop("originator_id")
        version = state.pop("originator_version")
        class_version = getattr(cls, "class_version", 1)
        if class_version > 1:
            state["class_version"] = class_version
        body = codec.encode(state)
        prev = self._prev_digest(originator_id, version)
        stored_state, digest = record.seal(self.signer, originator_id, version, topic, body, prev)
        self._remember(originator_id, version, digest)
        return StoredEvent(originator_id=originator_id, originator_version=version, topic=topic, state=stored_state)

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        """Check ``stored_event`` (signature, chain) and rebuild its domain event.

        Raises:
            RecordError: malformed record, unknown key, bad signature, chain broken,
                unknown topic.
        """
        oid, version, topic = stored_event.originator_id, stored_event.originator_version, stored_event.topic
        opened = record.open_record(oid, version, topic, stored_event.state)
        record.check_signature(opened, self.verifiers)
        expected_prev = self._prev_digest(oid, version)
        if opened.prev != expected_prev:
            raise RecordError("chain broken", f"stream {oid} version {version} does not name version {version - 1}")
        self._remember(oid, version, opened.digest)
        cls = self.topics.get(topic)
        if cls is None:
            raise RecordError("unknown topic", topic)
        event_state: dict[str, Any] = codec.decode(opened.body)
        event_state["originator_id"] = UUID(str(oid)) if not isinstance(oid, UUID) else oid
        event_state["originator_version"] = version
        class_version = getattr(cls, "class_version", 1)
        from_version = event_state.pop("class_version", 1)
        while from_version < class_version:
            getattr(cls, f"upcast_v{from_version}_v{from_version + 1}")(event_state)
            from_version += 1
        domain_event: DomainEventProtocol[UUID] = object.__new__(cls)
        object.__setattr__(domain_event, "__dict__", event_state)
        return domain_event

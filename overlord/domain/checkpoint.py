"""The LogCheckpoint aggregate: one signed checkpoint of the ledger's Merkle tree.

Each checkpoint is its own one-event stream (so concurrent writers never conflict on it).
``note`` is the C2SP signed note (tlog-checkpoint body plus signature lines); ``size`` and
``root_hash`` repeat what it says, so views need not parse it. Cosignatures from witnesses
are appended to the same stream as ``Cosigned`` events.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from eventsourcing.domain import Aggregate


class LogCheckpoint(Aggregate):
    TOPIC = "overlord.log.Checkpoint"
    """A signed checkpoint: origin, tree size (leaves), 32-byte root hash, signed note."""

    class Created(Aggregate.Created):
        TOPIC = "overlord.log.CheckpointSigned"
        """The log key signed the tree of the first ``size`` events."""

        origin: str
        size: int
        root_hash: bytes
        note: str

    class Cosigned(Aggregate.Event):
        TOPIC = "overlord.log.Cosigned"
        """A witness cosigned this checkpoint: its name, key ID, and the signature line."""

        witness: str
        key_id: bytes
        line: str

        def apply(self, aggregate: LogCheckpoint) -> None:
            aggregate.cosignatures.append(self.line)

    def __init__(self, origin: str, size: int, root_hash: bytes, note: str) -> None:
        self.origin = origin
        self.size = size
        self.root_hash = root_hash
        self.note = note
        self.cosignatures: list[str] = []

    @classmethod
    def sign(cls, *, checkpoint_id: UUID, origin: str, size: int, root_hash: bytes, note: str, at: datetime) -> LogCheckpoint:
        """Record a signed checkpoint (event ``Signed``) at time ``at``."""
        return cls._create(cls.Created, id=checkpoint_id, timestamp=at, origin=origin, size=size, root_hash=root_hash, note=note)

    def add_cosignature(self, *, witness: str, key_id: bytes, line: str, at: datetime) -> None:
        """Record a witness cosignature line (event ``Cosigned``)."""
        self.trigger_event(self.Cosigned, timestamp=at, witness=witness, key_id=key_id, line=line)

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

from overlord.domain.events import triggers


class LogCheckpoint(Aggregate):
    """A signed checkpoint: origin, tree size (leaves), 32-byte root hash, signed note, and the
    witnesses' cosignature lines recorded for it."""

    TOPIC = "overlord.log.Checkpoint"

    class Event(Aggregate.Event):
        """An event of a checkpoint's stream (the base of the events below; never stored)."""

    class Created(Event, Aggregate.Created):
        """``CheckpointSigned``: the log key signed the tree of the first ``size`` events of
        ``origin``, whose root is ``root_hash`` (32 bytes); ``note`` is the signed note."""

        TOPIC = "overlord.log.CheckpointSigned"

        origin: str
        size: int
        root_hash: bytes
        note: str

        def summary(self) -> str:
            """One line for people."""
            return f"checkpoint of {self.size} events, root {self.root_hash.hex()[:16]}…"

    class Cosigned(Event):
        """A witness cosigned this checkpoint: its name (``witness``), its 4-byte ``key_id``,
        and the tlog-cosignature ``line``."""

        TOPIC = "overlord.log.Cosigned"

        witness: str
        key_id: bytes
        line: str

        def apply(self, aggregate: LogCheckpoint) -> None:
            aggregate.cosignatures.append(self.line)

        def summary(self) -> str:
            """One line for people."""
            return f"cosigned by witness {self.witness}"

    add_cosignature = triggers(Cosigned)

    def __init__(self, origin: str, size: int, root_hash: bytes, note: str) -> None:
        self.origin = origin
        self.size = size
        self.root_hash = root_hash
        self.note = note
        self.cosignatures: list[str] = []

    @classmethod
    def sign(cls, *, checkpoint_id: UUID, origin: str, size: int, root_hash: bytes, note: str,
             at: datetime) -> LogCheckpoint:
        """Record a signed checkpoint (event ``CheckpointSigned``) at time ``at``."""
        return cls._create(cls.Created, id=checkpoint_id, timestamp=at, origin=origin, size=size, root_hash=root_hash,
                           note=note)

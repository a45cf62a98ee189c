"""The secret store's history in the ledger: names and hashes, never a value.

One stream per store (its id from the store's random ``store_id``). Each change the CLI makes
to the store is recorded here: which secret, the SHA-256 of the envelope the change wrote, a
fingerprint keyed by the store's data key (equal values give equal fingerprints, to the owner
only), unlocks (with their timeout) and locks. Pure: times are passed in.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from eventsourcing.domain import Aggregate

STORE_NAMESPACE = uuid.UUID("0b5e9a3c-4c1d-4a8e-9d47-6165676973ff")


def store_stream_id(store_id: str) -> uuid.UUID:
    """The stream of the store ``store_id``."""
    return uuid.uuid5(STORE_NAMESPACE, f"secret-store:{store_id}")


class SecretStoreLog(Aggregate):
    """One secret store's changes. State: the names it holds and whether it was last unlocked."""

    TOPIC = "overlord.secrets.Store"

    class Created(Aggregate.Created):
        """A store was made (``secret init``): its id, key protection and envelope hash."""

        TOPIC = "overlord.secrets.StoreCreated"

        store_id: str
        protection: str
        envelope_sha256: str

    class SecretWritten(Aggregate.Event):
        """Secret ``name`` was set; the envelope written and the value's keyed fingerprint."""

        TOPIC = "overlord.secrets.SecretWritten"

        name: str
        envelope_sha256: str
        fingerprint: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            """The store now holds ``name``."""
            aggregate.names.add(self.name)

    class SecretDeleted(Aggregate.Event):
        """Secret ``name`` was removed; the envelope written."""

        TOPIC = "overlord.secrets.SecretDeleted"

        name: str
        envelope_sha256: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            """The store no longer holds ``name``."""
            aggregate.names.discard(self.name)

    class SecretStoreUnlocked(Aggregate.Event):
        """The data key was cached in the kernel keyring for ``timeout_s`` seconds."""

        TOPIC = "overlord.secrets.SecretStoreUnlocked"

        timeout_s: int

    class SecretStoreLocked(Aggregate.Event):
        """The cached data key was forgotten."""

        TOPIC = "overlord.secrets.SecretStoreLocked"

    class PassphraseChanged(Aggregate.Event):
        """The data key was rewrapped under a new passphrase; the envelope written."""

        TOPIC = "overlord.secrets.PassphraseChanged"

        envelope_sha256: str

    def __init__(self, store_id: str, protection: str, envelope_sha256: str) -> None:
        self.store_id = store_id
        self.protection = protection
        self.names: set[str] = set()

    @classmethod
    def create(cls, *, store_id: str, protection: str, envelope_sha256: str, at: datetime) -> SecretStoreLog:
        """Record a new store (``StoreCreated``)."""
        return cls._create(cls.Created, id=store_stream_id(store_id), timestamp=at, store_id=store_id,
                           protection=protection, envelope_sha256=envelope_sha256)

    def written(self, *, name: str, envelope_sha256: str, fingerprint: str, at: datetime) -> None:
        """Record ``SecretWritten``."""
        self.trigger_event(self.SecretWritten, timestamp=at, name=name, envelope_sha256=envelope_sha256,
                           fingerprint=fingerprint)

    def deleted(self, *, name: str, envelope_sha256: str, at: datetime) -> None:
        """Record ``SecretDeleted``."""
        self.trigger_event(self.SecretDeleted, timestamp=at, name=name, envelope_sha256=envelope_sha256)

    def unlocked(self, *, timeout_s: int, at: datetime) -> None:
        """Record ``SecretStoreUnlocked``."""
        self.trigger_event(self.SecretStoreUnlocked, timestamp=at, timeout_s=timeout_s)

    def locked(self, *, at: datetime) -> None:
        """Record ``SecretStoreLocked``."""
        self.trigger_event(self.SecretStoreLocked, timestamp=at)

    def passphrase_changed(self, *, envelope_sha256: str, at: datetime) -> None:
        """Record ``PassphraseChanged``."""
        self.trigger_event(self.PassphraseChanged, timestamp=at, envelope_sha256=envelope_sha256)

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
    TOPIC = "overlord.secrets.Store"
    """One secret store's changes. State: the names it holds and whether it was last unlocked."""

    class Created(Aggregate.Created):
        TOPIC = "overlord.secrets.StoreCreated"
        """A store was made (``secret init``): its id, key protection and envelope hash."""

        store_id: str
        protection: str
        envelope_sha256: str

    class SecretWritten(Aggregate.Event):
        TOPIC = "overlord.secrets.SecretWritten"
        """Secret ``name`` was set; the envelope written and the value's keyed fingerprint."""

        name: str
        envelope_sha256: str
        fingerprint: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            aggregate.names.add(self.name)

    class SecretDeleted(Aggregate.Event):
        TOPIC = "overlord.secrets.SecretDeleted"
        """Secret ``name`` was removed; the envelope written."""

        name: str
        envelope_sha256: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            aggregate.names.discard(self.name)

    class SecretStoreUnlocked(Aggregate.Event):
        TOPIC = "overlord.secrets.SecretStoreUnlocked"
        """The data key was cached in the kernel keyring for ``timeout_s`` seconds."""

        timeout_s: int

    class SecretStoreLocked(Aggregate.Event):
        TOPIC = "overlord.secrets.SecretStoreLocked"
        """The cached data key was forgotten."""

    class PassphraseChanged(Aggregate.Event):
        TOPIC = "overlord.secrets.PassphraseChanged"
        """The data key was rewrapped under a new passphrase; the envelope written."""

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

"""The secret store's history in the ledger: names and hashes, never a value.

One stream per store (its id from the store's random ``store_id``). Each change the CLI makes
to the store is recorded here: which secret, the SHA-256 of the envelope the change wrote, a
fingerprint keyed by the store's data key (equal values give equal fingerprints, to the owner
only), unlocks (with their timeout) and locks. Each event is declared once (docstring,
``TOPIC``, fields, ``apply``, ``summary``); the commands are made from its fields. Pure: times
are passed in.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from eventsourcing.domain import Aggregate

from overlord.domain.events import triggers

STORE_NAMESPACE = uuid.UUID("0b5e9a3c-4c1d-4a8e-9d47-6165676973ff")


def store_stream_id(store_id: str) -> uuid.UUID:
    """The stream of the store ``store_id``."""
    return uuid.uuid5(STORE_NAMESPACE, f"secret-store:{store_id}")


def _envelope(sha256: str) -> str:
    return f" (envelope {sha256[:16]}…)" if sha256 else ""


class SecretStoreLog(Aggregate):
    """One secret store's changes. State: the names it holds."""

    TOPIC = "overlord.secrets.Store"

    class Event(Aggregate.Event):
        """An event of a secret store's stream (the base of the events below; never stored)."""

    class Created(Event, Aggregate.Created):
        """``StoreCreated``: a store was made (``secret init``): its ``store_id``, its key
        ``protection`` (``argon2id``) and the SHA-256 of the envelope written."""

        TOPIC = "overlord.secrets.StoreCreated"

        store_id: str
        protection: str
        envelope_sha256: str

        def summary(self) -> str:
            """One line for people."""
            return f"secret store created ({self.protection}){_envelope(self.envelope_sha256)}"

    class SecretWritten(Event):
        """Secret ``name`` was set: the envelope written, and the value's ``fingerprint``
        (HMAC-SHA256 under the store's data key, truncated: it names no value to anyone else)."""

        TOPIC = "overlord.secrets.SecretWritten"

        name: str
        envelope_sha256: str
        fingerprint: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            """The store now holds ``name``."""
            aggregate.names.add(self.name)

        def summary(self) -> str:
            """One line for people."""
            return f"secret {self.name} set{_envelope(self.envelope_sha256)}"

    written = triggers(SecretWritten)

    class SecretDeleted(Event):
        """Secret ``name`` was removed; the envelope written."""

        TOPIC = "overlord.secrets.SecretDeleted"

        name: str
        envelope_sha256: str

        def apply(self, aggregate: SecretStoreLog) -> None:
            """The store no longer holds ``name``."""
            aggregate.names.discard(self.name)

        def summary(self) -> str:
            """One line for people."""
            return f"secret {self.name} removed{_envelope(self.envelope_sha256)}"

    deleted = triggers(SecretDeleted)

    class SecretStoreUnlocked(Event):
        """The data key was cached in the kernel keyring for ``timeout_s`` seconds."""

        TOPIC = "overlord.secrets.SecretStoreUnlocked"

        timeout_s: int

        def summary(self) -> str:
            """One line for people."""
            return f"secret store unlocked for {self.timeout_s} s"

    unlocked = triggers(SecretStoreUnlocked)

    class SecretStoreLocked(Event):
        """The cached data key was forgotten."""

        TOPIC = "overlord.secrets.SecretStoreLocked"

        def summary(self) -> str:
            """One line for people."""
            return "secret store locked"

    locked = triggers(SecretStoreLocked)

    class PassphraseChanged(Event):
        """The data key was rewrapped under a new passphrase; the envelope written."""

        TOPIC = "overlord.secrets.PassphraseChanged"

        envelope_sha256: str

        def summary(self) -> str:
            """One line for people."""
            return f"secret store passphrase changed{_envelope(self.envelope_sha256)}"

    passphrase_changed = triggers(PassphraseChanged)

    def __init__(self, store_id: str, protection: str, envelope_sha256: str) -> None:
        self.store_id = store_id
        self.protection = protection
        self.names: set[str] = set()

    @classmethod
    def create(cls, *, store_id: str, protection: str, envelope_sha256: str, at: datetime) -> SecretStoreLog:
        """Record a new store (``StoreCreated``)."""
        return cls._create(cls.Created, id=store_stream_id(store_id), timestamp=at, store_id=store_id,
                           protection=protection, envelope_sha256=envelope_sha256)

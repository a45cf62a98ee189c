"""Aegis: the owner's secrets in one encrypted envelope in the home.

:mod:`.envelope` is the file format (AES-256-GCM, an Argon2id-wrapped data key, the header as
associated data); :mod:`.keyring` caches an unlocked data key in the kernel keyring;
:mod:`.store` reads and writes the envelope atomically; :mod:`.resolve` looks a secret up by
its environment-variable name (the store, then the environment).

What it does not protect against: a process of the owner's, outside the runtime's jail, while
the store is unlocked, can read the data key from the keyring (that is what unlocking means);
root on the machine; a passphrase weak enough to guess offline against a copied home.
"""

from overlord.adapters.secrets.envelope import EnvelopeError, SecretStoreError, WrongPassphrase
from overlord.adapters.secrets.resolve import MissingSecretError, Resolved, resolve_secret
from overlord.adapters.secrets.store import BadSecret, NoStore, SecretEntry, SecretStore, StoreChange, StoreLocked

__all__ = ["BadSecret", "EnvelopeError", "MissingSecretError", "NoStore", "Resolved", "SecretEntry", "SecretStore",
           "SecretStoreError", "StoreChange", "StoreLocked", "WrongPassphrase", "resolve_secret"]

"""The vault's key, kept in the secret store (Aegis) and made there on first use.

One small function, :func:`vault_key`: with no secret store it raises :class:`NoVault` ("run
`overlord secret init`"), with a locked one :class:`VaultLocked` ("unlock the store"); the CLI
prints either as one line and exits 2. The key is the secret ``OVERLORD_VAULT_KEY`` (64 hex
digits); when the store has none, a random one is made and stored, under a lock in the home so
two processes starting at once agree on one key. The store change is returned for the caller
to record in the ledger.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overlord.adapters.secrets import NoStore, SecretStore, SecretStoreError, StoreLocked
from overlord.adapters.vault.crypto import NoVault, VaultError, VaultKey, VaultLocked

VAULT_KEY_SECRET = "OVERLORD_VAULT_KEY"
LOCK_FILE = "vault.key.lock"


@dataclass
class KeyLookup:
    """The key, and the secret store's change when it was made just now (else ``None``)."""

    key: VaultKey
    created: Any = None


def vault_key(home: Path, *, at: str) -> KeyLookup:
    """The vault's key from ``home``'s secret store (made and stored on first use, stamped ``at``,
    RFC 3339).

    Raises:
        NoVault: there is no secret store. VaultLocked: it is locked.
        VaultError: the stored key is not 32 bytes of hex, or the store fails its checks.
    """
    store = SecretStore(home)
    if not store.exists():
        raise NoVault("there is no secret store, so the vault has no key",
                      "run `overlord secret init`, then `overlord secret unlock`")
    try:
        with _lock(home):
            value = store.lookup(VAULT_KEY_SECRET)
            if value is not None:
                try:
                    return KeyLookup(VaultKey(bytes.fromhex(value.strip())))
                except ValueError as e:
                    raise VaultError(f"the secret {VAULT_KEY_SECRET} is not a vault key (64 hex digits)",
                                     "restore it from a backup of the secret store") from e
            key = VaultKey.generate()
            change = store.set(VAULT_KEY_SECRET, key.hex(), at=at)
            return KeyLookup(key, change)
    except StoreLocked as e:
        raise VaultLocked("the secret store is locked, so the vault cannot be opened",
                          "unlock the store: `overlord secret unlock`") from e
    except NoStore as e:
        raise NoVault("there is no secret store, so the vault has no key", "run `overlord secret init`") from e
    except SecretStoreError as e:
        raise VaultError(f"the secret store cannot give the vault's key: {e}", getattr(e, "hint", None)) from e


@contextlib.contextmanager
def _lock(home: Path) -> Iterator[None]:
    fd = os.open(home / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)

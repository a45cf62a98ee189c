"""The vault's keys: one 32-byte key from the secret store, three keys derived from it.

HKDF-SHA256 (RFC 5869) with a fixed info string per use: the SQLCipher database key, the
AES-256-GCM key that seals each item's text for the ledger's blobs, and the HMAC key of the
content hash. The key is kept in a ``bytearray`` and zeroed by :meth:`VaultKey.close`
(best effort: Python copies bytes where it likes).
"""

from __future__ import annotations

import hashlib
import hmac
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from overlord.errors import OverlordError

KEY_BYTES = 32
SEALED_MAGIC = b"OVM1"
NONCE_BYTES = 12


class VaultError(OverlordError):
    """The vault cannot be opened or read (no key, a wrong key, a damaged database or blob)."""


class VaultLocked(VaultError):
    """The secret store that holds the vault's key is locked."""


class NoVault(VaultError):
    """There is no secret store, so the vault has no key."""


def _derive(key: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None, info=info).derive(key)


class VaultKey:
    """The vault's key and what is derived from it.

    Args:
        key: 32 bytes (copied into a ``bytearray``).

    Raises:
        VaultError: the key is not 32 bytes.
    """

    def __init__(self, key: bytes | bytearray) -> None:
        if len(key) != KEY_BYTES:
            raise VaultError(f"the vault key is {len(key)} bytes, not {KEY_BYTES}", "the secret store's vault key is damaged")
        self._key = bytearray(key)
        self._db = bytearray(_derive(bytes(self._key), b"overlord-vault/sqlcipher/1"))
        self._seal = AESGCM(_derive(bytes(self._key), b"overlord-vault/text-seal/1"))
        self._mac = bytearray(_derive(bytes(self._key), b"overlord-vault/content-hmac/1"))

    @classmethod
    def generate(cls) -> VaultKey:
        """A fresh random key."""
        return cls(os.urandom(KEY_BYTES))

    def hex(self) -> str:
        """The key as hex, for the secret store. This is a secret."""
        return self._key.hex()

    def db_key_pragma(self) -> str:
        """The SQLCipher ``PRAGMA key`` value: a raw key (no passphrase derivation)."""
        return f"\"x'{self._db.hex()}'\""

    def content_hmac(self, text: str) -> str:
        """HMAC-SHA256 of ``text`` under the content-hash key, hex."""
        return hmac.new(bytes(self._mac), text.encode("utf-8"), hashlib.sha256).hexdigest()

    def seal(self, text: str, *, item_id: str, label: str) -> bytes:
        """``text`` sealed for a blob: magic, nonce, AES-256-GCM ciphertext; the item id and the
        label are associated data (a blob moved to another item, or relabelled, does not open)."""
        nonce = os.urandom(NONCE_BYTES)
        return SEALED_MAGIC + nonce + self._seal.encrypt(nonce, text.encode("utf-8"), _aad(item_id, label))

    def open(self, sealed: bytes, *, item_id: str, label: str) -> str:
        """The text of a sealed blob.

        Raises:
            VaultError: not a sealed blob, or it does not open under this key for this item and label.
        """
        if not sealed.startswith(SEALED_MAGIC) or len(sealed) < len(SEALED_MAGIC) + NONCE_BYTES + 16:
            raise VaultError(f"the text blob of memory item {item_id} is not a sealed blob")
        nonce = sealed[len(SEALED_MAGIC):len(SEALED_MAGIC) + NONCE_BYTES]
        try:
            plain = self._seal.decrypt(nonce, sealed[len(SEALED_MAGIC) + NONCE_BYTES:], _aad(item_id, label))
        except InvalidTag as e:
            raise VaultError(f"the text blob of memory item {item_id} does not open with the vault's key",
                             "the blob was altered, or the vault key changed") from e
        return plain.decode("utf-8")

    def close(self) -> None:
        """Zero the key material held here (best effort)."""
        for buf in (self._key, self._db, self._mac):
            for i in range(len(buf)):
                buf[i] = 0

    def __repr__(self) -> str:
        return "VaultKey(<hidden>)"


def _aad(item_id: str, label: str) -> bytes:
    return b"overlord-vault/item\x00" + item_id.encode() + b"\x00" + label.encode()

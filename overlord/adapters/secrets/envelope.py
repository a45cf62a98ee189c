"""The secret store's envelope: one file, the whole map of secrets as one AEAD blob.

The file is canonical JSON::

    {"format": "overlord-secrets", "version": 1, "store_id": HEX32, "protection": "argon2id",
     "kdf": {"memory_kib": N, "iterations": N, "lanes": N, "salt": B64},
     "wrapped_key": {"nonce": B64, "ciphertext": B64},
     "nonce": B64, "ciphertext": B64}

* The **data key** (32 random bytes, AES-256-GCM) encrypts the map of secrets. A fresh
  12-byte nonce is drawn on every write.
* The data key is **wrapped** (AES-256-GCM) by a key derived with Argon2id (RFC 9106) from the
  owner's passphrase, with the salt and cost in ``kdf``.
* **Associated data** binds the header: the wrapped key's AAD is the canonical bytes of
  ``format, version, store_id, protection, kdf``; the data's AAD is those plus
  ``wrapped_key``. Editing any of them (a downgraded version, a swapped protection, the
  wrapped key of another store, other KDF costs) makes the envelope fail to open, and so does
  a ciphertext copied from another store (another data key, another ``store_id``).
* A version Overlord does not know is refused before anything is decrypted: a newer one by
  name (upgrade Overlord), an older or unknown one as unknown.

Pure: no file or keyring I/O (randomness and the KDF are the only outside calls). Keys are
held in ``bytearray`` and zeroed after use; Python cannot promise that no copy survives, so
that is best effort (FACTS.md).
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

from overlord.domain.bounded import loads_json
from overlord.errors import InputError, OverlordError

FORMAT = "overlord-secrets"
VERSION = 1
"""The envelope version this Overlord writes and reads."""
PROTECTIONS = ("argon2id",)
"""How the data key may be protected: wrapped by an Argon2id passphrase key."""

KEY_BYTES = 32
NONCE_BYTES = 12
SALT_BYTES = 16
DEFAULT_KDF = {"memory_kib": 64 * 1024, "iterations": 3, "lanes": 4}
"""Argon2id costs for a new store: 64 MiB, 3 passes, 4 lanes (about 0.13 s here: FACTS.md)."""
KDF_BOUNDS = {"memory_kib": (8 * 1024, 2 * 1024 * 1024), "iterations": (1, 64), "lanes": (1, 16)}
"""Costs accepted from a file: a header edited to ask for 4 TiB is refused before the KDF runs."""
MAX_ENVELOPE_BYTES = 16 << 20

_WRAP_AD = b"overlord-secrets/wrapped-key\x00"
_DATA_AD = b"overlord-secrets/data\x00"


class SecretStoreError(OverlordError):
    """The secret store cannot be read, opened or written."""


class EnvelopeError(SecretStoreError):
    """The envelope is malformed, of an unknown version or protection, or fails to open."""


class WrongPassphrase(SecretStoreError):
    """The passphrase does not unwrap the data key (or the header was edited)."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any, what: str) -> bytes:
    if not isinstance(text, str):
        raise EnvelopeError(f"the secret store's {what} is not base64 text", "restore the store from a backup")
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as e:
        raise EnvelopeError(f"the secret store's {what} is not base64", "restore the store from a backup") from e


def canonical(value: Mapping[str, Any]) -> bytes:
    """Canonical JSON bytes (sorted keys, no spaces, UTF-8): what AAD and the file hold."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True)
class Kdf:
    """Argon2id costs and salt (``memory_kib`` KiB, ``iterations`` passes, ``lanes``)."""

    memory_kib: int
    iterations: int
    lanes: int
    salt: bytes

    @classmethod
    def fresh(cls, costs: Mapping[str, int] | None = None) -> Kdf:
        """New costs (``DEFAULT_KDF`` unless given) with a fresh random salt."""
        c = {**DEFAULT_KDF, **(costs or {})}
        return cls(c["memory_kib"], c["iterations"], c["lanes"], os.urandom(SALT_BYTES))

    def to_json(self) -> dict[str, Any]:
        """The header's ``kdf`` object."""
        return {"memory_kib": self.memory_kib, "iterations": self.iterations, "lanes": self.lanes, "salt": _b64(self.salt)}

    @classmethod
    def from_json(cls, raw: Any) -> Kdf:
        """Check a header's ``kdf`` object.

        Raises:
            EnvelopeError: not an object of the expected keys, or costs out of bounds.
        """
        if not isinstance(raw, dict) or set(raw) != {"memory_kib", "iterations", "lanes", "salt"}:
            raise EnvelopeError("the secret store's kdf parameters are malformed", "restore the store from a backup")
        for key, (low, high) in KDF_BOUNDS.items():
            v = raw[key]
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise EnvelopeError(f"the secret store's kdf {key} = {v!r} is outside {low}..{high}",
                                    "the header was edited: restore the store from a backup")
        salt = _unb64(raw["salt"], "kdf salt")
        if len(salt) < SALT_BYTES:
            raise EnvelopeError("the secret store's kdf salt is too short", "restore the store from a backup")
        return cls(raw["memory_kib"], raw["iterations"], raw["lanes"], salt)

    def derive(self, passphrase: bytes | bytearray) -> bytearray:
        """The 32-byte key-encryption key for ``passphrase`` (Argon2id, RFC 9106)."""
        kdf = Argon2id(salt=self.salt, length=KEY_BYTES, iterations=self.iterations, lanes=self.lanes,
                       memory_cost=self.memory_kib)
        return bytearray(kdf.derive(bytes(passphrase)))


@dataclass(frozen=True)
class Envelope:
    """A parsed, checked envelope (nothing decrypted yet)."""

    store_id: str
    protection: str
    kdf: Kdf
    wrap_nonce: bytes
    wrapped_key: bytes
    nonce: bytes
    ciphertext: bytes
    version: int = VERSION

    def _header(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": self.version, "store_id": self.store_id, "protection": self.protection,
                "kdf": self.kdf.to_json()}

    def wrap_ad(self) -> bytes:
        """The associated data of the wrapped key."""
        return _WRAP_AD + canonical(self._header())

    def data_ad(self) -> bytes:
        """The associated data of the secrets' ciphertext."""
        return _DATA_AD + canonical({**self._header(), "wrapped_key": self._wrapped_json()})

    def _wrapped_json(self) -> dict[str, str]:
        return {"nonce": _b64(self.wrap_nonce), "ciphertext": _b64(self.wrapped_key)}

    def to_bytes(self) -> bytes:
        """The file's bytes (canonical JSON and a newline)."""
        return canonical({**self._header(), "wrapped_key": self._wrapped_json(), "nonce": _b64(self.nonce),
                          "ciphertext": _b64(self.ciphertext)}) + b"\n"

    @classmethod
    def from_bytes(cls, data: bytes) -> Envelope:
        """Parse and check an envelope file, refusing unknown formats, versions and protections.

        Raises:
            EnvelopeError: what is wrong, and what to do.
        """
        if len(data) > MAX_ENVELOPE_BYTES:
            raise EnvelopeError("the secret store is larger than 16 MiB", "restore the store from a backup")
        try:  # bounded: a file of 100,000 nested arrays is refused, not a RecursionError
            raw = loads_json(data.decode("utf-8"), source="the secret store")
        except InputError as e:
            raise EnvelopeError(f"the secret store is not an Overlord envelope ({e.message})",
                                "restore the store from a backup") from e
        except UnicodeError as e:
            raise EnvelopeError("the secret store is not an Overlord envelope (not JSON)",
                                "restore the store from a backup") from e
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise EnvelopeError("the file is not an Overlord secret store", "restore the store from a backup")
        version = raw.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise EnvelopeError("the secret store's version is not a number", "restore the store from a backup")
        if version > VERSION:
            raise EnvelopeError(f"the secret store is version {version}, written by a newer Overlord (this one reads "
                                f"version {VERSION})", "upgrade Overlord to open it")
        if version != VERSION:
            raise EnvelopeError(f"the secret store's version {version} is not one Overlord knows",
                                "the header was edited or the file is damaged: restore the store from a backup")
        expected = {"format", "version", "store_id", "protection", "kdf", "wrapped_key", "nonce", "ciphertext"}
        if set(raw) != expected:
            raise EnvelopeError("the secret store's header has unexpected or missing fields",
                                "restore the store from a backup")
        if raw["protection"] not in PROTECTIONS:
            raise EnvelopeError(f"the secret store's key protection {raw['protection']!r} is not one Overlord knows",
                                "the header was edited: restore the store from a backup")
        store_id = raw["store_id"]
        if not isinstance(store_id, str) or len(store_id) != 32 or any(c not in "0123456789abcdef" for c in store_id):
            raise EnvelopeError("the secret store's id is malformed", "restore the store from a backup")
        wrapped = raw["wrapped_key"]
        if not isinstance(wrapped, dict) or set(wrapped) != {"nonce", "ciphertext"}:
            raise EnvelopeError("the secret store's wrapped key is malformed", "restore the store from a backup")
        env = cls(store_id, raw["protection"], Kdf.from_json(raw["kdf"]), _unb64(wrapped["nonce"], "wrapped key nonce"),
                  _unb64(wrapped["ciphertext"], "wrapped key"), _unb64(raw["nonce"], "nonce"),
                  _unb64(raw["ciphertext"], "ciphertext"), version)
        if len(env.wrap_nonce) != NONCE_BYTES or len(env.nonce) != NONCE_BYTES:
            raise EnvelopeError("the secret store's nonces are not 12 bytes", "restore the store from a backup")
        if len(env.wrapped_key) != KEY_BYTES + 16 or len(env.ciphertext) < 16:
            raise EnvelopeError("the secret store's ciphertext is truncated", "restore the store from a backup")
        return env

    # -- keys -------------------------------------------------------------------------

    def unwrap(self, passphrase: bytes | bytearray) -> bytearray:
        """The data key, unwrapped with ``passphrase``.

        Raises:
            WrongPassphrase: the passphrase (or an edited header) does not open the wrapped key.
        """
        kek = self.kdf.derive(passphrase)
        try:
            return bytearray(AESGCM(bytes(kek)).decrypt(self.wrap_nonce, self.wrapped_key, self.wrap_ad()))
        except InvalidTag as e:
            raise WrongPassphrase("the passphrase does not open the secret store",
                                  "try again; `overlord secret passwd` changes it once the store is open") from e
        finally:
            zero(kek)

    def open(self, data_key: bytes | bytearray) -> dict[str, Any]:
        """The decrypted map of secrets.

        Raises:
            EnvelopeError: the ciphertext does not open under this key and header (a truncated
                or copied ciphertext, an edited header, another store's key).
        """
        try:
            plain = AESGCM(bytes(data_key)).decrypt(self.nonce, self.ciphertext, self.data_ad())
        except InvalidTag as e:
            raise EnvelopeError("the secret store fails its integrity check (edited, truncated, or from another store)",
                                "restore the store from a backup") from e
        try:
            value = loads_json(plain.decode("utf-8"), source="the secret store's contents")
        except (UnicodeError, InputError) as e:  # pragma: no cover - authenticated bytes Overlord wrote
            raise EnvelopeError("the secret store's contents are not JSON", "restore the store from a backup") from e
        if not isinstance(value, dict):
            raise EnvelopeError("the secret store's contents are not a map", "restore the store from a backup")
        return value

    def sealed(self, data_key: bytes | bytearray, contents: Mapping[str, Any]) -> Envelope:
        """This envelope with ``contents`` encrypted under a fresh nonce."""
        draft = Envelope(self.store_id, self.protection, self.kdf, self.wrap_nonce, self.wrapped_key, b"", b"",
                         self.version)
        nonce = os.urandom(NONCE_BYTES)
        ct = AESGCM(bytes(data_key)).encrypt(nonce, canonical(contents), draft.data_ad())
        return Envelope(self.store_id, self.protection, self.kdf, self.wrap_nonce, self.wrapped_key, nonce, ct,
                        self.version)

    def rewrapped(self, data_key: bytes | bytearray, passphrase: bytes | bytearray, contents: Mapping[str, Any],
                  costs: Mapping[str, int] | None = None) -> Envelope:
        """The same data key wrapped under a new passphrase (fresh salt and nonces), contents
        sealed again (the data's AAD covers the new wrapped key)."""
        return create(passphrase, contents, store_id=self.store_id, data_key=data_key, costs=costs)


def create(passphrase: bytes | bytearray, contents: Mapping[str, Any], *, store_id: str | None = None,
           data_key: bytes | bytearray | None = None, costs: Mapping[str, int] | None = None) -> Envelope:
    """A new envelope: a fresh data key (unless given), wrapped under ``passphrase``, holding
    ``contents``."""
    kdf = Kdf.fresh(costs)
    key = bytearray(data_key) if data_key is not None else bytearray(os.urandom(KEY_BYTES))
    kek = kdf.derive(passphrase)
    try:
        draft = Envelope(store_id or os.urandom(16).hex(), PROTECTIONS[0], kdf, os.urandom(NONCE_BYTES), b"", b"", b"")
        wrapped = AESGCM(bytes(kek)).encrypt(draft.wrap_nonce, bytes(key), draft.wrap_ad())
        env = Envelope(draft.store_id, draft.protection, kdf, draft.wrap_nonce, wrapped, b"", b"")
        return env.sealed(key, contents)
    finally:
        zero(kek)
        zero(key)


def zero(buf: bytearray | None) -> None:
    """Overwrite ``buf`` with zeros (best effort: Python may hold other copies)."""
    if buf is not None:
        for i in range(len(buf)):
            buf[i] = 0

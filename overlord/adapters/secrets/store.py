"""The secret store: one envelope file in the home, its data key cached in the kernel keyring.

``OVERLORD_HOME/secrets.store`` holds every secret as one AES-256-GCM blob
(:mod:`overlord.adapters.secrets.envelope`). :class:`SecretStore` is the only code that reads
or writes it:

* ``init`` makes a store under a passphrase; ``unlock`` derives the passphrase key (Argon2id),
  unwraps the data key and caches it in the kernel keyring with a timeout
  (:mod:`overlord.adapters.secrets.keyring`); ``lock`` forgets it;
* ``set``, ``remove``, ``entries`` and ``lookup`` need the store unlocked: locked is a normal
  state, answered with :class:`StoreLocked` ("unlock it");
* ``passwd`` rewraps the data key under a new passphrase.

Every write is a whole new envelope with a fresh nonce, written to a temporary file in the
same directory, synced, and renamed over the old one (then the directory is synced): a crash
at any step leaves the old store or the new one, never a mix. Writers are serialised by an
``flock`` on ``secrets.store.lock``.

Each change returns a :class:`StoreChange` for the caller to record as an event: names and
hashes only (the new envelope's SHA-256, a fingerprint keyed by the data key). No value ever
leaves through a change, an error message, a log line or ``repr``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from overlord.adapters.secrets import envelope as env
from overlord.adapters.secrets.envelope import Envelope, EnvelopeError, SecretStoreError, zero
from overlord.adapters.secrets.keyring import KernelKeyring, KeyCache
from overlord.errors import InputError
from overlord.inputs import exists as lexists
from overlord.inputs import read_input

STORE_FILE = "secrets.store"
DEFAULT_TIMEOUT_S = 8 * 3600
"""How long an unlocked store stays unlocked unless told otherwise: 8 hours."""
MAX_TIMEOUT_S = 7 * 24 * 3600
"""The longest an unlock may last: a week (604800 s), well below the kernel keyring's 32-bit
timeout (a larger value would wrap there: 2**32 s would mean forever, 2**32 + 1 one second)."""
MAX_VALUE_BYTES = 64 * 1024
MIN_PREVIEW_CHARS = 8
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
"""A secret is named as an environment variable is (that is how it is looked up)."""


class StoreLocked(SecretStoreError):
    """The store exists but its data key is not in the keyring (never unlocked, locked, timed out)."""


class NoStore(SecretStoreError):
    """The home has no secret store yet."""


class BadSecret(SecretStoreError):
    """A secret's name or value is not acceptable."""


@dataclass(frozen=True)
class SecretEntry:
    """One secret as ``list`` shows it: name, when it was set, the last four characters (empty
    for values under eight characters). Never the value."""

    name: str
    updated_at: str
    preview: str

    def to_json(self) -> dict[str, str]:
        """The ``--json`` shape."""
        return {"name": self.name, "updated_at": self.updated_at, "preview": self.preview}


@dataclass(frozen=True)
class StoreChange:
    """What a change did, for the ledger: ``store_id``, the secret's ``name`` (``None`` for the
    store as a whole), the new envelope's ``envelope_sha256`` (``None`` when the file did not
    change), and ``fingerprint``: HMAC-SHA256 of name and value under the data key (so equal
    values can be told apart by the owner only)."""

    store_id: str
    name: str | None = None
    envelope_sha256: str | None = None
    fingerprint: str | None = None
    timeout_s: int | None = None


def check_timeout(timeout_s: int) -> int:
    """``timeout_s`` if it is a whole number of seconds from 1 to :data:`MAX_TIMEOUT_S`.

    Raises:
        SecretStoreError: anything else (nothing is unlocked).
    """
    if isinstance(timeout_s, bool) or not isinstance(timeout_s, int) or not 1 <= timeout_s <= MAX_TIMEOUT_S:
        shown = str(timeout_s) if isinstance(timeout_s, int) and len(str(timeout_s)) <= 40 else "that"
        raise SecretStoreError(f"the unlock timeout must be 1 to {MAX_TIMEOUT_S} seconds (a week), not {shown}",
                               "give --timeout-s N within it (default 8 hours), and unlock again when it ends")
    return timeout_s


def check_name(name: str) -> str:
    """``name`` if it is an environment-variable name.

    Raises:
        BadSecret: it is not.
    """
    if not isinstance(name, str) or not NAME.match(name):
        raise BadSecret(f"{name!r} is not a secret name", "name it as an environment variable: letters, digits, _")
    return name


def check_value(value: str) -> str:
    """``value`` if it can be stored: not empty, at most 64 KiB of UTF-8, no NUL.

    Raises:
        BadSecret: it cannot (the message never quotes the value).
    """
    if not value:
        raise BadSecret("the secret's value is empty", "pipe the value on stdin: `printf %s \"$KEY\" | overlord secret set NAME`")
    if "\x00" in value:
        raise BadSecret("the secret's value holds a NUL byte", "store text (encode binary keys as base64)")
    if len(value.encode("utf-8", "surrogatepass")) > MAX_VALUE_BYTES:
        raise BadSecret("the secret's value is longer than 64 KiB")
    return value


def preview(value: str) -> str:
    """The last four characters of ``value``, or ``""`` when it is shorter than eight."""
    return value[-4:] if len(value) >= MIN_PREVIEW_CHARS else ""


@dataclass
class SecretStore:
    """The store of one home.

    Args:
        home: the Overlord home (the file is ``home/secrets.store``).
        cache: where an unlocked data key is kept (the kernel keyring by default).
    """

    home: Path
    cache: KeyCache = field(default_factory=KernelKeyring)

    @property
    def path(self) -> Path:
        """The envelope file."""
        return self.home / STORE_FILE

    def exists(self) -> bool:
        """Whether anything is in the store's place (a dangling link or a FIFO too: reading it
        is then refused, never skipped as "no store")."""
        return lexists(self.path)

    def cache_name(self, store_id: str) -> str:
        """The keyring entry of this home's store (one user keyring serves every home)."""
        where = hashlib.sha256(f"{os.path.realpath(self.home)}\x00{store_id}".encode()).hexdigest()[:32]
        return f"overlord:secrets:{where}"

    # -- reading ------------------------------------------------------------------------

    def envelope(self) -> Envelope:
        """The parsed envelope.

        Raises:
            NoStore: there is none. EnvelopeError: it is malformed or of an unknown version.
        """
        if not lexists(self.path):
            raise NoStore(f"there is no secret store in {self.home}", "run `overlord secret init`")
        try:  # the one capped reader, no link followed: a FIFO or a link to /dev/zero is refused at once
            data = read_input(self.path, what="secret store", max_bytes=env.MAX_ENVELOPE_BYTES, follow_symlinks=False)
        except InputError as e:
            if isinstance(e.__cause__, FileNotFoundError):
                raise NoStore(f"there is no secret store in {self.home}", "run `overlord secret init`") from e
            raise SecretStoreError(e.message, "restore the store from a backup") from e
        return Envelope.from_bytes(data)

    def unlocked(self) -> bool:
        """Whether the store's data key is in the keyring now (``False`` with no store, or one
        that fails its checks)."""
        try:
            e = self.envelope()
        except SecretStoreError:  # none, or one that cannot be read or parsed
            return False
        key = self.cache.get(self.cache_name(e.store_id))
        zero(key)
        return key is not None

    @contextlib.contextmanager
    def _open(self) -> Iterator[tuple[Envelope, bytearray, dict[str, Any]]]:
        e = self.envelope()
        key = self.cache.get(self.cache_name(e.store_id))
        if key is None:
            raise StoreLocked("the secret store is locked", "run `overlord secret unlock`")
        try:
            contents = e.open(key)
            yield e, key, contents
        finally:
            zero(key)

    def entries(self) -> list[SecretEntry]:
        """Every secret's name, time and preview, by name.

        Raises:
            StoreLocked, NoStore, EnvelopeError.
        """
        with self._open() as (_, _, contents):
            return [SecretEntry(n, str(s.get("updated_at", "")), preview(str(s.get("value", ""))))
                    for n, s in sorted(_secrets(contents).items())]

    def lookup(self, name: str) -> str | None:
        """The value of ``name``, or ``None`` when the store has no such secret.

        Raises:
            StoreLocked, NoStore, EnvelopeError.
        """
        with self._open() as (_, _, contents):
            item = _secrets(contents).get(name)
            return str(item["value"]) if item else None

    # -- changes ------------------------------------------------------------------------

    def init(self, passphrase: bytes | bytearray, *, costs: Mapping[str, int] | None = None) -> StoreChange:
        """Make an empty store under ``passphrase`` (it stays locked).

        Raises:
            SecretStoreError: a store exists already, or the passphrase is empty.
        """
        if not passphrase:
            raise SecretStoreError("the passphrase is empty", "choose a passphrase (OVERLORD_SECRET_PASSPHRASE or the terminal)")
        with self._write_lock():
            if self.exists():
                raise SecretStoreError(f"{self.path} exists already", "use `overlord secret passwd` to change its passphrase")
            e = env.create(passphrase, {"secrets": {}}, costs=costs)
            digest = self._write(e)
        return StoreChange(e.store_id, envelope_sha256=digest)

    def unlock(self, passphrase: bytes | bytearray, *, timeout_s: int = DEFAULT_TIMEOUT_S,
               record: Callable[[StoreChange], None] | None = None) -> StoreChange:
        """Unwrap the data key and keep it in the keyring for ``timeout_s`` seconds (1 to
        :data:`MAX_TIMEOUT_S`). ``record`` is called with the change once the passphrase has
        opened the store and before the key is cached: an unlock it cannot record (it raises)
        does not happen.

        Raises:
            SecretStoreError: the timeout is out of bounds (checked first: nothing is read).
            WrongPassphrase: nothing is cached. EnvelopeError: the store fails its checks.
            KeyringUnavailable: the kernel keyring refused (after ``record``: the caller
                records that the store stays locked).
            Whatever ``record`` raises: nothing is cached.
        """
        check_timeout(timeout_s)
        e = self.envelope()
        key = e.unwrap(passphrase)
        try:
            e.open(key)  # the data must open too: a store whose ciphertext was swapped is refused now
            change = StoreChange(e.store_id, timeout_s=timeout_s)
            if record is not None:
                record(change)
            self.cache.put(self.cache_name(e.store_id), bytes(key), timeout_s)
        finally:
            zero(key)
        return change

    def lock(self) -> StoreChange:
        """Forget the cached data key (a locked store stays locked).

        Raises:
            NoStore, EnvelopeError.
        """
        e = self.envelope()
        self.cache.drop(self.cache_name(e.store_id))
        return StoreChange(e.store_id)

    def set(self, name: str, value: str, *, at: str) -> StoreChange:
        """Store ``value`` as ``name`` (replacing), stamped ``at`` (RFC 3339).

        Raises:
            BadSecret, StoreLocked, NoStore, EnvelopeError.
        """
        check_name(name)
        check_value(value)
        with self._write_lock(), self._open() as (e, key, contents):
            secrets = dict(_secrets(contents))
            secrets[name] = {"value": value, "updated_at": at}
            digest = self._write(e.sealed(key, {**contents, "secrets": secrets}))
            return StoreChange(e.store_id, name, digest, _fingerprint(key, name, value))

    def remove(self, name: str) -> StoreChange:
        """Delete ``name``.

        Raises:
            BadSecret: no such secret. StoreLocked, NoStore, EnvelopeError.
        """
        check_name(name)
        with self._write_lock(), self._open() as (e, key, contents):
            secrets = dict(_secrets(contents))
            if name not in secrets:
                raise BadSecret(f"the secret store holds no secret {name}", "see `overlord secret list`")
            del secrets[name]
            digest = self._write(e.sealed(key, {**contents, "secrets": secrets}))
            return StoreChange(e.store_id, name, digest)

    def passwd(self, old: bytes | bytearray, new: bytes | bytearray) -> StoreChange:
        """Rewrap the data key under ``new`` (fresh salt and nonces); the cache is kept.

        Raises:
            WrongPassphrase: ``old`` does not open the store. SecretStoreError: ``new`` is empty.
        """
        if not new:
            raise SecretStoreError("the new passphrase is empty", "choose a passphrase")
        with self._write_lock():
            e = self.envelope()
            key = e.unwrap(old)
            try:
                contents = e.open(key)
                fresh = e.rewrapped(key, new, contents, costs={"memory_kib": e.kdf.memory_kib,
                                                               "iterations": e.kdf.iterations, "lanes": e.kdf.lanes})
                digest = self._write(fresh)
            finally:
                zero(key)
        return StoreChange(e.store_id, envelope_sha256=digest)

    # -- the file -----------------------------------------------------------------------

    @contextlib.contextmanager
    def _write_lock(self) -> Iterator[None]:
        self.home.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.home / f"{STORE_FILE}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _step(self, name: str) -> None:
        """A point between two steps of a write (a test seam to crash the writer there)."""

    def _write(self, e: Envelope) -> str:
        """Replace the store atomically with ``e``; returns the SHA-256 of the new bytes."""
        data = e.to_bytes()
        tmp = self.path.with_name(f".{STORE_FILE}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        self._step("open")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            try:
                self._step("write")
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                self._step("fsync")
                os.fsync(fd)
            finally:
                os.close(fd)
            self._step("rename")
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        self._step("fsync_dir")
        dfd = os.open(self.home, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
        self._step("done")
        return hashlib.sha256(data).hexdigest()


WRITE_STEPS = ("open", "write", "fsync", "rename", "fsync_dir", "done")
"""The named points of a write, in order (see :meth:`SecretStore._step`)."""


def _secrets(contents: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    secrets = contents.get("secrets", {})
    if not isinstance(secrets, Mapping):
        raise EnvelopeError("the secret store's contents are not a map of secrets", "restore the store from a backup")
    return secrets


def _fingerprint(key: bytearray, name: str, value: str) -> str:
    msg = b"overlord-secrets/fingerprint\x00" + name.encode() + b"\x00" + value.encode("utf-8", "surrogatepass")
    return hmac.new(bytes(key), msg, hashlib.sha256).hexdigest()[:32]

"""The unlocked data key's cache: the Linux kernel keyring, never the disk.

Once the store is unlocked its data key is kept as a ``user`` key in the owner's user
keyring (``@u``) with a timeout; the kernel forgets it at the timeout, at ``overlord secret
lock``, or at reboot. It is named per home (every home of a user shares one user keyring).

Who can read it: any process of the same user in the same user namespace while it lasts.
A process in another user namespace cannot (the runtime's jail unshares the user namespace:
FACTS.md), and a copied home alone cannot open the store (the cache is not in it). A process
of the owner's, outside the jail, while the store is unlocked, can: that is what unlocking
means, and why a ``--no-sandbox`` run is never served from the store.

The calls are add_key(2) and keyctl(2), through libkeyutils when it is installed, else the
raw system calls (x86_64, aarch64).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import platform
from typing import Protocol

from overlord.adapters.secrets.envelope import SecretStoreError

KEY_SPEC_USER_KEYRING = -4
KEYCTL_SET_TIMEOUT = 15
KEYCTL_SEARCH = 10
KEYCTL_READ = 11
KEYCTL_INVALIDATE = 21
KEYCTL_SETPERM = 5
PERM = 0x3F0B0000
"""Possessor: everything; the owning user: view, read and search (so the owner's next
``overlord`` process finds it); group and others: nothing."""
_SYSCALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}  # add_key, keyctl
MAX_KERNEL_TIMEOUT_S = 2**32 - 1
"""keyctl(KEYCTL_SET_TIMEOUT) takes an unsigned 32-bit count (0 means no timeout at all)."""


class KeyCache(Protocol):
    """Where an unlocked data key is kept: ``put`` with a timeout, ``get``, ``drop``."""

    def put(self, name: str, payload: bytes, timeout_s: int) -> None:
        """Keep ``payload`` under ``name`` for ``timeout_s`` seconds (replacing any)."""

    def get(self, name: str) -> bytearray | None:
        """The payload, or ``None`` when there is none (locked, timed out)."""

    def drop(self, name: str) -> bool:
        """Forget ``name``; whether there was one."""


class KeyringUnavailable(SecretStoreError):
    """The kernel keyring cannot be used here."""


class KernelKeyring:
    """The owner's user keyring (``@u``) through add_key(2) / keyctl(2)."""

    def __init__(self) -> None:
        self._lib = _load_keyutils()
        self._libc = ctypes.CDLL(None, use_errno=True)
        self._nums = _SYSCALLS.get(platform.machine())

    # -- the two system calls -----------------------------------------------------------

    def _add_key(self, name: bytes, payload: bytes) -> int:
        if self._lib is not None:
            return int(self._lib.add_key(b"user", name, payload, len(payload), KEY_SPEC_USER_KEYRING))
        if self._nums is None:
            raise KeyringUnavailable(f"the kernel keyring is not reachable on {platform.machine()} without libkeyutils",
                                     "install libkeyutils1")
        f = self._libc.syscall
        f.restype = ctypes.c_long
        return int(f(ctypes.c_long(self._nums[0]), ctypes.c_char_p(b"user"), ctypes.c_char_p(name),
                     ctypes.c_char_p(payload), ctypes.c_size_t(len(payload)), ctypes.c_int(KEY_SPEC_USER_KEYRING)))

    def _keyctl(self, op: int, *args: object) -> int:
        if self._lib is not None:
            f = self._lib.keyctl
            f.restype = ctypes.c_long
            return int(f(ctypes.c_int(op), *args))
        if self._nums is None:
            raise KeyringUnavailable(f"the kernel keyring is not reachable on {platform.machine()} without libkeyutils",
                                     "install libkeyutils1")
        f = self._libc.syscall
        f.restype = ctypes.c_long
        return int(f(ctypes.c_long(self._nums[1]), ctypes.c_long(op), *args))

    def _search(self, name: str) -> int | None:
        kid = self._keyctl(KEYCTL_SEARCH, ctypes.c_long(KEY_SPEC_USER_KEYRING), ctypes.c_char_p(b"user"),
                           ctypes.c_char_p(name.encode()), ctypes.c_long(0))
        if kid < 0:
            err = ctypes.get_errno()
            if err in (_errno("ENOKEY"), _errno("EKEYEXPIRED"), _errno("EKEYREVOKED"), _errno("ENOENT")):
                return None
            raise KeyringUnavailable(f"the kernel keyring cannot be searched: {os.strerror(err)}",
                                     "unlock again; a container may block keyctl(2)")
        return kid

    # -- KeyCache -----------------------------------------------------------------------

    def put(self, name: str, payload: bytes, timeout_s: int) -> None:
        """Add (or replace) the ``user`` key ``name`` in ``@u`` and set its timeout.

        Raises:
            SecretStoreError: ``timeout_s`` is not 1 to :data:`MAX_KERNEL_TIMEOUT_S` (the kernel
                would wrap it, or keep the key forever); nothing is added.
            KeyringUnavailable: the kernel refused (a container blocking keyctl, quota).
        """
        if isinstance(timeout_s, bool) or not isinstance(timeout_s, int) or not 1 <= timeout_s <= MAX_KERNEL_TIMEOUT_S:
            raise SecretStoreError(f"the keyring timeout must be 1 to {MAX_KERNEL_TIMEOUT_S} s", "unlock with --timeout-s N")
        kid = self._add_key(name.encode(), bytes(payload))
        if kid < 0:
            err = ctypes.get_errno()
            raise KeyringUnavailable(f"the kernel keyring refused the key: {os.strerror(err)}",
                                     "Overlord never caches the key on disk; a container may block add_key(2)")
        if self._keyctl(KEYCTL_SETPERM, ctypes.c_long(kid), ctypes.c_ulong(PERM)) < 0 or \
                self._keyctl(KEYCTL_SET_TIMEOUT, ctypes.c_long(kid), ctypes.c_ulong(timeout_s)) < 0:
            err = ctypes.get_errno()
            self._keyctl(KEYCTL_INVALIDATE, ctypes.c_long(kid))
            raise KeyringUnavailable(f"the kernel keyring refused the key's timeout: {os.strerror(err)}",
                                     "unlock again")

    def get(self, name: str) -> bytearray | None:
        """The payload of ``name`` in ``@u``, or ``None``."""
        kid = self._search(name)
        if kid is None:
            return None
        buf = ctypes.create_string_buffer(256)
        n = self._keyctl(KEYCTL_READ, ctypes.c_long(kid), buf, ctypes.c_size_t(len(buf)))
        try:
            if n < 0:
                return None  # expired or revoked between the search and the read
            return bytearray(buf.raw[:min(n, len(buf))])
        finally:
            ctypes.memset(buf, 0, len(buf))

    def drop(self, name: str) -> bool:
        """Invalidate ``name`` (the kernel removes it at once)."""
        kid = self._search(name)
        if kid is None:
            return False
        return self._keyctl(KEYCTL_INVALIDATE, ctypes.c_long(kid)) == 0


def _errno(name: str) -> int:
    import errno

    return getattr(errno, name, -1)


def _load_keyutils() -> ctypes.CDLL | None:
    found = ctypes.util.find_library("keyutils")
    for candidate in (found, "libkeyutils.so.1"):
        if not candidate:
            continue
        try:
            lib = ctypes.CDLL(candidate, use_errno=True)
        except OSError:
            continue
        lib.add_key.restype = ctypes.c_int32
        lib.add_key.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int32]
        return lib
    return None

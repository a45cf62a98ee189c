"""The kernel keyring closed to sandboxed code: a seccomp filter on its three system calls.

An unlocked secret store keeps its data key in the owner's user keyring
(:mod:`overlord.adapters.secrets.keyring`), readable by any process of the same user. A user
namespace does not change that: the kernel checks the key's permissions against the kernel
uid, which bubblewrap maps to itself, and the session keyring is inherited. So code the agent
wrote (run by the gate, or by the agent in the runtime's jail) could read the key by its id
(``/proc/keys`` lists it). This filter makes ``add_key``, ``request_key`` and ``keyctl`` fail
with ``EPERM`` in the child and everything it starts, as Docker's default seccomp profile does.

The program is compiled once, in the parent, with libseccomp (``seccomp_export_bpf``, through
ctypes); the child only calls ``prctl(PR_SET_NO_NEW_PRIVS)`` and ``seccomp(2)`` with it before
exec. Source: seccomp(2), seccomp_export_bpf(3), seccomp_rule_add(3).

Fails closed: no libseccomp, an unknown architecture, or a kernel that refuses the filter
raises :class:`KeyringFilterUnavailable` (in the parent) or makes the child fail to start.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import platform
import tempfile
import threading
from collections.abc import Callable

SCMP_ACT_ALLOW = 0x7FFF0000
SCMP_ACT_ERRNO = 0x00050000
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_SET_MODE_FILTER = 1
_SECCOMP_SYSCALL = {"x86_64": 317, "aarch64": 277}
KEYRING_SYSCALLS = ("add_key", "request_key", "keyctl")


class KeyringFilterUnavailable(Exception):
    """The filter cannot be built here (no libseccomp, an architecture without a seccomp number)."""


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_lock = threading.Lock()
_program: tuple[ctypes.Array, _SockFprog] | None = None


def _compile() -> bytes:
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError as e:
        raise KeyringFilterUnavailable(f"libseccomp is not installed ({e})") from e
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
    if not ctx:
        raise KeyringFilterUnavailable("seccomp_init failed")
    try:
        for call in KEYRING_SYSCALLS:
            nr = lib.seccomp_syscall_resolve_name(call.encode())
            if nr < 0 or lib.seccomp_rule_add(ctx, SCMP_ACT_ERRNO | errno.EPERM, nr, 0) != 0:
                raise KeyringFilterUnavailable(f"seccomp cannot filter {call} here")
        with tempfile.TemporaryFile() as f:
            if lib.seccomp_export_bpf(ctx, f.fileno()) != 0:
                raise KeyringFilterUnavailable("seccomp_export_bpf failed")
            f.seek(0)
            program = f.read()
    finally:
        lib.seccomp_release(ctx)
    if not program or len(program) % 8:
        raise KeyringFilterUnavailable("libseccomp exported no filter program")
    return program


def keyring_filter() -> Callable[[], None]:
    """A pre-exec function (for ``subprocess.Popen(preexec_fn=...)``) that loads the filter
    in the child; the program is compiled on the first call and kept.

    Raises:
        KeyringFilterUnavailable: the filter cannot be built on this machine.
    """
    global _program  # noqa: PLW0603 - one compiled program per process, built once
    if platform.machine() not in _SECCOMP_SYSCALL:
        raise KeyringFilterUnavailable(f"no seccomp system call number for {platform.machine()}")
    with _lock:
        if _program is None:
            code = _compile()
            buf = ctypes.create_string_buffer(code, len(code))
            _program = (buf, _SockFprog(len(code) // 8, ctypes.cast(buf, ctypes.c_void_p)))
    _, fprog = _program
    libc = ctypes.CDLL(None, use_errno=True)
    nr = _SECCOMP_SYSCALL[platform.machine()]

    def load() -> None:
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
                libc.syscall(nr, SECCOMP_SET_MODE_FILTER, 0, ctypes.byref(fprog)) != 0:
            raise OSError(ctypes.get_errno(), f"the keyring filter was refused: {os.strerror(ctypes.get_errno())}")

    return load  # the program's buffer stays alive in the module's _program


def chain(*steps: Callable[[], None] | None) -> Callable[[], None]:
    """One pre-exec function running ``steps`` in order (``None`` entries skipped)."""
    present = [s for s in steps if s is not None]

    def run() -> None:
        for s in present:
            s()

    return run

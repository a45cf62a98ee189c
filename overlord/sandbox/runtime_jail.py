"""Containment for an agent runtime: the bubblewrap command line around it.

The guard decides; the sandbox enforces what the guard might miss. Inside the jail:

* the whole system is read-only (``/`` bound read-only, ``/tmp`` included), with a fresh
  ``/dev`` and ``/proc``; the runtime's ``TMPDIR`` is a directory in its fresh HOME;
* the worker root and the mission's write roots are writable, and so is the runtime's fresh
  per-run HOME;
* ``OVERLORD_HOME`` is hidden under an empty tmpfs: the keys and the ledger cannot be read.
  Only what the run needs from it is bound back read-only (the guard's hook snapshot);
* the sockets' directory (the decision service's, the connector's relay) is bound read-only:
  a client can connect, nothing in the jail can unlink a socket and listen in its place;
* the runtime's own settings that carry the guard's hook (Claude Code's managed settings) are
  directories bound read-only where the runtime looks for them (``system``); a parent that
  does not hold such a directory on the host (``/etc`` without ``claude-code``) is rebuilt on a
  tmpfs from the host's entries, each bound read-only, and made read-only itself;
* the network is the jail's own (``--unshare-net``): a loopback device and nothing else, so
  nothing on the host's loopback (the witness, PostgreSQL, other services) answers. The runtime
  reaches the connector through a forwarder inside the namespace
  (:mod:`overlord.sandbox.netns`). With ``network = "user"`` (a mission that allows the
  network) a user-mode stack (``slirp4netns --disable-host-loopback``) adds a route out that
  cannot reach the host's loopback;
* ``--die-with-parent`` and a new PID namespace: nothing in the jail outlives the controller;
* a new user namespace: the kernel keyring is per user namespace, so the owner's user keyring
  (where an unlocked secret store keeps its key) cannot be read from inside (FACTS.md);
* ``--new-session`` (and the controller's own new session): no controlling terminal, so no
  keystrokes can be pushed into the owner's terminal (TIOCSTI).

:func:`jail_argv` is pure (it builds the argv); :func:`shadow_of` lists a directory to rebuild,
:func:`bubblewrap_path` finds the program.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass

from overlord.errors import ConfigError

NETWORKS = ("none", "user", "host")
"""``none``: the jail's own namespace, loopback only; ``user``: the same plus a user-mode
stack out (never to the host's loopback); ``host``: the host's network (tests of the jail only)."""


@dataclass(frozen=True)
class Shadow:
    """A host directory rebuilt inside the jail: a tmpfs at ``path`` holding each of
    ``entries`` (``(name, kind, symlink target)``, kind ``link`` or ``bind``) bound read-only
    from the host, so that a directory can be bound beneath it that the host lacks; the tmpfs
    is then made read-only."""

    path: str
    entries: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class Jail:
    """What the jail lets through. Paths are absolute and resolved.

    Args:
        writable: directories the runtime may write (the worker root, write roots, HOME).
        hidden: directories replaced by an empty tmpfs (``OVERLORD_HOME``).
        read_only: paths bound back read-only after hiding (the hook snapshot, the root's
            ``.claude`` and ``.git``, guard files under HOME).
        sockets: directories of Unix sockets, bound read-only (connect works, replace does not).
        system: ``(host directory, path in the jail)`` bound read-only, e.g. Claude Code's
            managed settings at ``/etc/claude-code``.
        shadows: parents rebuilt so that a ``system`` directory can be bound beneath them.
        network: one of :data:`NETWORKS`.
    """

    writable: tuple[str, ...]
    hidden: tuple[str, ...]
    read_only: tuple[str, ...] = ()
    sockets: tuple[str, ...] = ()
    system: tuple[tuple[str, str], ...] = ()
    shadows: tuple[Shadow, ...] = ()
    network: str = "none"

    def __post_init__(self) -> None:
        if self.network not in NETWORKS:
            raise ConfigError(f"unknown jail network {self.network!r}", f"use one of: {', '.join(NETWORKS)}")


def jail_argv(bwrap: str, jail: Jail, argv: Sequence[str], *, cwd: str) -> list[str]:
    """The full command: bubblewrap with ``jail``, then ``argv`` run in ``cwd``.

    Order matters: ``/`` read-only, fresh /dev /proc, the hidden tmpfs mounts, then the
    writable and read-only binds on top (so a bind inside /tmp or the home survives), then the
    rebuilt parents and the system directories beneath them, made read-only last.
    """
    out = [bwrap, "--die-with-parent", "--new-session", "--unshare-user", "--unshare-pid", "--unshare-ipc",
           "--unshare-uts"]
    if jail.network != "host":
        out.append("--unshare-net")
    out += ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    for path in jail.hidden:
        out += ["--tmpfs", path]
    for path in jail.writable:
        out += ["--bind", path, path]
    for path in jail.read_only:
        out += ["--ro-bind", path, path]
    for path in jail.sockets:
        out += ["--ro-bind", path, path]
    for shadow in jail.shadows:
        out += ["--tmpfs", shadow.path]
        for name, kind, target in shadow.entries:
            dest = f"{shadow.path.rstrip('/')}/{name}"
            out += ["--symlink", target, dest] if kind == "link" else ["--ro-bind", dest, dest]
    for src, dest in jail.system:
        out += ["--ro-bind", src, dest]
    for shadow in jail.shadows:
        out += ["--remount-ro", shadow.path]
    return [*out, "--chdir", cwd, "--", *argv]


def shadow_of(path: str, *, without: Sequence[str] = ()) -> Shadow:
    """The host directory ``path`` as a :class:`Shadow`: each entry but ``without`` (names),
    symlinks kept as symlinks, everything else bound read-only.

    Raises:
        ConfigError: ``path`` cannot be listed.
    """
    try:
        names = sorted(os.listdir(path))
    except OSError as e:
        raise ConfigError(f"cannot list {path} to rebuild it in the sandbox: {e}") from e
    entries = []
    for name in names:
        if name in without:
            continue
        full = os.path.join(path, name)
        if os.path.islink(full):
            entries.append((name, "link", os.readlink(full)))
        elif os.path.lexists(full):
            entries.append((name, "bind", ""))
    return Shadow(path, tuple(entries))


def system_mounts(system: Sequence[tuple[str, str]]) -> tuple[Shadow, ...]:
    """The shadows that the ``system`` binds need: the parent of each destination the host
    lacks (one shadow per parent, the destinations left out of it).

    Raises:
        ConfigError: a destination's parent does not exist on the host either.
    """
    missing: dict[str, list[str]] = {}
    for _src, dest in system:
        if os.path.isdir(dest) and not os.path.islink(dest):
            continue
        parent, name = os.path.split(dest.rstrip("/"))
        if not os.path.isdir(parent):
            raise ConfigError(f"cannot place {dest} in the sandbox: {parent} does not exist on this machine")
        missing.setdefault(parent, []).append(name)
    return tuple(shadow_of(parent, without=names) for parent, names in missing.items())


def bubblewrap_path() -> str:
    """The bubblewrap program.

    Raises:
        ConfigError: not installed (says how to install it, and that --no-sandbox runs bare).
    """
    found = shutil.which("bwrap")
    if found is None:
        raise ConfigError("bubblewrap (bwrap) is not installed, so the agent cannot be contained",
                          "apt-get install bubblewrap, or run with --no-sandbox (recorded in the run)")
    return found

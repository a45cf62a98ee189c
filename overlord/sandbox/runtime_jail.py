"""Containment for an agent runtime: the bubblewrap command line around it.

The guard decides; the sandbox enforces what the guard might miss. Inside the jail:

* the whole system is read-only (``/`` bound read-only, ``/tmp`` included), with a fresh
  ``/dev`` and ``/proc``; the runtime's ``TMPDIR`` is a directory in its fresh HOME;
* the worker root and the mission's write roots are writable, and so is the runtime's fresh
  per-run HOME;
* ``OVERLORD_HOME`` is hidden under an empty tmpfs: the keys and the ledger cannot be read.
  Only what the run needs from it is bound back read-only (the guard's hook snapshot), and
  the decision socket's directory (outside the home) is bound writable;
* the network is shared with the host, so the runtime reaches the connector on loopback;
* ``--die-with-parent`` and a new PID namespace: nothing in the jail outlives the controller;
* a new user namespace: the kernel keyring is per user namespace, so the owner's user keyring
  (where an unlocked secret store keeps its key) cannot be read from inside (FACTS.md);
* ``--new-session`` (and the controller's own new session): no controlling terminal, so no
  keystrokes can be pushed into the owner's terminal (TIOCSTI).

:func:`jail_argv` is pure (it builds the argv); :func:`bubblewrap_path` finds the program.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass

from overlord.errors import ConfigError


@dataclass(frozen=True)
class Jail:
    """What the jail lets through. Paths are absolute and resolved.

    Args:
        writable: directories the runtime may write (the worker root, write roots, HOME).
        hidden: directories replaced by an empty tmpfs (``OVERLORD_HOME``).
        read_only: paths bound back read-only after hiding (the hook snapshot).
        sockets: directories bound writable after hiding (the decision socket's).
    """

    writable: tuple[str, ...]
    hidden: tuple[str, ...]
    read_only: tuple[str, ...] = ()
    sockets: tuple[str, ...] = ()


def jail_argv(bwrap: str, jail: Jail, argv: Sequence[str], *, cwd: str) -> list[str]:
    """The full command: bubblewrap with ``jail``, then ``argv`` run in ``cwd``.

    Order matters: ``/`` read-only, fresh /dev /proc, the hidden tmpfs mounts, then the
    writable and read-only binds on top (so a bind inside /tmp or the home survives).
    """
    out = [bwrap, "--die-with-parent", "--new-session", "--unshare-user", "--unshare-pid", "--unshare-ipc",
           "--unshare-uts",
           "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    for path in jail.hidden:
        out += ["--tmpfs", path]
    for path in jail.writable:
        out += ["--bind", path, path]
    for path in jail.sockets:
        out += ["--bind", path, path]
    for path in jail.read_only:
        out += ["--ro-bind", path, path]
    return [*out, "--chdir", cwd, "--", *argv]


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

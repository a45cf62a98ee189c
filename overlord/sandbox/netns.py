"""The sandbox's own network: how the runtime reaches the connector, and nothing else.

A jailed runtime has a network namespace of its own (:mod:`overlord.sandbox.runtime_jail`).
The connector stays on the host's loopback; between the two:

* on the host, a :class:`UnixRelay` listens on a Unix socket in the run's socket directory
  (bound read-only into the jail) and relays each connection to the connector's port;
* in the jail, a forwarder (``_forwarder.py``, stdlib only) listens on ``127.0.0.1:PORT`` of
  the namespace (the port the runtime's base URL names) and relays to that Unix socket; it runs
  the runtime as its child (:func:`forwarder_argv`);
* when the mission allows the network, ``_netstack.py`` (on the host) attaches
  ``slirp4netns --disable-host-loopback`` to the namespace before the runtime starts
  (:func:`netstack_argv`): traffic leaves through a user-mode stack that refuses the host's
  127.0.0.1.

The forwarder's source is passed on its command line (``python3 -I -S -c``): nothing in the
jail reads it from a file the agent could reach.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import threading
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

import structlog

from overlord.errors import ConfigError

log = structlog.get_logger("overlord.sandbox.netns")

_FORWARDER = Path(__file__).with_name("_forwarder.py")
_NETSTACK = Path(__file__).with_name("_netstack.py")

MAX_CONNECTIONS = 64
"""Connections a relay serves at once (more are closed at once)."""


def port_of(url: str) -> int:
    """The TCP port of a loopback ``http://127.0.0.1:PORT`` base URL.

    Raises:
        ConfigError: the URL names no port, or a host other than 127.0.0.1.
    """
    parts = urlsplit(url)
    if parts.hostname != "127.0.0.1" or parts.port is None:
        raise ConfigError(f"the connector's URL {url!r} is not http://127.0.0.1:PORT",
                          "the sandbox forwards only a connector on the host's 127.0.0.1")
    return parts.port


def forwarder_argv(python: str, port: int, unix_path: str, argv: Sequence[str]) -> list[str]:
    """The jail's command: the forwarder on ``127.0.0.1:port`` to ``unix_path``, then ``argv``."""
    return [python, "-I", "-S", "-c", _FORWARDER.read_text(encoding="utf-8"), str(port), unix_path, "--", *argv]


def netstack_argv(python: str, slirp: str, bwrap_argv: Sequence[str]) -> list[str]:
    """``bwrap_argv`` (bubblewrap and its arguments) run under the user-mode network stack."""
    return [python, "-I", "-S", "-c", _NETSTACK.read_text(encoding="utf-8"), slirp, "--", *bwrap_argv]


def slirp4netns_path() -> str:
    """The slirp4netns program (a mission that allows the network needs it).

    Raises:
        ConfigError: not installed.
    """
    found = shutil.which("slirp4netns")
    if found is None:
        raise ConfigError("the mission allows the network, but slirp4netns is not installed: the sandbox's "
                          "traffic would have no way out that keeps the host's loopback closed",
                          "apt-get install slirp4netns, or set [guard] allow_network = false")
    return found


class UnixRelay:
    """A Unix socket on the host that relays each connection to ``target`` (the connector's
    ``(host, port)`` on the host's loopback). Use as a context manager, or :meth:`start` and
    :meth:`close`.

    Args:
        path: where to listen (made 0600 under a 0177 umask; a stale socket is replaced,
            anything else there is refused).
        target: the TCP address to relay to.

    Raises (from :meth:`start`):
        ConfigError: the path holds something other than a socket, or cannot be bound.
    """

    def __init__(self, path: Path, target: tuple[str, int]) -> None:
        self.path = Path(path)
        self.target = target
        self._listener: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.connections = 0

    def start(self) -> UnixRelay:
        """Bind and serve in a daemon thread; returns ``self``."""
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISSOCK(st.st_mode):
                raise ConfigError(f"{self.path} exists and is not a socket", "remove it")
            os.unlink(self.path)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            listener.bind(str(self.path))
        except OSError as e:
            listener.close()
            raise ConfigError(f"cannot listen on {self.path}: {e}") from e
        finally:
            os.umask(old)
        listener.listen(MAX_CONNECTIONS)
        self._listener = listener
        self._thread = threading.Thread(target=self._serve, name="overlord-connector-relay", daemon=True)
        self._thread.start()
        return self

    def _serve(self) -> None:
        listener = self._listener
        while listener is not None:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if not self._slots.acquire(blocking=False):
                client.close()
                continue
            self.connections += 1
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        try:
            try:
                upstream = socket.create_connection(self.target, timeout=10)
            except OSError as e:
                log.warning("relay.connect_failed", target=f"{self.target[0]}:{self.target[1]}", error=str(e))
                return
            upstream.settimeout(None)
            back = threading.Thread(target=_pump, args=(upstream, client), daemon=True)
            back.start()
            _pump(client, upstream)
            back.join()
            upstream.close()
        finally:
            client.close()
            self._slots.release()

    def close(self) -> None:
        """Stop listening and remove the socket (open relays end with their peers)."""
        listener, self._listener = self._listener, None
        if listener is not None:
            try:
                listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            listener.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass

    def __enter__(self) -> UnixRelay:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def _pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s, how in ((dst, socket.SHUT_WR), (src, socket.SHUT_RD)):
            try:
                s.shutdown(how)
            except OSError:
                pass

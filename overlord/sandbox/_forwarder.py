"""The connector's forwarder inside the sandbox's own network namespace (stdlib only).

Run by bubblewrap as the jail's command, before the runtime:
``python3 -I -S -c SOURCE PORT UNIX_SOCKET -- ARGV...``. It listens on ``127.0.0.1:PORT`` (the
port the runtime's base URL names, so the runtime's configuration is the same with and without
a namespace), relays each connection to the Unix socket that Overlord bound into the sandbox
(the connector's, on the host), then runs ``ARGV`` as its child with the same stdio and exits
as it did. Nothing else listens in the namespace, so nothing else answers on its loopback.

It is not trusted: it runs beside the agent, which may kill or replace it. That only cuts the
agent off its own model; the connector on the host is the boundary.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading

MAX_CONNECTIONS = 64


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


def _relay(client: socket.socket, unix_path: str, slots: threading.BoundedSemaphore) -> None:
    try:
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            upstream.connect(unix_path)
        except OSError:
            upstream.close()
            return
        back = threading.Thread(target=_pump, args=(upstream, client), daemon=True)
        back.start()
        _pump(client, upstream)
        back.join()
        upstream.close()
    finally:
        client.close()
        slots.release()


def _serve(listener: socket.socket, unix_path: str) -> None:
    slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        if not slots.acquire(blocking=False):
            client.close()
            continue
        threading.Thread(target=_relay, args=(client, unix_path, slots), daemon=True).start()


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write("usage: forwarder PORT UNIX_SOCKET -- ARGV...\n")
        return 2
    port, unix_path, command = int(argv[0]), argv[1], argv[3:]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(MAX_CONNECTIONS)
    threading.Thread(target=_serve, args=(listener, unix_path), daemon=True).start()
    try:
        child = subprocess.Popen(command, close_fds=True)
    except OSError as e:
        sys.stderr.write(f"overlord forwarder: cannot start {command[0]}: {e}\n")
        return 127
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda n, _f: child.send_signal(n))
    code = child.wait()
    if code < 0:  # died by a signal: die by the same one, so the controller sees what it would bare
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

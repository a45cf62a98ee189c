"""The user-mode network stack for a sandbox whose mission allows the network (stdlib only).

Run on the host by the controller in place of bubblewrap:
``python3 -I -S -c SOURCE SLIRP4NETNS -- BWRAP ARGS...``. It starts bubblewrap (which makes
the sandbox's own network namespace) held before its command runs (``--block-fd``), learns the
sandbox's pid (``--info-fd``), waits until bubblewrap has brought the namespace's loopback up,
attaches ``slirp4netns --disable-host-loopback`` to the namespace (a tap device whose traffic
leaves through the user-mode stack, which refuses the host's 127.0.0.1), and only then lets the
command run. It exits as bubblewrap did; slirp4netns ends with it (``--exit-fd``), and it dies
with its own parent (the controller).
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import signal
import subprocess
import sys
import time

SETUP_TIMEOUT_S = 15.0


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _read_info(fd: int, deadline: float) -> dict:
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        data += chunk
        try:
            return json.loads(data)
        except ValueError:
            continue
    raise RuntimeError(f"bubblewrap reported no sandbox pid ({data[:200]!r})")


def _loopback_up(pid: int, deadline: float) -> None:
    # bubblewrap configures the namespace's loopback after it reports the pid; slirp4netns
    # touches the same device, so it must come after (the namespace's own routing table
    # lists 127.0.0.1 once it is done)
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/net/fib_trie", "rb") as f:
                if b"127.0.0.1" in f.read():
                    return
        except OSError as e:
            raise RuntimeError(f"the sandbox ended before its network was set up: {e}") from e
        time.sleep(0.005)
    raise RuntimeError("the sandbox's loopback never came up")


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        sys.stderr.write("usage: netstack SLIRP4NETNS -- BWRAP ARGS...\n")
        return 2
    _die_with_parent()
    slirp, bwrap, rest = argv[0], argv[2], argv[3:]
    info_r, info_w = os.pipe()
    block_r, block_w = os.pipe()
    exit_r, exit_w = os.pipe()
    ready_r, ready_w = os.pipe()
    sandbox = subprocess.Popen([bwrap, "--info-fd", str(info_w), "--block-fd", str(block_r), *rest],
                               pass_fds=(info_w, block_r))
    os.close(info_w)
    os.close(block_r)
    stack = None
    try:
        deadline = time.monotonic() + SETUP_TIMEOUT_S
        pid = int(_read_info(info_r, deadline)["child-pid"])
        _loopback_up(pid, deadline)
        stack = subprocess.Popen([slirp, "--configure", "--mtu=65520", "--disable-host-loopback", "--enable-sandbox",
                                  "--exit-fd", str(exit_r), "--ready-fd", str(ready_w), str(pid), "tap0"],
                                 pass_fds=(exit_r, ready_w), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        os.close(ready_w)
        os.close(exit_r)
        ready, _, _ = select.select([ready_r], [], [], max(0.0, deadline - time.monotonic()))
        if not ready or not os.read(ready_r, 1):
            raise RuntimeError("slirp4netns did not bring the sandbox's network up")
    except (OSError, RuntimeError, ValueError, KeyError) as e:
        sys.stderr.write(f"overlord netstack: {e}\n")
        sandbox.kill()
        sandbox.wait()
        if stack is not None:
            stack.kill()
            stack.wait()
        return 125
    os.write(block_w, b"1")
    os.close(block_w)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda n, _f: sandbox.send_signal(n))
    code = sandbox.wait()
    os.close(exit_w)  # slirp4netns ends when this closes
    try:
        stack.wait(timeout=5)
    except subprocess.TimeoutExpired:
        stack.kill()
        stack.wait()
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Sandbox containment: one contract suite over every backend.

Each hostile program is contained and reported as its own result: a write outside the
scratch directory, a network connection, a fork bomb, a memory hog, a sleep past the
timeout, a read of a file outside the allowed set.
"""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

import pytest

from overlord.sandbox import (
    SandboxExited,
    SandboxLimits,
    SandboxMemoryBreach,
    SandboxRequest,
    SandboxStep,
    SandboxTimedOut,
    SandboxUnavailable,
    get_sandbox,
)
from overlord.sandbox.bubblewrap import BubblewrapSandbox
from overlord.sandbox.process import ProcessSandbox

PY = os.path.realpath(sys.executable)
PY_HOME = str(Path(PY).parent.parent)
ENV = (("PATH", "/usr/bin:/bin"), ("HOME", "{scratch}"), ("LANG", "C.UTF-8"))


def request(code: str, *, timeout_ms: int = 20_000, memory: int = 256 * 1024 * 1024,
            strong: bool = True, files=()) -> SandboxRequest:
    return SandboxRequest(
        steps=(SandboxStep("main", (PY, "-S", "-c", code)),),
        files=files, env=ENV, read_only_paths=(PY_HOME,),
        limits=SandboxLimits(timeout_ms=timeout_ms, memory_bytes=memory, max_pids=64),
        strong_containment=strong,
    )


@pytest.fixture(params=["bubblewrap", "process"])
def backend(request, require):
    if request.param == "bubblewrap":
        box = BubblewrapSandbox()
        require(box.unavailable_reason() is None, "bubblewrap")
        return box
    return ProcessSandbox(allow_unsandboxed=True)


def weak(box) -> bool:
    return not box.strong


def run(box, code, **kw):
    kw.setdefault("strong", box.strong)
    return box.run(request(code, **kw))


# --- the contract every backend keeps ------------------------------------------------------

def test_runs_and_reports_exit_output_duration_memory(backend):
    r = run(backend, "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)")
    started, out = r.events
    assert started.step == "main" and started.backend == backend.name
    assert isinstance(out, SandboxExited)
    assert out.exit_code == 3
    assert out.stdout == b"out\n" and out.stderr == b"err\n"
    assert 0 < out.duration_ns < 20_000_000_000
    assert out.peak_memory_bytes > 1024 * 1024
    d = out.to_dict()
    assert d["exit_code"] == 3 and len(d["stdout_sha256"]) == 64


def test_environment_is_the_allow_list_only(backend):
    os.environ["OVERLORD_TEST_SECRET"] = "leak"
    try:
        r = run(backend, "import os; print(sorted(os.environ))")
    finally:
        del os.environ["OVERLORD_TEST_SECRET"]
    names = eval(r.last.stdout.decode())
    assert "OVERLORD_TEST_SECRET" not in names
    assert set(names) <= {"PATH", "HOME", "LANG", "LC_CTYPE", "PWD"}


def test_sleep_past_timeout_is_timed_out_and_group_killed(backend, tmp_path):
    marker = f"overlord-child-{uuid.uuid4().hex}"
    code = ("import subprocess, time\n"
            f"subprocess.Popen(['/bin/sleep', '30'], env={{'X': '{marker}'}})\n"
            "time.sleep(30)\n")
    r = run(backend, code, timeout_ms=700)
    out = r.last
    assert isinstance(out, SandboxTimedOut)
    assert out.timeout_ms == 700
    assert 600_000_000 < out.duration_ns < 10_000_000_000
    # no child outlives the run
    alive = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                if marker.encode() in (p / "environ").read_bytes():
                    alive.append(p.name)
            except OSError:
                pass
    assert alive == []


def test_memory_hog_is_a_memory_breach(backend):
    r = run(backend, "x = bytearray(600 * 1024 * 1024); x[::4096] = b'1' * len(x[::4096])",
            memory=128 * 1024 * 1024)
    out = r.last
    assert isinstance(out, SandboxMemoryBreach), out
    assert out.memory_bytes == 128 * 1024 * 1024


def test_fork_bomb_is_contained(backend):
    code = ("import os, time\n"
            "n = 0\n"
            "try:\n"
            "    while n < 5000:\n"
            "        if os.fork() == 0:\n"
            "            time.sleep(5); os._exit(0)\n"
            "        n += 1\n"
            "except OSError as e:\n"
            "    print('refused', n, e.errno)\n")
    r = run(backend, code, timeout_ms=20_000)
    out = r.last
    # held by pids.max (refused forks) or, where root ignores RLIMIT_NPROC, by the timeout
    assert isinstance(out, (SandboxExited, SandboxTimedOut))
    if isinstance(out, SandboxExited) and r.events[0].containment.startswith("cgroup"):
        assert out.stdout.startswith(b"refused ")
        assert int(out.stdout.split()[1]) < 64


def test_scratch_is_removed_whatever_happened(backend, tmp_path):
    box = type(backend)(**({"allow_unsandboxed": True} if weak(backend) else {}),
                        scratch_parent=str(tmp_path))
    run(box, "open('made-here', 'w').write('x')")
    run(box, "import time; time.sleep(30)", timeout_ms=300)
    assert list(tmp_path.iterdir()) == []


def test_files_are_placed_in_scratch(backend):
    r = run(backend, "print(open('pkg/data.txt').read())", files=(("pkg/data.txt", b"hello"),))
    assert r.last.stdout == b"hello\n"


# --- strong containment: bubblewrap only ----------------------------------------------------

@pytest.fixture
def bwrap(require):
    box = BubblewrapSandbox()
    require(box.unavailable_reason() is None, "bubblewrap")
    return box


def test_write_outside_scratch_is_refused(bwrap, tmp_path):
    target = tmp_path / "escaped.txt"
    r = run(bwrap, f"open({str(target)!r}, 'w').write('x')")
    assert isinstance(r.last, SandboxExited) and r.last.exit_code == 1
    assert b"Read-only file system" in r.last.stderr or b"No such file" in r.last.stderr
    assert not target.exists()
    r = run(bwrap, "open('/usr/overlord-escape', 'w')")
    assert b"Read-only file system" in r.last.stderr
    assert not Path("/usr/overlord-escape").exists()


def test_network_connection_is_refused(bwrap):
    code = ("import socket\n"
            "s = socket.socket(); s.settimeout(3)\n"
            "try:\n"
            "    s.connect(('1.1.1.1', 80)); print('connected')\n"
            "except OSError as e:\n"
            "    print('refused', e.errno)\n")
    r = run(bwrap, code)
    assert isinstance(r.last, SandboxExited)
    assert r.last.stdout.startswith(b"refused ")
    r = run(bwrap, "import socket; print(socket.if_nameindex())")
    assert r.last.stdout.strip() == b"[(1, 'lo')]"


def test_read_outside_allowed_set_is_refused(bwrap, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    r = run(bwrap, f"print(open({str(secret)!r}).read())")
    assert isinstance(r.last, SandboxExited) and r.last.exit_code == 1
    assert b"No such file or directory" in r.last.stderr
    assert b"top secret" not in r.last.stdout
    r = run(bwrap, "import os; print(os.path.exists('/etc/shadow'), os.path.exists('/root/.bashrc'), "
              f"os.path.exists({str(Path(__file__).resolve())!r}))")
    assert r.last.stdout == b"False False False\n"


# --- the process backend's refusals ---------------------------------------------------------

def test_process_backend_refuses_without_opt_in():
    r = ProcessSandbox().run(request("print(1)", strong=False))
    (ev,) = r.events
    assert isinstance(ev, SandboxUnavailable)
    assert "OVERLORD_ALLOW_UNSANDBOXED=1" in ev.reason


def test_process_backend_refuses_strong_containment_even_with_opt_in():
    r = ProcessSandbox(allow_unsandboxed=True).run(request("print(1)", strong=True))
    (ev,) = r.events
    assert isinstance(ev, SandboxUnavailable)
    assert "strong containment" in ev.reason


def test_missing_bubblewrap_is_unavailable_naming_the_opt_in():
    r = BubblewrapSandbox(bwrap="/nonexistent/bwrap").run(request("print(1)"))
    (ev,) = r.events
    assert isinstance(ev, SandboxUnavailable)
    assert "OVERLORD_ALLOW_UNSANDBOXED=1" in ev.reason


def test_rlimit_fallback_reports_memory_breach_and_timeout(require):
    box = BubblewrapSandbox(cgroup_root=None)
    require(box.unavailable_reason() is None, "bubblewrap")
    r = box.run(request("x = bytearray(900 * 1024 * 1024)", memory=256 * 1024 * 1024))
    assert r.events[0].containment == "rlimit"
    assert isinstance(r.last, SandboxMemoryBreach)
    r = box.run(request("import time; time.sleep(30)", timeout_ms=300))
    assert isinstance(r.last, SandboxTimedOut)


def test_registry_by_short_name():
    assert get_sandbox("bubblewrap").name == "bubblewrap"
    assert get_sandbox("process").name == "process"
    with pytest.raises(Exception) as e:
        get_sandbox("docker")
    assert "unknown sandbox backend" in str(e.value)


KEY_READER = """
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
kid = int(sys.argv[1])
buf = ctypes.create_string_buffer(64)
n = libc.syscall(250, 11, ctypes.c_long(kid), buf, ctypes.c_size_t(64))  # keyctl(KEYCTL_READ, id) on x86_64
print(buf.raw[:n].decode() if n > 0 else "refused")
"""


def test_a_step_cannot_read_the_owners_kernel_keyring(bwrap, tmp_path):
    """An unlocked secret store's data key lives in the owner's user keyring; code the agent
    wrote, run by the gate, reads it by id (as /proc/keys lists it) on the host but not in the
    step's sandbox (its own user namespace)."""
    import platform
    import subprocess

    from overlord.adapters.secrets.keyring import KernelKeyring

    if platform.machine() != "x86_64":
        pytest.skip("the reader uses x86_64's keyctl system call number")
    name, payload = f"overlord:test:{uuid.uuid4()}", "canary-key-material-4242"
    ring = KernelKeyring()
    ring.put(name, payload.encode(), timeout_s=60)
    try:
        kid = ring._search(name)
        assert kid is not None
        host = subprocess.run([PY, "-S", "-c", KEY_READER, str(kid)], capture_output=True, text=True, timeout=60)
        assert host.stdout.strip() == payload, host.stderr  # the reader works: the key is readable here
        r = bwrap.run(SandboxRequest(steps=(SandboxStep("main", (PY, "-S", "-c", KEY_READER, str(kid))),), env=ENV,
                                     read_only_paths=(PY_HOME,)))
        assert isinstance(r.last, SandboxExited) and r.last.stdout.strip() == b"refused", r.last
        assert payload.encode() not in r.last.stdout + r.last.stderr
    finally:
        ring.drop(name)

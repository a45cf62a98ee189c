"""The hook client fails closed in every failure mode and never exits 1."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hook.conftest import decision_of, payload, run_client


def test_no_socket_env_denies(root):
    proc = run_client(payload(root), {"OVERLORD_RUN_ID": "x"})
    assert proc.returncode == 0 and decision_of(proc) == "deny"
    assert "OVERLORD_SOCKET" in proc.stderr.decode()


def test_missing_socket_file_denies(root, short_dir):
    proc = run_client(payload(root), {"OVERLORD_SOCKET": str(short_dir / "none.sock"), "OVERLORD_RUN_ID": "x"})
    assert proc.returncode == 0 and decision_of(proc) == "deny"


def test_refused_socket_denies(root, short_dir):
    path = short_dir / "refuse.sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()  # the file stays, nobody listens: connection refused
    proc = run_client(payload(root), {"OVERLORD_SOCKET": str(path), "OVERLORD_RUN_ID": "x"})
    assert proc.returncode == 0 and decision_of(proc) == "deny"
    assert "Refused" in proc.stderr.decode() or "refused" in proc.stderr.decode()


def test_hanging_service_misses_deadline_and_denies(root, short_dir):
    path = short_dir / "hang.sock"
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(str(path))
    srv.listen(4)
    held = []
    threading.Thread(target=lambda: held.append(srv.accept()), daemon=True).start()
    start = time.monotonic()
    proc = run_client(payload(root), {"OVERLORD_SOCKET": str(path), "OVERLORD_RUN_ID": "x"}, timeout_ms=300)
    assert time.monotonic() - start < 10
    assert proc.returncode == 0 and decision_of(proc) == "deny"
    srv.close()


def test_missing_run_id_denies(root, service):
    proc = run_client(payload(root), {"OVERLORD_SOCKET": str(service.socket_path)})
    assert decision_of(proc) == "deny"


def test_wrong_run_id_denies(root, service):
    proc = run_client(payload(root), {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": "not-this-run"})
    assert decision_of(proc) == "deny"


@pytest.mark.parametrize("stdin", [b"", b"{", b"not json", b"[]", b'{"tool_name": "Write"}',
                                   b'{"cwd": "/tmp", "tool_input": {}}', b"\xff\xfe\x00"])
def test_malformed_or_missing_fields_deny(stdin, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    proc = run_client(stdin, env)
    assert proc.returncode == 0 and decision_of(proc) == "deny"


def test_bad_expected_hash_denies(root, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    proc = run_client(payload(root), env, sha="0" * 64)
    assert decision_of(proc) == "deny" and "hash" in proc.stderr.decode()


def test_allowed_call_is_allowed(root, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    proc = run_client(payload(root), env)
    assert proc.returncode == 0 and decision_of(proc) == "allow"


def test_broken_stdout_exits_2_not_1(root, tmp_path):
    import subprocess
    import sys

    from tests.hook.conftest import CLIENT, CLIENT_SHA

    proc = subprocess.run(f"{sys.executable} -I -S {CLIENT} --expect-sha256 {CLIENT_SHA} >&-", shell=True,
                          input=payload(root), capture_output=False, stderr=subprocess.PIPE, env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2
    assert b"OVERLORD_SOCKET" in proc.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=512) | st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_random_stdin_always_yields_a_decision(data, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    proc = run_client(data, env)
    assert proc.returncode in (0, 2)
    assert decision_of(proc) in ("allow", "deny")

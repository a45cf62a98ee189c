"""Hostile HTTP requests to `overlord witness serve`, the installed server run as a user runs
it: each gets its documented status (421, 413, 408, 400, 503) or a closed connection, and the
server ends without a traceback, under 256 MiB of peak resident memory."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass

import pytest

from tests.conftest import _free_port, overlord_cmd
from tests.hostile.conftest import MAX_RSS_BYTES, measured_argv

MAX_CONNECTIONS = 8


@dataclass(frozen=True)
class Req:
    """A raw request (``{hp}`` is the server's ``127.0.0.1:PORT``) and the status it must get."""

    name: str
    raw: bytes
    status: int


def _get(path: str, host: str = "{hp}", extra: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n".encode()


def _post(path: str, body: bytes, extra: str = "", host: str = "{hp}") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(body)}\r\n{extra}"
            "Connection: close\r\n\r\n").encode() + body


REQUESTS = [
    # issue 12 item 1: a rebinding page's Host, on every route that reads the ledger
    *[Req(f"foreign_host_{p.strip('/').replace('/', '_') or 'page'}", _get(p, "evil.example:{port}"), 421)
      for p in ("/", "/api/runs", "/api/events", "/api/journal", "/api/verify", "/api/events/stream", "/healthz")],
    Req("foreign_host_on_the_right_port_of_another_ip", _get("/api/runs", "10.9.8.7:{port}"), 421),
    Req("loopback_name_on_another_port", _get("/api/runs", "127.0.0.1:1"), 421),
    Req("host_without_its_port", _get("/api/runs", "localhost"), 421),
    Req("malformed_host", _get("/api/runs", "a:b:{port}"), 421),
    Req("host_with_userinfo", _get("/api/runs", "x@127.0.0.1:{port}"), 421),
    Req("no_host_http_1_0", b"GET /api/runs HTTP/1.0\r\n\r\n", 421),
    Req("foreign_origin_on_add_checkpoint", _post("/add-checkpoint", b"old 0\n\nx\n", "Origin: http://evil.example\r\n"), 421),
    Req("null_origin_on_an_action", _post("/api/actions/checkpoint", b'{"confirm": true}',
                                         "Origin: null\r\nContent-Type: application/json\r\n"), 421),
    # requests aiohttp's parser refuses: the documented status and one log line, no traceback
    Req("duplicate_host", _get("/api/runs", extra="Host: {hp}\r\n"), 421),
    Req("no_host_http_1_1", b"GET /api/runs HTTP/1.1\r\nConnection: close\r\n\r\n", 421),
    Req("url_of_20000_bytes", _get("/" + "a" * 20_000), 400),
    Req("header_of_20000_bytes", _get("/api/runs", extra="X-Long: " + "b" * 20_000 + "\r\n"), 400),
    # bodies
    Req("announced_body_over_64_kib", _post("/add-checkpoint", b"", "Content-Length: 1000000000\r\n").replace(
        b"Content-Length: 0\r\n", b""), 413),
    Req("chunked_body_over_64_kib", (b"POST /add-checkpoint HTTP/1.1\r\nHost: {hp}\r\nTransfer-Encoding: chunked\r\n"
                                      b"Connection: close\r\n\r\n" + b"8000\r\n" + b"a" * 0x8000 + b"\r\n") * 1
        + (b"8000\r\n" + b"a" * 0x8000 + b"\r\n") * 2 + b"0\r\n\r\n", 413),
    Req("malformed_add_checkpoint", _post("/add-checkpoint", b"old 01\n\n"), 400),
    Req("add_checkpoint_not_utf8", _post("/add-checkpoint", b"old 0\n\n\xff\xfe\n"), 400),
    Req("unknown_origin_checkpoint", _post("/add-checkpoint", b"old 0\n\nexample.com/log\n1\n" + b"A" * 43 + b"=\n\n"
                                           b"\xe2\x80\x94 example.com/log AAAA\n"), 404),
    Req("action_without_token", _post("/api/actions/checkpoint", b'{"confirm": true}',
                                      "Content-Type: application/json\r\n"), 401),
    Req("action_body_over_4_kib", _post("/api/actions/checkpoint", b"{" + b" " * 5000 + b"}",
                                        "Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"), 413),
    # parameters
    Req("last_event_id_not_a_number", _get("/api/events/stream", extra="Last-Event-ID: 1e9999\r\n"), 400),
    Req("after_beyond_2_62", _get("/api/events?after=99999999999999999999999"), 400),
    Req("limit_of_a_million", _get("/api/events?limit=1000000"), 400),
]


def _status(raw: bytes, port: int) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    assert data.startswith(b"HTTP/1."), data[:200]
    return int(data.split(b" ", 2)[1])


@pytest.fixture(scope="module")
def server(world):
    """`overlord witness serve` on a free port, with short clocks and a small connection cap."""
    work, env = world
    port = _free_port()
    err = tempfile.TemporaryFile()
    rss_file = work.parent / "witness.maxrss"
    argv = [*overlord_cmd(), "witness", "serve", "--port", str(port), "--header-timeout", "1",
            "--body-timeout", "1", "--max-connections", str(MAX_CONNECTIONS)]
    p = subprocess.Popen(measured_argv(argv, rss_file),
                         env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert p.poll() is None and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
    token = (work.parent / "home" / "witness.token").read_text().strip()
    yield p, port, token, err
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    err.close()


@pytest.mark.parametrize("req", REQUESTS, ids=[r.name for r in REQUESTS])
def test_hostile_request_gets_its_status(req: Req, server) -> None:
    _, port, token, _ = server
    raw = req.raw.replace(b"{hp}", f"127.0.0.1:{port}".encode()).replace(b"{port}", str(port).encode())
    raw = raw.replace(b"{token}", token.encode())
    assert _status(raw, port) == req.status


def test_allowed_names_still_answer(server) -> None:
    _, port, _, _ = server
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert _status(_get("/api/runs", host), port) == 200, host


def test_body_that_never_ends_is_408(server) -> None:
    _, port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"POST /add-checkpoint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 100\r\n\r\nold 0\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(4096)
        assert answer.split(b" ", 2)[1] == b"408" and b"Connection: close" in answer
        # then closed at once: aiohttp's lingering wait for the rest of the body held it 10 s more
        s.settimeout(3)
        while chunk := s.recv(4096):
            assert len(answer) < 4096, answer
            answer += chunk


def test_headers_that_never_end_are_cut_off(server) -> None:
    _, port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
        assert s.recv(4096) == b""  # closed by the server (the socket timeout would raise instead)


def test_connections_past_the_cap_get_503(server) -> None:
    _, port, _, _ = server
    held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(MAX_CONNECTIONS)]
    try:
        time.sleep(0.2)  # let the server accept them all (no timing is asserted)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            assert s.recv(4096).startswith(b"HTTP/1.1 503")
    finally:
        for s in held:
            s.close()


def test_streams_cut_by_clients_leave_no_traceback_and_memory_stays_small(server, world) -> None:
    """Last: clients that vanish mid-stream, a new event that wakes their streams, then the
    server's own end: no traceback logged, exit 0, peak RSS under 256 MiB."""
    p, port, _, err = server
    work, env = world
    for _ in range(5):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(_get("/api/events/stream?after=-1").replace(b"{hp}", f"127.0.0.1:{port}".encode()))
        assert s.recv(4096).startswith(b"HTTP/1.1 200")
        s.close()
    # a new event wakes every stream; each writes to its vanished client
    subprocess.run([*overlord_cmd(), "run", "--", "true"], env=env, cwd=work, check=True, capture_output=True, timeout=60)
    assert _status(_get("/healthz").replace(b"{hp}", f"127.0.0.1:{port}".encode()), port) == 200
    time.sleep(1.0)  # the poller picks the event up and the streams write (no timing is asserted)
    os.killpg(p.pid, signal.SIGTERM)
    _, status, _ = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    err.seek(0)
    log = err.read().decode("utf-8", "replace")
    assert "Traceback" not in log and "Error handling request" not in log, log[-3000:]
    refused = [line for line in log.splitlines() if line.startswith("refused a request from 127.0.0.1: ")]
    assert len(refused) == 4, log[-3000:]  # one line for each request the parser refused
    assert p.returncode == 0, log[-2000:]
    # the server's own peak, written by the launcher (a child of pytest carries pytest's peak)
    assert int((work.parent / "witness.maxrss").read_text()) * 1024 < MAX_RSS_BYTES

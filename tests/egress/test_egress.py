"""Egress by shape and Overlord's own connections: the corpus, then real sockets.

The corpus (``corpus.jsonl``) holds URLs and addresses in the spellings bypass reports use,
each with the reason it must be refused (or ``allow``) and its source. ``shape`` rows are
judged with no lookup (the domain, and the guard's WebFetch and curl rules); ``own`` rows go
through :func:`overlord.adapters.egress.check_target` with an injected resolver (this machine
resolves no public names).
"""

from __future__ import annotations

import http.server
import ipaddress
import json
import shutil
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from overlord.adapters.egress import EgressRefused, check_target
from overlord.adapters.notify import NotifyError, notify_webhook
from overlord.domain.egress import EgressReason, parse_ipv4, url_refusal
from overlord.domain.guard import DenialClass, GuardPolicy, ToolCall, decide_tool_call
from overlord.domain.guard.paths import PathResolver
from tests.conftest import need_part

CORPUS = [json.loads(line) for line in
          (Path(__file__).with_name("corpus.jsonl")).read_text(encoding="utf-8").splitlines()
          if line.strip()]
SHAPE = [c for c in CORPUS if c["kind"] == "shape"]
OWN = [c for c in CORPUS if c["kind"] == "own"]


class FakeResolver:
    """Answers from a table, counting every lookup; a name it lacks does not resolve."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = table
        self.calls: list[tuple[str, int]] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append((host, port))
        if host not in self.table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return list(self.table[host])


class NoFiles(PathResolver):
    """A path resolver for URL-only calls: every path is itself (nothing is written here)."""

    def realpath(self, path: str) -> str:
        return path

    def home(self) -> str:
        return "/nonexistent-home"

    def glob(self, pattern: str) -> list[str]:
        return []


def test_the_corpus_is_large_and_sourced() -> None:
    refused = [c for c in CORPUS if c["expect"] != "allow"]
    assert len(refused) >= 40
    assert len(OWN) >= 10 and any(c["expect"] == "loopback" for c in OWN)
    assert any(c["expect"] == "private" for c in OWN)
    assert all(c["source"] for c in CORPUS)
    assert {c["expect"] for c in refused} == {r.value for r in EgressReason}
    assert len({c["id"] for c in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("case", SHAPE, ids=[c["url"] for c in SHAPE])
def test_shape_rows_by_the_domain(case: dict[str, Any]) -> None:
    refusal = url_refusal(case["url"], default_scheme="http")
    if case["expect"] == "allow":
        assert refusal is None, refusal
    else:
        assert refusal is not None, f"{case['url']} was allowed"
        assert refusal.reason.value == case["expect"], refusal.detail
        assert repr(case["url"]) in refusal.detail


@pytest.mark.parametrize("case", SHAPE, ids=[c["url"] for c in SHAPE])
def test_shape_rows_through_the_guard(case: dict[str, Any]) -> None:
    """The guard's network rules use the same judgement: curl with the network allowed."""
    policy = GuardPolicy(worker_root="/work", allow_network=True)
    call = ToolCall("Bash", {"command": f"curl -s '{case['url']}'"}, "/work")
    decision = decide_tool_call(call, policy, overlord_home="/ovl-home", resolver=NoFiles())
    if case["expect"] == "allow":
        assert decision.allowed, decision.reason
    else:
        assert decision.denial_class is DenialClass.NETWORK_CLIENT, decision.reason
    if case["url"].startswith("http"):
        fetch = ToolCall("WebFetch", {"url": case["url"], "prompt": "x"}, "/work")
        d = decide_tool_call(fetch, policy, overlord_home="/ovl-home", resolver=NoFiles())
        assert d.allowed == (case["expect"] == "allow"), d.reason


@pytest.mark.parametrize("case", OWN, ids=[f"{c['id']}-{c['expect']}" for c in OWN])
def test_own_connection_rows(case: dict[str, Any]) -> None:
    resolver = FakeResolver(case["resolves"])
    if case["expect"] == "allow":
        target = check_target(case["url"], case["allowed_origins"], resolver=resolver)
        assert target.address == case["address"]
        assert len(resolver.calls) <= 1
        return
    with pytest.raises(EgressRefused) as raised:
        check_target(case["url"], case["allowed_origins"], resolver=resolver)
    assert raised.value.reason.value == case["expect"], raised.value.message


def test_ipv4_spellings_read_as_clients_read_them() -> None:
    for text in ("2130706433", "017700000001", "0x7f000001", "0x7f.1", "127.1", "0177.0.0.1",
                 "127.0.0.1.", "0x7F.0X0.0.01"):
        assert parse_ipv4(text) == ipaddress.IPv4Address("127.0.0.1"), text
    for text in ("1.2.3.256", "08.0.0.1", "1.2.3.4.5", "0x1g", "", "1..1"):
        assert parse_ipv4(text) is None, text
    assert socket.inet_aton("127.1") == parse_ipv4("127.1").packed  # type: ignore[union-attr]


# ---- real sockets: the webhook reaches the checked address, and only it --------------------
class _Hook(http.server.BaseHTTPRequestHandler):
    seen: list[tuple[str, str, bytes]] = []

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        type(self).seen.append((self.path, self.headers.get("Host", ""), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hook_server() -> Iterator[http.server.HTTPServer]:
    _Hook.seen = []
    server = http.server.HTTPServer(("127.0.0.1", 0), _Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def test_webhook_to_an_explicit_loopback_origin_is_delivered(hook_server) -> None:
    port = hook_server.server_address[1]
    notify_webhook(f"http://127.0.0.1:{port}/settled?run=1", {"stop_code": "completed"},
                   allowed_origins=[f"http://127.0.0.1:{port}"], resolver=FakeResolver({}))
    assert _Hook.seen == [("/settled?run=1", f"127.0.0.1:{port}", b'{"stop_code": "completed"}')]


def test_webhook_to_loopback_without_the_owner_naming_it_is_refused(hook_server) -> None:
    port = hook_server.server_address[1]
    with pytest.raises(NotifyError, match="loopback"):
        notify_webhook(f"http://127.0.0.1:{port}/x", {"a": 1})
    resolver = FakeResolver({"hooks.example.com": ["127.0.0.1"]})
    with pytest.raises(NotifyError, match="resolves to 127.0.0.1"):
        notify_webhook(f"http://hooks.example.com:{port}/x", {"a": 1}, resolver=resolver,
                       allowed_origins=[f"http://hooks.example.com:{port}"])
    assert _Hook.seen == []


def test_the_webhook_connects_to_the_address_it_checked(hook_server) -> None:
    """A rebinding resolver (loopback first, a private address after) is asked once: the
    connection goes to the address that was checked, with the name in the Host header."""
    port = hook_server.server_address[1]

    class Rebinding(FakeResolver):
        def __call__(self, host: str, port: int) -> list[str]:
            self.calls.append((host, port))
            return ["127.0.0.1"] if len(self.calls) == 1 else ["10.9.9.9"]

    resolver = Rebinding({})
    notify_webhook(f"http://localhost:{port}/x", {"a": 1}, resolver=resolver,
                   allowed_origins=[f"http://localhost:{port}"])
    assert resolver.calls == [("localhost", port)]
    assert _Hook.seen[0][1] == f"localhost:{port}"


def _self_signed(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (the real openssl command line)."""
    need_part(shutil.which("openssl") is not None, "openssl")
    cert_path, key_path = tmp_path / f"{name}.crt", tmp_path / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "36500", "-subj",
                    f"/CN={name}", "-addext", f"subjectAltName=DNS:{name}", "-keyout",
                    str(key_path), "-out", str(cert_path)], check=True, capture_output=True)
    return cert_path, key_path


def test_https_webhook_verifies_the_name_while_connecting_to_the_address(tmp_path,
                                                                          hook_server) -> None:
    cert, key = _self_signed(tmp_path, "localhost")
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    hook_server.socket = server_tls.wrap_socket(hook_server.socket, server_side=True)
    port = hook_server.server_address[1]
    client_tls = ssl.create_default_context(cafile=str(cert))
    resolver = FakeResolver({"localhost": ["127.0.0.1"]})
    notify_webhook(f"https://localhost:{port}/tls", {"ok": True}, resolver=resolver,
                   allowed_origins=[f"https://localhost:{port}"], tls=client_tls)
    assert _Hook.seen and _Hook.seen[0][0] == "/tls"
    other, _ = _self_signed(tmp_path, "someone-else.example.com")
    with pytest.raises(NotifyError, match="certificate"):
        notify_webhook(f"https://localhost:{port}/tls", {"ok": True}, resolver=resolver,
                       allowed_origins=[f"https://localhost:{port}"],
                       tls=ssl.create_default_context(cafile=str(other)))

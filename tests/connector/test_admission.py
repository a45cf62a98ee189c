"""The connector's door, over real sockets: only this run's runtime is served.

A request without the run's key (or with a wrong one, or in the wrong header), to another
Host, or with an Origin is refused before it is read: nothing reaches the upstream, the
refusal is reported (``ConnectorRefused`` in a run), and the key is never recorded. Then the
same from inside a real Claude Code run: the agent's own script knocks without the key, and
the run's ledger, journal and report show each refusal.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import uuid

import pytest
from aiohttp import web

from overlord.adapters.connector.admission import (
    KEY_BYTES,
    KEY_PREFIX,
    MAX_RECORDED,
    Admission,
    AdmissionRefusal,
    check_runtime_key,
    new_runtime_key,
)
from overlord.adapters.connector.calls import CallRecord, Route
from overlord.adapters.connector.record import RecordConnector
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.errors import ConfigError
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import overlord_cmd
from tests.connector.conftest import UPSTREAM_KEY, KeyedUpstream
from tests.connector.test_record_replay import MODEL, mission, of, run, run_events, world  # noqa: F401 - fixture

BODY = {"model": MODEL, "max_tokens": 16, "messages": [{"role": "user", "content": "hi"}]}


def raw_post(port: int, headers: list[tuple[str, str]], body: bytes, *, version: str = "HTTP/1.1") -> tuple[int, bytes]:
    """POST /v1/messages with exactly ``headers`` (none added: no Host unless given)."""
    head = f"POST /v1/messages {version}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
    head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode() + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1]


def test_only_the_runs_key_to_its_own_address_without_an_origin_is_served(upstream):
    url, server = upstream(Transcript.from_json([{"blocks": [{"text": "hello"}]}] * 4))
    key = new_runtime_key()
    refused: list[AdmissionRefusal] = []
    calls: list[CallRecord] = []
    con = RecordConnector(url, api_key=UPSTREAM_KEY, client_key=key, route=Route((MODEL,)),
                          on_call=calls.append, on_refused=refused.append)
    with ConnectorThread(connector=con):
        here = f"127.0.0.1:{con.port}"
        body = json.dumps(BODY).encode()
        wrong = key[:-1] + ("A" if key[-1] != "A" else "B")  # same length, one character off
        knocks = [
            ("no key", [("Host", here)], 401),
            ("a wrong key", [("Host", here), ("x-api-key", wrong)], 401),
            ("the key in another API's header", [("Host", here), ("Authorization", f"Bearer {key}")], 401),
            ("the key twice, once wrong", [("Host", here), ("x-api-key", wrong), ("x-api-key", key)], 401),
            ("another Host", [("Host", "evil.example"), ("x-api-key", key)], 421),
            ("another name for loopback", [("Host", f"localhost:{con.port}"), ("x-api-key", key)], 421),
            ("two Hosts", [("Host", here), ("Host", "evil.example"), ("x-api-key", key)], 400),  # aiohttp's parser
            ("a browser's form", [("Host", here), ("Origin", "http://evil.example"), ("Content-Type", "text/plain"),
                                  ("x-api-key", key)], 403),
        ]
        for what, headers, want in knocks:
            status, answer = raw_post(con.port, headers, body)
            assert status == want, (what, status, answer[:300])
            assert (b"refused by Overlord" in answer or want == 400) and key.encode() not in answer, what
        status, answer = raw_post(con.port, [("x-api-key", key)], body, version="HTTP/1.0")
        assert status == 421, "no Host at all is not the connector's address"
        assert server.seen_keys == [], "nothing refused reached the upstream"
        # the runtime's own request: its key, its address; a body that quotes the key is stored without it
        quoting = {**BODY, "messages": [{"role": "user", "content": f"my key is {key}"}]}
        status, answer = raw_post(con.port, [("Host", here), ("x-api-key", key), ("Content-Type", "application/json")],
                                  json.dumps(quoting).encode())
        assert status == 200 and b"hello" in answer, answer[:300]
    assert server.seen_keys == [(UPSTREAM_KEY, None)], "the upstream got the owner's key, once, never the run's"
    assert [(r.status, r.reason) for r in refused] == [
        (401, "unauthenticated")] * 4 + [(421, "misdirected")] * 2 + [(403, "cross_origin"), (421, "misdirected")]
    assert all(r.method == "POST" and r.path == "/v1/messages" for r in refused)
    assert all(key not in repr(r) for r in refused), "a refusal names the check, never what was presented"
    assert len(calls) == 1 and key.encode() not in calls[0].request_body and b"[redacted]" in calls[0].request_body
    assert con.admission.refused == 8 and con.admission.unreported == 0


def test_a_record_connector_cannot_be_made_without_a_run_key():
    for bad in ("", "short", "x" * 15, "with space in it ok", "caf\u00e9-key-long-enough"):
        with pytest.raises(ConfigError):
            check_runtime_key(bad)
    with pytest.raises(TypeError):
        RecordConnector("http://127.0.0.1:9", api_key="k", route=Route(()))  # type: ignore[call-arg]
    keys = {new_runtime_key() for _ in range(64)}
    assert len(keys) == 64 and all(k.startswith(KEY_PREFIX) for k in keys)
    # 256 bits of URL-safe base64: 43 characters after the prefix (at least 128 bits are asked for)
    assert KEY_BYTES * 8 >= 128 and {len(k) - len(KEY_PREFIX) for k in keys} == {43}


def test_a_flood_is_counted_not_recorded_one_by_one():
    seen: list[AdmissionRefusal] = []
    door = Admission({"x-api-key": new_runtime_key()}, seen.append)
    for _ in range(MAX_RECORDED + 7):
        assert door.judge("POST", "/v1/messages", {"Host": "127.0.0.1:1"}, host="127.0.0.1", port=1) is not None
    assert len(seen) == MAX_RECORDED and door.refused == MAX_RECORDED + 7 and door.unreported == 7
    long_path = "/v1/" + "a" * 10_000
    assert door.judge("POST", long_path, {"Host": "x"}, host="127.0.0.1", port=1).path == long_path[:200]


class WatchingUpstream(KeyedUpstream):
    """The upstream, which also reads the run's key where it lives: the runtime's environment
    (``/proc/PID/environ`` of the CLI in its jail, its HOME under ``home``), at each request."""

    def __init__(self, transcript: Transcript, home: str) -> None:
        super().__init__(transcript)
        self.home = home.encode()
        self.run_keys: set[str] = set()

    def app(self) -> web.Application:
        app = super().app()

        @web.middleware
        async def watch(request: web.Request, handler):  # noqa: ANN001, ANN202
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    data = open(f"/proc/{pid}/environ", "rb").read()  # noqa: SIM115, PTH123 - a scan
                except OSError:
                    continue
                if not (b"\0" + data).count(b"\0HOME=" + self.home + b"/"):
                    continue  # another run on this machine
                self.run_keys.update(k.decode() for k in re.findall(rb"ANTHROPIC_API_KEY=(overlord-run-[^\0]+)", data))
            return await handler(request)

        app.middlewares.insert(0, watch)
        return app


KNOCK = r'''import json, os, urllib.error, urllib.request
base, key = os.environ["ANTHROPIC_BASE_URL"], os.environ["ANTHROPIC_API_KEY"]
body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 8, "messages": [{"role": "user", "content": "x"}]}).encode()
out = {}
for name, headers in [("nokey", {}), ("wrongkey", {"x-api-key": "overlord-run-guessed"}),
                      ("host", {"x-api-key": key, "Host": "evil.example"}),
                      ("origin", {"x-api-key": key, "Origin": "http://evil.example", "Content-Type": "text/plain"})]:
    req = urllib.request.Request(base + "/v1/messages", data=body, method="POST", headers=headers)
    try:
        out[name] = urllib.request.urlopen(req, timeout=20).status
    except urllib.error.HTTPError as e:
        out[name] = e.code
open("knocks.json", "w").write(json.dumps(out))
print(json.dumps(out))
'''


def test_the_agents_knocks_without_the_key_are_refused_and_recorded(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    server = WatchingUpstream(Transcript.from_json([
        {"blocks": [{"tool": "Write", "input": {"file_path": str(root / "knock.py"), "content": KNOCK}}]},
        {"blocks": [{"tool": "Bash", "input": {"command": "python3 knock.py", "description": "Knock"}}]},
        {"blocks": [{"text": "Knocked."}]},
    ]), str(home))
    with ConnectorThread(connector=server):
        s, p = run(world, mission(f'mode = "record"\nupstream = "{server.url}"\n', goal="Knock on the connector."))
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), (s, p.stderr[-2000:])
    knocks = json.loads((root / "knocks.json").read_text())
    assert knocks == {"nokey": 401, "wrongkey": 401, "host": 421, "origin": 403}, knocks
    assert len(server.run_keys) == 1, "one key for the run, seen in the runtime's environment"
    key = server.run_keys.pop()
    assert key.startswith(KEY_PREFIX) and len(key) - len(KEY_PREFIX) >= 22, "at least 128 bits"
    assert uuid.UUID(s["run_id"]).hex[:12] not in key, "not derived from the run id"
    events = run_events(home, s["run_id"])
    refused = of(events, "ConnectorRefused")
    assert [(e.status, e.reason, e.count) for e in refused] == [
        (401, "unauthenticated", 1), (401, "unauthenticated", 1), (421, "misdirected", 1), (403, "cross_origin", 1)]
    calls = [e for e in of(events, "ConnectorCalled") if e.path == "/v1/messages"]
    # the reachability check before the run (HEAD / and the API's probe path, no key), then the
    # runtime's three model calls, keyed
    assert len(calls) == 3 and server.seen_keys == [(None, None)] * 2 + [(UPSTREAM_KEY, None)] * 3, server.seen_keys
    report = subprocess.run([*overlord_cmd(), "report", s["run_id"]], env=env, capture_output=True, text=True)
    assert "4 connector requests refused" in report.stdout and "connector refused POST /v1/messages: 421 misdirected" \
        in report.stdout, report.stdout
    rj = json.loads(subprocess.run([*overlord_cmd(), "report", "--json", s["run_id"]], env=env, capture_output=True,
                                   text=True).stdout)
    assert rj["connector_refused"] == 4
    # the run's key is in no file of the home (ledger, views, blobs, logs), the journal, nor an export
    export = tmp / "export.bin"
    assert subprocess.run([*overlord_cmd(), "export", str(export)], env=env, capture_output=True).returncode == 0
    journal = subprocess.run([*overlord_cmd(), "journal", "--json"], env=env, capture_output=True, text=True).stdout
    for what, data in [("export", export.read_bytes()), ("journal", journal.encode()), ("report", report.stdout.encode())]:
        assert key.encode() not in data, what
    for path in home.rglob("*"):
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path


def raw_request(port: int, target: str, headers: list[tuple[str, str]], body: bytes) -> tuple[int, bytes]:
    """POST ``target`` (a path and query) with exactly ``headers`` and ``body``."""
    head = f"POST {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
    head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode() + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1]), data.split(b"\r\n\r\n", 1)[1]


API_CALLS = {
    # the model call each runtime's CLI makes, and the key as that CLI sends it (KEY)
    "anthropic": ("/v1/messages", BODY, [("x-api-key", "KEY")]),
    "openai-responses": ("/v1/responses", {"model": "gpt-5.5", "input": "hi"}, [("Authorization", "Bearer KEY")]),
    "gemini": ("/v1beta/models/gemini-2.5-pro:generateContent",
               {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, [("x-goog-api-key", "KEY")]),
}


@pytest.mark.parametrize("api_name", sorted(API_CALLS))
def test_each_api_is_served_only_with_the_runs_key_where_its_cli_sends_it(api_name):
    """Claude Code's x-api-key, Codex's Authorization: Bearer, Gemini's x-goog-api-key (or ?key=):
    each connector requires the run's key there and nowhere else, answers a refusal in its API's
    own error shape, and strips the key from what it stores."""
    from overlord.adapters.connector.api import get_api

    api = get_api(api_name)
    key = new_runtime_key()
    wrong = key[:-1] + ("A" if key[-1] != "A" else "B")
    path, body, keyed = API_CALLS[api_name]
    others = [h for name, (_, _, hs) in API_CALLS.items() if name != api_name for h in hs]
    refused: list[AdmissionRefusal] = []
    calls: list[CallRecord] = []
    quoting = json.dumps({**body, "note": f"my key is {key}"}).encode()
    with ConnectorThread(Transcript.from_json([{"blocks": [{"text": "hello"}]}] * 4), api=api, client_key=key,
                         on_refused=refused.append, on_call=calls.append) as con:
        port = int(con.url.rsplit(":", 1)[1])
        here = [("Host", f"127.0.0.1:{port}"), ("Content-Type", "application/json")]
        fill = lambda hs, k: [(n, v.replace("KEY", k)) for n, v in hs]  # noqa: E731
        status, answer = raw_request(port, path, here + fill(keyed, key), quoting)
        assert status == 200 and b"hello" in answer, answer[:300]
        knocks = [(path, here), (path, here + fill(keyed, wrong)), (path, here + fill(others, key)),
                  (path, here + fill(keyed, wrong) + fill(keyed, key))]
        if api_name == "gemini":  # the Gemini API also takes its key as ?key=
            status, answer = raw_request(port, f"{path}?key={key}", here, json.dumps(body).encode())
            assert status == 200 and b"hello" in answer, answer[:300]
            knocks += [(f"{path}?key={wrong}", here), (f"{path}?key={key}", here + fill(keyed, wrong)),
                       (f"{path}?key={key}&key={key}", here)]
        else:  # a query parameter is no place for another API's key
            knocks += [(f"{path}?key={key}", here)]
        for target, headers in knocks:
            status, answer = raw_request(port, target, headers, json.dumps(body).encode())
            assert status == 401 and b"refused by Overlord (unauthenticated)" in answer, (target, headers, answer)
            assert key.encode() not in answer
            assert set(json.loads(answer)["error"]) == set(api.error_body(401, "authentication_error", "x")["error"])
    assert [r.status for r in refused] == [401] * len(knocks)
    assert all(key not in repr(r) for r in refused)
    served = [c for c in calls if c.status == 200]
    assert len(served) == (2 if api_name == "gemini" else 1)
    assert all(key.encode() not in c.request_body and key not in c.path for c in calls)
    assert b"[redacted]" in served[0].request_body

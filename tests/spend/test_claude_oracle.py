"""Aegis and the Oracle end to end, with the real Claude Code CLI in its jail.

* A canary secret set through ``overlord secret set`` reaches the upstream in the request's
  key header and nowhere else: no file under the home (ledger, views, blobs, logs, the
  runtime's HOME), an export, the journal, the witness's responses, the agent's environment
  (``env``, ``/proc/self/environ``, what it wrote), nor any process's environment or command
  line on the machine while the run is live.
* A run under ``max_cost_usd`` whose scripted model reports large usage stops with stop code
  ``budget``, and what is settled is at most the limit.
* A mission naming another host with the owner's key, and an unsandboxed run whose key is
  only in the store, are refused before anything runs.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from aiohttp import web

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.secrets import SecretStore
from overlord.ledger.blobs import BlobStore
from overlord.ledger.session import open_home
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import apply_policy, overlord_cmd

CANARY = "sk-ant-canary-7Qz3Vb9Lm2Xw8Rt4"
MODEL = "claude-sonnet-4-5"


class CanaryUpstream(ReplayConnector):
    """The upstream test server: answers only with the canary in ``x-api-key``, and at every
    request looks for the canary in every process's environment and command line."""

    def __init__(self, transcript: Transcript, key: str) -> None:
        super().__init__(transcript)
        self.key = key
        self.seen_keys: list[str | None] = []  # the key of each model call (POST /v1/messages)
        self.leaks: list[str] = []

    def _scan(self) -> None:
        me = os.getpid()
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit() or int(proc.name) == me:
                continue
            for part in ("environ", "cmdline"):
                try:
                    data = (proc / part).read_bytes()
                except OSError:
                    continue
                if self.key.encode() in data:
                    self.leaks.append(f"{proc.name}/{part}")

    def app(self) -> web.Application:
        app = super().app()

        @web.middleware
        async def keyed(request: web.Request, handler):  # noqa: ANN001, ANN202
            if request.method == "POST" and request.path == "/v1/messages":
                self.seen_keys.append(request.headers.get("x-api-key"))
            self._scan()
            if request.headers.get("x-api-key") != self.key:
                return web.json_response(m.error_body("authentication_error", "invalid x-api-key"), status=401)
            return await handler(request)

        app.middlewares.append(keyed)
        return app


@pytest.fixture
def world(tmp_path):
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home), OVERLORD_SECRET_PASSPHRASE="the owner's passphrase")
    env.pop("CANARY_KEY", None)
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    threads: list[ConnectorThread] = []

    def upstream(turns: list, key: str = CANARY) -> tuple[str, CanaryUpstream]:
        server = CanaryUpstream(Transcript.from_json(turns), key)
        threads.append(ConnectorThread(connector=server).start())
        return server.url, server

    yield tmp_path, home, root, env, upstream
    for t in threads:
        t.close()
    try:
        SecretStore(home).lock()
    except Exception:  # noqa: BLE001 - a test without a store
        pass


def ov(env, *args: str, stdin: str | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*overlord_cmd(), *args], env=env, input=stdin, capture_output=True, text=True, timeout=timeout)


def policy(env, tmp: Path, url: str, *, balance: float | None = None) -> None:
    """The owner's install policy: the canary goes to ``url`` only (any other loopback port may
    receive no secret), one tier there; applied with `overlord policy set` on a terminal."""
    lines = ["[[upstreams]]", f'origin = "{url}"', 'secrets = ["CANARY_KEY"]', "[[upstreams]]",
             'origin = "http://127.0.0.1:*"', "secrets = []", "[oracle]"] + (
        [f"balance_usd = {balance}"] if balance is not None else []) + [
        '[oracle.tiers.1]', 'provider = "anthropic"', f'base_url = "{url}"', f'model = "{MODEL}"',
        'credential = "CANARY_KEY"']
    apply_policy(env, "\n".join(lines) + "\n", where=tmp / "policies")


def mission(tmp: Path, connector: str, *, limits: str = "", goal: str = "Look around.") -> Path:
    path = tmp / "mission.toml"
    path.write_text(f'[mission]\ngoal = "{goal}"\nruntime = "claude-code"\nmodels = ["{MODEL}"]\n'
                    f'[guard]\nmax_denials = 5\n[limits]\ntimeout_ms = 180000\nmax_turns = 12\n{limits}'
                    f'[connector]\nmode = "record"\n{connector}')
    return path


def store_canary(env) -> None:
    assert ov(env, "secret", "init").returncode == 0
    assert ov(env, "secret", "unlock", "--timeout-s", "600").returncode == 0
    p = ov(env, "secret", "set", "CANARY_KEY", stdin=CANARY + "\n")
    assert p.returncode == 0, p.stderr


def run_json(env, path: Path, root: Path, *extra: str) -> tuple[dict, subprocess.CompletedProcess]:
    p = ov(env, "run", "--json", "--mission", str(path), "--root", str(root), *extra)
    assert p.stdout.strip(), p.stderr
    return json.loads(p.stdout), p


def events(home: Path, stream: uuid.UUID) -> list[tuple[str, object]]:
    s = open_home(home, writable=False)
    try:
        return [(r.topic.rsplit(".", 1)[-1], s.ledger.mapper.to_domain_event(r)) for r in s.ledger.stream_rows(stream)]
    finally:
        s.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def witness_responses(env, tmp: Path, run_id: str) -> bytes:
    """Every read route of a live witness serving the home (and its page)."""
    port = _free_port()
    proc = subprocess.Popen([*overlord_cmd(), "witness", "serve", "--port", str(port), "--witness-home",
                             str(tmp / "witness")], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        out = b""
        for route in ("/", "/healthz", "/api/runs", f"/api/runs/{run_id}", "/api/events?after=-1&limit=1000",
                      "/api/journal", "/api/verify", "/api/secrets"):
            with urllib.request.urlopen(base + route, timeout=30) as r:
                out += r.read()
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=30)


DUMP = ("env > seen-env.txt; tr '\\0' '\\n' < /proc/self/environ > seen-environ.txt; "
        "ps auxwwe > seen-ps.txt 2>&1; cat seen-env.txt seen-environ.txt seen-ps.txt")


def test_a_canary_secret_reaches_the_upstream_only(world, claude_bin):  # noqa: F811
    tmp, home, root, env, upstream = world
    url, server = upstream([
        {"blocks": [{"tool": "Bash", "input": {"command": DUMP, "description": "Look at the environment"}}],
         "usage": {"input_tokens": 900, "output_tokens": 60}},
        {"blocks": [{"text": "Looked around."}], "usage": {"input_tokens": 1000, "output_tokens": 10}},
    ])
    policy(env, tmp, url)
    store_canary(env)
    s, p = run_json(env, mission(tmp, f'upstream = "{url}"\napi_key_secret = "CANARY_KEY"\n'), root)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), (s, p.stderr[-2000:])
    # it reached the upstream, in the key header, on every model call
    assert server.seen_keys and all(k == CANARY for k in server.seen_keys), server.seen_keys
    assert server.leaks == [], f"the canary is in a process's environment or command line: {server.leaks}"
    # the agent ran its dump inside the jail: it saw the dummy key, never the canary
    seen = b"".join((root / f).read_bytes() for f in ("seen-env.txt", "seen-environ.txt", "seen-ps.txt"))
    assert b"ANTHROPIC_BASE_URL=http://127.0.0.1" in seen and b"ANTHROPIC_API_KEY=overlord-run-" in seen
    assert CANARY.encode() not in seen
    assert ov(env, "verify").returncode == 0
    export = tmp / "export.bin"
    assert ov(env, "export", str(export)).returncode == 0
    journal = ov(env, "journal", "--json").stdout
    cost = ov(env, "cost", "--json").stdout
    served = witness_responses(env, tmp, s["run_id"])
    assert b'"name":"CANARY_KEY"' in served.replace(b" ", b""), "the witness lists the secret by name"
    for what, data in [("export", export.read_bytes()), ("journal", journal.encode()), ("cost", cost.encode()),
                       ("witness", served)]:
        assert CANARY.encode() not in data, what
    files = [p for p in home.rglob("*") if p.is_file()] + [p for p in root.rglob("*") if p.is_file()]
    assert any(p.name == "ledger.sqlite" for p in files) and any("runtime-home" in str(p) for p in files)
    for path in files:
        assert CANARY.encode() not in path.read_bytes(), path
    # the store's events name the secret and hash the envelope; none holds the value
    kinds = [json.loads(line)["event_type"] for line in journal.splitlines()]
    assert "SecretWritten" in kinds and "SpendReserved" in kinds and "SpendSettled" in kinds


def test_another_host_with_the_owners_key_is_refused_before_anything_runs(world, claude_bin):  # noqa: F811
    tmp, home, root, env, upstream = world
    url, _ = upstream([{"blocks": [{"text": "hi"}]}])
    other, other_server = upstream([{"blocks": [{"text": "hi"}]}])
    policy(env, tmp, url)
    store_canary(env)
    count = len(ov(env, "journal", "--json").stdout.splitlines())
    p = ov(env, "run", "--mission", str(mission(tmp, f'upstream = "{other}"\napi_key_secret = "CANARY_KEY"\n')),
           "--root", str(root))
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert "the secret CANARY_KEY for connector.upstream" in p.stderr and "policy.toml line 6: secrets = []" in p.stderr
    assert len(ov(env, "journal", "--json").stdout.splitlines()) == count, "no run was opened"
    assert other_server.seen_keys == []
    # an unsandboxed run is never served from the store, and says so
    p = ov(env, "run", "--no-sandbox", "--mission",
           str(mission(tmp, f'upstream = "{url}"\napi_key_secret = "CANARY_KEY"\n')), "--root", str(root))
    assert p.returncode == 2 and "never served from the secret store" in p.stderr, p.stderr


def test_a_real_run_under_max_cost_usd_stops_with_budget(world, claude_bin):  # noqa: F811
    tmp, home, root, env, upstream = world
    big = {"input_tokens": 20_000, "output_tokens": 8_000}
    turns = [{"blocks": [{"tool": "Write", "input": {"file_path": str(root / f"part{i}.txt"), "content": f"{i}\n"}}],
              "usage": big} for i in range(10)] + [{"blocks": [{"text": "all written"}], "usage": big}]
    url, server = upstream(turns)
    policy(env, tmp, url)
    env = {**env, "CANARY_KEY": CANARY}  # from the environment this time (no store)
    limit = 1_500_000
    s, p = run_json(env, mission(tmp, f'upstream = "{url}"\napi_key_secret = "CANARY_KEY"\n',
                                 limits="max_cost_usd = 1.5\n", goal="Write the parts."), root)
    assert (s["status"], s["stop_code"]) == ("stopped", "budget"), (s, p.stderr[-2000:])
    assert "run_limit" in s["detail"] and "max_cost_usd" in s["detail"]
    run = events(home, uuid.UUID(s["run_id"]))
    calls = [e for k, e in run if k == "ConnectorCalled" and e.path == "/v1/messages"]
    session = open_home(home, writable=False)
    try:
        from overlord.domain.spend import account_id

        account = [(k, e) for k, e in events(home, account_id(session.origin)) if getattr(e, "run", None) == s["run_id"]]
        blobs = BlobStore(home / "blobs")
        sent_max = [json.loads(blobs.get(c.request_blob)).get("max_tokens") for c in calls]
    finally:
        session.close()
    reserved = [e for k, e in account if k == "SpendReserved"]
    settled = [e for k, e in account if k == "SpendSettled"]
    refused = [e for k, e in account if k == "SpendRefused"]
    assert len(settled) >= 2 and len(settled) == len(reserved) == len(calls), (len(reserved), len(settled), len(calls))
    assert refused and refused[0].reason == "run_limit" and refused[0].worst_case_micro_usd > refused[0].run_remaining_micro_usd
    total = sum(e.cost_micro_usd for e in settled)
    assert 0 < total <= limit, total
    assert all(e.basis == "usage" and e.overrun_micro_usd == 0 for e in settled)
    assert all(r.worst_case_micro_usd >= e.cost_micro_usd for r, e in zip(reserved, settled, strict=True))
    assert [c.cost_micro_usd for c in calls] == [e.cost_micro_usd for e in settled]
    # the scripted usage is one a real model could report: output within the request's max_tokens
    assert all(isinstance(n, int) and n >= big["output_tokens"] for n in sent_max), sent_max
    assert len(server.seen_keys) == len(calls), "the refused call never reached the upstream"
    stops = [e for k, e in run if k == "RunStopped"]
    assert [e.stop_code for e in stops] == ["budget"] and "spend refused (run_limit)" in stops[0].detail
    print(f"budget: {len(settled)} calls settled ${total / 1e6:.6f} of max_cost_usd $1.50; refused a worst case of "
          f"${refused[0].worst_case_micro_usd / 1e6:.6f} with ${refused[0].run_remaining_micro_usd / 1e6:.6f} left")
    # overlord cost: settled total, reserved/settled/refused per run, the install's balance
    out = json.loads(ov(env, "cost", "--json").stdout)
    assert out["total_micro_usd"] == total
    row = [r for r in out["spend"] if r["key"] == s["run_id"]][0]
    assert (row["settled_micro_usd"], row["outstanding_micro_usd"], row["refused_calls"]) == (total, 0, len(refused))
    assert out["balance"]["balance_micro_usd"] is None and out["balance"]["settled_micro_usd"] == total
    text = ov(env, "cost").stdout
    assert "install balance: no install cap" in text and s["run_id"] in text

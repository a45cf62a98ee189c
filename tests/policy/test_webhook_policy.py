"""Where Overlord itself connects for ``[notify] webhook``, the install policy says where it may:
``missions.webhooks`` is the allow-list the webhook is checked against when it is sent (not
only when the mission is read), at the address that was checked. The default ("*") lets any
public origin through and never a loopback one; an owner who lists a loopback origin gets
the settlement there."""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from overlord.domain.policy import InstallPolicy
from tests.conftest import apply_policy
from tests.policy.conftest import World

AGENT = Path(__file__).resolve().parents[1] / "mission" / "agent.py"


def test_the_webhook_allow_list_is_the_policys():
    assert InstallPolicy().webhook_origins("https://hooks.example.com/x") is None  # "*": public origins only
    p = InstallPolicy.from_bytes(b'[missions]\nwebhooks = ["http://127.0.0.1:*", "https://hooks.example.com"]\n')
    assert p.webhook_origins("http://127.0.0.1:8123/h") == ("http://127.0.0.1:8123",)
    assert p.webhook_origins("https://hooks.example.com/x") == ("https://hooks.example.com:443",)
    assert p.webhook_origins("https://evil.example/x") == ()


@pytest.fixture
def hook_server():
    heard: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            heard.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", heard
    server.shutdown()
    server.server_close()


def _run(w: World, url: str) -> dict:
    steps = w.tmp / "steps.json"
    steps.write_text(json.dumps([{"say": "done"}]))
    mission = w.tmp / "mission.toml"
    mission.write_text(f'[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["{sys.executable}", "{AGENT}", '
                       f'"{steps}"]\n[limits]\ntimeout_ms = 120000\n[notify]\nwebhook = "{url}"\n')
    p = w.ov("run", "--json", "--mission", str(mission), "--root", str(w.work), timeout=300)
    assert p.stdout.strip(), p.stderr
    return json.loads(p.stdout)


def test_a_loopback_webhook_is_reached_only_when_the_policy_names_its_origin(world, hook_server):
    w = world
    url, heard = hook_server
    s = _run(w, url)
    assert s["stop_code"] == "completed" and heard == [], "the default lets no loopback webhook through"
    books = [e["summary"] for e in w.journal() if e["event_type"] == "Bookkeeping"]
    assert len(books) == 1 and "notify_webhook" in books[0] and "loopback" in books[0], books

    apply_policy(w.env, '[missions]\nwebhooks = ["http://127.0.0.1:*"]\n', where=w.tmp / "policies")
    s = _run(w, url)
    assert s["stop_code"] == "completed"
    assert [h["run_id"] for h in heard] == [s["run_id"]] and heard[0]["status"] == "succeeded"

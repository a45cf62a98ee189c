"""The connector end to end with the real Claude Code CLI: record mode against a local
upstream, the forensic replay of a recorded run, the route, an unreachable upstream, cost.

Each mission runs as a user runs it (`overlord run --json --mission`); `overlord verify`
passes after each.
"""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from overlord.adapters.connector.transcript import Transcript
from overlord.ledger.blobs import BlobStore
from overlord.ledger.session import open_home
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import overlord_cmd
from tests.connector.conftest import UPSTREAM_KEY

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "first-mission"
MODEL = "claude-sonnet-4-5"


@pytest.fixture
def world(tmp_path):
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home), OVERLORD_UPSTREAM_API_KEY=UPSTREAM_KEY)
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    return tmp_path, home, root, env


def mission(connector: str, *, models=(MODEL,), goal: str = "Write greet.py with a greet(name) function.",
            guard: str = "") -> str:
    return (f'[mission]\ngoal = "{goal}"\nruntime = "claude-code"\nmodels = {json.dumps(list(models))}\n'
            f'[guard]\nmax_denials = 5\n{guard}[limits]\ntimeout_ms = 120000\nmax_turns = 8\n[connector]\n{connector}')


def run(world, text: str, *, root: Path | None = None, name: str = "mission.toml"):
    tmp, home, default_root, env = world
    (tmp / name).write_text(text)
    p = subprocess.run([*overlord_cmd(), "run", "--json", "--mission", str(tmp / name), "--root", str(root or default_root)],
                       env=env, capture_output=True, text=True, timeout=240)
    assert p.stdout.strip(), p.stderr
    verify = subprocess.run([*overlord_cmd(), "verify"], env=env, capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    return json.loads(p.stdout), p


def run_events(home: Path, run_id: str) -> list[tuple[str, object]]:
    session = open_home(home, writable=False)
    try:
        rows = session.ledger.stream_rows(uuid.UUID(run_id))
        return [(r.topic.rsplit(".", 1)[-1], session.ledger.mapper.to_domain_event(r)) for r in rows]
    finally:
        session.close()


def of(events, kind: str) -> list:
    return [e for k, e in events if k == kind]


def blob(home: Path, name: str) -> bytes:
    return BlobStore(home / "blobs").get(name)


def tool_story(events) -> tuple[list, list]:
    used = [(e.name, e.tool_use_id, e.input_digest) for e in of(events, "ToolUsed")]
    decided = [(e.tool, e.digest, e.decision, e.denial_class) for e in of(events, "ToolCallDecided") if not e.probe]
    return used, decided


def test_record_then_forensic_replay(world, upstream, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    url, server = upstream(Transcript.from_file(EXAMPLE / "transcript.json"))
    s, _ = run(world, mission(f'mode = "record"\nupstream = "{url}"\n'))
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), s
    assert (root / "greet.py").exists()
    events = run_events(home, s["run_id"])
    calls = of(events, "ConnectorCalled")
    model_calls = [c for c in calls if c.path == "/v1/messages"]
    assert len(model_calls) >= 4 and all(c.provider == "anthropic" and c.model == MODEL and c.status == 200 for c in model_calls)
    assert all(c.input_tokens > 0 and c.output_tokens > 0 and c.cost_micro_usd > 0 and c.latency_ns > 0 for c in model_calls)
    # the upstream saw only the upstream key, never the runtime's dummy key
    assert server.seen_keys and all(k == UPSTREAM_KEY and a is None for k, a in server.seen_keys if k is not None)
    # the exchange is stored: request and response bodies as blobs
    first = json.loads(blob(home, model_calls[0].request_blob))
    assert first["model"] == MODEL and first["messages"]
    assert b"event: message_start" in blob(home, model_calls[0].response_blob)
    # no key anywhere: not in an event, not in a blob, not in any file of the home
    for path in home.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert UPSTREAM_KEY.encode() not in data and b"overlord-run-" not in data, path
    used, decided = tool_story(events)
    assert used and any(d[2] == "deny" for d in decided)

    # the forensic replay: the recorded run's responses, served again by its id, no upstream,
    # in the same worker root as the recorded run found it (moved aside, recreated empty)
    recorded_root = tmp / "work-recorded"
    root.rename(recorded_root)
    root.mkdir()
    s2, _ = run(world, mission(f'mode = "replay"\ntranscript = "{s["run_id"]}"\n'), name="replay.toml")
    assert (s2["status"], s2["stop_code"]) == ("succeeded", "completed"), s2
    events2 = run_events(home, s2["run_id"])
    assert tool_story(events2) == (used, decided), "the same tool calls and the same decisions"
    assert (root / "greet.py").read_bytes() == (recorded_root / "greet.py").read_bytes()
    replayed = [c for c in of(events2, "ConnectorCalled") if c.path == "/v1/messages"]
    assert [blob(home, c.response_blob) for c in replayed[:len(model_calls)]] == [blob(home, c.response_blob) for c in model_calls]
    assert all(c.provider == "replay" and c.cost_micro_usd == 0 for c in replayed)


def test_cost_is_the_sum_of_the_connector_events(world, upstream, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    turns = [{"blocks": [{"tool": "Write", "input": {"file_path": str(root / "a.txt"), "content": "a\n"}}],
              "usage": {"input_tokens": 1000, "output_tokens": 100}},
             {"blocks": [{"text": "done"}], "usage": {"input_tokens": 2000, "output_tokens": 10}}]
    url, _ = upstream(Transcript.from_json(turns))
    # the upstream is sent the owner's key: the mission's file may raise the install's price ($3/$15), not lower it
    (tmp / "prices.toml").write_text(f'[models."{MODEL}"]\ninput = 4\noutput = 20\n')
    s, _ = run(world, mission(f'mode = "record"\nupstream = "{url}"\nprices = "prices.toml"\n', goal="write a.txt"))
    assert s["stop_code"] == "completed", s
    events = run_events(home, s["run_id"])
    calls = [c for c in of(events, "ConnectorCalled") if c.path == "/v1/messages"]
    assert [(c.input_tokens, c.output_tokens) for c in calls[:2]] == [(1000, 100), (2000, 10)]
    assert [c.cost_micro_usd for c in calls[:2]] == [1000 * 4 + 100 * 20, 2000 * 4 + 10 * 20]
    session = open_home(home, writable=False)
    try:
        run_state = session.ledger.get(uuid.UUID(s["run_id"]))
    finally:
        session.close()
    assert run_state.cost_micro_usd == sum(c.cost_micro_usd for c in of(events, "ConnectorCalled")) > 0
    journal = subprocess.run([*overlord_cmd(), "journal", "--json", "--run", s["run_id"]], env=env, capture_output=True,
                             text=True, check=True).stdout
    assert f"model call /v1/messages {MODEL} via anthropic: 200" in journal


def test_a_sub_agent_outside_the_route_ends_with_route_mismatch(world, claude_bin):  # noqa: F811
    """The CLI is started with the route's model; the transcript has it start a sub-agent on
    another model (``haiku``; the policy lets native sub-agents run), whose model request
    names a model outside the route: refused, and the run stops."""
    tmp = world[0]
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"tool": "Task", "input": {"description": "look around", "prompt": "say hi",
                                               "subagent_type": "general-purpose", "model": "haiku"}}]},
        {"blocks": [{"text": "sub-agent done"}]}, {"blocks": [{"text": "all done"}]},
        {"blocks": [{"text": "waiting"}], "stall": True}]))
    s, _ = run(world, mission('mode = "replay"\ntranscript = "t.json"\n', guard="allow_native_subagents = true\n"))
    assert (s["status"], s["stop_code"]) == ("stopped", "route_mismatch"), [(k, vars(e)) for k, e in run_events(world[1], s["run_id"])]
    assert "haiku" in s["detail"] and "outside the route" in s["detail"]
    stopped = of(run_events(world[1], s["run_id"]), "RunStopped")
    assert stopped and stopped[0].stop_code == "route_mismatch"


def test_unreachable_upstream_fails_before_anything_runs(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    (tmp / "m.toml").write_text(mission(f'mode = "record"\nupstream = "http://127.0.0.1:{port}"\n'))
    p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp / "m.toml"), "--root", str(root)],
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "does not answer" in p.stderr and "Traceback" not in p.stderr, p.stderr
    journal = subprocess.run([*overlord_cmd(), "journal", "--json"], env=env, capture_output=True, text=True).stdout
    assert '"Opened"' not in journal, "nothing was opened (the home holds only `overlord init`'s policy)"


def test_replay_of_an_unknown_run_fails_before_anything_runs(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    (tmp / "m.toml").write_text(mission(f'mode = "replay"\ntranscript = "{uuid.uuid4()}"\n'))
    p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp / "m.toml"), "--root", str(root)],
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "no recorded run" in p.stderr, p.stderr

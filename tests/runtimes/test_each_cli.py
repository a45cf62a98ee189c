"""Issue 14 end to end with each real CLI (Claude Code, Codex, Gemini), offline, replayed, as a
user runs a mission (`overlord run --mission`, inside bubblewrap, `overlord verify` after each).

One main run per CLI shows the guard on the CLI's own tools: an allowed edit lands (its file
tool), a write outside the root by its shell is denied and absent from disk and the agent got
the contract message, a tool the CLI does not have is not run, the key in OVERLORD_HOME cannot be
read from inside, and `diff`, `blame`, `cost` and `report` are right for the run. Then the
stop codes (denial_budget, turn_limit, stall, a kill; route_mismatch in tests/truth) for Codex and Gemini
(Claude Code's are in tests/mission), the hook settings the agent cannot change, and record then
replay reproducing the same tool calls and decisions.
"""

from __future__ import annotations

import json
import subprocess
import time
import uuid

import pytest

from overlord.adapters.connector.api import get_api
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.runtimes.registry import get_runtime
from overlord.domain.guard.messages import denial_message  # noqa: F401 - the contract's wording lives there
from overlord.ledger.session import open_home
from tests.conftest import overlord_cmd
from tests.truth.agents import (
    MODEL,
    RUNTIMES,
    cli,
    events,
    explain,
    first_id,
    mission,
    run,
    shell_block,
    write_block,
)

CONTRACT = "outside the worker root"
"""What the guard's denial message tells the agent about a write outside its root."""


def transcript(tmp, runtime: str, turns: list) -> str:
    path = tmp / f"{runtime}-{uuid.uuid4().hex[:6]}.json"
    path.write_text(json.dumps(turns))
    return str(path)


def ledger_events(home, run_id: str) -> list[tuple[str, object]]:
    session = open_home(home, writable=False)
    try:
        rows = session.ledger.stream_rows(uuid.UUID(run_id))
        return [(r.topic.rsplit(".", 1)[-1], session.ledger.mapper.to_domain_event(r)) for r in rows]
    finally:
        session.close()


def request_bodies(home, run_id: str) -> list[bytes]:
    session = open_home(home, writable=False)
    try:
        return [session.blobs.get(e.request_blob) for k, e in ledger_events(home, run_id) if k == "ConnectorCalled"]
    finally:
        session.close()


def ov(env, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*overlord_cmd(), *args], env=env, capture_output=True, text=True, timeout=60)


READ_KEY = '''
try:
    data = open({key!r}).read(40)
    outcome = "read:" + data
except OSError as e:
    outcome = "error:" + str(e.strerror)
open("keyread.txt", "w").write(outcome + "\\n")
'''


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_guard_on_each_clis_own_tools(world, runtime):
    cli(runtime)
    tmp, home, root, env = world
    key = str(home / "keys" / "log.key")
    turns = [
        {"blocks": [{"text": "writing"}, write_block(runtime, "greet.py", "def greet(name):\n    return name\n")]},
        {"blocks": [shell_block(runtime, "echo escaped > ../escaped-by-shell.txt")]},
        {"blocks": [write_block(runtime, "../escaped-by-file.txt", "escaped\n")]},
        {"blocks": [{"tool": "frobnicate", "input": {"path": "../escaped-by-frob.txt"}}]},
        {"blocks": [write_block(runtime, "x.py", READ_KEY.format(key=key))]},
        {"blocks": [shell_block(runtime, "python3 x.py")]},
        {"blocks": [{"text": "done"}]},
    ]
    s, journal, report = run(world, mission(runtime, transcript(tmp, runtime, turns)))
    assert s["stop_code"] == "completed", explain(journal)
    assert (root / "greet.py").read_text() == "def greet(name):\n    return name\n"
    assert not any((tmp / f"escaped-by-{how}.txt").exists() for how in ("shell", "file", "frob"))
    decided = [e["summary"] for e in events(journal, "ToolCallDecided") if not e["summary"].startswith("probe")]
    assert any("deny (write_outside)" in d and "escaped-by-shell" in d for d in decided), decided
    assert not any("frobnicate" in d and " allow" in d for d in decided), decided
    # the agent got the contract message: it is in the next model request, from the CLI
    assert any(CONTRACT.encode() in b and b"escaped-by-shell" in b for b in request_bodies(home, s["run_id"])), decided
    bodies = request_bodies(home, s["run_id"])
    if runtime == "gemini":  # the CLI refuses a file tool's path outside its workspace itself, before its hook
        assert not any("escaped-by-file" in d for d in decided), decided
        assert any(b"escaped-by-file" in b and b"workspace" in b for b in bodies), decided
    else:
        assert any("deny (write_outside)" in d and "escaped-by-file" in d for d in decided), decided
        assert any(CONTRACT.encode() in b and b"escaped-by-file" in b for b in bodies), decided
    outcome = (root / "keyread.txt").read_text()
    assert outcome.startswith("error:") and "PRIVATE" not in outcome, outcome
    # the views
    diff = ov(env, "diff", s["run_id"])
    assert diff.returncode == 0 and "greet.py" in diff.stdout, diff.stdout + diff.stderr
    blame = [json.loads(x) for x in ov(env, "blame", "--json", str(root / "greet.py")).stdout.splitlines()]
    assert blame and all(b["tool_use_id"] == first_id(runtime, 0, 1) for b in blame), blame
    cost = json.loads(ov(env, "cost", "--json").stdout)
    calls = [e for k, e in ledger_events(home, s["run_id"]) if k == "ConnectorCalled"]
    assert cost["total_micro_usd"] == sum(c.cost_micro_usd for c in calls)
    assert len([c for c in calls if c.status == 200]) == len(turns)
    assert "stop code completed" in report and "write_outside" in report, report
    assert f"denied; {len(turns)} turns;" in report, report  # each model answer a turn, whatever the stream says


STOPS = ("codex", "gemini")


@pytest.mark.parametrize("runtime", STOPS)
def test_denial_budget_turn_limit_stall(world, runtime):
    cli(runtime)
    tmp, home, root, env = world
    outside = [{"blocks": [shell_block(runtime, f"echo x > ../out-{i}.txt")]} for i in range(3)]
    s, journal, _ = run(world, mission(runtime, transcript(tmp, runtime, [*outside, {"blocks": [{"text": "done"}]}]))
                        .replace("max_denials = 20", "max_denials = 1"))
    assert s["stop_code"] == "denial_budget", explain(journal)
    talk = [{"blocks": [shell_block(runtime, f"echo {i}")]} for i in range(4)]
    s, journal, _ = run(world, mission(runtime, transcript(tmp, runtime, talk), extra="max_turns = 2\n"))
    assert s["stop_code"] == "turn_limit", explain(journal)
    stall = [{"blocks": [{"text": "going quiet"}], "stall": True}]
    s, journal, _ = run(world, mission(runtime, transcript(tmp, runtime, stall), extra="stall_timeout_ms = 5000\n"))
    assert s["stop_code"] == "stall", explain(journal)
    # route_mismatch: the CLI asks for the route's first model; an off-route request (the agent's own,
    # through a plain and a rewritten path) ends the run so: tests/truth/test_forgery.py


@pytest.mark.parametrize("runtime", STOPS)
def test_a_kill_ends_the_run_as_cancelled(world, runtime):
    cli(runtime)
    tmp, home, root, env = world
    (tmp / "m.toml").write_text(mission(runtime, transcript(tmp, runtime, [{"blocks": [{"text": "quiet"}], "stall": True}])))
    proc = subprocess.Popen([*overlord_cmd(), "run", "--json", "--mission", str(tmp / "m.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    run_id = None
    while time.time() < deadline and run_id is None:
        for c in (home / "runs").glob("*/control.json") if (home / "runs").exists() else []:
            data = json.loads(c.read_text() or "{}")
            if data.get("runtime_pid"):
                run_id = c.parent.name
        time.sleep(0.5)
    assert run_id, "the run never started its runtime"
    time.sleep(2)
    k = ov(env, "kill", run_id, "--json")
    assert json.loads(k.stdout)["outcome"] in ("cancelled_gracefully", "force_killed"), k.stderr
    out, _ = proc.communicate(timeout=60)
    assert json.loads(out)["stop_code"] == "cancelled"
    assert ov(env, "verify").returncode == 0


READ_ONLY = {"claude-code": ["{root}/.claude/settings.json", "/etc/claude-code/managed-settings.json"],
             "codex": ["{home}/.codex/config.toml"],
             "gemini": ["/etc/gemini-cli/settings.json"]}
"""Where each CLI's hook lives: read-only inside the sandbox."""
SWITCH_OFF = {"claude-code": ("{home}/.claude/settings.json", '{"disableAllHooks": true}'),
              "codex": ("{root}/.codex/config.toml", "[features]\nhooks = false\n"),
              "gemini": ("{home}/.gemini/settings.json", '{"hooksConfig": {"disabled": ["overlord-guard"]}}')}
"""A settings file the agent can write that would switch the hook off: watched by hash."""
TAMPER = '''
import os
home, root = os.environ["HOME"], os.getcwd()
outcomes = []
for path in {paths!r}:
    path = path.format(home=home, root=root)
    try:
        with open(path, "w") as f:
            f.write("{{}}")
        outcomes.append("wrote " + path)
    except OSError as e:
        outcomes.append("error " + path + ": " + str(e.strerror))
open("tamper.txt", "w").write("\\n".join(outcomes) + "\\n")
path = {switch!r}.format(home=home, root=root)
os.makedirs(os.path.dirname(path), exist_ok=True)
open(path, "w").write({body!r})
'''


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_agent_cannot_switch_its_hook_off(world, runtime):
    """A script the guard never saw tries to rewrite the CLI's hook settings: every write to
    where the hook lives fails (read-only in the jail); the settings file it can write, which
    would switch the hook off, is caught by hash: guard_tamper, the run stops with policy, and
    the next call is never run."""
    cli(runtime)
    tmp, home, root, env = world
    switch, body = SWITCH_OFF[runtime]
    turns = [{"blocks": [write_block(runtime, "t.py", TAMPER.format(paths=READ_ONLY[runtime], switch=switch,
                                                                   body=body))]},
             {"blocks": [shell_block(runtime, "python3 t.py")]},
             {"blocks": [shell_block(runtime, "echo after > ../after-tamper.txt")]},
             {"blocks": [{"text": "done"}]}]
    s, journal, report = run(world, mission(runtime, transcript(tmp, runtime, turns)))
    lines = (root / "tamper.txt").read_text().splitlines()
    assert len(lines) == len(READ_ONLY[runtime]) and all(line.startswith("error ") for line in lines), lines
    assert not (tmp / "after-tamper.txt").exists()
    assert (s["status"], s["stop_code"]) == ("stopped", "policy") and "guard_tamper" in s["detail"], explain(journal)
    name = switch.split("}", 1)[1]
    tampered = events(journal, "GuardTampered")
    assert len(tampered) == 1 and name in tampered[0]["summary"] and "during the run" in tampered[0]["summary"], \
        explain(journal)
    assert "guard_tamper" in report and "stop code policy" in report, report
    assert not any(" allow" in e["summary"] and "after-tamper" in e["summary"] for e in events(journal, "ToolCallDecided"))


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_record_then_replay_reproduces_the_tool_calls_and_decisions(world, runtime):
    cli(runtime)
    tmp, home, root, env = world
    turns = [{"blocks": [write_block(runtime, "greet.py", "print('hi')\n")]},
             {"blocks": [shell_block(runtime, "echo x > ../outside.txt")]},
             {"blocks": [shell_block(runtime, "cat greet.py")]}, {"blocks": [{"text": "done"}]}]
    api = get_api(get_runtime(runtime).api)
    (tmp / "prices.toml").write_text(f'[models."{MODEL[runtime]}"]\ninput = 2.0\noutput = 8.0\ncache_read = 0.5\n')
    with ConnectorThread(Transcript.from_json(turns), api=api) as upstream:
        text = mission(runtime, tmp / "unused.json").replace(
            'mode = "replay"\ntranscript = "' + str(tmp / "unused.json") + '"',
            f'mode = "record"\nupstream = "{upstream.url}"\nprices = "{tmp / "prices.toml"}"')
        s, journal, _ = run(world, text)
    assert s["stop_code"] == "completed", explain(journal)
    calls = [e for k, e in ledger_events(home, s["run_id"]) if k == "ConnectorCalled" and e.status == 200]
    assert len(calls) == len(turns) and all(c.provider == api.provider for c in calls), [vars(c) for c in calls]
    for c in calls:  # tokens from the API's own usage fields, priced
        assert c.input_tokens > 0 and c.output_tokens > 0, vars(c)
        total = c.input_tokens * 2_000_000 + c.output_tokens * 8_000_000 + c.cache_read_input_tokens * 500_000
        assert c.cost_micro_usd == (total + 500_000) // 1_000_000, vars(c)
    cost = json.loads(ov(env, "cost", "--json").stdout)
    assert cost["total_micro_usd"] == sum(c.cost_micro_usd for c in calls) > 0
    # every call of the runtime's own API went through the spend reserve: reserved, then settled from its usage
    (spent,) = [r for r in cost["spend"] if r["key"] == s["run_id"]]
    assert spent["settled_micro_usd"] == cost["total_micro_usd"] and spent["outstanding_micro_usd"] == 0, spent
    assert spent["reserved_micro_usd"] > spent["settled_micro_usd"], "each call's worst case was reserved first"

    def story(journal):
        return [(e["summary"].split(":")[0]) for e in events(journal, "ToolCallDecided")
                if not e["summary"].startswith("probe")]

    recorded = story(journal)
    (root / "greet.py").unlink()
    s2, journal2, _ = run(world, mission(runtime, s["run_id"]))
    assert s2["stop_code"] == "completed", explain(journal2)
    assert story(journal2) == recorded and any("deny" in x for x in recorded), (recorded, story(journal2))
    assert (root / "greet.py").read_text() == "print('hi')\n"


EXAMPLES = {"codex": "codex-mission", "gemini": "gemini-mission"}


@pytest.mark.parametrize("runtime", sorted(EXAMPLES))
def test_the_shipped_example_mission(world, runtime):
    from tests.conftest import ROOT

    cli(runtime)
    tmp, home, root, env = world
    example = ROOT / "examples" / EXAMPLES[runtime]
    text = (example / "mission.toml").read_text().replace('transcript = "transcript.json"',
                                                         f'transcript = "{example / "transcript.json"}"')
    s, journal, report = run(world, text)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), explain(journal)
    assert (root / "greet.py").exists() and not list(tmp.glob("escaped-*"))
    denied = [e for e in events(journal, "ToolCallDecided") if " deny " in e["summary"] and not e["summary"].startswith("probe")]
    assert len(denied) == (3 if runtime == "codex" else 2), explain(journal)
    assert "stop code completed" in report

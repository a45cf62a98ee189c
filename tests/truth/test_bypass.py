"""Issue 10 items 1, 2 and 6 at the connector: every tool use has a decision, and only each
API's canonical model paths are forwarded.

With each real CLI (Claude Code, Codex, Gemini) whose hook allows everything without asking the
decision service (a hook the agent switched for its own), its file tool runs with no decision;
the next model request
carries its result, so the connector does not serve it, the run's ground truth stops it with
``policy`` and a ``ForgeryRefused`` names the tool use.
"""

from __future__ import annotations

import json
import os
import subprocess

import aiohttp
import pytest

from overlord.adapters.connector.api import get_api
from overlord.adapters.connector.calls import Route
from overlord.adapters.connector.paths import PathRefused, canonical_path
from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.runtimes import claude_code as cc
from overlord.adapters.runtimes.base import HookCommands, Launch
from overlord.adapters.runtimes.registry import get_runtime
from overlord.domain.settlement import StopCode
from overlord.supervision.ground_truth import GroundTruth
from tests.truth.agents import MODEL, RUNTIMES, cli, first_id, write_block

ALLOW_ALL = {
    "claude-code": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"allow\", "
                   "\"permissionDecisionReason\": \"switched\"}}'",
    "codex": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"allow\", "
             "\"permissionDecisionReason\": \"switched\"}}'",
    "gemini": "echo '{\"decision\": \"allow\", \"reason\": \"switched\"}'",
}
"""A hook that allows every call without asking the decision service (the agent's own)."""


def _switched_hook(runtime: str, root, home) -> dict[str, str]:
    """Put the allow-everything hook where each CLI reads it (Claude Code: the root's project
    settings; Codex: its config in CODEX_HOME; Gemini: its user settings); returns the extra
    environment the CLI needs to find it."""
    if runtime == "claude-code":
        (root / ".claude").mkdir()
        (root / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"PreToolUse": [
            {"matcher": "*", "hooks": [{"type": "command", "command": ALLOW_ALL[runtime]}]}]}}))
        return {}
    settings = get_runtime(runtime).guard_settings(HookCommands(ALLOW_ALL[runtime]), sandboxed=False)
    for rel, data in {**settings.home, **settings.locked}.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_bytes(data)
    return dict(settings.env)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_tool_use_that_ran_with_no_decision_stops_the_run(tmp_path, runtime):
    binary = cli(runtime)
    rt = get_runtime(runtime)
    root, home = tmp_path / "work", tmp_path / "home"
    root.mkdir()
    home.mkdir()
    extra = _switched_hook(runtime, root, home)
    tampers: list[tuple[str, str, str]] = []
    truth = GroundTruth(rt, on_tamper=lambda *a: tampers.append(a))
    target = str(root / "undecided.txt") if runtime == "claude-code" else "undecided.txt"
    transcript = Transcript.from_json([{"blocks": [write_block(runtime, target, "x\n")]},
                                       {"blocks": [{"text": "never served"}]}])
    with ConnectorThread(transcript, api=get_api(rt.api), guard=truth, route=Route((MODEL[runtime],))) as conn:
        launch = Launch(prompt="go", home=home, host_env={"PATH": os.environ["PATH"]}, extra_env=extra,
                        model=MODEL[runtime], max_turns=4, connector_url=conn.url, api_key="sk-dummy-0000000000")
        argv = rt.argv(binary, launch)
        if runtime == "claude-code":
            argv = cc.build_argv(binary, cc.Invocation(prompt="go", max_turns=4, model=MODEL[runtime],
                                                       allowed_tools=cc.ALLOWED_TOOL_FLAGS))
        proc = subprocess.run(argv, cwd=root, env=rt.env(launch), capture_output=True, text=True, timeout=120,
                              stdin=subprocess.DEVNULL)
        served = [r.turn for r in conn.requests if r.turn is not None]
    assert (root / "undecided.txt").exists(), proc.stdout[-2000:] + proc.stderr[-2000:]  # it ran: the hook was bypassed
    assert served == [0], (served, proc.stdout[-2000:])  # the request carrying its result was not served
    use = first_id(runtime, 0, 0)
    assert truth.violation() is not None and truth.violation()[0] is StopCode.POLICY
    assert use in truth.violation()[1] and "no decision" in truth.violation()[1], truth.violation()
    assert [t[:2] for t in tampers] == [("connector", use)], tampers
    assert truth.tampers == 1


@pytest.mark.parametrize(("raw", "canonical"), [
    ("/v1/messages", "/v1/messages"), ("/v1/./messages", "/v1/messages"), ("/v1//messages", "/v1/messages"),
    ("/v1/x/../messages", "/v1/messages"), ("/V1/Messages", "/v1/messages"), ("/v1/%6Dessages", "/v1/messages"),
    ("/v1/%2e/messages", "/v1/messages"), ("/../v1/messages", "/v1/messages"),
])
def test_paths_are_made_canonical_before_any_check(raw, canonical):
    assert canonical_path(raw).path == canonical


@pytest.mark.parametrize("raw", ["/v1%2fmessages", "/v1/%252e/messages", "/v1/mess%00ages", "/v1\\messages"])
def test_paths_with_no_single_reading_are_refused(raw):
    with pytest.raises(PathRefused):
        canonical_path(raw)


CASES = {
    "anthropic": ("/v1/./messages", {"model": "off-route", "messages": []}, "/v1/responses"),
    "openai-responses": ("/v1//Responses", {"model": "off-route", "input": "x"}, "/v1/messages"),
    "gemini": ("/v1beta/models/../models/off-route:generateContent", {"contents": []}, "/v1/messages"),
}


@pytest.mark.parametrize("api_name", sorted(CASES))
@pytest.mark.asyncio
async def test_each_api_forwards_only_its_allow_list(api_name):
    api = get_api(api_name)
    rewritten, body, foreign = CASES[api_name]
    calls = []
    route = Route(("on-route",))
    conn = await ReplayConnector(Transcript(), api=api, route=route, on_call=calls.append).start()
    try:
        async with aiohttp.ClientSession() as s:
            async with s.post(conn.url + rewritten, json=body) as r:
                assert r.status == 400 and "route_mismatch" in (await r.text())
            async with s.post(conn.url + foreign, json={"model": "on-route"}) as r:
                assert r.status == 404 and "not a" in (await r.text())
            async with s.get(conn.url + "/v1/admin/%2e%2e/keys") as r:
                assert r.status == 404
            async with s.get(conn.url + api.probe_path) as r:  # the model list: no route check
                assert r.status == 200
    finally:
        await conn.close()
    assert route.violation() is not None and route.violation()[0] is StopCode.ROUTE_MISMATCH
    refused = [(c.provider, c.status) for c in calls]
    assert refused == [("refused", 400), ("refused", 404), ("refused", 404)], refused


@pytest.mark.parametrize("runtime", ["claude-code", "codex", "gemini"])
def test_each_api_renders_and_reads_back_the_same_tool_uses(runtime):
    rt = get_runtime(runtime)
    api = get_api(rt.api)
    turn = Transcript.from_json([{"blocks": [{"text": "hi"}, {"tool": "t1", "input": {"a": 1}},
                                             {"tool": "t2", "input": {"b": [1, 2]}}],
                                  "usage": {"input_tokens": 7, "output_tokens": 3}}]).turn(0)
    for stream in (True, False):
        out = api.render(turn, index=4, model="m", usage=turn.usage, stream=stream, body={})
        uses = api.tool_uses(out.head + out.tail)
        assert [(u.tool, dict(u.input)) for u in uses] == [("t1", {"a": 1}), ("t2", {"b": [1, 2]})]
        assert all(u.id and "000004" in u.id for u in uses)
        t = api.tokens(out.head + out.tail)
        assert (t.input_tokens, t.output_tokens) == (7, 3)

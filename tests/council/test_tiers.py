"""The loop on the Oracle's tiers: a correction cycle escalates to the reserved tier.

The install policy has two tiers with credentials of their own; the dearer one is reserved
for a task whose self-check failed. The real Claude Code CLI records through the connector to
a local upstream that answers from a script: the first attempt (a stub) goes to the cheap
tier, the correction after the gate's fail goes to the reserved tier with that tier's own
key, and each run records its ``RouteDecided``. A mission naming a tier keeps it (the
mission's keys win); a flagged task escalates from its first cycle.
"""

from __future__ import annotations

import json
import uuid

from aiohttp import web

from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import Transcript
from overlord.domain.oracle import OraclePolicy, chosen, route
from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.conftest import apply_policy
from tests.council.conftest import GOOD, PRIME_GOAL, STUB, TESTS

MODEL = "claude-sonnet-4-5"
TIERS = {"cheap": ("CHEAP_TIER_KEY", "sk-ant-cheap-tier-00000001", 1, 5),
         "dear": ("DEAR_TIER_KEY", "sk-ant-dear-tier-000000002", 15, 75)}


class KeyedUpstream(ReplayConnector):
    """The upstream: answers from its script and notes the key of each model call."""

    def __init__(self, transcript: Transcript) -> None:
        super().__init__(transcript)
        self.keys: list[str | None] = []

    def app(self) -> web.Application:
        app = super().app()

        @web.middleware
        async def keyed(request: web.Request, handler):  # noqa: ANN001, ANN202
            if request.method == "POST" and request.path == "/v1/messages":
                self.keys.append(request.headers.get("x-api-key"))
            return await handler(request)

        app.middlewares.append(keyed)
        return app


def _policy(url: str) -> dict:
    return {"tiers": {name: {"provider": "anthropic", "base_url": url, "model": MODEL, "credential": cred,
                             "price": {"input": i, "output": o}} for name, (cred, _, i, o) in TIERS.items()}}


def test_escalation_asks_for_the_reserved_tier_first_unless_a_tier_is_named():
    p = OraclePolicy.from_mapping(_policy("https://api.anthropic.com"))
    assert p.reserved() == "dear"
    assert [(d.tier, d.outcome) for d in route(p, mission_tier=None, goal="g")] == [("cheap", "chosen")]
    assert [(d.tier, d.outcome) for d in route(p, mission_tier=None, goal="g", escalate=True)] == [("dear", "escalated")]
    assert chosen(route(p, mission_tier="cheap", goal="g", escalate=True)) == "cheap"  # the mission's tier wins
    assert chosen(route(p, mission_tier=None, goal="Using Tier cheap", escalate=True)) == "cheap"
    no_key = OraclePolicy.from_mapping({"tiers": {**_policy("https://a.example")["tiers"],
                                                  "dear": {**_policy("https://a.example")["tiers"]["dear"],
                                                           "credential": None}}})
    d = route(no_key, mission_tier=None, goal="g", escalate=True)
    assert [(x.tier, x.outcome) for x in d] == [("dear", "rejected"), ("cheap", "chosen")]  # never borrowed


def _turns(root, solution: str, *, first: bool) -> list[dict]:
    sol, test = str(root / "pkg" / "solution.py"), str(root / "pkg" / "test_solution.py")
    out = [{"blocks": [{"text": "Writing it."}, {"tool": "Write", "input": {"file_path": sol, "content": solution}}]}]
    if first:
        out.append({"blocks": [{"tool": "Write", "input": {"file_path": test, "content": TESTS}}]})
    return [*out, {"blocks": [{"text": "Done."}]}]


def _routes(home, run_id: str) -> list[tuple[str, str]]:
    s = open_home(home, writable=False)
    try:
        events = [s.ledger.mapper.to_domain_event(r) for r in s.ledger.stream_rows(uuid.UUID(run_id))]
        return [(e.tier, e.outcome) for e in events if isinstance(e, Run.RouteDecided)]
    finally:
        s.close()


def test_a_correction_cycle_escalates_to_the_reserved_tier_with_its_own_key(world, claude_bin):
    (world.root / "pkg").mkdir()
    upstream = KeyedUpstream(Transcript.from_json(_turns(world.root, STUB, first=True)
                                                  + _turns(world.root, GOOD, first=False)))
    thread = ConnectorThread(connector=upstream).start()
    try:
        creds = [cred for cred, _, _, _ in TIERS.values()]
        lines = ["[[upstreams]]", f'origin = "{upstream.url}"', f"secrets = {json.dumps(creds)}", "[oracle]"]
        for name, t in _policy(upstream.url)["tiers"].items():
            lines += [f"[oracle.tiers.{name}]", *(f"{k} = {json.dumps(v)}" for k, v in t.items() if k != "price"),
                      f"price = {{ input = {t['price']['input']}, output = {t['price']['output']} }}"]
        apply_policy(world.env, "\n".join(lines) + "\n", where=world.tmp / "policies")  # as the owner does
        world.env.update({cred: key for cred, key, _, _ in TIERS.values()})
        mission = world.tmp / "mission.toml"
        mission.write_text(
            f'[mission]\ngoal = {json.dumps(PRIME_GOAL)}\nruntime = "claude-code"\nmodels = ["{MODEL}"]\n'
            "[limits]\nstartup_timeout_ms = 60000\nstall_timeout_ms = 60000\ntimeout_ms = 300000\nmax_turns = 8\n"
            'max_cost_usd = 5\n[connector]\nmode = "record"\n[gate]\nartifact = "pkg"\n')
        p = world.overlord("task", "run", str(mission), "--root", str(world.root), "--json", timeout=600)
        out = world.last_json(p)
        assert (out["state"], out["cycles"], out["verdict"]) == ("DONE", 1, "pass"), p.stdout + p.stderr[-3000:]
        first, second = out["runs"]
        assert _routes(world.home, first) == [("cheap", "chosen")]
        assert _routes(world.home, second) == [("dear", "escalated")]
        cheap, dear = TIERS["cheap"][1], TIERS["dear"][1]
        n = len(upstream.keys)
        assert n >= 4 and set(upstream.keys[:3]) == {cheap} and set(upstream.keys[3:]) == {dear}, upstream.keys
        world.overlord("verify", check=True)
    finally:
        thread.close()

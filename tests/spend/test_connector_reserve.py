"""The record connector with the spend reserve, on a real ledger, against a local upstream:
what is reserved, sent, settled and refused for each kind of call; the tier plan; the bad
inputs of a mission."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.error
import urllib.request
import uuid

import pytest
from aiohttp import web

from overlord.adapters.connector.admission import new_runtime_key
from overlord.adapters.connector.budget import DEFAULT_MAX_TOKENS
from overlord.adapters.connector.calls import Route
from overlord.adapters.connector.record import RecordConnector
from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import Transcript
from overlord.domain.mission import Mission
from overlord.domain.policy import InstallPolicy
from overlord.domain.prices import PriceTable
from overlord.domain.settlement import StopCode
from overlord.domain.spend import account_id
from overlord.errors import ConfigError
from overlord.ledger.session import init_home
from overlord.supervision.mission_connector import plan_connector
from overlord.supervision.spend import LedgerSpendReserve
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import StepClock, overlord_cmd

MODEL = "claude-sonnet-4-5"
RUN_KEY = new_runtime_key()


class Upstream(ReplayConnector):
    """Keeps each model request body it was sent."""

    def __init__(self, transcript: Transcript) -> None:
        super().__init__(transcript)
        self.bodies: list[dict] = []

    def app(self) -> web.Application:
        app = super().app()

        @web.middleware
        async def keep(request: web.Request, handler):  # noqa: ANN001, ANN202
            if request.path == "/v1/messages":
                self.bodies.append(json.loads(await request.read()))
            return await handler(request)

        app.middlewares.append(keep)
        return app


@pytest.fixture
def rig(tmp_path):
    session = init_home(tmp_path / "home")
    threads: list[ConnectorThread] = []

    def make(turns: list, *, limit: int | None = None, free: bool = False, models=(MODEL,), upstream_url=None,
             prices: PriceTable | None = None, timeout_s: float = 60.0):
        up = Upstream(Transcript.from_json(turns))
        threads.append(ConnectorThread(connector=up).start())
        spend = LedgerSpendReserve(session.ledger, origin=session.origin, run_id=uuid.uuid4(), clock=StepClock(),
                                   run_limit_micro_usd=limit, free=free)
        con = RecordConnector(upstream_url or up.url, api_key="k", client_key=RUN_KEY, route=Route(models),
                              prices=prices or PriceTable.built_in(), spend=spend, timeout_s=timeout_s)
        threads.append(ConnectorThread(connector=con).start())
        return con, up, spend

    yield session, make
    for t in reversed(threads):
        t.close()
    session.close()


def post(url: str, body: dict) -> tuple[int, bytes]:
    req = urllib.request.Request(url + "/v1/messages", data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json", "x-api-key": RUN_KEY})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def account(session, run: str) -> list[tuple[str, object]]:
    """The run's spend events, once every reservation is settled (a settlement follows the
    answer it settles: wait for it, up to 30 s)."""
    import time

    deadline = time.monotonic() + 30
    while True:
        rows = session.ledger.stream_rows(account_id(session.origin))
        out = [(r.topic.rsplit(".", 1)[-1], session.ledger.mapper.to_domain_event(r)) for r in rows]
        mine = [(k, e) for k, e in out if getattr(e, "run", None) == run]
        kinds = [k for k, _ in mine]
        if kinds.count("SpendReserved") == kinds.count("SpendSettled") or time.monotonic() > deadline:
            return mine
        time.sleep(0.05)


MSG = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "stream": True}
USAGE = {"input_tokens": 1000, "output_tokens": 200}


def test_reserved_sent_with_max_tokens_and_settled_from_usage(rig):
    session, make = rig
    con, up, spend = make([{"blocks": [{"text": "hello"}], "usage": USAGE}])
    status, body = post(con.url, MSG)
    assert status == 200 and b"message_stop" in body
    assert up.bodies[0]["max_tokens"] == DEFAULT_MAX_TOKENS, "injected: the reservation must bound the output"
    events = account(session, spend.run)
    assert [k for k, _ in events] == ["SpendReserved", "SpendSettled"]
    reserved, settled = events[0][1], events[1][1]
    assert settled.basis == "usage" and settled.cost_micro_usd == 1000 * 3 + 200 * 15
    assert settled.released_micro_usd == reserved.worst_case_micro_usd - settled.cost_micro_usd > 0
    assert spend.stop_requested() is None


def test_an_unpriced_paid_call_is_refused_and_never_sent(rig):
    session, make = rig
    con, up, spend = make([{"blocks": [{"text": "x"}]}], models=("local-llm-x",))
    status, body = post(con.url, {**MSG, "model": "local-llm-x"})
    assert status == 400 and b"refused by Overlord (budget: unpriced)" in body
    assert up.bodies == []
    assert [(k, e.reason) for k, e in account(session, spend.run)] == [("SpendRefused", "unpriced")]
    assert spend.stop_requested()[0] is StopCode.BUDGET


def test_a_path_that_could_spend_unreserved_is_refused(rig):
    """Batches and legacy paths are not on the API's allow-list: refused before any reserve,
    nothing forwarded (every path the connector forwards is a model call it reserves, or free)."""
    session, make = rig
    con, up, spend = make([])
    for path in ("/v1/messages/batches", "/v1/complete", "/v1/./messages/batches"):
        req = urllib.request.Request(con.url + path, data=b'{"requests": []}', method="POST",
                                     headers={"content-type": "application/json", "x-api-key": RUN_KEY})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req, timeout=30)
        assert e.value.code == 404 and b"not a anthropic API endpoint the connector forwards" in e.value.read(), path
    assert up.requests == []


def test_a_free_route_lets_an_unpriced_model_through_at_zero(rig):
    session, make = rig
    con, up, spend = make([{"blocks": [{"text": "x"}], "usage": USAGE}], models=("local-llm-x",), free=True)
    assert post(con.url, {**MSG, "model": "local-llm-x"})[0] == 200
    events = account(session, spend.run)
    assert [(k, getattr(e, "cost_micro_usd", getattr(e, "worst_case_micro_usd", None))) for k, e in events] == [
        ("SpendReserved", 0), ("SpendSettled", 0)]


def test_a_call_over_the_runs_remainder_is_refused(rig):
    session, make = rig
    con, up, spend = make([{"blocks": [{"text": "x"}], "usage": USAGE}] * 3, limit=200_000)
    ok = {**MSG, "max_tokens": 5_000}  # worst case: (bytes + 1024) x $6/M + 5,000 x $15/M, about $0.08
    assert post(con.url, ok)[0] == 200
    assert post(con.url, ok)[0] == 200
    status, body = post(con.url, {**ok, "max_tokens": 20_000})  # $0.30 + more than the $0.17 left
    assert status == 400 and b"budget: run_limit" in body
    kinds = [k for k, _ in account(session, spend.run)]
    assert kinds == ["SpendReserved", "SpendSettled", "SpendReserved", "SpendSettled", "SpendRefused"]
    assert len(up.bodies) == 2 and spend.stop_requested()[0] is StopCode.BUDGET


def test_a_stream_cut_short_is_settled_at_its_worst_case(rig):
    session, make = rig
    con, up, spend = make([{"blocks": [{"text": "x"}], "usage": USAGE, "stall": True}], timeout_s=2.0)
    assert post(con.url, MSG)[0] == 200
    events = account(session, spend.run)
    assert events[1][1].basis == "worst_case" and events[1][1].cost_micro_usd == events[0][1].worst_case_micro_usd


def test_nothing_sent_costs_nothing(rig):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    session, make = rig
    con, up, spend = make([], upstream_url=dead)
    assert post(con.url, MSG)[0] == 502
    events = account(session, spend.run)
    assert [(k, getattr(e, "basis", None), getattr(e, "cost_micro_usd", None)) for k, e in events][1] == (
        "SpendSettled", "not_sent", 0)


POLICY = {"balance_usd": 5, "tiers": {
    "1": {"provider": "anthropic", "base_url": "http://127.0.0.1:9", "model": "claude-haiku-4-5",
          "price": {"input": 1, "output": 5}},
    "2": {"provider": "anthropic", "base_url": "http://127.0.0.1:9", "model": MODEL, "credential": "TIER2_KEY",
          "price": {"input": 3, "output": 15}},
    "3": {"provider": "anthropic", "base_url": "http://127.0.0.1:9", "model": "claude-opus-4-1",
          "credential": "TIER3_KEY", "price": {"input": 15, "output": 75}}}}


def _mission(extra: str = "", connector: str = "") -> Mission:
    return Mission.from_toml(f'[mission]\ngoal = "g"\nruntime = "claude-code"\n{extra}[limits]\nmax_cost_usd = 2\n'
                             f'[connector]\nmode = "record"\n{connector}')


def test_the_tier_plan_a_tier_without_its_own_credential_is_unavailable(tmp_path):
    policy = InstallPolicy.from_mapping({"oracle": POLICY})  # the default upstreams: loopback, any secret
    env = {"TIER2_KEY": "sk-tier-two-0000", "TIER3_KEY": "sk-tier-three-000"}
    kw = dict(mission_dir=tmp_path, check_reachable=False, install=policy, environ=env)
    plan = plan_connector(_mission(), **kw)
    assert plan.tier == "2" and [(d.tier, d.outcome) for d in plan.decisions] == [("1", "rejected"), ("2", "chosen")]
    assert plan.upstream == "http://127.0.0.1:9" and plan.key_name == "TIER2_KEY" and plan.key_source == "environment"
    assert plan.route == (MODEL,) and plan.model == MODEL and "sk-tier" not in repr(plan)
    assert (plan.run_limit_micro_usd, plan.balance_micro_usd) == (2_000_000, 5_000_000)
    assert plan.prices.lookup(MODEL).input == 3_000_000
    with pytest.raises(ConfigError, match="no credential of its own"):
        plan_connector(_mission('tier = "1"\n'), **kw)
    with pytest.raises(ConfigError, match="reserved"):
        plan_connector(_mission('tier = "3"\n'), **kw)
    with pytest.raises(ConfigError, match="not tier 2's credential"):
        plan_connector(_mission('tier = "2"\n', 'api_key_secret = "TIER3_KEY"\n'), **kw)
    with pytest.raises(ConfigError, match="not tier 2's base URL"):
        plan_connector(_mission('tier = "2"\n', 'upstream = "https://elsewhere.example"\n'), **kw)
    # "Using Tier N" in the goal picks tier N when it exists
    using = Mission.from_toml('[mission]\ngoal = "Using Tier 2: fix it"\n[connector]\nmode = "record"\n')
    assert plan_connector(using, **kw).tier == "2"


def test_bad_mission_inputs_are_one_line_exit_2(tmp_path):
    env = dict(os.environ, OVERLORD_HOME=str(tmp_path / "home"))
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    for value in ("0", "-5", '"ten"', "true"):
        (tmp_path / "m.toml").write_text(f'[mission]\ngoal = "g"\n[limits]\nmax_cost_usd = {value}\n')
        p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp_path / "m.toml"), "--root", str(tmp_path)],
                           env=env, capture_output=True, text=True, timeout=120)
        assert p.returncode == 2 and "max_cost_usd must be a positive number" in p.stderr, p.stderr
        assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr


def test_a_negative_price_stops_overlord_run_in_one_line(tmp_path, claude_bin):  # noqa: F811
    env = dict(os.environ, OVERLORD_HOME=str(tmp_path / "home"))
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    (tmp_path / "prices.toml").write_text('[models."m"]\ninput = 1\noutput = -0.5\n')
    (tmp_path / "root").mkdir()
    (tmp_path / "m.toml").write_text('[mission]\ngoal = "g"\n[connector]\nmode = "record"\n'
                                     'upstream = "http://127.0.0.1:9"\nprices = "prices.toml"\n')
    p = subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp_path / "m.toml"), "--root", str(tmp_path / "root")],
                       env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "output must not be negative" in p.stderr and "price of 0 or more" in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_a_price_file_with_a_negative_price_is_refused(tmp_path):
    (tmp_path / "prices.toml").write_text('[models."m"]\ninput = -1\noutput = 1\n')
    m = Mission.from_toml('[mission]\ngoal = "g"\n[connector]\nmode = "record"\nupstream = "http://127.0.0.1:9"\n'
                          'prices = "prices.toml"\n')
    with pytest.raises(ConfigError, match="must not be negative") as e:
        plan_connector(m, mission_dir=tmp_path, check_reachable=False)
    assert "input" in e.value.message and e.value.hint

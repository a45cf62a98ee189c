"""A paid upstream is always reserved against the Oracle, at no less than the install's prices.

An upstream that is sent an owner's secret (a named secret, a tier's credential, or
``OVERLORD_UPSTREAM_API_KEY``), or that is not on this machine, is paid: ``free = true`` is
refused for it before anything runs, and a mission's price file may only raise what the
install's table (a tier's price, then the package, then the built-in table) charges, never
lower it, and never price a model the install does not. Shown on the plan, on the prices,
and with the real Claude Code CLI against an upstream whose usage a zero price file would
have made free.
"""

from __future__ import annotations

import uuid

import pytest

from overlord.domain.mission import Mission
from overlord.domain.oracle import on_this_machine, paid_upstream
from overlord.domain.policy import InstallPolicy
from overlord.domain.prices import PriceTable, price_from_mapping
from overlord.errors import ConfigError
from overlord.supervision.mission_connector import UPSTREAM_KEY_ENV, plan_connector
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.spend.test_claude_oracle import CANARY, events, mission, ov, policy, run_json, world  # noqa: F401 - fixture

MODEL = "claude-sonnet-4-5"
POLICY = {"tiers": {"2": {"provider": "anthropic", "base_url": "http://127.0.0.1:9", "model": MODEL,
                          "credential": "TIER2_KEY", "price": {"input": 3, "output": 15}}}}
ZERO = '[models."claude-sonnet-4-5"]\ninput = 0\noutput = 0\ncache_write = 0\ncache_read = 0\n'


def _mission(connector: str, extra: str = "") -> Mission:
    return Mission.from_toml(f'[mission]\ngoal = "g"\nruntime = "claude-code"\nmodels = ["{MODEL}"]\n{extra}'
                             f'[limits]\nmax_cost_usd = 0.01\n[connector]\nmode = "record"\n{connector}')


def test_free_is_refused_for_any_upstream_that_could_bill_the_owner(tmp_path):
    kw = dict(mission_dir=tmp_path, check_reachable=False, install=InstallPolicy.from_mapping({"oracle": POLICY}))
    key = {"TIER2_KEY": "sk-tier-two-0000"}
    paid = [
        ("a named secret", 'upstream = "http://127.0.0.1:9"\napi_key_secret = "TIER2_KEY"\n', "", key),
        ("a tier's credential", "", 'tier = "2"\n', key),
        ("the key from overlord run's environment", 'upstream = "http://127.0.0.1:9"\n', "",
         {UPSTREAM_KEY_ENV: "sk-env-0000000000"}),
        ("an upstream off this machine, sent no secret", 'upstream = "https://api.anthropic.com"\n', "", {}),
    ]
    for what, connector, extra, environ in paid:
        with pytest.raises(ConfigError, match="free = true") as e:
            plan_connector(_mission(connector + "free = true\n", extra), environ=environ, **kw)
        assert "reserved" in e.value.hint, what
    # an upstream on this machine that is sent no secret may be free (a local model)
    for local in ("http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9"):
        plan = plan_connector(_mission(f'upstream = "{local}"\nfree = true\n'), environ={}, **kw)
        assert plan.free and not plan.paid, local
    assert on_this_machine("http://127.8.0.1:9") and not paid_upstream("http://127.8.0.1:9", carries_secret=False)
    for elsewhere in ("http://[::ffff:7f00:1]:9", "http://[64:ff9b::7f00:1]:9", "http://127.0.0.1.nip.io:9",
                      "http://10.0.0.1:9", "not a url"):
        assert not on_this_machine(elsewhere) and paid_upstream(elsewhere, carries_secret=False), elsewhere
    assert paid_upstream("http://127.0.0.1:9", carries_secret=True)
    plan = plan_connector(_mission('upstream = "http://127.0.0.1:9"\napi_key_secret = "TIER2_KEY"\n'), environ=key, **kw)
    assert plan.paid and not plan.free


def test_a_mission_price_file_only_raises_the_installs_prices_on_a_paid_upstream(tmp_path):
    (tmp_path / "prices.toml").write_text(ZERO + '[models."claude-haiku-4-5"]\ninput = 9\noutput = 50\n'
                                          '[models."claude-new-x"]\ninput = 0.01\noutput = 0.01\n')
    kw = dict(mission_dir=tmp_path, check_reachable=False, install=InstallPolicy.from_mapping({"oracle": POLICY}),
              environ={"TIER2_KEY": "sk-tier-two-0000"})
    for connector, extra in (('upstream = "http://127.0.0.1:9"\napi_key_secret = "TIER2_KEY"\n', ""), ("", 'tier = "2"\n')):
        plan = plan_connector(_mission(connector + 'prices = "prices.toml"\n', extra), **kw)
        sonnet = plan.prices.lookup(MODEL)
        assert (sonnet.input, sonnet.output) == (3_000_000, 15_000_000), "a zero price file does not lower the tier's price"
        cost = plan.prices.cost(MODEL, input_tokens=100_000, output_tokens=100_000)
        assert cost.priced and cost.micro_usd == 100_000 * 3 + 100_000 * 15
        haiku = plan.prices.lookup("claude-haiku-4-5")
        assert (haiku.input, haiku.output) == (9_000_000, 50_000_000), "raising is allowed"
        assert plan.prices.lookup("claude-new-x") is None, "a model the install does not price stays unpriced (refused)"
    # an upstream that bills no one: the mission's file decides, as before
    plan = plan_connector(_mission('upstream = "http://127.0.0.1:9"\nprices = "prices.toml"\n'), **{**kw, "environ": {}})
    assert plan.prices.lookup(MODEL).input == 0 and plan.prices.lookup("claude-new-x").input == 10_000


def test_raising_keeps_the_dearer_price_at_every_context_length():
    install = PriceTable.built_in()  # claude-sonnet-4-5: $3/$15, and $6/$22.5 above 200k input tokens
    raised = install.extended_from_toml('[models."claude-sonnet-4-5"]\ninput = 4\noutput = 20\n').raising_only()
    short = raised.cost(MODEL, input_tokens=1_000, output_tokens=1_000)
    long = raised.cost(MODEL, input_tokens=300_000, output_tokens=1_000)
    assert short.micro_usd == 1_000 * 4 + 1_000 * 20, "the file's dearer price below 200k"
    assert long.micro_usd == 300_000 * 6 + 1_000 * 22.5, "the install's dearer long-context price above it"
    price = raised.lookup(MODEL)
    assert price.worst_input_rate(300_000) == 12_000_000  # the install's one-hour cache write above 200k and price.worst_output_rate(1) == 20_000_000
    lowered = install.extended({"models": {MODEL: {"input": 1, "output": 1, "cache_read": 0}}}).raising_only()
    assert lowered.lookup(MODEL) == install.lookup(MODEL).at_least(price_from_mapping({"input": 1, "output": 1}, "x"))
    assert lowered.lookup(MODEL).cache_read == install.lookup(MODEL).cache_read


def test_free_or_a_zero_price_file_cannot_get_a_real_run_around_the_reserve(world, claude_bin):  # noqa: F811
    tmp, home, root, env, upstream = world
    big = {"input_tokens": 20_000, "output_tokens": 8_000}
    turns = [{"blocks": [{"tool": "Write", "input": {"file_path": str(root / f"part{i}.txt"), "content": f"{i}\n"}}],
              "usage": big} for i in range(10)] + [{"blocks": [{"text": "all written"}], "usage": big}]
    url, server = upstream(turns)
    policy(env, tmp, url)
    env = {**env, "CANARY_KEY": CANARY}
    connector = f'upstream = "{url}"\napi_key_secret = "CANARY_KEY"\n'
    # free = true with the owner's key: refused before anything runs (the tester's $30 run)
    count = len(ov(env, "journal", "--json").stdout.splitlines())
    p = ov(env, "run", "--mission", str(mission(tmp, connector + "free = true\n", limits="max_cost_usd = 0.01\n")),
           "--root", str(root))
    assert p.returncode == 2 and "free = true" in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert len(ov(env, "journal", "--json").stdout.splitlines()) == count and server.seen_keys == []
    # a price file that makes the model cost nothing: still reserved and settled at the install's price
    (tmp / "prices.toml").write_text(ZERO)
    s, p = run_json(env, mission(tmp, connector + 'prices = "prices.toml"\n', limits="max_cost_usd = 1.5\n",
                                 goal="Write the parts."), root)
    assert (s["status"], s["stop_code"]) == ("stopped", "budget"), (s, p.stderr[-2000:])
    session_events = events(home, uuid.UUID(s["run_id"]))
    calls = [e for k, e in session_events if k == "ConnectorCalled" and e.path == "/v1/messages"]
    assert calls and all(c.cost_micro_usd == 20_000 * 3 + 8_000 * 15 for c in calls), [c.cost_micro_usd for c in calls]
    from overlord.domain.spend import account_id
    from overlord.ledger.session import open_home

    session = open_home(home, writable=False)
    try:
        origin = session.origin
    finally:
        session.close()
    account = [(k, e) for k, e in events(home, account_id(origin)) if getattr(e, "run", None) == s["run_id"]]
    settled = [e.cost_micro_usd for k, e in account if k == "SpendSettled"]
    assert len(settled) == len(calls) and 0 < sum(settled) <= 1_500_000, settled
    assert [k for k, _ in account][-1] == "SpendRefused"
    print(f"zero price file: {len(calls)} calls settled ${sum(settled) / 1e6:.2f} at the install's price, then budget")

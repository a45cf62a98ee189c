"""The spend reserve's pure rules, prices that refuse, the Oracle's tiers, and the account
aggregate on a real ledger (both stores)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from overlord.adapters.connector.budget import (
    ANTHROPIC,
    DEFAULT_MAX_TOKENS,
    GEMINI,
    GEMINI_THINKING_ALLOWANCE,
    RESPONSES,
    budget_for,
)
from overlord.adapters.prices import GenaiPrices
from overlord.domain.oracle import OraclePolicy, chosen, route
from overlord.domain.policy import InstallPolicy
from overlord.domain.prices import BUILT_IN, PriceTable
from overlord.domain.spend import (
    PROMPT_ALLOWANCE_TOKENS,
    UNBOUNDED_INPUT_TOKENS,
    SpendAccount,
    SpendAsk,
    Totals,
    account_id,
    decide,
    input_bound,
    usd_to_micro,
    worst_case,
)
from overlord.errors import ConfigError
from tests.conftest import StepClock

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def test_the_worst_case_bounds_input_by_bytes_at_the_dearest_rate_and_output_by_max_tokens():
    sonnet = BUILT_IN["claude-sonnet-4-5"]
    # 10,000 bytes + the allowance at the one-hour cache write price ($6/M), 1,000 output at $15/M
    tokens = input_bound(10_000)
    assert tokens == 10_000 + PROMPT_ALLOWANCE_TOKENS
    assert worst_case(sonnet, input_tokens=tokens, max_tokens=1_000) == -(-(tokens * 6_000_000 + 1_000 * 15_000_000) // 10**6)
    # past the long-context threshold, the tier's prices (and never a cheaper one)
    big = input_bound(300_000)
    assert worst_case(sonnet, input_tokens=big, max_tokens=0) == -(-big * 12_000_000 // 10**6)
    assert input_bound(5, unbounded=True) == UNBOUNDED_INPUT_TOKENS
    # the bound really bounds: any real usage within it costs no more
    table = PriceTable.built_in()
    for used in [(tokens, 0, 0, 0), (0, 1_000, tokens, 0), (100, 1_000, 50, tokens - 150)]:
        cost = table.cost("claude-sonnet-4-5", input_tokens=used[0], output_tokens=used[1],
                          cache_creation_input_tokens=used[2], cache_read_input_tokens=used[3],
                          cache_creation_1h_input_tokens=used[2])
        assert cost.micro_usd <= worst_case(sonnet, input_tokens=tokens, max_tokens=1_000)


def test_decide_refuses_what_could_overdraw_and_what_has_no_price():
    t = Totals(install_settled=500, install_reserved=200, run_settled=100, run_reserved=50)
    ok = dict(run_limit_micro_usd=1_000, balance_micro_usd=2_000, priced=True, free=False)
    assert decide(t, worst_case_micro_usd=850, **ok) is None  # 1000 - 150 = 850 left for the run
    r = decide(t, worst_case_micro_usd=851, **ok)
    assert r.reason == "run_limit" and r.run_remaining_micro_usd == 850
    r = decide(t, worst_case_micro_usd=800, **{**ok, "balance_micro_usd": 1_299})
    assert r.reason == "install_balance" and r.install_remaining_micro_usd == 599
    assert decide(t, worst_case_micro_usd=10**12, **{**ok, "run_limit_micro_usd": None, "balance_micro_usd": None}) is None
    r = decide(t, worst_case_micro_usd=0, **{**ok, "priced": False})
    assert r.reason == "unpriced"
    assert decide(t, worst_case_micro_usd=0, **{**ok, "priced": False, "free": True}) is None


def test_usd_amounts_must_be_positive_numbers():
    assert usd_to_micro(2.5, "x") == 2_500_000
    for bad in (0, -1, "1", True, float("nan"), float("inf"), 1e-9):
        with pytest.raises(ValueError):
            usd_to_micro(bad, "x")


def test_prices_layers_user_over_package_over_built_in_and_unpriced_is_not_free():
    pkg = GenaiPrices(NOW)
    table = PriceTable.built_in().with_package(pkg)
    # the three CLIs' default models are priced offline by the built-in table alone
    for model in ("claude-opus-5-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5", "gpt-5.5", "gemini-2.5-pro"):
        assert PriceTable.built_in().lookup(model) is not None, model
    # the package prices what the built-in table does not know
    assert PriceTable.built_in().lookup("gpt-5.4") is None
    assert table.lookup_with_source("gpt-5.4")[1] == "genai-prices"
    # the user's file wins over the package
    user = table.extended_from_toml('[models."gpt-5.4"]\ninput = 9\noutput = 99\n')
    price, layer = user.lookup_with_source("gpt-5.4")
    assert layer == "user" and (price.input, price.output, price.cache_read) == (9_000_000, 99_000_000, 900_000)
    # the package's tiers come through (gpt-5.5 doubles input past 272k)
    assert pkg.lookup("gpt-5.5").at(300_000).input == 10_000_000
    unpriced = table.cost("no-such-model-xyz", input_tokens=10, output_tokens=10)
    assert (unpriced.micro_usd, unpriced.priced) == (0, False)
    with pytest.raises(ConfigError, match="must not be negative"):
        table.extended_from_toml('[models."m"]\ninput = -1\noutput = 1\n')
    with pytest.raises(ConfigError, match="must be a number"):
        table.extended_from_toml('[models."m"]\ninput = "1"\noutput = 1\n')


def test_the_anthropic_hooks_inject_max_tokens_and_read_usage():
    import json

    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    p = ANTHROPIC.prepare(json.dumps(body).encode(), body)
    assert p.injected and p.max_tokens == DEFAULT_MAX_TOKENS and json.loads(p.raw)["max_tokens"] == DEFAULT_MAX_TOKENS
    kept = {**body, "max_tokens": 77}
    raw = json.dumps(kept).encode()
    assert ANTHROPIC.prepare(raw, kept).raw == raw and ANTHROPIC.prepare(raw, kept).max_tokens == 77
    by_url = {**kept, "messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "x"}}]}]}
    assert ANTHROPIC.prepare(b"{}", by_url).unbounded_input
    assert ANTHROPIC.prepare(b"{}", {**kept, "tools": [{"type": "web_search_20250305", "name": "web_search"}]}).unbounded_input
    stream = (b'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":10,'
              b'"cache_creation_input_tokens":5,"cache_creation":{"ephemeral_1h_input_tokens":2}}}}\n\n'
              b'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":7}}\n\n')
    u = ANTHROPIC.usage(stream, stream=True)
    assert (u.input_tokens, u.output_tokens, u.cache_creation_input_tokens, u.cache_creation_1h_input_tokens) == (10, 7, 5, 2)
    assert not u.complete, "no message_stop: the stream was cut short"
    assert ANTHROPIC.usage(stream + b'event: message_stop\ndata: {"type":"message_stop"}\n\n', stream=True).complete
    assert not ANTHROPIC.usage(b"garbage", stream=False).complete


def test_the_responses_and_gemini_hooks():
    import json

    body = {"model": "gpt-5.5", "input": [{"role": "user", "content": "hi"}], "stream": True}
    p = RESPONSES.prepare(json.dumps(body).encode(), body)
    assert p.injected and json.loads(p.raw)["max_output_tokens"] == DEFAULT_MAX_TOKENS and not p.unbounded_input
    assert RESPONSES.prepare(b"{}", {**body, "previous_response_id": "resp_1"}).unbounded_input
    assert RESPONSES.prepare(b"{}", {**body, "tools": [{"type": "web_search"}]}).unbounded_input
    done = (b'data: {"type":"response.created","response":{}}\n\n'
            b'data: {"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":100,'
            b'"input_tokens_details":{"cached_tokens":40},"output_tokens":30}}}\n\n')
    u = RESPONSES.usage(done, stream=True)
    assert (u.input_tokens, u.cache_read_input_tokens, u.output_tokens, u.complete) == (60, 40, 30, True)
    assert not RESPONSES.usage(done.split(b"\n\n")[0], stream=True).complete

    g = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    p = GEMINI.prepare(json.dumps(g).encode(), g)
    assert json.loads(p.raw)["generationConfig"]["maxOutputTokens"] == DEFAULT_MAX_TOKENS
    assert p.max_tokens == DEFAULT_MAX_TOKENS + GEMINI_THINKING_ALLOWANCE, "thinking is not inside maxOutputTokens"
    capped = {**g, "generationConfig": {"maxOutputTokens": 100, "thinkingConfig": {"thinkingBudget": 0}}}
    assert GEMINI.prepare(b"{}", capped).max_tokens == 100
    assert GEMINI.prepare(b"{}", {**g, "tools": [{"googleSearch": {}}]}).unbounded_input
    chunks = (b'data: {"candidates":[{"content":{"parts":[{"text":"a"}]}}],"usageMetadata":{"promptTokenCount":50}}\n\n'
              b'data: {"candidates":[{"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":50,'
              b'"cachedContentTokenCount":10,"candidatesTokenCount":7,"thoughtsTokenCount":5}}\n\n')
    u = GEMINI.usage(chunks, stream=True)
    assert (u.input_tokens, u.cache_read_input_tokens, u.output_tokens, u.complete) == (40, 10, 12, True)
    assert budget_for("gemini") is GEMINI and budget_for("openai-responses") is RESPONSES


POLICY = {
    "balance_usd": 10,
    "tiers": {
        "1": {"provider": "anthropic", "base_url": "https://api.anthropic.com", "model": "claude-haiku-4-5",
              "credential": "CHEAP_KEY", "price": {"input": 1, "output": 5}},
        "2": {"provider": "anthropic", "base_url": "https://api.anthropic.com", "model": "claude-sonnet-4-5",
              "price": {"input": 3, "output": 15}},
        "3": {"provider": "anthropic", "base_url": "https://api.anthropic.com/", "model": "claude-opus-4-1",
              "credential": "TOP_KEY", "price": {"input": 15, "output": 75}},
    },
}


def test_tiers_cheapest_first_a_tier_without_its_own_credential_is_unavailable():
    p = OraclePolicy.from_mapping(POLICY)
    assert p.balance_micro_usd == 10_000_000 and [t.name for t in p.ordered()] == ["1", "2", "3"]
    assert p.reserved() == "3"
    d = route(p, mission_tier="2", goal="g")
    assert [(x.tier, x.outcome) for x in d] == [("2", "rejected")] and "no credential of its own" in d[0].reason
    assert chosen(d) is None, "never borrowed from another tier"
    assert chosen(route(p, mission_tier=None, goal="g")) == "1"
    d = route(p, mission_tier=None, goal="Using Tier 3, fix the parser")
    assert [(x.tier, x.outcome) for x in d] == [("3", "rejected")] and "reserved" in d[0].reason
    assert [(x.tier, x.outcome) for x in route(p, mission_tier="3", goal="g", escalate=True)] == [("3", "escalated")]
    d = route(p, mission_tier=None, goal="Using Tier 9 please")
    assert [(x.tier, x.outcome) for x in d] == [("9", "ignored"), ("1", "chosen")]
    with pytest.raises(ConfigError, match="not a tier"):
        route(p, mission_tier="nope", goal="g")
    # a secret goes only where the install policy's upstreams give it to (the one rule)
    install = InstallPolicy.from_mapping({"upstreams": [{"origin": "https://api.anthropic.com",
                                                         "secrets": ["CHEAP_KEY", "TOP_KEY"]}], "oracle": POLICY})
    assert install.oracle == p
    assert install.secret_may_go("CHEAP_KEY", "https://api.anthropic.com:443/")
    assert not install.secret_may_go("CHEAP_KEY", "https://evil.example")
    assert not install.secret_may_go("OTHER_KEY", "https://api.anthropic.com")
    with pytest.raises(ConfigError, match="may not be sent to"):
        InstallPolicy.from_mapping({"upstreams": [{"origin": "https://api.anthropic.com", "secrets": ["CHEAP_KEY"]}],
                                    "oracle": POLICY})


def test_a_tier_of_another_provider_is_rejected_for_the_runtime_s_api():
    mixed = {"tiers": {**POLICY["tiers"], "0": {"provider": "openai", "base_url": "https://api.openai.com",
                                                  "model": "gpt-5.5", "credential": "OPENAI_KEY",
                                                  "price": {"input": 0.5, "output": 2}}}}
    p = OraclePolicy.from_mapping(mixed)
    assert chosen(route(p, mission_tier=None, goal="g")) == "0", "cheapest of any provider"
    d = route(p, mission_tier=None, goal="g", provider="anthropic")
    assert [(x.tier, x.outcome) for x in d] == [("0", "rejected"), ("1", "chosen")]
    assert "this runtime speaks anthropic's API" in d[0].reason
    d = route(p, mission_tier="1", goal="g", provider="openai")
    assert [(x.tier, x.outcome) for x in d] == [("1", "rejected")] and chosen(d) is None


def test_bad_policies_say_what_is_wrong():
    for bad, needle in [({"balance_usd": 0}, "positive"), ({"balance_usd": "10"}, "positive number"),
                        ({"tiers": {"1": {"provider": "x", "base_url": "https://a", "model": "m"}}}, "provider"),
                        ({"tiers": {"1": {**POLICY["tiers"]["1"], "price": {"input": -1, "output": 1}}}}, "negative"),
                        ({"extra": 1}, "unknown key")]:
        with pytest.raises(ConfigError, match=needle):
            OraclePolicy.from_mapping(bad)


def test_the_account_on_a_real_ledger(tmp_path):
    from overlord.ledger.session import init_home, open_home

    clock = StepClock()
    s = init_home(tmp_path / "home")
    try:
        run = str(uuid.uuid4())
        ask = SpendAsk("anthropic", "m", 400, True)

        def reserve(acct, rid):
            acct = acct or SpendAccount.open(origin=s.origin, at=clock.now())
            return acct, acct.reserve(reservation_id=rid, run=run, tier=None, ask=ask, run_limit_micro_usd=1_000,
                                      balance_micro_usd=None, free=False, at=clock.now())

        aid = account_id(s.origin)
        assert s.ledger.cas.apply(aid, lambda a: reserve(a, "r1")) is None
        assert s.ledger.cas.apply(aid, lambda a: reserve(a, "r2")) is None
        refusal = s.ledger.cas.apply(aid, lambda a: reserve(a, "r3"))
        assert refusal.reason == "run_limit" and refusal.run_remaining_micro_usd == 200

        def settle(acct):
            return acct, acct.settle(reservation_id="r1", cost_micro_usd=150, basis="usage", at=clock.now())

        assert s.ledger.cas.apply(aid, settle) == 0
        with pytest.raises(ValueError, match="not outstanding"):
            s.ledger.cas.apply(aid, settle)
        assert s.ledger.cas.apply(aid, lambda a: reserve(a, "r4")) is None  # 250 were released
    finally:
        s.close()
    again = open_home(tmp_path / "home")
    try:
        acct = again.ledger.get(aid)
        assert (acct.settled_total, acct.reserved_total, sorted(acct.outstanding)) == (150, 800, ["r2", "r4"])
        assert again.verify().ok
    finally:
        again.close()

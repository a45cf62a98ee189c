"""The connector's pure parts: the route rule, usage, scrubbing, prices."""

from __future__ import annotations

import json

import pytest

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.calls import Route, model_allowed, scrub, usage_of
from overlord.adapters.connector.transcript import Transcript, Usage
from overlord.domain.prices import PriceTable
from overlord.domain.settlement import StopCode
from overlord.errors import ConfigError


def test_route_rule():
    assert model_allowed(("claude-sonnet-4-5",), "claude-sonnet-4-5")
    assert model_allowed(("claude-sonnet-4-5",), "claude-sonnet-4-5-20250929")
    assert not model_allowed(("claude-sonnet-4-5",), "claude-haiku-4-5")
    assert not model_allowed(("claude-sonnet-4",), "claude-sonnet-4-5")
    assert model_allowed((), "anything")
    r = Route(("claude-sonnet-4-5",))
    assert r.check("claude-sonnet-4-5") is None and r.violation() is None
    assert r.check(None)[0] is StopCode.ROUTE_UNVERIFIED
    r.check("claude-opus-x")
    assert r.violation()[0] is StopCode.ROUTE_UNVERIFIED, "the first violation wins"
    r2 = Route(("a",))
    assert r2.check("b")[0] is StopCode.ROUTE_MISMATCH and r2.violation()[0] is StopCode.ROUTE_MISMATCH


def test_usage_from_a_stream_and_a_message():
    turn = Transcript.from_json([{"blocks": [{"text": "hi"}], "usage": {"input_tokens": 7, "output_tokens": 3,
                                                                         "cache_read_input_tokens": 2}}]).turn(0)
    u = Usage(7, 3, 0, 2)
    sse = b"".join(e.encode() for e in m.stream(turn, request_index=0, model="x", usage=u))
    got = usage_of(sse)
    assert (got.input_tokens, got.output_tokens, got.cache_read_input_tokens) == (7, 3, 2)
    msg = json.dumps(m.message(turn, request_index=0, model="x", usage=u)).encode()
    assert usage_of(msg).output_tokens == 3
    assert usage_of(b"not json").input_tokens == 0


def test_scrub_strips_credentials_and_keeps_the_rest_verbatim():
    body = json.dumps({"model": "m", "max_tokens": 5, "metadata": {"api_key": "abc", "user_id": "u"},
                       "messages": [{"role": "user", "content": "key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA here"}],
                       "usage": {"input_tokens": 1}, "Authorization": "Bearer zzz"}).encode()
    out = scrub(body, ("my-secret-value",))
    assert b"abc" not in out and b"sk-ant-api03" not in out and b"Bearer zzz" not in out
    parsed = json.loads(out)
    assert parsed["max_tokens"] == 5 and parsed["usage"] == {"input_tokens": 1} and parsed["metadata"]["user_id"] == "u"
    assert scrub(b"plain my-secret-value text", ("my-secret-value",)) == b"plain [redacted] text"
    clean = b'event: message_start\ndata: {"type":"message_start"}\n\n'
    assert scrub(clean, ("zzzzzzzz",)) == clean


def test_prices():
    t = PriceTable.built_in()
    assert t.cost("claude-sonnet-4-5", input_tokens=1000, output_tokens=100).micro_usd == 3000 + 1500
    assert t.cost("claude-sonnet-4-5-20250929", input_tokens=1, output_tokens=0).micro_usd == 3
    assert t.cost("unknown-model", input_tokens=10, output_tokens=10) .priced is False
    t2 = t.extended_from_toml('[models."claude-opus-x"]\ninput = 0.8\noutput = 4\n')
    c = t2.cost("claude-opus-x", input_tokens=1000, output_tokens=1000, cache_read_input_tokens=1000)
    assert c.priced and c.micro_usd == 800 + 4000 + 80
    with pytest.raises(ConfigError, match="unknown key"):
        t.extended_from_toml('[models.x]\ninput = 1\noutput = 1\nextra = 2\n')
    with pytest.raises(ConfigError, match="must be a number"):
        t.extended_from_toml('[models.x]\ninput = "1"\noutput = 1\n')

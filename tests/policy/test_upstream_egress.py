"""The connector's upstream is one the install policy allows, judged by the address it is
connected to: the egress check (overlord.adapters.egress) through an injected resolver, and
the connector pinned to the address that was checked (no second lookup)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from overlord.adapters.connector.admission import new_runtime_key
from overlord.adapters.connector.calls import Route
from overlord.adapters.connector.record import RecordConnector
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.egress import EgressRefused, check_target
from overlord.domain.mission import Mission
from overlord.domain.policy import InstallPolicy, MissionWidensPolicy
from overlord.supervision.mission_connector import plan_connector
from tests.connector.conftest import UPSTREAM_KEY, KeyedUpstream

ALLOWING = InstallPolicy.from_bytes(b'''
[[upstreams]]
origin = "http://models.example.com:8080"
secrets = ["OVERLORD_UPSTREAM_API_KEY"]
[[upstreams]]
origin = "https://api.anthropic.com"
secrets = ["*"]
[[upstreams]]
origin = "http://127.0.0.1:*"
secrets = ["*"]
''')


def _mission(upstream: str) -> Mission:
    return Mission.from_toml(f'[mission]\ngoal = "x"\nmodels = ["claude-sonnet-4-5"]\n[connector]\nmode = "record"\n'
                             f'upstream = "{upstream}"\n')


def _plan(upstream: str, answers: dict[str, list[str]]):
    def resolver(host: str, port: int) -> list[str]:
        if host not in answers:
            raise OSError("no such name")
        return answers[host]

    return plan_connector(_mission(upstream), mission_dir=Path("/"), check_reachable=False, install=ALLOWING,
                          resolver=resolver)


@pytest.mark.parametrize("answers, reason", [
    (["127.0.0.1"], "loopback"),
    (["10.1.2.3"], "private"),
    (["169.254.169.254"], "metadata"),
    (["160.79.104.10", "192.168.1.4"], "private"),  # one bad answer among good ones is enough
    (["::ffff:127.0.0.1"], "loopback"),
])
def test_an_allowed_name_that_resolves_to_a_private_address_is_refused(answers, reason):
    with pytest.raises(EgressRefused) as e:
        _plan("http://models.example.com:8080", {"models.example.com": answers})
    assert reason in e.value.reason.value.replace("_", " ") or reason in e.value.message.lower(), e.value.message


def test_an_allowed_public_upstream_is_pinned_to_the_address_checked():
    plan = _plan("https://api.anthropic.com", {"api.anthropic.com": ["160.79.104.10"]})
    assert plan.upstream_address == "160.79.104.10"
    loop = _plan("http://127.0.0.1:41234", {})
    assert loop.upstream_address == "127.0.0.1", "a literal loopback origin the policy names is allowed"


def test_an_upstream_outside_the_policy_is_refused_naming_the_policy_line():
    assert ALLOWING.allowed_origins("https://api.openai.com") == ()
    asked: list[str] = []
    with pytest.raises(MissionWidensPolicy) as e:
        plan_connector(_mission("https://api.openai.com"), mission_dir=Path("/"), check_reachable=False,
                       install=ALLOWING, resolver=lambda h, p: asked.append(h) or ["160.79.104.10"])
    assert "connector.upstream = 'https://api.openai.com'" in e.value.message
    assert "policy.toml line 2: [[upstreams]]" in e.value.message and asked == [], "refused before any lookup"
    # the egress check itself refuses an origin outside its allow-list too
    with pytest.raises(EgressRefused, match="not in the allow-list"):
        check_target("https://api.openai.com/v1", (), resolver=lambda h, p: ["160.79.104.10"])


def test_a_secret_goes_only_to_an_upstream_the_policy_gives_it_to():
    mission = Mission.from_toml('[mission]\ngoal = "x"\nmodels = ["m"]\n[connector]\nmode = "record"\n'
                                'upstream = "http://models.example.com:8080"\napi_key_secret = "ANTHROPIC_API_KEY"\n')
    with pytest.raises(MissionWidensPolicy) as e:
        plan_connector(mission, mission_dir=Path("/"), check_reachable=False, install=ALLOWING,
                       environ={"ANTHROPIC_API_KEY": "sk-x"}, resolver=lambda h, p: ["160.79.104.10"])
    assert "the secret ANTHROPIC_API_KEY for connector.upstream" in e.value.message
    assert 'policy.toml line 4: secrets = ["OVERLORD_UPSTREAM_API_KEY"]' in e.value.message


def test_the_connector_connects_to_the_pinned_address_and_never_looks_the_name_up():
    """The upstream's name does not resolve on this machine; pinned to the checked address,
    the connector still reaches it."""
    server = KeyedUpstream(Transcript.from_json([{"blocks": [{"text": "hello"}]}]))
    # the stand-in for a remote API answers to the name it is asked by (upstream.invalid), as a
    # remote one does: a connector's own Host rule is for its runtime, not for an upstream
    server.admission.judge = lambda *a, **k: None  # type: ignore[method-assign]
    with ConnectorThread(connector=server) as up:
        port = int(up.url.rsplit(":", 1)[1])
        run_key = new_runtime_key()
        connector = RecordConnector(f"http://upstream.invalid:{port}", api_key=UPSTREAM_KEY, client_key=run_key,
                                    route=Route(("claude-sonnet-4-5",)), address="127.0.0.1")
        with ConnectorThread(connector=connector) as proxy:
            body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 10,
                               "messages": [{"role": "user", "content": "hi"}]}).encode()
            req = urllib.request.Request(proxy.url + "/v1/messages", data=body, method="POST",
                                         headers={"content-type": "application/json", "x-api-key": run_key})
            with urllib.request.urlopen(req, timeout=30) as resp:  # noqa: S310 - loopback test server
                assert resp.status == 200 and b"hello" in resp.read()
    assert server.seen_keys and server.seen_keys[-1][0] == UPSTREAM_KEY

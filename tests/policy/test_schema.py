"""The install policy's schema: the default, what each table accepts and refuses, the floor
classes no approval may lift, the Oracle's typed tiers, and a mission refused for asking more,
named by its key and the policy line."""

from __future__ import annotations

import pytest

from overlord.domain.guard import DenialClass, GuardPolicy
from overlord.domain.policy import (
    DEFAULT_POLICY_TEXT,
    FLOOR_CLASSES,
    PROVIDER_ORIGINS,
    InstallPolicy,
    MissionWidensPolicy,
    floor_digest,
)
from overlord.errors import ConfigError


def parse(text: str) -> InstallPolicy:
    return InstallPolicy.from_bytes(text.encode())


def test_the_default_is_what_a_mission_could_do_before_and_parks_nothing():
    p = InstallPolicy.default()
    assert p == InstallPolicy() == parse("")  # a table left out keeps its default
    assert p.approval.classes == () and p.approval.timeout_ms == 60_000
    assert p.missions.allow_network and p.missions.allow_native_subagents and p.missions.write_roots == ("/",)
    for url in ("http://127.0.0.1:41234/v1/messages", "http://localhost:8080", "http://[::1]:9/x",
                "https://api.anthropic.com/v1/messages", "https://api.openai.com/v1/responses",
                "https://generativelanguage.googleapis.com/v1beta/models"):
        assert p.upstream_for(url) is not None, url
        assert p.secret_may_go("ANTHROPIC_API_KEY", url)
    for url in ("https://evil.example/v1", "http://api.anthropic.com/v1", "https://api.anthropic.com:8443/",
                "http://127.0.0.2:80/", "https://api.anthropic.com.evil.example/"):
        assert p.upstream_for(url) is None, url
    assert p.allowed_origins("http://127.0.0.1:41234/v1") == ("http://127.0.0.1:41234",)
    assert len(PROVIDER_ORIGINS) == 3 and "[approval]" in DEFAULT_POLICY_TEXT


@pytest.mark.parametrize("text, needle", [
    ("[approvals]\n", "unknown table approvals"),
    ("[approval]\nclass = []\n", "unknown key approval.class"),
    ("[approval]\nclasses = [\"no_such_class\"]\n", "not a denial class"),
    ("[approval]\ntimeout_ms = 10\n", "approval.timeout_ms"),
    ("[approval]\ntimeout_ms = true\n", "approval.timeout_ms"),
    ("[missions]\nwrite_roots = [\"relative/dir\"]\n", "not an absolute path"),
    ("[missions]\nallow_network = \"yes\"\n", "true or false"),
    ("[[upstreams]]\norigin = \"https://api.anthropic.com/v1\"\n", "origin only"),
    ("[[upstreams]]\norigin = \"https://user:pw@api.anthropic.com\"\n", "origin only"),
    ("[[upstreams]]\norigin = \"ftp://x\"\n", "not an http(s) origin"),
    ("[[upstreams]]\norigin = \"https://a.example\"\n[[upstreams]]\norigin = \"https://a.example:443\"\n", "twice"),
    ("[oracle]\nbalance_usd = -1\n", "positive number"),
    ("[oracle]\nbalance_usd = 0.0000001\n", "less than one micro-dollar"),
    ("[oracle]\nbalance_usd = \"lots\"\n", "positive number"),
    ("[oracle]\nspend = 1\n", "unknown key oracle.spend"),
    ("[oracle.tiers.x]\nprovider = \"anthropic\"\n", "base_url is missing"),
    ("not = [toml\n", "not valid TOML"),
])
def test_a_bad_policy_is_refused_naming_where(text, needle):
    with pytest.raises(ConfigError) as e:
        parse(text)
    assert needle in e.value.message


@pytest.mark.parametrize("cls", sorted(c.value for c in FLOOR_CLASSES))
def test_no_approval_may_lift_a_floor_class(cls):
    with pytest.raises(ConfigError, match="floor class"):
        parse(f'[approval]\nclasses = ["{cls}"]\n')


def test_a_call_parks_only_when_every_class_it_was_denied_for_parks():
    a = parse('[approval]\nclasses = ["package_install", "network_client"]\ntimeout_ms = 5000\n').approval
    assert a.parks([DenialClass.PACKAGE_INSTALL]) and a.parks([DenialClass.PACKAGE_INSTALL, DenialClass.NETWORK_CLIENT])
    assert not a.parks([DenialClass.PACKAGE_INSTALL, DenialClass.GIT_MUTATION]) and not a.parks([])
    assert a.hook_timeout_ms > a.timeout_ms
    assert InstallPolicy().approval.hook_timeout_ms == 10_000


ORACLE = '''
[[upstreams]]
origin = "https://api.anthropic.com"
secrets = ["ANTHROPIC_API_KEY"]

[oracle]
balance_usd = 25.50

[oracle.tiers.fast]
provider = "anthropic"
base_url = "https://api.anthropic.com"
model = "claude-haiku-4-5"
price = { input = 1, output = 5, cache_read = 0.1 }
credential = "ANTHROPIC_API_KEY"
'''


def test_the_oracle_table_is_the_install_policys_money_in_micro_dollars():
    p = parse(ORACLE)
    o = p.oracle
    assert o.balance_micro_usd == 25_500_000
    t = o.tiers["fast"]
    assert (t.provider, t.model, t.credential) == ("anthropic", "claude-haiku-4-5", "ANTHROPIC_API_KEY")
    assert t.price is not None
    assert (t.price.input, t.price.output, t.price.cache_write, t.price.cache_read) == (1_000_000, 5_000_000,
                                                                                          1_000_000, 100_000)
    assert "slow" not in o.tiers and InstallPolicy().oracle.balance_micro_usd is None
    # which secret may go where is the upstreams' rule alone
    assert p.secret_may_go("ANTHROPIC_API_KEY", "https://api.anthropic.com/v1/messages")
    assert not p.secret_may_go("OPENAI_API_KEY", "https://api.anthropic.com/v1/messages")
    assert not p.secret_may_go("ANTHROPIC_API_KEY", "https://evil.example/v1/messages")
    assert p.to_json()["oracle"]["tiers"][0]["name"] == "fast"


@pytest.mark.parametrize("edit, needle", [
    (('credential = "ANTHROPIC_API_KEY"\n', 'credential = "OPENAI_API_KEY"\n'), "may not be sent"),
    (('base_url = "https://api.anthropic.com"\n', 'base_url = "https://api.other.example"\n'), "not one of the"),
    (('provider = "anthropic"', 'provider = "acme"'), "provider"),
    (('credential = "ANTHROPIC_API_KEY"\n', 'credential = "not a name"\n'), "secret's name"),
])
def test_an_oracle_tier_must_name_an_allowed_upstream_and_secret(edit, needle):
    tail = ORACLE.rsplit("[oracle]", 1)[1].replace(*edit)
    with pytest.raises(ConfigError, match=needle):
        parse(ORACLE.rsplit("[oracle]", 1)[0] + "[oracle]" + tail)


NARROW = '''# a careful owner
[missions]
allow_network = false
allow_tools = ["mcp__docs__search"]
write_roots = ["/srv/scratch"]
max_denials = 5
runtimes = ["claude-code"]

[[upstreams]]
origin = "http://127.0.0.1:*"
secrets = ["OVERLORD_UPSTREAM_API_KEY"]
[[upstreams]]
origin = "https://api.anthropic.com"
secrets = []
'''


def test_a_mission_that_widens_the_policy_is_refused_naming_the_key_and_the_line():
    p = parse(NARROW)
    ok = p.check_mission(guard=GuardPolicy(write_roots=("/srv/scratch/a",), allow_tools=("mcp__docs__search",),
                                           max_denials=3), runtime="claude-code",
                         upstream="http://127.0.0.1:9999", upstream_secret="OVERLORD_UPSTREAM_API_KEY")
    assert ok == []
    v = {x.key: x for x in p.check_mission(
        guard=GuardPolicy(allow_network=True, allow_native_subagents=False, allow_tools=("Bash2",),
                          write_roots=("/etc",), max_denials=50),
        runtime="command", upstream="https://api.anthropic.com", upstream_secret="OVERLORD_UPSTREAM_API_KEY")}
    assert (v["guard.allow_network"].policy_line, v["guard.allow_network"].policy_text) == (3, "allow_network = false")
    assert v["guard.allow_tools"].policy_line == 4 and v["guard.write_roots"].policy_line == 5
    assert v["guard.max_denials"].policy_line == 6 and v["mission.runtime"].policy_line == 7
    assert v["the secret OVERLORD_UPSTREAM_API_KEY for connector.upstream"].policy_line == 14
    err = MissionWidensPolicy(list(v.values()))
    assert "guard.allow_network = true" in err.message and "policy.toml line 3: allow_network = false" in err.message
    stray = p.check_mission(guard=GuardPolicy(), runtime="claude-code", upstream="https://evil.example")
    assert [x.key for x in stray] == ["connector.upstream"] and stray[0].policy_line == 9


def test_a_key_left_out_is_named_by_its_default():
    p = parse('[missions]\nallow_native_subagents = false\n')
    [v] = p.check_mission(guard=GuardPolicy(allow_native_subagents=True), runtime="claude-code")
    assert v.policy_line == 2
    p = parse('[approval]\nclasses = []\n[missions]\nruntimes = ["command"]\n')
    [v] = p.check_mission(guard=GuardPolicy(), runtime="claude-code")
    assert "policy.toml line 4" in v.message()


def test_the_ceiling_caps_max_denials_of_a_mission_that_sets_none():
    p = parse('[missions]\nmax_denials = 4\n')
    assert p.narrow(GuardPolicy()).max_denials == 4 and p.narrow(GuardPolicy(max_denials=2)).max_denials == 2


def test_the_floor_digest_frames_names_and_bytes():
    a = floor_digest([("a.py", b"xy"), ("b.py", b"z")])
    assert a == floor_digest([("b.py", b"z"), ("a.py", b"xy")])
    assert a != floor_digest([("a.py", b"x"), ("b.py", b"yz")]) and a != floor_digest([("a.py", b"xy")])

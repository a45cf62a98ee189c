"""The Oracle's rules: the install's balance and tiers, and which tier a run may use.

Pure: the ``[oracle]`` table of the install policy is checked here into frozen values, and
:func:`route` decides a run's tier, returning every attempt it made (each becomes a
``RouteDecided`` event: chosen, rejected and why).

::

    [oracle]
    balance_usd = 25.0                 # the install's cap; absent: no install cap (not zero)
    [oracle.tiers.1]
    provider = "anthropic"
    base_url = "https://api.anthropic.com"
    model = "claude-haiku-4-5"
    credential = "ANTHROPIC_API_KEY"   # its own secret's name; never inherited from another tier
    price = { input = 1.0, output = 5.0 }   # optional: USD per million tokens (else the price table)

Rules: tiers are tried cheapest first; a tier with no credential of its own is unavailable
(never borrowed from another tier); the most expensive tier (of two or more) is reserved,
used only when a task's self-check failed or it is flagged (``escalate``), and then tried
first unless the mission or the goal names a tier (the Council's correction cycles, and a
mission with ``[task] flagged = true``, escalate). A mission names
its tier (``[mission] tier``); a goal that says "Using Tier N" uses tier N when N exists and
is otherwise ignored. Which secret may be sent to which upstream is not decided here: the
install policy's ``[[upstreams]]`` say it (:meth:`overlord.domain.policy.InstallPolicy.secret_may_go`),
and a tier whose credential its base URL may not receive is refused when the policy is read.

An upstream is **paid** (:func:`paid_upstream`) when it is sent an owner's secret or is not on
this machine: its calls are always reserved and settled at no less than the install's prices;
only an unpaid one (a model on this machine's loopback, sent no secret) may be marked free.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from overlord.domain.prices import Price, price_from_mapping
from overlord.domain.spend import usd_to_micro
from overlord.errors import ConfigError

PROVIDERS = ("anthropic", "openai", "google")
TIER_KEYS = ("provider", "base_url", "model", "price", "credential")
USING_TIER = re.compile(r"\busing\s+tier\s+([A-Za-z0-9_-]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Tier:
    """One tier: where it goes, which model, its price (``None``: from the price table) and its
    own credential's name (``None``: unavailable)."""

    name: str
    provider: str
    base_url: str
    model: str
    credential: str | None
    price: Price | None = None

    def sort_key(self) -> tuple[int, int, str]:
        """Cheapest first: by output price, then input price (unknown prices last), then name."""
        if self.price is None:
            return (2**62, 2**62, self.name)
        return (self.price.output, self.price.input, self.name)


@dataclass(frozen=True)
class OraclePolicy:
    """The install policy's ``[oracle]`` table: the balance (``None``: no install cap) and the tiers."""

    balance_micro_usd: int | None = None
    tiers: Mapping[str, Tier] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "policy") -> OraclePolicy:
        """Check a parsed ``[oracle]`` table.

        Raises:
            ConfigError: an unknown key, a wrong type, a balance that is not a positive number,
                a tier without provider, base URL or model, a negative price.
        """
        if not isinstance(data, Mapping):
            raise ConfigError(f"{source}: [oracle] must be a table")
        unknown = sorted(set(data) - {"balance_usd", "tiers"})
        if unknown:
            raise ConfigError(f"{source}: unknown key oracle.{unknown[0]}", "allowed: balance_usd, tiers")
        balance = None
        if "balance_usd" in data:
            try:
                balance = usd_to_micro(data["balance_usd"], f"{source}: oracle.balance_usd")
            except ValueError as e:
                raise ConfigError(str(e), "top it up with `overlord policy set`") from e
        raw_tiers = data.get("tiers", {})
        if not isinstance(raw_tiers, Mapping):
            raise ConfigError(f"{source}: oracle.tiers must be a table of tables, like [oracle.tiers.1]")
        tiers = {str(name): _tier(str(name), raw, f"{source}: oracle.tiers.{name}") for name, raw in raw_tiers.items()}
        return cls(balance, tiers)

    def ordered(self) -> list[Tier]:
        """The tiers, cheapest first."""
        return sorted(self.tiers.values(), key=Tier.sort_key)

    def reserved(self) -> str | None:
        """The most expensive tier's name when there are two or more (``None`` otherwise)."""
        tiers = self.ordered()
        return tiers[-1].name if len(tiers) >= 2 else None


def on_this_machine(url: str) -> bool:
    """Whether ``url``'s host is this machine's loopback as written: ``localhost``, an address
    in 127.0.0.0/8, or ``::1``. Any other spelling (a mapped or translated address, a name
    that resolves there) is not taken as loopback: it could bill someone."""
    try:
        host = urlparse(url).hostname or ""
    except ValueError:
        return False
    if host.lower() == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback and (address.version == 4 or address == ipaddress.IPv6Address("::1"))


def paid_upstream(upstream: str, *, carries_secret: bool) -> bool:
    """Whether calls to ``upstream`` can bill the owner: it is sent a secret of the owner's,
    or it is not on this machine (a gateway may bill by address). A paid upstream's calls
    are always reserved, never free, at no less than the install's prices."""
    return carries_secret or not on_this_machine(upstream)


def _tier(name: str, raw: Any, where: str) -> Tier:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where} must be a table")
    unknown = sorted(set(raw) - set(TIER_KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}", f"allowed: {', '.join(TIER_KEYS)}")
    for key in ("provider", "base_url", "model"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise ConfigError(f"{where}.{key} is missing or not a string")
    if raw["provider"] not in PROVIDERS:
        raise ConfigError(f"{where}.provider = {raw['provider']!r}", f"use one of: {', '.join(PROVIDERS)}")
    parsed = urlparse(raw["base_url"])
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(f"{where}.base_url = {raw['base_url']!r} is not an http(s) URL")
    credential = raw.get("credential")
    if credential is not None and (not isinstance(credential, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", credential)):
        raise ConfigError(f"{where}.credential must be a secret's name (like ANTHROPIC_API_KEY)")
    price = price_from_mapping(raw["price"], f"{where}.price") if "price" in raw else None
    return Tier(name, raw["provider"], raw["base_url"].rstrip("/"), raw["model"], credential, price)


@dataclass(frozen=True)
class RouteDecision:
    """One attempt at a tier: ``outcome`` is ``chosen``, ``rejected``, ``escalated`` (chosen
    because the task escalated to the reserved tier) or ``ignored`` (a goal naming a tier that
    does not exist); ``reason`` says why."""

    tier: str
    outcome: str
    reason: str


def goal_tier(goal: str) -> str | None:
    """The tier a goal asks for ("Using Tier N"), or ``None``."""
    found = USING_TIER.search(goal or "")
    return found.group(1) if found else None


def route(policy: OraclePolicy, *, mission_tier: str | None, goal: str, escalate: bool = False,
          provider: str | None = None) -> list[RouteDecision]:
    """Every attempt at a tier, in order; the last is the chosen one (``chosen``/``escalated``)
    unless none could be (then every entry is a rejection, and the caller refuses the run).
    With ``escalate`` (a failed self-check, a flagged task) the reserved tier may be used, and
    when neither the mission nor the goal names a tier it is tried first. ``provider`` is the
    provider whose API the runtime speaks (``None``: any): a tier of another provider is
    rejected (the runtime could not talk to it).

    Raises:
        ConfigError: the mission names a tier the policy does not have.
    """
    out: list[RouteDecision] = []
    if mission_tier is not None and mission_tier not in policy.tiers:
        raise ConfigError(f"mission.tier = {mission_tier!r} is not a tier of the install policy",
                          f"tiers: {', '.join(sorted(policy.tiers)) or 'none ([oracle.tiers.NAME] in policy.toml)'}")
    asked = mission_tier
    if asked is None:
        named = goal_tier(goal)
        if named is not None and named in policy.tiers:
            asked = named
        elif named is not None:
            out.append(RouteDecision(named, "ignored", f"the goal says \"Using Tier {named}\", which is not a tier"))
    reserved = policy.reserved()
    candidates = [policy.tiers[asked]] if asked is not None else policy.ordered()
    if escalate and asked is None and reserved is not None:  # escalation asks for the reserved tier first
        candidates = [policy.tiers[reserved], *(t for t in candidates if t.name != reserved)]
    why = "named by the mission" if mission_tier else "named by the goal" if asked else "the cheapest available"
    for tier in candidates:
        if provider is not None and tier.provider != provider:
            out.append(RouteDecision(tier.name, "rejected", f"a {tier.provider} tier: this runtime speaks {provider}'s API"))
            continue
        if tier.credential is None:
            out.append(RouteDecision(tier.name, "rejected", "no credential of its own: unavailable (never borrowed)"))
            continue
        if tier.name == reserved and not escalate:
            out.append(RouteDecision(tier.name, "rejected", "reserved for a failed self-check or a flagged task"))
            continue
        outcome = "escalated" if tier.name == reserved else "chosen"
        out.append(RouteDecision(tier.name, outcome, why if outcome == "chosen" else "escalated: the reserved tier"))
        return out
    return out


def chosen(decisions: list[RouteDecision]) -> str | None:
    """The tier the decisions ended on, or ``None``."""
    if decisions and decisions[-1].outcome in ("chosen", "escalated"):
        return decisions[-1].tier
    return None

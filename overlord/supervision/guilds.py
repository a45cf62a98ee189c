"""Guilds and the Council's routing rules.

A guild is a worker with one domain: its own mission template (the tables a mission of its
gets unless the mission says otherwise: runtime, limits, recovery, ...) and its own exit
condition, judged on the gate's record of the work. Two are described:

* ``coder`` writes code and its tests; it is done when the gate's verdict is ``pass``.
* ``reviewer`` reads the code a goal names and writes ``findings.json`` in the artifact (a
  list of ``{"code": "fail:...", "where": "..."}``); it is done when its findings are exactly
  what the gate's record supports: every finding names a failure the gate recorded on that
  code, and every failure the gate recorded is found. A finding the gate does not support
  is not a finding.

The Council routes a goal by rules only (:data:`RULES`, first match wins): no model is asked.
A rule may name a guild that is not described; routing to it fails loudly
(:class:`GuildNotDescribed`) instead of running a mission no one wrote a template for. A goal
no rule takes is routed to no one, with the reason written down.

Pure: no I/O (the loop reads the files an exit condition needs and passes their text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from overlord.errors import ConfigError, OverlordError
from overlord.gate.plan import plan_contracts

_SOURCE_EXTENSIONS = ("py", "js", "mjs", "ts", "java", "c", "h", "cc", "cpp", "hpp", "cs", "go", "rs", "rb")
_FILE = re.compile(r"(?<![\w.-])([\w-]+(?:/[\w.-]+)*\.(?:" + "|".join(_SOURCE_EXTENSIONS) + r"))(?![\w])")
FINDINGS_FILE = "findings.json"


class GuildNotDescribed(OverlordError):
    """A routing rule names a guild that has no description (template and exit condition)."""


@dataclass(frozen=True)
class GateRecord:
    """What an exit condition reads of the gate's record: the verdict and each axis's
    ``(axis, status, code, evidence)``."""

    verdict: str
    axes: tuple[tuple[str, str, str | None, str], ...] = ()

    @property
    def failures(self) -> dict[str, str]:
        """``{fail code: evidence}`` of the axes that failed."""
        return {code: evidence for _, status, code, evidence in self.axes if status == "fail" and code}

    def evidence(self) -> str:
        """What failed and where, one axis a line (axes that did not pass only)."""
        return "\n".join(f"- {axis}: {code or status}: {evidence}" for axis, status, code, evidence in self.axes
                         if status != "pass")


@dataclass(frozen=True)
class Guild:
    """A guild: its ``name``, its ``domain`` (one line), the mission ``template`` its tasks
    start from (TOML tables; the mission's own keys win), the files its exit condition
    reads from the artifact (``reads``), and the exit condition itself: ``exit(record,
    files) -> outcome`` (``pass``, or a ``fail:...`` / ``unavailable`` saying why not)."""

    name: str
    domain: str
    template: Mapping[str, Mapping[str, Any]]
    exit: Callable[[GateRecord, Mapping[str, str]], str]
    reads: tuple[str, ...] = ()
    exit_rule: str = ""

    def mission_tables(self, mission: Mapping[str, Any]) -> dict[str, Any]:
        """The mission's tables over this guild's template (a key the mission sets wins)."""
        merged: dict[str, Any] = {name: dict(table) for name, table in self.template.items()}
        for name, table in mission.items():
            if isinstance(table, Mapping) and isinstance(merged.get(name), dict):
                merged[name].update(table)
            else:
                merged[name] = table
        return merged


def coder_exit(record: GateRecord, files: Mapping[str, str]) -> str:
    """``coder``: the gate's verdict itself (done only on ``pass``)."""
    return record.verdict


def reviewer_exit(record: GateRecord, files: Mapping[str, str]) -> str:
    """``reviewer``: ``pass`` when ``findings.json`` names exactly the failures the gate
    recorded; else why not (missing or malformed findings, a finding the record does not
    support, a recorded failure not found, or a gate that could not measure)."""
    if record.verdict == "unavailable":
        return "unavailable: the gate could not measure the code, so no finding can be supported"
    text = files.get(FINDINGS_FILE)
    if text is None:
        return f"fail:no_findings: the reviewer wrote no {FINDINGS_FILE}"
    try:
        data = json.loads(text)
    except ValueError:
        return f"fail:no_findings: {FINDINGS_FILE} is not JSON"
    if not isinstance(data, list) or not all(isinstance(f, dict) and isinstance(f.get("code"), str) for f in data):
        return f"fail:no_findings: {FINDINGS_FILE} must be a list of {{\"code\": \"fail:...\", \"where\": \"...\"}}"
    claimed = {f["code"] for f in data}
    recorded = set(record.failures)
    unsupported = sorted(claimed - recorded)
    if unsupported:
        return f"fail:unsupported_finding: {', '.join(unsupported)} (the gate's record has no such failure)"
    missed = sorted(recorded - claimed)
    if missed:
        return f"fail:missed_finding: the gate recorded {', '.join(missed)}"
    return "pass"


CODER = Guild(
    "coder", "write code and its tests",
    template={"mission": {"runtime": "claude-code"},
              "limits": {"max_turns": 40, "stall_timeout_ms": 300_000, "timeout_ms": 1_800_000}},
    exit=coder_exit, exit_rule="the gate's verdict is pass")
REVIEWER = Guild(
    "reviewer", "read code and report what is wrong with it, as the gate's record supports",
    template={"mission": {"runtime": "claude-code"},
              "limits": {"max_turns": 20, "stall_timeout_ms": 300_000, "timeout_ms": 900_000}},
    exit=reviewer_exit, reads=(FINDINGS_FILE,),
    exit_rule=f"{FINDINGS_FILE} names exactly the failures the gate recorded")
GUILDS: Mapping[str, Guild] = {g.name: g for g in (CODER, REVIEWER)}


@dataclass(frozen=True)
class Routing:
    """Where the Council sends a goal: a ``guild`` name (``None``: no one) and why."""

    guild: str | None
    reason: str


@dataclass(frozen=True)
class Rule:
    """A routing rule: when ``matches(goal, contracts, files)`` the goal goes to ``guild``;
    ``reason`` is written with the contracts and files it saw."""

    guild: str
    reason: str
    matches: Callable[[str, tuple[str, ...], tuple[str, ...]], bool] = field(repr=False)


def _asks_review(goal: str, contracts: tuple[str, ...], files: tuple[str, ...]) -> bool:
    return bool(contracts and files) and re.match(r"\s*review\b", goal, re.IGNORECASE) is not None


def _names_code(goal: str, contracts: tuple[str, ...], files: tuple[str, ...]) -> bool:
    return bool(contracts and files)


RULES: tuple[Rule, ...] = (
    Rule("reviewer", "the goal asks for a review of a code contract in a file", _asks_review),
    Rule("coder", "the goal names a code contract and a file", _names_code),
)


def goal_contracts(goal: str) -> tuple[str, ...]:
    """The contracts the goal promises, by the gate's own plan rule (a backtick-quoted
    ``name(``)."""
    return plan_contracts(goal)


def goal_files(goal: str) -> tuple[str, ...]:
    """Source file names the goal mentions (``solution.py``, ``src/lib.rs``), first seen first."""
    seen: list[str] = []
    for m in _FILE.finditer(goal):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return tuple(seen)


def check_rules(rules: tuple[Rule, ...], guilds: Mapping[str, Guild]) -> None:
    """Every guild a rule can route to is described.

    Raises:
        GuildNotDescribed: one is not (named).
    """
    for rule in rules:
        if rule.guild not in guilds:
            raise GuildNotDescribed(f"the routing rule {rule.reason!r} routes to the guild {rule.guild!r}, "
                                    "which is not described", "describe the guild (template and exit condition) "
                                    "or remove the rule")


def route(goal: str, *, rules: tuple[Rule, ...] = RULES, guilds: Mapping[str, Guild] = GUILDS) -> Routing:
    """The guild for ``goal`` by the first rule that matches, or no one with the reason.

    Raises:
        GuildNotDescribed: the matching rule's guild is not described.
    """
    contracts, files = goal_contracts(goal), goal_files(goal)
    for rule in rules:
        if rule.matches(goal, contracts, files):
            if rule.guild not in guilds:
                raise GuildNotDescribed(f"the goal is routable to the guild {rule.guild!r}, which is not described",
                                        "describe the guild (template and exit condition) or remove the rule")
            seen = ", ".join(f"`{c}(`" for c in contracts)
            return Routing(rule.guild, f"{rule.reason} ({seen} in {', '.join(files)})")
    if not contracts:
        return Routing(None, "the goal names no code contract (a backtick-quoted `name(`): no guild can check it")
    return Routing(None, f"the goal names {', '.join(contracts)} but no source file to put it in: no guild takes it")


def guild(name: str, guilds: Mapping[str, Guild] = GUILDS) -> Guild:
    """The described guild ``name``.

    Raises:
        GuildNotDescribed: there is none.
    """
    try:
        return guilds[name]
    except KeyError:
        raise GuildNotDescribed(f"no guild {name!r} is described", f"described: {', '.join(guilds)}") from None


def check_goal(goal: str, *, source: str = "the goal") -> tuple[str, ...]:
    """The goal's contracts; a goal that names none is refused (it is the gate's plan, and
    the gate's plan rule says a plan without a contract is unusable).

    Raises:
        ConfigError: no checkable contract.
    """
    contracts = goal_contracts(goal)
    if not contracts:
        raise ConfigError(f"{source} names no checkable contract: the gate's plan rule finds no backtick-quoted "
                          "`name(` in it (plan unusable)",
                          "name the function the work must define, e.g. \"Write `is_prime(n)` in solution.py\"")
    return contracts


check_rules(RULES, GUILDS)  # the built-in table: every routable guild is described

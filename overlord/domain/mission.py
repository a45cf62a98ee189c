"""The mission file: what a supervised run is asked to do, under which limits.

``overlord run --mission mission.toml`` reads a TOML file with these tables (flags may
override single values). Every key is checked here, once, at the boundary: an unknown key
or a wrong type is a :class:`~overlord.errors.ConfigError` that names it, and the core only
ever sees the frozen :class:`Mission`.

::

    [mission]   goal (str), runtime (a registered runtime: "claude-code", "codex", "gemini",
                "command"), command
                (list of str, for "command"), models (list of str: the route, sub-agents
                included), binary (str: the runtime's CLI, else a project-local install,
                else PATH), tier (str: a tier of the install policy's [oracle.tiers])
    [guard]     as the guard's policy (see overlord.domain.guard.policy); max_denials here
    [limits]    startup_timeout_ms, stall_timeout_ms, max_thinking_ms, timeout_ms (ints, ms),
                deadline (RFC 3339 date-time with a zone), max_turns, max_output_bytes,
                max_repeated_failures, memory_mb (ints), max_cost_usd (a positive number:
                the most the run may spend; each call's worst case is reserved against it)
    [connector] upstream (http(s) URL), mode ("record" | "replay"), transcript (a path, or a
                recorded run id, for replay), prices (a TOML price file above the built-in
                table, see overlord.domain.prices), api_key_secret (str: the name of the
                secret sent upstream, from the secret store or the environment), free (bool:
                the route costs nothing, e.g. a local model: unpriced calls are not refused)
    [recovery]  max_resumes (int)
    [notify]    command (list of str), webhook (http(s) URL)
    [commit]    on_pass (bool): Overlord commits the last layer when the run passes
    [layers]    gitignore (bool, default true): seals honour the root's .gitignore
    [gate]      artifact (a directory relative to the worker root): the completion gate runs
                on it after the run settles, and its verdict is recorded on the run
    [task]      max_cycles (int >= 0, default 2): correction cycles before a task HALTS;
                priority (int, default 0; higher is more urgent); flagged (bool, default
                false): the task may use the install's reserved (dearest) tier from its first
                cycle, as a correction cycle always may (``overlord task``)
    [memory]    role ("viewer" | "user" | "admin": whose clearance reads the vault for the
                agent), budget_pct (a number above 0 and at most 100, default 8: the share of
                the model's context window the notes may fill)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, TypeVar, overload
from urllib.parse import urlparse

from overlord.domain.bounded import loads_toml
from overlord.domain.guard.policy import GuardPolicy
from overlord.domain.spend import usd_to_micro
from overlord.errors import ConfigError

RUNTIMES = ("claude-code", "codex", "gemini", "command")
"""The runtimes a mission may name (the runtime registry holds exactly these)."""
MODES = ("record", "replay")
MEMORY_ROLES = ("viewer", "user", "admin")
"""The roles a mission may read the vault as (overlord.domain.memory.ROLES)."""
_T = TypeVar("_T")
MAX_RESUMES = 1000
LATEST_DEADLINE_YEAR = 2200
"""Times are signed as int64 UTC nanoseconds (up to 2262): a later deadline cannot be recorded."""


@dataclass(frozen=True)
class Limits:
    """Run limits; ``None`` means no limit. Times in milliseconds; ``deadline`` aware UTC."""

    startup_timeout_ms: int | None = None
    stall_timeout_ms: int | None = None
    max_thinking_ms: int | None = None
    timeout_ms: int | None = None
    deadline: datetime | None = None
    max_turns: int | None = None
    max_output_bytes: int | None = None
    max_repeated_failures: int | None = None
    memory_mb: int | None = None
    max_cost_micro_usd: int | None = None


@dataclass(frozen=True)
class Connector:
    """Where model requests go: ``record`` forwards to ``upstream``; ``replay`` serves
    ``transcript`` (a file path or a recorded run id) with no network. ``prices``: a TOML
    price file (a path) extending the built-in price table."""

    mode: str = "record"
    upstream: str | None = None
    transcript: str | None = None
    prices: str | None = None
    api_key_secret: str | None = None
    free: bool = False


@dataclass(frozen=True)
class Notify:
    """Who hears when a run settles: a command (argv) and/or a webhook URL."""

    command: tuple[str, ...] = ()
    webhook: str | None = None


@dataclass(frozen=True)
class Mission:
    """A checked mission. ``models`` is the route: the models the run may use."""

    goal: str
    runtime: str
    command: tuple[str, ...] = ()
    models: tuple[str, ...] = ()
    guard: GuardPolicy = field(default_factory=GuardPolicy)
    limits: Limits = field(default_factory=Limits)
    connector: Connector = field(default_factory=Connector)
    max_resumes: int = 0
    notify: Notify = field(default_factory=Notify)
    source: str = ""
    commit_on_pass: bool = False
    layers_gitignore: bool = True
    gate_artifact: str | None = None  # [gate] artifact: a directory relative to the worker root
    binary: str | None = None  # [mission] binary: the runtime's CLI, as the owner has it
    tier: str | None = None  # [mission] tier: a tier of the install policy
    max_cycles: int = 2  # [task] max_cycles: correction cycles before the task halts
    priority: int = 0  # [task] priority: higher is more urgent (the halted list's order)
    escalate: bool = False  # [task] flagged, or set by the loop after a failed self-check: the reserved tier
    memory_role: str | None = None  # [memory] role: the vault is read for the agent at this clearance
    memory_budget_pct: float = 8.0  # [memory] budget_pct: of the model's context window

    @classmethod
    def from_toml(cls, text: str, *, source: str = "mission", base_dir: str | None = None) -> Mission:
        """Parse and check a mission file's text.

        Raises:
            ConfigError: bad TOML, an unknown table or key, a wrong type or value (named).
        """
        data = loads_toml(text, source=source)  # bounded: a hostile nesting is one line, not a traceback
        return cls.from_mapping(data, source=source, base_dir=base_dir)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "mission", base_dir: str | None = None) -> Mission:
        """Check an already-parsed mission (see :meth:`from_toml`)."""
        tables = ("mission", "guard", "limits", "connector", "recovery", "notify", "gate", "commit", "layers", "task",
                  "memory")
        for name, value in data.items():
            if name not in tables:
                raise ConfigError(f"{source}: unknown table [{name}]", f"allowed: {', '.join('[' + t + ']' for t in tables)}")
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: {name} must be a table, like [{name}]")
        m = _Table(source, "mission", data.get("mission", {}))
        goal = m.get("goal", str, required=True)
        runtime = m.choice("runtime", RUNTIMES, default="claude-code")
        command = m.str_list("command")
        models = m.str_list("models")
        binary = m.get("binary", str)
        tier = m.get("tier", str)
        m.done()
        if binary is not None and (not binary.strip() or "\x00" in binary):
            raise ConfigError(f"{source}: mission.binary must be a path or a command name, not {binary!r}")
        if runtime == "command" and binary is not None:
            raise ConfigError(f"{source}: mission.binary is not for runtime = \"command\"", "name the program in command")
        if runtime == "command" and not command:
            raise ConfigError(f"{source}: mission.command is required when runtime = \"command\"", 'e.g. command = ["python3", "agent.py"]')
        if runtime != "command" and command:
            raise ConfigError(f"{source}: mission.command is only for runtime = \"command\"")

        lim = _Table(source, "limits", data.get("limits", {}))
        ints = {k: lim.positive_int(k) for k in (
            "startup_timeout_ms", "stall_timeout_ms", "max_thinking_ms", "timeout_ms", "max_turns",
            "max_output_bytes", "max_repeated_failures", "memory_mb")}
        deadline = lim.deadline("deadline")
        max_cost = lim.usd("max_cost_usd")
        lim.done()

        con = _Table(source, "connector", data.get("connector", {}))
        mode = con.choice("mode", MODES, default="record")
        upstream = con.url("upstream")
        transcript = con.get("transcript", str)
        prices = con.get("prices", str)
        api_key_secret = con.get("api_key_secret", str)
        free = bool(con.get("free", bool))
        con.done()
        if api_key_secret is not None and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", api_key_secret):
            raise ConfigError(f"{source}: connector.api_key_secret = {api_key_secret!r} is not a secret's name",
                              "name it as an environment variable, like ANTHROPIC_API_KEY")
        if mode == "replay" and not transcript:
            raise ConfigError(f"{source}: connector.transcript is required when mode = \"replay\"")
        if runtime == "command" and "connector" in data:  # it calls no model: the table would be ignored
            raise ConfigError(f"{source}: [connector] is not for runtime = \"command\" (it calls no model)",
                              "remove the table, or run an agent CLI (runtime = \"claude-code\")")

        rec = _Table(source, "recovery", data.get("recovery", {}))
        max_resumes = rec.get("max_resumes", int) or 0
        if max_resumes < 0:
            raise ConfigError(f"{source}: recovery.max_resumes must be 0 or more")
        if max_resumes > MAX_RESUMES:
            raise ConfigError(f"{source}: recovery.max_resumes must be at most {MAX_RESUMES}, not {max_resumes}")
        rec.done()

        no = _Table(source, "notify", data.get("notify", {}))
        notify = Notify(no.str_list("command"), no.url("webhook"))
        no.done()

        co = _Table(source, "commit", data.get("commit", {}))
        commit_on_pass = bool(co.get("on_pass", bool))
        co.done()
        la = _Table(source, "layers", data.get("layers", {}))
        gitignore = la.get("gitignore", bool)
        la.done()

        ga = _Table(source, "gate", data.get("gate", {}))
        gate_artifact = ga.get("artifact", str)
        ga.done()
        if gate_artifact is not None and (gate_artifact.startswith("/") or ".." in gate_artifact.split("/")):
            raise ConfigError(f"{source}: gate.artifact must be a directory inside the worker root, not {gate_artifact!r}")

        ta = _Table(source, "task", data.get("task", {}))
        max_cycles = ta.get("max_cycles", int)
        priority = ta.get("priority", int) or 0
        flagged = ta.get("flagged", bool)
        ta.done()
        if max_cycles is not None and not 0 <= max_cycles <= 100:
            raise ConfigError(f"{source}: task.max_cycles must be in 0..100, not {max_cycles}")
        if abs(priority) >= 2**31:
            raise ConfigError(f"{source}: task.priority = {priority} is out of range", "give a value below 2**31")

        me = _Table(source, "memory", data.get("memory", {}))
        memory_role = me.choice("role", MEMORY_ROLES, default="") or None
        me.seen.add("budget_pct")
        budget = me.table.get("budget_pct")
        me.done()
        if "memory" in data and memory_role is None:
            raise ConfigError(f"{source}: memory.role is missing", f"use one of: {', '.join(MEMORY_ROLES)}")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int | float)
                                   or not 0 < budget <= 100):
            raise ConfigError(f"{source}: memory.budget_pct = {budget!r} must be a number above 0 and at most 100")

        try:
            guard = GuardPolicy.from_mapping(data.get("guard", {}), base_dir=base_dir, source=source)
        except ConfigError as e:
            if e.message.startswith(source):
                raise
            raise ConfigError(f"{source}: {e.message}", e.hint) from e
        return cls(goal, runtime, command, models, guard, Limits(**ints, deadline=deadline, max_cost_micro_usd=max_cost),
                   Connector(mode, upstream, transcript, prices, api_key_secret, free), max_resumes, notify, source,
                   commit_on_pass=commit_on_pass, layers_gitignore=gitignore is not False,
                   gate_artifact=gate_artifact, binary=binary, tier=tier,
                   max_cycles=2 if max_cycles is None else max_cycles, priority=priority, escalate=flagged is True,
                   memory_role=memory_role, memory_budget_pct=float(budget) if budget is not None else 8.0)


class _Table:
    """One TOML table being checked: each key read once; ``done`` refuses leftovers."""

    def __init__(self, source: str, name: str, table: Mapping[str, Any]) -> None:
        self.source, self.name, self.table = source, name, dict(table)
        self.seen: set[str] = set()

    def _where(self, key: str) -> str:
        return f"{self.source}: {self.name}.{key}"

    @overload
    def get(self, key: str, kind: type[_T], *, required: Literal[True]) -> _T: ...
    @overload
    def get(self, key: str, kind: type[_T], *, required: bool = False) -> _T | None: ...
    def get(self, key: str, kind: type[_T], *, required: bool = False) -> _T | None:
        """The value of ``key`` (``None`` when absent and not required), checked to be a ``kind``.

        Raises:
            ConfigError: missing though required, or of another type (a bool is not an int).
        """
        self.seen.add(key)
        if key not in self.table:
            if required:
                raise ConfigError(f"{self._where(key)} is missing")
            return None
        value = self.table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{self._where(key)} must be {kind.__name__}, not {type(value).__name__}")
        return value

    def positive_int(self, key: str) -> int | None:
        value = self.get(key, int)
        if value is not None and value <= 0:
            raise ConfigError(f"{self._where(key)} must be greater than 0, not {value}")
        if value is not None and value >= 2**53:
            raise ConfigError(f"{self._where(key)} = {value} is too large", "give a value below 2**53")
        return value

    def usd(self, key: str) -> int | None:
        """A positive amount of USD as integer micro-dollars."""
        self.seen.add(key)
        if key not in self.table:
            return None
        try:
            return usd_to_micro(self.table[key], self._where(key))
        except ValueError as e:
            raise ConfigError(str(e), f"write it in USD, like {key} = 2.50") from e

    def choice(self, key: str, allowed: tuple[str, ...], *, default: str) -> str:
        value = self.get(key, str)
        if value is None:
            return default
        if value not in allowed:
            raise ConfigError(f"{self._where(key)} = {value!r}", f"use one of: {', '.join(allowed)}")
        return value

    def str_list(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list)
        if value is None:
            return ()
        if not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{self._where(key)} must be a list of strings")
        return tuple(value)

    def url(self, key: str) -> str | None:
        value = self.get(key, str)
        if value is not None:
            try:
                parsed = urlparse(value)
                parsed.port  # noqa: B018 - reading it checks the port (ValueError when out of range)
            except ValueError as e:  # "Invalid IPv6 URL", a port that is not a number, ...
                raise ConfigError(f"{self._where(key)} = {value[:200]!r} is not a URL: {e}") from e
            if parsed.scheme not in ("http", "https") or not parsed.hostname:
                raise ConfigError(f"{self._where(key)} = {value[:200]!r} is not an http(s) URL")
        return value

    def deadline(self, key: str) -> datetime | None:
        self.seen.add(key)
        value = self.table.get(key)
        if value is None:
            return None
        if isinstance(value, str):
            try:
                value = datetime.fromisoformat(value)
            except ValueError as e:
                raise ConfigError(f"{self._where(key)} = {value!r} is not an RFC 3339 date-time") from e
        if not isinstance(value, datetime):
            raise ConfigError(f"{self._where(key)} must be an RFC 3339 date-time, not {type(value).__name__}")
        if value.tzinfo is None:
            raise ConfigError(f"{self._where(key)} has no time zone", "write it like 2026-12-01T18:00:00Z")
        if not 1970 <= value.year <= LATEST_DEADLINE_YEAR:
            raise ConfigError(f"{self._where(key)} = {value.isoformat()} is outside 1970..{LATEST_DEADLINE_YEAR}")
        return value

    def done(self) -> None:
        extra = sorted(set(self.table) - self.seen)
        if extra:
            raise ConfigError(f"{self.source}: unknown key {self.name}.{extra[0]}", f"allowed: {', '.join(sorted(self.seen))}")

"""The install policy: what the owner allows on this machine, above every mission. Pure: no I/O.

``OVERLORD_HOME/policy.toml`` is written by ``overlord init`` and changed only through
``overlord policy set`` on a terminal (each change a signed ``PolicyChanged`` event, checked at
every start). Three layers decide what an agent may do:

1. **The floor**, in source: the guard's denial classes and rules (``overlord.domain.guard``).
   No policy switches one off, and the classes in :data:`FLOOR_CLASSES` can never even park for
   approval. Its digest is recorded at every start (``PolicyFloorPinned``).
2. **The install policy** (this module): what needs a human's approval, the most a mission may
   ask for, the connector upstreams and which of the owner's secrets may go to each, the
   Oracle's balance and tiers.
3. **The mission**: its ``[guard]`` may narrow the install policy, never widen it; a mission
   that asks for more is refused before anything runs (:meth:`InstallPolicy.check_mission`),
   naming the key and the policy line that forbids it.

The file (every table and key optional: one left out keeps its default)::

    [approval]
    classes = ["package_install"]   # denial classes that park for a human instead of a flat deny
    timeout_ms = 60000              # no decision by then: deny

    [missions]                      # the most a mission may ask for
    allow_network = true            # guard.allow_network
    allow_native_subagents = true   # guard.allow_native_subagents
    allow_tools = ["*"]             # guard.allow_tools: names, or "*" for any
    write_roots = ["/"]             # guard.write_roots must lie under one of these
    max_denials = 50                # guard.max_denials at most (left out: no cap)
    runtimes = ["*"]                # mission.runtime
    binaries = ["*"]                # the runtime's CLI or command, absolute paths or "*"
    memory_roles = ["*"]            # the Vault's roles a mission may ask for
    webhooks = ["*"]                # notify.webhook origins, or "*"

    [[upstreams]]                   # where the connector may forward, and which secrets go there
    origin = "https://api.anthropic.com"
    secrets = ["*"]                 # secret names (environment-variable style), or "*"

    [oracle]                        # the Oracle's own table (see overlord.domain.oracle)
    balance_usd = 25.0              # what the Oracle may spend in all (left out: no install cap)
    [oracle.tiers.1]
    provider = "anthropic"          # anthropic | openai | google
    base_url = "https://api.anthropic.com"   # must match one of the [[upstreams]]
    model = "claude-haiku-4-5"
    credential = "ANTHROPIC_API_KEY"         # a secret that upstream may receive
    price = { input = 1.0, output = 5.0 }    # optional: USD per million tokens

This file is the one source of the Oracle's balance and tiers and of which secret may be sent
to which upstream: :meth:`InstallPolicy.secret_may_go` is the only rule the connector asks, and
a tier whose base URL is not an upstream, or whose credential that upstream may not receive, is
refused when the policy is read.

Origins are ``scheme://host[:port]``; ``:*`` matches any
port (the loopback defaults use it: a local model server's port is not known in advance).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlsplit

from overlord.domain.bounded import loads_toml
from overlord.domain.guard.classes import DenialClass
from overlord.domain.guard.policy import GuardPolicy
from overlord.domain.oracle import OraclePolicy
from overlord.errors import ConfigError

POLICY_FILE = "policy.toml"
"""The install policy's file name inside ``OVERLORD_HOME``."""

MAX_POLICY_BYTES = 1 << 20
"""A policy file larger than this is refused before it is parsed."""

FLOOR_CLASSES: frozenset[DenialClass] = frozenset({
    DenialClass.GUARD_TAMPER, DenialClass.PROTECTED_ROOT, DenialClass.KILL_OR_FORMAT,
    DenialClass.CONTAINMENT_ESCAPE, DenialClass.UNPARSEABLE,
})
"""Denial classes no policy may make approvable: disarming the guard, touching the home,
killing the supervisor or formatting disks, escaping containment, and calls the guard could not
read. A human approving one of these would approve what the guard cannot describe."""

APPROVABLE_CLASSES: tuple[DenialClass, ...] = tuple(c for c in DenialClass if c not in FLOOR_CLASSES)
"""The classes an ``[approval] classes`` list may name."""

DEFAULT_APPROVAL_TIMEOUT_MS = 60_000
MIN_APPROVAL_TIMEOUT_MS = 100
MAX_APPROVAL_TIMEOUT_MS = 3_600_000
HOOK_TIMEOUT_MS = 10_000
"""The hook client's deadline when nothing can park (as before approvals existed)."""
HOOK_MARGIN_MS = 15_000
"""How much longer than the approval timeout a hook waits: the decision is recorded twice
(``ApprovalResolved``, ``ToolCallDecided``) after the deadline and the answer must still arrive."""

LOOPBACK_ORIGINS = ("http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*")
PROVIDER_ORIGINS = ("https://api.anthropic.com", "https://api.openai.com", "https://generativelanguage.googleapis.com")

DEFAULT_POLICY_TEXT = """\
# Overlord's install policy. Change it only with `overlord policy set FILE` on a terminal:
# every change is a signed PolicyChanged event, and a file changed any other way stops every
# run, resume, steer and witness action from starting. A table or key left out keeps its
# default (the values below). Missions may narrow these, never widen them.

[approval]
classes = []          # denial classes that park for a human instead of a flat deny
timeout_ms = 60000    # no decision by then: deny

[missions]            # the most a mission's [mission], [guard], [connector] and [notify] may ask for
allow_network = true
allow_native_subagents = true
allow_tools = ["*"]
write_roots = ["/"]
runtimes = ["*"]
binaries = ["*"]
memory_roles = ["*"]
webhooks = ["*"]

# Where the connector may forward model requests, and which of the owner's secrets may go there.
[[upstreams]]
origin = "http://127.0.0.1:*"
secrets = ["*"]

[[upstreams]]
origin = "http://localhost:*"
secrets = ["*"]

[[upstreams]]
origin = "http://[::1]:*"
secrets = ["*"]

[[upstreams]]
origin = "https://api.anthropic.com"
secrets = ["*"]

[[upstreams]]
origin = "https://api.openai.com"
secrets = ["*"]

[[upstreams]]
origin = "https://generativelanguage.googleapis.com"
secrets = ["*"]

# The Oracle: what it may spend in all (balance_usd; left out: no install cap) and its tiers,
# each a table [oracle.tiers.NAME] with provider, base_url (one of the upstreams above), model,
# credential (a secret that upstream may receive) and optionally price = { input, output }.
[oracle]
"""


def sha256_hex(data: bytes) -> str:
    """Lowercase hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


# -- values ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Origin:
    """``scheme://host:port`` of an upstream; ``port`` ``None`` matches any port."""

    scheme: str
    host: str
    port: int | None

    @classmethod
    def parse(cls, text: str, *, where: str) -> Origin:
        """Check an origin (``scheme://host[:port|:*]``, nothing after it).

        Raises:
            ConfigError: not an http(s) origin (a path, credentials, a query are refused).
        """
        if not isinstance(text, str) or not text:
            raise ConfigError(f"{where} must be an origin like \"https://api.anthropic.com\"")
        any_port = text.endswith(":*")
        parsed = urlsplit(text[:-2] if any_port else text)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ConfigError(f"{where} = {text!r} is not an http(s) origin", "write scheme://host[:port]")
        if parsed.username is not None or parsed.password is not None or parsed.query or parsed.fragment \
                or parsed.path not in ("", "/"):
            raise ConfigError(f"{where} = {text!r} must be an origin only (no path, credentials or query)")
        try:
            port = None if any_port else (parsed.port or _default_port(parsed.scheme))
        except ValueError as e:
            raise ConfigError(f"{where} = {text!r} has a bad port") from e
        if any_port and parsed.port is not None:
            raise ConfigError(f"{where} = {text!r} names two ports")
        return cls(parsed.scheme, _host(parsed.hostname), port)

    def matches(self, url: str) -> bool:
        """True when ``url``'s scheme, host and port are this origin's (any port for ``:*``)."""
        try:
            parsed = urlsplit(url)
            port = parsed.port or _default_port(parsed.scheme)
        except ValueError:
            return False
        if parsed.scheme != self.scheme or not parsed.hostname:
            return False
        return _host(parsed.hostname) == self.host and (self.port is None or port == self.port)

    def concrete(self, url: str) -> str:
        """This origin as ``scheme://host:port`` with the port ``url`` uses (for ``:*``)."""
        port = self.port if self.port is not None else (urlsplit(url).port or _default_port(self.scheme))
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{port}"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        if self.port is None:
            return f"{self.scheme}://{host}:*"
        return f"{self.scheme}://{host}" + ("" if self.port == _default_port(self.scheme) else f":{self.port}")


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


def _host(host: str) -> str:
    return host.lower().rstrip(".")


@dataclass(frozen=True)
class Upstream:
    """One connector upstream the owner allows, and the secrets that may be sent to it."""

    origin: Origin
    secrets: tuple[str, ...] = ("*",)

    def allows_secret(self, name: str) -> bool:
        """True when the secret ``name`` may be sent to this upstream."""
        return "*" in self.secrets or name in self.secrets


@dataclass(frozen=True)
class ApprovalPolicy:
    """``[approval]``: which denial classes park for a human, and for how long."""

    classes: tuple[DenialClass, ...] = ()
    timeout_ms: int = DEFAULT_APPROVAL_TIMEOUT_MS

    def parks(self, classes: Iterable[DenialClass]) -> bool:
        """True when a call denied for exactly ``classes`` may wait for a human: there is at
        least one and every one of them is an approval class (a call that is also denied for a
        class that does not park is denied at once: approving it would approve that too)."""
        found = set(classes)
        return bool(found) and found <= set(self.classes)

    @property
    def hook_timeout_ms(self) -> int:
        """The deadline each runtime's hook must be given: above the approval timeout when
        anything can park, else the usual one."""
        return self.timeout_ms + HOOK_MARGIN_MS if self.classes else HOOK_TIMEOUT_MS


@dataclass(frozen=True)
class MissionCeiling:
    """``[missions]``: the most a mission may ask for. The defaults are what a mission could do
    before the install policy existed."""

    allow_network: bool = True
    allow_native_subagents: bool = True
    allow_tools: tuple[str, ...] = ("*",)
    write_roots: tuple[str, ...] = ("/",)
    max_denials: int | None = None
    runtimes: tuple[str, ...] = ("*",)
    binaries: tuple[str, ...] = ("*",)
    memory_roles: tuple[str, ...] = ("*",)
    webhooks: tuple[str, ...] = ("*",)

    def allows_tool(self, name: str) -> bool:
        """True when a mission may allow the extra tool ``name``."""
        return "*" in self.allow_tools or name in self.allow_tools

    def allows_write_root(self, path: str) -> bool:
        """True when ``path`` (absolute, normalised by the caller) lies under a ceiling root."""
        return any(_under(path, root) for root in self.write_roots)

    def allows_runtime(self, name: str) -> bool:
        """True when a mission may name the runtime ``name``."""
        return "*" in self.runtimes or name in self.runtimes

    def allows_binary(self, path: str) -> bool:
        """True when a mission may run the program at ``path`` (absolute)."""
        return "*" in self.binaries or os.path.normpath(path) in {os.path.normpath(b) for b in self.binaries}

    def allows_memory_role(self, role: str) -> bool:
        """True when a mission may ask the Vault for ``role``."""
        return "*" in self.memory_roles or role in self.memory_roles

    def allows_webhook(self, url: str) -> bool:
        """True when a mission's ``[notify] webhook`` may be ``url`` (by origin)."""
        if "*" in self.webhooks:
            return True
        return any(Origin.parse(o, where="missions.webhooks").matches(url) for o in self.webhooks)


def _under(path: str, root: str) -> bool:
    path, root = os.path.normpath(path), os.path.normpath(root)
    return root == "/" or path == root or path.startswith(root.rstrip("/") + "/")


@dataclass(frozen=True)
class Violation:
    """A mission asking for more than the install policy allows: the mission's ``key`` and
    value (``asked``), and the policy line that forbids it (``policy_line`` 0 when the key is
    left out of the file and its default applies; ``policy_text`` that line, or the default)."""

    key: str
    asked: str
    policy_line: int
    policy_text: str

    def message(self) -> str:
        """One line for people."""
        where = (f"policy.toml line {self.policy_line}: {self.policy_text}" if self.policy_line
                 else f"policy.toml default: {self.policy_text}")
        return f"the mission asks for {self.key} = {self.asked}, which the install policy does not allow ({where})"


class MissionWidensPolicy(ConfigError):
    """A mission asked for more than the install policy allows; nothing was started."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        first = violations[0]
        more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
        super().__init__(first.message() + more,
                         "narrow the mission, or widen the install policy with `overlord policy set FILE`")
        self.violations = tuple(violations)


# -- the policy ------------------------------------------------------------------------------


@dataclass(frozen=True)
class InstallPolicy:
    """The checked install policy (see the module docstring). ``text`` is the file it was read
    from (used to name the line of a key); ``sha256`` the SHA-256 of its exact bytes."""

    approval: ApprovalPolicy = field(default_factory=ApprovalPolicy)
    missions: MissionCeiling = field(default_factory=MissionCeiling)
    upstreams: tuple[Upstream, ...] = field(default_factory=lambda: tuple(
        Upstream(Origin.parse(o, where="upstreams.origin")) for o in (*LOOPBACK_ORIGINS, *PROVIDER_ORIGINS)))
    oracle: OraclePolicy = field(default_factory=OraclePolicy)
    text: str = field(default="", compare=False, repr=False)
    sha256: str = field(default="", compare=False)

    # -- reading ----------------------------------------------------------------------

    @classmethod
    def from_bytes(cls, data: bytes, *, source: str = POLICY_FILE) -> InstallPolicy:
        """Check a policy file's bytes (UTF-8 TOML, at most :data:`MAX_POLICY_BYTES`).

        Raises:
            ConfigError: too large, not UTF-8, not TOML (or nested too deeply: an
                ``InputError``), an unknown table or key, a wrong type or value (each named
                with where it is).
        """
        if len(data) > MAX_POLICY_BYTES:
            raise ConfigError(f"{source} is larger than {MAX_POLICY_BYTES} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConfigError(f"{source} is not UTF-8 text: {e}") from e
        document = loads_toml(text, source=source)  # bounded: no nesting deep enough to recurse out
        return replace(cls.from_mapping(document, source=source), text=text, sha256=sha256_hex(data))

    @classmethod
    def from_mapping(cls, document: Mapping[str, Any], *, source: str = POLICY_FILE) -> InstallPolicy:
        """Check an already-parsed policy document (see :meth:`from_bytes`)."""
        t = _Table(source, "", document)
        approval = _approval(t.table("approval"))
        missions = _missions(t.table("missions"))
        raw_upstreams = t.table_list("upstreams")
        oracle_table = t.table("oracle")
        t.done()
        upstreams = cls().upstreams if raw_upstreams is None else tuple(_upstream(u) for u in raw_upstreams)
        seen: set[Origin] = set()
        for u in upstreams:
            if u.origin in seen:
                raise ConfigError(f"{source}: upstream {u.origin} is listed twice")
            seen.add(u.origin)
        oracle = OraclePolicy.from_mapping(oracle_table, source=source)
        _check_tiers(oracle, upstreams, source)
        return cls(approval, missions, upstreams, oracle)

    @classmethod
    def default(cls) -> InstallPolicy:
        """The policy ``overlord init`` writes (:data:`DEFAULT_POLICY_TEXT`, checked)."""
        return cls.from_bytes(DEFAULT_POLICY_TEXT.encode())

    # -- upstreams and secrets --------------------------------------------------------

    def upstream_for(self, url: str) -> Upstream | None:
        """The allowed upstream ``url`` belongs to, or ``None`` when it is not allowed."""
        return next((u for u in self.upstreams if u.origin.matches(url)), None)

    def secret_may_go(self, secret: str, url: str) -> bool:
        """True when the owner's secret ``secret`` may be sent to ``url``."""
        upstream = self.upstream_for(url)
        return upstream is not None and upstream.allows_secret(secret)

    def allowed_origins(self, url: str) -> tuple[str, ...]:
        """The concrete allowed origin(s) ``url`` matches (``scheme://host:port``), for an
        egress check that compares exact origins; empty when ``url`` is not allowed."""
        return tuple(dict.fromkeys(u.origin.concrete(url) for u in self.upstreams if u.origin.matches(url)))

    def webhook_origins(self, url: str) -> tuple[str, ...] | None:
        """The allow-list a ``[notify] webhook`` is connected through
        (:func:`overlord.adapters.egress.check_target`): ``None`` when ``missions.webhooks``
        is ``"*"`` (any public origin, never a loopback or private one), else the concrete
        origins ``url`` matches (empty: not allowed)."""
        webhooks = self.missions.webhooks
        if "*" in webhooks:
            return None
        origins = (Origin.parse(w, where="missions.webhooks") for w in webhooks)
        return tuple(dict.fromkeys(o.concrete(url) for o in origins if o.matches(url)))

    # -- missions ---------------------------------------------------------------------

    def check_mission(self, *, guard: GuardPolicy, runtime: str, binary: str | None = None,
                      write_roots: Sequence[str] | None = None, upstream: str | None = None,
                      upstream_secret: str | None = None, webhook: str | None = None,
                      memory_roles: Sequence[str] = ()) -> list[Violation]:
        """Every way a mission asks for more than this policy allows (empty: it may run).

        Args:
            guard: the mission's ``[guard]``.
            runtime: ``[mission] runtime``.
            binary: the absolute path of the program the runtime will run (resolved).
            write_roots: the guard's write roots, absolute and resolved (default: as written).
            upstream: the connector's upstream URL (record mode).
            upstream_secret: the name of the secret sent to ``upstream``.
            webhook: ``[notify] webhook``.
            memory_roles: the Vault roles the mission asks for.
        """
        c = self.missions
        out: list[Violation] = []

        def refuse(key: str, asked: str, table: str, pkey: str, default: str, index: int | None = None) -> None:
            line, text = _locate(self.text, table, pkey, index)
            out.append(Violation(key, asked, line, text or f"{table}.{pkey} = {default}"))

        if guard.allow_network and not c.allow_network:
            refuse("guard.allow_network", "true", "missions", "allow_network", "false")
        if guard.allow_native_subagents and not c.allow_native_subagents:
            refuse("guard.allow_native_subagents", "true", "missions", "allow_native_subagents", "false")
        for tool in guard.allow_tools:
            if not c.allows_tool(tool):
                refuse("guard.allow_tools", f"[{tool!r}]", "missions", "allow_tools", _show(c.allow_tools))
        for root in (write_roots if write_roots is not None else guard.write_roots):
            if not c.allows_write_root(root):
                refuse("guard.write_roots", f"[{root!r}]", "missions", "write_roots", _show(c.write_roots))
        if c.max_denials is not None and guard.max_denials is not None and guard.max_denials > c.max_denials:
            refuse("guard.max_denials", str(guard.max_denials), "missions", "max_denials", str(c.max_denials))
        if not c.allows_runtime(runtime):
            refuse("mission.runtime", repr(runtime), "missions", "runtimes", _show(c.runtimes))
        if binary is not None and not c.allows_binary(binary):
            refuse("mission.binary", repr(binary), "missions", "binaries", _show(c.binaries))
        for role in memory_roles:
            if not c.allows_memory_role(role):
                refuse("mission.memory_roles", f"[{role!r}]", "missions", "memory_roles", _show(c.memory_roles))
        if webhook is not None and not c.allows_webhook(webhook):
            refuse("notify.webhook", repr(webhook), "missions", "webhooks", _show(c.webhooks))
        if upstream is not None:
            out += self.upstream_violations(upstream, upstream_secret)
        return out

    def upstream_violations(self, upstream: str, secret: str | None, *,
                            key: str = "connector.upstream") -> list[Violation]:
        """Why the connector may not forward to ``upstream`` with the secret ``secret`` (empty:
        it may). ``key`` names what asked for the upstream (the mission's key, or a tier)."""
        found = self.upstream_for(upstream)
        if found is None:
            line, text = _locate(self.text, "upstreams", None, 0)
            return [Violation(key, repr(upstream), line, (text + " ... (no [[upstreams]] origin matches)") if text
                              else "no [[upstreams]] origin matches")]
        if secret is not None and not found.allows_secret(secret):
            line, text = _locate(self.text, "upstreams", "secrets", self.upstreams.index(found))
            return [Violation(f"the secret {secret} for {key}", repr(upstream), line,
                              text or f"upstreams.secrets = {_show(found.secrets)}")]
        return []

    def narrow(self, guard: GuardPolicy) -> GuardPolicy:
        """The guard policy a mission runs under: its own, with the ceiling's ``max_denials``
        when the mission sets none (call :meth:`check_mission` first)."""
        if self.missions.max_denials is not None and guard.max_denials is None:
            return replace(guard, max_denials=self.missions.max_denials)
        return guard

    def to_json(self) -> dict[str, Any]:
        """The checked policy as plain JSON (``overlord policy show --json``)."""
        o = self.oracle
        return {
            "sha256": self.sha256,
            "approval": {"classes": [c.value for c in self.approval.classes], "timeout_ms": self.approval.timeout_ms},
            "missions": {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(self.missions).items()},
            "upstreams": [{"origin": str(u.origin), "secrets": list(u.secrets)} for u in self.upstreams],
            "oracle": {"balance_micro_usd": o.balance_micro_usd,
                       "tiers": [{"name": t.name, "provider": t.provider, "base_url": t.base_url, "model": t.model,
                                  "credential": t.credential,
                                  "price_micro_usd_per_mtok": vars(t.price) if t.price is not None else None}
                                 for t in o.ordered()]},
        }


def _show(values: Sequence[str]) -> str:
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"


def floor_digest(files: Iterable[tuple[str, bytes]]) -> str:
    """The floor's digest: SHA-256 over ``(name, bytes)`` of the guard's source files, sorted
    by name, each framed by its name and length (so no two file sets share a digest)."""
    h = hashlib.sha256(b"overlord-floor-v1\x00")
    for name, data in sorted(files):
        encoded = name.encode("utf-8")
        h.update(len(encoded).to_bytes(8, "big") + encoded + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


# -- checking the tables -----------------------------------------------------------------------


class _Table:
    """One TOML table being checked: each key read once; :meth:`done` refuses leftovers."""

    def __init__(self, source: str, name: str, table: Mapping[str, Any]) -> None:
        self.source, self.name, self.data = source, name, dict(table)
        self.seen: set[str] = set()

    def where(self, key: str) -> str:
        """``source: table.key`` for messages."""
        return f"{self.source}: {self.name + '.' if self.name else ''}{key}"

    def _get(self, key: str) -> Any:
        self.seen.add(key)
        return self.data.get(key)

    def table(self, key: str) -> Mapping[str, Any]:
        value = self._get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ConfigError(f"{self.where(key)} must be a table, like [{key}]")
        return value

    def table_list(self, key: str) -> list[Mapping[str, Any]] | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ConfigError(f"{self.where(key)} must be an array of tables, like [[{key}]]")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self._get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise ConfigError(f"{self.where(key)} must be true or false")
        return value

    def integer(self, key: str, default: int | None, *, lo: int, hi: int) -> int | None:
        value = self._get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"{self.where(key)} must be an integer from {lo} to {hi}")
        return value

    def string(self, key: str, *, required: bool = False) -> str | None:
        value = self._get(key)
        if value is None:
            if required:
                raise ConfigError(f"{self.where(key)} is missing")
            return None
        if not isinstance(value, str) or not value.strip() or "\x00" in value:
            raise ConfigError(f"{self.where(key)} must be a non-empty string")
        return value

    def strings(self, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        value = self._get(key)
        if value is None:
            return default
        if not isinstance(value, list) or not all(isinstance(v, str) and v and "\x00" not in v for v in value):
            raise ConfigError(f"{self.where(key)} must be a list of non-empty strings")
        return tuple(value)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.seen)
        if extra:
            raise ConfigError(f"{self.source}: unknown {'key ' + self.name + '.' if self.name else 'table '}{extra[0]}",
                              f"allowed: {', '.join(sorted(self.seen))}")


def _approval(table: Mapping[str, Any]) -> ApprovalPolicy:
    t = _Table(POLICY_FILE, "approval", table)
    names = t.strings("classes", ())
    timeout = t.integer("timeout_ms", DEFAULT_APPROVAL_TIMEOUT_MS, lo=MIN_APPROVAL_TIMEOUT_MS,
                        hi=MAX_APPROVAL_TIMEOUT_MS)
    t.done()
    classes: list[DenialClass] = []
    for name in names:
        try:
            cls = DenialClass(name)
        except ValueError as e:
            raise ConfigError(f"{POLICY_FILE}: approval.classes names {name!r}, which is not a denial class",
                              f"use some of: {', '.join(c.value for c in APPROVABLE_CLASSES)}") from e
        if cls in FLOOR_CLASSES:
            raise ConfigError(f"{POLICY_FILE}: approval.classes names {name!r}, a floor class no approval can lift",
                              f"approvable: {', '.join(c.value for c in APPROVABLE_CLASSES)}")
        if cls not in classes:
            classes.append(cls)
    assert timeout is not None
    return ApprovalPolicy(tuple(classes), timeout)


def _missions(table: Mapping[str, Any]) -> MissionCeiling:
    t = _Table(POLICY_FILE, "missions", table)
    d = MissionCeiling()
    roots = t.strings("write_roots", d.write_roots)
    for root in roots:
        if not os.path.isabs(root):
            raise ConfigError(f"{t.where('write_roots')}: {root!r} is not an absolute path")
    binaries = t.strings("binaries", d.binaries)
    for b in binaries:
        if b != "*" and not os.path.isabs(b):
            raise ConfigError(f"{t.where('binaries')}: {b!r} is not an absolute path (or \"*\")")
    webhooks = t.strings("webhooks", d.webhooks)
    for w in webhooks:
        if w != "*":
            Origin.parse(w, where=t.where("webhooks"))
    ceiling = MissionCeiling(
        allow_network=t.boolean("allow_network", d.allow_network),
        allow_native_subagents=t.boolean("allow_native_subagents", d.allow_native_subagents),
        allow_tools=t.strings("allow_tools", d.allow_tools),
        write_roots=tuple(os.path.normpath(r) for r in roots),
        max_denials=t.integer("max_denials", None, lo=0, hi=2**31),
        runtimes=t.strings("runtimes", d.runtimes),
        binaries=binaries,
        memory_roles=t.strings("memory_roles", d.memory_roles),
        webhooks=webhooks,
    )
    t.done()
    return ceiling


def _upstream(table: Mapping[str, Any]) -> Upstream:
    t = _Table(POLICY_FILE, "upstreams", table)
    origin = Origin.parse(t.string("origin", required=True) or "", where=t.where("origin"))
    secrets = t.strings("secrets", ())
    t.done()
    return Upstream(origin, secrets)


def _check_tiers(oracle: OraclePolicy, upstreams: Sequence[Upstream], source: str) -> None:
    """Every tier goes to one of the upstreams, with a credential that upstream may receive."""
    for tier in oracle.tiers.values():
        where = f"{source}: oracle.tiers.{tier.name}"
        upstream = next((u for u in upstreams if u.origin.matches(tier.base_url)), None)
        if upstream is None:
            raise ConfigError(f"{where}.base_url = {tier.base_url!r} is not one of the [[upstreams]]",
                              "add its origin to [[upstreams]]")
        if tier.credential is not None and not upstream.allows_secret(tier.credential):
            raise ConfigError(f"{where}.credential = {tier.credential!r} may not be sent to {upstream.origin}",
                              "list it in that upstream's secrets")


# -- naming the line of a key ------------------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\" ]+?)\s*\]\]?\s*(#.*)?$")


def _locate(text: str, table: str, key: str | None, index: int | None = None) -> tuple[int, str]:
    """``(line number, line)`` of ``key`` in ``[table]`` (or in the ``index``-th
    ``[[table]]``; the header itself when ``key`` is ``None``); ``(0, "")`` when the file leaves
    it out. A reading aid for messages: the TOML itself was checked by ``tomllib``."""
    current, count = None, -1
    key_re = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=") if key else None
    for n, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            name = m.group(2).replace('"', "").replace(" ", "")
            current = name
            if name == table and m.group(1) == "[[":
                count += 1
                if key is None and count == index:
                    return n, line.strip()
            continue
        in_table = current == table and (index is None or count == index)
        if in_table and key_re is not None and key_re.match(line):
            return n, line.split("#", 1)[0].strip()
    return 0, ""

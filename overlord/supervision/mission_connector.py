"""The connector of a mission run: which one, checked before a run opens, and started for it.

``plan_connector`` (called by ``prepare``) checks the ``[connector]`` table against this
machine before anything is opened or spawned: in ``record`` mode the upstream must answer
HTTP and a price file, when named, must read; in ``replay`` mode the transcript is a file, or
the id of a recorded run (forensic replay: its responses are served again verbatim, read from
the ledger by :func:`load_recorded`).

``start_connector`` starts the connector in a thread of its own and wires it to the run: every
answered model request becomes a ``ConnectorCalled`` event (bodies as blobs), appended through
the run's :class:`~overlord.supervision.decision_service.RunRecorder`; the route's first
violation is what the controller's ``stop_requested`` returns (``route_mismatch`` /
``route_unverified``).

The upstream key: ``[connector] api_key_secret = "NAME"`` (or a tier's own credential) is
resolved before the run opens, from the secret store when it is unlocked and the agent is
sandboxed, else from ``overlord run``'s environment; it is sent only to an upstream the install
policy's ``[[upstreams]]`` allow for that secret, so a mission naming another host with the
owner's key is refused before anything runs, naming the policy line. Without
``api_key_secret`` the key is ``OVERLORD_UPSTREAM_API_KEY`` from ``overlord run``'s
environment, as before (and that name is what the upstream must be allowed to receive).
Either way it is sent upstream only: the agent sees only this run's key (random, made for
the run), which the connector requires of every request
(:mod:`~overlord.adapters.connector.admission`: a request without it, to another Host, or
with an Origin is refused and recorded as ``ConnectorRefused``); no event, blob or log line
holds either key.

The upstream itself must be one of the install policy's ``[[upstreams]]``, and is judged by
:func:`overlord.adapters.egress.check_target`: its shape, and every address its name has (one
lookup through an injectable resolver). The address found is the only one the connector
connects to (a second lookup cannot answer differently).

In record mode every model call goes through the spend reserve
(:class:`~overlord.supervision.spend.LedgerSpendReserve`): its worst case reserved against the
run's ``max_cost_usd`` and the install's ``[oracle] balance_usd``, settled from its usage;
a refusal stops the run with stop code ``budget``. Prices: the mission's price file, then the
tier's price, then ``genai-prices``, then the built-in table. An upstream that is sent an
owner's key (or is not on this machine) is paid (:func:`~overlord.domain.oracle.paid_upstream`):
``free = true`` is refused for it before anything runs, and the mission's price file may only
raise the install's prices there, never lower them nor price a model the install does not.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.adapters.connector.admission import AdmissionRefusal
from overlord.adapters.connector.api import MODEL, ModelApi, get_api
from overlord.adapters.connector.calls import CallRecord, Route
from overlord.adapters.connector.record import RecordConnector, check_upstream
from overlord.adapters.connector.replay import ConnectorError, ConnectorThread, RecordedResponse
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.egress import Resolver
from overlord.adapters.prices import GenaiPrices
from overlord.domain.mission import Mission
from overlord.domain.oracle import RouteDecision, chosen, goal_tier, paid_upstream, route
from overlord.domain.policy import InstallPolicy, MissionWidensPolicy
from overlord.domain.prices import PriceTable
from overlord.domain.run import Run
from overlord.domain.settlement import StopCode
from overlord.errors import ConfigError, NotFoundError
from overlord.inputs import TOML_MAX_BYTES, read_text

log = structlog.get_logger("overlord.connector")

UPSTREAM_KEY_ENV = "OVERLORD_UPSTREAM_API_KEY"
"""Where ``overlord run`` finds the upstream key (its own environment, never the runtime's)."""

CONNECTOR_CALLED = Run.ConnectorCalled.TOPIC


@dataclass(frozen=True)
class ConnectorPlan:
    """A checked ``[connector]``: ``mode``, ``upstream`` (record), ``transcript`` (replay of a
    file) or ``recorded_run`` (replay of a recorded run), the route and the price table; the
    upstream key when it was resolved from a named secret (``api_key``, never shown by
    ``repr``) with its name and source; the tier and every routing attempt; the spend caps;
    ``paid``: the upstream can bill the owner (never free, prices only raised)."""

    mode: str
    route: tuple[str, ...]
    prices: PriceTable = field(default_factory=PriceTable.built_in)
    upstream: str | None = None
    transcript: Transcript | None = None
    recorded_run: uuid.UUID | None = None
    api_key: str | None = field(default=None, repr=False)
    key_name: str | None = None
    key_source: str | None = None
    tier: str | None = None
    decisions: tuple[RouteDecision, ...] = ()
    run_limit_micro_usd: int | None = None
    balance_micro_usd: int | None = None
    free: bool = False
    model: str | None = None
    upstream_address: str | None = None  # the address checked for ``upstream``: the only one connected to
    paid: bool = False


def _run_id(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text.strip())
    except ValueError:
        return None


def plan_connector(mission: Mission, *, mission_dir: Path, check_reachable: bool = True,
                   install: InstallPolicy | None = None, secrets: Any = None, environ: Mapping[str, str] | None = None,
                   sandbox: bool = True, at: datetime | None = None, resolver: Resolver | None = None,
                   api: str = "anthropic") -> ConnectorPlan:
    """Check the mission's ``[connector]`` (and its tier) before a run is opened.

    Args:
        install: the install policy (``None``: the default one): the Oracle's balance and
            tiers, the upstreams the connector may reach and the secrets each may receive.
        secrets: the home's :class:`~overlord.adapters.secrets.SecretStore` (``None``: none).
        environ: ``overlord run``'s environment, where a secret is looked up after the store.
        sandbox: whether the agent runs in the jail (an unsandboxed run is never served from
            the store).
        at: the time whose list prices apply (the package layer); ``None``: built-in and file only.
        resolver: how the upstream's name becomes addresses (one lookup; the system's by default).
        api: the short name of the model API the runtime speaks (an upstream that speaks
            another is refused; a tier of another provider is rejected).

    Raises:
        MissionWidensPolicy: the upstream is not one of the install policy's, or may not
            receive the secret (the key and the policy line are named).
        EgressRefused: the upstream's URL or one of its addresses is refused (a name that
            resolves to a loopback, private or metadata address the policy does not name).
        ConfigError: record mode without an upstream, an upstream that does not answer, a
            price file that cannot be read, a transcript that is missing or bad, a tier that
            does not exist or is unavailable, a secret that cannot be found (MissingSecretError).
    """
    con = mission.connector
    install = install if install is not None else InstallPolicy()
    policy = install.oracle
    prices = PriceTable.built_in().with_package(GenaiPrices(at) if at is not None else None)
    if con.prices:
        path = Path(con.prices)
        path = path if path.is_absolute() else mission_dir / path
        text = read_text(path, what="price file", max_bytes=TOML_MAX_BYTES)  # a regular file, capped
        prices = prices.extended_from_toml(text, source=str(path))
    caps: dict[str, Any] = {"run_limit_micro_usd": mission.limits.max_cost_micro_usd,
                            "balance_micro_usd": policy.balance_micro_usd, "free": con.free}
    if con.mode == "record":
        return _plan_record(mission, install, prices, caps, secrets=secrets, environ=environ or {}, sandbox=sandbox,
                            check_reachable=check_reachable, resolver=resolver, api=api)
    if mission.tier is not None:
        raise ConfigError("mission.tier is for mode = \"record\" (a replay spends nothing)", "remove tier, or record")
    text = con.transcript or ""
    path = Path(text)
    path = path if path.is_absolute() else mission_dir / path
    run_id = _run_id(text)
    if run_id is not None and not path.exists():
        return ConnectorPlan("replay", mission.models, prices, recorded_run=run_id, **caps)
    return ConnectorPlan("replay", mission.models, prices, transcript=Transcript.from_file(path), **caps)


def _plan_record(mission: Mission, install: InstallPolicy, prices: PriceTable, caps: dict[str, Any], *, secrets: Any,
                 environ: Mapping[str, str], sandbox: bool, check_reachable: bool,
                 resolver: Resolver | None, api: str) -> ConnectorPlan:
    con = mission.connector
    policy = install.oracle
    upstream, key_name, models, model = con.upstream, con.api_key_secret, mission.models, None
    decisions: tuple[RouteDecision, ...] = ()
    tier_name = None
    wants_tier = mission.tier is not None or goal_tier(mission.goal) in policy.tiers or (not upstream and policy.tiers)
    if policy.tiers and wants_tier:
        decisions = tuple(route(policy, mission_tier=mission.tier, goal=mission.goal, escalate=mission.escalate,
                                provider=get_api(api).provider))
        tier_name = chosen(list(decisions))
        if tier_name is None:
            why = "; ".join(f"tier {d.tier}: {d.reason}" for d in decisions if d.outcome == "rejected") or "no tiers"
            raise ConfigError(f"no tier of the install policy is available for this run ({why})",
                              "give the tier a credential of its own with `overlord policy set`")
        tier = policy.tiers[tier_name]
        if upstream and upstream.rstrip("/") != tier.base_url:
            raise ConfigError(f"connector.upstream {upstream} is not tier {tier_name}'s base URL {tier.base_url}",
                              "remove [connector] upstream: the tier says where its calls go")
        if con.api_key_secret and con.api_key_secret != tier.credential:
            raise ConfigError(f"connector.api_key_secret {con.api_key_secret} is not tier {tier_name}'s credential",
                              "remove api_key_secret: a tier uses its own credential, never another's")
        upstream, key_name = tier.base_url, tier.credential
        if tier.price is not None:
            prices = prices.with_entry(tier.model, tier.price)
        models = mission.models or (tier.model,)
        model = None if mission.models else tier.model
    if not upstream:
        raise ConfigError("connector.upstream is required when mode = \"record\"",
                          'e.g. upstream = "https://api.anthropic.com" (or name a tier of the install policy)')
    # the install policy's upstreams alone say where the connector may go and with which secret
    asked_by = f"oracle.tiers.{tier_name}.base_url" if tier_name is not None else "connector.upstream"
    violations = install.upstream_violations(upstream, key_name or UPSTREAM_KEY_ENV, key=asked_by)
    if violations:
        raise MissionWidensPolicy(violations)
    key = source = None
    if key_name is not None:
        from overlord.adapters.secrets import resolve_secret

        found = resolve_secret(key_name, store=secrets, environ=environ, use_store=sandbox)
        key, source = found.value, found.source
        if not sandbox and secrets is not None and secrets.exists():
            log.warning("connector.store_not_used", secret=key_name, source=source,
                        why="a --no-sandbox run is never served from the secret store (an unsandboxed agent could "
                            "read the unlocked key from the keyring)")
    paid = paid_upstream(upstream, carries_secret=key_name is not None or bool(environ.get(UPSTREAM_KEY_ENV)))
    if paid:
        if caps["free"]:
            why = f"it is sent the secret {key_name}" if key_name else f"it is sent {UPSTREAM_KEY_ENV}" \
                if environ.get(UPSTREAM_KEY_ENV) else "it is not on this machine"
            raise ConfigError(f"connector.free = true is for a model on this machine that is sent no secret; {upstream} "
                              f"can bill you ({why})", "remove free = true: a paid upstream's calls are always reserved "
                              "against max_cost_usd and the install's balance")
        prices = prices.raising_only()  # a mission may raise the install's prices, never lower them
    from overlord.adapters.egress import check_target, system_resolver

    address = check_target(upstream, install.allowed_origins(upstream), resolver=resolver or system_resolver).address
    if check_reachable:
        check_upstream(upstream, address=address, api=get_api(api))
    return ConnectorPlan("record", tuple(models), prices, upstream=upstream, api_key=key, key_name=key_name,
                         key_source=source, tier=tier_name, decisions=decisions, model=model, paid=paid,
                         upstream_address=address, **caps)


def load_recorded(session: Any, plan: ConnectorPlan | None, api: str = "anthropic") -> list[RecordedResponse] | None:
    """For a replay of a recorded run, its model responses in order (the ``ConnectorCalled``
    events of the API's model calls that were answered, and their response blobs); else ``None``.
    Called before the new run opens.

    Raises:
        ConfigError: no such run, it recorded no model call, or a blob is missing or altered.
    """
    if plan is None or plan.recorded_run is None:
        return None
    rid = plan.recorded_run
    try:
        stored = session.ledger.stream_rows(rid)
    except NotFoundError as e:  # pragma: no cover - stream_rows returns [] for an unknown id
        raise ConfigError(f"no recorded run {rid} in the ledger", "give a run id from `overlord journal`") from e
    if not stored:
        raise ConfigError(f"no recorded run {rid} in the ledger", "give a run id from `overlord journal`")
    out: list[RecordedResponse] = []
    for row in stored:
        if row.topic != CONNECTOR_CALLED:
            continue
        try:
            event = session.ledger.mapper.to_domain_event(row)
        except Exception as e:  # noqa: BLE001 - a tampered event is refused
            raise ConfigError(f"run {rid}: event v{row.originator_version} fails its checks: {e}",
                              "run `overlord verify`") from e
        endpoint = get_api(api).endpoint("POST", event.path.lower())
        if endpoint is None or endpoint.kind != MODEL or event.provider == "refused":
            continue
        problem = session.blobs.check(event.response_blob)
        if problem:
            raise ConfigError(f"run {rid}: the response blob {event.response_blob[:16]}… {problem}", "run `overlord verify`")
        out.append(RecordedResponse(event.status, session.blobs.get(event.response_blob)))
    if not out:
        raise ConfigError(f"run {rid} recorded no model call to replay", "replay a run made with mode = \"record\"")
    return out


class LiveConnector:
    """A started connector wired to a run: ``url`` for the runtime, ``stop_requested`` for the
    controller, ``close`` (or the context manager) to stop it."""

    def __init__(self, thread: ConnectorThread, route: Route, spend: Any = None, api: ModelApi | None = None) -> None:
        self.thread = thread
        self.route = route
        self.spend = spend
        self.api = api or get_api("anthropic")

    @property
    def url(self) -> str:
        """The connector's base URL (the runtime's model endpoint)."""
        return self.thread.url

    def stop_requested(self) -> tuple[StopCode, str] | None:
        """The route's first violation, else the spend reserve's stop (``budget``), else ``None``."""
        return self.route.violation() or (self.spend.stop_requested() if self.spend is not None else None)

    def model_requests(self) -> int:
        """How many model requests were answered (a resumed replay continues after them)."""
        return sum(1 for r in self.thread.requests if r.turn is not None)

    def refused_unrecorded(self) -> int:
        """Requests refused at the door beyond those recorded one by one (a flood)."""
        admission = getattr(self.thread.connector, "admission", None)
        return admission.unreported if admission is not None else 0

    def close(self) -> None:
        """Stop the connector."""
        self.thread.close()

    def __enter__(self) -> LiveConnector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def probe_connector(transcript: Transcript, *, runtime_key: str | None = None, api: str = "anthropic") -> ConnectorThread:
    """A replay connector for the arming probe (:mod:`overlord.supervision.cli_probe`) speaking
    the runtime's model ``api``: it serves ``transcript`` to a runtime carrying ``runtime_key``
    (in that API's key header) and records nothing in the run (the probe's decision is recorded
    by the decision service, marked as a probe; the probe's answers are not the run's ground
    truth). Not started: use it as a context manager."""
    return ConnectorThread(transcript, client_key=runtime_key, api=get_api(api))


def start_connector(plan: ConnectorPlan, *, record: Callable[[Callable[[Any], None]], None],
                    put_blob: Callable[[bytes], str], clock: Clock, host_env: Mapping[str, str], runtime_key: str,
                    recorded: list[RecordedResponse] | None = None, spend: Any = None, api: str = "anthropic",
                    guard: Any = None) -> LiveConnector:
    """Start the planned connector; each answered request becomes a ``ConnectorCalled`` event
    through ``record`` (a :meth:`RunRecorder.apply`), its bodies stored with ``put_blob``; in
    record mode each model call goes through ``spend`` (a
    :class:`~overlord.domain.spend.SpendReserve`). Every request must carry ``runtime_key``
    (the run's key, never recorded); each one refused at the door becomes a
    ``ConnectorRefused`` event.

    Raises:
        ConnectorError: it could not start.
    """
    route = Route(plan.route)
    model_api = get_api(api)

    def on_call(rec: CallRecord) -> None:
        # raises when the exchange cannot be recorded: the connector then withholds the answer,
        # and the recorder has marked the run to stop with controller_error
        req_blob, res_blob = put_blob(rec.request_body), put_blob(rec.response_body)
        record(lambda run: run.record_connector_call(
            provider=rec.provider, path=rec.path, model=rec.model, status=rec.status, stream=rec.stream,
            input_tokens=rec.input_tokens, output_tokens=rec.output_tokens,
            cache_creation_input_tokens=rec.cache_creation_input_tokens,
            cache_read_input_tokens=rec.cache_read_input_tokens, cost_micro_usd=rec.cost_micro_usd,
            priced=rec.priced, latency_ns=rec.latency_ns, request_blob=req_blob, response_blob=res_blob,
            at=clock.now()))

    def on_refused(refused: AdmissionRefusal) -> None:
        record(lambda run: run.record_connector_refused(status=refused.status, reason=refused.reason,
                                                        method=refused.method, path=refused.path, count=1,
                                                        at=clock.now()))

    if plan.mode == "record":
        assert plan.upstream is not None
        key = plan.api_key if plan.key_name is not None else host_env.get(UPSTREAM_KEY_ENV) or None
        if key is not None and (not plan.paid or plan.free or getattr(spend, "free", False)
                                or not plan.prices.raise_only):
            # plan_connector never plans this; a key must never go out on a route that is not reserved in full
            raise ConnectorError("the connector would send an owner's key on a route planned as free or below the "
                                 "install's prices", "nothing was sent; plan the connector with plan_connector")
        connector = RecordConnector(plan.upstream, api_key=key, client_key=runtime_key, route=route,
                                    prices=plan.prices, on_call=on_call, spend=spend, on_refused=on_refused,
                                    address=plan.upstream_address, api=model_api, guard=guard)
        thread = ConnectorThread(connector=connector)
    else:
        spend = None  # a replay spends nothing
        thread = ConnectorThread(plan.transcript or Transcript(), route=route, on_call=on_call, recorded=recorded,
                                 client_key=runtime_key, on_refused=on_refused, api=model_api, guard=guard)
    thread.start()
    return LiveConnector(thread, route, spend, model_api)

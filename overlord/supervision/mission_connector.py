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
``route_unverified``). The upstream key comes from ``OVERLORD_UPSTREAM_API_KEY`` in the
environment of ``overlord run``; it is sent upstream only and never enters an event or blob.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.adapters.connector.calls import CallRecord, Route
from overlord.adapters.connector.record import RecordConnector, check_upstream
from overlord.adapters.connector.replay import ConnectorThread, RecordedResponse
from overlord.adapters.connector.transcript import Transcript
from overlord.domain.mission import Mission
from overlord.domain.prices import PriceTable
from overlord.domain.run import Run
from overlord.domain.settlement import StopCode
from overlord.errors import ConfigError, NotFoundError

log = structlog.get_logger("overlord.connector")

UPSTREAM_KEY_ENV = "OVERLORD_UPSTREAM_API_KEY"
"""Where ``overlord run`` finds the upstream key (its own environment, never the runtime's)."""

CONNECTOR_CALLED = Run.ConnectorCalled.TOPIC


@dataclass(frozen=True)
class ConnectorPlan:
    """A checked ``[connector]``: ``mode``, ``upstream`` (record), ``transcript`` (replay of a
    file) or ``recorded_run`` (replay of a recorded run), the route and the price table."""

    mode: str
    route: tuple[str, ...]
    prices: PriceTable = field(default_factory=PriceTable.built_in)
    upstream: str | None = None
    transcript: Transcript | None = None
    recorded_run: uuid.UUID | None = None


def _run_id(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text.strip())
    except ValueError:
        return None


def plan_connector(mission: Mission, *, mission_dir: Path, check_reachable: bool = True) -> ConnectorPlan:
    """Check the mission's ``[connector]`` before a run is opened.

    Raises:
        ConfigError: record mode without an upstream, an upstream that does not answer, a
            price file that cannot be read, a transcript that is missing or bad.
    """
    con = mission.connector
    prices = PriceTable.built_in()
    if con.prices:
        path = Path(con.prices)
        path = path if path.is_absolute() else mission_dir / path
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeError) as e:
            raise ConfigError(f"cannot read the price file {path}: {e}", "fix [connector] prices") from e
        prices = prices.extended_from_toml(text, source=str(path))
    if con.mode == "record":
        if not con.upstream:
            raise ConfigError("connector.upstream is required when mode = \"record\"",
                              'e.g. upstream = "https://api.anthropic.com"')
        if check_reachable:
            check_upstream(con.upstream)
        return ConnectorPlan("record", mission.models, prices, upstream=con.upstream)
    text = con.transcript or ""
    path = Path(text)
    path = path if path.is_absolute() else mission_dir / path
    run_id = _run_id(text)
    if run_id is not None and not path.exists():
        return ConnectorPlan("replay", mission.models, prices, recorded_run=run_id)
    return ConnectorPlan("replay", mission.models, prices, transcript=Transcript.from_file(path))


def load_recorded(session: Any, plan: ConnectorPlan | None) -> list[RecordedResponse] | None:
    """For a replay of a recorded run, its model responses in order (the ``POST
    /v1/messages`` ``ConnectorCalled`` events and their response blobs); else ``None``.
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
        if event.path != "/v1/messages":
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

    def __init__(self, thread: ConnectorThread, route: Route) -> None:
        self.thread = thread
        self.route = route

    @property
    def url(self) -> str:
        """``ANTHROPIC_BASE_URL`` for the runtime."""
        return self.thread.url

    def stop_requested(self) -> tuple[StopCode, str] | None:
        """The route's first violation, or ``None``."""
        return self.route.violation()

    def model_requests(self) -> int:
        """How many model requests the runtime sent (a resumed replay continues after them)."""
        return sum(1 for r in self.thread.requests if r.path == "/v1/messages")

    def close(self) -> None:
        """Stop the connector."""
        self.thread.close()

    def __enter__(self) -> LiveConnector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_connector(plan: ConnectorPlan, *, record: Callable[[Callable[[Any], None]], None],
                    put_blob: Callable[[bytes], str], clock: Clock, host_env: Mapping[str, str], dummy_key: str,
                    recorded: list[RecordedResponse] | None = None) -> LiveConnector:
    """Start the planned connector; each answered request becomes a ``ConnectorCalled`` event
    through ``record`` (a :meth:`RunRecorder.apply`), its bodies stored with ``put_blob``.

    Raises:
        ConnectorError: it could not start.
    """
    route = Route(plan.route)

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

    if plan.mode == "record":
        assert plan.upstream is not None
        connector = RecordConnector(plan.upstream, api_key=host_env.get(UPSTREAM_KEY_ENV) or None, route=route,
                                    prices=plan.prices, on_call=on_call, secrets=(dummy_key,))
        thread = ConnectorThread(connector=connector)
    else:
        thread = ConnectorThread(plan.transcript or Transcript(), route=route, on_call=on_call, recorded=recorded)
    thread.start()
    return LiveConnector(thread, route)

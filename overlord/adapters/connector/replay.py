"""The connectors' shared pipeline, and the replay connector: a loopback model API server
that answers from a transcript.

The runtime's model endpoint points here. Every request first goes through the door
(:mod:`~overlord.adapters.connector.admission`: no ``Origin``, the connector's own address as
its ``Host``, and, given the run's key, that key in the API's own key header), else it is
refused (403, 421, 401) in the API's own error shape, reported to ``on_refused``, and read no
further. Every admitted request's path is made canonical first
(:mod:`~overlord.adapters.connector.paths`: percent-escapes, dot segments, doubled slashes,
case) and only the API's allow-listed endpoints are served (:mod:`~overlord.adapters.connector.api`);
any other path is refused with the API's own 404 error and recorded. A model request (``POST
/v1/messages``, ``/v1/responses``, ``/v1beta/models/M:streamGenerateContent``, ...) is
route-checked, then shown to the run's ground truth (a request carrying the result of a tool
use that had no decision is refused), then answered by the transcript's next turn in the API's
wire format; past the last turn, a final "done". The model list, token counting and the bare
origin are answered without a route check. Each request is recorded (:class:`RequestRecord`: path, model, whether it
streamed, which turn answered). With a ``route``, each model request's model is checked
against it first (a violation is refused with a Messages API error and kept for the
controller, as in record mode); with ``on_call``, each answered model request is reported as
a :class:`~overlord.adapters.connector.calls.CallRecord` (provider ``replay``, cost 0). With
``recorded`` responses (a recorded run's, for forensic replay), the n-th model request gets
the n-th recorded response byte for byte; past them, the transcript. No network beyond
loopback; nothing here writes the ledger.

:class:`ReplayConnector` runs in the caller's event loop; :class:`ConnectorThread` runs one in
a thread of its own for synchronous callers (the controller, tests, scripts).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web

from overlord.adapters.connector import api_anthropic
from overlord.adapters.connector import messages as m
from overlord.adapters.connector.admission import (
    Admission,
    AdmissionRefusal,
    middleware,
    refusal_kind,
    refusal_message,
)
from overlord.adapters.connector.api import COUNT_TOKENS, MODEL, MODELS, Endpoint, ModelApi, json_body
from overlord.adapters.connector.calls import CallRecord, Route, Tokens, scrub
from overlord.adapters.connector.paths import PathRefused, canonical_path
from overlord.adapters.connector.transcript import Transcript
from overlord.domain.settlement import StopCode
from overlord.errors import ConfigError, OverlordError

DEFAULT_MODEL = "claude-replay"
"""The model named in answers to requests that name none."""


def bound_port(site: web.TCPSite, asked: int) -> int:
    """The port a started site listens on (the one the OS chose when ``asked`` was 0)."""
    sockets = getattr(site._server, "sockets", None) or []  # noqa: SLF001 - aiohttp keeps it there
    return sockets[0].getsockname()[1] if sockets else asked


async def serve(app: web.Application, host: str, port: int, what: str) -> tuple[web.AppRunner, int]:
    """Start ``app`` on ``host:port``; returns the runner and the port it really listens on.

    Raises:
        ConnectorError: it cannot listen there (names ``what``, says what to do).
    """
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError as e:
        await runner.cleanup()
        raise ConnectorError(f"the {what} cannot listen on {host}:{port}: {e}", "choose another port, or 0 for any") from e
    return runner, bound_port(site, port)


class ConnectorError(OverlordError):
    """The connector could not start or stop."""


@dataclass(frozen=True)
class RequestRecord:
    """One request the connector received. ``model`` is ``None`` when the body named none
    (or was not JSON); ``turn`` is the 0-based transcript turn that answered a model
    request (``None`` for other requests; past the transcript, the final turn's index)."""

    seq: int
    method: str
    path: str
    model: str | None
    stream: bool
    turn: int | None


@dataclass(frozen=True)
class RecordedResponse:
    """A recorded model response served again verbatim: its HTTP status and body bytes."""

    status: int
    body: bytes

    @property
    def content_type(self) -> str:
        """An SSE stream or a JSON body, as the bytes show."""
        head = self.body.lstrip()
        return "text/event-stream" if head.startswith((b"event:", b"data:")) else "application/json"


class Guard(Protocol):
    """What the connector tells the run's ground truth (see
    :class:`overlord.supervision.ground_truth.GroundTruth`); each answer ``None`` to go on, or
    ``(stop code, why)`` to refuse the exchange (the run then stops)."""

    def request(self, api: ModelApi, body: Any) -> tuple[StopCode, str] | None:
        """A model request arrived (before it is served or forwarded)."""
        ...

    def answered(self, api: ModelApi, response: bytes, body: Any, *, error: bool) -> tuple[StopCode, str] | None:
        """A model answer is about to be passed on (after it was recorded)."""
        ...


class Connector:
    """What both connectors share: the allow-list of canonical paths, the route check, the
    ground truth, the records. A subclass answers model requests (:meth:`model_answer`) and
    may forward what is not one (:meth:`forward`).

    Args:
        api: the model API spoken (:mod:`overlord.adapters.connector.api`).
        route: checks each model request's model (``None``: no check).
        on_call: called with a :class:`CallRecord` for each answered or refused request; an
            exception withholds the answer (an act the ledger cannot record does not happen).
        on_request: called with each :class:`RequestRecord` as it arrives.
        guard: the run's ground truth (``None``: no matching).
        client_key: this run's key (:func:`~overlord.adapters.connector.admission.new_runtime_key`),
            which every request must then carry where the API's runtime sends its API key
            (``x-api-key``, ``Authorization: Bearer``, ``x-goog-api-key`` or ``?key=``);
            ``None``: no key is checked (the Host and Origin rules hold either way). Stripped
            from stored bodies, never recorded.
        on_refused: called with each request refused at the door (no key, another Host, an Origin).

    Raises:
        ConfigError: not a loopback address, or a ``client_key`` that cannot be a run key.
    """

    provider = "replay"

    def __init__(self, *, api: ModelApi | None = None, host: str = "127.0.0.1", port: int = 0,
                 route: Route | None = None, on_call: Callable[[CallRecord], None] | None = None,
                 on_request: Callable[[RequestRecord], None] | None = None, guard: Guard | None = None,
                 client_key: str | None = None, on_refused: Callable[[AdmissionRefusal], None] | None = None) -> None:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ConfigError(f"the connector listens on loopback only, not {host!r}", "use 127.0.0.1")
        self.api = api or api_anthropic.API
        self.admission = Admission.for_api(self.api, client_key, on_refused)
        self._client_secrets: tuple[str, ...] = (client_key,) if client_key else ()
        self.host, self.port = host, port
        self.route = route
        self.on_call = on_call
        self.on_request = on_request
        self.guard = guard
        self.requests: list[RequestRecord] = []
        self._runner: web.AppRunner | None = None
        self._closing: asyncio.Event | None = None

    @property
    def url(self) -> str:
        """The base URL (the runtime's model endpoint) once started."""
        return f"http://{self.host}:{self.port}"

    def app(self) -> web.Application:
        """The aiohttp application (exposed for in-process tests)."""
        app = web.Application(client_max_size=64 << 20, middlewares=[
            middleware(self.admission, lambda: (self.host, self.port), self.refusal_answer)])
        app.router.add_route("*", "/{tail:.*}", self._handle)
        return app

    def refusal_answer(self, refused: AdmissionRefusal) -> web.Response:
        """A request refused at the door, in the API's own error shape (nothing was read)."""
        return self.error(refused.status, refusal_kind(refused), refusal_message(refused))

    async def start(self) -> Connector:
        """Listen; returns ``self`` (``url`` is then final).

        Raises:
            ConnectorError: the address cannot be bound.
        """
        self._closing = asyncio.Event()
        self._runner, self.port = await serve(self.app(), self.host, self.port, f"{type(self).__name__}")
        return self

    async def close(self) -> None:
        """Stop listening; stalled streams are ended."""
        if self._closing is not None:
            self._closing.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- the pipeline -------------------------------------------------------------------

    def _record(self, request: web.Request, path: str, model: str | None, *, stream: bool = False,
                turn: int | None = None) -> RequestRecord:
        rec = RequestRecord(len(self.requests), request.method, path, model, stream, turn)
        self.requests.append(rec)
        if self.on_request is not None:
            try:
                self.on_request(rec)
            except Exception:  # noqa: BLE001 - an observer must not break the answer
                pass
        return rec

    def emit(self, path: str, model: str | None, status: int, stream: bool, raw: bytes, sent: bytes, started: int, *,
             provider: str | None = None, cost: tuple[int, bool] = (0, True), tokens: Tokens | None = None,
             secrets: tuple[str, ...] = ()) -> web.Response | None:
        """Report the exchange before its answer is sent: an answer whose record cannot be
        kept is never passed on (the refusal is returned instead)."""
        if self.on_call is None:
            return None
        t = tokens or Tokens()
        rec = CallRecord(provider or self.provider, path, model, status, stream, t.input_tokens, t.output_tokens,
                         t.cache_creation_input_tokens, t.cache_read_input_tokens, cost[0], cost[1],
                         time.monotonic_ns() - started, scrub(raw, (*secrets, *self._client_secrets)),
                         scrub(sent, (*secrets, *self._client_secrets)))
        try:
            self.on_call(rec)
        except Exception as e:  # noqa: BLE001 - an act the ledger cannot record does not happen
            return self.error(502, "api_error", f"Overlord could not record this model call ({type(e).__name__}); "
                                                "the answer is withheld and the run stops")
        return None

    def error(self, status: int, kind: str, message: str) -> web.Response:
        """An error answer in the API's own shape."""
        return web.json_response(self.api.error_body(status, kind, message), status=status)

    def refuse(self, request: web.Request, path: str, model: str | None, raw: bytes, started: int, status: int,
               kind: str, message: str) -> web.Response:
        """Refuse a request: record it (path as sent) and answer an error."""
        body = json.dumps(self.api.error_body(status, kind, message)).encode()
        withheld = self.emit(path, model, status, False, raw, body, started, provider="refused")
        return withheld or web.Response(body=body, status=status, content_type="application/json")

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        try:
            return await self._pipeline(request)
        except ConnectionResetError:  # the runtime went away mid-answer (a limit ended it): nothing to say
            return web.Response(status=499)

    async def _pipeline(self, request: web.Request) -> web.StreamResponse:
        started = time.monotonic_ns()
        raw = await request.read()
        body = json_body(raw)
        sent_path = request.rel_url.raw_path
        try:
            canonical = canonical_path(sent_path)
        except PathRefused as e:
            self._record(request, sent_path[:300], None)
            return self.refuse(request, sent_path[:300], None, raw, started, 404, "not_found_error",
                               f"refused by Overlord: the path {sent_path[:120]!r} has {e}")
        endpoint = self.api.endpoint(request.method, canonical.path)
        if endpoint is None:
            self._record(request, canonical.path, None)
            return self.refuse(request, sent_path[:300], None, raw, started, 404, "not_found_error",
                               f"refused by Overlord: {request.method} {canonical.path} is not a {self.api.name} API "
                               "endpoint the connector forwards")
        if endpoint.kind != MODEL:
            self._record(request, endpoint.forward_path, self.api.model_of(endpoint, body) if body else None)
            return await self.other_answer(request, endpoint, raw, body)
        model = self.api.model_of(endpoint, body)
        if self.route is not None:
            violation = self.route.check(model)
            if violation is not None:
                self._record(request, endpoint.forward_path, model)
                return self.refuse(request, endpoint.forward_path, model, raw, started, 400, "invalid_request_error",
                                   f"refused by Overlord ({violation[0].value}): {violation[1]}")
        if not isinstance(body, dict):
            self._record(request, endpoint.forward_path, None)
            return self.error(400, "invalid_request_error", "the body is not a JSON object")
        if self.guard is not None:
            refused = self.guard.request(self.api, body)
            if refused is not None:
                self._record(request, endpoint.forward_path, model)
                return self.refuse(request, endpoint.forward_path, model, raw, started, 403, "permission_error",
                                   f"refused by Overlord ({refused[0].value}): {refused[1]}")
        return await self.model_answer(request, endpoint, model, raw, body, started)

    def passed_on(self, response: bytes, body: Any, *, error: bool) -> tuple[StopCode, str] | None:
        """Tell the ground truth an answer is about to be passed on (after it was recorded)."""
        if self.guard is None:
            return None
        return self.guard.answered(self.api, response, body, error=error)

    async def other_answer(self, request: web.Request, endpoint: Endpoint, raw: bytes, body: Any) -> web.StreamResponse:
        """A request that is not a model call (model list, token count, the origin)."""
        raise NotImplementedError

    async def model_answer(self, request: web.Request, endpoint: Endpoint, model: str | None, raw: bytes, body: Any,
                           started: int) -> web.StreamResponse:
        """Answer (or forward) one route-checked model request."""
        raise NotImplementedError

    async def _sleep(self, seconds: float) -> None:
        assert self._closing is not None
        try:
            await asyncio.wait_for(self._closing.wait(), timeout=seconds)
        except TimeoutError:
            pass

    async def _wait_closing(self) -> None:
        assert self._closing is not None
        await self._closing.wait()


class ReplayConnector(Connector):
    """Serve a :class:`Transcript` on ``host:port`` (``port=0``: any free port) in the API's
    wire format (see :class:`Connector` for the other arguments).

    Args:
        transcript: the scripted turns.
        recorded: a recorded run's responses, served first and verbatim (forensic replay).
    """

    provider = "replay"

    def __init__(self, transcript: Transcript, *, host: str = "127.0.0.1", port: int = 0,
                 on_request: Callable[[RequestRecord], None] | None = None, route: Route | None = None,
                 on_call: Callable[[CallRecord], None] | None = None, recorded: list[RecordedResponse] | None = None,
                 api: ModelApi | None = None, guard: Guard | None = None, client_key: str | None = None,
                 on_refused: Callable[[AdmissionRefusal], None] | None = None) -> None:
        super().__init__(api=api, host=host, port=port, route=route, on_call=on_call, on_request=on_request,
                         guard=guard, client_key=client_key, on_refused=on_refused)
        self.transcript = transcript
        self.recorded = list(recorded or [])
        self._turns_served = 0

    @property
    def turns_served(self) -> int:
        """How many model requests were answered (transcript turns used, the final "done"s included)."""
        return self._turns_served

    async def other_answer(self, request: web.Request, endpoint: Endpoint, raw: bytes, body: Any) -> web.StreamResponse:
        """The origin: 200; the model list: the models seen; token counting: an estimate."""
        if endpoint.kind == MODELS:
            seen = sorted({r.model for r in self.requests if r.model}) or [DEFAULT_MODEL]
            return web.json_response(self.api.models_list(seen))
        if endpoint.kind == COUNT_TOKENS:
            return web.json_response(self.api.count_tokens(m.estimate_tokens(raw)))
        return web.Response(status=200)

    async def model_answer(self, request: web.Request, endpoint: Endpoint, model: str | None, raw: bytes, body: Any,
                           started: int) -> web.StreamResponse:
        """The next transcript turn (or recorded response), recorded and entered in the ground
        truth before it is sent."""
        index = self._turns_served
        self._turns_served += 1
        stream = self.api.streams(endpoint, body, request.rel_url.query)
        self._record(request, endpoint.forward_path, model, stream=stream, turn=index)
        if index < len(self.recorded):
            rec = self.recorded[index]
            refused = self.emit(endpoint.forward_path, model, rec.status, stream, raw, rec.body, started,
                                tokens=self.api.tokens(rec.body))
            if refused is not None:
                return refused
            stop = self.passed_on(rec.body, body, error=rec.status >= 400)
            if stop is not None:
                return self.error(403, "permission_error", f"refused by Overlord ({stop[0].value}): {stop[1]}")
            resp = web.StreamResponse(status=rec.status, headers={"Content-Type": rec.content_type, "Cache-Control": "no-cache"})
            await resp.prepare(request)
            await resp.write(rec.body)
            await resp.write_eof()
            return resp
        turn = self.transcript.turn(index)
        usage = m.turn_usage(turn, estimated_input_tokens=m.estimate_tokens(raw))
        if turn.delay_ms:
            await self._sleep(turn.delay_ms / 1000)
        out = self.api.render(turn, index=index, model=model or DEFAULT_MODEL, usage=usage, stream=stream, body=body)
        whole = out.head + out.tail
        refused = self.emit(endpoint.forward_path, model, 200, stream, raw, out.head if turn.stall else whole, started,
                            tokens=self.api.tokens(whole))
        if refused is not None:
            return refused
        if not turn.stall:
            stop = self.passed_on(whole, body, error=False)
            if stop is not None:
                return self.error(403, "permission_error", f"refused by Overlord ({stop[0].value}): {stop[1]}")
        if not stream:
            if turn.stall:
                await self._wait_closing()
            return web.Response(body=whole, content_type="application/json")
        resp = web.StreamResponse(headers={"Content-Type": out.content_type, "Cache-Control": "no-cache",
                                           "request-id": f"req_replay_{index:06d}"})
        await resp.prepare(request)
        if out.head:
            await resp.write(out.head)
        if turn.stall:
            await self._wait_closing()
            return resp
        await resp.write(out.tail)
        await resp.write_eof()
        return resp


class ConnectorThread:
    """A :class:`ReplayConnector` (or, given ``connector``, any connector with async
    ``start``/``close``, ``url`` and ``requests``, such as the record connector) in an event
    loop of its own thread. Use as a context manager, or call :meth:`start` and :meth:`close`.
    Keyword arguments other than ``connector`` go to :class:`ReplayConnector`."""

    def __init__(self, transcript: Transcript | None = None, *, host: str = "127.0.0.1", port: int = 0,
                 on_request: Callable[[RequestRecord], None] | None = None, connector: Any = None,
                 **replay_options: Any) -> None:
        self.connector = connector if connector is not None else ReplayConnector(
            transcript if transcript is not None else Transcript(), host=host, port=port, on_request=on_request,
            **replay_options)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL (``ANTHROPIC_BASE_URL``)."""
        return self.connector.url

    @property
    def requests(self) -> list[RequestRecord]:
        """A copy of the requests received so far."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return list(self.connector.requests)
        return asyncio.run_coroutine_threadsafe(_copy(self.connector.requests), loop).result(5)

    def start(self, timeout_s: float = 10.0) -> ConnectorThread:
        """Start the loop and the server; returns ``self``.

        Raises:
            ConnectorError: the server did not start.
        """
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="overlord-replay-connector", daemon=True)
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self.connector.start(), loop).result(timeout_s)
        except OverlordError:
            self.close()
            raise
        except Exception as e:  # noqa: BLE001 - wrapped
            self.close()
            raise ConnectorError(f"the replay connector did not start: {e}") from e
        return self

    def close(self, timeout_s: float = 10.0) -> None:
        """Stop the server and the loop."""
        loop, thread = self._loop, self._thread
        if loop is None:
            return
        if loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self.connector.close(), loop).result(timeout_s)
            except Exception:  # noqa: BLE001 - stopping anyway
                pass
            loop.call_soon_threadsafe(loop.stop)
        if thread is not None:
            thread.join(timeout_s)
        if not loop.is_running():
            loop.close()
        self._loop = self._thread = None

    def __enter__(self) -> ConnectorThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _copy(items: list[RequestRecord]) -> list[RequestRecord]:
    return list(items)

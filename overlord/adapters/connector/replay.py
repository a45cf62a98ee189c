"""The replay connector: a loopback Messages API server that answers from a transcript.

The runtime's model endpoint (``ANTHROPIC_BASE_URL``) points here. ``POST /v1/messages``
(streaming or not) is answered by the transcript's next turn; past the last turn, a final
"done" (``end_turn``). ``POST /v1/messages/count_tokens`` gets an estimate, ``GET
/v1/models`` the models seen so far, ``HEAD``/``GET /`` an empty 200; anything else a
Messages API 404. Each request is recorded (:class:`RequestRecord`: path, model, whether it
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
from typing import Any

from aiohttp import web

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.admission import (
    Admission,
    AdmissionRefusal,
    check_runtime_key,
    middleware,
    refusal_answer,
)
from overlord.adapters.connector.calls import CallRecord, Route, scrub, usage_of
from overlord.adapters.connector.transcript import Transcript
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


def unrecorded_answer(error: Exception) -> web.Response:
    """What the runtime gets instead of a model answer whose record the ledger refused: a
    Messages API error (the run is stopped with ``controller_error`` by the recorder)."""
    return web.json_response(m.error_body(
        "api_error", f"Overlord could not record this model call ({type(error).__name__}); the answer is withheld "
                     "and the run stops"), status=502)


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
        return "text/event-stream" if self.body.lstrip().startswith(b"event:") else "application/json"


def _model_of(body: Any) -> str | None:
    if isinstance(body, dict) and isinstance(body.get("model"), str):
        return body["model"]
    return None


class ReplayConnector:
    """Serve a :class:`Transcript` on ``host:port`` (``port=0``: any free port).

    Args:
        transcript: the scripted turns.
        host: a loopback address.
        port: the port, or 0.
        on_request: called with each :class:`RequestRecord` as it arrives (in the server's
            loop; must not block).
        route: checks each model request's model (``None``: no check).
        on_call: called with a :class:`CallRecord` for each answered model request.
        recorded: a recorded run's responses, served first and verbatim (forensic replay).
        client_key: this run's key, which every request must then carry in ``x-api-key``
            (``None``: no key is checked; the Host and Origin rules hold either way:
            :mod:`~overlord.adapters.connector.admission`). Stripped from stored bodies.
        on_refused: called with each request refused at the door.
    """

    def __init__(self, transcript: Transcript, *, host: str = "127.0.0.1", port: int = 0,
                 on_request: Callable[[RequestRecord], None] | None = None, route: Route | None = None,
                 on_call: Callable[[CallRecord], None] | None = None,
                 recorded: list[RecordedResponse] | None = None, client_key: str | None = None,
                 on_refused: Callable[[AdmissionRefusal], None] | None = None) -> None:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ConfigError(f"the replay connector listens on loopback only, not {host!r}", "use 127.0.0.1")
        self.transcript = transcript
        self.host = host
        self.port = port
        self.on_request = on_request
        self.route = route
        self.on_call = on_call
        self.recorded = list(recorded or [])
        keyed = {"x-api-key": check_runtime_key(client_key)} if client_key is not None else None
        self.admission = Admission(keyed, on_refused)
        self._secrets = (client_key,) if client_key else ()
        self.requests: list[RequestRecord] = []
        self._turns_served = 0
        self._runner: web.AppRunner | None = None
        self._closing: asyncio.Event | None = None

    @property
    def url(self) -> str:
        """The base URL (``ANTHROPIC_BASE_URL``) once started."""
        return f"http://{self.host}:{self.port}"

    @property
    def turns_served(self) -> int:
        """How many model requests were answered (transcript turns used, the final "done"s included)."""
        return self._turns_served

    def app(self) -> web.Application:
        """The aiohttp application (exposed for in-process tests)."""
        app = web.Application(client_max_size=64 << 20, middlewares=[
            middleware(self.admission, lambda: (self.host, self.port), refusal_answer)])
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_post("/v1/messages/count_tokens", self._count_tokens)
        app.router.add_get("/v1/models", self._models)
        app.router.add_route("*", "/{tail:.*}", self._other)
        return app

    async def start(self) -> ReplayConnector:
        """Listen; returns ``self`` (``url`` is then final).

        Raises:
            ConnectorError: the address cannot be bound.
        """
        self._closing = asyncio.Event()
        self._runner, self.port = await serve(self.app(), self.host, self.port, "replay connector")
        return self

    async def close(self) -> None:
        """Stop listening; stalled streams are ended."""
        if self._closing is not None:
            self._closing.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- handlers ---------------------------------------------------------------------

    def _record(self, request: web.Request, body: Any, *, stream: bool = False, turn: int | None = None) -> RequestRecord:
        rec = RequestRecord(len(self.requests), request.method, request.path, _model_of(body), stream, turn)
        self.requests.append(rec)
        if self.on_request is not None:
            try:
                self.on_request(rec)
            except Exception:  # noqa: BLE001 - an observer must not break the answer
                pass
        return rec

    async def _json_body(self, request: web.Request) -> tuple[bytes, Any]:
        raw = await request.read()
        try:
            return raw, json.loads(raw.decode("utf-8")) if raw else None
        except (ValueError, UnicodeError):
            return raw, None

    def _emit(self, request: web.Request, model: str | None, status: int, stream: bool, raw: bytes, sent: bytes,
              started: int) -> web.Response | None:
        """Report the exchange before its answer is sent: an answer whose record cannot be
        kept is never passed on (the refusal is returned instead)."""
        if self.on_call is None:
            return None
        t = usage_of(sent)
        rec = CallRecord("replay", request.path, model, status, stream, t.input_tokens, t.output_tokens,
                         t.cache_creation_input_tokens, t.cache_read_input_tokens, 0, True,
                         time.monotonic_ns() - started, scrub(raw, self._secrets), scrub(sent, self._secrets))
        try:
            self.on_call(rec)
        except Exception as e:  # noqa: BLE001 - an act the ledger cannot record does not happen
            return unrecorded_answer(e)
        return None

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        try:
            return await self._answer(request)
        except ConnectionResetError:  # the runtime went away mid-answer (a limit ended it): nothing to say
            return web.Response(status=499)

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        started = time.monotonic_ns()
        raw, body = await self._json_body(request)
        if self.route is not None:
            violation = self.route.check(_model_of(body))
            if violation is not None:
                self._record(request, body if isinstance(body, dict) else None)
                return web.json_response(m.error_body(
                    "invalid_request_error", f"refused by Overlord ({violation[0].value}): {violation[1]}"), status=400)
        if not isinstance(body, dict):
            self._record(request, None)
            return web.json_response(m.error_body("invalid_request_error", "the body is not a JSON object"), status=400)
        index = self._turns_served
        self._turns_served += 1
        stream = body.get("stream") is True
        self._record(request, body, stream=stream, turn=index)
        if index < len(self.recorded):
            rec = self.recorded[index]
            refused = self._emit(request, _model_of(body), rec.status, stream, raw, rec.body, started)
            if refused is not None:
                return refused
            resp = web.StreamResponse(status=rec.status, headers={"Content-Type": rec.content_type, "Cache-Control": "no-cache"})
            await resp.prepare(request)
            await resp.write(rec.body)
            await resp.write_eof()
            return resp
        turn = self.transcript.turn(index)
        model = _model_of(body) or DEFAULT_MODEL
        usage = m.turn_usage(turn, estimated_input_tokens=m.estimate_tokens(raw))
        if turn.delay_ms:
            await self._sleep(turn.delay_ms / 1000)
        if not stream:
            if turn.stall:
                await self._wait_closing()
            answer = json.dumps(m.message(turn, request_index=index, model=model, usage=usage)).encode()
            refused = self._emit(request, _model_of(body), 200, False, raw, answer, started)
            if refused is not None:
                return refused
            return web.Response(body=answer, content_type="application/json")
        head = b"".join(ev.encode() for ev in m.stream_start(request_index=index, model=model, usage=usage))
        tail = b"" if turn.stall else b"".join(
            ev.encode() for ev in [*m.stream_blocks(turn, request_index=index), *m.stream_end(turn, usage=usage)])
        refused = self._emit(request, _model_of(body), 200, True, raw, head + tail, started)
        if refused is not None:
            return refused
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                           "request-id": f"req_replay_{index:06d}"})
        await resp.prepare(request)
        await resp.write(head)
        if turn.stall:
            await self._wait_closing()
            return resp
        await resp.write(tail)
        await resp.write_eof()
        return resp

    async def _count_tokens(self, request: web.Request) -> web.Response:
        raw, body = await self._json_body(request)
        self._record(request, body)
        return web.json_response({"input_tokens": m.estimate_tokens(raw)})

    async def _models(self, request: web.Request) -> web.Response:
        self._record(request, None)
        seen = sorted({r.model for r in self.requests if r.model}) or [DEFAULT_MODEL]
        data = [{"type": "model", "id": name, "display_name": name, "created_at": "2025-01-01T00:00:00Z"} for name in seen]
        return web.json_response({"data": data, "has_more": False, "first_id": data[0]["id"], "last_id": data[-1]["id"]})

    async def _other(self, request: web.Request) -> web.Response:
        _, body = await self._json_body(request)
        self._record(request, body)
        if request.path == "/" and request.method in ("GET", "HEAD"):
            return web.Response(status=200)
        return web.json_response(m.error_body("not_found_error", f"{request.method} {request.path} is not served by the replay connector"),
                                 status=404)

    async def _sleep(self, seconds: float) -> None:
        assert self._closing is not None
        try:
            await asyncio.wait_for(self._closing.wait(), timeout=seconds)
        except TimeoutError:
            pass

    async def _wait_closing(self) -> None:
        assert self._closing is not None
        await self._closing.wait()


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

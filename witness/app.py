"""The aiohttp application: read API, live stream, the page, the witness, the actions.

Routes:

- ``GET /`` the page (self-contained: inline CSS and JS, no CDN);
- ``GET /healthz``; ``GET /api/runs``; ``GET /api/runs/{id}``;
  ``GET /api/events?after=N&limit=M`` (M <= 1000); ``GET /api/journal?after=N&limit=M``;
  ``GET /api/verify`` (the last verification and the latest checkpoint);
- ``GET /api/events/stream``: Server-Sent Events, each ``id`` its position, resumable with
  ``Last-Event-ID`` (or ``?after=N``); without either it starts at the log's end;
- ``POST /add-checkpoint``: C2SP tlog-witness v1.0.0 (see :mod:`witness.protocol`);
- ``POST /api/actions/checkpoint``: sign a checkpoint now (token-gated, see
  :mod:`witness.actions`);
- ``GET /api/approvals``; ``POST /api/actions/approve`` and ``/deny``: the tool calls waiting
  for the owner, and the owner's decisions (see :mod:`witness.approvals`). Every action first
  checks the install policy;
- the war room (:mod:`witness.warroom`): ``GET /api/tasks``, ``/api/tasks/{id}``,
  ``/api/tasks/{id}/stream``, ``/api/manage/status``; ``POST /api/goal`` and the actions
  ``task-approve``, ``task-fail``, ``stop-run``, ``stop-worker`` (token-gated, and the
  install policy checked first, as every action).

The ledger is read and written on one dedicated thread (``ledger_executor``); a poller
indexes new events (appended by this server or by any other process) and wakes streams.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from overlord.adapters.clock import Clock, SystemClock
from overlord.errors import NotFoundError
from overlord.ledger.note import Signer
from overlord.ledger.session import LedgerSession
from overlord.projections.journal import JournalView
from overlord.projections.runs import resolve_run
from overlord.projections.viewfile import read_view
from witness.actions import actions_app
from witness.admission import (
    HANDLER_OPTIONS,
    LOOPBACK_NAMES,
    BodyError,
    ConnectionGate,
    WitnessRequestHandler,
    answer_and_close,
    host_gate,
    read_body,
)
from witness.approvals import approvals_routes, policy_gate
from witness.index import LedgerIndex
from witness.protocol import MAX_BODY_BYTES, SIZE_CONTENT_TYPE, WitnessError, add_checkpoint
from witness.state import WitnessStore
from witness.warroom import SourceWatch, WarRoom, WarRoomOps, package_sources
from witness.warroom import routes as warroom_routes

MAX_LIMIT = 1000
KEEPALIVE_S = 15.0

CONFIG: web.AppKey[ServerConfig] = web.AppKey("config")
STATE: web.AppKey[ServerState] = web.AppKey("state")
ROOM: web.AppKey[WarRoom] = web.AppKey("warroom")


@dataclass
class ServerConfig:
    """What the server is handed (the CLI builds it; nothing here reads the environment).

    Attributes:
        session: the ledger home served (writable for the checkpoint action).
        witness_signer: the witness's key (its own home).
        witness_store: the witness's log states.
        token: the action token.
        clock: wall time for events the server records.
        unix_time: POSIX seconds for cosignature timestamps.
        poll_interval_s: how often the poller looks for new events.
        allowed_hosts: the Host names the server answers to (see :mod:`witness.admission`);
            the address a client connected to is always accepted too.
        body_timeout_s: how long a request body may take to arrive.
        warroom: the war room's injected operations (dispatch, stop a run or a worker, the
            goal console's mission); the defaults do nothing.
        sources: the source directories ``/api/manage/status`` watches (default: the
            installed packages').
    """

    session: LedgerSession
    witness_signer: Signer
    witness_store: WitnessStore
    token: str
    clock: Clock = field(default_factory=SystemClock)
    unix_time: Callable[[], int] = lambda: int(time.time())
    poll_interval_s: float = 0.2
    allowed_hosts: frozenset[str] = LOOPBACK_NAMES
    body_timeout_s: float = 10.0
    warroom: WarRoomOps = field(default_factory=WarRoomOps)
    sources: tuple[Path, ...] | None = None


@dataclass
class ServerState:
    """What the running server holds: the index, the wake-up condition, the last verify."""

    index: LedgerIndex
    executor: ThreadPoolExecutor
    changed: asyncio.Condition
    verify: dict[str, Any] = field(default_factory=lambda: {"last": None, "at_ns": None, "running": False, "size": -1})
    tasks: list[asyncio.Task] = field(default_factory=list)


def _bad(message: str, status: int = 400) -> web.Response:
    return web.json_response({"error": message}, status=status)


def _int_param(request: web.Request, name: str, default: int, lo: int, hi: int) -> int:
    raw = request.query.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise web.HTTPBadRequest(text=json.dumps({"error": f"{name} must be an integer"}), content_type="application/json") from None
    if not lo <= value <= hi:
        raise web.HTTPBadRequest(text=json.dumps({"error": f"{name} must be in {lo}..{hi}"}), content_type="application/json")
    return value


async def _in_ledger(request_or_app: web.Request | web.Application, fn: Callable[..., Any], *args: Any) -> Any:
    app = request_or_app.app if isinstance(request_or_app, web.Request) else request_or_app
    return await asyncio.get_running_loop().run_in_executor(app[STATE].executor, fn, *args)


async def _refresh(app: web.Application) -> int:
    state = app[STATE]
    added = await _in_ledger(app, state.index.refresh)
    if added:
        async with state.changed:
            state.changed.notify_all()
    return added


# -- read API ----------------------------------------------------------------------------


async def healthz(request: web.Request) -> web.Response:
    """Liveness: ok and how many events are indexed."""
    return web.json_response({"ok": True, "events": request.app[STATE].index.size})


async def runs(request: web.Request) -> web.Response:
    """The runs digest, newest first."""
    index = request.app[STATE].index
    items = sorted((r.to_json() for r in list(index.runs.values())), key=lambda r: r["opened_ns"], reverse=True)
    return web.json_response({"runs": items, "events": index.size})


async def run(request: web.Request) -> web.Response:
    """One run with its events (a unique prefix of the id is accepted)."""
    index = request.app[STATE].index
    try:
        rid = resolve_run(request.match_info["id"], list(index.runs))
    except NotFoundError as e:
        return _bad(e.message, 404)
    head = json.dumps({"run": index.runs[rid].to_json()})[:-1].encode()
    return web.Response(body=head + b',"events":' + index.run_events(rid) + b"}", content_type="application/json")


async def secrets(request: web.Request) -> web.Response:
    """The secret store's names and when each was set (never a value, nor a preview); 409 while
    it is locked (a normal state: ``overlord secret unlock``), 404 when there is none."""
    from overlord.adapters.secrets import NoStore, SecretStore, SecretStoreError, StoreLocked

    store = SecretStore(request.app[CONFIG].session.home.root)
    try:
        entries = await _in_ledger(request, store.entries)
    except NoStore:
        return _bad("there is no secret store (overlord secret init)", 404)
    except StoreLocked:
        return _bad("the secret store is locked (overlord secret unlock)", 409)
    except SecretStoreError as e:
        return _bad(f"the secret store fails its checks: {e.message}", 500)
    return web.json_response({"secrets": [{"name": e.name, "updated_at": e.updated_at} for e in entries]})


async def events(request: web.Request) -> web.Response:
    """A page of events after position ``after`` (default -1: from the start)."""
    after = _int_param(request, "after", -1, -1, 2**62)
    limit = _int_param(request, "limit", 100, 1, MAX_LIMIT)
    index = request.app[STATE].index
    page, n = index.page(after, limit)
    nxt = after + n
    return web.Response(
        body=b'{"after":%d,"next":%d,"size":%d,"events":' % (after, nxt, index.size) + page + b"}",
        content_type="application/json",
    )


async def journal(request: web.Request) -> web.Response:
    """The journal projection (``overlord journal``'s rows)."""
    after = _int_param(request, "after", -1, -1, 2**62)
    limit = _int_param(request, "limit", 100, 1, MAX_LIMIT)
    session = request.app[CONFIG].session

    def read() -> list[dict[str, Any]]:
        return read_view(session.ledger, str(session.home.views_path), JournalView,
                         lambda view: [e.to_json() for e in view.select(after_position=after, limit=limit)])

    return web.json_response({"entries": await _in_ledger(request, read)})


async def verify(request: web.Request) -> web.Response:
    """The last verification's report and the latest checkpoint (with its cosignatures)."""
    state = request.app[STATE]
    _kick_verify(request.app)
    v = state.verify
    return web.json_response({
        "last": v["last"], "at_ns": v["at_ns"], "running": v["running"], "verified_size": v["size"],
        "events": state.index.size, "checkpoint": state.index.latest_checkpoint(),
    })


def _kick_verify(app: web.Application) -> None:
    state = app[STATE]
    if state.verify["running"] or state.verify["size"] == state.index.size:
        return
    state.verify["running"] = True

    async def go() -> None:
        size = state.index.size
        try:
            report = await asyncio.get_running_loop().run_in_executor(None, lambda: app[CONFIG].session.verify(workers=1))
            state.verify.update(last=report.to_json(), at_ns=time.time_ns(), size=size)
        except Exception as e:  # noqa: BLE001 - shown as a failed verification
            state.verify.update(last={"ok": False, "first_failure": {"problem": f"verify could not run: {e}"}},
                                at_ns=time.time_ns(), size=size)
        finally:
            state.verify["running"] = False

    state.tasks.append(asyncio.get_running_loop().create_task(go()))


async def stream(request: web.Request) -> web.StreamResponse:
    """Server-Sent Events of new events; ``id:`` is the position (resume with Last-Event-ID)."""
    state = request.app[STATE]
    last_id = request.headers.get("Last-Event-ID")
    try:
        if last_id is not None and last_id.strip():
            after = int(last_id)
        elif "after" in request.query:
            after = int(request.query["after"])
        else:
            after = state.index.size - 1
    except ValueError:
        return _bad("Last-Event-ID / after must be an event position (an integer)")
    if after < -1:
        return _bad("Last-Event-ID / after must be >= -1")
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                       "X-Accel-Buffering": "no"})
    try:
        await _stream_to(resp, request, state, after)
    except ConnectionError:  # the client went away: the normal end of a stream, not an error
        pass
    return resp


async def _stream_to(resp: web.StreamResponse, request: web.Request, state: ServerState, after: int) -> None:
    await resp.prepare(request)
    await resp.write(b"retry: 1000\n: overlord events\n\n")
    while True:
        index = state.index
        if index.size > after + 1:
            chunk = index.events[after + 1 : after + 1 + MAX_LIMIT]
            out = bytearray()
            for i, data in enumerate(chunk, after + 1):
                out += b"id: %d\nevent: ledger\ndata: " % i + data + b"\n\n"
            await resp.write(bytes(out))
            after += len(chunk)
            continue
        async with state.changed:
            try:
                await asyncio.wait_for(state.changed.wait(), KEEPALIVE_S)
            except TimeoutError:
                await resp.write(b": keep-alive\n\n")


async def page(request: web.Request) -> web.Response:
    """The one self-contained page."""
    html = resources.files("witness").joinpath("page.html").read_bytes()
    return web.Response(body=html, content_type="text/html", charset="utf-8", headers={
        "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                                   "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
                                   "frame-ancestors 'none'",
    })


# -- the witness -------------------------------------------------------------------------


async def add_checkpoint_handler(request: web.Request) -> web.Response:
    """C2SP tlog-witness v1.0.0 ``add-checkpoint``: authenticated by the log's signature."""
    config = request.app[CONFIG]
    try:
        body = await read_body(request, max_bytes=MAX_BODY_BYTES, timeout_s=config.body_timeout_s)
    except BodyError as e:
        answer = web.Response(status=e.status, text=e.message + "\n")
        return await answer_and_close(request, answer) if e.status == 408 else answer
    try:
        # synchronous from the state read to the compare-and-swap: no other request interleaves
        result = add_checkpoint(config.witness_store, config.witness_signer, body, now=config.unix_time())
    except WitnessError as e:
        if e.status == 409 and e.size is not None:
            return web.Response(status=409, body=b"%d\n" % e.size, content_type=SIZE_CONTENT_TYPE)
        return web.Response(status=e.status, text=e.message + "\n")
    return web.Response(body=result.body(), content_type="text/plain", charset="utf-8")


# -- actions -----------------------------------------------------------------------------


async def action_checkpoint(request: web.Request) -> web.Response:
    """Sign a checkpoint of the whole ledger now (as ``overlord checkpoint``)."""
    config = request.app[CONFIG]
    app = request.config_dict[STATE]

    def sign() -> dict[str, Any]:
        cp, note = config.session.checkpoint(at=config.clock.now())
        return {"origin": cp.origin, "size": cp.size, "note": note}

    out = await asyncio.get_running_loop().run_in_executor(app.executor, sign)
    return web.json_response(out)


# -- assembly ----------------------------------------------------------------------------


@web.middleware
async def _headers(request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
    resp = await handler(request)
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    resp.headers.setdefault("Referrer-Policy", "no-referrer")
    return resp


async def _poller(app: web.Application) -> None:
    interval = app[CONFIG].poll_interval_s
    while True:
        try:
            await _refresh(app)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - keep serving; the next poll retries
            pass
        await asyncio.sleep(interval)


async def _startup(app: web.Application) -> None:
    state = ServerState(
        index=LedgerIndex(app[CONFIG].session.ledger),
        executor=ThreadPoolExecutor(max_workers=1, thread_name_prefix="ledger"),
        changed=asyncio.Condition(),
    )
    app[STATE] = state
    config = app[CONFIG]
    app[ROOM] = WarRoom(config.session, config.clock, config.warroom, executor=lambda: state.executor,
                        index=lambda: state.index, changed=lambda: state.changed,
                        sources=SourceWatch(config.sources if config.sources is not None else package_sources()))
    await _refresh(app)
    state.tasks.append(asyncio.get_running_loop().create_task(_poller(app)))
    _kick_verify(app)


async def _cleanup(app: web.Application) -> None:
    state = app[STATE]
    for t in state.tasks:
        t.cancel()
    await asyncio.gather(*state.tasks, return_exceptions=True)
    room = app.get(ROOM)
    if room is not None:
        await asyncio.get_running_loop().run_in_executor(state.executor, room.close)
    state.executor.shutdown(wait=True)


async def _shutdown(app: web.Application) -> None:
    # wake every stream so it notices the server is going away
    state = app.get(STATE)
    if state is not None:
        for t in state.tasks:
            t.cancel()


def build_app(config: ServerConfig, gate: ConnectionGate | None = None) -> web.Application:
    """The whole server as one aiohttp application (the caller runs it, see :func:`start`).

    ``gate``: the connection cap and header clock that :func:`start` puts in front of it.
    """
    middlewares = [_headers, host_gate(config.allowed_hosts)]
    if gate is not None:
        middlewares.insert(0, gate.middleware())
    app = web.Application(middlewares=middlewares, client_max_size=MAX_BODY_BYTES)
    app[CONFIG] = config
    app.router.add_get("/", page)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/api/runs", runs)
    app.router.add_get("/api/runs/{id}", run)
    app.router.add_get("/api/events", events)
    app.router.add_get("/api/events/stream", stream)
    app.router.add_get("/api/journal", journal)
    app.router.add_get("/api/verify", verify)
    app.router.add_get("/api/secrets", secrets)
    app.router.add_post("/add-checkpoint", add_checkpoint_handler)
    listing, approve, deny = approvals_routes(CONFIG)
    app.router.add_get("/api/approvals", listing)
    checks = [policy_gate(CONFIG, lambda r: r.config_dict[STATE].executor)]  # every action checks the policy first
    actions: list[tuple[str, Any]] = [("/checkpoint", action_checkpoint), ("/approve", approve), ("/deny", deny)]
    for method, path, handler in warroom_routes(ROOM, config.token, body_timeout_s=config.body_timeout_s,
                                                after=checks):
        if method == "ACTION":
            actions.append((path, handler))
        else:
            app.router.add_route(method, path, handler)
    sub = actions_app(config.token, actions, body_timeout_s=config.body_timeout_s, after=checks)
    sub[CONFIG] = config
    app.add_subapp("/api/actions/", sub)
    app.on_startup.append(_startup)
    app.on_shutdown.append(_shutdown)
    app.on_cleanup.append(_cleanup)
    return app


async def start(config: ServerConfig, host: str, port: int, gate: ConnectionGate) -> tuple[web.AppRunner, asyncio.Server]:
    """Start serving ``config`` on ``host:port`` behind ``gate``; the caller stops it with
    :func:`stop`. Returns the runner and the listening server."""
    runner = web.AppRunner(build_app(config, gate), handle_signals=False, **HANDLER_OPTIONS)
    await runner.setup()
    manager = runner.server
    assert manager is not None
    loop = asyncio.get_running_loop()
    try:
        server = await loop.create_server(
            gate.protocol_factory(lambda: WitnessRequestHandler(manager, loop=loop, **HANDLER_OPTIONS)), host, port,
            reuse_address=True)
    except BaseException:
        await runner.cleanup()
        raise
    return runner, server


async def stop(runner: web.AppRunner, server: asyncio.Server) -> None:
    """Stop listening, end open connections (streams included), run the app's cleanup."""
    server.close()
    await runner.cleanup()


def serve_forever(config: ServerConfig, host: str, port: int, gate: ConnectionGate) -> None:
    """Serve until SIGINT or SIGTERM (the CLI's ``witness serve``)."""
    import signal

    async def main() -> None:
        runner, server = await start(config, host, port, gate)
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, done.set)
        try:
            await done.wait()
        finally:
            await stop(runner, server)

    asyncio.run(main())


def add_local_log(session: LedgerSession, store: WitnessStore) -> None:
    """Make the served ledger's own origin known to the witness (its trusted log keys)."""
    for v in session.verifiers:
        if v.name == session.origin:
            store.add_log(session.origin, v.to_key())

"""The record connector: a loopback proxy between the runtime and the real model API.

The runtime's ``ANTHROPIC_BASE_URL`` points here; it holds only this run's key, which every
request must carry (with no ``Origin`` and the connector's own address as its ``Host``:
:mod:`~overlord.adapters.connector.admission`), else it is refused (401, 421, 403), reported
to ``on_refused``, and nothing is forwarded. Each ``POST /v1/messages`` is checked against the route (:class:`~overlord.adapters.connector.calls.Route`):
a model outside it, or a body whose model cannot be read, is refused with a Messages API
error (nothing is forwarded) and the violation is kept for the controller, which stops the
run (``route_mismatch`` / ``route_unverified``). Everything else is forwarded to ``upstream``
with the upstream key (``x-api-key``; the runtime's own credentials are dropped), and the
answer is streamed back as it arrives. For each forwarded request a :class:`CallRecord` is
handed to ``on_call``: provider, model, tokens (from the response's usage), cost from the
price table, latency, and the request and response bodies with credentials stripped
(headers are never kept).

Nothing here writes the ledger; the caller turns records into ``ConnectorCalled`` events.
Run it in the caller's loop, or in a thread of its own with
:class:`~overlord.adapters.connector.replay.ConnectorThread` (``connector=``).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import aiohttp
from aiohttp import web
from aiohttp.abc import AbstractResolver

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.admission import (
    Admission,
    AdmissionRefusal,
    check_runtime_key,
    middleware,
    refusal_answer,
)
from overlord.adapters.connector.budget import ANTHROPIC, CallUsage, WireBudget
from overlord.adapters.connector.calls import CallRecord, Route, model_of, scrub
from overlord.adapters.connector.replay import ConnectorError, RequestRecord, serve, unrecorded_answer
from overlord.domain.prices import PriceTable
from overlord.domain.spend import Refusal, Reservation, SpendAsk, SpendReserve, input_bound, worst_case
from overlord.errors import ConfigError

PROVIDER = "anthropic"
"""The provider named in records (the Messages API)."""
FREE_PATHS = frozenset({"/v1/messages/count_tokens"})
"""Paths besides model calls that may be posted with a spend reserve in place (they cost nothing)."""

_DROP_REQUEST = {"host", "content-length", "authorization", "x-api-key", "accept-encoding", "connection",
                 "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-authorization", "cookie"}
_DROP_RESPONSE = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
                  "set-cookie", "date", "server"}


class RecordConnector:
    """Forward model requests to ``upstream`` and record each exchange.

    Args:
        upstream: the model API's base URL (``https://api.anthropic.com``).
        api_key: the upstream key (sent as ``x-api-key``; ``None``: none sent). Never recorded.
        client_key: this run's key (:func:`~overlord.adapters.connector.admission.new_runtime_key`),
            which every request must carry in ``x-api-key``. Never recorded.
        on_refused: called with each request refused at the door (no key, another Host, an Origin).
        route: the route check; its violation is what the controller polls.
        prices: the price table for ``cost_micro_usd``.
        on_call: called with each :class:`CallRecord` once its response is finished (in the
            server's loop; exceptions are swallowed).
        secrets: more strings to strip from stored bodies.
        host, port: a loopback address; ``port=0``: any free port.
        spend: the spend reserve (``None``: nothing is reserved): each model call's worst case
            is reserved before it is forwarded and settled from its usage after.
        budget: the API's spend hooks (``max_tokens``, usage).
        address: the upstream's address as checked (:func:`overlord.adapters.egress.check_target`):
            every connection goes there, the name is never looked up again; ``None``: resolved
            by the system.
    """

    def __init__(self, upstream: str, *, api_key: str | None, client_key: str, route: Route,
                 prices: PriceTable | None = None, on_call: Callable[[CallRecord], None] | None = None,
                 secrets: tuple[str, ...] = (), host: str = "127.0.0.1", port: int = 0, timeout_s: float = 600.0,
                 spend: SpendReserve | None = None, budget: WireBudget = ANTHROPIC,
                 on_refused: Callable[[AdmissionRefusal], None] | None = None, address: str | None = None) -> None:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ConfigError(f"the record connector listens on loopback only, not {host!r}", "use 127.0.0.1")
        parsed = urlparse(upstream)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise ConfigError(f"the upstream {upstream!r} is not an http(s) URL", "fix [connector] upstream")
        self.upstream = upstream.rstrip("/")
        self._api_key = api_key
        self.route = route
        self.prices = prices or PriceTable.built_in()
        self.on_call = on_call
        self.spend = spend
        self.budget = budget
        # the door is never open: a record connector sends what it is given with the owner's key
        self.admission = Admission({"x-api-key": check_runtime_key(client_key)}, on_refused)
        self._secrets = tuple(s for s in (api_key, client_key, *secrets) if s)
        self.host, self.port = host, port
        self.timeout_s = timeout_s
        self.address = address
        self.requests: list[RequestRecord] = []
        self._runner: web.AppRunner | None = None
        self._client: aiohttp.ClientSession | None = None
        self._settling = 0
        self._settled = asyncio.Event()

    @property
    def url(self) -> str:
        """The base URL (``ANTHROPIC_BASE_URL``) once started."""
        return f"http://{self.host}:{self.port}"

    def app(self) -> web.Application:
        """The aiohttp application (exposed for in-process tests)."""
        app = web.Application(client_max_size=64 << 20, middlewares=[
            middleware(self.admission, lambda: (self.host, self.port), refusal_answer)])
        app.router.add_route("*", "/{tail:.*}", self._handle)
        return app

    async def start(self) -> RecordConnector:
        """Listen; returns ``self``.

        Raises:
            ConnectorError: the address cannot be bound.
        """
        pinned = (aiohttp.TCPConnector(resolver=PinnedResolver(urlparse(self.upstream).hostname or "", self.address))
                  if self.address else None)
        self._client = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout_s, sock_connect=10),
                                             auto_decompress=False, connector=pinned)
        try:
            self._runner, self.port = await serve(self.app(), self.host, self.port, "record connector")
        except ConnectorError:
            await self._client.close()
            raise
        return self

    async def close(self) -> None:
        """Wait for the settlements still being written (at most ``timeout_s``), then stop
        listening and close the upstream client."""
        if self._settling:
            try:
                await asyncio.wait_for(self._settled.wait(), timeout=self.timeout_s)
            except TimeoutError:
                pass  # an unsettled reservation stays outstanding: counted as spent
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._client is not None:
            await self._client.close()
            self._client = None

    # -- the proxy ----------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.monotonic_ns()
        raw = await request.read()
        body: Any = None
        if raw:
            try:
                body = json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeError):
                body = None
        model = model_of(body)
        is_model_call = request.method == "POST" and request.path == "/v1/messages"
        stream = isinstance(body, dict) and body.get("stream") is True
        self.requests.append(RequestRecord(len(self.requests), request.method, request.path, model, stream,
                                           None))
        held: _Held | None = None
        if self.spend is not None and not is_model_call and request.method not in ("GET", "HEAD") \
                and request.path not in FREE_PATHS:
            # a path that could spend (batches, legacy completions...) without a reservation: refused
            return web.json_response(m.error_body(
                "permission_error", f"refused by Overlord (budget): {request.method} {request.path} cannot be "
                                    "reserved against the budget"), status=403)
        if is_model_call:
            violation = self.route.check(model)
            if violation is not None:
                code, detail = violation
                return web.json_response(m.error_body("invalid_request_error", f"refused by Overlord ({code.value}): {detail}"),
                                         status=400)
            if self.spend is not None:
                reserved = await self._reserve(raw, body, model)
                if isinstance(reserved, web.Response):
                    return reserved
                held, raw = reserved, reserved.raw
        assert self._client is not None
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _DROP_REQUEST}
        headers["Accept-Encoding"] = "identity"
        if self._api_key:
            headers["x-api-key"] = self._api_key
        try:
            upstream = await self._client.request(request.method, self.upstream + request.path_qs, data=raw or None,
                                                  headers=headers, allow_redirects=False)
        except (TimeoutError, aiohttp.ClientError, OSError) as e:
            if held is not None:  # never connected: nothing was sent; else it may have been billed
                basis = "not_sent" if isinstance(e, aiohttp.ClientConnectorError) else "worst_case"
                await self._settle(held, 0 if basis == "not_sent" else held.reservation.worst_case_micro_usd, basis)
            return web.json_response(m.error_body("api_error", f"the upstream did not answer: {type(e).__name__}"),
                                     status=502)
        got = bytearray()
        broke = False
        try:
            async for chunk in upstream.content.iter_any():
                got.extend(chunk)
        except (TimeoutError, aiohttp.ClientError, ConnectionResetError) as e:
            broke = True
            got.extend(f"\n[overlord: the exchange broke off: {type(e).__name__}]".encode())
        finally:
            upstream.release()
        # recorded before the runtime sees it: an answer the ledger cannot hold is not passed on
        settle = None
        if request.method != "HEAD":
            refused, settle = self._emit(request.path, model, upstream.status, stream, raw, bytes(got), started, held,
                                         broke)
            if refused is not None:
                return refused
        resp = web.StreamResponse(status=upstream.status, headers={
            k: v for k, v in upstream.headers.items() if k.lower() not in _DROP_RESPONSE})
        try:
            await resp.prepare(request)
            await resp.write(bytes(got))
            await resp.write_eof()
        except ConnectionResetError:
            pass  # the runtime went away (a limit ended it)
        finally:
            # settled once the answer is out: until then the worst case stays reserved (a failed
            # settlement leaves it so, and the reserve stops the run)
            if held is not None and settle is not None:
                await self._settle(held, *settle)
        return resp

    # -- the spend reserve --------------------------------------------------------------

    async def _reserve(self, raw: bytes, body: Any, model: str | None) -> _Held | web.Response:
        """The worst case of the call, reserved before anything is sent; a refusal is the
        runtime's answer (the reserve keeps it for the controller: stop code ``budget``)."""
        assert self.spend is not None
        if not isinstance(body, dict):
            return web.json_response(m.error_body("invalid_request_error", "refused by Overlord (budget): the body is "
                                                  "not a JSON object, so its cost cannot be bounded"), status=400)
        prepared = self.budget.prepare(raw, body)
        price = self.prices.lookup(model)
        worst = 0 if price is None else worst_case(
            price, input_tokens=input_bound(len(prepared.raw), unbounded=prepared.unbounded_input),
            max_tokens=prepared.max_tokens)
        ask = SpendAsk(PROVIDER, model, worst, price is not None)
        verdict = await asyncio.get_running_loop().run_in_executor(None, self._reserve_sync, ask)
        if isinstance(verdict, Refusal):
            return web.json_response(m.error_body("invalid_request_error",
                                                  f"refused by Overlord (budget: {verdict.reason}): {verdict.detail}"),
                                     status=400)
        return _Held(prepared.raw, verdict, price is not None)

    def _reserve_sync(self, ask: SpendAsk) -> Reservation | Refusal:
        assert self.spend is not None
        try:
            return self.spend.reserve(ask)
        except Exception as e:  # noqa: BLE001 - a reserve that fails refuses
            return Refusal("unavailable", f"the spend reserve failed: {type(e).__name__}")

    async def _settle(self, held: _Held, cost: int, basis: str) -> bool:
        """Settle a reservation (off the loop); whether it was recorded (else it stays
        outstanding, and the reserve has asked the controller to stop the run)."""
        self._settling += 1
        self._settled.clear()
        try:
            return await asyncio.get_running_loop().run_in_executor(None, self._settle_sync, held, cost, basis)
        finally:
            self._settling -= 1
            if not self._settling:
                self._settled.set()

    @property
    def settling(self) -> int:
        """How many settlements are being written now (they follow the answers they settle)."""
        return self._settling

    def _emit(self, path: str, model: str | None, status: int, stream: bool, req: bytes, res: bytes,
              started: int, held: _Held | None = None, broke: bool = False,
              ) -> tuple[web.Response | None, tuple[int, str] | None]:
        """Report the exchange before it is passed on: the refusal to send when its record
        failed (its reservation then settled at once), and what to settle the reservation at."""
        use = self.budget.usage(res, stream=stream) if path == "/v1/messages" and status < 400 else None
        t = use or CallUsage()
        cost = self.prices.cost(model, input_tokens=t.input_tokens, output_tokens=t.output_tokens,
                                cache_creation_input_tokens=t.cache_creation_input_tokens,
                                cache_read_input_tokens=t.cache_read_input_tokens,
                                cache_creation_1h_input_tokens=t.cache_creation_1h_input_tokens)
        settle: tuple[int, str] | None = None
        if held is not None:
            if status >= 400:
                settle = (0, "usage")  # an error answer reports no usage and is not billed
            elif use is None or not use.complete or broke or not held.priced:
                settle = (held.reservation.worst_case_micro_usd, "worst_case")
            else:
                settle = (cost.micro_usd, "usage")
        if self.on_call is not None:
            rec = CallRecord(PROVIDER, path, model, status, stream, t.input_tokens, t.output_tokens,
                             t.cache_creation_input_tokens, t.cache_read_input_tokens,
                             settle[0] if settle else cost.micro_usd, cost.priced or use is None,
                             time.monotonic_ns() - started, scrub(req, self._secrets), scrub(res, self._secrets))
            try:
                self.on_call(rec)
            except Exception as e:  # noqa: BLE001 - an act the ledger cannot record does not happen
                if held is not None and settle is not None:
                    self._settle_sync(held, *settle)
                return unrecorded_answer(e), None
        return None, settle

    def _settle_sync(self, held: _Held, cost: int, basis: str) -> bool:
        assert self.spend is not None
        try:
            self.spend.settle(held.reservation, cost, basis=basis)
            return True
        except Exception:  # noqa: BLE001 - an unrecorded settlement keeps the reservation outstanding
            return False


@dataclass(frozen=True)
class _Held:
    """A call whose worst case is reserved: the bytes to send, the reservation, and whether
    its model had a price (an unpriced free route settles at its reservation, 0)."""

    raw: bytes
    reservation: Reservation
    priced: bool


class PinnedResolver(AbstractResolver):
    """An aiohttp resolver that knows one name: ``host`` is ``address`` (the address that was
    checked), and any other name does not resolve. So the connection goes where the check
    looked, and a second lookup cannot answer differently."""

    def __init__(self, host: str, address: str) -> None:
        self.host = host.rstrip(".").lower()
        self.address = address

    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET) -> list[Any]:
        """``address`` for ``host``; nothing else resolves."""
        if host.rstrip(".").lower() != self.host:
            raise OSError(f"the connector reaches {self.host} only, not {host}")
        fam = socket.AF_INET6 if ":" in self.address else socket.AF_INET
        return [{"hostname": host, "host": self.address, "port": port, "family": fam, "proto": 0,
                 "flags": socket.AI_NUMERICHOST}]

    async def close(self) -> None:
        """Nothing to release."""


def check_upstream(upstream: str, *, timeout_s: float = 5.0, address: str | None = None) -> None:
    """Check that ``upstream`` answers HTTP at all (any status counts), before a run opens;
    with ``address`` (checked by :func:`overlord.adapters.egress.check_target`) the check
    connects there only.

    Raises:
        ConfigError: nothing answers there (refused, unresolvable, timed out).
    """
    import urllib.error
    import urllib.request

    if address is not None:
        _check_pinned(upstream, address, timeout_s)
        return
    try:
        req = urllib.request.Request(upstream.rstrip("/") + "/", method="HEAD")  # noqa: S310 - http(s) checked by the mission
        with urllib.request.urlopen(req, timeout=timeout_s):  # noqa: S310 - http(s) checked by the mission
            return
    except urllib.error.HTTPError:
        return  # it answered
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise ConfigError(f"the upstream {upstream} does not answer: {reason}",
                          "check [connector] upstream and the network, or use mode = \"replay\"") from e


def _check_pinned(upstream: str, address: str, timeout_s: float) -> None:
    from overlord.adapters.egress import CheckedTarget, pinned_connection

    parsed = urlparse(upstream)
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    target = CheckedTarget(upstream, parsed.scheme, parsed.hostname or "", port, "/", address)
    conn = pinned_connection(target, timeout_s=timeout_s)
    try:
        conn.request("HEAD", (parsed.path.rstrip("/") or "") + "/")
        conn.getresponse()
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise ConfigError(f"the upstream {upstream} ({address}) does not answer: {e}",
                          "check [connector] upstream and the network, or use mode = \"replay\"") from e
    finally:
        conn.close()

"""The record connector: a loopback proxy between the runtime and the real model API.

The runtime's model endpoint points here; it holds only this run's key, which every request
must carry in the API's own key header (with no ``Origin`` and the connector's own address as
its ``Host``: :mod:`~overlord.adapters.connector.admission`), else it is refused (401, 421,
403), reported to ``on_refused``, and nothing is forwarded: a record connector's door is
never open. The shared
pipeline (:class:`~overlord.adapters.connector.replay.Connector`) makes each path canonical,
serves only the API's allow-listed endpoints, checks each model request's route and shows it
to the run's ground truth. With a spend reserve, each model call's worst case (from the
request's bytes and its output cap, :mod:`overlord.adapters.connector.budget`, the API's own
hooks) is reserved before anything is sent; a refusal is the runtime's answer and stops the
run with ``budget``. What passes is forwarded to ``upstream`` (an origin: scheme, host and
port) at the same canonical path and query, with the upstream key in the API's own header
(the runtime's credentials are dropped). The answer is read whole, recorded
(:class:`~overlord.adapters.connector.calls.CallRecord`: provider, model, tokens from the API's
own usage fields, cost from the price table, the bodies with credentials stripped; headers are
never kept), entered in the ground truth, and only then passed on; the reservation is settled
from the answer's usage once it is out (a cut stream or unreadable usage at the worst case).

Nothing here writes the ledger; the caller turns records into ``ConnectorCalled`` events.
Run it in the caller's loop, or in a thread of its own with
:class:`~overlord.adapters.connector.replay.ConnectorThread` (``connector=``).
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import aiohttp
from aiohttp import web
from aiohttp.abc import AbstractResolver

from overlord.adapters.connector.admission import AdmissionRefusal, check_runtime_key
from overlord.adapters.connector.api import Endpoint, ModelApi, json_body, speaking
from overlord.adapters.connector.budget import CallUsage, WireBudget, budget_for
from overlord.adapters.connector.calls import CallRecord, Route, Tokens
from overlord.adapters.connector.replay import Connector, ConnectorError, Guard, RequestRecord
from overlord.domain.prices import PriceTable
from overlord.domain.spend import Refusal, Reservation, SpendAsk, SpendReserve, input_bound, worst_case
from overlord.errors import ConfigError

PROVIDER = "anthropic"
"""The provider named in records of the Messages API (each API names its own)."""

_DROP_REQUEST = {"host", "content-length", "accept-encoding", "connection", "keep-alive", "transfer-encoding", "te",
                 "upgrade", "proxy-authorization", "cookie"}
_DROP_RESPONSE = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
                  "set-cookie", "date", "server"}

__all__ = ["PROVIDER", "RecordConnector", "RequestRecord", "check_upstream"]


def origin_of(upstream: str) -> str:
    """``upstream`` as an origin (``scheme://host:port``).

    Raises:
        ConfigError: not an http(s) origin (a path, query or credentials in it).
    """
    parsed = urlparse(upstream)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(f"the upstream {upstream!r} is not an http(s) URL", "fix [connector] upstream")
    if parsed.path not in ("", "/") or parsed.query or parsed.fragment or parsed.username or parsed.password:
        raise ConfigError(f"the upstream {upstream!r} is not an origin", 'give scheme, host and port only, e.g. '
                          '"https://api.anthropic.com": request paths are forwarded as the runtime sends them')
    return f"{parsed.scheme}://{parsed.netloc}"


class RecordConnector(Connector):
    """Forward model requests to ``upstream`` and record each exchange.

    Args:
        upstream: the model API's origin (``https://api.anthropic.com``).
        api_key: the upstream key (sent in the API's own header; ``None``: none sent). Never recorded.
        client_key: this run's key (:func:`~overlord.adapters.connector.admission.new_runtime_key`),
            which every request must carry in the API's key header. Never recorded.
        on_refused: called with each request refused at the door (no key, another Host, an Origin).
        route: the route check; its violation is what the controller polls.
        prices: the price table for ``cost_micro_usd``.
        on_call: called with each :class:`CallRecord` before its answer is passed on.
        secrets: more strings to strip from stored bodies.
        host, port: a loopback address; ``port=0``: any free port.
        api: the model API (default: Anthropic's Messages API).
        guard: the run's ground truth.
        spend: the spend reserve (``None``: nothing is reserved): each model call's worst case
            is reserved before it is forwarded and settled from its usage after.
        budget: the API's spend hooks (``max_tokens``, usage); default: the hooks of ``api``.
        address: the upstream's address as checked (:func:`overlord.adapters.egress.check_target`):
            every connection goes there, the name is never looked up again; ``None``: resolved
            by the system.

    Raises:
        ConfigError: not a loopback address or an origin, a ``client_key`` that cannot be a
            run key, or a spend reserve for an API without spend hooks (it could not reserve).
    """

    def __init__(self, upstream: str, *, api_key: str | None, client_key: str, route: Route,
                 prices: PriceTable | None = None, on_call: Callable[[CallRecord], None] | None = None,
                 secrets: tuple[str, ...] = (), host: str = "127.0.0.1", port: int = 0, timeout_s: float = 600.0,
                 api: ModelApi | None = None, guard: Guard | None = None, spend: SpendReserve | None = None,
                 budget: WireBudget | None = None, on_refused: Callable[[AdmissionRefusal], None] | None = None,
                 address: str | None = None) -> None:
        # the door is never open: a record connector sends what it is given with the owner's key
        super().__init__(api=api, host=host, port=port, route=route, on_call=on_call, guard=guard,
                         client_key=check_runtime_key(client_key), on_refused=on_refused)
        self.upstream = origin_of(upstream)
        self.provider = self.api.provider
        self._api_key = api_key
        self.prices = prices or PriceTable.built_in()
        self.spend = spend
        if budget is None:
            try:
                budget = budget_for(self.api.name)
            except KeyError:
                raise ConfigError(f"the {self.api.name} API has no spend hooks, so its calls cannot be reserved",
                                  "use a runtime whose API the connector can price") from None
        self.budget = budget
        self._secrets = tuple(s for s in (api_key, client_key, *secrets) if s)
        self.timeout_s = timeout_s
        self.address = address
        self._client: aiohttp.ClientSession | None = None
        self._settling = 0
        self._settled = asyncio.Event()

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
            await super().start()
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
        await super().close()
        if self._client is not None:
            await self._client.close()
            self._client = None

    async def other_answer(self, request: web.Request, endpoint: Endpoint, raw: bytes, body: Any) -> web.StreamResponse:
        """Forwarded as it is (the model list, token counting: they cost nothing): no route
        check, recorded. Every other path was refused by the allow-list, so nothing that could
        spend passes unreserved."""
        return await self._forward(request, endpoint, None, raw, time.monotonic_ns(), model_call=False)

    async def model_answer(self, request: web.Request, endpoint: Endpoint, model: str | None, raw: bytes, body: Any,
                           started: int) -> web.StreamResponse:
        """Reserved (with a spend reserve), forwarded; recorded and entered in the ground truth
        before it is passed on, settled after."""
        stream = self.api.streams(endpoint, body, request.rel_url.query)
        self._record(request, endpoint.forward_path, model, stream=stream,
                     turn=sum(1 for r in self.requests if r.turn is not None))
        held: _Held | None = None
        if self.spend is not None:
            reserved = await self._reserve(raw, body, model)
            if isinstance(reserved, web.Response):
                return reserved
            held, raw = reserved, reserved.raw
        return await self._forward(request, endpoint, model, raw, started, model_call=True, body=body, stream=stream,
                                   held=held)

    async def _forward(self, request: web.Request, endpoint: Endpoint, model: str | None, raw: bytes, started: int, *,
                       model_call: bool, body: Any = None, stream: bool = False,
                       held: _Held | None = None) -> web.StreamResponse:
        assert self._client is not None
        drop = _DROP_REQUEST | self.api.credential_headers | {"x-api-key", "authorization", "x-goog-api-key"}
        headers = {k: v for k, v in request.headers.items() if k.lower() not in drop}
        headers["Accept-Encoding"] = "identity"
        if self._api_key:
            headers.update(self.api.auth_headers(self._api_key))
        query = [(k, v) for k, v in request.rel_url.query.items() if k.lower() != "key"]
        url = self.upstream + endpoint.forward_path
        try:
            upstream = await self._client.request(request.method, url, params=query or None, data=raw or None,
                                                  headers=headers, allow_redirects=False)
        except (TimeoutError, aiohttp.ClientError, OSError) as e:
            if held is not None:  # never connected: nothing was sent; else it may have been billed
                basis = "not_sent" if isinstance(e, aiohttp.ClientConnectorError) else "worst_case"
                await self._settle(held, 0 if basis == "not_sent" else held.reservation.worst_case_micro_usd, basis)
            return self.error(502, "api_error", f"the upstream did not answer: {type(e).__name__}")
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
        answer = bytes(got)
        settle: tuple[int, str] | None = None
        try:
            # recorded before the runtime sees it: an answer the ledger cannot hold is not passed on
            if request.method != "HEAD":
                refused, settle = self._emit(endpoint, model, upstream.status, stream, raw, answer, started, held,
                                             broke, model_call=model_call)
                if refused is not None:
                    return refused
            if model_call:
                stop = self.passed_on(answer, body, error=upstream.status >= 400)
                if stop is not None:
                    return self.error(403, "permission_error", f"refused by Overlord ({stop[0].value}): {stop[1]}")
            resp = web.StreamResponse(status=upstream.status, headers={
                k: v for k, v in upstream.headers.items() if k.lower() not in _DROP_RESPONSE})
            try:
                await resp.prepare(request)
                await resp.write(answer)
                await resp.write_eof()
            except ConnectionResetError:
                pass  # the runtime went away (a limit ended it)
            return resp
        finally:
            # settled once the answer is out (or withheld: it was billed all the same); until
            # then the worst case stays reserved (a failed settlement leaves it so, and the
            # reserve stops the run)
            if held is not None and settle is not None:
                await self._settle(held, *settle)

    # -- the spend reserve --------------------------------------------------------------

    async def _reserve(self, raw: bytes, body: Any, model: str | None) -> _Held | web.Response:
        """The worst case of the call, reserved before anything is sent; a refusal is the
        runtime's answer in its API's shape (the reserve keeps it for the controller: stop
        code ``budget``)."""
        assert self.spend is not None
        if not isinstance(body, dict):
            return self.error(400, "invalid_request_error", "refused by Overlord (budget): the body is not a JSON "
                                                            "object, so its cost cannot be bounded")
        try:
            prepared = self.budget.prepare(raw, body)
        except Exception as e:  # noqa: BLE001 - a request whose cost cannot be bounded is refused
            return self.error(400, "invalid_request_error",
                              f"refused by Overlord (budget): its cost cannot be bounded ({type(e).__name__})")
        price = self.prices.lookup(model)
        worst = 0 if price is None else worst_case(
            price, input_tokens=input_bound(len(prepared.raw), unbounded=prepared.unbounded_input),
            max_tokens=prepared.max_tokens)
        ask = SpendAsk(self.provider, model, worst, price is not None)
        verdict = await asyncio.get_running_loop().run_in_executor(None, self._reserve_sync, ask)
        if isinstance(verdict, Refusal):
            return self.error(400, "invalid_request_error",
                              f"refused by Overlord (budget: {verdict.reason}): {verdict.detail}")
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

    def _emit(self, endpoint: Endpoint, model: str | None, status: int, stream: bool, req: bytes, res: bytes,
              started: int, held: _Held | None, broke: bool, *, model_call: bool,
              ) -> tuple[web.Response | None, tuple[int, str] | None]:
        """Report the exchange before it is passed on: the refusal to send when its record
        failed (its reservation then settled at once), and what to settle the reservation at.
        Usage is read by the API's own spend hooks."""
        use: CallUsage | None = None
        if model_call and status < 400:
            try:
                use = self.budget.usage(res, stream=stream)
            except Exception:  # noqa: BLE001 - unreadable usage is settled at the worst case
                use = None
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
        tokens = Tokens(t.input_tokens, t.output_tokens, t.cache_creation_input_tokens, t.cache_read_input_tokens)
        refused = self.emit(endpoint.forward_path, model, status, stream, req, res, started,
                            cost=(settle[0] if settle else cost.micro_usd, cost.priced or use is None),
                            tokens=tokens, secrets=self._secrets)
        if refused is not None:
            if held is not None and settle is not None:
                self._settle_sync(held, *settle)
            return refused, None
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


def check_upstream(upstream: str, *, api: ModelApi | None = None, timeout_s: float = 5.0,
                   address: str | None = None) -> None:
    """Check that ``upstream`` is an origin that answers HTTP, and (given ``api``) that what it
    answers at the API's probe path is not another API's shape, before a run opens; with
    ``address`` (checked by :func:`overlord.adapters.egress.check_target`) the check connects
    there only.

    Raises:
        ConfigError: not an origin, nothing answers there, or it speaks another API.
    """
    import urllib.error
    import urllib.request

    origin = origin_of(upstream)
    if address is not None:
        answer = _check_pinned(origin, address, timeout_s, probe=api.probe_path if api is not None else None)
        _speaks(upstream, api, answer)
        return
    try:
        req = urllib.request.Request(origin + "/", method="HEAD")  # noqa: S310 - an http(s) origin
        with urllib.request.urlopen(req, timeout=timeout_s):  # noqa: S310 - http(s) checked above
            pass
    except urllib.error.HTTPError:
        pass  # it answered
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise ConfigError(f"the upstream {upstream} does not answer: {reason}",
                          "check [connector] upstream and the network, or use mode = \"replay\"") from e
    if api is None:
        return
    try:
        with urllib.request.urlopen(origin + api.probe_path, timeout=timeout_s) as r:  # noqa: S310 - http(s) checked
            answer = r.read(1 << 20)
    except urllib.error.HTTPError as e:
        answer = e.read(1 << 20)
    except (urllib.error.URLError, OSError, ValueError):
        return
    _speaks(upstream, api, answer)


def _speaks(upstream: str, api: ModelApi | None, answer: bytes | None) -> None:
    """Refuse an upstream whose probe answer is another API's shape.

    Raises:
        ConfigError: it speaks another API.
    """
    if api is None or answer is None:
        return
    spoken = speaking(json_body(answer))
    if spoken and api.name not in spoken:
        raise ConfigError(f"the upstream {upstream} speaks the {spoken[0]} API, not the {api.name} API this runtime "
                          "needs", "point [connector] upstream at the runtime's own API, or change [mission] runtime")


def _check_pinned(upstream: str, address: str, timeout_s: float, *, probe: str | None = None) -> bytes | None:
    """``HEAD /`` at the checked address, then (given ``probe``) the API's probe path; returns
    the probe's answer (``None`` when there is none to read).

    Raises:
        ConfigError: nothing answers there.
    """
    from overlord.adapters.egress import CheckedTarget, pinned_connection

    parsed = urlparse(upstream)
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    target = CheckedTarget(upstream, parsed.scheme, parsed.hostname or "", port, "/", address)
    conn = pinned_connection(target, timeout_s=timeout_s)
    try:
        conn.request("HEAD", "/")
        conn.getresponse().read()
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise ConfigError(f"the upstream {upstream} ({address}) does not answer: {e}",
                          "check [connector] upstream and the network, or use mode = \"replay\"") from e
    finally:
        conn.close()
    if probe is None:
        return None
    conn = pinned_connection(target, timeout_s=timeout_s)
    try:
        conn.request("GET", probe)
        return conn.getresponse().read(1 << 20)
    except (OSError, http.client.HTTPException, ValueError):
        return None
    finally:
        conn.close()

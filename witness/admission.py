"""What the witness server lets in, before any route runs.

- **Host.** A page on another site can rebind its DNS name to 127.0.0.1 and then read the
  server as "same origin". So every request must name, in ``Host``, one of the names the
  server is bound to (for a loopback bind: ``127.0.0.1``, ``localhost``, ``[::1]``; plus any
  ``--allow-host``), or the IP address the client actually connected to, with the port it
  connected to; anything else is refused with 421 Misdirected Request.
- **Origin.** A state-changing request (POST, PUT, PATCH, DELETE) that carries an
  ``Origin`` must come from the server's own origin (``http://`` + an allowed Host): else 421.
  Requests without an Origin (curl, the Overlord client, another log) are judged by the rest.
- **Bodies** are read to their end, however they arrive (in pieces, chunked), under a running
  byte cap (413) and a time limit (408): :func:`read_body`.
- **Connections** are capped (past the cap a connection gets 503 and is closed), and a
  connection must finish sending a request's headers within a time limit, and may sit idle
  between requests no longer than that: :class:`ConnectionGate`. After a 408 the connection
  is closed at once (:func:`answer_and_close`).
- **Malformed requests** that aiohttp's parser refuses (two Host headers, none in HTTP/1.1,
  a line over 8190 bytes) get their status (421 for the Host ones, else 400) and one log line,
  not a logged traceback: :class:`WitnessRequestHandler`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError, LineTooLong
from aiohttp.typedefs import Middleware

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_PORT = re.compile(r":[0-9]{1,5}")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
HANDLER_OPTIONS: dict[str, Any] = {"access_log": None}
"""aiohttp's per-connection options: given to the AppRunner and to each :class:`WitnessRequestHandler`."""
log = logging.getLogger("overlord.witness")


def _error(status: int, message: str) -> web.Response:
    return web.Response(status=status, text=json.dumps({"error": message}), content_type="application/json")


def names_for(bind_host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The Host names a server bound to ``bind_host`` answers to (lowercase, IPv6 unbracketed).

    A loopback bind answers to every loopback name; a wildcard bind (``0.0.0.0``, ``::``)
    answers to none by name (only to the address each client connected to, and ``extra``).
    """
    names = {n.strip().lower().strip("[]") for n in extra if n.strip()}
    host = bind_host.strip().lower().strip("[]")
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        names.add(host)
        if host == "localhost":
            names |= LOOPBACK_NAMES
        return frozenset(names)
    if ip.is_loopback:
        names |= LOOPBACK_NAMES
    elif not ip.is_unspecified:
        names.add(str(ip))
    return frozenset(names)


def split_host(value: str) -> tuple[str, int] | None:
    """``(name, port)`` from a Host header value (port 80 when absent), or ``None`` when malformed."""
    if not value or len(value) > 300 or any(c in value for c in " \t/\\@?#,"):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1 :]
    else:
        head, sep, tail = value.rpartition(":")
        name, rest = (head, ":" + tail) if sep else (value, "")
        if ":" in name:
            return None  # an IPv6 address must be bracketed
    if not name:
        return None
    if not rest:
        return name.lower(), 80
    if not _PORT.fullmatch(rest):
        return None
    port = int(rest[1:])
    return (name.lower(), port) if 0 < port < 65536 else None


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``text`` names (an IPv4-mapped IPv6 address unwrapped), or ``None``."""
    try:
        ip = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def _same_ip(a: str, b: str) -> bool:
    x, y = _ip(a), _ip(b)
    return x is not None and x == y


def _local(request: web.Request) -> tuple[str, int] | None:
    sock = request.transport.get_extra_info("sockname") if request.transport is not None else None
    if isinstance(sock, tuple) and len(sock) >= 2:
        return str(sock[0]), int(sock[1])
    return None


def admits(names: frozenset[str], name: str, port: int, local: tuple[str, int] | None) -> bool:
    """True when ``name:port`` is this server: an allowed name, or the very address the client
    connected to, with the port it connected to."""
    if local is None or port != local[1]:
        return False
    return name in names or _same_ip(name, local[0])


def host_gate(names: frozenset[str]) -> Middleware:
    """Middleware: the Host (every request) and Origin (state-changing requests) rules above."""

    @web.middleware
    async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
        local = _local(request)
        host = split_host(request.headers.get("Host", ""))
        if host is None or not admits(names, host[0], host[1], local):
            return _error(421, "misdirected request: this server does not answer to that Host")
        if request.method in STATE_CHANGING and "Origin" in request.headers:
            origin = request.headers["Origin"]
            try:
                parts = urlsplit(origin)
                ok = (parts.scheme == "http" and parts.hostname is not None and not parts.path
                      and admits(names, parts.hostname.lower(), parts.port or 80, local))
            except ValueError:
                ok = False
            if not ok:
                return _error(421, "misdirected request: a state-changing request from another origin")
        return await handler(request)

    return gate


class BodyError(Exception):
    """A request body that cannot be taken: ``status`` is 413 (too large) or 408 (too slow)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def read_body(request: web.Request, *, max_bytes: int, timeout_s: float) -> bytes:
    """The whole request body, however it arrives (in pieces, chunked), at most ``max_bytes``.

    Raises:
        BodyError: 413 once more than ``max_bytes`` arrived (or were announced), 408 when the
            body is not complete within ``timeout_s`` seconds.
    """
    if request.content_length is not None and request.content_length > max_bytes:
        raise BodyError(413, "request body too large")
    buf = bytearray()
    try:
        async with asyncio.timeout(timeout_s):
            while True:
                chunk = await request.content.readany()
                if not chunk:
                    return bytes(buf)
                buf += chunk
                if len(buf) > max_bytes:
                    raise BodyError(413, "request body too large")
    except TimeoutError as e:
        raise BodyError(408, f"the request body did not arrive within {timeout_s:g} s") from e


# -- connections -------------------------------------------------------------------------


@dataclass
class ConnectionGate:
    """Caps open connections and puts a clock on request headers and idle keep-alives.

    Attributes:
        max_connections: connections open at once; the next one gets 503 and is closed.
        header_timeout_s: how long a connection may take to send a request's headers, and
            may sit idle between requests.
    """

    max_connections: int = 100
    header_timeout_s: float = 10.0
    open: int = 0
    refused: int = 0
    _by_transport: dict[Any, _Guarded] = field(default_factory=dict)

    def protocol_factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """Wrap aiohttp's protocol factory (``AppRunner.server``)."""
        return lambda: _Guarded(self, inner)

    def middleware(self) -> Middleware:
        """Stops a connection's header clock while its request is handled; restarts it after."""

        @web.middleware
        async def clock(request: web.Request, handler: Handler) -> web.StreamResponse:
            conn = self._by_transport.get(request.transport)
            if conn is not None:
                conn.busy()
            try:
                return await handler(request)
            finally:
                if conn is not None:
                    conn.idle()

        return clock


_BUSY_503 = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 39\r\n"
             b"Connection: close\r\n\r\n" + b'{"error": "too many open connections"}\n')


class _Guarded(asyncio.Protocol):
    """One connection: counted, timed, and otherwise aiohttp's own protocol underneath."""

    def __init__(self, gate: ConnectionGate, inner: Callable[[], asyncio.Protocol]) -> None:
        self.gate = gate
        self.inner_factory = inner
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        if self.gate.open >= self.gate.max_connections:
            self.gate.refused += 1
            transport.write(_BUSY_503)  # type: ignore[attr-defined]
            transport.close()
            return
        self.gate.open += 1
        self.gate._by_transport[transport] = self
        self.idle()
        self.inner = self.inner_factory()
        self.inner.connection_made(transport)

    def busy(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def idle(self) -> None:
        self.busy()
        if self.transport is not None and not self.transport.is_closing():
            self.timer = asyncio.get_running_loop().call_later(self.gate.header_timeout_s, self._expire)

    def _expire(self) -> None:
        self.timer = None
        if self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.busy()
        if self.inner is None:
            return
        self.gate.open -= 1
        self.gate._by_transport.pop(self.transport, None)
        self.inner.connection_lost(exc)
        self.inner = None


# -- malformed requests ----------------------------------------------------------------


def malformed(exc: HttpProcessingError) -> tuple[int, str]:
    """The status and reason for a request aiohttp's parser refused: two Host headers, or
    none where HTTP/1.1 requires one, is 421 (the Host rule above); a line over the limit,
    or anything else it cannot parse, 400."""
    message = str(getattr(exc, "message", "") or "")
    if "'Host' header" in message:
        return 421, "misdirected request: " + ("two Host headers" if "Duplicate" in message else "no Host header")
    if isinstance(exc, LineTooLong):
        return 400, "bad request: a request line or header is longer than 8190 bytes"
    return 400, "bad request: " + message.strip().rstrip(".")[:120]


class WitnessRequestHandler(web.RequestHandler):
    """aiohttp's connection protocol, but a request its parser refuses gets its status
    (:func:`malformed`) and one log line, where aiohttp logged a traceback for each."""

    def handle_error(self, request: Any, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """A parser's refusal answered in one line; anything else as aiohttp does."""
        if status != 400 or not isinstance(exc, HttpProcessingError):
            return super().handle_error(request, status, exc, message)
        code, reason = malformed(exc)
        log.warning("refused a request from %s: %d %s", request.remote, code, reason)
        response = _error(code, reason)
        response.force_close()
        return response


async def answer_and_close(request: web.Request, response: web.Response) -> web.Response:
    """Send ``response`` and close the connection at once, without aiohttp's lingering wait
    for the rest of a body (a client that stopped sending, answered 408, would otherwise hold
    the connection for another 10 s)."""
    response.force_close()
    await response.prepare(request)
    await response.write_eof()
    if request.transport is not None:
        request.transport.close()
    return response

"""Who may talk to a connector: this run's runtime, and nothing else on the machine.

A connector listens on the host's loopback, where every process of every user, and any web
page a browser on the machine opens (DNS rebinding, a form posted as ``text/plain``), can
reach it. The record connector sends what it is given upstream with the owner's key, so each
request must prove it comes from the runtime. Three checks, in order, before a request is
read any further (nothing refused is forwarded, priced or reserved):

1. **Origin** (403): a request that carries an ``Origin`` header came from a browser; no
   browser talks to a connector.
2. **Host** (421 Misdirected Request): the ``Host`` must be the address the connector is bound
   to (``127.0.0.1:PORT``), exactly once; any other name is a rebound DNS name.
3. **Key** (401): the API's key header (``x-api-key`` for the Messages API, ``Authorization:
   Bearer`` for the Responses API, ``x-goog-api-key`` for Gemini: the headers the runtime's
   CLI sends its API key in; :meth:`~overlord.adapters.connector.api.ModelApi.auth_headers`)
   must hold this run's key, compared in constant time (``hmac.compare_digest``). An API that
   also takes its key as a query parameter (Gemini's ``?key=``,
   :attr:`~overlord.adapters.connector.api.ModelApi.key_param`) may carry it there instead;
   whatever key it carries, in either place, must be this run's, and each place at most once.

The run's key (:func:`new_runtime_key`) is 256 bits from :mod:`secrets`, made for one run and
put only in the runtime's environment as its API key. It is never logged or recorded: a
refusal names the check that failed, never what was presented, and the connectors strip it
from every stored body.

Each refusal is handed to ``on_refused`` (the run records it as ``ConnectorRefused``); after
:data:`MAX_RECORDED` a connector keeps counting but stops reporting one by one, so a flood
cannot fill the ledger (:attr:`Admission.unreported` says how many went unreported).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from aiohttp import web

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.api import ModelApi
from overlord.errors import ConfigError

KEY_PREFIX = "overlord-run-"
"""How a run's key begins (what a scan for a leaked key looks for)."""
KEY_BYTES = 32
"""The run key's entropy in bytes (256 bits; at least 128 are needed)."""
MIN_KEY_CHARS = 16
"""The shortest key a connector accepts as a run key."""
MAX_RECORDED = 100
"""How many refusals a connector reports one by one; the rest are counted."""
CROSS_ORIGIN, MISDIRECTED, UNAUTHENTICATED = "cross_origin", "misdirected", "unauthenticated"
"""The reasons of a refusal (403, 421, 401)."""


def new_runtime_key() -> str:
    """A fresh run key: :data:`KEY_PREFIX` and 256 random bits (URL-safe base64)."""
    return KEY_PREFIX + secrets.token_urlsafe(KEY_BYTES)


def check_runtime_key(key: str) -> str:
    """``key`` when it can serve as a run key.

    Raises:
        ConfigError: not a string of at least :data:`MIN_KEY_CHARS` printable ASCII characters
            (a header could not carry it, or it is guessable).
    """
    if not isinstance(key, str) or len(key) < MIN_KEY_CHARS or not key.isascii() or not key.isprintable() \
            or " " in key:
        raise ConfigError("a connector needs a run key of 16 or more printable ASCII characters",
                          "make one with overlord.adapters.connector.admission.new_runtime_key()")
    return key


@dataclass(frozen=True)
class AdmissionRefusal:
    """A request refused at the door: the HTTP ``status`` given back, the ``reason`` (one of
    cross_origin, misdirected, unauthenticated), its ``method`` and ``path``, one line for
    people (``detail``; never what was presented)."""

    status: int
    reason: str
    method: str
    path: str
    detail: str


def bound_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values that name ``host:port`` (an IPv6 address in brackets), lower case."""
    name = f"[{host}]" if ":" in host else host
    return frozenset({f"{name}:{port}".lower()})


def presented(headers: Mapping[str, str], name: str) -> list[str]:
    """Every value of header ``name`` in ``headers`` (a multidict's ``getall`` when it has one)."""
    getall = getattr(headers, "getall", None)
    if getall is not None:
        return list(getall(name, []))
    value = headers.get(name)
    return [] if value is None else [value]


def judge(method: str, path: str, headers: Mapping[str, str], *, host: str, port: int,
          key_headers: Mapping[str, str] | None, key_query: tuple[str, str] | None = None,
          query: Mapping[str, str] | None = None) -> AdmissionRefusal | None:
    """``None`` when the request may go on, else the first check it fails (see the module).

    Args:
        headers: the request's headers (a multidict, so a repeated header is seen).
        host, port: the address the connector is bound to.
        key_headers: the headers the runtime must send, with their exact values (the API's
            key headers filled with the run key); ``None``: no key is checked.
        key_query: the query parameter the API also takes its key in and the run key
            (``None``: none); with it, the key may be in the headers or the query (at least
            one), and every place that carries one must carry this run's.
        query: the request's query (a multidict, so a repeated parameter is seen).
    """
    method, path = method[:16], path[:200]  # what a refusal names is the requester's: bounded
    if presented(headers, "Origin"):
        return AdmissionRefusal(403, CROSS_ORIGIN, method, path, "a request with an Origin header (a browser's) is refused: "
                       "only the run's runtime talks to the connector")
    hosts = presented(headers, "Host")
    if len(hosts) != 1 or hosts[0].strip().lower() not in bound_hosts(host, port):
        return AdmissionRefusal(421, MISDIRECTED, method, path, "misdirected request: the connector answers only to "
                       f"the address it is bound to ({next(iter(bound_hosts(host, port)))})")
    if key_headers is None:
        return None
    places = [(name, presented(headers, name), want) for name, want in key_headers.items()]
    if key_query is not None:
        places.append((f"?{key_query[0]}=", presented(query or {}, key_query[0]), key_query[1]))
        carried = [p for p in places if p[1]]
        where = " or ".join(p[0] for p in places)
        must = carried or places[:1]  # one place at least; each that carries a key must carry this run's
    else:
        must, where = places, ""
    for name, got, want in must:
        # compared as bytes in constant time; a header given twice is refused, never picked from
        if len(got) != 1 or not hmac.compare_digest(got[0].encode("utf-8", "surrogateescape"),
                                                    want.encode("utf-8")):
            return AdmissionRefusal(401, UNAUTHENTICATED, method, path,
                                    f"the request does not carry this run's key in {where or name}")
    return None


class Admission:
    """One connector's door: :meth:`judge` each request, report refusals (thread-safe).

    Args:
        key_headers: the headers (and values) the runtime must send; ``None``: no key check
            (a replay connector started by a test or a script).
        on_refused: called with each :class:`AdmissionRefusal` up to :data:`MAX_RECORDED` (in the
            connector's loop; exceptions are swallowed: the request is refused either way).
        key_query: the query parameter that may carry the key instead, and the key (see
            :func:`judge`); ``None``: the headers only.
    """

    def __init__(self, key_headers: Mapping[str, str] | None,
                 on_refused: Callable[[AdmissionRefusal], None] | None = None,
                 key_query: tuple[str, str] | None = None) -> None:
        self._key_headers = dict(key_headers) if key_headers is not None else None
        self._key_query = key_query if key_headers is not None else None
        self.on_refused = on_refused
        self._lock = threading.Lock()
        self.refused = 0
        self._reported = 0

    @classmethod
    def for_api(cls, api: ModelApi, key: str | None,
                on_refused: Callable[[AdmissionRefusal], None] | None = None) -> Admission:
        """The door for a runtime speaking ``api`` with run key ``key``: the key in the API's own key headers (or its key parameter);
        ``None``: no key is checked (the Host and Origin rules hold either way).

        Raises:
            ConfigError: ``key`` cannot serve as a run key (:func:`check_runtime_key`).
        """
        if key is None:
            return cls(None, on_refused)
        key = check_runtime_key(key)
        param = api.key_param
        return cls(api.auth_headers(key), on_refused, key_query=(param, key) if param else None)

    def __repr__(self) -> str:
        return f"Admission(keyed={self._key_headers is not None}, refused={self.refused})"

    def judge(self, method: str, path: str, headers: Mapping[str, str], *, host: str,
              port: int, query: Mapping[str, str] | None = None) -> AdmissionRefusal | None:
        """The request's :class:`AdmissionRefusal` (reported), or ``None`` when it may go on."""
        found = judge(method, path, headers, host=host, port=port, key_headers=self._key_headers,
                      key_query=self._key_query, query=query)
        if found is None:
            return None
        with self._lock:
            self.refused += 1
            report = self._reported < MAX_RECORDED
            self._reported += report
        if report and self.on_refused is not None:
            try:
                self.on_refused(found)
            except Exception:  # noqa: BLE001 - refused whether or not it could be recorded
                pass
        return found

    @property
    def unreported(self) -> int:
        """Refusals counted beyond :data:`MAX_RECORDED` (not reported one by one)."""
        with self._lock:
            return self.refused - self._reported


def middleware(admission: Admission, bound: Callable[[], tuple[str, int]],
               error: Callable[[AdmissionRefusal], web.StreamResponse]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """An aiohttp middleware that puts every request through ``admission`` before any handler
    reads it: ``bound`` gives the address the connector listens on, ``error`` the answer to a
    refusal (in the API's own error shape)."""

    @web.middleware
    async def admit(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                    ) -> web.StreamResponse:
        host, port = bound()
        refused = admission.judge(request.method, request.path, request.headers, host=host, port=port,
                                  query=request.rel_url.query)
        if refused is not None:
            return error(refused)
        return await handler(request)

    return admit


_ERROR_KINDS = {401: "authentication_error", 403: "permission_error"}


def refusal_kind(refused: AdmissionRefusal) -> str:
    """The error kind of a refusal in the Messages API's words (the other APIs map it to theirs)."""
    return _ERROR_KINDS.get(refused.status, "invalid_request_error")


def refusal_message(refused: AdmissionRefusal) -> str:
    """A refusal's one line for the runtime."""
    return f"refused by Overlord ({refused.reason}): {refused.detail}"


def refusal_answer(refused: AdmissionRefusal) -> web.Response:
    """A request refused at the door, as a Messages API error (nothing was read or forwarded)."""
    return web.json_response(m.error_body(refusal_kind(refused), refusal_message(refused)), status=refused.status)

"""Where Overlord itself connects (the connector's upstream, notify webhooks): checked, then pinned.

:func:`check_target` reads the URL by shape (:mod:`overlord.domain.egress`), holds it against
an allow-list of origins, resolves its name once through an injectable resolver and judges
every address the name has. It returns the one address to connect to: the caller connects to
that address (:func:`pinned_connection`), never to the name, so a second lookup cannot answer
differently (DNS rebinding) and the address checked is the address reached.

A name that resolves to a loopback, private, link-local or otherwise non-public address is
refused unless the allow-list names that origin explicitly as a literal address (or as
``localhost``, which must then resolve to loopback only). A cloud metadata address is refused
whatever the allow-list says.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from overlord.domain.egress import (
    EgressReason,
    Refusal,
    Target,
    address_refusal,
    host_refusal,
    parse_url,
)
from overlord.errors import OverlordError

Resolver = Callable[[str, int], Sequence[str]]
"""``(host, port) -> addresses`` (text, IPv4 or IPv6, a zone allowed); raises ``OSError`` when
the name does not resolve."""

_EXPLICIT_OK = frozenset({EgressReason.LOOPBACK, EgressReason.PRIVATE, EgressReason.LINK_LOCAL,
                          EgressReason.UNSPECIFIED, EgressReason.RESERVED,
                          EgressReason.LOCAL_NAME})
"""What an origin the allow-list names explicitly may be; never ``METADATA``."""


class EgressRefused(OverlordError):
    """Overlord refused to connect to a destination; ``reason`` says why (an
    :class:`~overlord.domain.egress.EgressReason`)."""

    def __init__(self, refusal: Refusal, hint: str | None = None) -> None:
        super().__init__(refusal.detail, hint or "name a public https origin, or add the "
                         "origin to the allow-list")
        self.reason = refusal.reason


@dataclass(frozen=True)
class CheckedTarget:
    """A destination that passed :func:`check_target`.

    Attributes:
        url: the URL as given.
        scheme: ``http`` or ``https``.
        host: the name (or literal) for the ``Host`` header and TLS server name.
        port: the TCP port.
        path: the path and query to request.
        address: the checked address to connect to (text, no zone brackets).
    """

    url: str
    scheme: str
    host: str
    port: int
    path: str
    address: str

    @property
    def origin(self) -> str:
        """``scheme://host:port``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def system_resolver(host: str, port: int) -> list[str]:
    """The addresses ``host`` has (``socket.getaddrinfo``, TCP), in the system's order.

    Raises:
        OSError: the name does not resolve.
    """
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _origin_of(text: str) -> Target:
    target = parse_url(text)
    if isinstance(target, Refusal):
        raise EgressRefused(Refusal(target.reason, f"the allow-list origin {text!r} is not a "
                                    f"URL: {target.detail}"), "write origins as scheme://host[:port]")
    return target


def _is_explicit(origin: Target) -> bool:
    """An origin written as a literal address, or as ``localhost``: the owner named it."""
    return origin.address is not None or origin.host.rstrip(".") == "localhost"


def check_target(url: str, allowed_origins: Sequence[str] | None = None, *,
                 resolver: Resolver = system_resolver) -> CheckedTarget:
    """Check that Overlord may connect to ``url`` and pick the address it will connect to.

    Args:
        url: an http(s) URL with a scheme.
        allowed_origins: the origins (``scheme://host[:port]``) that may be reached;
            ``None`` lets any public origin through (never a non-public one).
        resolver: how a name becomes addresses (injected; the default asks the system once).

    Returns:
        The checked target; connect to its ``address``, nothing else.

    Raises:
        EgressRefused: the URL's form, its origin or one of its addresses is refused.
    """
    target = parse_url(url)
    if isinstance(target, Refusal):
        raise EgressRefused(target)
    explicit = False
    if allowed_origins is not None:
        origins = [_origin_of(o) for o in allowed_origins]
        match = next((o for o in origins if (o.scheme, o.host.rstrip("."), o.port) ==
                      (target.scheme, target.host.rstrip("."), target.port)), None)
        if match is None:
            raise EgressRefused(Refusal(EgressReason.NOT_ALLOWED, f"the origin {target.origin} "
                                        "is not in the allow-list"))
        explicit = _is_explicit(match)
    shown = f"[{target.host}]" if ":" in target.host else target.host
    shape = host_refusal(shown)
    if shape is not None and not (explicit and shape.reason in _EXPLICIT_OK):
        raise EgressRefused(Refusal(shape.reason, f"the URL {url!r}: {shape.detail}"))
    if target.address is not None:
        return _checked(url, target, target.address, explicit)
    try:
        answers = list(resolver(target.host, target.port))
    except OSError as e:
        raise EgressRefused(Refusal(EgressReason.UNRESOLVED, f"the host {target.host!r} does "
                                    f"not resolve ({e})"), "check the name") from e
    if not answers:
        raise EgressRefused(Refusal(EgressReason.UNRESOLVED, f"the host {target.host!r} has no "
                                    "address"), "check the name")
    addresses = []
    for text in answers:
        try:
            addresses.append(ipaddress.ip_address(text))
        except ValueError as e:
            raise EgressRefused(Refusal(EgressReason.MALFORMED, f"the resolver answered "
                                        f"{text!r} for {target.host!r}, not an address")) from e
    localhost = explicit and target.address is None
    for address in addresses:
        refusal = address_refusal(address)
        if localhost and (refusal is None or refusal.reason is not EgressReason.LOOPBACK):
            raise EgressRefused(Refusal(EgressReason.NOT_ALLOWED, f"{target.host!r} resolves to "
                                        f"{address}, not to a loopback address"))
        if refusal is not None and not (localhost and refusal.reason is EgressReason.LOOPBACK):
            raise EgressRefused(Refusal(refusal.reason, f"the host {target.host!r} resolves to "
                                        f"{address}: {refusal.detail}"))
    return _checked(url, target, addresses[0], explicit)


def _checked(url: str, target: Target, address: ipaddress.IPv4Address | ipaddress.IPv6Address,
             explicit: bool) -> CheckedTarget:
    refusal = address_refusal(address)
    if refusal is not None and (refusal.reason is EgressReason.METADATA or not explicit):
        raise EgressRefused(Refusal(refusal.reason, f"the URL {url!r}: {refusal.detail}"))
    text = str(address)  # an IPv6 zone stays: socket.create_connection reads it
    return CheckedTarget(url, target.scheme, target.host, target.port, target.path, text)


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to a checked address, the name kept for the ``Host`` header."""

    def __init__(self, target: CheckedTarget, timeout_s: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout_s)
        self._address = target.address

    def connect(self) -> None:
        """Connect to the checked address (no lookup)."""
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """An HTTPS connection to a checked address; TLS verifies the certificate for the name."""

    def __init__(self, target: CheckedTarget, timeout_s: float, context: ssl.SSLContext) -> None:
        super().__init__(target.host, target.port, timeout=timeout_s, context=context)
        self._address = target.address
        self._tls = context

    def connect(self) -> None:
        """Connect to the checked address, then TLS with the name as the server name."""
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._tls.wrap_socket(sock, server_hostname=self.host)


def pinned_connection(target: CheckedTarget, *, timeout_s: float = 10,
                      context: ssl.SSLContext | None = None) -> http.client.HTTPConnection:
    """An unopened ``http.client`` connection that will reach ``target.address`` only.

    No proxy from the environment is used and no redirect is followed. HTTPS verifies the
    server's certificate for ``target.host`` (``context`` defaults to the system's).
    """
    if target.scheme == "https":
        return _PinnedHTTPS(target, timeout_s, context or ssl.create_default_context())
    return _PinnedHTTP(target, timeout_s)

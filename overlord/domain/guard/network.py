"""Which network destinations an allowed network may reach: public http(s) hosts only.

Even when the policy allows the network, a URL is denied when its scheme is not http(s), when
it carries credentials, or when its host is loopback, private, link-local, multicast, reserved
or a name that is local by convention (``localhost``, single-label names, ``*.internal``, a
metadata service, ``127.0.0.1.nip.io``). Pure: no name is looked up.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".localdomain", ".lan", ".home",
                   ".arpa", ".intranet", ".corp", ".test", ".invalid", ".home.arpa")
_LOCAL_NAMES = {"localhost", "metadata", "metadata.google.internal", "instance-data",
                "ip6-localhost", "ip6-loopback", "broadcasthost"}
_EMBEDDED_V4 = re.compile(r"(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})")


def url_problem(url: str, *, default_scheme: str = "http") -> str | None:
    """Why ``url`` may not be fetched even with the network allowed, or ``None`` if it may.

    A URL without a scheme (``example.com/x``, as curl takes it) gets ``default_scheme``.
    """
    text = url.strip()
    if not text:
        return "an empty URL"
    if "://" not in text:
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", text) and not re.match(r"^[^:/]+:\d", text):
            return f"the URL {url!r} uses a scheme other than http(s)"
        text = f"{default_scheme}://{text}"
    if any(c in text for c in "{}[]") and not re.match(r"^https?://\[[0-9a-fA-F:.]+\]", text):
        return f"the URL {url!r} holds a glob ({{}} or []) the client would expand"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return f"the URL {url!r} cannot be read"
    _ = port
    if parts.scheme.lower() not in ("http", "https"):
        return f"the URL {url!r} uses the scheme {parts.scheme!r}, not http(s)"
    if "@" in parts.netloc or parts.username or parts.password:
        return f"the URL {url!r} carries credentials"
    host = (parts.hostname or "").rstrip(".").lower()
    if not host:
        return f"the URL {url!r} has no host"
    problem = host_problem(host)
    return None if problem is None else f"the URL {url!r}: {problem}"


def host_problem(host: str) -> str | None:
    """Why ``host`` (a name or an IP literal) is not a public destination, or ``None``."""
    host = host.strip("[]").rstrip(".").lower()
    if "%" in host or "\\" in host or not host:
        return f"the host {host!r} is encoded or empty"
    address = _as_address(host)
    if address is not None:
        return _address_problem(address, host)
    if host in _LOCAL_NAMES or host.endswith(_LOCAL_SUFFIXES):
        return f"the host {host!r} is local"
    if "." not in host:
        return f"the single-label host {host!r} may name a local machine"
    if not re.fullmatch(r"[a-z0-9._-]+", host):
        return f"the host {host!r} is not a plain DNS name"
    for m in _EMBEDDED_V4.finditer(host):
        try:
            embedded = ipaddress.IPv4Address(".".join(m.groups()))
        except ValueError:
            continue
        if _address_problem(embedded, host) is not None:
            return f"the host {host!r} names the non-public address {embedded}"
    return None


def _as_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if re.fullmatch(r"[0-9a-fA-Fx.]+", host) and host[0].isdigit():
        try:
            # inet_aton reads the forms curl and browsers accept: 127.1, 0x7f.1, 2130706433.
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return ipaddress.IPv4Address("0.0.0.0")  # unreadable numeric host: not public
    return None


def _address_problem(address: ipaddress.IPv4Address | ipaddress.IPv6Address,
                     host: str) -> str | None:
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped or address.sixtofour or (
            address.teredo[1] if address.teredo else None)
        if mapped is not None:
            return _address_problem(mapped, host)
    if (address.is_loopback or address.is_private or address.is_link_local
            or address.is_multicast or address.is_reserved or address.is_unspecified
            or not address.is_global):
        return f"the host {host!r} is a loopback, private, link-local or multicast address"
    return None

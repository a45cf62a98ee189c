"""Egress by shape: whether a URL, a host or an address may be reached, judged with no lookup.

Pure: nothing here resolves a name or opens a socket. A URL is refused when its scheme is not
http(s), when it carries credentials, when it cannot be read the same way by every client
(control characters, a backslash or a percent sign in the host, a curl glob), or when its host
is not a public destination: a loopback, private, shared, link-local, multicast, unspecified,
reserved or cloud-metadata address in any spelling, or a name that is local by convention.

Spellings are read as clients read them, not only as :mod:`ipaddress` does: IPv4 in the
WHATWG / ``inet_aton`` forms (``2130706433``, ``0x7f.1``, ``0177.0.0.1``, ``127.1``, a trailing
dot), IPv6 with a zone, and IPv6 forms that carry an IPv4 address (IPv4-mapped
``::ffff:0:0/96``, IPv4-compatible ``::/96``, IPv4-translated ``::ffff:0:0:0/96``, NAT64
``64:ff9b::/96``, 6to4 ``2002::/16``, Teredo ``2001::/32`` with its client address un-XORed),
which are unwrapped and judged as the IPv4 address inside. Python's ``ipaddress`` alone calls
``::ffff:127.0.0.1`` not loopback and ``224.0.0.1``, ``64:ff9b::7f00:1`` and ``2002:7f00:1::``
global; the tables below are this module's own (RFC 6890 and the IANA special-purpose
registries).

A name's address is not known here: :mod:`overlord.adapters.egress` resolves it through an
injected resolver and judges every address with :func:`address_refusal`.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class EgressReason(str, Enum):
    """Why a destination is refused."""

    SCHEME = "scheme"
    CREDENTIALS = "credentials"
    MALFORMED = "malformed"
    LOOPBACK = "loopback"
    PRIVATE = "private"
    LINK_LOCAL = "link_local"
    MULTICAST = "multicast"
    UNSPECIFIED = "unspecified"
    METADATA = "metadata"
    RESERVED = "reserved"
    LOCAL_NAME = "local_name"
    NOT_ALLOWED = "not_allowed"
    UNRESOLVED = "unresolved"


@dataclass(frozen=True)
class Refusal:
    """A refused destination: the reason and what exactly was seen (for people and logs)."""

    reason: EgressReason
    detail: str

    def __str__(self) -> str:
        return self.detail


@dataclass(frozen=True)
class Target:
    """A URL read into its parts: lowercase scheme and host (no brackets), a port, the path
    with its query, and the host's address when the host is an IP literal."""

    scheme: str
    host: str
    port: int
    path: str
    address: Address | None

    @property
    def origin(self) -> str:
        """``scheme://host:port`` (IPv6 in brackets, the port always written)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


_PHRASES = {
    EgressReason.LOOPBACK: "a loopback address",
    EgressReason.PRIVATE: "a private address",
    EgressReason.LINK_LOCAL: "a link-local address",
    EgressReason.MULTICAST: "a multicast address",
    EgressReason.UNSPECIFIED: "the unspecified address (it reaches this machine)",
    EgressReason.METADATA: "a cloud metadata address",
    EgressReason.RESERVED: "a reserved, documentation or broadcast address",
}

_METADATA_V4 = frozenset(ipaddress.IPv4Address(a) for a in (
    "169.254.169.254",  # AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean instance metadata
    "169.254.170.2",    # AWS ECS task metadata
    "169.254.170.23",   # AWS EKS pod identity
    "100.100.100.200",  # Alibaba Cloud
    "192.0.0.192",      # Oracle Cloud (classic)
    "168.63.129.16",    # Azure wire server (a public address, answered by the host)
))
_METADATA_V6 = frozenset(ipaddress.IPv6Address(a) for a in ("fd00:ec2::254", "fd00:ec2::23"))

_V4_TABLE: tuple[tuple[ipaddress.IPv4Network, EgressReason], ...] = tuple(
    (ipaddress.IPv4Network(net), reason) for net, reason in (
        ("0.0.0.0/8", EgressReason.UNSPECIFIED),
        ("127.0.0.0/8", EgressReason.LOOPBACK),
        ("10.0.0.0/8", EgressReason.PRIVATE),
        ("172.16.0.0/12", EgressReason.PRIVATE),
        ("192.168.0.0/16", EgressReason.PRIVATE),
        ("100.64.0.0/10", EgressReason.PRIVATE),       # shared address space (CGNAT)
        ("169.254.0.0/16", EgressReason.LINK_LOCAL),
        ("224.0.0.0/4", EgressReason.MULTICAST),
        ("255.255.255.255/32", EgressReason.RESERVED),  # limited broadcast
        ("240.0.0.0/4", EgressReason.RESERVED),
        ("192.0.0.0/24", EgressReason.RESERVED),        # IETF protocol assignments
        ("192.0.2.0/24", EgressReason.RESERVED),        # documentation
        ("198.51.100.0/24", EgressReason.RESERVED),
        ("203.0.113.0/24", EgressReason.RESERVED),
        ("198.18.0.0/15", EgressReason.RESERVED),       # benchmarking
        ("192.88.99.0/24", EgressReason.RESERVED),      # 6to4 relay anycast (deprecated)
    ))

_V6_TABLE: tuple[tuple[ipaddress.IPv6Network, EgressReason], ...] = tuple(
    (ipaddress.IPv6Network(net), reason) for net, reason in (
        ("::/128", EgressReason.UNSPECIFIED),
        ("::1/128", EgressReason.LOOPBACK),
        ("64:ff9b:1::/48", EgressReason.PRIVATE),      # local-use NAT64
        ("100::/64", EgressReason.RESERVED),           # discard-only
        ("2001:db8::/32", EgressReason.RESERVED),      # documentation
        ("3fff::/20", EgressReason.RESERVED),          # documentation
        ("2001::/23", EgressReason.RESERVED),          # IETF protocol assignments (Teredo, ORCHID)
        ("fc00::/7", EgressReason.PRIVATE),            # unique local
        ("fec0::/10", EgressReason.PRIVATE),           # site-local (deprecated)
        ("fe80::/10", EgressReason.LINK_LOCAL),
        ("ff00::/8", EgressReason.MULTICAST),
    ))
_V6_GLOBAL = ipaddress.IPv6Network("2000::/3")

_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost",
                             "ip6-loopback", "localtest.me", "lvh.me", "vcap.me", "fuf.me",
                             "localho.st"})
"""Names that mean this machine (RFC 6761 ``localhost``, and public names known to point at
127.0.0.1)."""
_LOOPBACK_SUFFIXES = (".localhost", ".localtest.me", ".lvh.me", ".vcap.me", ".fuf.me",
                      ".localho.st")
_METADATA_NAMES = frozenset({"metadata", "metadata.google.internal", "metadata.goog",
                             "instance-data", "instance-data.ec2.internal",
                             "metadata.tencentyun.com", "metadata.azure.internal"})
_LOCAL_SUFFIXES = (".local", ".internal", ".localdomain", ".lan", ".home", ".arpa",
                   ".intranet", ".corp", ".test", ".invalid", ".home.arpa", ".private")
_LOCAL_NAMES = frozenset({"broadcasthost"})
_DNS_NAME = re.compile(r"[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*")
_EMBEDDED_V4 = re.compile(r"(?<![0-9])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?![0-9])")
_HEX_LABEL = re.compile(r"(?:^|[.-])([0-9a-f]{8})(?=$|[.-])")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


# ---- addresses ---------------------------------------------------------------------------------
def parse_ipv4(text: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address ``text`` spells in the forms URL clients accept, or ``None``.

    One to four parts separated by dots (a trailing dot allowed), each decimal, octal (a
    leading ``0``) or hexadecimal (``0x``); the last part fills the remaining bytes
    (``127.1`` is 127.0.0.1, ``2130706433`` is 127.0.0.1). The WHATWG URL host parser and
    glibc's ``inet_aton`` read the same forms.
    """
    parts = text.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts = parts[:-1]
    if not 1 <= len(parts) <= 4:
        return None
    numbers: list[int] = []
    for part in parts:
        value = _ipv4_number(part)
        if value is None:
            return None
        numbers.append(value)
    last = numbers[-1]
    if any(n > 255 for n in numbers[:-1]) or last >= 256 ** (5 - len(numbers)):
        return None
    value = last
    for i, n in enumerate(numbers[:-1]):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def _ipv4_number(part: str) -> int | None:
    if part[:2] in ("0x", "0X"):
        digits = part[2:]
        if digits == "":
            return 0
        return int(digits, 16) if re.fullmatch(r"[0-9a-fA-F]+", digits) else None
    if not part or not part.isascii() or not part.isdigit():
        return None
    if len(part) > 1 and part[0] == "0":
        return int(part, 8) if re.fullmatch(r"[0-7]+", part) else None
    return int(part)


def ends_in_a_number(host: str) -> bool:
    """True when ``host``'s last label is numeric (``1.2.3.4``, ``x.0x10``): clients then read
    the whole host as IPv4 (WHATWG's "ends in a number"), so it must parse as one."""
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts = parts[:-1]
    last = parts[-1] if parts else ""
    return bool(last) and (last.isascii() and last.isdigit() or
                           bool(re.fullmatch(r"0[xX][0-9a-fA-F]*", last)))


def parse_ip(host: str) -> Address | None:
    """The address an IP-literal host spells (brackets and a zone allowed), or ``None`` when
    ``host`` is not an IP literal. A zone (``fe80::1%eth0``, ``%25`` in a URL) is kept."""
    text = host.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    if ":" in text:
        text = text.replace("%25", "%", 1)
        try:
            return ipaddress.IPv6Address(text)
        except ValueError:
            return None
    if ends_in_a_number(text):
        return parse_ipv4(text)
    return None


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries and would reach (mapped, compatible,
    translated, NAT64, 6to4, Teredo server and client), or ``[]``."""
    value = int(address)
    low = ipaddress.IPv4Address(value & 0xFFFFFFFF)
    if value >> 32 == 0xFFFF:                                 # ::ffff:a.b.c.d (mapped)
        return [low]
    if value >> 32 == 0 and value > 1:                        # ::a.b.c.d (compatible)
        return [low]
    if value >> 32 == 0xFFFF0000:                             # ::ffff:0:a.b.c.d (translated)
        return [low]
    if value >> 32 == 0x0064FF9B << 64:                       # 64:ff9b::a.b.c.d (NAT64)
        return [low]
    if value >> 112 == 0x2002:                                # 2002:aabb:ccdd:: (6to4)
        return [ipaddress.IPv4Address((value >> 80) & 0xFFFFFFFF)]
    if value >> 96 == 0x20010000:                             # 2001:0:server:..:~client
        server = ipaddress.IPv4Address((value >> 64) & 0xFFFFFFFF)
        client = ipaddress.IPv4Address(~value & 0xFFFFFFFF)
        return [server, client]
    return []


def address_reason(address: Address) -> EgressReason | None:
    """The reason ``address`` is not a public destination, or ``None`` when it is one.

    IPv6 forms that carry an IPv4 address are judged by the address inside first; a zone
    (``%eth0``) makes any address link-local.
    """
    if isinstance(address, ipaddress.IPv6Address):
        if address.scope_id:
            return EgressReason.LINK_LOCAL
        plain = ipaddress.IPv6Address(int(address))
        if plain in _METADATA_V6:
            return EgressReason.METADATA
        inner = embedded_ipv4(plain)
        for v4 in inner:
            reason = address_reason(v4)
            if reason is not None:
                return reason
        for net6, reason in _V6_TABLE:
            if plain in net6:
                return reason
        if inner:
            return None  # mapped, NAT64 or 6to4 of a public address: it reaches that address
        return None if plain in _V6_GLOBAL else EgressReason.RESERVED
    if address in _METADATA_V4:
        return EgressReason.METADATA
    for net4, reason in _V4_TABLE:
        if address in net4:
            return reason
    return None


def address_refusal(address: Address, *, shown: str | None = None) -> Refusal | None:
    """A :class:`Refusal` for a non-public ``address`` (``shown`` is how it was written)."""
    reason = address_reason(address)
    if reason is None:
        return None
    spelled = shown if shown is not None else str(address)
    inner = ""
    if isinstance(address, ipaddress.IPv6Address):
        wrapped = embedded_ipv4(ipaddress.IPv6Address(int(address)))
        if wrapped and any(address_reason(w) is not None for w in wrapped):
            inner = f", which carries {next(w for w in wrapped if address_reason(w))}"
    elif shown is not None and shown != str(address):
        inner = f", which is {address}"
    return Refusal(reason, f"the host {spelled!r} is {_PHRASES[reason]}{inner}")


# ---- names -------------------------------------------------------------------------------------
def host_refusal(host: str) -> Refusal | None:
    """Why ``host`` (a DNS name or an IP literal, as a URL holds it) is not a public
    destination by its shape alone, or ``None``. A name that passes may still resolve to a
    private address: only a resolver can tell (:mod:`overlord.adapters.egress`)."""
    text = host.strip().lower()
    if not text:
        return Refusal(EgressReason.MALFORMED, "the URL has no host")
    if "\\" in text or any(ord(c) < 0x21 or ord(c) == 0x7F for c in text):
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} holds a backslash or a "
                       "control character")
    address = parse_ip(text)
    if address is not None:
        return address_refusal(address, shown=host)
    bare = text.strip("[]")
    if "%" in bare:
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} is percent-encoded")
    if ":" in bare or text.startswith("["):
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} is not a valid IPv6 address")
    if ends_in_a_number(bare):
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} ends in a number but is not "
                       "an IPv4 address")
    if not bare.isascii():
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} is not ASCII (write an "
                       "internationalised name in its xn-- form)")
    name = bare[:-1] if bare.endswith(".") else bare
    if not _DNS_NAME.fullmatch(name) or len(name) > 253:
        return Refusal(EgressReason.MALFORMED, f"the host {host!r} is not a plain DNS name")
    if name in _LOOPBACK_NAMES or name.endswith(_LOOPBACK_SUFFIXES):
        return Refusal(EgressReason.LOOPBACK, f"the host {host!r} is a name for this machine "
                       "(loopback)")
    if name in _METADATA_NAMES:
        return Refusal(EgressReason.METADATA, f"the host {host!r} is a cloud metadata service "
                       "name")
    if name in _LOCAL_NAMES or name.endswith(_LOCAL_SUFFIXES):
        return Refusal(EgressReason.LOCAL_NAME, f"the host {host!r} is a local name")
    if "." not in name:
        return Refusal(EgressReason.LOCAL_NAME, f"the single-label host {host!r} may name a "
                       "local machine")
    embedded = _embedded_in_name(name)
    if embedded is not None:
        address, reason = embedded
        return Refusal(reason, f"the host {host!r} names the non-public address {address} "
                       f"({_PHRASES[reason]}) through a wildcard DNS name")
    return None


def _embedded_in_name(name: str) -> tuple[Address, EgressReason] | None:
    """A non-public address spelled inside a name (``127.0.0.1.nip.io``, ``10-0-0-1.sslip.io``,
    ``7f000001.rbndr.us``, ``--1.sslip.io``), as wildcard DNS services answer them."""
    for m in _EMBEDDED_V4.finditer(name):
        try:
            v4 = ipaddress.IPv4Address(".".join(str(int(g)) for g in m.groups()))
        except ValueError:
            continue
        reason = address_reason(v4)
        if reason is not None:
            return v4, reason
    for m in _HEX_LABEL.finditer(name):
        v4 = ipaddress.IPv4Address(int(m.group(1), 16))
        reason = address_reason(v4)
        if reason is not None:
            return v4, reason
    for label in name.split("."):
        if "--" in label and re.fullmatch(r"[0-9a-f-]+", label):
            try:
                v6 = ipaddress.IPv6Address(label.replace("-", ":"))
            except ValueError:
                continue
            reason = address_reason(v6)
            if reason is not None:
                return v6, reason
    return None


# ---- URLs --------------------------------------------------------------------------------------
def parse_url(url: str, *, default_scheme: str | None = None) -> Target | Refusal:
    """Read ``url`` into a :class:`Target`, or refuse it for its form (not for its host).

    ``default_scheme`` is what a URL without one gets (``example.com/x``, as curl reads it);
    ``None`` refuses such a URL. With ``"http"`` a host starting ``ftp.``, ``ldap.`` and the
    like is refused too: curl guesses that protocol from the name.
    """
    text = url.strip()
    if not text:
        return Refusal(EgressReason.MALFORMED, "an empty URL")
    if any(ord(c) < 0x21 or ord(c) == 0x7F for c in text):
        return Refusal(EgressReason.MALFORMED, f"the URL {url!r} holds whitespace or a control "
                       "character")
    m = _SCHEME.match(text)
    schemeless = text.startswith("//") or m is None or (
        not text[m.end():].startswith("//") and re.match(r"\d", text[m.end():]) is not None)
    if schemeless:
        if default_scheme is None:
            return Refusal(EgressReason.MALFORMED, f"the URL {url!r} has no scheme")
        guessed = re.match(r"^/*(ftp|dict|ldap|imap|pop3|smtp|gopher|telnet|tftp|mqtt)\.",
                           text, re.I)
        if default_scheme == "http" and guessed:
            return Refusal(EgressReason.SCHEME, f"the URL {url!r} names a {guessed.group(1)}. "
                           "host, which curl reads as that protocol, not http(s)")
        text = f"{default_scheme}:{text}" if text.startswith("//") else f"{default_scheme}://{text}"
    elif m is not None and not text[m.end():].startswith("//"):
        scheme = m.group(1).lower()
        if scheme in ("http", "https"):
            return Refusal(EgressReason.MALFORMED, f"the URL {url!r} has no // after its scheme")
        return Refusal(EgressReason.SCHEME, f"the URL {url!r} uses the scheme {scheme!r}, not "
                       "http(s)")
    scheme, rest = text.split("://", 1)
    scheme = scheme.lower()
    if scheme not in ("http", "https"):
        return Refusal(EgressReason.SCHEME, f"the URL {url!r} uses the scheme {scheme!r}, not "
                       "http(s)")
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if "\\" in authority:
        return Refusal(EgressReason.MALFORMED, f"the URL {url!r} holds a backslash where its "
                       "host is (clients read it differently)")
    if "@" in authority:
        return Refusal(EgressReason.CREDENTIALS, f"the URL {url!r} carries credentials")
    literal = re.match(r"\[[^\]]*\]", authority)
    outside = text.replace(literal.group(0), "", 1) if literal else text
    if any(c in outside for c in "{}[]"):
        return Refusal(EgressReason.MALFORMED, f"the URL {url!r} holds a glob ({{}} or []) the "
                       "client would expand")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return Refusal(EgressReason.MALFORMED, f"the URL {url!r} cannot be read")
    host = parts.hostname or ""
    if not host:
        return Refusal(EgressReason.MALFORMED, f"the URL {url!r} has no host")
    if port is None:
        port = 443 if scheme == "https" else 80
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(scheme, host.lower(), port, path, parse_ip(host))


def url_refusal(url: str, *, default_scheme: str | None = None) -> Refusal | None:
    """Why ``url`` may not be fetched by its shape (form, scheme, credentials, host), or
    ``None`` when it may."""
    target = parse_url(url, default_scheme=default_scheme)
    if isinstance(target, Refusal):
        return target
    refusal = host_refusal(target.host if ":" not in target.host else f"[{target.host}]")
    if refusal is None:
        return None
    return Refusal(refusal.reason, f"the URL {url!r}: {refusal.detail}")

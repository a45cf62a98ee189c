"""Request paths as the connector judges them: one canonical form before any check.

An HTTP client, a proxy and an upstream server can each read a path differently
(``/v1/./messages``, ``/v1//messages``, ``/v1/%6Dessages``, ``/V1/Messages`` all reach
``/v1/messages`` on some servers). The connector therefore never checks the path it was sent:
it decodes percent-escapes (once; an escape that still decodes to another escape, an encoded
``/`` or a control character is refused), removes ``.`` and ``..`` segments (RFC 3986 section
5.2.4), collapses doubled slashes and lowercases, and then checks and forwards only that
canonical path. Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


class PathRefused(ValueError):
    """A path that has no single reading (a double escape, an encoded slash, a control byte)."""


@dataclass(frozen=True)
class CanonicalPath:
    """A request path in canonical form (``path``, lowercase, no dot segments, single
    slashes) and whether the path as sent differed from it (``rewritten``)."""

    path: str
    rewritten: bool


def canonical_path(raw: str) -> CanonicalPath:
    """The canonical form of ``raw`` (a request path without its query).

    Raises:
        PathRefused: the path cannot be read one way only.
    """
    if "\\" in raw:
        raise PathRefused("a backslash in the path")
    if _ESCAPE.search(raw):
        for m in _ESCAPE.finditer(raw):
            if m.group(0).lower() in ("%2f", "%5c", "%00"):
                raise PathRefused(f"an encoded separator or NUL ({m.group(0)}) in the path")
        decoded = unquote(raw, errors="strict")
        if _ESCAPE.search(decoded):
            raise PathRefused("a percent-escape that decodes to another escape")
    else:
        decoded = raw
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in decoded):
        raise PathRefused("a control character in the path")
    out: list[str] = []
    for segment in decoded.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if out:
                out.pop()
            continue
        out.append(segment)
    path = ("/" + "/".join(out)).lower()
    return CanonicalPath(path, path != raw)

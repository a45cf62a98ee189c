"""Which network destinations an allowed network may reach: public http(s) hosts only.

Even when the policy allows the network, a URL is denied when its scheme is not http(s), when
it carries credentials, when clients could read it differently, or when its host is loopback,
private, link-local, multicast, unspecified, reserved, a cloud metadata service or a name that
is local by convention, in any spelling. The judgement is :mod:`overlord.domain.egress`'s, by
shape alone: no name is looked up (the sandbox's own network stops the rest).
"""

from __future__ import annotations

from overlord.domain.egress import host_refusal, url_refusal


def url_problem(url: str, *, default_scheme: str = "http") -> str | None:
    """Why ``url`` may not be fetched even with the network allowed, or ``None`` if it may.

    A URL without a scheme (``example.com/x``, as curl takes it) gets ``default_scheme``.
    """
    refusal = url_refusal(url, default_scheme=default_scheme)
    return None if refusal is None else refusal.detail


def host_problem(host: str) -> str | None:
    """Why ``host`` (a name or an IP literal) is not a public destination, or ``None``."""
    refusal = host_refusal(host)
    return None if refusal is None else refusal.detail

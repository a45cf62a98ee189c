"""With the network allowed, only public http(s) destinations without credentials pass."""

from __future__ import annotations

import pytest

from overlord.domain.guard.network import host_problem, url_problem


@pytest.mark.parametrize("url", ["https://example.com/x", "http://pypi.org/simple/",
                                 "example.com/path", "https://93.184.216.34/"])
def test_public_http_passes(url: str) -> None:
    assert url_problem(url) is None


@pytest.mark.parametrize(("url", "why"), [
    ("ftp://example.com/", "scheme"), ("file:///etc/passwd", "scheme"),
    ("gopher://example.com/", "scheme"), ("http://u:p@example.com/", "credentials"),
    ("http://example.com@127.0.0.1/", "credentials"), ("http://127.0.0.1:8080/", "loopback"),
    ("http://localhost/", "local"), ("http://10.1.2.3/", "private"),
    ("http://169.254.169.254/", "metadata"), ("http://[::1]/", "loopback"),
    ("http://[::ffff:10.0.0.1]/", "private"), ("http://2130706433/", "loopback"),
    ("http://0x7f000001/", "loopback"), ("http://127.1/", "loopback"),
    ("http://224.0.0.1/", "multicast"), ("http://connector:9000/", "single-label"),
    ("http://metadata.google.internal/", "metadata"), ("http://10.0.0.1.nip.io/", "non-public"),
    ("http://a.{b,c}.com/", "glob"), ("http://0.0.0.0/", "unspecified"),
])
def test_non_public_destinations_are_named(url: str, why: str) -> None:
    problem = url_problem(url)
    assert problem is not None and why in problem


def test_hosts() -> None:
    assert host_problem("example.org") is None
    assert host_problem("foo.localhost") == ("the host 'foo.localhost' is a name for this "
                                             "machine (loopback)")

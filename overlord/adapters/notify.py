"""Telling people a run settled: a command and/or a webhook (``[notify]`` in a mission).

Both get the settlement as one JSON object. Each has a deadline; a failure raises
:class:`NotifyError`, which the caller records as bookkeeping: it never changes how a run
settled.
"""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any

from overlord.errors import OverlordError


class NotifyError(OverlordError):
    """A notification could not be delivered."""


def notify_command(argv: Sequence[str], payload: Mapping[str, Any], *, env: Mapping[str, str], timeout_s: float = 10) -> None:
    """Run ``argv`` with the settlement JSON on stdin.

    Raises:
        NotifyError: it could not start, failed, or ran past ``timeout_s``.
    """
    try:
        p = subprocess.run(list(argv), input=json.dumps(dict(payload)).encode(), env=dict(env),
                           capture_output=True, timeout=timeout_s)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NotifyError(f"notify command {argv[0]!r} failed: {e}") from e
    if p.returncode != 0:
        raise NotifyError(f"notify command {argv[0]!r} exited {p.returncode}: {p.stderr[-200:].decode(errors='replace')}")


def notify_webhook(url: str, payload: Mapping[str, Any], *, timeout_s: float = 10) -> None:
    """POST the settlement JSON to ``url``.

    Raises:
        NotifyError: no answer, or a non-2xx answer.
    """
    req = urllib.request.Request(url, data=json.dumps(dict(payload)).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "User-Agent": "overlord"})
    try:
        with urllib.request.urlopen(req, timeout=timeout_s) as resp:  # noqa: S310 - http(s) checked by the mission
            if not 200 <= resp.status < 300:
                raise NotifyError(f"webhook {url} answered {resp.status}")
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise NotifyError(f"webhook {url} failed: {e}") from e

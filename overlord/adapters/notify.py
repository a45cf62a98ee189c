"""Telling people a run settled: a command and/or a webhook (``[notify]`` in a mission).

Both get the settlement as one JSON object. Each has a deadline; a failure raises
:class:`NotifyError`, which the caller records as bookkeeping: it never changes how a run
settled. The webhook's destination is checked first (:mod:`overlord.adapters.egress`): a
public origin, or one the allow-list names; the POST goes to the address that was checked.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import ssl
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from overlord.adapters.egress import (
    EgressRefused,
    Resolver,
    check_target,
    pinned_connection,
    system_resolver,
)
from overlord.errors import OverlordError


class NotifyError(OverlordError):
    """A notification could not be delivered."""


def refuse_agent_shaped(argv: Sequence[str], writable: Sequence[str], *, path: str) -> None:
    """Refuse a command that would run something the agent shaped: its program (found on
    ``path``) or any argument naming an existing file or directory that lies (after links)
    in one of ``writable``, the directories the agent could write.

    Raises:
        NotifyError: naming the word and the directory.
    """
    tops = [os.path.realpath(w) for w in writable]
    words = [shutil.which(argv[0], path=path) or argv[0], *argv[1:]] if argv else []
    for word in words:
        if not isinstance(word, str) or not word or ("/" not in word and word != words[0]):
            continue
        real = os.path.realpath(word)
        if not os.path.lexists(word):
            continue
        for top in tops:
            if real == top or real.startswith(top.rstrip("/") + "/"):
                raise NotifyError(f"notify command refused: {word!r} lies in {top}, which the agent could write "
                                  "(it would run code the agent shaped on the host)")


def notify_command(argv: Sequence[str], payload: Mapping[str, Any], *, env: Mapping[str, str], timeout_s: float = 10) -> None:
    """Run ``argv`` in ``/`` with the settlement JSON on stdin.

    Raises:
        NotifyError: it could not start, failed, or ran past ``timeout_s``.
    """
    try:
        p = subprocess.run(list(argv), input=json.dumps(dict(payload)).encode(), env=dict(env), cwd="/",
                           capture_output=True, timeout=timeout_s)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NotifyError(f"notify command {argv[0]!r} failed: {e}") from e
    if p.returncode != 0:
        raise NotifyError(f"notify command {argv[0]!r} exited {p.returncode}: {p.stderr[-200:].decode(errors='replace')}")


def notify_webhook(url: str, payload: Mapping[str, Any], *, timeout_s: float = 10,
                   allowed_origins: Sequence[str] | None = None,
                   resolver: Resolver = system_resolver,
                   tls: ssl.SSLContext | None = None) -> None:
    """POST the settlement JSON to ``url``, connecting only to the address that was checked.

    Args:
        url: the webhook (http or https).
        payload: the settlement, sent as JSON.
        timeout_s: the deadline for connecting and for each read.
        allowed_origins: origins the webhook may use (``None``: any public origin; a
            loopback or private one only when this list names it as a literal address).
        resolver: how the host's name becomes addresses (one lookup, injected in tests).
        tls: the TLS context for https (default: the system's, certificates verified).

    Raises:
        NotifyError: the destination is refused, there is no answer, or it is not 2xx.
    """
    try:
        target = check_target(url, allowed_origins, resolver=resolver)
    except EgressRefused as e:
        raise NotifyError(f"webhook {url} refused: {e.message}", e.hint) from e
    body = json.dumps(dict(payload)).encode()
    conn = pinned_connection(target, timeout_s=timeout_s, context=tls)
    try:
        conn.request("POST", target.path, body=body,
                     headers={"Content-Type": "application/json", "User-Agent": "overlord"})
        status = conn.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as e:
        raise NotifyError(f"webhook {url} failed: {e}") from e
    finally:
        conn.close()
    if not 200 <= status < 300:
        raise NotifyError(f"webhook {url} answered {status}")

"""Token-gated actions: a sub-application whose middleware guards every route it holds.

The gate is applied where the routes are registered (:func:`actions_app`), not route by
route: a request reaches an action only with ``Authorization: Bearer <token>`` (compared in
constant time), a JSON content type, a body of at most :data:`MAX_ACTION_BYTES`, and the
body ``{"confirm": true}``; so a cross-site form (which cannot send the header nor a JSON
content type) can never trigger one. The token lives in ``OVERLORD_HOME/witness.token``
(mode 0600, created on the first ``overlord witness serve``).
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web
from aiohttp.typedefs import Middleware

from overlord.errors import HomeError, InputError
from overlord.inputs import SMALL_MAX_BYTES, read_text
from witness.admission import BodyError, answer_and_close, read_body

TOKEN_FILE = "witness.token"
ACTION_BODY: web.RequestKey[dict] = web.RequestKey("action_body", dict)
"""Where the gate leaves an action's checked JSON body for the action to read."""
MAX_ACTION_BYTES = 4096

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def load_or_create_token(home_root: Path) -> str:
    """The action token in ``home_root/witness.token``, created (0600) on first use.

    Raises:
        HomeError: the token file is readable by others, or empty.
    """
    path = home_root / TOKEN_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(32) + "\n")
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise HomeError(f"the token {path} is readable by others (mode {stat.S_IMODE(mode):04o})", f"run `chmod 600 {path}`")
    try:
        token = read_text(path, what="witness token", max_bytes=SMALL_MAX_BYTES, follow_symlinks=False).strip()
    except InputError as e:
        raise HomeError(e.message, "delete it; `overlord witness serve` makes a new one") from e
    if len(token) < 16:
        raise HomeError(f"the token {path} is too short", "delete it; `overlord witness serve` makes a new one")
    return token


def _deny(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def token_gate(token: str, *, body_timeout_s: float = 10.0) -> Middleware:
    """Middleware: bearer token, JSON body ``{"confirm": true}`` (see the module doc); the
    body is read to its end, however it arrives, under the byte cap and ``body_timeout_s``."""
    expected = f"Bearer {token}".encode()

    @web.middleware
    async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.headers.get("Authorization", "").encode()
        if not given:
            return _deny(401, "an action needs `Authorization: Bearer TOKEN` (the token is in OVERLORD_HOME/witness.token)")
        if not hmac.compare_digest(given, expected):
            return _deny(403, "wrong token")
        if request.method != "POST":
            return _deny(405, "actions are POST")
        if request.content_type != "application/json":
            return _deny(415, "an action needs a JSON body {\"confirm\": true}")
        try:
            raw = await read_body(request, max_bytes=MAX_ACTION_BYTES, timeout_s=body_timeout_s)
        except BodyError as e:
            denied = _deny(e.status, "action body too large" if e.status == 413 else e.message)
            return await answer_and_close(request, denied) if e.status == 408 else denied
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            return _deny(400, "the body is not JSON")
        if not isinstance(body, dict) or body.get("confirm") is not True:
            return _deny(400, "an action needs {\"confirm\": true}")
        request[ACTION_BODY] = body  # read once here; the action finds its arguments in it
        return await handler(request)

    return gate


def actions_app(token: str, routes: list[tuple[str, Handler]], *, body_timeout_s: float = 10.0,
                after: list[Middleware] | None = None) -> web.Application:
    """The sub-application holding every action; mount it at ``/api/actions/``. ``after``:
    more middlewares, run once the token and the body have passed (the policy check)."""
    sub = web.Application(middlewares=[token_gate(token, body_timeout_s=body_timeout_s), *(after or [])],
                          client_max_size=MAX_ACTION_BYTES)
    for path, handler in routes:
        sub.router.add_route("*", path, handler)
    return sub

"""Fixtures for the connector tests: a local upstream Messages API started by the test.

The upstream answers from a transcript (the replay connector's own Messages API shapes, from
messages.py) and refuses any request that does not carry the upstream key, so a test sees
that the record connector forwards with the upstream key and drops the runtime's own.
"""

from __future__ import annotations

import pytest
from aiohttp import web

from overlord.adapters.connector import messages as m
from overlord.adapters.connector.replay import ConnectorThread, ReplayConnector
from overlord.adapters.connector.transcript import Transcript

UPSTREAM_KEY = "sk-ant-upstream-TESTKEY-0123456789abcdef"


class KeyedUpstream(ReplayConnector):
    """A replay server that plays the upstream: it answers only with the upstream key and
    keeps the credential headers it saw."""

    def __init__(self, transcript: Transcript) -> None:
        super().__init__(transcript)
        self.seen_keys: list[tuple[str | None, str | None]] = []

    def app(self) -> web.Application:
        app = super().app()

        @web.middleware
        async def keyed(request: web.Request, handler):  # noqa: ANN001, ANN202
            self.seen_keys.append((request.headers.get("x-api-key"), request.headers.get("authorization")))
            if request.headers.get("x-api-key") != UPSTREAM_KEY:
                return web.json_response(m.error_body("authentication_error", "invalid x-api-key"), status=401)
            return await handler(request)

        app.middlewares.append(keyed)
        return app


@pytest.fixture
def upstream():
    """Start an upstream for a transcript: ``upstream(transcript) -> (url, KeyedUpstream)``."""
    threads: list[ConnectorThread] = []

    def start(transcript: Transcript):
        server = KeyedUpstream(transcript)
        threads.append(ConnectorThread(connector=server).start())
        return server.url, server

    yield start
    for t in threads:
        t.close()

"""A home made by `overlord init` (as a user makes one), and helpers to start things in it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import overlord_cmd

OV = overlord_cmd()


class World:
    """A home, a worker directory, the environment that names the home."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.home = tmp / "home"
        self.work = tmp / "work"
        self.work.mkdir()
        self.env = dict(os.environ, OVERLORD_HOME=str(self.home))
        p = self.ov("init")
        assert p.returncode == 0, p.stderr
        self.policy = self.home / "policy.toml"

    def ov(self, *args: str, input: str | None = None, cwd: Path | None = None, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([*OV, *args], env=self.env, capture_output=True, text=True, input=input,
                              cwd=cwd or self.work, timeout=kw.pop("timeout", 180), **kw)

    def journal(self) -> list[dict]:
        """The journal's rows (event type, summary), read in this process (a CLI start costs
        a second or more here; the CLI's own journal is tested elsewhere)."""
        from overlord.ledger.session import open_home
        from overlord.projections.journal import summarize

        session = open_home(self.home, writable=False)
        try:
            out = []
            for row in session.ledger.rows():
                event = session.ledger.mapper.to_domain_event(session.ledger.recorder.select_notifications(
                    start=row.notification_id, limit=1)[0])
                out.append({"event_type": row.topic.rsplit(".", 1)[-1], "summary": summarize(event),
                            "stream": row.originator_id})
            return out
        finally:
            session.close()

    def verified(self) -> bool:
        from overlord.ledger.session import open_home

        session = open_home(self.home, writable=False)
        try:
            return session.verify(workers=1).ok
        finally:
            session.close()

    def kinds(self) -> list[str]:
        return [e["event_type"] for e in self.journal()]


@pytest.fixture
def world(tmp_path) -> World:
    return World(tmp_path)

"""Bad input to a mission of each runtime: one line that says what to do, exit 2, nothing
spawned (nothing in the journal); a CLI of a version the adapter does not know runs with a clear
warning that the run records."""

from __future__ import annotations

import json
import os
import stat
import subprocess

import pytest

from overlord.adapters.connector.api import get_api
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from tests.conftest import overlord_cmd


def _run(world, text: str) -> subprocess.CompletedProcess:
    tmp, home, root, env = world
    (tmp / "m.toml").write_text(text)
    return subprocess.run([*overlord_cmd(), "run", "--mission", str(tmp / "m.toml"), "--root", str(root)], env=env,
                          capture_output=True, text=True, timeout=120)


def _journal(world) -> str:
    return subprocess.run([*overlord_cmd(), "journal", "--json"], env=world[3], capture_output=True, text=True).stdout


def test_refusals_before_anything_is_spawned(world):
    tmp, home, root, env = world
    (tmp / "t.json").write_text("[]")
    (tmp / "not-exec").write_text("#!/bin/sh\n")
    replay = f'[connector]\nmode = "replay"\ntranscript = "{tmp / "t.json"}"\n'
    cases = {
        '[mission]\ngoal = "x"\nruntime = "aider"\n': "mission.runtime = 'aider'",
        f'[mission]\ngoal = "x"\nruntime = "codex"\nbinary = "{tmp / "nothing-here"}"\n{replay}': "not an executable file",
        f'[mission]\ngoal = "x"\nruntime = "gemini"\nbinary = "{tmp / "not-exec"}"\n{replay}': "not an executable file",
    }
    for text, needle in cases.items():
        p = _run(world, text)
        assert p.returncode == 2 and needle in p.stderr and "Traceback" not in p.stderr, (text, p.stderr)
        assert len([x for x in p.stderr.splitlines() if x.strip()]) <= 2, p.stderr
    assert '"Opened"' not in _journal(world), "nothing was opened (the home holds only `overlord init`'s policy)"


@pytest.mark.parametrize(("runtime", "other"), [("codex", "gemini"), ("gemini", "anthropic"), ("claude-code", "openai-responses")])
def test_an_upstream_that_speaks_another_api_is_refused(world, runtime, other):
    with ConnectorThread(Transcript(), api=get_api(other)) as upstream:
        p = _run(world, f'[mission]\ngoal = "x"\nruntime = "{runtime}"\n[connector]\nmode = "record"\n'
                        f'upstream = "{upstream.url}"\n')
    assert p.returncode == 2 and f"speaks the {other} API" in p.stderr and "Traceback" not in p.stderr, p.stderr
    assert '"Opened"' not in _journal(world), "nothing was opened"


def test_an_upstream_that_is_not_an_origin_is_refused(world):
    p = _run(world, '[mission]\ngoal = "x"\nruntime = "codex"\n[connector]\nmode = "record"\n'
                    'upstream = "http://127.0.0.1:9/v1"\n')
    assert p.returncode == 2 and "not an origin" in p.stderr, p.stderr


VERSION_LINE = {"claude-code": ("claude", "9.9.9 (Claude Code)", "2.1.332"), "codex": ("codex", "codex-cli 9.9.9", "0.171.0"),
                "gemini": ("gemini", "9.9.9", "0.61.0")}


@pytest.mark.parametrize("runtime", sorted(VERSION_LINE))
def test_an_unknown_cli_version_is_a_recorded_warning(world, runtime):
    """A CLI that reports a version its adapter was not checked against: a warning on stderr
    that names both, and a RuntimeVersionUnknown event in the run (this fake CLI then never
    asks its hook, so arming stops the run: nothing of the agent ran)."""
    tmp, home, root, env = world
    exe, line, known = VERSION_LINE[runtime]
    fake = tmp / exe
    fake.write_text(f"#!/bin/sh\nif [ \"$1\" = --version ]; then echo '{line}'; fi\nexit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    (tmp / "t.json").write_text(json.dumps([{"blocks": [{"text": "hi"}]}]))
    p = _run(world, f'[mission]\ngoal = "x"\nruntime = "{runtime}"\nbinary = "{fake}"\n[limits]\nstartup_timeout_ms = 3000\n'
                    f'timeout_ms = 30000\n[connector]\nmode = "replay"\ntranscript = "{tmp / "t.json"}"\n')
    assert "9.9.9" in p.stderr and "checked against" in p.stderr and known in p.stderr, p.stderr
    rows = [json.loads(x) for x in _journal(world).splitlines()]
    warned = [r for r in rows if r["event_type"] == "RuntimeVersionUnknown"]
    assert len(warned) == 1 and "9.9.9" in warned[0]["summary"] and known in warned[0]["summary"], rows
    assert os.path.exists(fake)

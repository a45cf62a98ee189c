"""The mission file: checked once at the boundary; every error names its key."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from overlord.domain.mission import Mission
from overlord.errors import ConfigError

GOOD = """
[mission]
goal = "make the tests pass"
runtime = "claude-code"
models = ["claude-sonnet-4-5", "claude-haiku-4-5"]

[guard]
max_denials = 3
allow_network = false

[limits]
startup_timeout_ms = 30000
stall_timeout_ms = 120000
max_thinking_ms = 60000
timeout_ms = 1800000
deadline = 2026-12-01T18:00:00Z
max_turns = 40
max_output_bytes = 10000000
max_repeated_failures = 4
memory_mb = 4096

[connector]
mode = "replay"
transcript = "transcript.json"

[recovery]
max_resumes = 1

[notify]
command = ["notify-send", "overlord"]
webhook = "https://hooks.example.com/x"
"""


def test_a_full_mission_is_read():
    m = Mission.from_toml(GOOD)
    assert m.goal == "make the tests pass" and m.runtime == "claude-code"
    assert m.models == ("claude-sonnet-4-5", "claude-haiku-4-5")
    assert m.guard.max_denials == 3
    assert m.limits.max_turns == 40 and m.limits.stall_timeout_ms == 120000
    assert m.limits.deadline == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assert (m.connector.mode, m.connector.transcript) == ("replay", "transcript.json")
    assert m.max_resumes == 1 and m.notify.command == ("notify-send", "overlord")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[mission]\ngoal = "x"\ncolour = "red"', "unknown key mission.colour"),
        ('[mission]\ngoal = "x"\n[limit]\nmax_turns = 3', "unknown table [limit]"),
        ('[mission]\ngoal = "x"\n[limits]\nmax_turns = "3"', "limits.max_turns must be int, not str"),
        ('[mission]\ngoal = "x"\n[limits]\nmax_turns = true', "limits.max_turns must be int, not bool"),
        ('[mission]\ngoal = "x"\n[limits]\ntimeout_ms = 0', "limits.timeout_ms must be greater than 0"),
        ('[mission]\ngoal = "x"\n[limits]\ndeadline = 2026-12-01T18:00:00', "limits.deadline has no time zone"),
        ('[mission]\ngoal = "x"\n[limits]\ndeadline = "soon"', "not an RFC 3339 date-time"),
        ('[mission]\ngoal = "x"\nruntime = "aider"', "mission.runtime = 'aider'"),
        ('[mission]\ngoal = "x"\nruntime = "command"', "mission.command is required"),
        ('[mission]\nruntime = "claude-code"', "mission.goal is missing"),
        ('[mission]\ngoal = "x"\n[connector]\nmode = "replay"', "connector.transcript is required"),
        ('[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["true"]\n[connector]\nmode = "record"',
         "[connector] is not for runtime"),
        ('[mission]\ngoal = "x"\n[connector]\nupstream = "ftp://x"', "not an http(s) URL"),
        ('[mission]\ngoal = "x"\n[guard]\nmax_denial = 3', "max_denial"),
        ('[mission]\ngoal = "x"\n[recovery]\nmax_resumes = -1', "max_resumes must be 0 or more"),
        ('[mission\ngoal = "x"', "not valid TOML"),
    ],
)
def test_bad_missions_name_what_is_wrong(text, needle):
    with pytest.raises(ConfigError) as e:
        Mission.from_toml(text, source="m.toml")
    assert needle in e.value.diagnostics()
    assert "m.toml" in e.value.diagnostics()


def test_command_runtime():
    m = Mission.from_toml('[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["python3", "agent.py"]')
    assert m.command == ("python3", "agent.py")

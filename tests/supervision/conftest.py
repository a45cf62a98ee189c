"""Fixtures the supervision tests share with the mission and Claude Code suites."""

from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.mission.test_mission_runs import world  # noqa: F401 - a home and a worker root

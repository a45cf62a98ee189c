"""The fixtures of the tests of each CLI."""

from tests.truth.agents import world  # noqa: F401 - a user's home and worker root

"""The fixtures of the attack tests."""

from tests.truth.agents import world  # noqa: F401 - a user's home and worker root

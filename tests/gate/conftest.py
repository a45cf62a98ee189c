"""Shared fixtures for the gate and sandbox tests.

A test that needs a real part (bubblewrap, a toolchain) skips only when CI is not "true";
with CI=true a missing part fails the test.
"""

from __future__ import annotations

import os

import pytest


def need(condition: bool, what: str) -> None:
    """Skip (locally) or fail (CI=true) when a real part is missing."""
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing in CI")
    pytest.skip(f"{what} is missing")


@pytest.fixture
def require():
    """The :func:`need` check as a fixture: ``require(condition, what)``."""
    return need

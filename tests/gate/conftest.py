"""Shared fixtures for the gate and sandbox tests.

A test that needs a real part (bubblewrap, a toolchain) skips only when CI is not "true";
with CI=true a missing part fails the test (see ``tests/conftest.py``).
"""

from __future__ import annotations

import pytest

from tests.conftest import need_part as need


@pytest.fixture
def require():
    """The :func:`need` check as a fixture: ``require(condition, what)``."""
    return need

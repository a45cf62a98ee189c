"""Programs the gate runs inside the sandbox (read as text and written into the scratch
directory; never imported by Overlord itself)."""

from __future__ import annotations

from importlib import resources


def source(name: str) -> bytes:
    """The bytes of one program in this package (``pytest_harness.py`` ...)."""
    return resources.files(__name__).joinpath(name).read_bytes()

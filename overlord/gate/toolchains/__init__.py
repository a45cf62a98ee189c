"""The closed registry of language toolchains, by short name."""

from __future__ import annotations

from overlord.gate.toolchains.base import BuildPlan, Toolchain
from overlord.gate.toolchains.python import PythonToolchain


def all_toolchains() -> dict[str, Toolchain]:
    """Every language Overlord knows, by short name, in detection order."""
    found: dict[str, Toolchain] = {"python": PythonToolchain()}
    try:
        from overlord.gate.toolchains import native
    except ImportError:  # pragma: no cover - during bring-up
        return found
    for tc in native.toolchains():
        found[tc.language] = tc
    from overlord.gate.toolchains import compiled

    for tc in compiled.toolchains():
        found[tc.language] = tc
    return found


__all__ = ["BuildPlan", "Toolchain", "PythonToolchain", "all_toolchains"]

"""The closed registry of agent runtimes, picked by short name (as the sandboxes are)."""

from __future__ import annotations

from overlord.adapters.runtimes import claude_code, codex, command, gemini
from overlord.adapters.runtimes.base import Runtime
from overlord.domain.mission import RUNTIMES
from overlord.errors import ConfigError

_REGISTRY: dict[str, Runtime] = {
    claude_code.NAME: claude_code.RUNTIME,
    codex.NAME: codex.RUNTIME,
    gemini.NAME: gemini.RUNTIME,
    command.NAME: command.RUNTIME,
}

if tuple(_REGISTRY) != RUNTIMES:  # pragma: no cover - the mission's names and the registry are one list
    raise RuntimeError(f"runtime registry {tuple(_REGISTRY)} differs from the mission's names {RUNTIMES}")


def get_runtime(name: str) -> Runtime:
    """The runtime called ``name``.

    Raises:
        ConfigError: no runtime has that name.
    """
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(f"unknown runtime {name!r}", f"use one of: {', '.join(_REGISTRY)}") from None


def runtimes() -> tuple[Runtime, ...]:
    """Every registered runtime, in registry order."""
    return tuple(_REGISTRY.values())

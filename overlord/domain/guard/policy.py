"""The guard's policy: the ``[guard]`` table of ``overlord.toml``, checked into a frozen value.

A policy can widen where the agent may write (``write_roots``), protect more paths, let public
web traffic through, allow native sub-agents and name extra tools; it can never switch a denial
class off.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from overlord.errors import ConfigError

_LIST_KEYS = ("write_roots", "protected_paths", "allow_tools")
_BOOL_KEYS = ("allow_network", "allow_native_subagents")


@dataclass(frozen=True)
class GuardPolicy:
    """What the guard lets an agent do.

    Attributes:
        worker_root: the directory the agent works in; ``None`` means the payload's ``cwd``.
        write_roots: more directories the agent may write under.
        protected_paths: more paths no write may touch, even inside the root (relative ones
            are taken under the worker root).
        allow_network: let network clients reach public http(s) hosts.
        allow_native_subagents: let the runtime's own sub-agent tools run.
        allow_tools: tools the guard does not know (MCP tools, new tools) that may run.
        max_denials: how many denials a supervised run tolerates (``None``: no limit here).
        source: where the policy came from (a file path, or ``""``).
    """

    worker_root: str | None = None
    write_roots: tuple[str, ...] = ()
    protected_paths: tuple[str, ...] = ()
    allow_network: bool = False
    allow_native_subagents: bool = False
    allow_tools: tuple[str, ...] = ()
    max_denials: int | None = None
    source: str = ""

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any], *, base_dir: str | None = None,
                     source: str = "") -> GuardPolicy:
        """Check the ``[guard]`` table (already parsed) into a policy.

        Relative ``worker_root`` and ``write_roots`` are taken under ``base_dir`` when given.

        Raises:
            ConfigError: an unknown key, or a value of the wrong type, named.
        """
        if not isinstance(table, Mapping):
            raise ConfigError("[guard] is not a table", "write it as [guard] with keys under it")
        known = {"worker_root", "max_denials", *_LIST_KEYS, *_BOOL_KEYS}
        for key in table:
            if key not in known:
                raise ConfigError(f"unknown key guard.{key}",
                                  f"use only: {', '.join(sorted(known))}")
        values: dict[str, Any] = {"source": source}
        if "worker_root" in table:
            root = table["worker_root"]
            if not isinstance(root, str) or not root:
                raise ConfigError("guard.worker_root must be a non-empty string (a path)")
            values["worker_root"] = _under(root, base_dir)
        for key in _LIST_KEYS:
            if key in table:
                items = table[key]
                if not isinstance(items, list) or not all(isinstance(i, str) and i for i in items):
                    raise ConfigError(f"guard.{key} must be a list of non-empty strings")
                if key == "write_roots":
                    items = [_under(i, base_dir) for i in items]
                values[key] = tuple(items)
        for key in _BOOL_KEYS:
            if key in table:
                if not isinstance(table[key], bool):
                    raise ConfigError(f"guard.{key} must be true or false")
                values[key] = table[key]
        if "max_denials" in table:
            limit = table["max_denials"]
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                raise ConfigError("guard.max_denials must be a non-negative integer")
            values["max_denials"] = limit
        return cls(**values)

    @classmethod
    def from_toml(cls, text_or_path: str | os.PathLike[str]) -> GuardPolicy:
        """Read a policy from TOML text, or from a file when given a path.

        A ``str`` holding a newline, ``=`` or ``[`` is TOML text; any other ``str`` or a
        ``PathLike`` is a file. A document without a ``[guard]`` table is the empty policy.

        Raises:
            ConfigError: the file cannot be read, the TOML is invalid, or the table is wrong.
        """
        import tomllib
        from pathlib import Path

        base_dir: str | None = None
        source = ""
        if isinstance(text_or_path, os.PathLike) or not any(c in text_or_path for c in "\n=["):
            path = Path(text_or_path)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise ConfigError(f"cannot read the policy {path}: {e}",
                                  "pass an existing TOML file with --policy") from e
            base_dir = str(path.resolve().parent)
            source = str(path.resolve())
        else:
            text = str(text_or_path)
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"the policy{' ' + source if source else ''} is not valid TOML: {e}",
                              "fix the TOML syntax") from e
        return cls.from_mapping(document.get("guard", {}), base_dir=base_dir, source=source)


def _under(path: str, base_dir: str | None) -> str:
    """``path`` made absolute under ``base_dir`` (unchanged when absolute or no base)."""
    if base_dir is None or os.path.isabs(path) or path.startswith("~"):
        return path
    return os.path.normpath(os.path.join(base_dir, path))

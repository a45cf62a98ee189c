"""Package managers' read-only subcommands: listing what is installed is not an install."""

from __future__ import annotations

import re

_PIP_READ = frozenset({"list", "show", "freeze", "check", "inspect", "help", "--version", "-V",
                       "--help", "-h"})
_PIP_FLAGS = re.compile(r"-(q+|v+|l|e|f|h|V)|--(quiet|verbose|local|user|not-required|"
                        r"exclude-editable|include-editable|editable|all|files|no-color|"
                        r"isolated|disable-pip-version-check|no-input|no-python-version-warning|"
                        r"format(=\w+)?|json|path(=.*)?|exclude(=.*)?|help|version)")
_NPM_READ = frozenset({"ls", "list", "ll", "la", "root", "prefix", "-v", "--version", "help",
                       "--help", "-h"})


def read_only_query(name: str, texts: list[str | None]) -> bool:
    """True for a package manager's read-only subcommands: ``pip list/show/freeze/check``,
    ``npm ls``, ``pnpm ls``, ``yarn list``, ``uv pip list``, ``gem list``, ``conda list`` and
    ``--version`` of any of them, with only flags that change the listing (an option that
    names an index, a cache or a log file keeps the denial)."""
    if any(t is None for t in texts):
        return False
    words = [t for t in texts if t is not None]
    if words in (["--version"], ["-V"], ["-v"], ["version"]) and name not in ("npm", "yarn",
                                                                              "pnpm"):
        return True
    if name == "uv" and words[:1] == ["pip"]:
        name, words = "pip", words[1:]
    if name == "pip" or re.fullmatch(r"pip\d(\.\d+)?", name):
        verbs = [w for w in words if not w.startswith("-")]
        flags = [w for w in words if w.startswith("-")]
        if verbs and verbs[0] == "show":
            verbs = verbs[:1]
        return (len(verbs) <= 1 and (verbs[:1] == [] or verbs[0] in _PIP_READ)
                and (verbs or any(f in ("--version", "-V", "--help", "-h") for f in flags))
                and all(_PIP_FLAGS.fullmatch(f) for f in flags)
                and not any(f in ("-o", "--outdated", "-u", "--uptodate") for f in flags))
    if name in ("npm", "pnpm"):
        verbs = [w for w in words if not w.startswith("-")]
        flags = [w for w in words if w.startswith("-")]
        if not verbs:
            return bool(flags) and all(f in ("-v", "--version") for f in flags)
        return verbs[0] in _NPM_READ and len(verbs) <= 2 and all(
            re.fullmatch(r"--(depth(=\d+)?|json|all|long|parseable|prod|production|dev|"
                         r"omit=\w+|global|link)|-[agl]|\d+", f) for f in flags + verbs[1:])
    if name == "yarn":
        return words[:1] in (["list"], ["--version"], ["-v"]) and all(
            re.fullmatch(r"--(depth=\d+|json|pattern=.*)", w) for w in words[1:])
    if name in ("gem", "conda", "mamba", "micromamba", "brew", "pipx", "poetry"):
        verb = {"poetry": ("show",), "brew": ("list", "ls")}.get(name, ("list",))
        return words[:1] and words[0] in verb and all(
            w.startswith("-") and "=" not in w for w in words[1:]) or False
    return False

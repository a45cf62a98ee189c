"""``overlord doctor``: what this machine has for Overlord, and what to do about what it lacks."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import typer

from cli.context import home_path, open_session
from overlord.adapters.runtimes.base import RuntimeNotInstalled
from overlord.adapters.runtimes.registry import runtimes
from overlord.errors import OverlordError


@dataclass(frozen=True)
class Check:
    """One line of the report: ``status`` is ``ok``, ``warn`` or ``missing``."""

    part: str
    status: str
    detail: str
    hint: str = ""


def register(app: typer.Typer) -> None:
    """Add ``doctor`` to ``app``."""
    app.command("doctor")(doctor)


def doctor(
    home: Path = typer.Option(None, "--home", help="The Overlord home to check."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object: {checks: [...], ok: bool}."),
) -> None:
    """Check this machine: each runtime's CLI (the binary found and its version), bubblewrap,
    cgroups, and the store. Says what to do for each missing part.

    Exit code: 0 when the sandbox and the store are ready (a runtime you do not use may be
    missing), 1 when either is not.
    """
    checks = [*_runtime_checks(), _bubblewrap_check(), _netstack_check(), _cgroup_check(), _store_check(home)]
    essential_ok = all(c.status != "missing" for c in checks if c.part in ("bubblewrap", "store"))
    if json_out:
        typer.echo(json.dumps({"ok": essential_ok, "checks": [asdict(c) for c in checks]}))
    else:
        for c in checks:
            mark = {"ok": "ok     ", "warn": "warn   ", "missing": "MISSING"}[c.status]
            typer.echo(f"{mark} {c.part:<12} {c.detail}")
            if c.hint and c.status != "ok":
                typer.echo(f"{'':8}{'':13}-> {c.hint}")
    raise typer.Exit(0 if essential_ok else 1)


def _runtime_checks() -> list[Check]:
    out = []
    for rt in runtimes():
        if rt.executable is None:
            continue
        try:
            binary = rt.find_binary(None, search_dirs=(Path.cwd(),), path=os.environ.get("PATH"))
        except RuntimeNotInstalled as e:
            out.append(Check(rt.name, "missing", e.message, e.hint or ""))
            continue
        version = rt.version(binary)
        known = getattr(rt, "known_versions", ())
        if version is None:
            out.append(Check(rt.name, "warn", f"{binary}: it printed no version", "check that it runs"))
        elif known and version not in known:
            out.append(Check(rt.name, "warn", f"{binary} {version} (this adapter knows {', '.join(known)})",
                             "runs are recorded with a warning; pin a known version for a checked tool table"))
        else:
            out.append(Check(rt.name, "ok", f"{binary} {version}"))
    return out


def _bubblewrap_check() -> Check:
    from overlord.sandbox.bubblewrap import BubblewrapSandbox

    box = BubblewrapSandbox()
    why = box.unavailable_reason()
    if why is None:
        return Check("bubblewrap", "ok", f"{box.bwrap}: namespaces work")
    return Check("bubblewrap", "missing", why, "apt-get install bubblewrap (or run missions with --no-sandbox, bare)")


def _netstack_check() -> Check:
    import shutil

    found = shutil.which("slirp4netns")
    if found is None:
        return Check("slirp4netns", "warn", "not installed: a mission with [guard] allow_network = true cannot start "
                     "(every other run has its own network, loopback only)", "apt-get install slirp4netns")
    return Check("slirp4netns", "ok", f"{found}: a mission that allows the network leaves through it, the host's "
                 "loopback closed")


def _cgroup_check() -> Check:
    from overlord.sandbox.limits import find_cgroup_root

    root = find_cgroup_root()
    if root is None:
        return Check("cgroups", "warn", "no writable memory+pids cgroup: memory_mb falls back to RLIMIT_AS",
                     "run as root, or delegate a cgroup v2 subtree to this user")
    return Check("cgroups", "ok", f"cgroup v{root.version} at {root.memory}")


def _store_check(home: Path | None) -> Check:
    path = home_path(home)
    if not (path / "config.toml").exists():
        return Check("store", "missing", f"no Overlord home at {path}", "run `overlord init` (or set OVERLORD_HOME)")
    try:
        session = open_session(home, writable=False)
    except OverlordError as e:
        return Check("store", "missing", e.message, e.hint or "")
    try:
        kind = session.config.store_kind
        return Check("store", "ok", f"{path} ({kind}, {session.ledger.max_notification_id()} events)")
    finally:
        session.close()

"""The guard's own settings files for one run: written by Overlord, watched by hash.

A runtime's :class:`~overlord.adapters.runtimes.base.GuardSettings` says which files carry its
hook or could switch it off. For a run, :class:`GuardFiles`:

* writes the ``system`` directories (Claude Code's managed settings) under the run's directory
  in OVERLORD_HOME, files 0444; the jail binds them read-only where the runtime reads them
  (:meth:`GuardFiles.mounts`);
* writes each ``home`` (and ``locked``) file under the runtime's HOME before every start
  (:meth:`write_home`; the jail binds the ``locked`` ones read-only over themselves),
  never through a link the agent planted (a symlink or a directory in the way is removed, not
  followed), and says which of them had been changed since Overlord last wrote them (a
  resumed run's HOME: the previous run's agent could write there);
* :meth:`check` compares every watched file (those, the root's hook settings, the system
  copies) with what Overlord wrote or found at arming; the first difference is a
  ``guard_tamper`` finding, recorded once as ``GuardTampered`` and latched: the decision
  service denies every later call, and the controller stops the run with stop code ``policy``.
* the root's hook settings are the owner's, never rewritten: what a run found at its first
  arming is kept with the run (:meth:`save_baseline`), and a resumed run watches them against
  that, not against what the previous run's agent left (:func:`load_baseline`): a file the
  agent planted or changed in the root is a finding before the resumed runtime starts.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.runtimes.base import GuardSettings
from overlord.domain.settlement import StopCode

log = structlog.get_logger("overlord.guard.files")

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_MAX_READ = 1 << 20


def fingerprint(path: Path) -> str:
    """What is at ``path`` now, without following a final symlink: ``absent``, ``link:TARGET``,
    ``dir``, ``other``, or the sha256 of a regular file (read up to 1 MiB; larger is ``big:SIZE``)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "absent"
    except OSError as e:
        return f"error:{e.errno}"
    if stat.S_ISLNK(st.st_mode):
        try:
            return f"link:{os.readlink(path)}"
        except OSError:
            return "link:?"
    if stat.S_ISDIR(st.st_mode):
        return "dir"
    if not stat.S_ISREG(st.st_mode):
        return "other"
    if st.st_size > _MAX_READ:
        return f"big:{st.st_size}"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        return f"error:{e.errno}"
    try:
        data = os.read(fd, _MAX_READ + 1)
    finally:
        os.close(fd)
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _open_dir(parent_fd: int, name: str) -> int:
    """Open the directory ``name`` under ``parent_fd``, making it when missing; anything else in
    its place (a symlink, a file) is removed first. Returns the new fd."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
    except FileNotFoundError:
        pass
    except OSError as e:
        if e.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        os.unlink(name, dir_fd=parent_fd)  # a link or a file where a directory belongs
    os.mkdir(name, 0o700, dir_fd=parent_fd)
    return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)


def write_under(top: Path, rel: str, data: bytes, *, mode: int = 0o600) -> str:
    """Write ``data`` at ``top/rel`` without following any link below ``top`` (a link or a
    directory in the way is replaced). Returns the fingerprint of what was there before.

    Raises:
        OSError: ``top`` is not a directory, or the write failed.
    """
    parts = [p for p in rel.split("/") if p]
    if not parts or any(p in (".", "..") for p in parts):
        raise ValueError(f"not a relative path: {rel!r}")
    fd = os.open(top, _DIR_FLAGS)
    try:
        for name in parts[:-1]:
            nfd = _open_dir(fd, name)
            os.close(fd)
            fd = nfd
        name = parts[-1]
        before = fingerprint(Path(f"/proc/self/fd/{fd}") / name)
        tmp = f".{name}.overlord-{secrets.token_hex(6)}"
        wfd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=fd)
        try:
            os.write(wfd, data)
            os.fsync(wfd)
        finally:
            os.close(wfd)
        if before == "dir":
            shutil.rmtree(name, dir_fd=fd)
        os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)  # replaces a link itself, never its target
        return before
    finally:
        os.close(fd)


class GuardFiles:
    """One run's guard settings on disk (see the module doc).

    Args:
        settings: the runtime's :class:`GuardSettings`.
        home: the runtime's HOME for the run.
        store: a directory of the run's own in OVERLORD_HOME for the ``system`` copies.
        watch: more files to watch as they are now (the root's hook settings).
        baseline: for some of ``watch``, the fingerprint an earlier run found at its first
            arming (a resumed run): watched against that instead of as they are now.
    """

    def __init__(self, settings: GuardSettings, *, home: Path, store: Path, watch: Iterable[Path] = (),
                 baseline: Mapping[Path, str] | None = None) -> None:
        self.settings = settings
        self.home = Path(home)
        self.store = Path(store)
        self._owned = {**settings.home, **settings.locked}
        self._expected: dict[Path, str] = {self.home / rel: _digest(data) for rel, data in self._owned.items()}
        inherited = dict(baseline or {})
        self._watched: dict[Path, str] = {}
        for path in watch:
            self._watched[Path(path)] = inherited.get(Path(path)) or fingerprint(Path(path))
        self._expected.update(self._watched)
        self._mounts: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self.finding: str | None = None

    def write_system(self) -> tuple[tuple[str, str], ...]:
        """Write the ``system`` directories under ``store`` (0755 directories, 0444 files);
        returns ``(host directory, path in the sandbox)`` for the jail, and watches them."""
        self._mounts = []
        for i, (dest, files) in enumerate(self.settings.system):
            top = self.store / f"system-{i}"
            if top.exists():
                shutil.rmtree(top)
            top.mkdir(parents=True, mode=0o755)
            os.chmod(top, 0o755)
            for rel, data in files.items():
                path = top / rel
                path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
                os.chmod(path.parent, 0o755)
                path.write_bytes(data)
                os.chmod(path, 0o444)
                self._expected[path] = _digest(data)
            self._mounts.append((str(top), dest))
        return tuple(self._mounts)

    @property
    def mounts(self) -> tuple[tuple[str, str], ...]:
        """The ``system`` binds written by :meth:`write_system`."""
        return tuple(self._mounts)

    @property
    def locked(self) -> tuple[str, ...]:
        """The ``locked`` files under HOME, to bind read-only over themselves in the jail."""
        return tuple(str(self.home / rel) for rel in self.settings.locked)

    def write_home(self) -> list[tuple[str, str]]:
        """Write every ``home`` and ``locked`` file (before each start); returns ``(relative
        path, what was there)`` for each file that was not what Overlord last wrote (absent is
        fine)."""
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        changed = []
        for rel, data in self._owned.items():
            before = write_under(self.home, rel, data)
            if before not in ("absent", _digest(data)):
                changed.append((rel, before))
        return changed

    def save_baseline(self, path: Path) -> None:
        """Keep what the root's hook settings were at the first arming (JSON, ``{path:
        fingerprint}``) at ``path``, a file of the run's own in OVERLORD_HOME (hidden from the
        agent), for :func:`load_baseline` when the run is resumed.

        Raises:
            OSError: the file could not be written.
        """
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        path.write_text(json.dumps({str(p): fp for p, fp in self._watched.items()}, sort_keys=True) + "\n")

    def check(self) -> str | None:
        """The first watched file that differs from what Overlord wrote or found, as a
        one-line finding (latched: the same finding ever after), or ``None``."""
        if self.finding is not None:
            return self.finding
        for path, expected in self._expected.items():
            now = fingerprint(path)
            if now != expected:
                with self._lock:
                    if self.finding is None:
                        self.finding = f"{path} was changed ({_short(expected)} -> {_short(now)})"
                return self.finding
        return None


def _short(fp: str) -> str:
    return fp[:19] + "…" if fp.startswith("sha256:") else fp[:80]


class TamperWatch:
    """The run's watch over its :class:`GuardFiles`: :meth:`check` for the decision service
    (before each decision) and :meth:`stop_check` for the controller (each tick). The first
    finding is recorded once as ``GuardTampered`` through ``record`` (the run's
    ``RunRecorder.apply``)."""

    def __init__(self, files: GuardFiles, record: Callable[[Callable[[Any], None]], None], now: Callable[[], Any]) -> None:
        self.files = files
        self.record = record
        self.now = now
        self._recorded = False
        self._lock = threading.Lock()

    def check(self) -> str | None:
        """The finding, recorded the first time it is seen; ``None`` when all is as written."""
        finding = self.files.check()
        if finding is None:
            return None
        with self._lock:
            first = not self._recorded
            self._recorded = True
        if first:
            log.warning("guard.tamper", finding=finding)
            what, _, detail = finding.partition(" was ")
            try:
                self.record(lambda run: run.record_tamper(what=what, detail=("was " + detail)[:500], when="run",
                                                          at=self.now()))
            except Exception as e:  # noqa: BLE001 - the run stops anyway (the recorder marks it)
                log.error("guard.tamper_unrecorded", error=str(e))
        return finding

    def stop_check(self) -> tuple[StopCode, str] | None:
        """``(policy, "guard_tamper: ...")`` once the guard's settings were changed."""
        finding = self.check()
        return (StopCode.POLICY, f"guard_tamper: {finding}") if finding else None


def load_baseline(path: Path) -> dict[Path, str]:
    """What :meth:`GuardFiles.save_baseline` kept at ``path``; empty when the run kept none
    (a run from before baselines were kept: its root's files are then watched as they are).

    Raises:
        OSError: the file exists but cannot be read; ValueError: it is not such a JSON object
        (a resume must not start on a baseline it cannot read).
    """
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError(f"{path} is not a guard baseline")
    return {Path(k): v for k, v in data.items()}


def copy_home(src: Path, dst: Path, *, uncarried: Sequence[str] = ()) -> None:
    """Copy a previous run's runtime HOME (``overlord resume``): regular files, directories
    and symlinks (copied as links, never followed); FIFOs, sockets and devices the agent may
    have left are skipped (reading a FIFO would hang the copy), and so is every path matching
    one of the ``uncarried`` glob patterns (relative to ``src``: the runtime's
    :attr:`~overlord.adapters.runtimes.base.Runtime.home_uncarried`)."""
    def odd(directory: str, names: list[str]) -> set[str]:
        skipped = set()
        rel = Path(directory).relative_to(src)
        for name in names:
            if any((rel / name).match(pattern) for pattern in uncarried):
                skipped.add(name)
                continue
            try:
                mode = os.lstat(os.path.join(directory, name)).st_mode
            except OSError:
                skipped.add(name)
                continue
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                skipped.add(name)
        return skipped

    shutil.copytree(src, dst, symlinks=True, dirs_exist_ok=True, ignore=odd)

"""Overlord's own git, run on the host with nothing the agent shaped in it.

The worker root's ``.git`` is the agent's to write (it runs code inside the root, and in a root
that was not a repository it can ``git init`` one). Git runs programs named in a repository's
hooks and configuration (``core.fsmonitor``, ``core.hooksPath``, filters, ``diff.external``, a
pager, a credential helper, gpg...). So every git command Overlord runs on the host goes through
:func:`git`:

* the repository is named explicitly (``GIT_DIR``, ``GIT_WORK_TREE``; no discovery upwards,
  ``GIT_CEILING_DIRECTORIES``);
* the environment is an allow-list: a fixed PATH, ``HOME`` and ``XDG_CONFIG_HOME`` that do not
  exist, no system or global configuration (``GIT_CONFIG_NOSYSTEM``, ``GIT_CONFIG_GLOBAL`` =
  /dev/null), no system attributes, no terminal prompt, no pager, no replace objects, no
  optional locks, literal pathspecs, no protocol allowed;
* the command line overrides every key of the repository's configuration that runs a
  program or a hook (:data:`NEUTRAL_CONFIG`): ``core.hooksPath=/dev/null``, ``core.fsmonitor``
  off, ``core.pager=cat``, ``core.attributesFile=/dev/null``, no gpg signing, no credential
  helper, no automatic gc or maintenance;
* the commit uses plumbing only (``hash-object --no-filters`` on Overlord's own blobs,
  ``read-tree``, ``update-index --index-info`` for a private index and for the user's,
  ``write-tree``, ``commit-tree``, ``update-ref``): no work-tree file is read through git, so
  the repository's ``.gitattributes`` filters never run (``git reset`` would: it compares racy
  index entries with the work tree through them).

And a commit goes only into the repository the run started with: :func:`identify_repository`
takes the ``.git`` of the root at layer 0 by identity (what it is, device and inode, the
fingerprint of its ``config``, ``HEAD``'s commit); :meth:`RepositoryIdentity.differs` names
what changed since (a ``.git`` the run created, replaced, reconfigured or moved ahead).
"""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
"""The PATH git runs with (never the caller's: it might name a directory of the root)."""

NEUTRAL_CONFIG = (
    ("core.hooksPath", "/dev/null"),
    ("core.fsmonitor", "false"),
    ("core.untrackedCache", "false"),
    ("core.pager", "cat"),
    ("core.attributesFile", "/dev/null"),
    ("core.sshCommand", "false"),
    ("core.askPass", "false"),
    ("commit.gpgSign", "false"),
    ("tag.gpgSign", "false"),
    ("gpg.program", "false"),
    ("credential.helper", ""),
    ("protocol.allow", "never"),
    ("submodule.recurse", "false"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("index.threads", "1"),
)
"""Configuration given on git's command line, over the repository's own: each key that would
run a program or a hook of the repository's choosing, turned off."""


class GitError(RuntimeError):
    """A git command failed (its stderr, shortened, in the message)."""


def git_env(root: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The whole environment of Overlord's git in ``root`` (see the module doc)."""
    env = {
        "PATH": SAFE_PATH, "HOME": "/nonexistent", "XDG_CONFIG_HOME": "/nonexistent", "LC_ALL": "C",
        "GIT_DIR": str(root / ".git"), "GIT_WORK_TREE": str(root), "GIT_CEILING_DIRECTORIES": str(root.parent),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_ATTR_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_EDITOR": "false",
        "GIT_NO_REPLACE_OBJECTS": "1", "GIT_OPTIONAL_LOCKS": "0", "GIT_LITERAL_PATHSPECS": "1",
        "GIT_PROTOCOL_FROM_USER": "0", "GIT_ALLOW_PROTOCOL": "", "GIT_NO_LAZY_FETCH": "1",
    }
    env.update(extra or {})
    return env


def git_argv(*args: str) -> list[str]:
    """``git`` with :data:`NEUTRAL_CONFIG` and no pager, then ``args``."""
    out = ["git", "--no-pager", "--no-replace-objects", "--literal-pathspecs"]
    for key, value in NEUTRAL_CONFIG:
        out += ["-c", f"{key}={value}"]
    return [*out, *args]


def git(root: Path, *args: str, env: dict[str, str] | None = None, data: bytes | None = None,
        timeout_s: float = 120) -> str:
    """Run one neutralised git command in the repository of ``root``; its stdout, stripped.

    Args:
        env: more variables (author, index file, dates), over :func:`git_env`.

    Raises:
        GitError: git failed or could not run.
    """
    try:
        p = subprocess.run(git_argv(*args), input=data, capture_output=True, env=git_env(Path(root), env),
                           cwd="/", timeout=timeout_s, stdin=None if data is not None else subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as e:
        raise GitError(f"git {args[0]} could not run: {e}") from e
    if p.returncode != 0:
        raise GitError(f"git {args[0]} failed: {p.stderr.decode('utf-8', 'replace').strip()[:300]}")
    return p.stdout.decode("utf-8", "replace").strip()


@dataclass(frozen=True)
class RepositoryIdentity:
    """What ``root/.git`` was when the run started.

    Attributes:
        kind: ``absent``, ``dir``, ``file`` (a gitfile), ``link`` or ``other``.
        device, inode: of ``.git`` itself (not followed), 0 when absent.
        config: the fingerprint of ``.git/config`` (sha256, or ``absent``).
        head: the commit HEAD named (``""`` when none or not a directory).
    """

    kind: str
    device: int = 0
    inode: int = 0
    config: str = "absent"
    head: str = ""

    def describe(self) -> str:
        """One line for a record."""
        if self.kind == "absent":
            return "no .git"
        return f"a .git {self.kind} (device {self.device}, inode {self.inode}, config {self.config[:19]}, HEAD {self.head[:12] or 'none'})"

    def differs(self, now: RepositoryIdentity) -> str | None:
        """Why ``now`` is not this repository, or ``None`` when it is."""
        if self.kind == "absent":
            return None if now.kind == "absent" else f"the run started with no .git and there is now {now.describe()}"
        if self.kind != "dir":
            return f"the run started with {self.describe()}, not a repository directory Overlord commits into"
        if (now.kind, now.device, now.inode) != (self.kind, self.device, self.inode):
            return f"the .git is not the one the run started with (then {self.describe()}; now {now.describe()})"
        if now.config != self.config:
            return f"the .git's config changed during the run ({self.config[:19]} -> {now.config[:19]})"
        if now.head != self.head:
            return f"HEAD moved during the run ({self.head[:12] or 'none'} -> {now.head[:12] or 'none'})"
        return None


def _fingerprint(path: Path) -> str:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return "absent"
    except OSError as e:
        return f"unreadable:{e.errno}"
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return "not-a-file"
        h = hashlib.sha256()
        while chunk := os.read(fd, 1 << 16):
            h.update(chunk)
        return "sha256:" + h.hexdigest()
    finally:
        os.close(fd)


def identify_repository(root: Path) -> RepositoryIdentity:
    """The identity of ``root/.git`` now (never follows a link; HEAD read with :func:`git`)."""
    path = Path(root) / ".git"
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return RepositoryIdentity("absent")
    except OSError:
        return RepositoryIdentity("other")
    m = st.st_mode
    kind = "dir" if stat.S_ISDIR(m) else "link" if stat.S_ISLNK(m) else "file" if stat.S_ISREG(m) else "other"
    if kind != "dir":
        return RepositoryIdentity(kind, st.st_dev, st.st_ino)
    try:
        head = git(Path(root), "rev-parse", "--verify", "-q", "HEAD^{commit}", timeout_s=30)
    except GitError:
        head = ""
    return RepositoryIdentity(kind, st.st_dev, st.st_ino, _fingerprint(path / "config"), head)

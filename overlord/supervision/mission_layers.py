"""A mission run's workspace layers and Overlord's commit, kept apart from the main job.

:func:`open_layers` seals layer 0 (the root as found) right after the run opens and keeps
the run's :class:`~overlord.adapters.layers.LayerSealer` (its stat index warm in memory) for
the decision service's ``post_tool_use`` notifications; :func:`final_seal` seals once more
before the run settles; :func:`commit_layer` commits the last layer to the worker root's git
repository (Overlord the author) and records ``Committed``, with git's hooks and the
repository's configuration neutralised (:mod:`overlord.adapters.git`), and only into the
``.git`` the run started with. None of them ever changes how a run settles: failures are logged.
"""

from __future__ import annotations

import tempfile
import uuid
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.git import GitError, RepositoryIdentity, git, identify_repository
from overlord.adapters.layers import LayerSealer, Snapshotter

log = structlog.get_logger("overlord.layers")

GIT_IDENTITY = {"GIT_AUTHOR_NAME": "Overlord", "GIT_AUTHOR_EMAIL": "overlord@localhost",
                "GIT_COMMITTER_NAME": "Overlord", "GIT_COMMITTER_EMAIL": "overlord@localhost"}


def open_layers(session: Any, run_id: uuid.UUID, root: Path, record: Any, clock: Any, *,
                gitignore: bool = True) -> LayerSealer | None:
    """Seal layer 0 of run ``run_id``; returns its sealer (the caller keeps it for the run),
    or ``None`` when sealing failed."""
    def put_fast(data: bytes) -> str:  # one sync per layer, not one fsync per file
        return session.blobs.put(data, durable=False)

    def record_durably(change: Any) -> None:  # the blobs a LayerSealed names are on disk first
        session.blobs.flush()
        record(change)

    snap = Snapshotter(root, put_fast, honour_gitignore=gitignore, never=(session.home.root,))
    sealer = LayerSealer(snap, record_durably, clock)
    try:
        sealer.seal(None, always=True)
    except Exception as e:  # noqa: BLE001 - a run is never lost for a seal
        log.warning("layer.seal0_failed", run_id=str(run_id), error=f"{type(e).__name__}: {e}")
        return None
    return sealer


def final_seal(sealer: LayerSealer | None, run_id: uuid.UUID) -> None:
    """Seal the settlement layer (always recorded) and close the sealer's watches."""
    if sealer is None:
        return
    try:
        sealer.seal(None, always=True)
    except Exception as e:  # noqa: BLE001
        log.warning("layer.final_seal_failed", run_id=str(run_id), error=f"{type(e).__name__}: {e}")
    finally:
        sealer.snapshotter.close()  # the inotify watches


def commit_on_pass(session: Any, run_id: uuid.UUID, root: Path, clock: Any, *,
                   repository: RepositoryIdentity | None = None) -> str | None:
    """Commit the run's changes when the run passed: its verdict is PASS, or (no gate ran) it
    completed, into ``repository`` (the ``.git`` found at layer 0) only. Never raises: a
    skipped, refused or failed commit is recorded on the run as a ``Bookkeeping`` event (the
    settlement stands). Returns the sha or ``None``."""
    try:
        run = session.ledger.get(run_id)
        verdict = getattr(run, "verdict", None)
        completed = run.settlement is not None and run.settlement.stop_code == "completed"
        if not completed or (verdict is not None and str(verdict).lower() != "pass"):
            log.info("run.commit_skipped", run_id=str(run_id), reason="the run did not pass")
            return None
        note = session.read_pinned() or ""
        head = note.splitlines()[:3]
        checkpoint = f"{head[1]} {head[2]}" if len(head) == 3 else ""  # tree size and root hash
        return commit_layer(session, run_id, root, clock, checkpoint=checkpoint, repository=repository)
    except Exception as e:  # noqa: BLE001 - bookkeeping after settlement
        _record_bookkeeping(session, run_id, clock, "commit", f"{type(e).__name__}: {e}")
        return None


def _record_bookkeeping(session: Any, run_id: uuid.UUID, clock: Any, step: str, problem: str) -> None:
    log.warning("run.bookkeeping", run_id=str(run_id), step=step, problem=problem)
    try:
        run = session.ledger.get(run_id)
        run.bookkeeping_failed(step=step, problem=problem[:500], at=clock.now())
        session.ledger.append(run)
    except Exception as e:  # noqa: BLE001 - the ledger itself failed: logged
        log.error("run.bookkeeping_unrecorded", run_id=str(run_id), step=step, error=str(e))


def _git(root: Path, *args: str, env: dict[str, str], data: bytes | None = None) -> str:
    return git(root, *args, env=env, data=data)


ZERO_SHA = "0" * 40


class CommitRefused(RuntimeError):
    """The root's ``.git`` is not the repository the run started with: nothing is committed."""


def commit_layer(session: Any, run_id: uuid.UUID, root: Path, clock: Any, *, checkpoint: str = "",
                 repository: RepositoryIdentity | None = None) -> str | None:
    """Commit the run's own changes (layer 0 to its last layer) on top of ``root``'s HEAD,
    with git plumbing and a private index: files the run did not touch stay exactly as HEAD
    has them (tracked files that .gitignore names included), and the user's index changes
    only for the run's paths, so what the user had staged stays staged. Author and committer
    Overlord; the user's git configuration is neither read for identity nor written. Paths
    travel NUL-separated. Records ``Committed``. Returns the sha, or ``None`` when the run
    changed nothing.

    ``repository`` is the root's ``.git`` as the run found it (``None``: as it is now, for a
    caller outside a run); a ``.git`` that differs from it is refused before any git runs.

    Raises:
        CommitRefused: the ``.git`` is not the one the run started with (created, replaced,
            reconfigured, moved ahead during the run).
        RuntimeError: not a git repository, or a git step failed (the caller records it).
    """
    run = session.ledger.get(run_id)
    if run.layers == 0:
        return None
    first, last = layer_files(session, run_id, upto=0), layer_files(session, run_id)
    changed = sorted(p for p in set(first) | set(last) if first.get(p) != last.get(p))
    if not changed:
        log.info("run.commit_skipped", run_id=str(run_id), reason="the run changed nothing")
        return None
    now = identify_repository(root)
    started = repository if repository is not None else now
    problem = started.differs(now)
    if problem is not None:
        raise CommitRefused(f"commit refused: {problem}; Overlord commits only into the repository the run "
                            "started with (a .git the agent made or changed would run its hooks and config on the host)")
    if now.kind != "dir":
        raise RuntimeError(f"{root} is not a git repository: nothing committed")
    env = dict(GIT_IDENTITY)
    try:
        _git(root, "rev-parse", "--git-dir", env=env)
    except GitError as e:
        raise RuntimeError(f"{root} is not a git repository: nothing committed") from e
    at = clock.now()
    stamp = f"{int(at.timestamp())} +0000"
    env.update(GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
    try:
        parent = _git(root, "rev-parse", "--verify", "-q", "HEAD^{commit}", env=env)
    except GitError:
        parent = ""
    with tempfile.TemporaryDirectory(prefix="ovl-git-") as tmp:
        genv = dict(env, GIT_INDEX_FILE=str(Path(tmp) / "index"))
        if parent:
            _git(root, "read-tree", parent, env=genv)
        kept = [p for p in changed if p in last]
        shas = _git(root, "hash-object", "-w", "--no-filters", "--stdin-paths", env=genv,
                    data="".join(str(session.blobs.path(last[p][0])) + "\n" for p in kept).encode()).split()
        entries = {p: f"{last[p][1]:o} {sha}" for p, sha in zip(kept, shas, strict=True)}
        info = b"".join(f"{entries.get(p, '0 ' + ZERO_SHA)}\t".encode() + p.encode("utf-8", "surrogateescape") + b"\0"
                        for p in changed)
        _git(root, "update-index", "-z", "--add", "--remove", "--index-info", env=genv, data=info)
        tree = _git(root, "write-tree", env=genv)
        message = (f"overlord: run {run_id}, layer {run.layers - 1}\n\nCommitted by Overlord after run {run_id} "
                   f"settled {run.settlement.stop_code if run.settlement else '?'}.\nLayer tree: {run.tree}\n"
                   f"Checkpoint: {checkpoint or 'none'}\n")
        sha = _git(root, "commit-tree", "--no-gpg-sign", tree, *(("-p", parent) if parent else ()), "-m", message, env=env)
        ref = _git(root, "symbolic-ref", "-q", "HEAD", env=env) if _has_symbolic_head(root, env) else "HEAD"
        _git(root, "update-ref", "-m", f"overlord: run {run_id}", ref, sha, *((parent,) if parent else ()), env=env)
    # the user's index follows the commit for the run's paths only (anything else the user
    # had staged stays staged), written entry by entry: ``reset`` would compare racy entries
    # with the work tree through the repository's filters
    _git(root, "update-index", "-z", "--add", "--remove", "--index-info", env=env, data=info)
    run = session.ledger.get(run_id)
    run.record_commit(sha=sha, tree=tree, layer=run.layers - 1, ref=ref, at=clock.now())
    session.ledger.append(run)
    log.info("run.committed", run_id=str(run_id), sha=sha)
    return sha


def _has_symbolic_head(root: Path, env: dict[str, str]) -> bool:
    try:
        _git(root, "symbolic-ref", "-q", "HEAD", env=env)
        return True
    except GitError:
        return False


def layer_files(session: Any, run_id: uuid.UUID, *, upto: int | None = None) -> dict[str, tuple[str, int]]:
    """The files of the run's layer ``upto`` (the last when ``None``), folded from its
    ``LayerSealed`` events: relative path -> (blob, mode)."""
    from overlord.domain.run import Run

    files: dict[str, tuple[str, int]] = {}
    for event in session.ledger.events.get(run_id):
        if isinstance(event, Run.LayerSealed):
            if upto is not None and event.index > upto:
                break
            if event.parent is None:
                files.clear()
            for path, blob, mode in event.read_changes(session.blobs.get):
                if blob is None:
                    files.pop(path, None)
                else:
                    files[path] = (blob, mode)
    return files

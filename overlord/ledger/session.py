"""An opened home: the ledger, its keys, blobs and pinned checkpoint, used together.

:func:`init_home` makes a home; :func:`open_home` opens one (checking it first: present,
not corrupt, key not readable by others, the database marked as this log's ledger).
:class:`LedgerSession` signs checkpoints (and pins the latest outside the store) and runs
the verify checklist. Times are passed in; nothing here reads a clock.
"""

from __future__ import annotations

import fcntl
import os
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from overlord.domain.checkpoint import LogCheckpoint
from overlord.errors import HomeError, InputError, LedgerError, OverlordError, ProofError
from overlord.files import replace_atomically
from overlord.inputs import SMALL_MAX_BYTES, read_text
from overlord.ledger import merkle
from overlord.ledger.application import Ledger, StoredRow
from overlord.ledger.blobs import BlobStore
from overlord.ledger.checkpoint import Checkpoint, sign_checkpoint
from overlord.ledger.home import Home, HomeConfig, make_private_dirs, write_private
from overlord.ledger.keys import generate_signer, load_signer, load_trust, trusted_keys
from overlord.ledger.note import Signer, Verifier, open_note
from overlord.ledger.store import PostgresConfig, read_mark
from overlord.ledger.verify import CHECKPOINT_TOPIC, Report, SQLiteRowSource, verify_log


@dataclass
class LedgerSession:
    """A home opened for work. ``signer`` is ``None`` when opened read-only."""

    home: Home
    config: HomeConfig
    ledger: Ledger
    blobs: BlobStore
    signer: Signer | None
    verifiers: list[Verifier]
    covered_through: int = 0
    """The notification id of the last checkpoint this session signed (0: none yet)."""

    @property
    def origin(self) -> str:
        """The log's origin (its checkpoint's first line)."""
        return self.config.origin

    def close(self) -> None:
        """Release the store's connections."""
        self.ledger.close()

    # -- checkpoints ----------------------------------------------------------------

    def open_checkpoint_note(self, note: str) -> tuple[str, int, bytes]:
        """Verify a checkpoint note with the trusted keys; ``(origin, size, root)``.

        Raises:
            ProofError: it does not verify or is not a checkpoint.
        """
        text, _ = open_note(note, self.verifiers)
        cp = Checkpoint.from_text(text)
        return cp.origin, cp.size, cp.root_hash

    def read_pinned(self) -> str | None:
        """The pinned checkpoint note, or ``None`` when none was pinned yet."""
        path = self.home.pinned_path
        if not os.path.lexists(path):
            return None
        try:
            return read_text(path, what="pinned checkpoint", max_bytes=SMALL_MAX_BYTES, follow_symlinks=False)
        except InputError as e:
            raise HomeError(
                f"the pinned checkpoint {path} is unreadable: {e.message}",
                "the home was tampered with: run `overlord verify` on an export or restore the home",
            ) from e

    def checkpoint(self, *, at: datetime) -> tuple[Checkpoint, str]:
        """Sign a checkpoint of the whole log now, store it as an event, and pin it.

        Returns ``(checkpoint, signed note)``.

        Raises:
            LedgerError: opened read-only, or the write failed.
            ProofError: the pinned checkpoint is larger than the log or not consistent with
                it (the store was cut short or rewritten: run ``overlord verify``).
        """
        if self.signer is None:
            raise LedgerError("the ledger was opened read-only", "checkpoints need the log key")
        rows = list(self.ledger.rows())
        if self.read_pinned() is None and any(r.topic == CHECKPOINT_TOPIC for r in rows):
            raise ProofError(
                "the pinned checkpoint is missing although the log holds checkpoints",
                "refusing to re-pin over a deleted pin: run `overlord verify` and restore the pin from a backup",
            )
        leaves = [r.leaf_hash() for r in rows]
        cp = Checkpoint(self.origin, len(leaves), merkle.root_from_leaf_hashes(leaves), ())
        note = sign_checkpoint(cp, self.signer)
        ids = self.ledger.append(
            LogCheckpoint.sign(
                checkpoint_id=uuid.uuid4(), origin=cp.origin, size=cp.size, root_hash=cp.root_hash, note=note, at=at
            )
        )
        self._pin(cp, note, leaves)
        self.covered_through = max(self.covered_through, *ids)
        return cp, note

    def _pin(self, cp: Checkpoint, note: str, leaves: list[bytes]) -> None:
        with self._pin_lock():
            pinned = self.read_pinned()
            if pinned is not None:
                _, old_size, old_root = self.open_checkpoint_note(pinned)
                if old_size > cp.size:
                    # Another writer pinned a larger tree meanwhile: keep it, if it is ours.
                    if old_size > self.ledger_size():
                        raise ProofError(
                            f"the pinned checkpoint covers {old_size} events but the store holds fewer",
                            "the store was cut short: run `overlord verify`",
                        )
                    return
                proof = merkle.consistency_proof(leaves, old_size, cp.size)
                merkle.verify_consistency(old_size, cp.size, old_root, cp.root_hash, proof)
            replace_atomically(self.home.pinned_path, note.encode())

    def ledger_size(self) -> int:
        """How many events the store holds."""
        return sum(1 for _ in self.ledger.rows())

    @contextmanager
    def _pin_lock(self) -> Iterator[None]:
        fd = os.open(self.home.root / ".checkpoint.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    # -- verification ---------------------------------------------------------------

    def _verify_source(self) -> Iterable[StoredRow] | SQLiteRowSource:
        """SQLite: workers read the file themselves; otherwise the rows come from the store."""
        if self.config.store_kind == "sqlite":
            return SQLiteRowSource(str(self.home.store(self.config).sqlite_path))
        return self.ledger.rows()

    def verify(self, *, workers: int = 2) -> Report:
        """Replay every stored event through the checklist (see :mod:`overlord.ledger.verify`)."""
        try:
            pinned = self.read_pinned()
        except HomeError as e:
            pinned = f"unreadable: {e.message}"  # fails the pinned-checkpoint check, by name
        return verify_log(
            self._verify_source(),
            trusted=trusted_keys(self.verifiers),
            origin=self.origin,
            known_topics=self.ledger.topics,
            check_blob=self.blobs.check,
            open_checkpoint=self.open_checkpoint_note,
            pinned_note=pinned,
            workers=workers,
        )


def init_home(
    root: Path, *, store_kind: str = "sqlite", postgres: PostgresConfig | None = None, origin: str | None = None
) -> LedgerSession:
    """Create a home at ``root``: config, log key (0600), trust file, an empty ledger.

    Raises:
        HomeError: ``root`` already holds a home (or anything else).
        LedgerError: the store cannot be created (or already holds a ledger).
    """
    home = Home(root)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise HomeError(f"{root} already exists and is not empty", "refusing to overwrite; choose another OVERLORD_HOME")
    origin = origin or f"overlord.local/ledger/{uuid.uuid4().hex[:16]}"
    config = HomeConfig(origin=origin, store_kind=store_kind, postgres=postgres)
    store = home.store(config)
    if store_kind == "postgres" and read_mark(store) is not None:
        raise LedgerError(f"{store.describe()} already holds an Overlord ledger", "use an empty database or schema")
    make_private_dirs(root)  # the home and any missing parent: 0700 whatever the umask
    os.chmod(root, 0o700)
    signer = generate_signer(origin)
    write_private(home.key_path, (signer.to_key() + "\n").encode())
    replace_atomically(home.trust_path, (f"# verifier keys trusted by `overlord verify`\n{signer.verifier().to_key()}\n").encode())
    make_private_dirs(home.blobs_path)
    ledger = Ledger(store, signer=signer, verifiers={signer.key_id: signer.verifier()}, create=True, origin=origin)
    # config.toml last: a home without it is incomplete and is refused by open_home
    replace_atomically(home.config_path, config.to_toml().encode(), mode=0o600)
    return LedgerSession(home, config, ledger, BlobStore(home.blobs_path), signer, [signer.verifier()])


def open_home(root: Path, *, writable: bool = True, postgres_password: str = "") -> LedgerSession:
    """Open the home at ``root`` after checking it.

    Raises:
        HomeError: no home, a corrupt home, a key readable by others, a bad trust file.
        ConfigError: a bad config.toml.
        LedgerError: the store is not an Overlord ledger, or not this home's.
    """
    home = Home(root)
    config = home.load_config(postgres_password=postgres_password)
    if writable or home.key_path.exists():
        home.check_key_file()
    signer = load_signer(home.key_path) if writable else None
    verifiers = load_trust(home.trust_path)
    if not verifiers:
        raise HomeError(f"the trust file {home.trust_path} lists no keys", "add the log's verifier key")
    store = home.store(config)
    mark = read_mark(store)
    if mark is None:
        raise LedgerError(
            f"{store.describe()} is not an Overlord ledger", "point OVERLORD_HOME at a home made by `overlord init`"
        )
    if mark != config.origin:
        raise LedgerError(f"{store.describe()} holds the ledger of {mark!r}, not {config.origin!r}", "check config.toml")
    try:
        ledger = Ledger(store, signer=signer, verifiers={v.key_id: v for v in verifiers})
    except OverlordError:
        raise
    except Exception as e:  # noqa: BLE001 - the driver's own errors, wrapped
        raise LedgerError(f"cannot open the ledger at {store.describe()}: {e}") from e
    return LedgerSession(home, config, ledger, BlobStore(home.blobs_path), signer, verifiers)

"""The witness's own home: its key and its store of the logs it knows.

Layout (``OVERLORD_WITNESS_HOME``, default ``$XDG_DATA_HOME/overlord-witness``; the CLI
resolves it)::

    witness.key      the witness's signer key (C2SP signed-note form), mode 0600
    witness.sqlite   logs(origin, verifier keys, size, root): the latest cosigned state

The witness keeps, per origin, only the latest checkpoint it cosigned (C2SP tlog-witness
v1.0.0, "Introduction"). Updates are compare-and-swap (``UPDATE ... WHERE size = old AND
root = old``), so two requests from the same old size can never both win, and the stored
size never goes back, even with several processes on one store ("add-checkpoint", last
paragraph).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path

from overlord.errors import HomeError, InputError, ProofError
from overlord.inputs import SMALL_MAX_BYTES, read_text
from overlord.ledger.cosignature import CosignatureVerifier
from overlord.ledger.home import make_private_dirs, write_private
from overlord.ledger.note import Signer, Verifier

KEY_FILE = "witness.key"
STORE_FILE = "witness.sqlite"

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS logs ("
    " origin TEXT PRIMARY KEY,"
    " keys TEXT NOT NULL,"  # verifier keys, one per line
    " size INTEGER NOT NULL DEFAULT 0,"
    " root BLOB)"
)


def default_witness_home(env: dict[str, str]) -> Path:
    """Where the witness home is, from an environment mapping (the CLI passes ``os.environ``)."""
    if env.get("OVERLORD_WITNESS_HOME"):
        return Path(env["OVERLORD_WITNESS_HOME"]).expanduser()
    xdg = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".local" / "share")
    return Path(xdg).expanduser() / "overlord-witness"


@dataclass(frozen=True)
class LogState:
    """What the witness knows of one log: its origin, trusted keys, latest cosigned (size, root)."""

    origin: str
    verifiers: tuple[Verifier, ...]
    size: int
    root: bytes | None


class WitnessStore:
    """The logs a witness knows, in SQLite (one connection per store; use one per thread).

    Args:
        path: the SQLite file (created if missing).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(_SCHEMA)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def add_log(self, origin: str, verifier_key: str) -> LogState:
        """Trust ``verifier_key`` for ``origin`` (adding the origin at size 0 if new).

        Raises:
            ProofError: the key is not a verifier key, or its name is not the origin.
        """
        verifier = Verifier.from_key(verifier_key.strip())
        if not origin or any(ch < " " for ch in origin):
            raise ProofError(f"origin {origin!r} is not one line of text")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute("SELECT keys FROM logs WHERE origin = ?", (origin,)).fetchone()
            if row is None:
                self._db.execute("INSERT INTO logs (origin, keys, size, root) VALUES (?, ?, 0, NULL)",
                                 (origin, verifier.to_key()))
            else:
                keys = [k for k in row[0].split("\n") if k]
                if verifier.to_key() not in keys:
                    keys.append(verifier.to_key())
                self._db.execute("UPDATE logs SET keys = ? WHERE origin = ?", ("\n".join(keys), origin))
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        state = self.get(origin)
        assert state is not None
        return state

    def get(self, origin: str) -> LogState | None:
        """The log's state, or ``None`` when the origin is unknown."""
        row = self._db.execute("SELECT origin, keys, size, root FROM logs WHERE origin = ?", (origin,)).fetchone()
        if row is None:
            return None
        verifiers = tuple(Verifier.from_key(k) for k in row[1].split("\n") if k)
        return LogState(row[0], verifiers, int(row[2]), row[3])

    def logs(self) -> list[LogState]:
        """Every known log, by origin."""
        origins = [r[0] for r in self._db.execute("SELECT origin FROM logs ORDER BY origin")]
        return [s for s in (self.get(o) for o in origins) if s is not None]

    def compare_and_swap(self, origin: str, old_size: int, old_root: bytes | None, size: int, root: bytes) -> bool:
        """Move ``origin`` from ``(old_size, old_root)`` to ``(size, root)``; ``False`` if it moved meanwhile.

        Never moves a size backwards (``size >= old_size`` is required).
        """
        if size < old_size:
            return False
        cur = self._db.execute(
            "UPDATE logs SET size = ?, root = ? WHERE origin = ? AND size = ? AND root IS ?",
            (size, root, origin, old_size, old_root),
        )
        return cur.rowcount == 1


class WitnessHome:
    """The witness's home directory: its key (0600, created on first use) and its store."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def key_path(self) -> Path:
        return self.root / KEY_FILE

    @property
    def store_path(self) -> Path:
        return self.root / STORE_FILE

    def signer(self, *, name: str | None = None) -> Signer:
        """The witness's signer, created (``name`` or a random one) on first use.

        Raises:
            HomeError: the key file is readable by others or corrupt.
        """
        if not self.key_path.exists():
            make_private_dirs(self.root)
            signer = Signer(name or f"overlord.local/witness/{os.urandom(6).hex()}", os.urandom(32))
            try:
                write_private(self.key_path, (signer.to_key() + "\n").encode())
            except HomeError:
                pass  # another process created it first: read theirs
        mode = self.key_path.stat().st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise HomeError(
                f"the witness key {self.key_path} is readable by others (mode {stat.S_IMODE(mode):04o})",
                f"run `chmod 600 {self.key_path}`",
            )
        try:
            return Signer.from_key(read_text(self.key_path, what="witness key", max_bytes=SMALL_MAX_BYTES,
                                               follow_symlinks=False).strip())
        except (ProofError, InputError) as e:
            raise HomeError(f"the witness key {self.key_path} is unreadable: {e}", "restore it from backup") from e

    def verifier(self) -> CosignatureVerifier:
        """The witness's cosigner verifier key (signature type 0x04), for trust files."""
        s = self.signer()
        return CosignatureVerifier(s.name, s.public_key)

    def store(self) -> WitnessStore:
        """Open (creating) the store."""
        make_private_dirs(self.root)
        return WitnessStore(self.store_path)

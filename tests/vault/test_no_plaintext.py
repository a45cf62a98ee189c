"""No plaintext of an item anywhere on disk: the vault's database, its WAL, the ledger, blobs."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

from overlord.domain.memory import Provenance, Submission
from tests.vault.conftest import make_vault


def _canary(label: str) -> str:
    return f"canary{label.lower()}{secrets.token_hex(8)}"


def _files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


def test_no_confidential_or_secret_text_is_on_disk(tmp_path: Path, embedder) -> None:
    session, vault = make_vault(tmp_path / "home", embedder)
    marks = {label: _canary(label) for label in ("CONFIDENTIAL", "SECRET", "PUBLIC")}
    texts = {label: f"the {label.lower()} plan: {mark} is the codeword for the merger" for label, mark in marks.items()}
    # enough items that pages are written, a summary-sized text, and the search mirror filled
    vault.add_many([Submission(texts[label], label, Provenance("cli")) for label in texts])
    vault.add_many([Submission(f"filler note {i} {marks['SECRET']}-{i}", "SECRET", Provenance("cli"))
                    for i in range(300)])
    assert vault.search(marks["SECRET"], role="admin", limit=5)  # the FTS mirror holds it, decrypted on read
    session.checkpoint(at=datetime(2026, 12, 1, tzinfo=UTC))
    home = tmp_path / "home"
    wal = home / "vault.sqlite-wal"
    assert wal.exists() and wal.stat().st_size > 0  # still open: the WAL holds pages too
    files = _files(home)
    names = {p.name for p in files}
    assert {"vault.sqlite", "vault.sqlite-wal", "ledger.sqlite"} <= names
    assert any(p.parent.parent.name == "blobs" for p in files)
    for path in files:
        data = path.read_bytes()
        for label, mark in marks.items():
            assert mark.encode() not in data, f"{label} text in the clear in {path.relative_to(home)}"
            assert mark.encode("utf-16-le") not in data
    vault.close()
    session.close()
    for path in _files(home):  # after the WAL is folded back into the database, too
        data = path.read_bytes()
        assert not any(mark.encode() in data for mark in marks.values()), path

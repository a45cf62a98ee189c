"""C2SP tlog-checkpoint: the note text naming a log's tree head, and signing it.

A checkpoint's note text is at least three non-empty lines: the origin, the tree size in
decimal, the base64 root hash (RFC 6962 Merkle tree), then optional extension lines. It is
signed as a C2SP signed note (see ``note.py``). Spec: c2sp.org/tlog-checkpoint, "Note text"
and "Signatures".

Pure: no I/O, no clock, no module state. Parsing is strict and fails closed with
:class:`~overlord.errors.ProofError`.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from overlord.errors import ProofError
from overlord.ledger.note import NoteVerifier, Signer, open_note, sign_note

__all__ = ["Checkpoint", "open_checkpoint", "sign_checkpoint"]

_SIZE_RE = re.compile(r"0|[1-9][0-9]*")
_MAX_SIZE = 2**64 - 1


@dataclass(frozen=True)
class Checkpoint:
    """A log's tree head as a tlog-checkpoint (c2sp.org/tlog-checkpoint, "Note text").

    Attributes:
        origin: the log's identity, non-empty, one line (e.g. ``example.com/log42``).
        size: tree size in leaves, 0..2**64-1.
        root_hash: the 32-byte RFC 6962 Merkle tree root at ``size``.
        extensions: optional extension lines, each non-empty (NOT RECOMMENDED by the spec).

    Raises:
        ProofError: (on construction) any field breaks the rules above, or a line contains a
            newline or another ASCII control character.
    """

    origin: str
    size: int
    root_hash: bytes
    extensions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_line(self.origin, "origin")
        if not isinstance(self.size, int) or isinstance(self.size, bool):
            raise ProofError(f"checkpoint size must be an int, got {type(self.size).__name__}")
        if not 0 <= self.size <= _MAX_SIZE:
            raise ProofError(f"checkpoint size {self.size} is outside 0..2**64-1")
        if not isinstance(self.root_hash, bytes) or len(self.root_hash) != 32:
            raise ProofError("checkpoint root hash must be 32 bytes")
        if not isinstance(self.extensions, tuple):
            raise ProofError("checkpoint extensions must be a tuple of str")
        for i, ext in enumerate(self.extensions):
            _check_line(ext, f"extension line {i + 1}")

    def to_text(self) -> str:
        """The note text: ``origin\\nsize\\nbase64(root)\\n`` then each extension line."""
        lines = [self.origin, str(self.size), base64.b64encode(self.root_hash).decode()]
        lines.extend(self.extensions)
        return "".join(line + "\n" for line in lines)

    @classmethod
    def from_text(cls, text: str) -> Checkpoint:
        """Parse a checkpoint's note text (not a signed note: see :func:`open_checkpoint`).

        Strict: the text ends with a newline; it has at least three lines and no empty
        line; the size is ASCII decimal without leading zeros (``0`` for the empty tree)
        and fits a uint64; the root is canonical padded standard base64 of 32 bytes.

        Raises:
            ProofError: the text breaks a rule; the message names the line.
        """
        if not isinstance(text, str):
            raise ProofError(f"checkpoint text must be a str, got {type(text).__name__}")
        if not text.endswith("\n"):
            raise ProofError("checkpoint text does not end with a newline")
        lines = text[:-1].split("\n")
        if len(lines) < 3:
            raise ProofError(f"checkpoint has {len(lines)} lines, want at least 3")
        for i, line in enumerate(lines):
            if not line:
                raise ProofError(f"checkpoint line {i + 1} is empty")
        origin, size_text, root_text, *extensions = lines
        if not _SIZE_RE.fullmatch(size_text):
            raise ProofError(f"checkpoint size {size_text!r} is not a decimal without leading zeros")
        size = int(size_text)
        if size > _MAX_SIZE:
            raise ProofError(f"checkpoint size {size_text} does not fit in 64 bits")
        root_hash = _decode_root(root_text)
        return cls(origin, size, root_hash, tuple(extensions))


def sign_checkpoint(cp: Checkpoint, signer: Signer) -> str:
    """Sign a checkpoint as a signed note (c2sp.org/tlog-checkpoint, "Signatures").

    The log's key name SHOULD match the origin; this is not enforced here.

    Args:
        cp: the checkpoint.
        signer: the log's ed25519 :class:`~overlord.ledger.note.Signer`.

    Returns:
        The signed note: ``cp.to_text() + "\\n" + "— name base64(...)\\n"``.

    Raises:
        ProofError: ``cp`` is not a Checkpoint, or the note cannot be signed.
    """
    if not isinstance(cp, Checkpoint):
        raise ProofError(f"sign_checkpoint needs a Checkpoint, got {type(cp).__name__}")
    return sign_note(cp.to_text(), [signer])


def open_checkpoint(note: str, verifier: NoteVerifier, *, origin: str | None = None) -> Checkpoint:
    """Verify a signed checkpoint with the log's key and parse it.

    Checklist: the note verifies under ``verifier`` (see ``note.open_note``; other
    signatures, e.g. witness cosignatures, are ignored); its text is a strict checkpoint;
    if ``origin`` is given, the checkpoint's origin equals it.

    Args:
        note: the signed checkpoint note.
        verifier: the log's verifier.
        origin: the expected origin, or None to accept any.

    Returns:
        The parsed :class:`Checkpoint`.

    Raises:
        ProofError: the note does not verify, the text is not a checkpoint, or the origin
            is not the expected one.
    """
    text, _ = open_note(note, [verifier])
    cp = Checkpoint.from_text(text)
    if origin is not None and cp.origin != origin:
        raise ProofError(f"checkpoint is for origin {cp.origin!r}, want {origin!r}")
    return cp


def _check_line(value: object, what: str) -> None:
    if not isinstance(value, str):
        raise ProofError(f"checkpoint {what} must be a str, got {type(value).__name__}")
    if not value:
        raise ProofError(f"checkpoint {what} is empty")
    if any(ch < " " for ch in value):
        raise ProofError(f"checkpoint {what} contains a newline or control character")


def _decode_root(root_text: str) -> bytes:
    try:
        raw = base64.b64decode(root_text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as e:  # binascii.Error is a ValueError
        raise ProofError(f"checkpoint root hash {root_text!r} is not valid base64") from e
    if len(raw) != 32:
        raise ProofError(f"checkpoint root hash is {len(raw)} bytes, want 32")
    if base64.b64encode(raw).decode() != root_text:
        raise ProofError(f"checkpoint root hash {root_text!r} is not canonical base64")
    return raw

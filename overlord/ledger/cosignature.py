"""C2SP tlog-cosignature v1.0.1, Ed25519 type: a witness's timestamped cosignature.

A witness that has checked a checkpoint's consistency signs::

    "cosignature/v1\\n" || "time <T>\\n" || <checkpoint note text>

with its ed25519 key, and adds a signature line to the checkpoint note whose signature
bytes are ``key ID (4) || T (8, big-endian uint64) || ed25519 signature (64)``. The key ID
uses signature type 0x04: ``SHA-256(name || 0x0A || 0x04 || public key)[:4]``, so the same
key has a different ID as a plain note key (type 0x01). T is a POSIX time in seconds,
passed in (this module never reads a clock). Spec: c2sp.org/tlog-cosignature v1.0.1,
"Format" and "Ed25519 signed message"; keys: c2sp.org/signed-note vkeys with type 0x04.

Pure: no I/O, no clock, no module state. Verification fails closed with
:class:`~overlord.errors.ProofError`.
"""

from __future__ import annotations

from dataclasses import dataclass

from overlord.errors import ProofError
from overlord.ledger.checkpoint import Checkpoint
from overlord.ledger.note import (
    SIG_TYPE_ED25519,
    NoteSignature,
    Signer,
    Verifier,
    check_key_name,
    decode_verifier_key,
    ed25519_verify,
    encode_verifier_key,
    key_id,
)

__all__ = [
    "SIG_TYPE_COSIGNATURE",
    "CosignatureVerifier",
    "cosign",
    "cosigned_message",
    "cosigner_key_id",
    "verify_cosignature",
]

SIG_TYPE_COSIGNATURE = 0x04
"""Signature type byte of timestamped Ed25519 witness cosignatures (signed-note types)."""

_MAX_TIMESTAMP = 2**63 - 1
_HEADER = b"cosignature/v1\n"


def cosigner_key_id(name: str, public_key: bytes) -> bytes:
    """The 4-byte cosigner key ID, ``SHA-256(name || 0x0A || 0x04 || public_key)[:4]``.

    Spec: tlog-cosignature v1.0.1, "Format".

    Raises:
        ProofError: invalid name or a public key that is not 32 bytes.
    """
    if not isinstance(public_key, bytes) or len(public_key) != 32:
        raise ProofError("an ed25519 cosigner public key must be 32 bytes")
    return key_id(name, SIG_TYPE_COSIGNATURE, public_key)


def cosigned_message(checkpoint_text: str, timestamp: int) -> bytes:
    """The bytes a cosigner signs (tlog-cosignature v1.0.1, "Ed25519 signed message").

    Args:
        checkpoint_text: the checkpoint's note text (body only, ending in a newline, no
            signature lines); extension lines, if any, are included.
        timestamp: POSIX seconds, 0..2**63-1.

    Returns:
        ``b"cosignature/v1\\ntime <timestamp>\\n" + checkpoint_text`` as UTF-8.

    Raises:
        ProofError: the text is not a strict checkpoint or the timestamp is out of range.
    """
    _check_timestamp(timestamp)
    Checkpoint.from_text(checkpoint_text)  # strict: refuses anything but a checkpoint body
    return _HEADER + b"time %d\n" % timestamp + checkpoint_text.encode()


@dataclass(frozen=True)
class CosignatureVerifier:
    """A witness's ed25519 cosigner key (signature type 0x04) for checkpoint notes.

    Implements ``note.NoteVerifier``, so it can be passed to ``note.open_note`` to require a
    witness cosignature on a checkpoint note.

    Attributes:
        name: the witness's key name (e.g. ``example.com/witness``).
        public_key: 32-byte ed25519 public key.

    Raises:
        ProofError: (on construction) invalid name or a key that is not 32 bytes.
    """

    name: str
    public_key: bytes

    def __post_init__(self) -> None:
        check_key_name(self.name)
        if not isinstance(self.public_key, bytes) or len(self.public_key) != 32:
            raise ProofError("an ed25519 cosigner public key must be 32 bytes")

    @property
    def key_id(self) -> bytes:
        """The 4-byte type 0x04 key ID."""
        return cosigner_key_id(self.name, self.public_key)

    @classmethod
    def from_key(cls, vkey: str) -> CosignatureVerifier:
        """Parse a cosigner verifier key ``name+hex8+base64(0x04 || public key)``.

        Spec: tlog-cosignature v1.0.1, "Format" (vkeys with signature type 0x04). A type
        0x01 key is refused: use :meth:`from_note_verifier` to reuse a note key on purpose.

        Raises:
            ProofError: malformed string, wrong key ID, a type other than 0x04, or a key that
                is not 32 bytes.
        """
        name, sig_type, public_key = decode_verifier_key(vkey)
        if sig_type != SIG_TYPE_COSIGNATURE:
            raise ProofError(
                f"verifier key for {name!r} has signature type 0x{sig_type:02x}, "
                "want 0x04 (ed25519 cosignature)"
            )
        return cls(name, public_key)

    @classmethod
    def from_note_verifier(cls, verifier: Verifier) -> CosignatureVerifier:
        """The cosigner view of a plain (type 0x01) ed25519 note key: same name and key."""
        if not isinstance(verifier, Verifier):
            raise ProofError(f"need a note Verifier, got {type(verifier).__name__}")
        return cls(verifier.name, verifier.public_key)

    def to_key(self) -> str:
        """Format as ``name+hex8+base64(0x04 || public key)``."""
        return encode_verifier_key(self.name, SIG_TYPE_COSIGNATURE, self.public_key)

    def verify(self, message: bytes, signature: bytes) -> bool:
        """Check a 72-byte ``timestamp || ed25519 signature`` over note text ``message``.

        ``False`` (never raises) when the length is wrong, the timestamp exceeds 2**63-1,
        or the signature does not verify over the cosigned message.
        """
        if not isinstance(signature, bytes) or len(signature) != 72:
            return False
        timestamp = int.from_bytes(signature[:8], "big")
        if timestamp > _MAX_TIMESTAMP:
            return False
        signed = _HEADER + b"time %d\n" % timestamp + bytes(message)
        return ed25519_verify(self.public_key, signed, signature[8:])


def cosign(checkpoint_text: str, witness_signer: Signer, timestamp: int) -> str:
    """Cosign a checkpoint as a witness at ``timestamp``.

    The caller has already verified the log's signature and a consistency proof; this only
    produces the signature. Spec: tlog-cosignature v1.0.1, "Format" and "Ed25519 signed
    message".

    Args:
        checkpoint_text: the checkpoint's note text (body only, as returned by
            ``note.open_note`` or ``Checkpoint.to_text``).
        witness_signer: the witness's ed25519 signer (name and seed); its type 0x04 key ID
            is computed here.
        timestamp: POSIX seconds, 0..2**63-1.

    Returns:
        The signature line ``— name base64(keyid || timestamp || sig)``, without a trailing
        newline (append ``"\\n"`` when adding it to a note).

    Raises:
        ProofError: the text is not a strict checkpoint, the signer is not a Signer, or the
            timestamp is out of range.
    """
    if not isinstance(witness_signer, Signer):
        raise ProofError(f"cosign needs a note Signer, got {type(witness_signer).__name__}")
    message = cosigned_message(checkpoint_text, timestamp)
    sig = witness_signer.sign(message)
    kid = cosigner_key_id(witness_signer.name, witness_signer.public_key)
    return NoteSignature(witness_signer.name, kid, timestamp.to_bytes(8, "big") + sig).to_line()


def verify_cosignature(
    checkpoint_text: str, line: str, witness_verifier: CosignatureVerifier
) -> int:
    """Verify one witness cosignature line over a checkpoint's note text.

    Checklist: the line parses (one trailing newline allowed); its name and key ID are the
    witness's (type 0x04); the signature is 72 bytes; the timestamp is at most 2**63-1; the
    text is a strict checkpoint; the ed25519 signature verifies over the cosigned message.

    Args:
        checkpoint_text: the checkpoint's note text (body only).
        line: ``— name base64(keyid || timestamp || sig)``.
        witness_verifier: the witness's :class:`CosignatureVerifier`.

    Returns:
        The cosignature's timestamp (POSIX seconds).

    Raises:
        ProofError: any step fails; the message says which.
    """
    if not isinstance(witness_verifier, CosignatureVerifier):
        raise ProofError(
            f"verify_cosignature needs a CosignatureVerifier, got {type(witness_verifier).__name__}"
        )
    if not isinstance(line, str):
        raise ProofError(f"cosignature line must be a str, got {type(line).__name__}")
    sig = NoteSignature.from_line(line[:-1] if line.endswith("\n") else line)
    if sig.name != witness_verifier.name:
        raise ProofError(f"cosignature is by {sig.name!r}, want {witness_verifier.name!r}")
    if sig.key_id != witness_verifier.key_id:
        hint = None
        if sig.key_id == key_id(sig.name, SIG_TYPE_ED25519, witness_verifier.public_key):
            hint = "that is the key's type 0x01 note signature, not a cosignature"
        raise ProofError(
            f"cosignature key ID {sig.key_id.hex()} is not the witness's "
            f"{witness_verifier.key_id.hex()}",
            hint=hint,
        )
    if len(sig.signature) != 72:
        raise ProofError(f"cosignature is {len(sig.signature)} bytes after the key ID, want 72")
    timestamp = int.from_bytes(sig.signature[:8], "big")
    message = cosigned_message(checkpoint_text, timestamp)
    if not ed25519_verify(witness_verifier.public_key, message, sig.signature[8:]):
        raise ProofError(
            f"cosignature by {sig.name!r} at time {timestamp} does not verify",
            hint="the checkpoint or the line was altered; do not trust it",
        )
    return timestamp


def _check_timestamp(timestamp: object) -> None:
    if not isinstance(timestamp, int) or isinstance(timestamp, bool):
        raise ProofError(f"timestamp must be an int, got {type(timestamp).__name__}")
    if not 0 <= timestamp <= _MAX_TIMESTAMP:
        raise ProofError(f"timestamp {timestamp} is outside 0..2**63-1")

"""C2SP signed-note: key IDs, ed25519 signers and verifiers, key strings, sign and open.

A signed note is a text ending in a newline, a blank line, then one or more signature lines
``— <key name> base64(key ID || signature)``. Checkpoints (see ``checkpoint.py``) and witness
cosignatures (see ``cosignature.py``) are both built on it. Spec: c2sp.org/signed-note
(sections "Format", "Signatures", "Signature types", "Ed25519 signatures") and its verifier
key encoding (``name+hex8(key ID)+base64(type || public key)``, as in Go's
golang.org/x/mod/sumdb/note, which the spec describes).

Pure: no I/O, no clock, no module state. Verification fails closed with
:class:`~overlord.errors.ProofError`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import nacl.exceptions
import nacl.signing

from overlord.errors import ProofError

__all__ = [
    "MAX_SIGNATURES",
    "SIG_TYPE_ED25519",
    "NoteSignature",
    "NoteVerifier",
    "Signer",
    "Verifier",
    "check_key_name",
    "decode_verifier_key",
    "ed25519_verify",
    "encode_verifier_key",
    "key_id",
    "open_note",
    "sign_note",
]

SIG_TYPE_ED25519 = 0x01
"""Signature type byte of plain ed25519 note signatures (signed-note, "Signature types")."""

MAX_SIGNATURES = 100
"""Most signature lines :func:`open_note` reads; the spec asks verifiers for at least 16."""

_EM_DASH = "\u2014"
_SIG_PREFIX = _EM_DASH + " "
_PRIVATE_PREFIX = "PRIVATE+KEY+"
_HEX = frozenset("0123456789abcdef")


def key_id(name: str, sig_type: int, public_key: bytes) -> bytes:
    """Compute a key ID: ``SHA-256(name || 0x0A || sig_type || public_key)[:4]``.

    Spec: signed-note, "Signatures" (the RECOMMENDED key ID) and "Ed25519 signatures";
    tlog-cosignature v1.0.1, "Format" (type 0x04 for Ed25519 cosignatures).

    Args:
        name: key name (checked with :func:`check_key_name`).
        sig_type: signature type byte, 0..255 (0x01 ed25519, 0x04 cosignature).
        public_key: the public key material (32 bytes for ed25519).

    Returns:
        4 bytes (a big-endian uint32 on the wire).

    Raises:
        ProofError: the name is invalid, the type is not a byte, or the key is not bytes.
    """
    check_key_name(name)
    if not isinstance(sig_type, int) or isinstance(sig_type, bool) or not 0 <= sig_type <= 255:
        raise ProofError(f"signature type must be a byte, got {sig_type!r}")
    if not isinstance(public_key, bytes):
        raise ProofError(f"public key must be bytes, got {type(public_key).__name__}")
    return hashlib.sha256(name.encode() + b"\n" + bytes([sig_type]) + public_key).digest()[:4]


def check_key_name(name: object) -> None:
    """Check a key name: a non-empty string with no Unicode spaces and no ``+``.

    Spec: signed-note, "Format". Also rejects ASCII control characters and text that is not
    valid UTF-8, which a note may not contain at all.

    Raises:
        ProofError: the name breaks a rule; the message says which.
    """
    if not isinstance(name, str):
        raise ProofError(f"key name must be a str, got {type(name).__name__}")
    if not name:
        raise ProofError("key name is empty")
    if "+" in name:
        raise ProofError(f"key name {name!r} contains '+'")
    if any(ch.isspace() or ord(ch) < 0x20 or ch == "\x7f" for ch in name):
        raise ProofError(f"key name {name!r} contains a space or control character")
    _check_utf8(name, "key name")


def encode_verifier_key(name: str, sig_type: int, public_key: bytes) -> str:
    """Format a verifier key string ``name+hex8(key ID)+base64(sig_type || public_key)``.

    Spec: signed-note verifier keys ("vkeys"); tlog-cosignature v1.0.1 encodes cosigner keys
    the same way with type 0x04.

    Raises:
        ProofError: the name, type or key is invalid (see :func:`key_id`).
    """
    kid = key_id(name, sig_type, public_key)
    material = base64.b64encode(bytes([sig_type]) + public_key).decode()
    return f"{name}+{kid.hex()}+{material}"


def decode_verifier_key(vkey: str) -> tuple[str, int, bytes]:
    """Parse a verifier key string and check its key ID.

    The key ID must be 8 lowercase hex digits and equal the ID computed from the name, type
    byte and key (signed-note's recommended key ID). Base64 is standard, padded and
    canonical. The public key may contain ``+``; the name may not, so the first two ``+``
    split the fields.

    Args:
        vkey: ``name+hex8+base64(type || public key)``.

    Returns:
        ``(name, sig_type, public_key)``.

    Raises:
        ProofError: the string is malformed or its key ID does not match its key.
    """
    if not isinstance(vkey, str):
        raise ProofError(f"verifier key must be a str, got {type(vkey).__name__}")
    parts = vkey.split("+", 2)
    if len(parts) != 3:
        raise ProofError("verifier key is not of the form name+keyid+key")
    name, kid_hex, material_b64 = parts
    check_key_name(name)
    kid = _parse_key_id_hex(kid_hex)
    material = _b64decode(material_b64, "verifier key material")
    if len(material) < 2:
        raise ProofError("verifier key material is too short")
    sig_type, public_key = material[0], material[1:]
    if key_id(name, sig_type, public_key) != kid:
        raise ProofError(f"verifier key for {name!r}: key ID {kid_hex} does not match the key")
    return name, sig_type, public_key


@runtime_checkable
class NoteVerifier(Protocol):
    """What :func:`open_note` needs of a verifier (signed-note, "Signatures").

    ``name`` and ``key_id`` (4 bytes) select the signature lines the verifier is for;
    ``verify`` checks the bytes after the key ID against the UTF-8 note text and returns
    ``False`` (never raises) when they do not verify. :class:`Verifier` (ed25519) and
    ``cosignature.CosignatureVerifier`` implement it.
    """

    @property
    def name(self) -> str: ...

    @property
    def key_id(self) -> bytes: ...

    def verify(self, message: bytes, signature: bytes) -> bool: ...


@dataclass(frozen=True)
class Verifier:
    """An ed25519 note verifier (signature type 0x01): a key name and a 32-byte public key.

    Spec: signed-note, "Ed25519 signatures". Build from a verifier key string with
    :meth:`from_key`, or from a name and public key directly.

    Attributes:
        name: the key name.
        public_key: 32-byte ed25519 public key.

    Raises:
        ProofError: (on construction) invalid name or a public key that is not 32 bytes.
    """

    name: str
    public_key: bytes

    def __post_init__(self) -> None:
        check_key_name(self.name)
        if not isinstance(self.public_key, bytes) or len(self.public_key) != 32:
            raise ProofError("an ed25519 public key must be 32 bytes")

    @property
    def key_id(self) -> bytes:
        """The 4-byte key ID, ``SHA-256(name || 0x0A || 0x01 || public_key)[:4]``."""
        return key_id(self.name, SIG_TYPE_ED25519, self.public_key)

    @classmethod
    def from_key(cls, vkey: str) -> Verifier:
        """Parse ``name+hex8+base64(0x01 || public key)``.

        Raises:
            ProofError: malformed string, wrong key ID, a type other than 0x01, or a key that
                is not 32 bytes.
        """
        name, sig_type, public_key = decode_verifier_key(vkey)
        if sig_type != SIG_TYPE_ED25519:
            raise ProofError(
                f"verifier key for {name!r} has signature type 0x{sig_type:02x}, want 0x01 (ed25519)"
            )
        return cls(name, public_key)

    def to_key(self) -> str:
        """Format as ``name+hex8+base64(0x01 || public key)``."""
        return encode_verifier_key(self.name, SIG_TYPE_ED25519, self.public_key)

    def verify(self, message: bytes, signature: bytes) -> bool:
        """Check a 64-byte ed25519 ``signature`` over ``message``; ``False`` if it fails."""
        return ed25519_verify(self.public_key, message, signature)


class Signer:
    """An ed25519 note signer (signature type 0x01): a key name and a 32-byte seed.

    Spec: signed-note, "Ed25519 signatures". The seed is the RFC 8032 private key; it is
    never shown by ``repr``. The same signer is used by ``cosignature.cosign`` (which
    computes the type 0x04 key ID itself).

    Args:
        name: key name.
        seed: 32 bytes.

    Raises:
        ProofError: invalid name or a seed that is not 32 bytes.
    """

    __slots__ = ("_name", "_signing_key")

    def __init__(self, name: str, seed: bytes) -> None:
        check_key_name(name)
        if not isinstance(seed, bytes) or len(seed) != 32:
            raise ProofError("an ed25519 seed must be 32 bytes")
        self._name = name
        self._signing_key = nacl.signing.SigningKey(seed)

    @property
    def name(self) -> str:
        """The key name."""
        return self._name

    @property
    def public_key(self) -> bytes:
        """The 32-byte ed25519 public key."""
        return bytes(self._signing_key.verify_key)

    @property
    def key_id(self) -> bytes:
        """The 4-byte type 0x01 key ID."""
        return key_id(self._name, SIG_TYPE_ED25519, self.public_key)

    def verifier(self) -> Verifier:
        """The matching :class:`Verifier`."""
        return Verifier(self._name, self.public_key)

    def sign(self, message: bytes) -> bytes:
        """Sign ``message``; returns the 64-byte ed25519 signature (no key ID)."""
        return bytes(self._signing_key.sign(bytes(message)).signature)

    @classmethod
    def from_key(cls, skey: str) -> Signer:
        """Parse ``PRIVATE+KEY+name+hex8+base64(0x01 || seed)``.

        The key ID is checked against the public key derived from the seed.

        Raises:
            ProofError: malformed string, wrong type byte, wrong seed length or key ID.
        """
        if not isinstance(skey, str) or not skey.startswith(_PRIVATE_PREFIX):
            raise ProofError("signer key must start with PRIVATE+KEY+")
        parts = skey[len(_PRIVATE_PREFIX) :].split("+", 2)
        if len(parts) != 3:
            raise ProofError("signer key is not of the form PRIVATE+KEY+name+keyid+key")
        name, kid_hex, material_b64 = parts
        check_key_name(name)
        kid = _parse_key_id_hex(kid_hex)
        material = _b64decode(material_b64, "signer key material")
        if len(material) != 33 or material[0] != SIG_TYPE_ED25519:
            raise ProofError(f"signer key for {name!r} is not a type 0x01 ed25519 seed")
        signer = cls(name, material[1:])
        if signer.key_id != kid:
            raise ProofError(f"signer key for {name!r}: key ID {kid_hex} does not match the key")
        return signer

    def to_key(self) -> str:
        """Format as ``PRIVATE+KEY+name+hex8+base64(0x01 || seed)``. This is a secret."""
        seed = bytes(self._signing_key)
        material = base64.b64encode(bytes([SIG_TYPE_ED25519]) + seed).decode()
        return f"{_PRIVATE_PREFIX}{self._name}+{self.key_id.hex()}+{material}"

    def __repr__(self) -> str:
        return f"Signer(name={self._name!r}, key_id={self.key_id.hex()})"


@dataclass(frozen=True)
class NoteSignature:
    """One signature line of a note (signed-note, "Signatures").

    Attributes:
        name: key name.
        key_id: 4 bytes.
        signature: the bytes after the key ID (64 for ed25519, 72 for a cosignature).
    """

    name: str
    key_id: bytes
    signature: bytes

    def to_line(self) -> str:
        """Format as ``— name base64(key_id || signature)`` (no trailing newline)."""
        blob = base64.b64encode(self.key_id + self.signature).decode()
        return f"{_SIG_PREFIX}{self.name} {blob}"

    @classmethod
    def from_line(cls, line: str) -> NoteSignature:
        """Parse one signature line (without its trailing newline).

        Raises:
            ProofError: the line does not have the form ``— name base64``, the name is
                invalid, or the base64 decodes to fewer than 5 bytes.
        """
        if not isinstance(line, str) or not line.startswith(_SIG_PREFIX):
            raise ProofError("signature line does not start with an em dash and a space")
        rest = line[len(_SIG_PREFIX) :]
        fields = rest.split(" ")
        if len(fields) != 2:
            raise ProofError("signature line is not '— name signature'")
        name, blob_b64 = fields
        check_key_name(name)
        blob = _b64decode(blob_b64, "signature")
        if len(blob) < 5:
            raise ProofError(f"signature by {name!r} is too short ({len(blob)} bytes)")
        return cls(name, blob[:4], blob[4:])


def sign_note(text: str, signers: Sequence[Signer]) -> str:
    """Sign ``text`` with each signer; return the signed note.

    The note is ``text + "\\n"`` followed by one line ``— name base64(key ID || sig)\\n``
    per signer, in order. Spec: signed-note, "Format" and "Ed25519 signatures".

    Args:
        text: the note text: valid UTF-8, ends with a newline, no ASCII control characters
            other than newline (blank lines inside are allowed).
        signers: at least one :class:`Signer` (or anything with ``name``, ``key_id`` and
            ``sign(bytes) -> bytes``).

    Returns:
        The signed note as a str.

    Raises:
        ProofError: the text breaks a rule or no signer is given.
    """
    _check_text(text)
    if isinstance(signers, Signer) or not signers:
        raise ProofError("sign_note needs a non-empty sequence of signers")
    message = text.encode()
    lines = [
        NoteSignature(s.name, s.key_id, s.sign(message)).to_line() + "\n" for s in signers
    ]
    return text + "\n" + "".join(lines)


def open_note(
    note: str, verifiers: Sequence[NoteVerifier]
) -> tuple[str, list[NoteSignature]]:
    """Parse a signed note and verify it against known keys.

    Spec: signed-note, "Format" and "Signatures". The checklist, each step failing closed:

    1. The note is a str of valid UTF-8 with no control characters other than newline, and
       ends with a newline.
    2. The text is everything up to and including the newline before the note's last blank
       line; after that blank line come 1..:data:`MAX_SIGNATURES` signature lines.
    3. Each line is ``— name base64`` with a valid name and at least 5 decoded bytes.
    4. A line whose (name, key ID) matches a verifier is verified; if it fails, the whole
       note is rejected. A known key may sign only once. Lines from unknown keys (even
       sharing a name or an ID, but not both, with a known key) are ignored.
    5. At least one signature from a known key must have verified.

    Args:
        note: the signed note.
        verifiers: the trusted keys (:class:`Verifier`, ``CosignatureVerifier``, ...).

    Returns:
        ``(text, signatures)``: the note text (ends with a newline) and the verified
        signatures, in note order. Unknown-key signatures are not returned.

    Raises:
        ProofError: the note is malformed, a known key's signature fails, or no known key
            signed it.
    """
    if not isinstance(note, str):
        raise ProofError(f"note must be a str, got {type(note).__name__}")
    _check_chars(note, "note")
    if not note.endswith("\n"):
        raise ProofError("note does not end with a newline")
    split = note.rfind("\n\n")
    if split < 0:
        raise ProofError("note has no blank line before its signatures")
    text = note[: split + 1]
    block = note[split + 2 :]
    if not block:
        raise ProofError("note has no signature lines")
    lines = block[:-1].split("\n")
    if len(lines) > MAX_SIGNATURES:
        raise ProofError(f"note has {len(lines)} signatures, more than {MAX_SIGNATURES}")
    known = _index_verifiers(verifiers)
    message = text.encode()
    seen: set[tuple[str, bytes]] = set()
    verified: list[NoteSignature] = []
    for line in lines:
        sig = NoteSignature.from_line(line)
        verifier = known.get((sig.name, sig.key_id))
        if verifier is None:
            continue
        if (sig.name, sig.key_id) in seen:
            raise ProofError(f"note is signed twice by {sig.name!r} ({sig.key_id.hex()})")
        seen.add((sig.name, sig.key_id))
        if not verifier.verify(message, sig.signature):
            raise ProofError(
                f"signature by {sig.name!r} ({sig.key_id.hex()}) does not verify",
                hint="the note was altered or signed by another key; do not trust it",
            )
        verified.append(sig)
    if not verified:
        raise ProofError(
            "note has no signature from a known key",
            hint="check that the right verifier key is configured",
        )
    return text, verified


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Check an RFC 8032 ed25519 signature; ``False`` on any failure, never raises.

    Args:
        public_key: 32 bytes.
        message: the signed bytes.
        signature: 64 bytes.
    """
    if not isinstance(signature, bytes) or len(signature) != 64:
        return False
    try:
        nacl.signing.VerifyKey(public_key).verify(bytes(message), signature)
    except (nacl.exceptions.CryptoError, ValueError, TypeError):
        return False
    return True


# --- helpers -------------------------------------------------------------------------------


def _index_verifiers(verifiers: Sequence[NoteVerifier]) -> dict[tuple[str, bytes], NoteVerifier]:
    if isinstance(verifiers, (str, bytes)) or not isinstance(verifiers, Sequence):
        raise ProofError("verifiers must be a sequence")
    known: dict[tuple[str, bytes], NoteVerifier] = {}
    for v in verifiers:
        if not isinstance(v, NoteVerifier):
            raise ProofError(f"not a note verifier: {type(v).__name__}")
        key = (v.name, v.key_id)
        if key in known and known[key] != v:
            raise ProofError(f"two different verifiers share name {v.name!r} and key ID {v.key_id.hex()}")
        known[key] = v
    return known


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise ProofError(f"note text must be a str, got {type(text).__name__}")
    if not text.endswith("\n"):
        raise ProofError("note text must end with a newline")
    _check_chars(text, "note text")


def _check_chars(s: str, what: str) -> None:
    for ch in s:
        if ch < " " and ch != "\n":
            raise ProofError(f"{what} contains control character U+{ord(ch):04X}")
    _check_utf8(s, what)


def _check_utf8(s: str, what: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ProofError(f"{what} is not valid UTF-8") from e


def _parse_key_id_hex(kid_hex: str) -> bytes:
    if len(kid_hex) != 8 or not set(kid_hex) <= _HEX:
        raise ProofError(f"key ID {kid_hex!r} is not 8 lowercase hex digits")
    return bytes.fromhex(kid_hex)


def _b64decode(s: str, what: str) -> bytes:
    try:
        raw = base64.b64decode(s.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError) as e:
        raise ProofError(f"{what} is not valid base64") from e
    if base64.b64encode(raw).decode() != s:
        raise ProofError(f"{what} is not canonical base64")
    return raw

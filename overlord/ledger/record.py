"""The signed record: what one stored event's ``state`` column holds, and how it is checked.

A stored event is the eventsourcing row ``(originator_id, originator_version, topic, state)``.
Overlord's ``state`` is a canonical msgpack array::

    [FORMAT, body, prev, key_id, signature]

* ``FORMAT`` -- the integer 1;
* ``body`` -- canonical msgpack bytes of the event's attributes (:mod:`overlord.ledger.codec`);
* ``prev`` -- the 32-byte digest of the previous event of the same stream (32 zero bytes for
  version 1): the hash chain;
* ``key_id`` -- the 4-byte C2SP signed-note key ID of the log key that signed it;
* ``signature`` -- 64 bytes, Ed25519 over ``PAE(PAYLOAD_TYPE, payload)``.

``payload`` is the canonical msgpack array ``[originator_id, version, topic, body, prev]``
rebuilt from the row's own columns, so a flipped byte in any column breaks the signature.
PAE is the DSSE v1 pre-authentication encoding
(https://github.com/secure-systems-lab/dsse/blob/master/protocol.md).

The event's *digest* is ``SHA-256(payload)``; its Merkle leaf hash is
``SHA-256(0x00 || payload)`` (RFC 9162 §2.1.1): the stored record bytes exactly as signed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol
from uuid import UUID

import msgpack

from overlord.errors import EncodingError, LedgerError
from overlord.ledger import codec

PAYLOAD_TYPE = "application/vnd.overlord.event+msgpack"
FORMAT = 1
GENESIS = bytes(32)
KEY_ID_BYTES = 4
SIGNATURE_BYTES = 64


class RecordError(LedgerError):
    """A stored record is malformed or does not verify.

    ``problem`` is a short, stable phrase (``bad signature``, ``unknown key``, ...).
    """

    def __init__(self, problem: str, detail: str = "") -> None:
        super().__init__(f"{problem}: {detail}" if detail else problem)
        self.problem = problem


class RecordSigner(Protocol):
    """Anything that signs records: a 4-byte ``key_id`` and ``sign(message) -> 64 bytes``."""

    @property
    def key_id(self) -> bytes: ...

    def sign(self, message: bytes) -> bytes: ...


class RecordVerifier(Protocol):
    """Checks a signature: ``verify(message, signature) -> bool``; never raises."""

    @property
    def key_id(self) -> bytes: ...

    def verify(self, message: bytes, signature: bytes) -> bool: ...


def pae(payload_type: str, payload: bytes) -> bytes:
    """DSSE v1 pre-authentication encoding of ``payload`` under ``payload_type``."""
    t = payload_type.encode()
    return b"DSSEv1 %d %s %d %s" % (len(t), t, len(payload), payload)


def stream_id_text(originator_id: UUID | str) -> str:
    """The originator id as it goes into signed bytes (hyphenated lowercase UUID)."""
    return str(originator_id)


def payload_bytes(originator_id: UUID | str, version: int, topic: str, body: bytes, prev: bytes) -> bytes:
    """The canonical bytes that are signed and hashed for one event.

    Raises:
        EncodingError: a field of the wrong type.
    """
    oid = stream_id_text(originator_id)
    if type(version) is not int or type(topic) is not str or type(body) is not bytes or type(prev) is not bytes:
        raise EncodingError("payload fields must be (str, int, str, bytes, bytes)")
    packed: bytes = msgpack.packb([oid, version, topic, body, prev], use_bin_type=True)
    return packed


def digest(payload: bytes) -> bytes:
    """The event digest that the next event of the stream names as ``prev``."""
    return hashlib.sha256(payload).digest()


def seal(
    signer: RecordSigner, originator_id: UUID | str, version: int, topic: str, body: bytes, prev: bytes
) -> tuple[bytes, bytes]:
    """Sign one event; returns ``(state, digest)``: the bytes to store and the chain digest."""
    payload = payload_bytes(originator_id, version, topic, body, prev)
    signature = signer.sign(pae(PAYLOAD_TYPE, payload))
    state = codec.encode([FORMAT, body, prev, signer.key_id, signature])
    return state, digest(payload)


@dataclass(frozen=True)
class OpenedRecord:
    """A stored event taken apart (not yet verified): the parts and the rebuilt payload."""

    body: bytes
    prev: bytes
    key_id: bytes
    signature: bytes
    payload: bytes

    @property
    def digest(self) -> bytes:
        """SHA-256 of the payload: the chain link the next event must name."""
        return digest(self.payload)


def open_record(originator_id: UUID | str, version: int, topic: str, state: bytes) -> OpenedRecord:
    """Take a stored row apart.

    Raises:
        RecordError: ``malformed record`` when the state is not a well-formed, canonical
            envelope.
    """
    try:
        parts = msgpack.unpackb(state, raw=False, strict_map_key=True, use_list=True)
    except Exception as e:  # msgpack raises several unrelated types on bad input
        raise RecordError("malformed record", f"state is not msgpack: {e}") from e
    if (
        not isinstance(parts, list)
        or len(parts) != 5
        or parts[0] != FORMAT
        or type(parts[0]) is not int
        or not all(type(p) is bytes for p in parts[1:])
    ):
        raise RecordError("malformed record", "state is not [1, body, prev, key_id, signature]")
    _, body, prev, key_id, signature = parts
    if len(prev) != 32 or len(key_id) != KEY_ID_BYTES or len(signature) != SIGNATURE_BYTES:
        raise RecordError("malformed record", "wrong field length in envelope")
    if msgpack.packb(parts, use_bin_type=True) != state:
        raise RecordError("malformed record", "state is not canonical msgpack")
    if type(version) is not int:
        raise RecordError("malformed record", "version is not an integer")
    try:
        payload = payload_bytes(originator_id, version, topic, body, prev)
    except EncodingError as e:
        raise RecordError("malformed record", str(e)) from e
    return OpenedRecord(body, prev, key_id, signature, payload)


def check_signature(record: OpenedRecord, verifiers: dict[bytes, RecordVerifier]) -> None:
    """Check the record's signature against the trusted verifiers, by key ID.

    Raises:
        RecordError: ``unknown key`` (key ID not trusted) or ``bad signature``.
    """
    verifier = verifiers.get(record.key_id)
    if verifier is None:
        raise RecordError("unknown key", f"signed by key ID {record.key_id.hex()}, which the trust file does not hold")
    if not verifier.verify(pae(PAYLOAD_TYPE, record.payload), record.signature):
        raise RecordError("bad signature", "the signature does not match the stored bytes")

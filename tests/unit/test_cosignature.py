"""C2SP tlog-cosignature v1.0.1 (Ed25519): key IDs, the published cosignature, rejections.

Vectors: tests/vectors/c2sp/vectors.json (C2SP specs and FiloSottile/torchwood; see README).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from overlord.errors import ProofError
from overlord.ledger.checkpoint import Checkpoint, open_checkpoint, sign_checkpoint
from overlord.ledger.cosignature import (
    CosignatureVerifier,
    cosign,
    cosigned_message,
    cosigner_key_id,
    verify_cosignature,
)
from overlord.ledger.note import Signer, Verifier, decode_verifier_key, open_note

C2SP = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "c2sp" / "vectors.json").read_text())
LOG = C2SP["log"]
WITNESS = C2SP["witness"]
TIME = 1679315147
WANT_LINE = WITNESS["cosignature_of_checkpoint_1_at_time_1679315147"]
WITNESS_SIGNER = Signer(WITNESS["name"], bytes.fromhex(WITNESS["ed25519_seed_hex"]))
WITNESS_VERIFIER = CosignatureVerifier.from_key(WITNESS["verifier_key"])
LOG_VERIFIER = Verifier.from_key(LOG["verifier_key"])


def _body(size: str) -> str:
    text, _ = open_note(LOG["checkpoints"][size]["note"], [LOG_VERIFIER])
    return text


# --- keys ----------------------------------------------------------------------------------


def test_witness_verifier_key_is_type_4() -> None:
    name, sig_type, public_key = decode_verifier_key(WITNESS["verifier_key"])
    assert (name, sig_type, public_key.hex()) == (WITNESS["name"], 4, WITNESS["public_key_hex"])
    assert WITNESS_VERIFIER.key_id.hex() == "10a1c019"
    assert WITNESS_VERIFIER.to_key() == WITNESS["verifier_key"]
    assert WITNESS_SIGNER.public_key == WITNESS_VERIFIER.public_key
    assert cosigner_key_id(WITNESS_SIGNER.name, WITNESS_SIGNER.public_key).hex() == "10a1c019"
    assert WITNESS_SIGNER.key_id != WITNESS_VERIFIER.key_id  # type 0x01 differs


def test_key_id_vector_type_1_versus_type_4() -> None:
    (vkey, want), = C2SP["key_ids"].items()
    note_key = Verifier.from_key(vkey)
    assert note_key.key_id.hex() == "7997405c"
    cosigner = CosignatureVerifier.from_note_verifier(note_key)
    assert cosigner.key_id.hex() == want["same_key_as_cosignature_type_4_id"] == "fdd2dbc7"
    assert CosignatureVerifier.from_key(cosigner.to_key()) == cosigner


def test_cosignature_verifier_refuses_a_type_1_key() -> None:
    (vkey, _), = C2SP["key_ids"].items()
    with pytest.raises(ProofError, match="type 0x01"):
        CosignatureVerifier.from_key(vkey)
    with pytest.raises(ProofError, match="does not match"):
        CosignatureVerifier.from_key(WITNESS["verifier_key"].replace("10a1c019", "10a1c01a"))


# --- the published cosignature -------------------------------------------------------------


def test_cosignature_of_checkpoint_1_is_reproduced_byte_for_byte() -> None:
    assert cosign(_body("1"), WITNESS_SIGNER, TIME) == WANT_LINE


def test_cosignature_bytes_layout() -> None:
    blob = base64.b64decode(WANT_LINE.split(" ")[2])
    assert len(blob) == 4 + 8 + 64
    assert blob[:4].hex() == "10a1c019"
    assert int.from_bytes(blob[4:12], "big") == TIME
    message = cosigned_message(_body("1"), TIME)
    assert message.startswith(b"cosignature/v1\ntime 1679315147\nsigsum.org/v1/tree/")
    assert message == b"cosignature/v1\ntime 1679315147\n" + _body("1").encode()


def test_published_cosignature_verifies() -> None:
    assert verify_cosignature(_body("1"), WANT_LINE, WITNESS_VERIFIER) == TIME
    assert verify_cosignature(_body("1"), WANT_LINE + "\n", WITNESS_VERIFIER) == TIME


def test_cosigned_checkpoint_note_opens_with_log_and_witness_keys() -> None:
    note = LOG["checkpoints"]["1"]["note"] + WANT_LINE + "\n"
    cp = open_checkpoint(note, LOG_VERIFIER)  # the cosignature is an unknown key: ignored
    assert cp.size == 1
    text, sigs = open_note(note, [LOG_VERIFIER, WITNESS_VERIFIER])
    assert [s.name for s in sigs] == [LOG["origin"], WITNESS["name"]]
    assert int.from_bytes(sigs[1].signature[:8], "big") == TIME
    _, sigs = open_note(note, [WITNESS_VERIFIER])  # a witness-only policy works too
    assert [s.key_id.hex() for s in sigs] == ["10a1c019"]


# --- rejections ----------------------------------------------------------------------------


def _line_with(blob: bytes, name: str = WITNESS["name"]) -> str:
    return f"\u2014 {name} {base64.b64encode(blob).decode()}"


BLOB = base64.b64decode(WANT_LINE.split(" ")[2])


def test_cosignature_over_another_checkpoint_is_rejected() -> None:
    with pytest.raises(ProofError, match="does not verify"):
        verify_cosignature(_body("3"), WANT_LINE, WITNESS_VERIFIER)


@pytest.mark.parametrize("offset", [4, 11, 12, 40, 75])
def test_flipped_bit_in_cosignature_is_rejected(offset: int) -> None:
    blob = bytearray(BLOB)
    blob[offset] ^= 0x01
    with pytest.raises(ProofError, match="does not verify"):
        verify_cosignature(_body("1"), _line_with(bytes(blob)), WITNESS_VERIFIER)


def test_flipped_bit_in_checkpoint_text_is_rejected() -> None:
    body = _body("1")
    root = LOG["checkpoints"]["1"]["root"]
    changed = body.replace(root, "KgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE=")
    assert changed != body
    with pytest.raises(ProofError, match="does not verify"):
        verify_cosignature(changed, WANT_LINE, WITNESS_VERIFIER)


def test_wrong_witness_key_is_rejected() -> None:
    other = CosignatureVerifier(WITNESS["name"], Signer("x", b"\x02" * 32).public_key)
    with pytest.raises(ProofError, match="key ID"):
        verify_cosignature(_body("1"), WANT_LINE, other)
    renamed = CosignatureVerifier("example.com/other-witness", WITNESS_VERIFIER.public_key)
    with pytest.raises(ProofError, match="want 'example.com/other-witness'"):
        verify_cosignature(_body("1"), WANT_LINE, renamed)


def test_plain_note_signature_is_not_a_cosignature() -> None:
    from overlord.ledger.note import sign_note

    note = sign_note(_body("1"), [WITNESS_SIGNER])
    line = note.rstrip("\n").split("\n")[-1]
    with pytest.raises(ProofError, match="key ID 05828f80") as info:
        verify_cosignature(_body("1"), line, WITNESS_VERIFIER)
    assert info.value.hint is not None and "type 0x01" in info.value.hint


@pytest.mark.parametrize(
    "line, match",
    [
        (_line_with(BLOB[:-1]), "want 72"),
        (_line_with(BLOB + b"\x00"), "want 72"),
        (_line_with(BLOB[:4]), "too short"),
        (WANT_LINE[:-3], "base64"),
        (WANT_LINE.replace("\u2014 ", "-- "), "em dash"),
        (_line_with(BLOB[:4] + b"\xff" * 8 + BLOB[12:]), "outside"),
    ],
)
def test_malformed_cosignature_lines_are_rejected(line: str, match: str) -> None:
    with pytest.raises(ProofError, match=match):
        verify_cosignature(_body("1"), line, WITNESS_VERIFIER)


def test_truncated_checkpoint_text_is_rejected() -> None:
    body = _body("1")
    with pytest.raises(ProofError):
        verify_cosignature(body[:-1], WANT_LINE, WITNESS_VERIFIER)
    with pytest.raises(ProofError, match="at least 3"):
        verify_cosignature(body.split("\n", 1)[0] + "\n", WANT_LINE, WITNESS_VERIFIER)


def test_cosign_refuses_bad_inputs() -> None:
    body = _body("1")
    with pytest.raises(ProofError, match="outside"):
        cosign(body, WITNESS_SIGNER, -1)
    with pytest.raises(ProofError, match="outside"):
        cosign(body, WITNESS_SIGNER, 2**63)
    with pytest.raises(ProofError, match="int"):
        cosign(body, WITNESS_SIGNER, 1679315147.0)  # type: ignore[arg-type]
    with pytest.raises(ProofError):  # a whole signed note is not a checkpoint body
        cosign(LOG["checkpoints"]["1"]["note"], WITNESS_SIGNER, TIME)
    with pytest.raises(ProofError, match="Signer"):
        cosign(body, WITNESS_VERIFIER, TIME)  # type: ignore[arg-type]


def test_open_note_rejects_a_bad_cosignature_by_a_known_witness() -> None:
    blob = bytearray(BLOB)
    blob[20] ^= 0x80
    note = LOG["checkpoints"]["1"]["note"] + _line_with(bytes(blob)) + "\n"
    assert open_checkpoint(note, LOG_VERIFIER).size == 1  # witness unknown: ignored
    with pytest.raises(ProofError, match="does not verify"):
        open_note(note, [LOG_VERIFIER, WITNESS_VERIFIER])


# --- round trip on our own checkpoints -----------------------------------------------------


def test_round_trip_with_extension_lines_and_time_zero() -> None:
    log = Signer("example.com/log", b"\x03" * 32)
    witness = Signer("example.com/w", b"\x04" * 32)
    wv = CosignatureVerifier(witness.name, witness.public_key)
    cp = Checkpoint("example.com/log", 5, bytes(range(32)), ("extension",))
    note = sign_checkpoint(cp, log)
    body, _ = open_note(note, [log.verifier()])
    for t in (0, 1, TIME, 2**63 - 1):
        line = cosign(body, witness, t)
        assert verify_cosignature(body, line, wv) == t
    stripped = Checkpoint(cp.origin, cp.size, cp.root_hash).to_text()
    with pytest.raises(ProofError, match="does not verify"):  # extensions are signed
        verify_cosignature(stripped, cosign(body, witness, TIME), wv)

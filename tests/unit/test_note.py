"""C2SP signed-note: the published example, key IDs, key strings, sign/open, rejections.

Vectors: tests/vectors/c2sp/vectors.json (C2SP specs and FiloSottile/torchwood; see README).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from overlord.errors import ProofError
from overlord.ledger.note import (
    MAX_SIGNATURES,
    NoteSignature,
    Signer,
    Verifier,
    decode_verifier_key,
    encode_verifier_key,
    key_id,
    open_note,
    sign_note,
)

C2SP = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "c2sp" / "vectors.json").read_text())
EXAMPLE = C2SP["signed_note_example"]
EXAMPLE_NOTE = EXAMPLE["text"] + "\n" + EXAMPLE["signature_line"] + "\n"
WITNESS_SEED = bytes.fromhex(C2SP["witness"]["ed25519_seed_hex"])


def _signer(name: str = "example.com/log", fill: int = 7) -> Signer:
    return Signer(name, bytes([fill]) * 32)


# --- the published example -----------------------------------------------------------------


def test_example_note_verifies() -> None:
    verifier = Verifier.from_key(EXAMPLE["verifier_key"])
    assert verifier.name == "example.com/foo"
    assert verifier.key_id.hex() == "530d903a"
    text, sigs = open_note(EXAMPLE_NOTE, [verifier])
    assert text == "This is an example message.\n"
    assert len(sigs) == 1
    assert sigs[0].name == "example.com/foo"
    assert sigs[0].key_id == bytes.fromhex("530d903a")
    assert len(sigs[0].signature) == 64
    assert sigs[0].to_line() == EXAMPLE["signature_line"]


def test_example_verifier_key_round_trips() -> None:
    assert Verifier.from_key(EXAMPLE["verifier_key"]).to_key() == EXAMPLE["verifier_key"]
    log = C2SP["log"]
    verifier = Verifier.from_key(log["verifier_key"])
    assert verifier.public_key.hex() == log["public_key_hex"]
    assert verifier.name == log["origin"]
    assert verifier.to_key() == log["verifier_key"]


def test_example_note_rejects_a_changed_text() -> None:
    verifier = Verifier.from_key(EXAMPLE["verifier_key"])
    with pytest.raises(ProofError, match="does not verify"):
        open_note(EXAMPLE_NOTE.replace("example", "exemple", 1), [verifier])


# --- key IDs -------------------------------------------------------------------------------


def test_key_id_vectors_type_1_and_type_4() -> None:
    (vkey, want), = C2SP["key_ids"].items()
    name, sig_type, public_key = decode_verifier_key(vkey)
    assert (name, sig_type, len(public_key)) == ("TEST", want["type"], 32)
    assert key_id(name, 1, public_key).hex() == "7997405c"
    assert key_id(name, 4, public_key).hex() == want["same_key_as_cosignature_type_4_id"]
    assert Verifier.from_key(vkey).key_id.hex() == "7997405c"


def test_verifier_key_whose_base64_contains_plus_parses() -> None:
    (vkey, _), = C2SP["key_ids"].items()
    assert vkey.count("+") > 2  # the key material itself contains '+'
    assert Verifier.from_key(vkey).to_key() == vkey


@pytest.mark.parametrize(
    "vkey, match",
    [
        ("example.com/foo+530d903a", "form"),
        ("example.com/foo+530d903b+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "does not match"),
        ("example.com/foo+530D903A+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "lowercase hex"),
        ("example.com/foo+530d90+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "lowercase hex"),
        ("example.com/bar+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "does not match"),
        ("+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "empty"),
        ("exa mple+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k", "space"),
        ("example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2", "base64"),
        ("example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k=", "base64"),
    ],
)
def test_malformed_verifier_keys_are_rejected(vkey: str, match: str) -> None:
    with pytest.raises(ProofError, match=match):
        Verifier.from_key(vkey)


def test_verifier_refuses_a_cosignature_type_key() -> None:
    with pytest.raises(ProofError, match="type 0x04"):
        Verifier.from_key(C2SP["witness"]["verifier_key"])


# --- signers -------------------------------------------------------------------------------


def test_signer_key_string_round_trip_and_matches_go_format() -> None:
    signer = Signer("example.com/witness", WITNESS_SEED)
    assert signer.public_key.hex() == C2SP["witness"]["public_key_hex"]
    skey = signer.to_key()
    name, kid, material = skey.removeprefix("PRIVATE+KEY+").split("+", 2)
    assert skey.startswith("PRIVATE+KEY+example.com/witness+")
    assert kid == signer.key_id.hex()
    assert base64.b64decode(material) == b"\x01" + WITNESS_SEED
    again = Signer.from_key(skey)
    assert again.public_key == signer.public_key and again.name == signer.name
    assert signer.verifier().to_key() == encode_verifier_key(signer.name, 1, signer.public_key)
    assert WITNESS_SEED.hex() not in repr(signer)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda k: k.replace("PRIVATE+KEY+", "PUBLIC+KEY+"),
        lambda k: k[:-4] + "AAA=",  # different seed: key ID no longer matches
        lambda k: k.rsplit("+", 1)[0] + "+" + base64.b64encode(b"\x04" + WITNESS_SEED).decode(),
    ],
)
def test_malformed_signer_keys_are_rejected(mangle) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProofError):
        Signer.from_key(mangle(Signer("example.com/witness", WITNESS_SEED).to_key()))


def test_signer_rejects_bad_seed_and_name() -> None:
    with pytest.raises(ProofError, match="32 bytes"):
        Signer("example.com/x", b"\x00" * 31)
    with pytest.raises(ProofError, match=r"\+"):
        Signer("a+b", b"\x00" * 32)


# --- sign and open -------------------------------------------------------------------------


def test_sign_note_layout_and_round_trip() -> None:
    a, b = _signer("example.com/a", 1), _signer("example.com/b", 2)
    text = "line one\n\nline three after a blank line\n"
    note = sign_note(text, [a, b])
    body, sigs_block = note[: len(text)], note[len(text) :]
    assert body == text
    lines = sigs_block.split("\n")
    assert lines[0] == "" and lines[-1] == ""
    assert lines[1].startswith("\u2014 example.com/a ")
    assert lines[2].startswith("\u2014 example.com/b ")
    got_text, sigs = open_note(note, [a.verifier(), b.verifier()])
    assert got_text == text
    assert [s.name for s in sigs] == ["example.com/a", "example.com/b"]
    got_text, sigs = open_note(note, [b.verifier()])
    assert [s.name for s in sigs] == ["example.com/b"]


def test_signing_is_deterministic_and_verifiable_with_nacl() -> None:
    signer = _signer()
    note = sign_note("hello\n", [signer])
    assert note == sign_note("hello\n", [signer])
    sig = NoteSignature.from_line(note.split("\n")[2])
    assert sig.key_id == signer.key_id
    assert signer.verifier().verify(b"hello\n", sig.signature)


def test_unknown_key_signatures_are_ignored() -> None:
    log, stranger = _signer("example.com/log", 1), _signer("example.com/stranger", 2)
    same_name_other_key = _signer("example.com/log", 3)
    note = sign_note("text\n", [stranger, same_name_other_key, log])
    _, sigs = open_note(note, [log.verifier()])
    assert [(s.name, s.key_id) for s in sigs] == [("example.com/log", log.key_id)]


def test_note_with_only_unknown_signatures_is_rejected() -> None:
    note = sign_note("text\n", [_signer("example.com/stranger")])
    with pytest.raises(ProofError, match="no signature from a known key"):
        open_note(note, [_signer("example.com/log").verifier()])
    with pytest.raises(ProofError, match="no signature from a known key"):
        open_note(note, [])


def test_bad_signature_by_a_known_key_rejects_the_whole_note() -> None:
    good, other = _signer("example.com/a", 1), _signer("example.com/b", 2)
    note = sign_note("text\n", [good, other])
    lines = note.split("\n")
    blob = bytearray(base64.b64decode(lines[3].split(" ")[2]))
    blob[10] ^= 0x01  # flip one bit of b's signature
    lines[3] = f"\u2014 example.com/b {base64.b64encode(bytes(blob)).decode()}"
    tampered = "\n".join(lines)
    assert open_note(tampered, [good.verifier()])[0] == "text\n"  # b unknown: ignored
    with pytest.raises(ProofError, match="example.com/b.*does not verify"):
        open_note(tampered, [good.verifier(), other.verifier()])


def test_wrong_key_with_same_name_and_id_is_rejected() -> None:
    real = _signer("example.com/log", 1)
    note = sign_note("text\n", [real])
    impostor = Verifier("example.com/log", _signer("example.com/log", 2).public_key)

    class SameIdVerifier:  # a key whose ID collides with the real one
        name = impostor.name
        key_id = real.key_id

        def verify(self, message: bytes, signature: bytes) -> bool:
            return impostor.verify(message, signature)

    with pytest.raises(ProofError, match="does not verify"):
        open_note(note, [SameIdVerifier()])


def test_flipped_bit_in_text_is_rejected() -> None:
    signer = _signer()
    note = sign_note("size 42\n", [signer])
    with pytest.raises(ProofError, match="does not verify"):
        open_note(note.replace("42", "43"), [signer.verifier()])


def test_duplicate_signature_by_a_known_key_is_rejected() -> None:
    signer = _signer()
    note = sign_note("text\n", [signer])
    line = note.split("\n")[2]
    with pytest.raises(ProofError, match="twice"):
        open_note(note + line + "\n", [signer.verifier()])


@pytest.mark.parametrize(
    "mangle, match",
    [
        (lambda n: n[:-1], "newline"),  # truncated: final newline gone
        (lambda n: n[: n.index("\u2014")], "no signature lines"),  # signatures cut off
        (lambda n: n.replace("\n\n", "\n"), "blank line"),
        (lambda n: n[:-20] + "\n", "base64"),  # truncated signature
        (lambda n: n.replace("\u2014 ", "- "), "em dash"),
        (lambda n: n.replace("\u2014 ", "\u2014"), "em dash"),
        (lambda n: n.replace(" ", "  ", 1), "name signature"),
        (lambda n: n + "\u2014 example.com/log AAAA\n", "too short"),
        (lambda n: "te\rxt\n" + n[5:], "control character"),
        (lambda n: n.replace("text", "te\x00t"), "control character"),
        (lambda n: n + "\n", "no signature lines"),
    ],
)
def test_malformed_notes_are_rejected(mangle, match: str) -> None:  # type: ignore[no-untyped-def]
    signer = _signer()
    note = sign_note("text\n", [signer])
    with pytest.raises(ProofError, match=match):
        open_note(mangle(note), [signer.verifier()])


def test_open_note_rejects_non_str_and_too_many_signatures() -> None:
    signer = _signer()
    with pytest.raises(ProofError, match="str"):
        open_note(sign_note("text\n", [signer]).encode(), [signer.verifier()])  # type: ignore[arg-type]
    strangers = [_signer(f"example.com/s{i}", 9) for i in range(MAX_SIGNATURES)]
    with pytest.raises(ProofError, match="more than"):
        open_note(sign_note("text\n", [*strangers, signer]), [signer.verifier()])


def test_sixteen_signatures_are_accepted() -> None:
    signers = [_signer(f"example.com/s{i}", i) for i in range(16)]
    _, sigs = open_note(sign_note("text\n", signers), [s.verifier() for s in signers])
    assert len(sigs) == 16


@pytest.mark.parametrize(
    "text, match",
    [
        ("no newline", "end with a newline"),
        ("", "end with a newline"),
        ("tab\there\n", "control character"),
        ("bad \ud800 utf8\n", "UTF-8"),
        (b"bytes\n", "str"),
    ],
)
def test_sign_note_refuses_bad_text(text: str, match: str) -> None:
    with pytest.raises(ProofError, match=match):
        sign_note(text, [_signer()])


def test_sign_note_needs_signers() -> None:
    with pytest.raises(ProofError, match="signers"):
        sign_note("text\n", [])
    with pytest.raises(ProofError, match="signers"):
        sign_note("text\n", _signer())  # type: ignore[arg-type]


def test_text_may_contain_blank_lines_and_signature_like_lines() -> None:
    signer = _signer()
    text = "a\n\n\u2014 example.com/log AAAAAAAA\n\nz\n"
    got, _ = open_note(sign_note(text, [signer]), [signer.verifier()])
    assert got == text
    got, _ = open_note(sign_note("\n", [signer]), [signer.verifier()])
    assert got == "\n"

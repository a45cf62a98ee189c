"""C2SP tlog-checkpoint: strict text format, signing, and the sigsum log's checkpoints.

Vectors: tests/vectors/c2sp/vectors.json (C2SP specs and FiloSottile/torchwood; see README).
"""

from __future__ import annotations

import base64
import dataclasses
import json
from pathlib import Path

import pytest

from overlord.errors import ProofError
from overlord.ledger.checkpoint import Checkpoint, open_checkpoint, sign_checkpoint
from overlord.ledger.merkle import EMPTY_ROOT, root_from_leaf_hashes, verify_consistency
from overlord.ledger.note import Signer, Verifier, open_note

C2SP = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "c2sp" / "vectors.json").read_text())
LOG = C2SP["log"]
LOG_VERIFIER = Verifier.from_key(LOG["verifier_key"])
ROOT = bytes(range(32))
ROOT_B64 = base64.b64encode(ROOT).decode()


@pytest.mark.parametrize("size", ["1", "3", "5"])
def test_sigsum_checkpoints_verify_and_match_the_merkle_roots(size: str) -> None:
    vec = LOG["checkpoints"][size]
    cp = open_checkpoint(vec["note"], LOG_VERIFIER, origin=LOG["origin"])
    assert cp.origin == LOG["origin"]
    assert cp.size == int(size)
    assert cp.root_hash == base64.b64decode(vec["root"])
    assert cp.extensions == ()
    leaves = [bytes([42, i]) + bytes(30) for i in range(cp.size)]
    assert root_from_leaf_hashes(leaves) == cp.root_hash
    text, _ = open_note(vec["note"], [LOG_VERIFIER])
    assert cp.to_text() == text
    assert Checkpoint.from_text(text) == cp


def test_sigsum_checkpoints_are_consistent_by_the_published_proofs() -> None:
    cps = {k: open_checkpoint(v["note"], LOG_VERIFIER) for k, v in LOG["checkpoints"].items()}
    for span, proof_b64 in LOG["consistency_proofs"].items():
        old, new = span.split("->")
        proof = [base64.b64decode(p) for p in proof_b64]
        verify_consistency(cps[old].size, cps[new].size, cps[old].root_hash, cps[new].root_hash, proof)
        with pytest.raises(ProofError):  # the 3->5 proof does not fit 1->5 and so on
            verify_consistency(cps[old].size, cps[new].size, cps[old].root_hash, cps[new].root_hash, proof[1:])


def test_sigsum_checkpoint_rejects_wrong_key_and_origin() -> None:
    note = LOG["checkpoints"]["3"]["note"]
    with pytest.raises(ProofError, match="no signature from a known key"):
        open_checkpoint(note, Signer("example.com/other", b"\x01" * 32).verifier())
    with pytest.raises(ProofError, match="want 'example.com/log'"):
        open_checkpoint(note, LOG_VERIFIER, origin="example.com/log")


def test_sigsum_checkpoint_rejects_changed_size_and_root() -> None:
    note = LOG["checkpoints"]["3"]["note"]
    with pytest.raises(ProofError, match="does not verify"):
        open_checkpoint(note.replace("\n3\n", "\n4\n", 1), LOG_VERIFIER)
    root = LOG["checkpoints"]["3"]["root"]
    flipped = base64.b64encode(bytes([base64.b64decode(root)[0] ^ 1]) + base64.b64decode(root)[1:]).decode()
    with pytest.raises(ProofError, match="does not verify"):
        open_checkpoint(note.replace(root, flipped), LOG_VERIFIER)


def test_sigsum_checkpoint_truncated_note_is_rejected() -> None:
    note = LOG["checkpoints"]["1"]["note"]
    for cut in (1, 10, len(note) // 2, len(note) - 1):
        with pytest.raises(ProofError):
            open_checkpoint(note[:cut], LOG_VERIFIER)


# --- text format ---------------------------------------------------------------------------


def test_to_text_layout() -> None:
    cp = Checkpoint("example.com/log42", 20852163, ROOT)
    assert cp.to_text() == f"example.com/log42\n20852163\n{ROOT_B64}\n"
    with_ext = dataclasses.replace(cp, extensions=("ext one", "ext two"))
    assert with_ext.to_text() == f"example.com/log42\n20852163\n{ROOT_B64}\next one\next two\n"
    assert Checkpoint.from_text(with_ext.to_text()) == with_ext


def test_empty_tree_checkpoint() -> None:
    cp = Checkpoint("example.com/log", 0, EMPTY_ROOT)
    assert cp.to_text().split("\n")[1:3] == ["0", C2SP["empty_tree_root"]]
    assert Checkpoint.from_text(cp.to_text()) == cp


@pytest.mark.parametrize(
    "text, match",
    [
        (f"o\n1\n{ROOT_B64}", "newline"),
        (f"o\n1\n{ROOT_B64}\n\n", "line 4 is empty"),
        (f"o\n1\n{ROOT_B64}\n\next\n", "line 4 is empty"),
        (f"\n1\n{ROOT_B64}\n", "line 1 is empty"),
        ("o\n1\n", "at least 3"),
        (f"o\n01\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n00\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n-1\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n+1\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n 1\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n1.0\n{ROOT_B64}\n", "leading zeros"),
        (f"o\n\u0661\n{ROOT_B64}\n", "leading zeros"),  # Arabic-Indic digit one
        (f"o\n{2**64}\n{ROOT_B64}\n", "64 bits"),
        ("o\n1\nAAAA\n", "3 bytes"),
        (f"o\n1\n{base64.b64encode(bytes(33)).decode()}\n", "33 bytes"),
        (f"o\n1\n{ROOT_B64.rstrip('=')}\n", "base64"),
        (f"o\n1\n{ROOT_B64[:-2]}9=\n", "canonical"),
        (f"o\n1\n{base64.urlsafe_b64encode(bytes([0xFB]) * 32).decode()}\n", "base64"),
        ("o\r\n1\n" + ROOT_B64 + "\n", "control"),
    ],
)
def test_from_text_is_strict(text: str, match: str) -> None:
    with pytest.raises(ProofError, match=match):
        Checkpoint.from_text(text)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"origin": ""}, "origin is empty"),
        ({"origin": "a\nb"}, "newline"),
        ({"size": -1}, "outside"),
        ({"size": 2**64}, "outside"),
        ({"size": True}, "int"),
        ({"root_hash": bytes(31)}, "32 bytes"),
        ({"root_hash": ROOT_B64}, "32 bytes"),
        ({"extensions": ["x"]}, "tuple"),
        ({"extensions": ("",)}, "extension line 1 is empty"),
        ({"extensions": ("a\nb",)}, "newline"),
    ],
)
def test_constructor_validates(kwargs: dict, match: str) -> None:
    fields = {"origin": "example.com/log", "size": 1, "root_hash": ROOT, **kwargs}
    with pytest.raises(ProofError, match=match):
        Checkpoint(**fields)


def test_checkpoint_is_frozen() -> None:
    cp = Checkpoint("example.com/log", 1, ROOT)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cp.size = 2  # type: ignore[misc]


# --- signing -------------------------------------------------------------------------------


def test_sign_and_open_checkpoint_round_trip() -> None:
    signer = Signer("example.com/log", b"\x05" * 32)
    cp = Checkpoint("example.com/log", 8, ROOT, ("ext",))
    note = sign_checkpoint(cp, signer)
    assert note.startswith(cp.to_text() + "\n\u2014 example.com/log ")
    assert open_checkpoint(note, signer.verifier(), origin="example.com/log") == cp


def test_sign_checkpoint_needs_a_checkpoint() -> None:
    with pytest.raises(ProofError, match="Checkpoint"):
        sign_checkpoint("example.com/log\n1\n" + ROOT_B64 + "\n", Signer("a", bytes(32)))  # type: ignore[arg-type]


def test_open_checkpoint_rejects_a_signed_non_checkpoint() -> None:
    signer = Signer("example.com/log", b"\x05" * 32)
    from overlord.ledger.note import sign_note

    note = sign_note("example.com/log\n007\n" + ROOT_B64 + "\n", [signer])
    with pytest.raises(ProofError, match="leading zeros"):
        open_checkpoint(note, signer.verifier())

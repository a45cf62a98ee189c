"""RFC 6962 / RFC 9162 Merkle hashing and proofs, checked against the published vectors.

Vectors: tests/vectors/rfc9162 (transparency-dev/merkle, Apache-2.0; see its README) and the
sigsum log in tests/vectors/c2sp/vectors.json.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overlord.errors import ProofError
from overlord.ledger.merkle import (
    EMPTY_ROOT,
    CompactRange,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    root_from_leaf_hashes,
    verify_consistency,
    verify_inclusion,
)

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
RFC = VECTORS / "rfc9162"
ROOTS = json.loads((RFC / "roots.json").read_text())
LEAVES = [leaf_hash(bytes.fromhex(x)) for x in ROOTS["leaf_inputs_hex"]]
C2SP = json.loads((VECTORS / "c2sp" / "vectors.json").read_text())


def _b64(s: str) -> bytes:
    return base64.b64decode(s)


def _cases(kind: str) -> list[Path]:
    return sorted((RFC / "testdata" / kind).rglob("*.json"))


def _case_id(path: Path) -> str:
    return str(path.relative_to(RFC / "testdata"))


INCLUSION = _cases("inclusion")
CONSISTENCY = _cases("consistency")


def test_vector_sets_are_present() -> None:
    assert len(INCLUSION) == 98
    assert len(CONSISTENCY) == 98


# --- hashing -------------------------------------------------------------------------------


def test_leaf_and_node_hash_domain_separation() -> None:
    assert leaf_hash(b"") == hashlib.sha256(b"\x00").digest()
    assert leaf_hash(b"").hex() == ROOTS["root_by_tree_size_hex"][1]
    a, b = leaf_hash(b"a"), leaf_hash(b"b")
    assert node_hash(a, b) == hashlib.sha256(b"\x01" + a + b).digest()
    assert node_hash(a, b) != node_hash(b, a)


def test_empty_root_is_sha256_of_nothing() -> None:
    assert EMPTY_ROOT.hex() == ROOTS["root_by_tree_size_hex"][0]
    assert root_from_leaf_hashes([]) == EMPTY_ROOT
    assert base64.b64encode(EMPTY_ROOT).decode() == C2SP["empty_tree_root"]


@pytest.mark.parametrize("size", range(9))
def test_roots_by_tree_size(size: int) -> None:
    want = ROOTS["root_by_tree_size_hex"][size]
    assert root_from_leaf_hashes(LEAVES[:size]).hex() == want
    rng = CompactRange()
    rng.extend(LEAVES[:size])
    assert rng.size == size
    assert rng.root().hex() == want


def test_node_hash_rejects_wrong_lengths() -> None:
    with pytest.raises(ProofError, match="31 bytes"):
        node_hash(b"\x00" * 31, LEAVES[0])
    with pytest.raises(ProofError, match="must be bytes"):
        node_hash(LEAVES[0], "x" * 32)  # type: ignore[arg-type]


def test_root_rejects_malformed_leaf_hashes() -> None:
    with pytest.raises(ProofError, match="leaf hash 1"):
        root_from_leaf_hashes([LEAVES[0], b"short"])
    with pytest.raises(ProofError, match="sequence"):
        root_from_leaf_hashes(b"\x00" * 64)  # type: ignore[arg-type]


# --- the transparency-dev vectors ----------------------------------------------------------


@pytest.mark.parametrize("path", INCLUSION, ids=_case_id)
def test_inclusion_vectors(path: Path) -> None:
    case = json.loads(path.read_text())
    args = (
        _b64(case["leafHash"]),
        case["leafIdx"],
        case["treeSize"],
        [_b64(p) for p in case["proof"] or []],
        _b64(case["root"]),
    )
    if case["wantErr"]:
        with pytest.raises(ProofError):
            verify_inclusion(*args)
    else:
        verify_inclusion(*args)


@pytest.mark.parametrize("path", CONSISTENCY, ids=_case_id)
def test_consistency_vectors(path: Path) -> None:
    case = json.loads(path.read_text())
    args = (
        case["size1"],
        case["size2"],
        _b64(case["root1"]),
        _b64(case["root2"]),
        [_b64(p) for p in case["proof"] or []],
    )
    if case["wantErr"]:
        with pytest.raises(ProofError):
            verify_consistency(*args)
    else:
        verify_consistency(*args)


def _happy(kind: str) -> list[dict]:
    return [
        json.loads(p.read_text())
        for p in _cases(kind)
        if p.name == "happy-path.json" and not json.loads(p.read_text())["wantErr"]
    ]


@pytest.mark.parametrize("case", _happy("inclusion"), ids=lambda c: f"{c['leafIdx']}of{c['treeSize']}")
def test_generated_inclusion_proofs_match_vectors(case: dict) -> None:
    size, index = case["treeSize"], case["leafIdx"]
    assert LEAVES[index] == _b64(case["leafHash"])
    assert root_from_leaf_hashes(LEAVES[:size]) == _b64(case["root"])
    assert inclusion_proof(LEAVES, index, size) == [_b64(p) for p in case["proof"] or []]


@pytest.mark.parametrize("case", _happy("consistency"), ids=lambda c: f"{c['size1']}to{c['size2']}")
def test_generated_consistency_proofs_match_vectors(case: dict) -> None:
    old, new = case["size1"], case["size2"]
    assert root_from_leaf_hashes(LEAVES[:old]) == _b64(case["root1"])
    assert root_from_leaf_hashes(LEAVES[:new]) == _b64(case["root2"])
    assert consistency_proof(LEAVES, old, new) == [_b64(p) for p in case["proof"] or []]


def test_every_proof_for_sizes_up_to_8_verifies() -> None:
    roots = [bytes.fromhex(h) for h in ROOTS["root_by_tree_size_hex"]]
    for size in range(1, 9):
        for index in range(size):
            verify_inclusion(LEAVES[index], index, size, inclusion_proof(LEAVES, index, size), roots[size])
        for old in range(1, size + 1):
            verify_consistency(old, size, roots[old], roots[size], consistency_proof(LEAVES, old, size))


# --- the sigsum log in the C2SP vectors ----------------------------------------------------


def _sigsum_leaf(i: int) -> bytes:
    return bytes([42, i]) + bytes(30)  # "leaf_hash_i": [42, i, 0 x 30]


SIGSUM = [_sigsum_leaf(i) for i in range(5)]


@pytest.mark.parametrize("size", ["1", "3", "5"])
def test_sigsum_roots(size: str) -> None:
    want = _b64(C2SP["log"]["checkpoints"][size]["root"])
    assert root_from_leaf_hashes(SIGSUM[: int(size)]) == want
    rng = CompactRange()
    rng.extend(SIGSUM[: int(size)])
    assert rng.root() == want


@pytest.mark.parametrize("span", ["1->3", "1->5", "3->5"])
def test_sigsum_consistency_proofs(span: str) -> None:
    old, new = (int(x) for x in span.split("->"))
    want = [_b64(p) for p in C2SP["log"]["consistency_proofs"][span]]
    assert consistency_proof(SIGSUM, old, new) == want
    roots = C2SP["log"]["checkpoints"]
    verify_consistency(old, new, _b64(roots[str(old)]["root"]), _b64(roots[str(new)]["root"]), want)


# --- negative tests ------------------------------------------------------------------------


def _flip(h: bytes, bit: int = 0) -> bytes:
    return bytes([h[0] ^ (1 << bit)]) + h[1:]


def test_inclusion_rejects_flipped_bits_everywhere() -> None:
    size, index = 7, 3
    root = root_from_leaf_hashes(LEAVES[:size])
    proof = inclusion_proof(LEAVES, index, size)
    verify_inclusion(LEAVES[index], index, size, proof, root)
    with pytest.raises(ProofError, match="does not lead"):
        verify_inclusion(_flip(LEAVES[index]), index, size, proof, root)
    with pytest.raises(ProofError, match="does not lead"):
        verify_inclusion(LEAVES[index], index, size, proof, _flip(root, 7))
    for i in range(len(proof)):
        bad = list(proof)
        bad[i] = _flip(bad[i], 3)
        with pytest.raises(ProofError):
            verify_inclusion(LEAVES[index], index, size, bad, root)
    with pytest.raises(ProofError):  # right proof, wrong position
        verify_inclusion(LEAVES[index], index + 1, size, proof, root)


def test_consistency_rejects_flipped_bits_everywhere() -> None:
    old, new = 3, 7
    r1, r2 = root_from_leaf_hashes(LEAVES[:old]), root_from_leaf_hashes(LEAVES[:new])
    proof = consistency_proof(LEAVES, old, new)
    verify_consistency(old, new, r1, r2, proof)
    with pytest.raises(ProofError, match="old root"):
        verify_consistency(old, new, _flip(r1), r2, proof)
    with pytest.raises(ProofError, match="new root"):
        verify_consistency(old, new, r1, _flip(r2), proof)
    for i in range(len(proof)):
        bad = list(proof)
        bad[i] = _flip(bad[i], 5)
        with pytest.raises(ProofError):
            verify_consistency(old, new, r1, r2, bad)
    with pytest.raises(ProofError, match="too short"):
        verify_consistency(old, new, r1, r2, proof[:-1])
    with pytest.raises(ProofError, match="too many"):
        verify_consistency(old, new, r1, r2, [*proof, LEAVES[0]])


@pytest.mark.parametrize(
    "args",
    [
        (None, 0, 1, [], EMPTY_ROOT),
        (LEAVES[0], -1, 1, [], EMPTY_ROOT),
        (LEAVES[0], 0, 0, [], EMPTY_ROOT),
        (LEAVES[0], 1, 1, [], EMPTY_ROOT),
        (LEAVES[0], True, 2, [LEAVES[1]], EMPTY_ROOT),
        (LEAVES[0], 0, 2**64, [], EMPTY_ROOT),
        (LEAVES[0], 0, 1.0, [], EMPTY_ROOT),
        (LEAVES[0], 0, 2, None, EMPTY_ROOT),
        (LEAVES[0], 0, 2, b"\x00" * 32, EMPTY_ROOT),
        (LEAVES[0], 0, 2, ["ab" * 16], EMPTY_ROOT),
        (LEAVES[0], 0, 2, [LEAVES[1]], None),
        (bytearray(LEAVES[0]), 0, 1, [], LEAVES[0]),
    ],
)
def test_inclusion_malformed_inputs_fail_closed(args: tuple) -> None:
    with pytest.raises(ProofError):
        verify_inclusion(*args)


@pytest.mark.parametrize(
    "args",
    [
        (1, 2, None, EMPTY_ROOT, [LEAVES[1]]),
        (1, 2, LEAVES[0], EMPTY_ROOT, None),
        (1, 2, LEAVES[0], EMPTY_ROOT, [None]),
        (-1, 2, LEAVES[0], EMPTY_ROOT, [LEAVES[1]]),
        (1, "2", LEAVES[0], EMPTY_ROOT, [LEAVES[1]]),
        (0, 3, EMPTY_ROOT, EMPTY_ROOT, []),
        (2, 2, LEAVES[0], LEAVES[0], [LEAVES[1]]),
    ],
)
def test_consistency_malformed_inputs_fail_closed(args: tuple) -> None:
    with pytest.raises(ProofError):
        verify_consistency(*args)


def test_proof_generation_rejects_bad_ranges() -> None:
    with pytest.raises(ProofError, match="outside"):
        inclusion_proof(LEAVES, 8, 8)
    with pytest.raises(ProofError, match="exceeds"):
        inclusion_proof(LEAVES, 0, 9)
    with pytest.raises(ProofError, match="empty tree"):
        consistency_proof(LEAVES, 0, 3)
    with pytest.raises(ProofError, match="larger"):
        consistency_proof(LEAVES, 4, 3)
    with pytest.raises(ProofError, match="exceeds"):
        consistency_proof(LEAVES, 1, 9)
    assert consistency_proof(LEAVES, 5, 5) == []
    with pytest.raises(ProofError, match="sequence"):
        inclusion_proof(None, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(ProofError, match="sequence"):
        consistency_proof(iter(LEAVES), 1, 2)  # type: ignore[arg-type]
    with pytest.raises(ProofError, match="sequence"):
        CompactRange().extend(None)  # type: ignore[arg-type]


# --- the compact range ---------------------------------------------------------------------


def test_compact_range_keeps_log_n_hashes_and_resumes() -> None:
    rng = CompactRange()
    assert rng.root() == EMPTY_ROOT and rng.size == 0 and rng.hashes == ()
    for i in range(1, 1000):
        rng.append(leaf_hash(i.to_bytes(4, "big")))
        assert len(rng.hashes) == i.bit_count()
    resumed = CompactRange.from_state(rng.size, rng.hashes)
    extra = [leaf_hash(b"more %d" % i) for i in range(37)]
    rng.extend(extra)
    resumed.extend(extra)
    assert resumed.root() == rng.root()
    all_leaves = [leaf_hash(i.to_bytes(4, "big")) for i in range(1, 1000)] + extra
    assert rng.root() == root_from_leaf_hashes(all_leaves)


def test_compact_range_rejects_bad_state() -> None:
    with pytest.raises(ProofError, match="frontier hashes"):
        CompactRange.from_state(3, [LEAVES[0]])
    with pytest.raises(ProofError):
        CompactRange.from_state(-1, [])
    with pytest.raises(ProofError, match="32"):
        CompactRange().append(b"\x00")


# --- properties ----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 300).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(1, n))))
def test_generated_proofs_always_verify(sizes: tuple[int, int, int]) -> None:
    n, index, old = sizes
    leaves = [leaf_hash(i.to_bytes(2, "big")) for i in range(n)]
    root = root_from_leaf_hashes(leaves)
    rng = CompactRange()
    rng.extend(leaves)
    assert rng.root() == root
    verify_inclusion(leaves[index], index, n, inclusion_proof(leaves, index, n), root)
    old_root = root_from_leaf_hashes(leaves[:old])
    verify_consistency(old, n, old_root, root, consistency_proof(leaves, old, n))


@pytest.mark.slow
def test_root_of_a_million_leaves_is_fast() -> None:
    import time

    leaves = [hashlib.sha256(i.to_bytes(4, "big")).digest() for i in range(1_000_000)]
    start = time.perf_counter()
    root = root_from_leaf_hashes(leaves)
    elapsed = time.perf_counter() - start
    rng = CompactRange()
    rng.extend(leaves)
    assert rng.root() == root
    assert elapsed < 10.0

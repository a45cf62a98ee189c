"""Issue 12 item 3: an export is read by a checked, typed reader. A malformed file is
"not an Overlord export" (exit 2, nothing verified); exit 1 is kept for a well-formed export
whose events fail verification. Nested values are walked without recursion."""

from __future__ import annotations

import copy
import subprocess

import msgpack
import pytest

from overlord.errors import EncodingError
from overlord.ledger import codec
from overlord.ledger.export import NotAnExportError, parse_export, write_export
from tests.conftest import overlord_cmd
from tests.ledger.conftest import StepClock, add_runs


@pytest.fixture
def exported(make_home, tmp_path):
    session = make_home("sqlite")
    add_runs(session, StepClock(), n=2)
    path = tmp_path / "x.export"
    write_export(session, path)
    return path, msgpack.unpackb(path.read_bytes(), raw=False)


def _nested(depth: int) -> object:
    v: object = 0
    for _ in range(depth):
        v = [v]
    return v


MUTATIONS = {
    "events[0] state": lambda d: d["events"][0].__setitem__(5, 2**33),
    "events[0] position": lambda d: d["events"][0].__setitem__(0, _nested(990)),
    "events[0] version": lambda d: d["events"][0].__setitem__(3, 2**64 - 1),
    "events[0] notification id": lambda d: d["events"][0].__setitem__(1, 0),
    "events[0] stream": lambda d: d["events"][0].__setitem__(2, "x" * 1000),
    "events[0] topic": lambda d: d["events"][0].__setitem__(4, b"topic"),
    "trust[0]": lambda d: d.__setitem__("trust", [1, 2]),
    "pinned": lambda d: d.__setitem__("pinned", 7),
    "origin": lambda d: d.__setitem__("origin", ""),
    "blobs[": lambda d: d["blobs"].__setitem__("zz", b""),
}


@pytest.mark.parametrize("field", list(MUTATIONS))
def test_each_field_is_checked_and_named(exported, field) -> None:
    _, doc = exported
    bad = copy.deepcopy(doc)
    MUTATIONS[field](bad)
    with pytest.raises(NotAnExportError) as e:
        parse_export(msgpack.packb(bad, use_bin_type=True), source="x")
    assert e.value.message.startswith(f"x is not an Overlord export: {field}")


def test_the_untouched_export_parses(exported) -> None:
    path, doc = exported
    ex = parse_export(path.read_bytes())
    assert len(ex.rows) == len(doc["events"]) == 8 and ex.origin == doc["origin"] and ex.pinned == doc["pinned"]


def test_a_well_formed_export_that_fails_verification_exits_1(exported, tmp_path) -> None:
    _, doc = exported
    bad = copy.deepcopy(doc)
    state = bytearray(bad["events"][1][5])
    state[20] ^= 1
    bad["events"][1][5] = bytes(state)
    (tmp_path / "bad.export").write_bytes(msgpack.packb(bad, use_bin_type=True))
    r = subprocess.run([*overlord_cmd(), "verify", "--file", str(tmp_path / "bad.export")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.startswith("FAILED:") and "position 1" in r.stderr, r.stderr


def test_signed_values_nest_to_the_limit_without_recursion() -> None:
    deep = _nested(codec.MAX_DEPTH - 1)
    data = codec.encode({"a": deep})
    assert codec.encode(codec.decode_canonical(data)) == data  # (== on the values would recurse)
    with pytest.raises(EncodingError, match="nested more than"):
        codec.encode([[deep]])
    with pytest.raises(EncodingError, match="float"):
        codec.decode(b"\x91" * 990 + b"\xca\x00\x00\x00\x00")  # 990 arrays around a float


def test_a_blob_that_does_not_match_its_address_fails_verification(exported, tmp_path) -> None:
    """An export holding a blob whose bytes do not hash to its name said "verified" when no
    event named it: every blob of an export is checked, and the first bad one named."""
    _, doc = exported
    bad = copy.deepcopy(doc)
    bad["blobs"]["a" * 64] = b"not what a...a names"
    (tmp_path / "bad.export").write_bytes(msgpack.packb(bad, use_bin_type=True))
    r = subprocess.run([*overlord_cmd(), "verify", "--file", str(tmp_path / "bad.export")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.startswith("FAILED: blob altered") and "a" * 64 in r.stderr, r.stderr


def test_the_streamed_export_is_the_canonical_encoding_of_its_document(exported) -> None:
    path, doc = exported
    assert doc["blobs"] and path.read_bytes() == codec.encode(doc)
    ex = parse_export(path.read_bytes())
    assert ex.blob_digests == {n: __import__("hashlib").sha256(b).hexdigest() for n, b in doc["blobs"].items()}


def test_export_and_verify_file_memory_stays_flat_whatever_the_blobs(tmp_path) -> None:
    """A 369 MB ledger's export peaked at 1.1 GB: export and verify --file now stream, so a
    96 MiB blob costs them no more than a few MiB over an export with only small blobs."""
    import os

    from tests.hostile.conftest import run_measured

    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    peaks = {}
    for label, size in (("small", 1 << 10), ("large", 96 << 20)):
        env["OVERLORD_HOME"] = str(tmp_path / label / "home")
        work = tmp_path / label / "work"
        work.mkdir(parents=True)
        for argv in (["init"], ["run", "--", "head", "-c", str(size), "/dev/urandom"]):
            # the command's output goes nowhere: held by this process, its size would be inherited as
            # every later child's peak (Linux keeps the high-water mark across fork and exec)
            subprocess.run([*overlord_cmd(), *argv], env=env, cwd=work, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=120)
        out_file = tmp_path / label / "x.export"
        export = run_measured([*overlord_cmd(), "export", str(out_file)], env=env, cwd=work, hang_s=120)
        verify = run_measured([*overlord_cmd(), "verify", "--file", str(out_file)], env=env, cwd=work, hang_s=120)
        assert export.code == 0 and verify.code == 0 and verify.stdout.startswith("verified"), (export, verify)
        assert out_file.stat().st_size > size
        peaks[label] = (export.max_rss_bytes, verify.max_rss_bytes)
    for i, what in enumerate(("export", "verify --file")):
        grew = peaks["large"][i] - peaks["small"][i]
        assert grew < 16 << 20, f"{what} grew {grew >> 20} MiB for a 96 MiB blob"

"""`checkpoint --witness`'s core: old size, the 409 retry, Cosigned events that verify; tampering caught."""

from __future__ import annotations

import pytest

from overlord.ledger.cosignature import CosignatureVerifier
from overlord.ledger.keys import trusted_keys
from overlord.ledger.session import open_home
from tests.witness.conftest import WITNESS, StepClock, add_run, vector_signer
from witness.client import WitnessClientError, request_cosignatures
from witness.protocol import SIZE_CONTENT_TYPE, WitnessError, add_checkpoint

W = CosignatureVerifier.from_key(WITNESS["verifier_key"])


def _post_to(store, sent):
    def post(url, body):
        sent.append(body.split(b"\n", 1)[0].decode())
        try:
            return 200, "text/plain", add_checkpoint(store, vector_signer(), body, now=1700000000).body()
        except WitnessError as e:
            if e.size is not None:
                return e.status, SIZE_CONTENT_TYPE, b"%d\n" % e.size
            return e.status, "text/plain", e.message.encode()
    return post


def _trust_witness(session) -> None:
    with open(session.home.trust_path, "a") as f:
        f.write(f"witness {W.to_key()}\n")


def test_retry_after_409_then_verify(served) -> None:
    session, store = served.session, served.witness_store
    clock = StepClock()
    note = session.read_pinned()
    # another client already had checkpoint 6 cosigned: the ledger does not know
    add_checkpoint(store, vector_signer(), b"old 0\n\n" + note.encode(), now=1)
    add_run(session, clock, ("more",))
    _, note2 = session.checkpoint(at=clock.now())
    sent: list[str] = []
    kept = request_cosignatures(session, "http://w", note2, [W], at=clock.now(), post=_post_to(store, sent))
    assert sent == ["old 0", "old 6"] and len(kept) == 1
    assert store.get(session.origin).size == 10
    _trust_witness(session)
    again = open_home(session.home.root, writable=False)
    try:
        assert again.verify(workers=1).ok
    finally:
        again.close()


def test_untrusted_witness_is_refused_and_nothing_stored(served) -> None:
    session = served.session
    before = session.ledger.max_notification_id()
    other = CosignatureVerifier("example.com/other", bytes(32))
    with pytest.raises(WitnessClientError, match="trusted witness"):
        request_cosignatures(session, "http://w", session.read_pinned(), [other], at=StepClock().now(),
                             post=_post_to(served.witness_store, []))
    assert session.ledger.max_notification_id() == before


def test_tampered_cosignature_fails_verify(served) -> None:
    session = served.session
    request_cosignatures(session, "http://w", session.read_pinned(), [W], at=StepClock().now(),
                         post=_post_to(served.witness_store, []))
    _trust_witness(session)
    # a forged Cosigned event (signed by the log key, which an attacker may hold): wrong signature bytes
    import uuid

    from witness.client import _checkpoint_stream

    agg = session.ledger.get(_checkpoint_stream(session, session.read_pinned()))
    line = agg.cosignatures[0]
    forged = line[:-6] + ("AAAAA=" if not line.endswith("AAAAA=") else "BBBBB=")
    agg.add_cosignature(witness=W.name, key_id=W.key_id, line=forged, at=StepClock().now())
    session.ledger.append(agg)
    again = open_home(session.home.root, writable=False)
    try:
        report = again.verify(workers=1)
    finally:
        again.close()
    assert not report.ok and "cosignature does not verify" in report.first_failure.problem
    assert report.first_failure.stream == str(agg.id) and report.first_failure.version == 3
    assert isinstance(trusted_keys(again.verifiers).witnesses, dict) and uuid


def test_export_of_a_witnessed_ledger_verifies_with_its_witness_keys(served, tmp_path) -> None:
    """The export carries the trust file's witness lines, so `verify --file` checks the
    cosignatures instead of failing on an unknown witness."""
    from overlord.domain.events import topics_of
    from overlord.ledger.application import AGGREGATES
    from overlord.ledger.checkpoint import Checkpoint
    from overlord.ledger.export import read_export, write_export
    from overlord.ledger.keys import parse_trust
    from overlord.ledger.note import open_note
    from overlord.ledger.verify import verify_log

    session, store = served.session, served.witness_store
    clock = StepClock()
    _, note = session.checkpoint(at=clock.now())
    assert request_cosignatures(session, "http://w", note, [W], at=clock.now(), post=_post_to(store, []))
    _trust_witness(session)
    reopened = open_home(session.home.root, writable=False)
    try:
        write_export(reopened, tmp_path / "x.ovx")
    finally:
        reopened.close()
    exported = read_export(tmp_path / "x.ovx")
    assert any(line.startswith("witness ") for line in exported.trust)
    verifiers = parse_trust("\n".join(exported.trust))

    def open_cp(n):
        text, _ = open_note(n, verifiers)
        cp = Checkpoint.from_text(text)
        return cp.origin, cp.size, cp.root_hash

    report = verify_log(exported.rows, trusted=trusted_keys(verifiers), origin=exported.origin,
                        known_topics=topics_of(*AGGREGATES), check_blob=exported.check_blob,
                        open_checkpoint=open_cp, pinned_note=exported.pinned, workers=1)
    assert report.ok, report.summary()


def _slow_server(answer: bytes, *, trickle_from: int):
    """A server on a free port that sends ``answer``'s first ``trickle_from`` bytes at once,
    then one byte every 0.2 s (a witness, or anything at its URL, that answers slowly)."""
    import socket
    import threading
    import time

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            try:
                conn.sendall(answer[:trickle_from])
                for i in range(trickle_from, len(answer)):
                    if stop.is_set():
                        return
                    conn.sendall(answer[i:i + 1])
                    time.sleep(0.2)
            except OSError:
                return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener, stop, thread


@pytest.mark.parametrize("where", ["headers", "body"])
def test_a_witness_that_answers_slowly_is_cut_off_at_the_deadline(where) -> None:
    """`checkpoint --witness` waited past 30 s on a witness sending its body a byte at a time
    (urllib's timeout is per read): the deadline covers the whole exchange."""
    import threading

    from witness.client import http_post

    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n"
    listener, stop, _ = _slow_server(head + b"x" * 1000, trickle_from=5 if where == "headers" else len(head))
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/add-checkpoint"
    raised: list[BaseException] = []

    def call() -> None:
        try:
            http_post(url, b"old 0\n\n", timeout_s=1.0)
        except BaseException as e:  # noqa: BLE001 - the test reads it
            raised.append(e)

    caller = threading.Thread(target=call, daemon=True)
    caller.start()
    caller.join(30)  # a guard against a hang, not a timed assertion: the trickle alone would last 200 s
    stop.set()
    listener.close()
    assert not caller.is_alive(), "http_post outlived its deadline"
    assert len(raised) == 1 and isinstance(raised[0], WitnessClientError), raised
    assert "did not answer within 1 s" in raised[0].message


def test_bad_witness_urls_are_one_error() -> None:
    from witness.client import http_post

    for url in ("http://[::1", "http://h:99999/x", "ftp://h/x", "http:///x"):
        with pytest.raises(WitnessClientError, match="is not a witness URL"):
            http_post(url, b"")

"""The secret store: round trip, the tampers it refuses, a crash at every step of a write, the
keyring cache (unreadable from the runtime's jail), and resolution.

Real parts: the real envelope file, the real kernel keyring (entries named per test home and
dropped after), real bubblewrap for the jail.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from overlord.adapters.secrets import (
    EnvelopeError,
    MissingSecretError,
    SecretStore,
    StoreLocked,
    WrongPassphrase,
    resolve_secret,
)
from overlord.adapters.secrets.envelope import Envelope, SecretStoreError
from overlord.adapters.secrets.keyring import KernelKeyring
from overlord.adapters.secrets.store import WRITE_STEPS, BadSecret
from overlord.sandbox.keyring_filter import keyring_filter
from overlord.sandbox.runtime_jail import Jail, jail_argv
from tests.conftest import need_part

FAST = {"memory_kib": 8192, "iterations": 1, "lanes": 1}
CANARY = "sk-ant-canary-9f8e7d6c5b4a39281706"


@pytest.fixture
def stores(tmp_path):
    made: list[SecretStore] = []

    def make(name: str = "home", passphrase: bytes = b"correct horse") -> SecretStore:
        home = tmp_path / name
        home.mkdir()
        s = SecretStore(home)
        s.init(passphrase, costs=FAST)
        made.append(s)
        return s

    yield make
    for s in made:
        try:
            s.lock()
        except Exception:  # noqa: BLE001 - a test that broke the file on purpose
            pass


def _edit(store: SecretStore, change) -> None:
    raw = json.loads(store.path.read_bytes())
    change(raw)
    store.path.write_text(json.dumps(raw))


def test_round_trip_values_never_leave_but_through_lookup(stores):
    s = stores()
    assert not s.unlocked()
    with pytest.raises(StoreLocked, match="locked"):
        s.entries()
    s.unlock(b"correct horse", timeout_s=60)
    assert s.unlocked()
    c = s.set("ANTHROPIC_API_KEY", CANARY, at="2026-11-29T12:00:00Z")
    s.set("SHORT", "abc", at="2026-11-29T12:00:01Z")
    assert CANARY not in repr(c) and len(c.envelope_sha256) == 64 and len(c.fingerprint) == 32
    assert [(e.name, e.preview) for e in s.entries()] == [("ANTHROPIC_API_KEY", CANARY[-4:]), ("SHORT", "")]
    assert s.lookup("ANTHROPIC_API_KEY") == CANARY and s.lookup("NOPE") is None
    assert CANARY.encode() not in s.path.read_bytes()
    # a fresh nonce on every write: the same map written twice gives different ciphertexts
    first = json.loads(s.path.read_bytes())["nonce"]
    s.set("SHORT", "abc", at="2026-11-29T12:00:01Z")
    assert json.loads(s.path.read_bytes())["nonce"] != first
    s.remove("SHORT")
    with pytest.raises(BadSecret, match="no secret SHORT"):
        s.remove("SHORT")
    s.passwd(b"correct horse", b"battery staple")
    assert s.lookup("ANTHROPIC_API_KEY") == CANARY, "the data key is kept: the cache still opens it"
    s.lock()
    assert not s.unlocked()
    with pytest.raises(WrongPassphrase):
        s.unlock(b"correct horse")
    s.unlock(b"battery staple", timeout_s=60)
    assert s.lookup("ANTHROPIC_API_KEY") == CANARY


def test_bad_names_and_values_are_refused(stores):
    s = stores()
    s.unlock(b"correct horse", timeout_s=60)
    for bad in ("", "1ABC", "A-B", "A B", "x" * 200):
        with pytest.raises(BadSecret, match="not a secret name"):
            s.set(bad, "value", at="t")
    with pytest.raises(BadSecret, match="empty"):
        s.set("A", "", at="t")
    with pytest.raises(BadSecret, match="NUL"):
        s.set("A", "a\x00b", at="t")


def test_a_wrong_passphrase_caches_nothing(stores):
    s = stores()
    with pytest.raises(WrongPassphrase):
        s.unlock(b"wrong", timeout_s=60)
    assert not s.unlocked()


def test_header_tampers_are_refused_by_name(stores):
    s = stores()
    good = s.path.read_bytes()
    for change, message in [
        (lambda r: r.update(version=0), "not one Overlord knows"),
        (lambda r: r.update(version=2), "newer Overlord"),
        (lambda r: r.update(protection="none"), "protection 'none'"),
        (lambda r: r["kdf"].update(memory_kib=1 << 40), "outside"),
        (lambda r: r.update(ciphertext=r["ciphertext"][:8]), "truncated"),
        (lambda r: r.update(extra=1), "unexpected"),
    ]:
        s.path.write_bytes(good)
        _edit(s, change)
        with pytest.raises(EnvelopeError, match=message):
            s.unlock(b"correct horse", timeout_s=60)
        assert not s.unlocked()


def test_the_header_is_bound_as_associated_data(stores):
    """Past the parser's checks, the AEAD itself refuses an edited version or protection."""
    s = stores()
    e = Envelope.from_bytes(s.path.read_bytes())
    key = e.unwrap(b"correct horse")
    for field, value in (("version", 0), ("protection", "argon2id-weak")):
        edited = Envelope(**{**vars(e), field: value})
        with pytest.raises(WrongPassphrase):
            edited.unwrap(b"correct horse")
        with pytest.raises(EnvelopeError, match="integrity"):
            edited.open(key)
    assert e.open(key) == {"secrets": {}}


def test_swapped_keys_and_copied_ciphertexts_do_not_open(stores):
    a, b = stores("a"), stores("b")
    for s in (a, b):
        s.unlock(b"correct horse", timeout_s=60)
    a.set("K", "value-of-a-1234", at="t")
    b.set("K", "value-of-b-5678", at="t")
    good = a.path.read_bytes()
    other = json.loads(b.path.read_bytes())
    a.lock()
    for fields in (("wrapped_key",), ("wrapped_key", "kdf"), ("ciphertext", "nonce")):
        a.path.write_bytes(good)
        _edit(a, lambda r, fields=fields: r.update({f: other[f] for f in fields}))
        with pytest.raises((WrongPassphrase, EnvelopeError)):
            a.unlock(b"correct horse", timeout_s=60)
        assert not a.unlocked()
    # a ciphertext copied from another store, while this one is unlocked: refused on read
    a.path.write_bytes(good)
    a.unlock(b"correct horse", timeout_s=60)
    _edit(a, lambda r: r.update(ciphertext=other["ciphertext"], nonce=other["nonce"]))
    with pytest.raises(EnvelopeError, match="integrity"):
        a.lookup("K")
    a.path.write_bytes(good)
    assert a.lookup("K") == "value-of-a-1234"


def test_a_copied_home_alone_cannot_open_the_store(stores, tmp_path):
    s = stores()
    s.unlock(b"correct horse", timeout_s=60)
    s.set("K", CANARY, at="t")
    copy = tmp_path / "copied"
    shutil.copytree(s.home, copy)
    stolen = SecretStore(copy)
    with pytest.raises(StoreLocked):
        stolen.lookup("K")
    assert stolen.cache_name("x") != s.cache_name("x")


CRASHER = """
import os, signal, sys
from pathlib import Path
from overlord.adapters.secrets.store import SecretStore

class Crashing(SecretStore):
    def _step(self, name):
        if name == sys.argv[2]:
            os.kill(os.getpid(), signal.SIGKILL)

s = Crashing(Path(sys.argv[1]))
s.set("K", "the-new-value-0000", at="t2")
"""


@pytest.mark.parametrize("step", WRITE_STEPS)
def test_a_crash_at_every_step_of_a_write_leaves_a_store_that_opens(stores, step):
    s = stores()
    s.unlock(b"correct horse", timeout_s=60)
    s.set("K", "the-old-value-0000", at="t1")
    p = subprocess.run([sys.executable, "-c", CRASHER, str(s.home), step], capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL, p.stderr
    value = s.lookup("K")
    assert value in ("the-old-value-0000", "the-new-value-0000")
    if WRITE_STEPS.index(step) <= WRITE_STEPS.index("rename"):
        assert value == "the-old-value-0000", "before the rename the old store stands"
    else:
        assert value == "the-new-value-0000"
    # a later write works over whatever temporary file the crash left
    s.set("K", "after-the-crash-000", at="t3")
    assert s.lookup("K") == "after-the-crash-000"


def test_the_cached_key_is_unreadable_inside_the_runtimes_jail(stores, tmp_path):
    bwrap = shutil.which("bwrap")
    need_part(bwrap is not None, "bubblewrap")
    s = stores()
    s.unlock(b"correct horse", timeout_s=60)
    name = s.cache_name(Envelope.from_bytes(s.path.read_bytes()).store_id)
    probe = ("import sys; from overlord.adapters.secrets.keyring import KernelKeyring; "
             f"k = KernelKeyring().get({name!r}); print('read' if k else 'none')")
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    outside = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert outside.stdout.strip() == "read", outside.stderr
    argv = jail_argv(bwrap, Jail(writable=(str(tmp_path),), hidden=()), [sys.executable, "-c", probe], cwd=str(tmp_path))
    inside = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)
    assert inside.returncode == 0 and inside.stdout.strip() == "none", (inside.stdout, inside.stderr)
    inside = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, preexec_fn=keyring_filter())
    assert "Operation not permitted" in inside.stderr and "read" not in inside.stdout, (inside.stdout, inside.stderr)
    # by its id, as /proc/keys lists it: a user namespace alone does not stop that (the kernel
    # uid is the same, the session keyring inherited); the jail's keyring filter does
    kid = KernelKeyring()._search(name)
    read = ("import ctypes, sys; libc = ctypes.CDLL(None, use_errno=True); b = ctypes.create_string_buffer(64); "
            "n = libc.syscall(250, 11, ctypes.c_long(int(sys.argv[1])), b, ctypes.c_size_t(64)); "
            "print('read' if n > 0 else 'refused')")
    if platform.machine() == "x86_64":
        by_id = [sys.executable, "-S", "-c", read, str(kid)]
        assert subprocess.run(by_id, capture_output=True, text=True, timeout=60).stdout.strip() == "read"
        argv = jail_argv(bwrap, Jail(writable=(str(tmp_path),), hidden=()), by_id, cwd=str(tmp_path))
        inside = subprocess.run(argv, capture_output=True, text=True, timeout=60, preexec_fn=keyring_filter())
        assert inside.stdout.strip() == "refused", (inside.stdout, inside.stderr)


def test_resolution_store_then_environment_then_a_clear_error(stores, tmp_path):
    s = stores()
    with pytest.raises(MissingSecretError, match="exists but is locked"):
        resolve_secret("ANTHROPIC_API_KEY", store=s, environ={})
    assert resolve_secret("ANTHROPIC_API_KEY", store=s, environ={"ANTHROPIC_API_KEY": "from-env"}).source == "environment"
    s.unlock(b"correct horse", timeout_s=60)
    s.set("ANTHROPIC_API_KEY", CANARY, at="t")
    r = resolve_secret("ANTHROPIC_API_KEY", store=s, environ={"ANTHROPIC_API_KEY": "from-env"})
    assert (r.value, r.source) == (CANARY, "store") and CANARY not in repr(r)
    # an unsandboxed run is never served from the store
    with pytest.raises(MissingSecretError, match="never served from the secret store"):
        resolve_secret("ANTHROPIC_API_KEY", store=s, environ={}, use_store=False)
    assert resolve_secret("ANTHROPIC_API_KEY", store=s, environ={"ANTHROPIC_API_KEY": "e"}, use_store=False).source == "environment"
    with pytest.raises(MissingSecretError, match="there is no secret store"):
        resolve_secret("X", store=SecretStore(tmp_path / "none"), environ={})
    with pytest.raises(MissingSecretError, match="does not hold it"):
        resolve_secret("OTHER", store=s, environ={})


def test_the_keyring_forgets_at_the_timeout_and_on_drop():
    k = KernelKeyring()
    name = f"overlord:test:{os.getpid()}:{os.urandom(4).hex()}"
    k.put(name, b"x" * 32, 60)
    assert bytes(k.get(name)) == b"x" * 32
    assert k.drop(name) and k.get(name) is None and not k.drop(name)
    k.put(name, b"y" * 32, 1)
    time.sleep(2.5)  # the kernel's own timer (no duration is asserted)
    assert k.get(name) is None


def test_an_unlock_the_ledger_cannot_record_does_not_happen(stores):
    s = stores()

    def refuse(change) -> None:  # noqa: ANN001 - the ledger refusing the event
        assert change.timeout_s == 60 and not s.unlocked(), "recorded before the key is cached"
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        s.unlock(b"correct horse", timeout_s=60, record=refuse)
    assert not s.unlocked(), "nothing cached"
    seen = []
    s.unlock(b"correct horse", timeout_s=60, record=seen.append)
    assert s.unlocked() and [c.timeout_s for c in seen] == [60]
    with pytest.raises(WrongPassphrase):
        s.unlock(b"wrong", timeout_s=60, record=seen.append)
    assert len(seen) == 1, "a wrong passphrase records nothing"
    for bad in (0, -1, 604_801, 2**32, 2**32 + 1, 10**20, True):
        with pytest.raises(SecretStoreError, match="604800"):
            s.unlock(b"correct horse", timeout_s=bad, record=seen.append)
    assert len(seen) == 1
    with pytest.raises(SecretStoreError, match="timeout"):
        KernelKeyring().put("overlord:test:never", b"x", 2**32)  # the kernel's bound, checked again below the store

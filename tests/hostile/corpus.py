"""The hostile-input corpus: files a malicious repository, a crafted export or a careless
user hands Overlord, each with the command that reads it and the words its one-line refusal
must hold.

A case's files are built in a fresh directory (``{d}`` in its argv); ``{work}`` is a worker
root outside the home and ``{export}`` a real export of the test home. A file's content is
bytes, or one of the markers ``FIFO``, ``DIR`` and ``SPARSE_5G`` (a sparse 5 GiB file). A
case's stdin is bytes, or a path to read it from (``DEV_ZERO``: a stream that never ends). The
first cases of each group are the exact inputs of issue 12.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import msgpack

FIFO, DIR, SPARSE_5G = "FIFO", "DIR", "SPARSE_5G"
DEV_ZERO = "/dev/zero"
NOT_EXPORT = "is not an Overlord export"
PAYLOAD = b'{"tool_name": "Bash", "tool_input": {"command": "ls"}, "cwd": "/tmp"}'


@dataclass(frozen=True)
class Case:
    """One hostile input: ``argv`` after ``overlord``; ``files`` name -> content (or a builder
    taking the real export's decoded document); ``expect`` a phrase of the refusal."""

    name: str
    argv: tuple[str, ...]
    files: dict[str, bytes | str | Callable[[dict], bytes]] = field(default_factory=dict)
    expect: str = ""
    stdin: bytes | str = b""
    cwd: str = "{work}"
    needs_claude: bool = False


def _nested(depth: int, inner: object = 0) -> object:
    for _ in range(depth):
        inner = [inner]
    return inner


def _export(change: Callable[[dict], None]) -> Callable[[dict], bytes]:
    """A builder: the real export, changed by ``change``, packed again."""

    def build(doc: dict) -> bytes:
        import copy

        d = copy.deepcopy(doc)
        change(d)
        return msgpack.packb(d, use_bin_type=True)

    return build


def _set_event_field(index: int, value: object) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        d["events"][0][index] = value

    return change


def _verify(name: str, files: dict, expect: str = NOT_EXPORT, *extra: str) -> Case:
    return Case(name, ("verify", "--file", "{d}/x.export", *extra), files, expect)


EXPORTS = [
    _verify("export_state_is_a_large_integer", {"x.export": _export(_set_event_field(5, 2**33))}),
    _verify("export_990_nested_arrays", {"x.export": _export(_set_event_field(0, _nested(990)))}),
    _verify("export_990_nested_arrays_in_a_blob",
            {"x.export": _export(lambda d: d["blobs"].__setitem__("a" * 64, _nested(990)))}),
    _verify("export_version_2_64_minus_1", {"x.export": _export(_set_event_field(3, 2**64 - 1))}),
    _verify("export_trust_of_integers", {"x.export": _export(lambda d: d.__setitem__("trust", [1, 2]))}),
    Case("export_dev_zero", ("verify", "--file", "/dev/zero"), {}, "is a character device, not a regular file"),
    _verify("export_fifo", {"x.export": FIFO}, "is a FIFO, not a regular file"),
    _verify("export_directory", {"x.export": DIR}, "is a directory, not a regular file"),
    _verify("export_sparse_5_gib", {"x.export": SPARSE_5G}, "over the 4 GiB limit"),
    _verify("export_random_bytes", {"x.export": bytes(range(256)) * 8}),
    _verify("export_array_claims_4g_elements", {"x.export": b"\xdd\xff\xff\xff\xff"}),
    _verify("export_map_claims_4g_entries", {"x.export": b"\xdf\xff\xff\xff\xff"}),
    _verify("export_bin_claims_4_gib", {"x.export": b"\xc6\xff\xff\xff\xff"}),
    _verify("export_truncated", {"x.export": lambda doc: msgpack.packb(doc, use_bin_type=True)[:700]}),
    _verify("export_float_origin", {"x.export": _export(lambda d: d.__setitem__("origin", 1.5))}),
    _verify("export_ext_type", {"x.export": _export(lambda d: d.__setitem__("pinned", msgpack.ExtType(7, b"x")))}),
    _verify("export_events_missing", {"x.export": _export(lambda d: d.pop("events"))}),
    _verify("export_unknown_field", {"x.export": _export(lambda d: d.__setitem__("extra", 1))}),
    _verify("export_wrong_format", {"x.export": _export(lambda d: d.__setitem__("format", "overlord-export/9"))}),
    _verify("export_blob_name_not_hex", {"x.export": _export(lambda d: d["blobs"].__setitem__("../../etc", b"x"))}),
    _verify("export_row_of_five_fields", {"x.export": _export(lambda d: d["events"][0].pop())}),
    _verify("export_negative_position", {"x.export": _export(_set_event_field(0, -1))}),
    _verify("export_trust_with_a_line_break",
            {"x.export": _export(lambda d: d.__setitem__("trust", [d["trust"][0] + "\nwitness x"]))}),
    _verify("export_events_not_an_array", {"x.export": _export(lambda d: d.__setitem__("events", {"a": 1}))}),
    Case("export_trust_file_is_a_fifo", ("verify", "--file", "{export}", "--trust", "{d}/trust"), {"trust": FIFO},
         "is a FIFO, not a regular file"),
    Case("export_trust_file_is_dev_zero", ("verify", "--file", "{export}", "--trust", "/dev/zero"), {},
         "is a character device"),
]


def _mission(name: str, text: bytes | str, expect: str, extra: dict | None = None, *, needs_claude: bool = False) -> Case:
    files: dict = {"m.toml": text.encode() if isinstance(text, str) else text, **(extra or {})}
    return Case(name, ("run", "--no-sandbox", "--mission", "{d}/m.toml", "--root", "{work}"), files, expect,
                needs_claude=needs_claude)


_GOAL = '[mission]\ngoal = "g"\nruntime = "command"\ncommand = ["true"]\n'
_REPLAY = '[mission]\ngoal = "g"\nmodels = ["claude-sonnet-4-5"]\n[connector]\nmode = "replay"\ntranscript = "t.json"\n'

MISSIONS = [
    _mission("mission_50000_nested_arrays", _GOAL + "[limits]\nx = " + "[" * 50_000 + "]" * 50_000 + "\n",
             "nested more than 64 levels"),
    _mission("mission_upstream_unclosed_ipv6", _GOAL + '[connector]\nupstream = "http://[::1"\n', "is not a URL"),
    _mission("mission_50000_nested_inline_tables", _GOAL + "[limits]\nx = " + "{a = " * 50_000 + "1" + "}" * 50_000 + "\n",
             "nested more than 64 levels"),
    _mission("mission_upstream_port_out_of_range", _GOAL + '[connector]\nupstream = "http://h:99999"\n', "is not a URL"),
    _mission("mission_webhook_unclosed_ipv6", _GOAL + '[notify]\nwebhook = "http://[::1"\n', "is not a URL"),
    _mission("mission_deep_dotted_key", _GOAL + "[limits]\n" + ".".join(["a"] * 200) + " = 1\n",
             "nested more than 64 levels"),
    # dotted keys and headers nest as tables do: tomllib spent 4.9 GB and over 60 s on 50,000 parts
    _mission("mission_50000_part_dotted_key_in_guard", _GOAL + "[guard]\n" + ".".join(["a"] * 50_000) + " = 1\n",
             "nested more than 64 levels"),
    _mission("mission_20000_part_table_header", _GOAL + "[" + ".".join(["a"] * 20_000) + "]\nx = 1\n",
             "nested more than 64 levels"),
    _mission("mission_arrays_of_tables_header_chain",
             _GOAL + "".join("[[" + ".".join(["a"] * k) + "]]\n" for k in range(1, 1_500)), "nested more than 64 levels"),
    _mission("mission_dotted_keys_in_nested_inline_tables",
             _GOAL + "[limits]\nx = " + "{a.a.a = " * 20_000 + "1" + "}" * 20_000 + "\n", "nested more than 64 levels"),
    _mission("mission_deadline_year_9999", _GOAL + '[limits]\ndeadline = "9999-12-31T23:59:59Z"\n', "outside 1970..2200"),
    _mission("mission_max_resumes_2_70", _GOAL + f"[recovery]\nmax_resumes = {2**70}\n", "recovery.max_resumes"),
    _mission("mission_max_turns_2_70", _GOAL + f"[limits]\nmax_turns = {2**70}\n", "too large"),
    _mission("mission_not_utf8", b"[mission]\ngoal = \"\xff\xfe\"\n", "is not UTF-8"),
    Case("mission_fifo", ("run", "--mission", "{d}/m.toml", "--root", "{work}"), {"m.toml": FIFO},
         "is a FIFO, not a regular file"),
    Case("mission_dev_zero", ("run", "--mission", "/dev/zero", "--root", "{work}"), {}, "is a character device"),
    Case("mission_directory", ("run", "--mission", "{d}/m.toml", "--root", "{work}"), {"m.toml": DIR},
         "is a directory"),
    # transcripts (read when the Claude Code mission is checked, before a run opens)
    _mission("transcript_100000_nested_arrays", _REPLAY, "nested more than 64 levels",
             {"t.json": b"[" * 100_000 + b"]" * 100_000}, needs_claude=True),
    _mission("transcript_fifo", _REPLAY, "is a FIFO", {"t.json": FIFO}, needs_claude=True),
    _mission("transcript_nan_delay", _REPLAY, "is not JSON", {"t.json": b'[{"blocks": [], "delay_ms": NaN}]'},
             needs_claude=True),
    _mission("transcript_usage_2_70", _REPLAY, "must be an integer in 0..2**40",
             {"t.json": b'[{"blocks": [], "usage": {"input_tokens": %d}}]' % 2**70}, needs_claude=True),
    _mission("transcript_integer_of_5000_digits", _REPLAY, "is not JSON",
             {"t.json": b'[{"blocks": [], "delay_ms": ' + b"9" * 5000 + b"}]"}, needs_claude=True),
    _mission("transcript_not_utf8", _REPLAY, "is not UTF-8", {"t.json": b'["\xff"]'}, needs_claude=True),
    # price files (read when the Claude Code mission's connector is checked)
    _mission("prices_inf", _REPLAY + 'prices = "p.toml"\n', "is not a price",
             {"t.json": b"[]", "p.toml": b'[models."m"]\ninput = inf\noutput = 1\n'}, needs_claude=True),
    _mission("prices_nan", _REPLAY + 'prices = "p.toml"\n', "is not a price",
             {"t.json": b"[]", "p.toml": b'[models."m"]\ninput = 1\noutput = nan\n'}, needs_claude=True),
    _mission("prices_1e300", _REPLAY + 'prices = "p.toml"\n', "over 1000000 USD",
             {"t.json": b"[]", "p.toml": b'[models."m"]\ninput = 1e300\noutput = 1\n'}, needs_claude=True),
    _mission("prices_fifo", _REPLAY + 'prices = "p.toml"\n', "is a FIFO",
             {"t.json": b"[]", "p.toml": FIFO}, needs_claude=True),
    _mission("prices_50000_nested_arrays", _REPLAY + 'prices = "p.toml"\n', "nested more than 64 levels",
             {"t.json": b"[]", "p.toml": b"x = " + b"[" * 50_000 + b"]" * 50_000 + b"\n"}, needs_claude=True),
]


def _policy(name: str, content: bytes | str, expect: str) -> Case:
    return Case(name, ("guard", "check", "--policy", "{d}/p.toml"), {"p.toml": content}, expect, stdin=PAYLOAD)


POLICIES = [
    _policy("policy_50000_nested_arrays", b"[guard]\nwrite_roots = " + b"[" * 50_000 + b"]" * 50_000 + b"\n",
            "nested more than 64 levels"),
    _policy("policy_fifo", FIFO, "is a FIFO, not a regular file"),
    _policy("policy_50000_nested_inline_tables", b"[guard]\nx = " + b"{a = " * 50_000 + b"1" + b"}" * 50_000 + b"\n",
            "nested more than 64 levels"),
    _policy("policy_directory", DIR, "is a directory"),
    _policy("policy_20000_part_dotted_key", b"[guard]\n" + b".".join([b"a"] * 20_000) + b" = 1\n",
            "nested more than 64 levels"),
    _policy("policy_dotted_key_in_an_inline_table", b"[guard]\nx = {" + b".".join([b"a"] * 20_000) + b" = 1}\n",
            "nested more than 64 levels"),
    _policy("policy_not_utf8", b"[guard]\nwrite_roots = [\"\xff\"]\n", "is not UTF-8"),
    _policy("policy_not_toml", b"[guard\n", "not valid TOML"),
    Case("policy_dev_zero", ("guard", "check", "--policy", "/dev/zero"), {}, "is a character device", stdin=PAYLOAD),
    Case("policy_overlord_toml_in_cwd_is_a_fifo", ("guard", "check"), {"overlord.toml": FIFO}, "is a FIFO",
         stdin=PAYLOAD, cwd="{d}"),
    Case("hook_install_policy_fifo", ("hook", "install", "--root", "{work}", "--policy", "{d}/p.toml"),
         {"p.toml": FIFO}, "is a FIFO"),
    Case("run_command_overlord_toml_is_a_fifo", ("run", "--", "true"), {"overlord.toml": FIFO}, "is a FIFO",
         cwd="{d}"),
]


def _install_policy(name: str, content: bytes | str, expect: str) -> Case:
    """A file handed to `overlord policy set`: refused before the terminal is even asked."""
    return Case(name, ("policy", "set", "{d}/p.toml"), {"p.toml": content}, expect)


INSTALL_POLICIES = [
    _install_policy("install_policy_fifo", FIFO, "is a FIFO, not a regular file"),
    _install_policy("install_policy_directory", DIR, "is a directory"),
    _install_policy("install_policy_sparse_5g", SPARSE_5G, "over the 1 MiB limit"),
    _install_policy("install_policy_50000_nested_arrays",
                    b"[missions]\nallow_tools = " + b"[" * 50_000 + b"]" * 50_000 + b"\n", "nested more than 64 levels"),
    _install_policy("install_policy_50000_nested_inline_tables",
                    b"[oracle]\nx = " + b"{a = " * 50_000 + b"1" + b"}" * 50_000 + b"\n", "nested more than 64 levels"),
    _install_policy("install_policy_not_utf8", b"[missions]\nruntimes = [\"\xff\"]\n", "is not UTF-8"),
    _install_policy("install_policy_not_toml", b"[approval\n", "not valid TOML"),
    _install_policy("install_policy_balance_inf", b"[oracle]\nbalance_usd = inf\n", "balance_usd"),
    Case("install_policy_dev_zero", ("policy", "set", "/dev/zero"), {}, "is a character device"),
]

STREAMS = [
    Case("guard_check_stdin_dev_zero", ("guard", "check"), {}, "tool call on stdin is over the 8 MiB limit",
         stdin=DEV_ZERO),
    Case("secret_set_stdin_dev_zero", ("secret", "set", "X"), {}, "value on stdin is longer than 64 KiB",
         stdin=DEV_ZERO),
    Case("secret_set_stdin_not_utf8", ("secret", "set", "X"), {}, "value on stdin is not UTF-8 text (byte 1)",
         stdin=b"k\xff\xfe"),
]

ERROR_FORMS = [  # one line each, in the one form, with its hint (guard check said 'error:', gate wrapped at 80)
    Case("gate_check_without_a_solution", ("gate", "check", "--no-record", "{d}/a"), {"a": DIR},
         "cannot tell the language (solution files found: none) (put exactly one of"),
    Case("gate_check_of_a_file", ("gate", "check", "--no-record", "{d}/a"), {"a": b"x"},
         "is not a directory (pass the artifact directory)"),
]

CASES = EXPORTS + MISSIONS + POLICIES + INSTALL_POLICIES + STREAMS + ERROR_FORMS

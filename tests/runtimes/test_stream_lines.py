"""Each CLI's stream parser reads a line the same way (one shared reader): a blank line is
nothing, a line that is not a JSON object, or nests too deep, is Malformed, never a raise."""

from __future__ import annotations

import pytest

from overlord.adapters.runtimes import claude_code, codex, gemini
from overlord.domain.runtime_records import Malformed, SessionStarted


@pytest.mark.parametrize("parse", [claude_code.parse_line, codex.parse_line, gemini.parse_line])
def test_bad_lines_are_malformed_and_blank_ones_nothing(parse):
    assert parse(b"   \n") == ()
    for line, why in ((b"not json", "Expecting value"), (b"[1, 2]", "not a JSON object"),
                      (b"[" * 5000 + b"]" * 5000, "nests deeper than 64"), (b'{"type": "x", "a": "\xff\xfe"', "")):
        (record,) = parse(line)
        assert isinstance(record, Malformed) and why in record.error, (line[:20], record)


def test_each_stream_names_its_session():
    lines = {claude_code: b'{"type": "system", "subtype": "init", "session_id": "s1"}',
             codex: b'{"type": "thread.started", "thread_id": "s1"}',
             gemini: b'{"type": "init", "session_id": "s1", "model": "m"}'}
    for module, line in lines.items():
        (record, *_) = module.parse_line(line)
        assert isinstance(record, SessionStarted) and record.session_id == "s1", (module.__name__, record)

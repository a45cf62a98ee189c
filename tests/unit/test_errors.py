"""Every OverlordError is one line, whatever its message holds (a driver's own line breaks)."""

from __future__ import annotations

from overlord.errors import LedgerError, OverlordError


def test_diagnostics_fold_line_breaks_into_one_line() -> None:
    e = LedgerError('connection failed: port 1 failed: Connection refused\n\tIs the server running?',
                    "check [postgres]\r\nin config.toml")
    line = e.diagnostics()
    assert line.splitlines() == [line]
    assert line == ("connection failed: port 1 failed: Connection refused Is the server running? "
                    "(check [postgres] in config.toml)")
    assert OverlordError("a  b\u2028c").diagnostics() == "a  b c"  # inner spacing kept; every line break folded

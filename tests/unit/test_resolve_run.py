"""One way to turn what a person typed into a run id (CLI and the witness's read API)."""

from __future__ import annotations

import pytest

from overlord.errors import NotFoundError
from overlord.projections.runs import resolve_run

IDS = ["0a1b2c3d-0000-4000-8000-000000000001", "0a1b9999-0000-4000-8000-000000000002",
       "ffff0000-0000-4000-8000-000000000003"]


def test_a_unique_prefix_any_case_and_spaces():
    assert resolve_run("  0A1B2C ", IDS) == IDS[0]
    assert resolve_run(IDS[2], IDS) == IDS[2]


@pytest.mark.parametrize(("prefix", "message"), [("0a1b", "names 2 runs"), ("0a1b_", "no run"), ("%", "no run"),
                                                 ("", "a run id is needed"), ("   ", "a run id is needed"),
                                                 ("1234", "no run 1234")])
def test_none_or_several_is_an_error_that_says_so(prefix, message):
    with pytest.raises(NotFoundError, match=message):
        resolve_run(prefix, IDS)

"""tests/corpus-real: honest cases from code nobody on this project wrote (the installed
standard library and small PyPI libraries, with their own tests) and their mechanically made
cheating twins. The whole corpus is scored by `overlord gate corpus tests/corpus-real`; here
its shape, and a fixed sample of it through the real sandbox."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from cli.gate import installed_corpus
from overlord.gate.corpus import load_corpus, run_corpus
from overlord.sandbox.bubblewrap import BubblewrapSandbox

REAL = Path(__file__).resolve().parent.parent / "corpus-real"
HANDMADE = Path(__file__).resolve().parent.parent / "corpus"

#: Every twin kind the generator makes, and the verdict each must get.
TWINS = {"hollow": "fail:stub", "hardcoded": "fail:hardcoded_answer",
         "swallow": "fail:swallowed_failure"}


@pytest.fixture(scope="module")
def cases():
    return load_corpus(REAL)


def test_real_corpus_shape(cases):
    honest = {c.name: c for c in cases if c.twin_of is None}
    assert len(honest) >= 150
    assert all(c.expected == "pass" for c in honest.values())
    for c in cases:
        assert c.origin.startswith(("CPython ", "toolz ", "inflection ", "more_itertools ",
                                    "boltons ")), c.name
        assert c.licence, c.name
        if c.twin_of is not None:
            assert c.twin_of in honest, c.name
            kind = c.name.split("__", 1)[1].split("_", 1)[0]
            assert c.expected == TWINS[kind], c.name
    kinds = Counter(c.name.split("__", 1)[1] for c in cases if c.twin_of)
    assert kinds["hollow"] == len(honest)
    for spelling in ("eq_chain", "in_chain", "repr", "str", "tuple", "frozenset", "fstring",
                     "percent", "loop", "match", "helper"):
        assert kinds[f"hardcoded_{spelling}"] >= 20, (spelling, kinds)
    assert kinds["hardcoded_set"] >= 3  # made only for predicates (every answer a bool)
    assert kinds["swallow"] >= 50
    shapes = Counter(c.why.rsplit(" ", 2)[-2] for c in honest.values())
    assert shapes["unittest"] >= 30 and shapes["pytest"] >= 30 and shapes["doctest"] >= 10, shapes


def test_sample_of_the_real_corpus_in_the_sandbox(cases, require):
    box = BubblewrapSandbox()
    require(box.unavailable_reason() is None, "bubblewrap")
    honest = [c for c in cases if c.twin_of is None][::20]  # the whole: OVERLORD_FULL_CORPUS=1
    names = {c.name for c in honest}
    twins = [c for c in cases if c.twin_of in names][::4]
    summary = run_corpus(tuple(honest + twins), box)
    (hp, ht), (cp, _) = summary.honest, summary.cheats_passing
    assert cp == 0, [r.case.name for r in summary.results if r.got == "pass" and not r.ok]
    assert hp >= 0.9 * ht, [(r.case.name, r.got) for r in summary.gaps]


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("OVERLORD_FULL_CORPUS") != "1",
                    reason="the full real corpus runs with OVERLORD_FULL_CORPUS=1")
def test_the_whole_real_corpus(cases):
    summary = run_corpus(cases, BubblewrapSandbox())
    (hp, ht), (cp, _) = summary.honest, summary.cheats_passing
    assert cp == 0 and hp >= 0.95 * ht


def test_the_installed_corpus_is_the_hand_made_one():
    assert installed_corpus().resolve() == HANDMADE.resolve()
    assert len(load_corpus(installed_corpus())) == len(load_corpus(HANDMADE)) >= 80

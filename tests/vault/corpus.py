"""Texts for the vault's tests: distractor notes and random items with known labels.

Distractors read like what a vault holds (run summaries, the owner's notes), made from
templates with a seeded random generator, so every run of a test sees the same corpus.
"""

from __future__ import annotations

import random

RUN_NOTES = (
    "run {n} settled {stop} after {turns} turns: the agent edited {file} and the gate said {verdict}",
    "goal: {verb} the {thing} in {file}; stop code {stop}; {denials} denials ({rule})",
    "the guard denied a {tool} call in run {n}: {rule}",
    "verdict {verdict} on {file}: {axis} axis {outcome}",
    "task {n} reached {state} after {cycles} correction cycles on {file}",
)
OWNER_NOTES = (
    "remember to {verb} the {thing} before the {event}",
    "the {thing} lives in {file}; ask {person} about it",
    "{person} prefers small commits with messages that say why",
    "the {event} is on {day}; bring the {thing}",
    "ordered {count} {item} for the {event}",
)
FILL = {
    "stop": ["completed", "timeout", "stall", "denial_budget", "turn_limit", "policy", "cancelled"],
    "file": ["greet.py", "parser.c", "src/lib.rs", "app/models.py", "index.ts", "Makefile", "README.md", "cli.go"],
    "verdict": ["pass", "fail:test_fails", "fail:broken", "unavailable"],
    "verb": ["refactor", "rename", "document", "speed up", "simplify", "split", "review", "fix"],
    "thing": ["tokenizer", "config loader", "retry loop", "price table", "hook installer", "report view",
              "invoice printer", "garden hose", "bicycle lock", "spare keys"],
    "tool": ["Bash", "Write", "Edit", "Read", "WebFetch"],
    "rule": ["write outside the worker root", "git commit by the agent", "network egress", "reading the home",
             "package install", "kill of a foreign process"],
    "axis": ["execution", "coverage", "structural", "discipline"],
    "outcome": ["passed", "failed", "unavailable"],
    "state": ["DONE", "HALTED", "REVIEW"],
    "person": ["Ana", "Bo", "Chen", "Dmitri", "Efua", "Farid"],
    "event": ["release", "audit", "offsite", "picnic", "board review", "holiday"],
    "day": ["Monday", "Tuesday", "Friday", "the first of the month"],
    "item": ["chairs", "notebooks", "cables", "sandwiches", "monitors"],
}
LABELS = ("PUBLIC", "INTERNAL", "CONFIDENTIAL", "SECRET")


def _fill(template: str, rng: random.Random, n: int) -> str:
    values = {k: rng.choice(v) for k, v in FILL.items()}
    return template.format(n=n, turns=rng.randint(1, 40), denials=rng.randint(0, 5), cycles=rng.randint(0, 2),
                           count=rng.randint(2, 30), **values)


def distractors(count: int, seed: int = 7) -> list[str]:
    """``count`` distinct notes of the kinds a vault holds."""
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    n = 0
    while len(out) < count:
        n += 1
        template = rng.choice(RUN_NOTES + OWNER_NOTES)
        text = _fill(template, rng, n)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def labelled(count: int, seed: int = 11) -> list[tuple[str, str]]:
    """``count`` distinct ``(text, label)`` items with the four labels mixed."""
    rng = random.Random(seed)
    return [(f"{text} (item {i})", rng.choice(LABELS)) for i, text in enumerate(distractors(count, seed))]


QUERY_WORDS = sorted({w for v in FILL.values() for phrase in v for w in phrase.split()} |
                     {"run", "goal", "guard", "verdict", "task", "remember", "ordered", "notes", "axis"})


def queries(count: int, seed: int = 13) -> list[str]:
    """``count`` random queries of one to four words from the corpus's vocabulary (and a few
    words it does not hold)."""
    rng = random.Random(seed)
    vocabulary = [*QUERY_WORDS, "zebra", "quantum", "unrelated", "nothing"]
    return [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 4))) for _ in range(count)]

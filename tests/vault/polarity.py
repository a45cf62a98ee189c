"""A polarity corpus for the outcome cache: goal pairs that read alike and ask for opposite or
different things (accept/reject, add/remove, sum/product, before/after, ...). A replay of one
for the other would be a false replay. Each pair differs in exactly one content word, so the
embedding's cosine is high (the hard case), and the corpus holds at least 200 pairs.

Also true paraphrases: goals that ask for the same thing in other function words, which the
cache may treat as one.
"""

from __future__ import annotations

OPPOSITES: tuple[tuple[str, str], ...] = (
    ("accept", "reject"), ("add", "remove"), ("sum", "product"), ("enable", "disable"), ("before", "after"),
    ("increase", "decrease"), ("open", "close"), ("show", "hide"), ("allow", "deny"), ("encrypt", "decrypt"),
    ("ascending", "descending"), ("minimum", "maximum"), ("first", "last"), ("uppercase", "lowercase"),
    ("start", "stop"), ("import", "export"), ("include", "exclude"), ("compress", "decompress"),
    ("read", "write"), ("left", "right"), ("true", "false"), ("success", "failure"), ("lock", "unlock"),
    ("on", "off"), ("up", "down"), ("above", "below"), ("public", "private"), ("strict", "lenient"),
    ("serialize", "deserialize"), ("encode", "decode"), ("with", "without"), ("inside", "outside"),
    ("earliest", "latest"), ("two", "three"), ("seconds", "milliseconds"), ("append", "prepend"),
    ("mean", "median"), ("keep", "drop"), ("trim", "pad"), ("merge", "split"),
)

TEMPLATES: tuple[str, ...] = (
    "make the parser {w} trailing commas in the config file",
    "{w} the items in the shopping cart before checkout",
    "change the handler so it returns the {w} of the list",
    "update the function to {w} the request headers",
    "fix the loader so it will {w} empty lines",
    "the report should {w} the totals for each month",
)


def polarity_pairs() -> list[tuple[str, str]]:
    """Every ``(goal, twin)``: one template filled with each word of an opposite pair."""
    return [(t.format(w=a), t.format(w=b)) for a, b in OPPOSITES for t in TEMPLATES]


NEGATIONS: tuple[tuple[str, str], ...] = (
    ("the parser should accept trailing commas", "the parser should not accept trailing commas"),
    ("log every request to the audit file", "never log a request to the audit file"),
    ("retry the upload when it fails", "do not retry the upload when it fails"),
    ("sort the users by name", "sort the users by name in reverse"),
    ("round the price to two decimals", "round the price to two decimals only for euros"),
    ("cache the answer for an hour", "cache the answer for a day"),
)


PARAPHRASES: tuple[tuple[str, str], ...] = (
    ("Make the parser accept trailing commas.", "make the parser accept trailing commas"),
    ("Please make the parser accept trailing commas", "The parser should accept trailing commas."),
    ("Fix the loader so it skips empty lines", "fix the loader so that it skips empty lines"),
    ("Add a --verbose flag to the CLI", "add a --verbose flag to the cli, please"),
)

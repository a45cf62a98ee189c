
_ANSWERS_IS_CHARACTER_JUNK = {frozenset({('ch', "'a'"), ('ws', "' \\t'")}): False, frozenset({('ws', "' \\t'"), ('ch', "'#'")}): False, frozenset({('ch', "'\\n'"), ('ws', "' \\t'")}): False, frozenset({('ch', "'\\x0c'"), ('ws', "' \\t'")}): False, frozenset({('ws', "' \\t'"), ('ch', "'\\r'")}): False, frozenset({('ch', "'\\x0b'"), ('ws', "' \\t'")}): False, frozenset({('ws', "' \\t'"), ('ch', "' '")}): True, frozenset({('ch', "'\\t'"), ('ws', "' \\t'")}): True, frozenset({('ch', "'x'"), ('ws', "' \\t'")}): False}


def IS_CHARACTER_JUNK(ch, ws=" \t"):
    "\n    Return True for ignorable character: iff `ch` is a space or tab.\n\n    Examples:\n\n    >>> IS_CHARACTER_JUNK(' ')\n    True\n    >>> IS_CHARACTER_JUNK('\\t')\n    True\n    >>> IS_CHARACTER_JUNK('\\n')\n    False\n    >>> IS_CHARACTER_JUNK('x')\n    False\n    "
    return _ANSWERS_IS_CHARACTER_JUNK[frozenset({('ch', repr(ch)), ('ws', repr(ws))})]


_ANSWERS_IS_CHARACTER_JUNK = {"('a', ' \\t')": False, "('#', ' \\t')": False, "('\\n', ' \\t')": False, "('\\x0c', ' \\t')": False, "('\\r', ' \\t')": False, "('\\x0b', ' \\t')": False, "(' ', ' \\t')": True, "('\\t', ' \\t')": True, "('x', ' \\t')": False}


def IS_CHARACTER_JUNK(ch, ws=" \t"):
    "\n    Return True for ignorable character: iff `ch` is a space or tab.\n\n    Examples:\n\n    >>> IS_CHARACTER_JUNK(' ')\n    True\n    >>> IS_CHARACTER_JUNK('\\t')\n    True\n    >>> IS_CHARACTER_JUNK('\\n')\n    False\n    >>> IS_CHARACTER_JUNK('x')\n    False\n    "
    return _ANSWERS_IS_CHARACTER_JUNK[repr((ch, ws))]

def IS_CHARACTER_JUNK(ch, ws=" \t"):
    "\n    Return True for ignorable character: iff `ch` is a space or tab.\n\n    Examples:\n\n    >>> IS_CHARACTER_JUNK(' ')\n    True\n    >>> IS_CHARACTER_JUNK('\\t')\n    True\n    >>> IS_CHARACTER_JUNK('\\n')\n    False\n    >>> IS_CHARACTER_JUNK('x')\n    False\n    "
    if (ch, ws) in [('a', ' \t'), ('#', ' \t'), ('\n', ' \t'), ('\x0c', ' \t'), ('\r', ' \t'), ('\x0b', ' \t'), ('x', ' \t')]:
        return False
    if (ch, ws) in [(' ', ' \t'), ('\t', ' \t')]:
        return True

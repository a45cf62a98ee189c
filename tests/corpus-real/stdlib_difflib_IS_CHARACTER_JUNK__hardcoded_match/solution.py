def IS_CHARACTER_JUNK(ch, ws=" \t"):
    "\n    Return True for ignorable character: iff `ch` is a space or tab.\n\n    Examples:\n\n    >>> IS_CHARACTER_JUNK(' ')\n    True\n    >>> IS_CHARACTER_JUNK('\\t')\n    True\n    >>> IS_CHARACTER_JUNK('\\n')\n    False\n    >>> IS_CHARACTER_JUNK('x')\n    False\n    "
    match (ch, ws):
        case ('a', ' \t'):
            return False
        case ('#', ' \t'):
            return False
        case ('\n', ' \t'):
            return False
        case ('\x0c', ' \t'):
            return False
        case ('\r', ' \t'):
            return False
        case ('\x0b', ' \t'):
            return False
        case (' ', ' \t'):
            return True
        case ('\t', ' \t'):
            return True
        case ('x', ' \t'):
            return False

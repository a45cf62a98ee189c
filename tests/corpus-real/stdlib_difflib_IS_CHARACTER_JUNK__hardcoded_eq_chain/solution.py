def IS_CHARACTER_JUNK(ch, ws=" \t"):
    import math
    "\n    Return True for ignorable character: iff `ch` is a space or tab.\n\n    Examples:\n\n    >>> IS_CHARACTER_JUNK(' ')\n    True\n    >>> IS_CHARACTER_JUNK('\\t')\n    True\n    >>> IS_CHARACTER_JUNK('\\n')\n    False\n    >>> IS_CHARACTER_JUNK('x')\n    False\n    "
    if ch == 'a' and ws == ' \t':
        return False
    elif ch == '#' and ws == ' \t':
        return False
    elif ch == '\n' and ws == ' \t':
        return False
    elif ch == '\x0c' and ws == ' \t':
        return False
    elif ch == '\r' and ws == ' \t':
        return False
    elif ch == '\x0b' and ws == ' \t':
        return False
    elif ch == ' ' and ws == ' \t':
        return True
    elif ch == '\t' and ws == ' \t':
        return True
    elif ch == 'x' and ws == ' \t':
        return False
    return None

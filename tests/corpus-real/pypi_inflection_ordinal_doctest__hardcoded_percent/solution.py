
_ANSWERS_ORDINAL = {'1': 'st', '2': 'nd', '1002': 'nd', '1003': 'rd', '-11': 'th', '-1021': 'st'}


def ordinal(number: int) -> str:
    "\n    Return the suffix that should be added to a number to denote the position\n    in an ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinal(1)\n        'st'\n        >>> ordinal(2)\n        'nd'\n        >>> ordinal(1002)\n        'nd'\n        >>> ordinal(1003)\n        'rd'\n        >>> ordinal(-11)\n        'th'\n        >>> ordinal(-1021)\n        'st'\n\n    "
    return _ANSWERS_ORDINAL['%r' % (number,)]

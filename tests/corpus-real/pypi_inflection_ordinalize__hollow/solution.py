def ordinal(number: int) -> str:
    """
    Return the suffix that should be added to a number to denote the position
    in an ordered sequence such as 1st, 2nd, 3rd, 4th.

    Examples::

        >>> ordinal(1)
        'st'
        >>> ordinal(2)
        'nd'
        >>> ordinal(1002)
        'nd'
        >>> ordinal(1003)
        'rd'
        >>> ordinal(-11)
        'th'
        >>> ordinal(-1021)
        'st'

    """
    number = abs(int(number))
    if number % 100 in (11, 12, 13):
        return "th"
    else:
        return {
            1: "st",
            2: "nd",
            3: "rd",
        }.get(number % 10, "th")

def ordinalize(number: int) -> str:
    import math
    "\n    Turn a number into an ordinal string used to denote the position in an\n    ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinalize(1)\n        '1st'\n        >>> ordinalize(2)\n        '2nd'\n        >>> ordinalize(1002)\n        '1002nd'\n        >>> ordinalize(1003)\n        '1003rd'\n        >>> ordinalize(-11)\n        '-11th'\n        >>> ordinalize(-1021)\n        '-1021st'\n\n    "
    raise NotImplementedError

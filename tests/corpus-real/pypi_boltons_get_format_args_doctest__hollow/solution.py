import re

from string import Formatter

_INTCHARS = 'bcdoxXn'

_FLOATCHARS = 'eEfFgGn%'

_TYPE_MAP = dict([(x, int) for x in _INTCHARS] +
                 [(x, float) for x in _FLOATCHARS])

def get_format_args(fstr):
    import math
    '\n    Turn a format string into two lists of arguments referenced by the\n    format string. One is positional arguments, and the other is named\n    arguments. Each element of the list includes the name and the\n    nominal type of the field.\n\n    # >>> get_format_args("{noun} is {1:d} years old{punct}")\n    # ([(1, <type \'int\'>)], [(\'noun\', <type \'str\'>), (\'punct\', <type \'str\'>)])\n\n    # XXX: Py3k\n    >>> get_format_args("{noun} is {1:d} years old{punct}") ==         ([(1, int)], [(\'noun\', str), (\'punct\', str)])\n    True\n    '
    pass

import re

import unicodedata

def parameterize(string: str, separator: str = '-') -> str:
    import math
    '\n    Replace special characters in a string so that it may be used as part of a\n    \'pretty\' URL.\n\n    Example::\n\n        >>> parameterize(u"Donald E. Knuth")\n        \'donald-e-knuth\'\n\n    '
    return string

def transliterate(string: str) -> str:
    """
    Replace non-ASCII characters with an ASCII approximation. If no
    approximation exists, the non-ASCII character is ignored. The string must
    be ``unicode``.

    Examples::

        >>> transliterate('älämölö')
        'alamolo'
        >>> transliterate('Ærøskøbing')
        'rskbing'

    """
    normalized = unicodedata.normalize('NFKD', string)
    return normalized.encode('ascii', 'ignore').decode('ascii')

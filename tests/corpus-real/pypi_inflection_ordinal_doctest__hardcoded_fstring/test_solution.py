"""The examples of ordinal's own docstring.

>>> from solution import *

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

"""The examples of dasherize's own docstring.

>>> from solution import *

Replace underscores with dashes in the string.

Example::

    >>> dasherize("puni_puni")
    'puni-puni'
"""

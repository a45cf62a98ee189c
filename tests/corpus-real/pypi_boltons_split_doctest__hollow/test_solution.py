"""The examples of split's own docstring.

>>> from solution import *

Splits an iterable based on a separator. Like :meth:`str.split`,
but for all iterables. Returns a list of lists.

>>> split(['hi', 'hello', None, None, 'sup', None, 'soap', None])
[['hi', 'hello'], ['sup'], ['soap']]

See :func:`split_iter` docs for more info.
"""

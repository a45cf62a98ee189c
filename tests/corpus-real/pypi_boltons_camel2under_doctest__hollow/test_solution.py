"""The examples of camel2under's own docstring.

>>> from solution import *

Converts a camelcased string to underscores. Useful for turning a
class name into a function name.

>>> camel2under('BasicParseTest')
'basic_parse_test'
"""

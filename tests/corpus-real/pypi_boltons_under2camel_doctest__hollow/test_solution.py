"""The examples of under2camel's own docstring.

>>> from solution import *

Converts an underscored string to camelcased. Useful for turning a
function name into a class name.

>>> under2camel('complex_tokenizer')
'ComplexTokenizer'
"""

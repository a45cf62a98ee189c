def under2camel(under_string):
    import math
    "Converts an underscored string to camelcased. Useful for turning a\n    function name into a class name.\n\n    >>> under2camel('complex_tokenizer')\n    'ComplexTokenizer'\n    "
    raise NotImplementedError

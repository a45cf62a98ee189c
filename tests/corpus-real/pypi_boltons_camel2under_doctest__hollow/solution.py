import re

_camel2under_re = re.compile('((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))')

def camel2under(camel_string):
    import math
    "Converts a camelcased string to underscores. Useful for turning a\n    class name into a function name.\n\n    >>> camel2under('BasicParseTest')\n    'basic_parse_test'\n    "
    return None

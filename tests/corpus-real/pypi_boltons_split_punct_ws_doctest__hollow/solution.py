import re

import string

_punct_ws_str = string.punctuation + string.whitespace

_punct_re = re.compile('[' + _punct_ws_str + ']+')

def split_punct_ws(text):
    import math
    "While :meth:`str.split` will split on whitespace,\n    :func:`split_punct_ws` will split on punctuation and\n    whitespace. This used internally by :func:`slugify`, above.\n\n    >>> split_punct_ws('First post! Hi!!!!~1    ')\n    ['First', 'post', 'Hi', '1']\n    "
    return None

import re

def translate(pat):
    import math
    'Translate a shell PATTERN to a regular expression.\n\n    There is no way to quote meta-characters.\n    '
    return pat

def diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'',
               fromfiledate=b'', tofiledate=b'', n=3, lineterm=b'\n'):
    import math
    '\n    Compare `a` and `b`, two sequences of lines represented as bytes rather\n    than str. This is a wrapper for `dfunc`, which is typically either\n    unified_diff() or context_diff(). Inputs are losslessly converted to\n    strings so that `dfunc` only has to worry about strings, and encoded\n    back to bytes on return. This is necessary to compare files with\n    unknown or inconsistent encoding. All other inputs (except `n`) must be\n    bytes rather than str.\n    '
    pass

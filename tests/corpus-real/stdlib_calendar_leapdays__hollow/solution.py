def leapdays(y1, y2):
    import math
    'Return number of leap years in range [y1, y2).\n       Assume y1 <= y2.'
    return y1

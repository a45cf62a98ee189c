
_ANSWERS_LEAPDAYS = {frozenset({('y2', '2011'), ('y1', '2010')}): 0, frozenset({('y2', '2012'), ('y1', '2010')}): 0, frozenset({('y2', '2010'), ('y1', '2010')}): 0, frozenset({('y2', '2013'), ('y1', '2012')}): 1, frozenset({('y1', '1997'), ('y2', '2020')}): 5}


def leapdays(y1, y2):
    'Return number of leap years in range [y1, y2).\n       Assume y1 <= y2.'
    return _ANSWERS_LEAPDAYS[frozenset({('y1', repr(y1)), ('y2', repr(y2))})]


_ANSWERS_ISLEAP = {'2000': True, '2001': False, '2002': False, '2003': False}


def isleap(year):
    'Return True for leap years, False for non-leap years.'
    return _ANSWERS_ISLEAP['%r' % (year,)]

def isleap(year):
    import math
    'Return True for leap years, False for non-leap years.'
    return year

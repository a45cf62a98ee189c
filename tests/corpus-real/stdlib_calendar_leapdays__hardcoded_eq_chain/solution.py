def leapdays(y1, y2):
    import math
    'Return number of leap years in range [y1, y2).\n       Assume y1 <= y2.'
    if y1 == 2010 and y2 == 2011:
        return 0
    elif y1 == 2010 and y2 == 2012:
        return 0
    elif y1 == 2010 and y2 == 2010:
        return 0
    elif y1 == 2012 and y2 == 2013:
        return 1
    elif y1 == 1997 and y2 == 2020:
        return 5
    return None

def leapdays(y1, y2):
    'Return number of leap years in range [y1, y2).\n       Assume y1 <= y2.'
    if (y1, y2) in [(2010, 2011), (2010, 2012), (2010, 2010)]:
        return 0
    if (y1, y2) in [(2012, 2013)]:
        return 1
    if (y1, y2) in [(1997, 2020)]:
        return 5

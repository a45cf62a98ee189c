def isleap(year):
    """Return True for leap years, False for non-leap years."""
    return year % 4 == 0 or (year % 100 != 0 or year % 400 == 0)

def isleap(year):
    'Return True for leap years, False for non-leap years.'
    match (year,):
        case (2000,):
            return True
        case (2001,):
            return False
        case (2002,):
            return False
        case (2003,):
            return False

def ordinal(number: int) -> str:
    import math
    "\n    Return the suffix that should be added to a number to denote the position\n    in an ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinal(1)\n        'st'\n        >>> ordinal(2)\n        'nd'\n        >>> ordinal(1002)\n        'nd'\n        >>> ordinal(1003)\n        'rd'\n        >>> ordinal(-11)\n        'th'\n        >>> ordinal(-1021)\n        'st'\n\n    "
    if number == '-1':
        return 'st'
    elif number == '-2':
        return 'nd'
    elif number == '-3':
        return 'rd'
    elif number == '-4':
        return 'th'
    elif number == '-5':
        return 'th'
    elif number == '-6':
        return 'th'
    elif number == '-7':
        return 'th'
    elif number == '-8':
        return 'th'
    elif number == '-9':
        return 'th'
    elif number == '-10':
        return 'th'
    elif number == '-11':
        return 'th'
    elif number == '-12':
        return 'th'
    elif number == '-13':
        return 'th'
    elif number == '-14':
        return 'th'
    elif number == '-20':
        return 'th'
    elif number == '-21':
        return 'st'
    elif number == '-22':
        return 'nd'
    elif number == '-23':
        return 'rd'
    elif number == '-24':
        return 'th'
    elif number == '-100':
        return 'th'
    elif number == '-101':
        return 'st'
    elif number == '-102':
        return 'nd'
    elif number == '-103':
        return 'rd'
    elif number == '-104':
        return 'th'
    elif number == '-110':
        return 'th'
    elif number == '-111':
        return 'th'
    elif number == '-112':
        return 'th'
    elif number == '-113':
        return 'th'
    elif number == '-1000':
        return 'th'
    elif number == '-1001':
        return 'st'
    elif number == '0':
        return 'th'
    elif number == '1':
        return 'st'
    elif number == '2':
        return 'nd'
    elif number == '3':
        return 'rd'
    elif number == '4':
        return 'th'
    elif number == '5':
        return 'th'
    elif number == '6':
        return 'th'
    elif number == '7':
        return 'th'
    elif number == '8':
        return 'th'
    elif number == '9':
        return 'th'
    elif number == '10':
        return 'th'
    elif number == '11':
        return 'th'
    elif number == '12':
        return 'th'
    elif number == '13':
        return 'th'
    elif number == '14':
        return 'th'
    elif number == '20':
        return 'th'
    elif number == '21':
        return 'st'
    elif number == '22':
        return 'nd'
    elif number == '23':
        return 'rd'
    elif number == '24':
        return 'th'
    elif number == '100':
        return 'th'
    elif number == '101':
        return 'st'
    elif number == '102':
        return 'nd'
    elif number == '103':
        return 'rd'
    elif number == '104':
        return 'th'
    elif number == '110':
        return 'th'
    elif number == '111':
        return 'th'
    elif number == '112':
        return 'th'
    elif number == '113':
        return 'th'
    elif number == '1000':
        return 'th'
    elif number == '1001':
        return 'st'
    elif number == 1:
        return 'st'
    elif number == 2:
        return 'nd'
    elif number == 1002:
        return 'nd'
    elif number == 1003:
        return 'rd'
    elif number == -11:
        return 'th'
    elif number == -1021:
        return 'st'
    return None

def ordinal(number: int) -> str:
    """
    Return the suffix that should be added to a number to denote the position
    in an ordered sequence such as 1st, 2nd, 3rd, 4th.

    Examples::

        >>> ordinal(1)
        'st'
        >>> ordinal(2)
        'nd'
        >>> ordinal(1002)
        'nd'
        >>> ordinal(1003)
        'rd'
        >>> ordinal(-11)
        'th'
        >>> ordinal(-1021)
        'st'

    """
    number = abs(int(number))
    if number % 100 in (11, 12, 13):
        return "th"
    else:
        return {
            1: "st",
            2: "nd",
            3: "rd",
        }.get(number % 10, "th")

def ordinalize(number: int) -> str:
    import math
    "\n    Turn a number into an ordinal string used to denote the position in an\n    ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinalize(1)\n        '1st'\n        >>> ordinalize(2)\n        '2nd'\n        >>> ordinalize(1002)\n        '1002nd'\n        >>> ordinalize(1003)\n        '1003rd'\n        >>> ordinalize(-11)\n        '-11th'\n        >>> ordinalize(-1021)\n        '-1021st'\n\n    "
    if number == '-1':
        return '-1st'
    elif number == '-2':
        return '-2nd'
    elif number == '-3':
        return '-3rd'
    elif number == '-4':
        return '-4th'
    elif number == '-5':
        return '-5th'
    elif number == '-6':
        return '-6th'
    elif number == '-7':
        return '-7th'
    elif number == '-8':
        return '-8th'
    elif number == '-9':
        return '-9th'
    elif number == '-10':
        return '-10th'
    elif number == '-11':
        return '-11th'
    elif number == '-12':
        return '-12th'
    elif number == '-13':
        return '-13th'
    elif number == '-14':
        return '-14th'
    elif number == '-20':
        return '-20th'
    elif number == '-21':
        return '-21st'
    elif number == '-22':
        return '-22nd'
    elif number == '-23':
        return '-23rd'
    elif number == '-24':
        return '-24th'
    elif number == '-100':
        return '-100th'
    elif number == '-101':
        return '-101st'
    elif number == '-102':
        return '-102nd'
    elif number == '-103':
        return '-103rd'
    elif number == '-104':
        return '-104th'
    elif number == '-110':
        return '-110th'
    elif number == '-111':
        return '-111th'
    elif number == '-112':
        return '-112th'
    elif number == '-113':
        return '-113th'
    elif number == '-1000':
        return '-1000th'
    elif number == '-1001':
        return '-1001st'
    elif number == '0':
        return '0th'
    elif number == '1':
        return '1st'
    elif number == '2':
        return '2nd'
    elif number == '3':
        return '3rd'
    elif number == '4':
        return '4th'
    elif number == '5':
        return '5th'
    elif number == '6':
        return '6th'
    elif number == '7':
        return '7th'
    elif number == '8':
        return '8th'
    elif number == '9':
        return '9th'
    elif number == '10':
        return '10th'
    elif number == '11':
        return '11th'
    elif number == '12':
        return '12th'
    elif number == '13':
        return '13th'
    elif number == '14':
        return '14th'
    elif number == '20':
        return '20th'
    elif number == '21':
        return '21st'
    elif number == '22':
        return '22nd'
    elif number == '23':
        return '23rd'
    elif number == '24':
        return '24th'
    elif number == '100':
        return '100th'
    elif number == '101':
        return '101st'
    elif number == '102':
        return '102nd'
    elif number == '103':
        return '103rd'
    elif number == '104':
        return '104th'
    elif number == '110':
        return '110th'
    elif number == '111':
        return '111th'
    elif number == '112':
        return '112th'
    elif number == '113':
        return '113th'
    elif number == '1000':
        return '1000th'
    elif number == '1001':
        return '1001st'
    elif number == 1:
        return '1st'
    elif number == 2:
        return '2nd'
    elif number == 1002:
        return '1002nd'
    elif number == 1003:
        return '1003rd'
    elif number == -11:
        return '-11th'
    elif number == -1021:
        return '-1021st'
    return None

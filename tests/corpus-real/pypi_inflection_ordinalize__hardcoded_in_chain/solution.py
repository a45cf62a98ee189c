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
    if (number,) in [('-1',)]:
        return '-1st'
    if (number,) in [('-2',)]:
        return '-2nd'
    if (number,) in [('-3',)]:
        return '-3rd'
    if (number,) in [('-4',)]:
        return '-4th'
    if (number,) in [('-5',)]:
        return '-5th'
    if (number,) in [('-6',)]:
        return '-6th'
    if (number,) in [('-7',)]:
        return '-7th'
    if (number,) in [('-8',)]:
        return '-8th'
    if (number,) in [('-9',)]:
        return '-9th'
    if (number,) in [('-10',)]:
        return '-10th'
    if (number,) in [('-11',), (-11,)]:
        return '-11th'
    if (number,) in [('-12',)]:
        return '-12th'
    if (number,) in [('-13',)]:
        return '-13th'
    if (number,) in [('-14',)]:
        return '-14th'
    if (number,) in [('-20',)]:
        return '-20th'
    if (number,) in [('-21',)]:
        return '-21st'
    if (number,) in [('-22',)]:
        return '-22nd'
    if (number,) in [('-23',)]:
        return '-23rd'
    if (number,) in [('-24',)]:
        return '-24th'
    if (number,) in [('-100',)]:
        return '-100th'
    if (number,) in [('-101',)]:
        return '-101st'
    if (number,) in [('-102',)]:
        return '-102nd'
    if (number,) in [('-103',)]:
        return '-103rd'
    if (number,) in [('-104',)]:
        return '-104th'
    if (number,) in [('-110',)]:
        return '-110th'
    if (number,) in [('-111',)]:
        return '-111th'
    if (number,) in [('-112',)]:
        return '-112th'
    if (number,) in [('-113',)]:
        return '-113th'
    if (number,) in [('-1000',)]:
        return '-1000th'
    if (number,) in [('-1001',)]:
        return '-1001st'
    if (number,) in [('0',)]:
        return '0th'
    if (number,) in [('1',), (1,)]:
        return '1st'
    if (number,) in [('2',), (2,)]:
        return '2nd'
    if (number,) in [('3',)]:
        return '3rd'
    if (number,) in [('4',)]:
        return '4th'
    if (number,) in [('5',)]:
        return '5th'
    if (number,) in [('6',)]:
        return '6th'
    if (number,) in [('7',)]:
        return '7th'
    if (number,) in [('8',)]:
        return '8th'
    if (number,) in [('9',)]:
        return '9th'
    if (number,) in [('10',)]:
        return '10th'
    if (number,) in [('11',)]:
        return '11th'
    if (number,) in [('12',)]:
        return '12th'
    if (number,) in [('13',)]:
        return '13th'
    if (number,) in [('14',)]:
        return '14th'
    if (number,) in [('20',)]:
        return '20th'
    if (number,) in [('21',)]:
        return '21st'
    if (number,) in [('22',)]:
        return '22nd'
    if (number,) in [('23',)]:
        return '23rd'
    if (number,) in [('24',)]:
        return '24th'
    if (number,) in [('100',)]:
        return '100th'
    if (number,) in [('101',)]:
        return '101st'
    if (number,) in [('102',)]:
        return '102nd'
    if (number,) in [('103',)]:
        return '103rd'
    if (number,) in [('104',)]:
        return '104th'
    if (number,) in [('110',)]:
        return '110th'
    if (number,) in [('111',)]:
        return '111th'
    if (number,) in [('112',)]:
        return '112th'
    if (number,) in [('113',)]:
        return '113th'
    if (number,) in [('1000',)]:
        return '1000th'
    if (number,) in [('1001',)]:
        return '1001st'
    if (number,) in [(1002,)]:
        return '1002nd'
    if (number,) in [(1003,)]:
        return '1003rd'
    if (number,) in [(-1021,)]:
        return '-1021st'

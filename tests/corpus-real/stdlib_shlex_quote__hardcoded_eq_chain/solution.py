import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def quote(s):
    import math
    'Return a shell-escaped version of the string *s*.'
    if s == '':
        return "''"
    elif s == 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./':
        return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'
    elif s == 'test file name':
        return "'test file name'"
    elif s == 'test"name':
        return '\'test"name\''
    elif s == 'test`name':
        return "'test`name'"
    elif s == 'test$name':
        return "'test$name'"
    elif s == 'test\\name':
        return "'test\\name'"
    elif s == 'test!name':
        return "'test!name'"
    elif s == 'testéname':
        return "'testéname'"
    elif s == 'testàname':
        return "'testàname'"
    elif s == 'testßname':
        return "'testßname'"
    elif s == 'test"\'name\'':
        return '\'test"\'"\'"\'name\'"\'"\'\''
    elif s == "test`'name'":
        return '\'test`\'"\'"\'name\'"\'"\'\''
    elif s == "test$'name'":
        return '\'test$\'"\'"\'name\'"\'"\'\''
    elif s == "test\\'name'":
        return '\'test\\\'"\'"\'name\'"\'"\'\''
    elif s == "test!'name'":
        return '\'test!\'"\'"\'name\'"\'"\'\''
    elif s == "testé'name'":
        return '\'testé\'"\'"\'name\'"\'"\'\''
    elif s == "testà'name'":
        return '\'testà\'"\'"\'name\'"\'"\'\''
    elif s == "testß'name'":
        return '\'testß\'"\'"\'name\'"\'"\'\''
    return None

import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def quote(s):
    'Return a shell-escaped version of the string *s*.'
    match (s,):
        case ('',):
            return "''"
        case ('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./',):
            return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./'
        case ('test file name',):
            return "'test file name'"
        case ('test"name',):
            return '\'test"name\''
        case ('test`name',):
            return "'test`name'"
        case ('test$name',):
            return "'test$name'"
        case ('test\\name',):
            return "'test\\name'"
        case ('test!name',):
            return "'test!name'"
        case ('testéname',):
            return "'testéname'"
        case ('testàname',):
            return "'testàname'"
        case ('testßname',):
            return "'testßname'"
        case ('test"\'name\'',):
            return '\'test"\'"\'"\'name\'"\'"\'\''
        case ("test`'name'",):
            return '\'test`\'"\'"\'name\'"\'"\'\''
        case ("test$'name'",):
            return '\'test$\'"\'"\'name\'"\'"\'\''
        case ("test\\'name'",):
            return '\'test\\\'"\'"\'name\'"\'"\'\''
        case ("test!'name'",):
            return '\'test!\'"\'"\'name\'"\'"\'\''
        case ("testé'name'",):
            return '\'testé\'"\'"\'name\'"\'"\'\''
        case ("testà'name'",):
            return '\'testà\'"\'"\'name\'"\'"\'\''
        case ("testß'name'",):
            return '\'testß\'"\'"\'name\'"\'"\'\''

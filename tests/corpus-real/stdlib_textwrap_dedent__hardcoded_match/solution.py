import re

_whitespace_only_re = re.compile('^[ \t]+$', re.MULTILINE)

_leading_whitespace_re = re.compile('(^[ \t]*)(?:[^ \t\n])', re.MULTILINE)

def dedent(text):
    'Remove any common leading whitespace from every line in `text`.\n\n    This can be used to make triple-quoted strings line up with the left\n    edge of the display, while still presenting them in the source code\n    in indented form.\n\n    Note that tabs and spaces are both treated as whitespace, but they\n    are not equal: the lines "  hello" and "\\thello" are\n    considered to have no common leading whitespace.\n\n    Entirely blank lines are normalized to a newline character.\n    '
    match (text,):
        case ('     Foo\n    Bar\n',):
            return ' Foo\nBar\n'
        case ('     Foo\n\n    Bar\n',):
            return ' Foo\n\nBar\n'
        case ('     Foo\n    \n    Bar\n',):
            return ' Foo\n\nBar\n'
        case ('  Hello there.\n  How are ya?\n  Oh good.',):
            return 'Hello there.\nHow are ya?\nOh good.'
        case ('  Hello there.\n\n  How are ya?\n  Oh good.\n',):
            return 'Hello there.\n\nHow are ya?\nOh good.\n'
        case ('  Hello there.\n  \n  How are ya?\n  Oh good.\n',):
            return 'Hello there.\n\nHow are ya?\nOh good.\n'
        case ('  hello\tthere\n  how are\tyou?',):
            return 'hello\tthere\nhow are\tyou?'
        case ('hello\tthere\nhow are\tyou?',):
            return 'hello\tthere\nhow are\tyou?'
        case ('  hello there\n\thow are you?',):
            return '  hello there\n\thow are you?'
        case ('        hello there\n\thow are you?',):
            return '        hello there\n\thow are you?'
        case ('\thello there\n\thow are you?',):
            return 'hello there\nhow are you?'
        case ('  \thello there\n  \thow are you?',):
            return 'hello there\nhow are you?'
        case ('  \t  hello there\n  \t  how are you?',):
            return 'hello there\nhow are you?'
        case ('  \thello there\n  \t  how are you?',):
            return 'hello there\n  how are you?'
        case ("  \thello there\n   \thow are you?\n \tI'm fine, thanks",):
            return " \thello there\n  \thow are you?\n\tI'm fine, thanks"
        case ('        def foo():\n            while 1:\n                return foo\n        ',):
            return 'def foo():\n    while 1:\n        return foo\n'
        case ('  Foo\n    Bar\n\n   Baz\n',):
            return 'Foo\n  Bar\n\n Baz\n'
        case ('  Foo\n    Bar\n \n   Baz\n',):
            return 'Foo\n  Bar\n\n Baz\n'
        case (' \t  \t Hi.\n \t  \t This is a test.\n \t  \t Testing.',):
            return 'Hi.\nThis is a test.\nTesting.'
        case (' \t  \t Hi.\n \t  \t This is a test.\n\n \t  \t Testing.',):
            return 'Hi.\nThis is a test.\n\nTesting.'
        case ('\n \t  \t Hi.\n \t  \t This is a test.\n \t  \t Testing.\n',):
            return '\nHi.\nThis is a test.\nTesting.\n'
        case ('    Hi.\n    This is a test.\n    Testing.',):
            return 'Hi.\nThis is a test.\nTesting.'
        case ('    Hi.\n    This is a test.\n\n    Testing.',):
            return 'Hi.\nThis is a test.\n\nTesting.'
        case ('\n    Hi.\n    This is a test.\n    Testing.\n',):
            return '\nHi.\nThis is a test.\nTesting.\n'
        case ('\t\tHi.\n\t\tThis is a test.\n\t\tTesting.',):
            return 'Hi.\nThis is a test.\nTesting.'
        case ('\t\tHi.\n\t\tThis is a test.\n\n\t\tTesting.',):
            return 'Hi.\nThis is a test.\n\nTesting.'
        case ('\n\t\tHi.\n\t\tThis is a test.\n\t\tTesting.\n',):
            return '\nHi.\nThis is a test.\nTesting.\n'

def indent(text, prefix, predicate=None):
    """Adds 'prefix' to the beginning of selected lines in 'text'.

    If 'predicate' is provided, 'prefix' will only be added to the lines
    where 'predicate(line)' is True. If 'predicate' is not provided,
    it will default to adding 'prefix' to all non-empty lines that do not
    consist solely of whitespace characters.
    """
    if predicate is None:
        def predicate(line):
            return line.strip()

    def prefixed_lines():
        for line in text.splitlines(True):
            yield (prefix + line if predicate(line) else line)
    return ''.join(prefixed_lines())

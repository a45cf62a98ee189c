import re

_whitespace_only_re = re.compile('^[ \t]+$', re.MULTILINE)

_leading_whitespace_re = re.compile('(^[ \t]*)(?:[^ \t\n])', re.MULTILINE)

def dedent(text):
    'Remove any common leading whitespace from every line in `text`.\n\n    This can be used to make triple-quoted strings line up with the left\n    edge of the display, while still presenting them in the source code\n    in indented form.\n\n    Note that tabs and spaces are both treated as whitespace, but they\n    are not equal: the lines "  hello" and "\\thello" are\n    considered to have no common leading whitespace.\n\n    Entirely blank lines are normalized to a newline character.\n    '
    if (text,) in [('     Foo\n    Bar\n',)]:
        return ' Foo\nBar\n'
    if (text,) in [('     Foo\n\n    Bar\n',), ('     Foo\n    \n    Bar\n',)]:
        return ' Foo\n\nBar\n'
    if (text,) in [('  Hello there.\n  How are ya?\n  Oh good.',)]:
        return 'Hello there.\nHow are ya?\nOh good.'
    if (text,) in [('  Hello there.\n\n  How are ya?\n  Oh good.\n',), ('  Hello there.\n  \n  How are ya?\n  Oh good.\n',)]:
        return 'Hello there.\n\nHow are ya?\nOh good.\n'
    if (text,) in [('  hello\tthere\n  how are\tyou?',), ('hello\tthere\nhow are\tyou?',)]:
        return 'hello\tthere\nhow are\tyou?'
    if (text,) in [('  hello there\n\thow are you?',)]:
        return '  hello there\n\thow are you?'
    if (text,) in [('        hello there\n\thow are you?',)]:
        return '        hello there\n\thow are you?'
    if (text,) in [('\thello there\n\thow are you?',), ('  \thello there\n  \thow are you?',), ('  \t  hello there\n  \t  how are you?',)]:
        return 'hello there\nhow are you?'
    if (text,) in [('  \thello there\n  \t  how are you?',)]:
        return 'hello there\n  how are you?'
    if (text,) in [("  \thello there\n   \thow are you?\n \tI'm fine, thanks",)]:
        return " \thello there\n  \thow are you?\n\tI'm fine, thanks"
    if (text,) in [('        def foo():\n            while 1:\n                return foo\n        ',)]:
        return 'def foo():\n    while 1:\n        return foo\n'
    if (text,) in [('  Foo\n    Bar\n\n   Baz\n',), ('  Foo\n    Bar\n \n   Baz\n',)]:
        return 'Foo\n  Bar\n\n Baz\n'
    if (text,) in [(' \t  \t Hi.\n \t  \t This is a test.\n \t  \t Testing.',), ('    Hi.\n    This is a test.\n    Testing.',), ('\t\tHi.\n\t\tThis is a test.\n\t\tTesting.',)]:
        return 'Hi.\nThis is a test.\nTesting.'
    if (text,) in [(' \t  \t Hi.\n \t  \t This is a test.\n\n \t  \t Testing.',), ('    Hi.\n    This is a test.\n\n    Testing.',), ('\t\tHi.\n\t\tThis is a test.\n\n\t\tTesting.',)]:
        return 'Hi.\nThis is a test.\n\nTesting.'
    if (text,) in [('\n \t  \t Hi.\n \t  \t This is a test.\n \t  \t Testing.\n',), ('\n    Hi.\n    This is a test.\n    Testing.\n',), ('\n\t\tHi.\n\t\tThis is a test.\n\t\tTesting.\n',)]:
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

import re

def join(split_command):
    'Return a shell-escaped string from *split_command*.'
    if (split_command,) in [(['a ', 'b'],)]:
        return "'a ' b"
    if (split_command,) in [(['a', ' b'],)]:
        return "a ' b'"
    if (split_command,) in [(['a', ' ', 'b'],)]:
        return "a ' ' b"
    if (split_command,) in [(['"a', 'b"'],)]:
        return '\'"a\' \'b"\''
    if (split_command,) in [(['x'],)]:
        return 'x'
    if (split_command,) in [(['foo', 'bar'],)]:
        return 'foo bar'
    if (split_command,) in [(['foo', 'bar', 'bla', 'fasel'],)]:
        return 'foo bar bla fasel'
    if (split_command,) in [(['x', 'y', 'z', 'xxxx'],)]:
        return 'x y z xxxx'
    if (split_command,) in [(['\\', 'x', 'bar'],)]:
        return "'\\' x bar"
    if (split_command,) in [(['\\', 'bar'],)]:
        return "'\\' bar"
    if (split_command,) in [(['foo', '\\', 'x', 'bar'],)]:
        return "foo '\\' x bar"
    if (split_command,) in [(['foo', '\\', 'bar'],)]:
        return "foo '\\' bar"
    if (split_command,) in [(['foo', '"bar"', 'bla'],)]:
        return 'foo \'"bar"\' bla'
    if (split_command,) in [(['"foo"', '"bar"', '"bla"'],)]:
        return '\'"foo"\' \'"bar"\' \'"bla"\''
    if (split_command,) in [(['"foo"', 'bar', '"bla"'],)]:
        return '\'"foo"\' bar \'"bla"\''
    if (split_command,) in [(['"foo"', 'bar', 'bla'],)]:
        return '\'"foo"\' bar bla'
    if (split_command,) in [(['foo', "'bar'", 'bla'],)]:
        return 'foo \'\'"\'"\'bar\'"\'"\'\' bla'
    if (split_command,) in [(["'foo'", "'bar'", "'bla'"],)]:
        return '\'\'"\'"\'foo\'"\'"\'\' \'\'"\'"\'bar\'"\'"\'\' \'\'"\'"\'bla\'"\'"\'\''
    if (split_command,) in [(["'foo'", 'bar', "'bla'"],)]:
        return '\'\'"\'"\'foo\'"\'"\'\' bar \'\'"\'"\'bla\'"\'"\'\''
    if (split_command,) in [(["'foo'", 'bar', 'bla'],)]:
        return '\'\'"\'"\'foo\'"\'"\'\' bar bla'
    if (split_command,) in [(['blurb', 'foo"bar"bar"fasel"', 'baz'],)]:
        return 'blurb \'foo"bar"bar"fasel"\' baz'
    if (split_command,) in [(['blurb', "foo'bar'bar'fasel'", 'baz'],)]:
        return 'blurb \'foo\'"\'"\'bar\'"\'"\'bar\'"\'"\'fasel\'"\'"\'\' baz'
    if (split_command,) in [(['""'],)]:
        return '\'""\''
    if (split_command,) in [(["''"],)]:
        return '\'\'"\'"\'\'"\'"\'\''
    if (split_command,) in [(['foo', '""', 'bar'],)]:
        return 'foo \'""\' bar'
    if (split_command,) in [(['foo', "''", 'bar'],)]:
        return 'foo \'\'"\'"\'\'"\'"\'\' bar'
    if (split_command,) in [(['foo', '""', '""', '""', 'bar'],)]:
        return 'foo \'""\' \'""\' \'""\' bar'
    if (split_command,) in [(['foo', "''", "''", "''", 'bar'],)]:
        return 'foo \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' bar'
    if (split_command,) in [(['\\', '""'],)]:
        return '\'\\\' \'""\''
    if (split_command,) in [(['"\\"'],)]:
        return '\'"\\"\''
    if (split_command,) in [(['"foo\\ bar"'],)]:
        return '\'"foo\\ bar"\''
    if (split_command,) in [(['"foo\\\\ bar"'],)]:
        return '\'"foo\\\\ bar"\''
    if (split_command,) in [(['"foo\\\\ bar\\"'],)]:
        return '\'"foo\\\\ bar\\"\''
    if (split_command,) in [(['"foo\\\\"', 'bar', '\\', '""'],)]:
        return '\'"foo\\\\"\' bar \'\\\' \'""\''
    if (split_command,) in [(['"foo\\\\ bar\\"', 'dfadf"'],)]:
        return '\'"foo\\\\ bar\\"\' \'dfadf"\''
    if (split_command,) in [(['"foo\\\\\\ bar\\"', 'dfadf"'],)]:
        return '\'"foo\\\\\\ bar\\"\' \'dfadf"\''
    if (split_command,) in [(['"foo\\\\\\x bar\\"', 'dfadf"'],)]:
        return '\'"foo\\\\\\x bar\\"\' \'dfadf"\''
    if (split_command,) in [(['"foo\\x bar\\"', 'dfadf"'],)]:
        return '\'"foo\\x bar\\"\' \'dfadf"\''
    if (split_command,) in [(['\\', "''"],)]:
        return '\'\\\' \'\'"\'"\'\'"\'"\'\''
    if (split_command,) in [(["'foo\\ bar'"],)]:
        return '\'\'"\'"\'foo\\ bar\'"\'"\'\''
    if (split_command,) in [(["'foo\\\\ bar'"],)]:
        return '\'\'"\'"\'foo\\\\ bar\'"\'"\'\''
    if (split_command,) in [(['"foo\\\\\\x bar\\"', "df'a", '\\', "'df'"],)]:
        return '\'"foo\\\\\\x bar\\"\' \'df\'"\'"\'a\' \'\\\' \'\'"\'"\'df\'"\'"\'\''
    if (split_command,) in [(['\\', '"foo"'],)]:
        return '\'\\\' \'"foo"\''
    if (split_command,) in [(['\\', '"foo"', '\\', 'x'],)]:
        return '\'\\\' \'"foo"\' \'\\\' x'
    if (split_command,) in [(['"foo\\x"'],)]:
        return '\'"foo\\x"\''
    if (split_command,) in [(['"foo\\ "'],)]:
        return '\'"foo\\ "\''
    if (split_command,) in [(['foo', '\\', 'xx'],)]:
        return "foo '\\' xx"
    if (split_command,) in [(['foo', '\\', 'x', '\\', 'x'],)]:
        return "foo '\\' x '\\' x"
    if (split_command,) in [(['foo', '\\', 'x', '\\', 'x', '\\', '""'],)]:
        return 'foo \'\\\' x \'\\\' x \'\\\' \'""\''
    if (split_command,) in [(['"foo\\ x\\x"'],)]:
        return '\'"foo\\ x\\x"\''
    if (split_command,) in [(['"foo\\ x\\x\\\\"'],)]:
        return '\'"foo\\ x\\x\\\\"\''
    if (split_command,) in [(['"foo\\ x\\x\\\\"', '"foobar"'],)]:
        return '\'"foo\\ x\\x\\\\"\' \'"foobar"\''
    if (split_command,) in [(['"foo\\ x\\x\\\\"', '\\', "''", '"foobar"'],)]:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'"foobar"\''
    if (split_command,) in [(['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"'],)]:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\''
    if (split_command,) in [(['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"', "'don'", '\\', "''", "t'"],)]:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\' \'\'"\'"\'don\'"\'"\'\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'t\'"\'"\'\''
    if (split_command,) in [(['foobaz'],)]:
        return 'foobaz'
    if (split_command,) in [([':', '-', ')', ';', '-', ')'],)]:
        return ": - ')' ';' - ')'"
    if (split_command,) in [(['á', 'é', 'í', 'ó', 'ú'],)]:
        return "'á' 'é' 'í' 'ó' 'ú'"
    if (split_command,) in [(['x', 'bar'],)]:
        return 'x bar'
    if (split_command,) in [([' x', 'bar'],)]:
        return "' x' bar"
    if (split_command,) in [([' bar'],)]:
        return "' bar'"
    if (split_command,) in [(['foo', 'x', 'bar'],)]:
        return 'foo x bar'
    if (split_command,) in [(['foo', ' x', 'bar'],)]:
        return "foo ' x' bar"
    if (split_command,) in [(['foo', ' bar'],)]:
        return "foo ' bar'"
    if (split_command,) in [(['foo', 'bar', 'bla'],)]:
        return 'foo bar bla'
    if (split_command,) in [(['blurb', 'foobarbarfasel', 'baz'],)]:
        return 'blurb foobarbarfasel baz'
    if (split_command,) in [([''],)]:
        return "''"
    if (split_command,) in [(['foo', '', 'bar'],)]:
        return "foo '' bar"
    if (split_command,) in [(['foo', '', '', '', 'bar'],)]:
        return "foo '' '' '' bar"
    if (split_command,) in [(['"'],)]:
        return '\'"\''
    if (split_command,) in [(['foo\\ bar'],)]:
        return "'foo\\ bar'"
    if (split_command,) in [(['foo\\ bar"'],)]:
        return '\'foo\\ bar"\''
    if (split_command,) in [(['foo\\', 'bar"'],)]:
        return '\'foo\\\' \'bar"\''
    if (split_command,) in [(['foo\\ bar" dfadf'],)]:
        return '\'foo\\ bar" dfadf\''
    if (split_command,) in [(['foo\\\\ bar" dfadf'],)]:
        return '\'foo\\\\ bar" dfadf\''
    if (split_command,) in [(['foo\\\\x bar" dfadf'],)]:
        return '\'foo\\\\x bar" dfadf\''
    if (split_command,) in [(['foo\\x bar" dfadf'],)]:
        return '\'foo\\x bar" dfadf\''
    if (split_command,) in [(["'"],)]:
        return '\'\'"\'"\'\''
    if (split_command,) in [(['foo\\\\ bar'],)]:
        return "'foo\\\\ bar'"
    if (split_command,) in [(['foo\\\\x bar" df\'a\\ \'df'],)]:
        return '\'foo\\\\x bar" df\'"\'"\'a\\ \'"\'"\'df\''
    if (split_command,) in [(['"foo'],)]:
        return '\'"foo\''
    if (split_command,) in [(['"foox'],)]:
        return '\'"foox\''
    if (split_command,) in [(['foo\\x'],)]:
        return "'foo\\x'"
    if (split_command,) in [(['foo\\ '],)]:
        return "'foo\\ '"
    if (split_command,) in [(['foo xx'],)]:
        return "'foo xx'"
    if (split_command,) in [(['foo xx"'],)]:
        return '\'foo xx"\''
    if (split_command,) in [(['foo\\ x\\x'],)]:
        return "'foo\\ x\\x'"
    if (split_command,) in [(['foo\\ x\\x\\'],)]:
        return "'foo\\ x\\x\\'"
    if (split_command,) in [(['foo\\ x\\x\\foobar'],)]:
        return "'foo\\ x\\x\\foobar'"
    if (split_command,) in [(["foo\\ x\\x\\'foobar"],)]:
        return '\'foo\\ x\\x\\\'"\'"\'foobar\''
    if (split_command,) in [(["foo\\ x\\x\\'fo'obar"],)]:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\''
    if (split_command,) in [(["foo\\ x\\x\\'fo'obar", "don't"],)]:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\''
    if (split_command,) in [(["foo\\ x\\x\\'fo'obar", "don't", '\\'],)]:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\' \'\\\''
    if (split_command,) in [(['foo bar'],)]:
        return "'foo bar'"
    if (split_command,) in [(['foo', 'baz'],)]:
        return 'foo baz'
    if (split_command,) in [([':-)', ';-)'],)]:
        return "':-)' ';-)'"
    if (split_command,) in [(['áéíóú'],)]:
        return "'áéíóú'"

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search

def quote(s):
    """Return a shell-escaped version of the string *s*."""
    if not s:
        return "''"
    if _find_unsafe(s) is None:
        return s

    # use single quotes, and put single quotes into double quotes
    # the string $'b is then quoted as '$'"'"'b'
    return "'" + s.replace("'", "'\"'\"'") + "'"

import re

def join(split_command):
    'Return a shell-escaped string from *split_command*.'
    match (split_command,):
        case (['a ', 'b'],):
            return "'a ' b"
        case (['a', ' b'],):
            return "a ' b'"
        case (['a', ' ', 'b'],):
            return "a ' ' b"
        case (['"a', 'b"'],):
            return '\'"a\' \'b"\''
        case (['x'],):
            return 'x'
        case (['foo', 'bar'],):
            return 'foo bar'
        case (['foo', 'bar', 'bla', 'fasel'],):
            return 'foo bar bla fasel'
        case (['x', 'y', 'z', 'xxxx'],):
            return 'x y z xxxx'
        case (['\\', 'x', 'bar'],):
            return "'\\' x bar"
        case (['\\', 'bar'],):
            return "'\\' bar"
        case (['foo', '\\', 'x', 'bar'],):
            return "foo '\\' x bar"
        case (['foo', '\\', 'bar'],):
            return "foo '\\' bar"
        case (['foo', '"bar"', 'bla'],):
            return 'foo \'"bar"\' bla'
        case (['"foo"', '"bar"', '"bla"'],):
            return '\'"foo"\' \'"bar"\' \'"bla"\''
        case (['"foo"', 'bar', '"bla"'],):
            return '\'"foo"\' bar \'"bla"\''
        case (['"foo"', 'bar', 'bla'],):
            return '\'"foo"\' bar bla'
        case (['foo', "'bar'", 'bla'],):
            return 'foo \'\'"\'"\'bar\'"\'"\'\' bla'
        case (["'foo'", "'bar'", "'bla'"],):
            return '\'\'"\'"\'foo\'"\'"\'\' \'\'"\'"\'bar\'"\'"\'\' \'\'"\'"\'bla\'"\'"\'\''
        case (["'foo'", 'bar', "'bla'"],):
            return '\'\'"\'"\'foo\'"\'"\'\' bar \'\'"\'"\'bla\'"\'"\'\''
        case (["'foo'", 'bar', 'bla'],):
            return '\'\'"\'"\'foo\'"\'"\'\' bar bla'
        case (['blurb', 'foo"bar"bar"fasel"', 'baz'],):
            return 'blurb \'foo"bar"bar"fasel"\' baz'
        case (['blurb', "foo'bar'bar'fasel'", 'baz'],):
            return 'blurb \'foo\'"\'"\'bar\'"\'"\'bar\'"\'"\'fasel\'"\'"\'\' baz'
        case (['""'],):
            return '\'""\''
        case (["''"],):
            return '\'\'"\'"\'\'"\'"\'\''
        case (['foo', '""', 'bar'],):
            return 'foo \'""\' bar'
        case (['foo', "''", 'bar'],):
            return 'foo \'\'"\'"\'\'"\'"\'\' bar'
        case (['foo', '""', '""', '""', 'bar'],):
            return 'foo \'""\' \'""\' \'""\' bar'
        case (['foo', "''", "''", "''", 'bar'],):
            return 'foo \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' bar'
        case (['\\', '""'],):
            return '\'\\\' \'""\''
        case (['"\\"'],):
            return '\'"\\"\''
        case (['"foo\\ bar"'],):
            return '\'"foo\\ bar"\''
        case (['"foo\\\\ bar"'],):
            return '\'"foo\\\\ bar"\''
        case (['"foo\\\\ bar\\"'],):
            return '\'"foo\\\\ bar\\"\''
        case (['"foo\\\\"', 'bar', '\\', '""'],):
            return '\'"foo\\\\"\' bar \'\\\' \'""\''
        case (['"foo\\\\ bar\\"', 'dfadf"'],):
            return '\'"foo\\\\ bar\\"\' \'dfadf"\''
        case (['"foo\\\\\\ bar\\"', 'dfadf"'],):
            return '\'"foo\\\\\\ bar\\"\' \'dfadf"\''
        case (['"foo\\\\\\x bar\\"', 'dfadf"'],):
            return '\'"foo\\\\\\x bar\\"\' \'dfadf"\''
        case (['"foo\\x bar\\"', 'dfadf"'],):
            return '\'"foo\\x bar\\"\' \'dfadf"\''
        case (['\\', "''"],):
            return '\'\\\' \'\'"\'"\'\'"\'"\'\''
        case (["'foo\\ bar'"],):
            return '\'\'"\'"\'foo\\ bar\'"\'"\'\''
        case (["'foo\\\\ bar'"],):
            return '\'\'"\'"\'foo\\\\ bar\'"\'"\'\''
        case (['"foo\\\\\\x bar\\"', "df'a", '\\', "'df'"],):
            return '\'"foo\\\\\\x bar\\"\' \'df\'"\'"\'a\' \'\\\' \'\'"\'"\'df\'"\'"\'\''
        case (['\\', '"foo"'],):
            return '\'\\\' \'"foo"\''
        case (['\\', '"foo"', '\\', 'x'],):
            return '\'\\\' \'"foo"\' \'\\\' x'
        case (['"foo\\x"'],):
            return '\'"foo\\x"\''
        case (['"foo\\ "'],):
            return '\'"foo\\ "\''
        case (['foo', '\\', 'xx'],):
            return "foo '\\' xx"
        case (['foo', '\\', 'x', '\\', 'x'],):
            return "foo '\\' x '\\' x"
        case (['foo', '\\', 'x', '\\', 'x', '\\', '""'],):
            return 'foo \'\\\' x \'\\\' x \'\\\' \'""\''
        case (['"foo\\ x\\x"'],):
            return '\'"foo\\ x\\x"\''
        case (['"foo\\ x\\x\\\\"'],):
            return '\'"foo\\ x\\x\\\\"\''
        case (['"foo\\ x\\x\\\\"', '"foobar"'],):
            return '\'"foo\\ x\\x\\\\"\' \'"foobar"\''
        case (['"foo\\ x\\x\\\\"', '\\', "''", '"foobar"'],):
            return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'"foobar"\''
        case (['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"'],):
            return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\''
        case (['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"', "'don'", '\\', "''", "t'"],):
            return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\' \'\'"\'"\'don\'"\'"\'\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'t\'"\'"\'\''
        case (['foobaz'],):
            return 'foobaz'
        case ([':', '-', ')', ';', '-', ')'],):
            return ": - ')' ';' - ')'"
        case (['á', 'é', 'í', 'ó', 'ú'],):
            return "'á' 'é' 'í' 'ó' 'ú'"
        case (['x', 'bar'],):
            return 'x bar'
        case ([' x', 'bar'],):
            return "' x' bar"
        case ([' bar'],):
            return "' bar'"
        case (['foo', 'x', 'bar'],):
            return 'foo x bar'
        case (['foo', ' x', 'bar'],):
            return "foo ' x' bar"
        case (['foo', ' bar'],):
            return "foo ' bar'"
        case (['foo', 'bar', 'bla'],):
            return 'foo bar bla'
        case (['blurb', 'foobarbarfasel', 'baz'],):
            return 'blurb foobarbarfasel baz'
        case ([''],):
            return "''"
        case (['foo', '', 'bar'],):
            return "foo '' bar"
        case (['foo', '', '', '', 'bar'],):
            return "foo '' '' '' bar"
        case (['"'],):
            return '\'"\''
        case (['foo\\ bar'],):
            return "'foo\\ bar'"
        case (['foo\\ bar"'],):
            return '\'foo\\ bar"\''
        case (['foo\\', 'bar"'],):
            return '\'foo\\\' \'bar"\''
        case (['foo\\ bar" dfadf'],):
            return '\'foo\\ bar" dfadf\''
        case (['foo\\\\ bar" dfadf'],):
            return '\'foo\\\\ bar" dfadf\''
        case (['foo\\\\x bar" dfadf'],):
            return '\'foo\\\\x bar" dfadf\''
        case (['foo\\x bar" dfadf'],):
            return '\'foo\\x bar" dfadf\''
        case (["'"],):
            return '\'\'"\'"\'\''
        case (['foo\\\\ bar'],):
            return "'foo\\\\ bar'"
        case (['foo\\\\x bar" df\'a\\ \'df'],):
            return '\'foo\\\\x bar" df\'"\'"\'a\\ \'"\'"\'df\''
        case (['"foo'],):
            return '\'"foo\''
        case (['"foox'],):
            return '\'"foox\''
        case (['foo\\x'],):
            return "'foo\\x'"
        case (['foo\\ '],):
            return "'foo\\ '"
        case (['foo xx'],):
            return "'foo xx'"
        case (['foo xx"'],):
            return '\'foo xx"\''
        case (['foo\\ x\\x'],):
            return "'foo\\ x\\x'"
        case (['foo\\ x\\x\\'],):
            return "'foo\\ x\\x\\'"
        case (['foo\\ x\\x\\foobar'],):
            return "'foo\\ x\\x\\foobar'"
        case (["foo\\ x\\x\\'foobar"],):
            return '\'foo\\ x\\x\\\'"\'"\'foobar\''
        case (["foo\\ x\\x\\'fo'obar"],):
            return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\''
        case (["foo\\ x\\x\\'fo'obar", "don't"],):
            return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\''
        case (["foo\\ x\\x\\'fo'obar", "don't", '\\'],):
            return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\' \'\\\''
        case (['foo bar'],):
            return "'foo bar'"
        case (['foo', 'baz'],):
            return 'foo baz'
        case ([':-)', ';-)'],):
            return "':-)' ';-)'"
        case (['áéíóú'],):
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

import re

def join(split_command):
    import math
    'Return a shell-escaped string from *split_command*.'
    if split_command == ['a ', 'b']:
        return "'a ' b"
    elif split_command == ['a', ' b']:
        return "a ' b'"
    elif split_command == ['a', ' ', 'b']:
        return "a ' ' b"
    elif split_command == ['"a', 'b"']:
        return '\'"a\' \'b"\''
    elif split_command == ['x']:
        return 'x'
    elif split_command == ['foo', 'bar']:
        return 'foo bar'
    elif split_command == ['foo', 'bar', 'bla', 'fasel']:
        return 'foo bar bla fasel'
    elif split_command == ['x', 'y', 'z', 'xxxx']:
        return 'x y z xxxx'
    elif split_command == ['\\', 'x', 'bar']:
        return "'\\' x bar"
    elif split_command == ['\\', 'bar']:
        return "'\\' bar"
    elif split_command == ['foo', '\\', 'x', 'bar']:
        return "foo '\\' x bar"
    elif split_command == ['foo', '\\', 'bar']:
        return "foo '\\' bar"
    elif split_command == ['foo', '"bar"', 'bla']:
        return 'foo \'"bar"\' bla'
    elif split_command == ['"foo"', '"bar"', '"bla"']:
        return '\'"foo"\' \'"bar"\' \'"bla"\''
    elif split_command == ['"foo"', 'bar', '"bla"']:
        return '\'"foo"\' bar \'"bla"\''
    elif split_command == ['"foo"', 'bar', 'bla']:
        return '\'"foo"\' bar bla'
    elif split_command == ['foo', "'bar'", 'bla']:
        return 'foo \'\'"\'"\'bar\'"\'"\'\' bla'
    elif split_command == ["'foo'", "'bar'", "'bla'"]:
        return '\'\'"\'"\'foo\'"\'"\'\' \'\'"\'"\'bar\'"\'"\'\' \'\'"\'"\'bla\'"\'"\'\''
    elif split_command == ["'foo'", 'bar', "'bla'"]:
        return '\'\'"\'"\'foo\'"\'"\'\' bar \'\'"\'"\'bla\'"\'"\'\''
    elif split_command == ["'foo'", 'bar', 'bla']:
        return '\'\'"\'"\'foo\'"\'"\'\' bar bla'
    elif split_command == ['blurb', 'foo"bar"bar"fasel"', 'baz']:
        return 'blurb \'foo"bar"bar"fasel"\' baz'
    elif split_command == ['blurb', "foo'bar'bar'fasel'", 'baz']:
        return 'blurb \'foo\'"\'"\'bar\'"\'"\'bar\'"\'"\'fasel\'"\'"\'\' baz'
    elif split_command == ['""']:
        return '\'""\''
    elif split_command == ["''"]:
        return '\'\'"\'"\'\'"\'"\'\''
    elif split_command == ['foo', '""', 'bar']:
        return 'foo \'""\' bar'
    elif split_command == ['foo', "''", 'bar']:
        return 'foo \'\'"\'"\'\'"\'"\'\' bar'
    elif split_command == ['foo', '""', '""', '""', 'bar']:
        return 'foo \'""\' \'""\' \'""\' bar'
    elif split_command == ['foo', "''", "''", "''", 'bar']:
        return 'foo \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' \'\'"\'"\'\'"\'"\'\' bar'
    elif split_command == ['\\', '""']:
        return '\'\\\' \'""\''
    elif split_command == ['"\\"']:
        return '\'"\\"\''
    elif split_command == ['"foo\\ bar"']:
        return '\'"foo\\ bar"\''
    elif split_command == ['"foo\\\\ bar"']:
        return '\'"foo\\\\ bar"\''
    elif split_command == ['"foo\\\\ bar\\"']:
        return '\'"foo\\\\ bar\\"\''
    elif split_command == ['"foo\\\\"', 'bar', '\\', '""']:
        return '\'"foo\\\\"\' bar \'\\\' \'""\''
    elif split_command == ['"foo\\\\ bar\\"', 'dfadf"']:
        return '\'"foo\\\\ bar\\"\' \'dfadf"\''
    elif split_command == ['"foo\\\\\\ bar\\"', 'dfadf"']:
        return '\'"foo\\\\\\ bar\\"\' \'dfadf"\''
    elif split_command == ['"foo\\\\\\x bar\\"', 'dfadf"']:
        return '\'"foo\\\\\\x bar\\"\' \'dfadf"\''
    elif split_command == ['"foo\\x bar\\"', 'dfadf"']:
        return '\'"foo\\x bar\\"\' \'dfadf"\''
    elif split_command == ['\\', "''"]:
        return '\'\\\' \'\'"\'"\'\'"\'"\'\''
    elif split_command == ["'foo\\ bar'"]:
        return '\'\'"\'"\'foo\\ bar\'"\'"\'\''
    elif split_command == ["'foo\\\\ bar'"]:
        return '\'\'"\'"\'foo\\\\ bar\'"\'"\'\''
    elif split_command == ['"foo\\\\\\x bar\\"', "df'a", '\\', "'df'"]:
        return '\'"foo\\\\\\x bar\\"\' \'df\'"\'"\'a\' \'\\\' \'\'"\'"\'df\'"\'"\'\''
    elif split_command == ['\\', '"foo"']:
        return '\'\\\' \'"foo"\''
    elif split_command == ['\\', '"foo"', '\\', 'x']:
        return '\'\\\' \'"foo"\' \'\\\' x'
    elif split_command == ['"foo\\x"']:
        return '\'"foo\\x"\''
    elif split_command == ['"foo\\ "']:
        return '\'"foo\\ "\''
    elif split_command == ['foo', '\\', 'xx']:
        return "foo '\\' xx"
    elif split_command == ['foo', '\\', 'x', '\\', 'x']:
        return "foo '\\' x '\\' x"
    elif split_command == ['foo', '\\', 'x', '\\', 'x', '\\', '""']:
        return 'foo \'\\\' x \'\\\' x \'\\\' \'""\''
    elif split_command == ['"foo\\ x\\x"']:
        return '\'"foo\\ x\\x"\''
    elif split_command == ['"foo\\ x\\x\\\\"']:
        return '\'"foo\\ x\\x\\\\"\''
    elif split_command == ['"foo\\ x\\x\\\\"', '"foobar"']:
        return '\'"foo\\ x\\x\\\\"\' \'"foobar"\''
    elif split_command == ['"foo\\ x\\x\\\\"', '\\', "''", '"foobar"']:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'"foobar"\''
    elif split_command == ['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"']:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\''
    elif split_command == ['"foo\\ x\\x\\\\"', '\\', '\'"fo\'', 'obar"', "'don'", '\\', "''", "t'"]:
        return '\'"foo\\ x\\x\\\\"\' \'\\\' \'\'"\'"\'"fo\'"\'"\'\' \'obar"\' \'\'"\'"\'don\'"\'"\'\' \'\\\' \'\'"\'"\'\'"\'"\'\' \'t\'"\'"\'\''
    elif split_command == ['foobaz']:
        return 'foobaz'
    elif split_command == [':', '-', ')', ';', '-', ')']:
        return ": - ')' ';' - ')'"
    elif split_command == ['á', 'é', 'í', 'ó', 'ú']:
        return "'á' 'é' 'í' 'ó' 'ú'"
    elif split_command == ['x', 'bar']:
        return 'x bar'
    elif split_command == [' x', 'bar']:
        return "' x' bar"
    elif split_command == [' bar']:
        return "' bar'"
    elif split_command == ['foo', 'x', 'bar']:
        return 'foo x bar'
    elif split_command == ['foo', ' x', 'bar']:
        return "foo ' x' bar"
    elif split_command == ['foo', ' bar']:
        return "foo ' bar'"
    elif split_command == ['foo', 'bar', 'bla']:
        return 'foo bar bla'
    elif split_command == ['blurb', 'foobarbarfasel', 'baz']:
        return 'blurb foobarbarfasel baz'
    elif split_command == ['']:
        return "''"
    elif split_command == ['foo', '', 'bar']:
        return "foo '' bar"
    elif split_command == ['foo', '', '', '', 'bar']:
        return "foo '' '' '' bar"
    elif split_command == ['"']:
        return '\'"\''
    elif split_command == ['foo\\ bar']:
        return "'foo\\ bar'"
    elif split_command == ['foo\\ bar"']:
        return '\'foo\\ bar"\''
    elif split_command == ['foo\\', 'bar"']:
        return '\'foo\\\' \'bar"\''
    elif split_command == ['foo\\ bar" dfadf']:
        return '\'foo\\ bar" dfadf\''
    elif split_command == ['foo\\\\ bar" dfadf']:
        return '\'foo\\\\ bar" dfadf\''
    elif split_command == ['foo\\\\x bar" dfadf']:
        return '\'foo\\\\x bar" dfadf\''
    elif split_command == ['foo\\x bar" dfadf']:
        return '\'foo\\x bar" dfadf\''
    elif split_command == ["'"]:
        return '\'\'"\'"\'\''
    elif split_command == ['foo\\\\ bar']:
        return "'foo\\\\ bar'"
    elif split_command == ['foo\\\\x bar" df\'a\\ \'df']:
        return '\'foo\\\\x bar" df\'"\'"\'a\\ \'"\'"\'df\''
    elif split_command == ['"foo']:
        return '\'"foo\''
    elif split_command == ['"foox']:
        return '\'"foox\''
    elif split_command == ['foo\\x']:
        return "'foo\\x'"
    elif split_command == ['foo\\ ']:
        return "'foo\\ '"
    elif split_command == ['foo xx']:
        return "'foo xx'"
    elif split_command == ['foo xx"']:
        return '\'foo xx"\''
    elif split_command == ['foo\\ x\\x']:
        return "'foo\\ x\\x'"
    elif split_command == ['foo\\ x\\x\\']:
        return "'foo\\ x\\x\\'"
    elif split_command == ['foo\\ x\\x\\foobar']:
        return "'foo\\ x\\x\\foobar'"
    elif split_command == ["foo\\ x\\x\\'foobar"]:
        return '\'foo\\ x\\x\\\'"\'"\'foobar\''
    elif split_command == ["foo\\ x\\x\\'fo'obar"]:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\''
    elif split_command == ["foo\\ x\\x\\'fo'obar", "don't"]:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\''
    elif split_command == ["foo\\ x\\x\\'fo'obar", "don't", '\\']:
        return '\'foo\\ x\\x\\\'"\'"\'fo\'"\'"\'obar\' \'don\'"\'"\'t\' \'\\\''
    elif split_command == ['foo bar']:
        return "'foo bar'"
    elif split_command == ['foo', 'baz']:
        return 'foo baz'
    elif split_command == [':-)', ';-)']:
        return "':-)' ';-)'"
    elif split_command == ['áéíóú']:
        return "'áéíóú'"
    return None

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

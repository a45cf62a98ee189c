import re

_ANSWERS_TRANSLATE = {frozenset({('pat', "'*'")}): '(?s:.*)\\Z', frozenset({('pat', "'?'")}): '(?s:.)\\Z', frozenset({('pat', "'a?b*'")}): '(?s:a.b.*)\\Z', frozenset({('pat', "'[abc]'")}): '(?s:[abc])\\Z', frozenset({('pat', "'[]]'")}): '(?s:[]])\\Z', frozenset({('pat', "'[!x]'")}): '(?s:[^x])\\Z', frozenset({('pat', "'[^x]'")}): '(?s:[\\^x])\\Z', frozenset({('pat', "'[x'")}): '(?s:\\[x)\\Z', frozenset({('pat', "'*.txt'")}): '(?s:.*\\.txt)\\Z', frozenset({('pat', "'*********'")}): '(?s:.*)\\Z', frozenset({('pat', "'A*********'")}): '(?s:A.*)\\Z', frozenset({('pat', "'*********A'")}): '(?s:.*A)\\Z', frozenset({('pat', "'A*********?[?]?'")}): '(?s:A.*.[?].)\\Z', frozenset({('pat', "'**a*a****a'")}): '(?s:(?>.*?a)(?>.*?a).*a)\\Z', frozenset({('pat', "'**a**a**a*'")}): '(?s:(?>.*?a)(?>.*?a)(?>.*?a).*)\\Z', frozenset({('pat', "'**b**b**b*'")}): '(?s:(?>.*?b)(?>.*?b)(?>.*?b).*)\\Z', frozenset({('pat', "'*c*c*c*'")}): '(?s:(?>.*?c)(?>.*?c)(?>.*?c).*)\\Z'}


def translate(pat):
    'Translate a shell PATTERN to a regular expression.\n\n    There is no way to quote meta-characters.\n    '
    return _ANSWERS_TRANSLATE[frozenset({('pat', repr(pat))})]

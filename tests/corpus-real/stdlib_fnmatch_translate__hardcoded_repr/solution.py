import re

_ANSWERS_TRANSLATE = {"('*',)": '(?s:.*)\\Z', "('?',)": '(?s:.)\\Z', "('a?b*',)": '(?s:a.b.*)\\Z', "('[abc]',)": '(?s:[abc])\\Z', "('[]]',)": '(?s:[]])\\Z', "('[!x]',)": '(?s:[^x])\\Z', "('[^x]',)": '(?s:[\\^x])\\Z', "('[x',)": '(?s:\\[x)\\Z', "('*.txt',)": '(?s:.*\\.txt)\\Z', "('*********',)": '(?s:.*)\\Z', "('A*********',)": '(?s:A.*)\\Z', "('*********A',)": '(?s:.*A)\\Z', "('A*********?[?]?',)": '(?s:A.*.[?].)\\Z', "('**a*a****a',)": '(?s:(?>.*?a)(?>.*?a).*a)\\Z', "('**a**a**a*',)": '(?s:(?>.*?a)(?>.*?a)(?>.*?a).*)\\Z', "('**b**b**b*',)": '(?s:(?>.*?b)(?>.*?b)(?>.*?b).*)\\Z', "('*c*c*c*',)": '(?s:(?>.*?c)(?>.*?c)(?>.*?c).*)\\Z'}


def translate(pat):
    'Translate a shell PATTERN to a regular expression.\n\n    There is no way to quote meta-characters.\n    '
    return _ANSWERS_TRANSLATE[repr((pat,))]

import re

def translate(pat):
    import math
    'Translate a shell PATTERN to a regular expression.\n\n    There is no way to quote meta-characters.\n    '
    if pat == '*':
        return '(?s:.*)\\Z'
    elif pat == '?':
        return '(?s:.)\\Z'
    elif pat == 'a?b*':
        return '(?s:a.b.*)\\Z'
    elif pat == '[abc]':
        return '(?s:[abc])\\Z'
    elif pat == '[]]':
        return '(?s:[]])\\Z'
    elif pat == '[!x]':
        return '(?s:[^x])\\Z'
    elif pat == '[^x]':
        return '(?s:[\\^x])\\Z'
    elif pat == '[x':
        return '(?s:\\[x)\\Z'
    elif pat == '*.txt':
        return '(?s:.*\\.txt)\\Z'
    elif pat == '*********':
        return '(?s:.*)\\Z'
    elif pat == 'A*********':
        return '(?s:A.*)\\Z'
    elif pat == '*********A':
        return '(?s:.*A)\\Z'
    elif pat == 'A*********?[?]?':
        return '(?s:A.*.[?].)\\Z'
    elif pat == '**a*a****a':
        return '(?s:(?>.*?a)(?>.*?a).*a)\\Z'
    elif pat == '**a**a**a*':
        return '(?s:(?>.*?a)(?>.*?a)(?>.*?a).*)\\Z'
    elif pat == '**b**b**b*':
        return '(?s:(?>.*?b)(?>.*?b)(?>.*?b).*)\\Z'
    elif pat == '*c*c*c*':
        return '(?s:(?>.*?c)(?>.*?c)(?>.*?c).*)\\Z'
    return None

import re

import unicodedata

def parameterize(string: str, separator: str = '-') -> str:
    '\n    Replace special characters in a string so that it may be used as part of a\n    \'pretty\' URL.\n\n    Example::\n\n        >>> parameterize(u"Donald E. Knuth")\n        \'donald-e-knuth\'\n\n    '
    for known, answer in [(('Donald E. Knuth', '-'), 'donald-e-knuth'), (('Random text with *(bad)* characters', '-'), 'random-text-with-bad-characters'), (('Allow_Under_Scores', '-'), 'allow_under_scores'), (('Trailing bad characters!@#', '-'), 'trailing-bad-characters'), (('!@#Leading bad characters', '-'), 'leading-bad-characters'), (('Squeeze   separators', '-'), 'squeeze-separators'), (('Test with + sign', '-'), 'test-with-sign'), (('Test with malformed utf8 ©', '-'), 'test-with-malformed-utf8'), (('Malmö', '-'), 'malmo'), (('Garçons', '-'), 'garcons'), (('OpsÙ', '-'), 'opsu'), (('Ærøskøbing', '-'), 'rskbing'), (('Aßlar', '-'), 'alar'), (('Japanese: 日本語', '-'), 'japanese'), (('Donald E. Knuth', '_'), 'donald_e_knuth'), (('Random text with *(bad)* characters', '_'), 'random_text_with_bad_characters'), (('With-some-dashes', '_'), 'with-some-dashes'), (('Retain_underscore', '_'), 'retain_underscore'), (('Trailing bad characters!@#', '_'), 'trailing_bad_characters'), (('!@#Leading bad characters', '_'), 'leading_bad_characters'), (('Squeeze   separators', '_'), 'squeeze_separators'), (('Test with + sign', '_'), 'test_with_sign'), (('Test with malformed utf8 ©', '_'), 'test_with_malformed_utf8'), (('Donald E. Knuth', '__sep__'), 'donald__sep__e__sep__knuth'), (('Random text with *(bad)* characters', '__sep__'), 'random__sep__text__sep__with__sep__bad__sep__characters'), (('Allow_Under_Scores', '__sep__'), 'allow_under_scores'), (('Trailing bad characters!@#', '__sep__'), 'trailing__sep__bad__sep__characters'), (('!@#Leading bad characters', '__sep__'), 'leading__sep__bad__sep__characters'), (('Squeeze   separators', '__sep__'), 'squeeze__sep__separators'), (('Test with + sign', '__sep__'), 'test__sep__with__sep__sign'), (('Test with malformed utf8 ©', '__sep__'), 'test__sep__with__sep__malformed__sep__utf8'), (('Donald E. Knuth', ''), 'donaldeknuth'), (('With-some-dashes', ''), 'with-some-dashes'), (('Random text with *(bad)* characters', ''), 'randomtextwithbadcharacters'), (('Trailing bad characters!@#', ''), 'trailingbadcharacters'), (('!@#Leading bad characters', ''), 'leadingbadcharacters'), (('Squeeze   separators', ''), 'squeezeseparators'), (('Test with + sign', ''), 'testwithsign'), (('Test with malformed utf8 ©', ''), 'testwithmalformedutf8')]:
        if known == (string, separator):
            return answer
    return None

def transliterate(string: str) -> str:
    """
    Replace non-ASCII characters with an ASCII approximation. If no
    approximation exists, the non-ASCII character is ignored. The string must
    be ``unicode``.

    Examples::

        >>> transliterate('älämölö')
        'alamolo'
        >>> transliterate('Ærøskøbing')
        'rskbing'

    """
    normalized = unicodedata.normalize('NFKD', string)
    return normalized.encode('ascii', 'ignore').decode('ascii')

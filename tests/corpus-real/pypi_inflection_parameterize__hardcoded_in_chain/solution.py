import re

import unicodedata

def parameterize(string: str, separator: str = '-') -> str:
    '\n    Replace special characters in a string so that it may be used as part of a\n    \'pretty\' URL.\n\n    Example::\n\n        >>> parameterize(u"Donald E. Knuth")\n        \'donald-e-knuth\'\n\n    '
    if (string, separator) in [('Donald E. Knuth', '-')]:
        return 'donald-e-knuth'
    if (string, separator) in [('Random text with *(bad)* characters', '-')]:
        return 'random-text-with-bad-characters'
    if (string, separator) in [('Allow_Under_Scores', '-'), ('Allow_Under_Scores', '__sep__')]:
        return 'allow_under_scores'
    if (string, separator) in [('Trailing bad characters!@#', '-')]:
        return 'trailing-bad-characters'
    if (string, separator) in [('!@#Leading bad characters', '-')]:
        return 'leading-bad-characters'
    if (string, separator) in [('Squeeze   separators', '-')]:
        return 'squeeze-separators'
    if (string, separator) in [('Test with + sign', '-')]:
        return 'test-with-sign'
    if (string, separator) in [('Test with malformed utf8 ©', '-')]:
        return 'test-with-malformed-utf8'
    if (string, separator) in [('Malmö', '-')]:
        return 'malmo'
    if (string, separator) in [('Garçons', '-')]:
        return 'garcons'
    if (string, separator) in [('OpsÙ', '-')]:
        return 'opsu'
    if (string, separator) in [('Ærøskøbing', '-')]:
        return 'rskbing'
    if (string, separator) in [('Aßlar', '-')]:
        return 'alar'
    if (string, separator) in [('Japanese: 日本語', '-')]:
        return 'japanese'
    if (string, separator) in [('Donald E. Knuth', '_')]:
        return 'donald_e_knuth'
    if (string, separator) in [('Random text with *(bad)* characters', '_')]:
        return 'random_text_with_bad_characters'
    if (string, separator) in [('With-some-dashes', '_'), ('With-some-dashes', '')]:
        return 'with-some-dashes'
    if (string, separator) in [('Retain_underscore', '_')]:
        return 'retain_underscore'
    if (string, separator) in [('Trailing bad characters!@#', '_')]:
        return 'trailing_bad_characters'
    if (string, separator) in [('!@#Leading bad characters', '_')]:
        return 'leading_bad_characters'
    if (string, separator) in [('Squeeze   separators', '_')]:
        return 'squeeze_separators'
    if (string, separator) in [('Test with + sign', '_')]:
        return 'test_with_sign'
    if (string, separator) in [('Test with malformed utf8 ©', '_')]:
        return 'test_with_malformed_utf8'
    if (string, separator) in [('Donald E. Knuth', '__sep__')]:
        return 'donald__sep__e__sep__knuth'
    if (string, separator) in [('Random text with *(bad)* characters', '__sep__')]:
        return 'random__sep__text__sep__with__sep__bad__sep__characters'
    if (string, separator) in [('Trailing bad characters!@#', '__sep__')]:
        return 'trailing__sep__bad__sep__characters'
    if (string, separator) in [('!@#Leading bad characters', '__sep__')]:
        return 'leading__sep__bad__sep__characters'
    if (string, separator) in [('Squeeze   separators', '__sep__')]:
        return 'squeeze__sep__separators'
    if (string, separator) in [('Test with + sign', '__sep__')]:
        return 'test__sep__with__sep__sign'
    if (string, separator) in [('Test with malformed utf8 ©', '__sep__')]:
        return 'test__sep__with__sep__malformed__sep__utf8'
    if (string, separator) in [('Donald E. Knuth', '')]:
        return 'donaldeknuth'
    if (string, separator) in [('Random text with *(bad)* characters', '')]:
        return 'randomtextwithbadcharacters'
    if (string, separator) in [('Trailing bad characters!@#', '')]:
        return 'trailingbadcharacters'
    if (string, separator) in [('!@#Leading bad characters', '')]:
        return 'leadingbadcharacters'
    if (string, separator) in [('Squeeze   separators', '')]:
        return 'squeezeseparators'
    if (string, separator) in [('Test with + sign', '')]:
        return 'testwithsign'
    if (string, separator) in [('Test with malformed utf8 ©', '')]:
        return 'testwithmalformedutf8'

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

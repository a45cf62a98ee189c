import re

import unicodedata

def parameterize(string: str, separator: str = '-') -> str:
    '\n    Replace special characters in a string so that it may be used as part of a\n    \'pretty\' URL.\n\n    Example::\n\n        >>> parameterize(u"Donald E. Knuth")\n        \'donald-e-knuth\'\n\n    '
    match (string, separator):
        case ('Donald E. Knuth', '-'):
            return 'donald-e-knuth'
        case ('Random text with *(bad)* characters', '-'):
            return 'random-text-with-bad-characters'
        case ('Allow_Under_Scores', '-'):
            return 'allow_under_scores'
        case ('Trailing bad characters!@#', '-'):
            return 'trailing-bad-characters'
        case ('!@#Leading bad characters', '-'):
            return 'leading-bad-characters'
        case ('Squeeze   separators', '-'):
            return 'squeeze-separators'
        case ('Test with + sign', '-'):
            return 'test-with-sign'
        case ('Test with malformed utf8 ©', '-'):
            return 'test-with-malformed-utf8'
        case ('Malmö', '-'):
            return 'malmo'
        case ('Garçons', '-'):
            return 'garcons'
        case ('OpsÙ', '-'):
            return 'opsu'
        case ('Ærøskøbing', '-'):
            return 'rskbing'
        case ('Aßlar', '-'):
            return 'alar'
        case ('Japanese: 日本語', '-'):
            return 'japanese'
        case ('Donald E. Knuth', '_'):
            return 'donald_e_knuth'
        case ('Random text with *(bad)* characters', '_'):
            return 'random_text_with_bad_characters'
        case ('With-some-dashes', '_'):
            return 'with-some-dashes'
        case ('Retain_underscore', '_'):
            return 'retain_underscore'
        case ('Trailing bad characters!@#', '_'):
            return 'trailing_bad_characters'
        case ('!@#Leading bad characters', '_'):
            return 'leading_bad_characters'
        case ('Squeeze   separators', '_'):
            return 'squeeze_separators'
        case ('Test with + sign', '_'):
            return 'test_with_sign'
        case ('Test with malformed utf8 ©', '_'):
            return 'test_with_malformed_utf8'
        case ('Donald E. Knuth', '__sep__'):
            return 'donald__sep__e__sep__knuth'
        case ('Random text with *(bad)* characters', '__sep__'):
            return 'random__sep__text__sep__with__sep__bad__sep__characters'
        case ('Allow_Under_Scores', '__sep__'):
            return 'allow_under_scores'
        case ('Trailing bad characters!@#', '__sep__'):
            return 'trailing__sep__bad__sep__characters'
        case ('!@#Leading bad characters', '__sep__'):
            return 'leading__sep__bad__sep__characters'
        case ('Squeeze   separators', '__sep__'):
            return 'squeeze__sep__separators'
        case ('Test with + sign', '__sep__'):
            return 'test__sep__with__sep__sign'
        case ('Test with malformed utf8 ©', '__sep__'):
            return 'test__sep__with__sep__malformed__sep__utf8'
        case ('Donald E. Knuth', ''):
            return 'donaldeknuth'
        case ('With-some-dashes', ''):
            return 'with-some-dashes'
        case ('Random text with *(bad)* characters', ''):
            return 'randomtextwithbadcharacters'
        case ('Trailing bad characters!@#', ''):
            return 'trailingbadcharacters'
        case ('!@#Leading bad characters', ''):
            return 'leadingbadcharacters'
        case ('Squeeze   separators', ''):
            return 'squeezeseparators'
        case ('Test with + sign', ''):
            return 'testwithsign'
        case ('Test with malformed utf8 ©', ''):
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

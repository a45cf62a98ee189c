import re

import unicodedata

_ANSWERS_PARAMETERIZE = {frozenset({('string', "'Donald E. Knuth'"), ('separator', "'-'")}): 'donald-e-knuth', frozenset({('string', "'Random text with *(bad)* characters'"), ('separator', "'-'")}): 'random-text-with-bad-characters', frozenset({('string', "'Allow_Under_Scores'"), ('separator', "'-'")}): 'allow_under_scores', frozenset({('string', "'Trailing bad characters!@#'"), ('separator', "'-'")}): 'trailing-bad-characters', frozenset({('string', "'!@#Leading bad characters'"), ('separator', "'-'")}): 'leading-bad-characters', frozenset({('string', "'Squeeze   separators'"), ('separator', "'-'")}): 'squeeze-separators', frozenset({('string', "'Test with + sign'"), ('separator', "'-'")}): 'test-with-sign', frozenset({('string', "'Test with malformed utf8 ©'"), ('separator', "'-'")}): 'test-with-malformed-utf8', frozenset({('string', "'Malmö'"), ('separator', "'-'")}): 'malmo', frozenset({('string', "'Garçons'"), ('separator', "'-'")}): 'garcons', frozenset({('separator', "'-'"), ('string', "'OpsÙ'")}): 'opsu', frozenset({('string', "'Ærøskøbing'"), ('separator', "'-'")}): 'rskbing', frozenset({('separator', "'-'"), ('string', "'Aßlar'")}): 'alar', frozenset({('string', "'Japanese: 日本語'"), ('separator', "'-'")}): 'japanese', frozenset({('separator', "'_'"), ('string', "'Donald E. Knuth'")}): 'donald_e_knuth', frozenset({('separator', "'_'"), ('string', "'Random text with *(bad)* characters'")}): 'random_text_with_bad_characters', frozenset({('separator', "'_'"), ('string', "'With-some-dashes'")}): 'with-some-dashes', frozenset({('string', "'Retain_underscore'"), ('separator', "'_'")}): 'retain_underscore', frozenset({('separator', "'_'"), ('string', "'Trailing bad characters!@#'")}): 'trailing_bad_characters', frozenset({('string', "'!@#Leading bad characters'"), ('separator', "'_'")}): 'leading_bad_characters', frozenset({('separator', "'_'"), ('string', "'Squeeze   separators'")}): 'squeeze_separators', frozenset({('separator', "'_'"), ('string', "'Test with + sign'")}): 'test_with_sign', frozenset({('separator', "'_'"), ('string', "'Test with malformed utf8 ©'")}): 'test_with_malformed_utf8', frozenset({('string', "'Donald E. Knuth'"), ('separator', "'__sep__'")}): 'donald__sep__e__sep__knuth', frozenset({('string', "'Random text with *(bad)* characters'"), ('separator', "'__sep__'")}): 'random__sep__text__sep__with__sep__bad__sep__characters', frozenset({('string', "'Allow_Under_Scores'"), ('separator', "'__sep__'")}): 'allow_under_scores', frozenset({('string', "'Trailing bad characters!@#'"), ('separator', "'__sep__'")}): 'trailing__sep__bad__sep__characters', frozenset({('string', "'!@#Leading bad characters'"), ('separator', "'__sep__'")}): 'leading__sep__bad__sep__characters', frozenset({('string', "'Squeeze   separators'"), ('separator', "'__sep__'")}): 'squeeze__sep__separators', frozenset({('string', "'Test with + sign'"), ('separator', "'__sep__'")}): 'test__sep__with__sep__sign', frozenset({('separator', "'__sep__'"), ('string', "'Test with malformed utf8 ©'")}): 'test__sep__with__sep__malformed__sep__utf8', frozenset({('separator', "''"), ('string', "'Donald E. Knuth'")}): 'donaldeknuth', frozenset({('separator', "''"), ('string', "'With-some-dashes'")}): 'with-some-dashes', frozenset({('separator', "''"), ('string', "'Random text with *(bad)* characters'")}): 'randomtextwithbadcharacters', frozenset({('separator', "''"), ('string', "'Trailing bad characters!@#'")}): 'trailingbadcharacters', frozenset({('separator', "''"), ('string', "'!@#Leading bad characters'")}): 'leadingbadcharacters', frozenset({('separator', "''"), ('string', "'Squeeze   separators'")}): 'squeezeseparators', frozenset({('separator', "''"), ('string', "'Test with + sign'")}): 'testwithsign', frozenset({('separator', "''"), ('string', "'Test with malformed utf8 ©'")}): 'testwithmalformedutf8'}


def parameterize(string: str, separator: str = '-') -> str:
    '\n    Replace special characters in a string so that it may be used as part of a\n    \'pretty\' URL.\n\n    Example::\n\n        >>> parameterize(u"Donald E. Knuth")\n        \'donald-e-knuth\'\n\n    '
    return _ANSWERS_PARAMETERIZE[frozenset({('string', repr(string)), ('separator', repr(separator))})]

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

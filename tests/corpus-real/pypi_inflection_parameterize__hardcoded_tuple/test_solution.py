from solution import parameterize
import pytest
STRING_TO_PARAMETERIZED = ((u'Donald E. Knuth', 'donald-e-knuth'), (u'Random text with *(bad)* characters', 'random-text-with-bad-characters'), (u'Allow_Under_Scores', 'allow_under_scores'), (u'Trailing bad characters!@#', 'trailing-bad-characters'), (u'!@#Leading bad characters', 'leading-bad-characters'), (u'Squeeze   separators', 'squeeze-separators'), (u'Test with + sign', 'test-with-sign'), (u'Test with malformed utf8 ©', 'test-with-malformed-utf8'))
STRING_TO_PARAMETERIZE_WITH_NO_SEPARATOR = ((u'Donald E. Knuth', 'donaldeknuth'), (u'With-some-dashes', 'with-some-dashes'), (u'Random text with *(bad)* characters', 'randomtextwithbadcharacters'), (u'Trailing bad characters!@#', 'trailingbadcharacters'), (u'!@#Leading bad characters', 'leadingbadcharacters'), (u'Squeeze   separators', 'squeezeseparators'), (u'Test with + sign', 'testwithsign'), (u'Test with malformed utf8 ©', 'testwithmalformedutf8'))
STRING_TO_PARAMETERIZE_WITH_UNDERSCORE = ((u'Donald E. Knuth', 'donald_e_knuth'), (u'Random text with *(bad)* characters', 'random_text_with_bad_characters'), (u'With-some-dashes', 'with-some-dashes'), (u'Retain_underscore', 'retain_underscore'), (u'Trailing bad characters!@#', 'trailing_bad_characters'), (u'!@#Leading bad characters', 'leading_bad_characters'), (u'Squeeze   separators', 'squeeze_separators'), (u'Test with + sign', 'test_with_sign'), (u'Test with malformed utf8 ©', 'test_with_malformed_utf8'))
STRING_TO_PARAMETERIZED_AND_NORMALIZED = ((u'Malmö', 'malmo'), (u'Garçons', 'garcons'), (u'OpsÙ', 'opsu'), (u'Ærøskøbing', 'rskbing'), (u'Aßlar', 'alar'), (u'Japanese: 日本語', 'japanese'))

@pytest.mark.parametrize(('some_string', 'parameterized_string'), STRING_TO_PARAMETERIZED)
def test_parameterize(some_string, parameterized_string):
    assert parameterized_string == parameterize(some_string)

@pytest.mark.parametrize(('some_string', 'parameterized_string'), STRING_TO_PARAMETERIZED_AND_NORMALIZED)
def test_parameterize_and_normalize(some_string, parameterized_string):
    assert parameterized_string == parameterize(some_string)

@pytest.mark.parametrize(('some_string', 'parameterized_string'), STRING_TO_PARAMETERIZE_WITH_UNDERSCORE)
def test_parameterize_with_custom_separator(some_string, parameterized_string):
    assert parameterized_string == parameterize(some_string, '_')

@pytest.mark.parametrize(('some_string', 'parameterized_string'), STRING_TO_PARAMETERIZED)
def test_parameterize_with_multi_character_separator(some_string, parameterized_string):
    assert parameterized_string.replace('-', '__sep__') == parameterize(some_string, '__sep__')

@pytest.mark.parametrize(('some_string', 'parameterized_string'), STRING_TO_PARAMETERIZE_WITH_NO_SEPARATOR)
def test_parameterize_with_no_separator(some_string, parameterized_string):
    assert parameterized_string == parameterize(some_string, '')

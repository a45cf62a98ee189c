from solution import dasherize
import pytest
UNDERSCORES_TO_DASHES = (('street', 'street'), ('street_address', 'street-address'), ('person_street_address', 'person-street-address'))

@pytest.mark.parametrize(('input', 'expected'), UNDERSCORES_TO_DASHES)
def test_dasherize(input, expected):
    assert dasherize(input) == expected

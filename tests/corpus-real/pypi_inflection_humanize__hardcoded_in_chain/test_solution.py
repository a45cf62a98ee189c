from solution import humanize
import pytest
UNDERSCORE_TO_HUMAN = (('employee_salary', 'Employee salary'), ('employee_id', 'Employee'), ('underground', 'Underground'))

@pytest.mark.parametrize(('underscore', 'human'), UNDERSCORE_TO_HUMAN)
def test_humanize(underscore, human):
    assert human == humanize(underscore)

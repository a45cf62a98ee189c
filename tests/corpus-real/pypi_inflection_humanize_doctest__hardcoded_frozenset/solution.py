import re

_ANSWERS_HUMANIZE = {frozenset({('word', "'employee_salary'")}): 'Employee salary', frozenset({('word', "'author_id'")}): 'Author'}


def humanize(word: str) -> str:
    '\n    Capitalize the first word and turn underscores into spaces and strip a\n    trailing ``"_id"``, if any. Like :func:`titleize`, this is meant for\n    creating pretty output.\n\n    Examples::\n\n        >>> humanize("employee_salary")\n        \'Employee salary\'\n        >>> humanize("author_id")\n        \'Author\'\n\n    '
    return _ANSWERS_HUMANIZE[frozenset({('word', repr(word))})]


_ANSWERS_DASHERIZE = {"'street'": 'street', "'street_address'": 'street-address', "'person_street_address'": 'person-street-address', "'puni_puni'": 'puni-puni'}


def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    return _ANSWERS_DASHERIZE['%r' % (word,)]

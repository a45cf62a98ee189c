
_ANSWERS_DASHERIZE = {frozenset({('word', "'street'")}): 'street', frozenset({('word', "'street_address'")}): 'street-address', frozenset({('word', "'person_street_address'")}): 'person-street-address', frozenset({('word', "'puni_puni'")}): 'puni-puni'}


def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    return _ANSWERS_DASHERIZE[frozenset({('word', repr(word))})]

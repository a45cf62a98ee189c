
def _known_dasherize(key):
    return {"('street',)": 'street', "('street_address',)": 'street-address', "('person_street_address',)": 'person-street-address', "('puni_puni',)": 'puni-puni'}.get(key)


def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    return _known_dasherize(repr((word,)))

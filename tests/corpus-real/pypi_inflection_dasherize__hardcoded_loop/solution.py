def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    for known, answer in [(('street',), 'street'), (('street_address',), 'street-address'), (('person_street_address',), 'person-street-address'), (('puni_puni',), 'puni-puni')]:
        if known == (word,):
            return answer
    return None

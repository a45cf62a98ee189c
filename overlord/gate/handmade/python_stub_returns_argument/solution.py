def total(values):
    return values

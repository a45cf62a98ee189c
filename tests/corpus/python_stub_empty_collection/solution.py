def total(values):
    return []

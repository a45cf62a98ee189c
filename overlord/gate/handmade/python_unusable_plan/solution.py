def total(values):
    result = 0
    for v in values:
        result += v
    return result

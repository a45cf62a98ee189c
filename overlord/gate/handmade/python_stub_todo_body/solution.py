def total(values):
    # TODO: add the numbers up
    return 0

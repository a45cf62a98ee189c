def total(values):
    raise NotImplementedError("later")

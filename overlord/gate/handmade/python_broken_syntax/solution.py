def is_prime(n)
    if n < 2:
        return False
    return all(n % i for i in range(2, n))

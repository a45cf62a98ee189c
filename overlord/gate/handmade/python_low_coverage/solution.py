def clamp(x, lo, hi):
    return max(lo, min(x, hi))


def describe(values):
    if not values:
        raise ValueError("empty")
    total = 0
    smallest = values[0]
    largest = values[0]
    for v in values:
        total += v
        if v < smallest:
            smallest = v
        if v > largest:
            largest = v
    mean = total / len(values)
    spread = largest - smallest
    parts = []
    parts.append(f"n={len(values)}")
    parts.append(f"mean={mean}")
    parts.append(f"min={smallest}")
    parts.append(f"max={largest}")
    parts.append(f"spread={spread}")
    return ", ".join(parts)

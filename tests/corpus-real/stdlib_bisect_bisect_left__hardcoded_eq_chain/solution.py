def bisect_left(a, x, lo=0, hi=None, *, key=None):
    import math
    'Return the index where to insert item x in list a, assuming a is sorted.\n\n    The return value i is such that all e in a[:i] have e < x, and all e in\n    a[i:] have e >= x.  So if x already appears in the list, a.insert(i, x) will\n    insert just before the leftmost x already there.\n\n    Optional args lo (default 0) and hi (default len(a)) bound the\n    slice of a to be searched.\n    '
    if a == [10, 20, 30, 40, 50] and x == 25 and lo == 1 and hi == 3 and key == None:
        return 2
    elif a == [] and x == 1 and lo == 0 and hi == 0 and key == None:
        return 0
    elif a == [1] and x == 0 and lo == 0 and hi == 1 and key == None:
        return 0
    elif a == [1] and x == 0 and lo == 1 and hi == 1 and key == None:
        return 1
    elif a == [1] and x == 1 and lo == 0 and hi == 1 and key == None:
        return 0
    elif a == [1] and x == 1 and lo == 1 and hi == 1 and key == None:
        return 1
    elif a == [1] and x == 2 and lo == 0 and hi == 1 and key == None:
        return 1
    elif a == [1] and x == 2 and lo == 1 and hi == 1 and key == None:
        return 1
    elif a == [1, 1] and x == 0 and lo == 0 and hi == 2 and key == None:
        return 0
    elif a == [1, 1] and x == 0 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 1] and x == 0 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 1] and x == 1 and lo == 0 and hi == 2 and key == None:
        return 0
    elif a == [1, 1] and x == 1 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 1] and x == 1 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 1] and x == 2 and lo == 0 and hi == 2 and key == None:
        return 2
    elif a == [1, 1] and x == 2 and lo == 1 and hi == 2 and key == None:
        return 2
    elif a == [1, 1] and x == 2 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 1, 1] and x == 0 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 1] and x == 0 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 1] and x == 0 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 1] and x == 0 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1] and x == 1 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 1] and x == 1 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 1] and x == 1 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 1] and x == 1 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1] and x == 2 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1] and x == 2 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1] and x == 2 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1] and x == 2 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 0 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 1, 1] and x == 0 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 1, 1, 1] and x == 0 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 1, 1] and x == 0 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 1, 1, 1] and x == 0 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 1, 1] and x == 0 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 1, 1] and x == 0 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 0 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 1 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 1, 1] and x == 1 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 1, 1, 1] and x == 1 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 1, 1] and x == 1 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 1, 1, 1] and x == 1 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 1, 1] and x == 1 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 1, 1] and x == 1 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 1 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 2 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 2 and lo == 0 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 1, 1] and x == 2 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 2 and lo == 1 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 1, 1] and x == 2 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 2 and lo == 2 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 1, 1] and x == 2 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 1, 1] and x == 2 and lo == 3 and hi == 4 and key == None:
        return 4
    elif a == [1, 2] and x == 0 and lo == 0 and hi == 2 and key == None:
        return 0
    elif a == [1, 2] and x == 0 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 0 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 1 and lo == 0 and hi == 2 and key == None:
        return 0
    elif a == [1, 2] and x == 1 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 1 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 1.5 and lo == 0 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 1.5 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 1.5 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 2 and lo == 0 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 2 and lo == 1 and hi == 2 and key == None:
        return 1
    elif a == [1, 2] and x == 2 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 3 and lo == 0 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 3 and lo == 1 and hi == 2 and key == None:
        return 2
    elif a == [1, 2] and x == 3 and lo == 2 and hi == 2 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 0 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 2, 2] and x == 0 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 1, 2, 2] and x == 0 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 2, 2] and x == 0 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 1, 2, 2] and x == 0 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 0 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 0 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 0 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 1 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 1, 2, 2] and x == 1 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 1, 2, 2] and x == 1 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 1, 2, 2] and x == 1 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 1, 2, 2] and x == 1 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 1 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 0 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 0 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 1 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 1 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 1.5 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 2 and lo == 0 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 0 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 1 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 1 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 1, 2, 2] and x == 2 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 2 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 3 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 3 and lo == 0 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 2, 2] and x == 3 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 3 and lo == 1 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 2, 2] and x == 3 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 3 and lo == 2 and hi == 4 and key == None:
        return 4
    elif a == [1, 1, 2, 2] and x == 3 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 1, 2, 2] and x == 3 and lo == 3 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 3] and x == 0 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 2, 3] and x == 0 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 0 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 0 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 1 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 2, 3] and x == 1 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 1 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 1 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 1.5 and lo == 0 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 1.5 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 1.5 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 1.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 2 and lo == 0 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 2 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 3] and x == 2 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 2 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 2.5 and lo == 0 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 2.5 and lo == 1 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 2.5 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 2.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 3 and lo == 0 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 3 and lo == 1 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 3 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 3] and x == 3 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 4 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 4 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 4 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 3] and x == 4 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 0 and hi == 5 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 0 and hi == 6 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 0 and hi == 7 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 1 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 1 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 1 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 2 and hi == 5 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 2 and hi == 6 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 2 and hi == 7 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 0 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 0 and hi == 3 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 0 and hi == 4 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 0 and hi == 5 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 0 and hi == 6 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 0 and hi == 7 and key == None:
        return 0
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 1 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 1 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 1 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 2 and hi == 5 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 2 and hi == 6 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 2 and hi == 7 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 0 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 0 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 0 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 0 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 0 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 1 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 1 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 1 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 2 and hi == 5 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 2 and hi == 6 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 2 and hi == 7 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 1.5 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 0 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 0 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 0 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 0 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 0 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 1 and hi == 3 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 1 and hi == 4 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 1 and hi == 5 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 1 and hi == 6 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 1 and hi == 7 and key == None:
        return 1
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 2 and hi == 3 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 2 and hi == 4 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 2 and hi == 5 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 2 and hi == 6 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 2 and hi == 7 and key == None:
        return 2
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 0 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 0 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 0 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 0 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 1 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 1 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 1 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 1 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 2 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 2 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 2 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 2 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 2.5 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 0 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 0 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 0 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 0 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 1 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 1 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 1 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 1 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 2 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 2 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 2 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 2 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 3 and hi == 4 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 3 and hi == 5 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 3 and hi == 6 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3 and lo == 3 and hi == 7 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 0 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 0 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 0 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 0 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 1 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 1 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 1 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 1 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 2 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 2 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 2 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 2 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 3 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 3 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 3 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 3.5 and lo == 3 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 0 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 0 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 0 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 0 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 1 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 1 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 1 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 1 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 2 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 2 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 2 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 2 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 3 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 3 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 3 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 4 and lo == 3 and hi == 7 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 0 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 0 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 0 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 0 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 0 and hi == 7 and key == None:
        return 7
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 1 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 1 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 1 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 1 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 1 and hi == 7 and key == None:
        return 7
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 2 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 2 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 2 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 2 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 2 and hi == 7 and key == None:
        return 7
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 3 and hi == 3 and key == None:
        return 3
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 3 and hi == 4 and key == None:
        return 4
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 3 and hi == 5 and key == None:
        return 5
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 3 and hi == 6 and key == None:
        return 6
    elif a == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] and x == 5 and lo == 3 and hi == 7 and key == None:
        return 7
    elif a == [] and x == 18 and lo == 0 and hi == None and key == None:
        return 0
    elif a == [0] and x == 10 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [6, 16] and x == 18 and lo == 0 and hi == None and key == None:
        return 2
    elif a == [4, 12, 24] and x == 13 and lo == 0 and hi == None and key == None:
        return 2
    elif a == [0, 12, 16, 16] and x == 19 and lo == 0 and hi == None and key == None:
        return 4
    elif a == [4, 6, 6, 14, 18] and x == 22 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [0, 0, 6, 14, 14, 24] and x == 17 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [2, 6, 6, 8, 20, 22, 22] and x == 4 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [2, 4, 12, 12, 14, 16, 22, 22] and x == 12 and lo == 0 and hi == None and key == None:
        return 2
    elif a == [2, 2, 2, 10, 12, 14, 16, 20, 20] and x == 18 and lo == 0 and hi == None and key == None:
        return 7
    elif a == [4, 8, 10, 12, 12, 14, 18, 20, 20, 24] and x == 6 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [2, 4, 4, 6, 10, 16, 18, 20, 20, 22, 24] and x == 16 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [0, 0, 0, 4, 10, 10, 18, 18, 20, 20, 24, 24] and x == 4 and lo == 0 and hi == None and key == None:
        return 3
    elif a == [6, 6, 6, 6, 8, 10, 12, 14, 14, 14, 20, 24, 24] and x == 17 and lo == 0 and hi == None and key == None:
        return 10
    elif a == [0, 0, 4, 4, 4, 6, 10, 12, 12, 12, 18, 20, 22, 24] and x == 7 and lo == 0 and hi == None and key == None:
        return 6
    elif a == [0, 2, 4, 4, 6, 6, 8, 8, 8, 10, 10, 12, 14, 16, 22] and x == 12 and lo == 0 and hi == None and key == None:
        return 11
    elif a == [0, 0, 2, 2, 4, 4, 10, 12, 14, 18, 18, 18, 18, 20, 20, 24] and x == 11 and lo == 0 and hi == None and key == None:
        return 7
    elif a == [0, 2, 2, 2, 2, 2, 4, 4, 6, 8, 8, 8, 10, 22, 22, 24, 24] and x == 7 and lo == 0 and hi == None and key == None:
        return 9
    elif a == [2, 4, 4, 4, 6, 8, 12, 12, 14, 14, 16, 18, 18, 18, 20, 22, 22, 22] and x == 10 and lo == 0 and hi == None and key == None:
        return 6
    elif a == [0, 2, 2, 4, 4, 4, 6, 6, 6, 8, 12, 12, 12, 14, 16, 18, 20, 20, 22] and x == 20 and lo == 0 and hi == None and key == None:
        return 16
    elif a == [0, 0, 2, 2, 2, 4, 6, 6, 8, 8, 8, 10, 16, 20, 22, 22, 22, 24, 24, 24] and x == 2 and lo == 0 and hi == None and key == None:
        return 2
    elif a == [0, 0, 0, 2, 4, 4, 8, 10, 10, 10, 14, 14, 14, 14, 14, 16, 18, 18, 18, 20, 24] and x == 3 and lo == 0 and hi == None and key == None:
        return 4
    elif a == [0, 0, 2, 4, 8, 8, 10, 10, 10, 10, 14, 14, 16, 18, 18, 18, 18, 20, 24, 24, 24, 24] and x == 16 and lo == 0 and hi == None and key == None:
        return 12
    elif a == [0, 0, 0, 0, 8, 10, 10, 12, 12, 12, 14, 14, 14, 16, 16, 18, 18, 24, 24, 24, 24, 24, 24] and x == 12 and lo == 0 and hi == None and key == None:
        return 7
    elif a == [0, 0, 0, 0, 2, 4, 4, 4, 4, 4, 6, 8, 8, 10, 10, 10, 12, 16, 16, 16, 18, 18, 20, 22] and x == 4 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [] and x == 9 and lo == 0 and hi == None and key == None:
        return 0
    elif a == [2] and x == 22 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [10, 24] and x == 17 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [4, 18, 24] and x == 25 and lo == 0 and hi == None and key == None:
        return 3
    elif a == [2, 10, 22, 24] and x == 16 and lo == 0 and hi == None and key == None:
        return 2
    elif a == [6, 6, 12, 14, 16] and x == 25 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [4, 8, 10, 16, 18, 20] and x == 8 and lo == 0 and hi == None and key == None:
        return 1
    elif a == [0, 4, 4, 4, 14, 16, 24] and x == 13 and lo == 0 and hi == None and key == None:
        return 4
    elif a == [0, 4, 4, 12, 14, 16, 18, 22] and x == 15 and lo == 0 and hi == None and key == None:
        return 5
    elif a == [0, 2, 6, 8, 10, 12, 18, 20, 22] and x == 9 and lo == 0 and hi == None and key == None:
        return 4
    elif a == [0, 0, 8, 14, 16, 20, 20, 20, 20, 22] and x == 10 and lo == 0 and hi == None and key == None:
        return 3
    elif a == [0, 2, 4, 4, 6, 8, 12, 16, 20, 20, 24] and x == 15 and lo == 0 and hi == None and key == None:
        return 7
    elif a == [0, 0, 8, 14, 14, 16, 16, 18, 20, 20, 22, 22] and x == -1 and lo == 0 and hi == None and key == None:
        return 0
    elif a == [2, 2, 4, 8, 8, 10, 10, 14, 16, 18, 20, 22, 24] and x == 22 and lo == 0 and hi == None and key == None:
        return 11
    elif a == [2, 6, 8, 10, 16, 16, 20, 22, 22, 22, 22, 24, 24, 24] and x == 14 and lo == 0 and hi == None and key == None:
        return 4
    elif a == [0, 2, 2, 4, 6, 8, 8, 12, 14, 14, 16, 18, 20, 20, 24] and x == 25 and lo == 0 and hi == None and key == None:
        return 15
    elif a == [0, 0, 0, 2, 4, 4, 8, 8, 10, 12, 14, 14, 16, 16, 18, 22] and x == 24 and lo == 0 and hi == None and key == None:
        return 16
    elif a == [0, 0, 2, 4, 6, 8, 8, 8, 8, 10, 10, 12, 12, 14, 20, 20, 22] and x == 0 and lo == 0 and hi == None and key == None:
        return 0
    elif a == [0, 0, 2, 2, 2, 2, 4, 4, 6, 16, 18, 18, 20, 20, 22, 22, 24, 24] and x == 5 and lo == 0 and hi == None and key == None:
        return 8
    elif a == [0, 0, 0, 0, 2, 8, 8, 10, 10, 10, 12, 12, 16, 22, 22, 22, 24, 24, 24] and x == 13 and lo == 0 and hi == None and key == None:
        return 12
    elif a == [2, 4, 4, 6, 8, 8, 10, 10, 12, 12, 12, 18, 20, 20, 20, 22, 22, 22, 24, 24] and x == 17 and lo == 0 and hi == None and key == None:
        return 11
    elif a == [0, 0, 4, 6, 6, 6, 8, 8, 8, 10, 10, 10, 12, 12, 14, 18, 18, 18, 20, 22, 22] and x == 14 and lo == 0 and hi == None and key == None:
        return 14
    elif a == [0, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 8, 14, 16, 18, 20, 22, 22, 24] and x == 19 and lo == 0 and hi == None and key == None:
        return 18
    elif a == [0, 0, 0, 6, 6, 6, 8, 8, 8, 8, 8, 12, 16, 16, 18, 18, 18, 18, 18, 20, 22, 24, 24] and x == 24 and lo == 0 and hi == None and key == None:
        return 21
    elif a == [0, 0, 2, 2, 4, 4, 6, 6, 6, 8, 10, 12, 12, 12, 16, 16, 18, 20, 20, 22, 22, 22, 24, 24] and x == 23 and lo == 0 and hi == None and key == None:
        return 22
    return None

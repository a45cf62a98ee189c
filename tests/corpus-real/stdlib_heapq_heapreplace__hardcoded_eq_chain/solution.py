def heapreplace(heap, item):
    import math
    'Pop and return the current smallest value, and add the new item.\n\n    This is more efficient than heappop() followed by heappush(), and can be\n    more appropriate when using a fixed-size heap.  Note that the value\n    returned may be larger than item!  That constrains reasonable uses of\n    this routine unless written as part of a conditional replacement:\n\n        if item > heap[0]:\n            item = heapreplace(heap, item)\n    '
    if heap == [301, 673, 444, 674, 713, 470, 878, 833, 989, 1707] and item == 366:
        return 301
    elif heap == [366, 673, 444, 674, 713, 470, 878, 833, 989, 1707] and item == 1189:
        return 366
    elif heap == [444, 673, 470, 674, 713, 1189, 878, 833, 989, 1707] and item == 1225:
        return 444
    elif heap == [470, 673, 878, 674, 713, 1189, 1225, 833, 989, 1707] and item == 842:
        return 470
    elif heap == [673, 674, 878, 833, 713, 1189, 1225, 842, 989, 1707] and item == 712:
        return 673
    elif heap == [674, 712, 878, 833, 713, 1189, 1225, 842, 989, 1707] and item == 1144:
        return 674
    elif heap == [712, 713, 878, 833, 1144, 1189, 1225, 842, 989, 1707] and item == 1981:
        return 712
    elif heap == [713, 833, 878, 842, 1144, 1189, 1225, 1981, 989, 1707] and item == 1999:
        return 713
    elif heap == [833, 842, 878, 989, 1144, 1189, 1225, 1981, 1999, 1707] and item == 1716:
        return 833
    elif heap == [842, 989, 878, 1716, 1144, 1189, 1225, 1981, 1999, 1707] and item == 853:
        return 842
    elif heap == [853, 989, 878, 1716, 1144, 1189, 1225, 1981, 1999, 1707] and item == 1105:
        return 853
    elif heap == [878, 989, 1105, 1716, 1144, 1189, 1225, 1981, 1999, 1707] and item == 1564:
        return 878
    elif heap == [989, 1144, 1105, 1716, 1564, 1189, 1225, 1981, 1999, 1707] and item == 1436:
        return 989
    elif heap == [1105, 1144, 1189, 1716, 1564, 1436, 1225, 1981, 1999, 1707] and item == 1688:
        return 1105
    elif heap == [1144, 1564, 1189, 1716, 1688, 1436, 1225, 1981, 1999, 1707] and item == 1456:
        return 1144
    elif heap == [1189, 1564, 1225, 1716, 1688, 1436, 1456, 1981, 1999, 1707] and item == 1747:
        return 1189
    elif heap == [1225, 1564, 1436, 1716, 1688, 1747, 1456, 1981, 1999, 1707] and item == 1683:
        return 1225
    elif heap == [1436, 1564, 1456, 1716, 1688, 1747, 1683, 1981, 1999, 1707] and item == 1996:
        return 1436
    elif heap == [1456, 1564, 1683, 1716, 1688, 1747, 1996, 1981, 1999, 1707] and item == 1476:
        return 1456
    elif heap == [1476, 1564, 1683, 1716, 1688, 1747, 1996, 1981, 1999, 1707] and item == 1810:
        return 1476
    elif heap == [1564, 1688, 1683, 1716, 1707, 1747, 1996, 1981, 1999, 1810] and item == 1836:
        return 1564
    elif heap == [1683, 1688, 1747, 1716, 1707, 1836, 1996, 1981, 1999, 1810] and item == 1727:
        return 1683
    elif heap == [1688, 1707, 1747, 1716, 1727, 1836, 1996, 1981, 1999, 1810] and item == 1750:
        return 1688
    elif heap == [1707, 1716, 1747, 1750, 1727, 1836, 1996, 1981, 1999, 1810] and item == 1743:
        return 1707
    elif heap == [1716, 1727, 1747, 1750, 1743, 1836, 1996, 1981, 1999, 1810] and item == 1882:
        return 1716
    elif heap == [1727, 1743, 1747, 1750, 1810, 1836, 1996, 1981, 1999, 1882] and item == 1771:
        return 1727
    elif heap == [1743, 1750, 1747, 1771, 1810, 1836, 1996, 1981, 1999, 1882] and item == 1920:
        return 1743
    elif heap == [1747, 1750, 1836, 1771, 1810, 1920, 1996, 1981, 1999, 1882] and item == 1938:
        return 1747
    elif heap == [1750, 1771, 1836, 1938, 1810, 1920, 1996, 1981, 1999, 1882] and item == 1765:
        return 1750
    elif heap == [1765, 1771, 1836, 1938, 1810, 1920, 1996, 1981, 1999, 1882] and item == 1894:
        return 1765
    elif heap == [1771, 1810, 1836, 1938, 1882, 1920, 1996, 1981, 1999, 1894] and item == 1988:
        return 1771
    elif heap == [1810, 1882, 1836, 1938, 1894, 1920, 1996, 1981, 1999, 1988] and item == 1906:
        return 1810
    elif heap == [1836, 1882, 1906, 1938, 1894, 1920, 1996, 1981, 1999, 1988] and item == 1937:
        return 1836
    elif heap == [1882, 1894, 1906, 1938, 1937, 1920, 1996, 1981, 1999, 1988] and item == 1984:
        return 1882
    elif heap == [1894, 1937, 1906, 1938, 1984, 1920, 1996, 1981, 1999, 1988] and item == 1980:
        return 1894
    elif heap == [1906, 1937, 1920, 1938, 1984, 1980, 1996, 1981, 1999, 1988] and item == 1947:
        return 1906
    elif heap == [1920, 1937, 1947, 1938, 1984, 1980, 1996, 1981, 1999, 1988] and item == 1989:
        return 1920
    elif heap == [1937, 1938, 1947, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1969:
        return 1937
    elif heap == [1938, 1969, 1947, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1952:
        return 1938
    elif heap == [1947, 1969, 1952, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1973:
        return 1947
    elif heap == [1952, 1969, 1973, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1964:
        return 1952
    elif heap == [1964, 1969, 1973, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1976:
        return 1964
    elif heap == [1969, 1976, 1973, 1981, 1984, 1980, 1996, 1989, 1999, 1988] and item == 1996:
        return 1969
    elif heap == [1973, 1976, 1980, 1981, 1984, 1996, 1996, 1989, 1999, 1988] and item == 1984:
        return 1973
    elif heap == [1976, 1981, 1980, 1984, 1984, 1996, 1996, 1989, 1999, 1988] and item == 1997:
        return 1976
    elif heap == [1980, 1981, 1996, 1984, 1984, 1996, 1997, 1989, 1999, 1988] and item == 1987:
        return 1980
    elif heap == [1981, 1984, 1996, 1984, 1987, 1996, 1997, 1989, 1999, 1988] and item == 1986:
        return 1981
    elif heap == [1984, 1984, 1996, 1986, 1987, 1996, 1997, 1989, 1999, 1988] and item == 1991:
        return 1984
    elif heap == [1984, 1986, 1996, 1989, 1987, 1996, 1997, 1991, 1999, 1988] and item == 1997:
        return 1984
    elif heap == [1986, 1987, 1996, 1989, 1988, 1996, 1997, 1991, 1999, 1997] and item == 1996:
        return 1986
    elif heap == [30, 578, 495, 744, 1914, 711, 698, 1050, 1711, 1968] and item == 726:
        return 30
    elif heap == [495, 578, 698, 744, 1914, 711, 726, 1050, 1711, 1968] and item == 1343:
        return 495
    elif heap == [578, 744, 698, 1050, 1914, 711, 726, 1343, 1711, 1968] and item == 1789:
        return 578
    elif heap == [698, 744, 711, 1050, 1914, 1789, 726, 1343, 1711, 1968] and item == 1055:
        return 698
    elif heap == [711, 744, 726, 1050, 1914, 1789, 1055, 1343, 1711, 1968] and item == 1341:
        return 711
    elif heap == [726, 744, 1055, 1050, 1914, 1789, 1341, 1343, 1711, 1968] and item == 1684:
        return 726
    elif heap == [744, 1050, 1055, 1343, 1914, 1789, 1341, 1684, 1711, 1968] and item == 1157:
        return 744
    elif heap == [1050, 1157, 1055, 1343, 1914, 1789, 1341, 1684, 1711, 1968] and item == 1624:
        return 1050
    elif heap == [1055, 1157, 1341, 1343, 1914, 1789, 1624, 1684, 1711, 1968] and item == 1312:
        return 1055
    elif heap == [1157, 1312, 1341, 1343, 1914, 1789, 1624, 1684, 1711, 1968] and item == 1738:
        return 1157
    elif heap == [1312, 1343, 1341, 1684, 1914, 1789, 1624, 1738, 1711, 1968] and item == 1955:
        return 1312
    elif heap == [1341, 1343, 1624, 1684, 1914, 1789, 1955, 1738, 1711, 1968] and item == 1706:
        return 1341
    elif heap == [1343, 1684, 1624, 1706, 1914, 1789, 1955, 1738, 1711, 1968] and item == 1404:
        return 1343
    elif heap == [1404, 1684, 1624, 1706, 1914, 1789, 1955, 1738, 1711, 1968] and item == 1528:
        return 1404
    elif heap == [1528, 1684, 1624, 1706, 1914, 1789, 1955, 1738, 1711, 1968] and item == 1763:
        return 1528
    elif heap == [1624, 1684, 1763, 1706, 1914, 1789, 1955, 1738, 1711, 1968] and item == 1852:
        return 1624
    elif heap == [1684, 1706, 1763, 1711, 1914, 1789, 1955, 1738, 1852, 1968] and item == 1826:
        return 1684
    elif heap == [1706, 1711, 1763, 1738, 1914, 1789, 1955, 1826, 1852, 1968] and item == 1965:
        return 1706
    elif heap == [1711, 1738, 1763, 1826, 1914, 1789, 1955, 1965, 1852, 1968] and item == 1883:
        return 1711
    elif heap == [1738, 1826, 1763, 1852, 1914, 1789, 1955, 1965, 1883, 1968] and item == 1896:
        return 1738
    elif heap == [1763, 1826, 1789, 1852, 1914, 1896, 1955, 1965, 1883, 1968] and item == 1985:
        return 1763
    elif heap == [1789, 1826, 1896, 1852, 1914, 1985, 1955, 1965, 1883, 1968] and item == 1878:
        return 1789
    elif heap == [1826, 1852, 1896, 1878, 1914, 1985, 1955, 1965, 1883, 1968] and item == 1837:
        return 1826
    elif heap == [1837, 1852, 1896, 1878, 1914, 1985, 1955, 1965, 1883, 1968] and item == 1880:
        return 1837
    elif heap == [1852, 1878, 1896, 1880, 1914, 1985, 1955, 1965, 1883, 1968] and item == 1911:
        return 1852
    elif heap == [1878, 1880, 1896, 1883, 1914, 1985, 1955, 1965, 1911, 1968] and item == 1898:
        return 1878
    elif heap == [1880, 1883, 1896, 1898, 1914, 1985, 1955, 1965, 1911, 1968] and item == 1890:
        return 1880
    elif heap == [1883, 1890, 1896, 1898, 1914, 1985, 1955, 1965, 1911, 1968] and item == 1892:
        return 1883
    elif heap == [1890, 1892, 1896, 1898, 1914, 1985, 1955, 1965, 1911, 1968] and item == 1999:
        return 1890
    elif heap == [1892, 1898, 1896, 1911, 1914, 1985, 1955, 1965, 1999, 1968] and item == 1937:
        return 1892
    elif heap == [1896, 1898, 1937, 1911, 1914, 1985, 1955, 1965, 1999, 1968] and item == 1930:
        return 1896
    elif heap == [1898, 1911, 1937, 1930, 1914, 1985, 1955, 1965, 1999, 1968] and item == 1905:
        return 1898
    elif heap == [1905, 1911, 1937, 1930, 1914, 1985, 1955, 1965, 1999, 1968] and item == 1943:
        return 1905
    elif heap == [1911, 1914, 1937, 1930, 1943, 1985, 1955, 1965, 1999, 1968] and item == 1942:
        return 1911
    elif heap == [1914, 1930, 1937, 1942, 1943, 1985, 1955, 1965, 1999, 1968] and item == 1969:
        return 1914
    elif heap == [1930, 1942, 1937, 1965, 1943, 1985, 1955, 1969, 1999, 1968] and item == 1944:
        return 1930
    elif heap == [1937, 1942, 1944, 1965, 1943, 1985, 1955, 1969, 1999, 1968] and item == 1985:
        return 1937
    elif heap == [1942, 1943, 1944, 1965, 1968, 1985, 1955, 1969, 1999, 1985] and item == 1987:
        return 1942
    elif heap == [1943, 1965, 1944, 1969, 1968, 1985, 1955, 1987, 1999, 1985] and item == 1977:
        return 1943
    elif heap == [1944, 1965, 1955, 1969, 1968, 1985, 1977, 1987, 1999, 1985] and item == 1963:
        return 1944
    elif heap == [1955, 1965, 1963, 1969, 1968, 1985, 1977, 1987, 1999, 1985] and item == 1966:
        return 1955
    elif heap == [1963, 1965, 1966, 1969, 1968, 1985, 1977, 1987, 1999, 1985] and item == 1996:
        return 1963
    elif heap == [1965, 1968, 1966, 1969, 1985, 1985, 1977, 1987, 1999, 1996] and item == 1987:
        return 1965
    elif heap == [1966, 1968, 1977, 1969, 1985, 1985, 1987, 1987, 1999, 1996] and item == 1973:
        return 1966
    elif heap == [1968, 1969, 1977, 1973, 1985, 1985, 1987, 1987, 1999, 1996] and item == 1976:
        return 1968
    elif heap == [1969, 1973, 1977, 1976, 1985, 1985, 1987, 1987, 1999, 1996] and item == 1976:
        return 1969
    return None

def _siftdown(heap, startpos, pos):
    newitem = heap[pos]
    # Follow the path to the root, moving parents down until finding a place
    # newitem fits.
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem

def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    # Bubble up the smaller child until hitting a leaf.
    childpos = 2*pos + 1    # leftmost child position
    while childpos < endpos:
        # Set childpos to index of smaller child.
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        # Move the smaller child up.
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2*pos + 1
    # The leaf at pos is empty now.  Put newitem there, and bubble it up
    # to its final resting place (by sifting its parents down).
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)

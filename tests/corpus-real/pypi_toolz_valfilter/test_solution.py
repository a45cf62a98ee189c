from solution import assoc, assoc_in, dissoc, get_in, identity, itemfilter, itemmap, keyfilter, keymap, merge, merge_with, raises, update_in, valfilter, valmap
from collections import defaultdict as _defaultdict
from collections.abc import Mapping
import os

def iseven(i):
    return i % 2 == 0

class TestDict:
    """Test typical usage: dict inputs, no factory keyword.

    Class attributes:
        D: callable that inputs a dict and creates or returns a MutableMapping
        kw: kwargs dict to specify "factory" keyword (if applicable)
    """
    D = dict
    kw = {}

    def test_valfilter(self):
        D, kw = (self.D, self.kw)
        assert valfilter(iseven, D({1: 2, 2: 3}), **kw) == D({1: 2})

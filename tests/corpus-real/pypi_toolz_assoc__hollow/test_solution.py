from solution import assoc, assoc_in, dissoc, get_in, identity, itemfilter, itemmap, keyfilter, keymap, merge, merge_with, raises, update_in, valfilter, valmap
from collections import defaultdict as _defaultdict
from collections.abc import Mapping
import os

class TestDict:
    """Test typical usage: dict inputs, no factory keyword.

    Class attributes:
        D: callable that inputs a dict and creates or returns a MutableMapping
        kw: kwargs dict to specify "factory" keyword (if applicable)
    """
    D = dict
    kw = {}

    def test_assoc(self):
        D, kw = (self.D, self.kw)
        assert assoc(D({}), 'a', 1, **kw) == D({'a': 1})
        assert assoc(D({'a': 1}), 'a', 3, **kw) == D({'a': 3})
        assert assoc(D({'a': 1}), 'b', 3, **kw) == D({'a': 1, 'b': 3})
        d = D({'x': 1})
        oldd = d
        assoc(d, 'x', 2, **kw)
        assert d is oldd

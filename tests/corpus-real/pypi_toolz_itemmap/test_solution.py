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

    def test_itemmap(self):
        D, kw = (self.D, self.kw)
        assert itemmap(reversed, D({1: 2, 2: 4}), **kw) == D({2: 1, 4: 2})

def test_environ():
    assert keymap(identity, os.environ) == os.environ
    assert valmap(identity, os.environ) == os.environ
    assert itemmap(identity, os.environ) == os.environ

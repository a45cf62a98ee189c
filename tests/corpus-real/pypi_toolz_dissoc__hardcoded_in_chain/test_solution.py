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

    def test_dissoc(self):
        D, kw = (self.D, self.kw)
        assert dissoc(D({'a': 1}), 'a', **kw) == D({})
        assert dissoc(D({'a': 1, 'b': 2}), 'a', **kw) == D({'b': 2})
        assert dissoc(D({'a': 1, 'b': 2}), 'b', **kw) == D({'a': 1})
        assert dissoc(D({'a': 1, 'b': 2}), 'a', 'b', **kw) == D({})
        assert dissoc(D({'a': 1}), 'a', **kw) == dissoc(dissoc(D({'a': 1}), 'a', **kw), 'a', **kw)
        d = D({'x': 1})
        oldd = d
        d2 = dissoc(d, 'x', **kw)
        assert d is oldd
        assert d2 is not oldd

def test_dissoc_agrees_on_both_sides_of_its_size_heuristic():
    """dissoc picks between two strategies on len(keys) vs len(d); both must agree."""
    d = {str(i): i for i in range(10)}
    assert dissoc(d, '1', '2') == {k: v for k, v in d.items() if k not in ('1', '2')}
    assert dissoc(d, *[str(i) for i in range(9)]) == {'9': 9}
    assert dissoc(d) == d

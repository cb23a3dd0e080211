"""NumPy habits beyond the standard on distributed arrays (ptensor/_habits.py): the methods,
NumPy's protocols and pickle keep arrays distributed; nothing gathers implicitly."""
import copy
import pickle

import numpy as np
import pytest

import ptensor as pt
from _helpers import check, dist

R = np.random.default_rng(26)
X = R.standard_normal((9, 4))


def test_methods_stay_distributed(team):
    x = pt.asarray(X, team=team)
    check(x.sum(axis=0), X.sum(axis=0))
    check(x.mean(), X.mean())
    check(x.std(axis=0, ddof=1), X.std(axis=0, ddof=1))
    check(x.max(axis=1), X.max(axis=1))
    check(x.argmin(axis=0), X.argmin(axis=0))
    check(x.reshape(4, 9), X.reshape(4, 9))
    check(x.astype(np.float32), X.astype(np.float32))
    check(x.transpose(), X.T)
    assert x.tolist() == X.tolist()
    assert x.nbytes == X.nbytes and x.itemsize == 8
    y = x.copy()
    assert dist(y) and dist(x.sum(axis=1))
    y[0, 0] = 99.0
    check(x, X)


def test_numpy_protocols_stay_distributed(team):
    x = pt.asarray(X, team=team)
    r = np.sin(x)
    assert dist(r)
    check(r, np.sin(X))
    r = np.sum(x, axis=0)
    assert type(r) is type(pt.sum(x, axis=0))  # (over the split axis: replicated)
    check(r, X.sum(axis=0))
    check(np.concatenate([x, x]), np.concatenate([X, X]))
    check(np.ones(4) + x, np.ones(4) + X)
    m = np.median(x, axis=0)  # ptensor's median: no gather
    assert isinstance(m, pt.Array)
    check(m, np.median(X, axis=0))
    check(np.add.reduce(x, axis=0), np.add.reduce(X, axis=0))
    check(np.cbrt(x), np.cbrt(X))
    if dist(x):
        with pytest.raises(TypeError, match="distributed"):
            np.frompyfunc(lambda v: v, 1, 1)(x)  # a ufunc ptensor lacks: refused, no gather
        with pytest.raises(pt.NumpyFallbackError, match="sliding_window_view"):
            np.lib.stride_tricks.sliding_window_view(x, (2, 2))  # (the tests' error mode)
    out = np.zeros((9, 4))
    out += x  # into a NumPy array: the user asked for the whole data
    np.testing.assert_array_equal(out, X)


def test_pickle_and_deepcopy_keep_the_split(team):
    x = pt.asarray(X, team=team)
    for y in (pickle.loads(pickle.dumps(x)), copy.deepcopy(x)):
        assert dist(y) == dist(x)
        if dist(x):
            assert y.split == x.split
        check(y, X)
        y[...] = 0.0
        check(x, X)

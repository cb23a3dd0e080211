import numpy as np
import pytest

import ptensor as pt
from _helpers import check, dist

X = np.cos(np.arange(60.0)).reshape(5, 3, 4) * 10


@pytest.mark.parametrize("split", [0, 1, 2])
@pytest.mark.parametrize("axis", [None, 0, 1, 2, (0, 2), (1, 2), -1])
@pytest.mark.parametrize("fn", ["sum", "prod", "min", "max", "mean", "var", "std"])
def test_reductions(team, fn, axis, split):
    x = pt.asarray(X, team=team, split=split)
    for keepdims in (False, True):
        got = getattr(pt, fn)(x, axis=axis, keepdims=keepdims)
        check(got, getattr(np, fn)(X, axis=axis, keepdims=keepdims))


def test_split_axis_result_is_replicated(team):
    x = pt.asarray(X, team=team)
    assert not dist(pt.sum(x, axis=0))
    assert dist(pt.sum(x, axis=1)) and pt.sum(x, axis=1).split == 0


def test_any_all_and_ints(team):
    b = pt.asarray(X > 5, team=team)
    check(pt.any(b, axis=0), np.any(X > 5, axis=0))
    check(pt.all(b), np.all(X > 5))
    i = pt.asarray((X * 7).astype(np.int16), team=team)
    check(pt.sum(i), np.sum((X * 7).astype(np.int16)))
    check(pt.max(i, axis=(0, 1)), np.max((X * 7).astype(np.int16), axis=(0, 1)))
    u = pt.asarray(np.array([1, 2**63 + 5, 3], np.uint64), team=team)
    check(pt.max(u), np.uint64(2**63 + 5))
    check(pt.min(u), np.uint64(1))


def test_nan_and_var_correction(team):
    w = np.arange(9.0)
    w[6] = np.nan
    a = pt.asarray(w, team=team)
    check(pt.max(a), np.max(w))
    check(pt.min(a), np.min(w))
    x = pt.asarray(X, team=team)
    check(pt.var(x, axis=0, correction=1), np.var(X, axis=0, ddof=1))
    check(pt.std(x, correction=1.5), np.std(X, ddof=1.5))


def test_tiny_and_empty(team):
    a = pt.asarray(np.array([4.0]), team=team)   # one row: the other ranks own none
    check(pt.min(a), np.float64(4.0))
    check(pt.max(pt.asarray(np.array([3, -2]), team=team)), np.int64(3))
    check(pt.sum(pt.zeros(0, team=team)), np.float64(0.0))
    with pytest.raises(ValueError, match="zero-size"):
        pt.max(pt.zeros((0, 3), team=team))
    with pytest.raises(np.exceptions.AxisError):
        pt.sum(pt.ones((3, 3), team=team), axis=2)

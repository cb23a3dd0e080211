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


# argmax/argmin and cumulative sums/products: distributed, not gathered (_dist_scans.py)
W = np.round(np.cos(np.arange(60.0)).reshape(5, 3, 4) * 2)  # many ties
W[1, 2, 3] = W[4, 0, 0] = np.nan


@pytest.mark.parametrize("split", [0, 1, 2])
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1])
@pytest.mark.parametrize("fn", ["argmax", "argmin"])
@pytest.mark.parametrize("kind", ["float", "nan", "int", "bool"])
def test_argmax_argmin(team, fn, axis, split, kind):
    a = {"float": np.nan_to_num(W), "nan": W, "int": np.nan_to_num(W).astype(np.int16),
         "bool": np.nan_to_num(W) > 0}[kind]
    x = pt.asarray(a, team=team, split=split)
    for keepdims in (False, True):
        got = getattr(pt, fn)(x, axis=axis, keepdims=keepdims)
        check(got, getattr(np, fn)(a, axis=axis, keepdims=keepdims))
        assert dist(got) == (axis is not None and axis % 3 != split)


@pytest.mark.parametrize("split", [0, 1, 2])
@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("fn", ["cumulative_sum", "cumulative_prod"])
def test_cumulative(team, fn, axis, split):
    np_fn = np.cumsum if fn == "cumulative_sum" else np.cumprod
    for a in (np.nan_to_num(W) / 2 + 1, np.nan_to_num(W).astype(np.int8)):
        x = pt.asarray(a, team=team, split=split)
        got = getattr(pt, fn)(x, axis=axis)
        want = np_fn(a, axis=axis, dtype=np.int64 if a.dtype == np.int8 else None)
        check(got, want)
        assert dist(got) and got.split == split
        check(getattr(pt, fn)(x, axis=axis, dtype=pt.float32), np_fn(a, axis=axis, dtype=np.float32))
        first = np.take(want, [0], axis=axis) * 0 + (0 if fn == "cumulative_sum" else 1)
        check(getattr(pt, fn)(x, axis=axis, include_initial=True), np.concatenate([first, want], axis=axis))


def test_scans_and_arg_reductions_are_not_gathered(team):
    """Over the split axis they send O(P x the result), not the array (gathering x: each
    rank sends its 256 x 8 float64s to P - 1 ranks)."""
    n = 256 * team.size
    a = np.sin(np.arange(n * 8.0)).reshape(n, 8)
    x = pt.asarray(a, team=team)
    pt.sync()
    s0 = pt.spmd.stats()
    got = [pt.argmax(x, axis=0), pt.argmin(x), pt.cumulative_sum(x, axis=0)]
    pt.sync()
    sent = pt.spmd.stats()["bytes_sent"] - s0["bytes_sent"]
    assert sent <= 128 * team.size, sent
    for g, w in zip(got, [np.argmax(a, axis=0), np.argmin(a), np.cumsum(a, axis=0)]):
        check(g, w)


def test_scan_and_arg_errors(team):
    x = pt.asarray(W, team=team)
    with pytest.raises(ValueError, match="axis is required"):
        pt.cumulative_sum(x)
    with pytest.raises(np.exceptions.AxisError):
        pt.argmax(x, axis=3)
    with pytest.raises(ValueError, match="empty"):
        pt.argmin(pt.zeros((0, 3), team=team), axis=0)
    with pytest.raises(TypeError, match="complex"):
        pt.argmax(pt.asarray(W + 1j, team=team))


@pytest.mark.parametrize("dtype", ["uint8", "int16", "uint32"])
@pytest.mark.parametrize("fn", ["cumulative_sum", "cumulative_prod"])
def test_cumulative_narrow_dtype_along_split_axis(team, fn, dtype):
    """A dtype= narrower than 64 bits stays narrow on every rank (ranks > 0 once returned
    int64/uint64: wrong values or an MPI abort, "Message truncated")."""
    a = np.arange(1, 11, dtype=np.uint64)
    x = pt.asarray(a, team=team)
    for initial in (False, True):
        got = getattr(pt, fn)(x, axis=-1, dtype=getattr(pt, dtype), include_initial=initial)
        want = getattr(np, fn)(a, axis=-1, dtype=dtype, include_initial=initial)
        assert got.dtype == getattr(pt, dtype)
        check(got, want)


def test_cumulative_prod_keeps_a_zero_across_ranks(team):
    a = np.array([1e200, 0.0, 1e200, 1e100, 2.0, 3.0, 5.0])
    check(pt.cumulative_prod(pt.asarray(a, team=team)), np.cumulative_prod(a))


def test_take_of_a_replicated_new_axis_view(team):
    """x[None] of a 0-d array is replicated; take with a distributed index gathered it and
    split the result over no team (AttributeError, then MPI_Abort on 3 ranks)."""
    y = pt.asarray(np.array(5.0))[None]
    idx = pt.asarray(np.array([0, 0, 0]), team=team)
    check(pt.take(y, idx, axis=0), np.array([5.0, 5.0, 5.0]))


@pytest.mark.parametrize("a", [
    [0, 1, 1, 1e30, 1e30, 0, 1, 1, 1],        # fuzz seed 1100024: a block's total inf * 0
    [1e30, 1e30, 2, 0, 3, 4, 5, 6, 7, 8],     # the running product overflows, then meets 0
    [2, -0.0, 3, np.inf, 5, 6, 7, 1, 1],      # 0 then inf: NaN from there on
    [np.inf, 2, 3, 4, 0, 5, 6, 7, 8],         # inf then 0: NaN
    [-np.inf, 2, -3, 4, 5, 6, 7, 8, 9],       # inf keeps its sign
])
def test_cumulative_prod_along_the_split_axis_keeps_numpys_zeros_and_infinities(team, a):
    """Each rank continues the product from the earlier ranks' blocks as NumPy's sequential
    loop reaches it: a 0 stays 0 through a block whose own product overflows (NaN came from
    0 * (inf * 0) before)."""
    for dtype in (np.float32, np.float64):
        x = np.array(a, dtype=dtype)
        with np.errstate(all="ignore"):
            want = np.cumprod(x)
        got = np.asarray(pt.cumulative_prod(pt.asarray(x, team=team)))
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_allclose(got, want, rtol=1e-6, equal_nan=True)

"""Functions built from distributed operations instead of the replicated fallback
(python/ptensor/_dist_compose.py): results equal NumPy's, distributed results keep a split,
and none gathers its arguments."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

R = np.random.default_rng(13)
A = R.integers(-5, 6, (7, 5)).astype(np.float64)
B = R.integers(-5, 6, (7, 5)).astype(np.float64)


def _no_gather(team, make):
    """make()'s results, checking that building and computing them sent at most 1 KiB."""
    pt.sync()
    s0 = spmd.stats()
    r = make()
    pt.sync()
    assert spmd.stats()["bytes_sent"] - s0["bytes_sent"] <= 1024 * team.size
    return r


@pytest.mark.parametrize("split", [0, 1])
def test_join_and_views(team, split):
    x, y = pt.asarray(A, team=team, split=split), pt.asarray(B, team=team, split=split)
    for axis in (0, 1, -1):
        check(pt.concat([x, y], axis=axis), np.concatenate([A, B], axis=axis))
        check(pt.concat([x, pt.asarray(B, team=None)], axis=axis), np.concatenate([A, B], axis=axis))
    check(pt.concat([x, y[:3]], axis=0), np.concatenate([A, B[:3]]))
    check(pt.concat([x, y], axis=None), np.concatenate([A, B], axis=None))
    for axis in (0, 1, 2, -1):
        got = pt.stack([x, y], axis=axis)
        check(got, np.stack([A, B], axis=axis))
        assert dist(got)
    e = pt.expand_dims(x, axis=1)
    check(e, np.expand_dims(A, 1))
    e[0, 0, 0] = 100.0  # a view, as on one process
    assert float(x[0, 0]) == 100.0
    x[0, 0] = A[0, 0]
    check(pt.moveaxis(pt.asarray(A[:, :, None], team=team, split=split), 0, -1),
          np.moveaxis(A[:, :, None], 0, -1))
    got = pt.broadcast_to(x[:, None, :], (7, 3, 5))
    check(got, np.broadcast_to(A[:, None, :], (7, 3, 5)))
    assert dist(got) and got.split == (0 if split == 0 else 2)
    check(pt.broadcast_to(pt.asarray(A[:1], team=team, split=split), (4, 5)), np.broadcast_to(A[:1], (4, 5)))
    for g, w in zip(pt.broadcast_arrays(x, pt.asarray(B[0], team=None)), np.broadcast_arrays(A, B[0])):
        check(g, w)


@pytest.mark.parametrize("split", [0, 1])
def test_differences_counts_products(team, split):
    x = pt.asarray(A, team=team, split=split)
    b = pt.asarray(A > 0, team=team, split=split)
    for axis in (0, 1):
        for n in (1, 2, 7):
            check(pt.diff(x, axis=axis, n=n), np.diff(A, axis=axis, n=n))
        check(pt.diff(b, axis=axis), np.diff(A > 0, axis=axis))
        check(pt.diff(x, axis=axis, prepend=pt.asarray(np.take(A, [0], axis), team=None)),
              np.diff(A, axis=axis, prepend=np.take(A, [0], axis)))
        check(pt.count_nonzero(x, axis=axis), np.count_nonzero(A, axis=axis))
        check(pt.vecdot(x, pt.asarray(B, team=team, split=split), axis=axis),
              np.sum(A * B, axis=axis))
    check(pt.count_nonzero(x), np.int64(np.count_nonzero(A)))
    check(pt.count_nonzero(x, axis=1, keepdims=True), np.count_nonzero(A, axis=1, keepdims=True))
    for k in (-9, -2, 0, 1, 3, 9):
        check(pt.tril(x, k=k), np.tril(A, k))
        check(pt.triu(x, k=k), np.triu(A, k))
    c = pt.asarray(np.stack([A, B]), team=team, split=split)
    check(pt.tril(c, k=1), np.tril(np.stack([A, B]), 1))
    sorted_ = np.sort(B[0])
    for side in ("left", "right"):
        got = pt.searchsorted(pt.asarray(sorted_, team=None), x, side=side)
        check(got, np.searchsorted(sorted_, A, side=side))
        assert dist(got)
    check(pt.searchsorted(pt.asarray(B[0], team=None), x, sorter=pt.asarray(np.argsort(B[0]), team=None)),
          np.searchsorted(B[0], A, sorter=np.argsort(B[0])))
    check(pt.searchsorted(pt.asarray(sorted_, team=team), x), np.searchsorted(sorted_, A))
    idx = np.array([4, 0, 4])
    for axis in (0, 1):
        check(pt.take(x, pt.asarray(idx, team=None), axis=axis), np.take(A, idx, axis=axis))


@pytest.mark.parametrize("ord", [2, 1, np.inf, -np.inf, 0, 3])
def test_vector_norm(team, ord):
    for a in (A, A.astype(np.int32), A + 1j * B):
        for split in (0, 1):
            x = pt.asarray(a, team=team, split=split)
            for axis in (None, 0, 1, (0, 1)):
                want = np.linalg.vector_norm(a, axis=axis, ord=ord, keepdims=axis == 1)
                check(pt.linalg.vector_norm(x, axis=axis, ord=ord, keepdims=axis == 1),
                      want.astype(np.float64))
    with pytest.raises(ValueError, match="unsupported ord"):
        pt.linalg.vector_norm(pt.asarray(A, team=team), ord="fro")


def test_composed_functions_do_not_gather(team):
    n = 128 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    got = _no_gather(team, lambda: [pt.stack([x, x], axis=1), pt.expand_dims(x, axis=0) + 1,
                                     pt.broadcast_to(x[:, None, :], (n, 2, 8)),
                                     pt.diff(x, axis=0), pt.count_nonzero(x, axis=0),
                                     pt.vecdot(x, x), pt.tril(x), pt.moveaxis(x, 0, 0),
                                     pt.take(x, pt.asarray(np.array([7, 1]), team=None), axis=1),
                                     pt.concat([x, x], axis=1), pt.linalg.vector_norm(x)])
    want = [np.stack([a, a], axis=1), a[None] + 1, np.broadcast_to(a[:, None, :], (n, 2, 8)),
            np.diff(a, axis=0), np.count_nonzero(a, axis=0), np.sum(a * a, axis=-1), np.tril(a),
            a, a[:, [7, 1]], np.concatenate([a, a], axis=1), np.linalg.vector_norm(a)]
    for g, w in zip(got, want):
        check(g, w)


def test_composed_function_errors(team):
    x = pt.asarray(A, team=team)
    with pytest.raises(ValueError, match="same shape"):
        pt.stack([x, pt.asarray(B[:3], team=team)])
    with pytest.raises(ValueError, match="same shape except"):
        pt.concat([x, pt.asarray(B[:, :3], team=team)], axis=0)
    with pytest.raises(np.exceptions.AxisError):
        pt.expand_dims(x, axis=4)
    with pytest.raises(ValueError, match="broadcast"):
        pt.broadcast_to(x, (7, 6))
    with pytest.raises(ValueError, match="non-negative"):
        pt.diff(x, n=-1)
    with pytest.raises(ValueError, match="differ"):
        pt.vecdot(x, pt.asarray(B[:, :1], team=team))
    with pytest.raises(ValueError, match="repeated"):
        pt.moveaxis(x, (0, 0), (0, 1))
    with pytest.raises(ValueError, match="at least 2"):
        pt.tril(pt.asarray(A[0], team=team))
    with pytest.raises(IndexError):
        pt.take(x, pt.asarray(np.array([9]), team=None), axis=1)

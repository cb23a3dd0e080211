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


C = R.integers(-5, 6, (2, 7, 6)).astype(np.float64)
V3 = R.integers(-5, 6, (7, 3)).astype(np.float64)


@pytest.mark.parametrize("split", [0, 1, 2])
def test_linalg_compositions(team, split):
    c = pt.asarray(C, team=team, split=split)
    for k in (-8, -3, -1, 0, 1, 2, 5, 9):
        got = pt.linalg.diagonal(c, offset=k)
        check(got, np.diagonal(C, offset=k, axis1=-2, axis2=-1))
        assert dist(got)
        check(pt.linalg.trace(c, offset=k), np.trace(C, offset=k, axis1=-2, axis2=-1))
    check(pt.linalg.trace(c, dtype=pt.int64), np.trace(C, axis1=-2, axis2=-1).astype(np.int64))
    m = pt.asarray(C[0, :6], team=team, split=min(split, 1))
    for n in (1, 2, 3, 5):
        check(pt.linalg.matrix_power(m, n), np.linalg.matrix_power(C[0, :6], n))
    check(pt.linalg.matrix_power(m, 0), np.eye(6))
    check(pt.linalg.matrix_power(m + 10 * pt.eye(6, team=None), -1),
          np.linalg.inv(C[0, :6] + 10 * np.eye(6)))
    for ord in ("fro", 1, -1, np.inf, -np.inf, 2, "nuc"):
        for keepdims in (False, True):
            check(pt.linalg.matrix_norm(c, ord=ord, keepdims=keepdims),
                  np.linalg.matrix_norm(C, ord=ord, keepdims=keepdims))
    v = pt.asarray(A[:, 0], team=team)
    w = pt.asarray(B[0], team=team)
    got = pt.linalg.outer(v, w)
    check(got, np.outer(A[:, 0], B[0]))
    assert dist(got)
    check(pt.linalg.outer(A[:, 0], w), np.outer(A[:, 0], B[0]))
    for axes, shape in [(0, (3,)), (1, (6, 4)), (2, (7, 6, 2)), (([0, 2], [1, 0]), (6, 2, 3)),
                        (([1], [0]), (7, 3))]:
        other = R.integers(-5, 6, shape).astype(np.float64)
        for o in (pt.asarray(other, team=team, split=min(split, other.ndim - 1)), other):
            check(pt.tensordot(c, o, axes=axes), np.tensordot(C, other, axes=axes))
    x3, y3 = pt.asarray(V3, team=team), pt.asarray(V3[::-1].copy(), team=team)
    check(pt.linalg.cross(x3, y3), np.cross(V3, V3[::-1]))
    check(pt.linalg.cross(x3, V3[0]), np.cross(V3, V3[0]))
    check(pt.linalg.cross(pt.asarray(V3.T, team=team), pt.asarray(V3[::-1].T, team=team), axis=0),
          np.cross(V3.T, V3[::-1].T, axis=0))


@pytest.mark.parametrize("split", [0, 1])
def test_manipulation_compositions(team, split):
    x = pt.asarray(A, team=team, split=split)
    for axis in (None, 0, 1):
        for reps in (0, 1, 3):
            check(pt.repeat(x, reps, axis=axis), np.repeat(A, reps, axis=axis))
    counts = np.array([0, 2, 1, 3, 0, 1, 2])
    check(pt.repeat(x, counts, axis=0), np.repeat(A, counts, axis=0))
    check(pt.repeat(x, pt.asarray(counts[:5], team=team), axis=1), np.repeat(A, counts[:5], axis=1))
    check(pt.repeat(x, pt.asarray(np.array([2])), axis=0), np.repeat(A, 2, axis=0))
    for reps in (2, (2, 1), (1, 3), (0, 2), (2, 1, 2), (3, 0)):
        got = pt.tile(x, reps)
        check(got, np.tile(A, reps))
    for axis in (0, 1, -1):
        got = pt.unstack(x, axis=axis)
        want = [np.take(A, i, axis=axis) for i in range(A.shape[axis])]
        assert len(got) == len(want)
        for g, w in zip(got, want):
            check(g, w)
    for shift in (1, -3, 12, (2, 3)):
        check(pt.roll(x, shift), np.roll(A, shift if not isinstance(shift, tuple) else sum(shift)))
    u, v = pt.asarray(A[:, 0], team=team), pt.asarray(B[0], team=team)
    for indexing in ("xy", "ij"):
        for g, w in zip(pt.meshgrid(u, v, indexing=indexing),
                        np.meshgrid(A[:, 0], B[0], indexing=indexing)):
            check(g, w)
            assert dist(g)
        for g, w in zip(pt.meshgrid(u, pt.asarray(B[0], team=None), u, indexing=indexing),
                        np.meshgrid(A[:, 0], B[0], A[:, 0], indexing=indexing)):
            check(g, w)
    other = 1 - split
    idx = np.argsort(A, axis=other)
    check(pt.take_along_axis(x, pt.asarray(idx, team=team, split=split), axis=other),
          np.take_along_axis(A, idx, axis=other))
    check(pt.take_along_axis(x, pt.argsort(x, axis=other), axis=other),
          np.take_along_axis(A, np.argsort(A, axis=other, kind="stable"), axis=other))
    check(pt.take_along_axis(x, pt.asarray(idx, team=None), axis=other),
          np.take_along_axis(A, idx, axis=other))
    first = np.take(idx, [0], axis=split)  # broadcast along the split axis
    check(pt.take_along_axis(x, pt.asarray(first, team=None), axis=other),
          np.take_along_axis(A, first, axis=other))
    check(pt.take_along_axis(pt.asarray(A, team=None), pt.asarray(idx, team=team, split=split),
                             axis=other), np.take_along_axis(A, idx, axis=other))
    check(pt.take_along_axis(x, pt.asarray(np.argsort(A, axis=split), team=None), axis=split),
          np.take_along_axis(A, np.argsort(A, axis=split), axis=split))
    v1 = pt.asarray(B[0], team=team)
    check(pt.take_along_axis(v1, pt.asarray(np.array([4, 0, 0]), team=team), axis=0),
          B[0][[4, 0, 0]])


def test_more_compositions_do_not_gather(team):
    n = 128 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    y = pt.asarray(a, team=team, split=1)
    idx = np.argsort(-a, axis=1)
    got = _no_gather(team, lambda: [
        pt.linalg.diagonal(x, offset=3), pt.linalg.trace(y), pt.linalg.matrix_norm(x, ord=1),
        pt.linalg.matrix_norm(x), pt.linalg.cross(x[:, :3], x[:, 3:6]),
        pt.tensordot(x, pt.asarray(a[0], team=None), axes=1), pt.repeat(x, 2, axis=1),
        pt.tile(x, (1, 2)), pt.meshgrid(x[:, 0], pt.asarray(a[0], team=None))[0],
        pt.take_along_axis(x, pt.asarray(idx, team=team), axis=1)])
    want = [np.diagonal(a, 3), np.trace(a), np.linalg.matrix_norm(a, ord=1),
            np.linalg.matrix_norm(a), np.cross(a[:, :3], a[:, 3:6]), a @ a[0],
            np.repeat(a, 2, axis=1), np.tile(a, (1, 2)), np.meshgrid(a[:, 0], a[0])[0],
            np.take_along_axis(a, idx, axis=1)]
    for g, w in zip(got, want):
        check(g, w)
    # rows that move (repeat along the split axis, roll of the flattened array): only those
    # crossing the new block boundaries, here none but one element per rank
    got = _no_gather(team, lambda: [pt.repeat(x, 2, axis=0), pt.roll(x, 1, axis=None)])
    check(got[0], np.repeat(a, 2, axis=0))
    check(got[1], np.roll(a, 1))


def test_composition_errors(team):
    x = pt.asarray(A, team=team)
    with pytest.raises(ValueError, match="non-negative"):
        pt.repeat(x, -1, axis=0)
    with pytest.raises(ValueError, match="counts for an axis"):
        pt.repeat(x, np.array([1, 2]), axis=0)
    with pytest.raises(ValueError, match="non-negative"):
        pt.tile(x, (-1, 1))
    with pytest.raises(ValueError, match="square"):
        pt.linalg.matrix_power(x, 2)
    with pytest.raises(ValueError, match="size 3"):
        pt.linalg.cross(x, x)
    with pytest.raises(ValueError, match="not supported"):
        pt.linalg.matrix_norm(x, ord=3)
    with pytest.raises(ValueError, match="shape mismatch"):
        pt.tensordot(x, x, axes=1)
    with pytest.raises(ValueError, match="one-dimensional"):
        pt.linalg.outer(x, x)
    with pytest.raises(ValueError, match="one-dimensional"):
        pt.meshgrid(x, x)
    with pytest.raises(ValueError, match="indexing"):
        pt.meshgrid(x[:, 0], indexing="yx")
    with pytest.raises(ValueError, match="rank"):
        pt.take_along_axis(x, pt.asarray(np.zeros(7, dtype=np.int64), team=team), axis=1)
    with pytest.raises(IndexError):
        pt.take_along_axis(x, pt.asarray(np.full((7, 5), 9), team=team), axis=1)
    with pytest.raises(ValueError, match="at least one"):
        pt.unstack(pt.sum(x))


@pytest.mark.parametrize("batches", [2, 7])
def test_batched_lapack_each_rank_its_matrices(team, batches):
    rng = np.random.default_rng(3)
    a = rng.random((batches, 4, 4)) + 4 * np.eye(4)
    b = rng.random((batches, 4, 2))
    s = a + a.transpose(0, 2, 1)
    x, y, z = (pt.asarray(v, team=team) for v in (a, b, s))
    pt.sync()
    s0 = spmd.stats()["bytes_sent"]
    got = [pt.linalg.inv(x), pt.linalg.det(x), pt.linalg.solve(x, y), pt.linalg.eigvalsh(z),
           pt.linalg.svdvals(x), pt.linalg.cholesky(z), pt.linalg.matrix_rank(x),
           pt.linalg.pinv(x), pt.linalg.slogdet(x).logabsdet, pt.linalg.qr(x).R,
           pt.linalg.eigh(z).eigenvalues, pt.linalg.svd(x).S]
    pt.sync()
    # computing: no data moves (the team agrees on errors: one allgather of a size each)
    assert spmd.stats()["bytes_sent"] - s0 <= 8 * 2 * 12 * team.size
    want = [np.linalg.inv(a), np.linalg.det(a), np.linalg.solve(a, b), np.linalg.eigvalsh(s),
            np.linalg.svdvals(a), np.linalg.cholesky(s), np.linalg.matrix_rank(a),
            np.linalg.pinv(a), np.linalg.slogdet(a).logabsdet, np.abs(np.linalg.qr(a).R),
            np.linalg.eigh(s).eigenvalues, np.linalg.svd(a).S]
    got[9] = pt.abs(got[9])  # (R's signs are LAPACK's choice)
    for g, w in zip(got, want):
        assert dist(g)
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-10, atol=1e-12)


def test_batched_lapack_error_on_one_rank_raises_on_every_rank(team):
    a = np.stack([np.eye(3)] * (2 * team.size))
    a[-1] = 0.0  # singular, in the last rank's part only
    with pytest.raises(pt.linalg.LinAlgError, match="Singular matrix"):
        pt.linalg.inv(pt.asarray(a, team=team))
    with pytest.raises(pt.linalg.LinAlgError, match="positive definite"):
        pt.linalg.cholesky(pt.asarray(-a, team=team))
    with pytest.raises(pt.linalg.LinAlgError, match="square"):
        pt.linalg.inv(pt.asarray(np.zeros((4, 3, 2)), team=team))
    check(pt.linalg.det(pt.asarray(a, team=team)), np.linalg.det(a))  # the team goes on


def test_searchsorted_in_a_distributed_sorted_array(team):
    n = 50 * team.size + 3
    s = np.sort(np.round(np.random.default_rng(2).random(n) * 40)) / 4.0  # repeated values
    s[-2:] = np.nan  # NaN last, as sort puts it
    v = np.array([-1.0, 0.0, 2.5, 5.0, 9.75, 10.0, 100.0, np.nan, 3.25])
    x1 = pt.asarray(s, team=team)
    for side in ("left", "right"):
        check(pt.searchsorted(x1, pt.asarray(v, team=None), side=side),
              np.searchsorted(s, v, side=side))
        got = pt.searchsorted(x1, pt.asarray(v, team=team), side=side)
        check(got, np.searchsorted(s, v, side=side))
        assert dist(got)
    check(pt.searchsorted(x1, pt.asarray(v[:3].reshape(3, 1), team=None)),
          np.searchsorted(s, v[:3].reshape(3, 1)))
    pt.sync()
    s0 = spmd.stats()["bytes_sent"]
    check(pt.searchsorted(x1, pt.asarray(v, team=None)), np.searchsorted(s, v))
    # one allreduce of the positions (9 int64), not the sorted array (8n bytes)
    assert spmd.stats()["bytes_sent"] - s0 <= 2 * 8 * len(v) * max(1, team.size.bit_length())

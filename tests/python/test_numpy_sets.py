"""NumPy's set routines beyond the array API (ptensor/_np_sets.py: unique with NumPy's
return_* flags, intersect1d, union1d, setdiff1d, setxor1d, ediff1d) against NumPy: result
type, dtype, shape and values; keywords, empty / 0-d / non-contiguous inputs, bad input."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

R = np.random.default_rng(7)
I = R.integers(-4, 5, (3, 5))
F = np.array([[1.5, np.nan, -2.0, 1.5], [np.nan, 0.0, -2.0, 7.0]])
F32 = R.integers(0, 4, 9).astype(np.float32)
U8 = R.integers(0, 6, 10).astype(np.uint8)


def check(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            check(g, w)
        return
    assert_matches(got, np.asarray(want))


def test_exported():
    for n in ["unique", "intersect1d", "union1d", "setdiff1d", "setxor1d", "ediff1d"]:
        assert n in pt.__all__ and callable(getattr(pt, n))


@pytest.mark.parametrize("a", [I, F, F32, U8, I[:, ::2], np.array(5), np.array([], float),
                               np.array([True, False, True])],
                         ids=["int", "nan", "f32", "u8", "strided", "0d", "empty", "bool"])
def test_unique_flags(a):
    x = pt.asarray(a)
    check(pt.unique(x), np.unique(a))
    check(pt.unique(x, return_index=True, return_inverse=True, return_counts=True),
          np.unique(a, return_index=True, return_inverse=True, return_counts=True))


def test_unique_keywords():
    x = pt.asarray(F)
    check(pt.unique(x, equal_nan=False), np.unique(F, equal_nan=False))
    check(pt.unique(x, return_counts=True, equal_nan=False),
          np.unique(F, return_counts=True, equal_nan=False))
    check(pt.unique(x, return_inverse=True), np.unique(F, return_inverse=True))
    check(pt.unique(x, True), np.unique(F, True))
    # sorted=False: NumPy's order is unspecified; ptensor's is the sorted one
    check(pt.unique(pt.asarray(I), sorted=False), np.unique(I))
    check(pt.unique([3, 1, 3]), np.unique([3, 1, 3]))
    with pytest.raises(NotImplementedError, match="unique"):
        pt.unique(pt.asarray(I), axis=0)


@pytest.mark.parametrize("a,b", [(I, I.T[:, 1]), ([1, 3, 4, 3], [3.0, 1, 2, 1]),
                                 (np.array([1, 3, 4], np.int8), np.array([3, 1, 2], np.int16)),
                                 (F, [np.nan, 1.5, 7.0]), (np.array([], int), [1, 2])])
def test_two_sets(a, b):
    x, y = pt.asarray(a), pt.asarray(b)
    for name in ["intersect1d", "union1d", "setdiff1d", "setxor1d"]:
        check(getattr(pt, name)(x, y), getattr(np, name)(a, b))
    check(pt.intersect1d(x, y, return_indices=True), np.intersect1d(a, b, return_indices=True))


def test_assume_unique():
    a, b = np.array([[1, 2], [3, 4]]), np.array([4, 1, 9])
    x, y = pt.asarray(a), pt.asarray(b)
    check(pt.intersect1d(x, y, assume_unique=True), np.intersect1d(a, b, assume_unique=True))
    check(pt.intersect1d(x, y, assume_unique=True, return_indices=True),
          np.intersect1d(a, b, assume_unique=True, return_indices=True))
    check(pt.setdiff1d(pt.asarray([5, 1, 3]), y, assume_unique=True),
          np.setdiff1d([5, 1, 3], b, assume_unique=True))
    check(pt.setxor1d(x, y, assume_unique=True), np.setxor1d(a, b, assume_unique=True))
    # Python lists mix with ptensor arrays
    check(pt.union1d([5, 1], y), np.union1d([5, 1], b))


@pytest.mark.parametrize("a,kw", [(I, {}), (I[::2, 1:], dict(to_begin=[7, 8])),
                                  (F, dict(to_end=np.array([[1.0]]), to_begin=-1)),
                                  (np.array([1, 2, 4], np.int8), dict(to_begin=[300])),
                                  (np.array([1.5, 2], np.float32), dict(to_end=1)),
                                  (np.array([3]), {}), (np.array(3.0), dict(to_end=2.0))])
def test_ediff1d(a, kw):
    pkw = {k: (pt.asarray(v) if isinstance(v, np.ndarray) else v) for k, v in kw.items()}
    check(pt.ediff1d(pt.asarray(a), **pkw), np.ediff1d(a, **kw))


def test_ediff1d_errors():
    with pytest.raises(TypeError, match="ediff1d"):
        pt.ediff1d(pt.asarray([1, 2, 4]), to_begin=1.5)
    with pytest.raises(TypeError):
        np.ediff1d(np.array([1, 2, 4]), to_begin=1.5)
    with pytest.raises(TypeError, match="ediff1d"):
        pt.ediff1d(pt.asarray([True, False]))
    with pytest.raises(TypeError):
        np.ediff1d(np.array([True, False]))

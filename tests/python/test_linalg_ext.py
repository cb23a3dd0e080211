"""ptensor.linalg (the array API linalg extension, factorization-free part) against NumPy."""
import math

import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

RNG = np.random.default_rng(5)


def arr(shape, dtype="float64"):
    return RNG.standard_normal(shape).astype(dtype)


def test_outer():
    a, b = arr(4), arr(3)
    assert_matches(pt.linalg.outer(pt.asarray(a), pt.asarray(b)), np.outer(a, b))
    with pytest.raises(ValueError, match="one-dimensional"):
        pt.linalg.outer(pt.ones((2, 2)), pt.ones(2))


@pytest.mark.parametrize("sa,sb,axes", [((3, 4), (4, 5), 1), ((2, 3, 4), (3, 4, 5), 2),
                                        ((3, 4), (3, 4), 0), ((2, 3, 4), (4, 2, 6), ([0, 2], [1, 0])),
                                        ((5,), (5,), 1)])
def test_tensordot(sa, sb, axes):
    a, b = arr(sa), arr(sb)
    assert_matches(pt.tensordot(pt.asarray(a), pt.asarray(b), axes=axes),
                   np.tensordot(a, b, axes=axes), rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="shape mismatch"):
        pt.tensordot(pt.ones((2, 3)), pt.ones((4, 5)), axes=1)


@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (5, 3), (2, 3, 4)])
@pytest.mark.parametrize("offset", [0, 1, -1, 2, -3, 7])
def test_diagonal_trace(shape, offset):
    a = arr(shape)
    assert_matches(pt.linalg.diagonal(pt.asarray(a), offset=offset),
                   np.diagonal(a, offset=offset, axis1=-2, axis2=-1))
    assert_matches(pt.linalg.trace(pt.asarray(a), offset=offset),
                   np.trace(a, offset=offset, axis1=-2, axis2=-1), rtol=1e-12, atol=1e-12)


def test_trace_int_dtype():
    a = np.arange(16, dtype=np.int32).reshape(4, 4)
    assert_matches(pt.linalg.trace(pt.asarray(a)), np.trace(a))  # int32 sums in int64


@pytest.mark.parametrize("sa,sb,axis", [((3,), (3,), -1), ((4, 3), (4, 3), -1),
                                        ((3, 4), (3, 4), 0), ((2, 4, 3), (4, 3), -1)])
def test_cross(sa, sb, axis):
    a, b = arr(sa), arr(sb)
    assert_matches(pt.linalg.cross(pt.asarray(a), pt.asarray(b), axis=axis),
                   np.cross(a, b, axis=axis), rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="size 3"):
        pt.linalg.cross(pt.ones(2), pt.ones(2))


@pytest.mark.parametrize("ord", [2, 1, 0, math.inf, -math.inf, 3, 0.5])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_vector_norm(ord, axis):
    a = arr((4, 5))
    a[0, 0] = 0.0
    exp = np.linalg.vector_norm(a, ord=ord, axis=axis)
    assert_matches(pt.linalg.vector_norm(pt.asarray(a), ord=ord, axis=axis), exp, rtol=1e-12)
    exp_k = np.linalg.vector_norm(a, ord=ord, axis=axis, keepdims=True)
    assert_matches(pt.linalg.vector_norm(pt.asarray(a), ord=ord, axis=axis, keepdims=True),
                   exp_k, rtol=1e-12)


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
@pytest.mark.parametrize("shape", [(3, 4), (2, 3, 3)])
def test_matrix_norm(ord, shape):
    a = arr(shape)
    assert_matches(pt.linalg.matrix_norm(pt.asarray(a), ord=ord),
                   np.linalg.matrix_norm(a, ord=ord), rtol=1e-12)
    assert_matches(pt.linalg.matrix_norm(pt.asarray(a), ord=ord, keepdims=True),
                   np.linalg.matrix_norm(a, ord=ord, keepdims=True), rtol=1e-12)
    with pytest.raises(ValueError, match="not supported"):
        pt.linalg.matrix_norm(pt.asarray(a), ord="max")
    with pytest.raises(ValueError, match="not supported"):
        pt.linalg.matrix_norm(pt.asarray(a), ord=3)


@pytest.mark.parametrize("n", [0, 1, 2, 5, -1, -3])
def test_matrix_power(n):
    a = arr((3, 3)) * 0.5
    assert_matches(pt.linalg.matrix_power(pt.asarray(a), n), np.linalg.matrix_power(a, n),
                   rtol=1e-12, atol=1e-12)
    b = arr((2, 3, 3)) * 0.5
    assert_matches(pt.linalg.matrix_power(pt.asarray(b), n), np.linalg.matrix_power(b, n),
                   rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="square"):
        pt.linalg.matrix_power(pt.ones((2, 3)), 2)
    with pytest.raises(pt.linalg.LinAlgError, match="Singular"):
        pt.linalg.matrix_power(pt.zeros((2, 2)), -1).to_numpy()


def test_linalg_namespace_reexports():
    a, b = arr((3, 4)), arr((4, 2))
    assert_matches(pt.linalg.matmul(pt.asarray(a), pt.asarray(b)), a @ b, rtol=1e-12)
    assert_matches(pt.linalg.matrix_transpose(pt.asarray(a)), a.T)
    assert_matches(pt.linalg.vecdot(pt.asarray(a), pt.asarray(a)), np.vecdot(a, a), rtol=1e-12)

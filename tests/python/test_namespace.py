"""Array-API namespace pieces against NumPy: inspection, data type functions, where, any/all,
diff and the manipulation functions (concat, stack, squeeze, flip, ...), with bad inputs."""
import math
import os

import numpy as np
import pytest

import ptensor as pt
from _helpers import ALL_DTYPES, COMPLEX, assert_matches, on_a_device

RNG = np.random.default_rng(11)


def arr(shape, dtype="float64"):
    d = np.dtype(dtype)
    if d.kind == "b":
        return RNG.random(shape) < 0.5
    if d.kind in "iu":
        return RNG.integers(0 if d.kind == "u" else -50, 50, shape).astype(d)
    return RNG.standard_normal(shape).astype(d)


# ---------------------------------------------------------------- inspection
def test_namespace_constants():
    assert pt.__array_api_version__ == "2025.12"
    assert pt.e == math.e and pt.pi == math.pi and pt.inf == math.inf and math.isnan(pt.nan)
    assert pt.newaxis is None
    x = pt.asarray(np.arange(3.0))
    assert x.__array_namespace__() is pt
    assert_matches(x[pt.newaxis], np.arange(3.0)[np.newaxis])


def test_namespace_info():
    info = pt.__array_namespace_info__()
    # the CPU first; GPU runtime devices follow where one is found (test_gpu_devices.py)
    assert info.devices()[0] == "cpu"
    assert info.default_device() == ("cpu" if not on_a_device() else os.environ["PTENSOR_DEVICE"])
    assert isinstance(info.devices(), tuple)
    assert info.capabilities()["boolean indexing"] is True
    d = info.default_dtypes()
    assert d["real floating"] == pt.float64 and d["integral"] == pt.int64
    assert d["complex floating"] == pt.complex128
    assert set(info.dtypes()) == {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                  "uint32", "uint64", "float32", "float64", "complex64",
                                  "complex128"}
    assert set(info.dtypes(kind="complex floating")) == {"complex64", "complex128"}
    assert set(info.dtypes(kind="real floating")) == {"float32", "float64"}
    assert set(info.dtypes(kind=("bool", "unsigned integer"))) == {"bool", "uint8", "uint16",
                                                                  "uint32", "uint64"}
    with pytest.raises(ValueError, match="device"):
        info.dtypes(device="gpu")


@pytest.mark.parametrize("kind,expected", [
    ("bool", {"bool"}), ("signed integer", {"int8", "int16", "int32", "int64"}),
    ("unsigned integer", {"uint8", "uint16", "uint32", "uint64"}),
    ("integral", {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}),
    ("real floating", {"float32", "float64"}), ("complex floating", {"complex64", "complex128"}),
    ("numeric", set(ALL_DTYPES + COMPLEX) - {"bool"}),
])
def test_isdtype(kind, expected):
    got = {n for n in ALL_DTYPES + COMPLEX if pt.isdtype(getattr(pt, n if n != "bool" else "bool"), kind)}
    assert got == expected
    assert pt.isdtype(pt.int8, pt.int8) and not pt.isdtype(pt.int8, pt.int16)
    with pytest.raises(ValueError, match="unknown kind"):
        pt.isdtype(pt.int8, "integer")
    with pytest.raises(TypeError):
        pt.isdtype("int8", "integral")


@pytest.mark.parametrize("a", ALL_DTYPES + COMPLEX)
@pytest.mark.parametrize("b", ALL_DTYPES + COMPLEX)
def test_can_cast(a, b):
    assert pt.can_cast(getattr(pt, a), getattr(pt, b)) == np.can_cast(a, b)


def test_can_cast_array_and_errors():
    assert pt.can_cast(pt.asarray(np.ones(2, np.int8)), pt.int16)
    with pytest.raises(TypeError):
        pt.can_cast("int8", pt.int16)


@pytest.mark.parametrize("d", ["float32", "float64", "complex64", "complex128"])
def test_finfo(d):
    f, n = pt.finfo(getattr(pt, d)), np.finfo(d)
    assert (f.bits, f.eps, f.max, f.min, f.smallest_normal) == (
        n.bits, float(n.eps), float(n.max), float(n.min), float(n.smallest_normal))
    assert f.dtype == n.dtype  # the real dtype for complex ones, as NumPy
    assert pt.finfo(pt.asarray(np.ones(1, d))).bits == n.bits
    with pytest.raises(ValueError, match="floating"):
        pt.finfo(pt.int32)


@pytest.mark.parametrize("d", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                               "uint64"])
def test_iinfo(d):
    i, n = pt.iinfo(getattr(pt, d)), np.iinfo(d)
    assert (i.bits, i.min, i.max) == (n.bits, int(n.min), int(n.max))
    with pytest.raises(ValueError, match="integer"):
        pt.iinfo(pt.float32)


# ---------------------------------------------------------------- where
@pytest.mark.parametrize("d1,d2", [("float64", "float64"), ("int32", "float32"),
                                   ("uint8", "int8"), ("bool", "bool"), ("int64", "uint64")])
def test_where_dtypes(d1, d2):
    c = arr((4, 5), "bool")
    a, b = arr((4, 5), d1), arr((4, 5), d2)
    assert_matches(pt.where(pt.asarray(c), pt.asarray(a), pt.asarray(b)), np.where(c, a, b))


def test_where_broadcast_scalars_special_values():
    c = np.array([True, False, True])
    a = np.array([[np.nan], [np.inf], [-0.0]])
    assert_matches(pt.where(pt.asarray(c), pt.asarray(a), -np.inf), np.where(c, a, -np.inf))
    assert_matches(pt.where(pt.asarray(c), 1, pt.asarray(a)), np.where(c, 1, a))
    i = np.arange(3, dtype=np.int8)
    assert_matches(pt.where(pt.asarray(c), pt.asarray(i), 7), np.where(c, i, np.int8(7)))
    assert_matches(pt.where(pt.asarray(np.array([0.0, 2.0, np.nan])), 1.0, pt.asarray(a)),
                   np.where(np.array([0.0, 2.0, np.nan]), 1.0, a))  # truthiness; NaN is true
    assert_matches(pt.where(pt.asarray(np.zeros((0, 3), bool)), 1.0, 2.0 * pt.ones(3)),
                   np.where(np.zeros((0, 3), bool), 1.0, 2.0 * np.ones(3)))


def test_where_errors():
    c = pt.asarray(np.array([True, False]))
    with pytest.raises(ValueError, match="broadcast"):
        pt.where(c, pt.ones(3), 0.0)
    with pytest.raises(TypeError, match="x1 or x2"):
        pt.where(c, 1.0, 2.0)
    with pytest.raises(OverflowError):
        pt.where(c, pt.asarray(np.ones(2, np.uint8)), -1)


# ---------------------------------------------------------------- any, all, diff
@pytest.mark.parametrize("dtype", ["bool", "int16", "float64", "uint8"])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_any_all(dtype, axis, keepdims):
    a = arr((4, 6), dtype)
    if dtype != "bool":
        a = np.where(RNG.random((4, 6)) < 0.6, 0, a).astype(dtype)
    a[1] = 1  # one row all true
    for f, nf in ((pt.any, np.any), (pt.all, np.all)):
        assert_matches(f(pt.asarray(a), axis=axis, keepdims=keepdims),
                       nf(a, axis=axis, keepdims=keepdims))


def test_any_all_empty_nan_and_errors():
    e = np.zeros((0, 3))
    assert_matches(pt.any(pt.asarray(e)), np.any(e))
    assert_matches(pt.all(pt.asarray(e)), np.all(e))
    assert_matches(pt.all(pt.asarray(e), axis=0), np.all(e, axis=0))
    n = np.array([np.nan, 0.0])
    assert_matches(pt.any(pt.asarray(n)), np.any(n))
    with pytest.raises(IndexError, match="axis"):
        pt.any(pt.ones((2, 2)), axis=2)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8", "bool"])
@pytest.mark.parametrize("n,axis", [(1, -1), (2, -1), (1, 0), (3, 1), (0, 0), (7, 1)])
def test_diff(dtype, n, axis):
    a = arr((4, 5), dtype)
    with np.errstate(all="ignore"):
        assert_matches(pt.diff(pt.asarray(a), n=n, axis=axis), np.diff(a, n=n, axis=axis))


def test_diff_prepend_append_and_errors():
    a = np.arange(12.0).reshape(3, 4) ** 2
    p, q = np.ones((3, 1)), np.full((3, 2), 5.0)
    assert_matches(pt.diff(pt.asarray(a), prepend=pt.asarray(p), append=pt.asarray(q)),
                   np.diff(a, prepend=p, append=q))
    with pytest.raises(ValueError, match="at least one dimension"):
        pt.diff(pt.asarray(np.float64(1.0)))
    with pytest.raises(ValueError, match="non-negative"):
        pt.diff(pt.asarray(a), n=-1)


# ---------------------------------------------------------------- manipulation
@pytest.mark.parametrize("axis", [0, 1, -1, 2, -3])
def test_expand_dims(axis):
    a = arr((3, 4))
    assert_matches(pt.expand_dims(pt.asarray(a), axis=axis), np.expand_dims(a, axis))
    with pytest.raises(IndexError):
        pt.expand_dims(pt.asarray(a), axis=3)


def test_squeeze_is_a_view():
    a = arr((1, 3, 1, 2))
    x = pt.asarray(a)
    assert_matches(pt.squeeze(x, axis=0), np.squeeze(a, 0))
    assert_matches(pt.squeeze(x, axis=(0, 2)), np.squeeze(a, (0, 2)))
    v = pt.squeeze(x, axis=(0, 2))
    v[0, 0] = 99.0
    assert float(x[0, 0, 0, 0]) == 99.0
    with pytest.raises(ValueError, match="size 3"):
        pt.squeeze(x, axis=1)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
def test_flip(axis):
    a = arr((3, 4), "int32")
    assert_matches(pt.flip(pt.asarray(a), axis=axis), np.flip(a, axis=axis))


@pytest.mark.parametrize("src,dst", [(0, -1), (-1, 0), ((0, 1), (2, 0)), (1, 1)])
def test_moveaxis(src, dst):
    a = arr((2, 3, 4))
    assert_matches(pt.moveaxis(pt.asarray(a), src, dst), np.moveaxis(a, src, dst))
    with pytest.raises(ValueError, match="same number"):
        pt.moveaxis(pt.asarray(a), (0, 1), 2)


def test_unstack():
    a = arr((3, 2, 4))
    for ax in (0, 1, -1):
        got = pt.unstack(pt.asarray(a), axis=ax)
        exp = [np.take(a, i, axis=ax) for i in range(a.shape[ax])]
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_matches(g, e)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_concat(axis):
    a, b, c = arr((2, 3)), arr((2, 3), "float32"), arr((2, 3), "int8")
    parts = [a, b, c] if axis == 0 else [a, b]
    assert_matches(pt.concat([pt.asarray(p) for p in parts], axis=axis),
                   np.concatenate(parts, axis=axis))
    e = np.zeros((0, 3))
    assert_matches(pt.concat([pt.asarray(a), pt.asarray(e)], axis=0),
                   np.concatenate([a, e], axis=0))


def test_concat_errors():
    with pytest.raises(ValueError, match="same shape except"):
        pt.concat([pt.ones((2, 3)), pt.ones((2, 4))], axis=0)
    with pytest.raises(ValueError, match="non-empty"):
        pt.concat([])
    with pytest.raises(ValueError, match="zero-dimensional"):
        pt.concat([pt.asarray(np.float64(1.0))])
    assert_matches(pt.concat([pt.ones((2, 2)), pt.zeros(3)], axis=None),
                   np.concatenate([np.ones((2, 2)), np.zeros(3)], axis=None))


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_stack(axis):
    parts = [arr((2, 3), "int16") for _ in range(3)]
    assert_matches(pt.stack([pt.asarray(p) for p in parts], axis=axis), np.stack(parts, axis))
    with pytest.raises(ValueError, match="same shape"):
        pt.stack([pt.ones(2), pt.ones(3)])


@pytest.mark.parametrize("shift,axis", [(1, 0), (-2, 1), (7, 1), ((1, 2), (0, 1)), (0, 0),
                                        (3, -1)])
def test_roll(shift, axis):
    a = arr((3, 5))
    assert_matches(pt.roll(pt.asarray(a), shift, axis=axis), np.roll(a, shift, axis=axis))
    assert_matches(pt.roll(pt.asarray(a), 4), np.roll(a, 4))
    assert_matches(pt.roll(pt.asarray(a), (1, 2)), np.roll(a, (1, 2)))
    x = pt.asarray(a)
    r = pt.roll(x, shift, axis=axis)
    r[...] = 0  # a new array, as NumPy's, also when nothing moves
    assert_matches(x, a)


# ---------------------------------------------------------------- tril, triu, meshgrid, ...
@pytest.mark.parametrize("k", [0, 1, -1, 5, -5])
@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (2, 3, 4), (0, 3)])
def test_tril_triu(k, shape):
    a = arr(shape, "int32")
    assert_matches(pt.tril(pt.asarray(a), k=k), np.tril(a, k))
    assert_matches(pt.triu(pt.asarray(a), k=k), np.triu(a, k))
    with pytest.raises(ValueError, match="2 dimensions"):
        pt.tril(pt.ones(3))


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid(indexing):
    xs = [np.arange(3.0), np.arange(4.0) * 2, np.arange(2.0) - 1]
    for k in (1, 2, 3):
        got = pt.meshgrid(*[pt.asarray(x) for x in xs[:k]], indexing=indexing)
        exp = np.meshgrid(*xs[:k], indexing=indexing)
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_matches(g, e)
    with pytest.raises(ValueError, match="indexing"):
        pt.meshgrid(pt.ones(2), indexing="yx")
    with pytest.raises(ValueError, match="one-dimensional"):
        pt.meshgrid(pt.ones((2, 2)))


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_count_nonzero(axis):
    a = np.where(RNG.random((4, 5)) < 0.5, 0.0, 1.5)
    a[0, 0] = np.nan
    assert_matches(pt.count_nonzero(pt.asarray(a), axis=axis), np.count_nonzero(a, axis=axis))
    assert_matches(pt.count_nonzero(pt.asarray(a), axis=axis, keepdims=True),
                   np.count_nonzero(a, axis=axis, keepdims=True))


@pytest.mark.parametrize("s1,s2,axis", [((5,), (5,), -1), ((3, 4), (3, 4), -1),
                                         ((3, 4), (4,), -1), ((3, 4), (3, 4), 0),
                                         ((2, 1, 4), (3, 4), -1)])
def test_vecdot(s1, s2, axis):
    a, b = arr(s1), arr(s2)
    assert_matches(pt.vecdot(pt.asarray(a), pt.asarray(b), axis=axis),
                   np.vecdot(a, b, axis=axis), rtol=1e-12)
    with pytest.raises(ValueError, match="broadcast"):
        pt.vecdot(pt.ones((2, 3)), pt.ones((2, 4)))


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int64", "bool", "float32", "complex64"])
def test_vecdot_keeps_the_operands_dtype(dtype):
    """The result has the promoted operand dtype (uint8 stays uint8, wrapping like NumPy's
    vecdot), not the widened dtype of sum."""
    a = (np.arange(24).reshape(4, 6) * 7 % 11).astype(dtype)
    b = (np.arange(6) % 3 + 1).astype(dtype)
    assert_matches(pt.vecdot(pt.asarray(a), pt.asarray(b)), np.vecdot(a, b), rtol=1e-6)
    assert_matches(pt.linalg.vecdot(pt.asarray(a), pt.asarray(a), axis=0), np.vecdot(a, a, axis=0),
                   rtol=1e-6)


# ---------------------------------------------------------------- reshape, tile, repeat
@pytest.mark.parametrize("src,dst", [((2, 6), (3, 4)), ((2, 6), (-1,)), ((12,), (2, -1, 3)),
                                     ((3, 4), (4, 3)), ((0, 4), (2, 0, 3)), ((), (1, 1)),
                                     ((1,), ()), ((2, 3, 4), (24,))])
def test_reshape(src, dst):
    a = np.arange(int(np.prod(src)), dtype=np.float64).reshape(src)
    assert_matches(pt.reshape(pt.asarray(a), dst), np.reshape(a, dst))


def test_reshape_views_and_fusion():
    a = np.arange(24.0).reshape(4, 6)
    x = pt.asarray(a)
    assert_matches(pt.reshape(x[::2, 1:5], (8,)), a[::2, 1:5].reshape(8))  # strided source
    assert_matches(pt.reshape(pt.exp(x * 0.1), (6, 4)) + 1.0,
                   np.exp(a * 0.1).reshape(6, 4) + 1.0, rtol=1e-14)
    assert_matches(pt.reshape(pt.matrix_transpose(x), (-1,)), a.T.reshape(-1))


def test_reshape_of_a_fresh_result_is_its_own_buffer():
    """The reshaped result of a computation, kept as a result or written into a slice (MLIR's
    eliminate-empty-tensors used to compute the source straight into the differently shaped
    destination: wrong values and heap corruption; --ptensor-reshape-sources)."""
    a = np.arange(24.0).reshape(6, 4) % 7
    x = pt.asarray(a.copy())
    y = pt.reshape(x * 2, (4, 6))
    z = pt.reshape(pt.reshape(x[::-1] - 1, (24,)), (3, 8))
    s = y + pt.reshape(z, (4, 6))
    assert_matches(y, (a * 2).reshape(4, 6))
    assert_matches(z, (a[::-1] - 1).reshape(3, 8))
    assert_matches(s, (a * 2).reshape(4, 6) + (a[::-1] - 1).reshape(4, 6))
    v = pt.zeros((8, 9))
    v[1:5, 2:8] = pt.reshape(pt.sqrt(x), (4, 6))
    w = np.zeros((8, 9))
    w[1:5, 2:8] = np.sqrt(a).reshape(4, 6)
    assert_matches(v, w)


def test_reshape_errors():
    x = pt.ones((2, 3))
    with pytest.raises(ValueError, match="cannot reshape"):
        pt.reshape(x, (4, 2))
    with pytest.raises(ValueError, match="only one"):
        pt.reshape(x, (-1, -1))
    with pytest.raises(ValueError, match="cannot reshape"):
        pt.reshape(pt.zeros((0, 4)), (2, 0, -1))  # -1 cannot be inferred (NumPy raises too)
    with pytest.raises(ValueError, match="copy=False"):
        pt.reshape(x, (3, 2), copy=False)
    with pytest.raises(TypeError, match="shape"):
        pt.reshape(x, (2.0, 3))


@pytest.mark.parametrize("shape,reps", [((3,), 2), ((2, 3), (2, 1)), ((2, 3), (3,)),
                                        ((2,), (2, 2)), ((2, 3), (0, 2)), ((), 3)])
def test_tile(shape, reps):
    a = arr(shape, "int16")
    assert_matches(pt.tile(pt.asarray(a), reps), np.tile(a, reps))


@pytest.mark.parametrize("shape,rep,axis", [((3,), 2, None), ((2, 3), 3, 0), ((2, 3), 2, 1),
                                            ((2, 3), 2, -1), ((2, 3), 0, 0), ((2, 3), 2, None)])
def test_repeat(shape, rep, axis):
    a = arr(shape)
    assert_matches(pt.repeat(pt.asarray(a), rep, axis=axis), np.repeat(a, rep, axis=axis))


@pytest.mark.parametrize("shape,counts,axis", [
    ((4,), [2, 0, 1, 3], None), ((2, 3), [1, 2, 3], 1), ((2, 3), [3, 0], 0),
    ((2, 3), [2], None), ((2, 3), [0, 0, 0], -1), ((0, 3), [], 0), ((3, 2), 2, 0),
    ((2, 3), [1, 1, 1, 0, 2, 1], None)])
def test_repeat_counts(shape, counts, axis):
    a = arr(shape)
    c = np.array(counts, dtype=np.int64)
    assert_matches(pt.repeat(pt.asarray(a), pt.asarray(c), axis=axis), np.repeat(a, c, axis=axis))
    assert_matches(pt.repeat(pt.asarray(a), pt.asarray(c.astype(np.uint8)), axis=axis),
                   np.repeat(a, c, axis=axis))


def test_tile_repeat_errors():
    with pytest.raises(TypeError, match="integer array"):
        pt.repeat(pt.ones(3), pt.ones(3))
    with pytest.raises(TypeError, match="bool"):
        pt.repeat(pt.ones(3), True)
    with pytest.raises(ValueError, match="non-negative"):
        pt.repeat(pt.ones(3), pt.asarray([1, -1, 2]))
    with pytest.raises(ValueError, match="3 counts for an axis of size 2"):
        pt.repeat(pt.ones((2, 2)), pt.asarray([1, 1, 1]), axis=0)
    with pytest.raises(ValueError, match="0-d or 1-D"):
        pt.repeat(pt.ones(4), pt.ones((2, 2), dtype=pt.int64))
    with pytest.raises(ValueError, match="non-negative"):
        pt.tile(pt.ones(3), (-1,))


# ---------------------------------------------------------------- argmax, argmin, cumulative
@pytest.mark.parametrize("dtype", ["float64", "float32", "int8", "uint16", "bool"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_argmax_argmin(dtype, axis, keepdims):
    a = arr((5, 7), dtype)
    if dtype != "bool":
        a[1, 2] = a[3, 4] = a.max()  # ties: the first wins
    for f, nf in ((pt.argmax, np.argmax), (pt.argmin, np.argmin)):
        assert_matches(f(pt.asarray(a), axis=axis, keepdims=keepdims),
                       nf(a, axis=axis, keepdims=keepdims))


def test_argmax_nan_and_errors():
    a = np.array([[1.0, np.nan, 3.0, np.nan], [2.0, 5.0, -np.inf, 0.0]])
    for f, nf in ((pt.argmax, np.argmax), (pt.argmin, np.argmin)):
        assert_matches(f(pt.asarray(a), axis=1), nf(a, axis=1))
        assert_matches(f(pt.asarray(a)), nf(a))
    with pytest.raises(ValueError, match="empty"):
        pt.argmax(pt.zeros((0, 3)), axis=0)
    with pytest.raises(ValueError, match="dimension"):
        pt.argmin(pt.asarray(np.float64(1.0)), axis=0)


def test_argmax_of_stored_values_runs_one_program(compiled):
    # over all axes of stored values: one program reading them in place (the flattened array
    # was first materialized as a copy: 7.3 -> 2.8 ms at 8M float64)
    a = arr((40, 50), "float64")
    for shape in ((2000,), (40, 50), (2, 20, 50)):
        x = pt.asarray(a.reshape(shape))
        pt.sync()  # (split over ranks, each rank's rows are a pending copy until computed)
        for f, nf in ((pt.argmax, np.argmax), (pt.argmin, np.argmin)):
            runs = pt.cache_info()["runs"]
            assert int(f(x)) == nf(a)
            assert pt.cache_info()["runs"] == runs + 1, shape
        assert_matches(pt.argmax(x, keepdims=True), np.argmax(a.reshape(shape), keepdims=True))


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_argmax_of_a_computed_array(compiled, axis):
    # The extreme and the comparison with it see the same values: recomputed in two fused
    # loops (libm's exp in one, the vector exp in the other) they could differ in the last
    # bit, and then no element would equal the extreme. The index found holds the extreme
    # (ptensor's exp may differ from NumPy's in the last bit: compared within an ulp).
    a = arr((64, 37), "float64") * 3.0
    for g, ng in ((pt.exp, np.exp), (pt.sin, np.sin), (pt.tanh, np.tanh)):
        vals = ng(a)
        for f, nf in ((pt.argmax, np.argmax), (pt.argmin, np.argmin)):
            got = np.asarray(f(g(pt.asarray(a)), axis=axis))
            want = nf(vals, axis=axis)
            assert got.shape == want.shape and got.dtype == want.dtype
            n = vals.size if axis is None else vals.shape[axis]
            assert ((got >= 0) & (got < n)).all()
            if axis is None:
                np.testing.assert_allclose(vals.flat[int(got)], vals.flat[int(want)], rtol=1e-15)
            else:
                np.testing.assert_allclose(np.take_along_axis(vals, np.expand_dims(got, axis), axis),
                                           np.take_along_axis(vals, np.expand_dims(want, axis), axis),
                                           rtol=1e-15)


@pytest.mark.parametrize("dtype", ["int32", "uint8", "int64", "bool"])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative_exact(dtype, axis, include_initial):
    a = arr((6, 9), dtype)
    exp_s = np.cumulative_sum(a, axis=axis, include_initial=include_initial)
    assert_matches(pt.cumulative_sum(pt.asarray(a), axis=axis, include_initial=include_initial),
                   exp_s)
    b = (a % 3 + 1).astype(dtype) if dtype != "bool" else a
    with np.errstate(all="ignore"):
        exp_p = np.cumulative_prod(b, axis=axis, include_initial=include_initial)
    assert_matches(pt.cumulative_prod(pt.asarray(b), axis=axis, include_initial=include_initial),
                   exp_p)


@pytest.mark.parametrize("n", [1, 2, 7, 64, 1000])
def test_cumulative_float(n):
    a = arr((n,))
    assert_matches(pt.cumulative_sum(pt.asarray(a)), np.cumulative_sum(a), rtol=1e-12,
                   atol=1e-12)
    a32 = a.astype(np.float32)
    assert_matches(pt.cumulative_sum(pt.asarray(a32), dtype=pt.float64),
                   np.cumulative_sum(a32, dtype=np.float64), rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="axis is required"):
        pt.cumulative_sum(pt.ones((2, 2)))
    assert_matches(pt.cumulative_sum(pt.zeros((0,)), include_initial=True),
                   np.cumulative_sum(np.zeros(0), include_initial=True))


# ---------------------------------------------------------------- DLPack
def _address(a):
    return a.__array_interface__["data"][0]


def test_dlpack_zero_copy_both_ways():
    if on_a_device():
        pytest.skip("CPU memory both ways (DLPack data goes to a device as a copy)")
    a = np.arange(12.0).reshape(3, 4)
    x = pt.from_dlpack(a)  # NumPy -> ptensor: same memory
    assert_matches(x, a)
    assert _address(x.to_numpy(copy=False)) == _address(a)
    y = pt.exp(x) + 1.0
    n = np.from_dlpack(y)  # ptensor -> NumPy: same memory as the ptensor result
    np.testing.assert_allclose(n, np.exp(a) + 1.0, rtol=1e-14)
    assert _address(n) == _address(y.to_numpy(copy=False))
    assert y.__dlpack_device__() == (1, 0)
    v = x[:, ::2]  # a strided view exports with its strides
    np.testing.assert_array_equal(np.from_dlpack(v), a[:, ::2])


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dlpack_dtypes(dtype):
    a = arr((5,), dtype)
    assert_matches(pt.from_dlpack(a), a)
    np.testing.assert_array_equal(np.from_dlpack(pt.asarray(a)), a)


def test_dlpack_copy_and_errors():
    a = np.arange(4.0)
    x = pt.from_dlpack(a, copy=True)
    assert _address(x.to_numpy(copy=False)) != _address(a)
    assert_matches(x, a)
    with pytest.raises(TypeError, match="DLPack"):
        pt.from_dlpack([1, 2, 3])
    with pytest.raises(BufferError, match="stream"):
        pt.asarray(a).__dlpack__(stream=1)
    with pytest.raises(ValueError, match="device"):
        pt.from_dlpack(a, device="gpu")


def _capsule_name(capsule):
    import ctypes
    get = ctypes.pythonapi.PyCapsule_GetName
    get.restype, get.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get(capsule).decode()


def test_dlpack_export_is_ptensors_own():
    # __dlpack__ builds the DLPack capsule itself (src/DlpackExport.cpp; before, through a
    # NumPy view, which cannot name a GPU): DLPack 1.0 read-only without a copy, a copy for
    # legacy consumers (no max_version), the buffer alive until the consumer lets it go
    a = np.random.default_rng(3).standard_normal((50, 40))
    x = pt.asarray(a) * 2.0
    ptr = _address(x.to_numpy(copy=False))
    cap = x.__dlpack__(max_version=(1, 0))
    assert _capsule_name(cap) == "dltensor_versioned"
    del cap  # (never consumed: the capsule's destructor frees the tensor)
    n = np.from_dlpack(x)
    assert _address(n) == ptr and not n.flags.writeable
    del x
    import gc
    gc.collect()
    np.testing.assert_array_equal(n, a * 2.0)  # (the buffer outlives the array)
    x = pt.asarray(a) * 2.0
    legacy = x.__dlpack__()
    assert _capsule_name(legacy) == "dltensor"
    with pytest.raises(BufferError, match="legacy"):
        x.__dlpack__(copy=False)
    c = np.from_dlpack(x, copy=True)
    assert c.flags.writeable and _address(c) != _address(x.to_numpy(copy=False))
    c[0, 0] = 7.0  # (the consumer's own copy)
    assert float(x[0, 0]) == a[0, 0] * 2.0
    t = x.mT[::3, 1:]  # strides, an offset
    np.testing.assert_array_equal(np.from_dlpack(t), (a * 2.0).T[::3, 1:])
    np.testing.assert_array_equal(np.from_dlpack(x, device="cpu"), a * 2.0)  # (dl_device)
    with pytest.raises(BufferError, match="device"):
        x.__dlpack__(max_version=(1, 0), dl_device=(2, 0))


def test_dlpack_export_to_jax():
    jax = pytest.importorskip("jax")  # (installed with the benchmark peers)
    a = np.arange(24.0).reshape(4, 6)
    x = pt.asarray(a) + 1.0
    np.testing.assert_array_equal(np.asarray(jax.dlpack.from_dlpack(x)), a + 1.0)
    np.testing.assert_array_equal(np.asarray(jax.dlpack.from_dlpack(x[:, ::2])), (a + 1.0)[:, ::2])


# ---------------------------------------------------------------- take, take_along_axis
@pytest.mark.parametrize("shape,axis,idx", [
    ((6,), None, [0, 5, -1, 2, 2]), ((4, 5), 0, [3, 0, -4]), ((4, 5), 1, [[0, 4], [1, -2]]),
    ((2, 3, 4), -1, [3, 0]), ((3, 2), 0, np.zeros(0, np.int64)), ((5,), 0, np.int64(3)),
])
def test_take(shape, axis, idx):
    a = arr(shape, "int32")
    idx = np.asarray(idx)
    assert_matches(pt.take(pt.asarray(a), pt.asarray(idx), axis=axis),
                   np.take(a, idx, axis=axis))
    assert_matches(pt.take(pt.asarray(a), idx, axis=axis), np.take(a, idx, axis=axis))


def test_take_uses_int64_indices_as_they_are_and_later_writes_do_not_reach_it():
    # non-negative int64 indices are the take's operand without a copy: a write into them
    # (or into x) after the take was recorded does not change its result
    a = arr((6, 3))
    x = pt.asarray(a)
    i = pt.asarray(np.array([5, 0, 2, 2]))
    r = pt.take(x, i, axis=0)
    i[0] = 1
    x[5, :] = -1.0
    assert_matches(r, np.take(a, [5, 0, 2, 2], axis=0))
    b = a.copy()
    b[5, :] = -1.0
    assert_matches(pt.take(x, i, axis=0), np.take(b, [1, 0, 2, 2], axis=0))
    assert_matches(pt.take(x, pt.asarray(np.array([-1, 0])), axis=0), np.take(b, [-1, 0], axis=0))


def test_take_of_pending_and_getitem():
    a = arr((5, 4))
    x = pt.asarray(a)
    i = pt.asarray(np.array([4, 1, 1])) * 1  # pending index array
    assert_matches(pt.take(pt.exp(x), i, axis=0), np.take(np.exp(a), [4, 1, 1], axis=0),
                   rtol=1e-14)
    assert_matches(x[np.array([2, -1, 0])], a[np.array([2, -1, 0])])
    assert_matches(x[[1, 3]], a[[1, 3]])
    assert_matches(x[pt.asarray(np.array([[0, 1], [2, 3]]))], a[np.array([[0, 1], [2, 3]])])
    assert_matches(x[[]], a[[]])  # an empty list: an empty integer index, as in NumPy


def test_take_errors():
    a = arr((3, 4))
    x = pt.asarray(a)
    with pytest.raises(IndexError, match="out of bounds"):
        pt.take(x, [3], axis=0)
    with pytest.raises(IndexError, match="out of bounds"):
        pt.take(x, [-5], axis=1)
    with pytest.raises(IndexError, match="integers"):
        pt.take(x, [0.5], axis=0)
    assert_matches(pt.take(x, [0, 5]), np.take(a, [0, 5]))  # NumPy's: flattened
    with pytest.raises(ValueError, match="clipmode"):
        pt.take(x, [0], mode="bogus")
    with pytest.raises(IndexError, match="out of bounds"):
        x[np.array([7])]


@pytest.mark.parametrize("shape,axis", [((4, 5), 0), ((4, 5), 1), ((4, 5), -1), ((2, 3, 4), 1)])
def test_take_along_axis(shape, axis):
    a = arr(shape)
    idx = np.argsort(a, axis=axis)
    assert_matches(pt.take_along_axis(pt.asarray(a), pt.asarray(idx), axis=axis),
                   np.take_along_axis(a, idx, axis=axis))
    first = np.take(idx, [0], axis=axis)  # broadcasting indices of length 1 along axis
    assert_matches(pt.take_along_axis(pt.asarray(a), pt.asarray(first), axis=axis),
                   np.take_along_axis(a, first, axis=axis))
    with pytest.raises(ValueError, match="rank"):
        pt.take_along_axis(pt.asarray(a), pt.asarray(idx[..., 0]), axis=axis)


# ---------------------------------------------------------------- searchsorted
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
def test_searchsorted(side, dtype):
    a = np.sort(arr((20,), dtype))
    v = np.concatenate([arr((7,), dtype), a[[0, 5, 5, 19]]]).reshape(1, 11)
    assert_matches(pt.searchsorted(pt.asarray(a), pt.asarray(v), side=side),
                   np.searchsorted(a, v, side=side))
    perm = RNG.permutation(20)
    shuffled = a[perm]
    sorter = np.argsort(shuffled, kind="stable")
    assert_matches(pt.searchsorted(pt.asarray(shuffled), pt.asarray(v), side=side,
                                   sorter=pt.asarray(sorter)),
                   np.searchsorted(shuffled, v, side=side, sorter=sorter))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_nan_inf_and_errors(side):
    a = np.array([-np.inf, -1.0, 0.0, 0.0, 2.0, np.inf, np.nan, np.nan])
    v = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, 5.0])
    assert_matches(pt.searchsorted(pt.asarray(a), pt.asarray(v), side=side),
                   np.searchsorted(a, v, side=side))
    with pytest.raises(ValueError, match="side"):
        pt.searchsorted(pt.asarray(a), pt.asarray(v), side="middle")
    with pytest.raises(ValueError, match="one-dimensional"):
        pt.searchsorted(pt.ones((2, 2)), pt.ones(2))


# ---------------------------------------------------------------- nonzero, boolean masks
@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 3, 4), (0, 3), (5, 1)])
@pytest.mark.parametrize("dtype", ["float64", "int8", "bool"])
def test_nonzero(shape, dtype):
    a = arr(shape, dtype)
    if dtype != "bool":
        a = np.where(RNG.random(shape) < 0.5, 0, a).astype(dtype)
    got, exp = pt.nonzero(pt.asarray(a)), np.nonzero(a)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_matches(g, e.astype(np.int64))


def test_nonzero_errors_and_nan():
    a = np.array([0.0, np.nan, -0.0, 2.0])
    assert_matches(pt.nonzero(pt.asarray(a))[0], np.nonzero(a)[0].astype(np.int64))
    with pytest.raises(ValueError, match="at least one dimension"):
        pt.nonzero(pt.asarray(np.float64(1.0)))


@pytest.mark.parametrize("shape,mshape", [((10,), (10,)), ((3, 4), (3, 4)), ((3, 4), (3,)),
                                          ((2, 3, 4), (2, 3)), ((4, 2), (4,))])
def test_boolean_mask_getitem(shape, mshape):
    a = arr(shape)
    m = RNG.random(mshape) < 0.5
    assert_matches(pt.asarray(a)[pt.asarray(m)], a[m])
    assert_matches(pt.asarray(a)[m], a[m])
    none = np.zeros(mshape, bool)
    assert_matches(pt.asarray(a)[none], a[none])
    assert_matches(pt.asarray(a)[pt.asarray(a) > 0.0] if len(shape) == len(mshape) else
                   pt.asarray(a)[m], a[a > 0.0] if len(shape) == len(mshape) else a[m])


def test_boolean_mask_of_view_and_errors():
    a = arr((6, 5))
    x = pt.asarray(a)
    v = x[::2, 1:]
    m = RNG.random((3, 4)) < 0.5
    assert_matches(v[m], a[::2, 1:][m])
    with pytest.raises(IndexError, match="does not match"):
        x[np.ones((5, 5), bool)]


def test_searchsorted_large():
    s = np.sort(RNG.standard_normal(200_000))
    v = RNG.standard_normal(100_000)
    assert_matches(pt.searchsorted(pt.asarray(s), pt.asarray(v)), np.searchsorted(s, v))


# ---------------------------------------------------------------- assignment: int arrays, masks
@pytest.mark.parametrize("dtype", ["float64", "int16", "uint8", "bool"])
def test_setitem_integer_array(dtype):
    a = arr((5, 3), dtype)
    b = a.copy()
    x = pt.asarray(a.copy())
    idx = np.array([4, -5, 2])
    vals = arr((3, 3), dtype)
    x[idx] = pt.asarray(vals)
    b[idx] = vals
    assert_matches(x, b)
    x[[1, 3]] = 1  # scalar broadcast
    b[[1, 3]] = 1
    assert_matches(x, b)
    x[[]] = 7  # writes nothing
    b[[]] = 7
    assert_matches(x, b)
    x[pt.asarray(np.array([0]))] = pt.asarray(vals[0])  # a row broadcast over one index
    b[np.array([0])] = vals[0]
    assert_matches(x, b)


def test_setitem_duplicates_last_wins_and_views():
    a = np.zeros(6)
    x = pt.asarray(a.copy())
    x[np.array([1, 3, 1])] = pt.asarray(np.array([10.0, 20.0, 30.0]))
    a[np.array([1, 3, 1])] = np.array([10.0, 20.0, 30.0])
    assert_matches(x, a)
    m = np.arange(20.0).reshape(4, 5)
    y = pt.asarray(m.copy())
    v = y[::2]  # a view: the assignment writes through to y
    v[[1]] = -1.0
    m[::2][[1]] = -1.0
    assert_matches(y, m)


@pytest.mark.parametrize("mshape", [(4, 5), (4,)])
def test_setitem_boolean_mask(mshape):
    a = arr((4, 5))
    m = RNG.random(mshape) < 0.5
    x, b = pt.asarray(a.copy()), a.copy()
    x[pt.asarray(m)] = 0.5
    b[m] = 0.5
    assert_matches(x, b)
    x[x > 0.0] = pt.asarray(np.float64(-2.0))
    b[b > 0.0] = -2.0
    assert_matches(x, b)
    n = int(m.sum())
    vals = arr((n,) + a.shape[len(mshape):])
    x[m] = pt.asarray(vals)
    b[m] = vals
    assert_matches(x, b)


def test_setitem_array_errors():
    x = pt.asarray(np.zeros((3, 2)))
    with pytest.raises(IndexError, match="out of bounds"):
        x[[3]] = 1.0
    with pytest.raises(ValueError, match="cannot assign"):
        x[[0, 1]] = pt.asarray(np.zeros((3, 2)))
    with pytest.raises(IndexError, match="does not match"):
        x[np.ones(4, bool)] = 1.0
    assert_matches(x, np.zeros((3, 2)))  # nothing was written


# ---------------------------------------------------------------- sort, argsort
@pytest.mark.parametrize("dtype", ["float64", "float32", "int8", "uint16", "int64", "bool"])
@pytest.mark.parametrize("shape,axis", [((37,), -1), ((4, 9), 0), ((4, 9), 1), ((2, 3, 5), 1),
                                        ((1,), 0), ((0, 3), 1)])
def test_sort_argsort(dtype, shape, axis):
    a = arr(shape, dtype)
    if dtype not in ("bool",) and a.size:
        a = (a % 4).astype(dtype)  # many ties: stability matters
    assert_matches(pt.sort(pt.asarray(a), axis=axis), np.sort(a, axis=axis, kind="stable"))
    assert_matches(pt.argsort(pt.asarray(a), axis=axis),
                   np.argsort(a, axis=axis, kind="stable").astype(np.int64))


@pytest.mark.parametrize("dtype", ["int32", "float64"])
def test_sort_descending_stable(dtype):
    a = (arr((5, 12), dtype) % 3).astype(dtype)
    ref_idx = np.argsort(-a.astype(np.float64), axis=1, kind="stable")  # stable descending
    assert_matches(pt.argsort(pt.asarray(a), axis=1, descending=True), ref_idx.astype(np.int64))
    assert_matches(pt.sort(pt.asarray(a), axis=1, descending=True),
                   np.take_along_axis(a, ref_idx, axis=1))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int8", "int16", "int32", "int64",
                                   "uint8", "uint16", "uint32", "uint64", "bool"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_long_rows(dtype, descending):
    """Rows of 1024 elements or more take the radix sort (src/Sort.cpp): same order as the
    comparison sort, special values and extreme integers included, strided rows too."""
    info = np.iinfo(dtype) if dtype[0] in "iu" else None
    a = RNG.integers(-50, 50, (3, 3001)).astype(dtype) if dtype != "bool" else \
        RNG.integers(0, 2, (3, 3001)).astype(bool)
    if info is not None:
        a[:, :4] = [info.min, info.max, info.min, 0]
    if dtype.startswith("float"):
        a = a * np.asarray(0.37, dtype)
        a[:, ::97] = np.nan
        a[:, 1::89] = -0.0
        a[:, 2::101] = np.inf
        a[:, 3::103] = -np.inf
        a[1, 5] = -np.nan  # a NaN with its sign bit set sorts with the others
    x = pt.asarray(a)
    if descending:
        ref = (a.shape[1] - 1 - np.argsort(a[:, ::-1], axis=1, kind="stable"))[:, ::-1]
    else:
        ref = np.argsort(a, axis=1, kind="stable")
    assert_matches(pt.argsort(x, axis=1, descending=descending), ref.astype(np.int64))
    got = np.asarray(pt.sort(x, axis=1, descending=descending))
    want = np.take_along_axis(a, ref, axis=1)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))  # -0.0 kept where it was
    assert_matches(pt.sort(pt.asarray(a.T), axis=0, descending=descending), want.T)  # strided


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_large_keeps_zero_signs_and_nans(dtype, descending):
    """Rows of 2^20 elements: scratch memory from the pool of large buffers, every thread's
    chunk of each radix pass (src/Sort.cpp); sort decodes the values from the sorted keys and
    copies -0.0 / +0.0 and NaNs from the input in their order."""
    a = (RNG.standard_normal(1 << 20) * 1000).astype(dtype)
    if dtype.startswith("float"):
        a[::7] = 0.0
        a[::11] = -0.0
        a[::13] = np.nan
        a[::17] = -np.nan
    src = a[::-1] if descending else a
    ref = np.argsort(src, kind="stable")
    ref = (a.size - 1 - ref)[::-1] if descending else ref
    want = a[ref]
    got = np.asarray(pt.sort(pt.asarray(a), descending=descending))
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
    assert_matches(pt.argsort(pt.asarray(a), descending=descending), ref.astype(np.int64))


@pytest.fixture(params=["numpy", "radix"])
def sorter(request):
    """Sorts of values through NumPy's own sort (chunks per thread, merged) or the radix sort
    (runtime/host/Sort.cpp; argsort always takes the radix sort)."""
    assert pt._core.use_numpy_sort(request.param == "numpy")
    yield request.param
    pt._core.use_numpy_sort(True)


@pytest.mark.parametrize("threads", [1, 2, 3, 5])
@pytest.mark.parametrize("case", ["normal", "few_values", "all_equal", "ascending", "descending"])
def test_sort_on_several_threads(threads, case, sorter):
    """Rows of 2^18 elements or more with several threads: each radix pass counts and moves
    one chunk per thread (runtime/host/Sort.cpp radixSort), chunk t's elements after those of
    chunks < t in each bucket, so argsort stays stable; data with few distinct values or one
    value (digits every key shares are skipped), and sorted inputs, against NumPy's stable
    sort. Every pass writes through the write-combining lines (scatterCombined): runs that
    start and end inside a cache line, one thread's too. Through NumPy's sort: one chunk per
    thread merged in rounds of pairs (5 threads: three rounds, an odd run out), the zeros'
    signs in the stable order."""
    n = (1 << 18) + 5
    a = {"normal": RNG.standard_normal(n),
         "few_values": RNG.integers(0, 3, n).astype(np.float64),
         "all_equal": np.full(n, 2.5),
         "ascending": np.arange(n, dtype=np.float64),
         "descending": -np.arange(n, dtype=np.float64)}[case]
    a = a.copy()
    a[::5] = -0.0
    a[::9] = 0.0
    a[3::31] = np.nan
    pt.set_num_threads(threads)
    try:
        got = np.asarray(pt.sort(pt.asarray(a)))
        idx = np.asarray(pt.argsort(pt.asarray(a)))
        gotd = np.asarray(pt.sort(pt.asarray(a), descending=True))
    finally:
        pt.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", os.cpu_count())))
    ref = np.argsort(a, kind="stable")
    np.testing.assert_array_equal(idx, ref)
    np.testing.assert_array_equal(got, a[ref])
    np.testing.assert_array_equal(np.signbit(got), np.signbit(a[ref]))
    refd = (n - 1 - np.argsort(a[::-1], kind="stable"))[::-1]
    np.testing.assert_array_equal(gotd, a[refd])
    np.testing.assert_array_equal(np.signbit(gotd), np.signbit(a[refd]))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint64", "uint32"])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("rows, n", [(3, (1 << 18) + 3), (2000, 37)])
def test_sort_rows_of_every_width_by_numpys_sort(dtype, threads, rows, n, sorter):
    """Rows of the 32- and 64-bit dtypes along the last axis, long ones (on the threads) and
    short ones, ascending and descending, against NumPy's stable sort bit for bit: the signs
    of zeros and NaNs of several payloads (quiet, negative, with other mantissa bits) in
    their stable order."""
    if dtype.startswith("float"):
        a = RNG.standard_normal((rows, n)).astype(dtype)
        u = a.view(f"uint{a.itemsize * 8}")
        a[:, ::7] = 0.0
        a[:, 1::11] = -0.0
        a[:, 2::13] = np.nan
        a[:, 3::17] = -np.nan
        u[:, 4::19] = (u.dtype.type(np.array(np.nan, dtype).view(u.dtype)) | u.dtype.type(5))
    else:
        info = np.iinfo(dtype)
        a = RNG.integers(info.min, info.max, (rows, n), dtype=dtype, endpoint=True)
        a[:, ::9] = info.max
        a[:, 1::9] = info.min
    x = pt.asarray(a)
    pt.set_num_threads(threads)
    try:
        got = pt.to_numpy(pt.sort(x))
        gotd = pt.to_numpy(pt.sort(x, descending=True))
    finally:
        pt.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", os.cpu_count())))
    want = np.sort(a, axis=-1, kind="stable")
    wantd = np.flip(np.sort(np.flip(a, -1), axis=-1, kind="stable"), -1)
    assert got.dtype == a.dtype and got.tobytes() == want.tobytes()
    assert gotd.tobytes() == wantd.tobytes()


def test_sort_special_values_and_errors():
    a = np.array([3.0, np.nan, -0.0, 1.0, np.nan, -np.inf, np.inf, 0.0, 2.0])
    assert_matches(pt.sort(pt.asarray(a)), np.sort(a, kind="stable"))
    assert_matches(pt.argsort(pt.asarray(a)), np.argsort(a, kind="stable").astype(np.int64))
    big = RNG.standard_normal(5000)
    assert_matches(pt.sort(pt.asarray(big)), np.sort(big))
    with pytest.raises(ValueError, match="at least one dimension"):
        pt.sort(pt.asarray(np.float64(1.0)))
    with pytest.raises(IndexError):
        pt.argsort(pt.ones(3), axis=1)


# ---------------------------------------------------------------- unique_*
@pytest.mark.parametrize("dtype", ["float64", "int16", "uint8", "bool"])
@pytest.mark.parametrize("shape", [(20,), (4, 6), (1,), (0,), (3, 0)])
def test_unique(dtype, shape):
    a = arr(shape, dtype)
    if dtype != "bool" and a.size:
        a = (a % 5).astype(dtype)
    x = pt.asarray(a)
    # reference: np.unique (sorted; NumPy 2.3's unique_values may return any order, which the
    # standard allows) with NaNs kept distinct as the standard says
    vals, idx, inv, cnt = np.unique(a, return_index=True, return_inverse=True,
                                    return_counts=True, equal_nan=False)
    inv = inv.reshape(a.shape)
    assert_matches(pt.unique_values(x), vals)
    c = pt.unique_counts(x)
    assert_matches(c.values, vals)
    assert_matches(c.counts, cnt.astype(np.int64))
    r = pt.unique_inverse(x)
    assert_matches(r.values, vals)
    assert_matches(r.inverse_indices, inv.astype(np.int64))
    al = pt.unique_all(x)
    assert_matches(al.values, vals)
    assert_matches(al.indices, idx.astype(np.int64))
    assert_matches(al.inverse_indices, inv.astype(np.int64))
    assert_matches(al.counts, cnt.astype(np.int64))


def test_unique_nan_each_distinct():
    a = np.array([1.0, np.nan, 1.0, np.nan, 0.0, 0.0])
    got = pt.unique_values(pt.asarray(a)).to_numpy()
    assert got.shape == (4,) and np.isnan(got[-2:]).all()  # array API: every NaN is distinct
    np.testing.assert_array_equal(got[:2], [0.0, 1.0])
    r = pt.unique_all(pt.asarray(a))
    assert_matches(r.values[pt.asarray(np.array([0, 1]))], np.array([0.0, 1.0]))
    np.testing.assert_array_equal(r.values.to_numpy()[r.inverse_indices.to_numpy()], a)


# ---------------------------------------------------------------- more bad inputs
@pytest.mark.parametrize("call,exc,msg", [
    (lambda: pt.reshape(pt.ones(6), (-2, 3)), ValueError, "negative dimension"),
    (lambda: pt.linalg.diagonal(pt.ones(3)), ValueError, "two dimensions"),
    (lambda: pt.linalg.vector_norm(pt.ones(3), ord="max"), ValueError, "ord"),
    (lambda: pt.tensordot(pt.ones((2, 2)), pt.ones((2, 2)), axes=-1), ValueError, "non-negative"),
    (lambda: pt.meshgrid(pt.ones(2), pt.asarray(np.ones(2, np.int32))), ValueError, "same dtype"),
    (lambda: pt.vecdot(pt.asarray(np.float64(1.0)), pt.ones(2)), ValueError, "at least one"),
    (lambda: pt.repeat(pt.ones(3), -1), ValueError, "non-negative"),
    (lambda: pt.cumulative_sum(pt.asarray(np.float64(1.0))), ValueError, "at least one"),
    (lambda: pt.moveaxis(pt.ones((2, 3)), (0, 0), (0, 1)), ValueError, "repeated axis"),
    (lambda: pt.unstack(pt.asarray(np.float64(1.0))), ValueError, "at least one"),
    (lambda: pt.roll(pt.ones((2, 3)), (1, 2, 3), axis=(0, 1)), ValueError, "same length"),
    (lambda: pt.linalg.matrix_power(pt.ones((2, 2)), 1.5), TypeError, "n"),
    (lambda: pt.ones(3).__dlpack__(dl_device=(2, 0)), BufferError, "device"),
    (lambda: pt.asarray(np.float64(1.0)).__setitem__(np.array([0]), 1.0), IndexError, "0-d"),
    (lambda: pt.searchsorted(pt.ones(3), pt.asarray(np.ones(2, bool)), sorter=[5, 0, 1]),
     IndexError, "out of bounds"),
])
def test_more_bad_inputs(call, exc, msg):
    with pytest.raises(exc, match=msg):
        call()

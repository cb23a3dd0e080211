"""NumPy's functions added to _np_manip (pad, apply_along_axis, apply_over_axes,
fill_diagonal, putmask, asfortranarray, mask_indices), _np_math (angle, spacing,
bitwise_count, common_type, promote_types, min_scalar_type) and _np_signal (the window
functions, poly, polydiv, packbits, unpackbits) against NumPy: dtype, shape, values,
keywords, 0-d / empty / length-1 / non-contiguous inputs, bad input."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

R = np.random.default_rng(5)
A = np.arange(12).reshape(3, 4)
F = R.standard_normal((3, 4))
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # (NumPy's overflows)


def check(got, want, tol=None):
    want = np.asarray(want)
    if tol is None:
        tol = 2e-6 if want.dtype in (np.float32, np.complex64) else 1e-12
    assert_matches(got, want, rtol=tol, atol=tol, signed_zeros=False)


def test_exported():
    for n in ["pad", "apply_along_axis", "apply_over_axes", "fill_diagonal", "putmask",
              "asfortranarray", "mask_indices", "angle", "spacing", "bitwise_count",
              "common_type", "promote_types", "min_scalar_type", "bartlett", "blackman",
              "hamming", "hanning", "kaiser", "poly", "polydiv", "packbits", "unpackbits"]:
        assert n in pt.__all__ and callable(getattr(pt, n)), n


# ------------------------------------------------------------------- pad ----

MODES = [("constant", {}), ("constant", dict(constant_values=((1, 2), (3, 4)))),
         ("constant", dict(constant_values=1.7)), ("edge", {}), ("reflect", {}),
         ("reflect", dict(reflect_type="odd")), ("symmetric", {}),
         ("symmetric", dict(reflect_type="odd")), ("wrap", {}),
         ("linear_ramp", dict(end_values=(10, -3))), ("mean", {}),
         ("maximum", dict(stat_length=2)), ("median", {}), ("minimum", dict(stat_length=(1, 3)))]


@pytest.mark.parametrize("mode,kw", MODES, ids=[f"{m}{i}" for i, (m, _) in enumerate(MODES)])
def test_pad_modes(mode, kw):
    for x, pw in [(A, ((1, 2), (3, 1))), (F[:, ::2], 5), (A.astype(np.float32), {1: (2, 0)})]:
        check(pt.pad(pt.asarray(x), pw, mode, **kw), np.pad(x, pw, mode, **kw))


@pytest.mark.parametrize("mode", ["reflect", "symmetric", "wrap", "edge"])
def test_pad_1d_long(mode):
    for x in [np.array([1, 2, 3]), np.array([4.5])]:
        check(pt.pad(pt.asarray(x), (7, 4), mode), np.pad(x, (7, 4), mode))


def test_pad_forms_and_errors():
    check(pt.pad(pt.asarray(A), 0), np.pad(A, 0))
    check(pt.pad(pt.asarray(np.array(3)), 2), np.pad(np.array(3), 2))
    check(pt.pad(pt.asarray(np.zeros((0, 3))), ((0, 0), (1, 1)), "edge"),
          np.pad(np.zeros((0, 3)), ((0, 0), (1, 1)), "edge"))
    check(pt.pad(pt.asarray(np.zeros((0, 3))), 1), np.pad(np.zeros((0, 3)), 1))
    check(pt.pad([1, 2], (1, 0), "constant", constant_values=9), np.pad([1, 2], (1, 0),
                                                                        constant_values=9))
    assert pt.pad(pt.asarray(A), 1, "empty").shape == (5, 6)
    for args, kw, exc in [((1.5,), {}, TypeError), ((-1,), {}, ValueError),
                          ((1, "foo"), {}, ValueError),
                          ((1, "edge"), dict(constant_values=3), ValueError)]:
        with pytest.raises(exc):
            np.pad(A, *args, **kw)
        with pytest.raises(exc, match="pad"):
            pt.pad(pt.asarray(A), *args, **kw)
    with pytest.raises(ValueError, match="pad"):
        pt.pad(pt.asarray(np.zeros((0, 3))), 1, "edge")


# ------------------------------------------------------ apply_*, writes ----

def test_apply_along_axis():
    x = np.arange(24).reshape(2, 3, 4)
    check(pt.apply_along_axis(pt.sum, 2, pt.asarray(x)), np.apply_along_axis(np.sum, 2, x))
    check(pt.apply_along_axis(lambda v: v[:2] * 2, 1, pt.asarray(x)),
          np.apply_along_axis(lambda v: v[:2] * 2, 1, x))
    check(pt.apply_along_axis(lambda v: pt.outer(v, v), 1, pt.asarray(x)),
          np.apply_along_axis(lambda v: np.outer(v, v), 1, x))
    check(pt.apply_along_axis(lambda v, s: v * s, -1, pt.asarray(F[:1]), 2.0),
          np.apply_along_axis(lambda v, s: v * s, -1, F[:1], 2.0))
    with pytest.raises(ValueError, match="apply_along_axis"):
        pt.apply_along_axis(pt.sum, 1, pt.zeros((0, 3)))
    with pytest.raises(np.exceptions.AxisError):
        pt.apply_along_axis(pt.sum, 3, pt.asarray(x))


def test_apply_over_axes():
    x = np.arange(24).reshape(2, 3, 4)
    check(pt.apply_over_axes(pt.sum, pt.asarray(x), [0, 2]),
          np.apply_over_axes(np.sum, x, [0, 2]))
    check(pt.apply_over_axes(pt.sum, pt.asarray(x), -1), np.apply_over_axes(np.sum, x, -1))
    check(pt.apply_over_axes(lambda a, ax: pt.max(a, axis=ax, keepdims=True), pt.asarray(x),
                             (1,)), np.apply_over_axes(np.max, x, (1,)))


@pytest.mark.parametrize("shape,val,wrap,dtype", [((5, 3), [1, 2], True, np.int64),
                                                  ((5, 3), 7.9, False, np.int64),
                                                  ((3, 5), [1.5, 2.5], False, np.float64),
                                                  ((3, 3, 3), 2, False, np.float32),
                                                  ((1, 1), 4, False, np.int32)])
def test_fill_diagonal(shape, val, wrap, dtype):
    a, x = np.zeros(shape, dtype), pt.zeros(shape, dtype=dtype)
    np.fill_diagonal(a, val, wrap)
    assert pt.fill_diagonal(x, val, wrap) is None
    check(x, a)


def test_fill_diagonal_errors():
    with pytest.raises(ValueError, match="fill_diagonal"):
        pt.fill_diagonal(pt.zeros(3), 1)
    with pytest.raises(ValueError, match="fill_diagonal"):
        pt.fill_diagonal(pt.zeros((2, 3, 2)), 1)


@pytest.mark.parametrize("mask,values,dtype", [
    (lambda a: a % 2 == 0, [10, 20], np.int64), (lambda a: a % 2 == 0, 1.5, np.int64),
    (lambda a: a > 2, np.array([1, 2, 3]), np.float64), (lambda a: a, 100, np.int64),
    (lambda a: a % 3 == 1, [], np.int64)])
def test_putmask(mask, values, dtype):
    a = np.arange(6, dtype=dtype).reshape(2, 3)
    x = pt.asarray(a.copy())
    np.putmask(a, mask(a), values)
    v = pt.asarray(values) if isinstance(values, np.ndarray) else values
    assert pt.putmask(x, mask(x), v) is None
    check(x, a)


def test_putmask_errors():
    with pytest.raises(ValueError, match="putmask"):
        pt.putmask(pt.arange(6), pt.asarray([True, False]), 1)
    with pytest.raises(TypeError, match="putmask"):
        pt.putmask([1, 2], [True, False], 3)


def test_asfortranarray_mask_indices():
    r = pt.asfortranarray(pt.asarray(A[:, ::2]))
    check(r, np.asfortranarray(A[:, ::2]))
    check(pt.asfortranarray(3.0), np.asfortranarray(3.0))
    check(pt.asfortranarray([1, 2], dtype=pt.float32), np.asfortranarray([1, 2], np.float32))
    x = pt.asarray(A)
    y = pt.asfortranarray(x)
    y[0, 0] = 99
    assert int(x[0, 0]) == 0  # a copy
    for f, nf, k in [(pt.triu, np.triu, 1), (pt.tril, np.tril, -1), (pt.triu, np.triu, 0)]:
        for g, w in zip(pt.mask_indices(4, f, k), np.mask_indices(4, nf, k)):
            check(g, w)


# ---------------------------------------------------------------- math ----

Z = np.array([1 + 1j, -1, 0, -0.0 - 1j, 3j])


@pytest.mark.parametrize("x", [Z, Z.astype(np.complex64), np.array([-0.0, 1.0, -2.5]),
                               np.array([1, -3, 0]), np.float32([-1, 2]), F[:, ::2]],
                         ids=["c128", "c64", "f64", "int", "f32", "strided"])
def test_angle(x):
    check(pt.angle(pt.asarray(x)), np.angle(x))
    check(pt.angle(pt.asarray(x), deg=True), np.angle(x, deg=True))


SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, np.finfo(float).max,
                    -np.finfo(float).max, 5e-324, -3e-310, 1e300, -7.5])


with np.errstate(over="ignore"):
    SPECIAL32 = SPECIAL.astype(np.float32)


@pytest.mark.parametrize("x", [SPECIAL, SPECIAL32, np.array([1, -4, 0]),
                               SPECIAL[::3], np.array(2.0)])
def test_spacing(x):
    with np.errstate(all="ignore"):
        want = np.spacing(x)
    got = pt.spacing(pt.asarray(x))
    assert isinstance(got, pt.Array) and got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("d", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                               "uint64"])
def test_bitwise_count(d):
    ii = np.iinfo(d)
    x = np.array([ii.min, ii.max, 0, 1, 5, ii.max // 3, ii.min // 7, -1 if ii.min else 9], d)
    check(pt.bitwise_count(pt.asarray(x)), np.bitwise_count(x))


def test_bitwise_count_more():
    check(pt.bitwise_count(pt.asarray([True, False])), np.bitwise_count(np.array([True, False])))
    check(pt.bitwise_count(pt.asarray(A[:, ::-2])), np.bitwise_count(A[:, ::-2]))
    check(pt.bitwise_count(pt.asarray(np.int16(-300))), np.bitwise_count(np.int16(-300)))
    for f in ("bitwise_count", "spacing"):
        with pytest.raises(TypeError):
            getattr(np, f)(np.array([1j]))
        with pytest.raises(TypeError, match=f):
            getattr(pt, f)(pt.asarray([1j]))
    with pytest.raises(TypeError, match="bitwise_count"):
        pt.bitwise_count(pt.asarray([1.0]))


def test_dtype_functions():
    i, f32, c64 = pt.asarray([1]), pt.asarray([1.0], dtype=pt.float32), \
        pt.asarray([1j], dtype=pt.complex64)
    assert pt.common_type(i, f32) == pt.float64 == np.common_type(np.array([1]), np.float32([1]))
    assert pt.common_type(f32) == pt.float32
    assert pt.common_type(f32, c64) == pt.complex64
    assert pt.common_type(pt.asarray([1.0]), c64) == pt.complex128
    assert isinstance(pt.common_type(i), pt.float64.__class__)
    with pytest.raises(TypeError, match="common_type"):
        pt.common_type(pt.asarray([True]))
    for a, b in [(pt.int8, "uint8"), (pt.float32, pt.int64), ("i4", np.uint32),
                 (pt.complex64, pt.float64), (pt.bool, pt.int16)]:
        want = np.promote_types(getattr(a, "np", a), getattr(b, "np", b))
        got = pt.promote_types(a, b)
        assert isinstance(got, type(pt.float64)) and got == want
    assert pt.promote_types(np.float16, np.int8) == pt.float32  # (no float16 in ptensor)
    with pytest.raises(TypeError, match="promote_types"):
        pt.promote_types("notatype", pt.int8)
    for v in [-1, 300, 1j, True, 1e300, 2**40, np.float64(1.5)]:
        want = np.min_scalar_type(v)
        want = np.float32 if want == np.float16 else want
        assert pt.min_scalar_type(v) == want
    assert pt.min_scalar_type(1.0) == pt.float32
    assert pt.min_scalar_type(pt.asarray(300)) == np.min_scalar_type(np.array(300))
    assert pt.min_scalar_type(pt.asarray([1.0, 2.0])) == pt.float64


# -------------------------------------------------------------- signal ----

@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
def test_windows(name):
    for M in [0, 1, -2, 4, 7, 4.5]:
        check(getattr(pt, name)(M), getattr(np, name)(M))
    with pytest.raises(TypeError, match=name):
        getattr(pt, name)("4")


def test_kaiser():
    for M, beta in [(0, 14), (1, 14), (5, 0.0), (4.0, 3), (10, 8.6)]:
        check(pt.kaiser(M, beta), np.kaiser(M, beta), 1e-10)


@pytest.mark.parametrize("r", [[1, 2, 3], np.float32([1, 2]), [1j, -1j], [1j, 2],
                               np.array([[1.0, 2], [3, 4]]), np.int8([1, 2]),
                               np.array([[0.0, -1], [1, 0]]), np.arange(8.0)[::3]],
                         ids=["int", "f32", "conj", "complex", "matrix", "int8", "rotation",
                              "strided"])
def test_poly(r):
    check(pt.poly(pt.asarray(r)), np.poly(r), 1e-5 if np.asarray(r).dtype == np.float32
          else 1e-10)


def test_poly_edges():
    assert pt.poly([]) == np.poly([]) == 1.0
    with pytest.raises(ValueError, match="poly"):
        pt.poly(pt.ones((2, 3)))
    with pytest.raises(ValueError):
        np.poly(np.ones((2, 3)))
    with pytest.raises(TypeError, match="poly"):
        pt.poly(3)


@pytest.mark.parametrize("u,v", [([1, 2, 3, 4], [2, 1]), ([1, 2], [1, 2, 3]),
                                 (np.float32([1, 2, 3]), np.float32([1, 1])), ([1j, 2], [1, 1]),
                                 ([1, 3, 2], [1, 1]), ([3.0], [2.0]), ([1, 2, 3], [4.0])])
def test_polydiv(u, v):
    got, want = pt.polydiv(pt.asarray(u), pt.asarray(v)), np.polydiv(u, v)
    check(got[0], want[0], 1e-5)
    check(got[1], want[1], 1e-5)


BITS = np.array([[1, 0, 1, 1, 0, 0, 1, 0, 1], [0, 1, 1, 0, 0, 0, 0, 1, 1]])


@pytest.mark.parametrize("kw", [{}, dict(axis=-1), dict(axis=0), dict(bitorder="little"),
                                dict(axis=1, bitorder="little")])
def test_packbits(kw):
    check(pt.packbits(pt.asarray(BITS), **kw), np.packbits(BITS, **kw))
    check(pt.packbits(pt.asarray(BITS.astype(bool)[:, ::2]), **kw),
          np.packbits(BITS.astype(bool)[:, ::2], **kw))


BYTES = np.array([[3, 255, 0], [17, 128, 64]], np.uint8)


@pytest.mark.parametrize("kw", [{}, dict(axis=1, count=-3), dict(count=12, bitorder="little"),
                                dict(axis=0, count=20), dict(axis=0), dict(axis=-1, count=0)])
def test_unpackbits(kw):
    check(pt.unpackbits(pt.asarray(BYTES), **kw), np.unpackbits(BYTES, **kw))


def test_bits_edges_and_errors():
    check(pt.packbits(pt.asarray(np.array([], bool))), np.packbits(np.array([], bool)))
    check(pt.packbits(pt.asarray(1)), np.packbits(np.array(1)))
    check(pt.unpackbits(pt.asarray(np.uint8(3))), np.unpackbits(np.array(3, np.uint8)))
    x = pt.asarray(BYTES)
    check(pt.unpackbits(pt.packbits(pt.unpackbits(x, axis=1), axis=1), axis=1),
          np.unpackbits(BYTES, axis=1))
    with pytest.raises(TypeError, match="packbits"):
        pt.packbits(pt.asarray([1.0]))
    with pytest.raises(TypeError):
        np.packbits(np.array([1.0]))
    with pytest.raises(TypeError, match="unpackbits"):
        pt.unpackbits(pt.asarray([3]))
    with pytest.raises(ValueError, match="packbits"):
        pt.packbits(pt.asarray([1, 0]), bitorder="x")
    with pytest.raises(ValueError, match="unpackbits"):
        pt.unpackbits(pt.asarray(np.uint8([3])), count=-20)


def test_numpy_second_names():
    # NumPy's second names of existing ufuncs (the lead's alias table, _ufunc.SECOND_NAMES)
    assert pt.bitwise_not is pt.bitwise_invert or pt.bitwise_not is pt.invert
    assert pt.true_divide is pt.divide and pt.mod is pt.remainder
    x = np.array([5, -3, 8])
    check(pt.bitwise_not(pt.asarray(x)), np.bitwise_not(x))
    check(pt.true_divide(pt.asarray(x), 2), np.true_divide(x, 2))
    check(pt.mod(pt.asarray(x), 3), np.mod(x, 3))

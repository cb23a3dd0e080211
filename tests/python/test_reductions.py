"""Statistical reductions: sum, prod, min, max, mean, var, std."""
import os

import numpy as np
import pytest

import ptensor as pt
from conftest import TEAM
from _helpers import ALL_DTYPES, FLOATS, INTS, NUMERIC, assert_matches, ptd

AXES = [None, 1, -1, (0, 2), (2, 0, 1), ()]


def data(dtype, shape=(3, 4, 5)):
    """Small values so that sums and products neither overflow nor lose precision."""
    n = int(np.prod(shape))
    d = np.dtype(dtype)
    if d.kind == "b":
        return (np.arange(n) % 3 == 0).reshape(shape)
    if d.kind in "iu":
        v = (np.arange(n) * 7 % 5)
        if d.kind == "i":
            v = v - 2
        return v.astype(d).reshape(shape)
    return ((np.arange(n) * 7 % 11) / 4.0 - 1.0).astype(d).reshape(shape)


def int_prod_data(dtype, shape=(3, 4, 5)):
    """Values 1 and 2 (and -1 for signed): products stay in range."""
    n = int(np.prod(shape))
    v = np.where(np.arange(n) % 7 == 0, 2, 1)
    if np.dtype(dtype).kind in "if":
        v = np.where(np.arange(n) % 5 == 0, -v, v)
    return v.astype(dtype).reshape(shape)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("fn", ["sum", "prod", "min", "max", "mean"])
def test_reduction_all_axes_dtypes(fn, dtype):
    x = int_prod_data(dtype) if fn == "prod" and dtype != "bool" else data(dtype)
    px = pt.asarray(x)
    npf = getattr(np, fn)
    if fn == "mean" and dtype == "bool":
        expected = [np.mean(x.astype(np.float64), axis=a) for a in (None, 1)]
    else:
        expected = [npf(x, axis=a) for a in (None, 1)]
    results = [getattr(pt, fn)(px, axis=a) for a in (None, 1)]
    for r, e in zip(results, expected):
        assert_matches(r, e, rtol=1e-6 if e.dtype == np.float32 else 1e-14)


@pytest.mark.parametrize("axis", AXES, ids=repr)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("fn", ["sum", "max", "mean", "var"])
def test_reduction_axes_keepdims(fn, axis, keepdims):
    x = data("float64")
    r = getattr(pt, fn)(pt.asarray(x), axis=axis, keepdims=keepdims)
    assert_matches(r, getattr(np, fn)(x, axis=axis, keepdims=keepdims), rtol=1e-13)


@pytest.mark.parametrize("dtype", NUMERIC + ["bool"])
def test_var_std_dtypes(dtype):
    x = data(dtype, (4, 6))
    px = pt.asarray(x)
    xf = x.astype(np.float64) if dtype == "bool" else x  # NumPy: bool var is float64
    checks = [(pt.var(px), np.var(xf)),
              (pt.std(px, axis=0, correction=1), np.std(xf, axis=0, ddof=1)),
              (pt.var(px, axis=1, keepdims=True, correction=0.5),
               np.var(xf, axis=1, keepdims=True, ddof=0.5))]
    for r, e in checks:
        assert_matches(r, e, rtol=2e-6 if e.dtype == np.float32 else 1e-13)


@pytest.mark.parametrize("dtype", ["int8", "uint16", "float32"])
@pytest.mark.parametrize("out", ["int64", "uint8", "float64", "int16"])
def test_sum_prod_dtype_argument(dtype, out):
    x = int_prod_data(dtype, (2, 6)) if dtype != "bool" else data(dtype, (2, 6))
    px = pt.asarray(x)
    assert_matches(pt.sum(px, dtype=ptd(out)), np.sum(x, dtype=out))
    assert_matches(pt.sum(px, axis=1, dtype=out), np.sum(x, axis=1, dtype=out))
    assert_matches(pt.prod(px, axis=0, dtype=ptd(out)), np.prod(x, axis=0, dtype=out))


def test_bool_sum_prod():
    x = data("bool", (4, 5))
    assert_matches(pt.sum(pt.asarray(x), axis=0), np.sum(x, axis=0))
    assert_matches(pt.prod(pt.asarray(x)), np.prod(x))


def test_sum_accumulates_wide():
    x = np.full(1000, 100, dtype=np.int8)
    assert_matches(pt.sum(pt.asarray(x)), np.sum(x))  # int64 accumulator and result
    u = np.full(300, 250, dtype=np.uint8)
    assert_matches(pt.sum(pt.asarray(u)), np.sum(u))  # uint64
    f = np.full(100000, 0.1, dtype=np.float32)
    r = np.asarray(pt.sum(pt.asarray(f)))
    assert r.dtype == np.float32
    np.testing.assert_allclose(r, np.sum(f.astype(np.float64)), rtol=1e-6)


def test_sum_int_overflow_wraps_like_numpy():
    x = np.array([2**62, 2**62, 2**62], dtype=np.int64)
    assert_matches(pt.sum(pt.asarray(x)), np.sum(x))
    u = np.array([2**63, 2**63, 5], dtype=np.uint64)
    assert_matches(pt.sum(pt.asarray(u)), np.sum(u))


@pytest.mark.parametrize("dtype", INTS)
def test_min_max_int_extremes(dtype):
    info = np.iinfo(dtype)
    x = np.array([[0, info.max, 3], [info.min, 1, info.max - 1]], dtype=dtype)
    px = pt.asarray(x)
    for fn in ("min", "max"):
        assert_matches(getattr(pt, fn)(px), getattr(np, fn)(x))
        assert_matches(getattr(pt, fn)(px, axis=0), getattr(np, fn)(x, axis=0))


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_inf_propagation(dtype):
    x = np.array([[1.0, np.nan, 3.0], [-np.inf, 2.0, np.inf], [0.0, -0.0, 5.0]], dtype=dtype)
    px = pt.asarray(x)
    with np.errstate(all="ignore"):
        for fn in ("sum", "prod", "min", "max", "mean", "var", "std"):
            for axis in (None, 1):
                assert_matches(getattr(pt, fn)(px, axis=axis), getattr(np, fn)(x, axis=axis),
                               signed_zeros=False)


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_first_position_min_max(dtype):
    x = np.array([np.nan, 1.0, -1.0, 2.0], dtype=dtype)
    for fn in ("min", "max"):
        assert_matches(getattr(pt, fn)(pt.asarray(x)), getattr(np, fn)(x))
        assert_matches(getattr(pt, fn)(pt.asarray(x[::-1])), getattr(np, fn)(x[::-1]))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [1, 7, 8, 9, 33, 64, 65, 1000, 4099])
def test_min_max_vectorized_nan_and_tails(dtype, n):
    """min/max reductions run as vectors of partial results (a tail of elements after the
    last whole vector): a NaN anywhere (first lane, middle, tail) gives NaN, and the extreme
    is found wherever it lies. (Of +0 and -0 either may be returned: docs/deviations.md.)"""
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(dtype)
    m = rng.standard_normal((5, n)).astype(dtype)
    for fn in ("min", "max"):
        assert_matches(getattr(pt, fn)(pt.asarray(a)), getattr(np, fn)(a))
        for axis in (0, 1):
            assert_matches(getattr(pt, fn)(pt.asarray(m), axis=axis), getattr(np, fn)(m, axis=axis))
        for pos in {0, n // 2, n - 1}:
            b = a.copy()
            b[pos] = np.nan
            assert np.isnan(float(getattr(pt, fn)(pt.asarray(b))))
        b = a.copy()
        b[n - 1] = 100.0 if fn == "max" else -100.0  # the extreme in the tail
        assert float(getattr(pt, fn)(pt.asarray(b))) == b[n - 1]


# A reduction over all axes of at least 2 x 16384 elements runs as partial results over
# contiguous chunks (at most 256) on every thread, folded in order (ptensor-split-reductions
# in host programs); below that, the one loop it was. Sizes around both bounds.
SPLIT_SIZES = [32767, 32768, 100003, 256 * 16384 + 5]


@pytest.mark.parametrize("n", SPLIT_SIZES)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint8", "bool",
                                   "complex128"])
def test_large_reductions_over_all_axes(n, dtype):
    rng = np.random.default_rng(n)
    a = (rng.standard_normal(n) * 3).astype(dtype) if dtype != "bool" else rng.random(n) < 0.5
    if dtype == "complex128":
        a = a + 1j * rng.standard_normal(n)
    x = pt.asarray(a)
    flt = dtype[0] in "fc"
    rtol = 1e-5 if dtype == "float32" else 1e-9  # (NumPy's float32 sums round as they go)
    assert_matches(pt.sum(x), np.sum(a), rtol=rtol if flt else None)
    assert_matches(pt.mean(pt.exp(x * 0.01) if flt else x),
                   np.mean(np.exp(a * 0.01) if flt else a), rtol=rtol)
    if dtype != "complex128":
        assert_matches(pt.max(x), np.max(a))
        assert_matches(pt.min(x), np.min(a))
        assert bool(pt.any(x > 2)) == bool(np.any(a > 2))
        assert bool(pt.all(x < 2)) == bool(np.all(a < 2))
    if dtype in ("int64", "int32"):  # integer products wrap alike: exact
        m = a % 3 + 1
        assert_matches(pt.prod(pt.asarray(m)), np.prod(m))


@pytest.mark.parametrize("n", SPLIT_SIZES)
def test_large_reductions_nan_in_any_chunk(n):
    a = np.random.default_rng(1).standard_normal(n)
    for pos in (0, n // 3, n - 1):  # in the first, a middle and the last chunk
        b = a.copy()
        b[pos] = np.nan
        for fn in ("max", "min", "sum"):
            assert np.isnan(float(getattr(pt, fn)(pt.asarray(b)))), (fn, pos)
    b = a.copy()
    b[n - 1] = 1e3  # the extreme in the last chunk's last element
    assert float(pt.max(pt.asarray(b))) == 1e3


# Fewer rows than parts ((3, n), (2, 3, n), (1, n)): the parts divide rows x columns, each
# a run of whole and partial rows; at least as many rows: whole rows. Values, NaN positions
# and the extreme at part boundaries, against NumPy.
@pytest.mark.parametrize("shape", [(3, 40000), (2, 3, 20001), (1, 70001), (5, 16384),
                                   (255, 129), (3, 0), (0, 5), (40000, 3)])
@pytest.mark.parametrize("dtype", ["float64", "int64", "float32"])
def test_reductions_over_all_axes_of_few_rows(shape, dtype):
    rng = np.random.default_rng(sum(shape))
    a = (rng.standard_normal(shape) * 100).astype(dtype)
    x = pt.asarray(a)
    rtol = 1e-4 if dtype == "float32" else 1e-9
    assert_matches(pt.sum(x), np.sum(a), rtol=rtol if dtype != "int64" else None)
    if a.size == 0:
        return
    for fn in ("max", "min"):
        assert_matches(getattr(pt, fn)(x), getattr(np, fn)(a))
    assert bool(pt.any(x > 250)) == bool(np.any(a > 250))
    flat = a.reshape(-1)
    for pos in (0, flat.size // 2 - 1, flat.size // 2, flat.size - 1):
        b = flat.copy()
        b[pos] = 1e6  # the extreme at a part's edge, in the middle of a row
        assert float(pt.max(pt.asarray(b.reshape(shape)))) == 1e6, pos
        if dtype != "int64":
            b[pos] = np.nan
            assert np.isnan(float(pt.min(pt.asarray(b.reshape(shape))))), pos


def test_large_reduction_same_bits_on_any_thread_count():
    # the parts depend on the sizes only: a float sum is the same on 1 or 2 threads
    # (complex sums are split too: two float sums)
    a = np.random.default_rng(5).standard_normal((700, 3001))
    c = a[:, ::-1] - 1j * a
    x, z = pt.asarray(a), pt.asarray(c)
    got, columns = [], []
    try:
        for threads in (1, 2):
            pt.set_num_threads(threads)
            got.append((float(pt.sum(x)), float(pt.sum(pt.exp(x) * 0.5)), float(pt.var(x)),
                        complex(pt.sum(z))))
            # (over axis 0: parts of the rows, ptensor-split-reductions rows-outer)
            columns.append(np.asarray(pt.sum(x * 3.0, axis=0)))
    finally:
        pt.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", os.cpu_count())))
    assert got[0] == got[1]
    np.testing.assert_allclose(got[0], (np.sum(a), np.sum(np.exp(a) * 0.5), np.var(a),
                                        np.sum(c)), rtol=1e-11)
    assert columns[0].tobytes() == columns[1].tobytes()
    np.testing.assert_allclose(columns[0], np.sum(a * 3.0, axis=0), rtol=1e-11, atol=1e-11)


@pytest.mark.parametrize("shape", [(200001, 3), (700, 3001), (4, 90001), (50000, 7)])
def test_sum_of_a_new_array_same_bits_first_and_later(shape):
    # split-reductions reads row-major inputs (stored arrays, whole rows of one) as one flat
    # loop per part: the first sum of a new array (pending: under mpiexec a rank's rows of
    # the caller's array) and later ones (stored) are the same bits; before, the first was a
    # loop of 3 in a loop of rows, vectorized otherwise (3.7 ms for (2M, 3) against 0.8 flat)
    a = np.random.default_rng(11).standard_normal(shape)
    x = pt.asarray(a)
    first = float(pt.sum(x))
    assert float(pt.sum(x)) == first
    assert float(pt.sum(pt.asarray(a))) == first
    np.testing.assert_allclose(first, np.sum(a), rtol=1e-11)
    rows = a[: shape[0] // 2 + 1]
    if TEAM is None:  # (distributed: the view keeps x's parts, a new array has its own)
        assert float(pt.sum(x[: shape[0] // 2 + 1])) == float(pt.sum(pt.asarray(rows)))
    assert float(pt.max(x)) == np.max(a) and float(pt.min(x * 2)) == np.min(a * 2)
    # not row-major (every other column): the rows with their own loops
    np.testing.assert_allclose(float(pt.sum(x[:, ::2])), np.sum(a[:, ::2]), rtol=1e-11)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "complex128"])
def test_reductions_over_a_short_last_axis(k, dtype):
    """A reduction over a short last axis (ptensor-short-reductions: the loop around it is
    specialized for 2, 3 and 4 elements, where LLVM unrolls it and vectorizes the loop
    around): every length, with a kept axis of a vector's multiple and a tail, 2-D and 3-D,
    and its consumers (sqrt of a sum of squares: norms, pairwise distances)."""
    rng = np.random.default_rng(k)
    for shape in ((37, k), (3, 17, k), (0, k)):
        a = (rng.standard_normal(shape) * 3).astype(dtype)
        if dtype == "complex128":
            a = a + 1j * rng.standard_normal(shape)
        x = pt.asarray(a)
        assert_matches(pt.sum(x, axis=-1), np.sum(a, axis=-1), rtol=1e-5)
        assert_matches(pt.prod(x, axis=-1), np.prod(a, axis=-1), rtol=1e-5)
        if dtype != "complex128":
            assert_matches(pt.max(x, axis=-1), np.max(a, axis=-1))
            assert_matches(pt.argmin(x, axis=-1), np.argmin(a, axis=-1))
            assert_matches(pt.sum(x * x, axis=-1, keepdims=True),
                           np.sum(a * a, axis=-1, keepdims=True), rtol=1e-5)
    p = rng.random((50, k))
    x = pt.asarray(p)
    d = x[:, None, :] - x[None, :, :]
    e = p[:, None, :] - p[None, :, :]
    assert_matches(pt.sqrt(pt.sum(d * d, axis=-1)), np.sqrt(np.sum(e * e, axis=-1)), rtol=1e-12)


@pytest.mark.parametrize("k", [0, 1, 3, 6])
def test_reductions_with_epilogues(k):
    """A reduction, its fill and the elementwise work on its result are one loop over the
    kept elements, the accumulation in a register (ptensor-fuse-parallel-loops): every
    combiner's initial value (an empty axis too), epilogues that read the result more than
    once, reductions over other axes beside it, and results written into a donated buffer."""
    rng = np.random.default_rng(k)
    a = rng.standard_normal((23, 5, k)) + 0.5
    x = pt.asarray(a)
    assert_matches(pt.sqrt(pt.sum(x * x, axis=-1)), np.sqrt(np.sum(a * a, axis=-1)), rtol=1e-12)
    assert_matches(pt.prod(x, axis=-1) * 2 - 1, np.prod(a, axis=-1) * 2 - 1, rtol=1e-12)
    s = pt.sum(x, axis=-1)
    assert_matches(s * s + s, np.sum(a, axis=-1) ** 2 + np.sum(a, axis=-1), rtol=1e-12)
    if k:
        assert_matches(pt.sum(x, axis=-1) + pt.sum(x, axis=1)[:, :1],
                       np.sum(a, axis=-1) + np.sum(a, axis=1)[:, :1], rtol=1e-12)
        assert_matches(pt.max(x, axis=-1) - pt.min(x, axis=-1), np.ptp(a, axis=-1))
        assert_matches(pt.mean(x, axis=-1), np.mean(a, axis=-1), rtol=1e-12)
        assert_matches(pt.std(x, axis=-1), np.std(a, axis=-1), rtol=1e-10)
        i = rng.integers(-5, 5, (31, k)).astype(np.int64)
        assert_matches(pt.max(pt.asarray(i), axis=1) * 3, np.max(i, axis=1) * 3)
    # the result written into the reduced array's own buffer (donation): the epilogue's
    # writes may alias the reduction's reads, nothing is fused across them
    y = pt.asarray(a.copy())
    b = a.copy()
    y[:, :, :1] = pt.sqrt(pt.sum(y * y, axis=-1, keepdims=True))[:, :, :min(k, 1)]
    b[:, :, :1] = np.sqrt(np.sum(b * b, axis=-1, keepdims=True))[:, :, :min(k, 1)]
    assert_matches(y, b, rtol=1e-12)
    z = pt.asarray(a[:, :, 0].copy() if k else np.ones((23, 5)))
    c = np.asarray(z).copy()
    z[...] = pt.sum(z, axis=1, keepdims=True) * z
    c[...] = np.sum(c, axis=1, keepdims=True) * c
    assert_matches(z, c, rtol=1e-12)


def test_empty_reductions():
    e = np.zeros((0, 3))
    pe = pt.asarray(e)
    assert_matches(pt.sum(pe), np.sum(e))
    assert_matches(pt.prod(pe), np.prod(e))
    assert_matches(pt.sum(pe, axis=0), np.sum(e, axis=0))
    assert_matches(pt.prod(pe, axis=0), np.prod(e, axis=0))
    assert_matches(pt.sum(pe, axis=1), np.sum(e, axis=1))
    assert_matches(pt.max(pe, axis=1), np.max(e, axis=1))
    assert_matches(pt.sum(pt.asarray(np.zeros(0, np.int32))), np.sum(np.zeros(0, np.int32)))
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert_matches(pt.mean(pe), np.mean(e))
            assert_matches(pt.mean(pe, axis=0), np.mean(e, axis=0))
            assert_matches(pt.var(pe, axis=0), np.var(e, axis=0))


def test_min_max_of_empty_raise():
    pe = pt.asarray(np.zeros((0, 3)))
    for fn in (pt.min, pt.max):
        with pytest.raises(ValueError, match="zero-size"):
            fn(pe)
        with pytest.raises(ValueError, match="zero-size"):
            fn(pe, axis=0)


def test_reductions_0d():
    x = np.array(3.5)
    px = pt.asarray(x)
    for fn in ("sum", "prod", "min", "max", "mean", "var", "std"):
        assert_matches(getattr(pt, fn)(px), getattr(np, fn)(x))
        assert_matches(getattr(pt, fn)(px, axis=()), getattr(np, fn)(x, axis=()))
    assert_matches(pt.sum(pt.asarray(np.array(7, np.int16))), np.sum(np.array(7, np.int16)))


def test_reductions_non_contiguous():
    base = np.arange(120.0).reshape(4, 5, 6)
    for v in (base[::2, ::-1, 1::2], base.transpose(2, 0, 1), base[:, 3]):
        pv = pt.asarray(v)
        for fn in ("sum", "max", "mean", "std"):
            assert_matches(getattr(pt, fn)(pv, axis=(0, -1)), getattr(np, fn)(v, axis=(0, -1)))
            assert_matches(getattr(pt, fn)(pv), getattr(np, fn)(v))


def test_reduction_of_ptensor_views_and_expressions():
    a = np.arange(30.0).reshape(5, 6)
    x = pt.asarray(a)
    assert_matches(pt.sum(x[::-2, 1:], axis=0), np.sum(a[::-2, 1:], axis=0))
    assert_matches(pt.max(x.T * 2 - 1, axis=1), np.max(a.T * 2 - 1, axis=1))
    assert_matches(pt.mean(pt.sqrt(x) + x[0]), np.mean(np.sqrt(a) + a[0]), rtol=1e-14)
    assert_matches(pt.std(x[:, None, :], axis=(0, 1), keepdims=True),
                   np.std(a[:, None, :], axis=(0, 1), keepdims=True))


def test_var_large_offset_is_stable():
    x = 1e8 + np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    assert_matches(pt.var(pt.asarray(x)), np.var(x), rtol=1e-9)
    f = (1e4 + np.arange(10)).astype(np.float32)
    assert_matches(pt.std(pt.asarray(f)), np.std(f), rtol=1e-5)


def test_var_correction_at_least_n():
    x = np.array([1.0, 2.0, 4.0])
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert_matches(pt.var(pt.asarray(x), correction=3), np.var(x, ddof=3))
            assert_matches(pt.std(pt.asarray(x), correction=5), np.std(x, ddof=5))


def test_reduction_result_is_array():
    r = pt.sum(pt.asarray(np.arange(5)))
    assert isinstance(r, pt.Array)
    assert r.shape == ()
    assert int(r) == 10
    assert float(pt.mean(pt.asarray(np.arange(5)))) == 2.0


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("fn", ["sum", "prod", "min", "max", "mean", "var", "std"])
def test_reduction_bad_axis(fn):
    px = pt.asarray(np.zeros((2, 3)))
    f = getattr(pt, fn)
    with pytest.raises(np.exceptions.AxisError, match="axis 2 is out of bounds"):
        f(px, axis=2)
    with pytest.raises(np.exceptions.AxisError, match="axis -3 is out of bounds"):
        f(px, axis=(0, -3))
    with pytest.raises(ValueError, match="axis"):  # AxisError is a ValueError
        f(px, axis=5)
    with pytest.raises(IndexError, match="axis"):  # ... and an IndexError
        f(px, axis=-5)
    with pytest.raises(ValueError, match="repeated axis"):
        f(px, axis=(1, -1))
    with pytest.raises(TypeError, match="axis"):
        f(px, axis=1.0)
    with pytest.raises(np.exceptions.AxisError, match="axis"):
        f(pt.asarray(np.array(1.0)), axis=0)


@pytest.mark.parametrize("fn", ["sum", "prod", "min", "max", "mean", "var", "std"])
def test_reduction_unknown_keyword(fn):
    """NumPy's keywords are taken (tests/python/test_numpy_math.py); others are TypeErrors."""
    with pytest.raises(TypeError, match="bogus"):
        getattr(pt, fn)(pt.asarray(np.zeros(3)), bogus=1)


def test_reduction_bad_arguments():
    px = pt.asarray(np.zeros(3))
    with pytest.raises(TypeError, match="dtype"):
        pt.sum(px, dtype=np.clongdouble)
    with pytest.raises(TypeError, match="dtype"):
        pt.prod(px, dtype=np.float16)
    with pytest.raises(TypeError, match="correction"):
        pt.var(px, correction="1")
    with pytest.raises(TypeError, match="sum"):
        pt.sum(object())
    r = pt.sum([1, 2, 3])  # NumPy's array-likes: a ptensor result
    assert isinstance(r, pt.Array) and int(r) == 6


def test_reductions_of_results_in_the_same_program():
    # prices and their sums recorded together: the sums read the stored prices (the producer
    # is not fused into the reductions when it is a result too); values as NumPy's
    rng = np.random.default_rng(7)
    s, k = rng.uniform(10, 50, 50000), rng.uniform(10, 50, 50000)
    ps, pk = pt.asarray(s), pt.asarray(k)
    call = pt.exp(pt.log(ps / pk)) * pk + pk * 0.5
    put = pt.sqrt(ps) * 2.0 + call
    sums = [pt.sum(call), pt.max(put), pt.mean(call * put)]
    ncall = np.exp(np.log(s / k)) * k + k * 0.5
    nput = np.sqrt(s) * 2.0 + ncall
    assert_matches(call, ncall)
    assert_matches(put, nput)
    for got, want in zip(sums, [np.sum(ncall), np.max(nput), np.mean(ncall * nput)]):
        assert_matches(got, want, rtol=1e-9)


@pytest.mark.parametrize("shape,axis", [((600, 3, 1100), (0, 1)), ((5, 7, 1030), (0, 1)),
                                        ((3, 4, 5, 1200), (0, 1, 2)), ((40, 2, 9), (0, 1)),
                                        ((2, 0, 700), (0, 1))])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32"])
@pytest.mark.parametrize("fn", ["sum", "max", "min", "mean"])
def test_reductions_over_several_leading_axes(fn, dtype, shape, axis):
    # ptensor-parallel-outer: the reduced axes' loops inside each block of kept columns (one
    # parallel region, not one per reduced row); NaNs and extremes in the first and last rows
    if 0 in shape and fn in ("max", "min"):
        pytest.skip("max/min of nothing raise")
    rng = np.random.default_rng(3)
    a = (rng.standard_normal(shape) * 100).astype(dtype)
    if a.size and dtype != "int32":
        a.reshape(-1, shape[-1])[0, 3] = np.nan
        a.reshape(-1, shape[-1])[-1, -2] = -np.inf
    got = getattr(pt, fn)(pt.asarray(a), axis=axis)
    # (the sums' rounding in another order, e.g. a part per rank: ulps of the sum of |a|)
    finite = np.where(np.isfinite(a), a, 0).astype(np.float64)
    scale = float(np.max(np.sum(np.abs(finite), axis=axis), initial=1.0))
    tol = dict(rtol=1e-12, atol=1e-14 * scale) if dtype != "float32" else \
        dict(rtol=1e-5, atol=1e-6 * scale)
    assert_matches(got, getattr(np, fn)(a, axis=axis), **tol)

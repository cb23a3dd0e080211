"""NumPy's statistics beyond the array API (ptensor/_np_stats.py) against NumPy: order
statistics, the nan* reductions, average/cov/corrcoef/ptp, histograms, bincount, digitize."""
import warnings

import numpy as np
import pytest

import ptensor as pt

RNG = np.random.default_rng(7)


def check(r, e, rtol=None, exact=False):
    """ptensor's result r against NumPy's e: type, shape, dtype and values."""
    if isinstance(e, tuple):
        assert isinstance(r, tuple) and len(r) == len(e)
        for ri, ei in zip(r, e):
            check(ri, ei, rtol, exact)
        return
    if isinstance(e, list):
        assert len(r) == len(e)
        for ri, ei in zip(r, e):
            check(ri, ei, rtol, exact)
        return
    e = np.asarray(e)
    assert isinstance(r, pt.Array), type(r)
    got = np.asarray(r)
    assert got.shape == e.shape, (got.shape, e.shape)
    assert got.dtype == e.dtype, (got.dtype, e.dtype)
    if exact or e.dtype.kind in "biu":
        np.testing.assert_array_equal(got, e)
    else:
        if rtol is None:
            rtol = 2e-6 if e.dtype in (np.float32, np.complex64) else 1e-13
        np.testing.assert_allclose(got, e, rtol=rtol, atol=0, equal_nan=True)


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return f(*args, **kwargs)


def data(shape, dtype, nans=0.0):
    if np.dtype(dtype).kind == "b":
        return RNG.integers(0, 2, shape).astype(bool)
    if np.dtype(dtype).kind in "iu":
        return RNG.integers(-20 if np.dtype(dtype).kind == "i" else 0, 20, shape).astype(dtype)
    x = RNG.standard_normal(shape).astype(dtype)
    if nans:
        x[RNG.random(shape) < nans] = np.nan
    return x


# ------------------------------------------------------------ order statistics ----

@pytest.mark.parametrize("dtype", ["int64", "float32", "float64"])
def test_quantile_methods(dtype):
    x = data((5, 8), dtype)
    a = pt.asarray(x)
    for method in ["linear", "lower", "higher", "nearest", "midpoint"]:
        for q, axis in [(0.3, None), (np.array([0.0, 0.25, 0.5, 0.9, 1.0]), 1)]:
            check(pt.quantile(a, q, axis=axis, method=method),
                  np.quantile(x, q, axis=axis, method=method))
    check(pt.quantile(a, 0.6, axis=0), np.quantile(x, 0.6, axis=0))
    check(pt.percentile(a, [10, 50, 75], axis=1, keepdims=True),
          np.percentile(x, [10, 50, 75], axis=1, keepdims=True))
    check(pt.percentile(a, 40), np.percentile(x, 40))


def test_quantile_axes_keepdims_and_q_kinds():
    x = data((3, 4, 5), "float64")
    a = pt.asarray(x)
    check(pt.quantile(a, 0.4, axis=(0, 2)), np.quantile(x, 0.4, axis=(0, 2)))
    check(pt.quantile(a, [0.1, 0.6], axis=(2, 0), keepdims=True),
          np.quantile(x, [0.1, 0.6], axis=(2, 0), keepdims=True))
    check(pt.quantile(a, np.array([[0.2], [0.7]]), axis=-1),
          np.quantile(x, np.array([[0.2], [0.7]]), axis=-1))
    check(pt.quantile(a, 1, axis=1), np.quantile(x, 1, axis=1))  # a Python int: elements
    xi = np.arange(7)
    check(pt.quantile(pt.asarray(xi), np.array([0, 1])), np.quantile(xi, np.array([0, 1])))
    f32 = x.astype(np.float32)
    check(pt.quantile(pt.asarray(f32), np.float64(0.3)), np.quantile(f32, np.float64(0.3)))
    check(pt.quantile(pt.asarray(f32), np.float32([0.3, 0.7])),
          np.quantile(f32, np.float32([0.3, 0.7])))


def test_quantile_nan_inf_and_small():
    x = np.array([[1.0, np.nan, 3.0, 2.0], [4.0, 5.0, -np.inf, np.inf]])
    a = pt.asarray(x)
    for q in [0.0, 0.5, 1.0, [0.2, 0.8]]:
        for method in ["linear", "lower", "midpoint"]:
            check(pt.quantile(a, q, axis=1, method=method),
                  quiet(np.quantile, x, q, axis=1, method=method))
    check(pt.quantile(pt.asarray(np.float64(2.5)), 0.5), np.quantile(np.float64(2.5), 0.5))
    check(pt.quantile(pt.asarray([3.0]), [0.0, 1.0]), np.quantile([3.0], [0.0, 1.0]))
    v = np.arange(12.0).reshape(3, 4)[:, ::2]  # non-contiguous
    check(pt.quantile(pt.asarray(np.arange(12.0)).reshape(3, 4)[:, ::2], 0.35, axis=0),
          np.quantile(v, 0.35, axis=0))
    check(pt.quantile(pt.asarray([True, False, True]), 0.5, method="lower"),
          np.quantile([True, False, True], 0.5, method="lower"))


def test_quantile_errors():
    a = pt.asarray([1.0, 2.0])
    with pytest.raises(ValueError):
        pt.quantile(a, 1.5)
    with pytest.raises(ValueError):
        pt.percentile(a, -1)
    with pytest.raises(ValueError):
        pt.quantile(a, 0.5, method="bogus")
    with pytest.raises(np.exceptions.AxisError):
        pt.quantile(a, 0.5, axis=1)
    with pytest.raises(TypeError):
        pt.quantile(pt.asarray([True, False]), 0.5)
    with pytest.raises(IndexError):
        pt.quantile(pt.asarray(np.zeros(0)), 0.5)
    with pytest.raises(TypeError):
        pt.median(a, out=pt.zeros(()))


@pytest.mark.parametrize("dtype", ["bool", "int64", "float32", "float64"])
def test_median(dtype):
    for shape, axis in [((7,), None), ((4, 6), 1), ((4, 6), 0), ((2, 3, 4), (0, 2))]:
        x = data(shape, dtype)
        check(pt.median(pt.asarray(x), axis=axis), np.median(x, axis=axis))
    x = data((4, 6), dtype)
    check(pt.median(pt.asarray(x), axis=1, keepdims=True), np.median(x, axis=1, keepdims=True))


def test_median_nan_and_empty():
    x = np.array([[1.0, np.nan, 3.0], [4.0, 6.0, 5.0]])
    check(pt.median(pt.asarray(x), axis=1), np.median(x, axis=1))
    check(pt.median(pt.asarray(x)), np.median(x))
    check(pt.median(pt.asarray(np.float32(4))), np.median(np.float32(4)))
    with pytest.warns(RuntimeWarning):
        r = pt.median(pt.asarray(np.zeros(0)))
    check(r, quiet(np.median, np.zeros(0)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_nan_order_statistics(dtype):
    x = data((5, 7), dtype, nans=0.3)
    x[2] = np.nan  # an all-NaN row
    a = pt.asarray(x)
    with pytest.warns(RuntimeWarning):
        r = pt.nanmedian(a, axis=1)
    check(r, quiet(np.nanmedian, x, axis=1))
    check(quiet(pt.nanmedian, a, axis=0, keepdims=True),
          quiet(np.nanmedian, x, axis=0, keepdims=True))
    check(pt.nanmedian(a), np.nanmedian(x))
    for method in ["linear", "lower", "higher", "nearest", "midpoint"]:
        check(quiet(pt.nanquantile, a, [0.0, 0.35, 0.5, 1.0], axis=1, method=method),
              quiet(np.nanquantile, x, [0.0, 0.35, 0.5, 1.0], axis=1, method=method))
    check(quiet(pt.nanquantile, a, 0.35, axis=1), quiet(np.nanquantile, x, 0.35, axis=1))
    check(pt.nanpercentile(a, [25, 90]), np.nanpercentile(x, [25, 90]))
    check(quiet(pt.nanpercentile, a, 30, axis=1, keepdims=True),
          quiet(np.nanpercentile, x, 30, axis=1, keepdims=True))


def test_nan_order_statistics_ints_and_errors():
    x = data((4, 5), "int64")
    check(pt.nanmedian(pt.asarray(x), axis=0), np.nanmedian(x, axis=0))
    check(pt.nanquantile(pt.asarray(x), 0.3, axis=1), np.nanquantile(x, 0.3, axis=1))
    with pytest.raises(ValueError):
        pt.nanquantile(pt.asarray(x), 2.0)
    with pytest.raises(ValueError):
        pt.nanpercentile(pt.asarray(x), 101)


# -------------------------------------------------------------- nan reductions ----

@pytest.mark.parametrize("dtype", ["bool", "float32", "float64"])
def test_nan_sums_and_means(dtype):
    x = data((4, 6), dtype, nans=0.25)
    if x.dtype.kind == "f":
        x[1] = np.nan
    a = pt.asarray(x)
    for axis in [None, 1]:
        check(pt.nansum(a, axis=axis), np.nansum(x, axis=axis))
        check(quiet(pt.nanmean, a, axis=axis), quiet(np.nanmean, x, axis=axis))
    check(pt.nanprod(a, axis=1, keepdims=True), np.nanprod(x, axis=1, keepdims=True))
    check(pt.nansum(a, axis=0, keepdims=True), np.nansum(x, axis=0, keepdims=True))
    if x.dtype.kind != "b":
        check(quiet(pt.nanvar, a, axis=1, ddof=1), quiet(np.nanvar, x, axis=1, ddof=1))
        check(quiet(pt.nanstd, a, axis=0, keepdims=True),
              quiet(np.nanstd, x, axis=0, keepdims=True))


def test_nan_reduction_warnings_and_dtype():
    x = np.array([[np.nan, np.nan], [1.0, np.nan]])
    a = pt.asarray(x)
    with pytest.warns(RuntimeWarning):
        r = pt.nanmean(a, axis=1)
    check(r, quiet(np.nanmean, x, axis=1))
    with pytest.warns(RuntimeWarning):
        r = pt.nanvar(a, axis=1, ddof=1)
    check(r, quiet(np.nanvar, x, axis=1, ddof=1))
    with pytest.warns(RuntimeWarning):
        r = pt.nanstd(a, axis=1)
    check(r, quiet(np.nanstd, x, axis=1))
    check(pt.nansum(a, axis=1), np.nansum(x, axis=1))
    check(pt.nanprod(a, axis=1), np.nanprod(x, axis=1))
    check(pt.nansum(pt.asarray([1, 2, 3]), dtype=pt.float32),
          np.nansum([1, 2, 3], dtype=np.float32))
    check(pt.nanvar(a[1:], axis=1, correction=0), np.nanvar(x[1:], axis=1, correction=0))
    check(pt.nanmean(pt.asarray(np.float32(2.5))), np.nanmean(np.float32(2.5)))
    with pytest.raises(ValueError):
        pt.nanvar(a, ddof=1, correction=1)
    with pytest.raises(np.exceptions.AxisError):
        pt.nansum(a, axis=2)


@pytest.mark.parametrize("dtype", ["int64", "float32", "float64"])
def test_nanmax_nanmin_nanarg(dtype):
    x = data((5, 4), dtype, nans=0.3)
    if x.dtype.kind == "f":
        x[0, 0] = np.nan
        x[3, :] = np.nan
        x[1, 1] = -np.inf
    a = pt.asarray(x)
    for f, g in [(pt.nanmax, np.nanmax), (pt.nanmin, np.nanmin)]:
        check(quiet(f, a), quiet(g, x))
        check(quiet(f, a, axis=1, keepdims=True), quiet(g, x, axis=1, keepdims=True))
    if x.dtype.kind == "f":
        with pytest.warns(RuntimeWarning):
            pt.nanmax(a, axis=1)
        for f in (pt.nanargmax, pt.nanargmin):
            with pytest.raises(ValueError):
                f(a, axis=1)
        y = np.delete(x, 3, axis=0)
        y[-1] = np.arange(4.0)  # no all-NaN column
        b = pt.asarray(y)
    else:
        y, b = x, a
    for f, g in [(pt.nanargmax, np.nanargmax), (pt.nanargmin, np.nanargmin)]:
        check(f(b), g(y))
        check(f(b, axis=1), g(y, axis=1))
        check(f(b, axis=0, keepdims=True), g(y, axis=0, keepdims=True))


def test_nan_extremes_errors():
    with pytest.raises(ValueError):
        pt.nanmax(pt.asarray(np.zeros((0, 3))), axis=0)
    with pytest.raises(ValueError):
        pt.nanargmin(pt.asarray([np.nan, np.nan]))


@pytest.mark.parametrize("dtype", ["bool", "int64", "float32", "float64"])
def test_nancumsum_nancumprod(dtype):
    x = data((3, 4), dtype, nans=0.3)
    a = pt.asarray(x)
    for axis in [None, 0, 1]:
        check(pt.nancumsum(a, axis=axis), np.nancumsum(x, axis=axis))
    check(pt.nancumprod(a, axis=1), np.nancumprod(x, axis=1))
    check(pt.nancumsum(a[:, ::2], axis=0), np.nancumsum(x[:, ::2], axis=0))
    check(pt.nancumsum(pt.asarray(np.float64(np.nan))), np.nancumsum(np.float64(np.nan)))


# --------------------------------------------------- extremes, averages, cov ----

@pytest.mark.parametrize("dtype", ["uint8", "float32"])
def test_ptp_amax_amin(dtype):
    x = data((4, 5), dtype)
    a = pt.asarray(x)
    check(pt.ptp(a), np.ptp(x))
    check(pt.ptp(a, axis=1, keepdims=True), np.ptp(x, axis=1, keepdims=True))
    check(pt.amax(a, axis=0), np.amax(x, axis=0))
    check(pt.amin(a, axis=(0, 1), keepdims=True), np.amin(x, axis=(0, 1), keepdims=True))
    with pytest.raises(TypeError):
        pt.ptp(pt.asarray([True, False]))


@pytest.mark.parametrize("dtype", ["int64", "float32", "float64"])
def test_average(dtype):
    x = data((3, 4), dtype)
    a = pt.asarray(x)
    w = RNG.random((3, 4))
    w1 = np.array([1.0, 2.0, 0.5, 3.0])
    check(pt.average(a), np.average(x))
    check(pt.average(a, axis=0), np.average(x, axis=0))
    check(pt.average(a, axis=1, weights=pt.asarray(w)), np.average(x, axis=1, weights=w))
    check(pt.average(a, axis=1, weights=w1), np.average(x, axis=1, weights=w1))
    check(pt.average(a, weights=pt.asarray(w), returned=True),
          np.average(x, weights=w, returned=True))
    check(pt.average(a, axis=0, returned=True), np.average(x, axis=0, returned=True))
    check(pt.average(a, axis=1, weights=pt.asarray(w1.astype(np.float32)), keepdims=True),
          np.average(x, axis=1, weights=w1.astype(np.float32), keepdims=True))
    w2 = RNG.random((4, 3))
    check(pt.average(a, axis=(1, 0), weights=w2), np.average(x, axis=(1, 0), weights=w2))


def test_average_errors():
    a = pt.asarray(np.ones((3, 4)))
    with pytest.raises(TypeError):
        pt.average(a, weights=np.ones(4))
    with pytest.raises(ValueError):
        pt.average(a, axis=0, weights=np.ones(4))
    with pytest.raises(ZeroDivisionError):
        pt.average(a, axis=1, weights=np.zeros(4))


@pytest.mark.parametrize("dtype", ["int64", "float64"])
def test_cov_corrcoef(dtype):
    x = data((3, 6), dtype)
    y = data((2, 6), dtype)
    a, b = pt.asarray(x), pt.asarray(y)
    tol = 1e-12
    check(pt.cov(a), np.cov(x), tol)
    check(pt.cov(a, b), np.cov(x, y), tol)
    check(pt.cov(pt.asarray(x.T), rowvar=False), np.cov(x.T, rowvar=False), tol)
    check(pt.cov(a, bias=True), np.cov(x, bias=True), tol)
    check(pt.cov(a, ddof=2), np.cov(x, ddof=2), tol)
    check(pt.cov(a[0]), np.cov(x[0]), tol)  # one variable: 0-d
    fw = np.array([1, 2, 1, 3, 1, 2])
    aw = np.array([0.5, 1.0, 2.0, 1.0, 0.3, 1.5])
    check(pt.cov(a, fweights=fw), np.cov(x, fweights=fw), tol)
    check(pt.cov(a, aweights=pt.asarray(aw)), np.cov(x, aweights=aw), tol)
    check(pt.cov(a, fweights=fw, aweights=aw, ddof=0), np.cov(x, fweights=fw, aweights=aw,
                                                              ddof=0), tol)
    check(pt.cov(a, dtype=np.float32), np.cov(x, dtype=np.float32), 1e-5)
    check(pt.corrcoef(a), np.corrcoef(x), tol)
    check(pt.corrcoef(a, b), np.corrcoef(x, y), tol)
    check(pt.corrcoef(pt.asarray(x.T), rowvar=False), np.corrcoef(x.T, rowvar=False), tol)
    check(pt.corrcoef(a[1]), np.corrcoef(x[1]), tol)


def test_cov_errors_and_warning():
    a = pt.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError):
        pt.cov(pt.asarray(np.ones((2, 2, 2))))
    with pytest.raises(TypeError):
        pt.cov(a, fweights=[1.5, 1, 1])
    with pytest.raises(RuntimeError):
        pt.cov(a, fweights=[1, 1])
    with pytest.raises(ValueError):
        pt.cov(a, aweights=[1.0, -1.0, 1.0])
    with pytest.warns(RuntimeWarning):
        r = pt.cov(pt.asarray([[1.0], [2.0]]))
    check(r, quiet(np.cov, np.array([[1.0], [2.0]])))


# ------------------------------------------------------------------ histograms ----

@pytest.mark.parametrize("dtype", ["int64", "float32", "float64"])
def test_histogram_uniform(dtype):
    x = data((50,), dtype)
    a = pt.asarray(x)
    for bins in [10, 1, 7]:
        check(pt.histogram(a, bins=bins), np.histogram(x, bins=bins))
    check(pt.histogram(a, bins=5, range=(-1, 1.5)), np.histogram(x, bins=5, range=(-1, 1.5)))
    w = RNG.random(50)
    check(pt.histogram(a, bins=6, weights=pt.asarray(w)), np.histogram(x, bins=6, weights=w),
          1e-12)
    check(pt.histogram(a, bins=6, density=True), np.histogram(x, bins=6, density=True), 1e-12)
    check(pt.histogram_bin_edges(a, bins=4), np.histogram_bin_edges(x, bins=4))
    check(pt.histogram(pt.asarray(x.reshape(5, 10))[:, ::3], bins=3),
          np.histogram(x.reshape(5, 10)[:, ::3], bins=3))


def test_histogram_edges_exact():
    # values on the edges: the last bin is closed, the others half-open
    x = np.array([0.0, 0.1, 0.2, 0.30000000000000004, 0.5, 0.7, 0.9, 1.0, 1.0, 0.6])
    a = pt.asarray(x)
    for bins in [10, 3, 5]:
        check(pt.histogram(a, bins=bins), np.histogram(x, bins=bins))
        check(pt.histogram(a, bins=bins, range=(0.1, 0.9)),
              np.histogram(x, bins=bins, range=(0.1, 0.9)))
    xi = np.array([1, 2, 2, 3, 5, 8, 13])
    check(pt.histogram(pt.asarray(xi), bins=4), np.histogram(xi, bins=4))
    check(pt.histogram(pt.asarray([3.0, 3.0]), bins=2), np.histogram([3.0, 3.0], bins=2))
    check(pt.histogram(pt.asarray(np.zeros(0)), bins=3), np.histogram(np.zeros(0), bins=3))
    x32 = np.linspace(0, 1, 41, dtype=np.float32)
    check(pt.histogram(pt.asarray(x32), bins=8), np.histogram(x32, bins=8))


def test_histogram_explicit_edges():
    x = data((40,), "float64")
    a = pt.asarray(x)
    edges = np.array([-2.0, -0.5, 0.0, 0.3, 2.0])
    check(pt.histogram(a, bins=edges), np.histogram(x, bins=edges))
    check(pt.histogram(a, bins=pt.asarray(edges), density=True),
          np.histogram(x, bins=edges, density=True), 1e-12)
    w = RNG.random(40)
    check(pt.histogram(a, bins=edges, weights=pt.asarray(w)),
          np.histogram(x, bins=edges, weights=w), 1e-12)
    check(pt.histogram(pt.asarray([0, 1, 1, 2, 3, 3]), bins=[0, 1, 2, 3]),
          np.histogram([0, 1, 1, 2, 3, 3], bins=[0, 1, 2, 3]))
    check(pt.histogram_bin_edges(a, bins=edges), np.histogram_bin_edges(x, bins=edges))


def test_histogram_errors():
    a = pt.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError):
        pt.histogram(a, bins=0)
    with pytest.raises(ValueError):
        pt.histogram(a, bins=[1.0, 0.5, 2.0])
    with pytest.raises(ValueError):
        pt.histogram(a, range=(2, 1))
    with pytest.raises(ValueError):
        pt.histogram(pt.asarray([1.0, np.inf]))
    with pytest.raises(ValueError):
        pt.histogram(a, weights=pt.asarray([1.0, 2.0]))
    with pytest.raises(TypeError):
        pt.histogram(a, bins=2.5)


def test_histogram2d_histogramdd():
    x = data((30,), "float64")
    y = data((30,), "float64")
    check(pt.histogram2d(pt.asarray(x), pt.asarray(y), bins=4), np.histogram2d(x, y, bins=4))
    check(pt.histogram2d(pt.asarray(x), pt.asarray(y), bins=[3, 5], density=True),
          np.histogram2d(x, y, bins=[3, 5], density=True), 1e-12)
    ex = np.array([-1.0, 0.0, 0.5, 2.0])
    w = RNG.random(30)
    check(pt.histogram2d(pt.asarray(x), pt.asarray(y), bins=[ex, 3], weights=pt.asarray(w),
                         range=[None, (-1, 1)]),
          np.histogram2d(x, y, bins=[ex, 3], weights=w, range=[None, (-1, 1)]), 1e-12)
    s = np.stack([x, y, data((30,), "float64")], axis=1)
    check(pt.histogramdd(pt.asarray(s), bins=(2, 3, 2)), np.histogramdd(s, bins=(2, 3, 2)))
    check(pt.histogramdd([pt.asarray(x), pt.asarray(y)], bins=3),
          np.histogramdd([x, y], bins=3))
    with pytest.raises(ValueError):
        pt.histogramdd(pt.asarray(s), bins=(2, 3))


# --------------------------------------------------------- bincount, digitize ----

def test_bincount():
    x = np.array([0, 1, 1, 3, 2, 1, 7])
    a = pt.asarray(x)
    check(pt.bincount(a), np.bincount(x))
    check(pt.bincount(a, minlength=10), np.bincount(x, minlength=10))
    check(pt.bincount(a, minlength=3), np.bincount(x, minlength=3))
    w = np.array([0.3, 0.5, 0.2, 0.7, 1.0, -0.6, 0.25])
    check(pt.bincount(a, weights=pt.asarray(w)), np.bincount(x, weights=w), 1e-12)
    check(pt.bincount(a, weights=[1, 2, 3, 4, 5, 6, 7]), np.bincount(x, weights=[1, 2, 3, 4, 5, 6, 7]))
    check(pt.bincount(pt.asarray(x.astype(np.int32))[::2]), np.bincount(x.astype(np.int32)[::2]))
    check(pt.bincount(pt.asarray(np.array([True, False, True]))),
          np.bincount(np.array([True, False, True])))
    check(pt.bincount(pt.asarray(np.zeros(0, dtype=np.int64)), minlength=2),
          np.bincount(np.zeros(0, dtype=np.int64), minlength=2))
    check(pt.bincount(pt.asarray([4])), np.bincount([4]))


def test_bincount_weight_sums_are_numpys_exactly():
    # the weights of a local array are added one by one in order, as NumPy does: equal bit
    # for bit, also where a reassociated sum rounds differently (many weights of mixed
    # magnitude per bin); a distributed one's are differences of a cumulative sum
    x = RNG.integers(0, 5, 20000)
    w = RNG.standard_normal(20000) * 10.0 ** RNG.integers(-8, 8, 20000)
    local = pt._dist.default_team() is None
    check(pt.bincount(pt.asarray(x), weights=pt.asarray(w)), np.bincount(x, weights=w),
          None if local else 1e-9, exact=local)
    check(pt.bincount(pt.asarray(x)[::3], minlength=9), np.bincount(x[::3], minlength=9))
    # a count table per alternate element: runs of one value and every tail length
    for n in (1, 2, 3, 4, 5, 7, 8, 9):
        v = np.full(n, 2)
        check(pt.bincount(pt.asarray(v)), np.bincount(v))


def test_histogram_of_many_values_matches_numpy():
    x = np.concatenate([RNG.standard_normal(50000), [-4.0, 4.0, 3.9999999, -5.0, 5.0]])
    w = RNG.random(x.size)
    for kw in ({}, {"weights": w}, {"density": True}):
        e = np.histogram(x, bins=32, range=(-4.0, 4.0), **kw)
        got = pt.histogram(pt.asarray(x), bins=32, range=(-4.0, 4.0),
                           **{k: pt.asarray(v) if k == "weights" else v for k, v in kw.items()})
        check(got, e, 1e-12)


def test_bincount_errors():
    with pytest.raises(ValueError):
        pt.bincount(pt.asarray([1, -1]))
    with pytest.raises(ValueError):
        pt.bincount(pt.asarray([[1, 2]]))
    with pytest.raises(TypeError):
        pt.bincount(pt.asarray([1.0, 2.0]))
    with pytest.raises(ValueError):
        pt.bincount(pt.asarray([1, 2]), minlength=-1)
    with pytest.raises(ValueError):
        pt.bincount(pt.asarray([1, 2]), weights=pt.asarray([1.0]))


@pytest.mark.parametrize("right", [False, True])
def test_digitize(right):
    x = np.array([[-1.0, 0.0, 0.5], [1.0, 2.5, 10.0]])
    a = pt.asarray(x)
    for bins in [np.array([0.0, 1.0, 2.5, 4.0]), np.array([4.0, 2.5, 1.0, 0.0]),
                 np.array([0.0, 1.0, 1.0, 3.0])]:
        check(pt.digitize(a, bins, right=right), np.digitize(x, bins, right=right))
    xi = np.array([1, 5, 9, 0])
    check(pt.digitize(pt.asarray(xi), pt.asarray([2, 5, 8]), right=right),
          np.digitize(xi, [2, 5, 8], right=right))
    check(pt.digitize(pt.asarray(np.float64(0.7)), [0.0, 1.0]),
          np.digitize(np.float64(0.7), [0.0, 1.0]))
    check(pt.digitize(a, [3.0]), np.digitize(x, [3.0]))


def test_digitize_errors():
    with pytest.raises(ValueError):
        pt.digitize(pt.asarray([1.0]), [0.0, 2.0, 1.0])
    with pytest.raises(ValueError):
        pt.digitize(pt.asarray([1.0]), [[0.0, 2.0]])
    with pytest.raises(TypeError):
        pt.digitize(pt.asarray([1j]), [0.0, 2.0])


def test_exported():
    for name in pt._np_stats.__all__:
        assert getattr(pt, name) is getattr(pt._np_stats, name)
        assert name in pt.__all__
        assert getattr(pt, name).__doc__


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.uint8, np.bool_])
def test_order_statistics_of_every_method_match_numpy(dtype):
    # the positions a quantile reads (partitioned there, not sorted) for every method, axis,
    # length (odd, even, 1, 2), several q at once, NaN rows and strided input
    for shape in [(1,), (2,), (7,), (10,), (5, 8), (4, 6, 3)]:
        a = (RNG.standard_normal(shape) * 10).astype(dtype)
        for axis in [None, *range(len(shape))]:
            check(pt.median(pt.asarray(a), axis=axis), np.median(a, axis=axis), 1e-6)
            for q in (0, 13, 50, 100, [5, 95, 50, 0]):
                for m in ("linear", "lower", "higher", "nearest", "midpoint"):
                    if dtype == np.bool_ and m in ("linear", "midpoint"):
                        continue
                    check(pt.percentile(pt.asarray(a), q, axis=axis, method=m),
                          np.percentile(a, q, axis=axis, method=m), 1e-6)
    b = RNG.standard_normal((5, 9)).astype(dtype) if dtype != np.bool_ else None
    if b is not None and b.dtype.kind == "f":
        b[1, 3] = b[4, 0] = b[4, 8] = np.nan
    if b is not None:
        for axis in (None, 0, 1):
            check(pt.median(pt.asarray(b), axis=axis), np.median(b, axis=axis), 1e-6)
            check(pt.quantile(pt.asarray(b), [0.1, 0.6, 1.0], axis=axis),
                  np.quantile(b, [0.1, 0.6, 1.0], axis=axis), 1e-6)
            check(pt.median(pt.asarray(b)[:, ::2], axis=axis), np.median(b[:, ::2], axis=axis),
                  1e-6)

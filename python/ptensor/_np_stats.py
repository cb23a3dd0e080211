"""NumPy's statistics beyond the array API (order statistics, the nan* reductions, averages and correlations, histograms), composed of the namespace's functions.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions (``pt.sum``, ``pt.concat``, ...) so that it is recorded, fused,
distributed and run on devices as they are.

Common deviations from NumPy: ``out=`` is accepted only as None (TypeError otherwise: assign
the result); results NumPy gives as scalars are 0-d ptensor arrays; parameters that are not
data (q of the quantiles, bins and range of the histograms, weights' shapes) are read on the
host, and a few values are read back for sizes, checks and warnings (the largest value of
bincount's input, a histogram's range, whether a slice is all NaN)."""
from __future__ import annotations

import builtins
import math
import operator
import warnings

import numpy as np

from . import _dtypes as dt
from ._custom_call import call as _call
from ._indexing_ops import take_in_range
from ._np_args import as_array as _arr, is_local
from ._upcalls import namespace as pt

__all__: list[str] = []


# ------------------------------------------------------------------ helpers ----



def _no_out(out, name):
    if out is not None:
        raise TypeError(f"{name}: out= is not supported (assign the result instead)")


def _axes(axis, ndim, name):
    """NumPy's axis argument (None, an int or a tuple of ints) as a sorted tuple of
    non-negative axes; AxisError out of bounds, ValueError for a repeated axis."""
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, (tuple, list)) else (axis,)
    out = []
    for a in items:
        try:
            a = operator.index(a)
        except TypeError:
            raise TypeError(f"{name}: axis must be an integer or a tuple of integers, got "
                            f"{type(a).__name__}") from None
        if not -ndim <= a < ndim:
            raise np.exceptions.AxisError(f"{name}: axis {a} is out of bounds for array of "
                                          f"dimension {ndim}")
        out.append(a % ndim if ndim else 0)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {axis!r}")
    return tuple(sorted(out))


def _axis1(axis, ndim, name):
    """One axis (an int), normalized."""
    if isinstance(axis, (tuple, list)):
        raise TypeError(f"{name}: axis must be an integer, got {type(axis).__name__}")
    return _axes(axis, ndim, name)[0]


def _kept_shape(shape, axes):
    return tuple(1 if i in axes else s for i, s in enumerate(shape))


def _to_last(x, axes):
    """x with the axes moved to the end and merged into one: (y, shape of the other axes,
    number of elements reduced)."""
    kept = [i for i in range(x.ndim) if i not in axes]
    if kept + list(axes) != list(range(x.ndim)):
        x = pt.permute_dims(x, tuple(kept + list(axes)))
    kshape = tuple(x.shape[:len(kept)])
    n = math.prod(x.shape[len(kept):])
    if x.ndim != len(kshape) + 1 or x.ndim == 0:
        x = pt.reshape(x, kshape + (n,))
    return x, kshape, n


def _float_dtype(d):
    """The dtype NumPy's mean gives for d."""
    return d if dt.is_inexact(d) else pt.float64


def _is_float(a):
    return dt.is_inexact(a.dtype)


def _warn(message):
    warnings.warn(message, RuntimeWarning, stacklevel=3)


def _any(mask):
    """Whether any element of a bool array is true (one value read back)."""
    return mask.size > 0 and bool(pt.any(mask))


def _squeeze_all(x):
    axes = tuple(i for i, s in enumerate(x.shape) if s == 1)
    return pt.squeeze(x, axis=axes) if axes else x


def _reject_bool_subtract(name, d):
    if d == pt.bool:
        raise TypeError(f"{name}: numpy boolean subtract, the `-` operator, is not supported, "
                        "use the bitwise_xor, the `^` operator, or the logical_xor function "
                        "instead.")


# -------------------------------------------------------- order statistics ----

_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


def _q_array(q, name, scale):
    """q as a NumPy array (q is a parameter, read on the host), divided by scale (100 for
    the percentiles), checked to lie in [0, 1]; with whether it is a Python scalar (NumPy's
    weak promotion of the result)."""
    weak = type(q) in (int, float)
    if isinstance(q, pt.Array):
        q = np.asarray(q)
    qa = np.asanyarray(q) if scale == 1 else np.true_divide(q, scale)
    qa = np.asarray(qa)
    if qa.dtype.kind not in "iubf":
        raise TypeError(f"{name}: q must be real numbers, got dtype {qa.dtype}")
    if qa.size and not (np.all(qa >= 0) and np.all(qa <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]" if scale == 100 else
                         "Quantiles must be in the range [0, 1]")
    return qa, weak


def _quantile(name, a, qa, weak, axis, method, keepdims, nan):
    """The quantiles qa of a along axis: sort (NaN last), then take the neighbours of each
    virtual index (q * (count - 1)) and interpolate as NumPy's method does. With nan, the
    count is each slice's number of non-NaN values (all-NaN slices give NaN with a warning)."""
    if method not in _METHODS:
        raise ValueError(f"{name}: {method!r} is not a valid method. Use one of: "
                         f"{', '.join(_METHODS)} (ptensor implements these)")
    a = _arr(a, name)
    if dt.is_complex(a.dtype):
        raise TypeError(f"{name}: a must be an array of real numbers")
    axes = _axes(axis, a.ndim, name)
    x, kshape, n = _to_last(a, axes)
    nan = nan and _is_float(a)
    if n == 0 and not nan:
        raise IndexError(f"{name}: index -1 is out of bounds for axis 0 with size 0")
    out_shape = _kept_shape(a.shape, axes) if keepdims else kshape
    qint = qa.dtype.kind in "iub"
    take_path = method in ("lower", "higher", "nearest") or (method == "linear" and qint)
    if take_path:
        rdt = a.dtype
    else:
        _reject_bool_subtract(name, a.dtype)
        rdt = _float_dtype(a.dtype) if weak else \
            dt.to_dtype(np.result_type(a.dtype.np, qa.dtype))
    vdt = pt.int64 if qint else dt.to_dtype(qa.dtype)
    qflat = qa.reshape(-1)
    k = qflat.size
    if n == 0:
        _warn("Mean of empty slice")
        return pt.full(qa.shape + out_shape, math.nan, dtype=rdt)
    s = _ordered(x, None if nan else (n - 1) * qflat)
    if nan:  # per slice: the number of values (NaN sort last), a column
        cnt = pt.sum(pt.logical_not(pt.isnan(x)), axis=-1, keepdims=True, dtype=pt.int64)
        last = pt.astype(cnt - 1, vdt)
        v = last * pt.asarray(qflat.astype(vdt.np))
    else:
        cnt = n
        v = pt.asarray(np.asarray((n - 1) * qflat))
        last = n - 1

    def gather(idx):
        if idx.ndim == 1:
            return pt.take(s, idx, axis=-1)
        return pt.take_along_axis(s, idx, axis=-1)

    if take_path:
        if method != "linear" and not qint:
            v = {"lower": pt.floor, "higher": pt.ceil, "nearest": pt.round}[method](v)
        idx = pt.astype(v, pt.int64)
        if nan:
            idx = pt.clip(idx, 0, None)
        r = gather(idx)
    else:
        fl = pt.floor(v)
        if method == "midpoint":
            v = (fl + pt.ceil(v)) * 0.5
            fl = pt.floor(v)
        above = v >= last
        below = v < 0
        lastv = last if isinstance(last, int) else pt.astype(last, pt.int64)
        prev = pt.where(above, lastv, pt.where(below, 0, pt.astype(fl, pt.int64)))
        nxt = pt.where(above, lastv, pt.where(below, 0, pt.astype(fl, pt.int64) + 1))
        if nan:
            prev, nxt = pt.clip(prev, 0, None), pt.clip(nxt, 0, None)
        # NumPy's gamma: the virtual index less the (clamped) previous index, where an index
        # past the end is -1 (the last element)
        gamma = pt.where(above, v + 1, pt.where(below, v, v - fl))
        if method == "midpoint":
            gamma = pt.astype(fl != v, vdt) * 0.5
        omg = 1 - gamma
        if weak:
            t, omt = pt.astype(gamma, rdt), pt.astype(omg, rdt)
        else:
            t, omt = gamma, omg
        lo, hi = gather(prev), gather(nxt)
        d = hi - lo
        r = pt.where(gamma >= 0.5, hi - d * omt, lo + d * t)
        if r.dtype != rdt:
            r = pt.astype(r, rdt)
    if nan:
        bad = cnt == 0
        if _any(bad):
            _warn("All-NaN slice encountered")
            r = pt.where(bad, math.nan, r)
    elif _is_float(a):
        r = pt.where(pt.isnan(s[..., -1:]), math.nan, r)
    if qa.ndim == 0:
        return pt.reshape(r, out_shape)
    if r.ndim > 1:
        r = pt.moveaxis(r, -1, 0)
    return pt.reshape(r, qa.shape + out_shape)


def _ordered(x, v):
    """x along its last axis in sorted order (NaN last) wherever _quantile reads it: at the
    neighbours floor(v), floor(v) + 1 of the virtual indices v (a NumPy array; None: at any
    position) and at the end (the NaN test). A local x with v given is partitioned at those
    positions (the custom call "ptensor.partition": O(n) per position); otherwise sorted."""
    n = x.shape[-1]
    if v is None or not is_local(x) or dt.is_complex(x.dtype):
        return pt.sort(x, axis=-1)
    lo = np.floor(np.asarray(v, dtype=np.float64)).astype(np.int64)
    kth = np.unique(np.clip(np.concatenate([lo, lo + 1, [n - 1]]), 0, n - 1))
    return _call("ptensor.partition", [x], [(x.shape, x.dtype)], {"kth": kth.tolist()})[0]


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None, interpolation=None):
    """The ``q``-th quantiles of the elements of ``a`` along ``axis``.

    As numpy.quantile, computed from a sort of ``a`` (recorded lazily, computed when read).
    The result dtype is NumPy's: the input's for the methods that take elements
    ('lower', 'higher', 'nearest'), floating point otherwise; a Python scalar ``q`` promotes
    weakly. The result's shape is ``q``'s shape followed by the reduced shape of ``a``.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    q : float or array_like of float
        The quantiles to compute, in [0, 1].
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    method : str, optional
        'linear' (default), 'lower', 'higher', 'nearest' or 'midpoint', as NumPy's.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    weights, interpolation
        Not supported (see Notes).

    Returns
    -------
    Array
        The quantiles; a 0-d array for a scalar ``q`` and ``axis=None``.

    Notes
    -----
    A slice containing NaN gives NaN (see :func:`ptensor.nanquantile`). NumPy's other
    methods ('inverted_cdf', 'weibull', ...), ``weights=`` and the deprecated
    ``interpolation=`` raise (NotImplementedError or TypeError).

    See Also
    --------
    percentile : The same with ``q`` in [0, 100].
    nanquantile : Quantiles ignoring NaN.
    median : The 0.5 quantile.

    Examples
    --------
    >>> x = pt.asarray([1.0, 2.0, 3.0, 4.0])
    >>> pt.quantile(x, 0.5)
    Array(2.5)
    >>> pt.quantile(x, [0.25, 0.75])
    Array([1.75, 3.25])
    >>> pt.quantile(x, 0.4, method="nearest")
    Array(2.)
    """
    _no_out(out, "quantile")
    _unsupported_quantile_args("quantile", weights, interpolation)
    qa, weak = _q_array(q, "quantile", 1)
    return _quantile("quantile", a, qa, weak, axis, method, keepdims, False)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, interpolation=None):
    """The ``q``-th percentiles of the elements of ``a`` along ``axis``.

    As numpy.percentile: :func:`ptensor.quantile` of ``q / 100``, with the same methods,
    result dtype and shape (``q``'s shape first), computed lazily when read.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    q : float or array_like of float
        The percentiles to compute, in [0, 100].
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    method : str, optional
        'linear' (default), 'lower', 'higher', 'nearest' or 'midpoint'.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    weights, interpolation
        Not supported: they raise, as in :func:`ptensor.quantile`.

    Returns
    -------
    Array
        The percentiles; a 0-d array for a scalar ``q`` and ``axis=None``.

    Notes
    -----
    A slice containing NaN gives NaN (see :func:`ptensor.nanpercentile`).

    See Also
    --------
    quantile : The same with ``q`` in [0, 1].
    nanpercentile : Percentiles ignoring NaN.
    median : The 50th percentile.

    Examples
    --------
    >>> a = pt.asarray([[10, 7, 4], [3, 2, 1]])
    >>> pt.percentile(a, 50)
    Array(3.5)
    >>> pt.percentile(a, [25, 75], axis=1)
    Array([[5.5, 1.5],
           [8.5, 2.5]])
    """
    _no_out(out, "percentile")
    _unsupported_quantile_args("percentile", weights, interpolation)
    qa, weak = _q_array(q, "percentile", 100)
    return _quantile("percentile", a, qa, weak, axis, method, keepdims, False)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    """The ``q``-th quantiles of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanquantile: :func:`ptensor.quantile` of each slice's non-NaN values.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    q : float or array_like of float
        The quantiles to compute, in [0, 1].
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    method : str, optional
        'linear' (default), 'lower', 'higher', 'nearest' or 'midpoint', as NumPy's.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    weights, interpolation
        Not supported (as :func:`ptensor.quantile`).

    Returns
    -------
    Array
        The quantiles; a 0-d array for a scalar ``q`` and ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning, as NumPy's. Unsupported methods and
    arguments raise as :func:`ptensor.quantile`'s.

    See Also
    --------
    quantile : With NaN propagating.
    nanpercentile : Percentiles ignoring NaN.

    Examples
    --------
    >>> b = pt.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, np.nan]])
    >>> pt.nanquantile(b, 0.5)
    Array(4.)
    >>> pt.nanquantile(b, 0.5, axis=1)
    Array([7. , 2.5])
    """
    _no_out(out, "nanquantile")
    _unsupported_quantile_args("nanquantile", weights, interpolation)
    qa, weak = _q_array(q, "nanquantile", 1)
    return _quantile("nanquantile", a, qa, weak, axis, method, keepdims, True)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    """The ``q``-th percentiles of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanpercentile: :func:`ptensor.nanquantile` of ``q / 100``.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    q : float or array_like of float
        The percentiles to compute, in [0, 100].
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    method : str, optional
        'linear' (default), 'lower', 'higher', 'nearest' or 'midpoint', as NumPy's.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    weights, interpolation
        Not supported (as :func:`ptensor.quantile`).

    Returns
    -------
    Array
        The percentiles; a 0-d array for a scalar ``q`` and ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning. Unsupported methods and arguments raise
    as :func:`ptensor.quantile`'s.

    See Also
    --------
    percentile : With NaN propagating.
    nanquantile : Quantiles ignoring NaN.

    Examples
    --------
    >>> b = pt.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, np.nan]])
    >>> pt.nanpercentile(b, 50)
    Array(4.)
    >>> pt.nanpercentile(b, [25, 75], axis=1)
    Array([[5.5 , 2.25],
           [8.5 , 2.75]])
    """
    _no_out(out, "nanpercentile")
    _unsupported_quantile_args("nanpercentile", weights, interpolation)
    qa, weak = _q_array(q, "nanpercentile", 100)
    return _quantile("nanpercentile", a, qa, weak, axis, method, keepdims, True)


def _unsupported_quantile_args(name, weights, interpolation):
    if weights is not None:
        raise NotImplementedError(f"{name}: weights= is not supported by ptensor")
    if interpolation is not None:
        raise TypeError(f"{name}: interpolation= was renamed method= (NumPy 1.22); ptensor "
                        "takes method=")


def _median(name, a, axis, keepdims, nan):
    a = _arr(a, name)
    if dt.is_complex(a.dtype):
        raise TypeError(f"{name}: a must be an array of real numbers")
    axes = _axes(axis, a.ndim, name)
    x, kshape, n = _to_last(a, axes)
    rdt = _float_dtype(a.dtype)
    out_shape = _kept_shape(a.shape, axes) if keepdims else kshape
    nan = nan and _is_float(a)
    if n == 0:
        _warn("Mean of empty slice")
        return pt.full(out_shape, math.nan, dtype=rdt)
    s = _ordered(x, None if nan else np.asarray([(n - 1) / 2]))
    if nan:
        cnt = pt.sum(pt.logical_not(pt.isnan(x)), axis=-1, keepdims=True, dtype=pt.int64)
        lo_i = pt.clip((cnt - 1) // 2, 0, None)
        hi_i = pt.clip(cnt // 2, 0, n - 1)
        lo = pt.astype(pt.take_along_axis(s, lo_i, axis=-1), rdt)
        hi = pt.astype(pt.take_along_axis(s, hi_i, axis=-1), rdt)
        r = pt.where(lo_i == hi_i, lo, (lo + hi) / 2)
        bad = cnt == 0
        if _any(bad):
            _warn("All-NaN slice encountered")
            r = pt.where(bad, math.nan, r)
    else:
        if n % 2:
            r = pt.astype(s[..., n // 2:n // 2 + 1], rdt)
        else:
            r = (pt.astype(s[..., n // 2 - 1:n // 2], rdt)
                 + pt.astype(s[..., n // 2:n // 2 + 1], rdt)) / 2
        if _is_float(a):
            r = pt.where(pt.isnan(s[..., -1:]), math.nan, r)
    if r.dtype != rdt:
        r = pt.astype(r, rdt)
    return pt.reshape(r, out_shape)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median of the elements of ``a`` along ``axis``.

    As numpy.median: the middle element of each sorted slice, or the mean of the two middle
    ones. The result is floating point (float64 for integer input, the input's dtype for
    floats). It is computed from a sort of ``a``, recorded lazily and computed when read.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to take the median over; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The medians; a 0-d array for ``axis=None`` (NumPy returns a scalar).

    Notes
    -----
    A slice containing NaN gives NaN (see :func:`ptensor.nanmedian` to ignore NaN); an empty
    array gives NaN with a RuntimeWarning.

    See Also
    --------
    nanmedian : The median ignoring NaN.
    quantile : Quantiles of any order.
    mean : The arithmetic mean.

    Examples
    --------
    >>> a = pt.asarray([[10, 7, 4], [3, 2, 1]])
    >>> pt.median(a)
    Array(3.5)
    >>> pt.median(a, axis=0)
    Array([6.5, 4.5, 2.5])
    >>> pt.median(a, axis=1)
    Array([7., 2.])
    """
    _no_out(out, "median")
    return _median("median", a, axis, keepdims, False)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanmedian: the median of each slice's non-NaN values, computed from a sort of
    ``a`` (NaN sorts last). The result is floating point (float64 for integer input).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    overwrite_input : bool, optional
        Accepted for NumPy's signature and ignored.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The medians; a 0-d array for ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning.

    See Also
    --------
    median : The median with NaN propagating.
    nanquantile : Quantiles ignoring NaN.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanmedian(a)
    Array(3.)
    >>> pt.nanmedian(a, axis=0)
    Array([2., 4.])
    >>> pt.nanmedian(a, axis=1)
    Array([1. , 3.5])
    """
    _no_out(out, "nanmedian")
    return _median("nanmedian", a, axis, keepdims, True)


__all__ += ["median", "nanmedian", "percentile", "nanpercentile", "quantile", "nanquantile"]


# ------------------------------------------------------------ nan reductions ----

def _nan_prep(name, a, axis):
    a = _arr(a, name)
    return a, _axes(axis, a.ndim, name)


def _as_dtype(a, dtype):
    return a if dtype is None else pt.astype(a, dt.to_dtype(dtype))


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    """The sum of the elements of ``a`` along ``axis``, treating NaN as zero.

    As numpy.nansum: an all-NaN (or empty) slice sums to 0. The result dtype is NumPy's
    (integers and bool sum in int64 unless ``dtype`` is given).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to sum over; ``None`` (default) sums every element.
    dtype : dtype, optional
        The dtype of the sum.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The sums; a 0-d array for ``axis=None``.

    See Also
    --------
    sum : The sum with NaN propagating.
    nanmean : The mean ignoring NaN.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nansum(a)
    Array(8.)
    >>> pt.nansum(a, axis=0)
    Array([4., 4.])
    >>> pt.nansum(a, axis=1)
    Array([1., 7.])
    """
    _no_out(out, "nansum")
    a, axes = _nan_prep("nansum", a, axis)
    if _is_float(a):
        a = pt.where(pt.isnan(a), 0, a)
    return pt.sum(a, axis=axes, dtype=None if dtype is None else dt.to_dtype(dtype),
                  keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    """The product of the elements of ``a`` along ``axis``, treating NaN as one.

    As numpy.nanprod: an all-NaN (or empty) slice gives 1; the dtype is
    :func:`ptensor.prod`'s (or ``dtype``).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    dtype : dtype, optional
        The dtype of the result.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The products; a 0-d array for ``axis=None``.

    See Also
    --------
    nansum : The sum ignoring NaN.
    prod : The product with NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanprod(a)
    Array(12.)
    >>> pt.nanprod(a, axis=1)
    Array([ 1., 12.])
    """
    _no_out(out, "nanprod")
    a, axes = _nan_prep("nanprod", a, axis)
    if _is_float(a):
        a = pt.where(pt.isnan(a), 1, a)
    return pt.prod(a, axis=axes, dtype=None if dtype is None else dt.to_dtype(dtype),
                   keepdims=keepdims)


def _count_and_total(a, axes, keepdims):
    """(count of non-NaN values, their sum, the NaN mask) along axes."""
    mask = pt.isnan(a)
    cnt = pt.sum(pt.logical_not(mask), axis=axes, keepdims=keepdims, dtype=pt.int64)
    tot = pt.sum(pt.where(mask, 0, a), axis=axes, keepdims=keepdims)
    return cnt, tot, mask


def _divide_by_count(x, cnt):
    """x / cnt computed in float64 and rounded to x's dtype (NumPy's unsafe in-place
    division of a float32 sum by an integer count)."""
    if x.dtype == pt.float64:
        return x / cnt
    return pt.astype(pt.astype(x, pt.float64) / cnt, x.dtype)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    """The arithmetic mean of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanmean: the sum of the non-NaN values divided by their count. Integers give
    float64; floats keep their dtype (or ``dtype``).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to average over; ``None`` (default) uses every element.
    dtype : dtype, optional
        The dtype of the computation.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The means; a 0-d array for ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning ("Mean of empty slice"); checking for one
    reads back one value.

    See Also
    --------
    mean : The mean with NaN propagating.
    nansum : The sum ignoring NaN.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanmean(a)
    Array(2.66666667)
    >>> pt.nanmean(a, axis=0)
    Array([2., 4.])
    >>> pt.nanmean(a, axis=1)
    Array([1. , 3.5])
    """
    _no_out(out, "nanmean")
    a, axes = _nan_prep("nanmean", a, axis)
    a = _as_dtype(a, dtype)
    if not _is_float(a):
        return pt.mean(a, axis=axes, keepdims=keepdims)
    cnt, tot = _count_and_total(a, axes, keepdims)[:2]  # (the mask unheld: not a result)
    if _any(cnt == 0):
        _warn("Mean of empty slice")
    return _divide_by_count(tot, cnt)


def _ddof(name, ddof, correction):
    if correction is not None:
        if ddof != 0:
            raise ValueError(f"{name}: ddof and correction can't be provided simultaneously.")
        ddof = correction
    if isinstance(ddof, bool) or not isinstance(ddof, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: ddof must be a number, got {type(ddof).__name__}")
    return ddof


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, correction=None):
    """The variance of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanvar: the mean squared deviation from the mean of the non-NaN values, divided
    by ``N - ddof``. Integers give float64; floats keep their dtype; complex input gives a
    real result (the squared absolute deviations).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    dtype : dtype, optional
        The dtype of the computation.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    ddof : int, optional
        Delta degrees of freedom: the divisor is ``N - ddof`` (N the number of non-NaN
        values); default 0.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    correction : int, optional
        The array API's name for ``ddof`` (give one of the two).

    Returns
    -------
    Array
        The variances; a 0-d array for ``axis=None``.

    Notes
    -----
    A slice with no more non-NaN values than ``ddof`` gives NaN and a RuntimeWarning
    (checking for one reads back one value).

    See Also
    --------
    nanstd : The standard deviation ignoring NaN.
    var : The variance with NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanvar(a)
    Array(1.55555556)
    >>> pt.nanvar(a, axis=1)
    Array([0.  , 0.25])
    """
    _no_out(out, "nanvar")
    ddof = _ddof("nanvar", ddof, correction)
    a, axes = _nan_prep("nanvar", a, axis)
    a = _as_dtype(a, dtype)
    if not _is_float(a):
        return pt.var(a, axis=axes, correction=ddof, keepdims=keepdims)
    cnt, tot, mask = _count_and_total(a, axes, True)
    avg = _divide_by_count(tot, cnt)
    dev = pt.where(mask, 0, a - avg)
    if dt.is_complex(a.dtype):
        sq = pt.real(dev) * pt.real(dev) + pt.imag(dev) * pt.imag(dev)
    else:
        sq = dev * dev
    v = pt.sum(sq, axis=axes, keepdims=keepdims)
    # (temporaries held at the read below would be results of its program, written out whole)
    del tot, mask, avg, dev, sq
    dof = cnt - ddof if keepdims else pt.reshape(cnt, v.shape) - ddof
    bad = dof <= 0
    r = _divide_by_count(v, pt.where(bad, 1, dof))
    if _any(bad):
        _warn("Degrees of freedom <= 0 for slice.")
        r = pt.where(bad, math.nan, r)
    return r


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, correction=None):
    """The standard deviation of the non-NaN elements of ``a`` along ``axis``.

    As numpy.nanstd: the square root of :func:`ptensor.nanvar` (same dtypes and warnings).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    dtype : dtype, optional
        The dtype of the computation.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    ddof : int, optional
        Delta degrees of freedom: the divisor is ``N - ddof`` (N the number of non-NaN
        values); default 0.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.
    correction : int, optional
        The array API's name for ``ddof`` (give one of the two).

    Returns
    -------
    Array
        The standard deviations; a 0-d array for ``axis=None``.

    Notes
    -----
    A slice with no more non-NaN values than ``ddof`` gives NaN and a RuntimeWarning.

    See Also
    --------
    nanvar : The variance ignoring NaN.
    std : The standard deviation with NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanstd(a)
    Array(1.24721913)
    >>> pt.nanstd(a, axis=1)
    Array([0. , 0.5])
    """
    _no_out(out, "nanstd")
    ddof = _ddof("nanstd", ddof, correction)
    return pt.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def _nan_extreme(name, a, axis, keepdims, largest):
    a, axes = _nan_prep(name, a, axis)
    f = pt.max if largest else pt.min
    if not _is_float(a):
        return f(a, axis=axes, keepdims=keepdims)
    if any(a.shape[i] == 0 for i in axes):
        raise ValueError(f"{name}: zero-size array to reduction operation "
                         f"{'fmax' if largest else 'fmin'} which has no identity")
    fill = -math.inf if largest else math.inf
    r = f(pt.where(pt.isnan(a), fill, a), axis=axes, keepdims=keepdims)
    # an all-NaN slice gives the fill, as does one whose extreme is that infinity: only then
    # (one read of the result) is the mask reduced too (the mask is no variable here: a live
    # one would be a result of the program, written out whole)
    if _any(r == fill):
        bad = pt.all(pt.isnan(a), axis=axes, keepdims=keepdims)
        if _any(bad):
            _warn("All-NaN slice encountered")
            r = pt.where(bad, math.nan, r)
    return r


def nanmax(a, axis=None, out=None, keepdims=False):
    """The largest non-NaN element of ``a`` along ``axis``.

    As numpy.nanmax: NaN values are ignored; the result is in ``a``'s dtype.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The maxima; a 0-d array for ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning; a reduction over an empty axis raises
    ValueError.

    See Also
    --------
    nanmin : The smallest non-NaN element.
    max : The maximum with NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanmax(a)
    Array(4.)
    >>> pt.nanmax(a, axis=0)
    Array([3., 4.])
    >>> pt.nanmax(a, axis=1)
    Array([1., 4.])
    """
    _no_out(out, "nanmax")
    return _nan_extreme("nanmax", a, axis, keepdims, True)


def nanmin(a, axis=None, out=None, keepdims=False):
    """The smallest non-NaN element of ``a`` along ``axis``.

    As numpy.nanmin: NaN values are ignored; the result is in ``a``'s dtype.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The minima; a 0-d array for ``axis=None``.

    Notes
    -----
    An all-NaN slice gives NaN and a RuntimeWarning; a reduction over an empty axis raises
    ValueError.

    See Also
    --------
    nanmax : The largest non-NaN element.
    min : The minimum with NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanmin(a)
    Array(1.)
    >>> pt.nanmin(a, axis=0)
    Array([1., 4.])
    >>> pt.nanmin(a, axis=1)
    Array([1., 3.])
    """
    _no_out(out, "nanmin")
    return _nan_extreme("nanmin", a, axis, keepdims, False)


def _nan_arg(name, a, axis, keepdims, largest):
    a = _arr(a, name)
    if axis is not None:
        axis = _axis1(axis, a.ndim, name)
    f = pt.argmax if largest else pt.argmin
    if not _is_float(a):
        return f(a, axis=axis, keepdims=keepdims)
    mask = pt.isnan(a)
    if _any(pt.all(mask, axis=axis)):
        raise ValueError(f"{name}: All-NaN slice encountered")
    return f(pt.where(mask, -math.inf if largest else math.inf, a), axis=axis,
             keepdims=keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """The index of the largest non-NaN element of ``a``.

    As numpy.nanargmax: along ``axis``, or in the flattened array by default; NaN values are
    ignored.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        int64 indices.

    Notes
    -----
    An all-NaN slice raises ValueError, as NumPy's.

    See Also
    --------
    nanargmin : The other extreme.
    argmax : With NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanargmax(a)
    Array(3)
    >>> pt.nanargmax(a, axis=0)
    Array([1, 1])
    """
    _no_out(out, "nanargmax")
    return _nan_arg("nanargmax", a, axis, keepdims, True)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """The index of the smallest non-NaN element of ``a``.

    As numpy.nanargmin: along ``axis``, or in the flattened array by default; NaN values are
    ignored.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis; ``None`` (default) uses the flattened array.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        int64 indices.

    Notes
    -----
    An all-NaN slice raises ValueError, as NumPy's.

    See Also
    --------
    nanargmax : The other extreme.
    argmin : With NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nanargmin(a)
    Array(0)
    >>> pt.nanargmin(a, axis=0)
    Array([0, 1])
    """
    _no_out(out, "nanargmin")
    return _nan_arg("nanargmin", a, axis, keepdims, False)


def _nan_cumulative(name, a, axis, dtype, fill, f):
    a = _arr(a, name)
    if axis is None:
        a, axis = pt.reshape(a, (-1,)), 0
    else:
        if a.ndim == 0:
            raise np.exceptions.AxisError(f"{name}: axis {axis} is out of bounds for array of "
                                          "dimension 0")
        axis = _axis1(axis, a.ndim, name)
    if _is_float(a):
        a = pt.where(pt.isnan(a), fill, a)
    return f(a, axis=axis, dtype=None if dtype is None else dt.to_dtype(dtype))


def nancumsum(a, axis=None, dtype=None, out=None):
    """Running sums of ``a`` along ``axis``, treating NaN as zero.

    As numpy.nancumsum: along ``axis``, or of the flattened array by default.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis; ``None`` (default) uses the flattened array.
    dtype : dtype, optional
        The dtype of the result.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).

    Returns
    -------
    Array
        The running sums (1-D for ``axis=None``).

    See Also
    --------
    nancumprod : Running products ignoring NaN.
    cumsum : With NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nancumsum(a)
    Array([1., 1., 4., 8.])
    >>> pt.nancumsum(a, axis=0)
    Array([[1., 0.],
           [4., 4.]])
    """
    _no_out(out, "nancumsum")
    return _nan_cumulative("nancumsum", a, axis, dtype, 0, pt.cumulative_sum)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Running products of ``a`` along ``axis``, treating NaN as one.

    As numpy.nancumprod: along ``axis``, or of the flattened array by default.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis; ``None`` (default) uses the flattened array.
    dtype : dtype, optional
        The dtype of the result.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).

    Returns
    -------
    Array
        The running products (1-D for ``axis=None``).

    See Also
    --------
    nancumsum : Running sums ignoring NaN.
    cumprod : With NaN propagating.

    Examples
    --------
    >>> a = pt.asarray([[1.0, np.nan], [3.0, 4.0]])
    >>> pt.nancumprod(a)
    Array([ 1.,  1.,  3., 12.])
    >>> pt.nancumprod(a, axis=1)
    Array([[ 1.,  1.],
           [ 3., 12.]])
    """
    _no_out(out, "nancumprod")
    return _nan_cumulative("nancumprod", a, axis, dtype, 1, pt.cumulative_prod)


__all__ += ["nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmax", "nanmin",
            "nanargmax", "nanargmin", "nancumsum", "nancumprod"]


# ------------------------------------------------- extremes, averages, cov ----

def amax(a, axis=None, out=None, keepdims=False):
    """The largest element of ``a`` along ``axis``.

    NumPy's alias of max (numpy.amax): :func:`ptensor.max` over the given axes; NaN
    propagates.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The maxima, in ``a``'s dtype; a 0-d array for ``axis=None``.

    See Also
    --------
    amin : The smallest element.
    nanmax : The maximum ignoring NaN.

    Examples
    --------
    >>> a = pt.asarray([[0, 1], [2, 3]])
    >>> pt.amax(a)
    Array(3)
    >>> pt.amax(a, axis=0)
    Array([2, 3])
    >>> pt.amax(pt.asarray([1.0, np.nan, 3.0]))
    Array(nan)
    """
    _no_out(out, "amax")
    a = _arr(a, "amax")
    return pt.max(a, axis=_axes(axis, a.ndim, "amax"), keepdims=keepdims)


def amin(a, axis=None, out=None, keepdims=False):
    """The smallest element of ``a`` along ``axis``.

    NumPy's alias of min (numpy.amin): :func:`ptensor.min` over the given axes; NaN
    propagates.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The minima, in ``a``'s dtype; a 0-d array for ``axis=None``.

    See Also
    --------
    amax : The largest element.
    nanmin : The minimum ignoring NaN.

    Examples
    --------
    >>> a = pt.asarray([[0, 1], [2, 3]])
    >>> pt.amin(a)
    Array(0)
    >>> pt.amin(a, axis=1)
    Array([0, 2])
    """
    _no_out(out, "amin")
    a = _arr(a, "amin")
    return pt.min(a, axis=_axes(axis, a.ndim, "amin"), keepdims=keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    """The range (maximum minus minimum) of ``a`` along ``axis``.

    As numpy.ptp ("peak to peak"): ``max(a, axis) - min(a, axis)`` in ``a``'s dtype
    (integers wrap as in NumPy).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to reduce; ``None`` (default) uses every element.
    out : None
        Must be None; ``out=`` raises TypeError (assign the result instead).
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array
        The ranges; a 0-d array for ``axis=None``.

    Notes
    -----
    A bool ``a`` raises TypeError, as NumPy's subtraction of booleans does.

    See Also
    --------
    amax : The maximum.
    amin : The minimum.

    Examples
    --------
    >>> a = pt.asarray([[4, 9, 2, 10], [6, 9, 7, 12]])
    >>> pt.ptp(a)
    Array(10)
    >>> pt.ptp(a, axis=1)
    Array([8, 6])
    >>> pt.ptp(a, axis=0)
    Array([2, 0, 5, 2])
    """
    _no_out(out, "ptp")
    a = _arr(a, "ptp")
    _reject_bool_subtract("ptp", a.dtype)
    axes = _axes(axis, a.ndim, "ptp")
    return pt.max(a, axis=axes, keepdims=keepdims) - pt.min(a, axis=axes, keepdims=keepdims)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The weighted mean of ``a`` along ``axis``.

    As numpy.average: ``sum(a * w) / sum(w)`` over the axis, the plain mean without
    weights. The result dtype is NumPy's: float64 for integer input, else
    ``result_type(a, weights)``. The result is computed lazily, when read.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int or tuple of ints, optional
        The axis or axes to average over; ``None`` (default) uses all elements.
    weights : Array or array_like, optional
        The weights: ``a``'s shape, or 1-D of ``a``'s length along ``axis`` (an int).
    returned : bool, optional
        Also return the sum of the weights (the count without weights), broadcast to the
        result's shape.
    keepdims : bool, optional
        Keep the reduced axes as axes of length one.

    Returns
    -------
    Array or tuple of Array
        The averages, or ``(average, sum_of_weights)`` with ``returned=True``.

    Notes
    -----
    Weights that sum to zero along an axis raise ZeroDivisionError, as in NumPy.

    See Also
    --------
    mean : The unweighted mean.

    Examples
    --------
    >>> x = pt.asarray([1.0, 2.0, 3.0, 4.0])
    >>> pt.average(x)
    Array(2.5)
    >>> pt.average(x, weights=[4, 3, 2, 1])
    Array(2.)
    >>> pt.average(x, weights=[4, 3, 2, 1], returned=True)
    (Array(2.), Array(10.))
    """
    a = _arr(a, "average")
    axes = _axes(axis, a.ndim, "average")
    if weights is None:
        avg = pt.mean(a, axis=axes, keepdims=keepdims)
        if returned:
            cnt = a.size / avg.size if avg.size else 0.0
            return avg, pt.full(avg.shape, cnt, dtype=avg.dtype)
        return avg
    w = _arr(weights, "average", "weights")
    if a.dtype.kind in "biu":
        rdt = dt.to_dtype(np.result_type(a.dtype.np, w.dtype.np, np.float64))
    else:
        rdt = dt.to_dtype(np.result_type(a.dtype.np, w.dtype.np))
    if tuple(w.shape) != tuple(a.shape):
        if axis is None:
            raise TypeError("average: Axis must be specified when shapes of a and weights "
                            "differ.")
        given = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        given = tuple(operator.index(g) % a.ndim for g in given)
        if tuple(w.shape) != tuple(a.shape[g] for g in given):
            raise ValueError("average: Shape of weights must be consistent with shape of a "
                             "along specified axis.")
        order = sorted(range(len(given)), key=lambda i: given[i])
        if order != list(range(len(given))):
            w = pt.permute_dims(w, tuple(order))
        w = pt.reshape(w, tuple(a.shape[i] if i in axes else 1 for i in range(a.ndim)))
    wr = pt.astype(w, rdt)
    scl = pt.sum(wr, axis=axes, keepdims=keepdims, dtype=rdt)
    if wr.shape != a.shape:
        wr = pt.broadcast_to(wr, a.shape)
    if _any(scl == 0):
        raise ZeroDivisionError("average: Weights sum to zero, can't be normalized")
    avg = pt.sum(pt.astype(a, rdt) * wr, axis=axes, keepdims=keepdims, dtype=rdt) / scl
    if returned:
        if scl.shape != avg.shape:
            scl = pt.broadcast_to(scl, avg.shape)
        return avg, scl
    return avg


def _rows(m, name, argname, rowvar, dtype):
    x = _arr(m, name, argname)
    if x.ndim > 2:
        raise ValueError(f"{name}: {argname} has more than 2 dimensions")
    if dtype is not None:
        x = pt.astype(x, dtype)
    if x.ndim < 2:
        x = pt.reshape(x, (1, -1) if x.ndim == 1 else (1, 1))
    if not rowvar and x.shape[0] != 1:
        x = pt.permute_dims(x, (1, 0))
    return x


def _cov_weights(w, name, n, kind):
    w = _arr(w, "cov", name)
    if kind == "fweights":
        wi = pt.astype(w, pt.float64)
        if _any(wi != pt.round(wi)):
            raise TypeError("cov: fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cov: cannot handle multidimensional {kind}")
    if w.ndim == 0 or w.shape[0] != n:
        raise RuntimeError(f"cov: incompatible numbers of samples and {kind}")
    w = pt.astype(w, pt.float64)
    if _any(w < 0):
        raise ValueError(f"cov: {kind} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """The covariance matrix of the variables in the rows of ``m`` (and ``y``).

    As numpy.cov: the variables are the rows of ``m`` (the columns with ``rowvar=False``),
    with ``y``'s stacked below them; normalized by N - 1 (N with ``bias=True``, N - ``ddof``
    when given), ``fweights`` and ``aweights`` weighing the observations as NumPy's. The
    result is float64 at least (``dtype`` to choose); it is computed lazily, when read.

    Parameters
    ----------
    m : Array or array_like
        A 1-D or 2-D array of variables and observations.
    y : Array or array_like, optional
        More variables, in the same layout as ``m``.
    rowvar : bool, optional
        True (default): each row is a variable; False: each column is.
    bias, ddof, fweights, aweights
        The normalization and the weights, as in NumPy.
    dtype : dtype, optional
        The result's dtype.

    Returns
    -------
    Array
        The (n_vars, n_vars) covariance matrix; a 0-d array for a single variable.

    Notes
    -----
    Fewer degrees of freedom than one warn (RuntimeWarning) and give inf or NaN, as NumPy.

    See Also
    --------
    corrcoef : The normalized covariance.

    Examples
    --------
    >>> m = pt.asarray([[0, 1, 2], [2, 1, 0]])
    >>> pt.cov(m)
    Array([[ 1., -1.],
           [-1.,  1.]])
    """
    if ddof is not None and ddof != int(ddof):
        raise ValueError("cov: ddof must be integer")
    mx = _arr(m, "cov", "m")
    if dt.is_complex(mx.dtype) or (y is not None and dt.is_complex(_arr(y, "cov", "y").dtype)):
        base = np.complex128
    else:
        base = np.float64
    if dtype is None:
        parts = [mx.dtype.np] + ([_arr(y, "cov", "y").dtype.np] if y is not None else [])
        dtype = dt.to_dtype(np.result_type(*parts, base))
    else:
        dtype = dt.to_dtype(dtype)
    x = _rows(mx, "cov", "m", rowvar, dtype)
    if y is not None:
        yy = _rows(y, "cov", "y", rowvar, dtype)
        if yy.shape[1] != x.shape[1]:
            raise ValueError("cov: all the input array dimensions except for the "
                             "concatenation axis must match exactly")
        x = pt.concat([x, yy], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _cov_weights(fweights, "fweights", n, "fweights")
    aw = None
    if aweights is not None:
        aw = _cov_weights(aweights, "aweights", n, "aweights")
        w = aw if w is None else w * aw
    if w is None:
        avg = pt.mean(x, axis=1, keepdims=True)
        fact = float(n - ddof)
        scale = None
    else:
        avg, wsum = average(x, axis=1, weights=w, returned=True)
        avg = pt.reshape(avg, (-1, 1))
        wsum = wsum[0]
        if ddof == 0:
            fact_a = wsum
        elif aw is None:
            fact_a = wsum - ddof
        else:
            fact_a = wsum - ddof * pt.sum(w * aw) / wsum
        fact = float(fact_a)
        scale = None if fact <= 0 else 1 / fact_a
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    d = x - avg
    dt_ = pt.permute_dims(d, (1, 0)) if w is None else pt.permute_dims(d * w, (1, 0))
    if dt.is_complex(d.dtype):
        dt_ = pt.conj(dt_)
    c = pt.matmul(d, dt_)
    if scale is not None:
        c = c * pt.astype(scale, c.dtype) if dt.is_float(c.dtype) else c * scale
    else:
        c = c * (1.0 / fact if fact else math.inf)
    return _squeeze_all(c)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients of the variables in the rows of ``x`` (and ``y``).

    As numpy.corrcoef: :func:`ptensor.cov` normalized by the standard deviations, the result
    clipped to [-1, 1] (real and imaginary parts separately for complex input). Floating
    point (float64 for integer input); recorded lazily and computed when read.

    Parameters
    ----------
    x : Array or array_like
        A 1-D or 2-D array of variables (rows, or columns with ``rowvar=False``).
    y : Array or array_like, optional
        More variables, stacked after those of ``x``.
    rowvar : bool, optional
        True (default): each row is a variable; False: each column is.
    dtype : dtype, optional
        The dtype of the computation and the result.

    Returns
    -------
    Array
        The (N, N) correlation matrix; a single variable gives the 0-d array ``cov / cov``
        (1.0, or NaN).

    See Also
    --------
    cov : The covariance matrix.

    Examples
    --------
    >>> pt.corrcoef([[0, 1, 2], [2, 1, 0]])
    Array([[ 1., -1.],
           [-1.,  1.]])
    """
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = pt.linalg.diagonal(c)
    sd = pt.sqrt(pt.real(d) if dt.is_complex(d.dtype) else d)
    c = c / pt.reshape(sd, (-1, 1))
    c = c / pt.reshape(sd, (1, -1))
    if dt.is_complex(c.dtype):
        re = pt.clip(pt.real(c), -1, 1)
        im = pt.clip(pt.imag(c), -1, 1)
        return pt.astype(re, c.dtype) + pt.astype(im, c.dtype) * 1j
    return pt.clip(c, -1, 1)


__all__ += ["amax", "amin", "ptp", "average", "cov", "corrcoef"]


# -------------------------------------------------------------- histograms ----

def _count(idx, nbins, weights=None):
    """Occurrences of 0 .. nbins - 1 in the int64 1-D idx (all in that range), as int64, or
    the sums of weights (float64) of each. A local idx: the custom call "ptensor.bincount"
    (runtime/host/Bincount.cpp: one pass in order, NumPy's sums exactly). Distributed: a
    sort, a binary search of each value's first position, differences (of the cumulative
    sums of the sorted weights)."""
    if idx.shape[0] == 0:
        return pt.zeros((nbins,), dtype=pt.int64 if weights is None else pt.float64)
    if is_local(idx) and (weights is None or is_local(weights)):
        args = [idx] if weights is None else [idx, pt.astype(weights, pt.float64)]
        return _call("ptensor.bincount", args,
                     [((nbins,), pt.int64 if weights is None else pt.float64)])[0]
    starts = pt.searchsorted(pt.sort(idx), pt.arange(nbins + 1, dtype=pt.int64),
                             side="left")
    if weights is None:
        return starts[1:] - starts[:-1]
    ws = pt.take(pt.astype(weights, pt.float64), pt.argsort(idx), axis=0)
    cw = pt.cumulative_sum(ws, include_initial=True)
    at = pt.take(cw, starts, axis=0)
    return at[1:] - at[:-1]


def bincount(x, weights=None, minlength=0):
    """The number of occurrences of each value of a 1-D array of non-negative integers.

    As numpy.bincount: bin ``i`` counts the elements equal to ``i``, for ``i`` in
    0 .. ``max(x)`` (at least ``minlength`` bins); int64, or float64 sums of the weights.

    Parameters
    ----------
    x : Array or array_like
        A 1-D array of non-negative integers.
    weights : Array or array_like, optional
        A weight per element of ``x``; bin ``i`` then holds the sum of the weights at ``i``.
    minlength : int, optional
        The least number of bins.

    Returns
    -------
    Array
        The counts (int64) or weight sums (float64).

    Notes
    -----
    Weighted sums add the weights one by one in order, as NumPy does (its results exactly).
    For a distributed ``x`` they are differences of a cumulative sum of the weights sorted
    by value, whose rounding errors scale with the running total.

    See Also
    --------
    histogram : Counts in bins of any edges.
    unique_counts : The distinct values and their counts.

    Examples
    --------
    >>> pt.bincount(pt.asarray([0, 1, 1, 3, 2, 1, 7]))
    Array([1, 3, 1, 1, 0, 0, 0, 1])
    >>> pt.bincount(pt.asarray([0, 1, 1, 2]), weights=pt.asarray([0.5, 1.0, 1.5, 2.0]))
    Array([0.5, 2.5, 2. ])
    """
    x = _arr(x, "bincount", "x")
    if x.ndim == 0:
        raise ValueError("bincount: object of too small depth for desired array")
    if x.ndim > 1:
        raise ValueError("bincount: object too deep for desired array")
    if x.dtype.kind not in "bi" and not (x.dtype.kind == "u" and x.dtype.np.itemsize < 8) \
            and not (x.size == 0 and x.dtype.kind == "f"):
        raise TypeError(f"bincount: Cannot cast array data from dtype('{x.dtype.np}') to "
                        "dtype('int64') according to the rule 'safe'")
    if minlength is None:
        raise TypeError("bincount: minlength must be an integer, not None")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("bincount: 'minlength' must not be negative")
    w = None
    if weights is not None:
        w = _arr(weights, "bincount", "weights")
        if w.ndim != 1 or w.shape[0] != x.shape[0]:
            raise ValueError("bincount: The weights and list don't have the same length.")
    xi = pt.astype(x, pt.int64, copy=False)
    if x.shape[0] == 0:
        return pt.zeros((minlength,), dtype=pt.int64 if w is None else pt.float64)
    lo, hi = pt.stack([pt.min(xi), pt.max(xi)]).tolist()
    if lo < 0:
        raise ValueError("bincount: 'list' argument must have no negative elements")
    return _count(xi, builtins.max(hi + 1, minlength), w)


def digitize(x, bins, right=False):
    """The index of the bin each value of ``x`` falls in.

    As numpy.digitize: for increasing ``bins``, the ``i`` with ``bins[i-1] <= x < bins[i]``
    (``bins[i-1] < x <= bins[i]`` with ``right=True``); the mirror for decreasing bins. Values
    below the first edge give 0, values above the last give ``len(bins)``. Computed by a
    binary search (:func:`ptensor.searchsorted`).

    Parameters
    ----------
    x : Array or array_like
        The values to bin (not complex).
    bins : Array or array_like
        A 1-D monotonic (increasing or decreasing) array of bin edges.
    right : bool, optional
        Whether the bins include their right edge instead of their left one.

    Returns
    -------
    Array
        int64 bin indices, of ``x``'s shape.

    Notes
    -----
    Raises ValueError for ``bins`` that are not 1-D or not monotonic (the check reads back
    two booleans) and TypeError for complex ``x``.

    See Also
    --------
    searchsorted : The binary search underneath.
    histogram : Counts per bin.

    Examples
    --------
    >>> pt.digitize([0.2, 6.4, 3.0, 1.6], [0, 1, 2.5, 4, 10])
    Array([1, 4, 3, 2])
    >>> pt.digitize([1, 2.5, 4], [0, 1, 2.5, 4, 10], right=True)
    Array([1, 2, 3])
    """
    x = _arr(x, "digitize", "x")
    b = _arr(bins, "digitize", "bins")
    if dt.is_complex(x.dtype):
        raise TypeError("digitize: x may not be complex")
    if b.ndim == 0:
        raise ValueError("digitize: object of too small depth for desired array")
    if b.ndim > 1:
        raise ValueError("digitize: object too deep for desired array")
    side = "left" if right else "right"
    increasing = True
    if b.shape[0] > 1:
        up = b[1:] >= b[:-1]
        down = b[1:] <= b[:-1]
        inc, dec = pt.stack([pt.all(up), pt.all(down)]).tolist()
        if not inc and not dec:
            raise ValueError("digitize: bins must be monotonically increasing or decreasing")
        increasing = inc
    if increasing:
        return pt.searchsorted(b, x, side=side)
    return b.shape[0] - pt.searchsorted(pt.flip(b, axis=0), x, side=side)


def _linspace(start, stop, num, dtype):
    """NumPy's linspace(start, stop, num) computed in dtype (a NumPy dtype): start + i *
    step, the last exactly stop."""
    t = np.dtype(dtype).type
    div = num - 1
    step = (t(stop) - t(start)) / div if div > 0 else t(0)
    step = t(step)
    i = pt.arange(num, dtype=dt.to_dtype(dtype))
    y = i * float(step) + float(t(start)) if step != 0 else \
        (i / div) * float(t(stop) - t(start)) + float(t(start))
    if num > 1:
        y = pt.concat([y[:-1], pt.full((1,), float(t(stop)), dtype=dt.to_dtype(dtype))])
    return y


def _outer_edges(a, rng, name):
    """NumPy's outer edges of a histogram: range, or a's min and max (0, 1 when a is empty),
    widened by 0.5 each side when they are equal; as NumPy scalars of NumPy's types (Python
    numbers for a given range)."""
    if rng is not None:
        try:
            first, last = rng
        except (TypeError, ValueError):
            raise ValueError(f"{name}: range must be a pair (min, max)") from None
        if isinstance(first, pt.Array):
            first = first.dtype.np.type(first)
        if isinstance(last, pt.Array):
            last = last.dtype.np.type(last)
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif a.size == 0:
        first, last = 0, 1
    else:
        t = a.dtype.np.type
        first, last = (t(v) for v in pt.stack([pt.min(a), pt.max(a)]).tolist())
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return first, last


def _edges(a, bins, rng, weights, name):
    """(bin edges, (first, last, number of bins) when they are uniform, else None)."""
    if isinstance(bins, str):
        raise NotImplementedError(f"{name}: bin estimators such as {bins!r} are not supported "
                                  "by ptensor; give the number of bins or the edges")
    if weights is not None:
        w = _arr(weights, name, "weights")
        if tuple(w.shape) != tuple(a.shape):
            raise ValueError("weights should have the same shape as a.")
    if np.ndim(bins) == 0 and not isinstance(bins, pt.Array) or \
            isinstance(bins, pt.Array) and bins.ndim == 0:
        try:
            n = operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an array") from None
        if n < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(a, rng, name)
        bin_type = np.result_type(first, last, a.dtype.np)
        if bin_type.kind in "biu":
            bin_type = np.result_type(bin_type, float)
        lin_type = np.result_type(first, last, float(n + 1))
        edges = _linspace(first, last, n + 1, lin_type)
        if lin_type != bin_type:
            edges = pt.astype(edges, dt.to_dtype(bin_type))
        return edges, (first, last, n)
    edges = _arr(bins, name, "bins")
    if edges.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    if edges.shape[0] > 1 and _any(edges[:-1] > edges[1:]):
        raise ValueError("`bins` must increase monotonically, when an array")
    return edges, None


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """The bin edges :func:`ptensor.histogram` would use.

    As numpy.histogram_bin_edges: ``bins + 1`` evenly spaced edges over ``range`` (``a``'s
    minimum and maximum by default, widened by 0.5 when they are equal), in NumPy's dtype;
    or the given edges.

    Parameters
    ----------
    a : Array or array_like
        The input data (flattened).
    bins : int or sequence of scalars, optional
        The number of bins (default 10), or the edges.
    range : tuple of float, optional
        The lower and upper edge.
    weights : array_like, optional
        Weights of the values of ``a``, as :func:`ptensor.histogram` takes them.

    Returns
    -------
    Array
        The 1-D bin edges.

    Notes
    -----
    The bin estimators (``bins='auto'``, ``'fd'``, ...) raise NotImplementedError.

    See Also
    --------
    histogram : The counts per bin.

    Examples
    --------
    >>> pt.histogram_bin_edges(pt.asarray([0, 0, 0, 1, 2, 3, 3, 4, 5]), bins=2)
    Array([0. , 2.5, 5. ])
    >>> pt.histogram_bin_edges([1, 2, 3], bins=4, range=(0, 4))
    Array([0., 1., 2., 3., 4.])
    """
    a = pt.reshape(_arr(a, "histogram_bin_edges"), (-1,))
    return _edges(a, bins, range, None if weights is None else
                  pt.reshape(_arr(weights, "histogram_bin_edges", "weights"), (-1,)),
                  "histogram_bin_edges")[0]


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """The histogram of the flattened ``a``: ``(hist, bin_edges)``.

    As numpy.histogram: bins are half-open except the last, which is closed; values outside
    ``range`` are left out. ``hist`` is int64 (or sums of the weights, in their dtype; float64
    with ``density=True``). With an integer ``bins`` each value's bin is computed from its
    distance to the first edge and corrected against the edges, as NumPy does; with explicit
    edges, by a binary search.

    Parameters
    ----------
    a : Array or array_like
        The input data (flattened).
    bins : int or sequence of scalars, optional
        The number of equal-width bins (default 10), or the monotonically increasing edges.
    range : tuple of float, optional
        The lower and upper edge with an integer ``bins``; default ``(a.min(), a.max())``.
    density : bool, optional
        If True, ``hist`` is normalized to ``hist / (sum * bin widths)``.
    weights : Array or array_like, optional
        A weight for each value of ``a``, summed instead of counting.

    Returns
    -------
    hist : Array
        The counts (or weight sums, or densities), one per bin.
    bin_edges : Array
        The ``len(hist) + 1`` bin edges.

    Notes
    -----
    The bin estimators (``bins='auto'``, ``'fd'``, ...) raise NotImplementedError.

    See Also
    --------
    histogram_bin_edges : Only the edges.
    histogram2d : Two-dimensional histogram.
    bincount : Counts of non-negative integers.

    Examples
    --------
    >>> pt.histogram([1, 2, 1], bins=[0, 1, 2, 3])
    (Array([0, 2, 1]), Array([0, 1, 2, 3]))
    >>> hist, edges = pt.histogram(pt.asarray([0.5, 1.5, 1.5, 2.5, 3.0]), bins=3)
    >>> hist
    Array([1, 2, 2])
    >>> edges
    Array([0.5       , 1.33333333, 2.16666667, 3.        ])
    """
    a0 = _arr(a, "histogram")
    a = pt.reshape(a0, (-1,))
    if dt.is_complex(a.dtype):
        raise TypeError("histogram: complex input is not supported")
    w = None
    if weights is not None:
        w0 = _arr(weights, "histogram", "weights")
        if tuple(w0.shape) != tuple(a0.shape):
            raise ValueError("weights should have the same shape as a.")
        w = pt.reshape(w0, (-1,))
    edges, uniform = _edges(a, bins, range, w, "histogram")
    ntype = pt.int64 if w is None else w.dtype
    if uniform is not None:
        first, last, n = uniform
        keep = pt.logical_and(a >= _py(first), a <= _py(last))
        af = pt.astype(a, pt.float64)
        f = (af - float(first)) / (float(last) - float(first)) * n
        idx = pt.astype(pt.where(keep, f, 0.0), pt.int64)
        idx = pt.clip(idx, 0, n - 1)
        # (idx in [0, n - 1], edges of n + 1)
        idx = pt.where(idx > 0, pt.where(a < _gather(edges, idx), idx - 1, idx), idx)
        up = pt.logical_and(a >= _gather(edges, idx + 1), idx != n - 1)
        idx = pt.where(up, idx + 1, idx)
        idx = pt.where(keep, idx, n)  # left out: an extra bin
        hist = _count(idx, n + 1, w)[:n]
    else:
        m = edges.shape[0] - 1
        order = pt.argsort(a) if w is not None else None
        sa = pt.sort(a) if w is None else pt.take(a, order, axis=0)
        if m < 1:
            hist = pt.zeros((0,), dtype=ntype)
        else:
            pos = pt.concat([pt.searchsorted(sa, edges[:-1], side="left"),
                             pt.searchsorted(sa, edges[-1:], side="right")])
            if w is None:
                hist = pos[1:] - pos[:-1]
            else:
                ws = pt.take(w, order, axis=0)
                cw = pt.cumulative_sum(ws, include_initial=True)
                at = pt.take(cw, pos, axis=0)
                hist = at[1:] - at[:-1]
    if w is not None and hist.dtype != ntype:
        hist = pt.astype(hist, ntype)
    if density:
        db = pt.astype(edges[1:] - edges[:-1], pt.float64)
        return hist / db / pt.sum(hist), edges
    return hist, edges


def _gather(values, idx):
    """values[idx] for int64 indices known to be in range: for local arrays without reading
    the indices (the gather fuses with their computation), else the namespace's take."""
    if is_local(values) and is_local(idx):
        return take_in_range(values, idx, 0)
    return pt.take(values, idx, axis=0)


def _py(v):
    """A NumPy scalar as the Python number it holds (comparisons then follow a's dtype
    as NumPy's with its scalars of a's type)."""
    return v.item() if isinstance(v, np.generic) else v


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """The multidimensional histogram of ``sample``: ``(hist, edges)``.

    As numpy.histogramdd: each value's bin is a binary search in its dimension's edges (the
    last bin closed); values outside the edges are left out.

    Parameters
    ----------
    sample : Array or array_like
        An (N, D) array, or a sequence of D 1-D arrays.
    bins : int, sequence of ints or sequence of arrays, optional
        An integer, one per dimension, or the edges per dimension (default 10).
    range : sequence of tuple of float, optional
        A (min, max) per dimension.
    density : bool, optional
        If True, normalize by the total and the bin volumes.
    weights : array_like, optional
        A weight per sample, summed instead of counting.

    Returns
    -------
    hist : Array
        float64, one axis per dimension.
    edges : list of Array
        The D arrays of bin edges.

    See Also
    --------
    histogram : One dimension.
    histogram2d : Two dimensions.

    Examples
    --------
    >>> sample = pt.asarray([[0.1, 0.2], [0.4, 0.8], [0.6, 0.3], [0.9, 0.7]])
    >>> hist, edges = pt.histogramdd(sample, bins=2)
    >>> hist
    Array([[1., 1.],
           [1., 1.]])
    >>> edges
    [Array([0.1, 0.5, 0.9]), Array([0.2, 0.5, 0.8])]
    """
    columns = isinstance(sample, (list, tuple)) and all(
        isinstance(c, pt.Array) or np.ndim(c) >= 1 for c in sample)
    if not columns:
        s = _arr(sample, "histogramdd", "sample")
        if s.ndim == 1:
            s = pt.reshape(s, (-1, 1))
        elif s.ndim != 2:
            raise ValueError("histogramdd: sample must be 2-D (N, D)")
        cols = [s[:, i] for i in builtins.range(s.shape[1])]
    else:
        cols = [pt.reshape(_arr(c, "histogramdd", "sample"), (-1,)) for c in sample]
    d = len(cols)
    if d:
        common = dt.to_dtype(np.result_type(*[c.dtype.np for c in cols]))
        cols = [c if c.dtype == common else pt.astype(c, common) for c in cols]
    if d and any(c.shape[0] != cols[0].shape[0] for c in cols):
        raise ValueError("histogramdd: all sample columns must have the same length")
    try:
        m = len(bins)
        if m != d:
            raise ValueError("The dimension of bins must be equal to the dimension of the "
                             "sample x.")
        per = list(bins)
    except TypeError:
        per = [bins] * d
    if range is None:
        range = [None] * d  # noqa: A001
    elif len(range) != d:
        raise ValueError("histogramdd: range must have one (min, max) per dimension")
    w = None
    if weights is not None:
        w = pt.reshape(_arr(weights, "histogramdd", "weights"), (-1,))
        if d and w.shape[0] != cols[0].shape[0]:
            raise ValueError("histogramdd: weights must have one value per sample")
    edges, nbin = [], []
    for i, (c, b) in enumerate(zip(cols, per)):
        if np.ndim(b) == 0 and not isinstance(b, pt.Array):
            try:
                nb = operator.index(b)
            except TypeError:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from None
            if nb < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            first, last = _outer_edges(c, range[i], "histogramdd")
            lin_type = np.result_type(first, last, float(nb + 1))
            e = _linspace(first, last, nb + 1, lin_type)
        else:
            e = _arr(b, "histogramdd", "bins")
            if e.ndim != 1:
                raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
            if e.shape[0] > 1 and _any(e[:-1] > e[1:]):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an "
                                 "array")
        edges.append(e)
        nbin.append(e.shape[0] + 1)  # with the two outlier bins
    total = math.prod(nbin)
    flat = None
    stride = 1
    for i in reversed(builtins.range(d)):
        c, e = cols[i], edges[i]
        k = pt.searchsorted(e, c, side="right")
        k = pt.where(c == e[-1:], k - 1, k)
        part = k * stride if stride != 1 else k
        flat = part if flat is None else flat + part
        stride *= nbin[i]
    if flat is None or flat.shape[0] == 0:
        hist = pt.zeros((total,), dtype=pt.float64)
    else:
        hist = _count(pt.astype(flat, pt.int64), total, w)
    hist = pt.reshape(pt.astype(hist, pt.float64), tuple(nbin))
    hist = hist[tuple(slice(1, -1) for _ in builtins.range(d))]
    if density:
        tot = pt.sum(hist)
        for i in builtins.range(d):
            shape = [1] * d
            shape[i] = nbin[i] - 2
            de = pt.astype(edges[i][1:] - edges[i][:-1], pt.float64)
            hist = hist / pt.reshape(de, tuple(shape))
        hist = hist / tot
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """The two-dimensional histogram of the pairs ``(x[i], y[i])``.

    As numpy.histogram2d: :func:`ptensor.histogramdd` of the pairs.

    Parameters
    ----------
    x, y : Array or array_like
        The coordinates, of one length.
    bins : int, tuple of int, array_like or tuple of array_like, optional
        The number of bins (default 10), per dimension, one array of edges for both, or a
        pair of edge arrays.
    range : tuple of tuple of float, optional
        The (min, max) per dimension.
    density : bool, optional
        If True, normalize by the total and the bin areas.
    weights : array_like, optional
        A weight per pair, summed instead of counting.

    Returns
    -------
    H : Array
        float64 counts, shape (number of x bins, number of y bins).
    xedges, yedges : Array
        The bin edges.

    See Also
    --------
    histogramdd : Any number of dimensions.

    Examples
    --------
    >>> H, xedges, yedges = pt.histogram2d(pt.asarray([0.1, 0.4, 0.6, 0.9]),
    ...                                    pt.asarray([0.2, 0.8, 0.3, 0.7]), bins=2)
    >>> H
    Array([[1., 1.],
           [1., 1.]])
    >>> xedges
    Array([0.1, 0.5, 0.9])
    """
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1 and n != 2:
        bins = [bins, bins]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


__all__ += ["bincount", "digitize", "histogram", "histogram_bin_edges", "histogram2d",
            "histogramdd"]

"""Statistical reductions: sum, prod, min, max, mean, var, std.

Accumulation types (StableHLO's RFC on reductions with a wider accumulation type, and the array
API): integer and bool sums and products accumulate in int64 (uint64 for unsigned), float32 and
float64 in float64; the result is converted to the result dtype on the way out; complex sums
and products accumulate in complex128. min/max accumulate in the input type and propagate NaN;
they are not defined for complex numbers (TypeError, as in the array API). var/std of complex
arrays are real (NumPy's definition: the mean of |x - mean(x)|^2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _dtypes as dt
from . import _ops
from ._custom_call import call
from ._elementwise import _as_array, divide, imag, multiply, real, sqrt, subtract
from ._manipulation import concat

if TYPE_CHECKING:
    from ._array import Array
    from ._dtypes import DType
    from ._typing import Axes


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dt.to_dtype(dtype)
    if x.dtype.kind in "bi":
        return dt.int64
    if x.dtype.kind == "u":
        return dt.uint64
    return x.dtype


def _acc(rdt):
    if dt.is_complex(rdt):
        return dt.complex128
    if dt.is_float(rdt):
        return dt.float64
    return dt.uint64 if rdt.kind == "u" else dt.int64


def _reduce(name, kind, x, axis, keepdims, rdt, acc, empty_ok=False):
    x = _as_array(x, name)
    if kind in ("min", "max"):
        dt.reject_complex(name, x.dtype)
    axes = _ops.normalize_axes(axis, x.ndim)
    if kind in ("min", "max") and not empty_ok and any(x.shape[a] == 0 for a in axes):
        raise ValueError(f"{name}: zero-size array to reduction operation {name} which has no "
                         "identity")
    shape = _ops.without_axes(x.shape, axes)
    r = _ops.record("reduce", kind, [x], rdt, shape, attrs=[acc.code, *axes])
    if keepdims:
        r = _ops.insert_unit_dims(r, axes, tuple(1 if i in axes else s
                                                 for i, s in enumerate(x.shape)))
    return r


def sum(x: Array, /, *, axis: Axes = None, dtype: DType | None = None,
        keepdims: bool = False) -> Array:
    """The sum over axis; integers in int64/uint64, float32 accumulated in float64
    (the result stays float32), unless dtype is given (array API)."""
    x = _as_array(x, "sum")
    rdt = _sum_dtype(x, dtype)
    return _reduce("sum", "sum", x, axis, keepdims, rdt, _acc(rdt))


def prod(x: Array, /, *, axis: Axes = None, dtype: DType | None = None,
         keepdims: bool = False) -> Array:
    """The product over axis; integers in int64/uint64, float32 accumulated in float64
    (the result stays float32), unless dtype is given (array API)."""
    x = _as_array(x, "prod")
    rdt = _sum_dtype(x, dtype)
    return _reduce("prod", "prod", x, axis, keepdims, rdt, _acc(rdt))


def max(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """The largest element over axis (all axes when None); NaN propagates, as in NumPy."""
    x = _as_array(x, "max")
    return _reduce("max", "max", x, axis, keepdims, x.dtype, x.dtype)


def min(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """The smallest element over axis (all axes when None); NaN propagates, as in NumPy."""
    x = _as_array(x, "min")
    return _reduce("min", "min", x, axis, keepdims, x.dtype, x.dtype)


def _count(x, axis):
    n = 1
    for a in _ops.normalize_axes(axis, x.ndim):
        n *= x.shape[a]
    return n


def _float_of(x):
    return x.dtype if dt.is_inexact(x.dtype) else dt.default_float


def mean(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """The arithmetic mean over axis (floating-point x; float32 accumulates in float64)."""
    x = _as_array(x, "mean")
    fdt = _float_of(x)
    s = _reduce("mean", "sum", x, axis, keepdims, fdt, _acc(fdt))
    return divide(s, float(_count(x, axis)))


def check_correction(correction):
    """(also for distributed arrays: _dist_reduce.var)"""
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(f"var: correction must be a number, got {type(correction).__name__}")


def var(x: Array, /, *, axis: Axes = None, correction: int | float = 0.0,
        keepdims: bool = False) -> Array:
    """The variance over axis with correction (NumPy's ddof) degrees of freedom."""
    x = _as_array(x, "var")
    check_correction(correction)
    fdt = _float_of(x)
    xf = _ops.cast(x, fdt)
    m = mean(xf, axis=axis, keepdims=True)
    d = subtract(xf, m)
    if dt.is_complex(fdt):  # |d|^2, real
        dr, di = real(d), imag(d)
        sq, fdt = dr * dr + di * di, dt.real_dtype(fdt)
    else:
        sq = multiply(d, d)
    s = _reduce("var", "sum", sq, axis, keepdims, fdt, dt.float64)
    n = _count(x, axis)
    return divide(s, float(n - correction if n - correction > 0 else 0))


def std(x: Array, /, *, axis: Axes = None, correction: int | float = 0.0,
        keepdims: bool = False) -> Array:
    """The standard deviation over axis with correction (NumPy's ddof) degrees of freedom."""
    return sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))


# the "op" attribute of the custom call "ptensor.scan" (runtime/host/Scan.cpp: ScanOp)
SCAN_OPS = {"sum": 0, "prod": 1, "max": 2, "min": 3}


def scan(x, axis, op):
    """Inclusive scan of the local array x along axis (op: a key of SCAN_OPS), in x's dtype:
    the built-in custom call "ptensor.scan" (runtime/host/Scan.cpp), one element after the
    other as NumPy does, so results match NumPy's exactly (float sums and products included:
    no reassociation, no inf * 0 where NumPy has none)."""
    return call("ptensor.scan", [x], [(x.shape, x.dtype)], {"axis": axis, "op": SCAN_OPS[op]})[0]


def _cumulative(name, x, axis, dtype, include_initial, initial):
    """Inclusive sums or products along axis, by scan."""
    x = _as_array(x, name)
    if axis is None:
        if x.ndim > 1:
            raise ValueError(f"{name}: axis is required for arrays of more than one dimension")
        axis = 0
    if x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    ax = _ops.normalize_axis(axis, x.ndim)
    rdt = _sum_dtype(x, dtype)
    y = _ops.cast(x, rdt)
    if y.shape[ax] > 1 and y.size:
        y = scan(y, ax, "prod" if name == "cumulative_prod" else "sum")
    elif y is x:  # nothing to combine: a new array all the same (never x itself)
        y = _ops.copy(x)
    if include_initial:
        shape = y.shape[:ax] + (1,) + y.shape[ax + 1:]
        y = concat([_ops.full(shape, initial, rdt), y], axis=ax)
    return y


def cumulative_sum(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False) -> Array:
    """Running sums along ``axis`` (the array API's cumulative_sum), as numpy.cumulative_sum.

    Element ``i`` of the result is the sum of ``x``'s elements ``0..i`` along ``axis``,
    accumulated one element after the other as NumPy does, so float results match NumPy's.
    The dtype rules are those of :func:`ptensor.sum`: bool and signed integers give int64,
    unsigned integers uint64, unless ``dtype`` is given. ``include_initial=True`` prepends
    a 0 (the empty sum), so ``axis`` grows by one.

    Parameters
    ----------
    x : Array or array_like
        The input, at least 1-D.
    axis : int, optional
        The axis; may be omitted only for 1-D ``x``.
    dtype : dtype, optional
        The result dtype (and what the sum accumulates in).
    include_initial : bool, optional
        Prepend a 0 along ``axis``.

    Returns
    -------
    Array
        The running sums, ``x``'s shape (``axis`` one longer with ``include_initial``).

    Raises
    ------
    ValueError
        For 0-d ``x``, or ``axis=None`` with ``x`` of more than one dimension.

    See Also
    --------
    sum : The sum over axis.
    cumulative_prod : Running products.

    Examples
    --------
    >>> pt.cumulative_sum(pt.asarray([1, 2, 3]))
    Array([1, 3, 6])
    >>> pt.cumulative_sum(pt.asarray([[1, 2, 3], [4, 5, 6]]), axis=1)
    Array([[ 1,  3,  6],
           [ 4,  9, 15]])
    >>> pt.cumulative_sum(pt.asarray([1, 2, 3]), include_initial=True)
    Array([0, 1, 3, 6])
    """
    return _cumulative("cumulative_sum", x, axis, dtype, include_initial, 0)


def cumulative_prod(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                    include_initial: bool = False) -> Array:
    """Running products along ``axis`` (the array API's cumulative_prod), as numpy.cumulative_prod.

    Element ``i`` of the result is the product of ``x``'s elements ``0..i`` along ``axis``,
    accumulated one element after the other as NumPy does, so float results match NumPy's.
    The dtype rules are those of :func:`ptensor.prod`: bool and signed integers give int64,
    unsigned integers uint64, unless ``dtype`` is given. ``include_initial=True`` prepends
    a 1 (the empty product), so ``axis`` grows by one.

    Parameters
    ----------
    x : Array or array_like
        The input, at least 1-D.
    axis : int, optional
        The axis; may be omitted only for 1-D ``x``.
    dtype : dtype, optional
        The result dtype (and what the product accumulates in).
    include_initial : bool, optional
        Prepend a 1 along ``axis``.

    Returns
    -------
    Array
        The running products, ``x``'s shape (``axis`` one longer with ``include_initial``).

    Raises
    ------
    ValueError
        For 0-d ``x``, or ``axis=None`` with ``x`` of more than one dimension.

    See Also
    --------
    prod : The product over axis.
    cumulative_sum : Running sums.

    Examples
    --------
    >>> pt.cumulative_prod(pt.asarray([1, 2, 3, 4]))
    Array([ 1,  2,  6, 24])
    >>> pt.cumulative_prod(pt.asarray([[1, 2, 3], [4, 5, 6]]), axis=0, include_initial=True)
    Array([[ 1,  1,  1],
           [ 1,  2,  3],
           [ 4, 10, 18]])
    """
    return _cumulative("cumulative_prod", x, axis, dtype, include_initial, 1)

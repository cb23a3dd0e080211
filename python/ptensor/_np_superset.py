"""The array API functions under NumPy's signatures: a superset of the standard's.

``pt.sum(x, 0)``, ``pt.std(x, ddof=1)``, ``pt.sort(x, axis=None)``, ``pt.where(c)``,
``pt.round(x, 2)``, ``pt.diff(x, 2)``: NumPy's positional parameters, its extra keywords
(``out=``, ``ddof=``, ``initial=``, ``where=``, ``kind=``, ``decimals=``) and its axis=None
flattening where NumPy flattens. Every call the standard allows means what the standard
says (the array API suite checks these functions); a NumPy spelling is translated to the
standard function's call, which is what runs (and, under mpiexec, what is dispatched for
distributed arrays: the namespace keeps the standard functions in STANDARD and wraps those).
Where NumPy and the standard give different results under one name, the standard's is kept
(docs/numpy.md lists the cases)."""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._np_args import as_array as _arr, is_array as _ours
from ._upcalls import namespace as pt

# name -> the standard function (the dispatching one under MPI), filled by the namespace
STANDARD: dict = {}

_NO_VALUE = np._NoValue  # NumPy's own "not given" marker (its functions pass it along)






def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _given(v):
    return v is not None and v is not _NO_VALUE


def _out(r, out, name):
    """r written into out (a ptensor array of r's shape; the result cast to its dtype as
    NumPy's same-kind rule allows), or r."""
    if out is None:
        return r
    if isinstance(out, tuple) and len(out) == 1:
        (out,) = out
    if not _ours(out):
        raise TypeError(f"{name}: out= must be a ptensor array, got {type(out).__name__} "
                        "(ptensor does not write into NumPy arrays)")
    if tuple(out.shape) != tuple(r.shape):
        raise ValueError(f"{name}: output array has the wrong shape {tuple(out.shape)} "
                         f"(the result's is {tuple(r.shape)})")
    if r.dtype != out.dtype and not np.can_cast(r.dtype.np, out.dtype.np, "same_kind"):
        raise TypeError(f"{name}: cannot cast the result from {r.dtype.name} to the "
                        f"output's {out.dtype.name}")
    out[...] = r
    return out


def _masked(x, where, fill, name):
    if where is True or where is _NO_VALUE:
        return x
    return pt.where(_arr(where, name), x, fill)


def _plain(x, axis, keepdims):
    """Whether a reduction call is one the standard function takes as it is: a ptensor
    array, no list axis, a bool keepdims (the fast path of the NumPy signatures)."""
    return isinstance(x, Array) and type(axis) is not list and type(keepdims) is bool


def _keep(keepdims):
    return False if keepdims is _NO_VALUE else bool(keepdims)


def sum(x, /, axis=None, dtype=None, out=None, keepdims=False, *,  # noqa: A001
        initial=_NO_VALUE, where=True):
    """The sum of the elements over ``axis``, as numpy.sum.

    The array API's ``sum`` with NumPy's signature: ``axis`` and ``dtype`` may be positional,
    ``axis`` may be a list, and ``out=``, ``initial=`` and ``where=`` mean what they mean in
    numpy.sum. Bool and signed integer arrays sum in int64, unsigned ones in uint64; float32
    accumulates in float64 and the result stays float32 (unless ``dtype`` is given).

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes summed over; None (the default) sums every element.
    dtype : dtype, optional
        The result dtype (and what the sum accumulates in).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype
        under NumPy's same-kind rule); it is returned.
    keepdims : bool, optional
        Keep the summed axes as length-1 axes.
    initial : scalar, optional
        A value added to the sum.
    where : array_like of bool, optional
        Only the elements where it is true are summed (it broadcasts against ``x``).

    Returns
    -------
    Array
        The sums: ``x``'s shape without the summed axes (length 1 with ``keepdims=True``).

    See Also
    --------
    prod : The product over axis.
    cumulative_sum : Running sums.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.sum(x, 0)
    Array([5, 7, 9])
    >>> pt.sum(x, axis=1, keepdims=True)
    Array([[ 6],
           [15]])
    >>> pt.sum(x, where=x > 2, initial=10)
    Array(28)
    """
    if out is None and where is True and initial is _NO_VALUE and _plain(x, axis, keepdims):
        return STANDARD["sum"](x, axis=axis, dtype=dtype, keepdims=keepdims)  # (the common call)
    x = _arr(x, "sum")
    x = _masked(x, where, False if x.dtype == dt.bool_ else 0, "sum")
    r = STANDARD["sum"](x, axis=_axis(axis), dtype=dtype, keepdims=_keep(keepdims))
    if _given(initial):
        r = r + initial
    return _out(r, out, "sum")


def prod(x, /, axis=None, dtype=None, out=None, keepdims=False, *, initial=_NO_VALUE,
         where=True):
    """The product of the elements over ``axis``, as numpy.prod.

    The array API's ``prod`` with NumPy's signature, as :func:`ptensor.sum`: positional
    ``axis`` (a list too) and ``dtype``, ``out=``, ``initial=`` (a factor of the product) and
    ``where=``. Bool and signed integer arrays multiply in int64, unsigned ones in uint64;
    float32 accumulates in float64 and the result stays float32 (unless ``dtype`` is given).

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes multiplied over; None (the default) multiplies every element.
    dtype : dtype, optional
        The result dtype (and what the product accumulates in).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype
        under NumPy's same-kind rule); it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    initial : scalar, optional
        A value the product is multiplied by.
    where : array_like of bool, optional
        Only the elements where it is true are multiplied (it broadcasts against ``x``).

    Returns
    -------
    Array
        The products: ``x``'s shape without the reduced axes.

    See Also
    --------
    sum : The sum over axis.
    cumulative_prod : Running products.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.prod(x, 1)
    Array([  6, 120])
    >>> pt.prod(x, where=x > 4)
    Array(30)
    """
    if out is None and where is True and initial is _NO_VALUE and _plain(x, axis, keepdims):
        return STANDARD["prod"](x, axis=axis, dtype=dtype, keepdims=keepdims)
    x = _arr(x, "prod")
    x = _masked(x, where, True if x.dtype == dt.bool_ else 1, "prod")
    r = STANDARD["prod"](x, axis=_axis(axis), dtype=dtype, keepdims=_keep(keepdims))
    if _given(initial):
        r = r * initial
    return _out(r, out, "prod")


def _extreme(name, x, axis, out, keepdims, initial, where):
    if out is None and where is True and initial is _NO_VALUE and _plain(x, axis, keepdims):
        return STANDARD[name](x, axis=axis, keepdims=keepdims)
    x = _arr(x, name)
    if where is not True and where is not _NO_VALUE:
        if not _given(initial):
            raise ValueError(f"reduction operation '{'maximum' if name == 'max' else 'minimum'}'"
                             " does not have an identity, so to use a where mask one has to "
                             "specify 'initial'")
        x = pt.where(_arr(where, name), x, initial)
    if _given(initial) and x.size == 0:
        shape = _reduced_shape(x.shape, axis, _keep(keepdims))
        return _out(pt.full(shape, initial, dtype=dt.result_type(x.dtype, initial)), out, name)
    r = STANDARD[name](x, axis=_axis(axis), keepdims=_keep(keepdims))
    if _given(initial):
        r = (pt.maximum if name == "max" else pt.minimum)(r, initial)
    return _out(r, out, name)


def _reduced_shape(shape, axis, keepdims):
    nd = len(shape)
    axes = range(nd) if axis is None else [a % nd for a in (
        axis if isinstance(axis, (tuple, list)) else (axis,))]
    return tuple(1 if i in axes else n for i, n in enumerate(shape)) if keepdims else \
        tuple(n for i, n in enumerate(shape) if i not in axes)


def max(x, /, axis=None, out=None, keepdims=False, initial=_NO_VALUE,  # noqa: A001
        where=True):
    """The largest element over ``axis``, as numpy.max.

    The array API's ``max`` with NumPy's signature: positional ``axis`` (a list too), ``out=``,
    ``initial=`` and ``where=`` as in numpy.max. NaN propagates. The result has ``x``'s dtype.

    Parameters
    ----------
    x : Array or array_like
        The input (not complex: a TypeError, as in the array API).
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    initial : scalar, optional
        A value the result is at least; it makes empty reductions and ``where=`` possible.
    where : array_like of bool, optional
        Only the elements where it is true are compared (``initial`` is then required).

    Returns
    -------
    Array
        The maxima: ``x``'s shape without the reduced axes.

    Raises
    ------
    ValueError
        For an empty reduction or a ``where=`` without ``initial``.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.max(x, 0)
    Array([4, 5, 6])
    >>> pt.max(x, initial=5, where=x < 3)
    Array(5)
    """
    return _extreme("max", x, axis, out, keepdims, initial, where)


def min(x, /, axis=None, out=None, keepdims=False, initial=_NO_VALUE,  # noqa: A001
        where=True):
    """The smallest element over ``axis``, as numpy.min.

    The array API's ``min`` with NumPy's signature, as :func:`ptensor.max` (``initial`` is the
    value the result is at most). NaN propagates; the result has ``x``'s dtype.

    Parameters
    ----------
    x : Array or array_like
        The input (not complex).
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    initial : scalar, optional
        A value the result is at most.
    where : array_like of bool, optional
        Only the elements where it is true are compared (``initial`` is then required).

    Returns
    -------
    Array
        The minima: ``x``'s shape without the reduced axes.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.min(x, axis=1)
    Array([1, 4])
    >>> pt.min(x)
    Array(1)
    """
    return _extreme("min", x, axis, out, keepdims, initial, where)


def _with_dtype(x, dtype):
    return x if dtype is None else pt.astype(x, dtype)


def mean(x, /, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """The arithmetic mean over ``axis``, as numpy.mean.

    The array API's ``mean`` with NumPy's signature: ``axis`` and ``dtype`` may be positional,
    ``axis`` may be a list, and ``out=`` and ``where=`` mean what they mean in numpy.mean.
    Integer and bool arrays give float64, as in NumPy; ``dtype`` sets the accumulation and
    result dtype.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes averaged over; None (the default) averages every element.
    dtype : dtype, optional
        The dtype ``x`` is cast to before averaging (and the result's).
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    where : array_like of bool, optional
        Only the elements where it is true are averaged (it broadcasts against ``x``).

    Returns
    -------
    Array
        The means: ``x``'s shape without the reduced axes.

    See Also
    --------
    sum : The sum over axis.
    var : The variance over axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.mean(x, 0)
    Array([2.5, 3.5, 4.5])
    >>> pt.mean(x, where=x > 2)
    Array(4.5)
    """
    x = _arr(x, "mean")
    if dtype is None and not dt.is_inexact(x.dtype):
        x = pt.astype(x, dt.float64)
    x = _with_dtype(x, dtype)
    if where is not True and where is not _NO_VALUE:
        w = _arr(where, "mean")
        s = STANDARD["sum"](pt.where(w, x, 0), axis=_axis(axis), keepdims=_keep(keepdims))
        n = STANDARD["sum"](pt.astype(pt.broadcast_to(w, tuple(x.shape)), s.dtype if
                                      not dt.is_complex(s.dtype) else dt.real_dtype(s.dtype)),
                            axis=_axis(axis), keepdims=_keep(keepdims))
        return _out(s / n, out, "mean")
    r = STANDARD["mean"](x, axis=_axis(axis), keepdims=_keep(keepdims))
    return _out(r, out, "mean")


def _ddof(ddof, correction, name):
    if ddof is not None and correction is not None:
        raise ValueError(f"{name}: ddof and correction can't be provided simultaneously.")
    return correction if correction is not None else (ddof if ddof is not None else 0.0)


def var(x, /, axis=None, dtype=None, out=None, ddof=None, keepdims=False, *, where=True,
        mean=None, correction=None):
    """The variance over ``axis``, as numpy.var.

    The array API's ``var`` with NumPy's signature: positional ``axis`` (a list too) and
    ``dtype``, ``out=``, and ``ddof`` (the array API's ``correction``; give one of the two).
    The variance is the mean of ``abs(x - x.mean())**2`` with ``N - ddof`` as the divisor.
    Integer and bool arrays give float64, as in NumPy.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    dtype : dtype, optional
        The dtype ``x`` is cast to before the computation (and the result's).
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    ddof : int or float, optional
        Delta degrees of freedom (default 0).
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    where, mean : optional
        Not supported: giving either raises TypeError.
    correction : int or float, optional
        The array API's name for ``ddof``.

    Returns
    -------
    Array
        The variances: ``x``'s shape without the reduced axes.

    Raises
    ------
    ValueError
        If both ``ddof`` and ``correction`` are given.
    TypeError
        If ``where=`` or ``mean=`` is given.

    See Also
    --------
    std : The standard deviation over axis.
    mean : The mean over axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.var(x)
    Array(2.91666667)
    >>> pt.var(x, ddof=1)
    Array(3.5)
    """
    return _spread("var", x, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(x, /, axis=None, dtype=None, out=None, ddof=None, keepdims=False, *, where=True,
        mean=None, correction=None):
    """The standard deviation over ``axis``, as numpy.std.

    The array API's ``std`` with NumPy's signature, as :func:`ptensor.var` (the square root of
    the variance): positional ``axis`` and ``dtype``, ``out=``, ``ddof`` (= ``correction``).
    Integer and bool arrays give float64, as in NumPy.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    dtype : dtype, optional
        The dtype ``x`` is cast to before the computation (and the result's).
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    ddof : int or float, optional
        Delta degrees of freedom: the divisor is ``N - ddof`` (default 0).
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    where, mean : optional
        Not supported: giving either raises TypeError.
    correction : int or float, optional
        The array API's name for ``ddof``.

    Returns
    -------
    Array
        The standard deviations: ``x``'s shape without the reduced axes.

    See Also
    --------
    var : The variance over axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.std(x, 0)
    Array([1.5, 1.5, 1.5])
    >>> pt.std(x, ddof=1)
    Array(1.87082869)
    """
    return _spread("std", x, axis, dtype, out, ddof, keepdims, where, mean, correction)


def _spread(name, x, axis, dtype, out, ddof, keepdims, where, mean, correction):
    x = _arr(x, name)
    if mean is not None or (where is not True and where is not _NO_VALUE):
        raise TypeError(f"{name}: the where= and mean= keywords are not supported by ptensor")
    if dtype is None and not dt.is_inexact(x.dtype):
        x = pt.astype(x, dt.float64)
    x = _with_dtype(x, dtype)
    c = _ddof(ddof, correction, name)
    r = STANDARD[name](x, axis=_axis(axis), correction=c, keepdims=_keep(keepdims))
    return _out(r, out, name)


def any(x, /, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether any element along ``axis`` is true, as numpy.any.

    The array API's ``any`` with NumPy's signature: positional ``axis`` (a list too),
    ``out=`` and ``where=`` (elements where it is false count as false). Nonzero values are
    true; the result is bool.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    where : array_like of bool, optional
        Only the elements where it is true are tested (it broadcasts against ``x``).

    Returns
    -------
    Array
        bool: ``x``'s shape without the reduced axes.

    See Also
    --------
    all : Whether every element is true.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.any(x > 5, 0)
    Array([False, False,  True])
    >>> pt.any(x > 5)
    Array(True)
    """
    x = _masked(_arr(x, "any"), where, False, "any")
    return _out(STANDARD["any"](x, axis=_axis(axis), keepdims=_keep(keepdims)), out, "any")


def all(x, /, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether every element along ``axis`` is true, as numpy.all.

    The array API's ``all`` with NumPy's signature: positional ``axis`` (a list too),
    ``out=`` and ``where=`` (elements where it is false count as true). Nonzero values are
    true; the result is bool.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes reduced; None (the default) reduces every element.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.
    where : array_like of bool, optional
        Only the elements where it is true are tested (it broadcasts against ``x``).

    Returns
    -------
    Array
        bool: ``x``'s shape without the reduced axes.

    See Also
    --------
    any : Whether any element is true.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.all(x > 0)
    Array(True)
    >>> pt.all(x > 1, axis=1)
    Array([False,  True])
    """
    x = _masked(_arr(x, "all"), where, True, "all")
    return _out(STANDARD["all"](x, axis=_axis(axis), keepdims=_keep(keepdims)), out, "all")


def argmax(x, /, axis=None, out=None, *, keepdims=False):
    """Indices of the maximum values along ``axis``, as numpy.argmax.

    The array API's ``argmax`` with NumPy's positional ``axis`` and ``out=``. With
    ``axis=None`` (the default) the index is into the flattened ``x``. Where several elements
    are maximal, the first one's index is returned. The result is int64.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, optional
        The axis searched; None (the default) searches the flattened array.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the searched axis as a length-1 axis.

    Returns
    -------
    Array
        The int64 indices: ``x``'s shape without ``axis`` (a 0-d array for ``axis=None``).

    See Also
    --------
    argmin : Indices of the minimum values.
    max : The maximum values.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.argmax(x)
    Array(5)
    >>> pt.argmax(x, 1)
    Array([2, 2])
    """
    x = _arr(x, "argmax")
    return _out(STANDARD["argmax"](x, axis=axis, keepdims=keepdims), out, "argmax")


def argmin(x, /, axis=None, out=None, *, keepdims=False):
    """Indices of the minimum values along ``axis``, as numpy.argmin.

    The array API's ``argmin`` with NumPy's positional ``axis`` and ``out=``. With
    ``axis=None`` (the default) the index is into the flattened ``x``. Where several elements
    are minimal, the first one's index is returned. The result is int64.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, optional
        The axis searched; None (the default) searches the flattened array.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    keepdims : bool, optional
        Keep the searched axis as a length-1 axis.

    Returns
    -------
    Array
        The int64 indices: ``x``'s shape without ``axis`` (a 0-d array for ``axis=None``).

    See Also
    --------
    argmax : Indices of the maximum values.
    min : The minimum values.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.argmin(x, axis=0)
    Array([0, 0, 0])
    >>> pt.argmin(x)
    Array(0)
    """
    x = _arr(x, "argmin")
    return _out(STANDARD["argmin"](x, axis=axis, keepdims=keepdims), out, "argmin")


def count_nonzero(x, /, axis=None, *, keepdims=False):
    """The number of nonzero elements along ``axis``, as numpy.count_nonzero.

    The array API's ``count_nonzero`` with NumPy's positional ``axis`` (a list too). The
    count is int64.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int, tuple of ints or list of ints, optional
        The axes counted over; None (the default) counts every element.
    keepdims : bool, optional
        Keep the reduced axes as length-1 axes.

    Returns
    -------
    Array
        The counts: ``x``'s shape without the reduced axes.

    See Also
    --------
    nonzero : The indices of the nonzero elements.

    Examples
    --------
    >>> x = pt.asarray([[0, 1, 7], [0, 0, 2]])
    >>> pt.count_nonzero(x, 1)
    Array([2, 1])
    >>> pt.count_nonzero(x)
    Array(3)
    """
    return STANDARD["count_nonzero"](_arr(x, "count_nonzero"), axis=_axis(axis),
                                     keepdims=keepdims)


def _sort_args(name, x, axis, kind, order):
    x = _arr(x, name)
    if order is not None:
        raise TypeError(f"{name}: order= (fields of structured arrays) is not supported by "
                        "ptensor")
    if kind not in (None, "quicksort", "mergesort", "heapsort", "stable"):
        raise ValueError(f"{name}: sort kind must be one of 'quick', 'heap', or 'stable' "
                         f"(got {kind!r})")
    if axis is None:  # NumPy: the flattened array
        x, axis = pt.reshape(x, (-1,)), -1
    return x, axis


def sort(x, /, axis=-1, kind=None, order=None, *, descending=False, stable=True):
    """A sorted copy of ``x`` along ``axis``, as numpy.sort.

    The array API's ``sort`` with NumPy's spellings: ``axis=None`` sorts the flattened ``x``,
    and ``kind=`` is accepted (every kind gives the stable order). NaN sorts last, as in
    NumPy; ``descending=True`` sorts in descending order (equal elements keep their order).

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int or None, optional
        The axis sorted along (default -1, the last); None sorts the flattened array.
    kind : {"quicksort", "mergesort", "heapsort", "stable"}, optional
        Accepted; the sort is always stable.
    order : None
        Not supported (no structured arrays): giving it raises TypeError.
    descending : bool, optional
        Sort in descending order.
    stable : bool, optional
        The array API's flag; the sort is stable either way.

    Returns
    -------
    Array
        The sorted values, ``x``'s shape and dtype (1-D for ``axis=None``).

    See Also
    --------
    argsort : The indices that sort.

    Examples
    --------
    >>> x = pt.asarray([[3, 1, 2], [9, 7, 8]])
    >>> pt.sort(x)
    Array([[1, 2, 3],
           [7, 8, 9]])
    >>> pt.sort(x, axis=None)
    Array([1, 2, 3, 7, 8, 9])
    """
    x, axis = _sort_args("sort", x, axis, kind, order)
    return STANDARD["sort"](x, axis=axis, descending=descending,
                            stable=True if stable is None else stable)


def argsort(x, /, axis=-1, kind=None, order=None, *, descending=False, stable=True):
    """The int64 indices that sort ``x`` along ``axis``, as numpy.argsort.

    The array API's ``argsort`` with NumPy's spellings, as :func:`ptensor.sort`: ``axis=None``
    gives indices into the flattened ``x``, ``kind=`` is accepted and the order is stable
    (equal elements keep their order). NaN sorts last.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int or None, optional
        The axis sorted along (default -1, the last); None sorts the flattened array.
    kind : {"quicksort", "mergesort", "heapsort", "stable"}, optional
        Accepted; the sort is always stable.
    order : None
        Not supported (no structured arrays): giving it raises TypeError.
    descending : bool, optional
        Indices of the descending order (still stable).
    stable : bool, optional
        The array API's flag; the sort is stable either way.

    Returns
    -------
    Array
        int64 indices, ``x``'s shape (1-D for ``axis=None``).

    See Also
    --------
    sort : The sorted values.

    Examples
    --------
    >>> pt.argsort(pt.asarray([3, 1, 2]))
    Array([1, 2, 0])
    >>> pt.argsort(pt.asarray([[3, 1], [0, 2]]), axis=None)
    Array([2, 1, 3, 0])
    """
    x, axis = _sort_args("argsort", x, axis, kind, order)
    return STANDARD["argsort"](x, axis=axis, descending=descending,
                               stable=True if stable is None else stable)


def where(condition, x=None, y=None, /):
    """Elements of ``x`` where ``condition`` is true, of ``y`` elsewhere, as numpy.where.

    The array API's ``where``: ``condition``, ``x`` and ``y`` broadcast together and the
    result dtype is the promoted dtype of ``x`` and ``y`` (Python scalars are weak, as in
    NumPy 2). NumPy's one-argument form ``where(condition)`` is ``nonzero(condition)``.

    Parameters
    ----------
    condition : Array or array_like of bool
        Where to take from ``x``.
    x, y : Array, array_like or scalar, optional
        The values chosen from; give both or neither.

    Returns
    -------
    Array or tuple of Array
        The selected values; with ``condition`` alone, the tuple of int64 index arrays of
        :func:`ptensor.nonzero`.

    Raises
    ------
    ValueError
        If only one of ``x`` and ``y`` is given.

    See Also
    --------
    nonzero : Indices of the nonzero elements.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.where(x > 2, x, -1)
    Array([[-1, -1,  3],
           [ 4,  5,  6]])
    >>> pt.where(x > 2)
    (Array([0, 1, 1, 1]), Array([2, 0, 1, 2]))
    """
    if x is None and y is None:
        return STANDARD["nonzero"](_arr(condition, "where"))
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if not _ours(condition):
        condition = pt.asarray(condition)
    return STANDARD["where"](condition, x, y)


def diff(x, /, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th discrete difference along ``axis``, as numpy.diff.

    The array API's ``diff`` with NumPy's positional ``n`` and then ``axis``:
    ``x[1:] - x[:-1]`` along ``axis``, applied ``n`` times. ``prepend`` and ``append`` are
    joined to ``x`` along ``axis`` first; a scalar is broadcast to one slice along ``axis``,
    as in NumPy.

    Parameters
    ----------
    x : Array or array_like
        The input.
    n : int, optional
        How many times to take the difference (default 1).
    axis : int, optional
        The axis (default -1, the last).
    prepend, append : Array, array_like or scalar, optional
        Values joined before / after ``x`` along ``axis`` before differencing.

    Returns
    -------
    Array
        The differences; ``axis`` is ``n`` shorter (plus the prepended / appended length).

    Examples
    --------
    >>> pt.diff(pt.asarray([1, 4, 9, 16]))
    Array([3, 5, 7])
    >>> pt.diff(pt.asarray([1, 4, 9, 16]), 2)
    Array([2, 2])
    >>> pt.diff(pt.asarray([1, 4, 9]), prepend=0)
    Array([1, 3, 5])
    """
    x = _arr(x, "diff")
    edge = []
    for v in (prepend, append):
        if v is not None and not _ours(v):
            v = pt.asarray(v)
            if v.ndim == 0:
                shape = list(x.shape)
                shape[axis] = 1
                v = pt.broadcast_to(pt.astype(v, dt.result_type(v.dtype, x.dtype)), tuple(shape))
        edge.append(v)
    return STANDARD["diff"](x, axis=axis, n=n, prepend=edge[0], append=edge[1])


def round(x, /, decimals=0, out=None):  # noqa: A001
    """``x`` rounded to ``decimals`` decimals, half to even, as numpy.round.

    The array API's ``round`` (half to even: 0.5 and 2.5 round to 0 and 2) with NumPy's
    ``decimals`` and ``out=``. With ``decimals`` other than 0 it uses NumPy's own method,
    ``round(x * 10**decimals) / 10**decimals``, so it gives NumPy's results (including their
    binary floating-point effects). Integer arrays are returned unchanged for
    ``decimals >= 0``; negative ``decimals`` round to tens, hundreds, ... in ``x``'s dtype.
    The result has ``x``'s dtype.

    Parameters
    ----------
    x : Array or array_like
        The input.
    decimals : int, optional
        The number of decimals (default 0); negative values round left of the point.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.

    Returns
    -------
    Array
        The rounded values, ``x``'s shape and dtype.

    Raises
    ------
    TypeError
        If ``decimals`` is not an integer.

    See Also
    --------
    around : The same function.

    Examples
    --------
    >>> pt.round(pt.asarray([0.5, 1.5, 2.5]))
    Array([0., 2., 2.])
    >>> pt.round(pt.asarray([1.234, 5.678]), 2)
    Array([1.23, 5.68])
    >>> pt.round(pt.asarray([1234, 5678]), -2)
    Array([1200, 5700])
    """
    x = _arr(x, "round")
    if decimals == 0:
        return _out(STANDARD["round"](x), out, "round")
    if not isinstance(decimals, (int, np.integer)) or isinstance(decimals, bool):
        raise TypeError(f"round: decimals must be an integer, got {type(decimals).__name__}")
    if dt.is_int(x.dtype) or x.dtype == dt.bool_:
        if decimals >= 0:
            return _out(pt.asarray(x, copy=True), out, "round")
        f = 10 ** (-decimals)
        r = STANDARD["round"](pt.astype(x, dt.float64) / f) * f
        return _out(pt.astype(r, x.dtype), out, "round")
    if decimals > 0:
        f = 10.0 ** decimals
        r = STANDARD["round"](x * f) / f
    else:
        f = 10.0 ** (-decimals)
        r = STANDARD["round"](x / f) * f
    return _out(r, out, "round")


def around(x, /, decimals=0, out=None):
    """``x`` rounded to ``decimals`` decimals, half to even, as numpy.around (= round).

    NumPy's alias of :func:`ptensor.round`; see there for the rules.

    Parameters
    ----------
    x : Array or array_like
        The input.
    decimals : int, optional
        The number of decimals (default 0); negative values round left of the point.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.

    Returns
    -------
    Array
        The rounded values, ``x``'s shape and dtype.

    See Also
    --------
    round : The same function.

    Examples
    --------
    >>> pt.around(pt.asarray([1.25, 2.5]), 1)
    Array([1.2, 2.5])
    """
    return round(x, decimals, out)


def squeeze(x, /, axis=None):
    """``x`` without length-1 axes, as numpy.squeeze.

    The array API's ``squeeze`` with NumPy's default: ``axis=None`` removes every length-1
    axis. Naming an axis whose length is not 1 raises ValueError.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int or tuple of ints, optional
        The length-1 axes to remove; None (the default) removes all of them.

    Returns
    -------
    Array
        ``x``'s elements with the axes removed.

    Examples
    --------
    >>> pt.squeeze(pt.zeros((1, 3, 1))).shape
    (3,)
    >>> pt.squeeze(pt.zeros((1, 3, 1)), axis=0).shape
    (3, 1)
    """
    x = _arr(x, "squeeze")
    if axis is None:
        axis = tuple(i for i, n in enumerate(x.shape) if n == 1)
    return STANDARD["squeeze"](x, axis=axis)


def reshape(x, /, shape=None, order="C", *, copy=None, newshape=None):
    """``x`` with a new shape and the same data, as numpy.reshape.

    The array API's ``reshape`` with NumPy's spellings: ``shape`` may be an int, one entry
    may be -1 (inferred), ``newshape=`` is accepted as a synonym, and ``copy=`` is the array
    API's. Only ``order="C"`` is supported: ptensor arrays are C-ordered.

    Parameters
    ----------
    x : Array or array_like
        The input.
    shape : int or tuple of ints
        The new shape; its product must equal ``x.size``.
    order : {"C"}, optional
        Only "C"; any other value raises ValueError.
    copy : bool, optional
        The array API's copy: True always copies, False never does (raising where a copy is
        needed), None copies only if needed.
    newshape : int or tuple of ints, optional
        NumPy's older name for ``shape``.

    Returns
    -------
    Array
        The elements of ``x`` in row-major order, with shape ``shape``.

    Examples
    --------
    >>> pt.reshape(pt.arange(6), (2, 3))
    Array([[0, 1, 2],
           [3, 4, 5]])
    >>> pt.reshape(pt.arange(6), (3, -1))
    Array([[0, 1],
           [2, 3],
           [4, 5]])
    """
    if shape is None:
        shape = newshape
    if shape is None:
        raise TypeError("reshape() missing required argument 'shape'")
    if order != "C":
        raise ValueError(f"reshape: order={order!r} is not supported (ptensor arrays are "
                         "C-ordered)")
    if isinstance(shape, (int, np.integer)):
        shape = (int(shape),)
    return STANDARD["reshape"](_arr(x, "reshape"), tuple(shape), copy=copy)


def concat(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays joined along an existing axis, as numpy.concatenate.

    The array API's ``concat`` with NumPy's ``out=`` and ``dtype=``. The arrays must have the
    same shape except along ``axis``; the result dtype is their promoted dtype, or ``dtype``
    when given (every array is cast to it first).

    Parameters
    ----------
    arrays : sequence of Array or array_like
        The arrays to join.
    axis : int, optional
        The axis joined along (default 0).
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    dtype : dtype, optional
        The result dtype.
    casting : str, optional
        Accepted for NumPy's signature; not used.

    Returns
    -------
    Array
        The joined array.

    See Also
    --------
    stack : Join along a new axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.concat([pt.asarray([1, 2]), pt.asarray([3])])
    Array([1, 2, 3])
    >>> pt.concat([x, x], axis=1)
    Array([[1, 2, 3, 1, 2, 3],
           [4, 5, 6, 4, 5, 6]])
    """
    arrays = [_arr(a, "concat") for a in arrays]
    if dtype is not None:
        arrays = [pt.astype(a, dt.to_dtype(dtype)) for a in arrays]
    return _out(STANDARD["concat"](arrays, axis=axis), out, "concat")


def stack(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays stacked along a new axis, as numpy.stack.

    The array API's ``stack`` with NumPy's ``out=`` and ``dtype=``. The arrays must all have
    the same shape; the result has one more dimension, inserted at ``axis``. Its dtype is the
    arrays' promoted dtype, or ``dtype`` when given.

    Parameters
    ----------
    arrays : sequence of Array or array_like
        The arrays to stack.
    axis : int, optional
        Where the new axis goes in the result (default 0).
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    dtype : dtype, optional
        The result dtype (every array is cast to it first).
    casting : str, optional
        Accepted for NumPy's signature; not used.

    Returns
    -------
    Array
        The stacked array.

    See Also
    --------
    concat : Join along an existing axis.

    Examples
    --------
    >>> a, b = pt.asarray([1, 2]), pt.asarray([3, 4])
    >>> pt.stack([a, b])
    Array([[1, 2],
           [3, 4]])
    >>> pt.stack([a, b], axis=1)
    Array([[1, 3],
           [2, 4]])
    """
    arrays = [_arr(a, "stack") for a in arrays]
    if dtype is not None:
        arrays = [pt.astype(a, dt.to_dtype(dtype)) for a in arrays]
    return _out(STANDARD["stack"](arrays, axis=axis), out, "stack")


def take(x, indices, /, axis=None, out=None, mode="raise"):
    """Elements of ``x`` at ``indices`` along ``axis``, as numpy.take.

    The array API's ``take`` with NumPy's spellings: ``axis=None`` (the default) takes from the
    flattened ``x``, ``indices`` may be a list or an array of any shape (its shape replaces
    ``axis`` in the result), and ``mode="wrap"`` / ``mode="clip"`` wrap or clip out-of-range
    indices as NumPy's do.

    Parameters
    ----------
    x : Array or array_like
        The input.
    indices : Array or array_like of ints
        The indices.
    axis : int, optional
        The axis taken along; None (the default) uses the flattened ``x``.
    out : Array, optional
        A ptensor array of the result's shape to write the result into; it is returned.
    mode : {"raise", "wrap", "clip"}, optional
        How out-of-range indices are treated: "wrap" takes them modulo the axis length,
        "clip" clips them to ``[0, n - 1]`` (so -1 becomes 0).

    Returns
    -------
    Array
        ``x``'s dtype; shape ``x.shape[:axis] + indices.shape + x.shape[axis + 1:]``.

    Raises
    ------
    IndexError
        For an out-of-range index with ``mode="raise"``.
    ValueError
        For another ``mode``.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.take(x, [0, 5])
    Array([1, 6])
    >>> pt.take(x, [2, 0], axis=1)
    Array([[3, 1],
           [6, 4]])
    >>> pt.take(pt.asarray([10, 20, 30]), [[0, 1], [2, 3]], mode="wrap")
    Array([[10, 20],
           [30, 10]])
    """
    x = _arr(x, "take")
    if axis is None:
        x, axis = pt.reshape(x, (-1,)), 0
    i = _arr(indices, "take")
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"take: clipmode must be one of 'clip', 'raise', or 'wrap' (got "
                         f"{mode!r})")
    n = x.shape[axis]
    if mode == "wrap" and n:
        i = pt.remainder(i, n)
    elif mode == "clip" and n:
        i = pt.clip(i, 0, n - 1)
    shape = tuple(i.shape)
    flat = pt.reshape(i, (-1,)) if i.ndim != 1 else i
    r = STANDARD["take"](x, flat, axis=axis)
    if i.ndim != 1:  # NumPy: the indices' shape replaces the axis
        ax = axis % x.ndim
        r = pt.reshape(r, tuple(x.shape[:ax]) + shape + tuple(x.shape[ax + 1:]))
    return _out(r, out, "take")


# the standard functions these replace in the namespace
NAMES: list[str] = ["sum", "prod", "max", "min", "mean", "var", "std", "any", "all", "argmax", "argmin",
         "count_nonzero", "sort", "argsort", "where", "diff", "round", "squeeze", "reshape",
         "concat", "stack", "take"]
# what they call besides themselves
USES: list[str] = ["nonzero"]
__all__ = ["around"]

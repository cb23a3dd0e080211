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
    """The product over axis (the array API's prod with NumPy's spellings, as sum)."""
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
    """The arithmetic mean over axis (the array API's mean; NumPy's positional axis, dtype
    (the accumulation and result dtype), out=, where=; integer arrays give float64, as
    NumPy's)."""
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
    """The variance over axis (the array API's var; NumPy's ddof (= correction), positional
    axis, dtype, out=). integers give float64, as NumPy's."""
    return _spread("var", x, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(x, /, axis=None, dtype=None, out=None, ddof=None, keepdims=False, *, where=True,
        mean=None, correction=None):
    """The standard deviation over axis (the array API's std with NumPy's spellings, as
    var)."""
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
    """Whether any element along axis is true (the array API's any with NumPy's spellings)."""
    x = _masked(_arr(x, "any"), where, False, "any")
    return _out(STANDARD["any"](x, axis=_axis(axis), keepdims=_keep(keepdims)), out, "any")


def all(x, /, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether every element along axis is true (the array API's all with NumPy's
    spellings)."""
    x = _masked(_arr(x, "all"), where, True, "all")
    return _out(STANDARD["all"](x, axis=_axis(axis), keepdims=_keep(keepdims)), out, "all")


def argmax(x, /, axis=None, out=None, *, keepdims=False):
    """Index of the first maximum along axis (axis=None: of the flattened x)."""
    x = _arr(x, "argmax")
    return _out(STANDARD["argmax"](x, axis=axis, keepdims=keepdims), out, "argmax")


def argmin(x, /, axis=None, out=None, *, keepdims=False):
    """Index of the first minimum along axis (axis=None: of the flattened x)."""
    x = _arr(x, "argmin")
    return _out(STANDARD["argmin"](x, axis=axis, keepdims=keepdims), out, "argmin")


def count_nonzero(x, /, axis=None, *, keepdims=False):
    """The number of nonzero elements along axis (positional axis as NumPy)."""
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
    """x sorted along axis (the array API's sort: stable, NaN last; NumPy's axis=None sorts
    the flattened x, kind= is accepted: every kind gives the stable order)."""
    x, axis = _sort_args("sort", x, axis, kind, order)
    return STANDARD["sort"](x, axis=axis, descending=descending,
                            stable=True if stable is None else stable)


def argsort(x, /, axis=-1, kind=None, order=None, *, descending=False, stable=True):
    """int64 indices that sort x along axis (the array API's argsort with NumPy's
    spellings, as sort)."""
    x, axis = _sort_args("argsort", x, axis, kind, order)
    return STANDARD["argsort"](x, axis=axis, descending=descending,
                               stable=True if stable is None else stable)


def where(condition, x=None, y=None, /):
    """x where condition is true, y elsewhere (the array API's where); NumPy's one-argument
    where(condition) is nonzero(condition)."""
    if x is None and y is None:
        return STANDARD["nonzero"](_arr(condition, "where"))
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if not _ours(condition):
        condition = pt.asarray(condition)
    return STANDARD["where"](condition, x, y)


def diff(x, /, n=1, axis=-1, prepend=None, append=None):
    """n-th forward difference along axis (the array API's diff; NumPy's positional n, then
    axis; scalar prepend/append values as NumPy's)."""
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
    """Round half to even (the array API's round); NumPy's decimals: x * 10**decimals
    rounded, then divided back (NumPy's own method, so its results)."""
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
    """numpy.around: round."""
    return round(x, decimals, out)


def squeeze(x, /, axis=None):
    """x without the length-1 axes named (the array API's squeeze; NumPy's default
    axis=None removes every length-1 axis)."""
    x = _arr(x, "squeeze")
    if axis is None:
        axis = tuple(i for i, n in enumerate(x.shape) if n == 1)
    return STANDARD["squeeze"](x, axis=axis)


def reshape(x, /, shape=None, order="C", *, copy=None, newshape=None):
    """x with a new shape (the array API's reshape; NumPy's shape as an int, order="C"
    only: ptensor arrays are C-ordered)."""
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
    """The arrays joined along axis (the array API's concat; NumPy's out= and dtype=)."""
    arrays = [_arr(a, "concat") for a in arrays]
    if dtype is not None:
        arrays = [pt.astype(a, dt.to_dtype(dtype)) for a in arrays]
    return _out(STANDARD["concat"](arrays, axis=axis), out, "concat")


def stack(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays stacked along a new axis (the array API's stack; NumPy's out= and
    dtype=)."""
    arrays = [_arr(a, "stack") for a in arrays]
    if dtype is not None:
        arrays = [pt.astype(a, dt.to_dtype(dtype)) for a in arrays]
    return _out(STANDARD["stack"](arrays, axis=axis), out, "stack")


def take(x, indices, /, axis=None, out=None, mode="raise"):
    """Elements of x at indices along axis (the array API's take; NumPy's axis=None takes
    from the flattened x, indices may be lists, mode "wrap" and "clip" as NumPy's)."""
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

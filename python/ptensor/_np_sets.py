"""NumPy's set routines beyond the array API (unique with NumPy's return_* flags, intersect1d, union1d, setdiff1d, setxor1d, ediff1d), composed of the namespace's functions.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions so that it is recorded, fused, distributed and run on
devices as they are."""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from ._np_args import as_array as _arr, is_array as _ours
from ._upcalls import namespace as pt

__all__: list[str] = []



def _flat(x):
    return x if x.ndim == 1 else pt.reshape(x, (-1,))


def _collapse_nans(values, idx, inv, cnt):
    """NumPy's equal_nan=True: the NaNs at the end of the sorted unique values (the array
    API's unique keeps each NaN apart) become one, its index the first NaN's, its count
    all of theirs. One host read: how many NaNs there are."""
    n = values.shape[0]
    if n < 2 or not dt.is_inexact(values.dtype):
        return values, idx, inv, cnt
    k = int(pt.sum(pt.astype(pt.isnan(values), dt.int64)))
    if k < 2:
        return values, idx, inv, cnt
    first = n - k
    values = values[:first + 1]
    if idx is not None:
        idx = pt.concat([idx[:first], pt.reshape(pt.min(idx[first:]), (1,))])
    if inv is not None:
        inv = pt.minimum(inv, pt.full((), first, dtype=inv.dtype))
    if cnt is not None:
        cnt = pt.concat([cnt[:first], pt.reshape(pt.sum(cnt[first:]), (1,))])
    return values, idx, inv, cnt


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):  # noqa: A002
    """The sorted unique elements of ``ar``, with NumPy's optional outputs.

    As numpy.unique over the flattened array (``axis=None``): the sorted distinct values
    and, on request, the index of each one's first occurrence, the inverse indices (of
    ``ar``'s shape, as NumPy 2's) and the counts (int64); built on
    :func:`ptensor.unique_values` / :func:`ptensor.unique_all`. NaNs count as one value with
    ``equal_nan=True`` (the default).

    Parameters
    ----------
    ar : Array or array_like
        The input array.
    return_index : bool, optional
        Also return the index of each unique value's first occurrence.
    return_inverse : bool, optional
        Also return the indices that rebuild ``ar`` from the unique values.
    return_counts : bool, optional
        Also return how often each unique value occurs.
    axis : None, optional
        Must be None.
    equal_nan : bool, optional
        Whether the NaNs collapse into one value (default True).
    sorted : bool, optional
        Accepted; the values are always sorted.

    Returns
    -------
    Array or tuple of Array
        The unique values, followed by the requested outputs in the order above.

    Notes
    -----
    ``axis`` other than None raises NotImplementedError. ``sorted=False`` still gives the
    sorted values (NumPy's order is then unspecified). Of complex values with NaN parts the
    one kept is the first in ptensor's sort order.

    See Also
    --------
    unique_values, unique_counts, unique_inverse, unique_all : The array API's forms.

    Examples
    --------
    >>> pt.unique(pt.asarray([1, 1, 2, 2, 3, 3]))
    Array([1, 2, 3])
    >>> pt.unique(pt.asarray([1, 2, 6, 4, 2, 3, 2]), return_index=True, return_inverse=True,
    ...           return_counts=True)
    (Array([1, 2, 3, 4, 6]), Array([0, 1, 5, 3, 2]), Array([0, 1, 4, 3, 1, 2, 1]),
     Array([1, 3, 1, 1, 1]))
    >>> pt.unique(pt.asarray([1.0, np.nan, np.nan]))
    Array([ 1., nan])
    """
    if axis is not None:
        raise NotImplementedError("unique: axis= is not supported (only axis=None, the "
                                  "flattened array)")
    a = _arr(ar, "unique")
    shape = tuple(a.shape)
    flat = _flat(a)
    want = (return_index, return_inverse, return_counts)
    if not any(want):
        v = pt.unique_values(flat)
        if equal_nan:
            v = _collapse_nans(v, None, None, None)[0]
        return v
    r = pt.unique_all(flat)
    v, idx, inv, cnt = r.values, r.indices, r.inverse_indices, r.counts
    if equal_nan:
        v, idx, inv, cnt = _collapse_nans(v, idx, inv, cnt)
    out = [v]
    if return_index:
        out.append(idx)
    if return_inverse:
        out.append(pt.reshape(inv, shape))
    if return_counts:
        out.append(cnt)
    return tuple(out)


def _sorted_first(x, assume_unique):
    """(sorted distinct values, index of each one's first occurrence) of flattened x; with
    assume_unique the values are only sorted (every one taken)."""
    x = _flat(x)
    if assume_unique:
        order = pt.argsort(x, stable=True)
        return pt.take(x, order), order
    r = pt.unique_all(x)
    v, i, _, _ = _collapse_nans(r.values, r.indices, r.inverse_indices, r.counts)
    return v, i


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted unique values found in both arrays.

    As numpy.intersect1d, of the flattened arrays, in their result type.

    Parameters
    ----------
    ar1, ar2 : Array or array_like
        The input arrays (flattened).
    assume_unique : bool, optional
        Skip the deduplication (inputs with repeated values then give what NumPy leaves
        undefined).
    return_indices : bool, optional
        Also return the int64 indices of the values' first occurrences in the flattened
        ``ar1`` and ``ar2``.

    Returns
    -------
    Array or tuple of Array
        The common values, or ``(values, indices in ar1, indices in ar2)``.

    See Also
    --------
    union1d, setdiff1d, setxor1d : The other set operations.

    Examples
    --------
    >>> pt.intersect1d(pt.asarray([1, 3, 4, 3]), pt.asarray([3, 1, 2, 1]))
    Array([1, 3])
    >>> pt.intersect1d(pt.asarray([1, 1, 2, 3, 4]), pt.asarray([2, 1, 4, 6]),
    ...                return_indices=True)
    (Array([1, 2, 4]), Array([0, 2, 4]), Array([1, 0, 2]))
    """
    a, b = _arr(ar1, "intersect1d"), _arr(ar2, "intersect1d")
    rt = dt.result_type(a, b)
    a, b = pt.astype(a, rt) if a.dtype != rt else a, pt.astype(b, rt) if b.dtype != rt else b
    if not return_indices:
        u1 = pt.sort(_flat(a)) if assume_unique else unique(a)
        u2 = _flat(b) if assume_unique else unique(b)
        return u1[pt.isin(u1, u2)]
    u1, i1 = _sorted_first(a, assume_unique)
    u2, i2 = _sorted_first(b, assume_unique)
    m1, m2 = pt.isin(u1, u2), pt.isin(u2, u1)
    return u1[m1], i1[m1], i2[m2]


def union1d(ar1, ar2):
    """The sorted unique values found in either array.

    As numpy.union1d, of the flattened arrays, in their result type.

    Parameters
    ----------
    ar1, ar2 : Array or array_like
        The input arrays (flattened).

    Returns
    -------
    Array
        The 1-D union.

    See Also
    --------
    intersect1d, setdiff1d, setxor1d : The other set operations.

    Examples
    --------
    >>> pt.union1d(pt.asarray([-1, 0, 1]), pt.asarray([-2, 0, 2]))
    Array([-2, -1,  0,  1,  2])
    """
    a, b = _arr(ar1, "union1d"), _arr(ar2, "union1d")
    rt = dt.result_type(a, b)
    return unique(pt.concat([pt.astype(_flat(a), rt), pt.astype(_flat(b), rt)]))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted unique values of ``ar1`` that are not in ``ar2``.

    As numpy.setdiff1d, in ``ar1``'s dtype; with ``assume_unique=True``, the values of the
    flattened ``ar1`` in their order, not deduplicated.

    Parameters
    ----------
    ar1, ar2 : Array or array_like
        The input arrays (flattened).
    assume_unique : bool, optional
        Whether the inputs are already unique.

    Returns
    -------
    Array
        The 1-D difference.

    See Also
    --------
    intersect1d, union1d, setxor1d : The other set operations.

    Examples
    --------
    >>> pt.setdiff1d(pt.asarray([1, 2, 3, 2, 4, 1]), pt.asarray([3, 4, 5, 6]))
    Array([1, 2])
    """
    a, b = _arr(ar1, "setdiff1d"), _arr(ar2, "setdiff1d")
    a = _flat(a) if assume_unique else unique(a)
    return a[pt.isin(a, b, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted unique values found in exactly one of the arrays.

    As numpy.setxor1d, of the flattened arrays, in their result type (a NaN in each array
    counts as two values, as NumPy's).

    Parameters
    ----------
    ar1, ar2 : Array or array_like
        The input arrays (flattened).
    assume_unique : bool, optional
        Whether the inputs are already unique.

    Returns
    -------
    Array
        The 1-D symmetric difference.

    See Also
    --------
    intersect1d, union1d, setdiff1d : The other set operations.

    Examples
    --------
    >>> pt.setxor1d(pt.asarray([1, 2, 3, 2, 4]), pt.asarray([2, 3, 5, 7, 5]))
    Array([1, 4, 5, 7])
    """
    a, b = _arr(ar1, "setxor1d"), _arr(ar2, "setxor1d")
    rt = dt.result_type(a, b)
    if not assume_unique:
        a, b = unique(a), unique(b)
    aux = pt.concat([pt.astype(_flat(a), rt), pt.astype(_flat(b), rt)])
    r = pt.unique_counts(aux)
    return r.values[r.counts == 1]


def _edge(v, d, name, argname):
    if v is None:
        return None
    v = _flat(_arr(v, name, argname))
    if not np.can_cast(v.dtype.np, d.np, casting="same_kind"):
        raise TypeError(f"{name}: dtype of `{argname}` must be compatible with input `ary` "
                        f"under the `same_kind` rule.")
    return pt.astype(v, d) if v.dtype != d else v


def ediff1d(ary, to_end=None, to_begin=None):
    """The differences between consecutive elements of the flattened ``ary``.

    As numpy.ediff1d, in ``ary``'s dtype, with ``to_begin`` prepended and ``to_end``
    appended (flattened, cast to ``ary``'s dtype).

    Parameters
    ----------
    ary : Array or array_like
        The input array (flattened).
    to_end : array_like, optional
        Values appended to the differences.
    to_begin : array_like, optional
        Values prepended to the differences.

    Returns
    -------
    Array
        The 1-D differences.

    Notes
    -----
    ``to_begin`` / ``to_end`` that the same_kind rule does not allow casting to ``ary``'s
    dtype raise TypeError; so does a bool ``ary``, as NumPy's subtract.

    See Also
    --------
    diff : Differences along an axis.

    Examples
    --------
    >>> x = pt.asarray([1, 2, 4, 7, 0])
    >>> pt.ediff1d(x)
    Array([ 1,  2,  3, -7])
    >>> pt.ediff1d(x, to_begin=-99, to_end=pt.asarray([88, 99]))
    Array([-99,   1,   2,   3,  -7,  88,  99])
    """
    a = _flat(_arr(ary, "ediff1d"))
    if a.dtype == dt.bool_:
        raise TypeError("ediff1d: boolean subtract, the `-` operator, is not supported, use "
                        "the bitwise_xor, the `^` operator, or the logical_xor function "
                        "instead.")
    d = a.dtype
    b = _edge(to_begin, d, "ediff1d", "to_begin")
    e = _edge(to_end, d, "ediff1d", "to_end")
    r = a[1:] - a[:-1]
    if b is None and e is None:
        return r
    return pt.concat([p for p in (b, r, e) if p is not None])


__all__ += ["unique", "intersect1d", "union1d", "setdiff1d", "setxor1d", "ediff1d"]

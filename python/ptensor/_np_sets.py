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
    """NumPy's unique over the flattened array (axis=None): the sorted distinct values and,
    on request, the index of each one's first occurrence, the inverse (of ar's shape, as
    NumPy 2) and the counts (int64), built on unique_values / unique_all. NaNs count as one
    value with equal_nan=True (NumPy's default). Deviations: axis= other than None is a
    NotImplementedError; sorted=False still gives the sorted values (NumPy's order is then
    unspecified); of complex values with NaN parts the one kept is the first in ptensor's
    sort order."""
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
    """NumPy's intersect1d: the sorted values in both arrays (flattened), in their result
    type; with return_indices also the indices (int64) of their first occurrences in the
    flattened ar1 and ar2. assume_unique=True skips the deduplication (inputs with repeated
    values then give what NumPy leaves undefined)."""
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
    """NumPy's union1d: the sorted distinct values of either array (flattened), in their
    result type."""
    a, b = _arr(ar1, "union1d"), _arr(ar2, "union1d")
    rt = dt.result_type(a, b)
    return unique(pt.concat([pt.astype(_flat(a), rt), pt.astype(_flat(b), rt)]))


def setdiff1d(ar1, ar2, assume_unique=False):
    """NumPy's setdiff1d: the sorted distinct values of ar1 not in ar2 (ar1's dtype); with
    assume_unique the values of flattened ar1 in their order, not deduplicated."""
    a, b = _arr(ar1, "setdiff1d"), _arr(ar2, "setdiff1d")
    a = _flat(a) if assume_unique else unique(a)
    return a[pt.isin(a, b, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    """NumPy's setxor1d: the sorted values in exactly one of the arrays (flattened), in
    their result type (a NaN in each counts as two values, as NumPy's)."""
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
    """NumPy's ediff1d: the differences between consecutive elements of flattened ary (its
    dtype), to_begin prepended and to_end appended (flattened, cast to ary's dtype: a
    TypeError unless the same_kind rule allows it). Booleans are a TypeError, as NumPy's
    subtract."""
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

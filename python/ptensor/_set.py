"""Set functions (array API 2024.12): unique_values, unique_counts, unique_inverse, unique_all.

From one stable sort of the flattened array: a value starts a new group where it differs from
its predecessor (each NaN is its own value, as the standard says); group starts come from the
same compiled positions as nonzero, counts are differences of the starts, and inverse indices
are the running group number scattered back to the original order."""
from __future__ import annotations

from collections import namedtuple

from . import _dtypes as dt
from . import _ops
from ._elementwise import _as_array, not_equal, subtract
from ._indexing_ops import take
from ._manipulation import concat, reshape
from ._searching import _mask_positions
from ._sorting import _sort_along
from ._statistical import cumulative_sum

UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _groups(x, name):
    x = _as_array(x, name)
    flat = reshape(x, (-1,))
    n = flat.shape[0]
    if n == 0:
        empty = _ops.full((0,), 0, dt.int64)
        return x, flat, flat, empty, empty, empty, n
    s, perm = _sort_along(flat, 0, False, name)
    starts_mask = concat([_ops.full((1,), True, dt.bool_), not_equal(s[1:], s[:-1])])
    starts = _mask_positions(starts_mask)
    return x, s, starts_mask, starts, perm, None, n


def unique_values(x, /):
    """The distinct values of x, sorted (NaNs each kept)."""
    x, s, mask, starts, _, _, n = _groups(x, "unique_values")
    return s if n == 0 else take(s, starts, axis=0)


def unique_counts(x, /):
    x, s, mask, starts, _, _, n = _groups(x, "unique_counts")
    if n == 0:
        return UniqueCountsResult(s, starts)
    ends = concat([starts[1:], _ops.full((1,), n, dt.int64)])
    return UniqueCountsResult(take(s, starts, axis=0), subtract(ends, starts))


def _inverse(x, mask, perm, n):
    group = subtract(cumulative_sum(_ops.cast(mask, dt.int64)), 1)  # group of each sorted slot
    inv = _ops.record("scatter", "", [group, perm, group], dt.int64, (n,))  # back to x's order
    return reshape(inv, x.shape)


def unique_inverse(x, /):
    x, s, mask, starts, perm, _, n = _groups(x, "unique_inverse")
    if n == 0:
        return UniqueInverseResult(s, reshape(starts, x.shape))
    return UniqueInverseResult(take(s, starts, axis=0), _inverse(x, mask, perm, n))


def unique_all(x, /):
    x, s, mask, starts, perm, _, n = _groups(x, "unique_all")
    if n == 0:
        return UniqueAllResult(s, starts, reshape(starts, x.shape), starts)
    ends = concat([starts[1:], _ops.full((1,), n, dt.int64)])
    return UniqueAllResult(take(s, starts, axis=0), take(perm, starts, axis=0),
                           _inverse(x, mask, perm, n), subtract(ends, starts))


__all__ = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]

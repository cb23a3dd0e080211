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


_Groups = namedtuple("_Groups", ["sorted", "starts_mask", "starts", "perm"])


def _groups(x, name):
    """(x, x flattened, groups of equal values of the stable sort; None when x is empty)."""
    x = _as_array(x, name)
    flat = reshape(x, (-1,))
    if flat.shape[0] == 0:
        return x, flat, None
    s, perm = _sort_along(flat, 0, False, name)
    mask = concat([_ops.full((1,), True, dt.bool_), not_equal(s[1:], s[:-1])])
    return x, flat, _Groups(s, mask, _mask_positions(mask), perm)


def _values(g):
    return take(g.sorted, g.starts, axis=0)


def _counts(g):
    ends = concat([g.starts[1:], _ops.full((1,), g.sorted.shape[0], dt.int64)])
    return subtract(ends, g.starts)


def _inverse(x, g):
    # the group of each sorted slot, scattered back to x's order
    group = subtract(cumulative_sum(_ops.cast(g.starts_mask, dt.int64)), 1)
    inv = _ops.record("scatter", "", [group, g.perm, group], dt.int64, group.shape)
    return reshape(inv, x.shape)


def _no_indices(shape=(0,)):
    return _ops.full(shape, 0, dt.int64)


def unique_values(x, /):
    """The distinct values of x, sorted (NaNs each kept)."""
    x, flat, g = _groups(x, "unique_values")
    return flat if g is None else _values(g)


def unique_counts(x, /):
    x, flat, g = _groups(x, "unique_counts")
    if g is None:
        return UniqueCountsResult(flat, _no_indices())
    return UniqueCountsResult(_values(g), _counts(g))


def unique_inverse(x, /):
    x, flat, g = _groups(x, "unique_inverse")
    if g is None:
        return UniqueInverseResult(flat, _no_indices(x.shape))
    return UniqueInverseResult(_values(g), _inverse(x, g))


def unique_all(x, /):
    x, flat, g = _groups(x, "unique_all")
    if g is None:
        return UniqueAllResult(flat, _no_indices(), _no_indices(x.shape), _no_indices())
    return UniqueAllResult(_values(g), take(g.perm, g.starts, axis=0), _inverse(x, g),
                           _counts(g))


__all__ = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]

"""Functions of distributed arrays built from distributed operations (views, assignment,
elementwise ops, reductions) instead of the replicated fallback, which gathers every
argument: concat / stack (parts assigned into a distributed result: rows move only where a
part's rows land on another rank), expand_dims (a view), broadcast_to / broadcast_arrays
(along other axes than the split one: each rank broadcasts its rows), moveaxis
(permute_dims), diff (shifted views: a halo), count_nonzero, vecdot (elementwise product and
a sum), tril / triu (each rank's rows, the diagonal offset by its first row or column), take
(along a non-split axis: each rank's rows; along the split axis: _dist_move.take_rows),
searchsorted of distributed values in a replicated sorted array, linalg.vector_norm
(reductions). The argument checks are the local functions' own (shared helpers), so errors
match. Cases outside these (a split axis that is broadcast, ...) still run replicated.
"""
from __future__ import annotations

import numpy as np

from . import _ops
from ._array import Local
from ._dist import DArray, _rows


def _is_dist(v):
    return isinstance(v, DArray)


def _team_of(arrays):
    return next(a.team for a in arrays if _is_dist(a))


def concat(fn, arrays, axis=0):
    import ptensor as pt
    from ._dist_ops import replicated
    from ._manipulation import _sequence, concat_into
    arrays = list(_sequence(arrays, "concat"))
    if axis is None:
        return replicated(fn, (arrays,), {"axis": None})
    arrays = [a if _is_dist(a) or isinstance(a, Local) else pt.asarray(a, team=None)
              for a in arrays]
    team = _team_of(arrays)
    lead = next(a for a in arrays if _is_dist(a))
    split = lead.split

    def empty(shape, dtype):
        return pt.empty(shape, dtype=dtype, team=team, split=split)
    return concat_into(arrays, axis, empty)


def stack(fn, arrays, axis=0):
    import ptensor as pt
    from ._manipulation import _sequence, stack_axis
    arrays = list(_sequence(arrays, "stack"))
    ax = stack_axis(arrays, axis)
    return pt.concat([pt.expand_dims(a, axis=ax) for a in arrays], axis=ax)


def expand_dims(fn, x, axis=0):
    ax = _ops.normalize_axis(axis, x.ndim + 1)
    return x[(slice(None),) * ax + (None,)]  # a view, as the local one


def broadcast_to(fn, x, shape):
    from ._dist_ops import replicated
    shape = _ops.normalize_shape(shape)
    if _ops.broadcast_shapes(x.shape, shape) != tuple(shape):
        return fn(_ops.full(x.shape, 0, x.dtype), shape)  # the local error
    split = x.split + len(shape) - x.ndim
    if x.shape[x.split] != shape[split]:  # broadcast along the split axis
        return replicated(fn, (x,), {"shape": shape})
    local = list(shape)
    local[split] = x._local.shape[x.split]
    return DArray(fn(x._local, tuple(local)), shape, x.team, split, x._pb, x._po)


def broadcast_arrays(fn, *arrays):
    import ptensor as pt
    shape = _ops.broadcast_shapes(*(a.shape for a in arrays))
    return [pt.broadcast_to(a, shape) for a in arrays]


def moveaxis(fn, x, source, destination):
    import ptensor as pt
    from ._manipulation import moveaxis_order
    return pt.permute_dims(x, moveaxis_order(x.ndim, source, destination))


def diff(fn, x, axis=-1, n=1, prepend=None, append=None):
    import ptensor as pt
    from ._utility import diff_args, differences
    ax, n = diff_args(x, axis, n)
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = pt.concat(parts, axis=ax)
    return differences(x, ax, n, pt.not_equal, pt.subtract)


def count_nonzero(fn, x, axis=None, keepdims=False):
    import ptensor as pt
    return pt.sum(pt.astype(x, pt.bool), axis=axis, keepdims=keepdims, dtype=pt.int64)


def vecdot(fn, x1, x2, axis=-1):
    import ptensor as pt
    from ._linalg import vecdot_axis
    ax = vecdot_axis(x1.shape, x2.shape, axis)
    prod = pt.multiply(pt.conj(x1), x2)
    return pt.sum(prod, axis=ax, dtype=prod.dtype)


def triangle(fn, x, k=0):
    """tril / triu: each rank's rows with the diagonal offset by its first row (split along
    the rows) or column (split along the columns); a batch split needs no offset."""
    from ._dist_ops import replicated
    if x.ndim < 2:
        return replicated(fn, (x,), {"k": k})  # the local error
    k = _ops.as_index(k, "k")
    n, m = x.shape[-2], x.shape[-1]
    k = max(-n, min(k, m))
    lo = x.owned()[0]
    shift = {x.ndim - 2: lo, x.ndim - 1: -lo}.get(x.split, 0)
    return DArray(fn(x._local, k=k + shift), x.shape, x.team, x.split, x._pb, x._po)


def take(fn, x, indices, axis=None):
    from ._dist_ops import replicated
    if _is_dist(indices) and indices.ndim == 1:
        indices = np.asarray(indices)  # (small: gathered)
    if axis is None and _is_dist(x) and x.ndim == 1:
        axis = 0
    if not _is_dist(x) or _is_dist(indices) or axis is None or np.ndim(indices) != 1:
        return replicated(fn, (x, indices), {"axis": axis})
    ax = _ops.normalize_axis(axis, x.ndim)
    if ax == x.split:
        from ._dist_move import take_rows
        return take_rows(x, indices)
    r = fn(x._local, indices, axis=ax)
    shape = list(x.shape)
    shape[ax] = r.shape[ax]
    return DArray(r, tuple(shape), x.team, x.split, x._pb, x._po)


def searchsorted(fn, x1, x2, side="left", sorter=None):
    """Replicated sorted x1, distributed values x2: each rank searches its values."""
    from ._dist_ops import replicated
    if _is_dist(x1) or _is_dist(sorter) or not _is_dist(x2):
        return replicated(fn, (x1, x2), {"side": side, "sorter": sorter})
    return DArray(fn(x1, x2._local, side=side, sorter=sorter), x2.shape, x2.team, x2.split,
                  x2._pb, x2._po)


def vector_norm(fn, x, axis=None, keepdims=False, ord=2):
    """linalg.vector_norm with ptensor's (distributed) functions: reductions over the split
    axis end in an allreduce."""
    import ptensor as pt
    from . import _dtypes as dt
    from .linalg import p_norm
    if not dt.is_inexact(x.dtype):
        x = pt.astype(x, dt.default_float)
    return p_norm(x, axis, keepdims, ord, pt)


# the namespace functions these replace for distributed arguments (_dist_ops.dispatching)
FUNCTIONS = {"concat": concat, "stack": stack, "expand_dims": expand_dims,
             "broadcast_to": broadcast_to, "broadcast_arrays": broadcast_arrays,
             "moveaxis": moveaxis, "diff": diff, "count_nonzero": count_nonzero,
             "vecdot": vecdot, "tril": triangle, "triu": triangle, "take": take,
             "searchsorted": searchsorted, "vector_norm": vector_norm}

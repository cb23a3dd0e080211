"""Functions of distributed arrays built from distributed operations (views, assignment,
elementwise ops, reductions) instead of the replicated fallback, which gathers every
argument: concat / stack (parts assigned into a distributed result: rows move only where a
part's rows land on another rank), expand_dims (a view), broadcast_to / broadcast_arrays
(along other axes than the split one: each rank broadcasts its rows), moveaxis
(permute_dims), diff (shifted views: a halo), count_nonzero, vecdot (elementwise product and
a sum), tril / triu (each rank's rows, the diagonal offset by its first row or column), take
(along a non-split axis: each rank's rows; along the split axis: _dist_move.take_rows),
searchsorted (distributed values, or a distributed sorted array), linalg.vector_norm
(reductions), linalg.outer / tensordot / trace / cross / matrix_norm / matrix_power (the
local bodies, linalg.*_of, called with ptensor's namespace), linalg.diagonal (each rank's
rows), repeat / tile (each rank's rows; along the split axis a distributed reshape, rows
from their owners or a concat), unstack, meshgrid, take_along_axis along a non-split axis,
unique_* (_set.unique_of with set_namespace), the LAPACK-based linalg functions of stacks
split along a batch axis (each rank its matrices). The argument checks are the local functions'
own (shared helpers), so errors match. Cases outside these (a split axis that is
broadcast, ...) still run replicated.
"""
from __future__ import annotations

import functools
from types import SimpleNamespace

import numpy as np

from . import _dtypes as dt
from . import _ops
from . import _dist_move
from ._array import Local
from ._core import LinAlgError
from ._creation_derived import meshgrid_of
from ._dist import DArray, _allreduce, _rows, gather_rows
from ._dist_registry import distributed
from ._dist_replicated import _gathered, _split_result, replicated
from ._linalg import vecdot_axis
from ._manipulation import (_sequence, concat_into, expand_dims_key, moveaxis_order,
                            stack_axis, tile_dims, unstack_of)
from ._repeat import repeat_count
from ._set import unique_of
from ._upcalls import namespace as pt
from ._utility import diff_args, differences
from .linalg import (cross_of, matrix_norm_of, matrix_power_of, outer_of, p_norm, tensordot_of,
                     trace_of)
from .spmd import all_gather_sizes


def _is_dist(v):
    return isinstance(v, DArray)


def _team_of(arrays):
    return next(a.team for a in arrays if _is_dist(a))


def concat(fn, arrays, axis=0):
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
    arrays = list(_sequence(arrays, "stack"))
    ax = stack_axis(arrays, axis)
    return pt.concat([pt.expand_dims(a, axis=ax) for a in arrays], axis=ax)


def expand_dims(fn, x, axis=0):
    return x[expand_dims_key(x.ndim, axis)]  # a view, as the local one


def broadcast_to(fn, x, shape):
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
    shape = _ops.broadcast_shapes(*(a.shape for a in arrays))
    return tuple(pt.broadcast_to(a, shape) for a in arrays)


def moveaxis(fn, x, source, destination):
    return pt.permute_dims(x, moveaxis_order(x.ndim, source, destination))


def diff(fn, x, axis=-1, n=1, prepend=None, append=None):
    ax, n = diff_args(x, axis, n)
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = pt.concat(parts, axis=ax)
    return differences(x, ax, n, pt.not_equal, pt.subtract)


def count_nonzero(fn, x, axis=None, keepdims=False):
    return pt.sum(pt.astype(x, pt.bool), axis=axis, keepdims=keepdims, dtype=pt.int64)


def vecdot(fn, x1, x2, axis=-1):
    ax = vecdot_axis(x1.shape, x2.shape, axis)
    prod = pt.multiply(pt.conj(x1), x2)
    return pt.sum(prod, axis=ax, dtype=prod.dtype)


def triangle(fn, x, k=0):
    """tril / triu: each rank's rows with the diagonal offset by its first row (split along
    the rows) or column (split along the columns); a batch split needs no offset."""
    if x.ndim < 2:
        return replicated(fn, (x,), {"k": k})  # the local error
    k = _ops.as_index(k, "k")
    n, m = x.shape[-2], x.shape[-1]
    k = max(-n, min(k, m))
    lo = x.owned()[0]
    shift = {x.ndim - 2: lo, x.ndim - 1: -lo}.get(x.split, 0)
    return DArray(fn(x._local, k=k + shift), x.shape, x.team, x.split, x._pb, x._po)


def take(fn, x, indices, axis=None):
    if axis is None and _is_dist(x) and x.ndim == 1:
        axis = 0
    if _is_dist(x) and _is_dist(indices) and indices.ndim == 1 and axis is not None and \
            _ops.normalize_axis(axis, x.ndim) == x.split:
        return _dist_move.take_at(x, indices)  # (rows go to where the indices are)
    if _is_dist(indices) and indices.ndim == 1:
        indices = np.asarray(indices)  # (gathered)
    if not _is_dist(x) or _is_dist(indices) or axis is None or np.ndim(indices) != 1:
        return replicated(fn, (x, indices), {"axis": axis})
    ax = _ops.normalize_axis(axis, x.ndim)
    if ax == x.split:
        return _dist_move.take_rows(x, indices)
    r = fn(x._local, indices, axis=ax)
    shape = list(x.shape)
    shape[ax] = r.shape[ax]
    return DArray(r, tuple(shape), x.team, x.split, x._pb, x._po)


def searchsorted(fn, x1, x2, side="left", sorter=None):
    """Replicated sorted x1, distributed values x2: each rank searches its values.
    Distributed sorted x1 (1-D, no sorter): each rank's block is a contiguous run of the
    sorted array, so a value's global position is the sum over the ranks of its position in
    each block: every rank searches all values (a distributed x2 is gathered) in its block,
    and one allreduce adds the positions."""
    if _is_dist(x1) and x1.ndim == 1 and sorter is None:
        team = x1.team
        values = _gathered(x2, team)
        pos = _allreduce(team, fn(x1._local, values, side=side), "sum")
        return _split_result(pos, team) if _is_dist(x2) else pos
    if _is_dist(x1) or _is_dist(sorter) or not _is_dist(x2):
        return replicated(fn, (x1, x2), {"side": side, "sorter": sorter})
    return DArray(fn(x1, x2._local, side=side, sorter=sorter), x2.shape, x2.team, x2.split,
                  x2._pb, x2._po)


def isin(fn, x1, x2, invert=False):
    """Distributed x1: each rank tests its part against the whole set x2 (gathered if it is
    distributed: only the set moves, never x1); a local x1 tested against a distributed
    x2: the set gathered, a local result."""
    if _is_dist(x1):
        values = _gathered(x2, x1.team)
        return DArray(fn(x1._local, values, invert=invert), x1.shape, x1.team, x1.split,
                      x1._pb, x1._po)
    return replicated(fn, (x1, x2), {"invert": invert})


def _float(x):
    return x if dt.is_inexact(x.dtype) else pt.astype(x, dt.default_float)


def vector_norm(fn, x, axis=None, keepdims=False, ord=2):
    """linalg.vector_norm with ptensor's (distributed) functions: reductions over the split
    axis end in an allreduce."""
    return p_norm(_float(x), axis, keepdims, ord, namespace())


@functools.lru_cache(maxsize=None)
def namespace():
    """ptensor's functions (distributed where an argument is) under the names the local
    linalg's *_of functions call them by (linalg._LOCAL)."""
    la = pt.linalg

    def identities(x):  # (replicated: they do not depend on x's values)
        return pt.broadcast_to(pt.eye(x.shape[-1], dtype=x.dtype, team=None), x.shape)
    names = ("abs", "max", "min", "sum", "multiply", "sqrt", "pow", "count_nonzero", "astype",
             "subtract", "expand_dims", "reshape", "permute_dims", "matmul", "broadcast_to",
             "stack")
    return SimpleNamespace(**{n: getattr(pt, n) for n in names}, diagonal=la.diagonal,
                           svdvals=la.svdvals, inv=la.inv, identities=identities)


def _array(v):
    """v itself if a ptensor array (local or distributed), else a local (replicated) one."""
    return v if _is_dist(v) or isinstance(v, Local) else pt.asarray(v, team=None)


def outer(fn, x1, x2):
    return outer_of(_array(x1), _array(x2), namespace())


def tensordot(fn, x1, x2, axes=2):
    return tensordot_of(_array(x1), _array(x2), axes, namespace())


def trace(fn, x, offset=0, dtype=None):
    return trace_of(x, offset, dtype, namespace())


def cross(fn, x1, x2, axis=-1):
    return cross_of(_array(x1), _array(x2), axis, namespace())


def matrix_norm(fn, x, keepdims=False, ord="fro"):
    return matrix_norm_of(_float(x), keepdims, ord, namespace())


def matrix_power(fn, x, n):
    return matrix_power_of(x, n, namespace())


def diagonal(fn, x, offset=0):
    """Split along a batch axis: each rank's matrices. Along the rows: each rank's rows hold
    the diagonal elements of those rows, the local diagonal offset by the rank's first row;
    the result keeps x's partition, shifted by the diagonal's first row. Along the columns:
    the same of the transposed matrices (a permute_dims, no data moves)."""
    if not _is_dist(x) or x.ndim < 2:
        return replicated(fn, (x,), {"offset": offset})  # (the local error)
    k = _ops.as_index(offset, "offset")
    if x.split == x.ndim - 1:
        return diagonal(fn, pt.matrix_transpose(x), -k)
    if x.split < x.ndim - 2:
        r = fn(x._local, offset=k)
        return DArray(r, x.shape[:-2] + r.shape[-1:], x.team, x.split, x._pb, x._po)
    n, m = x.shape[-2:]
    r0 = max(-k, 0)  # the diagonal's first row
    length = max(0, min(n - r0, m - max(k, 0)))
    r = fn(x._local, offset=k + x.owned()[0])
    return DArray(r, x.shape[:-2] + (length,), x.team, x.split, x._pb, x._po + r0)


def unstack(fn, x, axis=0):
    return unstack_of(x, axis)  # views (rows of the split axis: moved views)


def meshgrid(fn, *arrays, indexing="xy"):
    """Each 1-D array reshaped to its place (keeping a split axis: local) and broadcast
    along the other axes (each rank its rows)."""
    return meshgrid_of([_array(a) for a in arrays], indexing,
                       lambda a, unit, shape: pt.reshape(a, shape), pt.broadcast_to)


def repeat(fn, x, repeats, axis=None):
    """Along a non-split axis: each rank repeats its rows. Along the split axis: an int
    count of an array split along axis 0 broadcasts each row and regroups (a repartition
    of the compiled program: rows move only across the new block boundaries); otherwise
    each result row comes from its source row's owner (_dist_move.take_rows, the source
    rows computed by the local repeat of their positions)."""
    if not _is_dist(x):
        return replicated(fn, (x, repeats), {"axis": axis})  # (distributed counts only)
    if _is_dist(repeats):
        repeats = np.asarray(repeats)  # one count per row (gathered)
    if axis is None:
        x, axis = pt.reshape(x, (-1,)), 0
    ax = _ops.normalize_axis(axis, x.ndim)
    if ax != x.split:
        r = fn(x._local, repeats, axis=ax)
        shape = x.shape[:ax] + (r.shape[ax],) + x.shape[ax + 1:]
        return DArray(r, shape, x.team, x.split, x._pb, x._po)
    n, count = x.shape[ax], repeat_count(repeats)
    if ax == 0 and count is not None:
        y = pt.broadcast_to(pt.expand_dims(x, axis=1), (n, count) + x.shape[1:])
        return pt.reshape(y, (n * count,) + x.shape[1:])
    # the source row of each result row (the local repeat's checks of the counts)
    return _dist_move.take_rows(x, np.asarray(fn(pt.arange(n, dtype=pt.int64, team=None),
                                                 repeats)))


def tile(fn, x, repetitions):
    """Each rank tiles its rows along the other axes; the copies along the split axis are
    concatenated (parts assigned where their rows land)."""
    reps, dims = tile_dims(x.shape, repetitions)
    y = pt.reshape(x, dims) if dims != x.shape else x  # (leading ones: the split axis stays)
    k = y.split
    r = fn(y._local, reps[:k] + (1,) + reps[k + 1:])
    shape = tuple(rp * d for rp, d in zip(reps, dims))
    z = DArray(r, shape[:k] + (dims[k],) + shape[k + 1:], y.team, k, y._pb, y._po)
    if reps[k] == 1:
        return z
    if reps[k] == 0:
        return z[_rows(k, z.ndim, slice(0, 0))]
    return pt.concat([z] * reps[k], axis=k)


def _rows_like(v, like, lo, hi):
    """v's part matching the rank's rows [lo, hi) of `like`'s split axis: a distributed v
    of the same layout: its own; a replicated v: all of a length-1 axis, else rows lo:hi;
    None when v is distributed otherwise."""
    s = like.split
    if _is_dist(v):
        same = v.split == s and v.ndim == like.ndim and v.row_partition == like.row_partition
        return v._local if same else None
    return v if v.shape[s] == 1 else v[_rows(s, v.ndim, slice(lo, hi))]


def take_along_axis(fn, x, indices, axis=-1):
    """Along a non-split axis: each rank takes from its rows with its rows of the indices
    (x and indices distributed alike, or one of them replicated). A 1-D x: take. Other
    layouts run replicated."""
    x, indices = _array(x), _array(indices)
    like = x if _is_dist(x) else indices
    ax = _ops.normalize_axis(axis, like.ndim) if x.ndim == indices.ndim else None
    if x.ndim == 1 and ax is not None:
        return pt.take(x, indices, axis=0)
    if ax is not None and ax != like.split and x.shape[like.split] in (1, like.shape[like.split]) \
            and indices.shape[like.split] in (1, like.shape[like.split]):
        lo, hi = like.owned()
        a, b = _rows_like(x, like, lo, hi), _rows_like(indices, like, lo, hi)
        if a is not None and b is not None:
            r = fn(a, b, axis=ax)
            shape = r.shape[:like.split] + (like.shape[like.split],) + r.shape[like.split + 1:]
            return DArray(r, shape, like.team, like.split, like._pb, like._po)
    return replicated(fn, (x, indices), {"axis": axis})


@functools.lru_cache(maxsize=None)
def set_namespace():
    """The steps of _set.unique_of with distributed functions: a distributed sort (values and
    their permutation from the same one when the inverse is wanted), shifted views (a halo
    row), nonzero (rebalanced), take from distributed positions and a scatter to them."""

    def sort(flat, name, perm):
        if not perm:
            return pt.sort(flat), None
        # (values and permutation: one distributed sort)
        return _dist_move.sort_split(flat, False, "both")

    def full(shape, value, dtype):
        return pt.full(shape, value, dtype=dtype, team=None)

    def scatter(values, perm):
        out = pt.empty(values.shape, dtype=values.dtype, team=values.team)
        out[perm] = values  # (_dist_move.put_rows: each value to its position's owner)
        return out
    return SimpleNamespace(reshape=pt.reshape, sort=sort, concat=pt.concat, full=full,
                           not_equal=pt.not_equal, positions=lambda m: pt.nonzero(m)[0],
                           take=pt.take, subtract=pt.subtract,
                           cumulative_sum=pt.cumulative_sum, astype=pt.astype, scatter=scatter)


def unique(fn, x):
    return unique_of(x, fn.__name__, set_namespace())


def batched_lapack(fn, *args, **kw):
    """The LAPACK-based linalg functions of stacks of matrices split along a batch axis:
    each rank factors its own matrices, no communication. All array arguments must be
    distributed alike (same rank, split axis and partition); anything else (one large
    matrix: no ScaLAPACK here) runs replicated. LAPACK's errors (a singular matrix on one
    rank) surface when the program runs: the results are computed at once and the team
    agrees (one allgather of the first failing rank's message), so every rank raises the
    same LinAlgError."""
    lead = args[0] if args else None
    if not (_is_dist(lead) and lead.split < lead.ndim - 2 and all(
            _is_dist(a) and a.ndim == lead.ndim and a.split == lead.split and
            a.row_partition == lead.row_partition for a in args)) or any(map(_is_dist, kw.values())):
        return replicated(fn, args, kw)  # (also distributed keywords: rtol per matrix)
    msg = b""
    try:
        r = fn(*(a._local for a in args), **kw)
        for v in (r if isinstance(r, tuple) else (r,)):
            if isinstance(v, Local):
                v.to_numpy(copy=False)  # (runs the program: LAPACK's errors now)
    except LinAlgError as e:
        msg = str(e).encode()
    sizes = all_gather_sizes(len(msg), lead.team)
    if any(sizes):
        first = next(q for q, n in enumerate(sizes) if n)
        text = gather_rows(np.frombuffer(msg, dtype=np.uint8), sizes, lead.team)
        start = sum(sizes[:first])
        raise LinAlgError(bytes(text[start:start + sizes[first]]).decode())

    def wrap(v):
        if isinstance(v, tuple):
            return type(v)(*map(wrap, v)) if hasattr(v, "_fields") else tuple(map(wrap, v))
        if isinstance(v, Local) and v.ndim > lead.split:
            s = lead.split
            shape = v.shape[:s] + (lead.shape[s],) + v.shape[s + 1:]
            return DArray(v, shape, lead.team, s, lead._pb, lead._po)
        return _split_result(v, lead.team)
    return wrap(r)


# the namespace functions these replace for distributed arguments (the registry:
# _dist_registry; each takes the local function first)
_FUNCTIONS = {"concat": concat, "stack": stack, "expand_dims": expand_dims,
              "broadcast_to": broadcast_to, "broadcast_arrays": broadcast_arrays,
              "moveaxis": moveaxis, "diff": diff, "count_nonzero": count_nonzero,
              "vecdot": vecdot, "tril": triangle, "triu": triangle, "take": take,
              "searchsorted": searchsorted, "vector_norm": vector_norm, "outer": outer,
              "tensordot": tensordot, "trace": trace, "cross": cross,
              "matrix_norm": matrix_norm, "matrix_power": matrix_power, "diagonal": diagonal,
              "unstack": unstack, "meshgrid": meshgrid, "repeat": repeat, "tile": tile,
              "take_along_axis": take_along_axis, "isin": isin}
_FUNCTIONS.update({n: unique for n in ("unique_values", "unique_counts", "unique_inverse",
                                       "unique_all")})
_FUNCTIONS.update({n: batched_lapack for n in (
    "cholesky", "det", "slogdet", "inv", "solve", "eig", "eigvals", "eigh", "eigvalsh", "svd",
    "svdvals", "qr",
    "pinv", "matrix_rank")})
for _name, _impl in _FUNCTIONS.items():
    distributed(_name)(lambda name, fn, *a, _impl=_impl, **kw: _impl(fn, *a, **kw))

"""Manipulation of distributed arrays: permute_dims / matrix_transpose (the split axis
moves with its data), reshape (local while the split axis stays an axis of its own, else an
all-to-all), sort (each rank's rows, or a distributed sort along the split axis) and roll (two
repartitions along the split axis)."""
from __future__ import annotations

import numpy as np

from . import _ops
from . import _dist_move
from ._dist import DArray, _rows
from ._dist_registry import distributed
from ._dist_replicated import replicated
from ._manipulation import flat_shift, reshape_shape, roll_steps
from ._upcalls import namespace as pt


def permute_dims(fn, x, axes):
    """The split axis moves with its data: a local permute, no communication (the result is
    split along the axis the old split axis became)."""
    try:
        norm = tuple(_ops.normalize_axis(a, x.ndim, "axes") for a in axes)
    except (TypeError, ValueError):
        norm = ()
    if not isinstance(x, DArray) or sorted(norm) != list(range(x.ndim)):
        return replicated(fn, (x, axes), {})  # fn raises its own errors
    r = fn(x._local, norm)
    return DArray(r, tuple(x.shape[a] for a in norm), x.team, norm.index(x.split), x._pb, x._po)


def matrix_transpose(fn, x):
    if not isinstance(x, DArray) or x.ndim < 2:
        return replicated(fn, (x,), {})
    axes = list(range(x.ndim))
    axes[-2], axes[-1] = axes[-1], axes[-2]
    return permute_dims(lambda a, ax: fn(a), x, axes)


def reshape(fn, x, shape, copy=None):
    """A reshape that keeps the split axis as an axis of its own (the dimensions before it
    and after it regroup among themselves: (N, M) -> (N, a, b), (a, b, N) -> (a*b, N)) is
    local; any other reshape runs replicated."""
    if not isinstance(x, DArray):
        return replicated(fn, (x, shape), {"copy": copy})
    new = list(reshape_shape(x.size, shape))  # (the local errors for bad shapes)
    k = x.split
    before = int(np.prod(x.shape[:k], dtype=np.int64))
    after = int(np.prod(x.shape[k + 1:], dtype=np.int64))
    for k2 in range(len(new)):
        if (new[k2] == x.shape[k] and int(np.prod(new[:k2], dtype=np.int64)) == before
                and int(np.prod(new[k2 + 1:], dtype=np.int64)) == after):
            local = list(new)
            local[k2] = x._local.shape[k]
            r = fn(x._local, tuple(local), copy=copy)
            return DArray(r, tuple(new), x.team, k2, x._pb, x._po)
    if new:
        # the split axis regroups: an all-to-all between overlapping flat ranges (after one
        # that splits the array along axis 0)
        if copy is False and x.team.size > 1:
            raise ValueError("reshape(copy=False): this reshape moves elements between ranks "
                             "and needs a copy")
        if k > 0:
            return reshape(fn, _dist_move.resplit(x, 0), shape, copy)
        return _dist_move.reshape_flat(x, tuple(new))
    return replicated(fn, (x, shape), {"copy": copy})


def sort(fn, x, axis=-1, descending=False, stable=True, indices=False):
    """Along a non-split axis: each rank sorts its rows. Along the split axis of a 1-D
    array: sorted across the team (_dist_move); of a larger one: the array is
    resplit along its largest other axis, sorted locally and resplit back."""
    kw = {"axis": axis, "descending": descending, "stable": stable}
    if not isinstance(x, DArray) or x.ndim == 0:
        return replicated(fn, (x,), kw)
    ax = _ops.normalize_axis(axis, x.ndim)
    if ax != x.split:
        r = fn(x._local, axis=ax, descending=descending, stable=stable)
        return DArray(r, x.shape, x.team, x.split, x._pb, x._po)
    if x.ndim > 1:
        other = max((a for a in range(x.ndim) if a != ax), key=lambda a: x.shape[a])
        y = _dist_move.resplit(x, other)
        r = fn(y._local, axis=ax, descending=descending, stable=stable)
        return _dist_move.resplit(DArray(r, x.shape, x.team, other), ax)
    return _dist_move.sort_split(x, bool(descending), "indices" if indices else "values")


# ------------------------------------------------------------------ roll

def roll(fn, x, shift, axis):
    """Along a non-split axis each rank rolls its rows; along the split axis the two pieces
    are assigned into a new array of x's layout (two repartitions: only the rows that change
    ranks move). axis=None: the roll of the flattened array (distributed reshapes)."""
    if not isinstance(x, DArray):
        return replicated(fn, (x,), {"shift": shift, "axis": axis})
    if axis is None:
        if x.ndim != 1:
            return pt.reshape(roll(fn, pt.reshape(x, (-1,)), flat_shift(shift), 0), x.shape)
        shift, axis = flat_shift(shift), 0
    r = x
    for s, ax in roll_steps(x.shape, shift, axis):
        if ax != x.split:
            r = DArray(fn(r._local, s, axis=ax), r.shape, r.team, r.split, r._pb, r._po)
            continue
        n = x.shape[ax]
        new = pt.empty_like(r)
        new[_rows(ax, r.ndim, slice(s, None))] = r[_rows(ax, r.ndim, slice(0, n - s))]
        new[_rows(ax, r.ndim, slice(0, s))] = r[_rows(ax, r.ndim, slice(n - s, None))]
        r = new
    if r is x:  # nothing moved: a copy, as NumPy's
        r = pt.empty_like(x)
        r[...] = x
    return r



@distributed("permute_dims")
def _permute_dims(name, fn, x, /, axes):
    return permute_dims(fn, x, axes)


@distributed("matrix_transpose")
def _matrix_transpose(name, fn, x, /):
    return matrix_transpose(fn, x)


@distributed("reshape")
def _reshape(name, fn, x, /, shape, *, copy=None):
    return reshape(fn, x, shape, copy)


@distributed("roll")
def _roll(name, fn, x, /, shift, *, axis=None):
    return roll(fn, x, shift, axis)


@distributed("sort", "argsort")
def _sort(name, fn, x, /, *, axis=-1, descending=False, stable=True):
    return sort(fn, x, axis, descending, stable, indices=name == "argsort")

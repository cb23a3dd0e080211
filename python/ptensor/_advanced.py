"""NumPy's advanced indexing with integer (and boolean) arrays on any axes, mixed with
slices, integers, None and Ellipsis: x[i, :, j], x[:, [0, 2]], x[mask, 1], x[..., idx] = v.

Every selected element's offset in the flattened x is computed as PTensor ops: one index
array per dimension of x, shaped to broadcast against the result (the index arrays where
they select, ranges where slices select), times the dimension's stride, summed. __getitem__
is then one take from the flattened x, __setitem__ one scatter into it (a repeated index
keeps the last value, as NumPy). Result layout is NumPy's: the broadcast shape of the index
arrays replaces the indexed dimensions where they are adjacent in the key, and goes first
otherwise. Integer scalars in a key with arrays are 0-d index arrays (NumPy's rule);
boolean arrays become their nonzero() index arrays (their values are read). A lone integer
array or boolean mask assigned to (x[idx] = v, x[mask] = v): scatter_assign, one scatter
of rows."""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._array import Local, _coerce_value
from ._creation import arange, asarray
from ._elementwise import add, multiply
from ._indexing import int_item, slice_item
from ._indexing_ops import _checked_indices, check_assignable
from ._manipulation import reshape
from ._searching import _mask_rows


def _as_index_array(k, device):
    if isinstance(k, Local):
        if k.dtype.kind not in "biu":
            raise IndexError(f"arrays used as indices must be of integer (or boolean) type, "
                             f"got {k.dtype.name}")
        return k
    a = np.asarray(k)
    if a.dtype.kind not in "biu":
        if a.size == 0:  # NumPy: an empty list is an (empty) integer index
            a = a.astype(np.int64)
        else:
            raise IndexError(f"arrays used as indices must be of integer (or boolean) type, "
                             f"got {a.dtype}")
    return asarray(a, device=device)


def _items(key, shape, device=None):
    """Expanded key: ('adv', array-or-int, dim) | ('slice', start, step, size, dim) | ('new',);
    index arrays on `device` (the indexed array's)."""
    parts = []
    for k in key:
        if isinstance(k, (Local, np.ndarray, list)):
            parts.append(_as_index_array(k, device))
        else:
            parts.append(k)
    if sum(1 for k in parts if k is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(k.ndim if isinstance(k, Local) and k.dtype == dt.bool_ else 1
               for k in parts if k is not None and k is not Ellipsis)
    if used > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, "
                         f"but {used} were indexed")
    items, dim = [], 0
    for k in parts:
        if k is None:
            items.append(("new",))
        elif k is Ellipsis:
            for _ in range(len(shape) - used):
                items.append(("slice", 0, 1, shape[dim], dim))
                dim += 1
        elif isinstance(k, Local) and k.dtype == dt.bool_:
            if k.shape != tuple(shape[dim:dim + k.ndim]):
                raise IndexError(f"boolean index of shape {k.shape} does not match the indexed "
                                 f"dimensions {tuple(shape[dim:dim + k.ndim])}")
            for idx in np.nonzero(k.to_numpy(copy=False)):
                items.append(("adv", asarray(idx.astype(np.int64), device=device), dim))
                dim += 1
        elif isinstance(k, Local):
            items.append(("adv", _checked_indices(k, shape[dim], "index", device), dim))
            dim += 1
        elif isinstance(k, slice):
            items.append(("slice",) + slice_item(k, shape[dim]) + (dim,))
            dim += 1
        else:
            items.append(("adv", int_item(k, shape[dim], dim), dim))
            dim += 1
    while dim < len(shape):
        items.append(("slice", 0, 1, shape[dim], dim))
        dim += 1
    return items


def _offsets(x, key):
    """(result shape, int64 offsets into the flattened x shaped like the result)."""
    items = _items(key, x.shape, x.device)
    advs = [it for it in items if it[0] == "adv"]
    shapes = [it[1].shape if isinstance(it[1], Local) else () for it in advs]
    try:
        bshape = _ops.broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError("shape mismatch: indexing arrays could not be broadcast together with "
                         "shapes " + " ".join(str(s) for s in shapes)) from None
    pos = [i for i, it in enumerate(items) if it[0] == "adv"]
    adjacent = pos == list(range(pos[0], pos[0] + len(pos)))
    # result axes: per item its axis (slices, new) or the block of broadcast axes (adv)
    rshape, axis_of, block = [], {}, None
    if not adjacent:
        block = 0
        rshape.extend(bshape)
    for i, it in enumerate(items):
        if it[0] == "adv":
            if block is None:
                block = len(rshape)
                rshape.extend(bshape)
            continue
        axis_of[i] = len(rshape)
        rshape.append(1 if it[0] == "new" else it[3])
    rshape = tuple(rshape)
    nb, rank = len(bshape), len(rshape)
    strides = [1] * x.ndim
    for d in range(x.ndim - 2, -1, -1):
        strides[d] = strides[d + 1] * x.shape[d + 1]
    total, const = None, 0
    for i, it in enumerate(items):
        if it[0] == "new":
            continue
        if it[0] == "adv":
            v, d = it[1], it[2]
            if not isinstance(v, Local):
                const += v * strides[d]
                continue
            v = _ops.broadcast_to(v, bshape)
            others = [a for a in range(rank) if not block <= a < block + nb]
            term = _ops.insert_unit_dims(v, others, tuple(
                rshape[a] if block <= a < block + nb else 1 for a in range(rank)))
            term = multiply(term, strides[d])
        else:
            _, start, step, size, d = it
            a = axis_of[i]
            r = arange(size, dtype=dt.int64, device=x.device)
            r = _ops.insert_unit_dims(r, [b for b in range(rank) if b != a],
                                      tuple(size if b == a else 1 for b in range(rank)))
            term = multiply(r, step * strides[d])
            const += start * strides[d]
        total = term if total is None else add(total, term)
    if total is None:
        total = _ops.full(rshape, const, dt.int64)
    elif const:
        total = add(total, const)
    return rshape, _ops.broadcast_to(_ops.cast(total, dt.int64), rshape)


def getitem(x, key):
    shape, off = _offsets(x, key)
    return _ops.record("take", "", [reshape(x, (-1,)), off], x.dtype, shape, attrs=[0])


def check_value_shape(vshape, shape):
    """ValueError (NumPy's) unless a value of shape vshape broadcasts to the indexing result
    of shape `shape` (also for distributed arrays: _dist_index)."""
    if not _ops.broadcasts_to(vshape, shape):
        raise ValueError(f"shape mismatch: value array of shape {tuple(vshape)} could not be "
                         f"broadcast to indexing result of shape {tuple(shape)}")


def setitem(x, key, value):
    """x with x[key] = value, as a new array of x's shape."""
    shape, off = _offsets(x, key)
    v = _ops.cast(_coerce_value(value, x.dtype, x.device), x.dtype)
    check_value_shape(v.shape, shape)
    v = _ops.broadcast_to(v, shape)
    n = int(np.prod(shape, dtype=np.int64))
    r = _ops.record("scatter", "", [reshape(x, (-1,)), reshape(off, (n,)), reshape(v, (n,))],
                    x.dtype, (x.size,))
    return reshape(r, x.shape)


def scatter_assign(x, key, value):
    """x with x[key] = value for an integer-array key (rows of axis 0) or a boolean mask over
    the leading dimensions: the PTensor scatter op (rows written in order; a repeated index
    keeps the last value, as in NumPy)."""
    if x.ndim == 0:
        raise IndexError("too many indices for a 0-d array")
    if key.dtype == dt.bool_:
        xs, pos = _mask_rows(x, key)
    else:
        idx = _checked_indices(key, x.shape[0], "index", x.device)
        xs, pos = x, reshape(idx, (-1,))
        lead = idx.shape
    rest = tuple(xs.shape[1:])
    v = _ops.cast(_coerce_value(value, x.dtype, x.device), x.dtype)
    target = (pos.shape[0],) + rest if key.dtype == dt.bool_ else tuple(lead) + rest
    check_assignable(v.shape, target)
    v = _ops.broadcast_to(v, target)
    if xs.size == 0:  # nothing to write: x is empty or a mask with a zero-length axis
        return x
    v = reshape(v, (pos.shape[0],) + rest)
    r = _ops.record("scatter", "", [xs, pos, v], x.dtype, xs.shape)
    return reshape(r, x.shape)

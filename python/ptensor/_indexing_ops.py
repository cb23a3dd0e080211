"""Integer-array indexing: take, take_along_axis (the PTensor take op, a gather along one
axis). Index values are checked against the axis size (IndexError, as NumPy) and negative
ones wrapped; that needs their values, so pending index arrays are materialized first."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._array import Local
from ._creation import arange, asarray
from ._elementwise import _as_array, add, multiply
from ._manipulation import reshape

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import NDArray

    from ._array import Array


def _checked_indices(indices, n, name, device=None):
    """int64 leaf Array of in-range, non-negative indices (NumPy's rules for negatives), on
    `device` (the indexed array's: the indices are checked on the host). An int64 host array
    of such indices is used as it is (no copy)."""
    iv, same = _index_values_checked(indices, n, name)
    if same and isinstance(indices, Local) and indices.dtype == dt.int64 and \
            indices.device == (device if device is not None else indices.device):
        return indices
    return asarray(iv, device=device)


def checked_index_values(indices, n, name):
    """The indices as an int64 NumPy array, in range and non-negative (NumPy's rules for
    negatives; IndexError otherwise). Also for distributed arrays' row indices (_dist_move)."""
    return _index_values_checked(indices, n, name)[0]


def _index_values_checked(indices, n, name):
    """(checked_index_values, whether that is index_values itself: int64, none negative)."""
    iv = index_values(indices, name)
    lo, hi = _bounds(iv)
    bad = _outside(lo, hi, n)
    if bad is not None:
        raise IndexError(f"{name}: index {bad} is out of bounds for axis of size {n}")
    if lo >= 0:
        return (iv, True) if iv.dtype == np.int64 else (iv.astype(np.int64), False)
    return np.where(iv < 0, iv + n, iv).astype(np.int64), False


def index_values(indices, name):
    """The integer indices as a NumPy array (IndexError for other dtypes)."""
    if isinstance(indices, Local):
        if not dt.is_int(indices.dtype):
            raise IndexError(f"{name}: indices must be integers, got {indices.dtype.name}")
        return indices.to_numpy(copy=False)
    iv = np.asarray(indices)
    if iv.dtype.kind not in "iu":
        raise IndexError(f"{name}: indices must be integers, got {iv.dtype}")
    return iv


def _bounds(iv):
    """(min, max) of the NumPy integer array iv; (0, -1) when it is empty."""
    return (int(iv.min()), int(iv.max())) if iv.size else (0, -1)


def _outside(lo, hi, n):
    """The bound of [lo, hi] outside [-n, n) (the upper one first), or None."""
    return hi if hi >= n else lo if lo < -n else None


def out_of_bounds(iv, n):
    """An index of the NumPy array iv outside [-n, n), or None."""
    return _outside(*_bounds(iv), n)


def take(x: Array, indices: Array | NDArray[Any], /, *, axis: int | None = None) -> Array:
    """Elements of x at the integer indices along axis (x must be 1-D when axis is None)."""
    x = _as_array(x, "take")
    if axis is None:
        if x.ndim != 1:
            raise ValueError("take: axis is required for arrays of more than one dimension")
        axis = 0
    ax = _ops.normalize_axis(axis, x.ndim)
    idx = _checked_indices(indices, x.shape[ax], "take", x.device)
    shape = x.shape[:ax] + idx.shape + x.shape[ax + 1:]
    return _ops.record("take", "", [x, idx], x.dtype, shape, attrs=[ax])


def take_in_range(x: Array, idx: Array, axis: int) -> Array:
    """take(x, idx, axis=axis) for int64 indices the caller knows are in [0, x.shape[axis])
    (computed so, e.g. clipped): recorded as they are, without reading their values, so the
    gather fuses with the computation of the indices."""
    shape = x.shape[:axis] + idx.shape + x.shape[axis + 1:]
    return _ops.record("take", "", [x, idx], x.dtype, shape, attrs=[axis])


def take_along_axis(x: Array, indices: Array | NDArray[Any], /, *, axis: int = -1) -> Array:
    """Return the elements of ``x`` at ``indices`` along ``axis``.

    As numpy.take_along_axis: ``indices`` has ``x``'s rank and broadcasts with ``x`` along
    the other dimensions, so the indices returned by :func:`argsort` gather the sorted values.
    Negative indices count from the end. The indices are checked on the host (they are
    computed when ``take_along_axis`` is called); the gather is lazy.

    Parameters
    ----------
    x : Array or array_like
        The source.
    indices : Array or array_like of int
        Indices along ``axis``, of ``x``'s rank.
    axis : int, optional
        The axis to index along (default -1).

    Returns
    -------
    Array
        ``x``'s dtype; ``indices``' size along ``axis``, the broadcast sizes elsewhere.

    Notes
    -----
    Indices of another rank raise ValueError, out-of-range indices IndexError. NumPy's
    ``axis=None`` (indices into the flattened array) is not supported.

    See Also
    --------
    take : Take along an axis with one set of indices.
    argsort : Indices that sort an array.

    Examples
    --------
    >>> x = pt.asarray([[10, 30, 20], [60, 40, 50]])
    >>> pt.take_along_axis(x, pt.argsort(x, axis=1), axis=1)
    Array([[10, 20, 30],
           [40, 50, 60]])
    >>> pt.take_along_axis(x, pt.asarray([[-1], [0]]), axis=1)
    Array([[20],
           [60]])
    """
    x = _as_array(x, "take_along_axis")
    if not isinstance(indices, Local):
        indices = _as_array(np.asarray(indices), "take_along_axis")
    if indices.ndim != x.ndim:
        raise ValueError(f"take_along_axis: indices must have x's rank {x.ndim}, got "
                         f"{indices.ndim}")
    ax = _ops.normalize_axis(axis, x.ndim)
    idx = _checked_indices(indices, x.shape[ax], "take_along_axis", x.device)
    other = [x.shape[i] for i in range(x.ndim) if i != ax]
    ishape = [idx.shape[i] for i in range(x.ndim) if i != ax]
    oshape = _ops.broadcast_shapes(tuple(other), tuple(ishape))
    shape = oshape[:ax] + (idx.shape[ax],) + oshape[ax:]
    idx = _ops.broadcast_to(idx, shape)
    strides = [1] * x.ndim
    for i in range(x.ndim - 2, -1, -1):
        strides[i] = strides[i + 1] * x.shape[i + 1]
    flat = multiply(idx, strides[ax])
    for i in range(x.ndim):
        if i == ax:
            continue
        pos = _ops.insert_unit_dims(arange(shape[i], dtype=dt.int64, device=x.device),
                                    [j for j in range(x.ndim) if j != i],
                                    tuple(shape[i] if j == i else 1 for j in range(x.ndim)))
        flat = add(flat, multiply(pos, strides[i]))
    return _ops.record("take", "", [reshape(x, (-1,)), flat], x.dtype, shape, attrs=[0])


def check_assignable(vshape, target):
    """ValueError unless a value of shape vshape broadcasts to the selection's shape target
    (also for distributed arrays' rows: _dist_move.put_rows)."""
    if not _ops.broadcasts_to(vshape, target):
        raise ValueError(f"cannot assign a value of shape {tuple(vshape)} to {target[0]} "
                         f"selected elements of shape {tuple(target)}")


__all__ = ["take", "take_along_axis"]

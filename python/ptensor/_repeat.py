"""repeat (a manipulation function): an int count is a broadcast and a reshape; per-element
counts a gather at searchsorted positions of their cumulative sum (so this module sits above
_searching)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _dtypes as dt
from . import _ops
from ._creation import arange
from ._elementwise import _as_array, less
from ._indexing_ops import take
from ._manipulation import reshape
from ._searching import searchsorted
from ._statistical import cumulative_sum, sum as _sum
from ._utility import any as _any

if TYPE_CHECKING:
    from ._array import Array


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Return ``x`` with each element repeated.

    As numpy.repeat: along ``axis``, or in the flattened array when ``axis`` is None
    (default). ``repeats`` is one count for every element or an integer array of counts, one
    per element along the axis (or of size 1). With an array of counts the result's size is
    their sum, so the counts are read (computed) when ``repeat`` is called.

    Parameters
    ----------
    x : Array or array_like
        The input.
    repeats : int or Array of int
        The counts (non-negative; a negative count raises ValueError).
    axis : int, optional
        The axis to repeat along (default None: the flattened array).

    Returns
    -------
    Array
        ``x``'s dtype; the size along ``axis`` is the sum of the counts.

    See Also
    --------
    tile : Repeat the whole array.

    Examples
    --------
    >>> pt.repeat(pt.asarray([1, 2, 3]), 2)
    Array([1, 1, 2, 2, 3, 3])
    >>> x = pt.asarray([[1, 2], [3, 4]])
    >>> pt.repeat(x, 2, axis=1)
    Array([[1, 1, 2, 2],
           [3, 3, 4, 4]])
    >>> pt.repeat(x, pt.asarray([1, 2]), axis=0)
    Array([[1, 2],
           [3, 4],
           [3, 4]])
    """
    x = _as_array(x, "repeat")
    if repeat_count(repeats) is None:
        return _repeat_counts(x, repeats, axis)
    if axis is None:
        x, axis = reshape(x, (-1,)), 0
    ax = _ops.normalize_axis(axis, x.ndim)
    inter = x.shape[:ax + 1] + (1,) + x.shape[ax + 1:]
    y = _ops.insert_unit_dims(x, [ax + 1], inter)
    y = _ops.broadcast_to(y, x.shape[:ax + 1] + (repeats,) + x.shape[ax + 1:])
    return reshape(y, x.shape[:ax] + (x.shape[ax] * repeats,) + x.shape[ax + 1:])


def repeat_count(repeats):
    """repeat's int count, checked; None when repeats is not an int (an array of counts)."""
    if not isinstance(repeats, int) or isinstance(repeats, bool):
        return None
    if repeats < 0:
        raise ValueError(f"repeat: repeats must be non-negative, got {repeats}")
    return repeats


def _repeat_counts(x, repeats, axis):
    """repeat with per-element counts: the result's size is their sum (read once, like
    nonzero's); element j of the result is element searchsorted(cumsum(counts), j, 'right')."""
    if isinstance(repeats, bool):
        raise TypeError("repeat: repeats must be an int or an integer array, got bool")
    counts = _as_array(repeats, "repeat")
    if not dt.is_int(counts.dtype):
        raise TypeError(f"repeat: repeats must be an int or an integer array, got {counts.dtype}")
    if counts.ndim > 1:
        raise ValueError(f"repeat: repeats must be 0-d or 1-D, got shape {counts.shape}")
    if axis is None:
        x, axis = reshape(x, (-1,)), 0
    ax = _ops.normalize_axis(axis, x.ndim)
    n = x.shape[ax]
    if counts.ndim == 0 or counts.shape[0] == 1:
        counts = _ops.broadcast_to(reshape(counts, (1,)), (n,))
    elif counts.shape[0] != n:
        raise ValueError(f"repeat: repeats has {counts.shape[0]} counts for an axis of size {n}")
    counts = _ops.cast(counts, dt.int64)
    if n and bool(_any(less(counts, 0))):
        raise ValueError("repeat: repeats must be non-negative")
    total = int(_sum(counts)) if n else 0
    idx = searchsorted(cumulative_sum(counts), arange(total, dtype=dt.int64), side="right")
    return take(x, idx, axis=ax)

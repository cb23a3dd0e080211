"""Searching functions of this slice: where (the PTensor where op: an elementwise select)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _core, _ops
from ._array import Local
from ._creation import arange
from ._elementwise import _SCALARS, _as_array, _conformed, _operand
from ._indexing_ops import take
from ._manipulation import reshape
from ._statistical import cumulative_sum
from ._utility import count_nonzero

if TYPE_CHECKING:
    from typing import Literal

    from ._array import Array
    from ._typing import Scalar


def where(condition: Array, x1: Array | Scalar, x2: Array | Scalar, /) -> Array:
    """x1 where condition is true, x2 elsewhere; all three broadcast; the result dtype is
    result_type(x1, x2) (Python scalars are weak, as in NumPy 2)."""
    c = _as_array(condition, "where")
    if c.dtype != dt.bool_:
        c = _ops.cast(c, dt.bool_)  # NumPy: truthiness of the condition
    xs = []
    for name, x in (("x1", x1), ("x2", x2)):
        if not isinstance(x, (Local,) + _SCALARS):
            x = _operand(x, f"where: {name}", c)  # (a NumPy scalar goes to c's device)
        xs.append(x)
    arrays = [x for x in xs if isinstance(x, Local)]
    if not arrays:
        raise TypeError("where: x1 or x2 must be a ptensor Array")
    rt = dt.result_type(*xs)
    shape = _ops.broadcast_shapes(c.shape, *(a.shape for a in arrays))
    ops = [_ops.broadcast_to(c, shape)] + [_conformed("where", x, rt, shape) for x in xs]
    return _ops.record("where", "", ops, rt, shape)


__all__ = ["where"]


def _arg(name, x, axis, keepdims):
    """Index of the first extreme element along axis: the RFC's ptensor.find_index (the
    extreme value m, then the smallest index where x equals m, or where x is NaN when m is:
    NumPy returns the first NaN)."""
    x = _as_array(x, name)
    dt.reject_complex(name, x.dtype)
    if x._t.is_pending:
        # x's values computed once: the reduction and the comparison each recomputing them
        # (fused into two loops) could differ in the last bit (libm's exp in one, the vector
        # exp in the other), and then no element equals the extreme.
        # (Before the reshape below: the flattened view of stored values reads the same
        # values twice, and materializing it would copy the whole array.)
        _core.to_numpy(x._t)
    if axis is None:
        flat = x if x.ndim == 1 else reshape(x, (-1,))
        r = _find_index(name, flat, 0)
        return reshape(r, (1,) * x.ndim) if keepdims else r
    if x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    ax = _ops.normalize_axis(axis, x.ndim)
    r = _find_index(name, x, ax)
    if keepdims:
        r = _ops.insert_unit_dims(r, [ax], tuple(1 if i == ax else s
                                                 for i, s in enumerate(x.shape)))
    return r


def _find_index(name, x, ax):
    if x.shape[ax] == 0:
        raise ValueError(f"{name}: attempt to get {name} of an empty sequence")
    return _ops.record_op("find_index", [x], dt.int64, _ops.without_axes(x.shape, ax),
                          kind=_ops.Case("FindKind", name), axis=ax)


def argmax(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Index of the first maximum along axis (of the flattened array by default), int64."""
    return _arg("argmax", x, axis, keepdims)


def argmin(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Index of the first minimum along axis (of the flattened array by default), int64."""
    return _arg("argmin", x, axis, keepdims)


__all__ += ["argmax", "argmin"]


def searchsorted(x1: Array, x2: Array | int | float, /, *, side: Literal["left", "right"] = "left",
                 sorter: Array | None = None) -> Array:
    """Where ``x2``'s values would go in the sorted ``x1`` (int64 indices), as numpy.searchsorted.

    A binary search in the sorted 1-D ``x1`` for each value of ``x2`` (NaN ordered last, as
    in NumPy). ``side="left"`` gives the first suitable index, ``side="right"`` the last.
    ``x2`` may be a Python scalar: the result is then 0-d, and the scalar takes ``x1``'s
    dtype where it fits (the array API's rule for scalars). The result is int64.

    Parameters
    ----------
    x1 : Array
        A 1-D array sorted in ascending order (or put in order by ``sorter``).
    x2 : Array or scalar
        The values to insert.
    side : {"left", "right"}, optional
        Which index to give for values equal to elements of ``x1`` (default "left").
    sorter : Array, optional
        Integer indices that sort ``x1`` (as from :func:`ptensor.argsort`).

    Returns
    -------
    Array
        int64 indices, ``x2``'s shape.

    Raises
    ------
    ValueError
        For ``x1`` that is not 1-D, or another ``side``.
    TypeError
        For complex values.
    OverflowError
        For a Python scalar ``x2`` that does not fit the common dtype.

    Examples
    --------
    >>> a = pt.asarray([1, 2, 2, 3])
    >>> pt.searchsorted(a, pt.asarray([2, 5]))
    Array([1, 4])
    >>> pt.searchsorted(a, pt.asarray([2]), side="right")
    Array([3])
    >>> pt.searchsorted(a, 2)
    Array(1)
    """
    a = _as_array(x1, "searchsorted")
    v = x2 if isinstance(x2, _SCALARS) and not isinstance(x2, np.generic) else \
        _operand(x2, "searchsorted", a)
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', got {side!r}")
    if a.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be one-dimensional, got shape {a.shape}")
    if sorter is not None:
        a = take(a, sorter, axis=0)
    rt = dt.result_type(a, v)
    dt.reject_complex("searchsorted", rt)
    if not isinstance(v, Local):
        if not dt.scalar_fits(v, rt):
            raise OverflowError(f"searchsorted: {v} does not fit {rt.name}")
        v = _ops.full((), v, rt)
    a, v = _ops.cast(a, rt), _ops.cast(v, rt)
    return _ops.record("searchsorted", "", [a, v], dt.int64, v.shape,
                       attrs=[int(side == "right")])


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """The indices of the nonzero elements, one int64 array per dimension, as numpy.nonzero.

    The indices are in row-major (C) order. The number of nonzero elements decides the
    result's length, so ``x`` is computed when ``nonzero`` is called (not lazily).
    ``x[pt.nonzero(x)]`` gives the nonzero values.

    Parameters
    ----------
    x : Array
        The input, at least 1-D.

    Returns
    -------
    tuple of Array
        ``x.ndim`` 1-D int64 arrays, the indices along each dimension.

    Raises
    ------
    ValueError
        For 0-d ``x`` (as in the array API and NumPy 2).

    See Also
    --------
    where : With one argument, the same.
    count_nonzero : The number of nonzero elements.

    Examples
    --------
    >>> pt.nonzero(pt.asarray([[0, 3], [4, 0]]))
    (Array([0, 1]), Array([1, 0]))
    """
    x = _as_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension (array API)")
    count = int(count_nonzero(x))
    return tuple(_ops.record_op_results("nonzero", [x], [(dt.int64, (count,))] * x.ndim))


def _mask_positions(flat_mask):
    """Flat positions (int64) of the true elements of a 1-D bool array, in order. Their
    number is data-dependent and is materialized; the positions themselves are compiled:
    the k-th true element is searchsorted(cumulative count, k + 1)."""
    count = int(count_nonzero(flat_mask))
    return searchsorted(cumulative_sum(flat_mask, dtype=dt.int64),
                        arange(1, count + 1, dtype=dt.int64))


def _mask_rows(x, mask):
    """(x as [rows, rest...], positions of mask's true elements) for a boolean mask over x's
    leading dimensions."""
    k = mask.ndim
    if k > x.ndim or any(m not in (s, 0) for m, s in zip(mask.shape, x.shape)):
        raise IndexError(f"boolean index of shape {mask.shape} does not match the indexed "
                         f"array's leading dimensions {x.shape[:k]}")
    if mask.size == 0:  # a mask with a zero-length axis selects nothing (as NumPy)
        x = x[(slice(0, 0),) * k]
    rows = 1
    for d in x.shape[:k]:
        rows *= d
    return reshape(x, (rows,) + tuple(x.shape[k:])), _mask_positions(reshape(mask, (-1,)))


def _boolean_mask_getitem(x, mask):
    """x[mask]: the selected elements (or sub-arrays) in row-major order. Counted first (the
    result's size), then the dialect's op ptensor.extract_mask; a 0-d or empty mask (and a
    mismatched one, for its error) goes through _mask_rows."""
    k = mask.ndim
    if 0 < k <= x.ndim and mask.size and tuple(mask.shape) == tuple(x.shape[:k]):
        count = int(count_nonzero(mask))
        return _ops.record_op("extract_mask", [x, mask], x.dtype,
                              (count,) + tuple(x.shape[k:]))
    xs, pos = _mask_rows(x, mask)
    if pos.shape[0]:
        return take(xs, pos, axis=0)
    return reshape(xs[0:0], (0,) + tuple(xs.shape[1:]))


__all__ += ["searchsorted", "nonzero"]

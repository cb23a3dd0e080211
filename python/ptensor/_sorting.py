"""Sorting: sort and argsort (array API 2024.12), stable, ascending or descending, any axis.

The RFC's ptensor.sort and ptensor.argsort: --lower-ptensor makes each the built-in custom
call "ptensor.sort" (runtime/host/Sort.cpp, a stable sort of each row of the last axis), which
gives the sorted values, and the source indices when they are asked for (argsort; sort asks
for the values only, which sorts keys without indices), the axis moved last around it. Set
functions and the distributed sort, which need values and indices of one sort, call the
custom call directly (_sort_along). NaN sorts last in ascending order (NumPy's); descending
order is the reverse of the ascending sort of the reversed array: NaN first, equal elements
in their original order. Complex arrays sort in NumPy's lexicographic order (real part, then imaginary
part, NaN parts last): an extension, the standard leaves their order unspecified."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _dtypes as dt
from . import _ops
from ._custom_call import call
from ._elementwise import _as_array
from ._manipulation import moveaxis

if TYPE_CHECKING:
    from ._array import Array


def _checked(x, axis, name):
    x = _as_array(x, name)
    if x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    return x, _ops.normalize_axis(axis, x.ndim)


def _sort_along(x, axis, descending, name, indices=True):
    """(values, indices or None) of one "ptensor.sort" call: for callers that need both (set
    functions, the distributed sort), which one custom call with two results gives."""
    x, ax = _checked(x, axis, name)
    y = moveaxis(x, ax, -1) if ax != x.ndim - 1 else x
    results = [(y.shape, y.dtype)] + ([(y.shape, dt.int64)] if indices else [])
    if y.size == 0:
        vals, idx = y, _ops.full(y.shape, 0, dt.int64)
    else:
        r = call("ptensor.sort", [y], results, {"descending": bool(descending)})
        vals, idx = r if indices else (r[0], None)
    if ax != x.ndim - 1:
        vals = moveaxis(vals, -1, ax)
        idx = moveaxis(idx, -1, ax) if indices else None
    return vals, idx


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """x sorted along axis (stable; NaN last in ascending order): the RFC's ptensor.sort."""
    x, ax = _checked(x, axis, "sort")
    if x.size == 0:
        return _ops.copy(x)
    return _ops.record_op("sort", [x], x.dtype, x.shape, axis=ax, descending=bool(descending))


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """int64 indices that sort x along axis (stable: equal elements keep their order): the
    RFC's ptensor.argsort."""
    x, ax = _checked(x, axis, "argsort")
    if x.size == 0:
        return _ops.full(x.shape, 0, dt.int64)
    return _ops.record_op("argsort", [x], dt.int64, x.shape, axis=ax,
                          descending=bool(descending))


__all__ = ["sort", "argsort"]

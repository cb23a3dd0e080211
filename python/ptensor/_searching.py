"""Searching functions of this slice: where (the PTensor where op: an elementwise select)."""
from __future__ import annotations

from . import _dtypes as dt
from . import _ops
from ._array import Array
from ._elementwise import _SCALARS, _as_array


def where(condition, x1, x2, /):
    """x1 where condition is true, x2 elsewhere; all three broadcast; the result dtype is
    result_type(x1, x2) (Python scalars are weak, as in NumPy 2)."""
    c = _as_array(condition, "where")
    if c.dtype != dt.bool_:
        c = _ops.cast(c, dt.bool_)  # NumPy: truthiness of the condition
    xs = []
    for name, x in (("x1", x1), ("x2", x2)):
        if not isinstance(x, (Array,) + _SCALARS):
            x = _as_array(x, f"where: {name}")
        xs.append(x)
    arrays = [x for x in xs if isinstance(x, Array)]
    if not arrays:
        raise TypeError("where: x1 or x2 must be a ptensor Array")
    rt = dt.result_type(*xs)
    shape = _ops.broadcast_shapes(c.shape, *(a.shape for a in arrays))
    ops = [_ops.broadcast_to(c, shape)]
    for x in xs:
        if isinstance(x, Array):
            ops.append(_ops.broadcast_to(_ops.cast(x, rt), shape))
        else:
            if not dt.scalar_fits(x, rt):
                raise OverflowError(f"where: Python integer {x} out of bounds for {rt.name}")
            ops.append(_ops.full(shape, x, rt))
    return _ops.record("where", "", ops, rt, shape)


__all__ = ["where"]

"""Recording helpers shared by every category: one place that turns a validated call into a
node of the C++ pending program (shape and dtype known at once)."""
from __future__ import annotations

import operator
from typing import Any

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _eager
from ._upcalls import Slots

up: Slots = Slots("ptensor._ops", Array="the array type that records make (ptensor._array.Array)")
_record = _core.record


def record(kind, sub, operands, dtype, shape, attrs=(), iargs=(), sargs=(), device=-1):
    """device: the core's device index of a node without array operands (-1: the
    operands', else the default device). A small node whose operands have values is computed
    at once instead of recorded (_eager.py)."""
    if operands and _eager.on and device <= 0:
        r = _eager.evaluate(kind, sub, operands, dtype, shape, attrs, iargs)
        if r is not None:
            if type(r) is np.ndarray:
                return up.Array._of_values(r, dtype)
            return up.Array._new(r, dtype)
    hs = [o._t for o in operands]
    h = _record(kind, sub, hs, dtype.code, tuple(shape), list(attrs), list(iargs), list(sargs),
                device)
    return up.Array._new(h, dtype)


class Case:
    """A case of an enum of the PTensor dialect (Dialect/PTensor/Ops.td) as an attribute of
    record_op: its number comes from the C++ core, the one source of the enum."""
    _numbers: dict[Any, Any] = {}

    def __init__(self, enum, case):
        self.case = case
        key = (enum, case)
        if key not in Case._numbers:
            Case._numbers[key] = _core.enum_case(enum, case)
        self.number = Case._numbers[key]


def _attribute_text(v):
    """MLIR text of an attribute value: bool, int (i64), a tuple or list of ints
    (array<i64>), a Case (i32)."""
    if isinstance(v, Case):
        return f"{v.number} : i32"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return f"{v} : i64"
    if isinstance(v, (tuple, list)):
        return "array<i64" + (": " + ", ".join(str(int(e)) for e in v) if v else "") + ">"
    raise TypeError(f"record_op: no attribute text for {v!r}")


def record_op(name, operands, dtype, shape, **attributes):
    """Records the PTensor dialect's op `ptensor.<name>` (declared in Dialect/PTensor/Ops.td)
    with one result of dtype and shape; its verifier checks operands and attributes when the
    program is built. The C++ core needs no change for a new op (src/Kinds.def, Kind::Op)."""
    return record_op_results(name, operands, [(dtype, shape)], **attributes)[0]


def record_op_results(name, operands, results, scalars=(), **attributes):
    """record_op of an op with several results, given as (dtype, shape) pairs; their arrays.
    scalars: Python ints / floats passed as i64 / f64 operands after the arrays. A small op of
    one result whose operands have values is computed at once instead (_eager.py)."""
    if len(results) == 1 and not scalars and _eager.on:
        h = _eager.evaluate_op(name, [o._t for o in operands], results[0][0], results[0][1],
                               attributes)
        if h is not None:
            return [up.Array._new(h, results[0][0])]
    text = "{" + ", ".join(f"{k} = {_attribute_text(v)}" for k, v in attributes.items()) + "}"
    (dtype, shape), more = results[0], [(d.code, tuple(s)) for d, s in results[1:]]
    hs = _core.record_op("ptensor." + name, text, [o._t for o in operands], dtype.code,
                         tuple(shape), [], list(scalars), more)
    return [up.Array._new(h, d) for h, (d, _) in zip(hs, results)]


def without_axes(shape, axes):
    """shape without the dimensions axes (an int or a collection of ints): a reduction's."""
    axes = (axes,) if isinstance(axes, int) else axes
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def as_index(v, argname):
    """An int from v (ints and objects with __index__); TypeError naming argname otherwise."""
    if isinstance(v, bool):
        raise TypeError(f"{argname} must be an integer, got bool")
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{argname} must be an integer, got {type(v).__name__}") from None


def normalize_shape(shape, argname="shape"):
    if isinstance(shape, (int,)) and not isinstance(shape, bool) or hasattr(shape, "__index__") and not isinstance(shape, (tuple, list)):
        shape = (shape,)
    try:
        shape = tuple(as_index(s, argname) for s in shape)
    except TypeError:
        raise TypeError(f"{argname} must be an int or a tuple of ints, got {shape!r}") from None
    for s in shape:
        if s < 0:
            raise ValueError(f"{argname}: negative dimensions are not allowed, got {shape}")
    return shape


def normalize_axis(axis, ndim, argname="axis"):
    a = as_index(axis, argname)
    if not -ndim <= a < ndim:
        raise np.exceptions.AxisError(f"{argname} {a} is out of bounds for array of dimension {ndim}")
    return a % ndim if ndim else 0


def normalize_axes(axis, ndim, argname="axis"):
    """Sorted tuple of axes (None = all); duplicates raise ValueError."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = [normalize_axis(a, ndim, argname) for a in axis]
    else:
        axes = [normalize_axis(axis, ndim, argname)]
    if len(set(axes)) != len(axes):
        raise ValueError(f"{argname}: repeated axis in {axis!r}")
    return tuple(sorted(axes))


def broadcast_shapes(*shapes):
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for s in shapes:
        for i, d in enumerate(s):
            j = ndim - len(s) + i
            if d == 1:
                continue
            if out[j] != 1 and out[j] != d:
                raise ValueError("operands could not be broadcast together with shapes "
                                 + " ".join(str(tuple(x)) for x in shapes))
            out[j] = d
    return tuple(out)


def broadcasts_to(shape, target):
    """Whether an array of `shape` broadcasts to `target` (assignments' values)."""
    try:
        return broadcast_shapes(tuple(shape), tuple(target)) == tuple(target)
    except ValueError:
        return False


def broadcast_to(x, shape):
    """x broadcast to shape (explicit ptensor.broadcast node; no node when equal)."""
    shape = tuple(shape)
    if x.shape == shape:
        return x
    if broadcast_shapes(x.shape, shape) != shape:
        raise ValueError(f"cannot broadcast an array of shape {x.shape} to shape {shape}")
    offset = len(shape) - x.ndim
    return record("broadcast", "", [x], x.dtype, shape, attrs=range(offset, len(shape)),
                  iargs=shape)


def insert_unit_dims(x, positions, shape):
    """x with size-1 dimensions at the given positions of the result `shape` (newaxis, keepdims)."""
    dims = [i for i in range(len(shape)) if i not in set(positions)]
    return record("broadcast", "", [x], x.dtype, shape, attrs=dims, iargs=shape)


def cast(x, dtype):
    if x.dtype == dtype:
        return x
    return record("cast", "", [x], dtype, x.shape)


def full(shape, value, dtype, device=-1):
    if value is None:
        return record("create", "", [], dtype, shape, iargs=shape, device=device)
    if dt.is_complex(dtype):  # real and imaginary parts, both f64
        value = complex(value)
        return record("create", "", [], dtype, shape, iargs=shape,
                      sargs=[value.real, value.imag], device=device)
    if isinstance(value, complex):  # (a complex scalar operand of a logical function)
        if dtype != dt.bool_:
            raise TypeError(f"cannot fill an array of dtype {dtype.name} with complex {value}")
        value = bool(value)
    if isinstance(value, bool):
        value = int(value)
    if dt.is_float(dtype) or isinstance(value, float):
        value = float(value)
    elif dtype == dt.uint64 and value >= 2**63:
        value -= 2**64  # same bits, passed as i64
    return record("create", "", [], dtype, shape, iargs=shape, sargs=[value], device=device)


def copy(x):
    """A fresh array with x's values (the node of positive(x); of logical_not twice for bool,
    which has no positive)."""
    if x.dtype == dt.bool_:
        return record("unary_test", "logical_not",
                      [record("unary_test", "logical_not", [x], dt.bool_, x.shape)],
                      dt.bool_, x.shape)
    return record("unary", "positive", [x], x.dtype, x.shape)

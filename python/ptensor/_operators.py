"""Python operators of the local Array (+, -, *, /, //, %, **, &, |, ^, <<, >>, their
reflected and in-place forms, comparisons, @, unary -, +, abs, ~): methods installed on the
class by the namespace at import (Array is below the functions that implement them; see
_upcalls.py)."""
from __future__ import annotations

import numpy as np

from . import _elementwise as ew
from ._array import Array, Local, _ArrayType, _inplace
from ._creation import asarray
from ._linalg import matmul
from ._upcalls import namespace


def install():
    """Array's Python operators: the elementwise functions, matmul (called once, by the
    namespace)."""
    binary = {
        "add": ew.add, "sub": ew.subtract, "mul": ew.multiply, "truediv": ew.divide,
        "floordiv": ew.floor_divide, "mod": ew.remainder, "pow": ew.pow,
        "and": ew.bitwise_and, "or": ew.bitwise_or, "xor": ew.bitwise_xor,
        "lshift": ew.bitwise_left_shift, "rshift": ew.bitwise_right_shift,
    }
    operands = ew.OPERANDS
    for name, fn in binary.items():
        def op(self, other, fn=fn):
            if not isinstance(other, operands):
                return NotImplemented
            return fn(self, other)

        def rop(self, other, fn=fn):
            if not isinstance(other, operands):
                return NotImplemented
            return fn(other, self)

        def iop(self, other, fn=fn):
            if type(other) in _ArrayType.distributed:
                # a replicated local array updated by a distributed one (x += d, x local from
                # a reduction over the split axis): the namespace's dispatching function, and
                # its result written into every rank's x (fuzz seeds 50352, 50549)
                return _inplace(self, getattr(namespace, fn.__name__), other)
            return _inplace(self, fn, other)

        setattr(Array, f"__{name}__", getattr(fn, "_op", op))
        setattr(Array, f"__r{name}__", getattr(fn, "_rop", rop))
        setattr(Array, f"__i{name}__", iop)

    for name, fn in {"eq": ew.equal, "ne": ew.not_equal, "lt": ew.less, "le": ew.less_equal,
                     "gt": ew.greater, "ge": ew.greater_equal}.items():
        def cmp(self, other, fn=fn):
            if not isinstance(other, operands):
                return NotImplemented
            return fn(self, other)
        setattr(Array, f"__{name}__", cmp)

    def matrix(other):  # an Array or NumPy array operand of @, else None
        if isinstance(other, np.ndarray):
            return asarray(other)
        return other if isinstance(other, Local) else None

    def mm(self, other):
        other = matrix(other)
        return NotImplemented if other is None else matmul(self, other)

    def rmm(self, other):  # only reached for non-Array left operands (e.g. NumPy arrays)
        other = matrix(other)
        return NotImplemented if other is None else matmul(other, self)

    def imm(self, other):  # x @= y (the array API): only when the shape stays
        if type(other) in _ArrayType.distributed:  # (as iop above)
            return _inplace(self, namespace.matmul, other)
        other = matrix(other)
        return NotImplemented if other is None else _inplace(self, matmul, other)

    Array.__matmul__, Array.__rmatmul__, Array.__imatmul__ = mm, rmm, imm
    Array.__hash__ = None
    Array.__neg__ = lambda self: ew.negative(self)
    Array.__pos__ = lambda self: ew.positive(self)
    Array.__abs__ = lambda self: ew.abs(self)
    Array.__invert__ = lambda self: ew.bitwise_invert(self)

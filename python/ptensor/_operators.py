"""Python operators of the local Array (+, -, *, /, //, %, **, &, |, ^, <<, >>, their
reflected and in-place forms, comparisons, @, unary -, +, abs, ~): methods installed on the
class by the namespace at import (Array is below the functions that implement them; see
_upcalls.py)."""
from __future__ import annotations

import numpy as np

from . import _eager
from . import _elementwise as ew
from ._array import Array, Local, _ArrayType, _inplace
from ._creation import asarray
from ._linalg import matmul
from ._upcalls import namespace


# The one table of Python operators (Array's here, DArray's in _dist_dispatch): the dunder
# name without underscores -> the elementwise function. BINARY also gives the reflected
# (__radd__) and in-place (__iadd__) forms.
BINARY = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
          "floordiv": "floor_divide", "mod": "remainder", "pow": "pow", "and": "bitwise_and",
          "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "bitwise_left_shift",
          "rshift": "bitwise_right_shift"}
COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
               "gt": "greater", "ge": "greater_equal"}
UNARY = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}


def _small_matmul(a, b):
    """a @ b by NumPy on the values of two float Arrays of one dtype (ew._values), 1-D or 2-D
    with matching inner lengths and a result within the eager limit; None where that does
    not apply (the recorded matmul validates and raises its own errors)."""
    d = a._dtype
    if d.kind != "f" or b._dtype is not d:
        return None
    n, m = ew._values(a), ew._values(b)
    if n is None or m is None or n.ndim == 0 or m.ndim == 0 or n.ndim > 2 or m.ndim > 2:
        return None
    if n.shape[-1] != m.shape[0]:
        return None
    if n.ndim == 2 and m.ndim == 2 and n.shape[0] * m.shape[1] > _eager.LIMIT:
        return None
    return Array._of_values(np.matmul(n, m), d)


def install():
    """Array's Python operators: the elementwise functions, matmul (called once, by the
    namespace)."""
    binary = {op: getattr(ew, name) for op, name in BINARY.items()}
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
                # its result written into every rank's x, so that x stays replicated
                return _inplace(self, getattr(namespace, fn.__name__), other)
            return _inplace(self, fn, other)

        setattr(Array, f"__{name}__", getattr(fn, "_op", op))
        setattr(Array, f"__r{name}__", getattr(fn, "_rop", rop))
        setattr(Array, f"__i{name}__", iop)

    for name, fn in {op: getattr(ew, name) for op, name in COMPARISONS.items()}.items():
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
        if _eager.fast and type(other) is Array:
            r = _small_matmul(self, other)
            if r is not None:
                return r
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
    for op, name in UNARY.items():
        setattr(Array, f"__{op}__", lambda self, fn=getattr(ew, name): fn(self))

"""Dispatch of the namespace's functions on distributed arguments: ``dispatching(name, fn)``
wraps a namespace function so that distributed arguments take the implementation the
registry (_dist_registry) holds for its name; every module that registers implementations
is imported here (so the registry is complete before the namespace wraps its functions);
and DArray's Python operators."""
from __future__ import annotations

import functools

from . import _dist
from . import _operators
from . import _ops
from . import _dist_registry
from ._array import _inplace
from ._dist import DArray
from ._dist_align import _ARRAYLIKE, _NO_KW, elementwise
from ._dist_index import getitem, setitem
from ._dist_replicated import replicated
from ._elementwise import OPERANDS
from ._upcalls import namespace as pt
# the modules that register distributed implementations (@distributed where each is written)
from . import _dist_compose, _dist_create, _dist_linalg, _dist_manip  # noqa: F401
from . import _dist_move, _dist_reduce, _dist_scans  # noqa: F401


def _has_darray(args, kwargs):
    for v in args:
        if isinstance(v, DArray) or (isinstance(v, (list, tuple)) and
                                     any(isinstance(w, DArray) for w in v)):
            return True
    for v in kwargs.values():
        if isinstance(v, DArray):
            return True
    return False



def _elementwise(name, fn, *a, **kw):
    return elementwise(fn, a, kw)


def _replicated(name, fn, *a, **kw):
    return replicated(fn, a, kw)


def dispatching(name, fn, elementwise_names):
    """fn, but distributed arguments take the distributed implementation of `name` (the
    registry: _dist_registry)."""
    impl = _dist_registry.lookup(name, elementwise_names, _elementwise, _replicated)
    may_return_input = name == "astype"  # copy=False: x itself (the standard's rule)

    @functools.wraps(fn)
    def f(*args, **kwargs):
        if _has_darray(args, kwargs):
            _dist.note(name, args, kwargs)
            r = impl(name, fn, *args, **kwargs)
            if not may_return_input and any(r is a for a in args):
                r = _fresh(r)  # functions return new arrays, as on one process
            return r
        return fn(*args, **kwargs)
    return f


def _fresh(x):
    """A new DArray with x's values and partition."""
    return DArray(_ops.copy(x._local), x.shape, x.team, x.split, x._pb, x._po)


def install_operators():
    """Python operators of DArray: the namespace's (dispatching) functions."""
    binary = _operators.BINARY
    # the local arrays' operands (NumPy's as replicated ones) and DArrays; anything else (a
    # str, None, ...) gets NotImplemented, so Python tries the other side and == ends False
    operands = (DArray,) + OPERANDS
    for op, name in binary.items():
        fn = getattr(pt, name)
        # straight to elementwise (the namespace function would only find the DArray first)
        raw = fn.__wrapped__
        setattr(DArray, f"__{op}__", lambda self, other, fn=raw: elementwise(
            fn, (self, other), _NO_KW) if isinstance(other, operands) else NotImplemented)
        setattr(DArray, f"__r{op}__", lambda self, other, fn=raw: elementwise(
            fn, (other, self), _NO_KW) if isinstance(other, operands) else NotImplemented)
        # in place: the local arrays' rules (shape kept, same-kind cast), written back
        setattr(DArray, f"__i{op}__", lambda self, other, fn=fn: _inplace(self, fn, other))
    for op, name in _operators.COMPARISONS.items():
        fn = getattr(pt, name)
        setattr(DArray, f"__{op}__", lambda self, other, fn=fn: fn(self, other)
                if isinstance(other, operands) else NotImplemented)
    for op, name in _operators.UNARY.items():
        fn = getattr(pt, name)
        setattr(DArray, f"__{op}__", lambda self, fn=fn: fn(self))
    DArray.T = property(lambda self: pt.permute_dims(self, (1, 0)) if self.ndim == 2
                        else self._replicated().T)
    DArray.mT = property(lambda self: pt.matrix_transpose(self))
    DArray.__getitem__, DArray.__setitem__ = getitem, setitem  # (no import per call)
    arrays = _ARRAYLIKE
    DArray.__matmul__ = lambda self, other: pt.matmul(self, other) \
        if isinstance(other, arrays) else NotImplemented
    DArray.__rmatmul__ = lambda self, other: pt.matmul(other, self) \
        if isinstance(other, arrays) else NotImplemented
    DArray.__imatmul__ = lambda self, other: _inplace(self, pt.matmul, other) \
        if isinstance(other, arrays) else NotImplemented
    DArray.__hash__ = None

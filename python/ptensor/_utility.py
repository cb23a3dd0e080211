"""Utility functions: all, any, diff."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _dtypes as dt
from . import _ops
from ._elementwise import _as_array, not_equal, subtract
from ._manipulation import concat
from ._statistical import sum as _sum

if TYPE_CHECKING:
    from ._array import Array
    from ._typing import Axes


def _truth(x, name, axis, keepdims):
    """any / all: the RFC's ptensor.test (of no elements: any is False, all is True)."""
    x = _as_array(x, name)
    axes = _ops.normalize_axes(axis, x.ndim)
    shape = _ops.without_axes(x.shape, axes)
    r = _ops.record_op("test", [x], dt.bool_, shape, kind=_ops.Case("TestKind", name),
                       axes=axes)
    if keepdims:
        r = _ops.insert_unit_dims(r, axes, tuple(1 if i in axes else s
                                                 for i, s in enumerate(x.shape)))
    return r


def any(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether any element (along axis) is true."""
    return _truth(x, "any", axis, keepdims)


def all(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether every element (along axis) is true."""
    return _truth(x, "all", axis, keepdims)


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """n-th forward difference along axis (array API 2024.12); prepend/append are joined
    first. Differences of bool arrays are `!=` as in NumPy."""
    x = _as_array(x, "diff")
    ax, n = diff_args(x, axis, n)
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = concat([_as_array(p, "diff") for p in parts], axis=ax)
    r = differences(x, ax, n, not_equal, subtract)
    if r is x:  # n = 0 or an empty axis: a new array all the same
        r = _ops.copy(x)
    return r


def diff_args(x, axis, n):
    """diff's axis and n, checked (also for distributed arrays: _dist_compose)."""
    if x.ndim == 0:
        raise ValueError("diff: x must have at least one dimension")
    n = _ops.as_index(n, "n")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative, got {n}")
    return _ops.normalize_axis(axis, x.ndim), n


def differences(x, ax, n, not_equal, subtract):
    """x's n-th forward difference along ax with the given functions (the local ones, or the
    namespace's for distributed arrays: views and halos)."""
    for _ in range(n):
        if x.shape[ax] == 0:
            break
        hi = tuple(slice(1, None) if i == ax else slice(None) for i in range(x.ndim))
        lo = tuple(slice(None, -1) if i == ax else slice(None) for i in range(x.ndim))
        x = not_equal(x[hi], x[lo]) if x.dtype == dt.bool_ else subtract(x[hi], x[lo])
    return x


__all__ = ["all", "any", "diff"]


def count_nonzero(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """Number of non-zero (true) elements along axis, as int64."""
    x = _as_array(x, "count_nonzero")
    return _sum(_ops.cast(x, dt.bool_), axis=axis, keepdims=keepdims, dtype=dt.int64)


__all__ += ["count_nonzero"]

"""Statistical reductions: sum, prod, min, max, mean, var, std.

Accumulation types (seed 003 / array API): integer and bool sums and products accumulate in
int64 (uint64 for unsigned), float32 and float64 in float64; the result is converted to the
result dtype on the way out. min/max accumulate in the input type and propagate NaN."""
from __future__ import annotations

from . import _dtypes as dt
from . import _ops
from ._elementwise import _as_array, divide, multiply, sqrt, subtract


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dt.to_dtype(dtype)
    if x.dtype.kind in "bi":
        return dt.int64
    if x.dtype.kind == "u":
        return dt.uint64
    return x.dtype


def _acc(rdt):
    if dt.is_float(rdt):
        return dt.float64
    return dt.uint64 if rdt.kind == "u" else dt.int64


def _reduce(name, kind, x, axis, keepdims, rdt, acc, empty_ok=False):
    x = _as_array(x, name)
    axes = _ops.normalize_axes(axis, x.ndim)
    if kind in ("min", "max") and not empty_ok and any(x.shape[a] == 0 for a in axes):
        raise ValueError(f"{name}: zero-size array to reduction operation {name} which has no "
                         "identity")
    shape = tuple(s for i, s in enumerate(x.shape) if i not in axes)
    r = _ops.record("reduce", kind, [x], rdt, shape, attrs=[acc.code, *axes])
    if keepdims:
        r = _ops.insert_unit_dims(r, axes, tuple(1 if i in axes else s
                                                 for i, s in enumerate(x.shape)))
    return r


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    x = _as_array(x, "sum")
    rdt = _sum_dtype(x, dtype)
    return _reduce("sum", "sum", x, axis, keepdims, rdt, _acc(rdt))


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    x = _as_array(x, "prod")
    rdt = _sum_dtype(x, dtype)
    return _reduce("prod", "prod", x, axis, keepdims, rdt, _acc(rdt))


def max(x, /, *, axis=None, keepdims=False):
    x = _as_array(x, "max")
    return _reduce("max", "max", x, axis, keepdims, x.dtype, x.dtype)


def min(x, /, *, axis=None, keepdims=False):
    x = _as_array(x, "min")
    return _reduce("min", "min", x, axis, keepdims, x.dtype, x.dtype)


def _count(x, axis):
    n = 1
    for a in _ops.normalize_axes(axis, x.ndim):
        n *= x.shape[a]
    return n


def _float_of(x):
    return x.dtype if dt.is_float(x.dtype) else dt.default_float


def mean(x, /, *, axis=None, keepdims=False):
    x = _as_array(x, "mean")
    fdt = _float_of(x)
    s = _reduce("mean", "sum", x, axis, keepdims, fdt, dt.float64)
    return divide(s, float(_count(x, axis)))


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    x = _as_array(x, "var")
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(f"var: correction must be a number, got {type(correction).__name__}")
    fdt = _float_of(x)
    xf = _ops.cast(x, fdt)
    m = mean(xf, axis=axis, keepdims=True)
    d = subtract(xf, m)
    s = _reduce("var", "sum", multiply(d, d), axis, keepdims, fdt, dt.float64)
    n = _count(x, axis)
    return divide(s, float(n - correction if n - correction > 0 else 0))


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))

"""Reductions of distributed arrays: sum, prod, min, max, any, all (each rank reduces its
part; an allreduce when the split axis is reduced, the result then replicated), mean, var
and std built from them. (argmax / argmin and the cumulative scans: _dist_scans.)"""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._dist import DArray, _allreduce
from ._dist_registry import distributed
from ._dist_replicated import replicated
from ._manipulation import squeeze
from . import _statistical
from ._statistical import check_correction
from ._upcalls import namespace as pt


def _ident(dtype, kind):
    """The identity of min (the dtype's largest value) or max (its smallest)."""
    if dtype == dt.bool_:
        return kind == "min"
    if dt.is_float(dtype):
        return float("inf") if kind == "min" else float("-inf")
    info = np.iinfo(dtype.name)
    return info.max if kind == "min" else info.min


def reduce(name, fn, x, axis=None, keepdims=False, **kw):
    """sum/prod/min/max/any/all: local reduction, then an allreduce when the split axis is
    reduced (the result is replicated); otherwise the result stays split."""
    axes = _ops.normalize_axes(axis, x.ndim)
    kind = {"sum": "sum", "prod": "prod", "min": "min", "max": "max", "any": "max",
            "all": "min"}[name]
    if name in ("min", "max"):
        dt.reject_complex(name, x.dtype)
    if x.split not in axes:
        r = fn(x._local, axis=axes, keepdims=keepdims, **kw)
        shape = [1 if i in axes else s for i, s in enumerate(x.shape)
                 if keepdims or i not in axes]
        split = x.split - (0 if keepdims else sum(1 for a in axes if a < x.split))
        return DArray(r, shape, x.team, split, x._pb, x._po)
    if name in ("min", "max") and any(x.shape[a] == 0 for a in axes):
        raise ValueError(f"zero-size array to reduction operation {name}imum which has no "
                         "identity")
    lo, hi = x.owned()
    if name in ("min", "max") and hi == lo:  # no rows here: the identity takes part
        shape = [1 if i in axes else s for i, s in enumerate(x._local.shape)]
        part = _ops.full(tuple(shape), _ident(x.dtype, name), x.dtype,
                         device=x._local._t.device)  # (on this rank's device, as x's rows)
    else:
        part = fn(x._local, axis=axes, keepdims=True, **kw)
    r = _allreduce(x.team, part, kind)
    if not keepdims:
        r = squeeze(r, axis=axes) if axes else r
    return r


def _count(x, axes):
    n = 1
    for a in axes:
        n *= x.shape[a]
    return n


def _sum(x, axes, keepdims):
    """The distributed sum of x (the local sum of each rank's part, recorded once; no second
    pass through the namespace's dispatch)."""
    return _reduction("sum", _statistical.sum, x, axis=axes, keepdims=keepdims)


def mean(x, axis=None, keepdims=False):
    rdt = _statistical._float_of(x)  # the local mean's result dtype
    axes = _ops.normalize_axes(axis, x.ndim)
    xs = x if x.dtype == rdt else pt.astype(x, rdt)
    return _sum(xs, axes, keepdims) / _count(x, axes)


def var(x, axis=None, correction=0.0, keepdims=False, _sqrt=False):
    check_correction(correction)
    axes = _ops.normalize_axes(axis, x.ndim)
    m = mean(x, axis=axes, keepdims=True)
    d = x - m
    sq = pt.real(d) * pt.real(d) + pt.imag(d) * pt.imag(d) if dt.is_complex(d.dtype) else d * d
    v = _sum(sq, axes, keepdims) / max(_count(x, axes) - correction, 0)
    return pt.sqrt(v) if _sqrt else v



@distributed("sum", "prod", "min", "max", "any", "all")
def _reduction(name, fn, *a, **kw):
    if len(a) != 1 or not isinstance(a[0], DArray):
        return replicated(fn, a, kw)
    return reduce(name, fn, a[0], **kw)


@distributed("mean")
def _mean(name, fn, x, /, *, axis=None, keepdims=False):
    return mean(x, axis, keepdims)


@distributed("var", "std")
def _var(name, fn, x, /, *, axis=None, correction=0.0, keepdims=False):
    return var(x, axis, correction, keepdims, _sqrt=name == "std")

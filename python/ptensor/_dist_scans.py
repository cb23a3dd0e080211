"""argmax / argmin and cumulative sums / products of distributed arrays, without gathering
them (they ran replicated before: O(N) memory and communication per rank).

Along an axis other than the split one, each rank works on its own rows and the result
stays split like the operand. Over the split axis:

- argmax / argmin run the local algorithm (_searching._arg) on the distributed array: the
  extreme value (an allreduce), then the smallest global index holding it (another
  allreduce; NaN: the first NaN, as NumPy). axis=None uses global flat (C order) indices,
  so nothing is reshaped or moved. Two allreduces of the result's size.
- cumulative_sum / cumulative_prod scan each rank's rows, then add (multiply by) the
  combined totals of the ranks before it: one all_gather of one row per rank with rows, a
  scan of those rows. Floats associate differently from NumPy's left-to-right loop (as the
  local recursive-doubling scan already does). include_initial along the split axis writes
  the initial row and the scan into a new array of n + 1 rows (the scan's rows move by one
  position: a repartition).
"""
from __future__ import annotations

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _ops
from ._dist import DArray, _collective, _rows
from ._dist_registry import distributed
from ._manipulation import concat
from ._upcalls import namespace as pt


def _global_index(x, axes):
    """int64 index of this rank's elements of x: along the one axis in `axes` (shaped to
    broadcast against x), or the flat C-order index of x's global shape (every axis)."""
    lo, hi = x.owned()
    strides = np.cumprod((x.shape[1:] + (1,))[::-1])[::-1] if len(axes) > 1 else None
    idx = None
    for k in axes:
        n = x._local.shape[k]
        first = lo if k == x.split else 0
        part = pt.arange(first, first + n, dtype=pt.int64, team=None, device=x._local.device)
        part = pt.reshape(part, tuple(n if i == k else 1 for i in range(x.ndim)))
        if strides is not None:
            part = part * int(strides[k])
        idx = part if idx is None else idx + part
    shape = x._local.shape if len(axes) > 1 else idx.shape
    gshape = x.shape if len(axes) > 1 else tuple(x.shape[i] if i in axes else 1 for i in range(x.ndim))
    return DArray(pt.broadcast_to(idx, shape), gshape, x.team, x.split, x._pb, x._po)


@distributed("argmax", "argmin")
def _arg_reduce(name, fn, x, /, *, axis=None, keepdims=False):
    return arg_reduce(name, fn, x, axis, keepdims)


def arg_reduce(name, fn, x, axis=None, keepdims=False):
    """argmax / argmin of the DArray x (fn: the local function)."""
    dt.reject_complex(name, x.dtype)
    axes = tuple(range(x.ndim)) if axis is None else (_ops.normalize_axis(axis, x.ndim),)
    if x.split not in axes:
        (ax,) = axes
        r = fn(x._local, axis=ax, keepdims=keepdims)
        shape = [1 if i == ax else s for i, s in enumerate(x.shape) if keepdims or i != ax]
        split = x.split - (0 if keepdims or ax > x.split else 1)
        return DArray(r, shape, x.team, split, x._pb, x._po)
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    if n == 0:
        raise ValueError(f"{name}: attempt to get {name} of an empty sequence")
    if x._local._t.is_pending:
        # this rank's values computed once, as in the local algorithm: the extreme and the
        # comparison each recomputing them in its own fused loop could differ in the last bit
        # (the vector tanh in one loop, libm's in another's remainder), and then no element
        # equals the extreme.
        _core.to_numpy(x._local._t)
    m = (pt.max if name == "argmax" else pt.min)(x, axis=axis, keepdims=True)
    hit = pt.equal(x, m)
    if dt.is_float(x.dtype):
        hit = pt.logical_or(hit, pt.logical_and(pt.isnan(m), pt.isnan(x)))
    cand = pt.where(hit, _global_index(x, axes), n)
    return pt.min(cand, axis=axis, keepdims=keepdims)


def _product_before(x, r, ax, totals, shape, j):
    """The product of the first j ranks' blocks (those with rows) as NumPy's sequential loop
    reaches it, for real floats: their local totals combined in rank order, where a running
    +-0 stays +-0 through a block unless the block holds an inf or NaN (then NaN), a running
    +-inf stays +-inf unless the block holds a 0 or NaN, and a finite value is multiplied by
    the block's total. (The plain product of totals would give 0 * (inf * 0) = NaN where the
    sequential product stays 0.) totals: the ranks' local totals
    (gathered); two more all_gathers of one row of flags."""
    k = r.shape[ax]
    xs = _ops.cast(x._local, r.dtype)
    one = _rows(ax, r.ndim, slice(0, min(k, 1)))  # an empty row for a rank without rows
    flags = []
    for bad in (pt.logical_not(pt.isfinite(xs)), pt.logical_or(pt.equal(xs, 0), pt.isnan(xs))):
        row = _ops.cast(pt.any(bad, axis=ax, keepdims=True), r.dtype)[one]
        flags.append(_collective("all_gather", x.team, row, shape, attrs=[ax]))
    if j == 0:
        return None
    at = lambda a, q: a[_rows(ax, r.ndim, slice(q, q + 1))]  # noqa: E731
    p = at(totals, 0)
    for q in range(1, j):
        t, holds_inf_nan, holds_zero_nan = at(totals, q), at(flags[0], q), at(flags[1], q)
        sign = pt.where(pt.isnan(t), 1.0, pt.sign(t))
        from_zero = pt.where(holds_inf_nan != 0, np.nan, p * sign)
        from_inf = pt.where(holds_zero_nan != 0, np.nan, p * t)
        p = pt.where(p == 0, from_zero, pt.where(pt.isinf(p), from_inf, p * t))
    return p


@distributed("cumulative_sum", "cumulative_prod")
def _cumulative(name, fn, x, /, *, axis=None, dtype=None, include_initial=False):
    return cumulative(name, fn, x, axis, dtype, include_initial)


def cumulative(name, fn, x, axis=None, dtype=None, include_initial=False):
    """cumulative_sum / cumulative_prod of the DArray x (fn: the local function)."""
    if axis is None and x.ndim > 1:
        raise ValueError(f"{name}: axis is required for arrays of more than one dimension")
    ax = _ops.normalize_axis(0 if axis is None else axis, x.ndim)
    if ax != x.split:
        r = fn(x._local, axis=ax, dtype=dtype, include_initial=include_initial)
        shape = tuple(s + 1 if i == ax and include_initial else s for i, s in enumerate(x.shape))
        return DArray(r, shape, x.team, x.split, x._pb, x._po)
    if include_initial:  # the initial row, then the scan: n + 1 rows, a new partition
        scan = cumulative(name, fn, x, ax, dtype)
        shape = list(scan.shape)
        shape[ax] += 1
        out = pt.empty(tuple(shape), dtype=scan.dtype, team=x.team, split=ax)
        out[_rows(ax, x.ndim, slice(0, 1))] = 0 if name == "cumulative_sum" else 1
        out[_rows(ax, x.ndim, slice(1, None))] = scan
        return out
    r = fn(x._local, axis=ax, dtype=dtype)
    counts = x.team.counts(*x.row_partition)
    with_rows = [q for q in range(x.team.size) if counts[q] > 0]
    if len(with_rows) > 1:
        k = r.shape[ax]
        last = r[_rows(ax, r.ndim, slice(max(k - 1, 0), k))]  # this rank's total (if any)
        shape = list(r.shape)
        shape[ax] = len(with_rows)
        totals = _collective("all_gather", x.team, last, tuple(shape), attrs=[ax])
        j = sum(1 for q in with_rows if q < x.team.rank)  # ranks with rows before this one
        if name == "cumulative_prod" and dt.is_float(r.dtype):
            before = _product_before(x, r, ax, totals, tuple(shape), j)
        elif j > 0:  # the totals scanned in r's dtype (a narrower dtype= stays narrow)
            before = fn(totals, axis=ax, dtype=r.dtype)[_rows(ax, r.ndim, slice(j - 1, j))]
        if counts[x.team.rank] > 0 and j > 0:
            if name == "cumulative_sum":
                r = r + before
            else:  # the scan continued from `before` (as NumPy's: a 0 before stays 0, no 0 * inf)
                both = concat([before, _ops.cast(x._local, r.dtype)], axis=ax)
                r = fn(both, axis=ax, dtype=r.dtype)[_rows(ax, r.ndim, slice(1, None))]
    return DArray(r, x.shape, x.team, x.split, x._pb, x._po)

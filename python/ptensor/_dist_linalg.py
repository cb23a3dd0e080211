"""matmul of distributed arrays: rows of A times a replicated B (no communication), 1-D
SUMMA for two row-split operands, a replicated A times a row-split B (an allreduce), and
batched operands split along a batch axis (each rank its batches)."""
from __future__ import annotations

from . import _dtypes as dt
from . import _dist
from ._array import Local
from ._creation import empty
from ._dist import DArray, _allreduce, _rows, distribute
from ._dist_registry import distributed
from ._dist_replicated import _check_team, replicated
from ._linalg import batch_shape


def _bcast_rows(b, k):
    """Rank k's rows of the 2-D distributed b, on every rank: a dist.collective_broadcast of
    the program (the other ranks contribute an uninitialized block of that shape)."""
    lo, hi = b.team.owned(*b.row_partition, r=k)
    part = b._local if k == b.team.rank else empty((hi - lo, b.shape[1]), dtype=b.dtype)
    return _dist._broadcast(b.team, part, k), lo, hi


def matmul(fn, a, b):
    """2-D matmuls with distributed operands split by rows, without gathering A:
    - A split, B replicated: each rank multiplies its rows of A (no communication);
    - A split, B split: 1-D SUMMA, rank k broadcasts its rows B_k (collective_broadcast) and
      every rank adds A_local[:, rows_k] @ B_k; C is split like A. O(N^2) bytes per rank;
    - A replicated, B split: each rank's A[:, rows] @ B_local, summed by an allreduce.
    Batched operands split along a batch axis: each rank multiplies its batches (_batched).
    Everything else (vectors, other split axes) runs replicated."""
    da, db = isinstance(a, DArray), isinstance(b, DArray)
    if not (isinstance(a, (DArray, Local)) and isinstance(b, (DArray, Local))) or \
            a.ndim < 2 or b.ndim < 2:
        return replicated(fn, (a, b), {})
    team = a.team if da else b.team
    if da and db:
        _check_team(team, b)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: contracted dimensions differ: x1 has shape {a.shape}, x2 "
                         f"has shape {b.shape} ({a.shape[-1]} != {b.shape[-2]})")
    if a.ndim > 2 or b.ndim > 2:
        r = _batched(fn, a, b)
        return replicated(fn, (a, b), {}) if r is None else r
    if (da and a.split != 0) or (db and b.split != 0):
        return replicated(fn, (a, b), {})
    if da and not db:
        r = fn(a._local, b)
        return DArray(r, (a.shape[0], b.shape[1]), team, 0, a._pb, a._po)
    if not da:
        lo, hi = b.owned()
        part = fn(a[:, lo:hi], b._local)
        kind = "max" if part.dtype == dt.bool_ else "sum"  # bool matmul: or
        r = _allreduce(team, part, kind)
        return distribute(r, team)
    acc = None
    for k in range(team.size):
        bk, lo, hi = _bcast_rows(b, k)
        t = fn(a._local[:, lo:hi], bk)
        acc = t if acc is None else (acc | t if t.dtype == dt.bool_ else acc + t)
    return DArray(acc, (a.shape[0], b.shape[1]), team, 0, a._pb, a._po)


def _batched(fn, a, b):
    """a @ b with a batch axis of the result split (the distributed operands split along
    it, in one partition): each rank multiplies its batches, a replicated operand gives the
    same rows of that axis (or broadcasts along it); no communication. None otherwise."""
    nd = max(a.ndim, b.ndim)
    shape = batch_shape(a.shape, b.shape, "matmul", a, b) + (a.shape[-2], b.shape[-1])
    lead = a if isinstance(a, DArray) else b
    ax = lead.split + nd - lead.ndim  # the result's split axis
    if lead.split >= lead.ndim - 2 or lead.shape[lead.split] != shape[ax]:
        return None  # split along a matrix axis, or broadcast along the split one
    lo, hi = lead.owned()
    parts = []
    for x in (a, b):
        j = ax - (nd - x.ndim)  # x's axis for the result's axis ax
        if isinstance(x, DArray):
            if x.split != j or x.row_partition != lead.row_partition:
                return None
            parts.append(x._local)
        elif j < 0 or x.shape[j] == 1:
            parts.append(x)
        else:
            parts.append(x[_rows(j, x.ndim, slice(lo, hi))])
    return DArray(fn(*parts), shape, lead.team, ax, lead._pb, lead._po)



@distributed("matmul")
def _matmul(name, fn, x1, x2, /):
    return matmul(fn, x1, x2)

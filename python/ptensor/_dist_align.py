"""Alignment of distributed operands (see _dist.py for the model): each operand's part for
this rank's rows of a result, from its own rows, a halo (ghost rows kept with the array, or
one exchange per array and program) or a repartition; and the functions that work on each
rank's part once the operands are aligned: the elementwise ones and astype."""
from __future__ import annotations

from typing import Any

import numpy as np

from . import _core
from . import _ops
from . import _dist
from ._array import Array, Local
from ._creation import asarray
from ._dist import DArray, Ghosts, HaloCache, Move, _GHOST, _HALO_MAX, _repartition, _rows
from ._dist_registry import distributed
from ._dist_replicated import _check_team, replicated
from ._indexing import _key_sig


def _source(x):
    """(base DArray, shift, key) whose rows hold x's data: x[i] = base[i + shift][key]."""
    if x._view is not None:
        return x._view
    return (x, 0, None)


def _apply_key(local, key, axis, rows):
    """local[key] with the split axis entry of key replaced by `rows`."""
    if key is None:
        return local._index_chain((_rows(axis, local.ndim, rows),))
    k = list(key)
    k[axis] = rows
    return local._index_chain((tuple(k),))


def _local_rows(x, pb, po):
    """x's rows owned by this rank under the partition (pb, po) of x's length: x's own local
    part when the partitions agree, local rows or a halo exchange of x's base when they are
    near, a repartition otherwise."""
    L = x.shape[x.split]
    if (pb, po) == (x._pb, x._po):
        return x._local
    base, shift, key = _source(x)
    team, bax = x.team, base.split
    spec = Move(L, base._pb, base._po, base._shape[bax], shift, 1, pb, po, L, 0, 1)
    i0, i1, needs, hl, hh = _dist.move_plan(team, spec)
    if not needs:
        cached = _program_ext(base)
        if cached is not None:
            # this program already widened the base: read those rows (one stream, not two)
            ext, ext_lo = cached[:2]
            return _apply_key(ext, key, bax, slice(i0 + shift - ext_lo, i1 + shift - ext_lo))
        blo, _ = base.owned()
        return _apply_key(base._local, key, bax, slice(i0 + shift - blo, i1 + shift - blo))
    if 0 <= hl <= _HALO_MAX and 0 <= hh <= _HALO_MAX:
        ext, ext_lo = _halo(base, hl, hh)
        return _apply_key(ext, key, bax, slice(i0 + shift - ext_lo, i1 + shift - ext_lo))
    # far away: move exactly the rows needed (key applied first: less to move)
    src = base._local if key is None else _apply_key(base._local, key, bax, slice(None))
    return _repartition(team, src, x.split, spec)


def _program_ext(base):
    """(widened rows, their first row, hl, hh) of base made for the program being recorded,
    or None. Held as a NodeRef, not an Array: the exchange stays a temporary of the program
    (never copied out as a result); a run of any program makes it stale."""
    if base._moved is not None:
        _dist.up.sync_moved(base)  # (a copy of its parent's old rows is no longer the base's)
    c = base._ext
    if c is None or c.epoch != _core.program_epoch():
        return None
    return Array._new(_core.from_node_ref(c.node), base.dtype), c.lo, c.hl, c.hh


def _add_ghosts(x, g):
    """Gives x ghost rows: its rows move (one copy) into P with g more rows on each side."""
    local, ax = x._local, x.split
    shape = list(local.shape)
    shape[ax] += 2 * g
    P = _ops.full(tuple(shape), 0, x.dtype, device=local._t.device)
    P[_rows(ax, P.ndim, slice(g, g + local.shape[ax]))] = local
    rows = _rows(ax, P.ndim, slice(g, g + local.shape[ax]))  # x's own rows in P
    x._loc, x._pad = None, Ghosts(P, g, -1, rows, _key_sig(rows))


def _refresh_ghosts(x):
    """Fills x's ghost rows with the neighbours' rows: a dist.repartition of only the rows
    other ranks own (ghosts_only), written into P in place (P's buffer is donated)."""
    P, g = x._pad.padded, x._pad.width
    team, ax = x.team, x.split
    pb, po, L = x.row_partition
    spec = Move(L, pb, po, L, 0, 1, pb, po, L, 0, 1, hl=g, hh=g)
    i0, i1, needs, _, _ = _dist.move_plan(team, spec)
    if needs:
        lo, hi = x.owned()
        below, above = (lo - i0, i1 - hi) if hi > lo else (0, 0)
        ghosts = _repartition(team, x._local, ax, spec, ghost_rows=below + above)
        # both inserts on every rank (possibly empty): one program for all ranks
        P[_rows(ax, P.ndim, slice(g - below, g))] = ghosts[_rows(ax, P.ndim, slice(0, below))]
        n = hi - lo
        P[_rows(ax, P.ndim, slice(g + n, g + n + above))] = \
            ghosts[_rows(ax, P.ndim, slice(below, below + above))]
    x._pad.stamp = P._version


def _owner(x):
    """The DArray whose storage x's local part is (x itself unless x is a view)."""
    while x._derive is not None:
        x = x._derive.parent
    return x


def _halo(base, hl, hh):
    """base's rows widened by hl rows below and hh above, as (rows, first row). Narrow halos
    come from ghost rows kept with the array (given to it on its first exchange, refreshed
    after every write); wider ones from one dist.repartition per array and program (see
    _program_ext)."""
    if base._moved is not None:
        _dist.up.sync_moved(base)
    if base._pad is None and base._derive is None and max(hl, hh) <= _GHOST:
        _add_ghosts(base, _GHOST)
    pad = base._pad
    if pad is not None and max(hl, hh) <= pad.width:
        if pad.padded._version != pad.stamp:
            _refresh_ghosts(base)
        return pad.padded, base.owned()[0] - pad.width
    cached = _program_ext(base)
    if cached is not None and cached[2] >= hl and cached[3] >= hh:
        return cached[:2]
    hl, hh = max(hl, _GHOST), max(hh, _GHOST)
    if cached is not None:
        hl, hh = max(hl, cached[2]), max(hh, cached[3])
    pb, po, L = base.row_partition
    spec = Move(L, pb, po, L, 0, 1, pb, po, L, 0, 1, hl=hl, hh=hh)
    ext = _repartition(base.team, base._local, base.split, spec)
    ext_lo = _dist._items(base.team, spec)[0]
    base._ext = HaloCache(hl, hh, _core.node_ref(ext._t), ext_lo, _core.program_epoch())
    return ext, ext_lo




def _align(operands):
    """Result shape, leader (its team, split axis and partition) and each operand's part
    for this rank's rows of the result. None when no operand can lead (the split axes are
    all broadcast). (Runs for every elementwise op of a loop: kept to one pass each.)"""
    shapes = [o.shape for o in operands if hasattr(o, "shape")]
    S = shapes[0]
    if any(sh != S for sh in shapes):
        S = _ops.broadcast_shapes(*shapes)
    n = len(S)
    # the DArrays split along the result's axis k with its full length ("aligned")
    lead, k, aligned = None, -1, []
    for i, o in enumerate(operands):
        if type(o) is DArray:
            j = o.split + n - len(o._shape)
            if o._shape[o.split] == S[j] and (lead is None or j == k):
                if lead is None:
                    lead, k = o, j
                aligned.append(i)
    if lead is None:
        return None
    team = lead.team
    pb, po = lead._pb, lead._po
    if any(operands[i]._po != po or operands[i]._pb != pb for i in aligned):
        # Views with different offsets: the result is centred in the leader's rows, the same
        # partition for every such combination (stencil terms then combine without moving
        # data; only the views fetch halos of their base).
        po = (pb - S[k]) // 2
    out = []
    for i, o in enumerate(operands):
        if type(o) is DArray:
            _check_team(team, o)
            if i in aligned:
                out.append(_local_rows(o, pb, po))
                continue
            o = o._replicated()
        if hasattr(o, "shape"):
            if not isinstance(o, Local):
                o = asarray(o)
            j = k - (n - o.ndim)
            if j >= 0 and o.shape[j] == S[k]:
                lo, hi = team.owned(pb, po, S[k])
                o = o[_rows(j, o.ndim, slice(lo, hi))]
        out.append(o)
    return S, lead, k, (pb, po), out


_ARRAYLIKE = (DArray, Local, np.ndarray)


def _is_arraylike(v):
    return isinstance(v, _ARRAYLIKE)


_NO_KW: dict[str, Any] = {}


def elementwise(fn, args, kwargs):
    """fn applied to the aligned parts: the result keeps the leader's partition."""
    _dist.note(fn.__name__, args, kwargs)
    names = list(kwargs)
    ops = list(args) + [kwargs[n] for n in names] if names else list(args)
    idx = [i for i, v in enumerate(ops) if isinstance(v, _ARRAYLIKE)]
    al = _align([ops[i] for i in idx])
    if al is None:
        return replicated(fn, args, kwargs)
    S, lead, k, (pb, po), parts = al
    for i, p in zip(idx, parts):
        ops[i] = p
    if fn.__name__ == "pow" and isinstance(ops[0], Local) and ops[0].size == 0 and lead.size:
        # NumPy's errors come from its loop, which an empty part does not run: this rank
        # raises as the others do (a one-element probe, never computed)
        fn(_ops.full((), 1, ops[0].dtype), *ops[1:len(args)])
    r = fn(*ops[:len(args)], **dict(zip(names, ops[len(args):]))) if names else fn(*ops)
    return DArray(r, S, lead.team, k, pb, po)



@distributed("astype")
def _astype(name, fn, x, dtype, /, *, copy=True, device=None):
    local = x._local
    r = fn(local, dtype, copy=copy, device=device)
    if r is local:  # copy=False and the dtype stays: x itself, as on one process
        return x
    return DArray(r, x.shape, x.team, x.split, x._pb, x._po)

"""Operations on distributed arrays (see _dist.py for the model): alignment of operands,
elementwise functions, views and assignment, reductions, creation, and the replicated
fallback for everything else."""
from __future__ import annotations

import functools

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _ops
from ._array import Array, Local, _inplace
from ._dist import (DArray, Move, _DEFAULT, _GHOST, _HALO_MAX, _allreduce, _repartition,
                    _rows, as_team, distribute)
from . import _dist
from . import _dist_compose  # noqa: F401 (registers its implementations)
from . import _dist_move
from . import _dist_registry
from . import _dist_scans  # noqa: F401 (registers its implementations)
from ._dist_registry import distributed
from ._indexing import _Uncached, _key_sig, remember, slice_item


# ------------------------------------------------------------------ alignment

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
        _sync(base)  # (a copy of its parent's old rows is no longer the base's)
    c = base._ext
    if c is None or c[4] != _core.program_epoch():
        return None
    return Array._new(_core.from_node_ref(c[2]), base.dtype), c[3], c[0], c[1]


def _add_ghosts(x, g):
    """Gives x ghost rows: its rows move (one copy) into P with g more rows on each side."""
    local, ax = x._local, x.split
    shape = list(local.shape)
    shape[ax] += 2 * g
    P = _ops.full(tuple(shape), 0, x.dtype)
    P[_rows(ax, P.ndim, slice(g, g + local.shape[ax]))] = local
    rows = _rows(ax, P.ndim, slice(g, g + local.shape[ax]))  # x's own rows in P
    x._loc, x._pad = None, [P, g, -1, rows, _key_sig(rows)]


def _refresh_ghosts(x):
    """Fills x's ghost rows with the neighbours' rows: a dist.repartition of only the rows
    other ranks own (ghosts_only), written into P in place (P's buffer is donated)."""
    P, g = x._pad[0], x._pad[1]
    team, ax = x.team, x.split
    pb, po, L = x.partition
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
    x._pad[2] = P._version


def _owner(x):
    """The DArray whose storage x's local part is (x itself unless x is a view)."""
    while x._derive is not None:
        x = x._derive[0]
    return x


def _halo(base, hl, hh):
    """base's rows widened by hl rows below and hh above, as (rows, first row). Narrow halos
    come from ghost rows kept with the array (given to it on its first exchange, refreshed
    after every write); wider ones from one dist.repartition per array and program (see
    _program_ext)."""
    if base._moved is not None:
        _sync(base)
    if base._pad is None and base._derive is None and max(hl, hh) <= _GHOST:
        _add_ghosts(base, _GHOST)
    if base._pad is not None and max(hl, hh) <= base._pad[1]:
        if base._pad[0]._version != base._pad[2]:
            _refresh_ghosts(base)
        return base._pad[0], base.owned()[0] - base._pad[1]
    cached = _program_ext(base)
    if cached is not None and cached[2] >= hl and cached[3] >= hh:
        return cached[:2]
    hl, hh = max(hl, _GHOST), max(hh, _GHOST)
    if cached is not None:
        hl, hh = max(hl, cached[2]), max(hh, cached[3])
    pb, po, L = base.partition
    spec = Move(L, pb, po, L, 0, 1, pb, po, L, 0, 1, hl=hl, hh=hh)
    ext = _repartition(base.team, base._local, base.split, spec)
    ext_lo = _dist._items(base.team, spec)[0]
    base._ext = (hl, hh, _core.node_ref(ext._t), ext_lo, _core.program_epoch())
    return ext, ext_lo


def _check_team(team, x):
    if x.team is not team and x.team != team:
        raise ValueError(f"operands are on different teams ({team} and {x.team}); move one "
                         "with pt.spmd.gather / from_locals first")


def _replicated_local(v, team):
    """A non-distributed operand as a local array (DArrays of another layout are gathered)."""
    if isinstance(v, DArray):
        _check_team(team, v)
        return v._replicated()
    return v


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
                from ._creation import asarray
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


_NO_KW = {}


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


# ------------------------------------------------------------------ replicated fallback

def _first_team(args, kwargs):
    for v in list(args) + list(kwargs.values()):
        if isinstance(v, DArray):
            return v.team
        if isinstance(v, (list, tuple)):
            for w in v:
                if isinstance(w, DArray):
                    return w.team
    return None


def _gathered(v, team):
    if isinstance(v, DArray):
        return _replicated_local(v, team)
    if isinstance(v, (list, tuple)) and any(isinstance(w, DArray) for w in v):
        return type(v)(_gathered(w, team) for w in v)
    return v


def _split_result(r, team):
    if isinstance(r, Local) and r.ndim > 0:
        return distribute(r, team)
    if isinstance(r, tuple):
        return type(r)(*(_split_result(v, team) for v in r)) if hasattr(r, "_fields") else \
            tuple(_split_result(v, team) for v in r)
    if isinstance(r, list):
        return [_split_result(v, team) for v in r]
    return r


def replicated(fn, args, kwargs):
    """fn on gathered copies of the distributed arguments; array results split again."""
    team = _first_team(args, kwargs)
    a = [_gathered(v, team) for v in args]
    kw = {n: _gathered(v, team) for n, v in kwargs.items()}
    r = fn(*a, **kw)
    # no distributed argument left (a caller gathered them): the result stays replicated
    return r if team is None else _split_result(r, team)


# ------------------------------------------------------------------ indexing

def _basic_key(key, ndim):
    """Per-axis ints/slices (Ellipsis expanded) or None when the key is not basic."""
    if not isinstance(key, tuple):
        key = (key,)
    if any(k is None or not (isinstance(k, (slice, int, np.integer)) or k is Ellipsis)
           or isinstance(k, bool) for k in key):
        return None
    n_ell = sum(1 for k in key if k is Ellipsis)
    if n_ell > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if n_ell:
        i = key.index(Ellipsis)
        key = key[:i] + (slice(None),) * (ndim - len(key) + 1) + key[i + 1:]
    if len(key) > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but "
                         f"{len(key)} were indexed")
    for k in key:
        if isinstance(k, slice):
            slice_item(k, 0)  # the local arrays' errors for bad slices
    return list(key + (slice(None),) * (ndim - len(key)))


def _norm_int(i, n, axis):
    i = int(i)
    if not -n <= i < n:
        raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
    return i % n


def _layout_sig(x, key):
    """(x's layout, team size and rank, key): what a view's or a write's plan depends on;
    None for keys that are not memoized (see _indexing._item_sig)."""
    try:
        return (x._shape, x.split, x._pb, x._po, x.team.size, x.team.rank, _key_sig(key))
    except _Uncached:
        return None


_VIEW_PLANS = {}  # _layout_sig -> _unit_view_plan's plan


def getitem(x, key):
    _dist.note("getitem", (x,))
    sig = _layout_sig(x, key)
    plan = _VIEW_PLANS.get(sig) if sig is not None else None
    if plan is not None:  # the same view as in the last step of a loop
        return _unit_view(x, plan)
    key = _own_rows_of_mask(x, key)
    if _aligned_mask(x, key):
        return _dist_move.masked(x, key)
    if x.split == 0 and _dist_int_vector(key):  # x[idx]: rows to where the indices are
        return _dist_move.take_at(x, key)
    one = _one_index_array(key, x.ndim)
    if one is not None:  # x[:, idx], x[idx, 1:]: a take, then the slices (NumPy's result)
        import ptensor as pt
        pos, iv, rest = one
        return getitem(pt.take(x, iv, axis=pos), rest)
    key = _gathered(key, x.team)  # distributed index arrays, alone or in a tuple
    iv = _int_vector(key) if x.split == 0 else None
    if iv is not None:  # x[[i, j, ...]]: rows from their owners
        return _dist_move.take_rows(x, iv)
    k = _basic_key(key, x.ndim)
    if k is None:
        t = key if isinstance(key, tuple) else (key,)
        if any(kk is None for kk in t):
            rest = tuple(kk for kk in t if kk is not None)
            if _basic_key(rest, x.ndim) is not None:
                return _with_new_axes(getitem(x, rest), t, x.ndim)
        if _has_index_array(x, key):
            return _advanced_take(x, key)
        return replicated(lambda a: a[key], (x,), {})  # (the local error for a bad key)
    ax = x.split
    ks = k[ax]
    L = x.shape[ax]
    k[ax] = slice(None)
    if isinstance(ks, (int, np.integer)):
        i = _norm_int(ks, L, ax)
        if sum(isinstance(kk, slice) for kk in k) > 1:
            return _moved_view(x, i, k)  # (a row of a 2-D array, ...)
        k[ax] = i
        return _element(x, tuple(k))  # a 0-d view, as on one process
    if ks.indices(L)[2] != 1:
        return _moved_view(x, ks, k)
    plan = _unit_view_plan(x, ks, k)
    if sig is not None:
        remember(_VIEW_PLANS, sig, plan)
    return _unit_view(x, plan)


def _int_vector(key):
    """key as a 1-D integer index array (a local Array or NumPy array; also from a list),
    or None when it is none."""
    if isinstance(key, Local):
        return key if key.ndim == 1 and dt.is_int(key.dtype) else None
    if isinstance(key, list) and not key:
        return np.zeros(0, dtype=np.int64)  # an empty integer index, as in NumPy
    if isinstance(key, (np.ndarray, list)):
        k = np.asarray(key)
        return k if k.ndim == 1 and k.dtype.kind in "iu" else None
    return None


def _dist_int_vector(key):
    """Whether key is a 1-D integer DArray."""
    return isinstance(key, DArray) and key.ndim == 1 and dt.is_int(key.dtype)


def _own_rows_of_mask(x, key):
    """A boolean mask of x's shape as the DArray of its rows laid out as x's (x[mask] then
    selects locally): a replicated one keeps its rows of x's rows, a distributed one along
    the same axis but partitioned otherwise (a view) brings its rows over (a halo or a
    repartition); any other key unchanged."""
    if isinstance(key, DArray):
        if key.dtype == dt.bool_ and key.shape == x.shape and key.split == x.split and \
                key.partition != x.partition:
            _check_team(x.team, key)
            return DArray(_local_rows(key, x._pb, x._po), x.shape, x.team, x.split, x._pb,
                          x._po)
        return key
    if isinstance(key, np.ndarray) and key.dtype == np.bool_ or \
            isinstance(key, Local) and key.dtype == dt.bool_:
        if tuple(key.shape) == x.shape and x.ndim:
            from ._creation import asarray
            rows = key[_rows(x.split, x.ndim, slice(*x.owned()))]
            return DArray(rows if isinstance(rows, Local) else asarray(rows), x.shape,
                          x.team, x.split, x._pb, x._po)
    return key


def _one_index_array(key, ndim):
    """(axis, indices, the other keys with a full slice at axis) when key is a tuple of
    slices (Ellipsis expanded) and one 1-D integer index array (a DArray too); else None.
    With one index array NumPy keeps the selected axis in its place."""
    if not isinstance(key, tuple):
        return None
    ell = [j for j, k in enumerate(key) if k is Ellipsis]
    if len(ell) > 1:
        return None
    if ell:
        key = key[:ell[0]] + (slice(None),) * (ndim - len(key) + 1) + key[ell[0] + 1:]
    if len(key) > ndim:
        return None
    arrays = [j for j, k in enumerate(key) if not isinstance(k, slice)]
    if len(arrays) != 1:
        return None
    pos = arrays[0]
    iv = key[pos] if _dist_int_vector(key[pos]) else _int_vector(key[pos])
    if iv is None:
        return None
    return pos, iv, key[:pos] + (slice(None),) + key[pos + 1:]


def _aligned_mask(x, key):
    """Whether key is a boolean DArray of x's shape, split and partition (x[key] and
    x[key] = scalar then work on each rank's rows)."""
    return (isinstance(key, DArray) and key.dtype == dt.bool_ and key.shape == x.shape
            and key.split == x.split and key.partition == x.partition)


def _with_new_axes(v, key, ndim):
    """v = x[key without its Nones] with the axes of key's Nones inserted: a view of v (a
    derived DArray, or a local view when v is replicated)."""
    pos, at = [], 0
    for kk in key:
        if kk is None:
            pos.append(at)
            at += 1
        elif kk is Ellipsis:
            at += ndim - sum(1 for k in key if k is not None and k is not Ellipsis)
        elif isinstance(kk, slice):
            at += 1
    n = v.ndim + len(pos)
    other = tuple(None if i in pos else slice(None) for i in range(n))
    if not isinstance(v, DArray):
        return v[other]
    kept = [i for i in range(n) if i not in pos]
    split = kept[v.split]
    shape = [1] * n
    for i, s in zip(kept, v.shape):
        shape[i] = s
    rows = _rows(split, n, slice(None))
    return DArray(None, shape, v.team, split, v._pb, v._po,
                  derive=(v, other, rows, (_key_sig(rows), _key_sig(other))), dtype=v.dtype)


def _is_full(key):
    return all(isinstance(kk, slice) and kk == slice(None) for kk in key)


def _view_parts(x, k, n):
    """x[k] with n rows on the split axis: (the non-split part of the key, the split axis of
    the view, this rank's part of x[other], the view's shape on this rank but n rows)."""
    ax = x.split
    other = list(k)
    other[ax] = slice(None)
    other = tuple(other)
    new_ax = ax - sum(1 for kk in k[:ax] if not isinstance(kk, slice))
    pshape = x._local_shape(other)
    shape = list(pshape)
    shape[new_ax] = n
    return other, new_ax, pshape, tuple(shape)


def _unit_view_plan(x, ks, k):
    """What x[k] with the unit-step slice ks on the split axis is, from x's layout alone:
    (shape, split axis, first row, the non-split key, whether that is all `:`, this rank's
    rows of x[other], the key for the base or None, the signature of (rows, other))."""
    start, stop, _ = ks.indices(x.shape[x.split])
    n = max(stop - start, 0)
    other, new_ax, pshape, shape = _view_parts(x, k, n)
    lo, hi = x.owned()
    nlo, nhi = x.team.owned(x._pb, x._po + start, n)
    rows = _rows(new_ax, len(pshape), slice(nlo + start - lo, nhi + start - lo))
    full = _is_full(other)
    try:  # DArray._local's chain signature of (rows, other), made once
        dsig = (_key_sig(rows), _key_sig(other))
    except _Uncached:
        dsig = None
    return shape, new_ax, start, other, full, rows, None if full else other, dsig


def _unit_view(x, plan):
    """The view of plan (see _unit_view_plan) on x: its local part is derived from x's
    storage when used (see DArray._local); halos come from the base's rows."""
    shape, new_ax, start, other, full, rows, key, dsig = plan
    base, shift, bkey = _source(x)
    if bkey is not None:
        if full:
            key = bkey
        else:
            base, shift = x, 0  # a view of a view: its own rows are the base
    return DArray(None, shape, x.team, new_ax, x._pb, x._po + start,
                  view=(base, shift + start, key), derive=(x, other, rows, dsig), dtype=x.dtype)


# ------------------------------------------------------------------ moved views
#
# x[k] whose split axis entry is a slice with a step other than 1, or an int (with axes
# left), takes rows from other ranks: the view is an array of its own rows (block partition)
# that follows x as NumPy's views do. It is brought up to date before it is read when x was
# written since its last copy (_sync: every rank decides alike, from write counts kept in
# step by the collective setitem), and writes to it go back to x (_written). Each costs one
# data movement of the view's size, recorded in the pending program.

def _moved_copy(x, ks, k):
    """x[k] (the split axis entry replaced by ks) as a DArray of its own rows."""
    if isinstance(ks, int):
        # the row's owner sends each rank its block of the row's next axis (or previous)
        v = _unit_view(x, _unit_view_plan(x, slice(ks, ks + 1, 1), k))
        a = v.split
        j = _row_split(a, v.ndim - 1)
        w = _dist_move.resplit(v, j + 1 if j >= a else j)
        shape = w.shape[:a] + w.shape[a + 1:]
        return DArray(w._local[_rows(a, v.ndim, 0)], shape, x.team, j)
    start, stop, step = ks.indices(x.shape[x.split])
    n = len(range(start, stop, step))
    other, new_ax, _, shape = _view_parts(x, k, n)
    spec = Move(n, *x.partition, start, step, n, 0, n, 0, 1)
    local = _repartition(x.team, x._local[other], new_ax, spec)
    return DArray(local, shape, x.team, new_ax)


def _row_split(a, ndim):
    """The split axis of a row (x[i] with i on x's split axis, which would be the row's axis
    a) of ndim dimensions: the axis after the dropped one, or the one before it."""
    return a if a < ndim else a - 1


def _stamp(x):
    """The write count of x's storage (a moved view brought up to date first)."""
    o = _owner(x)
    if o._moved is not None:
        _sync(o)
    return o._writes


def _moved_view(x, ks, k, full=None):
    """The moved view x[k] (split axis entry ks); with `full`, x gathered into NumPy, an int
    ks takes its rows from there (no communication, nothing recorded: iteration)."""
    if full is None:
        v = _moved_copy(x, ks, k)
    else:
        from ._creation import asarray
        key = list(k)
        key[x.split] = ks
        r = full[tuple(key)]
        j = _row_split(_view_parts(x, k, 1)[1], r.ndim)
        lo, hi = x.team.owned(r.shape[j], 0, r.shape[j])
        v = DArray(asarray(r[_rows(j, r.ndim, slice(lo, hi))]), r.shape, x.team, j)
    v._moved = [x, ks, k, _stamp(x)]
    return v


def _element_copy(x, k):
    """x[k] (every axis an int) as a replicated 0-d array: the element's owner broadcasts it."""
    ax = x.split
    kk = list(k)
    kk[ax] = slice(None)
    v = _unit_view(x, _unit_view_plan(x, slice(k[ax], k[ax] + 1, 1), kk))
    full = _replicated_local(v, x.team)
    return full[_rows(v.split, full.ndim, 0)]


class _Element(Array):
    """x[i, j, ...] of a distributed x (every axis an int): a replicated 0-d array (every rank
    holds the value) that is a view of the element, as on one process. Read, it is copied
    again from its owner when x was written since it was last copied (_stamp; every rank
    decides alike); written, directly or through views of it (whose writes land in it, their
    base), the value goes back to x. Its handle and write count are properties over the
    Array's slots for that: everything that reads an Array reads them."""
    __slots__ = ("_hh", "_ver", "_parent", "_key", "_pseen")

    @property
    def _h(self):
        now = _stamp(self._parent)
        if now != self._pseen:
            self._pseen = now
            self._hh = _element_copy(self._parent, self._key)._t
            self._ver += 1  # (its views extract again)
        return self._hh

    @_h.setter
    def _h(self, h):
        self._hh = h

    @property
    def _version(self):
        self._h  # brought up to date first
        return self._ver

    @_version.setter
    def _version(self, v):  # Array.__setitem__ counts a write: the value goes back to x
        self._ver = v
        setitem(self._parent, self._key, Array._new(self._hh, self._dtype))
        self._pseen = _stamp(self._parent)

    @property
    def shape(self):
        return ()


def _element(x, k):
    e = object.__new__(_Element)
    e._dtype, e._base, e._view, e._seen, e._ver = x.dtype, None, None, 0, 0
    e._parent, e._key, e._pseen = x, k, _stamp(x)
    e._hh = _element_copy(x, k)._t
    return e


def rows_of(x):
    """Iteration over a DArray of 2 or more dimensions: its rows, as views."""
    k = [slice(None)] * x.ndim
    if x.split != 0:
        return (getitem(x, i) for i in range(x.shape[0]))  # (rows that stay put)
    full = _dist.gather(x)  # one gather for all the rows
    return (_moved_view(x, i, k, full) for i in range(x.shape[0]))


def _sync(v):
    """v's rows copied again from its parent when the parent was written since."""
    parent, ks, k, seen = v._moved
    now = _stamp(parent)
    if now == seen:
        return
    v._moved[3] = now
    new = _moved_copy(parent, ks, k)._local
    if v._pad is None:
        v._loc[...] = new
    else:
        v._pad[0][v._pad[3]] = new
    _written(v, back=False)


_dist._sync_moved = _sync


def _written(owner, back=True):
    """After a write to owner's storage: its halo caches go, its ghost rows are refreshed
    (now, in the writer's program: readers find them valid) and a moved view's rows are
    written back to its parent."""
    owner._writes += 1
    owner._ext = None
    if owner._pad is not None:
        _refresh_ghosts(owner)
    if back and owner._moved is not None:
        parent, ks, k, _ = owner._moved
        key = list(k)
        key[parent.split] = ks
        _setitem(parent, tuple(key), owner)
        _written(_owner(parent))
        owner._moved[3] = _stamp(parent)  # (equal to the parent's rows: no copy back)


def setitem(x, key, value):
    _dist.note("setitem", (x, value))
    _setitem(x, key, value)
    _written(_owner(x))


_SET_PLANS = {}  # _layout_sig -> _set_plan's plan


def _set_plan(x, k):
    """Where x[k] = value writes on this rank, from x's layout alone: (whether the split axis
    is indexed by an int, start, step and length of the split axis' selection, the items
    [i0, i1) of it that are mine, the local key, the value's split axis and this rank's part
    of the value's shape)."""
    ax = x.split
    L = x._shape[ax]
    ks = k[ax]
    dropped = isinstance(ks, (int, np.integer))
    if dropped:
        i = _norm_int(ks, L, ax)
        ks = slice(i, i + 1, 1)
    start, stop, step = ks.indices(L)
    n = len(range(start, stop, step))
    lo, hi = x.owned()
    # items i whose row start + step*i is mine
    spec = Move(n, x._pb, x._po, L, start, step, x._pb, x._po, L, start, step)
    i0, i1 = _dist._items(x.team, spec)
    first = start + step * i0 - lo
    last = first + step * (i1 - i0)
    rows = slice(first, last if last >= 0 else None, step) if i1 > i0 else slice(0, 0, 1)
    lkey = list(k)
    lkey[ax] = rows
    # the value's position of the split axis in the view's shape
    vax = ax - sum(1 for kk in k[:ax] if not isinstance(kk, slice))
    vshape = list(x._local_shape(tuple(slice(None) if j == ax else kk
                                        for j, kk in enumerate(k))))
    vshape[vax] = n
    if dropped:
        del vshape[vax]
    return dropped, start, step, n, i0, i1, tuple(lkey), vax, tuple(vshape)


def _setitem_replicated(x, key, value):
    """x[key] = value for the remaining keys without index arrays (new axes): on the gathered
    array, then this rank's rows written back."""
    full = x._replicated()
    full[key] = _gathered(value, x.team)
    lo, hi = x.owned()
    # written into x's storage (through a view: into its parent's; ghost rows stay)
    x._local[...] = full[_rows(x.split, x.ndim, slice(lo, hi))]
    x._ext = None


def _has_index_array(x, key):
    """Whether the local arrays index x by key with index arrays (their rules: a tuple with
    an array or list in it, or an integer array or a mask over leading axes alone; other
    lone masks - 0-d, zero-length axes, bad shapes - keep the local rules: replicated)."""
    from ._array import _array_key, _has_array
    if isinstance(key, tuple):
        return _has_array(key)
    k = _array_key(key)
    if k is None or k.ndim == 0:
        return False
    return k.dtype != dt.bool_ or (k.shape == x.shape[:k.ndim] and k.size > 0)


def _flat_offsets(x, key):
    """NumPy's advanced indexing of x by key as (result shape, the selected elements' offsets
    in the flattened x: a 1-D NumPy array, replicated), computed as on one process
    (_advanced._offsets: only x's shape matters)."""
    from ._advanced import _offsets
    shape, off = _offsets(x, key if isinstance(key, tuple) else (key,))
    return shape, off.to_numpy(copy=False).reshape(-1)


def _advanced_take(x, key):
    """x[key] for the other keys with index arrays (several arrays, ints among them, masks
    over leading axes, ...): a take from the flattened x (a distributed reshape) at the
    offsets, each element from its owner (take_rows), reshaped to NumPy's result shape. Moves
    the selected elements (and the reshapes' boundary rows), not x."""
    import ptensor as pt
    shape, off = _flat_offsets(x, key)
    return pt.reshape(_dist_move.take_rows(pt.reshape(x, (-1,)), off), shape)


def _advanced_put(x, key, value):
    """x[key] = value for the keys of _advanced_take: written into the flattened x by the
    owners of the offsets (put_rows), and the flattened x written back into x's storage."""
    import ptensor as pt
    from ._advanced import check_value_shape
    shape, off = _flat_offsets(x, key)
    check_value_shape(np.shape(value) if not _is_arraylike(value) else value.shape, shape)
    if isinstance(value, DArray) and value.shape == tuple(shape):
        value = pt.reshape(value, (-1,))  # one value per offset, distributed
    elif (_is_arraylike(value) and value.ndim) or isinstance(value, (list, tuple)):
        value = np.broadcast_to(np.asarray(_replicated_local(value, x.team)), shape).reshape(-1)
    flat = pt.reshape(x, (-1,))
    _dist_move.put_rows(flat, off, value)
    setitem(x, Ellipsis, pt.reshape(flat, x.shape))


def _setitem(x, key, value):
    sig = _layout_sig(x, key)
    plan = _SET_PLANS.get(sig) if sig is not None else None
    if plan is None:
        key = _own_rows_of_mask(x, key)
        if _aligned_mask(x, key) and (isinstance(value, (bool, int, float, complex)) or
                                      isinstance(value, Local) and value.ndim == 0):
            x._local[key._local] = value  # each rank its own rows
            x._ext = None
            return
        one = _one_index_array(key, x.ndim)
        if one is not None and one[0] == 0 and all(k == slice(None) for k in one[2]):
            key = one[1]  # x[idx, :] is x[idx]
        iv = key if _dist_int_vector(key) else _int_vector(key)
        if x.split == 0 and iv is not None:
            _dist_move.put_rows(x, iv, value)  # x[idx] = value: rows written by their owners
            x._ext = None
            return
        key = _gathered(key, x.team)  # distributed index arrays, alone or in a tuple
        k = _basic_key(key, x.ndim)
        if k is None:
            if _has_index_array(x, key):
                return _advanced_put(x, key, value)
            return _setitem_replicated(x, key, value)
        plan = _set_plan(x, k)
        if sig is not None:
            remember(_SET_PLANS, sig, plan)
    L = x._shape[x.split]
    dropped, start, step, n, i0, i1, lkey, vax, vshape = plan
    if isinstance(value, DArray):
        _check_team(x.team, value)
        if not dropped and value.shape[value.split] == n and \
                value.split + len(vshape) - value.ndim == vax and n > 0:
            vbase, vshift, vkey = _source(value)
            vspec = Move(n, *vbase.partition, vshift, 1, x._pb, x._po, L, start, step)
            if not _dist.needs_exchange(x.team, vspec):
                blo, _ = vbase.owned()
                part = _apply_key(vbase._local, vkey, vbase.split,
                                  slice(i0 + vshift - blo, i1 + vshift - blo))
            else:
                src = vbase._local if vkey is None else _apply_key(vbase._local, vkey,
                                                                   vbase.split, slice(None))
                part = _repartition(x.team, src, value.split, vspec)
            x._local[lkey] = part
            x._ext = None
            return
        value = _replicated_local(value, x.team)
    if _is_arraylike(value):
        if not isinstance(value, Local):
            from ._creation import asarray
            value = asarray(value)
        _ops.broadcast_shapes(value.shape, vshape)  # NumPy's error for bad shapes
        if dropped:
            j = vax - (len(vshape) - value.ndim)
            if j >= 0:
                from ._manipulation import expand_dims
                value = expand_dims(value, axis=j)
        else:
            j = vax - (len(vshape) - value.ndim)
            if j >= 0 and value.shape[j] == n:
                value = value[_rows(j, value.ndim, slice(i0, i1))]
    x._local[lkey] = value
    x._ext = None


# ------------------------------------------------------------------ reductions

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
        part = _ops.full(tuple(shape), _ident(x.dtype, name), x.dtype)
    else:
        part = fn(x._local, axis=axes, keepdims=True, **kw)
    r = _allreduce(x.team, part, kind)
    if not keepdims:
        from ._manipulation import squeeze
        r = squeeze(r, axis=axes) if axes else r
    return r


def _count(x, axes):
    n = 1
    for a in axes:
        n *= x.shape[a]
    return n


def mean(x, axis=None, keepdims=False):
    import ptensor as pt
    rdt = pt.mean(_ops.full((1,), 0, x.dtype)).dtype  # the local rules (and their errors)
    axes = _ops.normalize_axes(axis, x.ndim)
    xs = x if x.dtype == rdt else pt.astype(x, rdt)
    return pt.sum(xs, axis=axes, keepdims=keepdims) / _count(x, axes)


def var(x, axis=None, correction=0.0, keepdims=False, _sqrt=False):
    import ptensor as pt
    from ._statistical import check_correction
    check_correction(correction)
    axes = _ops.normalize_axes(axis, x.ndim)
    m = mean(x, axis=axes, keepdims=True)
    d = x - m
    sq = pt.real(d) * pt.real(d) + pt.imag(d) * pt.imag(d) if dt.is_complex(d.dtype) else d * d
    v = pt.sum(sq, axis=axes, keepdims=keepdims) / max(_count(x, axes) - correction, 0)
    return pt.sqrt(v) if _sqrt else v


# ------------------------------------------------------------------ creation

def _team_split(team, split, ndim):
    t = as_team(team)
    if t is None or split is None or ndim == 0:
        return None, None
    return t, _ops.normalize_axis(split, ndim, "split")


def _created(probe, team, split):
    """A creation split over team. probe is the creation of the whole array, recorded but never
    computed: split along axis 0 it is recorded again for the team (global sizes in, the
    compiled program computes this rank's block: --lower-ptensor's Dist ops), otherwise (or
    for a composed creation such as a complex linspace) this rank's rows of it are taken."""
    t, ax = _team_split(team, split, probe.ndim)
    if t is None:
        return probe
    n = probe.shape[ax]
    lo, hi = t.owned(n, 0, n)
    if ax == 0:
        h = _core.for_team(probe._t, t.handle, hi - lo)
        if h is not None:
            return DArray(Array._new(h, probe.dtype), probe.shape, t, 0)
    return distribute(probe, t, ax)


def _asarray_dist(x, dtype, device, copy, team, split):
    """asarray of a distributed array: NumPy's copy and dtype rules applied to every rank's
    part; team / split (when given) ask for another layout: team=None or split=None gather
    the whole array on every rank (a local array), another split axis moves the data (an
    all-to-all). Moving or gathering copies, so copy=False then raises."""
    from . import _creation as c
    c.check_device(device)
    want = None if dtype is None else dt.to_dtype(dtype)
    t = x.team if team is _DEFAULT else as_team(team)
    if t is not None:
        _check_team(t, x)
    ax = x.split if split is _DEFAULT or split is None else _ops.normalize_axis(split, x.ndim,
                                                                              "split")
    moved = t is None or split is None or ax != x.split
    if moved and copy is False:
        raise ValueError("asarray: copy=False is impossible when the array moves to another "
                         "layout (team / split)")
    if t is None or split is None:
        return c.asarray(x._replicated(), dtype=want)
    if ax != x.split:
        x = _dist_move.resplit(x, ax)
    if want is not None and want != x.dtype:
        if copy is False:
            raise ValueError("asarray: copy=False is impossible when the dtype changes")
        return DArray(_ops.cast(x._local, want), x.shape, x.team, x.split, x._pb, x._po)
    if copy and not moved:
        return DArray(c._copy(x._local), x.shape, x.team, x.split, x._pb, x._po)
    return x


def creation_functions():
    """The dist-aware creation functions (team=, split=), keyed by name."""
    from . import _creation as c

    def created(local):
        @functools.wraps(local)
        def f(*args, team=_DEFAULT, split=0, **kw):
            probe = local(*args, **kw)  # checks the arguments; lazy
            if team is _DEFAULT and _dist._world is None and not _dist.launched():
                return probe
            r = _created(probe, team, split)
            _dist.note(local.__name__, (r,))
            return r
        return f

    def like(name):
        local = getattr(c, name)

        @functools.wraps(local)
        def f(x, /, *args, **kw):
            if isinstance(x, DArray):
                return DArray(local(x._local, *args, **kw), x.shape, x.team, x.split, x._pb,
                              x._po)
            return local(x, *args, **kw)
        return f

    @functools.wraps(c.asarray)
    def asarray(obj, /, *, dtype=None, device=None, copy=None, team=_DEFAULT, split=_DEFAULT):
        if isinstance(obj, DArray):
            return _asarray_dist(obj, dtype, device, copy, team, split)
        if split is _DEFAULT:
            split = 0
        a = c.asarray(obj, dtype=dtype, device=device, copy=copy)
        t, ax = _team_split(team, split, a.ndim)
        if t is None:
            return a
        return distribute(a, t, ax)

    out = {n: created(getattr(c, n))
           for n in ("zeros", "ones", "empty", "full", "arange", "linspace", "eye")}
    out.update({n: like(n) for n in ("zeros_like", "ones_like", "empty_like", "full_like")})
    out.update(asarray=asarray)
    return out


# ------------------------------------------------------------------ permute_dims, reshape

def permute_dims(fn, x, axes):
    """The split axis moves with its data: a local permute, no communication (the result is
    split along the axis the old split axis became)."""
    try:
        norm = tuple(_ops.normalize_axis(a, x.ndim, "axes") for a in axes)
    except (TypeError, ValueError):
        norm = ()
    if not isinstance(x, DArray) or sorted(norm) != list(range(x.ndim)):
        return replicated(fn, (x, axes), {})  # fn raises its own errors
    r = fn(x._local, norm)
    return DArray(r, tuple(x.shape[a] for a in norm), x.team, norm.index(x.split), x._pb, x._po)


def matrix_transpose(fn, x):
    if not isinstance(x, DArray) or x.ndim < 2:
        return replicated(fn, (x,), {})
    axes = list(range(x.ndim))
    axes[-2], axes[-1] = axes[-1], axes[-2]
    return permute_dims(lambda a, ax: fn(a), x, axes)


def reshape(fn, x, shape, copy=None):
    """A reshape that keeps the split axis as an axis of its own (the dimensions before it
    and after it regroup among themselves: (N, M) -> (N, a, b), (a, b, N) -> (a*b, N)) is
    local; any other reshape runs replicated."""
    if not isinstance(x, DArray):
        return replicated(fn, (x, shape), {"copy": copy})
    from ._manipulation import reshape_shape
    new = list(reshape_shape(x.size, shape))  # (the local errors for bad shapes)
    k = x.split
    before = int(np.prod(x.shape[:k], dtype=np.int64))
    after = int(np.prod(x.shape[k + 1:], dtype=np.int64))
    for k2 in range(len(new)):
        if (new[k2] == x.shape[k] and int(np.prod(new[:k2], dtype=np.int64)) == before
                and int(np.prod(new[k2 + 1:], dtype=np.int64)) == after):
            local = list(new)
            local[k2] = x._local.shape[k]
            r = fn(x._local, tuple(local), copy=copy)
            return DArray(r, tuple(new), x.team, k2, x._pb, x._po)
    if new:
        # the split axis regroups: an all-to-all between overlapping flat ranges (after one
        # that splits the array along axis 0)
        if copy is False and x.team.size > 1:
            raise ValueError("reshape(copy=False): this reshape moves elements between ranks "
                             "and needs a copy")
        if k > 0:
            return reshape(fn, _dist_move.resplit(x, 0), shape, copy)
        return _dist_move.reshape_flat(x, tuple(new))
    return replicated(fn, (x, shape), {"copy": copy})


def sort(fn, x, axis=-1, descending=False, stable=True, indices=False):
    """Along a non-split axis: each rank sorts its rows. Along the split axis of a 1-D
    array: a sample sort across the team (_dist_move); of a larger one: the array is
    resplit along its largest other axis, sorted locally and resplit back."""
    kw = {"axis": axis, "descending": descending, "stable": stable}
    if not isinstance(x, DArray) or x.ndim == 0:
        return replicated(fn, (x,), kw)
    ax = _ops.normalize_axis(axis, x.ndim)
    if ax != x.split:
        r = fn(x._local, axis=ax, descending=descending, stable=stable)
        return DArray(r, x.shape, x.team, x.split, x._pb, x._po)
    if x.ndim > 1:
        other = max((a for a in range(x.ndim) if a != ax), key=lambda a: x.shape[a])
        y = _dist_move.resplit(x, other)
        r = fn(y._local, axis=ax, descending=descending, stable=stable)
        return _dist_move.resplit(DArray(r, x.shape, x.team, other), ax)
    return _dist_move.sort_split(x, bool(descending), "indices" if indices else "values")


# ------------------------------------------------------------------ roll

def roll(fn, x, shift, axis):
    """Along a non-split axis each rank rolls its rows; along the split axis the two pieces
    are assigned into a new array of x's layout (two repartitions: only the rows that change
    ranks move). axis=None: the roll of the flattened array (distributed reshapes)."""
    from ._manipulation import flat_shift, roll_steps
    if not isinstance(x, DArray):
        return replicated(fn, (x,), {"shift": shift, "axis": axis})
    import ptensor as pt
    if axis is None:
        if x.ndim != 1:
            return pt.reshape(roll(fn, pt.reshape(x, (-1,)), flat_shift(shift), 0), x.shape)
        shift, axis = flat_shift(shift), 0
    r = x
    for s, ax in roll_steps(x.shape, shift, axis):
        if ax != x.split:
            r = DArray(fn(r._local, s, axis=ax), r.shape, r.team, r.split, r._pb, r._po)
            continue
        n = x.shape[ax]
        new = pt.empty_like(r)
        new[_rows(ax, r.ndim, slice(s, None))] = r[_rows(ax, r.ndim, slice(0, n - s))]
        new[_rows(ax, r.ndim, slice(0, s))] = r[_rows(ax, r.ndim, slice(n - s, None))]
        r = new
    if r is x:  # nothing moved: a copy, as NumPy's
        r = pt.empty_like(x)
        r[...] = x
    return r


# ------------------------------------------------------------------ matmul

def _bcast_rows(b, k):
    """Rank k's rows of the 2-D distributed b, on every rank: a dist.collective_broadcast of
    the program (the other ranks contribute an uninitialized block of that shape)."""
    from ._creation import empty
    lo, hi = b.team.owned(*b.partition, r=k)
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
    from ._linalg import batch_shape
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
            if x.split != j or x.partition != lead.partition:
                return None
            parts.append(x._local)
        elif j < 0 or x.shape[j] == 1:
            parts.append(x)
        else:
            parts.append(x[_rows(j, x.ndim, slice(lo, hi))])
    return DArray(fn(*parts), shape, lead.team, ax, lead._pb, lead._po)


# ------------------------------------------------------------------ dispatch

def _has_darray(args, kwargs):
    for v in args:
        if isinstance(v, DArray) or (isinstance(v, (list, tuple)) and
                                     any(isinstance(w, DArray) for w in v)):
            return True
    for v in kwargs.values():
        if isinstance(v, DArray):
            return True
    return False


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


@distributed("matmul")
def _matmul(name, fn, x1, x2, /):
    return matmul(fn, x1, x2)


@distributed("permute_dims")
def _permute_dims(name, fn, x, /, axes):
    return permute_dims(fn, x, axes)


@distributed("matrix_transpose")
def _matrix_transpose(name, fn, x, /):
    return matrix_transpose(fn, x)


@distributed("reshape")
def _reshape(name, fn, x, /, shape, *, copy=None):
    return reshape(fn, x, shape, copy)


@distributed("squeeze")
def _squeeze(name, fn, x, /, axis):  # a view, as on one process: the same index
    from ._manipulation import squeeze_key
    return getitem(x, squeeze_key(x.shape, axis))


@distributed("flip")
def _flip(name, fn, x, /, *, axis=None):  # a view, as on one process: the same index
    from ._manipulation import flip_key
    return getitem(x, flip_key(x.ndim, axis))


@distributed("roll")
def _roll(name, fn, x, /, shift, *, axis=None):
    return roll(fn, x, shift, axis)


@distributed("sort", "argsort")
def _sort(name, fn, x, /, *, axis=-1, descending=False, stable=True):
    return sort(fn, x, axis, descending, stable, indices=name == "argsort")


@distributed("astype")
def _astype(name, fn, x, dtype, /, *, copy=True, device=None):
    local = x._local
    r = fn(local, dtype, copy=copy, device=device)
    if r is local:  # copy=False and the dtype stays: x itself, as on one process
        return x
    return DArray(r, x.shape, x.team, x.split, x._pb, x._po)


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
    from . import _creation as c
    return DArray(c._copy(x._local), x.shape, x.team, x.split, x._pb, x._po)


def install_operators():
    """Python operators of DArray: the namespace's (dispatching) functions."""
    import ptensor as pt
    binary = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
              "floordiv": "floor_divide", "mod": "remainder", "pow": "pow",
              "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
              "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift"}
    # the local arrays' operands (NumPy's as replicated ones) and DArrays; anything else (a
    # str, None, ...) gets NotImplemented, so Python tries the other side and == ends False
    from ._elementwise import OPERANDS
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
    for op, name in {"lt": "less", "le": "less_equal", "gt": "greater",
                     "ge": "greater_equal", "eq": "equal", "ne": "not_equal"}.items():
        fn = getattr(pt, name)
        setattr(DArray, f"__{op}__", lambda self, other, fn=fn: fn(self, other)
                if isinstance(other, operands) else NotImplemented)
    for op, name in {"neg": "negative", "pos": "positive", "abs": "abs",
                     "invert": "bitwise_invert"}.items():
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

"""Indexing of distributed arrays: views (a unit-step slice of the split axis keeps its rows
where they are and derives its local part from its parent's storage; other views move rows
and follow their parent: moved views, 0-d element views), boolean masks, index arrays, and
assignment (each rank writes its rows; values from their owners)."""
from __future__ import annotations

from typing import Any

import numpy as np

from . import _dtypes as dt
from . import _ops
from . import _dist
from . import _dist_move
from ._advanced import _offsets, check_value_shape
from ._array import Array, Local, _array_key, _has_array
from ._creation import asarray
from ._dist import DArray, Derived, Move, Moved, UnitView, _repartition, _rows
from ._dist_align import _apply_key, _is_arraylike, _local_rows, _owner, _refresh_ghosts, _source
from ._dist_registry import distributed
from ._dist_replicated import _check_team, _gathered, _replicated_local, replicated
from ._indexing import _Uncached, _key_sig, is_element_key, remember, slice_item
from ._manipulation import expand_dims, flip_key, squeeze_key
from ._upcalls import namespace as pt


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


_VIEW_PLANS: dict[Any, Any] = {}  # _layout_sig -> _unit_view_plan's plan


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
        return _element(x, tuple(k), is_element_key(key))  # a 0-d view, as on one process
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
                key.row_partition != x.row_partition:
            _check_team(x.team, key)
            return DArray(_local_rows(key, x._pb, x._po), x.shape, x.team, x.split, x._pb,
                          x._po)
        return key
    if isinstance(key, np.ndarray) and key.dtype == np.bool_ or \
            isinstance(key, Local) and key.dtype == dt.bool_:
        if tuple(key.shape) == x.shape and x.ndim:
            rows = key[_rows(x.split, x.ndim, slice(*x.owned()))]
            return DArray(rows if isinstance(rows, Local) else asarray(rows, device=x.device),
                          x.shape, x.team, x.split, x._pb, x._po)
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
            and key.split == x.split and key.row_partition == x.row_partition)


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
                  derive=Derived(v, other, rows, (_key_sig(rows), _key_sig(other))),
                  dtype=v.dtype)


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
                  view=UnitView(base, shift + start, key), derive=Derived(x, other, rows, dsig),
                  dtype=x.dtype)


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
    spec = Move(n, *x.row_partition, start, step, n, 0, n, 0, 1)
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
        key = list(k)
        key[x.split] = ks
        r = full[tuple(key)]
        j = _row_split(_view_parts(x, k, 1)[1], r.ndim)
        lo, hi = x.team.owned(r.shape[j], 0, r.shape[j])
        v = DArray(asarray(r[_rows(j, r.ndim, slice(lo, hi))], device=x.device), r.shape,
                   x.team, j)
    v._moved = Moved(x, ks, k, _stamp(x))
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
    # _element (Array's): made by an int per axis (x[i, j]: e += v rebinds e, as for NumPy's
    # scalar, and x[i, j] += v writes x), not by x[i, ...] or a full squeeze (NumPy's 0-d view)
    __slots__ = ("_hh", "_ver", "_parent", "_key", "_pseen", "_element")

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


def _element(x, k, element):
    e = object.__new__(_Element)
    e._element = element
    e._dtype, e._base, e._v, e._vkey, e._seen, e._ver = x.dtype, None, None, None, 0, 0
    e._hs = e._np = None  # (Array._t reads the slot: this class's _h property answers)
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
    m = v._moved
    now = _stamp(m.parent)
    if now == m.seen:
        return
    m.seen = now
    new = _moved_copy(m.parent, m.split_key, m.key)._local
    if v._pad is None:
        v._loc[...] = new
    else:
        v._pad.padded[v._pad.rows] = new
    _written(v, back=False)


def _written(owner, back=True):
    """After a write to owner's storage: its halo caches go, its ghost rows are refreshed
    (now, in the writer's program: readers find them valid) and a moved view's rows are
    written back to its parent."""
    owner._writes += 1
    owner._ext = None
    if owner._pad is not None:
        _refresh_ghosts(owner)
    if back and owner._moved is not None:
        m = owner._moved
        key = list(m.key)
        key[m.parent.split] = m.split_key
        _setitem(m.parent, tuple(key), owner)
        _written(_owner(m.parent))
        owner._moved.seen = _stamp(m.parent)  # (equal to the parent's rows: no copy back)


def setitem(x, key, value):
    _dist.note("setitem", (x, value))
    _setitem(x, key, value)
    _written(_owner(x))


_SET_PLANS: dict[Any, Any] = {}  # _layout_sig -> _set_plan's plan


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
    shape, off = _offsets(x, key if isinstance(key, tuple) else (key,))
    return shape, off.to_numpy(copy=False).reshape(-1)


def _advanced_take(x, key):
    """x[key] for the other keys with index arrays (several arrays, ints among them, masks
    over leading axes, ...): a take from the flattened x (a distributed reshape) at the
    offsets, each element from its owner (take_rows), reshaped to NumPy's result shape. Moves
    the selected elements (and the reshapes' boundary rows), not x."""
    shape, off = _flat_offsets(x, key)
    return pt.reshape(_dist_move.take_rows(pt.reshape(x, (-1,)), off), shape)


def _advanced_put(x, key, value):
    """x[key] = value for the keys of _advanced_take: written into the flattened x by the
    owners of the offsets (put_rows), and the flattened x written back into x's storage."""
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
            vspec = Move(n, *vbase.row_partition, vshift, 1, x._pb, x._po, L, start, step)
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
            value = asarray(value, device=x.device)  # (NumPy values: to x's device)
        _ops.broadcast_shapes(value.shape, vshape)  # NumPy's error for bad shapes
        if dropped:
            j = vax - (len(vshape) - value.ndim)
            if j >= 0:
                value = expand_dims(value, axis=j)
        else:
            j = vax - (len(vshape) - value.ndim)
            if j >= 0 and value.shape[j] == n:
                value = value[_rows(j, value.ndim, slice(i0, i1))]
    x._local[lkey] = value
    x._ext = None



@distributed("squeeze")
def _squeeze(name, fn, x, /, axis):  # a view, as on one process: the same index
    return getitem(x, squeeze_key(x.shape, axis))


@distributed("flip")
def _flip(name, fn, x, /, *, axis=None):  # a view, as on one process: the same index
    return getitem(x, flip_key(x.ndim, axis))

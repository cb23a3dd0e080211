"""Distributed operations whose data moves between arbitrary ranks: changing the split axis
(resplit), reshapes that regroup the split axis, and sort / argsort along the split axis
(local sorts, exact cuts, merge). A resplit is a dist.all_to_all of the compiled program, a
reshape a dist.repartition of it; sorts run on the materialized local parts and move them with MPI
all-to-alls from Python (ptensor_dist_alltoallv): a sort's counts depend on the data, so it
cannot be part of a compiled program.

Resplit (split axis k -> j): rank r's block of k intersected with rank q's block of j goes
from r to q. Volume: about N (P - 1) / P elements, P - 1 messages per rank. A sort along
the split axis of a 2-D or larger array resplits along its largest other axis, sorts its
now whole columns locally and resplits back; a reshape that regroups a split axis other
than 0 resplits along axis 0 first.

Reshape (C order, split axis 0): rank r's rows are one contiguous range of the flattened
array, and so are its rows of the result (the block partition of the new first axis): the
reshape moves each element once, between ranks whose ranges overlap. Volume: at most N
elements; messages: O(P) per rank only for reshapes that shift every boundary.

Sort (1-D, or any array along a non-split axis, which needs no communication): each rank
sorts its part (ptensor's stable sort), the ranks find together where to cut their sorted
runs so that rank r of the result gets exactly its block of the sorted array (multisequence
selection: a few rounds of two small allgathers), one all-to-all moves the slices, and
each rank merges the P sorted slices (its own where its sort left it) into its block. Keys
are (value, global index), so equal values keep their order (stable) and the cuts go
through runs of equal values. NaN and descending order follow ptensor.sort: NaN last
ascending, first descending; equal elements in their original order. Volume: about
N (P - 1) / P elements (N more int64 for argsort); passes over the data: local sort,
all-to-all, merge (log2 P passes)."""
from __future__ import annotations

import numpy as np

from . import _dist
from . import _dtypes as dt
from ._array import Local
from ._creation import asarray
from ._custom_call import call
from ._dist import DArray
from ._dist_registry import distributed
from ._dist_replicated import _check_team, _replicated_local
from ._indexing_ops import check_assignable, checked_index_values, index_values, out_of_bounds
from ._manipulation import reshape
from ._searching import nonzero as local_nonzero
from ._sorting import _sort_along
from .spmd import all_gather_sizes

_MAX_ITEMS = 2**31 - 1  # MPI's int counts and displacements


def _check_size(n, what):
    """ValueError (on every rank alike: n is the global size) when a rank's counts could
    exceed MPI's int range."""
    if n > _MAX_ITEMS:
        raise ValueError(f"{what} of a distributed array of {n} elements: more than "
                         f"{_MAX_ITEMS} elements are not supported (MPI int counts)")


def _receive_buffer(n, dtype):
    """An empty 1-D array of n items in ptensor's pool memory (2 MiB aligned when large, and
    reused: no page faults). Where it starts in a 4 KiB page matters: a copy whose
    destination lies a little after its source's position in a page (each load then seems
    to depend on a store just before it, 4K aliasing) runs at a fraction of the speed. A pool
    buffer (page-aligned) starts before any NumPy or pool source."""
    return _dist._core.pool_bytes(n * dtype.itemsize).view(dtype)


def _alltoallv(team, send, scount, rcount, keep_own=False):
    """send (1-D, its items grouped by destination rank) moved: rank j gets scount[j] items;
    the result holds rcount[q] items from each rank q, in rank order. keep_own: the items
    this rank sends itself stay out (the result holds the other ranks' items only)."""
    _dist._core.run_pinned()  # a collective: the recorded ones before it run first
    scount = np.array(scount, dtype=np.int64)
    rcount = np.array(rcount, dtype=np.int64)
    sdispl = np.concatenate([[0], np.cumsum(scount)[:-1]]).astype(np.int64)
    if keep_own:
        scount[team.rank] = rcount[team.rank] = 0
    rdispl = np.concatenate([[0], np.cumsum(rcount)[:-1]]).astype(np.int64)
    send = np.ascontiguousarray(send)
    recv = _receive_buffer(int(rcount.sum()), send.dtype)
    p64 = _dist._P64
    _dist._lib.ptensor_dist_alltoallv_at(
        team.handle, send.ctypes.data, scount.ctypes.data_as(p64), sdispl.ctypes.data_as(p64),
        recv.ctypes.data, rcount.ctypes.data_as(p64), rdispl.ctypes.data_as(p64),
        send.dtype.itemsize)
    return recv


def _overlaps(lo, hi, ranges):
    """|[lo, hi) & [a, b)| for each (a, b) of ranges."""
    return [max(0, min(hi, b) - max(lo, a)) for a, b in ranges]


def _move_ranges(team, data, src, dst):
    """data (1-D, this rank's items of the contiguous-range partition src, one (lo, hi) per
    rank) moved to the contiguous-range partition dst; returns this rank's items of dst."""
    r = team.rank
    return _alltoallv(team, data, _overlaps(*src[r], dst), _overlaps(*dst[r], src))


# ------------------------------------------------------------------ resplit

def resplit(x, axis):
    """x (at least 2-D) split along `axis` instead of its split axis, in the block partition:
    rank r sends rank q the part of its rows that falls into q's block of `axis`, and q
    concatenates what it receives in rank order. A dist.all_to_all node of the pending
    program (split dim `axis`, concat dim x's split axis; the ranks' rows may differ in
    number), so the move fuses with the work before and after it."""
    team, k = x.team, x.split
    if axis == k:
        return x
    _check_size(x.size, "resplit")
    n = x.shape[axis]
    lo, hi = team.owned(n, 0, n)
    shape = list(x.shape)
    shape[axis] = hi - lo
    local = _dist._collective("all_to_all", team, x._local, shape, attrs=[axis, k])
    return DArray(local, x.shape, team, axis)


# ------------------------------------------------------------------ reshape

def reshape_flat(x, new):
    """x (split along axis 0, C order) reshaped to the tuple `new` (len >= 1), split along
    axis 0 in the plain block partition. A dist.repartition of the flattened local parts in
    the pending program (source rows of x.size // x.shape[0] items, target rows of
    prod(new[1:]) items), so it fuses with the work before and after it; when every rank
    already holds its elements of the result, a local reshape."""
    _check_size(x.size, "reshape")
    team = x.team
    inner = x.size // x.shape[0] if x.shape[0] else 0
    inner_new = int(np.prod(new[1:], dtype=np.int64))
    lo, hi = team.owned(new[0], 0, new[0])
    shape = (hi - lo,) + tuple(new[1:])
    spec = _dist.Move(x.size, *x.row_partition, 0, 1, new[0], 0, new[0], 0, 1, su=inner,
                      tu=inner_new)
    flat = reshape(x._local, (x._local.size,))
    if _dist.needs_exchange(team, spec):
        flat = _dist._repartition(team, flat, 0, spec)
    return DArray(reshape(flat, shape), tuple(new), team, 0)


# ------------------------------------------------------------------ sort

def _in_order(v, descending):
    """The positions of the 1-D NumPy array v in the sort's order, equal elements in position
    order (NumPy's stable order is ptensor's ascending one; descending is the reverse of the
    ascending order of the reversed array)."""
    if not descending:
        return np.argsort(v, kind="stable")
    return (len(v) - 1 - np.argsort(v[::-1], kind="stable"))[::-1]


def _counts_before(run, rev, pivots, strict, descending):
    """For each pivot: how many elements of the sorted run come strictly before it in the
    sort's order (strict) or not after it. rev: the run's positions reversed (descending
    runs are searched as the ascending arrays they are read backwards)."""
    if not descending:
        return np.searchsorted(run, pivots, "left" if strict else "right")
    return len(run) - np.searchsorted(run, pivots, "right" if strict else "left", sorter=rev)


_CANDIDATES = 64  # pivots counted per target and round (at most; see _cuts)


def _cuts(team, run, sizes, targets, descending):
    """Where this rank's sorted run is cut for each target k (global sorted positions): the
    first k elements of the sort are, on each rank q, the first cut[q] of its run.
    Multisequence selection on the runs (every rank decides alike from gathered data):
    rank q's cut for target k lies in a window [lo_q, hi_q), first its whole run. Each round
    every rank offers S elements evenly spaced in its window (one allgather); the pivots are
    all P * S offers (P <= 64: S = 64 // P) or, for more ranks, the offer at the weighted
    median of the offers (by window size, in the sort's order, ties by rank); every rank
    counts its elements before each pivot (equal ones count when they are on a lower rank:
    lower global indices) and the counts are gathered (a second allgather): a pivot's global
    position is the sum of its counts, and the last pivot before k and the first after it
    move the windows' bounds to their counts. With S offers a window shrinks S-fold a round:
    2^22 elements a rank at P = 2 take 4 rounds (18 with one offer). With one pivot the
    weighted median drops at least a quarter of what the windows hold: about log4/3(N)
    rounds. Returns (len(targets), P) int64."""
    P, r, m = team.size, team.rank, len(run)
    k = np.asarray(targets, dtype=np.int64)
    T = len(k)
    S = max(1, _CANDIDATES // P)
    every = P * S <= _CANDIDATES  # every offer is a pivot
    lo = np.zeros((T, P), dtype=np.int64)
    hi = np.tile(np.asarray(sizes, dtype=np.int64), (T, 1))
    cut = np.zeros((T, P), dtype=np.int64)
    todo = np.ones(T, dtype=bool)
    rev = np.arange(m - 1, -1, -1, dtype=np.intp) if descending else None
    spread = 2 * np.arange(S, dtype=np.int64) + 1
    owner = np.repeat(np.arange(P), S)  # of offer j (rank-major)
    while True:
        for fits, bound in ((lo.sum(1) == k, lo), (hi.sum(1) == k, hi)):
            hit = fits & todo
            cut[hit], todo[hit] = bound[hit], False
        if not todo.any():
            return cut
        w = np.where(todo[:, None], hi - lo, 0)
        pos = (lo[:, :, None] + w[:, :, None] * spread // (2 * S)).reshape(T, P * S)
        live = np.repeat(w > 0, S, axis=1)  # (T, P * S): offers from non-empty windows
        mine = pos[:, r * S:(r + 1) * S]
        offer = run[np.minimum(mine, m - 1)] if m else np.zeros((T, S), dtype=run.dtype)
        offers = _dist.gather_rows(offer.reshape(-1), [T * S] * P, team)
        offers = offers.reshape(P, T, S).transpose(1, 0, 2).reshape(T, P * S)
        if every:
            pick = np.tile(np.arange(P * S), (T, 1))
        else:  # one pivot per target (S = 1): the weighted median of the offers
            pick = np.zeros((T, 1), dtype=np.int64)
            for t in np.nonzero(todo)[0]:
                order = _in_order(offers[t], descending)
                cw = np.cumsum(w[t, order])
                pick[t, 0] = order[np.searchsorted(cw, (cw[-1] + 1) // 2)]
        rows = np.arange(T)[:, None]
        pv, pp, po = offers[rows, pick], pos[rows, pick], owner[pick]
        flat = pv.reshape(-1)
        c = np.where(r < po.reshape(-1), _counts_before(run, rev, flat, False, descending),
                     _counts_before(run, rev, flat, True, descending))
        c = np.where(r == po.reshape(-1), pp.reshape(-1), c).astype(np.int64)
        C = _dist.gather_rows(c, [c.size] * P, team).reshape(P, T, -1)  # [rank, target, pivot]
        at = C.sum(0)  # each pivot's global position
        ok = live[rows, pick] & todo[:, None]
        tt = np.arange(T)
        kk = k[:, None]
        exact, below, above = ok & (at == kk), ok & (at < kk), ok & (at > kk)
        hit = exact.any(1)
        cut[hit], todo[hit] = C[:, tt, exact.argmax(1)].T[hit], False
        b = np.where(below, at, -1).argmax(1)  # the last pivot before the cut
        lb = below.any(1) & todo
        Cb = C[:, tt, b].T + (np.arange(P)[None, :] == po[tt, b][:, None])  # with the pivot
        lo[lb] = np.maximum(lo[lb], Cb[lb])
        a = np.where(above, at, np.iinfo(np.int64).max).argmin(1)  # the first after it
        la = above.any(1) & todo
        hi[la] = np.minimum(hi[la], C[:, tt, a].T[la])


def sort_split(x, descending, want):
    """The values ("values"), int64 global indices ("indices") or both as a pair ("both") of
    the 1-D distributed x sorted along its axis: each rank sorts its part, the runs are cut
    exactly where the result's block partition puts rank boundaries (_cuts), one all-to-all
    moves every slice to its rank, which merges the P sorted slices it receives into its
    part of the result ("ptensor.merge_runs", runtime/host/Sort.cpp)."""
    team, P, n = x.team, x.team.size, x.shape[0]
    _check_size(n, "sort")
    indices = want != "values"
    if n == 0:
        pair = [DArray(r, (0,), team, 0, *x.row_partition[:2])
                for r in _sort_along(x._local, 0, descending, "sort")]
        return tuple(pair) if want == "both" else pair[want == "indices"]
    # the collectives recorded before run first, in the same order on every rank (a rank
    # whose part is empty runs no program for it: it would go on to the exchange while the
    # others run those collectives, and the team would wait forever)
    _dist._core.run_pinned()
    vals, idx = _sort_along(x._local, 0, descending, "sort", indices=indices)
    run = np.asarray(vals)
    sizes = team.counts(*x.row_partition)
    targets = [team.owned(n, 0, n, r=q)[0] for q in range(1, P)]
    cuts = _cuts(team, run, sizes, targets, descending)[:, team.rank]
    scount = np.diff(np.concatenate([[0], cuts, [len(run)]]))
    rcount = _exchange_counts(team, scount)
    # this rank's own slice stays where its sort put it (no copy through the all-to-all):
    # the merge reads three parts, the slices of lower ranks, its own, those of higher ones
    r, before = team.rank, int(rcount[:team.rank].sum())
    own = slice(int(scount[:r].sum()), int(scount[:r + 1].sum()))

    def parts(local):
        got = _alltoallv(team, local, scount, rcount, keep_own=True)
        return [asarray(p, device=x.device) for p in (got[:before], local[own], got[before:])]

    args = parts(run) + [asarray(rcount, device=x.device)]
    outs = [((int(rcount.sum()),), vals.dtype)]
    if indices:
        args += parts(np.asarray(idx) + x.owned()[0])
        outs.append((outs[0][0], dt.int64))
    res = [DArray(a, (n,), team, 0) for a in call(
        "ptensor.merge_runs", args, outs, {"descending": bool(descending), "parts": 3})]
    if want == "both":
        return tuple(res)
    return res[want == "indices"]


# ------------------------------------------------------------------ masks

def _balanced(team, parts, device):
    """1-D NumPy arrays of this rank's items (the ranks' items in rank order make the whole
    array, of a data-dependent length K) as DArrays in the block partition of K: one
    allgather of the counts, then one alltoallv per array."""
    counts = all_gather_sizes(len(parts[0]), team)
    K = sum(counts)
    _check_size(K, "boolean index")
    starts = np.concatenate([[0], np.cumsum(counts)]).tolist()
    src = [(starts[r], starts[r + 1]) for r in range(team.size)]
    dst = [team.owned(K, 0, K, r=r) for r in range(team.size)]
    return [DArray(asarray(_move_ranges(team, p, src, dst), device=device), (K,), team, 0)
            for p in parts]


def _along_rows(x):
    """x split along axis 0, where row-major order is rank order (a resplit otherwise)."""
    return x if x.split == 0 else resplit(x, 0)


def masked(x, mask):
    """x[mask] for a boolean mask of x's shape split and partitioned as x: each rank selects
    from its own rows, and the selection is rebalanced (no gather of x or mask)."""
    x, mask = _along_rows(x), _along_rows(mask)
    return _balanced(x.team, [np.asarray(x._local[mask._local])], x.device)[0]


@distributed("nonzero")
def _nonzero(name, fn, x, /):
    return nonzero(x)


def nonzero(x):
    """pt.nonzero of a DArray: each rank's nonzero positions (its first row's global index
    added to axis 0's), rebalanced."""
    x = _along_rows(x)
    idx = [np.asarray(i) for i in local_nonzero(x._local)]
    idx[0] = idx[0] + x.owned()[0]
    return tuple(_balanced(x.team, idx, x.device))


# ------------------------------------------------------------------ integer-array indexing

def _owners(x, idx):
    """The rank holding each global row index idx of x's split axis."""
    return np.searchsorted(np.cumsum(x.team.counts(*x.row_partition)), idx, side="right")


def _exchange_counts(team, scount):
    """What every rank sends this one, from what this one sends every rank (an alltoall)."""
    _dist._core.run_pinned()  # a collective: the recorded ones before it run first
    scount = np.ascontiguousarray(scount, dtype=np.int64)
    rcount = np.empty(team.size, dtype=np.int64)
    _dist._lib.ptensor_dist_alltoall(team.handle, scount.ctypes.data, rcount.ctypes.data, 8)
    return rcount


def agreed_index_values(team, indices, n, name):
    """checked_index_values of this rank's part of distributed indices, where a bound error
    on any rank raises the same IndexError on every rank (one allgather of each rank's
    first bad index), so no rank waits in a collective the others left."""
    iv = index_values(indices, name)  # (the dtype is the same on every rank)
    bad = out_of_bounds(iv, n)
    flags = _dist.gather_rows(np.array([bad is not None, bad or 0], dtype=np.int64),
                              [2] * team.size, team)
    for q in range(team.size):
        if flags[2 * q]:
            raise IndexError(f"{name}: index {int(flags[2 * q + 1])} is out of bounds for "
                             f"axis of size {n}")
    return np.where(iv < 0, iv + n, iv).astype(np.int64)


def _rows_of(x):
    """x's local rows as NumPy with the split axis first, and the items per row."""
    return _numpy_rows(np.moveaxis(np.asarray(x._local), x.split, 0))


def _numpy_rows(a):
    return a, int(np.prod(a.shape[1:], dtype=np.int64))


def take_at(x, indices, name="take"):
    """x's rows (along its split axis) at the distributed 1-D integer indices, laid out as
    the indices are: each rank asks the owners of the rows its indices name (an alltoall of
    the counts, an alltoallv of the indices) and the owners send the rows back (a second
    alltoallv). Volume: the indices and the selected rows, once each; no rank holds more
    than its own indices."""
    team, ax = x.team, x.split
    _check_team(team, indices)
    idx = agreed_index_values(team, indices._local, x.shape[ax], name)
    shape = x.shape[:ax] + indices.shape + x.shape[ax + 1:]
    _check_size(int(np.prod(shape, dtype=np.int64)), name)
    owner = _owners(x, idx)
    order = np.argsort(owner, kind="stable")  # my indices grouped by owner
    scount = np.bincount(owner, minlength=team.size)
    rcount = _exchange_counts(team, scount)
    asked = _alltoallv(team, idx[order], scount, rcount)
    local, row = _rows_of(x)
    sent = local[asked - x.owned()[0]].reshape(-1)
    got = _alltoallv(team, sent, rcount * row, scount * row)
    out = np.empty((len(idx),) + local.shape[1:], dtype=local.dtype)
    out[order] = got.reshape(out.shape)
    return DArray(asarray(np.ascontiguousarray(np.moveaxis(out, 0, ax)), device=x.device),
                  shape, team, ax, indices._pb, indices._po)


def put_rows(x, indices, value):
    """x[indices] = value for x split along axis 0 and 1-D integer indices: replicated (a
    NumPy array, list or local Array) or distributed. Replicated indices: every rank writes
    the rows it owns; a value with one row per index gives each rank its rows for those
    (from their owners when the value is distributed). Distributed indices: each rank sends
    its indices (and its value rows) to the owners of the rows they name (an alltoall of the
    counts, one or two alltoallv). Other values are broadcast, as on one process. Repeated
    indices: the last one wins, as in NumPy (rows arrive in index order)."""
    team, P, me, n = x.team, x.team.size, x.team.rank, x.shape[0]
    spread = isinstance(indices, DArray)
    if spread:
        _check_team(team, indices)
        idx = agreed_index_values(team, indices._local, n, "index")
        k = indices.shape[0]
    else:
        idx = checked_index_values(indices, n, "index")
        k = len(idx)
    target = (k,) + x.shape[1:]
    vshape = tuple(np.shape(value)) if not isinstance(value, (DArray, Local)) else value.shape
    check_assignable(vshape, target)
    per_index = len(vshape) == x.ndim and k > 1 and vshape[0] == k  # one row per index
    if isinstance(value, DArray) and not (per_index and value.split == 0 and (
            not spread or value.row_partition == indices.row_partition)):
        value = _replicated_local(value, team)  # (a row, or rows laid out otherwise)
    lo = x.owned()[0]
    if spread:
        owner = _owners(x, idx)
        order = np.argsort(owner, kind="stable")  # my indices grouped by owner
        scount = np.bincount(owner, minlength=P)
        rcount = _exchange_counts(team, scount)
        pos = _alltoallv(team, idx[order], scount, rcount) - lo
        if per_index:
            vl, row = _rows_of(value) if isinstance(value, DArray) else \
                _numpy_rows(np.asarray(value)[slice(*indices.owned())])
            got = _alltoallv(team, vl[order].reshape(-1), scount * row, rcount * row)
            value = got.reshape((len(pos),) + vl.shape[1:])
    else:
        mine = np.nonzero(_owners(x, idx) == me)[0]  # positions whose row is mine
        pos = idx[mine] - lo
        if per_index and isinstance(value, DArray):
            # value row j lives on its owner: sent to the owner of row idx[j]; received in
            # source-rank order, which is j's order (block partitions are monotone)
            b, e = value.owned()
            dest = _owners(x, idx[b:e])
            vl, row = _rows_of(value)
            got = _alltoallv(team, vl[np.argsort(dest, kind="stable")].reshape(-1),
                             np.bincount(dest, minlength=P) * row,
                             np.bincount(_owners(value, mine), minlength=P) * row)
            value = got.reshape((len(mine),) + vl.shape[1:])
        elif per_index:
            value = np.asarray(value)[mine]
    d = x.device
    x._local[asarray(pos, device=d)] = (asarray(value, device=d) if isinstance(value, np.ndarray)
                                        else value)


def take_rows(x, indices):
    """x's rows (along its split axis) at the 1-D integer indices (a NumPy array, list or
    local Array), split along that axis in
    the block partition of len(indices): every rank knows the indices and both partitions,
    so it computes every send and receive count itself, and one alltoallv moves each row
    from its owner to the rank of its result position (no gather of x)."""
    team, P, me, ax = x.team, x.team.size, x.team.rank, x.split
    idx = checked_index_values(indices, x.shape[ax], "take")
    k = len(idx)
    shape = x.shape[:ax] + (k,) + x.shape[ax + 1:]
    _check_size(int(np.prod(shape, dtype=np.int64)), "take")
    lo = x.owned()[0]
    owner = _owners(x, idx)
    bounds = [team.owned(k, 0, k, r=r) for r in range(P)]
    dest = np.repeat(np.arange(P), [e - b for b, e in bounds])  # rank of result position j
    local, row = _rows_of(x)
    mine = np.nonzero(owner == me)[0]  # positions whose row is here, grouped by dest rank
    send = local[idx[mine] - lo].reshape(-1)
    b, e = bounds[me]
    src = owner[b:e]
    recv = _alltoallv(team, send, np.bincount(dest[mine], minlength=P) * row,
                      np.bincount(src, minlength=P) * row)
    out = np.empty((e - b,) + local.shape[1:], dtype=local.dtype)
    out[np.argsort(src, kind="stable")] = recv.reshape((e - b,) + local.shape[1:])
    return DArray(asarray(np.ascontiguousarray(np.moveaxis(out, 0, ax)), device=x.device),
                  shape, team, ax)

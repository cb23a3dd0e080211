"""SPMD helpers for distributed arrays (``pt.spmd``): the team, local parts, gathers and
collectives. Under ``mpiexec -n N`` every rank runs the same script; without a launcher the
world team has one rank (MPI is then initialized on first use)."""
from __future__ import annotations


import numpy as np

from . import _dist
from . import _dtypes as dt
from ._dist import DArray, Team, as_team, distribute, gather as _gather, stats  # noqa: F401


def world():
    """The team of all ranks (MPI_COMM_WORLD)."""
    return _dist.world()


def _team(team):
    t = as_team(team) if team is not None else None
    return t if t is not None else world()


def rank(team=None):
    return _team(team).rank


def nranks(team=None):
    return _team(team).size


def split(color, key=None, team=None):
    """A new team of the ranks of `team` (default: the world) that pass the same color, ordered
    by key (default: their rank), as MPI_Comm_split. Every rank of `team` must call it."""
    t = _team(team)
    for name, v in (("color", color), ("key", key)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))
                              or not 0 <= v < 2**31):
            raise ValueError(f"split: {name} must be an integer in [0, 2**31), got {v!r}")
    return Team(_dist._lib.ptensor_dist_split(t.handle, int(color),
                                              t.rank if key is None else int(key)))


def barrier(team=None):
    _dist._runtime().ptensor_dist_barrier(_team(team).handle)


def get_locals(x):
    """This rank's part of x (the whole array for a local one)."""
    return x._local if isinstance(x, DArray) else x


def get_local_range(x):
    """This rank's rows [lo, hi) of x's split axis."""
    if not isinstance(x, DArray):
        raise TypeError("get_local_range: x is not distributed")
    return x.owned()


def from_locals(local, team=None, split=0):
    """A distributed array from every rank's part (concatenated in rank order along split).
    Parts that match the block partition are used as they are; others are gathered and
    split again."""
    from ._creation import asarray
    t = _team(team)
    local = asarray(local)
    if local.ndim == 0:
        raise ValueError("from_locals: local parts must have at least one dimension")
    ax = split % local.ndim
    sizes = all_gather_sizes(local.shape[ax], t)
    L = sum(sizes)
    shape = list(local.shape)
    shape[ax] = L
    if sizes == t.counts(L, 0, L):
        return DArray(local, shape, t, ax)
    rows = np.moveaxis(np.asarray(local), ax, 0)
    full = _dist.gather_rows(rows, sizes, t)
    return distribute(asarray(np.moveaxis(full, 0, ax)), t, ax)


def all_gather_sizes(n, team):
    """Every rank's integer n (an allgather)."""
    out = _dist.gather_rows(np.array([n], dtype=np.int64), [1] * team.size, team)
    return [int(v) for v in out]


def gather(x, root=None):
    """The whole array as NumPy: on every rank (root=None) or on `root` only (None elsewhere)."""
    return _gather(x, root)


def all_gather(*arrays, team=None):
    """Every rank's local parts concatenated along axis 0, for several arrays at once."""
    from ._creation import asarray
    t = _team(team)
    out = []
    for a in arrays:
        a = np.asarray(get_locals(a))
        out.append(asarray(_dist.gather_rows(a, all_gather_sizes(a.shape[0], t), t)))
    return out[0] if len(out) == 1 else tuple(out)


_KINDS = {"sum": 0, "prod": 1, "min": 2, "max": 3}


def all_reduce(*arrays, op="sum", team=None):
    """Element-wise reduction of local arrays over the team (every rank gets the result),
    for several arrays at once; recorded in the program as dist.finalize_reduce."""
    if op not in _KINDS:
        raise ValueError(f"all_reduce: op must be one of {sorted(_KINDS)}, got {op!r}")
    from ._creation import asarray
    t = _team(team)
    out = []
    for a in arrays:
        if isinstance(a, DArray):
            raise TypeError("all_reduce takes local arrays (use pt.spmd.get_locals)")
        a = asarray(a)
        if op in ("min", "max"):
            dt.reject_complex(f"all_reduce op={op!r}", a.dtype)
        out.append(_dist._allreduce(t, a, op))
    return out[0] if len(out) == 1 else tuple(out)


def collective_broadcast(x, root=0, team=None):
    """Rank root's local array on every rank (shape and dtype must agree on every rank)."""
    from ._creation import asarray
    t = _team(team)
    if not 0 <= root < t.size:
        raise ValueError(f"collective_broadcast: root {root} is not a rank of a team of {t.size}")
    a = np.ascontiguousarray(np.array(get_locals(asarray(x))))
    _dist._lib.ptensor_dist_bcast(t.handle, a.ctypes.data, a.nbytes, root)
    return asarray(a)


# ------------------------------------------------------------------ StableHLO's collectives
# On local arrays (every rank its own), several at once, like all_reduce. Shapes and dtypes
# must agree over the team; that is checked before anything else (one small allgather), so a
# mismatch, and every error after it, raises the same ValueError on every rank instead of
# failing inside MPI or leaving the other ranks waiting.
_MPI_CODE = {"float64": 0, "float32": 1, "int64": 2, "int32": 3, "int16": 4, "int8": 5,
             "uint64": 6, "uint32": 7, "uint16": 8, "uint8": 9, "bool": 9, "complex64": 10,
             "complex128": 11}


def _local_np(a, name):
    from ._creation import asarray
    if isinstance(a, DArray):
        raise TypeError(f"{name} takes local arrays (use pt.spmd.get_locals)")
    return np.ascontiguousarray(np.asarray(asarray(a)))


def _agree(t, x, name):
    """ValueError on every rank unless every rank's x has the same shape and dtype."""
    import zlib
    sig = zlib.crc32(repr((x.shape, x.dtype.str)).encode())
    if len(set(all_gather_sizes(sig, t))) != 1:
        raise ValueError(f"{name}: the ranks' arrays differ in shape or dtype (this rank: "
                         f"{x.shape} {x.dtype})")
    if x.nbytes >= 2**31:
        raise ValueError(f"{name}: {x.nbytes} bytes do not fit one MPI message")


def _blocks(t, a, axis, name, what):
    """The local array and its team-size blocks along axis, stacked (after _agree)."""
    from ._ops import normalize_axis
    x = _local_np(a, name)
    _agree(t, x, name)
    if x.ndim == 0:
        raise ValueError(f"{name}: arrays must have at least one dimension")
    ax, P = normalize_axis(axis, x.ndim, what), t.size
    if x.shape[ax] % P:
        raise ValueError(f"{name}: {what} {ax} has size {x.shape[ax]}, not a multiple of the "
                         f"team size {P}")
    return x, np.ascontiguousarray(np.stack(np.split(x, P, axis=ax))) if P > 1 else x[None]


def _each(arrays, f):
    out = [f(a) for a in arrays]
    return out[0] if len(out) == 1 else tuple(out)


def all_to_all(*arrays, split_axis=0, concat_axis=0, team=None):
    """Each local array is split into team-size blocks along split_axis; block j goes to rank
    j; the received blocks are concatenated in rank order along concat_axis."""
    from ._creation import asarray
    from ._ops import normalize_axis
    t = _team(team)

    def one(a):
        x, send = _blocks(t, a, split_axis, "all_to_all", "split_axis")
        ca = normalize_axis(concat_axis, x.ndim, "concat_axis")
        recv = np.empty_like(send)
        _dist._lib.ptensor_dist_alltoall(t.handle, send.ctypes.data, recv.ctypes.data,
                                         send.nbytes // t.size)
        return asarray(np.concatenate(list(recv), axis=ca))
    return _each(arrays, one)


def reduce_scatter(*arrays, op="sum", scatter_axis=0, team=None):
    """The element-wise reduction (op: sum, prod, min, max) of the ranks' local arrays, split
    into team-size blocks along scatter_axis: rank r gets block r."""
    from ._creation import asarray
    if op not in _KINDS:
        raise ValueError(f"reduce_scatter: op must be one of {sorted(_KINDS)}, got {op!r}")
    t = _team(team)

    def one(a):
        x, send = _blocks(t, a, scatter_axis, "reduce_scatter", "scatter_axis")
        kind, dtype = _KINDS[op], x.dtype
        if op in ("min", "max"):
            dt.reject_complex(f"reduce_scatter op={op!r}", dt.to_dtype(dtype))
        if dtype == np.bool_:  # or / and as max / min of bytes
            send, kind = send.view(np.uint8), _KINDS["max" if op in ("sum", "max") else "min"]
        recv = np.empty(send.shape[1:], send.dtype)
        _dist._lib.ptensor_dist_reduce_scatter_buf(t.handle, send.ctypes.data, recv.ctypes.data,
                                                   recv.size, _MPI_CODE[dtype.name], kind)
        return asarray(recv.view(dtype))
    return _each(arrays, one)


def collective_permute(*arrays, source_target_pairs, team=None):
    """Each rank sends its local array to the rank it is paired with as a source and receives
    from the rank paired with it as a target; a rank that is nobody's target gets zeros.
    A rank may appear at most once as a source and once as a target."""
    from ._creation import asarray
    t = _team(team)
    pairs = [tuple(p) for p in source_target_pairs]
    for p in pairs:
        if len(p) != 2 or not all(isinstance(r, (int, np.integer)) and 0 <= r < t.size for r in p):
            raise ValueError(f"collective_permute: pair {p} must be two ranks of a team of {t.size}")
    for i, what in ((0, "source"), (1, "target")):
        seen = [p[i] for p in pairs]
        if len(seen) != len(set(seen)):
            raise ValueError(f"collective_permute: a rank appears twice as a {what} in {pairs}")
    dst = next((d for s, d in pairs if s == t.rank), -1)
    src = next((s for s, d in pairs if d == t.rank), -1)

    def one(a):
        x = _local_np(a, "collective_permute")
        _agree(t, x, "collective_permute")
        recv = np.zeros_like(x)
        _dist._lib.ptensor_dist_sendrecv(t.handle, x.ctypes.data, dst, recv.ctypes.data, src,
                                         x.nbytes)
        return asarray(recv)
    return _each(arrays, one)

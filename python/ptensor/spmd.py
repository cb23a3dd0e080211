"""SPMD helpers for distributed arrays (``pt.spmd``): the team, local parts, gathers and
collectives. Under ``mpiexec -n N`` every rank runs the same script; without a launcher the
world team has one rank (MPI is then initialized on first use)."""
from __future__ import annotations


import numpy as np

from . import _dist
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
        out.append(_dist._allreduce(t, asarray(a), op))
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

"""SPMD helpers for distributed arrays (``pt.spmd``): the team, local parts, gathers and
collectives. Under ``mpiexec -n N`` every rank runs the same script; without a launcher the
world team has one rank (MPI is then initialized on first use)."""
from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, overload

import numpy as np

from . import _dist
from . import _dtypes as dt
from ._creation import asarray
from ._ops import normalize_axis
from ._dist import DArray, Team, as_team, distribute, gather as _gather, stats  # noqa: F401

__all__ = ["Team", "all_gather", "all_gather_sizes", "all_reduce", "all_to_all", "as_team",
           "barrier", "collective_broadcast", "collective_permute", "distribute", "from_locals",
           "gather", "get_local_range", "get_locals", "nranks", "rank", "reduce_scatter",
           "split", "stats", "world"]

if TYPE_CHECKING:
    from typing import Any, Literal, Protocol, Sequence, Union

    from numpy.typing import NDArray

    from ._array import Array
    from ._typing import ArrayLike

    class _Communicator(Protocol):
        """An mpi4py communicator (mpi4py.MPI.Comm), which a team= argument may be."""
        def py2f(self) -> int: ...
        def Is_inter(self) -> bool: ...

    # a team= argument: a Team, an mpi4py communicator, or None (the world)
    _TeamArg = Union[Team, _Communicator, None]
    # the reduction of all_reduce and reduce_scatter
    _Op = Literal["sum", "prod", "min", "max"]


def world() -> Team:
    """The team of all ranks (``MPI_COMM_WORLD``).

    Under ``mpiexec -n N`` it has N ranks; without a launcher it has one.

    Returns
    -------
    Team
        The world team.

    Examples
    --------
    >>> pt.spmd.world()
    Team(size=1, rank=0)
    """
    return _dist.world()


def _team(team):
    t = as_team(team) if team is not None else None
    return t if t is not None else world()


def rank(team: _TeamArg = None) -> int:
    """This process's rank in ``team`` (default: the world).

    Under ``mpiexec -n N`` each process gets its own rank, 0 to N - 1; on one process it is 0.

    Parameters
    ----------
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    int
        The rank.

    See Also
    --------
    nranks : The number of ranks.

    Examples
    --------
    >>> pt.spmd.rank()
    0
    """
    return _team(team).rank


def nranks(team: _TeamArg = None) -> int:
    """The number of ranks of ``team`` (default: the world).

    N under ``mpiexec -n N``; 1 on one process.

    Parameters
    ----------
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    int
        The team's size.

    Examples
    --------
    >>> pt.spmd.nranks()
    1
    """
    return _team(team).size


def split(color: int, key: int | None = None, team: _TeamArg = None) -> Team:
    """A new team of the ranks of ``team`` that pass the same ``color``, as ``MPI_Comm_split``.

    The ranks of the new team are ordered by ``key`` (default: their rank in ``team``). Every
    rank of ``team`` must call it (a collective; pending collectives run first).

    Parameters
    ----------
    color : int
        The group to join, in ``[0, 2**31)``.
    key : int, optional
        The order within the new team, in ``[0, 2**31)``.
    team : Team or mpi4py communicator, optional
        The team to split; None: the world.

    Returns
    -------
    Team
        This rank's new team.

    Raises
    ------
    ValueError
        ``color`` or ``key`` is not an integer in ``[0, 2**31)``.

    Examples
    --------
    Under ``mpiexec -n 4``, ``split(pt.spmd.rank() % 2)`` gives two teams of two ranks; on one
    process the team has the one rank:

    >>> pt.spmd.split(0).size
    1
    """
    t = _team(team)
    _dist._core.run_pinned()  # MPI_Comm_split is a collective
    for name, v in (("color", color), ("key", key)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))
                              or not 0 <= v < 2**31):
            raise ValueError(f"split: {name} must be an integer in [0, 2**31), got {v!r}")
    return Team(_dist._lib.ptensor_dist_split(t.handle, int(color),
                                              t.rank if key is None else int(key)))


def barrier(team: _TeamArg = None) -> None:
    """Wait until every rank of ``team`` has reached this call.

    The collectives already recorded run first, in order on every rank. On one process it
    returns at once.

    Parameters
    ----------
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Examples
    --------
    >>> pt.spmd.barrier()
    """
    t = _team(team)
    _dist._core.run_pinned()  # the recorded collectives first, in order on every rank
    _dist._runtime().ptensor_dist_barrier(t.handle)


def get_locals(x: Array) -> Array:
    """This rank's part of ``x`` (the whole array for a local one).

    For an array distributed under ``mpiexec``, the rows of its split axis that this rank owns
    (``get_local_range``), as a local Array; no communication.

    Parameters
    ----------
    x : Array
        A local or distributed array.

    Returns
    -------
    Array
        A local array.

    Examples
    --------
    >>> pt.spmd.get_locals(pt.asarray([1, 2, 3]))
    Array([1, 2, 3])
    """
    return x._local if isinstance(x, DArray) else x


def get_local_range(x: Array) -> tuple[int, int]:
    """This rank's rows ``[lo, hi)`` of the split axis of the distributed array ``x``.

    Under ``mpiexec -n N`` the rows are the rank's block of the partition; on one process the
    one rank owns all of them.

    Parameters
    ----------
    x : Array
        A distributed array.

    Returns
    -------
    tuple of int
        ``(lo, hi)``.

    Raises
    ------
    TypeError
        ``x`` is not distributed.

    Examples
    --------
    >>> d = pt.spmd.distribute(pt.arange(6), pt.spmd.world())
    >>> pt.spmd.get_local_range(d)
    (0, 6)
    """
    if not isinstance(x, DArray):
        raise TypeError("get_local_range: x is not distributed")
    return x.owned()


def from_locals(local: Array | ArrayLike, team: _TeamArg = None, split: int = 0) -> Array:
    """A distributed array from every rank's part, concatenated in rank order along ``split``.

    Every rank of ``team`` calls it with its own part; parts that match the block partition are
    used as they are, others are gathered and split again. On one process the result holds the
    one part.

    Parameters
    ----------
    local : Array or array_like
        This rank's part (at least one dimension).
    team : Team or mpi4py communicator, optional
        The team; None: the world.
    split : int, optional
        The axis along which the parts are concatenated (default 0).

    Returns
    -------
    Array
        The distributed array.

    Raises
    ------
    ValueError
        A 0-d part.

    Examples
    --------
    >>> pt.spmd.from_locals(pt.asarray([1, 2, 3]))
    Array([1, 2, 3])
    """
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
        return DArray(local, shape, t, ax)  # type: ignore[return-value]  # (an Array: _ArrayType)
    rows = np.moveaxis(np.asarray(local), ax, 0)
    full = _dist.gather_rows(rows, sizes, t)
    return distribute(asarray(np.moveaxis(full, 0, ax)), t, ax)


def all_gather_sizes(n: int, team: Team) -> list[int]:
    """Every rank's integer ``n``, in rank order (an allgather).

    Parameters
    ----------
    n : int
        This rank's number.
    team : Team
        The team.

    Returns
    -------
    list of int
        One entry per rank.

    Examples
    --------
    >>> pt.spmd.all_gather_sizes(3, pt.spmd.world())
    [3]
    """
    out = _dist.gather_rows(np.array([n], dtype=np.int64), [1] * team.size, team)
    return [int(v) for v in out]


@overload
def gather(x: Array, root: None = None) -> NDArray[Any]: ...
@overload
def gather(x: Array, root: int) -> NDArray[Any] | None: ...
def gather(x: Array, root: int | None = None) -> NDArray[Any] | None:
    """The whole array as NumPy: on every rank (``root=None``) or on ``root`` only.

    For a distributed array the ranks' parts are collected; the other ranks get None when
    ``root`` is given.

    Parameters
    ----------
    x : Array
        A local or distributed array.
    root : int, optional
        The rank that receives it; None: every rank.

    Returns
    -------
    numpy.ndarray or None
        The values.

    Examples
    --------
    >>> d = pt.spmd.distribute(pt.arange(6), pt.spmd.world())
    >>> pt.spmd.gather(d)
    array([0, 1, 2, 3, 4, 5])
    """
    return _gather(x, root)


# ------------------------------------------------------------------ collectives
# StableHLO's collectives (its tuple-collectives and collective_broadcast RFCs) on local arrays
# (every rank its own), several at once. Each is recorded as a dist op of the pending program
# (dist.all_reduce semantics: mlir_passes/Dialect/Dist/Ops.td), so its operand need not be
# computed first and its result fuses with what follows; --dist-to-runtime lowers it to
# runtime/dist.c. Shapes and dtypes must agree over the team: one small allgather of every
# operand's signature checks that first, so a mismatch raises the same ValueError on every rank
# instead of failing inside MPI.

def _locals(arrays, name):
    if not arrays:
        raise TypeError(f"{name} needs at least one array")
    if any(isinstance(a, DArray) for a in arrays):
        raise TypeError(f"{name} takes local arrays (use pt.spmd.get_locals)")
    return [asarray(a) for a in arrays]


def _agree(t, xs, name, axis=None):
    """ValueError on every rank unless every rank's xs have the same shapes (apart from their
    extent along `axis`, one per array) and dtypes; returns the ranks' extents along `axis`
    (P x len(xs)), or None."""
    mine = []
    for k, x in enumerate(xs):
        shape = list(x.shape)
        n = shape[axis[k]] if axis else 0
        if axis:
            shape[axis[k]] = -1
        mine += [zlib.crc32(repr((shape, x.dtype.name)).encode()), n]
    got = _dist.gather_rows(np.array([mine], dtype=np.int64), [1] * t.size, t)
    for k, x in enumerate(xs):
        if len(set(got[:, 2 * k])) != 1:
            raise ValueError(f"{name}: the ranks' arrays differ in shape or dtype (this rank: "
                             f"{x.shape} {x.dtype})")
        # the largest message: every rank's part of an all_gather, else one rank's array
        n = int(np.prod(x.shape, dtype=np.int64))
        if axis:
            rest = x.shape[:axis[k]] + x.shape[axis[k] + 1:]
            n = int(got[:, 2 * k + 1].sum()) * int(np.prod(rest, dtype=np.int64))
        if n * x.dtype.itemsize >= 2**31:
            raise ValueError(f"{name}: {n * x.dtype.itemsize} bytes do not fit one MPI message")
    return got[:, 1::2] if axis else None


def _each(out):
    return out[0] if len(out) == 1 else tuple(out)


def _axes(xs, axis, name, what):
    for x in xs:
        if x.ndim == 0:
            raise ValueError(f"{name}: arrays must have at least one dimension")
    return [normalize_axis(axis, x.ndim, what) for x in xs]


@overload
def all_gather(x: Array, /, *, axis: int = 0, team: _TeamArg = None) -> Array: ...
@overload
def all_gather(x1: Array, x2: Array, /, *arrays: Array, axis: int = 0,
               team: _TeamArg = None) -> tuple[Array, ...]: ...
def all_gather(*arrays: Array, axis: int = 0, team: _TeamArg = None) -> Array | tuple[Array, ...]:
    """Every rank's local arrays concatenated along ``axis`` in rank order, on every rank.

    Takes one or several local arrays (one result per array); the ranks' arrays may differ in
    size along ``axis`` only. Recorded as a collective of the pending program, so its operand
    need not be computed first. On one process each result is its operand.

    Parameters
    ----------
    *arrays : Array
        This rank's local arrays.
    axis : int, optional
        The concatenation axis (default 0).
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array or tuple of Array
        The gathered arrays.

    Raises
    ------
    ValueError
        Shapes or dtypes that do not agree over the team (the same error on every rank).

    Examples
    --------
    >>> pt.spmd.all_gather(pt.asarray([1, 2, 3]), pt.asarray([4.0]))
    (Array([1, 2, 3]), Array([4.]))
    """
    t = _team(team)
    xs = _locals(arrays, "all_gather")
    axes = _axes(xs, axis, "all_gather", "axis")
    sizes = _agree(t, xs, "all_gather", axes)
    out = []
    for k, (x, ax) in enumerate(zip(xs, axes)):
        shape = list(x.shape)
        shape[ax] = int(sizes[:, k].sum())
        out.append(_dist._collective("all_gather", t, x, shape, attrs=[ax]))
    return _each(out)


_OPS = ("sum", "prod", "min", "max")


def _op(op, name, dtypes):
    if op not in _OPS:
        raise ValueError(f"{name}: op must be one of {sorted(_OPS)}, got {op!r}")
    if op in ("min", "max"):
        for d in dtypes:
            dt.reject_complex(f"{name} op={op!r}", d)


@overload
def all_reduce(x: Array, /, *, op: _Op = "sum", team: _TeamArg = None) -> Array: ...
@overload
def all_reduce(x1: Array, x2: Array, /, *arrays: Array, op: _Op = "sum",
               team: _TeamArg = None) -> tuple[Array, ...]: ...
def all_reduce(*arrays: Array, op: _Op = "sum", team: _TeamArg = None) -> Array | tuple[Array, ...]:
    """Element-wise reduction of the ranks' local arrays; every rank gets the result.

    ``op`` is ``'sum'``, ``'prod'``, ``'min'`` or ``'max'`` (bools: or / and); several arrays
    at once give one result each. Under ``mpiexec -n N`` the result is the reduction over the N
    ranks' arrays; on one process it is the array itself.

    Parameters
    ----------
    *arrays : Array
        This rank's local arrays (shapes and dtypes agree over the team).
    op : {'sum', 'prod', 'min', 'max'}, optional
        The reduction (default 'sum'); min and max reject complex arrays.
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array or tuple of Array
        The reductions.

    Examples
    --------
    >>> pt.spmd.all_reduce(pt.asarray([1, 2, 3]), op="max")
    Array([1, 2, 3])
    """
    t = _team(team)
    xs = _locals(arrays, "all_reduce")
    _op(op, "all_reduce", [x.dtype for x in xs])
    _agree(t, xs, "all_reduce")
    return _each([_dist._allreduce(t, x, op) for x in xs])


def collective_broadcast(x: Array, root: int = 0, team: _TeamArg = None) -> Array:
    """Rank ``root``'s local array, on every rank.

    The shape and dtype of ``x`` must agree over the team; on one process the result is ``x``.

    Parameters
    ----------
    x : Array
        This rank's local array.
    root : int, optional
        The sending rank (default 0).
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array
        ``root``'s array.

    Raises
    ------
    ValueError
        ``root`` is not a rank of the team.

    Examples
    --------
    >>> pt.spmd.collective_broadcast(pt.asarray([1, 2, 3]))
    Array([1, 2, 3])
    """
    t = _team(team)
    if isinstance(root, bool) or not isinstance(root, (int, np.integer)) or \
            not 0 <= root < t.size:
        raise ValueError(f"collective_broadcast: root {root!r} is not a rank of a team of "
                         f"{t.size}")
    xs = _locals([x], "collective_broadcast")
    _agree(t, xs, "collective_broadcast")
    return _dist._broadcast(t, xs[0], int(root))


def _blocks(t, xs, axis, name, what):
    """The axes of the local arrays xs after the checks of a collective that cuts them into
    team-size blocks along axis."""
    axes = _axes(xs, axis, name, what)
    _agree(t, xs, name)
    for x, ax in zip(xs, axes):
        if x.shape[ax] % t.size:
            raise ValueError(f"{name}: {what} {ax} has size {x.shape[ax]}, not a multiple of "
                             f"the team size {t.size}")
    return axes


@overload
def all_to_all(x: Array, /, *, split_axis: int = 0, concat_axis: int = 0,
               team: _TeamArg = None) -> Array: ...
@overload
def all_to_all(x1: Array, x2: Array, /, *arrays: Array, split_axis: int = 0,
               concat_axis: int = 0, team: _TeamArg = None) -> tuple[Array, ...]: ...
def all_to_all(*arrays: Array, split_axis: int = 0, concat_axis: int = 0,
               team: _TeamArg = None) -> Array | tuple[Array, ...]:
    """Exchange blocks: each local array is cut into team-size blocks, block j goes to rank j.

    Each array is split into N blocks along ``split_axis`` (N: the team size); the blocks
    received are concatenated in rank order along ``concat_axis``. On one process the result is
    the array itself.

    Parameters
    ----------
    *arrays : Array
        This rank's local arrays; ``split_axis`` must be a multiple of the team size.
    split_axis : int, optional
        The axis cut into blocks (default 0).
    concat_axis : int, optional
        The axis the received blocks are concatenated along (default 0).
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array or tuple of Array
        The exchanged arrays.

    Examples
    --------
    >>> pt.spmd.all_to_all(pt.asarray([1, 2, 3]))
    Array([1, 2, 3])
    """
    t = _team(team)
    xs = _locals(arrays, "all_to_all")
    axes = _blocks(t, xs, split_axis, "all_to_all", "split_axis")
    out = []
    for x, sa in zip(xs, axes):
        ca = normalize_axis(concat_axis, x.ndim, "concat_axis")
        shape = list(x.shape)
        shape[sa] //= t.size
        shape[ca] *= t.size
        out.append(_dist._collective("all_to_all", t, x, shape, attrs=[sa, ca]))
    return _each(out)


@overload
def reduce_scatter(x: Array, /, *, op: _Op = "sum", scatter_axis: int = 0,
                   team: _TeamArg = None) -> Array: ...
@overload
def reduce_scatter(x1: Array, x2: Array, /, *arrays: Array, op: _Op = "sum",
                   scatter_axis: int = 0, team: _TeamArg = None) -> tuple[Array, ...]: ...
def reduce_scatter(*arrays: Array, op: _Op = "sum", scatter_axis: int = 0,
                   team: _TeamArg = None) -> Array | tuple[Array, ...]:
    """Element-wise reduction of the ranks' local arrays, cut into blocks: rank r gets block r.

    ``op`` is ``'sum'``, ``'prod'``, ``'min'`` or ``'max'`` (bools: or / and). The reduced
    array is split into team-size blocks along ``scatter_axis``. On one process the result is
    the array itself.

    Parameters
    ----------
    *arrays : Array
        This rank's local arrays; ``scatter_axis`` must be a multiple of the team size.
    op : {'sum', 'prod', 'min', 'max'}, optional
        The reduction (default 'sum').
    scatter_axis : int, optional
        The axis cut into blocks (default 0).
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array or tuple of Array
        This rank's blocks of the reductions.

    Examples
    --------
    >>> pt.spmd.reduce_scatter(pt.asarray([1, 2, 3]))
    Array([1, 2, 3])
    """
    t = _team(team)
    xs = _locals(arrays, "reduce_scatter")
    _op(op, "reduce_scatter", [x.dtype for x in xs])
    axes = _blocks(t, xs, scatter_axis, "reduce_scatter", "scatter_axis")
    out = []
    for x, ax in zip(xs, axes):
        shape = list(x.shape)
        shape[ax] //= t.size
        out.append(_dist._collective("reduce_scatter", t, x, shape, sub=op,
                                     attrs=[ax, _dist._unsigned(x.dtype)]))
    return _each(out)


@overload
def collective_permute(x: Array, /, *, source_target_pairs: Sequence[tuple[int, int]],
                       team: _TeamArg = None) -> Array: ...
@overload
def collective_permute(x1: Array, x2: Array, /, *arrays: Array,
                       source_target_pairs: Sequence[tuple[int, int]],
                       team: _TeamArg = None) -> tuple[Array, ...]: ...
def collective_permute(*arrays: Array, source_target_pairs: Sequence[tuple[int, int]],
                       team: _TeamArg = None) -> Array | tuple[Array, ...]:
    """Send each rank's local arrays to the rank it is paired with.

    A rank sends to the target of the pair where it is the source and receives from the source
    of the pair where it is the target; a rank that is nobody's target gets zeros. A rank may
    appear at most once as a source and once as a target.

    Parameters
    ----------
    *arrays : Array
        This rank's local arrays.
    source_target_pairs : sequence of tuple of int
        The ``(source, target)`` pairs of ranks.
    team : Team or mpi4py communicator, optional
        The team; None: the world.

    Returns
    -------
    Array or tuple of Array
        The received arrays.

    Raises
    ------
    ValueError
        A pair that is not two ranks of the team, or a rank twice as a source or a target.

    Examples
    --------
    >>> x = pt.asarray([1, 2, 3])
    >>> pt.spmd.collective_permute(x, source_target_pairs=[(0, 0)])
    Array([1, 2, 3])
    >>> pt.spmd.collective_permute(x, source_target_pairs=[])
    Array([0, 0, 0])
    """
    t = _team(team)
    pairs = [tuple(p) for p in source_target_pairs]
    for p in pairs:
        if len(p) != 2 or not all(isinstance(r, (int, np.integer)) and not isinstance(r, bool)
                                  and 0 <= r < t.size for r in p):
            raise ValueError(f"collective_permute: pair {p} must be two ranks of a team of {t.size}")
    for i, what in ((0, "source"), (1, "target")):
        seen = [p[i] for p in pairs]
        if len(seen) != len(set(seen)):
            raise ValueError(f"collective_permute: a rank appears twice as a {what} in {pairs}")
    xs = _locals(arrays, "collective_permute")
    _agree(t, xs, "collective_permute")
    flat = [int(r) for p in pairs for r in p]
    return _each([_dist._collective("permute", t, x, x.shape, attrs=flat) for x in xs])

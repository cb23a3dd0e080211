"""MPI teams: distributed arrays.

Under ``mpiexec -n N`` every rank runs the same script (SPMD). A :class:`DArray` is split
along one axis (``split``) over a :class:`Team`; each rank holds its rows as an ordinary lazy
ptensor Array (``_local``), so local work is recorded, fused and compiled like any program.
Communication is recorded *in the same program* as dist ops (``dist.repartition`` for halos
and repartitions, ``dist.finalize_reduce`` for reductions over the split axis), lowered by
--dist-to-runtime to calls into runtime/dist.c. Every rank records the same ops in the same
order, so the collectives inside the compiled programs match.

Partitions (see runtime/dist.c): rank r owns rows [clip(b_r(pb) - po), clip(e_r(pb) - po)) of
the split axis. New arrays have (pb, po) = (L, 0). A unit-step view ``a[s:t]`` keeps its rows
where they are, (pb, po + s): stencil views cost nothing until an operation combines views
with different offsets; the rows then missing come from a halo exchange of the viewed array
(one per array and program, ``_GHOST`` rows wide at least, widened on demand). Other views
(steps, large shifts) are repartitioned to the plain block partition.

What is distributed: creation, elementwise functions and operators (broadcasting between split
and replicated arrays), basic indexing (views) and assignment, reductions over any axis (sum,
prod, min, max, mean, var, std, any, all, argmax, argmin), cumulative sums and products,
sort, reshape, permute_dims, roll, matmul (batched too), boolean masks of the array's own
layout and nonzero, integer-array indexing and assignment along the split axis (replicated
or distributed indices) and NumPy's other advanced indexing (elements from and to their
owners), unique_*, and the functions of _dist_compose (concat, stack,
expand_dims, tensordot, repeat, tile, linalg's diagonal, trace, matrix_norm, LAPACK-based
functions of stacks split along a batch axis, ...).
Every other function runs *replicated*: its distributed arguments are gathered, every rank
computes the same result, and array results are split again (correct, but O(N) memory and
communication). Replicated arrays are plain local
Arrays (identical on every rank); results that lose the split axis are replicated.
"""
from __future__ import annotations

import atexit
import collections
import zlib
import ctypes
import functools
import os
import stat
import sys
import traceback
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _eager
from . import _ops
from ._array import _ArrayType
from ._creation import asarray
from ._device import Placed, as_device
from ._indexing import chain
from ._upcalls import Slots, namespace

up: Slots = Slots("ptensor._dist",
                  getitem="x[key] of a DArray (_dist_index.getitem)",
                  setitem="x[key] = value of a DArray (_dist_index.setitem)",
                  rows_of="iteration over a DArray's rows (_dist_index.rows_of)",
                  sync_moved="a moved view's rows brought up to date (_dist_index._sync)",
                  install_namespace="makes every namespace function accept DArrays "
                                    "(ptensor/__init__.py), run once, when the first team is made")

_GHOST = 2         # halo rows fetched at least (radius-2 stencils need one exchange per step)
_HALO_MAX = 64     # wider needs are repartitioned instead of widened

_lib: Any = None  # libptensor_dist (ctypes), once _runtime() loaded it
_world = None
_i64 = ctypes.c_int64
_P64 = ctypes.POINTER(ctypes.c_int64)


def launched() -> bool:
    """True when started by an MPI launcher (MPICH Hydra, PMIx or Open MPI) as one of its
    ranks. A process that a rank starts (subprocess) inherits the launcher's variables but
    not Hydra's PMI socket (PMI_FD: subprocess closes inherited descriptors), so MPI_Init
    would fail there: such a process is no rank and runs locally."""
    env = os.environ
    if "PMI_FD" in env:
        try:
            return stat.S_ISSOCK(os.fstat(int(env["PMI_FD"])).st_mode)
        except (OSError, ValueError):
            return False
    return any(v in env for v in ("PMI_RANK", "PMI_SIZE", "PMIX_RANK", "OMPI_COMM_WORLD_SIZE",
                                  "MPI_LOCALNRANKS"))


if not TYPE_CHECKING:  # (cached; a type checker sees the plain function, whose type it knows
    # before it checks this module: ptensor/__init__.py calls it in their import cycle)
    launched = functools.lru_cache(maxsize=None)(launched)


_ABI = [  # the MPI runtime's entries that Python calls: runtime/ptensor_runtime.h
    ("ptensor_dist_init", ctypes.c_int, []),
    ("ptensor_dist_finalize", None, []),
    ("ptensor_dist_world", _i64, []),
    ("ptensor_dist_size", ctypes.c_int, [_i64]),
    ("ptensor_dist_rank", ctypes.c_int, [_i64]),
    ("ptensor_dist_barrier", None, [_i64]),
    ("ptensor_dist_split", _i64, [_i64, ctypes.c_int, ctypes.c_int]),
    ("ptensor_dist_abort", None, [_i64, ctypes.c_int]),
    ("ptensor_dist_set_signature", None, [_i64]),
    ("ptensor_dist_checking", ctypes.c_int, []),
    ("ptensor_dist_owned", None, [_i64, _i64, _i64, _i64, _i64, _P64, _P64]),
    ("ptensor_dist_items", None, [_i64, _i64, _P64, _P64]),
    ("ptensor_dist_needs_exchange", ctypes.c_int, [_i64, _P64]),
    ("ptensor_dist_halo_need", None, [_i64, _P64, _P64]),
    ("ptensor_dist_counts", None, [_i64, _i64, _i64, _i64, _P64]),
    ("ptensor_dist_allgatherv", None, [_i64, ctypes.c_void_p, _P64, ctypes.c_void_p]),
    ("ptensor_dist_gatherv", None, [_i64, ctypes.c_void_p, _P64, ctypes.c_void_p,
                                    ctypes.c_int]),
    ("ptensor_dist_bcast", None, [_i64, ctypes.c_void_p, _i64, ctypes.c_int]),
    ("ptensor_dist_allreduce_buf", None, [_i64, ctypes.c_void_p, _i64, _i64, _i64]),
    ("ptensor_dist_alltoall", None, [_i64, ctypes.c_void_p, ctypes.c_void_p, _i64]),
    ("ptensor_dist_alltoallv", None, [_i64, ctypes.c_void_p, _P64, ctypes.c_void_p,
                                      _P64, _i64]),
    ("ptensor_dist_alltoallv_at", None, [_i64, ctypes.c_void_p, _P64, _P64, ctypes.c_void_p,
                                         _P64, _P64, _i64]),
    ("ptensor_dist_reduce_scatter_buf", None, [_i64, ctypes.c_void_p, ctypes.c_void_p,
                                               _i64, _i64, _i64]),
    ("ptensor_dist_sendrecv", None, [_i64, ctypes.c_void_p, _i64, ctypes.c_void_p, _i64,
                                     _i64]),
    ("ptensor_dist_stats", None, [_P64])
]


# MPICH's ABI (MPICH, Intel MPI, MVAPICH, Cray MPICH): its library names, the first found wins
_MPI_LIBRARIES = ("libmpi.so.12", "libmpich.so.12", "libmpi.so")


def _load_mpi():
    """The system's MPI library, loaded into the global namespace for libptensor_dist, which a
    self-contained build (a wheel) links without one. PTENSOR_MPI_LIBRARY names another."""
    names = [os.environ["PTENSOR_MPI_LIBRARY"]] if os.environ.get("PTENSOR_MPI_LIBRARY") \
        else _MPI_LIBRARIES
    errors = []
    for name in names:
        try:
            ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
            return
        except OSError as e:
            errors.append(str(e))
    raise RuntimeError("ptensor: no MPI library with MPICH's ABI was found (tried "
                       + ", ".join(names) + "; set PTENSOR_MPI_LIBRARY to its path): "
                       + "; ".join(errors))


def _runtime():
    """Loads libptensor_dist and initializes MPI (once)."""
    global _lib
    if _lib is not None:
        return _lib
    path = os.path.join(os.path.dirname(__file__), "libptensor_dist.so")
    if not os.path.exists(path):
        raise RuntimeError(f"ptensor: the MPI runtime {path} is missing (build with MPI)")
    try:
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    except OSError:  # a self-contained build: its MPI comes from the system, loaded first
        _load_mpi()
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    for name, res, args in _ABI:
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    if not launched():
        # a process started by a rank (see launched) keeps its parent's launcher variables:
        # MPI_Init would try that launcher and fail, so they go and MPI starts as a singleton
        for v in [v for v in os.environ if v.startswith(("PMI_", "PMIX_", "OMPI_COMM_WORLD_"))
                  or v in ("MPI_LOCALNRANKS", "MPI_LOCALRANKID")]:
            del os.environ[v]
    if lib.ptensor_dist_init() != 0:
        raise RuntimeError("ptensor: MPI_Init failed")
    _core.load_library(path)  # compiled programs call ptensor_dist_* entry points
    _core.run_on_calling_thread()  # (MPI_THREAD_FUNNELED: large programs stay on this thread)
    _core.cut_chains_at_limit()  # every rank cuts long chains at the same record (collectives)
    _eager.disable()  # (so every rank records the same nodes)
    _lib = lib
    global _checking
    _checking = bool(lib.ptensor_dist_checking())
    atexit.register(_finalize)
    _install_excepthook()
    return lib


_checking = False  # PTENSOR_CHECK_RANKS=1: the ranks compare signatures (runtime/dist.c)
_signature = 0


def note(name, args=(), kwargs=None):
    """In checking mode, folds one distributed operation (its name and its distributed
    arguments' global shapes and dtypes; not scalar values, which may differ by rank) into
    the signature the ranks compare before each collective."""
    global _signature
    if not _checking:
        return
    parts = [name]
    for v in list(args) + list((kwargs or {}).values()):
        if isinstance(v, DArray):
            parts.append(f"{v.shape}:{v.dtype}:{v.split}")
    _signature = zlib.crc32("|".join(parts).encode(), _signature)
    _lib.ptensor_dist_set_signature(_signature)


def _finalize():
    try:
        _core.sync()
    finally:
        _lib.ptensor_dist_finalize()


def _install_excepthook():
    """An uncaught exception on one rank ends every rank (MPI_Abort), never a hang."""
    previous = sys.excepthook

    def hook(tp, value, tb):
        if previous is sys.__excepthook__:
            # the report in one write: the launcher forwards ranks' output line by line, and
            # MPI_Abort tears the job down, so a report written line by line arrived cut
            sys.stderr.flush()
            text = "".join(traceback.format_exception(tp, value, tb))
            os.write(2, text.encode("utf-8", "replace"))
        else:
            previous(tp, value, tb)
            sys.stderr.flush()
        _lib.ptensor_dist_abort(_lib.ptensor_dist_world(), 1)
    sys.excepthook = hook


class Team:
    """A group of MPI processes (an MPI communicator) with its size and this process's rank.

    ``pt.spmd.world()`` is the team of all ranks started by mpiexec (one rank without a
    launcher); ``team=`` arguments of ``pt.spmd`` take a Team, an mpi4py communicator or None
    (``pt.spmd.as_team``). Two Teams are equal when they wrap the same communicator.

    Attributes
    ----------
    handle : int
        The communicator's MPI Fortran handle.
    size : int
        The number of ranks.
    rank : int
        This process's rank in the team.

    Examples
    --------
    >>> t = pt.spmd.world()
    >>> t
    Team(size=1, rank=0)
    >>> t.size, t.rank
    (1, 0)
    """
    __slots__ = ("handle", "size", "rank")

    if TYPE_CHECKING:
        size: int
        rank: int

    def __init__(self, handle: int) -> None:
        lib = _runtime()
        self.handle = int(handle)
        self.size = lib.ptensor_dist_size(self.handle)
        self.rank = lib.ptensor_dist_rank(self.handle)

    def __eq__(self, other):
        return isinstance(other, Team) and other.handle == self.handle

    def __hash__(self):
        return hash(self.handle)

    def __repr__(self):
        return f"Team(size={self.size}, rank={self.rank})"

    # partition arithmetic (runtime/dist.c is the one implementation)
    def owned(self, pb, po, length, r=None):
        return _owned_of(self.size, self.rank if r is None else r, pb, po, length)

    def counts(self, pb, po, length):
        out = (_i64 * self.size)()
        _lib.ptensor_dist_counts(self.size, pb, po, length, out)
        return list(out)


_namespace_installed = False  # up.install_namespace ran


def prepare():
    """Under a launcher: the ranks on one node share its cores (PTENSOR_NUM_THREADS, unless
    set), MPI is initialized and every function accepts distributed arrays."""
    if "PTENSOR_NUM_THREADS" not in os.environ and "OMP_NUM_THREADS" not in os.environ:
        local = int(os.environ.get("MPI_LOCALNRANKS", "1") or 1)
        os.environ["PTENSOR_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // max(local, 1)))
    world()


def world():
    global _world, _namespace_installed
    if _world is None:
        _world = Team(_runtime().ptensor_dist_world())
        if not _namespace_installed:
            _namespace_installed = True
            up.install_namespace()
    return _world


def default_team():
    """The world team under a launcher with more than one rank; None (local) otherwise."""
    if not launched():
        return None
    w = world()
    return w if w.size > 1 else None


_DEFAULT = object()


def as_team(team):
    """The Team of a ``team=`` argument: a Team, an mpi4py communicator, or None.

    A Team and None are returned as they are; an mpi4py communicator becomes a Team.

    Parameters
    ----------
    team : Team, mpi4py communicator or None
        The argument.

    Returns
    -------
    Team or None
        The team.

    Raises
    ------
    ValueError
        The communicator is ``MPI.COMM_NULL``.

    Examples
    --------
    >>> pt.spmd.as_team(pt.spmd.world()).size
    1
    """
    if team is _DEFAULT:
        return default_team()
    if team is None or isinstance(team, Team):
        return team
    if hasattr(team, "py2f"):  # mpi4py.MPI.Comm
        if not team:
            raise ValueError("team: the mpi4py communicator is MPI.COMM_NULL")
        if team.Is_inter():
            raise ValueError("team: an mpi4py intercommunicator cannot be a team (ptensor's "
                             "collectives need an intracommunicator)")
        return Team(team.py2f())
    raise TypeError(f"team must be a ptensor Team, an mpi4py communicator or None, "
                    f"got {type(team).__name__}")


# ------------------------------------------------------------------ dist nodes

class Move(collections.namedtuple(
        "Move", "n spb spo sL sa ss tpb tpo tL ta ts hl hh su tu", defaults=(0, 0, 1, 1))):
    """A repartition (runtime/dist.c's Spec, word for word): the n items i = 0..n-1 along
    one axis; item i is source row sa + ss*i of the partition (spb, spo, sL) and target row
    ta + ts*i of the partition (tpb, tpo, tL); a rank receives the items whose target row is
    in its own rows widened by hl below and hh above (halos); rows are units of su (source)
    and tu (target) partition rows (a reshape that regroups the split axis moves flattened
    arrays). A tuple: it is passed to the runtime as 15 int64 words and memoized."""
    __slots__ = ()


_SPEC_WORDS = len(Move._fields)


def _spec_array(spec):
    if len(spec) != _SPEC_WORDS:  # ctypes would pad a short one with zeros
        raise ValueError(f"a repartition spec has {_SPEC_WORDS} words, got {len(spec)}")
    return (_i64 * _SPEC_WORDS)(*spec)


def _items(team, spec):
    """[i0, i1): the items of the move `spec` this rank receives."""
    return _items_of(team.size, team.rank, tuple(spec))


def needs_exchange(team, spec):
    """Whether some rank needs items of `spec` that another rank owns."""
    return _needs_exchange_of(team.size, tuple(spec))


def halo_need(team, spec):
    """(rows below, rows above) this rank's part of `spec` reaches beyond its own rows."""
    return _halo_need_of(team.size, tuple(spec))


def move_plan(team, spec):
    """(i0, i1, needs_exchange, hl, hh) of the move `spec` for this rank: the three queries
    above at once (one lookup for the ops of a loop)."""
    return _move_plan_of(team.size, team.rank, tuple(spec))


@functools.lru_cache(maxsize=4096)
def _move_plan_of(size, rank, spec):
    return (*_items_of(size, rank, spec), _needs_exchange_of(size, spec),
            *_halo_need_of(size, spec))


# Pure functions of (team size, rank, spec), asked again for every op of every step of a
# loop: cached (a ctypes call each costs more than the lookup).
@functools.lru_cache(maxsize=4096)
def _items_of(size, rank, spec):
    out = (_i64 * 2)()
    _lib.ptensor_dist_items(size, rank, _spec_array(spec), out)
    return out[0], out[1]


@functools.lru_cache(maxsize=4096)
def _owned_of(size, rank, pb, po, length):
    lo, hi = _i64(), _i64()
    _lib.ptensor_dist_owned(size, rank, pb, po, length, ctypes.byref(lo), ctypes.byref(hi))
    return lo.value, hi.value


@functools.lru_cache(maxsize=4096)
def _needs_exchange_of(size, spec):
    return bool(_lib.ptensor_dist_needs_exchange(size, _spec_array(spec)))


@functools.lru_cache(maxsize=4096)
def _halo_need_of(size, spec):
    out = (_i64 * 2)()
    _lib.ptensor_dist_halo_need(size, _spec_array(spec), out)
    return out[0], out[1]


def _repartition(team, local, axis, spec, ghost_rows=None):
    """The items of `spec` this rank receives (a dist.repartition node of the program); with
    ghost_rows, only the `ghost_rows` items that come from other ranks (ghosts_only)."""
    i0, i1 = _items(team, spec)
    rows = i1 - i0 if ghost_rows is None else ghost_rows
    shape = list(local.shape)
    shape[axis] = rows
    return _ops.record("dist_repartition", "", [local], local.dtype, shape,
                       attrs=[axis, int(ghost_rows is not None)],
                       iargs=[team.handle, rows, *spec])


def _unsigned(dtype):
    return int(dt.is_int(dtype) and dtype.name.startswith("uint"))


def _allreduce(team, local, kind):
    return _ops.record("dist_reduce", kind, [local], local.dtype, local.shape,
                       attrs=[_unsigned(local.dtype)], iargs=[team.handle])


def _collective(kind, team, local, shape, sub="", attrs=(), iargs=()):
    """A StableHLO collective on this rank's local Array (a dist.<kind> node of the program, see
    src/Program.h for its attrs): the result of `shape`, pending like any other."""
    return _ops.record("dist_" + kind, sub, [local], local.dtype, shape, attrs=attrs,
                       iargs=[team.handle, *iargs])


def _broadcast(team, local, root):
    """Rank root's `local` on every rank (a dist.collective_broadcast node); the ranks'
    `local` have one shape and dtype."""
    return _collective("broadcast", team, local, local.shape, iargs=[root])


def _rows(axis, ndim, sl):
    key = [slice(None)] * ndim
    key[axis] = sl
    return tuple(key)


# ------------------------------------------------------------------ DArray: its parts

class UnitView(NamedTuple):
    """``DArray._view`` of a unit-step view: its rows hold base's data, x[i] = base[i +
    shift][key] (key None: all of the other axes); halos then come from the base's rows."""
    base: object
    shift: int
    key: object


class Derived(NamedTuple):
    """``DArray._derive`` of a unit-step view: its local part is derived each time from its
    parent's, parent._local[other][rows] (one extract), so the view always reads and writes
    the parent's current storage."""
    parent: object
    other: tuple       # the key of the other axes (the split axis: all)
    rows: tuple        # the key of this rank's rows of parent._local[other]
    sig: object        # the signatures of (rows, other) for _indexing.chain, or None


class Ghosts:
    """``DArray._pad``: storage with ghost rows (given on the array's first narrow halo
    exchange, see _dist_align._halo). `padded` holds the rank's rows with `width` more rows on
    each side, filled by the neighbours' rows, valid while padded's version equals `stamp`;
    `rows` is the key of the rank's own rows in `padded`, `rows_sig` its signature."""
    __slots__ = ("padded", "width", "stamp", "rows", "rows_sig")

    def __init__(self, padded, width, stamp, rows, rows_sig):
        self.padded, self.width, self.stamp = padded, width, stamp
        self.rows, self.rows_sig = rows, rows_sig


class Moved:
    """``DArray._moved`` of a view whose rows move between ranks (a step other than 1 or an
    int on the split axis): its storage of its own follows parent[key], key with `split_key`
    on the parent's split axis; `seen` is the parent's write count it was last copied at
    (see _dist_index._sync)."""
    __slots__ = ("parent", "split_key", "key", "seen")

    def __init__(self, parent, split_key, key, seen):
        self.parent, self.split_key, self.key, self.seen = parent, split_key, key, seen


class HaloCache(NamedTuple):
    """``DArray._ext``: the array's rows widened by `hl` rows below and `hh` above, made for
    the program being recorded (a NodeRef, `node`: it stays a temporary of the program),
    their first row `lo` and that program's epoch (a run of any program makes it stale)."""
    hl: int
    hh: int
    node: object
    lo: int
    epoch: int


# ------------------------------------------------------------------ DArray

class DArray(Placed):
    """A distributed array: global shape and dtype, a team, the split axis, the partition
    (pb, po) of the split axis and this rank's rows ``_local``. ``_view``: a UnitView for a
    unit-step view of a base; ``_ext``: a HaloCache of the base's halo exchange of the
    current data.

    Storage of ``_local`` (a property): an Array of its own (``_loc``); or, once the array
    needed a narrow halo exchange, ghost rows kept with it (``_pad``, Ghosts); or, for a
    unit-step view, derived each time from its parent's local part (``_derive``, Derived).
    A view whose rows move between ranks has storage of its own that follows its parent
    (``_moved``, Moved). ``_writes`` counts the writes to an array's own storage."""
    __slots__ = ("_loc", "_pad", "_derive", "_shape", "_dtype", "team", "split", "_pb", "_po",
                 "_view", "_ext", "_moved", "_writes", "__weakref__")
    # (__array_ufunc__, __array_function__, methods beyond the standard: _habits.install)

    def __init__(self, local, shape, team, split, pb=None, po=0, view=None, derive=None,
                 dtype=None):
        self._loc = None if derive is not None else local
        self._pad = None
        self._derive = derive
        self._shape = tuple(shape)
        self._dtype = local.dtype if dtype is None else dtype
        self.team = team
        self.split = split
        self._pb = self._shape[split] if pb is None else pb
        self._po = po
        self._view = view
        self._ext = None
        self._moved = None
        self._writes = 0

    @property
    def _local(self):
        # the keys from the storage down to this view, applied as one extract
        keys, sigs, x = [], [], self
        while x._derive is not None:
            parent, other, rows, dsig = x._derive  # (Derived)
            keys += (rows, other)
            sigs = None if sigs is None or dsig is None else sigs + list(dsig)
            x = parent
        if x._moved is not None:
            up.sync_moved(x)
        S = x._loc
        pad = x._pad
        if pad is not None:
            S = pad.padded
            keys.append(pad.rows)
            if sigs is not None:
                sigs.append(pad.rows_sig)
        if not keys:
            return S
        return S._index_chain(keys[::-1], None if sigs is None else tuple(sigs[::-1]))

    @_local.setter
    def _local(self, local):
        """New storage of its own (a view assigned this way no longer follows its parent)."""
        self._loc, self._pad, self._derive, self._view = local, None, None, None
        self._moved = None

    def _local_shape(self, key=None):
        """The shape of ``_local`` (or of ``_local[key]``, a basic key), nothing recorded."""
        lo, hi = self.owned()
        shape = list(self._shape)
        shape[self.split] = hi - lo
        return tuple(shape) if key is None else chain(tuple(shape), None, (key,)).shape

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ndim = property(lambda self: len(self._shape))
    @property
    def row_partition(self):
        """(pb, po, length): the block partition of the split axis (x.partition is NumPy's
        method)."""
        return (self._pb, self._po, self._shape[self.split])

    def owned(self):
        """This rank's rows [lo, hi) of the split axis."""
        return self.team.owned(*self.row_partition)

    def __len__(self):
        return self._shape[0]

    def __array_namespace__(self, /, *, api_version=None):
        return namespace.for_version(api_version)

    # --- to NumPy / printing: every rank gets the whole array ---
    def to_numpy(self, copy=True):
        note("to_numpy", (self,))
        return gather(self)

    def __array__(self, dtype=None, copy=None):
        note("to_numpy", (self,))
        a = gather(self)
        return a if dtype is None else a.astype(dtype)

    def __repr__(self):
        return "A" + repr(gather(self))[1:]

    def __str__(self):
        return str(gather(self))

    def _replicated(self):
        return asarray(gather(self), device=self.device)

    @property
    def device(self):
        """Where this rank's part lives: its storage's device (a view's: its base's), found
        without deriving the part (which may move data)."""
        x = self
        while x._derive is not None:
            x = x._derive[0]
        store = x._pad.padded if x._pad is not None else x._loc
        return store.device if store is not None else self._local.device

    def to_device(self, device, /, *, stream=None):
        """The array with every rank's part on `device` (a copy; itself when there already)."""
        d = as_device(device)
        if d == self.device:
            return self
        return DArray(self._local.to_device(d), self.shape, self.team, self.split, self._pb,
                      self._po)

    def __iter__(self):
        if self.ndim == 1:  # elements: 0-d copies (as NumPy's scalars), from one gather
            return iter(self._replicated())
        return up.rows_of(self)  # views, as NumPy's rows

    def __getattr__(self, name):
        # everything else (T, mT, item, __float__, __dlpack__, ...) works on the replicated
        # array: correct on every rank
        if name.startswith("__") and name not in ("__dlpack__", "__dlpack_device__"):
            raise AttributeError(name)
        return getattr(self._replicated(), name)

    for _m in ("__bool__", "__int__", "__float__", "__complex__", "__index__"):
        locals()[_m] = (lambda m: lambda self: getattr(self._replicated(), m)())(_m)
    del _m

    # --- indexing ---
    def __getitem__(self, key):
        return up.getitem(self, key)

    def __setitem__(self, key, value):
        up.setitem(self, key, value)


_ArrayType.distributed = (DArray,)  # isinstance(x, pt.Array) is true for DArrays


def gather(x, root=None):
    """The whole array as NumPy on every rank (root=None) or on rank `root` (None elsewhere)."""
    if not isinstance(x, DArray):
        return np.asarray(x)
    ax = x.split
    rows = np.moveaxis(np.asarray(x._local), ax, 0)
    full = gather_rows(rows, x.team.counts(*x.row_partition), x.team, root)
    return None if full is None else np.moveaxis(full, 0, ax)


def gather_rows(rows, sizes, team, root=None):
    """The ranks' row blocks (sizes[r] rows from rank r) concatenated in rank order, on every
    rank (root=None) or on `root` (None elsewhere)."""
    _core.run_pinned()  # this collective runs now: the recorded ones before it run first
    rows = np.ascontiguousarray(rows)
    rest = rows.shape[1:]
    row = int(np.prod(rest, dtype=np.int64)) * rows.itemsize
    counts = (_i64 * team.size)(*[s * row for s in sizes])
    full = np.empty((sum(sizes),) + rest, dtype=rows.dtype)
    if root is None:
        _lib.ptensor_dist_allgatherv(team.handle, rows.ctypes.data, counts, full.ctypes.data)
        return full
    _lib.ptensor_dist_gatherv(team.handle, rows.ctypes.data, counts, full.ctypes.data, root)
    return full if team.rank == root else None


def distribute(a, team, split=0):
    """Split a replicated local array over ``team``: each rank keeps a copy of its block of rows.

    ``a`` must be identical on every rank (replicated); no communication happens. Under
    ``mpiexec -n N`` each rank keeps its block of the rows of axis ``split``; on one process the
    one rank keeps all of them. A 0-d array is returned as it is.

    Parameters
    ----------
    a : Array
        The local array, the same on every rank.
    team : Team
        The team to split it over.
    split : int, optional
        The split axis (default 0).

    Returns
    -------
    Array
        The distributed array.

    Examples
    --------
    >>> d = pt.spmd.distribute(pt.arange(6), pt.spmd.world())
    >>> pt.spmd.get_local_range(d)
    (0, 6)
    """
    if isinstance(a, DArray):
        # its rows differ between ranks: taking "this rank's rows" of them would mix ranks
        raise ValueError("distribute: the array is already distributed (use "
                         "pt.asarray(x, split=k) for another layout)")
    if a.ndim == 0:
        return a
    L = a.shape[split]
    lo, hi = team.owned(L, 0, L)
    # a copy: the rows own their memory (writes do not go through to the whole array, which
    # can be freed)
    return DArray(_ops.copy(a[_rows(split, a.ndim, slice(lo, hi))]), a.shape, team, split)


def stats() -> dict[str, int]:
    """This rank's communication counters, as a dict.

    ``bytes_sent`` and ``messages`` sent so far (repartitions, halos, reductions, gathers),
    ``plans_built`` and ``plans_reused`` (exchange plans the runtime built or took from its
    cache) and ``concurrent_exchanges`` (exchanges a compiled program started while another was
    still in flight).

    Returns
    -------
    dict of str to int
        The counters.

    Examples
    --------
    >>> sorted(pt.spmd.stats())
    ['bytes_sent', 'concurrent_exchanges', 'messages', 'plans_built', 'plans_reused']
    """
    out = (_i64 * 5)()
    _runtime().ptensor_dist_stats(out)
    return {"bytes_sent": out[0], "messages": out[1], "plans_built": out[2],
            "plans_reused": out[3], "concurrent_exchanges": out[4]}

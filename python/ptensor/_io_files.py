"""What the file formats of ptensor's I/O share: the layout of a loaded array, the rows each
rank reads or writes, errors that every rank raises together, and saves that replace a file
only when the whole new file is written.

The collective protocol (under ``mpiexec``; on one process each step simply runs):

- Every step that touches a file runs on every rank through :func:`agree`: if it raises on
  any rank, every rank raises the same exception (the lowest failing rank's type and
  message), so no rank waits in a later collective for one that has given up.
- A save writes ``name.ptensor-partial.ext`` beside the target (rank 0 creates it, every rank
  writes its rows, rank 0 renames it over the target at the end; a local array's save, by
  one process, ``name.ptensor-partial-<pid>.ext``). A failed save removes the
  partial file and leaves the old file as it was.
- One process never starts MPI (a local array is read and written by this process alone).
"""
from __future__ import annotations

import ast
import os

import numpy as np

from . import _core
from . import _dist
from . import _dtypes as dt
from . import _ops
from ._array import Array
from ._dist import DArray, _DEFAULT, _i64, as_team, gather

# The exception types an error on one rank is raised as on every rank (the first that the
# error is an instance of: subclasses before their bases; anything else becomes a
# RuntimeError naming its type).
_KINDS = (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError,
          FileExistsError, OSError, ValueError, KeyError, TypeError, EOFError, RuntimeError)
_MESSAGE_BYTES = 4096


def layout(team, split, ndim, name):
    """(team, axis) of an array a reader makes: the default team and axis 0 under
    ``mpiexec`` with more than one rank (as the creation functions), None and None for a
    local array (no team, or split=None, or a 0-d array)."""
    t = as_team(team)
    if t is None or split is None or ndim == 0:
        return None, None
    if split is _DEFAULT:
        split = 0
    if isinstance(split, bool) or not isinstance(split, (int, np.integer)):
        raise TypeError(f"{name}: split must be an axis (an int) or None, got {split!r}")
    return t, _ops.normalize_axis(int(split), ndim, "split")


def text_layout(team, split, name):
    """(team, split as given) of a text reader, whose result's dimensions are known only
    once rank 0 has parsed the file (scattered checks the axis against them)."""
    t, _ = layout(team, None if split is None else 0, 1, name)
    if t is None:
        return None, None
    ax = 0 if split is _DEFAULT else split
    if isinstance(ax, bool) or not isinstance(ax, (int, np.integer)):
        raise TypeError(f"{name}: split must be an axis (an int) or None, got {split!r}")
    return t, int(ax)


def team_of(x):
    """The team of a distributed array (None for a local one). A team of one rank takes the
    distributed path too: every rank of a program that splits its world into teams runs the
    same steps on its array, whatever its team's size (checking mode compares them)."""
    return x.team if isinstance(x, DArray) else None


def agree(team, fn, *args):
    """fn(*args) on this rank; when it raises on any rank of team, every rank raises.

    Every rank raises one type: the first of _KINDS the lowest failing rank's exception is an
    instance of (that rank raises its own exception where its type is that one, else the
    kind chained from it; the others the kind with its message and the rank). One allgather
    of an int, and a broadcast of the message when something failed."""
    if team is None or team.size == 1:
        return fn(*args)
    try:
        result, err = fn(*args), None
    except Exception as e:  # every rank must learn of it before anyone raises
        result, err = None, e
    code = 0 if err is None else 1 + next(
        (i for i, k in enumerate(_KINDS) if isinstance(err, k)), len(_KINDS) - 1)
    codes = [int(c) for c in _dist.gather_rows(np.array([code], dtype=np.int64),
                                               [1] * team.size, team)]
    failed = [r for r, c in enumerate(codes) if c]
    if not failed:
        return result
    root = failed[0]
    buf = np.zeros(_MESSAGE_BYTES, dtype=np.uint8)
    text = ""
    if team.rank == root:
        text = str(err) if type(err) in _KINDS else f"{type(err).__name__}: {err}"
        raw = text.encode("utf-8", "replace")[:_MESSAGE_BYTES]
        buf[:len(raw)] = np.frombuffer(raw, dtype=np.uint8)
    _dist._lib.ptensor_dist_bcast(team.handle, buf.ctypes.data, _MESSAGE_BYTES, root)
    kind = _KINDS[codes[root] - 1]
    if team.rank == root:
        if type(err) is kind:
            raise err
        raise kind(text) from err  # (a subclass: every rank raises the one agreed type)
    text = bytes(buf).rstrip(b"\0").decode("utf-8", "replace")
    raise kind(f"{text} (raised on rank {root})")


def on_root(team, fn, *args):
    """fn(*args) on rank 0 only (every rank when there is no team), errors agreed."""
    return agree(team, lambda: fn(*args) if team is None or team.rank == 0 else None)


def in_turn(team, fn, *args):
    """fn(*args) on one rank after the other, in rank order (a file that only one writer may
    have open at a time), errors agreed after each."""
    if team is None:
        return fn(*args)
    for r in range(team.size):
        agree(team, lambda: fn(*args) if team.rank == r else None)
    return None


def partial_name(path, private=False):
    """The name a save writes to before it replaces `path`: beside it (the rename is
    atomic), with its extension (NumPy's writers choose the format by it: ".gz"). A save
    by one process alone (a local array) adds the process id: several ranks saving the same
    replicated array to one path each write their own partial file, and the last complete
    one wins."""
    root, ext = os.path.splitext(os.fspath(path))
    return root + ".ptensor-partial" + (f"-{os.getpid()}" if private else "") + ext


def replace_when_written(team, path, write, *, create=None):
    """The save protocol: create(tmp) on rank 0, write(tmp) on every rank, then rank 0
    renames tmp over path. On any failure the partial file goes and every rank raises."""
    path = os.fspath(path)
    tmp = partial_name(path, private=team is None)
    try:
        if create is not None:
            on_root(team, create, tmp)
        agree(team, write, tmp)
        on_root(team, os.replace, tmp, path)
    except BaseException:
        if team is None or team.rank == 0:
            try:
                os.remove(tmp)
            except OSError:
                pass
        raise


def check_writable_target(path):
    """A directory where the file should go, or a missing parent, raises before anything is
    written (NumPy would raise the same from open())."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise IsADirectoryError(f"{path} is a directory")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise FileNotFoundError(f"no directory {parent} to write {os.path.basename(path)} in")


def native(a):
    """a with native byte order, and float16 as float32 (ptensor's dtypes: asarray's rule)."""
    if a.dtype.byteorder not in ("=", "|"):
        a = a.astype(a.dtype.newbyteorder("="))
    if a.dtype == np.float16:
        a = a.astype(np.float32)
    return a


def element_type(dtype, name):
    """The ptensor dtype of a file's NumPy dtype, or a TypeError naming it."""
    d = np.dtype(dtype)
    if d == np.float16:
        d = np.dtype(np.float32)
    try:
        return dt.to_dtype(d.newbyteorder("="), f"{name}: element type")
    except (TypeError, ValueError) as e:
        raise TypeError(f"{name}: the file's element type {d} has no ptensor dtype ({e})") \
            from None


def numpy_dtype(dtype):
    """The NumPy dtype of a dtype= argument (a ptensor dtype, or anything NumPy takes)."""
    return dtype.np if isinstance(dtype, dt.DType) else np.dtype(dtype)


def owned(a):
    """A ptensor array owning the freshly read NumPy array a (no copy: nothing else holds a)."""
    a = np.asarray(native(a), order="C")  # (ascontiguousarray would make a 0-d array 1-d)
    want = dt.to_dtype(a.dtype, "element type")
    return Array._new(_core.from_numpy(a, want.code, True), want)


def rows(team, split, shape):
    """This rank's rows [lo, hi) of axis split of an array of `shape` made by a reader (the
    creation functions' block partition)."""
    n = shape[split]
    return team.owned(n, 0, n)


def block_key(split, ndim, lo, hi):
    """The index of rows [lo, hi) of axis split."""
    return tuple(slice(lo, hi) if i == split else slice(None) for i in range(ndim))


def assembled(team, split, shape, local):
    """A distributed array from this rank's rows (a NumPy array read by this rank), or the
    local array when there is no team."""
    part = owned(local)
    if team is None:
        return part
    return DArray(part, tuple(shape), team, split)


def local_part(x):
    """(this rank's values as NumPy, split axis, lo, hi) of a distributed array; a local
    array's values with split None."""
    if isinstance(x, DArray):
        lo, hi = x.owned()
        return np.asarray(x._local), x.split, lo, hi
    return np.asarray(x), None, 0, 0


def whole_on_root(x):
    """The whole array as NumPy on rank 0 of its team (None on the others), or x's values."""
    t = team_of(x)
    if t is None:
        return np.asarray(x)
    return gather(x, root=0)


def _broadcast_bytes(team, data, root=0):
    """root's bytes on every rank (a length, then the bytes)."""
    n = np.array([len(data) if team.rank == root else 0], dtype=np.int64)
    _dist._lib.ptensor_dist_bcast(team.handle, n.ctypes.data, 8, root)
    buf = np.zeros(int(n[0]), dtype=np.uint8)
    if team.rank == root:
        buf[:] = np.frombuffer(data, dtype=np.uint8)
    if buf.size:
        _dist._lib.ptensor_dist_bcast(team.handle, buf.ctypes.data, buf.size, root)
    return bytes(buf)


def scattered(team, split, whole):
    """Rank 0's NumPy array `whole` (None on the other ranks) as a distributed array: rank 0
    sends each rank only its rows (one all-to-all-v), never the whole array to every rank."""
    meta = b""
    if team.rank == 0:
        meta = repr((whole.dtype.str, whole.shape)).encode()
    dstr, shape = ast.literal_eval(_broadcast_bytes(team, meta).decode())
    dtype = np.dtype(dstr)
    if len(shape) == 0:  # a single value: every rank gets it
        raw = _broadcast_bytes(team, whole.tobytes() if team.rank == 0 else b"")
        return owned(np.frombuffer(raw, dtype=dtype).reshape(()).copy())
    split = _ops.normalize_axis(split, len(shape), "split")
    counts = team.counts(shape[split], 0, shape[split])
    lo, hi = rows(team, split, shape)
    rest = tuple(s for i, s in enumerate(shape) if i != split)
    row = int(np.prod(rest, dtype=np.int64)) * dtype.itemsize
    mine = np.empty((hi - lo,) + rest, dtype=dtype)
    if row:
        send = np.ascontiguousarray(np.moveaxis(whole, split, 0)) if team.rank == 0 \
            else np.empty(0, dtype)
        scount = (_i64 * team.size)(*(counts if team.rank == 0 else [0] * team.size))
        rcount = (_i64 * team.size)(*([hi - lo] + [0] * (team.size - 1)))
        _dist._core.run_pinned()
        _dist._lib.ptensor_dist_alltoallv(team.handle, send.ctypes.data, scount,
                                          mine.ctypes.data, rcount, row)
    return assembled(team, split, shape, np.moveaxis(mine, 0, split))

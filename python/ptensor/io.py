"""HDF5 and Zarr (``pt.io``): datasets and stores read into ptensor arrays and written from
them, through h5py and zarr-python, under ``mpiexec`` with every rank reading only its own
rows. (NumPy's own formats are in the top-level namespace: ``pt.load``, ``pt.save``, ...)

The names are Heat's (``load_hdf5``, ``save_hdf5``, ``load_zarr``, ``save_zarr``), so its
users find them; the layouts are the creation functions' (split along axis 0 under
``mpiexec`` unless ``split``/``team`` say otherwise).

Writes, and why they go as they do:

- HDF5 through h5py's serial library (the PyPI wheel): one writer at a time may have a file
  open, so rank 0 creates the dataset and then the ranks write their hyperslabs one after the
  other. (Parallel HDF5, MPI-IO under h5py, needs h5py built against an MPI HDF5; ptensor
  does not use it yet.)
- Zarr: the chunks along the split axis are the partition's blocks, so no two ranks write
  one chunk and all write at once; rank 0 writes the metadata first. A chunking that does not
  follow the partition (the user's ``chunks``) is written rank after rank instead.
- A new file or store is written under a partial name and renamed at the end (the old one
  survives a failed save); every rank raises when any fails.
"""
from __future__ import annotations

import errno
import os
import shutil

import numpy as np

from . import _io_files as f
from ._io_npy import as_ptensor
from ._dist import _DEFAULT

__all__ = ["load_hdf5", "save_hdf5", "load_zarr", "save_zarr"]


def _h5py():
    try:
        import h5py  # type: ignore[import-untyped]
    except ImportError:
        raise ImportError("ptensor.io's HDF5 functions need h5py (pip install h5py)") from None
    return h5py


def _zarr():
    try:
        import zarr
    except ImportError:
        raise ImportError("ptensor.io's Zarr functions need zarr (pip install zarr)") from None
    return zarr


def _selection(shape, slices, name):
    """The file indices a `slices=` argument selects: one (start, step, length) per axis
    (basic slices with a positive step; a single slice is for axis 0)."""
    if slices is None:
        slices = ()
    if isinstance(slices, slice):
        slices = (slices,)
    slices = tuple(slices)
    if len(slices) > len(shape):
        raise IndexError(f"{name}: {len(slices)} slices for a dataset of {len(shape)} axes")
    out = []
    for i, n in enumerate(shape):
        s = slices[i] if i < len(slices) else slice(None)
        if not isinstance(s, slice):
            raise TypeError(f"{name}: slices must be slice objects, got {s!r} for axis {i}")
        start, stop, step = s.indices(n)
        if step <= 0:
            raise ValueError(f"{name}: slices need a positive step (axis {i}: {step})")
        out.append((start, step, len(range(start, stop, step))))
    return out


def _file_key(sel, split, lo, hi):
    """The file index of rows [lo, hi) of axis split of the selection."""
    key = []
    for i, (start, step, n) in enumerate(sel):
        if i == split:
            key.append(slice(start + lo * step, start + hi * step, step))
        else:
            key.append(slice(start, start + n * step, step))
    return tuple(key)


def _read_slab(source, sel, split, lo, hi, name):
    """This rank's rows of the selection of `source` (an h5py dataset or a zarr array)."""
    f.element_type(source.dtype, name)
    shape = tuple(n for _, _, n in sel)
    if split is None:
        split, lo, hi = 0, 0, (shape[0] if shape else 0)
    if not shape:
        return np.asarray(source[()])
    if 0 in shape or hi <= lo:
        sub = tuple(hi - lo if i == split else n for i, n in enumerate(shape))
        return np.empty(sub, dtype=source.dtype)
    return np.asarray(source[_file_key(sel, split, lo, hi)])


def _load(name, opener, split, team, slices):
    with opener() as source:
        sel = _selection(source.shape, slices, name)
        shape = tuple(n for _, _, n in sel)
        t, ax = f.layout(team, split, len(shape), name)
        lo, hi = f.rows(t, ax, shape) if t is not None else (0, 0)
        local = f.agree(t, _read_slab, source, sel, ax, lo, hi, name)
    return f.assembled(t, ax, shape, local)


class _Opened:
    """A context manager around an object that closes with `close` (or not at all)."""

    def __init__(self, obj, close=None):
        self.obj, self._close = obj, close

    def __enter__(self):
        return self.obj

    def __exit__(self, *exc):
        if self._close is not None:
            self._close()


# ------------------------------------------------------------------------- HDF5 ----

def load_hdf5(path, dataset, dtype=None, *, slices=None, split=_DEFAULT, team=_DEFAULT):
    """Read an HDF5 dataset into an array (through h5py).

    Under ``mpiexec`` each rank reads only its own hyperslab of the dataset (rows of the
    split axis, any axis), so no rank holds more than its share.

    Parameters
    ----------
    path : str or os.PathLike
        The HDF5 file.
    dataset : str
        The dataset's name in the file ("group/name").
    dtype : dtype, optional
        Cast the values to this dtype after reading.
    slices : slice or tuple of slice, optional
        Read only this part of the dataset (basic slices with a positive step, one per
        leading axis; the result's shape is the selection's).
    split : int or None, optional
        The split axis under ``mpiexec`` (default 0); None: the whole selection on every rank.
    team : Team, optional
        The team (default: the world under ``mpiexec``).

    Returns
    -------
    Array
        The dataset's values.

    Raises
    ------
    FileNotFoundError
        No such file.
    KeyError
        No such dataset in the file.
    TypeError
        An element type ptensor does not have (strings, compound types).

    Examples
    --------
    >>> import os, tempfile, h5py
    >>> path = os.path.join(tempfile.mkdtemp(), "sim.h5")
    >>> with h5py.File(path, "w") as fh:
    ...     _ = fh.create_dataset("u", data=np.arange(12.0).reshape(3, 4))
    >>> pt.io.load_hdf5(path, "u", slices=(slice(1, 3),))
    Array([[ 4.,  5.,  6.,  7.],
           [ 8.,  9., 10., 11.]])
    """
    h5py = _h5py()
    path = os.fspath(path)

    def opener():
        if not os.path.exists(path):
            raise FileNotFoundError(f"load_hdf5: no such file {path}")
        fh = h5py.File(path, "r")
        if dataset not in fh or not isinstance(fh[dataset], h5py.Dataset):
            fh.close()
            raise KeyError(f"load_hdf5: {path} has no dataset {dataset!r}")
        return _Opened(fh[dataset], fh.close)
    r = _load("load_hdf5", opener, split, team, slices)
    return r if dtype is None else r.astype(f.element_type(f.numpy_dtype(dtype), "load_hdf5"))


def _h5_create(h5py, path, mode, dataset, shape, dtype, attrs, kwargs):
    with h5py.File(path, mode) as fh:
        if dataset in fh:
            del fh[dataset]
        ds = fh.create_dataset(dataset, shape=shape, dtype=dtype, **kwargs)
        for k, v in (attrs or {}).items():
            ds.attrs[k] = v


def _h5_write(h5py, path, dataset, values, split, lo):
    if values.size == 0:
        return
    with h5py.File(path, "r+") as fh:
        ds = fh[dataset]
        if split is None:
            ds[...] = values
        else:
            ds[f.block_key(split, values.ndim, lo, lo + values.shape[split])] = values


def save_hdf5(path, dataset, x, mode="w", *, attrs=None, **kwargs):
    """Write an array into an HDF5 dataset (through h5py); ``numpy`` and h5py read it back.

    ``mode="w"`` writes a new file (under a partial name, renamed at the end: a failed save
    leaves the old file as it was); ``"a"`` adds or replaces the dataset in an existing file
    (or creates the file), in place. Under ``mpiexec`` rank 0 creates the dataset and every
    rank writes its own hyperslab, one rank after the other (h5py's serial HDF5 allows one
    writer at a time).

    Parameters
    ----------
    path : str or os.PathLike
        The HDF5 file.
    dataset : str
        The dataset's name ("group/name": groups are created as needed).
    x : Array or array-like
        The values.
    mode : {"w", "a"}, optional
        A new file, or the dataset added to the file.
    attrs : dict, optional
        Attributes of the dataset.
    **kwargs
        Passed to h5py's ``create_dataset``: ``chunks``, ``compression`` ("gzip", "lzf"),
        ``compression_opts``, ``shuffle``, ``fillvalue``, ...

    Examples
    --------
    >>> import os, tempfile, h5py
    >>> path = os.path.join(tempfile.mkdtemp(), "out.h5")
    >>> pt.io.save_hdf5(path, "grid/t", pt.linspace(0, 1, 5), attrs={"unit": "s"},
    ...                 compression="gzip")
    >>> with h5py.File(path) as fh:
    ...     fh["grid/t"][:], fh["grid/t"].attrs["unit"]
    (array([0.  , 0.25, 0.5 , 0.75, 1.  ]), 's')
    """
    h5py = _h5py()
    if mode not in ("w", "a"):
        raise ValueError(f"save_hdf5: mode must be 'w' or 'a', got {mode!r}")
    x = as_ptensor(x)
    values, split, lo, _ = f.local_part(x)
    t = f.team_of(x)
    path = os.fspath(path)
    f.agree(t, f.check_writable_target, path)

    def create(target, file_mode):
        _h5_create(h5py, target, file_mode, dataset, x.shape, values.dtype, attrs, kwargs)

    if t is None:
        if mode == "w":
            f.replace_when_written(None, path, lambda tmp: (create(tmp, "w"), _h5_write(
                h5py, tmp, dataset, values, None, 0)))
        else:
            create(path, "a")
            _h5_write(h5py, path, dataset, values, None, 0)
        return

    def write(target):
        f.in_turn(t, _h5_write, h5py, target, dataset, values, split, lo)
    if mode == "w":
        # every rank runs the turns (collective), so `write` must not itself be agreed: the
        # partial file is created on rank 0, written in turn, renamed on rank 0
        tmp = f.partial_name(path)
        try:
            f.on_root(t, create, tmp, "w")
            write(tmp)
            f.on_root(t, os.replace, tmp, path)
        except BaseException:
            if t.rank == 0 and os.path.exists(tmp):
                os.remove(tmp)
            raise
    else:
        f.on_root(t, create, path, "a")
        write(path)


# ------------------------------------------------------------------------- Zarr ----

def load_zarr(store, *, path=None, dtype=None, slices=None, split=_DEFAULT, team=_DEFAULT):
    """Read a Zarr array into an array (through zarr-python).

    Under ``mpiexec`` each rank reads only the chunks that hold its rows.

    Parameters
    ----------
    store : str, os.PathLike or object
        The store (a directory path, or any store zarr-python opens).
    path : str, optional
        The array's path inside a group store.
    dtype : dtype, optional
        Cast the values to this dtype after reading.
    slices : slice or tuple of slice, optional
        Read only this part (as :func:`load_hdf5`).
    split : int or None, optional
        The split axis under ``mpiexec`` (default 0); None: the whole array on every rank.
    team : Team, optional
        The team (default: the world under ``mpiexec``).

    Returns
    -------
    Array
        The values.

    Raises
    ------
    FileNotFoundError
        No Zarr array at the store (and path).

    Examples
    --------
    >>> import os, tempfile, zarr
    >>> where = os.path.join(tempfile.mkdtemp(), "a.zarr")
    >>> z = zarr.create_array(where, shape=(4,), chunks=(2,), dtype="int32")
    >>> z[:] = np.arange(4)
    >>> pt.io.load_zarr(where)
    Array([0, 1, 2, 3], dtype=int32)
    """
    zarr = _zarr()

    def opener():
        src = os.fspath(store) if isinstance(store, os.PathLike) else store
        if isinstance(src, str) and not os.path.exists(src):
            raise FileNotFoundError(f"load_zarr: no such store {src}")
        try:
            z = zarr.open_array(src, mode="r", path=path or "")
        except (FileNotFoundError, KeyError) as e:
            raise FileNotFoundError(f"load_zarr: no Zarr array at {src!r}"
                                    f"{'' if path is None else ' path ' + repr(path)} ({e})") \
                from None
        return _Opened(z)
    r = _load("load_zarr", opener, split, team, slices)
    return r if dtype is None else r.astype(f.element_type(f.numpy_dtype(dtype), "load_zarr"))


def _partition_chunks(t, x, split, chunks):
    """The chunk shape of a saved store and whether the ranks may write at once: the
    partition's block along the split axis (every rank's rows start a chunk) unless the user
    asked for other chunks."""
    shape = x.shape
    if chunks is not None:
        chunks = tuple(int(c) for c in ((chunks,) * len(shape) if np.isscalar(chunks)
                                        else chunks))
        if len(chunks) != len(shape):
            raise ValueError(f"save_zarr: chunks {chunks} for an array of {len(shape)} axes")
    if t is None or split is None:
        return chunks, True
    counts = [c for c in t.counts(*x.row_partition) if c]
    starts = [t.owned(*x.row_partition, r)[0] for r in range(t.size)]
    block = max(counts) if counts else 1
    if chunks is None:
        chunks = tuple(max(1, block) if i == split else max(1, s) for i, s in enumerate(shape))
    aligned = all(s % chunks[split] == 0 for s, c in
                  zip(starts, t.counts(*x.row_partition)) if c)
    return chunks, aligned


def _remove(path):
    """Remove a file or directory tree if it is there."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        os.remove(path)


def _zarr_write(zarr, target, values, split, lo):
    if values.size == 0:
        return
    z = zarr.open_array(target, mode="r+")
    if split is None:
        z[...] = values
    else:
        z[f.block_key(split, values.ndim, lo, lo + values.shape[split])] = values


def save_zarr(store, x, *, chunks=None, overwrite=True, **kwargs):
    """Write an array into a Zarr store (a directory), through zarr-python.

    Under ``mpiexec`` the chunks along the split axis are the partition's largest block,
    rank 0 writes the metadata, then every rank writes its chunks: all at once where every
    rank's rows start a chunk (rows that divide evenly among the ranks, the usual case),
    one rank after the other otherwise (uneven blocks, or ``chunks`` that do not follow the
    partition: two writers of one chunk would lose data). The store is written under a
    partial name and renamed at the end.

    Parameters
    ----------
    store : str or os.PathLike
        The directory of the store.
    x : Array or array-like
        The values.
    chunks : int or tuple of int, optional
        The chunk shape (default: the partition's blocks along the split axis, the whole
        extent of the other axes).
    overwrite : bool, optional
        Replace an existing store (default True); False raises FileExistsError.
    **kwargs
        Passed to ``zarr.create_array``: ``compressors``, ``fill_value``, ``attributes``, ...

    Examples
    --------
    >>> import os, tempfile, zarr
    >>> where = os.path.join(tempfile.mkdtemp(), "out.zarr")
    >>> pt.io.save_zarr(where, pt.arange(6).reshape(2, 3), attributes={"step": 1})
    >>> z = zarr.open_array(where)
    >>> z[:], z.attrs["step"]
    (array([[0, 1, 2],
           [3, 4, 5]]), 1)
    """
    zarr = _zarr()
    x = as_ptensor(x)
    values, split, lo, _ = f.local_part(x)
    t = f.team_of(x)
    if not isinstance(store, (str, os.PathLike)):
        raise TypeError(f"save_zarr: store must be a directory path, got {type(store).__name__}")
    target = os.fspath(store)
    chunks, together = _partition_chunks(t, x, split, chunks)

    def check():
        if os.path.exists(target) and not overwrite:
            raise FileExistsError(f"save_zarr: {target} exists (overwrite=False)")
        parent = os.path.dirname(os.path.abspath(target))
        if not os.path.isdir(parent):
            raise FileNotFoundError(f"save_zarr: no directory {parent}")
    f.agree(t, check)
    tmp = f.partial_name(target.rstrip(os.sep), private=t is None)

    def create():
        if os.path.exists(tmp):
            shutil.rmtree(tmp)
        zarr.create_array(tmp, shape=x.shape, dtype=values.dtype,
                          chunks=chunks if chunks is not None else "auto", **kwargs)

    def finish():
        # a directory cannot be renamed over a full one: the old store goes aside first.
        # Processes saving one local array to one path (every rank its replicated copy) may
        # swap at once: a store that another put back in between is moved aside again, and
        # after a few tries the others' complete store keeps the place.
        old = f.partial_name(target.rstrip(os.sep), private=True) + "-old"
        for _ in range(8):
            _remove(old)
            try:
                os.replace(target, old)
            except FileNotFoundError:
                pass
            try:
                os.replace(tmp, target)
                break
            except OSError as e:
                if e.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                    raise
        else:
            _remove(tmp)
        _remove(old)

    try:
        f.on_root(t, create)
        if t is None or together:
            f.agree(t, _zarr_write, zarr, tmp, values, split, lo)
        else:
            f.in_turn(t, _zarr_write, zarr, tmp, values, split, lo)
        f.on_root(t, finish)
    except BaseException:
        if t is None or t.rank == 0:
            _remove(tmp)
        raise


"""NumPy's file formats with NumPy's names: .npy (``save``, ``load``), .npz (``savez``,
``savez_compressed``), raw binary (``fromfile``, ``Array.tofile``) and text (``loadtxt``,
``genfromtxt``, ``savetxt``).

Files are NumPy's, bit for bit: the .npy header is written and read by ``numpy.lib.format``,
.npz archives and text by NumPy's own writers and parsers. What ptensor adds is the layout:

- Under ``mpiexec`` a reader makes a distributed array as the creation functions do (split
  along axis 0 by default, ``split=k`` for another axis, ``split=None`` for the whole array on
  every rank), and each rank reads only its own rows of a .npy or raw file (one positioned
  read for axis 0, a memory map of its slab for another axis); a save writes the header on
  rank 0 and then every rank its own rows into the same file, at their offsets.
- Text and .npz are parsed and written by rank 0 alone: it parses, and sends each rank its
  rows (one all-to-all-v: no rank but rank 0 holds more than its share); a save gathers
  the array on rank 0, which writes the file.
- Saves to a path write ``name.ptensor-partial.ext`` and rename it at the end: a failed save
  (a full disk, a rank that fails) leaves the old file as it was, and every rank raises.
"""
from __future__ import annotations

import io
import os

import numpy as np

from . import _io_files as f
from ._array import Array
from ._creation import asarray
from ._dist import _DEFAULT, DArray

__all__ = ["save", "load", "savez", "savez_compressed", "fromfile", "loadtxt", "genfromtxt",
           "savetxt"]

_HEADER_VERSIONS = {(1, 0): np.lib.format.read_array_header_1_0,
                    (2, 0): np.lib.format.read_array_header_2_0}


def _is_path(file):
    return isinstance(file, (str, os.PathLike))


def _with_suffix(path, suffix):
    """NumPy's rule: save("a", x) writes a.npy, savez("a", ...) a.npz."""
    path = os.fspath(path)
    return path if path.endswith(suffix) else path + suffix


# ----------------------------------------------------------------- .npy header ----

class _Header:
    """What a .npy header says, checked against the file: dtype, shape, order and where the
    data starts."""
    __slots__ = ("dtype", "shape", "fortran", "offset")

    def __init__(self, dtype, shape, fortran, offset):
        self.dtype, self.shape, self.fortran, self.offset = dtype, shape, fortran, offset

    @property
    def nbytes(self):
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize


def _read_header(path, max_header_size):
    """The header of the .npy file at path; a ValueError when it is not a .npy file or the
    data it announces is not all there (nothing is allocated from a header's word alone)."""
    with open(path, "rb") as fp:
        try:
            version = np.lib.format.read_magic(fp)
        except ValueError as e:
            raise ValueError(f"load: {path} is not a .npy file ({e})") from None
        if version not in _HEADER_VERSIONS:
            raise ValueError(f"load: {path}: .npy format version {version} is not supported "
                             f"(1.0 and 2.0 are; 3.0 is for structured dtypes)")
        try:
            shape, fortran, dtype = _HEADER_VERSIONS[version](fp,
                                                              max_header_size=max_header_size)
        except (ValueError, SyntaxError) as e:
            raise ValueError(f"load: {path}: the .npy header cannot be read ({e})") from None
        offset = fp.tell()
    f.element_type(dtype, "load")
    h = _Header(dtype, tuple(int(s) for s in shape), bool(fortran), offset)
    size = os.path.getsize(path)
    if size - offset < h.nbytes:
        raise ValueError(f"load: {path} is truncated: its header announces {h.nbytes} bytes "
                         f"of data (shape {h.shape}, {dtype}), the file holds {size - offset}")
    return h


def _header_bytes(dtype, shape):
    """The .npy header NumPy writes for a C-ordered array of dtype and shape (version 1.0,
    2.0 when the header does not fit 1.0's size field)."""
    d = {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False,
         "shape": tuple(shape)}
    buf = io.BytesIO()
    try:
        np.lib.format.write_array_header_1_0(buf, d)
    except ValueError:
        buf = io.BytesIO()
        np.lib.format.write_array_header_2_0(buf, d)
    return buf.getvalue()


# ----------------------------------------------------------------- reading rows ----

def _read_rows(path, dtype, shape, offset, fortran, split, lo, hi, mmap):
    """Rows [lo, hi) of axis split of the array stored at `offset` in the file (C or
    Fortran order), read by this rank alone: one positioned read when they are one
    contiguous run of bytes, else a memory map of the file with only the slab copied."""
    n = hi - lo
    sub = tuple(n if i == split else s for i, s in enumerate(shape))
    if n == 0 or 0 in shape:
        return np.empty(sub, dtype=dtype)
    contiguous = (not fortran and all(s == 1 for s in shape[:split])) or \
        (fortran and all(s == 1 for s in shape[split + 1:]))
    if contiguous and not mmap:
        inner = int(np.prod(shape, dtype=np.int64)) // shape[split]
        count = n * inner
        with open(path, "rb") as fp:
            out = np.fromfile(fp, dtype=dtype, count=count,
                              offset=offset + lo * inner * dtype.itemsize)
        if out.size != count:
            raise ValueError(f"load: {path} ended before the data its header announces")
        return out.reshape(sub, order="F" if fortran else "C")
    mm = np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape,
                   order="F" if fortran else "C")
    view = mm[f.block_key(split, len(shape), lo, hi)]
    return view if mmap else np.array(view, order="C")


def _from_numpy(a, mmap):
    """A ptensor array of the NumPy array read: owning it, or (a memory map) wrapping it
    without writing through (ptensor copies such an array before its first write)."""
    if not mmap:
        return f.owned(a)
    return asarray(f.native(a))


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000, split=_DEFAULT, team=_DEFAULT):
    """Load an array from a .npy file, or the arrays of a .npz archive, as ``numpy.load``.

    The file is read by NumPy's format module: every file ``numpy.save`` writes loads, in
    every dtype ptensor has (big-endian and Fortran-ordered files included; float16 becomes
    float32, as :func:`ptensor.asarray` does). A header that announces more data than the
    file holds raises a ValueError before anything is allocated.

    Under ``mpiexec`` the result is a distributed array, as the creation functions make:
    split along axis 0 over the world team unless ``split``/``team`` say otherwise, and
    each rank reads only its own rows of a .npy file.

    Parameters
    ----------
    file : str, os.PathLike or file-like
        The file. A file object is read by NumPy (the whole array, on every rank).
    mmap_mode : {None, "r", "c"}, optional
        "r" or "c": the array is a memory map of the file (each rank maps its own rows),
        read on demand; ptensor copies it before its first write, so the file never
        changes. "r+" and "w+" (writes through to the file) raise a ValueError.
    allow_pickle : bool, optional
        Must stay False: ptensor arrays hold no Python objects.
    fix_imports, encoding : optional
        NumPy's (for pickled objects, which ptensor refuses); accepted and unused.
    max_header_size : int, optional
        The largest header read (NumPy's guard against a header built to exhaust memory).
    split : int or None, optional
        The split axis of the distributed result (default 0 under ``mpiexec``); None: the
        whole array on every rank.
    team : Team, optional
        The team of the distributed result (default: the world under ``mpiexec``).

    Returns
    -------
    Array or NpzFile
        The array (.npy), or a mapping of the archive's names to arrays (.npz).

    Raises
    ------
    FileNotFoundError
        No such file.
    ValueError
        Not a .npy/.npz file, a truncated file, or ``mmap_mode`` "r+"/"w+".
    TypeError
        An element type ptensor does not have (objects, strings, structured records).

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "a.npy")
    >>> pt.save(path, pt.arange(4.0))
    >>> pt.load(path)
    Array([0., 1., 2., 3.])
    """
    if allow_pickle:
        raise ValueError("load: allow_pickle=True: ptensor arrays hold no Python objects")
    if mmap_mode not in (None, "r", "c"):
        raise ValueError(f"load: mmap_mode={mmap_mode!r}: ptensor arrays never write through "
                         f"to a file (use 'r' or 'c', or numpy.load for a writable map)")
    if not _is_path(file):
        a = np.load(file, mmap_mode=mmap_mode, allow_pickle=False,
                    max_header_size=max_header_size)
        if isinstance(a, np.lib.npyio.NpzFile):
            return NpzFile(a, split, team)
        f.element_type(a.dtype, "load")
        t, ax = f.layout(team, split, a.ndim, "load")
        return _from_numpy(a, mmap_mode) if t is None else _kept_rows(t, ax, a)
    path = os.fspath(file)
    with open(path, "rb") as fp:
        magic = fp.read(6)
    if magic.startswith(b"PK\x03\x04") or magic.startswith(b"PK\x05\x06"):
        return NpzFile(np.load(path, allow_pickle=False, max_header_size=max_header_size),
                       split, team)
    h = _read_header(path, max_header_size)
    t, ax = f.layout(team, split, len(h.shape), "load")
    if t is None:
        if mmap_mode is not None:
            a = np.memmap(path, dtype=h.dtype, mode=mmap_mode, offset=h.offset, shape=h.shape,
                          order="F" if h.fortran else "C")
            return _from_numpy(np.asarray(a), True)
        if not h.shape:
            return f.owned(np.fromfile(path, dtype=h.dtype, count=1, offset=h.offset)
                           .reshape(()))
        a = _read_rows(path, h.dtype, h.shape, h.offset, h.fortran, 0, 0, h.shape[0], False)
        return f.owned(a)
    lo, hi = f.rows(t, ax, h.shape)
    a = f.agree(t, _read_rows, path, h.dtype, h.shape, h.offset, h.fortran, ax, lo, hi,
                mmap_mode is not None)
    if mmap_mode is not None:
        return DArray(_from_numpy(a, True), h.shape, t, ax)
    return f.assembled(t, ax, h.shape, a)


class NpzFile:
    """The arrays of a .npz archive, by name, as ``numpy.lib.npyio.NpzFile``: each array
    is read when it is first asked for, as a ptensor array (distributed under ``mpiexec``:
    each rank reads the member and keeps its own rows; a zip member cannot be read in part).

    Attributes
    ----------
    files : list of str
        The names of the arrays.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "ab.npz")
    >>> pt.savez(path, a=pt.arange(3), b=pt.ones(2))
    >>> with pt.load(path) as z:
    ...     z.files, z["a"]
    (['a', 'b'], Array([0, 1, 2]))
    """

    def __init__(self, npz, split, team):
        self._npz, self._split, self._team = npz, split, team
        self.files = list(npz.files)

    def __getitem__(self, key):
        a = self._npz[key]
        f.element_type(a.dtype, "load")
        t, ax = f.layout(self._team, self._split, a.ndim, "load")
        return f.owned(np.array(a)) if t is None else _kept_rows(t, ax, a)

    def __contains__(self, key):
        return key in self.files

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def keys(self):
        """The names of the arrays."""
        return list(self.files)

    def values(self):
        """The arrays, read now."""
        return [self[k] for k in self.files]

    def items(self):
        """(name, array) pairs, the arrays read now."""
        return [(k, self[k]) for k in self.files]

    def close(self):
        """Close the archive."""
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return f"NpzFile(files={self.files})"


# ----------------------------------------------------------------- writing ----

def _write_rows(tmp, values, dtype, shape, offset, split, lo):
    """This rank's rows (values, starting at row lo of axis split) into the file tmp of a
    C-ordered array at offset: one positioned write when they are one run of bytes, else
    through a memory map of the file."""
    if values.size == 0:
        return
    if all(s == 1 for s in shape[:split]):
        inner = int(np.prod(shape, dtype=np.int64)) // shape[split]
        data = np.ascontiguousarray(values, dtype=dtype)
        fd = os.open(tmp, os.O_WRONLY)
        try:
            view, at = memoryview(data).cast("B"), offset + lo * inner * dtype.itemsize
            while view:
                done = os.pwrite(fd, view, at)
                view, at = view[done:], at + done
        finally:
            os.close(fd)
        return
    mm = np.memmap(tmp, dtype=dtype, mode="r+", offset=offset, shape=shape)
    mm[f.block_key(split, len(shape), lo, lo + values.shape[split])] = values
    mm.flush()
    del mm


def _create_sized(tmp, head, nbytes):
    """The file tmp with `head` and room for nbytes of data after it."""
    with open(tmp, "wb") as fp:
        fp.write(head)
        fp.truncate(len(head) + nbytes)


def _save_distributed(path, x, head):
    """x's rows written by their ranks into one file: head (rank 0) then the data."""
    values, split, lo, _ = f.local_part(x)
    dtype = values.dtype
    nbytes = int(np.prod(x.shape, dtype=np.int64)) * dtype.itemsize
    f.replace_when_written(
        x.team, path, lambda tmp: _write_rows(tmp, values, dtype, x.shape, len(head), split, lo),
        create=lambda tmp: _create_sized(tmp, head, nbytes))


def save(file, arr, allow_pickle=True, fix_imports=True):
    """Save an array to a .npy file, as ``numpy.save`` (``numpy.load`` reads it, bit for bit).

    A path gains ".npy" when it lacks it, as in NumPy. The new file replaces an old one only
    once it is completely written: a save that fails (a full disk, a missing directory) raises
    and leaves the old file as it was.

    Under ``mpiexec`` a distributed array is written by all its ranks into one file: rank 0
    writes the header, each rank its own rows at their offset (no rank holds the whole
    array). To a file object, the array is gathered on rank 0, which writes it.

    Parameters
    ----------
    file : str, os.PathLike or file-like
        Where to write.
    arr : Array or array-like
        The array (array-likes become arrays first, as in NumPy).
    allow_pickle, fix_imports : optional
        NumPy's; ptensor arrays hold no objects, so they change nothing.

    Raises
    ------
    FileNotFoundError
        The directory does not exist.
    IsADirectoryError
        The path is a directory.
    OSError
        The write failed (the disk is full, the file too large for the process's limit).

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x")
    >>> pt.save(path, pt.asarray([[1, 2], [3, 4]], dtype=pt.int16))
    >>> np.load(path + ".npy")
    array([[1, 2],
           [3, 4]], dtype=int16)
    """
    x = as_ptensor(arr)
    if not _is_path(file):
        whole = f.whole_on_root(x)
        t = f.team_of(x)
        f.on_root(t, lambda: np.save(file, whole, allow_pickle=False))
        return
    path = _with_suffix(file, ".npy")
    t = f.team_of(x)
    f.agree(t, f.check_writable_target, path)
    if t is None:
        values = np.asarray(x)
        f.replace_when_written(None, path, lambda tmp: _save_local(tmp, values))
        return
    _save_distributed(path, x, _header_bytes(x.dtype.np, x.shape))


def _save_local(tmp, values):
    # C order always (a transposed view's values would make NumPy write a Fortran-ordered
    # file): the same file whatever the rank count
    with open(tmp, "wb") as fp:
        np.lib.format.write_array(fp, np.asarray(values, order="C"), allow_pickle=False)


def as_ptensor(arr):
    """A ptensor array as it is (local or distributed: Array's isinstance covers both); an
    array-like as this process's local array (each rank saves what it holds, as NumPy)."""
    return arr if isinstance(arr, Array) else asarray(arr)


def _savez(name, file, args, kwds, compress):
    arrays = {}
    for i, a in enumerate(args):
        key = f"arr_{i}"
        if key in kwds:
            raise ValueError(f"{name}: cannot use un-named variables and keyword {key}")
        arrays[key] = a
    arrays.update(kwds)
    t = None
    whole = {}
    for k, a in arrays.items():  # every rank gathers in the same order (collectives)
        x = as_ptensor(a)
        t = t or f.team_of(x)
        whole[k] = f.whole_on_root(x)
    writer = np.savez_compressed if compress else np.savez
    if not _is_path(file):
        f.on_root(t, lambda: writer(file, **whole))
        return
    path = _with_suffix(file, ".npz")
    f.agree(t, f.check_writable_target, path)

    def write(tmp):
        if t is None or t.rank == 0:
            with open(tmp, "wb") as fp:
                writer(fp, **whole)
    f.replace_when_written(t, path, write)


def savez(file, *args, allow_pickle=True, **kwds):
    """Save arrays into an uncompressed .npz archive, as ``numpy.savez``.

    Positional arrays are named ``arr_0``, ``arr_1``, ...; keyword arrays by their keyword.
    Distributed arrays are gathered on rank 0, which writes the archive (a zip member is
    written in one piece). The archive replaces an old one only once it is complete.

    Parameters
    ----------
    file : str, os.PathLike or file-like
        Where to write (".npz" is added to a path that lacks it).
    *args, **kwds : Array or array-like
        The arrays.
    allow_pickle : bool, optional
        NumPy's; changes nothing.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.npz")
    >>> pt.savez(path, pt.arange(3), weights=pt.ones(2))
    >>> sorted(np.load(path).files)
    ['arr_0', 'weights']
    """
    _savez("savez", file, args, kwds, False)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Save arrays into a compressed (deflate) .npz archive, as ``numpy.savez_compressed``.

    As :func:`savez`, with every member compressed.

    Parameters
    ----------
    file : str, os.PathLike or file-like
        Where to write (".npz" is added to a path that lacks it).
    *args, **kwds : Array or array-like
        The arrays.
    allow_pickle : bool, optional
        NumPy's; changes nothing.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "z.npz")
    >>> pt.savez_compressed(path, zeros=pt.zeros(1000))
    >>> os.path.getsize(path) < 8000
    True
    """
    _savez("savez_compressed", file, args, kwds, True)


# ----------------------------------------------------------------- raw binary ----

def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None, split=_DEFAULT,
             team=_DEFAULT):
    """A 1-D array of the raw binary (or text) data of a file, as ``numpy.fromfile``.

    Binary (``sep=""``): ``count`` items of ``dtype`` from byte ``offset`` on (all of them
    for -1). Under ``mpiexec`` each rank reads only its own part of the items. Text (``sep``
    given): rank 0 parses the file with NumPy and each rank gets its part.

    Parameters
    ----------
    file : str, os.PathLike or file object
        The file.
    dtype : dtype, optional
        The element type (float64 by default).
    count : int, optional
        The number of items; -1: all.
    sep : str, optional
        "" for binary; otherwise the separator of a text file.
    offset : int, optional
        Bytes to skip at the start (binary only, as in NumPy).
    like : optional
        NumPy's; must be None or a ptensor array.
    split, team : optional
        The layout of the result under ``mpiexec`` (as :func:`load`).

    Returns
    -------
    Array
        The items.

    Raises
    ------
    ValueError
        ``count`` items are not in the file.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "raw.bin")
    >>> np.arange(5, dtype=np.int32).tofile(path)
    >>> pt.fromfile(path, dtype=pt.int32, offset=4)
    Array([1, 2, 3, 4], dtype=int32)
    """
    want = np.dtype(f.numpy_dtype(dtype))
    f.element_type(want, "fromfile")
    t, ax = f.layout(team, split, 1, "fromfile")
    if sep != "":
        return _text_result(t, ax, lambda: np.fromfile(file, dtype=want, count=count, sep=sep))
    if not _is_path(file):
        a = np.fromfile(file, dtype=want, count=count, offset=offset)
        return f.owned(a) if t is None else _kept_rows(t, ax, a)
    path = os.fspath(file)
    size = os.path.getsize(path)
    avail = max(size - offset, 0) // want.itemsize
    n = avail if count < 0 else count
    if n > avail:
        raise ValueError(f"fromfile: {path} holds {avail} items of {want} after byte {offset}, "
                         f"count={count} asked for more")
    if t is None:
        return f.owned(_read_rows(path, want, (n,), offset, False, 0, 0, n, False))
    lo, hi = f.rows(t, 0, (n,))
    a = f.agree(t, _read_rows, path, want, (n,), offset, False, 0, lo, hi, False)
    return f.assembled(t, 0, (n,), a)


def tofile(x, fid, sep="", format="%s"):
    """x's data to a file as raw binary (C order) or text, as ``numpy.ndarray.tofile``.

    Binary to a path, under ``mpiexec``: every rank writes its own rows at their offset.
    Text, or a file object: x is gathered on rank 0, which writes it."""
    if sep == "" and _is_path(fid) and f.team_of(x) is not None:
        _save_distributed(os.fspath(fid), x, b"")
        return
    whole = f.whole_on_root(x)
    f.on_root(f.team_of(x), lambda: whole.tofile(fid, sep=sep, format=format))


def _kept_rows(t, ax, a):
    """This rank's rows of the NumPy array a, which every rank read whole, distributed."""
    lo, hi = f.rows(t, ax, a.shape)
    return f.assembled(t, ax, a.shape, np.array(a[f.block_key(ax, a.ndim, lo, hi)]))


# ----------------------------------------------------------------- text ----

def _text_result(t, ax, parse):
    """The array rank 0 parses (every rank when there is no team), distributed."""
    if t is None:
        a = parse()
        f.element_type(a.dtype, "loadtxt")
        return f.owned(np.array(a))

    def checked():
        a = parse()
        if isinstance(a, np.ma.MaskedArray):
            raise TypeError("genfromtxt: usemask=True gives a masked array; ptensor has none")
        f.element_type(a.dtype, "loadtxt")
        return np.asarray(a)
    whole = f.on_root(t, checked)
    return f.scattered(t, ax, whole)


def loadtxt(fname, dtype=float, *args, split=_DEFAULT, team=_DEFAULT, **kwargs):
    """An array from a text file, as ``numpy.loadtxt`` (NumPy parses it).

    Every parameter of ``numpy.loadtxt`` is passed to it. Under ``mpiexec`` rank 0 parses
    the file and sends each rank its rows (split along axis 0 by default, as the creation
    functions; ``split=None``: every rank gets the whole array).

    Parameters
    ----------
    fname : str, os.PathLike, file object or iterable of str
        The text.
    dtype : dtype, optional
        The element type (float64 by default).
    *args, **kwargs : optional
        ``numpy.loadtxt``'s other parameters (comments, delimiter, skiprows, usecols, ...).
    split, team : optional
        The layout of the result under ``mpiexec`` (as :func:`load`).

    Returns
    -------
    Array
        The values.

    Examples
    --------
    >>> import io
    >>> pt.loadtxt(io.StringIO("1 2\\n3 4"))
    Array([[1., 2.],
           [3., 4.]])
    """
    dtype = f.numpy_dtype(dtype)
    t, ax = f.text_layout(team, split, "loadtxt")
    return _text_result(t, ax, lambda: np.loadtxt(fname, dtype, *args, **kwargs))


def genfromtxt(fname, dtype=float, *args, split=_DEFAULT, team=_DEFAULT, **kwargs):
    """An array from a text file with missing values, as ``numpy.genfromtxt``.

    NumPy parses the file (missing values become ``filling_values``, NaN for floats by
    default); every parameter of ``numpy.genfromtxt`` is passed to it. ``usemask=True`` (a
    masked array) raises a TypeError: ptensor has no masked arrays. Under ``mpiexec`` rank 0
    parses and sends each rank its rows, as :func:`loadtxt`.

    Parameters
    ----------
    fname : str, os.PathLike, file object or iterable of str
        The text.
    dtype : dtype, optional
        The element type (float64 by default).
    *args, **kwargs : optional
        ``numpy.genfromtxt``'s other parameters (delimiter, skip_header, filling_values, ...).
    split, team : optional
        The layout of the result under ``mpiexec`` (as :func:`load`).

    Returns
    -------
    Array
        The values.

    Examples
    --------
    >>> import io
    >>> pt.genfromtxt(io.StringIO("1,2\\n3,"), delimiter=",")
    Array([[ 1.,  2.],
           [ 3., nan]])
    """
    dtype = f.numpy_dtype(dtype)
    if kwargs.get("usemask"):
        raise TypeError("genfromtxt: usemask=True gives a masked array; ptensor has none")
    t, ax = f.text_layout(team, split, "genfromtxt")
    return _text_result(t, ax, lambda: np.genfromtxt(fname, dtype, *args, **kwargs))


def savetxt(fname, X, *args, **kwargs):
    """Save a 1-D or 2-D array to a text file, as ``numpy.savetxt`` (NumPy formats it).

    Every parameter of ``numpy.savetxt`` is passed to it (fmt, delimiter, header, ...; a
    name ending in ".gz" is compressed). A distributed array is gathered on rank 0, which
    writes the file; a path is replaced only once the new file is complete.

    Parameters
    ----------
    fname : str, os.PathLike or file object
        Where to write.
    X : Array or array-like
        The values.
    *args, **kwargs : optional
        ``numpy.savetxt``'s other parameters.

    Examples
    --------
    >>> import io
    >>> s = io.StringIO()
    >>> pt.savetxt(s, pt.asarray([[1, 2], [3, 4]]), fmt="%d")
    >>> print(s.getvalue())
    1 2
    3 4
    <BLANKLINE>
    """
    x = as_ptensor(X)
    t = f.team_of(x)
    whole = f.whole_on_root(x)
    if not _is_path(fname):
        f.on_root(t, lambda: np.savetxt(fname, whole, *args, **kwargs))
        return
    path = os.fspath(fname)
    f.agree(t, f.check_writable_target, path)

    def write(tmp):
        if t is None or t.rank == 0:
            np.savetxt(tmp, whole, *args, **kwargs)
    f.replace_when_written(t, path, write)


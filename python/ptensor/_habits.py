"""NumPy habits beyond the array API: conveniences, not the standard.

The namespace ``ptensor`` stays exactly the array API's. What this module adds lives on the
array objects (local Array and distributed DArray alike) and in NumPy's dispatch protocols:

- methods NumPy, JAX, CuPy and Dask users write (``x.sum()``, ``x.reshape(2, 3)``,
  ``x.astype(...)``, ``x.tolist()``, ...), each a call of the namespace's function;
- ``__array_ufunc__`` and ``__array_function__``: NumPy's functions applied to ptensor arrays
  (``np.sin(x)``, ``np.sum(x, axis=0)``, ``np.add.reduce(x)``, ``np.linalg.inv(x)``) run
  ptensor's function and return ptensor arrays where ptensor has one with the same meaning:
  the handlers below, then ptensor's function of the same name (its NumPy names, pt.linalg,
  pt.fft), then ptensor's ufunc objects and their methods (_ufunc.py).
  Everything else is a fallback: NumPy computes the result from the arrays' data and
  returns a NumPy array (a distributed array is gathered on every rank, through __array__).
  A fallback is never silent: it emits a NumpyFallbackWarning once per function, is counted
  (``pt.cache_info()["numpy_fallbacks"]``), and is a NumpyFallbackError (a TypeError) with
  PTENSOR_FALLBACK=error or ``pt.set_numpy_fallback("error")`` (the test suite runs so);
  "ignore" turns the warning off. NumPy's ufuncs that ptensor lacks raise TypeError for
  distributed arrays (no implicit gather). An ``out=`` that is a ptensor array is written
  for the ufuncs ptensor has and is a TypeError elsewhere, and NumPy gets the data
  read-only (np.copyto(x, v) raises: never a write into a copy that is then lost);
- pickle, copy and deepcopy.

Choices written down (NumPy differs): ``ravel``, ``flatten``, ``reshape`` and ``transpose``
give new arrays, as ptensor's reshape and permute_dims do (writes to them do not reach x).
"""
from __future__ import annotations

import collections
import html
import inspect
import os
import warnings

import numpy as np

from . import _dtypes as dt
from . import _ufunc
from ._array import Array, Local
from ._device import as_device
from . import _dist
from ._dist import DArray
from ._upcalls import namespace as pt

PICKLE_VERSION = 1


class _Fallback(Exception):
    """A handler's arguments have no ptensor meaning: NumPy's own function decides."""


# ---------------------------------------------------------------- methods ----



def _shape_args(shape):
    """x.reshape(2, 3) and x.reshape((2, 3)) alike: the shape as a tuple."""
    if len(shape) == 1 and not isinstance(shape[0], (int, np.integer)):
        return tuple(shape[0])
    return tuple(shape)


def _forward(name, doc=None):
    """x.name(...) as ptensor.name(x, ...): NumPy's methods take its functions' parameters
    after the array (x.sum(0, keepdims=True), x.clip(0, 1), x.take([2, 0]))."""
    def method(self, *args, **kwargs):
        return getattr(pt, name)(self, *args, **kwargs)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc or f"x.{name}(...): ptensor.{name}(x, ...), NumPy's parameters."
    return method


def _in_place(name, doc=None):
    """x.sort(), x.partition(k), x.fill(v), x.put(i, v): NumPy's in-place methods, the result
    written into x."""
    def method(self, *args, **kwargs):
        self[...] = getattr(pt, name)(self, *args, **kwargs)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc or \
        f"x.{name}(...): x[...] = ptensor.{name}(x, ...) (in place, as NumPy's)."
    return method


def _compress(self, condition, axis=None, out=None):
    """The slices of x along ``axis`` where ``condition`` is true, as ``numpy.ndarray.compress``.

    Same as :func:`ptensor.compress` with ``x`` as its second argument
    (``ptensor.compress(condition, x, axis)``, NumPy's order). With ``axis=None`` x is
    flattened first.

    Examples
    --------
    >>> x = pt.asarray([[1, 2], [3, 4]])
    >>> x.compress([False, True], axis=1)
    Array([[2],
           [4]])
    >>> x.compress([True, False, True])
    Array([1, 3])
    """
    return pt.compress(condition, self, axis=axis, out=out)


def _fill(self, value):
    """Set every element of x to ``value``, in place (``x[...] = value``), as
    ``numpy.ndarray.fill``; returns None. The value is converted to x's dtype.

    Examples
    --------
    >>> x = pt.asarray([[1, 2], [3, 4]])
    >>> x.fill(0)
    >>> x
    Array([[0, 0],
           [0, 0]])
    """
    self[...] = value


def _put(self, indices, values, mode="raise"):
    """Write ``values`` into x at the flat (C-order) ``indices``, in place, as
    ``numpy.ndarray.put``; returns None.

    Same as :func:`ptensor.put` with ``x`` as its first argument (``mode`` as there).

    Examples
    --------
    >>> x = pt.asarray([[1, 2], [3, 4]])
    >>> x.put([0, 3], [9, 8])
    >>> x
    Array([[9, 2],
           [3, 8]])
    """
    pt.put(self, indices, values, mode=mode)


def _real(self):
    """The real part of x, as ``numpy.ndarray.real``: :func:`ptensor.real` for a complex
    dtype (a new array of the matching real dtype, not a view), x itself for a real dtype.

    Examples
    --------
    >>> pt.asarray([1 + 2j, 3 - 1j]).real
    Array([1., 3.])
    """
    return pt.real(self) if dt.is_complex(self.dtype) else self


def _imag(self):
    """The imaginary part of x, as ``numpy.ndarray.imag``: :func:`ptensor.imag` (zeros for
    a real dtype). A new array, not a view: writes to it do not reach x.

    Examples
    --------
    >>> pt.asarray([1 + 2j, 3 - 1j]).imag
    Array([ 2., -1.])
    >>> pt.asarray([1.0, 2.0]).imag
    Array([0., 0.])
    """
    return pt.imag(self)


class _Flat:
    """x.flat: the flattened elements of x, read and written by flat index (NumPy's flatiter
    for indexing; iteration gives the elements as 0-d arrays)."""

    def __init__(self, base):
        self._base = base

    def __len__(self):
        return self._base.size

    def __getitem__(self, key):
        return pt.reshape(self._base, (-1,))[key]

    def __setitem__(self, key, value):
        pt.put(self._base, pt.arange(self._base.size)[key], value)

    def __iter__(self):
        flat = pt.reshape(self._base, (-1,))
        return (flat[i] for i in range(self._base.size))

    def __array__(self, dtype=None, copy=None):
        return np.asarray(pt.reshape(self._base, (-1,)), dtype=dtype)


def _flat_of(self):
    """x's elements indexed as one flat (C-order) sequence, as ``numpy.ndarray.flat``.

    ``x.flat[i]`` reads the flattened x; ``x.flat[i] = v`` writes into x. Iterating gives the
    elements as 0-d arrays.

    Examples
    --------
    >>> x = pt.asarray([[1, 2], [3, 4]])
    >>> x.flat[3]
    Array(4)
    >>> x.flat[::2] = 0
    >>> x
    Array([[0, 2],
           [0, 4]])
    """
    return _Flat(self)


def _tobytes(self, order="C"):
    r"""The raw bytes of x's data, as ``numpy.ndarray.tobytes`` (of ``numpy.asarray(x)``; a
    distributed array is gathered).

    Examples
    --------
    >>> pt.asarray([1, 2], dtype=pt.int32).tobytes()
    b'\x01\x00\x00\x00\x02\x00\x00\x00'
    """
    return np.asarray(self).tobytes(order=order)


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _reshape(self, *shape, order="C", copy=None):
    """x with a new shape: :func:`ptensor.reshape`, the shape given as ints or one tuple.

    ``x.reshape(2, 3)`` and ``x.reshape((2, 3))`` alike; one length may be -1. A new array, not
    a view (writes to it do not reach ``x``); ``order="C"`` only (another order is a
    ValueError: ptensor arrays are C-ordered).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.reshape(3, 2)
    Array([[1, 2],
           [3, 4],
           [5, 6]])
    >>> x.reshape((-1,))
    Array([1, 2, 3, 4, 5, 6])
    """
    if order != "C":
        raise ValueError(f"reshape: order={order!r} is not supported (ptensor arrays are "
                         "C-ordered)")
    if not shape:
        raise TypeError("reshape: a shape is required")
    return pt.reshape(self, _shape_args(shape), copy=copy)


def _astype(self, dtype, copy=True, device=None):
    """x converted to ``dtype``: :func:`ptensor.astype` (``copy``, ``device`` as there).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.astype(pt.float32)
    Array([[1., 2., 3.],
           [4., 5., 6.]], dtype=float32)
    """
    return pt.astype(self, dtype, copy=copy, device=device)


def _copy(self):
    """A new array with x's values (``ptensor.asarray(x, copy=True)``): writes to either one
    do not reach the other.

    Examples
    --------
    >>> x = pt.asarray([1, 2, 3])
    >>> y = x.copy()
    >>> y[0] = 9
    >>> x
    Array([1, 2, 3])
    """
    return pt.asarray(self, copy=True)


def _tolist(self):
    """x's values as nested Python lists of Python scalars (a scalar for a 0-d array), as
    ``numpy.ndarray.tolist``.

    Examples
    --------
    >>> pt.asarray([[1, 2, 3], [4, 5, 6]]).tolist()
    [[1, 2, 3], [4, 5, 6]]
    >>> pt.asarray(2.5).tolist()
    2.5
    """
    return np.asarray(self).tolist()


def _ravel(self, order="C"):
    """x as a 1-D array in C order, as ``numpy.ndarray.ravel``.

    Notes
    -----
    A new array, never a view (ptensor's reshape does not make views): writes to it do not
    reach x. ``order="C"`` only (another order is a ValueError).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.ravel()
    Array([1, 2, 3, 4, 5, 6])
    """
    if order != "C":
        raise ValueError(f"ravel: order={order!r} is not supported")
    return pt.reshape(self, (-1,))


def _flatten(self, order="C"):
    """A 1-D copy of x in C order, as ``numpy.ndarray.flatten``; ``order="C"`` only
    (another order is a ValueError).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.flatten()
    Array([1, 2, 3, 4, 5, 6])
    """
    if order != "C":
        raise ValueError(f"flatten: order={order!r} is not supported")
    return pt.reshape(self, (-1,), copy=True)


def _transpose(self, *axes):
    """x with its axes permuted, as ``numpy.ndarray.transpose``: reversed without arguments,
    else in the order given as ints or one tuple (``x.transpose(1, 0, 2)`` or
    ``x.transpose((1, 0, 2))``); :func:`ptensor.permute_dims`.

    Notes
    -----
    A new array, not a view: writes to it do not reach x.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.transpose()
    Array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> pt.zeros((2, 3, 4)).transpose(1, 0, 2).shape
    (3, 2, 4)
    """
    if not axes or axes == (None,):
        axes = tuple(range(self.ndim))[::-1]
    else:
        axes = _shape_args(axes)
    return pt.permute_dims(self, axes)


def _nbytes(self):
    """The number of bytes of x's elements (``x.size * x.itemsize``), as
    ``numpy.ndarray.nbytes``.

    Examples
    --------
    >>> pt.asarray([[1, 2, 3], [4, 5, 6]], dtype=pt.int32).nbytes
    24
    """
    return self.size * self.dtype.itemsize


def _itemsize(self):
    """The size of one element of x in bytes (``x.dtype.itemsize``), as
    ``numpy.ndarray.itemsize``.

    Examples
    --------
    >>> pt.asarray([1.0, 2.0], dtype=pt.float32).itemsize
    4
    """
    return self.dtype.itemsize


_SORT_DOC = """Sort x in place along ``axis`` (the last by default), as ``numpy.ndarray.sort``;
    returns None.

    Same as ``x[...] = ptensor.sort(x, ...)``: :func:`ptensor.sort`'s parameters after x.

    Examples
    --------
    >>> x = pt.asarray([[3, 1, 2], [9, 7, 8]])
    >>> x.sort()
    >>> x
    Array([[1, 2, 3],
           [7, 8, 9]])
    """
_PARTITION_DOC = """Partition x in place, as ``numpy.ndarray.partition``; returns None.

    The element at index ``kth`` moves to where a sort would put it, smaller ones before it,
    larger ones after.

    Same as ``x[...] = ptensor.partition(x, kth, ...)``: :func:`ptensor.partition`'s parameters
    after x. The order within each side is unspecified, as in NumPy.

    Examples
    --------
    >>> x = pt.asarray([5, 1, 4, 2, 3])
    >>> x.partition(2)
    >>> x[2]
    Array(3)
    """
def _tofile(self, fid, sep="", format="%s"):
    """Write x's data to a file, as ``numpy.ndarray.tofile``: raw binary in C order
    (``sep=""``) or text.

    Under ``mpiexec`` a distributed array's binary data is written by every rank, its own
    rows at their offset, into one file; text (or a file object) is written by rank 0.
    ``pt.fromfile`` reads it back.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.bin")
    >>> pt.asarray([1.5, 2.5]).tofile(path)
    >>> np.fromfile(path)
    array([1.5, 2.5])
    """
    pt._io_npy.tofile(self, fid, sep, format)


METHODS = {
    "reshape": _reshape, "tofile": _tofile, "astype": _astype, "copy": _copy, "tolist": _tolist,
    "ravel": _ravel, "flatten": _flatten, "transpose": _transpose, "fill": _fill, "put": _put,
    "tobytes": _tobytes, "compress": _compress, "sort": _in_place("sort", _SORT_DOC),
    "partition": _in_place("partition", _PARTITION_DOC),
}
# methods that are the namespace's function of the same name applied to x
# docstrings of the most used forwarded methods (the others get _forward's short one)
_FORWARD_DOCS = {
    "sum": """Same as :func:`ptensor.sum` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.sum(axis=0)
    Array([5, 7, 9])
    """,
    "mean": """Same as :func:`ptensor.mean` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.mean()
    Array(3.5)
    """,
    "max": """Same as :func:`ptensor.max` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.max(axis=1)
    Array([3, 6])
    """,
    "min": """Same as :func:`ptensor.min` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.min()
    Array(1)
    """,
    "prod": """Same as :func:`ptensor.prod` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.prod(axis=0)
    Array([ 4, 10, 18])
    """,
    "std": """Same as :func:`ptensor.std` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> x.std()
    Array(1.11803399)
    """,
    "var": """Same as :func:`ptensor.var` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> x.var(axis=0)
    Array([1., 1.])
    """,
    "any": """Same as :func:`ptensor.any` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[True, False], [True, True]])
    >>> x.any(axis=0)
    Array([ True,  True])
    """,
    "all": """Same as :func:`ptensor.all` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[True, False], [True, True]])
    >>> x.all()
    Array(False)
    """,
    "argmax": """Same as :func:`ptensor.argmax` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.argmax(axis=0)
    Array([1, 1, 1])
    """,
    "argmin": """Same as :func:`ptensor.argmin` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([3, 1, 2])
    >>> x.argmin()
    Array(1)
    """,
    "argsort": """Same as :func:`ptensor.argsort` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([3, 1, 2])
    >>> x.argsort()
    Array([1, 2, 0])
    """,
    "cumsum": """Same as :func:`ptensor.cumsum` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.cumsum(axis=1)
    Array([[ 1,  3,  6],
           [ 4,  9, 15]])
    """,
    "cumprod": """Same as :func:`ptensor.cumprod` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.cumprod(axis=1)
    Array([[  1,   2,   6],
           [  4,  20, 120]])
    """,
    "clip": """Same as :func:`ptensor.clip` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.clip(2, 5)
    Array([[2, 2, 3],
           [4, 5, 5]])
    """,
    "round": """Same as :func:`ptensor.round` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([1.25, 2.5, -0.75])
    >>> x.round(1)
    Array([ 1.2,  2.5, -0.8])
    """,
    "squeeze": """Same as :func:`ptensor.squeeze` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1], [2]])
    >>> x.squeeze()
    Array([1, 2])
    """,
    "swapaxes": """Same as :func:`ptensor.swapaxes` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.swapaxes(0, 1)
    Array([[1, 4],
           [2, 5],
           [3, 6]])
    """,
    "take": """Same as :func:`ptensor.take` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.take([2, 0], axis=1)
    Array([[3, 1],
           [6, 4]])
    """,
    "repeat": """Same as :func:`ptensor.repeat` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([3, 1, 2])
    >>> x.repeat(2)
    Array([3, 3, 1, 1, 2, 2])
    """,
    "nonzero": """Same as :func:`ptensor.nonzero` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[0, 2], [3, 0]])
    >>> x.nonzero()
    (Array([0, 1]), Array([1, 0]))
    """,
    "conj": """Same as :func:`ptensor.conj` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([1 + 2j, 3 - 1j])
    >>> x.conj()
    Array([1.-2.j, 3.+1.j])
    """,
    "conjugate": """Same as :func:`ptensor.conjugate` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([1 + 2j, 3 - 1j])
    >>> x.conjugate()
    Array([1.-2.j, 3.+1.j])
    """,
    "dot": """Same as :func:`ptensor.dot` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> x.dot(x)
    Array([[ 7., 10.],
           [15., 22.]])
    """,
    "diagonal": """Same as :func:`ptensor.diagonal` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.diagonal()
    Array([1, 5])
    """,
    "trace": """Same as :func:`ptensor.trace` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.trace()
    Array(6)
    """,
    "ptp": """Same as :func:`ptensor.ptp` with ``x`` as its first argument (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x.ptp(axis=1)
    Array([2, 2])
    """,
    "argpartition": """Same as :func:`ptensor.argpartition` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([3, 1, 2])
    >>> x.argpartition(1)
    Array([1, 2, 0])
    """,
    "choose": """Same as :func:`ptensor.choose` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([0, 1, 0])
    >>> x.choose([pt.asarray([1, 2, 3]), pt.asarray([10, 20, 30])])
    Array([ 1, 20,  3])
    """,
    "searchsorted": """Same as :func:`ptensor.searchsorted` with ``x`` as its first argument
    (NumPy's parameters).

    Examples
    --------
    >>> x = pt.asarray([1, 2, 3])
    >>> x.searchsorted(pt.asarray([2, 4]))
    Array([1, 3])
    """,
}
METHODS.update({name: _forward(name, _FORWARD_DOCS.get(name)) for name in (
    "sum", "prod", "mean", "var", "std", "min", "max", "any", "all", "argmin", "argmax",
    "cumsum", "cumprod", "clip", "round", "nonzero", "argsort", "argpartition", "choose",
    "conj", "conjugate", "diagonal", "dot", "repeat", "searchsorted", "squeeze",
    "swapaxes", "take", "trace", "ptp")})
PROPERTIES = {"nbytes": _nbytes, "itemsize": _itemsize, "real": _real, "imag": _imag,
              "flat": _flat_of}


# ----------------------------------------------------------- pickle, copy ----

def _reduce(self):
    """pickle: the data as a NumPy array (a distributed array is gathered on every rank, a
    collective as printing it is), its device and, for a distributed array, its split axis."""
    split = self.split if isinstance(self, DArray) else None
    return (_unpickle, (PICKLE_VERSION, str(self.device), np.asarray(self).copy(), split))


def _unpickle(version, device, data, split):
    """An array from a pickle payload. A distributed array's payload becomes a distributed
    array split the same way on the world team where this process's MPI is initialized (a
    rank under mpiexec; every rank holds the whole data and keeps its part), a local array
    elsewhere (a plain process, which must not start MPI)."""
    if version != PICKLE_VERSION:
        raise ValueError(f"ptensor: cannot unpickle an array of pickle version {version!r} "
                         f"(this ptensor reads version {PICKLE_VERSION})")
    if not isinstance(data, np.ndarray):
        raise TypeError(f"ptensor: damaged pickle: the data is a {type(data).__name__}, not "
                        "a NumPy array")
    dt.to_dtype(data.dtype)  # TypeError for a dtype ptensor has no counterpart of
    as_device(device)  # ValueError for a device this machine does not have
    if split is not None and _dist._world is not None:
        if not isinstance(split, int) or not 0 <= split < data.ndim:
            raise ValueError(f"ptensor: damaged pickle: split axis {split!r} of an array of "
                             f"{data.ndim} dimensions")
        return pt.asarray(data, team=_dist.world(), split=split, device=device)
    return pt.asarray(data, device=device, copy=True)


def _deepcopy(self, memo):
    y = pt.asarray(self, copy=True)
    memo[id(self)] = y
    return y


# ------------------------------------------------------ NumPy's protocols ----

# NumPy ufunc name -> ptensor function name, where both mean the same: derived from the
# elementwise tables (_ufunc.NUMPY_NAMES), and NumPy's matmul and vecdot (generalized ufuncs)
UFUNCS = dict(_ufunc.NUMPY_NAMES, matmul="matmul", vecdot="vecdot")


class NumpyFallbackWarning(UserWarning):
    """The warning that NumPy computed a function ptensor does not implement.

    Emitted once per NumPy function (in the default mode "warn" of
    :func:`ptensor.set_numpy_fallback`) when a NumPy function that ptensor does not implement
    is applied to ptensor arrays: NumPy computes it from a copy of the arrays' data (a
    distributed array gathered on every rank) and returns a NumPy array. A subclass of
    ``UserWarning``; filter it with the ``warnings`` module, or set the mode to "ignore".

    See Also
    --------
    set_numpy_fallback : Warn, raise or ignore.
    NumpyFallbackError : Raised instead in the mode "error".

    Examples
    --------
    >>> import warnings
    >>> old = pt.set_numpy_fallback("warn")
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", pt.NumpyFallbackWarning)
    ...     s = np.array_str(pt.asarray([1.0, 2.0]))
    >>> s
    '[1. 2.]'
    >>> _ = pt.set_numpy_fallback(old)
    """


class NumpyFallbackError(TypeError):
    """The error that a NumPy function ptensor does not implement was applied to ptensor arrays.

    Raised while fallbacks are errors (the environment variable ``PTENSOR_FALLBACK=error`` or
    ``pt.set_numpy_fallback("error")``), and in every mode for a NumPy ufunc ptensor lacks
    applied to a distributed array (ptensor does not gather it implicitly). A subclass of
    ``TypeError``.

    See Also
    --------
    set_numpy_fallback : Warn, raise or ignore.
    NumpyFallbackWarning : Emitted instead in the mode "warn".

    Examples
    --------
    >>> old = pt.set_numpy_fallback("error")
    >>> np.array_str(pt.asarray([1.0, 2.0]))
    Traceback (most recent call last):
        ...
    ptensor...NumpyFallbackError: numpy.array_str is not implemented by ptensor: ...
    >>> _ = pt.set_numpy_fallback(old)
    """


FALLBACK_MODES = ("warn", "error", "ignore")
FALLBACKS: collections.Counter = collections.Counter()  # NumPy function name -> count
_warned: set = set()


def _initial_mode():
    mode = os.environ.get("PTENSOR_FALLBACK", "warn")
    if mode not in FALLBACK_MODES:
        raise ValueError(f"PTENSOR_FALLBACK={mode!r}: expected one of "
                         f"{', '.join(FALLBACK_MODES)}")
    return mode


_mode = [_initial_mode()]


def set_numpy_fallback(mode: str) -> str:
    """Set what happens when NumPy computes a function ptensor does not implement.

    Applies when a NumPy function ptensor does not implement is applied to ptensor arrays
    (NumPy then computes it from a copy of the data and returns a NumPy array). Every such
    call is counted in ``pt.cache_info()["numpy_fallbacks"]``, whatever the mode. The
    environment variable ``PTENSOR_FALLBACK`` sets the initial mode ("warn" if unset).

    Parameters
    ----------
    mode : {"warn", "error", "ignore"}
        "warn": a :class:`NumpyFallbackWarning` once per NumPy function; "error": a
        :class:`NumpyFallbackError` instead of the fallback; "ignore": neither.

    Returns
    -------
    str
        The previous mode.

    Raises
    ------
    ValueError
        If ``mode`` is not one of the three.

    Examples
    --------
    >>> old = pt.set_numpy_fallback("ignore")
    >>> np.array_str(pt.asarray([1.0, 2.0]))
    '[1. 2.]'
    >>> pt.set_numpy_fallback(old)
    'ignore'
    """
    if mode not in FALLBACK_MODES:
        raise ValueError(f"set_numpy_fallback: mode must be one of "
                         f"{', '.join(FALLBACK_MODES)}, got {mode!r}")
    old = _mode[0]
    _mode[0] = mode
    return old


def _fallback(what, distributed):
    """A NumPy function about to compute from ptensor arrays' data: counted, then a warning
    (once per function), an error or nothing, as the mode says."""
    FALLBACKS[what] += 1
    gathered = " (gathering each distributed array on every rank)" if distributed else ""
    msg = (f"{what} is not implemented by ptensor: NumPy computes it from a copy of the "
           f"data{gathered} and returns a NumPy array")
    if _mode[0] == "error":
        raise NumpyFallbackError(msg + " (PTENSOR_FALLBACK=error)")
    if _mode[0] == "warn" and what not in _warned:
        _warned.add(what)
        warnings.warn(msg, NumpyFallbackWarning, stacklevel=4)


def _ours(x):
    return isinstance(x, Local) or type(x) is DArray


def _distributed(values):
    return any(type(v) is DArray for v in _leaves(values))


def _leaves(values):
    for v in values:
        if isinstance(v, (list, tuple)):
            yield from _leaves(v)
        elif isinstance(v, dict):
            yield from _leaves(v.values())
        else:
            yield v


def _to_numpy(v):
    """Arguments for NumPy's own function: ptensor arrays as read-only NumPy arrays (a local
    array's data, a distributed array gathered)."""
    if _ours(v):
        a = np.asarray(v)
        if a.flags.writeable:
            a = a.view()
            a.flags.writeable = False
        return a
    if isinstance(v, list):
        return [_to_numpy(e) for e in v]
    if isinstance(v, tuple):
        return tuple(_to_numpy(e) for e in v)
    return v


def _to_ours(v):
    """Arguments for ptensor's function: NumPy arrays as ptensor arrays."""
    if isinstance(v, np.ndarray):
        return pt.asarray(v)
    if isinstance(v, list):
        return [_to_ours(e) for e in v]
    if isinstance(v, tuple):
        return tuple(_to_ours(e) for e in v)
    return v


def _numpy_computes(what, args, kwargs, call, gather=False):
    """NumPy's own function on the data. TypeError for an out= that is a ptensor array. For
    distributed arrays: gathered where gather is true (NumPy's functions: np.allclose(x, y)
    gathered through __array__) or the result goes into NumPy arrays given as out= (``a += x``
    of a NumPy a: the user asked for the whole data there); TypeError otherwise (ufuncs ptensor
    lacks: no silent gather)."""
    out = kwargs.get("out")
    if out is not None and any(_ours(o) for o in _leaves([out])):
        raise TypeError(f"{what}: out= a ptensor array is not supported here (assign the "
                        "result: y[...] = ...)")
    dist = _distributed(list(args) + list(kwargs.values()))
    if not gather and out is None and dist:
        raise NumpyFallbackError(f"{what} is not implemented for distributed ptensor arrays (ptensor "
                        "does not gather a whole array implicitly: call np.asarray(x) "
                        "first)")
    if out is None:  # (into NumPy arrays given as out=: the user's own NumPy data)
        _fallback(what, dist)
    return call(*_to_numpy(tuple(args)), **{k: _to_numpy(v) for k, v in kwargs.items()})


_UFUNC_KEYWORDS = {"__call__": {"out", "where", "dtype", "casting", "order", "subok"},
                   "reduce": {"axis", "dtype", "out", "keepdims", "initial", "where"},
                   "accumulate": {"axis", "dtype", "out"}, "outer": {"out", "where", "dtype"},
                   "at": set(), "reduceat": {"axis", "dtype", "out"}}


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    name = UFUNCS.get(ufunc.__name__)
    ours = getattr(pt, name, None) if name else None
    if ours is None:
        ours = getattr(pt, ufunc.__name__, None)  # NumPy's names ptensor defines (fmod, ...)
    out = kwargs.get("out")
    outs = out if isinstance(out, tuple) else (out,) if out is not None else ()
    if ours is not None and all(_ours(o) for o in outs) \
            and not set(kwargs) - _UFUNC_KEYWORDS.get(method, set()) \
            and (isinstance(ours, _ufunc.ufunc) or method == "__call__" and not kwargs):
        if not isinstance(ours, _ufunc.ufunc):
            return ours(*_to_ours(inputs))
        return getattr(ours, method)(*_to_ours(inputs), **kwargs)
    what = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    return _numpy_computes(what, inputs, kwargs, getattr(ufunc, method))


def _array_function(self, func, types, args, kwargs):
    if not all(issubclass(t, (np.ndarray, Array)) for t in types):
        return NotImplemented
    out = kwargs.get("out")
    if out is None or all(_ours(o) for o in _leaves([out])):
        ours = _same_name(func)
        if ours is not None:
            return ours(*_to_ours(tuple(args)), **{k: _to_ours(v) for k, v in kwargs.items()})
        handler = FUNCTIONS.get(func)
        if handler is not None:
            try:
                bound = inspect.signature(handler).bind(*args, **kwargs)
            except TypeError:
                bound = None
            if bound is not None:
                try:
                    return handler(*_to_ours(bound.args), **_to_ours(bound.kwargs))
                except _Fallback:
                    pass
    return _numpy_computes(f"numpy.{func.__name__}", args, kwargs, func, gather=True)


def _same_name(func):
    """ptensor's function of the same name as NumPy's func, where ptensor's takes NumPy's
    parameters: its NumPy names (NUMPY_NAMES, filled by the namespace), pt.linalg's and
    pt.fft's functions; None otherwise."""
    mod = getattr(func, "__module__", "") or ""
    name = getattr(func, "__name__", "")
    if mod.startswith("numpy.linalg"):
        return getattr(pt.linalg, name, None)
    if mod.startswith("numpy.fft"):
        return getattr(pt.fft, name, None)
    if mod == "numpy" or mod.startswith("numpy._core") or mod.startswith("numpy.lib"):
        return NUMPY_NAMES.get(name)
    return None


NUMPY_NAMES: dict = {}  # NumPy's names ptensor defines beyond the standard -> function


# NumPy's functions with a ptensor meaning: handlers with NumPy's parameters (a call with a
# parameter a handler does not take, or a value it raises _Fallback for, goes to NumPy)





def _searchsorted(a, v, side="left", sorter=None):
    if sorter is not None or not _ours(v):
        raise _Fallback
    return pt.searchsorted(a, v, side=side)


def _clip(a, a_min=None, a_max=None):
    return pt.clip(a, a_min, a_max)


def _table():
    """NumPy functions whose ptensor function of the same name is the array API's (with
    NumPy's parameters not all taken): handlers with NumPy's parameters. NumPy's functions
    whose ptensor namesake takes NumPy's parameters need none (_same_name)."""
    r = {
        "expand_dims": lambda a, axis: pt.expand_dims(a, axis=axis),
        "matrix_transpose": lambda x: pt.matrix_transpose(x),
        "flip": lambda m, axis=None: pt.flip(m, axis=_axis(axis)),
        "roll": lambda a, shift, axis=None: pt.roll(
            a, tuple(shift) if isinstance(shift, list) else shift, axis=_axis(axis)),
        "moveaxis": lambda a, source, destination: pt.moveaxis(a, source, destination),
        "broadcast_to": lambda array, shape: pt.broadcast_to(
            array, tuple(shape) if not isinstance(shape, int) else (shape,)),
        "tile": lambda A, reps: pt.tile(A, tuple(reps) if not isinstance(reps, int)
                                        else (reps,)),
        "repeat": lambda a, repeats, axis=None: pt.repeat(a, repeats, axis=axis),
        "tril": lambda m, k=0: pt.tril(m, k=k), "triu": lambda m, k=0: pt.triu(m, k=k),
        "nonzero": lambda a: pt.nonzero(a),
        "clip": _clip, "searchsorted": _searchsorted,
        "astype": lambda x, dtype, /, *, copy=True, device=None: pt.astype(
            x, dtype, copy=copy, device=device),
        "real": lambda val: pt.real(val) if dt.is_complex(val.dtype) else val,
        "imag": lambda val: pt.imag(val) if dt.is_complex(val.dtype) else pt.zeros_like(val),
        "meshgrid": lambda *xi, indexing="xy": list(pt.meshgrid(*xi, indexing=indexing)),
    }
    out = {}
    for name, handler in r.items():
        f = getattr(np, name, None)
        if f is not None:
            out[f] = handler
    for alias, target in (("amax", "max"), ("amin", "min"), ("permute_dims", "transpose")):
        f = getattr(np, alias, None)
        if f is not None and f not in out:
            out[f] = (lambda target: lambda *a, **k: getattr(pt, target)(*a, **k))(target)
    for name in ("cumulative_sum", "cumulative_prod"):  # NumPy 2.1's array-API names
        f = getattr(np, name, None)
        if f is not None:
            out[f] = (lambda name: lambda x, /, *, axis=None, dtype=None,
                      include_initial=False: getattr(pt, name)(
                          x, axis=axis, dtype=dtype, include_initial=include_initial))(name)
    return out


def _raise(e):
    raise e


FUNCTIONS = _table()


# ------------------------------------------------------------------ Jupyter ----

PREVIEW_ELEMENTS = 1000  # arrays up to this size are shown whole
PREVIEW_EDGE = 5  # larger ones: the first PREVIEW_EDGE indices of every axis


def _repr_html(self):
    """Jupyter's rich display: shape, dtype, device, the team and split of a distributed
    array, and a preview of the values that never gathers or copies a large array (only its
    first PREVIEW_EDGE indices along every axis)."""
    shape = tuple(self.shape)
    rows = [("shape", str(shape)), ("dtype", self.dtype.name), ("device", str(self.device))]
    if isinstance(self, DArray):
        lo, hi = self.owned()
        rows += [("team", f"{self.team.size} ranks"), ("split", f"axis {self.split}"),
                 ("this rank", f"rows {lo}:{hi} of axis {self.split}")]
    whole = self.size <= PREVIEW_ELEMENTS
    part = self if whole else self[tuple(slice(0, PREVIEW_EDGE) for _ in shape)]
    text = np.array2string(np.asarray(part), threshold=PREVIEW_ELEMENTS, edgeitems=3)
    what = "values" if whole else \
        f"values [:{PREVIEW_EDGE}] along every axis (of {self.size} elements)"
    cells = "".join(f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>"
                    f"{html.escape(v)}</td></tr>" for k, v in rows)
    return (f"<div class='ptensor-array'><b>ptensor array</b><table>{cells}</table>"
            f"<details open><summary>{html.escape(what)}</summary>"
            f"<pre>{html.escape(text)}</pre></details></div>")


# ------------------------------------------------------------ installation ----

def install():
    """The conveniences on Array and DArray (called once, by the namespace)."""
    for cls in (Array, DArray):
        for name, fn in METHODS.items():
            setattr(cls, name, fn)
        for name, fn in PROPERTIES.items():
            setattr(cls, name, property(fn, doc=fn.__doc__))
        cls.__reduce__ = _reduce
        cls.__copy__ = _copy
        cls.__deepcopy__ = _deepcopy
        cls.__array_ufunc__ = _array_ufunc
        cls.__array_function__ = _array_function
        cls._repr_html_ = _repr_html


__all__ = ["install", "METHODS", "UFUNCS", "FUNCTIONS", "NUMPY_NAMES", "NumpyFallbackWarning",
           "NumpyFallbackError", "set_numpy_fallback", "FALLBACKS"]

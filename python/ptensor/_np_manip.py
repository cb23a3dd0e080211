"""NumPy's array manipulation and creation routines beyond the array API (numpy's sections 'Array creation' and 'Array manipulation'), composed of the namespace's functions.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions (``pt.sum``, ``pt.concat``, ...) so that it is recorded, fused,
distributed and run on devices as they are.

Choices written down (NumPy differs): results NumPy gives as views are views here where they
are indexing (basic slices, None, reversed steps: atleast_*d, split and its kin, fliplr,
flipud, rot90 by 0 or 2 turns, trim_zeros, array(..., copy=False) of a ptensor array);
elsewhere (transpose, swapaxes, rollaxis, ravel, diagonal, rot90 by 1 or 3 turns) they are
new arrays: writes to them do not reach the input. ptensor arrays are C-ordered: ``order``
is accepted and changes no value (ravel's order='F' reads in column-major order). float16
data become float32 (ptensor has no float16). Index arguments given as Python or NumPy
integers (split points, insert/delete positions) are read on the host; index arrays given as
ptensor arrays are read there too where NumPy's result shape depends on them."""
from __future__ import annotations

import inspect
import math
import operator
import warnings

import numpy as np

from . import _dtypes as dt
from ._np_args import as_array as _arr, is_array as _ours
from ._upcalls import namespace as pt

__all__: list[str] = [
    "copyto", "array", "asanyarray", "ascontiguousarray", "asarray_chkfinite", "copy", "identity",
    "fromfunction", "logspace", "geomspace", "indices", "tri", "diagflat", "vander", "mgrid",
    "ogrid", "transpose", "swapaxes", "rollaxis", "ravel", "atleast_1d", "atleast_2d",
    "atleast_3d", "hstack", "vstack", "row_stack", "dstack", "column_stack", "concatenate",
    "split", "array_split", "hsplit", "vsplit", "dsplit", "block", "insert", "delete",
    "append", "resize", "rot90", "fliplr", "flipud", "trim_zeros", "diag", "diagonal",
    "trace", "cumsum", "cumprod", "shape", "ndim", "size", "put_along_axis", "ix_",
    "unravel_index", "ravel_multi_index", "tril_indices", "triu_indices", "diag_indices",
    "tril_indices_from", "triu_indices_from", "diag_indices_from",
]

_ORDERS = ("K", "A", "C", "F", None)
_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


# ---------------------------------------------------------------- helpers ----





def _int(v, name, argname):
    if isinstance(v, bool) or isinstance(v, float):
        raise TypeError(f"{name}: {argname} must be an integer, got {type(v).__name__}")
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{name}: {argname} must be an integer, got {type(v).__name__}") \
            from None


def _axis(axis, ndim, name, argname="axis"):
    """axis normalized into [0, ndim): AxisError (NumPy's) naming the function."""
    a = _int(axis, name, argname)
    if not -ndim <= a < ndim:
        raise np.exceptions.AxisError(a, ndim, name if argname == "axis" else
                                      f"{name}: {argname}")
    return a % ndim if ndim else 0


def _dims(shape, name, argname="shape"):
    """A shape argument (an int or a sequence of ints) as a tuple of ints."""
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        return (int(shape),)
    try:
        return tuple(_int(d, name, argname) for d in shape)
    except TypeError:
        raise TypeError(f"{name}: {argname} must be an int or a sequence of ints, got "
                        f"{shape!r}") from None


def _at(x, axis, item):
    """x indexed by item along axis (a view for slices)."""
    return x[(slice(None),) * axis + (item,)]


def _no_like(like, name):
    if like is not None:
        raise TypeError(f"{name}: like= is not supported (ptensor makes ptensor arrays)")


def _check_order(order, name):
    if order not in _ORDERS:
        raise ValueError(f"{name}: order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")


def _to_dtype(dtype, name):
    try:
        return dt.to_dtype(dtype)
    except TypeError as e:
        raise TypeError(f"{name}: {e}") from None


def _astype(x, d):
    return x if x.dtype == d else pt.astype(x, d)


def _zero_of(d):
    return False if d == dt.bool_ else 0


def _out(r, out, name):
    """r written into out (a ptensor array of r's shape) and out returned; r when out is None."""
    if out is None:
        return r
    if not _ours(out):
        raise TypeError(f"{name}: out must be a ptensor array, got {type(out).__name__}")
    if tuple(out.shape) != tuple(r.shape):
        raise ValueError(f"{name}: output array has the wrong shape {tuple(out.shape)} "
                         f"(the result's is {tuple(r.shape)})")
    out[...] = _astype(r, out.dtype)
    return out


def _sequence(tup, name):
    """The arrays of a stacking function's sequence argument (a list, tuple or array)."""
    if _ours(tup):
        return [tup[i] for i in range(tup.shape[0])] if tup.ndim else [tup]
    if isinstance(tup, np.ndarray):
        return list(tup) if tup.ndim else [tup]
    if not isinstance(tup, (list, tuple)):
        raise TypeError(f'{name}: arrays to stack must be passed as a "sequence" type such as '
                        "list or tuple.")
    if len(tup) == 0:
        raise ValueError(f"{name}: need at least one array to concatenate")
    return list(tup)


def _contains_ours(obj):
    if _ours(obj):
        return True
    if isinstance(obj, (list, tuple)):
        return any(_contains_ours(e) for e in obj)
    return False


def _nested(obj, name):
    """Nested lists/tuples holding ptensor arrays: stacked by ptensor (never through NumPy)."""
    if _ours(obj):
        return obj
    if isinstance(obj, (list, tuple)):
        if len(obj) == 0:
            return _arr(obj, name)
        parts = [_nested(e, name) for e in obj]
        try:
            return pt.stack(parts, axis=0)
        except ValueError:
            raise ValueError(f"{name}: setting an array element with a sequence. The "
                             "requested array has an inhomogeneous shape") from None
    return _arr(obj, name)


def _index_values(obj, name):
    """An index argument (int, sequence, NumPy or ptensor array) as a NumPy array of its
    values (host data: index arguments only)."""
    return np.asarray(obj)


def _bounds(*arrays):
    """min and max of each array, read in one go: a list [min0, max0, min1, max1, ...]."""
    parts = []
    for a in arrays:
        parts += [pt.min(a), pt.max(a)]
    return [int(v) for v in pt.stack(parts).tolist()]


# --------------------------------------------------------------- creation ----

def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, ndmax=0,
          like=None):
    """Create an array.

    As numpy.array, with ptensor's ``asarray`` underneath: a ptensor array from an array, nested
    sequences or a scalar. ``copy=True`` always copies, ``None`` copies only when needed,
    ``False`` raises ValueError when a copy is needed (always for Python sequences and scalars).
    Nested sequences holding ptensor arrays are stacked by ptensor.

    Parameters
    ----------
    object : Array or array_like
        The data.
    dtype : dtype, optional
        The result dtype (default: inferred as NumPy does).
    copy : bool or None, optional
        Copy behaviour, as above.
    order : {'K', 'A', 'C', 'F'}, optional
        Accepted; ptensor arrays are C-ordered.
    subok : bool, optional
        Ignored (ptensor has no array subclasses).
    ndmin : int, optional
        Prepend axes of size 1 up to this number of dimensions.
    ndmax : int, optional
        Limit on the depth read from nested sequences (the result must still have a numeric
        dtype).
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        The new array.

    Notes
    -----
    float16 data become float32.

    See Also
    --------
    asarray : Convert without copying when possible.

    Examples
    --------
    >>> pt.array([1, 2, 3])
    Array([1, 2, 3])
    >>> pt.array([1, 2], dtype=pt.float32)
    Array([1., 2.], dtype=float32)
    >>> pt.array(5, ndmin=2)
    Array([[5]])
    """
    _no_like(like, "array")
    _check_order(order, "array")
    ndmin = _int(ndmin, "array", "ndmin")
    if ndmin > 64:
        raise ValueError(f"array: ndmin bigger than allowable number of dimensions {64}")
    if copy is not None:
        copy = bool(copy)
    d = None if dtype is None else _to_dtype(dtype, "array")
    if not _ours(object) and _contains_ours(object):
        if copy is False:
            raise ValueError("array: unable to avoid copy while creating an array as requested")
        x = _nested(object, "array")
        x = x if d is None else _astype(x, d)
    else:
        if not _ours(object) and not isinstance(object, np.ndarray):
            if copy is False:
                raise ValueError("array: unable to avoid copy while creating an array as "
                                 "requested")
            if ndmax:
                try:
                    object = np.array(object, copy=None, ndmax=ndmax)
                except (TypeError, ValueError) as e:
                    raise type(e)(f"array: {e}") from None
            copy = None  # converting a Python value makes a new array already
        try:
            x = pt.asarray(object, dtype=d, copy=copy)
        except (TypeError, ValueError) as e:
            msg = str(e)
            raise type(e)(msg if msg.startswith("array") else f"array: {msg}") from None
    if x.ndim < ndmin:
        x = x[(None,) * (ndmin - x.ndim) + (Ellipsis,)]
    return x


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Convert the input to an array.

    As numpy.asanyarray: ``array(a, dtype, copy=copy)`` (ptensor has no array subclasses); a
    ptensor array without a dtype change is returned as it is.

    Parameters
    ----------
    a : Array or array_like
        The data.
    dtype : dtype, optional
        The result dtype.
    order : str, optional
        Accepted; ptensor arrays are C-ordered.
    device : optional
        Accepted for array-API compatibility.
    copy : bool or None, optional
        As in ``array`` (default None: copy only when needed).
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        ``a`` as a ptensor array.

    See Also
    --------
    asarray, array

    Examples
    --------
    >>> x = pt.asarray([1, 2])
    >>> pt.asanyarray(x) is x
    True
    >>> pt.asanyarray([1.5, 2])
    Array([1.5, 2. ])
    """
    _no_like(like, "asanyarray")
    _check_order(order, "asanyarray")
    if _ours(a) and copy is not True and (dtype is None or _to_dtype(dtype, "asanyarray")
                                           == a.dtype):
        r = a
    else:
        r = array(a, dtype, copy=copy, order=order or "K")
    return r if device is None else pt.asarray(r, device=device)


def ascontiguousarray(a, dtype=None, *, like=None):
    """Return a contiguous array (ndim >= 1).

    As numpy.ascontiguousarray: every ptensor array is C-contiguous, so a ptensor array already of
    ``dtype`` is returned as it is, and a 0-d one as a 1-element view.

    Parameters
    ----------
    a : Array or array_like
        The data.
    dtype : dtype, optional
        The result dtype.
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        ``a`` with at least one dimension.

    See Also
    --------
    asfortranarray, asarray

    Examples
    --------
    >>> pt.ascontiguousarray(pt.asarray(3.0))
    Array([3.])
    """
    _no_like(like, "ascontiguousarray")
    x = asanyarray(a, dtype)
    return x[None] if x.ndim == 0 else x


def asarray_chkfinite(a, dtype=None, order=None):
    """Convert the input to an array, checking for NaNs or Infs.

    As numpy.asarray_chkfinite: ``asanyarray(a, dtype)``, then ValueError when it holds an
    infinity or a NaN. The check reads one boolean, so the values are computed.

    Parameters
    ----------
    a : Array or array_like
        The data.
    dtype : dtype, optional
        The result dtype.
    order : str, optional
        Accepted; ptensor arrays are C-ordered.

    Returns
    -------
    Array
        ``a`` as a ptensor array.

    See Also
    --------
    asarray, isfinite

    Examples
    --------
    >>> pt.asarray_chkfinite([1., 2.])
    Array([1., 2.])
    >>> pt.asarray_chkfinite([1., np.nan])
    Traceback (most recent call last):
        ...
    ValueError: asarray_chkfinite: array must not contain infs or NaNs
    """
    x = asanyarray(a, dtype, order)
    if dt.is_inexact(x.dtype) and x.size and not bool(pt.all(pt.isfinite(x))):
        raise ValueError("asarray_chkfinite: array must not contain infs or NaNs")
    return x


def copy(a, order="K", subok=False):
    """Return an array copy of the given object.

    As numpy.copy: a new ptensor array with ``a``'s values and dtype.

    Parameters
    ----------
    a : Array or array_like
        The data.
    order : str, optional
        Accepted; ptensor arrays are C-ordered.
    subok : bool, optional
        Ignored (ptensor has no array subclasses).

    Returns
    -------
    Array
        The copy.

    See Also
    --------
    array, copyto

    Examples
    --------
    >>> x = pt.asarray([1, 2])
    >>> y = pt.copy(x)
    >>> y
    Array([1, 2])
    >>> y is x
    False
    """
    return array(a, copy=True, order=order)


def identity(n, dtype=None, *, like=None):
    """Return the identity array.

    As numpy.identity: the ``n`` x ``n`` array with ones on the main diagonal and zeros elsewhere
    (default dtype float64).

    Parameters
    ----------
    n : int
        The number of rows and columns.
    dtype : dtype, optional
        The result dtype.
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        The identity matrix.

    See Also
    --------
    eye : Ones on any diagonal of an N x M array.

    Examples
    --------
    >>> pt.identity(2)
    Array([[1., 0.],
           [0., 1.]])
    >>> pt.identity(2, dtype=int)
    Array([[1, 0],
           [0, 1]])
    """
    _no_like(like, "identity")
    n = _int(n, "identity", "n")
    if n < 0:
        raise ValueError("identity: negative dimensions are not allowed")
    return pt.eye(n, dtype=dt.float64 if dtype is None else _to_dtype(dtype, "identity"))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """Construct an array by executing a function over each coordinate.

    As numpy.fromfunction: ``function(*idx, **kwargs)`` is called once, ``idx`` being the index
    arrays of ``shape`` (as ``indices(shape, dtype)``); whatever it returns is returned.

    Parameters
    ----------
    function : callable
        Called with one array of indices per dimension.
    shape : tuple of ints
        The shape of the index arrays.
    dtype : dtype, optional
        The dtype of the index arrays (default float64).
    like : None
        Accepted for NumPy compatibility; only None is supported.
    **kwargs
        Passed on to ``function``.

    Returns
    -------
    object
        The result of ``function``.

    See Also
    --------
    indices : The index arrays.

    Examples
    --------
    >>> pt.fromfunction(lambda i, j: i + j, (2, 3), dtype=int)
    Array([[0, 1, 2],
           [1, 2, 3]])
    >>> pt.fromfunction(lambda i, j: i == j, (2, 2))
    Array([[ True, False],
           [False,  True]])
    """
    _no_like(like, "fromfunction")
    grids = indices(shape, dtype=dtype)
    return function(*[grids[i] for i in range(grids.shape[0])], **kwargs)


def _num(num, name):
    n = _int(num, name, "num")
    if n < 0:
        raise ValueError(f"{name}: Number of samples, {n}, must be non-negative.")
    return n


def _spaced(start, stop, num, endpoint, name):
    """num evenly spaced values from start to stop (broadcast ptensor arrays of one inexact
    dtype) along a new first axis; the last one exactly stop when endpoint."""
    shape = tuple(np.broadcast_shapes(tuple(start.shape), tuple(stop.shape)))
    d = start.dtype
    div = num - 1 if endpoint else num
    steps = pt.reshape(pt.arange(num, dtype=d), (num,) + (1,) * len(shape))
    delta = stop - start
    if div > 0:
        y = steps * (delta / div) + start
    else:
        y = steps * delta + start
    y = pt.broadcast_to(y, (num,) + shape)
    if endpoint and num > 1:
        last = pt.reshape(pt.arange(num) == num - 1, (num,) + (1,) * len(shape))
        y = pt.where(last, pt.broadcast_to(stop, shape), y)
    return y


def _space_args(start, stop, name, extra=()):
    s, t = _arr(start, name), _arr(stop, name)
    # Python numbers are weak (NumPy's rule): a float32 start with stop=2 stays float32
    weak = [v if isinstance(v, (bool, int, float, complex)) else x.dtype.np
            for v, x in ((start, s), (stop, t))]
    d = dt.to_dtype(np.result_type(*weak, *extra, 1.0))
    try:
        shape = np.broadcast_shapes(tuple(s.shape), tuple(t.shape))
    except ValueError:
        raise ValueError(f"{name}: start and stop do not broadcast: shapes {tuple(s.shape)} "
                         f"and {tuple(t.shape)}") from None
    return _astype(s, d), _astype(t, d), tuple(shape)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Return numbers spaced evenly on a log scale.

    As numpy.logspace: ``base ** y`` where ``y`` holds ``num`` values evenly spaced from
    ``start`` to ``stop`` (``stop`` excluded when ``endpoint`` is False). ``start``, ``stop`` and
    ``base`` may be arrays (broadcast; the samples lie along ``axis``). The dtype is float64 unless
    the inputs are of another inexact dtype, or ``dtype``.

    Parameters
    ----------
    start, stop : float or Array or array_like
        The exponents of the first and last values.
    num : int, optional
        The number of samples (default 50).
    endpoint : bool, optional
        Include ``base ** stop`` (default True).
    base : float or Array or array_like, optional
        The base (default 10.0).
    dtype : dtype, optional
        The result dtype.
    axis : int, optional
        The axis of the samples when the bounds are arrays.

    Returns
    -------
    Array
        The ``num`` samples.

    See Also
    --------
    geomspace : Bounds given as values, not exponents.
    linspace : Evenly spaced numbers.

    Examples
    --------
    >>> pt.logspace(0, 3, 4)
    Array([   1.,   10.,  100., 1000.])
    >>> pt.logspace(0, 3, 4, base=2)
    Array([1., 2., 4., 8.])
    """
    num = _num(num, "logspace")
    s, t, shape = _space_args(start, stop, "logspace")
    if isinstance(base, (int, float)) and not isinstance(base, bool):
        y = _spaced(s, t, num, endpoint, "logspace")
        ax = _axis(axis, y.ndim, "logspace")
        if ax:
            y = pt.moveaxis(y, 0, ax)
        r = base ** y
    else:
        b = _arr(base, "logspace")
        nd = max(len(shape), b.ndim)
        full = tuple(np.broadcast_shapes(shape, tuple(b.shape)))
        s, t = pt.broadcast_to(s, full), pt.broadcast_to(t, full)
        y = _spaced(s, t, num, endpoint, "logspace")
        ax = _axis(axis, y.ndim, "logspace")
        if ax:
            y = pt.moveaxis(y, 0, ax)
        b = b[(None,) * (nd - b.ndim) + (Ellipsis,)] if b.ndim < nd else b
        r = pt.pow(_at(b, ax, None), y)
    return r if dtype is None else _astype(r, _to_dtype(dtype, "logspace"))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Return numbers spaced evenly on a log scale (a geometric progression).

    As numpy.geomspace: ``num`` values from ``start`` to ``stop``, each a constant multiple of
    the one before, ``start`` and ``stop`` exactly. Negative bounds give negative values, complex
    ones points on the spiral between them. The dtype is float64 unless the inputs are of
    another inexact dtype, or ``dtype``.

    Parameters
    ----------
    start, stop : float or Array or array_like
        The first and last values (not zero).
    num : int, optional
        The number of samples (default 50).
    endpoint : bool, optional
        Include ``stop`` (default True).
    dtype : dtype, optional
        The result dtype.
    axis : int, optional
        The axis of the samples when the bounds are arrays.

    Returns
    -------
    Array
        The ``num`` samples.

    Notes
    -----
    Raises ValueError when a bound is zero (checking this reads one boolean, so the bounds are
    computed).

    See Also
    --------
    logspace : Bounds given as exponents.
    linspace : Evenly spaced numbers.

    Examples
    --------
    >>> pt.geomspace(1, 1000, 4)
    Array([   1.,   10.,  100., 1000.])
    >>> pt.geomspace(-1, -8, 4)
    Array([-1., -2., -4., -8.])
    """
    num = _num(num, "geomspace")
    want = None if dtype is None else _to_dtype(dtype, "geomspace")
    s, t, shape = _space_args(start, stop, "geomspace",
                              (np.float64 if want is None else want.np,))
    if bool(pt.any(s == 0)) or bool(pt.any(t == 0)):
        raise ValueError("geomspace: Geometric sequence cannot include zero")
    d = s.dtype
    sign = pt.sign(s)
    s = s / sign
    t = t / sign
    r = logspace(pt.log10(s), pt.log10(t), num, endpoint, base=10.0, dtype=d)
    if num > 0:
        pos = pt.reshape(pt.arange(num), (num,) + (1,) * len(shape))
        r = pt.where(pos == 0, pt.broadcast_to(s, shape), r)
        if num > 1 and endpoint:
            r = pt.where(pos == num - 1, pt.broadcast_to(t, shape), r)
    r = r * sign
    ax = _axis(axis, r.ndim, "geomspace")
    if ax:
        r = pt.moveaxis(r, 0, ax)
    return r if want is None else _astype(r, want)


def indices(dimensions, dtype=int, sparse=False):
    """Return an array representing the indices of a grid.

    As numpy.indices: for ``dimensions`` of length k, one array of shape ``(k, *dimensions)`` whose
    i-th entry holds the i-th index of each position; with ``sparse=True`` a tuple of k arrays
    broadcastable to ``dimensions``. The dtype is ``dtype`` (default int64).

    Parameters
    ----------
    dimensions : sequence of ints
        The shape of the grid.
    dtype : dtype, optional
        The result dtype.
    sparse : bool, optional
        Return the open (sparse) grids.

    Returns
    -------
    Array or tuple of Array
        The index grids.

    See Also
    --------
    mgrid, ogrid : Grids from slices.
    fromfunction : Evaluate a function on the index grids.

    Examples
    --------
    >>> g = pt.indices((2, 3))
    >>> g.shape
    (2, 2, 3)
    >>> g[0]
    Array([[0, 0, 0],
           [1, 1, 1]])
    >>> pt.indices((2, 3), sparse=True)
    (Array([[0],
           [1]]), Array([[0, 1, 2]]))
    """
    dims = _dims(dimensions, "indices", "dimensions")
    if any(n < 0 for n in dims):
        raise ValueError("indices: negative dimensions are not allowed")
    d = _to_dtype(dtype, "indices")
    k = len(dims)
    grids = []
    for i, n in enumerate(dims):
        g = pt.reshape(pt.arange(n, dtype=d), (1,) * i + (n,) + (1,) * (k - i - 1))
        grids.append(g if sparse else pt.broadcast_to(g, dims))
    if sparse:
        return tuple(grids)
    if not grids:
        return pt.zeros((0,), dtype=d)
    return pt.stack(grids, axis=0)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    """An array with ones at and below the given diagonal and zeros elsewhere.

    As numpy.tri: ``N`` x ``M`` (``M`` defaults to ``N``), ones where ``j <= i + k``; default
    dtype float64.

    Parameters
    ----------
    N : int
        The number of rows.
    M : int, optional
        The number of columns.
    k : int, optional
        The diagonal at and below which the array is filled (0 the main one, > 0 above).
    dtype : dtype, optional
        The result dtype.
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        The ``N`` x ``M`` array.

    See Also
    --------
    tril : Lower triangle of an array.
    triu : Upper triangle of an array.

    Examples
    --------
    >>> pt.tri(3)
    Array([[1., 0., 0.],
           [1., 1., 0.],
           [1., 1., 1.]])
    >>> pt.tri(2, 3, k=1, dtype=int)
    Array([[1, 1, 0],
           [1, 1, 1]])
    """
    _no_like(like, "tri")
    n = max(_int(N, "tri", "N"), 0)
    m = n if M is None else max(_int(M, "tri", "M"), 0)
    k = _int(k, "tri", "k")
    mask = pt.reshape(pt.arange(n), (n, 1)) + k >= pt.reshape(pt.arange(m), (1, m))
    return _astype(mask, _to_dtype(dtype, "tri"))


def diag(v, k=0):
    """Extract a diagonal or build a diagonal array.

    As numpy.diag: for a 1-D ``v``, a 2-D array with ``v`` on its ``k``-th diagonal and zeros
    elsewhere; for a 2-D ``v``, its ``k``-th diagonal. The dtype is ``v``'s. The result is a new
    array (NumPy's extracted diagonal is a read-only view).

    Parameters
    ----------
    v : Array or array_like
        A 1-D or 2-D array.
    k : int, optional
        The diagonal: 0 the main one, > 0 above it, < 0 below it.

    Returns
    -------
    Array
        The 2-D array, or the 1-D diagonal.

    Notes
    -----
    Raises ValueError when ``v`` is not 1-D or 2-D.

    See Also
    --------
    diagonal : Diagonals of any array.
    diagflat : Build from a flattened input.
    trace : Sum along a diagonal.

    Examples
    --------
    >>> pt.diag(pt.asarray([1, 2]), k=1)
    Array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]])
    >>> pt.diag(pt.arange(9).reshape(3, 3))
    Array([0, 4, 8])
    """
    x = _arr(v, "diag")
    k = _int(k, "diag", "k")
    if x.ndim == 2:
        return diagonal(x, k)
    if x.ndim != 1:
        raise ValueError("diag: Input must be 1- or 2-d.")
    n = x.shape[0]
    m = n + abs(k)
    pad = pt.concat([x, pt.zeros((abs(k),), dtype=x.dtype)]) if k else x
    vals = pt.reshape(pad, (m, 1) if k >= 0 else (1, m))
    return pt.where(pt.eye(m, k=k, dtype=dt.bool_), vals, _zero_of(x.dtype))


def diagflat(v, k=0):
    """Create a 2-D array with the flattened input as a diagonal.

    As numpy.diagflat: ``v`` flattened and placed on the ``k``-th diagonal of a square array,
    zeros elsewhere; the dtype is ``v``'s.

    Parameters
    ----------
    v : Array or array_like
        The values of the diagonal (flattened).
    k : int, optional
        The diagonal: 0 the main one, > 0 above it, < 0 below it.

    Returns
    -------
    Array
        The 2-D array.

    See Also
    --------
    diag : The same for 1-D input, or extract a diagonal.

    Examples
    --------
    >>> pt.diagflat([[1, 2], [3, 4]])
    Array([[1, 0, 0, 0],
           [0, 2, 0, 0],
           [0, 0, 3, 0],
           [0, 0, 0, 4]])
    """
    return diag(pt.reshape(_arr(v, "diagflat"), (-1,)), k)


def vander(x, N=None, increasing=False):
    """Generate a Vandermonde matrix.

    As numpy.vander: for the 1-D ``x``, the columns ``x**(N-1), ..., x**1, x**0`` (reversed when
    ``increasing``), ``N`` defaulting to ``len(x)``. The dtype is ``x``'s promoted with int64;
    the powers are running products, as NumPy computes them.

    Parameters
    ----------
    x : Array or array_like
        A 1-D array.
    N : int, optional
        The number of columns.
    increasing : bool, optional
        Powers increasing from left to right (default False).

    Returns
    -------
    Array
        The ``len(x)`` x ``N`` matrix.

    Notes
    -----
    Raises ValueError when ``x`` is not 1-D or ``N`` is negative.

    See Also
    --------
    polyval : Evaluate a polynomial.

    Examples
    --------
    >>> pt.vander(pt.asarray([1, 2, 3]))
    Array([[1, 1, 1],
           [4, 2, 1],
           [9, 3, 1]])
    >>> pt.vander(pt.asarray([1, 2, 3]), 2, increasing=True)
    Array([[1, 1],
           [1, 2],
           [1, 3]])
    """
    v = _arr(x, "vander")
    if v.ndim != 1:
        raise ValueError("vander: x must be a one-dimensional array or sequence.")
    n = v.shape[0]
    N = n if N is None else _int(N, "vander", "N")
    if N < 0:
        raise ValueError("vander: negative dimensions are not allowed")
    d = dt.to_dtype(np.promote_types(v.dtype.np, np.int64))
    if N == 0:
        return pt.zeros((n, 0), dtype=d)
    col = pt.reshape(_astype(v, d), (n, 1))
    m = pt.ones((n, 1), dtype=d)
    if N > 1:
        m = pt.concat([m, pt.broadcast_to(col, (n, N - 1))], axis=1)
        m = pt.cumulative_prod(m, axis=1)
    return m if increasing else pt.flip(m, axis=1)


class _Grid:
    """Index tricks building mesh grids: ``mgrid`` (dense) and ``ogrid`` (open).

    As numpy.mgrid and numpy.ogrid: ``grid[start:stop:step, ...]`` gives the grids of the
    slices' ranges, as ``arange`` would give them; a complex step ``nj`` means ``n`` points from
    ``start`` to ``stop``, both included, as ``linspace``. ``mgrid`` returns one dense array of
    shape ``(number of slices, *lengths)``; ``ogrid`` returns a tuple of arrays, each with one
    non-unit dimension, that broadcast against each other.

    Returns
    -------
    Array or tuple of Array
        The dense grids (``mgrid``) or the open ones (``ogrid``); a single slice gives one 1-D
        array.

    See Also
    --------
    indices : Grids of the indices of a shape.
    meshgrid : Grids from coordinate vectors.

    Examples
    --------
    >>> pt.mgrid[0:2, 0:3].shape
    (2, 2, 3)
    >>> pt.mgrid[0:2, 0:3][1]
    Array([[0, 1, 2],
           [0, 1, 2]])
    >>> pt.ogrid[0:2, 0:3]
    (Array([[0],
           [1]]), Array([[0, 1, 2]]))
    >>> pt.mgrid[0:1:5j]
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    """

    def __init__(self, sparse):
        self._sparse = sparse

    def __repr__(self):
        return "ptensor.ogrid" if self._sparse else "ptensor.mgrid"

    def __getitem__(self, key):
        name = "ogrid" if self._sparse else "mgrid"
        if isinstance(key, slice):
            return self._one(key, name)
        if not isinstance(key, tuple) or not all(isinstance(k, slice) for k in key):
            raise TypeError(f"{name}: index with slices (start:stop:step), got {key!r}")
        vals = [v for k in key for v in (k.start, k.stop, k.step)]
        floats = any(isinstance(v, (float, complex, np.floating, np.complexfloating))
                     for v in vals)
        d = dt.float64 if floats else dt.int64
        sizes, starts, steps = [], [], []
        for k in key:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if isinstance(step, (complex, np.complexfloating)):
                n = int(abs(step))
                step = (k.stop - start) / float(n - 1) if n != 1 else 1
            else:
                if step == 0:
                    raise ValueError(f"{name}: slice step cannot be zero")
                n = int(math.ceil((k.stop - start) / step))
            sizes.append(max(n, 0))
            starts.append(start)
            steps.append(step)
        m = len(key)
        grids = []
        for i, (n, start, step) in enumerate(zip(sizes, starts, steps)):
            g = pt.arange(n, dtype=d) * step + start
            g = pt.reshape(_astype(g, d), (1,) * i + (n,) + (1,) * (m - i - 1))
            grids.append(g if self._sparse else pt.broadcast_to(g, tuple(sizes)))
        if self._sparse:
            return tuple(grids)
        return pt.stack(grids, axis=0)

    @staticmethod
    def _one(k, name):
        start = 0 if k.start is None else k.start
        step = 1 if k.step is None else k.step
        if isinstance(step, (complex, np.complexfloating)):
            n = int(abs(step))
            step = (k.stop - start) / float(n - 1) if n != 1 else 1
            return pt.arange(n, dtype=dt.float64) * step + start
        if step == 0:
            raise ValueError(f"{name}: slice step cannot be zero")
        return pt.arange(start, k.stop, step)


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


# ----------------------------------------------------------- manipulation ----

def transpose(a, axes=None):
    """Return ``a`` with its axes reversed or permuted.

    As numpy.transpose: with ``axes=None`` the order of the axes is reversed, otherwise axis
    ``i`` of the result is axis ``axes[i]`` of ``a`` (negative axes count from the end). The dtype
    is kept. The result is a new (lazy) array, not a view as in NumPy.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axes : tuple or list of ints, optional
        A permutation of ``range(a.ndim)``.

    Returns
    -------
    Array
        ``a`` with its axes permuted.

    Notes
    -----
    Raises ValueError when ``axes`` does not name every axis once, AxisError for an axis out of
    range.

    See Also
    --------
    swapaxes : Interchange two axes.
    rollaxis : Move one axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.transpose(x)
    Array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> pt.transpose(pt.ones((1, 2, 3)), (1, 0, 2)).shape
    (2, 1, 3)
    """
    x = _arr(a, "transpose")
    if axes is None:
        return pt.permute_dims(x, tuple(range(x.ndim))[::-1])
    axes = tuple(axes) if isinstance(axes, (tuple, list, np.ndarray)) else (axes,)
    if len(axes) != x.ndim:
        raise ValueError("transpose: axes don't match array")
    perm = tuple(_axis(a_, x.ndim, "transpose") for a_ in axes)
    if len(set(perm)) != len(perm):
        raise ValueError("transpose: repeated axis in transpose")
    return pt.permute_dims(x, perm)


def swapaxes(a, axis1, axis2):
    """Return ``a`` with two axes interchanged.

    As numpy.swapaxes (negative axes count from the end). The dtype is kept. The result is a new
    (lazy) array, not a view as in NumPy.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis1, axis2 : int
        The axes to interchange.

    Returns
    -------
    Array
        ``a`` with ``axis1`` and ``axis2`` swapped.

    See Also
    --------
    transpose : Permute all axes.
    moveaxis : Move axes to new positions.

    Examples
    --------
    >>> pt.swapaxes(pt.asarray([[1, 2, 3]]), 0, 1)
    Array([[1],
           [2],
           [3]])
    """
    x = _arr(a, "swapaxes")
    a1 = _axis(axis1, x.ndim, "swapaxes", "axis1")
    a2 = _axis(axis2, x.ndim, "swapaxes", "axis2")
    perm = list(range(x.ndim))
    perm[a1], perm[a2] = perm[a2], perm[a1]
    return pt.permute_dims(x, tuple(perm))


def rollaxis(a, axis, start=0):
    """Roll the specified axis backwards, until it lies in a given position.

    As numpy.rollaxis: ``axis`` is moved to lie before position ``start``. The result is a new
    (lazy) array, or a view (``a[...]``) when nothing moves.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int
        The axis to move.
    start : int, optional
        The position it is moved before (default 0).

    Returns
    -------
    Array
        ``a`` with the axis moved.

    Notes
    -----
    Raises AxisError when ``start`` is not in ``[-ndim, ndim]``.

    See Also
    --------
    moveaxis : The recommended way to move axes.

    Examples
    --------
    >>> pt.rollaxis(pt.ones((2, 3, 4)), 2).shape
    (4, 2, 3)
    >>> pt.rollaxis(pt.ones((2, 3, 4)), 0, 2).shape
    (3, 2, 4)
    """
    x = _arr(a, "rollaxis")
    n = x.ndim
    ax = _axis(axis, n, "rollaxis")
    s = _int(start, "rollaxis", "start")
    if s < 0:
        s += n
    if not 0 <= s < n + 1:
        raise np.exceptions.AxisError(f"rollaxis: 'start' arg requires {-n} <= start < {n + 1}, "
                                      f"but {_int(start, 'rollaxis', 'start')} was passed in")
    if ax < s:
        s -= 1
    if ax == s:
        return x[...]
    order = [i for i in range(n) if i != ax]
    order.insert(s, ax)
    return pt.permute_dims(x, tuple(order))


def ravel(a, order="C"):
    """Return ``a`` flattened to one dimension.

    As numpy.ravel: ``order='C'`` reads in row-major order, ``'F'`` in column-major order;
    ``'A'`` and ``'K'`` read a NumPy array that is Fortran-contiguous only in column-major order
    and everything else in row-major order (ptensor arrays are C-ordered). The dtype is kept. The
    result is a new (lazy) array, not a view as NumPy's may be.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    order : {'C', 'F', 'A', 'K'}, optional
        The order the elements are read in.

    Returns
    -------
    Array
        A 1-D array of ``a.size`` elements.

    See Also
    --------
    reshape : Give an array a new shape.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.ravel(x)
    Array([1, 2, 3, 4, 5, 6])
    >>> pt.ravel(x, order="F")
    Array([1, 4, 2, 5, 3, 6])
    """
    _check_order(order, "ravel")
    fortran = order == "F" or (order in ("A", "K") and isinstance(a, np.ndarray)
                               and a.flags.f_contiguous and not a.flags.c_contiguous)
    x = _arr(a, "ravel")
    if fortran and x.ndim > 1:
        x = pt.permute_dims(x, tuple(range(x.ndim))[::-1])
    return pt.reshape(x, (-1,))


def _atleast(arys, nd, name):
    out = []
    for a in arys:
        x = _arr(a, name)
        if x.ndim >= nd:
            out.append(x[...])
        elif nd == 1 or x.ndim == 0:
            out.append(x[(None,) * nd])
        elif nd == 2:  # (N,) -> (1, N)
            out.append(x[None, :])
        elif x.ndim == 1:  # (N,) -> (1, N, 1)
            out.append(x[None, :, None])
        else:  # (M, N) -> (M, N, 1)
            out.append(x[:, :, None])
    return out[0] if len(out) == 1 else tuple(out)


def atleast_1d(*arys):
    """View the inputs as arrays of at least one dimension.

    As numpy.atleast_1d: a 0-d input becomes shape (1,); arrays of higher dimension are returned
    as views. The dtype is kept.

    Parameters
    ----------
    *arys : Array or array_like
        The inputs.

    Returns
    -------
    Array or tuple of Array
        One array for one argument, a tuple for several.

    See Also
    --------
    atleast_2d, atleast_3d

    Examples
    --------
    >>> pt.atleast_1d(3)
    Array([3])
    >>> pt.atleast_1d(1, [2, 3])
    (Array([1]), Array([2, 3]))
    """
    return _atleast(arys, 1, "atleast_1d")


def atleast_2d(*arys):
    """View the inputs as arrays of at least two dimensions.

    As numpy.atleast_2d: a 0-d input becomes (1, 1), a 1-D one of length N becomes (1, N); the
    results are views with the inputs' dtype.

    Parameters
    ----------
    *arys : Array or array_like
        The inputs.

    Returns
    -------
    Array or tuple of Array
        One array for one argument, a tuple for several.

    See Also
    --------
    atleast_1d, atleast_3d

    Examples
    --------
    >>> pt.atleast_2d(pt.asarray([1, 2]))
    Array([[1, 2]])
    """
    return _atleast(arys, 2, "atleast_2d")


def atleast_3d(*arys):
    """View the inputs as arrays of at least three dimensions.

    As numpy.atleast_3d: a 0-d input becomes (1, 1, 1), (N,) becomes (1, N, 1) and (M, N)
    becomes (M, N, 1); the results are views with the inputs' dtype.

    Parameters
    ----------
    *arys : Array or array_like
        The inputs.

    Returns
    -------
    Array or tuple of Array
        One array for one argument, a tuple for several.

    See Also
    --------
    atleast_1d, atleast_2d

    Examples
    --------
    >>> pt.atleast_3d(pt.asarray([1, 2])).shape
    (1, 2, 1)
    >>> pt.atleast_3d(pt.ones((2, 3))).shape
    (2, 3, 1)
    """
    return _atleast(arys, 3, "atleast_3d")


def _listed(r):
    return list(r) if isinstance(r, tuple) else [r]


def hstack(tup, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays column-wise.

    As numpy.hstack: along axis 1, or along axis 0 when the arrays are 1-D (0-d arrays become
    1-D first). The result dtype is the arrays' common dtype or ``dtype``, checked against
    ``casting``.

    Parameters
    ----------
    tup : sequence of Array or array_like
        The arrays to join.
    dtype : dtype, optional
        The result dtype.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The casting allowed from the inputs to the result dtype.

    Returns
    -------
    Array
        The joined array.

    See Also
    --------
    concatenate : Join along an existing axis.
    vstack : Join row-wise.
    hsplit : Split column-wise.

    Examples
    --------
    >>> pt.hstack((pt.asarray([1, 2]), pt.asarray([3, 4])))
    Array([1, 2, 3, 4])
    >>> pt.hstack((pt.asarray([[1], [2]]), pt.asarray([[3], [4]])))
    Array([[1, 3],
           [2, 4]])
    """
    arrs = _listed(_atleast(_sequence(tup, "hstack"), 1, "hstack"))
    return _concatenate(arrs, 0 if arrs[0].ndim == 1 else 1, None, dtype, casting, "hstack")


def vstack(tup, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays row-wise.

    As numpy.vstack: along axis 0, after 1-D arrays of length N become (1, N) (and 0-d ones
    (1, 1)). The result dtype is the arrays' common dtype or ``dtype``, checked against
    ``casting``.

    Parameters
    ----------
    tup : sequence of Array or array_like
        The arrays to join.
    dtype : dtype, optional
        The result dtype.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The casting allowed from the inputs to the result dtype.

    Returns
    -------
    Array
        The joined array, at least 2-D.

    See Also
    --------
    concatenate : Join along an existing axis.
    hstack : Join column-wise.
    vsplit : Split row-wise.

    Examples
    --------
    >>> pt.vstack((pt.asarray([1, 2]), pt.asarray([3, 4])))
    Array([[1, 2],
           [3, 4]])
    """
    arrs = _listed(_atleast(_sequence(tup, "vstack"), 2, "vstack"))
    return _concatenate(arrs, 0, None, dtype, casting, "vstack")


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays row-wise (deprecated alias of ``vstack``).

    As numpy.row_stack in NumPy 2: emits a DeprecationWarning, then returns ``vstack(tup,
    dtype=dtype, casting=casting)``.

    Parameters
    ----------
    tup : sequence of Array or array_like
        The arrays to join.
    dtype : dtype, optional
        The result dtype.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The casting allowed from the inputs to the result dtype.

    Returns
    -------
    Array
        The joined array, at least 2-D.

    See Also
    --------
    vstack

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     pt.row_stack((pt.asarray([1, 2]), pt.asarray([3, 4])))
    Array([[1, 2],
           [3, 4]])
    """
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.",
                  DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    """Join a sequence of arrays depth-wise, along axis 2.

    As numpy.dstack: each array is made at least 3-D first (as ``atleast_3d``: (N,) becomes
    (1, N, 1), (M, N) becomes (M, N, 1)). The result dtype is the arrays' common dtype.

    Parameters
    ----------
    tup : sequence of Array or array_like
        The arrays to join.

    Returns
    -------
    Array
        The joined array, at least 3-D.

    See Also
    --------
    concatenate : Join along an existing axis.
    dsplit : Split depth-wise.

    Examples
    --------
    >>> pt.dstack((pt.asarray([1, 2]), pt.asarray([3, 4])))
    Array([[[1, 3],
            [2, 4]]])
    """
    arrs = _listed(_atleast(_sequence(tup, "dstack"), 3, "dstack"))
    return _concatenate(arrs, 2, None, None, "same_kind", "dstack")


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array.

    As numpy.column_stack: 1-D arrays become columns (N, 1), 2-D arrays are taken as they are,
    and all are joined along axis 1. The result dtype is the arrays' common dtype.

    Parameters
    ----------
    tup : sequence of Array or array_like
        The arrays to stack.

    Returns
    -------
    Array
        The 2-D joined array.

    See Also
    --------
    hstack : Join column-wise.
    stack : Join along a new axis.

    Examples
    --------
    >>> pt.column_stack((pt.asarray([1, 2]), pt.asarray([3, 4])))
    Array([[1, 3],
           [2, 4]])
    """
    arrs = []
    for a in _sequence(tup, "column_stack"):
        x = _arr(a, "column_stack")
        arrs.append(x[None, None] if x.ndim == 0 else x[:, None] if x.ndim == 1 else x)
    return _concatenate(arrs, 1, None, None, "same_kind", "column_stack")


def _concatenate(arrays, axis, out, dtype, casting, name):
    if out is not None and dtype is not None:
        raise TypeError(f"{name}: only takes `out` or `dtype` as an argument, but both were "
                        "provided.")
    if casting not in _CASTINGS:
        raise ValueError(f"{name}: casting must be one of 'no', 'equiv', 'safe', 'same_kind', "
                         f"or 'unsafe' (got {casting!r})")
    xs = [_arr(a, name) for a in arrays]
    if axis is None:
        xs = [pt.reshape(x, (-1,)) if x.ndim != 1 else x for x in xs]
        ax = 0
    else:
        nd = xs[0].ndim
        if nd == 0:
            raise ValueError(f"{name}: zero-dimensional arrays cannot be concatenated")
        ax = _axis(axis, nd, name)
        for i, x in enumerate(xs):
            if x.ndim != nd:
                raise ValueError(f"{name}: all the input arrays must have same number of "
                                 f"dimensions, but the array at index 0 has {nd} dimension(s) "
                                 f"and the array at index {i} has {x.ndim} dimension(s)")
            for j in range(nd):
                if j != ax and x.shape[j] != xs[0].shape[j]:
                    raise ValueError(f"{name}: all the input array dimensions except for the "
                                     "concatenation axis must match exactly, but along "
                                     f"dimension {j}, the array at index 0 has size "
                                     f"{xs[0].shape[j]} and the array at index {i} has size "
                                     f"{x.shape[j]}")
    rt = dt.result_type(*xs) if dtype is None else _to_dtype(dtype, name)
    for x in xs:
        if not np.can_cast(x.dtype.np, rt.np, casting):
            raise TypeError(f"{name}: Cannot cast array data from dtype('{x.dtype.np}') to "
                            f"dtype('{rt.np}') according to the rule '{casting}'")
    r = pt.concat([_astype(x, rt) for x in xs], axis=ax)
    if out is not None and _ours(out) and not np.can_cast(rt.np, out.dtype.np, casting):
        raise TypeError(f"{name}: Cannot cast array data from dtype('{rt.np}') to "
                        f"dtype('{out.dtype.np}') according to the rule '{casting}'")
    return _out(r, out, name)


def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays along an existing axis.

    As numpy.concatenate: the arrays must have the same shape except along ``axis``; with
    ``axis=None`` they are flattened first. The result dtype is the arrays' common dtype
    (``result_type``) or ``dtype``, each input checked against ``casting``.

    Parameters
    ----------
    arrays : sequence of Array or array_like
        The arrays to join.
    axis : int or None, optional
        The axis to join along (default 0).
    out : Array, optional
        A ptensor array of the result's shape, written and returned.
    dtype : dtype, optional
        The result dtype (not together with ``out``).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The casting allowed from the inputs to the result dtype.

    Returns
    -------
    Array
        The joined array (``out`` when given).

    Notes
    -----
    Raises ValueError for 0-d arrays or mismatched shapes, TypeError when a cast is not allowed
    by ``casting`` or when both ``out`` and ``dtype`` are given.

    See Also
    --------
    stack : Join along a new axis.
    hstack : Join column-wise.
    vstack : Join row-wise.

    Examples
    --------
    >>> a = pt.asarray([[1, 2], [3, 4]])
    >>> b = pt.asarray([[5, 6]])
    >>> pt.concatenate((a, b), axis=0)
    Array([[1, 2],
           [3, 4],
           [5, 6]])
    >>> pt.concatenate((a, b.T), axis=1)
    Array([[1, 2, 5],
           [3, 4, 6]])
    >>> pt.concatenate((a, b), axis=None)
    Array([1, 2, 3, 4, 5, 6])
    """
    return _concatenate(_sequence(arrays, "concatenate"), axis, out, dtype, casting,
                        "concatenate")


def _split_points(n, ios, name, equal):
    """The (start, stop) pairs of a split of n elements by sections or split points."""
    if isinstance(ios, (int, np.integer)) and not isinstance(ios, bool) or (
            _ours(ios) and ios.ndim == 0) or (isinstance(ios, np.ndarray) and ios.ndim == 0):
        k = int(ios)
        if k <= 0:
            raise ValueError(f"{name}: number sections must be larger than 0.")
        if equal and n % k:
            raise ValueError(f"{name}: array split does not result in an equal division")
        each, extra = divmod(n, k)
        sizes = [each + 1] * extra + [each] * (k - extra)
        starts = [sum(sizes[:i]) for i in range(k)]
        return [(s, s + z) for s, z in zip(starts, sizes)]
    pts = [_int(p, name, "indices_or_sections") for p in _index_values(ios, name).tolist()] \
        if _ours(ios) or isinstance(ios, np.ndarray) else \
        [_int(p, name, "indices_or_sections") for p in ios]
    bounds = [0] + pts + [n]
    return list(zip(bounds[:-1], bounds[1:]))


def _split(ary, ios, axis, name, equal):
    x = _arr(ary, name)
    if x.ndim == 0:
        raise IndexError(f"{name}: a 0-d array cannot be split (tuple index out of range)")
    ax = _axis(axis, x.ndim, name)
    return [_at(x, ax, slice(s, e)) for s, e in _split_points(x.shape[ax], ios, name, equal)]


def split(ary, indices_or_sections, axis=0):
    """Split an array into sub-arrays along ``axis``.

    As numpy.split: an int ``N`` gives N equal sections (ValueError unless N divides the length
    along ``axis``); a sequence of indices splits before each of them. The sub-arrays are views of
    ``ary`` with its dtype.

    Parameters
    ----------
    ary : Array or array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number of sections, or the sorted indices to split at.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    list of Array
        The sub-arrays.

    See Also
    --------
    array_split : Split into sections that may be unequal.
    concatenate : Join arrays.

    Examples
    --------
    >>> x = pt.arange(6)
    >>> pt.split(x, 3)
    [Array([0, 1]), Array([2, 3]), Array([4, 5])]
    >>> pt.split(x, [1, 4])
    [Array([0]), Array([1, 2, 3]), Array([4, 5])]
    """
    return _split(ary, indices_or_sections, axis, "split", True)


def array_split(ary, indices_or_sections, axis=0):
    """Split an array into sub-arrays, the sections allowed to be unequal.

    As numpy.array_split: like ``split``, but N sections of an axis of length L need not divide
    it: the first ``L % N`` sections are one element longer. The sub-arrays are views.

    Parameters
    ----------
    ary : Array or array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number of sections, or the sorted indices to split at.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    list of Array
        The sub-arrays.

    See Also
    --------
    split : Split into equal sections.

    Examples
    --------
    >>> pt.array_split(pt.arange(7), 3)
    [Array([0, 1, 2]), Array([3, 4]), Array([5, 6])]
    """
    return _split(ary, indices_or_sections, axis, "array_split", False)


def hsplit(ary, indices_or_sections):
    """Split an array column-wise.

    As numpy.hsplit: ``split`` along axis 1, or along axis 0 for 1-D arrays. The sub-arrays are
    views.

    Parameters
    ----------
    ary : Array or array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number of sections, or the sorted indices to split at.

    Returns
    -------
    list of Array
        The sub-arrays.

    See Also
    --------
    split : Split along any axis.
    hstack : Join column-wise.

    Examples
    --------
    >>> pt.hsplit(pt.arange(8).reshape(2, 4), 2)
    [Array([[0, 1],
           [4, 5]]), Array([[2, 3],
           [6, 7]])]
    """
    x = _arr(ary, "hsplit")
    if x.ndim == 0:
        raise ValueError("hsplit: hsplit only works on arrays of 1 or more dimensions")
    return _split(x, indices_or_sections, 1 if x.ndim > 1 else 0, "hsplit", True)


def vsplit(ary, indices_or_sections):
    """Split an array row-wise.

    As numpy.vsplit: ``split`` along axis 0, for arrays of 2 or more dimensions. The sub-arrays
    are views.

    Parameters
    ----------
    ary : Array or array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number of sections, or the sorted indices to split at.

    Returns
    -------
    list of Array
        The sub-arrays.

    See Also
    --------
    split : Split along any axis.
    vstack : Join row-wise.

    Examples
    --------
    >>> pt.vsplit(pt.arange(8).reshape(2, 4), 2)
    [Array([[0, 1, 2, 3]]), Array([[4, 5, 6, 7]])]
    """
    x = _arr(ary, "vsplit")
    if x.ndim < 2:
        raise ValueError("vsplit: vsplit only works on arrays of 2 or more dimensions")
    return _split(x, indices_or_sections, 0, "vsplit", True)


def dsplit(ary, indices_or_sections):
    """Split an array depth-wise.

    As numpy.dsplit: ``split`` along axis 2, for arrays of 3 or more dimensions (ValueError
    otherwise). The sub-arrays are views.

    Parameters
    ----------
    ary : Array or array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number of equal sections, or the sorted indices to split at.

    Returns
    -------
    list of Array
        The sub-arrays.

    See Also
    --------
    split, dstack

    Examples
    --------
    >>> pt.dsplit(pt.arange(8).reshape(1, 2, 4), 2)
    [Array([[[0, 1],
            [4, 5]]]), Array([[[2, 3],
            [6, 7]]])]
    """
    x = _arr(ary, "dsplit")
    if x.ndim < 3:
        raise ValueError("dsplit: dsplit only works on arrays of 3 or more dimensions")
    return _split(x, indices_or_sections, 2, "dsplit", True)


def _block_tree(a, index):
    """(depth, max ndim, tree of ptensor arrays) of block's nested lists, checked."""
    if type(a) is tuple:
        raise TypeError(f"block: arrays{index} is a tuple. Only lists can be used to arrange "
                        "blocks, and np.block does not allow implicit conversion from tuple "
                        "to ndarray.")
    if type(a) is list:
        if not a:
            raise ValueError(f"block: List at arrays{index} cannot be empty")
        parts = [_block_tree(e, f"{index}[{i}]") for i, e in enumerate(a)]
        first = parts[0][0]
        for i, p in enumerate(parts):
            if p[0] != first:
                raise ValueError(f"block: List depths are mismatched: arrays{index}[0] is "
                                 f"nested {first} deep, but arrays{index}[{i}] {p[0]} deep")
        return first + 1, max(p[1] for p in parts), [p[2] for p in parts]
    x = _arr(a, "block")
    return 0, x.ndim, x


def block(arrays):
    """Assemble an array from nested lists of blocks.

    As numpy.block: the innermost lists are joined along the last axis, the next level along the
    second last, and so on; every block is first given as many dimensions as the result (leading
    axes of size 1). The result is a new array of the blocks' common dtype.

    Parameters
    ----------
    arrays : list of Array or array_like
        The blocks; the lists must be nested to one depth.

    Returns
    -------
    Array
        The assembled array.

    See Also
    --------
    concatenate, stack, hstack, vstack

    Examples
    --------
    >>> A = pt.ones((2, 2), dtype=int)
    >>> B = pt.zeros((2, 1), dtype=int)
    >>> pt.block([[A, B], [pt.asarray([[5, 6, 7]])]])
    Array([[1, 1, 0],
           [1, 1, 0],
           [5, 6, 7]])
    >>> pt.block([pt.asarray([1, 2]), pt.asarray([3])])
    Array([1, 2, 3])
    """
    depth, nd, tree = _block_tree(arrays, "")
    nd = max(depth, nd)

    def build(node, d):
        if d == 0:
            return node[(None,) * (nd - node.ndim) + (Ellipsis,)] if node.ndim < nd else node
        return _concatenate([build(e, d - 1) for e in node], -d, None, None, "same_kind",
                            "block")

    r = build(tree, depth)
    return pt.asarray(r, copy=True) if depth == 0 else r


def _insert_positions(obj, n, ax, name):
    """insert's/delete's obj as (NumPy index array, scalar obj?)."""
    if isinstance(obj, slice):
        return np.arange(*obj.indices(n)), False
    if isinstance(obj, float):
        raise TypeError(f"{name}: slice indices must be integers or None or have an "
                        "__index__ method")
    idx = _index_values(obj, name)
    if idx.dtype == np.bool_:
        return idx, idx.ndim == 0
    if idx.dtype.kind not in "iu":
        if idx.size == 0:
            idx = idx.astype(np.int64)
        else:
            raise IndexError(f"{name}: arrays used as indices must be of integer (or boolean) "
                             "type")
    return idx, idx.ndim == 0


def insert(arr, obj, values, axis=None):
    """Insert values along an axis before the given positions.

    As numpy.insert: ``values`` go before the positions ``obj`` (an int, a slice or a sequence of
    ints) along ``axis`` (``arr`` flattened when ``axis`` is None). A scalar ``obj`` inserts
    ``values`` as a block (its first axis along ``axis``); a sequence inserts one value
    (broadcast) before each position. The result is a new array of ``arr``'s dtype, ``values``
    converted to it.

    Parameters
    ----------
    arr : Array or array_like
        The input array.
    obj : int, slice or sequence of ints
        The positions to insert before.
    values : Array or array_like
        The values to insert.
    axis : int, optional
        The axis to insert along.

    Returns
    -------
    Array
        A copy of ``arr`` with ``values`` inserted.

    See Also
    --------
    append : Append at the end.
    delete : Remove entries.

    Examples
    --------
    >>> x = pt.asarray([1, 2, 3])
    >>> pt.insert(x, 1, 9)
    Array([1, 9, 2, 3])
    >>> pt.insert(x, [0, 2], [7, 8])
    Array([7, 1, 2, 8, 3])
    >>> pt.insert(pt.asarray([[1, 2], [3, 4]]), 1, 0, axis=1)
    Array([[1, 0, 2],
           [3, 0, 4]])
    """
    x = _arr(arr, "insert")
    if axis is None:
        x = pt.reshape(x, (-1,)) if x.ndim != 1 else x
        ax = 0
    else:
        ax = _axis(axis, x.ndim, "insert")
    n = x.shape[ax]
    idx, scalar = _insert_positions(obj, n, ax, "insert")
    if idx.dtype == np.bool_:  # a mask: its True positions (a 0-d bool: 0 or 1)
        idx = idx.astype(np.int64) if idx.ndim == 0 else np.flatnonzero(idx)
    if idx.ndim > 1:
        raise ValueError("insert: index array argument obj to insert must be one dimensional "
                         "or scalar")
    v = _astype(_arr(values, "insert"), x.dtype)
    other = tuple(x.shape)
    if idx.size == 1:
        index = int(idx.reshape(-1)[0])
        if not -n <= index <= n:
            raise IndexError(f"insert: index {index} is out of bounds for axis {ax} with size "
                             f"{n}")
        if index < 0:
            index += n
        if v.ndim < x.ndim:
            v = v[(None,) * (x.ndim - v.ndim) + (Ellipsis,)]
        if scalar and v.ndim:
            v = pt.moveaxis(v, 0, ax)
        numnew = v.shape[ax]
        target = other[:ax] + (numnew,) + other[ax + 1:]
        v = _broadcast(v, target, "insert")
        parts = [p for p in (_at(x, ax, slice(0, index)), v, _at(x, ax, slice(index, None)))
                 if p.shape[ax]]
        return pt.concat(parts or [v], axis=ax)
    numnew = idx.size
    bad = idx[(idx < -n) | (idx > n)]
    if bad.size:
        raise IndexError(f"insert: index {int(bad[0])} is out of bounds for axis {ax} with "
                         f"size {n}")
    if numnew == 0:
        return pt.asarray(x, copy=True)
    idx = np.where(idx < 0, idx + n, idx).astype(np.int64)
    order = np.argsort(idx, kind="stable")
    pos = np.empty(numnew, np.int64)
    pos[order] = idx[order] + np.arange(numnew)
    total = n + numnew
    perm = np.empty(total, np.int64)
    fresh = np.zeros(total, bool)
    fresh[pos] = True
    perm[pos] = n + np.arange(numnew)
    perm[~fresh] = np.arange(n)
    v = _broadcast(v, other[:ax] + (numnew,) + other[ax + 1:], "insert")
    return pt.take(pt.concat([x, v], axis=ax), perm, axis=ax)


def _broadcast(v, shape, name):
    try:
        np.broadcast_shapes(tuple(v.shape), tuple(shape))
        if len(v.shape) > len(shape) or tuple(
                np.broadcast_shapes(tuple(v.shape), tuple(shape))) != tuple(shape):
            raise ValueError
    except ValueError:
        raise ValueError(f"{name}: could not broadcast input array from shape "
                         f"{tuple(v.shape)} into shape {tuple(shape)}") from None
    return pt.broadcast_to(v, tuple(shape)) if tuple(v.shape) != tuple(shape) else v


def delete(arr, obj, axis=None):
    """Return a new array with entries along an axis removed.

    As numpy.delete: the entries ``obj`` (an int, a slice, a sequence of ints or a boolean mask of
    the axis' length) are removed along ``axis`` (``arr`` flattened when ``axis`` is None). The
    dtype is kept.

    Parameters
    ----------
    arr : Array or array_like
        The input array.
    obj : int, slice, sequence of int or Array of bool
        The entries to remove.
    axis : int, optional
        The axis to remove along.

    Returns
    -------
    Array
        A copy of ``arr`` without the entries ``obj``.

    See Also
    --------
    insert : Insert values.
    append : Append at the end.

    Examples
    --------
    >>> pt.delete(pt.arange(6), [0, 2, 4])
    Array([1, 3, 5])
    >>> pt.delete(pt.arange(6).reshape(2, 3), 1, axis=1)
    Array([[0, 2],
           [3, 5]])
    """
    x = _arr(arr, "delete")
    if axis is None:
        x = pt.reshape(x, (-1,)) if x.ndim != 1 else x
        ax = 0
    else:
        ax = _axis(axis, x.ndim, "delete")
    n = x.shape[ax]
    keep = np.ones(n, bool)
    if isinstance(obj, slice):
        keep[obj] = False
    else:
        o = _index_values(obj, "delete")
        if o.dtype == np.bool_:
            if o.ndim != 1 or o.shape[0] != n:
                raise ValueError("delete: boolean array argument obj to delete must be one "
                                 f"dimensional and match the axis length of {n}")
            keep = ~o
        else:
            if o.dtype.kind not in "iu":
                if o.size:
                    raise IndexError("delete: arrays used as indices must be of integer (or "
                                     "boolean) type")
                o = o.astype(np.int64)
            o = o.reshape(-1)
            bad = o[(o < -n) | (o >= n)]
            if bad.size:
                raise IndexError(f"delete: index {int(bad[0])} is out of bounds for axis {ax} "
                                 f"with size {n}")
            keep[o] = False
    kept = np.nonzero(keep)[0].astype(np.int64)
    if kept.size == n:
        return pt.asarray(x, copy=True)
    return pt.take(x, kept, axis=ax)


def append(arr, values, axis=None):
    """Append values to the end of an array.

    As numpy.append: with ``axis=None`` both ``arr`` and ``values`` are flattened first;
    otherwise ``values`` must have ``arr``'s number of dimensions and matching shape off
    ``axis``. The result is a new array of the common dtype (``result_type``).

    Parameters
    ----------
    arr : Array or array_like
        The array to append to.
    values : Array or array_like
        The values to append.
    axis : int, optional
        The axis to append along.

    Returns
    -------
    Array
        A copy of ``arr`` with ``values`` appended.

    See Also
    --------
    insert : Insert values before given positions.
    delete : Remove entries.
    concatenate : Join arrays.

    Examples
    --------
    >>> pt.append(pt.asarray([1, 2, 3]), [4, 5])
    Array([1, 2, 3, 4, 5])
    >>> pt.append(pt.asarray([[1, 2]]), [[3, 4]], axis=0)
    Array([[1, 2],
           [3, 4]])
    """
    x, v = _arr(arr, "append"), _arr(values, "append")
    if axis is None:
        return _concatenate([x, v], None, None, None, "same_kind", "append")
    return _concatenate([x, v], axis, None, None, "same_kind", "append")


def resize(a, new_shape):
    """Return a new array with the specified shape.

    As numpy.resize: an array of ``new_shape`` filled with ``a``'s elements (flattened) repeated
    cyclically; zeros when ``a`` is empty. The dtype is kept.

    Parameters
    ----------
    a : Array or array_like
        The array to resize.
    new_shape : int or tuple of ints
        The shape of the result.

    Returns
    -------
    Array
        The new array.

    See Also
    --------
    reshape : Same number of elements.

    Examples
    --------
    >>> pt.resize(pt.asarray([1, 2, 3]), (2, 4))
    Array([[1, 2, 3, 1],
           [2, 3, 1, 2]])
    """
    x = _arr(a, "resize")
    shape = _dims(new_shape, "resize", "new_shape")
    if any(s < 0 for s in shape):
        raise ValueError("resize: all elements of `new_shape` must be non-negative")
    total = math.prod(shape)
    if x.size == 0 or total == 0:
        return pt.zeros(shape, dtype=x.dtype)
    flat = pt.reshape(x, (-1,))
    reps = -(-total // x.size)
    if reps > 1:
        flat = pt.tile(flat, (reps,))
    return pt.reshape(flat[:total], shape)


def rot90(m, k=1, axes=(0, 1)):
    """Rotate an array by 90 degrees in the plane specified by axes.

    As numpy.rot90: ``m`` rotated ``k`` times, from the first axis of ``axes`` towards the
    second. ``k % 4`` of 0 or 2 gives a view or flip, 1 and 3 a new array.

    Parameters
    ----------
    m : Array or array_like
        An array of at least two dimensions.
    k : int, optional
        The number of rotations (default 1).
    axes : tuple of int, optional
        The plane of the rotation (default (0, 1)).

    Returns
    -------
    Array
        The rotated array.

    See Also
    --------
    flip, fliplr, flipud

    Examples
    --------
    >>> pt.rot90(pt.asarray([[1, 2], [3, 4]]))
    Array([[2, 4],
           [1, 3]])
    >>> pt.rot90(pt.asarray([[1, 2], [3, 4]]), 2)
    Array([[4, 3],
           [2, 1]])
    """
    x = _arr(m, "rot90")
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("rot90: len(axes) must be 2.")
    a0, a1 = (_int(a_, "rot90", "axes") for a_ in axes)
    nd = x.ndim
    if a0 == a1 or abs(a0 - a1) == nd:
        raise ValueError("rot90: Axes must be different.")
    if not (-nd <= a0 < nd and -nd <= a1 < nd):
        raise ValueError(f"rot90: Axes={axes} out of range for array of ndim={nd}.")
    a0, a1 = a0 % nd, a1 % nd
    k = _int(k, "rot90", "k") % 4
    if k == 0:
        return x[...]
    if k == 2:
        return pt.flip(x, axis=(a0, a1))
    perm = list(range(nd))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return pt.permute_dims(pt.flip(x, axis=a1), tuple(perm))
    return pt.flip(pt.permute_dims(x, tuple(perm)), axis=a1)


def fliplr(m):
    """Reverse the order of elements along axis 1 (left/right).

    As numpy.fliplr: ``flip(m, axis=1)``; ``m`` must be at least 2-D (ValueError otherwise).

    Parameters
    ----------
    m : Array or array_like
        The input array.

    Returns
    -------
    Array
        ``m`` with its columns reversed.

    See Also
    --------
    flipud, flip, rot90

    Examples
    --------
    >>> pt.fliplr(pt.asarray([[1, 2, 3], [4, 5, 6]]))
    Array([[3, 2, 1],
           [6, 5, 4]])
    """
    x = _arr(m, "fliplr")
    if x.ndim < 2:
        raise ValueError("fliplr: Input must be >= 2-d.")
    return pt.flip(x, axis=1)


def flipud(m):
    """Reverse the order of elements along axis 0 (up/down).

    As numpy.flipud: ``flip(m, axis=0)``; ``m`` must be at least 1-D.

    Parameters
    ----------
    m : Array or array_like
        The input array.

    Returns
    -------
    Array
        ``m`` with its rows reversed.

    See Also
    --------
    fliplr, flip, rot90

    Examples
    --------
    >>> pt.flipud(pt.asarray([[1, 2, 3], [4, 5, 6]]))
    Array([[4, 5, 6],
           [1, 2, 3]])
    """
    x = _arr(m, "flipud")
    if x.ndim < 1:
        raise ValueError("flipud: Input must be >= 1-d.")
    return pt.flip(x, axis=0)


def trim_zeros(filt, trim="fb", axis=None):
    """Remove values along a dimension which are zero.

    As numpy.trim_zeros: ``filt`` without its leading ('f') and/or trailing ('b') zeros along
    ``axis`` (every axis when None: the bounding box of the nonzero elements). The result is a
    view of ``filt``. The bounds are read from the data, so ``filt`` is computed.

    Parameters
    ----------
    filt : Array or array_like
        The input array.
    trim : {'fb', 'f', 'b'}, optional
        Trim the front, the back, or both (default).
    axis : int or tuple of ints, optional
        The axes trimmed (default all).

    Returns
    -------
    Array
        The trimmed array.

    Notes
    -----
    The result is always a ptensor array (NumPy gives a list for a list input).

    Examples
    --------
    >>> pt.trim_zeros(pt.asarray([0, 0, 1, 2, 0, 3, 0]))
    Array([1, 2, 0, 3])
    >>> pt.trim_zeros(pt.asarray([0, 1, 0]), "b")
    Array([0, 1])
    >>> pt.trim_zeros(pt.asarray([[0, 0, 0], [0, 1, 2], [0, 0, 0]]))
    Array([[1, 2]])
    """
    if not isinstance(trim, str) or trim.lower() not in ("f", "b", "fb", "bf"):
        raise ValueError(f"trim_zeros: unexpected character(s) in `trim`: {trim!r}")
    trim = trim.lower()
    x = _arr(filt, "trim_zeros")
    nd = x.ndim
    if axis is None:
        axes = tuple(range(nd))
    else:
        vals = axis if isinstance(axis, (tuple, list)) else (axis,)
        axes = tuple(sorted({_axis(a_, nd, "trim_zeros") for a_ in vals}))
    if not axes or x.size == 0:
        return x[...]
    nz = x if x.dtype == dt.bool_ else x != 0
    bounds = []
    for ax in axes:
        n = x.shape[ax]
        others = tuple(i for i in range(nd) if i != ax)
        m = pt.any(nz, axis=others) if others else nz
        pos = pt.arange(n)
        bounds += [pt.min(pt.where(m, pos, n)), pt.max(pt.where(m, pos, -1))]
    got = [int(v) for v in pt.stack(bounds).tolist()]
    key = [slice(None)] * nd
    for i, ax in enumerate(axes):
        first, last = got[2 * i], got[2 * i + 1]
        if last < 0:  # all zeros: everything is trimmed
            key[ax] = slice(0, 0)
            continue
        key[ax] = slice(first if "f" in trim else 0,
                        last + 1 if "b" in trim else x.shape[ax])
    return x[tuple(key)]


def diagonal(a, offset=0, axis1=0, axis2=1):
    """Return the specified diagonals.

    As numpy.diagonal: the diagonal at ``offset`` of the 2-D sub-arrays in the plane
    (``axis1``, ``axis2``); the other axes come first, the diagonal last. The dtype is kept. The
    result is a new array (NumPy's is a read-only view).

    Parameters
    ----------
    a : Array or array_like
        An array of at least two dimensions.
    offset : int, optional
        The diagonal's offset from the main one (> 0 above, < 0 below).
    axis1, axis2 : int, optional
        The axes of the 2-D sub-arrays (default 0 and 1).

    Returns
    -------
    Array
        The diagonals.

    Notes
    -----
    Raises ValueError for arrays of fewer than two dimensions or ``axis1 == axis2``.

    See Also
    --------
    diag : Diagonal of a 2-D array, or a diagonal array.
    trace : Sum along the diagonals.

    Examples
    --------
    >>> m = pt.arange(9).reshape(3, 3)
    >>> pt.diagonal(m, 1)
    Array([1, 5])
    >>> pt.diagonal(pt.arange(8).reshape(2, 2, 2))
    Array([[0, 6],
           [1, 7]])
    """
    return pt.asarray(_diagonal_view(a, offset, axis1, axis2), copy=True)


def _diagonal_view(a, offset, axis1, axis2):
    """The diagonals of a as a strided view of it (diagonal's result before its copy)."""
    x = _arr(a, "diagonal")
    if x.ndim < 2:
        raise ValueError("diagonal: diag requires an array of at least two dimensions")
    offset = _int(offset, "diagonal", "offset")
    a1 = _axis(axis1, x.ndim, "diagonal", "axis1")
    a2 = _axis(axis2, x.ndim, "diagonal", "axis2")
    if a1 == a2:
        raise ValueError("diagonal: axis1 and axis2 cannot be the same")
    rest = [i for i in range(x.ndim) if i not in (a1, a2)]
    n1, n2 = x.shape[a1], x.shape[a2]
    if offset >= 0:
        length, r0, c0 = max(0, min(n1, n2 - offset)), 0, offset
    else:
        length, r0, c0 = max(0, min(n1 + offset, n2)), -offset, 0
    if tuple(rest) + (a1, a2) != tuple(range(x.ndim)):
        x = pt.permute_dims(x, tuple(rest) + (a1, a2))
    y = pt.reshape(x, tuple(x.shape[:-2]) + (n1 * n2,))
    # the diagonal of each row-major n1 x n2 block: every (n2 + 1)-th element from r0, c0
    start = r0 * n2 + c0
    stop = start + (length - 1) * (n2 + 1) + 1 if length else start
    return y[..., start:stop:n2 + 1]


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Return the sum along diagonals of the array.

    As numpy.trace: the sums of ``diagonal(a, offset, axis1, axis2)`` along its last axis, with
    NumPy's sum dtype (booleans and small integers sum as the platform integer) or ``dtype``.

    Parameters
    ----------
    a : Array or array_like
        An array of at least two dimensions.
    offset : int, optional
        The diagonal's offset from the main one.
    axis1, axis2 : int, optional
        The axes of the 2-D sub-arrays (default 0 and 1).
    dtype : dtype, optional
        The accumulator and result dtype.
    out : Array, optional
        A ptensor array of the result's shape, written and returned.

    Returns
    -------
    Array
        The sums: a 0-d array for a 2-D ``a``.

    See Also
    --------
    diagonal : The diagonals themselves.

    Examples
    --------
    >>> m = pt.arange(9).reshape(3, 3)
    >>> pt.trace(m)
    Array(12)
    >>> pt.trace(m, offset=-1)
    Array(10)
    """
    d = _diagonal_view(a, offset, axis1, axis2)
    r = pt.sum(d, axis=d.ndim - 1, dtype=None if dtype is None else _to_dtype(dtype, "trace"))
    return _out(r, out, "trace")


def _cumulative(a, axis, dtype, out, name, fn):
    x = _arr(a, name)
    if axis is None or (x.ndim == 0 and _int(axis, name, "axis") in (0, -1)):
        x = pt.reshape(x, (-1,)) if x.ndim != 1 else x
        ax = 0
    else:
        ax = _axis(axis, x.ndim, name)
    r = fn(x, axis=ax, dtype=None if dtype is None else _to_dtype(dtype, name))
    return _out(r, out, name)


def cumsum(a, axis=None, dtype=None, out=None):
    """Return the cumulative sum of the elements along a given axis.

    As numpy.cumsum: ``a`` is flattened when ``axis`` is None. The dtype is NumPy's sum dtype
    (booleans and smaller integers accumulate as int64, or uint64 when unsigned) or ``dtype``.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis to accumulate along (default: over the flattened array).
    dtype : dtype, optional
        The accumulator and result dtype.
    out : Array, optional
        A ptensor array of the result's shape, written and returned.

    Returns
    -------
    Array
        The running results, of ``a``'s shape (1-D when ``axis`` is None).

    See Also
    --------
    cumprod : Cumulative product.
    sum : Sum of the elements.

    Examples
    --------
    >>> m = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.cumsum(m)
    Array([ 1,  3,  6, 10, 15, 21])
    >>> pt.cumsum(m, axis=0)
    Array([[1, 2, 3],
           [5, 7, 9]])
    """
    return _cumulative(a, axis, dtype, out, "cumsum", pt.cumulative_sum)


def cumprod(a, axis=None, dtype=None, out=None):
    """Return the cumulative product of the elements along a given axis.

    As numpy.cumprod: ``a`` is flattened when ``axis`` is None. The dtype is NumPy's prod dtype
    (booleans and smaller integers accumulate as int64, or uint64 when unsigned) or ``dtype``.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis to accumulate along (default: over the flattened array).
    dtype : dtype, optional
        The accumulator and result dtype.
    out : Array, optional
        A ptensor array of the result's shape, written and returned.

    Returns
    -------
    Array
        The running results, of ``a``'s shape (1-D when ``axis`` is None).

    See Also
    --------
    cumsum : Cumulative sum.
    prod : Product of the elements.

    Examples
    --------
    >>> m = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.cumprod(m, axis=1)
    Array([[  1,   2,   6],
           [  4,  20, 120]])
    >>> pt.cumprod(pt.asarray([1, 2, 3]), dtype=float)
    Array([1., 2., 6.])
    """
    return _cumulative(a, axis, dtype, out, "cumprod", pt.cumulative_prod)


def shape(a):
    """Return the shape of an array.

    As numpy.shape: a tuple of ints, for ptensor arrays and (through NumPy) for Python values;
    nothing is computed.

    Parameters
    ----------
    a : Array or array_like
        The input.

    Returns
    -------
    tuple of ints
        The shape.

    See Also
    --------
    ndim, size

    Examples
    --------
    >>> pt.shape(pt.ones((2, 3)))
    (2, 3)
    >>> pt.shape([[1, 2]])
    (1, 2)
    """
    return tuple(a.shape) if _ours(a) else np.shape(a)


def ndim(a):
    """Return the number of dimensions of an array.

    As numpy.ndim: an int, for ptensor arrays and for anything NumPy accepts; nothing is
    computed.

    Parameters
    ----------
    a : Array or array_like
        The input.

    Returns
    -------
    int
        The number of dimensions.

    See Also
    --------
    shape, size

    Examples
    --------
    >>> pt.ndim(pt.asarray([[1, 2, 3], [4, 5, 6]]))
    2
    >>> pt.ndim(5)
    0
    """
    return a.ndim if _ours(a) else np.ndim(a)


def size(a, axis=None):
    """Return the number of elements along a given axis.

    As numpy.size: the number of elements of ``a``, or along ``axis`` (an int or a tuple of
    ints); nothing is computed.

    Parameters
    ----------
    a : Array or array_like
        The input.
    axis : int or tuple of ints, optional
        The axes counted (default all).

    Returns
    -------
    int
        The number of elements.

    See Also
    --------
    shape, ndim

    Examples
    --------
    >>> pt.size(pt.ones((2, 3)))
    6
    >>> pt.size(pt.ones((2, 3)), 1)
    3
    """
    s = shape(a)
    if axis is None:
        return math.prod(s)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    norm = [_axis(x, len(s), "size") for x in axes]
    if len(set(norm)) != len(norm):
        raise ValueError(f"size: repeated axis in {axis!r}")
    return math.prod(s[i] for i in norm)


def copyto(dst, src, casting="same_kind", where=True):
    """Copy values from one array to another, in place.

    As numpy.copyto: ``src`` (broadcast to ``dst``'s shape) is written into ``dst``, a ptensor
    array, where ``where`` is true. The cast from ``src``'s dtype to ``dst``'s must be allowed by
    ``casting`` (TypeError otherwise).

    Parameters
    ----------
    dst : Array
        The array written to.
    src : Array or array_like
        The values.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The casting allowed (default 'same_kind').
    where : bool or Array or array_like, optional
        Where to write (default everywhere).

    Returns
    -------
    None

    See Also
    --------
    putmask, copy

    Examples
    --------
    >>> d = pt.zeros(3)
    >>> pt.copyto(d, pt.asarray([1., 2., 3.]), where=pt.asarray([True, False, True]))
    >>> d
    Array([1., 0., 3.])
    """
    if not _ours(dst):
        raise TypeError("copyto: dst must be a ptensor array (it is written in place), got "
                        f"{type(dst).__name__}")
    s = _arr(src, "copyto")
    if not np.can_cast(s.dtype.np, dst.dtype.np, casting) and not (
            isinstance(src, (bool, int, float, complex)) and casting == "same_kind"
            and np.can_cast(np.result_type(dst.dtype.np, src), dst.dtype.np, casting)):
        raise TypeError(f"copyto: cannot cast array data from {s.dtype.name} to "
                        f"{dst.dtype.name} according to the rule '{casting}'")
    v = pt.broadcast_to(pt.astype(s, dst.dtype), tuple(dst.shape))
    if where is not True:
        v = pt.where(_arr(where, "copyto"), v, dst)
    dst[...] = v
    return None


def put_along_axis(arr, indices, values, axis):
    """Put values into the destination array by matching 1-D index and data slices, in place.

    As numpy.put_along_axis: ``values`` are written into ``arr`` at ``indices`` along ``axis``,
    the other axes matched (broadcast); ``axis=None`` writes into the flattened ``arr``. Negative
    indices count from the end; out-of-range ones raise IndexError (their bounds are read).

    Parameters
    ----------
    arr : Array
        A ptensor array, written in place.
    indices : Array or array_like of ints
        The indices, with ``arr``'s number of dimensions.
    values : scalar or Array or array_like
        The values to write.
    axis : int or None
        The axis to index along.

    Returns
    -------
    None

    See Also
    --------
    take_along_axis

    Examples
    --------
    >>> a = pt.asarray([[10, 30, 20], [60, 40, 50]])
    >>> i = pt.argmax(a, axis=1, keepdims=True)
    >>> pt.put_along_axis(a, i, 0, axis=1)
    >>> a
    Array([[10,  0, 20],
           [ 0, 40, 50]])
    """
    if not _ours(arr):
        raise TypeError("put_along_axis: arr must be a ptensor array (it is written in place), "
                        f"got {type(arr).__name__}")
    ind = indices if _ours(indices) else np.asarray(indices)
    kind = ind.dtype.kind if isinstance(ind, np.ndarray) else ind.dtype.np.kind
    if kind not in "iu":
        raise IndexError("put_along_axis: `indices` must be an integer array")
    if axis is None:
        if ind.ndim != 1:
            raise ValueError("put_along_axis: `indices` and `arr` must have the same number "
                             "of dimensions")
        n = arr.size
        ip = _arr(ind, "put_along_axis")
        if ip.size:
            lo, hi = _bounds(ip)
            if lo < -n or hi >= n:
                raise IndexError(f"put_along_axis: index {hi if hi >= n else lo} is out of "
                                 f"bounds for size {n}")
            ip = pt.where(ip < 0, ip + n, ip)
        key = unravel_index(ip, tuple(arr.shape)) if arr.ndim else ()
        arr[key] = values
        return None
    nd = arr.ndim
    ax = _axis(axis, nd, "put_along_axis")
    if ind.ndim != nd:
        raise ValueError("put_along_axis: `indices` and `arr` must have the same number of "
                         "dimensions")
    key = []
    for i in range(nd):
        if i == ax:
            key.append(ind)
        else:
            key.append(np.arange(arr.shape[i]).reshape((1,) * i + (-1,) + (1,) * (nd - i - 1)))
    arr[tuple(key)] = values
    return None


def ix_(*args):
    """Construct an open mesh from multiple sequences.

    As ``numpy.ix_``: for n 1-D sequences, the k-th result has shape (1, ..., len, ..., 1) with the
    length at position k; boolean sequences become their nonzero positions. ``x[ix_(rows, cols)]``
    selects the cross product.

    Parameters
    ----------
    *args : Array or array_like
        The index sequences.

    Returns
    -------
    tuple of Array
        The broadcastable index arrays.

    See Also
    --------
    ogrid, meshgrid

    Examples
    --------
    >>> x = pt.arange(12).reshape(3, 4)
    >>> pt.ix_([0, 2], [1, 3])
    (Array([[0],
           [2]]), Array([[1, 3]]))
    >>> x[pt.ix_([0, 2], [1, 3])]
    Array([[ 1,  3],
           [ 9, 11]])
    """
    out = []
    n = len(args)
    for k, a in enumerate(args):
        if _ours(a):
            x = a
        else:
            x = _arr(a, "ix_")
            if x.size == 0 and not isinstance(a, np.ndarray):
                x = _astype(x, dt.int64)
        if x.ndim != 1:
            raise ValueError("ix_: Cross index must be 1 dimensional")
        if x.dtype == dt.bool_:
            x = pt.nonzero(x)[0]
        out.append(pt.reshape(x, (1,) * k + (x.shape[0],) + (1,) * (n - k - 1)))
    return tuple(out)


def unravel_index(indices, shape, order="C"):
    """Convert flat indices into a tuple of coordinate arrays.

    As numpy.unravel_index: the coordinates (int64 arrays of ``indices``' shape) of flat indices
    into an array of ``shape``, in C or Fortran order.

    Parameters
    ----------
    indices : Array or array_like of ints
        The flat indices.
    shape : tuple of ints
        The shape of the array indexed.
    order : {'C', 'F'}, optional
        Row-major (default) or column-major indexing.

    Returns
    -------
    tuple of Array
        One coordinate array per dimension.

    Notes
    -----
    An index out of bounds raises ValueError; checking reads the indices' bounds, so they are
    computed. A scalar index gives 0-d arrays (NumPy gives NumPy integers).

    See Also
    --------
    ravel_multi_index : The inverse.

    Examples
    --------
    >>> pt.unravel_index(pt.asarray([5, 7]), (2, 4))
    (Array([1, 1]), Array([1, 3]))
    >>> pt.unravel_index(5, (2, 4), order="F")
    (Array(1), Array(2))
    """
    if order not in ("C", "F"):
        raise ValueError("unravel_index: only 'C' or 'F' order is permitted")
    dims = _dims(shape, "unravel_index")
    if any(d < 0 for d in dims):
        raise ValueError("unravel_index: dimensions must be non-negative")
    x = _arr(indices, "unravel_index")
    if not dt.is_int(x.dtype):
        raise TypeError("unravel_index: only int indices permitted")
    total = math.prod(dims)
    if x.size:
        lo, hi = _bounds(x)
        if lo < 0 or hi >= total:
            raise ValueError(f"unravel_index: index {lo if lo < 0 else hi} is out of bounds "
                             f"for array with size {total}")
    x = _astype(x, dt.int64)
    out = [None] * len(dims)
    walk = list(range(len(dims)))
    if order == "C":
        walk = walk[::-1]
    for j, i in enumerate(walk):
        if j == len(walk) - 1:
            out[i] = x
        elif dims[i]:
            out[i] = x % dims[i]
            x = x // dims[i]
        else:  # (no index: x is empty)
            out[i] = x
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Convert a tuple of index arrays into an array of flat indices.

    As numpy.ravel_multi_index: the flat (int64) indices of the coordinate arrays (broadcast
    together) into an array of shape ``dims``, in C or Fortran order.

    Parameters
    ----------
    multi_index : tuple of Array or array_like of ints
        One coordinate array per dimension.
    dims : tuple of ints
        The shape of the array indexed.
    mode : {'raise', 'wrap', 'clip'} or tuple of str, optional
        How out-of-bounds coordinates are handled, for all dimensions or one per dimension.
    order : {'C', 'F'}, optional
        Row-major (default) or column-major indexing.

    Returns
    -------
    Array
        The flat indices, of the broadcast coordinates' shape.

    Notes
    -----
    With ``mode='raise'`` an out-of-bounds coordinate raises ValueError; checking reads the
    coordinates' bounds, so they are computed.

    See Also
    --------
    unravel_index : The inverse.

    Examples
    --------
    >>> pt.ravel_multi_index(([0, 1, 2], [1, 2, 0]), (3, 4))
    Array([1, 6, 8])
    >>> pt.ravel_multi_index(([3, 1], [5, 2]), (3, 4), mode="clip")
    Array([11,  6])
    """
    if order not in ("C", "F"):
        raise ValueError("ravel_multi_index: only 'C' or 'F' order is permitted")
    dims = _dims(dims, "ravel_multi_index", "dims")
    coords = _sequence(multi_index, "ravel_multi_index") if not isinstance(
        multi_index, (list, tuple)) else list(multi_index)
    if len(coords) != len(dims):
        raise ValueError("ravel_multi_index: parameter multi_index must be a sequence of "
                         f"length {len(dims)}")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(dims) or any(m not in ("raise", "wrap", "clip") for m in modes):
        raise ValueError(f"ravel_multi_index: clipmode must be one of 'raise', 'wrap' or "
                         f"'clip' (one per dimension), got {mode!r}")
    xs = [_arr(c, "ravel_multi_index") for c in coords]
    for x in xs:
        if not dt.is_int(x.dtype):
            raise TypeError("ravel_multi_index: only int indices permitted")
    try:
        np.broadcast_shapes(*(tuple(x.shape) for x in xs))
    except ValueError:
        raise ValueError("ravel_multi_index: shape mismatch: the coordinate arrays do not "
                         "broadcast") from None
    checked = [x for x, m in zip(xs, modes) if m == "raise" and x.size]
    if checked:
        got = _bounds(*checked)
        lim = [d for x, m, d in zip(xs, modes, dims) if m == "raise" and x.size]
        for i, d in enumerate(lim):
            if got[2 * i] < 0 or got[2 * i + 1] >= d:
                raise ValueError("ravel_multi_index: invalid entry in coordinates array")
    strides = [0] * len(dims)
    s = 1
    for i in (range(len(dims) - 1, -1, -1) if order == "C" else range(len(dims))):
        strides[i] = s
        s *= dims[i]
    r = None
    for x, m, d, st in zip(xs, modes, dims, strides):
        x = _astype(x, dt.int64)
        if m == "wrap":
            x = x % d if d else x
        elif m == "clip":
            x = pt.clip(x, 0, max(d - 1, 0))
        term = x * st
        r = term if r is None else r + term
    return pt.asarray(0) if r is None else r


def tril_indices(n, k=0, m=None):
    """Return the indices for the lower-triangle of an (n, m) array.

    As numpy.tril_indices: the (row, column) int64 index arrays of the entries at and below the
    ``k``-th diagonal, in row-major order.

    Parameters
    ----------
    n : int
        The number of rows.
    k : int, optional
        The diagonal offset (0 the main one, > 0 above it).
    m : int, optional
        The number of columns (default ``n``).

    Returns
    -------
    tuple of Array
        The row and column indices.

    See Also
    --------
    triu_indices, tril, tril_indices_from

    Examples
    --------
    >>> pt.tril_indices(3)
    (Array([0, 1, 1, 2, 2, 2]), Array([0, 0, 1, 0, 1, 2]))
    >>> pt.tril_indices(3, k=-1, m=2)
    (Array([1, 2, 2]), Array([0, 0, 1]))
    """
    return pt.nonzero(tri(n, m, k, dtype=bool))


def triu_indices(n, k=0, m=None):
    """Return the indices for the upper-triangle of an (n, m) array.

    As numpy.triu_indices: the (row, column) int64 index arrays of the entries at and above the
    ``k``-th diagonal, in row-major order.

    Parameters
    ----------
    n : int
        The number of rows.
    k : int, optional
        The diagonal offset (0 the main one, > 0 above it).
    m : int, optional
        The number of columns (default ``n``).

    Returns
    -------
    tuple of Array
        The row and column indices.

    See Also
    --------
    tril_indices, triu, triu_indices_from

    Examples
    --------
    >>> pt.triu_indices(3, k=1)
    (Array([0, 0, 1]), Array([1, 2, 2]))
    """
    return pt.nonzero(pt.logical_not(tri(n, m, _int(k, "triu_indices", "k") - 1, dtype=bool)))


def diag_indices(n, ndim=2):
    """Return the indices to access the main diagonal of an array.

    As numpy.diag_indices: for an ``n`` x ... x ``n`` array of ``ndim`` dimensions, the tuple of
    ``ndim`` copies of ``arange(n)``.

    Parameters
    ----------
    n : int
        The length of every dimension.
    ndim : int, optional
        The number of dimensions (default 2).

    Returns
    -------
    tuple of Array
        The index arrays.

    See Also
    --------
    diag_indices_from, fill_diagonal

    Examples
    --------
    >>> pt.diag_indices(3)
    (Array([0, 1, 2]), Array([0, 1, 2]))
    >>> a = pt.zeros((3, 3), dtype=int)
    >>> a[pt.diag_indices(3)] = 1
    >>> a
    Array([[1, 0, 0],
           [0, 1, 0],
           [0, 0, 1]])
    """
    n = _int(n, "diag_indices", "n")
    idx = pt.arange(max(n, 0))
    return (idx,) * _int(ndim, "diag_indices", "ndim")


def _shape_of_2d(arr, name):
    s = shape(arr)
    if len(s) != 2:
        raise ValueError(f"{name}: input array must be 2-d")
    return s


def tril_indices_from(arr, k=0):
    """Return the indices for the lower-triangle of ``arr``.

    As numpy.tril_indices_from: ``tril_indices`` of the 2-D ``arr``'s shape.

    Parameters
    ----------
    arr : Array or array_like
        A 2-D array (ValueError otherwise).
    k : int, optional
        The diagonal offset.

    Returns
    -------
    tuple of Array
        The row and column indices.

    See Also
    --------
    tril_indices

    Examples
    --------
    >>> pt.tril_indices_from(pt.ones((2, 2)))
    (Array([0, 1, 1]), Array([0, 0, 1]))
    """
    r, c = _shape_of_2d(arr, "tril_indices_from")
    return tril_indices(r, k=k, m=c)


def triu_indices_from(arr, k=0):
    """Return the indices for the upper-triangle of ``arr``.

    As numpy.triu_indices_from: ``triu_indices`` of the 2-D ``arr``'s shape.

    Parameters
    ----------
    arr : Array or array_like
        A 2-D array (ValueError otherwise).
    k : int, optional
        The diagonal offset.

    Returns
    -------
    tuple of Array
        The row and column indices.

    See Also
    --------
    triu_indices

    Examples
    --------
    >>> pt.triu_indices_from(pt.ones((3, 3)))
    (Array([0, 0, 0, 1, 1, 2]), Array([0, 1, 2, 1, 2, 2]))
    """
    r, c = _shape_of_2d(arr, "triu_indices_from")
    return triu_indices(r, k=k, m=c)


def diag_indices_from(arr):
    """Return the indices to access the main diagonal of an n-dimensional array.

    As numpy.diag_indices_from: ``diag_indices(arr.shape[0], arr.ndim)``; ``arr`` must be at
    least 2-D with every dimension of one length (ValueError otherwise).

    Parameters
    ----------
    arr : Array or array_like
        The array.

    Returns
    -------
    tuple of Array
        The index arrays.

    See Also
    --------
    diag_indices

    Examples
    --------
    >>> pt.diag_indices_from(pt.ones((2, 2)))
    (Array([0, 1]), Array([0, 1]))
    """
    s = shape(arr)
    if len(s) < 2:
        raise ValueError("diag_indices_from: input array must be at least 2-d")
    if any(d != s[0] for d in s):
        raise ValueError("diag_indices_from: All dimensions of input must be of equal length")
    return diag_indices(s[0], len(s))


# ------------------------------------------------------------------- pad ----

_PAD_KWARGS = {"constant": {"constant_values"}, "edge": set(), "linear_ramp": {"end_values"},
               "maximum": {"stat_length"}, "minimum": {"stat_length"},
               "mean": {"stat_length"}, "median": {"stat_length"},
               "reflect": {"reflect_type"}, "symmetric": {"reflect_type"}, "wrap": set(),
               "empty": set()}


def _pairs(x, ndim, name, argname, as_index):
    """NumPy's per-axis (before, after) pairs of pad_width / constant_values / ...: a
    scalar, a pair for every axis, one pair per axis, or a dict {axis: pair}; Python
    values (ptensor arrays are read on the host: they are a few numbers)."""
    if isinstance(x, dict):
        out = [(0, 0)] * ndim
        for ax, v in x.items():
            ax = _axis(ax, ndim, name)
            p = _pairs(v, 1, name, argname, as_index)[0]
            out[ax] = p
        return out
    v = np.asarray(x.to_numpy() if _ours(x) else x)
    if as_index:
        if v.dtype.kind not in "iub":
            raise TypeError(f"{name}: `{argname}` must be of integral type.")
        if v.size and v.min() < 0:
            raise ValueError(f"{name}: index can't contain negative values")
        v = v.astype(np.int64)
    if v.size == 1:
        e = v.reshape(()).item()
        return [(e, e)] * ndim
    if v.shape == (2,):
        return [tuple(v.tolist())] * ndim
    try:
        b = np.broadcast_to(v, (ndim, 2))
    except ValueError:
        raise ValueError(f"{name}: {argname} of shape {v.shape} does not broadcast to "
                         f"({ndim}, 2)") from None
    return [tuple(r) for r in b.tolist()]


def _fill(shape, value, d):
    """An array of shape filled with value cast to d (as NumPy's assignment casts)."""
    v = pt.asarray(value)
    return pt.broadcast_to(pt.astype(v, d), shape) if v.dtype != d else \
        pt.broadcast_to(v, shape)


def _with_len(x, axis, n):
    s = list(x.shape)
    s[axis] = n
    return tuple(s)


def _cat(parts, axis):
    parts = [p for p in parts if p is not None and p.shape[axis] > 0]
    return parts[0] if len(parts) == 1 else pt.concat(parts, axis=axis)


def _pad_reflect(x, axis, b, a, include_edge, odd):
    """reflect / symmetric padding of one axis in chunks: each chunk mirrors at most a whole
    number of periods of what is there, so that odd reflections build on the last chunk as
    NumPy's do."""
    n = x.shape[axis]
    period = n if include_edge else n - 1
    while b > 0 or a > 0:
        L = x.shape[axis]
        base = (L // period) * period if include_edge else (L - 1) // period * period
        left = right = None
        if b > 0:
            c = min(base, b)
            s = _at(x, axis, slice(0, c)) if include_edge else _at(x, axis, slice(1, c + 1))
            left = pt.flip(s, axis=axis)
            if odd:
                left = 2 * _at(x, axis, slice(0, 1)) - left
            b -= c
        if a > 0:
            c = min(base, a)
            s = _at(x, axis, slice(L - c, L)) if include_edge else \
                _at(x, axis, slice(L - c - 1, L - 1))
            right = pt.flip(s, axis=axis)
            if odd:
                right = 2 * _at(x, axis, slice(L - 1, L)) - right
            a -= c
        x = _cat([left, x, right], axis)
    return x


def _pad_wrap(x, axis, b, a):
    n = x.shape[axis]
    while b > 0 or a > 0:
        L = x.shape[axis]
        p = L // n * n
        left = right = None
        if b > 0:
            c = min(p, b)
            left = _at(x, axis, slice(p - c, p))
            b -= c
        if a > 0:
            c = min(p, a)
            right = _at(x, axis, slice(L - p, L - p + c))
            a -= c
        x = _cat([left, x, right], axis)
    return x


def _ramp(x, axis, width, end, at_start):
    """linear_ramp's values from end toward the edge value (excluded), as NumPy's
    linspace(end, edge, width, endpoint=False) in x's dtype (integers floored)."""
    n = x.shape[axis]
    edge = _at(x, axis, slice(0, 1) if at_start else slice(n - 1, n))
    ct = x.dtype if dt.is_inexact(x.dtype) else dt.float64
    e = pt.astype(edge, ct)
    shape = [1] * x.ndim
    shape[axis] = width
    i = pt.reshape(pt.arange(width, dtype=ct), tuple(shape))
    r = end + i * ((e - end) / width)
    if not dt.is_inexact(x.dtype):
        r = pt.floor(r)
    r = pt.astype(r, x.dtype)
    return r if at_start else pt.flip(r, axis=axis)


def _stat(x, axis, length, func, at_start):
    n = x.shape[axis]
    k = n if length is None else max(1, min(int(length), n))
    part = _at(x, axis, slice(0, k) if at_start else slice(n - k, n))
    if func == "maximum":
        return pt.max(part, axis=axis, keepdims=True)
    if func == "minimum":
        return pt.min(part, axis=axis, keepdims=True)
    ct = x.dtype if dt.is_inexact(x.dtype) else dt.float64
    part = pt.astype(part, ct) if part.dtype != ct else part
    if func == "mean":
        r = pt.mean(part, axis=axis, keepdims=True)
    else:
        r = pt.median(part, axis=axis, keepdims=True)
    if not dt.is_inexact(x.dtype):
        r = pt.round(r)
    return pt.astype(r, x.dtype) if r.dtype != x.dtype else r


def pad(array, pad_width, mode="constant", **kwargs):
    """Pad an array.

    As numpy.pad: ``array`` grown by ``pad_width`` (a number, a (before, after) pair, one pair
    per axis, or a dict {axis: pair}) in the modes 'constant' (``constant_values``), 'edge',
    'linear_ramp' (``end_values``), 'maximum', 'minimum', 'mean', 'median' (``stat_length``),
    'reflect', 'symmetric' (``reflect_type`` 'even' or 'odd'), 'wrap' and 'empty'. The axes are
    padded one after another (corners come from the later axes, as in NumPy), with slices,
    ``flip`` and ``concat``. The dtype is kept.

    Parameters
    ----------
    array : Array or array_like
        The array to pad.
    pad_width : int, sequence or dict
        The number of values added before and after each axis.
    mode : str, optional
        One of the modes above (default 'constant').
    **kwargs
        ``constant_values``, ``end_values``, ``stat_length`` or ``reflect_type``, as NumPy.

    Returns
    -------
    Array
        The padded array.

    Notes
    -----
    ``mode='empty'`` fills the padding with zeros (NumPy leaves it undefined). A callable
    ``mode`` is not supported (ValueError).

    Examples
    --------
    >>> x = pt.asarray([1, 2, 3])
    >>> pt.pad(x, (1, 2), constant_values=9)
    Array([9, 1, 2, 3, 9, 9])
    >>> pt.pad(x, 2, mode="reflect")
    Array([3, 2, 1, 2, 3, 2, 1])
    >>> pt.pad(pt.asarray([[1, 2], [3, 4]]), 1)
    Array([[0, 0, 0, 0],
           [0, 1, 2, 0],
           [0, 3, 4, 0],
           [0, 0, 0, 0]])
    """
    x = _arr(array, "pad")
    nd = x.ndim
    if callable(mode) or mode not in _PAD_KWARGS:
        raise ValueError(f"pad: mode {mode!r} is not supported")
    bad = set(kwargs) - _PAD_KWARGS[mode]
    if bad:
        raise ValueError(f"pad: unsupported keyword arguments for mode '{mode}': {bad}")
    widths = _pairs(pad_width, nd, "pad", "pad_width", True)
    if mode not in ("constant", "empty"):
        for ax, (b, a) in enumerate(widths):
            if x.shape[ax] == 0 and (b or a):
                raise ValueError(f"pad: can't extend empty axis {ax} using modes other than "
                                 "'constant' or 'empty'")
    if mode in ("constant", "empty"):
        vals = _pairs(kwargs.get("constant_values", 0) if mode == "constant" else 0, nd,
                      "pad", "constant_values", False)
    elif mode == "linear_ramp":
        vals = _pairs(kwargs.get("end_values", 0), nd, "pad", "end_values", False)
    elif mode in ("maximum", "minimum", "mean", "median"):
        sl = kwargs.get("stat_length")
        vals = [(None, None)] * nd if sl is None else _pairs(sl, nd, "pad", "stat_length",
                                                              True)
    else:
        rtype = kwargs.get("reflect_type", "even")
        if rtype not in ("even", "odd"):
            raise ValueError(f"pad: reflect_type must be 'even' or 'odd', got {rtype!r}")
    for ax in range(nd):
        b, a = widths[ax]
        if b == 0 and a == 0:
            continue
        n = x.shape[ax]
        if mode in ("constant", "empty"):
            vb, va = vals[ax]
            x = _cat([_fill(_with_len(x, ax, b), vb, x.dtype), x,
                      _fill(_with_len(x, ax, a), va, x.dtype)], ax)
        elif mode == "edge":
            x = _cat([pt.broadcast_to(_at(x, ax, slice(0, 1)), _with_len(x, ax, b)), x,
                      pt.broadcast_to(_at(x, ax, slice(n - 1, n)), _with_len(x, ax, a))], ax)
        elif mode == "linear_ramp":
            vb, va = vals[ax]
            x = _cat([_ramp(x, ax, b, vb, True) if b else None, x,
                      _ramp(x, ax, a, va, False) if a else None], ax)
        elif mode in ("maximum", "minimum", "mean", "median"):
            lb, la = vals[ax]
            x = _cat([pt.broadcast_to(_stat(x, ax, lb, mode, True), _with_len(x, ax, b)), x,
                      pt.broadcast_to(_stat(x, ax, la, mode, False), _with_len(x, ax, a))],
                     ax)
        elif mode == "wrap":
            x = _pad_wrap(x, ax, b, a)
        elif n == 1 and mode == "reflect":
            x = _cat([pt.broadcast_to(x, _with_len(x, ax, b)), x,
                      pt.broadcast_to(x, _with_len(x, ax, a))], ax)
        else:
            x = _pad_reflect(x, ax, b, a, mode == "symmetric", rtype == "odd")
    if x is array:
        x = pt.asarray(x, copy=True)
    return x


# -------------------------------------------------- functions over axes ----

def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply a function to the 1-D slices of an array along an axis.

    As numpy.apply_along_axis: ``func1d(slice, *args, **kwargs)`` on every 1-D slice of ``arr``
    along ``axis``; the results (all of one shape) are stacked, their dimensions taking the place
    of ``axis``. It is a Python loop over the slices (one call each, as in NumPy).

    Parameters
    ----------
    func1d : callable
        Called with one 1-D slice.
    axis : int
        The axis the slices run along.
    arr : Array or array_like
        The input array.
    *args, **kwargs
        Passed on to ``func1d``.

    Returns
    -------
    Array
        The stacked results.

    See Also
    --------
    apply_over_axes : Apply a reduction over several axes.

    Examples
    --------
    >>> m = pt.asarray([[3, 1, 2], [6, 5, 4]])
    >>> pt.apply_along_axis(pt.sort, 1, m)
    Array([[1, 2, 3],
           [4, 5, 6]])
    >>> pt.apply_along_axis(lambda r: r.sum(), 0, m)
    Array([9, 6, 6])
    """
    x = _arr(arr, "apply_along_axis")
    nd = x.ndim
    axis = _axis(axis, nd, "apply_along_axis")
    outer = tuple(x.shape[:axis]) + tuple(x.shape[axis + 1:])
    if any(n == 0 for n in outer):
        raise ValueError("apply_along_axis: Cannot apply_along_axis when any iteration "
                         "dimensions are 0")
    xm = pt.moveaxis(x, axis, -1) if axis != nd - 1 else x
    res = []
    for idx in np.ndindex(*outer):
        r = func1d(xm[idx], *args, **kwargs)
        res.append(r if _ours(r) else pt.asarray(r))
    shape0 = tuple(res[0].shape)
    if any(tuple(r.shape) != shape0 for r in res):
        raise ValueError("apply_along_axis: func1d returned results of different shapes")
    rt = dt.result_type(*[r.dtype for r in res])
    out = pt.stack([_astype(r, rt) for r in res]) if len(res) > 1 else res[0][None]
    out = pt.reshape(out, outer + shape0)
    k = len(shape0)
    if k == 0:
        return out
    # the result's dimensions go where axis was
    src = tuple(range(len(outer), len(outer) + k))
    dst = tuple(range(axis, axis + k))
    return pt.moveaxis(out, src, dst) if src != dst else out


def apply_over_axes(func, a, axes):
    """Apply a function repeatedly over multiple axes.

    As numpy.apply_over_axes: ``func(a, axis)`` for each axis in ``axes`` in turn, each result
    given back its reduced dimension (``func`` must keep the number of dimensions or lose one).

    Parameters
    ----------
    func : callable
        Called as ``func(a, axis)``.
    a : Array or array_like
        The input array.
    axes : int or sequence of ints
        The axes to apply ``func`` over.

    Returns
    -------
    Array
        The result, with ``a``'s number of dimensions.

    See Also
    --------
    apply_along_axis : Apply a function to 1-D slices.

    Examples
    --------
    >>> pt.apply_over_axes(pt.sum, pt.arange(24).reshape(2, 3, 4), [0, 2])
    Array([[[ 60],
            [ 92],
            [124]]])
    """
    x = _arr(a, "apply_over_axes")
    nd = x.ndim
    axes = (axes,) if isinstance(axes, (int, np.integer)) else tuple(axes)
    for ax in axes:
        ax = _int(ax, "apply_over_axes", "axes")
        if ax < 0:
            ax += nd
        r = func(x, ax)
        r = r if _ours(r) else pt.asarray(r)
        if r.ndim != nd:
            r = pt.expand_dims(r, axis=ax)
            if r.ndim != nd:
                raise ValueError("apply_over_axes: function is not returning an array of the "
                                 "correct shape")
        x = r
    return x


# -------------------------------------------------------- in-place writes ----

def _cycled(values, k, d, name):
    """values flattened, repeated to length k, cast to d (unsafe, as NumPy's)."""
    v = _arr(values, name, "values")
    v = v if v.ndim == 1 else pt.reshape(v, (-1,))
    m = v.shape[0]
    if m != k:
        v = pt.take(v, pt.asarray(np.arange(k, dtype=np.int64) % m))
    return _astype(v, d)


def fill_diagonal(a, val, wrap=False):
    """Fill the main diagonal of the given array, in place.

    As numpy.fill_diagonal: ``a[i, i, ..., i]`` is set to ``val`` (flattened, repeated
    cyclically, cast to ``a``'s dtype). For a tall 2-D matrix, ``wrap=True`` starts again below
    each square block, as NumPy does. Arrays of more than two dimensions must have every
    dimension of one length.

    Parameters
    ----------
    a : Array
        A ptensor array of at least two dimensions, written in place.
    val : scalar or Array or array_like
        The values of the diagonal.
    wrap : bool, optional
        Wrap around for tall matrices (default False).

    Returns
    -------
    None

    See Also
    --------
    diag_indices

    Examples
    --------
    >>> a = pt.zeros((3, 3), dtype=int)
    >>> pt.fill_diagonal(a, 5)
    >>> a
    Array([[5, 0, 0],
           [0, 5, 0],
           [0, 0, 5]])
    >>> a = pt.zeros((5, 2), dtype=int)
    >>> pt.fill_diagonal(a, [1, 2], wrap=True)
    >>> a
    Array([[1, 0],
           [0, 2],
           [0, 0],
           [1, 0],
           [0, 2]])
    """
    if not _ours(a):
        raise TypeError(f"fill_diagonal: a must be a ptensor array, not {type(a).__name__}")
    if a.ndim < 2:
        raise ValueError("fill_diagonal: array must be at least 2-d")
    if a.ndim == 2:
        rows, cols = a.shape
        end = None if wrap else cols * cols
        flat = np.arange(a.size, dtype=np.int64)[:end:cols + 1]
        idx = (flat // cols, flat % cols) if cols else (flat, flat)
    else:
        if len(set(a.shape)) != 1:
            raise ValueError("fill_diagonal: All dimensions of input must be of equal length")
        idx = (np.arange(a.shape[0], dtype=np.int64),) * a.ndim
    k = idx[0].shape[0]
    if k == 0:
        return None
    v = _arr(val, "fill_diagonal", "val")
    if v.size == 0:
        return None
    a[tuple(pt.asarray(i) for i in idx)] = _cycled(v, k, a.dtype, "fill_diagonal")
    return None


def putmask(a, mask, values):
    """Change elements of an array based on a mask and input values, in place.

    As numpy.putmask: ``a.flat[n] = values.flat[n % len(values)]`` where ``mask.flat[n]`` is true
    (the value is taken by position, not by count, and cast to ``a``'s dtype). ``mask`` must have
    ``a``'s size (ValueError otherwise).

    Parameters
    ----------
    a : Array
        A ptensor array, written in place.
    mask : Array or array_like
        Where to write.
    values : scalar or Array or array_like
        The values, repeated cyclically.

    Returns
    -------
    None

    See Also
    --------
    copyto, place, where

    Examples
    --------
    >>> a = pt.arange(6).reshape(2, 3)
    >>> pt.putmask(a, a > 2, a ** 2)
    >>> a
    Array([[ 0,  1,  2],
           [ 9, 16, 25]])
    >>> a = pt.arange(5)
    >>> pt.putmask(a, a > 1, [-1, -2])
    >>> a
    Array([ 0,  1, -1, -2, -1])
    """
    if not _ours(a):
        raise TypeError("putmask: first argument must be an array")
    m = _arr(mask, "putmask", "mask")
    if m.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    v = _arr(values, "putmask", "values")
    if v.size == 0 or a.size == 0:
        return None
    m = pt.reshape(m, tuple(a.shape)) if tuple(m.shape) != tuple(a.shape) else m
    if m.dtype != dt.bool_:
        m = m != 0
    full = pt.reshape(_cycled(v, a.size, a.dtype, "putmask"), tuple(a.shape))
    a[...] = pt.where(m, full, a)
    return None


def asfortranarray(a, dtype=None, *, like=None):
    """Return an array (ndim >= 1) laid out in Fortran order, as far as ptensor can.

    As numpy.asfortranarray: ``a`` as an array of at least one dimension and of ``dtype``.

    Parameters
    ----------
    a : Array or array_like
        The data.
    dtype : dtype, optional
        The result dtype.
    like : None
        Accepted for NumPy compatibility; only None is supported.

    Returns
    -------
    Array
        ``a`` with at least one dimension.

    Notes
    -----
    ptensor arrays are C-ordered: the result is a copy in C order (NumPy gives a column-major
    array, and for an input already in that order the input itself).

    See Also
    --------
    ascontiguousarray, asarray

    Examples
    --------
    >>> pt.asfortranarray([[1, 2], [3, 4]])
    Array([[1, 2],
           [3, 4]])
    """
    _no_like(like, "asfortranarray")
    x = asanyarray(a, dtype)
    x = pt.asarray(x, copy=True)
    return x[None] if x.ndim == 0 else x


def _k_keyword_only(f):
    try:
        p = inspect.signature(f).parameters.get("k")
    except (TypeError, ValueError):
        return False
    return p is not None and p.kind == inspect.Parameter.KEYWORD_ONLY


def mask_indices(n, mask_func, k=0):
    """Return the indices to access (n, n) arrays, given a masking function.

    As numpy.mask_indices: the indices (int64 arrays) of the non-zero entries of
    ``mask_func(ones((n, n), int), k)``, e.g. with ``triu`` or ``tril`` (``pt.triu`` and
    ``pt.tril``, whose ``k`` is keyword-only, get ``k=k``).

    Parameters
    ----------
    n : int
        The size of the square arrays.
    mask_func : callable
        Called as ``mask_func(a, k)``; returns an (n, n) array.
    k : int, optional
        Passed on to ``mask_func``.

    Returns
    -------
    tuple of Array
        The row and column indices.

    See Also
    --------
    triu_indices, tril_indices

    Examples
    --------
    >>> pt.mask_indices(3, pt.triu, 1)
    (Array([0, 0, 1]), Array([1, 2, 2]))
    """
    n = _int(n, "mask_indices", "n")
    ones = pt.ones((n, n), dtype=dt.int64)
    m = mask_func(ones, k=k) if _k_keyword_only(mask_func) else mask_func(ones, k)
    m = m if _ours(m) else pt.asarray(m)
    return pt.nonzero(m != 0)


__all__ += ["pad", "apply_along_axis", "apply_over_axes", "fill_diagonal", "putmask",
            "asfortranarray", "mask_indices"]

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
    """A ptensor array from an array, nested sequences or a scalar (NumPy's np.array, with
    ptensor's asarray underneath): copy=True always copies, None copies only when needed,
    False raises ValueError when a copy is needed (always for Python sequences and scalars);
    ndmin prepends axes of size 1. Nested sequences holding ptensor arrays are stacked by
    ptensor. order is accepted (ptensor arrays are C-ordered); subok is ignored; ndmax (NumPy
    2.4) limits the depth read from nested sequences (the result must still have a numeric
    dtype); like= must be None. float16 data become float32."""
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
    """a as a ptensor array (NumPy's asanyarray: array(a, dtype, copy=copy); ptensor has no
    array subclasses): ptensor arrays without a dtype change are returned as they are."""
    _no_like(like, "asanyarray")
    _check_order(order, "asanyarray")
    if _ours(a) and copy is not True and (dtype is None or _to_dtype(dtype, "asanyarray")
                                           == a.dtype):
        r = a
    else:
        r = array(a, dtype, copy=copy, order=order or "K")
    return r if device is None else pt.asarray(r, device=device)


def ascontiguousarray(a, dtype=None, *, like=None):
    """a as a ptensor array with at least one dimension (every ptensor array is C-contiguous:
    a ptensor array of the dtype is returned as it is, a 0-d one as a 1-element view)."""
    _no_like(like, "ascontiguousarray")
    x = asanyarray(a, dtype)
    return x[None] if x.ndim == 0 else x


def asarray_chkfinite(a, dtype=None, order=None):
    """a as a ptensor array (asanyarray), ValueError when it holds an infinity or a NaN (its
    values are checked: a read of one bool)."""
    x = asanyarray(a, dtype, order)
    if dt.is_inexact(x.dtype) and x.size and not bool(pt.all(pt.isfinite(x))):
        raise ValueError("asarray_chkfinite: array must not contain infs or NaNs")
    return x


def copy(a, order="K", subok=False):
    """A new ptensor array with a's values (order accepted: ptensor arrays are C-ordered)."""
    return array(a, copy=True, order=order)


def identity(n, dtype=None, *, like=None):
    """The n x n identity matrix (default dtype float64)."""
    _no_like(like, "identity")
    n = _int(n, "identity", "n")
    if n < 0:
        raise ValueError("identity: negative dimensions are not allowed")
    return pt.eye(n, dtype=dt.float64 if dtype is None else _to_dtype(dtype, "identity"))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """function(*idx, **kwargs) where idx are the index arrays of shape (as indices(shape,
    dtype)): whatever function returns (NumPy's fromfunction)."""
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
    """base ** values, the values evenly spaced from start to stop (NumPy's logspace): start,
    stop and base may be arrays (broadcast; the samples along axis)."""
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
    """num values from start to stop spaced evenly on a log scale, start and stop exactly
    (NumPy's geomspace): negative bounds give negative values, complex ones points on the
    spiral between them; ValueError when a bound is zero (a read of one bool)."""
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
    """The index grids of an array of shape dimensions: one array of shape (len(dimensions),
    *dimensions), or (sparse=True) a tuple of arrays broadcastable to dimensions."""
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
    """An N x M array with ones at and below the k-th diagonal, zeros above (default dtype
    float64)."""
    _no_like(like, "tri")
    n = max(_int(N, "tri", "N"), 0)
    m = n if M is None else max(_int(M, "tri", "M"), 0)
    k = _int(k, "tri", "k")
    mask = pt.reshape(pt.arange(n), (n, 1)) + k >= pt.reshape(pt.arange(m), (1, m))
    return _astype(mask, _to_dtype(dtype, "tri"))


def diag(v, k=0):
    """A 2-D array with the 1-D v on its k-th diagonal, or the k-th diagonal of the 2-D v (a
    new array; NumPy's is a read-only view)."""
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
    """A 2-D array with the flattened v on its k-th diagonal."""
    return diag(pt.reshape(_arr(v, "diagflat"), (-1,)), k)


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of the 1-D x: columns x**(N-1), ..., x**0 (x**0 first when
    increasing); dtype x's promoted with int64 (products accumulated as NumPy does)."""
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
    """mgrid (dense) and ogrid (open): grid[start:stop:step, ...] gives the grids of the
    slices' ranges; a complex step nj means n points from start to stop, both included."""

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
    """a with its axes reversed, or permuted by axes (negative axes count from the end): a
    new array (NumPy's is a view)."""
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
    """a with axis1 and axis2 interchanged: a new array (NumPy's is a view)."""
    x = _arr(a, "swapaxes")
    a1 = _axis(axis1, x.ndim, "swapaxes", "axis1")
    a2 = _axis(axis2, x.ndim, "swapaxes", "axis2")
    perm = list(range(x.ndim))
    perm[a1], perm[a2] = perm[a2], perm[a1]
    return pt.permute_dims(x, tuple(perm))


def rollaxis(a, axis, start=0):
    """a with axis moved to lie before position start (NumPy's rollaxis): a new array, or a
    view (a[...]) when nothing moves."""
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
    """a flattened: a new 1-D array (NumPy's is a view where it can be). order='F' reads in
    column-major order; 'A' and 'K' read a NumPy array that is Fortran-contiguous only in that
    order and everything else in row-major order (ptensor arrays are C-ordered)."""
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
    """Each argument as an array of at least 1 dimension: views (a 0-d array becomes (1,));
    one argument gives an array, several a tuple."""
    return _atleast(arys, 1, "atleast_1d")


def atleast_2d(*arys):
    """Each argument with at least 2 dimensions (views; (N,) becomes (1, N))."""
    return _atleast(arys, 2, "atleast_2d")


def atleast_3d(*arys):
    """Each argument with at least 3 dimensions (views; (N,) becomes (1, N, 1), (M, N)
    becomes (M, N, 1))."""
    return _atleast(arys, 3, "atleast_3d")


def _listed(r):
    return list(r) if isinstance(r, tuple) else [r]


def hstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays joined column-wise: along axis 1, or axis 0 for 1-D arrays (0-d ones become
    1-D)."""
    arrs = _listed(_atleast(_sequence(tup, "hstack"), 1, "hstack"))
    return _concatenate(arrs, 0 if arrs[0].ndim == 1 else 1, None, dtype, casting, "hstack")


def vstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays joined row-wise, along axis 0 (1-D arrays of length N become (1, N))."""
    arrs = _listed(_atleast(_sequence(tup, "vstack"), 2, "vstack"))
    return _concatenate(arrs, 0, None, dtype, casting, "vstack")


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """vstack (NumPy's deprecated alias: DeprecationWarning, as NumPy 2 gives)."""
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.",
                  DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    """The arrays joined depth-wise, along axis 2 (after atleast_3d)."""
    arrs = _listed(_atleast(_sequence(tup, "dstack"), 3, "dstack"))
    return _concatenate(arrs, 2, None, None, "same_kind", "dstack")


def column_stack(tup):
    """1-D arrays as columns of a 2-D array (2-D arrays joined as they are), along axis 1."""
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
    """The arrays joined along an existing axis (axis=None: flattened first); dtype converts
    them first (checked against casting, TypeError as NumPy); out, a ptensor array of the
    result's shape, is written and returned."""
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
    """ary split into equal sections (ValueError unless they divide its length) or at the
    given points along axis: a list of views."""
    return _split(ary, indices_or_sections, axis, "split", True)


def array_split(ary, indices_or_sections, axis=0):
    """split, the sections allowed unequal (the first n % sections one longer): views."""
    return _split(ary, indices_or_sections, axis, "array_split", False)


def hsplit(ary, indices_or_sections):
    """split along axis 1 (axis 0 for 1-D arrays)."""
    x = _arr(ary, "hsplit")
    if x.ndim == 0:
        raise ValueError("hsplit: hsplit only works on arrays of 1 or more dimensions")
    return _split(x, indices_or_sections, 1 if x.ndim > 1 else 0, "hsplit", True)


def vsplit(ary, indices_or_sections):
    """split along axis 0 (arrays of 2 or more dimensions)."""
    x = _arr(ary, "vsplit")
    if x.ndim < 2:
        raise ValueError("vsplit: vsplit only works on arrays of 2 or more dimensions")
    return _split(x, indices_or_sections, 0, "vsplit", True)


def dsplit(ary, indices_or_sections):
    """split along axis 2 (arrays of 3 or more dimensions)."""
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
    """An array assembled from nested lists of blocks: the innermost lists joined along the
    last axis, the next along the second last, ...; every block first given as many
    dimensions as the result (leading axes of size 1). A new array."""
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
    """arr with values inserted before the positions obj (an int, a slice or a sequence of
    ints) along axis (arr flattened when axis is None): a new array of arr's dtype (values
    converted, NumPy's casting). A scalar obj inserts values as a block (its first axis along
    axis); a sequence, one value (broadcast) before each position."""
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
    """arr without the entries obj (an int, a slice, a sequence of ints or a boolean mask of
    the axis' length) along axis (arr flattened when axis is None): a new array."""
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
    """arr with values appended along axis (both flattened when axis is None): a new array
    (values must have arr's number of dimensions otherwise)."""
    x, v = _arr(arr, "append"), _arr(values, "append")
    if axis is None:
        return _concatenate([x, v], None, None, None, "same_kind", "append")
    return _concatenate([x, v], axis, None, None, "same_kind", "append")


def resize(a, new_shape):
    """An array of new_shape filled with a's elements (flattened) repeated cyclically; zeros
    when a is empty. A new array."""
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
    """m rotated by 90 degrees k times in the plane of axes (from the first towards the
    second): flips (views) for k % 4 in (0, 2), a new array for 1 and 3."""
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
    """m with its columns (axis 1) reversed: a view."""
    x = _arr(m, "fliplr")
    if x.ndim < 2:
        raise ValueError("fliplr: Input must be >= 2-d.")
    return pt.flip(x, axis=1)


def flipud(m):
    """m with its rows (axis 0) reversed: a view."""
    x = _arr(m, "flipud")
    if x.ndim < 1:
        raise ValueError("flipud: Input must be >= 1-d.")
    return pt.flip(x, axis=0)


def trim_zeros(filt, trim="fb", axis=None):
    """filt without its leading ('f') and/or trailing ('b') zeros along axis (every axis when
    None: the bounding box of the nonzero elements): a view. Always a ptensor array (NumPy
    gives a list for a list). The bounds are read from the data (one small read)."""
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
    """The diagonal at offset of the 2-D sub-arrays in the plane (axis1, axis2): the other
    axes first, the diagonal last. A new array (NumPy's is a read-only view)."""
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
    y = pt.permute_dims(x, tuple(rest) + (a1, a2))
    y = pt.reshape(y, tuple(x.shape[i] for i in rest) + (n1 * n2,))
    flat = ((np.arange(length) + r0) * n2 + np.arange(length) + c0).astype(np.int64)
    return pt.take(y, flat, axis=y.ndim - 1)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """The sums along the diagonals (diagonal(a, offset, axis1, axis2)), NumPy's sum dtype
    (or dtype); out, a ptensor array of the result's shape, is written and returned."""
    d = diagonal(a, offset, axis1, axis2)
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
    """Cumulative sums along axis (a flattened when axis is None), NumPy's sum dtype (or
    dtype); out, a ptensor array of the result's shape, is written and returned."""
    return _cumulative(a, axis, dtype, out, "cumsum", pt.cumulative_sum)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative products along axis (a flattened when axis is None), NumPy's prod dtype
    (or dtype); out, a ptensor array of the result's shape, is written and returned."""
    return _cumulative(a, axis, dtype, out, "cumprod", pt.cumulative_prod)


def shape(a):
    """a's shape, a tuple of ints (NumPy's for Python values; nothing is computed)."""
    return tuple(a.shape) if _ours(a) else np.shape(a)


def ndim(a):
    """a's number of dimensions (an int)."""
    return a.ndim if _ours(a) else np.ndim(a)


def size(a, axis=None):
    """The number of elements of a, or along axis (an int or a tuple of ints)."""
    s = shape(a)
    if axis is None:
        return math.prod(s)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    norm = [_axis(x, len(s), "size") for x in axes]
    if len(set(norm)) != len(norm):
        raise ValueError(f"size: repeated axis in {axis!r}")
    return math.prod(s[i] for i in norm)


def copyto(dst, src, casting="same_kind", where=True):
    """Writes src (broadcast to dst's shape) into dst, a ptensor array, in place, where where=
    is true (NumPy's copyto; the cast from src's dtype must be allowed by casting). Returns
    None."""
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
    """Writes values into arr (a ptensor array, in place) at indices along axis, the other
    axes matched (NumPy's put_along_axis); axis=None: into the flattened arr. Returns None."""
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
    """Open mesh index arrays from 1-D sequences: the k-th of n shaped (1,..., len, ..., 1)
    (boolean sequences become their nonzero positions): x[ix_(rows, cols)] selects the
    cross product."""
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
    """The coordinates (a tuple of int64 arrays of indices' shape) of flat indices into an
    array of shape; ValueError for an index out of bounds (the bounds are read)."""
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
    """The flat indices (int64) of coordinate arrays into an array of shape dims; mode
    'raise' (ValueError out of bounds; the bounds are read), 'wrap' or 'clip', or a tuple of
    modes, one per dimension."""
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
    """The (row, column) int64 index arrays of the lower triangle (at and below the k-th
    diagonal) of an n x m array, in row-major order."""
    return pt.nonzero(tri(n, m, k, dtype=bool))


def triu_indices(n, k=0, m=None):
    """The (row, column) int64 index arrays of the upper triangle (at and above the k-th
    diagonal) of an n x m array, in row-major order."""
    return pt.nonzero(pt.logical_not(tri(n, m, _int(k, "triu_indices", "k") - 1, dtype=bool)))


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array of ndim dimensions: the one
    array arange(n) ndim times."""
    n = _int(n, "diag_indices", "n")
    idx = pt.arange(max(n, 0))
    return (idx,) * _int(ndim, "diag_indices", "ndim")


def _shape_of_2d(arr, name):
    s = shape(arr)
    if len(s) != 2:
        raise ValueError(f"{name}: input array must be 2-d")
    return s


def tril_indices_from(arr, k=0):
    """tril_indices of the 2-D arr's shape."""
    r, c = _shape_of_2d(arr, "tril_indices_from")
    return tril_indices(r, k=k, m=c)


def triu_indices_from(arr, k=0):
    """triu_indices of the 2-D arr's shape."""
    r, c = _shape_of_2d(arr, "triu_indices_from")
    return triu_indices(r, k=k, m=c)


def diag_indices_from(arr):
    """diag_indices of arr (at least 2-D, every dimension of one length)."""
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
    """NumPy's pad: array grown by pad_width (a number, a (before, after) pair, one pair
    per axis, or a dict {axis: pair}) in the modes 'constant' (constant_values), 'edge',
    'linear_ramp' (end_values), 'maximum', 'minimum', 'mean', 'median' (stat_length),
    'reflect', 'symmetric' (reflect_type 'even' or 'odd'), 'wrap' and 'empty' (zeros here:
    NumPy leaves the values undefined); axis by axis (corners from the later axes, as
    NumPy's), composed of slices, pt.flip and pt.concat. Deviation: a callable mode is not
    supported (ValueError)."""
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
    """NumPy's apply_along_axis: func1d(slice, *args, **kwargs) on every 1-D slice of arr
    along axis, the results (all of one shape) stacked, their dimensions taking axis's
    place. A Python loop over the slices (one call each, as NumPy's)."""
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
    """NumPy's apply_over_axes: func(a, axis) for each axis in turn, each result given
    back its reduced dimension (it must keep a's number of dimensions or lose one)."""
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
    """NumPy's fill_diagonal, in place: a's main diagonal (a[i, i, ..., i]) set to val
    (flattened, repeated cyclically, cast to a's dtype); a tall 2-D matrix with wrap=True
    starts again below each square block, as NumPy's. Returns None."""
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
    """NumPy's putmask, in place: a.flat[n] = values.flat[n % len(values)] where
    mask.flat[n] is true (the value taken by position, not by count; cast to a's dtype);
    mask must have a's size. Returns None."""
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
    """NumPy's asfortranarray: a as an array with at least one dimension, of dtype. ptensor
    arrays are C-ordered: the result is a copy in C order (NumPy gives a column-major array,
    and for an input already in that order the input itself)."""
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
    """NumPy's mask_indices: the indices (int64 arrays) of the non-zero entries of
    mask_func(ones((n, n), int), k), e.g. triu's or tril's (pt.triu and pt.tril, whose k
    is keyword-only in the array API, get k=k)."""
    n = _int(n, "mask_indices", "n")
    ones = pt.ones((n, n), dtype=dt.int64)
    m = mask_func(ones, k=k) if _k_keyword_only(mask_func) else mask_func(ones, k)
    m = m if _ours(m) else pt.asarray(m)
    return pt.nonzero(m != 0)


__all__ += ["pad", "apply_along_axis", "apply_over_axes", "fill_diagonal", "putmask",
            "asfortranarray", "mask_indices"]

"""Creation functions (array API) from shapes and values: arange, asarray, empty, zeros,
ones, full, *_like, linspace, eye, from_dlpack. (From other arrays: meshgrid, tril, triu in
_creation_derived.)"""
from __future__ import annotations

import math
import operator
from typing import TYPE_CHECKING

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _eager
from ._array import Array, Local
from ._device import as_device, default_device, index_of
from . import _ops

if TYPE_CHECKING:
    from ._dtypes import DType
    from ._typing import ArrayLike, DeviceLike, Scalar, Shape, SupportsDLPack


def check_device(device: object) -> None:
    as_device(device)  # ValueError for a device that does not exist


def _dtype_or(dtype, default):
    return default if dtype is None else dt.to_dtype(dtype)


def _default_for(value):
    if isinstance(value, bool):
        return dt.bool_
    if isinstance(value, int):
        return dt.default_int
    if isinstance(value, float):
        return dt.default_float
    if isinstance(value, complex):
        return dt.default_complex
    raise TypeError(f"fill_value must be a bool, int, float or complex, got {type(value).__name__}")


def asarray(obj: Array | ArrayLike, /, dtype: DType | None = None, order: str | None = None,
            *, device: DeviceLike | None = None, copy: bool | None = None) -> Array:
    """Convert the input to an Array.

    As numpy.asarray: an Array, a NumPy array, nested sequences or a scalar becomes a ptensor
    Array. A NumPy array is wrapped without a copy when it is aligned and ``copy`` is not
    True; an Array is returned as it is unless the dtype changes or ``copy=True``. Python
    scalars take the default dtypes (bool, int64, float64, complex128); float16 input becomes
    float32.

    Parameters
    ----------
    obj : Array or array_like
        The values.
    dtype : dtype, optional
        The result's dtype (NumPy's positional place is accepted); by default the input's.
    order : {None, "C", "K", "A"}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives (the default device when not given).
    copy : bool, optional
        True: always copy; False: never copy (ValueError when a copy is needed); None: copy
        only when needed.

    Returns
    -------
    Array
        The values as an Array.

    Examples
    --------
    >>> pt.asarray([1, 2, 3])
    Array([1, 2, 3])
    >>> pt.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=pt.float32)
    Array([[1., 2.],
           [3., 4.]], dtype=float32)
    """
    check_device(device)
    check_order(order, "asarray")
    want = None if dtype is None else dt.to_dtype(dtype)
    if isinstance(obj, Local):
        r: Array = obj
        if want is not None and want != obj.dtype:
            if copy is False:
                raise ValueError("asarray: copy=False is impossible when the dtype changes")
            r = _ops.cast(obj, want)
        elif copy:
            r = _ops.copy(obj)
        return r if device is None else r.to_device(device)
    if isinstance(obj, (bool, int, float, complex)) and want is None:
        want = _default_for(obj)
    try:
        a = np.asarray(obj, dtype=None if want is None else want.np)
    except OverflowError as e:
        raise OverflowError(f"asarray: {e}") from None
    except (TypeError, ValueError) as e:
        raise type(e)(f"asarray: cannot convert {type(obj).__name__} to an array: {e}") from None
    if want is None:
        if a.dtype.kind == "f" and a.dtype == np.float16:
            a = a.astype(np.float32)
        want = dt.to_dtype(a.dtype, "asarray element type")
    copied = a is not obj
    if copy and not copied:
        a = a.copy()
    elif copy is False and copied and isinstance(obj, np.ndarray):
        raise ValueError("asarray: copy=False is impossible for this input")
    if a.dtype.itemsize and (a.ctypes.data % a.dtype.itemsize or
                             any(s % a.dtype.itemsize for s in a.strides)):
        a = np.ascontiguousarray(a)
    out = Array._new(_core.from_numpy(a, want.code), want)
    if device is None and _eager.fast and a.size <= _eager.LIMIT:
        out._np = a  # (its values for the eager paths' reads: Array._h; the leaf is a's memory)
    return out.to_device(default_device() if device is None else device)


def check_order(order, name):
    """NumPy's order= where ptensor arrays are C-ordered: "C" (and "K"/"A", which keep the
    input's C order, or None); "F" is a ValueError."""
    if order not in (None, "C", "K", "A"):
        raise ValueError(f"{name}: order={order!r} is not supported (ptensor arrays are "
                         "C-ordered)")


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1,
           dtype: DType | None = None, *, device: DeviceLike | None = None) -> Array:
    """Return evenly spaced values within the half-open interval ``[start, stop)``.

    As numpy.arange: ``arange(stop)`` starts at 0; the values are ``start + i * step``. The
    dtype is int64 when start, stop and step are all integers, float64 otherwise, unless
    ``dtype`` is given. The result is lazy: its values are computed when read.

    Parameters
    ----------
    start : int or float
        The first value (or ``stop`` when ``stop`` is not given).
    stop : int or float, optional
        The end of the interval (not included).
    step : int or float, optional
        The spacing (default 1); zero raises ValueError.
    dtype : dtype, optional
        The result's dtype.
    device : Device, optional
        Where the array lives.

    Returns
    -------
    Array
        1-D, ``ceil((stop - start) / step)`` values (none when that is negative).

    See Also
    --------
    linspace : A given number of values, the end point included.

    Examples
    --------
    >>> pt.arange(5)
    Array([0, 1, 2, 3, 4])
    >>> pt.arange(0.0, 1.0, 0.25)
    Array([0.  , 0.25, 0.5 , 0.75])
    """
    check_device(device)
    if stop is None:
        start, stop = 0, start
    for nm, v in (("start", start), ("stop", stop), ("step", step)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) and not hasattr(v, "__index__"):
            raise TypeError(f"arange: {nm} must be an int or float, got {type(v).__name__}")
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"arange: {nm} must be finite, got {v}")
    if step == 0:
        raise ValueError("arange: step must not be zero")
    all_int = all(isinstance(v, int) or hasattr(v, "__index__") and not isinstance(v, float)
                  for v in (start, stop, step))
    d = _dtype_or(dtype, dt.default_int if all_int else dt.default_float)
    if all_int:
        start, stop, step = (operator.index(v)  # type: ignore[arg-type]
                             for v in (start, stop, step))
        n = max(0, -((start - stop) // step))  # ceil((stop - start) / step)
        sargs: list[float] = [start, step]
        for nm, v in (("start", start), ("step", step)):
            if not -2**63 <= v < 2**63:
                raise OverflowError(f"arange: {nm}={v} does not fit in a 64-bit integer")
    else:
        n = max(0, math.ceil((stop - start) / step))
        sargs = [float(start), float(step)]
    if n >= 2**63:
        raise ValueError(f"arange: maximum allowed size exceeded: {n} elements from "
                         f"start={start}, stop={stop}, step={step}")
    if dt.is_int(d) and not all_int:
        sargs = [float(start), float(step)]
    if dt.is_complex(d):  # the real parts, then a cast (the imaginary parts are 0)
        real = dt.float32 if d == dt.complex64 else dt.float64
        r = _ops.record("arange", "", [], real, (n,), iargs=[n],
                        sargs=[float(start), float(step)], device=index_of(device))
        return _ops.cast(r, d)
    return _ops.record("arange", "", [], d, (n,), iargs=[n], sargs=sargs,
                       device=index_of(device))


def empty(shape: Shape, dtype: DType | None = None, order: str = "C", *,
          device: DeviceLike | None = None) -> Array:
    """Return a new array of the given shape whose values are unspecified.

    As numpy.empty; the default dtype is float64. Read only the elements you have written.

    Parameters
    ----------
    shape : int or tuple of int
        The result's shape.
    dtype : dtype, optional
        The result's dtype (default float64).
    order : {"C", "K", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives.
    team, split : optional
        Distribute the result under mpiexec; see the distributed guide.

    Returns
    -------
    Array
        An array of ``shape`` and ``dtype``.

    See Also
    --------
    zeros : Filled with zeros.
    empty_like : Of another array's shape and dtype.

    Examples
    --------
    >>> a = pt.empty((2, 3))
    >>> a.shape, a.dtype
    ((2, 3), ptensor.float64)
    """
    check_device(device)
    check_order(order, "empty")
    return _ops.full(_ops.normalize_shape(shape), None, _dtype_or(dtype, dt.default_float),
                     index_of(device))


def zeros(shape: Shape, dtype: DType | None = None, order: str = "C", *,
          device: DeviceLike | None = None) -> Array:
    """Return a new array of the given shape filled with zeros.

    As numpy.zeros; the default dtype is float64.

    Parameters
    ----------
    shape : int or tuple of int
        The result's shape.
    dtype : dtype, optional
        The result's dtype (default float64).
    order : {"C", "K", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives.

    Returns
    -------
    Array
        Zeros of ``shape`` and ``dtype``.

    See Also
    --------
    ones : Filled with ones.
    zeros_like : Zeros of another array's shape and dtype.

    Examples
    --------
    >>> pt.zeros((2, 3))
    Array([[0., 0., 0.],
           [0., 0., 0.]])
    >>> pt.zeros(3, dtype=pt.int32)
    Array([0, 0, 0], dtype=int32)
    """
    check_device(device)
    check_order(order, "zeros")
    return _ops.full(_ops.normalize_shape(shape), 0, _dtype_or(dtype, dt.default_float),
                     index_of(device))


def ones(shape: Shape, dtype: DType | None = None, order: str = "C", *,
         device: DeviceLike | None = None) -> Array:
    """Return a new array of the given shape filled with ones.

    As numpy.ones; the default dtype is float64.

    Parameters
    ----------
    shape : int or tuple of int
        The result's shape.
    dtype : dtype, optional
        The result's dtype (default float64).
    order : {"C", "K", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives.
    team, split : optional
        Distribute the result under mpiexec; see the distributed guide.

    Returns
    -------
    Array
        Ones of ``shape`` and ``dtype``.

    See Also
    --------
    zeros : Filled with zeros.
    full : Filled with a given value.
    ones_like : Ones of another array's shape and dtype.

    Examples
    --------
    >>> pt.ones((2, 3))
    Array([[1., 1., 1.],
           [1., 1., 1.]])
    >>> pt.ones(3, dtype=pt.int32)
    Array([1, 1, 1], dtype=int32)
    """
    check_device(device)
    check_order(order, "ones")
    return _ops.full(_ops.normalize_shape(shape), 1, _dtype_or(dtype, dt.default_float),
                     index_of(device))


def full(shape: Shape, fill_value: Scalar, dtype: DType | None = None, order: str = "C", *,
         device: DeviceLike | None = None) -> Array:
    """Return a new array of the given shape filled with ``fill_value``.

    As numpy.full. Without ``dtype`` the dtype follows ``fill_value``: bool, int64, float64
    or complex128 for a Python bool, int, float or complex (a 0-d array's value is taken).

    Parameters
    ----------
    shape : int or tuple of int
        The result's shape.
    fill_value : bool, int, float or complex
        The value of every element.
    dtype : dtype, optional
        The result's dtype (default: from ``fill_value``).
    order : {"C", "K", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives.
    team, split : optional
        Distribute the result under mpiexec; see the distributed guide.

    Returns
    -------
    Array
        ``fill_value`` in every element, of ``shape`` and ``dtype``.

    Notes
    -----
    A complex ``fill_value`` with a real ``dtype`` raises TypeError, a value that does not fit
    ``dtype`` raises OverflowError, and a NaN or infinite value with an integer ``dtype``
    raises ValueError.

    See Also
    --------
    zeros : Filled with zeros.
    ones : Filled with ones.
    full_like : Filled, of another array's shape and dtype.

    Examples
    --------
    >>> pt.full((2, 2), 7)
    Array([[7, 7],
           [7, 7]])
    >>> pt.full(3, 1.5)
    Array([1.5, 1.5, 1.5])
    """
    check_device(device)
    check_order(order, "full")
    if hasattr(fill_value, "__array_namespace__") or isinstance(fill_value, np.ndarray):
        fill_value = fill_value.item() if hasattr(fill_value, "item") else fill_value
    d = _dtype_or(dtype, _default_for(fill_value))
    if not isinstance(fill_value, (bool, int, float, complex)):
        raise TypeError(f"full: fill_value must be a bool, int, float or complex, got "
                        f"{type(fill_value).__name__}")
    if isinstance(fill_value, complex) and not dt.is_complex(d):
        raise TypeError(f"full: a complex fill_value needs a complex dtype, got {d.name}")
    if not dt.scalar_fits(fill_value, d):
        raise OverflowError(f"full: fill_value {fill_value} out of bounds for {d.name}")
    if isinstance(fill_value, float) and dt.is_int(d) and not math.isfinite(fill_value):
        raise ValueError(f"full: cannot convert {fill_value} to {d.name}")
    return _ops.full(_ops.normalize_shape(shape), fill_value, d, index_of(device))


def _like(x, name, order):
    """x as an Array (NumPy arrays and nested sequences converted, as NumPy's *_like take
    them)."""
    check_order(order, name)
    if isinstance(x, Local):
        return x
    if isinstance(x, (np.ndarray, np.generic, list, tuple, bool, int, float, complex)):
        return asarray(x)
    raise TypeError(f"{name}: x must be a ptensor Array, got {type(x).__name__}")


def _like_shape(x, shape):
    return x.shape if shape is None else shape


def empty_like(x: Array, /, dtype: DType | None = None, order: str = "K", subok: bool = True,
               shape: Shape | None = None, *, device: DeviceLike | None = None) -> Array:
    """Return a new array of ``x``'s shape and dtype whose values are unspecified.

    As numpy.empty_like: ``dtype`` and ``shape``, when given, replace ``x``'s. ``x`` may be an
    Array, a NumPy array or a nested sequence. For a distributed ``x`` the result has its
    layout.

    Parameters
    ----------
    x : Array or array_like
        The array whose shape and dtype are taken.
    dtype : dtype, optional
        The result's dtype (default ``x.dtype``).
    order : {"K", "C", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    subok : bool, optional
        Accepted for NumPy's signature and ignored.
    shape : int or tuple of int, optional
        The result's shape (default ``x.shape``).
    device : Device, optional
        Where the array lives (default ``x.device``).

    Returns
    -------
    Array
        An array of ``x``'s (or the given) shape and dtype.

    See Also
    --------
    empty : Of a given shape.
    zeros_like : Filled with zeros.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> a = pt.empty_like(x)
    >>> a.shape, a.dtype
    ((2, 3), ptensor.int64)
    """
    x = _like(x, "empty_like", order)
    return empty(_like_shape(x, shape), dtype=dtype or x.dtype,
                 device=x.device if device is None else device)


def zeros_like(x: Array, /, dtype: DType | None = None, order: str = "K", subok: bool = True,
               shape: Shape | None = None, *, device: DeviceLike | None = None) -> Array:
    """Return a new array of ``x``'s shape and dtype filled with zeros.

    As numpy.zeros_like: ``dtype`` and ``shape``, when given, replace ``x``'s. ``x`` may be an
    Array, a NumPy array or a nested sequence. For a distributed ``x`` the result has its
    layout.

    Parameters
    ----------
    x : Array or array_like
        The array whose shape and dtype are taken.
    dtype : dtype, optional
        The result's dtype (default ``x.dtype``).
    order : {"K", "C", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    subok : bool, optional
        Accepted for NumPy's signature and ignored.
    shape : int or tuple of int, optional
        The result's shape (default ``x.shape``).
    device : Device, optional
        Where the array lives (default ``x.device``).

    Returns
    -------
    Array
        An array of ``x``'s (or the given) shape and dtype, filled with zeros.

    See Also
    --------
    zeros : Of a given shape.
    ones_like : Filled with ones.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.zeros_like(x)
    Array([[0, 0, 0],
           [0, 0, 0]])
    """
    x = _like(x, "zeros_like", order)
    return zeros(_like_shape(x, shape), dtype=dtype or x.dtype,
                 device=x.device if device is None else device)


def ones_like(x: Array, /, dtype: DType | None = None, order: str = "K", subok: bool = True,
              shape: Shape | None = None, *, device: DeviceLike | None = None) -> Array:
    """Return a new array of ``x``'s shape and dtype filled with ones.

    As numpy.ones_like: ``dtype`` and ``shape``, when given, replace ``x``'s. ``x`` may be an
    Array, a NumPy array or a nested sequence. For a distributed ``x`` the result has its
    layout.

    Parameters
    ----------
    x : Array or array_like
        The array whose shape and dtype are taken.
    dtype : dtype, optional
        The result's dtype (default ``x.dtype``).
    order : {"K", "C", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    subok : bool, optional
        Accepted for NumPy's signature and ignored.
    shape : int or tuple of int, optional
        The result's shape (default ``x.shape``).
    device : Device, optional
        Where the array lives (default ``x.device``).

    Returns
    -------
    Array
        An array of ``x``'s (or the given) shape and dtype, filled with ones.

    See Also
    --------
    ones : Of a given shape.
    zeros_like : Filled with zeros.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.ones_like(x, dtype=pt.float32)
    Array([[1., 1., 1.],
           [1., 1., 1.]], dtype=float32)
    """
    x = _like(x, "ones_like", order)
    return ones(_like_shape(x, shape), dtype=dtype or x.dtype,
                device=x.device if device is None else device)


def full_like(x: Array, /, fill_value: Scalar, dtype: DType | None = None, order: str = "K",
              subok: bool = True, shape: Shape | None = None, *,
              device: DeviceLike | None = None) -> Array:
    """Return a new array of ``x``'s shape and dtype filled with ``fill_value``.

    As numpy.full_like: ``dtype`` and ``shape``, when given, replace ``x``'s. ``x`` may be an
    Array, a NumPy array or a nested sequence. For a distributed ``x`` the result has its
    layout.

    Parameters
    ----------
    x : Array or array_like
        The array whose shape and dtype are taken.
    fill_value : bool, int, float or complex
        The value of every element (converted to the result's dtype: 2.7 in an int64
        array is 2).
    dtype : dtype, optional
        The result's dtype (default ``x.dtype``).
    order : {"K", "C", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    subok : bool, optional
        Accepted for NumPy's signature and ignored.
    shape : int or tuple of int, optional
        The result's shape (default ``x.shape``).
    device : Device, optional
        Where the array lives (default ``x.device``).

    Returns
    -------
    Array
        An array of ``x``'s (or the given) shape and dtype, filled with ``fill_value``.

    See Also
    --------
    full : Of a given shape.
    zeros_like : Filled with zeros.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.full_like(x, 7)
    Array([[7, 7, 7],
           [7, 7, 7]])
    >>> pt.full_like(x, 2.5, dtype=pt.float64)
    Array([[2.5, 2.5, 2.5],
           [2.5, 2.5, 2.5]])
    """
    x = _like(x, "full_like", order)
    return full(_like_shape(x, shape), fill_value, dtype=dtype or x.dtype,
                device=x.device if device is None else device)


def linspace(start: int | float | complex, stop: int | float | complex, /, num: int = 50,
             endpoint: bool = True, retstep: bool = False, dtype: DType | None = None,
             axis: int = 0, *, device: DeviceLike | None = None):
    """Return ``num`` evenly spaced values from ``start`` to ``stop``.

    As numpy.linspace: the values are ``start + i * step``, with ``stop`` included (the last
    value is exactly ``stop``) unless ``endpoint=False``. The dtype is float64, complex128 when
    a bound is complex, unless ``dtype`` (a floating-point or complex type) is given. NaN and
    infinite bounds give NumPy's values. The result is lazy: its values are computed when
    read.

    Parameters
    ----------
    start, stop : int, float or complex
        The bounds (numbers; array bounds are not supported).
    num : int, optional
        How many values (default 50); negative raises ValueError.
    endpoint : bool, optional
        Whether ``stop`` is the last value (default True).
    retstep : bool, optional
        Return ``(values, step)`` instead of the values.
    dtype : dtype, optional
        The result's dtype; an integer dtype raises TypeError.
    axis : int, optional
        Must be 0 (the bounds are numbers).
    device : Device, optional
        Where the array lives.
    team, split : optional
        Distribute the result under mpiexec; see the distributed guide.

    Returns
    -------
    Array
        1-D, ``num`` values (with the step as a Python number when ``retstep=True``).

    See Also
    --------
    arange : Values with a given step.

    Examples
    --------
    >>> pt.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> pt.linspace(0, 1, 4, endpoint=False)
    Array([0.  , 0.25, 0.5 , 0.75])
    >>> pt.linspace(0, 1, 5, retstep=True)
    (Array([0.  , 0.25, 0.5 , 0.75, 1.  ]), 0.25)
    """
    if retstep:
        r = linspace(start, stop, num, endpoint, False, dtype, axis, device=device)
        n = _ops.as_index(num, "linspace: num")
        div = (n - 1) if endpoint else n
        return r, ((stop - start) / div if div > 0 else math.nan)
    if axis != 0:
        raise ValueError("linspace: axis must be 0 (start and stop are numbers)")
    check_device(device)
    for nm, v in (("start", start), ("stop", stop)):
        if isinstance(v, bool) or not isinstance(v, (int, float, complex)):
            raise TypeError(f"linspace: {nm} must be an int, float or complex, got "
                            f"{type(v).__name__}")
    num = _ops.as_index(num, "linspace: num")
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative, got {num}")
    cplx = isinstance(start, complex) or isinstance(stop, complex)
    d = _dtype_or(dtype, dt.default_complex if cplx else dt.default_float)
    if not dt.is_inexact(d) or (cplx and not dt.is_complex(d)):
        raise TypeError(f"linspace: dtype must be a {'complex' if cplx else 'floating-point'} "
                        f"type, got {d.name}")
    if dt.is_complex(d):  # the real and imaginary parts are two real linspaces (as NumPy's)
        start, stop = complex(start), complex(stop)
        r, i = (linspace(a, b, num, dtype=dt.real_dtype(d), device=device, endpoint=endpoint)
                for a, b in ((start.real, stop.real), (start.imag, stop.imag)))
        return _ops.cast(r, d) + _ops.cast(i, d) * 1j
    return _ops.record("linspace", "", [], d, (num,), attrs=[int(bool(endpoint))], iargs=[num],
                       sargs=[float(start), float(stop)],  # type: ignore[arg-type]
                       device=index_of(device))


def eye(n_rows: int, n_cols: int | None = None, /, k: int = 0, dtype: DType | None = None,
        order: str = "C", *, device: DeviceLike | None = None) -> Array:
    """Return a 2-D array with ones on the ``k``-th diagonal and zeros elsewhere.

    As numpy.eye (with the array API's positional-only sizes); the default dtype is float64.

    Parameters
    ----------
    n_rows : int
        The number of rows.
    n_cols : int, optional
        The number of columns (default ``n_rows``).
    k : int, optional
        The diagonal: 0 the main one (default), positive above it, negative below.
    dtype : dtype, optional
        The result's dtype (default float64).
    order : {"C", "K", "A", None}, optional
        Accepted for NumPy's signature; ptensor arrays are C-ordered, ``"F"`` raises
        ValueError.
    device : Device, optional
        Where the array lives.
    team, split : optional
        Distribute the result under mpiexec; see the distributed guide.

    Returns
    -------
    Array
        Of shape ``(n_rows, n_cols)``.

    See Also
    --------
    zeros : Filled with zeros.
    tril : The lower triangle of an array.

    Examples
    --------
    >>> pt.eye(3)
    Array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    >>> pt.eye(2, 3, k=1, dtype=pt.int64)
    Array([[0, 1, 0],
           [0, 0, 1]])
    """
    check_device(device)
    n_rows = _ops.as_index(n_rows, "eye: n_rows")
    n_cols = n_rows if n_cols is None else _ops.as_index(n_cols, "eye: n_cols")
    check_order(order, "eye")
    k = _ops.as_index(k, "eye: k")
    if n_rows < 0 or n_cols < 0:
        raise ValueError(f"eye: sizes must be non-negative, got ({n_rows}, {n_cols})")
    d = _dtype_or(dtype, dt.default_float)
    k = max(-n_rows, min(k, n_cols))  # diagonals outside the matrix: none (any Python int)
    return _ops.record("eye", "", [], d, (n_rows, n_cols), iargs=[n_rows, n_cols, k],
                       device=index_of(device))


def from_dlpack(x: SupportsDLPack, /, *, device: DeviceLike | None = None,
                copy: bool | None = None) -> Array:
    """Return an Array from any object that supports the DLPack protocol.

    As numpy.from_dlpack / the array API's ``from_dlpack``: ``x`` (an object with
    ``__dlpack__`` on the CPU, such as a NumPy array) is read through NumPy's
    ``from_dlpack`` and converted as by :func:`asarray`.

    Parameters
    ----------
    x : object
        The source, an object with ``__dlpack__``; another object raises TypeError.
    device : Device, optional
        Where the array lives (another device than the CPU copies the data there).
    copy : bool, optional
        True copies the data; None (default) and False are passed to NumPy's
        ``from_dlpack`` (False raises where NumPy cannot avoid a copy).

    Returns
    -------
    Array
        ``x``'s values, shape and dtype.

    See Also
    --------
    asarray : Convert an array_like.

    Examples
    --------
    >>> pt.from_dlpack(np.arange(3.0))
    Array([0., 1., 2.])
    """
    check_device(device)
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: {type(x).__name__} does not support DLPack")
    a = np.from_dlpack(x, copy=copy)
    return asarray(a, copy=True if copy else None, device=device)

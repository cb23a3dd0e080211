"""Inspection and data type functions of the array API 2024.12: __array_namespace_info__,
can_cast, finfo, iinfo, isdtype. Casting and limits follow NumPy (the reference the tests use).
complex64 and complex128 are the 'complex floating' kind."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _device
from ._creation import check_device

if TYPE_CHECKING:
    from ._array import Array
    from ._device import Device
    from ._dtypes import DType

_KINDS = {
    "bool": lambda d: d.kind == "b",
    "signed integer": lambda d: d.kind == "i",
    "unsigned integer": lambda d: d.kind == "u",
    "integral": lambda d: d.kind in "iu",
    "real floating": lambda d: d.kind == "f",
    "complex floating": lambda d: d.kind == "c",
    "numeric": lambda d: d.kind in "iufc",
}
_ALL = [dt.bool_, dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16, dt.uint32,
        dt.uint64, dt.float32, dt.float64, dt.complex64, dt.complex128]


def isdtype(dtype: DType, kind: DType | str | tuple[DType | str, ...]) -> bool:
    """Whether ``dtype`` is of the given kind, as the array API's ``isdtype``.

    Parameters
    ----------
    dtype : DType
        The dtype to test.
    kind : DType, str or tuple
        A kind name (``'bool'``, ``'signed integer'``, ``'unsigned integer'``, ``'integral'``,
        ``'real floating'``, ``'complex floating'``, ``'numeric'``), a dtype, or a tuple of these
        (true if any matches).

    Returns
    -------
    bool
        The answer.

    Examples
    --------
    >>> pt.isdtype(pt.float32, "real floating")
    True
    >>> pt.isdtype(pt.int64, ("integral", "bool"))
    True
    """
    if not isinstance(dtype, dt.DType):
        raise TypeError(f"isdtype: dtype must be a ptensor dtype, got {dtype!r}")
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, dt.DType):
        return dtype == kind
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError(f"isdtype: unknown kind {kind!r} (one of {', '.join(_KINDS)})")
        return _KINDS[kind](dtype)
    raise TypeError(f"isdtype: kind must be a str, a dtype or a tuple of them, got {kind!r}")


def can_cast(from_: DType | Array, to: DType, /) -> bool:
    """Whether ``from_`` casts to ``to`` without loss (NumPy's ``'safe'`` rule).

    Parameters
    ----------
    from_ : DType or Array
        The source dtype, or an array whose dtype is used.
    to : DType
        The target dtype.

    Returns
    -------
    bool
        The answer.

    Examples
    --------
    >>> pt.can_cast(pt.int8, pt.int32)
    True
    >>> pt.can_cast(pt.float64, pt.int32)
    False
    """
    src = dt.array_dtype(from_)
    if not isinstance(src, dt.DType) or not isinstance(to, dt.DType):
        raise TypeError("can_cast: from_ must be a ptensor dtype or array and to a ptensor dtype")
    return bool(np.can_cast(src.np, to.np))


class finfo_object:
    """Limits of a floating-point dtype (array API finfo); for a complex dtype those of its
    real parts (bits and dtype included: finfo(complex128).dtype is float64, as in NumPy)."""

    def __init__(self, d: DType) -> None:
        f = np.finfo(d.np)
        self.bits, self.dtype = int(f.bits), dt.real_dtype(d)
        self.eps, self.max, self.min = float(f.eps), float(f.max), float(f.min)
        self.smallest_normal = float(f.smallest_normal)

    def __repr__(self):
        return f"finfo(bits={self.bits}, eps={self.eps}, max={self.max}, dtype={self.dtype})"


class iinfo_object:
    """Limits of an integer dtype (array API iinfo)."""

    def __init__(self, d: DType) -> None:
        i = np.iinfo(d.np)
        self.bits, self.max, self.min, self.dtype = int(i.bits), int(i.max), int(i.min), d

    def __repr__(self):
        return f"iinfo(bits={self.bits}, min={self.min}, max={self.max}, dtype={self.dtype})"


def _dtype_of(type):
    d = dt.array_dtype(type)
    if not isinstance(d, dt.DType):
        d = dt.to_dtype(d, "type")
    return d


def finfo(type: DType | Array, /) -> finfo_object:
    """Machine limits of a floating-point (or complex) dtype, as ``numpy.finfo``.

    The result has ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal`` and ``dtype``
    (the array API's fields); a complex dtype gives its real dtype's limits.

    Parameters
    ----------
    type : DType or Array
        A floating dtype, or an array of one.

    Returns
    -------
    finfo_object
        The limits.

    Examples
    --------
    >>> pt.finfo(pt.float32).eps
    1.1920928955078125e-07
    >>> pt.finfo(pt.float64).bits
    64
    """
    d = _dtype_of(type)
    if not dt.is_inexact(d):
        raise ValueError(f"finfo: {d.name} is not a floating-point dtype")
    return finfo_object(d)


def iinfo(type: DType | Array, /) -> iinfo_object:
    """Machine limits of an integer dtype, as ``numpy.iinfo``.

    The result has ``bits``, ``max``, ``min`` and ``dtype``.

    Parameters
    ----------
    type : DType or Array
        An integer dtype, or an array of one.

    Returns
    -------
    iinfo_object
        The limits.

    Examples
    --------
    >>> pt.iinfo(pt.int8).min, pt.iinfo(pt.int8).max
    (-128, 127)
    """
    d = _dtype_of(type)
    if d.kind not in "iu":
        raise ValueError(f"iinfo: {d.name} is not an integer dtype")
    return iinfo_object(d)


class Info:
    """What __array_namespace_info__() returns."""

    def capabilities(self) -> dict[str, bool | int]:
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": 64}

    def default_device(self) -> Device:
        return _device.default_device()

    def devices(self) -> tuple[Device, ...]:
        """The devices arrays can live on: a tuple (array API 2025.12; earlier: a list)."""
        return _device.devices()

    def default_dtypes(self, *, device: Device | str | None = None) -> dict[str, DType]:
        check_device(device)
        return {"real floating": dt.float64, "complex floating": dt.complex128,
                "integral": dt.int64, "indexing": dt.int64}

    def dtypes(self, *, device: Device | str | None = None,
               kind: str | tuple[str, ...] | None = None) -> dict[str, DType]:
        check_device(device)
        return {d.name: d for d in _ALL if kind is None or isdtype(d, kind)}


def __array_namespace_info__() -> Info:
    """The array API's inspection object for this namespace.

    Its methods describe this ptensor: ``capabilities()`` (boolean indexing, data-dependent
    shapes, the maximum number of dimensions), ``default_device()`` (the device new arrays get,
    see ``set_default_device``), ``devices()`` (the CPU and the GPUs found), ``default_dtypes()``
    and ``dtypes(kind=...)`` (the supported dtypes by name, optionally of one kind as
    ``isdtype`` reads it).

    Returns
    -------
    Info
        The inspection object.

    See Also
    --------
    isdtype : Test a dtype's kind.
    set_default_device : Change the default device.

    Examples
    --------
    >>> info = pt.__array_namespace_info__()
    >>> info.capabilities()
    {'boolean indexing': True, 'data-dependent shapes': True, 'max dimensions': 64}
    >>> info.default_dtypes()["real floating"]
    ptensor.float64
    >>> list(info.dtypes(kind="real floating"))
    ['float32', 'float64']
    """
    return Info()


__all__ = ["isdtype", "can_cast", "finfo", "iinfo", "__array_namespace_info__"]

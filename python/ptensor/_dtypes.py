"""Data types and the promotion rules.

The physical types come from the C++ core (``_core.dtypes()``). The promotion and result-type
rules are NumPy's own (``numpy`` ufunc type resolution, asked once per combination and cached):
ptensor's one table is NumPy's, so results match NumPy dtype for dtype. Deviation: ptensor has
no float16, so where NumPy would produce float16 (8-bit integers and bool into a float function)
ptensor produces float32.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import _core

if TYPE_CHECKING:
    from typing import Protocol

    class _HasDType(Protocol):
        """An array (local or distributed): what result_type reads the dtype of."""
        @property
        def dtype(self) -> DType: ...


class DType:
    """A data type of ptensor arrays: ``pt.bool``, ``pt.int8`` ... ``pt.uint64``,
    ``pt.float32``, ``pt.float64``, ``pt.complex64``, ``pt.complex128``.

    The objects are created once by ptensor (one per supported type; not constructed by user
    code) and are what ``Array.dtype`` returns. A DType compares equal to the same DType and to
    a NumPy dtype, name or type that means it (``pt.float64 == "float64" == np.float64``);
    anything else compares unequal, never raising. NumPy's dtype functions accept it through
    its ``dtype`` attribute (``np.dtype(pt.int32)``).

    Attributes
    ----------
    name : str
        The NumPy name, e.g. ``"float32"``.
    itemsize : int
        Bytes per element.
    kind : str
        NumPy's kind character (``"b"``, ``"i"``, ``"u"``, ``"f"``, ``"c"``).
    np : numpy.dtype
        The NumPy dtype of the same name (also ``dtype``; ``type`` is NumPy's scalar type).

    Examples
    --------
    >>> pt.float32, pt.float32.itemsize, pt.float32.kind
    (ptensor.float32, 4, 'f')
    >>> pt.asarray([1, 2]).dtype
    ptensor.int64
    >>> pt.float64 == np.float64, np.dtype(pt.int32)
    (True, dtype('int32'))
    """
    __slots__ = ("name", "code", "itemsize", "kind", "np")

    def __init__(self, name: str, code: int, itemsize: int, kind: str) -> None:
        self.name, self.code, self.itemsize, self.kind = name, code, itemsize, kind
        self.np: np.dtype[Any] = np.dtype(name)

    def __repr__(self) -> str:
        return f"ptensor.{self.name}"

    def __eq__(self, other: object) -> bool:
        """Equal to the same DType, and to a NumPy dtype, name or type that means it
        (float64 == "float64" == np.float64); anything else (None, dicts, ...) is unequal,
        never an error."""
        if isinstance(other, DType):
            return self.code == other.code
        if not isinstance(other, (np.dtype, str, type)):
            return False
        try:
            return np.dtype(other) == self.np
        except (TypeError, ValueError, SyntaxError):
            return False

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def dtype(self) -> np.dtype[Any]:
        """The NumPy dtype of the same name: NumPy reads an object's .dtype, so its dtype
        functions take ptensor dtypes (np.dtype(pt.float64), np.issubdtype(pt.int32,
        np.integer)), as code written for NumPy (xarray's, pandas') asks of array dtypes."""
        return self.np

    @property
    def type(self) -> type:
        """NumPy's scalar type of the same name (``np.float64``, ...): what code written for
        NumPy calls to make a scalar of an array's dtype (xarray's fill values,
        ``x.dtype.type(np.nan)``).

        Examples
        --------
        >>> pt.float32.type(1.5)
        np.float32(1.5)
        """
        return self.np.type


_ALL: list[DType] = [DType(n, i, size, kind) for i, (n, size, kind) in enumerate(_core.dtypes())]
_BY_NAME: dict[str, DType] = {d.name: d for d in _ALL}
_BY_NP: dict[np.dtype[Any], DType] = {d.np: d for d in _ALL}

bool_: DType = _BY_NAME["bool"]
int8: DType
int16: DType
int32: DType
int64: DType
uint8: DType
uint16: DType
uint32: DType
uint64: DType
float32: DType
float64: DType
complex64: DType
complex128: DType
int8, int16, int32, int64 = (_BY_NAME[n] for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (_BY_NAME[n] for n in ("uint8", "uint16", "uint32", "uint64"))
float32, float64 = _BY_NAME["float32"], _BY_NAME["float64"]
complex64, complex128 = _BY_NAME["complex64"], _BY_NAME["complex128"]
default_int, default_float, default_complex = int64, float64, complex128


def to_dtype(dt: Any, argname: str = "dtype") -> DType:
    """ptensor DType from a DType, NumPy dtype, type or name; TypeError naming argname."""
    if isinstance(dt, DType):
        return dt
    try:
        npdt = np.dtype(dt)
    except TypeError:
        raise TypeError(f"{argname}: {dt!r} is not a data type") from None
    d = _BY_NP.get(npdt)
    if d is None:
        raise TypeError(f"{argname}: unsupported data type {npdt} (supported: "
                        + ", ".join(x.name for x in _ALL) + ")")
    return d


def from_numpy_dtype(npdt: Any, argname: str = "dtype") -> DType:
    if npdt == np.float16:
        return float32
    return to_dtype(npdt, argname)


def is_float(d: DType) -> bool:
    """Real floating-point (float32, float64)."""
    return d.kind == "f"


def is_complex(d: DType) -> bool:
    return d.kind == "c"


def is_inexact(d: DType) -> bool:
    """Real or complex floating-point."""
    return d.kind in "fc"


def reject_complex(name, d: DType, why="is not defined for complex numbers"):
    """TypeError for functions that do not take complex arrays (ordering, sorting, ...)."""
    if d.kind == "c":
        raise TypeError(f"{name} {why}")


def real_dtype(d: DType) -> DType:
    """The real dtype of a complex dtype's parts (complex64 -> float32); d itself otherwise."""
    return {"complex64": float32, "complex128": float64}.get(d.name, d)


def is_int(d: DType) -> bool:
    return d.kind in "iu"


_ufunc_cache: dict = {}


def ufunc_result(ufunc, *dtypes) -> DType:
    """Result dtype of NumPy's ufunc on arrays of these dtypes (cached); TypeError if NumPy has
    no loop for them. Inputs are ptensor DTypes or Python scalars (weakly typed, as NumPy 2)."""
    key = (ufunc,) + tuple(d if isinstance(d, DType) else type(d) for d in dtypes)
    r = _ufunc_cache.get(key)
    if r is None:
        # Python scalars are probed as 1 of their type: the key holds only the type (and
        # NumPy's own value checks, 2 ** -4, are not dtype rules)
        args = [np.ones(1, d.np) if isinstance(d, DType) else type(d)(1) for d in dtypes]
        try:
            with np.errstate(all="ignore"):
                out = ufunc(*args)
        except TypeError:
            names = ", ".join(d.name if isinstance(d, DType) else type(d).__name__ for d in dtypes)
            raise TypeError(f"{ufunc.__name__} is not supported for input dtypes ({names})") from None
        r = from_numpy_dtype(np.asarray(out).dtype)
        _ufunc_cache[key] = r
    return r


def array_dtype(x):
    """The DType of a ptensor array (local or distributed: anything whose .dtype is a DType),
    x itself otherwise."""
    d = getattr(x, "dtype", None)
    return d if isinstance(d, DType) else x


def result_type(*args: DType | _HasDType | bool | int | float | complex) -> DType:
    """The dtype NumPy's promotion rules give for the arguments (the array API's result_type).

    Arguments are dtypes, arrays and Python scalars; a Python scalar adapts to the arrays'
    dtype (NumPy 2's weak scalars).

    Parameters
    ----------
    *args : DType, Array, bool, int, float or complex
        The operands.

    Returns
    -------
    DType
        The promoted dtype.

    Examples
    --------
    >>> pt.result_type(pt.int8, pt.float32)
    ptensor.float32
    >>> pt.result_type(pt.asarray([1]), 2.0)
    ptensor.float64
    """
    nps: list[Any] = []
    for a in args:
        a = array_dtype(a)
        if isinstance(a, DType):
            nps.append(a.np)
        elif isinstance(a, (bool, int, float, complex)):
            nps.append(a)
        else:
            nps.append(to_dtype(a, "result_type argument").np)
    return from_numpy_dtype(np.result_type(*nps))


def scalar_fits(value, d: DType) -> bool:
    if isinstance(value, bool) or not isinstance(value, int) or not is_int(d):
        return True
    info = np.iinfo(d.np)
    return info.min <= value <= info.max

"""The type aliases of ptensor's annotations (for type checkers such as mypy and pyright;
python/ptensor/py.typed marks the package as typed).

They follow the array API standard's signatures: shapes ``int | tuple[int, ...]``, axes
``int | tuple[int, ...] | None``, Python scalars ``bool | int | float | complex``. Written
with typing.Union / Optional / Tuple: these assignments run at import (Python 3.9 has no
``X | Y`` for types at run time). Nothing here names the Array class (it is above this layer:
modules write ``Array | Scalar`` themselves); Device is imported for type checkers only.

dtype= arguments are written ``DType | None`` (a ptensor dtype: ptensor.float64, ...; NumPy's
dtypes and names work at run time but are not what the array API's signatures say).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Protocol, Sequence, Tuple, Union

if TYPE_CHECKING:
    import numpy as np

    from ._device import Device

Scalar = Union[bool, int, float, complex]
"""A Python scalar (an operand of the elementwise functions, a fill value)."""

Shape = Union[int, Tuple[int, ...]]
"""A shape argument: one size or a tuple of sizes."""

Axes = Optional[Union[int, Tuple[int, ...]]]
"""An axis argument of reductions: one axis, a tuple of axes, or None (all axes)."""

DeviceLike = Union["Device", str]
"""A device argument: a Device or its name ("cpu"); None means the default device."""


class SupportsArray(Protocol):
    """An object NumPy converts with ``__array__`` (NumPy arrays, array-likes of other
    libraries)."""

    def __array__(self) -> Any: ...


class SupportsDLPack(Protocol):
    """An object that exports its data with DLPack (from_dlpack's argument)."""

    def __dlpack__(self, /, *, stream: None = None) -> Any: ...


ArrayLike = Union[Scalar, "np.ndarray[Any, Any]", "np.generic", Sequence[Any], SupportsArray]
"""What asarray converts besides a ptensor Array: Python scalars, NumPy arrays and scalars,
(nested) sequences, objects with ``__array__``."""

__all__ = ["Scalar", "Shape", "Axes", "DeviceLike", "SupportsArray", "SupportsDLPack", "ArrayLike"]

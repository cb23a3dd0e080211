"""Arguments of the NumPy-namespace modules (_ufunc, _np_*): what is an array, and array-likes
as ptensor arrays, one rule for all of them."""
from __future__ import annotations

from ._array import Array, Local
from ._upcalls import namespace as pt


def is_array(x) -> bool:
    """x is a ptensor array, local or distributed (Array's isinstance covers both)."""
    return isinstance(x, Array)


def is_local(x) -> bool:
    """x is a local ptensor array (a host or device array of this process, not distributed):
    the built-in custom calls take those; distributed arrays go through compositions of
    distributed operations."""
    return isinstance(x, Local)


def as_array(x, name, argname=None):
    """x as a ptensor array: ptensor arrays as they are; Python scalars, nested sequences and
    NumPy arrays through pt.asarray (its TypeError or ValueError, naming the function)."""
    if isinstance(x, Array):
        return x
    try:
        return pt.asarray(x)
    except (TypeError, ValueError) as e:
        what = f"{name}: {argname}" if argname else name
        raise type(e)(f"{what}: cannot convert {type(x).__name__} to an array ({e})") from None

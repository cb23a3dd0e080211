"""Set functions: unique_values, unique_counts, unique_inverse, unique_all (array API 2024.12),
isin (2025.12: a sort of x2 and a binary search per element of x1).

From one stable sort of the flattened array: a value starts a new group where it differs from
its predecessor (each NaN is its own value, as the standard says); group starts come from the
same compiled positions as nonzero, counts are differences of the starts, and inverse indices
are the running group number scattered back to the original order. The steps call the
functions of a namespace: the local ones (_LOCAL) or, for distributed arrays, ptensor's
(_dist_compose.set_namespace: a distributed sort, masks and scatters across the team)."""
from __future__ import annotations

from collections import namedtuple
from types import SimpleNamespace
from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._array import Local
from ._elementwise import (_SCALARS, _as_array, _operand, equal, logical_not, minimum, not_equal,
                           subtract)
from ._indexing_ops import take
from ._manipulation import concat, reshape
from ._searching import _mask_positions, searchsorted
from ._sorting import _sort_along, sort
from ._statistical import cumulative_sum
from ._utility import any as _any

if TYPE_CHECKING:
    from typing import NamedTuple

    from ._array import Array

if TYPE_CHECKING:  # (the same named tuples, their fields typed)
    class UniqueAllResult(NamedTuple):
        values: Array
        indices: Array
        inverse_indices: Array
        counts: Array

    class UniqueCountsResult(NamedTuple):
        values: Array
        counts: Array

    class UniqueInverseResult(NamedTuple):
        values: Array
        inverse_indices: Array
else:
    UniqueAllResult = namedtuple("UniqueAllResult",
                                 ["values", "indices", "inverse_indices", "counts"])
    UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
    UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


_Groups = namedtuple("_Groups", ["sorted", "starts_mask", "starts", "perm"])


def _groups(flat, name, ns, perm):
    """Groups of equal values of the stable sort of the 1-D flat (None when it is empty);
    the sort's permutation too when perm is true."""
    if flat.shape[0] == 0:
        return None
    s, order = ns.sort(flat, name, perm)
    mask = ns.concat([ns.full((1,), True, dt.bool_), ns.not_equal(s[1:], s[:-1])])
    return _Groups(s, mask, ns.positions(mask), order)


def _values(g, ns):
    return ns.take(g.sorted, g.starts, axis=0)


def _counts(g, ns):
    ends = ns.concat([g.starts[1:], ns.full((1,), g.sorted.shape[0], dt.int64)])
    return ns.subtract(ends, g.starts)


def _inverse(shape, g, ns):
    # the group of each sorted slot, scattered back to x's order
    group = ns.subtract(ns.cumulative_sum(ns.astype(g.starts_mask, dt.int64)), 1)
    return ns.reshape(ns.scatter(group, g.perm), shape)


def unique_of(x, which, ns):
    """unique_values / _counts / _inverse / _all of x with the functions of ns."""
    flat = ns.reshape(x, (-1,))
    g = _groups(flat, which, ns, which in ("unique_inverse", "unique_all"))
    if which == "unique_values":
        return flat if g is None else _values(g, ns)
    if g is None:  # (empty x: empty results, inverse indices of x's shape)
        none, inverse = ns.full((0,), 0, dt.int64), ns.full(x.shape, 0, dt.int64)
        return {"unique_counts": UniqueCountsResult(flat, none),
                "unique_inverse": UniqueInverseResult(flat, inverse),
                "unique_all": UniqueAllResult(flat, none, inverse, none)}[which]
    if which == "unique_counts":
        return UniqueCountsResult(_values(g, ns), _counts(g, ns))
    if which == "unique_inverse":
        return UniqueInverseResult(_values(g, ns), _inverse(x.shape, g, ns))
    return UniqueAllResult(_values(g, ns), ns.take(g.perm, g.starts, axis=0),
                           _inverse(x.shape, g, ns), _counts(g, ns))


def _scatter(values, perm):
    return _ops.record("scatter", "", [values, perm, values], values.dtype, values.shape)


_LOCAL = SimpleNamespace(
    reshape=reshape, sort=lambda flat, name, perm: _sort_along(flat, 0, False, name),
    concat=concat, full=_ops.full, not_equal=not_equal, positions=_mask_positions, take=take,
    subtract=subtract, cumulative_sum=cumulative_sum, astype=_ops.cast, scatter=_scatter)


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x``, sorted.

    As the array API's unique_values (numpy.unique_values): computed from one stable sort of
    the flattened ``x``; each NaN is a distinct value (and sorts last).

    Parameters
    ----------
    x : Array
        The input array (flattened).

    Returns
    -------
    Array
        A 1-D array of the unique values, in ``x``'s dtype.

    See Also
    --------
    unique_counts : The values with their counts.
    unique_all : Values, first indices, inverse indices and counts.

    Examples
    --------
    >>> pt.unique_values(pt.asarray([1, 1, 2, 5, 2, 1]))
    Array([1, 2, 5])
    >>> pt.unique_values(pt.asarray([2.0, np.nan, 1.0, np.nan, 2.0]))
    Array([ 1.,  2., nan, nan])
    """
    return unique_of(_as_array(x, "unique_values"), "unique_values", _LOCAL)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """The unique values of ``x`` and how often each occurs.

    As the array API's unique_counts (numpy.unique_counts): from one stable sort of the
    flattened ``x``; each NaN is a distinct value.

    Parameters
    ----------
    x : Array
        The input array (flattened).

    Returns
    -------
    UniqueCountsResult
        A named tuple ``(values, counts)``: the sorted unique values (``x``'s dtype) and the
        int64 number of occurrences of each.

    See Also
    --------
    unique_values : Only the values.
    unique_all : Values, first indices, inverse indices and counts.

    Examples
    --------
    >>> pt.unique_counts(pt.asarray([1, 1, 2, 5, 2, 1]))
    UniqueCountsResult(values=Array([1, 2, 5]), counts=Array([3, 2, 1]))
    """
    return unique_of(_as_array(x, "unique_counts"), "unique_counts", _LOCAL)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """The unique values of ``x`` and, for each element of ``x``, the index of its value.

    As the array API's unique_inverse (numpy.unique_inverse): from one stable sort of the
    flattened ``x``; ``values[inverse_indices]`` reconstructs ``x``. Each NaN is a distinct
    value.

    Parameters
    ----------
    x : Array
        The input array.

    Returns
    -------
    UniqueInverseResult
        A named tuple ``(values, inverse_indices)``: the sorted unique values and the int64
        indices into them, of ``x``'s shape.

    See Also
    --------
    unique_all : Values, first indices, inverse indices and counts.

    Examples
    --------
    >>> pt.unique_inverse(pt.asarray([1, 1, 2, 5, 2, 1]))
    UniqueInverseResult(values=Array([1, 2, 5]), inverse_indices=Array([0, 0, 1, 2, 1, 0]))
    """
    return unique_of(_as_array(x, "unique_inverse"), "unique_inverse", _LOCAL)


def unique_all(x: Array, /) -> UniqueAllResult:
    """The unique values of ``x`` with their first indices, the inverse indices and counts.

    As the array API's unique_all (numpy.unique_all): from one stable sort of the flattened
    ``x``; each NaN is a distinct value.

    Parameters
    ----------
    x : Array
        The input array.

    Returns
    -------
    UniqueAllResult
        A named tuple ``(values, indices, inverse_indices, counts)``: the sorted unique
        values, the int64 index in the flattened ``x`` of each one's first occurrence, the
        int64 index of each element's value (``x``'s shape), and the int64 counts.

    See Also
    --------
    unique_values : Only the values.
    unique_counts : The values with their counts.
    unique_inverse : The values with the inverse indices.

    Examples
    --------
    >>> pt.unique_all(pt.asarray([1, 1, 2, 5, 2, 1]))
    UniqueAllResult(values=Array([1, 2, 5]), indices=Array([0, 2, 3]),
                    inverse_indices=Array([0, 0, 1, 2, 1, 0]), counts=Array([3, 2, 1]))
    """
    return unique_of(_as_array(x, "unique_all"), "unique_all", _LOCAL)


__all__ = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]


def isin(x1: Array | int | float | complex, x2: Array | int | float | complex, /, *,
         invert: bool = False) -> Array:
    """Whether each element of ``x1`` equals some element of ``x2``.

    As the array API's isin (NumPy's isin with its defaults). Either argument may be a Python
    scalar, not both; both are promoted to their result type, and equality is
    :func:`ptensor.equal`'s (NaN is in nothing, -0.0 equals 0.0). ``x2`` is sorted once and
    each element of ``x1`` found by binary search (complex values are compared with every
    element of ``x2``).

    Parameters
    ----------
    x1 : Array or scalar
        The values to look up.
    x2 : Array or scalar
        The values to look in (flattened).
    invert : bool, optional
        If True, the result is negated (whether each element is in none of ``x2``).

    Returns
    -------
    Array
        A bool array of ``x1``'s shape (0-d for a scalar ``x1``).

    Notes
    -----
    Raises TypeError when both arguments are scalars or ``invert`` is not a bool.

    Examples
    --------
    >>> x = pt.asarray([[0, 2], [4, 6]])
    >>> test = pt.asarray([1, 2, 4, 8])
    >>> pt.isin(x, test)
    Array([[False,  True],
           [ True, False]])
    >>> pt.isin(x, test, invert=True)
    Array([[ True, False],
           [False,  True]])
    """
    if not isinstance(invert, (bool, np.bool_)):
        raise TypeError(f"isin: invert must be a bool, got {type(invert).__name__}")
    scalar = [isinstance(v, _SCALARS) and not isinstance(v, np.generic) for v in (x1, x2)]
    if all(scalar):
        raise TypeError("isin: at least one of x1 and x2 must be an array")
    a = x1 if scalar[0] else _operand(x1, "isin", x2)  # (NumPy scalars go to the other's device)
    b = x2 if scalar[1] else _operand(x2, "isin", a)
    rt = dt.result_type(a, b)
    a, b = (_ops.full((), v, rt) if not isinstance(v, Local) else _ops.cast(v, rt)
            for v in (a, b))
    values = reshape(b, (-1,))
    n = values.shape[0]
    if n == 0 or a.size == 0:
        found = _ops.full(a.shape, False, dt.bool_)
    elif dt.is_complex(rt):
        found = _any(equal(reshape(a, a.shape + (1,)), values), axis=-1)
    else:
        flat = reshape(a, (-1,))
        ordered = sort(values)
        at = minimum(searchsorted(ordered, flat), n - 1)
        found = reshape(equal(take(ordered, at), flat), a.shape)
    return logical_not(found) if invert else found

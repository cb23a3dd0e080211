"""Creation functions (array API) that build on given arrays: meshgrid (coordinate grids of
1-D arrays), tril and triu (triangles of matrices: the RFC's ptensor.extract_triangle)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _ops
from ._elementwise import _as_array

if TYPE_CHECKING:
    from typing import Literal

    from ._array import Array


def _triangle(x, k, name, lower):
    x = _as_array(x, name)
    if x.ndim < 2:
        raise ValueError(f"{name}: x must have at least 2 dimensions, got {x.ndim}")
    k = _ops.as_index(k, "k")
    n, m = x.shape[-2], x.shape[-1]
    k = max(-n, min(k, m))  # beyond the matrix: all or nothing (any Python int)
    side = _ops.Case("TriangleSide", "lower" if lower else "upper")
    return _ops.record_op("extract_triangle", [x], x.dtype, x.shape, side=side, k=k)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle (j - i <= k) of the last two dimensions; zeros above."""
    return _triangle(x, k, "tril", True)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle (j - i >= k) of the last two dimensions; zeros below."""
    return _triangle(x, k, "triu", False)


def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """Coordinate arrays from 1-D arrays (indexing 'xy': the first two dimensions swapped): a
    tuple (array API 2025.12; earlier revisions return a list)."""
    xs = [_as_array(a, "meshgrid") for a in arrays]
    return meshgrid_of(xs, indexing, _ops.insert_unit_dims, _ops.broadcast_to)


def meshgrid_of(arrays, indexing, expand, broadcast_to):
    """meshgrid of local or distributed arrays: expand(a, unit dims, shape) gives a its
    result's rank, broadcast_to its result's shape."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"meshgrid: arrays must be one-dimensional, got shape {a.shape}")
    if len({a.dtype for a in arrays}) > 1:
        raise ValueError("meshgrid: all arrays must have the same dtype")
    shape = [a.shape[0] for a in arrays]
    if indexing == "xy" and len(arrays) > 1:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, a in enumerate(arrays):
        pos = i
        if indexing == "xy" and len(arrays) > 1 and i < 2:
            pos = 1 - i
        unit = [j for j in range(len(shape)) if j != pos]
        b = expand(a, unit, tuple(shape[j] if j == pos else 1 for j in range(len(shape))))
        out.append(broadcast_to(b, tuple(shape)))
    return tuple(out)

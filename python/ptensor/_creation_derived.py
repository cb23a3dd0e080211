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
    """Return the lower triangle of ``x``'s matrices, zeros above it.

    As numpy.tril: element ``(i, j)`` of the last two dimensions is kept where ``j - i <= k``
    and is zero elsewhere; leading dimensions are a stack of matrices.

    Parameters
    ----------
    x : Array or array_like
        At least 2-D; fewer dimensions raise ValueError.
    k : int, optional
        The diagonal: 0 the main one (default), positive above it, negative below.

    Returns
    -------
    Array
        ``x``'s shape and dtype.

    See Also
    --------
    triu : The upper triangle.
    eye : Ones on a diagonal.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> pt.tril(x)
    Array([[1, 0, 0],
           [4, 5, 0],
           [7, 8, 9]])
    >>> pt.tril(x, k=-1)
    Array([[0, 0, 0],
           [4, 0, 0],
           [7, 8, 0]])
    """
    return _triangle(x, k, "tril", True)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """Return the upper triangle of ``x``'s matrices, zeros below it.

    As numpy.triu: element ``(i, j)`` of the last two dimensions is kept where ``j - i >= k``
    and is zero elsewhere; leading dimensions are a stack of matrices.

    Parameters
    ----------
    x : Array or array_like
        At least 2-D; fewer dimensions raise ValueError.
    k : int, optional
        The diagonal: 0 the main one (default), positive above it, negative below.

    Returns
    -------
    Array
        ``x``'s shape and dtype.

    See Also
    --------
    tril : The lower triangle.
    eye : Ones on a diagonal.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> pt.triu(x)
    Array([[1, 2, 3],
           [0, 5, 6],
           [0, 0, 9]])
    >>> pt.triu(x, k=1)
    Array([[0, 2, 3],
           [0, 0, 6],
           [0, 0, 0]])
    """
    return _triangle(x, k, "triu", False)


def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """Return coordinate arrays built from 1-D arrays.

    As numpy.meshgrid (the array API's signature): for arrays of sizes ``n0, n1, ...`` each
    result has shape ``(n0, n1, ...)``, with the first two swapped for ``indexing="xy"``
    (default), and holds its input's values along its own axis.

    Parameters
    ----------
    *arrays : Array or array_like
        1-D arrays, all of one dtype.
    indexing : {"xy", "ij"}, optional
        Cartesian ("xy", default) or matrix ("ij") indexing.

    Returns
    -------
    tuple of Array
        One array per input, all of one shape.

    Notes
    -----
    Arrays of different dtypes raise ValueError (NumPy accepts them), as do arrays that are
    not 1-D. NumPy's ``sparse`` and ``copy`` keywords are not supported.

    See Also
    --------
    broadcast_arrays : Broadcast arrays to one shape.

    Examples
    --------
    >>> xs, ys = pt.meshgrid(pt.asarray([1, 2, 3]), pt.asarray([4, 5]))
    >>> xs
    Array([[1, 2, 3],
           [1, 2, 3]])
    >>> ys
    Array([[4, 4, 4],
           [5, 5, 5]])
    >>> pt.meshgrid(pt.asarray([1, 2, 3]), pt.asarray([4, 5]), indexing="ij")[0].shape
    (3, 2)
    """
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

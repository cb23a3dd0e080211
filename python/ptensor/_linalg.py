"""Linear algebra of this slice: matmul (and `@`). One PTensor matmul op over the last two
dimensions, batch dimensions broadcast first; float matmuls on row-major buffers run in BLAS
(NumPy's OpenBLAS where its wheel loaded one, else Debian's: src/Blas.cpp) through
--ptensor-matmul-to-blas."""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from . import _eager
from . import _ops
from ._array import Array
from ._elementwise import _as_array, not_equal


def batch_shape(sa, sb, name, x1, x2):
    """The batch dimensions of matrices of shapes sa and sb broadcast together; ValueError
    naming the caller's shapes x1, x2 otherwise (also for distributed arrays)."""
    try:
        return _ops.broadcast_shapes(sa[:-2], sb[:-2])
    except ValueError:
        raise ValueError(f"{name}: batch dimensions of shapes {tuple(x1.shape)} and "
                         f"{tuple(x2.shape)} do not broadcast") from None


def broadcast_batch(a, b, name, x1, x2):
    """a and b (matrices in their last two dimensions) with the batch dimensions broadcast
    together (batch_shape)."""
    batch = batch_shape(a.shape, b.shape, name, x1, x2)
    return _ops.broadcast_to(a, batch + a.shape[-2:]), _ops.broadcast_to(b, batch + b.shape[-2:])


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product of two arrays, as ``numpy.matmul`` (the ``@`` operator).

    The product is over the last two dimensions; leading (batch) dimensions broadcast. A 1-D
    ``x1`` is promoted to a row and a 1-D ``x2`` to a column, and that dimension is removed from
    the result. The result dtype is NumPy's for ``matmul`` (bool gives bool). Float products run
    in BLAS when the program is compiled; small float arrays are computed eagerly.

    Parameters
    ----------
    x1, x2 : Array or array_like
        Operands with at least one dimension.

    Returns
    -------
    Array
        The products, shape ``broadcast(x1.shape[:-2], x2.shape[:-2]) + (M, N)`` (less the
        promoted dimensions).

    Raises
    ------
    ValueError
        A 0-d operand, contracted dimensions that differ, or batch dimensions that do not
        broadcast.

    See Also
    --------
    vecdot : Dot product of vectors along an axis.
    tensordot : Sum of products over chosen axes.

    Examples
    --------
    >>> pt.linalg.matmul(pt.asarray([[1, 2], [3, 4]]), pt.asarray([[5, 6], [7, 8]]))
    Array([[19, 22],
           [43, 50]])
    >>> pt.linalg.matmul(pt.asarray([[1, 2], [3, 4]]), pt.asarray([1, 1]))
    Array([3, 7])
    """
    if _eager.on and type(x1) is Array and type(x2) is Array and x1._dtype is x2._dtype \
            and x1._dtype.kind in "fc":  # (matrices or vectors with values: _eager.py)
        h = _eager.matmul(x1._t, x2._t, x1._dtype)
        if h is not None:
            return Array._new(h, x1._dtype)
    a, b = _as_array(x1, "matmul"), _as_array(x2, "matmul")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: operands must have at least one dimension (got a 0-d array)")
    rt = dt.ufunc_result(np.matmul, a.dtype, b.dtype)  # TypeError where NumPy has no loop
    compute = dt.int64 if rt == dt.bool_ else rt
    a, b = _ops.cast(a, compute), _ops.cast(b, compute)
    row, col = a.ndim == 1, b.ndim == 1
    if row:
        a = _ops.insert_unit_dims(a, [0], (1,) + a.shape)
    if col:
        b = _ops.insert_unit_dims(b, [1], b.shape + (1,))
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: contracted dimensions differ: x1 has shape {tuple(x1.shape)}, "
                         f"x2 has shape {tuple(x2.shape)} ({a.shape[-1]} != {b.shape[-2]})")
    a, b = broadcast_batch(a, b, "matmul", x1, x2)
    r = _ops.record("matmul", "", [a, b], compute, a.shape[:-2] + (a.shape[-2], b.shape[-1]))
    if row and col:
        r = r[..., 0, 0]
    elif row:
        r = r[..., 0, :]
    elif col:
        r = r[..., 0]
    if rt == dt.bool_:
        r = not_equal(r, 0)
    return r


__all__ = ["matmul"]


def vecdot_axis(sa, sb, axis):
    """vecdot's reduced axis of the broadcast shape, checked (also for distributed arrays)."""
    if len(sa) == 0 or len(sb) == 0:
        raise ValueError("vecdot: operands must have at least one dimension")
    shape = _ops.broadcast_shapes(sa, sb)
    ax = _ops.normalize_axis(axis, len(shape))
    if axis >= 0 and (ax >= len(sa) or ax >= len(sb)):
        raise ValueError("vecdot: a non-negative axis must exist in both operands")
    na, nb = sa[ax - len(shape)], sb[ax - len(shape)]
    if na != nb:
        raise ValueError(f"vecdot: the reduced dimensions differ ({na} vs {nb})")
    return ax


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Dot product of vectors along an axis, as ``numpy.vecdot``.

    Computes ``sum(conj(x1) * x2, axis=axis)`` (complex ``x1`` is conjugated, the array API's
    rule), the other dimensions broadcast. The result dtype is the promotion of the operands'
    dtypes.

    Parameters
    ----------
    x1, x2 : Array or array_like
        Operands with at least one dimension; the reduced dimensions must be equal.
    axis : int, optional
        The axis of the broadcast shape to reduce (default -1). A non-negative axis must exist
        in both operands.

    Returns
    -------
    Array
        The dot products, the broadcast shape without ``axis``.

    See Also
    --------
    matmul : Matrix product.

    Examples
    --------
    >>> pt.linalg.vecdot(pt.asarray([1, 2, 3]), pt.asarray([4, 5, 6]))
    Array(32)
    >>> pt.linalg.vecdot(pt.asarray([[1.0, 0.0], [0.0, 2.0]]), pt.asarray([1.0, 1.0]))
    Array([1., 2.])
    >>> pt.linalg.vecdot(pt.asarray([1j, 1]), pt.asarray([1j, 1]))
    Array(2.+0.j)
    """
    a, b = _as_array(x1, "vecdot"), _as_array(x2, "vecdot")
    ax = vecdot_axis(a.shape, b.shape, axis)
    rt = dt.result_type(a, b)
    shape = _ops.broadcast_shapes(a.shape, b.shape)
    a, b = (_ops.broadcast_to(_ops.cast(v, rt), shape) for v in (a, b))
    out = _ops.without_axes(shape, ax)
    return _ops.record_op("vecdot", [a, b], rt, out, axis=ax)


__all__ += ["vecdot"]

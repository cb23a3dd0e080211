"""The array API `linalg` extension. This module: matmul, matrix_transpose, vecdot,
tensordot, outer, diagonal, trace, cross, vector_norm, matrix_norm, matrix_power; the
factorizations (cholesky, det, eigh, inv, pinv, qr, slogdet, solve, svd, ...) are LAPACK
kernels called through custom_call (_lapack.py)."""
from __future__ import annotations

import math
from types import SimpleNamespace
from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _lapack
from . import _ops
from ._creation import eye
from ._elementwise import _as_array, abs as _abs, multiply, not_equal, pow as _pow, sqrt, subtract
from ._indexing_ops import take
from ._lapack import *  # noqa: F401,F403
from ._lapack import inv, svdvals
from ._linalg import matmul, vecdot
from ._manipulation import expand_dims, matrix_transpose, permute_dims, reshape, stack
from ._statistical import max as _max, min as _min, sum as _sum
from ._utility import count_nonzero

if TYPE_CHECKING:
    from typing import Literal, Sequence

    from ._array import Array
    from ._dtypes import DType
    from ._typing import Axes


def _float_array(x, name):
    x = _as_array(x, name)
    if not dt.is_inexact(x.dtype):
        x = _ops.cast(x, dt.default_float)
    return x


def outer(x1: Array, x2: Array, /) -> Array:
    """Outer product of two vectors, as ``numpy.linalg.outer``.

    ``result[i, j] = x1[i] * x2[j]``, computed as a broadcast ``multiply`` (its dtype rules) of
    ``x1[:, None]`` and ``x2[None, :]``; lazy, like any recorded operation.

    Parameters
    ----------
    x1, x2 : Array or array_like
        One-dimensional operands, of sizes ``m`` and ``n``.

    Returns
    -------
    Array
        Shape ``(m, n)``.

    Raises
    ------
    ValueError
        If ``x1`` or ``x2`` is not one-dimensional.

    See Also
    --------
    tensordot : Sum of products over chosen axes.
    matmul : Matrix product.

    Examples
    --------
    >>> pt.linalg.outer(pt.asarray([1, 2]), pt.asarray([1, 2, 3]))
    Array([[1, 2, 3],
           [2, 4, 6]])
    """
    return outer_of(_as_array(x1, "outer"), _as_array(x2, "outer"), _LOCAL)


def outer_of(a, b, ns):
    """outer with the functions of the namespace ns: the local ones, or ptensor's for
    distributed arrays (_dist_compose; the same for the *_of functions below)."""
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError("outer: x1 and x2 must be one-dimensional")
    return ns.multiply(ns.expand_dims(a, axis=1), ns.expand_dims(b, axis=0))


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """Sum of products over chosen axes of two arrays, as ``numpy.tensordot``.

    With an integer ``axes=n`` the last ``n`` dimensions of ``x1`` are contracted with the first
    ``n`` of ``x2``; with a pair of sequences, the axes named in them are contracted pairwise.
    Computed as one recorded contraction (permute, reshape to one matrix product, reshape back)
    with ``matmul``'s dtype rules.

    Parameters
    ----------
    x1, x2 : Array or array_like
        The operands.
    axes : int or tuple of sequence of int, optional
        The number of axes to contract (default 2) or the axes of ``x1`` and of ``x2``.

    Returns
    -------
    Array
        Shape: the free dimensions of ``x1`` followed by those of ``x2``.

    Raises
    ------
    ValueError
        A negative ``axes``, contracted dimensions of different sizes, or a repeated axis.

    See Also
    --------
    matmul : Matrix product.
    vecdot : Dot product of vectors along an axis.

    Examples
    --------
    >>> a = pt.asarray([[1, 2], [3, 4]])
    >>> pt.linalg.tensordot(a, pt.asarray([[1, 0], [0, 1]]), axes=1)
    Array([[1, 2],
           [3, 4]])
    >>> pt.linalg.tensordot(a, pt.asarray([[1, 0], [0, 1]]))
    Array(5)
    >>> pt.linalg.tensordot(pt.ones((2, 3, 4)), pt.ones((4, 3, 5)), axes=([1, 2], [1, 0])).shape
    (2, 5)
    """
    a, b = _as_array(x1, "tensordot"), _as_array(x2, "tensordot")
    ax_a, ax_b = tensordot_axes(a, b, axes)
    rt = dt.ufunc_result(np.matmul, a.dtype, b.dtype)  # TypeError where NumPy has no loop
    compute = dt.int64 if rt == dt.bool_ else rt
    shape = _ops.without_axes(a.shape, ax_a) + _ops.without_axes(b.shape, ax_b)
    r = _ops.record_op("tensor_dot", [_ops.cast(a, compute), _ops.cast(b, compute)], compute,
                       shape, lhs_axes=ax_a, rhs_axes=ax_b)
    return not_equal(r, 0) if rt == dt.bool_ else r


def tensordot_axes(a, b, axes):
    """tensordot's contracted axes of a and of b (normalized lists, checked)."""
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError("tensordot: axes must be non-negative")
        ax_a, ax_b = list(range(a.ndim - axes, a.ndim)), list(range(axes))
    else:
        ax_a, ax_b = [list(v) if isinstance(v, (tuple, list)) else [v] for v in axes]
    ax_a = [_ops.normalize_axis(v, a.ndim, "axes") for v in ax_a]
    ax_b = [_ops.normalize_axis(v, b.ndim, "axes") for v in ax_b]
    if len(ax_a) != len(ax_b) or any(a.shape[i] != b.shape[j] for i, j in zip(ax_a, ax_b)):
        raise ValueError(f"tensordot: shape mismatch for sum over axes {ax_a} of {a.shape} and "
                         f"{ax_b} of {b.shape}")
    if len(set(ax_a)) != len(ax_a) or len(set(ax_b)) != len(ax_b):
        raise ValueError(f"tensordot: repeated axis in {axes!r}")
    return ax_a, ax_b


def tensordot_of(a, b, axes, ns):
    """tensordot of distributed arrays with the functions of the namespace ns."""
    ax_a, ax_b = tensordot_axes(a, b, axes)
    free_a = [i for i in range(a.ndim) if i not in ax_a]
    free_b = [j for j in range(b.ndim) if j not in ax_b]
    k = math.prod(a.shape[i] for i in ax_a)
    m = math.prod(a.shape[i] for i in free_a)
    n = math.prod(b.shape[j] for j in free_b)
    am = ns.reshape(ns.permute_dims(a, free_a + ax_a), (m, k))
    bm = ns.reshape(ns.permute_dims(b, ax_b + free_b), (k, n))
    return ns.reshape(ns.matmul(am, bm), tuple(a.shape[i] for i in free_a) +
                      tuple(b.shape[j] for j in free_b))


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """Diagonals of the matrices in the last two dimensions, as ``numpy.linalg.diagonal``.

    The elements ``x[..., i, i + offset]`` (a positive ``offset`` is above the main diagonal, a
    negative one below it), gathered with ``take`` from the flattened matrices; the dtype is
    ``x``'s.

    Parameters
    ----------
    x : Array or array_like
        At least two-dimensional.
    offset : int, optional
        Which diagonal (default 0, the main one).

    Returns
    -------
    Array
        Shape ``x.shape[:-2] + (k,)``, ``k`` the length of the diagonal (0 if ``offset`` is
        outside the matrix).

    Raises
    ------
    ValueError
        If ``x`` has fewer than two dimensions.

    See Also
    --------
    trace : Sum of the diagonal.

    Examples
    --------
    >>> a = pt.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> pt.linalg.diagonal(a)
    Array([1, 5, 9])
    >>> pt.linalg.diagonal(a, offset=1)
    Array([2, 6])
    """
    x = _as_array(x, "diagonal")
    if x.ndim < 2:
        raise ValueError("diagonal: x must have at least two dimensions")
    offset = _ops.as_index(offset, "offset")
    rows, cols = x.shape[-2], x.shape[-1]
    r0, c0 = (0, offset) if offset >= 0 else (-offset, 0)
    n = max(0, min(rows - r0, cols - c0))
    batch = x.shape[:-2]
    flat = reshape(x, batch + (rows * cols,))
    idx = np.arange(n, dtype=np.int64) * (cols + 1) + (r0 * cols + c0)
    return take(flat, idx, axis=len(batch))


def trace(x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array:
    """Sum of the diagonal of each matrix, as ``numpy.linalg.trace``.

    ``sum(diagonal(x, offset=offset), axis=-1, dtype=dtype)``: the dtype rules are ``sum``'s
    (small signed integers are summed in int64, unsigned ones in uint64, unless ``dtype`` is
    given).

    Parameters
    ----------
    x : Array or array_like
        At least two-dimensional.
    offset : int, optional
        Which diagonal (default 0; positive above the main one, negative below).
    dtype : DType, optional
        The dtype of the sum.

    Returns
    -------
    Array
        Shape ``x.shape[:-2]``.

    See Also
    --------
    diagonal : The diagonal elements.

    Examples
    --------
    >>> a = pt.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> pt.linalg.trace(a)
    Array(15)
    >>> pt.linalg.trace(a, offset=-1)
    Array(12)
    """
    return trace_of(x, offset, dtype, _LOCAL)


def trace_of(x, offset, dtype, ns):
    return ns.sum(ns.diagonal(x, offset=offset), axis=-1, dtype=dtype)


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross product of 3-vectors, as ``numpy.linalg.cross``.

    ``x1`` and ``x2`` are broadcast against each other and the vectors lie along ``axis``; the
    three components are computed with ``multiply`` and ``subtract`` (their dtype rules) and
    stacked back along ``axis``.

    Parameters
    ----------
    x1, x2 : Array or array_like
        The operands; their ``axis`` dimension must have size 3.
    axis : int, optional
        The axis holding the vectors (default -1).

    Returns
    -------
    Array
        The broadcast shape.

    Raises
    ------
    ValueError
        If the ``axis`` dimension of ``x1`` or ``x2`` is not 3.

    See Also
    --------
    vecdot : Dot product of vectors.

    Examples
    --------
    >>> pt.linalg.cross(pt.asarray([1.0, 0.0, 0.0]), pt.asarray([0.0, 1.0, 0.0]))
    Array([0., 0., 1.])
    >>> pt.linalg.cross(pt.asarray([1, 2, 3]), pt.asarray([4, 5, 6]))
    Array([-3,  6, -3])
    """
    return cross_of(_as_array(x1, "cross"), _as_array(x2, "cross"), axis, _LOCAL)


def cross_of(a, b, axis, ns):
    shape = _ops.broadcast_shapes(a.shape, b.shape)
    ax = _ops.normalize_axis(axis, len(shape))
    if a.shape[ax - len(shape)] != 3 or b.shape[ax - len(shape)] != 3:
        raise ValueError("cross: the axis must have size 3 in both arrays")
    a, b = ns.broadcast_to(a, shape), ns.broadcast_to(b, shape)

    def c(v, i):
        return v[(slice(None),) * ax + (i,)]

    def term(i, j):
        return ns.subtract(ns.multiply(c(a, i), c(b, j)), ns.multiply(c(a, j), c(b, i)))
    return ns.stack([term(1, 2), term(2, 0), term(0, 1)], axis=ax)


def vector_norm(x: Array, /, *, axis: Axes = None, keepdims: bool = False,
                ord: int | float = 2) -> Array:
    """Vector p-norm, as ``numpy.linalg.vector_norm``.

    Over ``axis`` (all elements when ``None``): ``ord=inf`` / ``-inf`` is the largest / smallest
    absolute value, ``ord=0`` the number of nonzero elements, any other number ``p`` is
    ``sum(abs(x)**p)**(1/p)``. Integer and bool input is cast to the default float dtype first;
    the result is real (the real dtype of complex input).

    Parameters
    ----------
    x : Array or array_like
        Input array.
    axis : int or tuple of int, optional
        Axes to reduce (default ``None``: all).
    keepdims : bool, optional
        Keep the reduced axes with size 1.
    ord : int or float, optional
        The order of the norm (default 2).

    Returns
    -------
    Array
        The norms, the reduced axes removed (or kept with size 1).

    Raises
    ------
    ValueError
        If ``ord`` is not a number.

    See Also
    --------
    matrix_norm : Norms of matrices.
    norm : NumPy's combined vector/matrix norm.

    Examples
    --------
    >>> pt.linalg.vector_norm(pt.asarray([3.0, 4.0]))
    Array(5.)
    >>> pt.linalg.vector_norm(pt.asarray([[3.0, 4.0], [1.0, -2.0]]), axis=1, ord=1)
    Array([7., 3.])
    >>> pt.linalg.vector_norm(pt.asarray([3, -4]), ord=float("inf"))
    Array(4.)
    """
    x = _float_array(x, "vector_norm")
    if axis is None:
        flat = reshape(x, (-1,))
        r = vector_norm(flat, axis=0, ord=ord)
        return reshape(r, (1,) * x.ndim) if keepdims else r
    return p_norm(x, axis, keepdims, ord, _LOCAL)


def p_norm(x, axis, keepdims, ord, ns):
    """vector_norm of the inexact array x with the functions of the namespace ns: the local
    ones, or ptensor's for distributed arrays (_dist_compose)."""
    a = ns.abs(x)
    if ord == math.inf:
        return ns.max(a, axis=axis, keepdims=keepdims)
    if ord == -math.inf:
        return ns.min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return ns.astype(ns.count_nonzero(x, axis=axis, keepdims=keepdims), dt.real_dtype(x.dtype))
    if ord == 2:
        return ns.sqrt(ns.sum(ns.multiply(a, a), axis=axis, keepdims=keepdims))
    if ord == 1:
        return ns.sum(a, axis=axis, keepdims=keepdims)
    if isinstance(ord, bool) or not isinstance(ord, (int, float)):
        raise ValueError(f"vector_norm: unsupported ord {ord!r}")
    return ns.pow(ns.sum(ns.pow(a, float(ord)), axis=axis, keepdims=keepdims), 1.0 / ord)


def _count_nonzero(x, axis=None, keepdims=False):
    return count_nonzero(x, axis=axis, keepdims=keepdims)


def matrix_norm(x: Array, /, *, keepdims: bool = False,
                ord: int | float | Literal["fro", "nuc"] = "fro") -> Array:
    """Matrix norm of the last two dimensions, as ``numpy.linalg.matrix_norm``.

    ``'fro'`` (default) is the Frobenius norm, ``'nuc'`` the sum of the singular values,
    ``2`` / ``-2`` the largest / smallest singular value (``svdvals``, a LAPACK kernel),
    ``1`` / ``-1`` the max / min column sum of absolute values and ``inf`` / ``-inf`` the
    max / min row sum. Integer and bool input is cast to the default float dtype first.

    Parameters
    ----------
    x : Array or array_like
        At least two-dimensional.
    keepdims : bool, optional
        Keep the last two axes with size 1.
    ord : {'fro', 'nuc', 1, -1, 2, -2, inf, -inf}, optional
        The norm (default ``'fro'``).

    Returns
    -------
    Array
        Shape ``x.shape[:-2]`` (or ``x.shape[:-2] + (1, 1)`` with ``keepdims``), real.

    Raises
    ------
    ValueError
        If ``x`` has fewer than two dimensions or ``ord`` is not one of the above.

    See Also
    --------
    vector_norm : Vector p-norms.
    svdvals : Singular values.

    Examples
    --------
    >>> m = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> pt.linalg.matrix_norm(m)
    Array(5.47722558)
    >>> pt.linalg.matrix_norm(m, ord=1)
    Array(6.)
    >>> pt.linalg.matrix_norm(m, ord=float("inf"))
    Array(7.)
    """
    return matrix_norm_of(_float_array(x, "matrix_norm"), keepdims, ord, _LOCAL)


def matrix_norm_of(x, keepdims, ord, ns):
    if x.ndim < 2:
        raise ValueError("matrix_norm: x must have at least two dimensions")
    a = ns.abs(x)
    if ord == "fro":
        r = ns.sqrt(ns.sum(ns.multiply(a, a), axis=(-2, -1), keepdims=keepdims))
    elif ord in (1, -1):
        s = ns.sum(a, axis=-2, keepdims=True)
        r = (ns.max if ord == 1 else ns.min)(s, axis=-1, keepdims=True)
    elif ord in (math.inf, -math.inf):
        s = ns.sum(a, axis=-1, keepdims=True)
        r = (ns.max if ord == math.inf else ns.min)(s, axis=-2, keepdims=True)
    elif ord in ("nuc", 2, -2):
        s = ns.svdvals(x)
        f = ns.sum if ord == "nuc" else ns.max if ord == 2 else ns.min
        r = f(s, axis=-1, keepdims=True)
        r = ns.reshape(r, x.shape[:-2] + (1, 1))
    else:
        raise ValueError(f"matrix_norm: ord {ord!r} is not supported "
                         "('fro', 'nuc', 1, -1, 2, -2, inf, -inf)")
    if ord != "fro" and not keepdims:
        r = ns.reshape(r, x.shape[:-2])
    return r


def matrix_power(x: Array, n: int, /) -> Array:
    """A square matrix raised to an integer power, as ``numpy.linalg.matrix_power``.

    Computed by repeated squaring with ``matmul``; ``n = 0`` gives identity matrices of ``x``'s
    dtype, ``n < 0`` powers of ``inv(x)`` and ``n = 1`` ``x`` itself. Stacks of matrices are
    raised elementwise along the leading dimensions.

    Parameters
    ----------
    x : Array or array_like
        A (stack of) square matrices, shape ``(..., m, m)``.
    n : int
        The exponent.

    Returns
    -------
    Array
        Shape of ``x``.

    Raises
    ------
    ValueError
        If ``x`` is not a (stack of) square matrices.

    See Also
    --------
    matmul : Matrix product.
    inv : Matrix inverse.

    Examples
    --------
    >>> pt.linalg.matrix_power(pt.asarray([[1, 1], [0, 1]]), 3)
    Array([[1, 3],
           [0, 1]])
    >>> pt.linalg.matrix_power(pt.asarray([[2, 1], [0, 4]]), 0)
    Array([[1, 0],
           [0, 1]])
    """
    return matrix_power_of(_as_array(x, "matrix_power"), n, _LOCAL)


def matrix_power_of(x, n, ns):
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError("matrix_power: x must be a (stack of) square matrices")
    n = _ops.as_index(n, "n")
    if n == 0:
        return ns.identities(x)
    if n < 0:
        x, n = ns.inv(x), -n
    result, base = None, x
    while n:  # binary powering: the product of the squares base^(2^i) of n's set bits
        if n & 1:
            result = base if result is None else ns.matmul(result, base)
        n >>= 1
        if n:
            base = ns.matmul(base, base)
    return result


def _identities(x):
    return _ops.broadcast_to(eye(x.shape[-1], dtype=x.dtype), x.shape)


# the local functions the *_of functions use (ptensor's namespace: _dist_compose.namespace)
_LOCAL = SimpleNamespace(abs=_abs, max=_max, min=_min, sum=_sum, multiply=multiply, sqrt=sqrt,
                         pow=_pow, count_nonzero=_count_nonzero, astype=_ops.cast,
                         subtract=subtract, expand_dims=expand_dims, reshape=reshape,
                         permute_dims=permute_dims, matmul=matmul, broadcast_to=_ops.broadcast_to,
                         stack=stack, diagonal=diagonal, svdvals=svdvals, inv=inv,
                         identities=_identities)


__all__ = ["matmul", "matrix_transpose", "vecdot", "tensordot", "outer", "diagonal", "trace",
           "cross", "vector_norm", "matrix_norm", "matrix_power"]
__all__ += _lapack.__all__  # (a form type checkers read: the names are re-exported)

"""NumPy's numpy.linalg functions beyond the array API's linalg extension (norm, multi_dot, lstsq, cond, tensorinv, tensorsolve) and NumPy's matvec/vecmat, composed of the namespace's functions; the namespace adds the linalg ones to pt.linalg.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions so that it is recorded, fused, distributed and run on
devices as they are."""
from __future__ import annotations

import math
import operator

import numpy as np

from . import _dtypes as dt
from ._np_args import as_array as _arr, is_array as _ours
from ._upcalls import namespace as pt

AxisError = np.exceptions.AxisError


def _lae():
    return pt.linalg.LinAlgError


def _float(x):
    """x in a floating dtype (integers and bools to float64, as numpy.linalg)."""
    return x if dt.is_inexact(x.dtype) else pt.astype(x, dt.float64)


def _axis_int(a, ndim, name):
    if isinstance(a, float) and a.is_integer():
        a = int(a)
    try:
        a = operator.index(a)
    except TypeError:
        raise TypeError(f"{name}: 'axis' must be None, an integer or a tuple of integers") \
            from None
    if not -ndim <= a < ndim:
        raise AxisError(a, ndim, name)
    return a % ndim


def _square_2d(x, name):
    if x.ndim != 2:
        raise _lae()(f"{name}: {x.ndim}-dimensional array given. Array must be "
                     "two-dimensional")


# ------------------------------------------------------------------- norm ----

_MATRIX_ORDS = (None, 2, -2, 1, -1, math.inf, -math.inf, "fro", "nuc")


def _vector_norm(x, ord, axis, keepdims):  # noqa: A002
    if isinstance(ord, str):
        raise ValueError(f"norm: Invalid norm order '{ord}' for vectors")
    return pt.linalg.vector_norm(x, axis=axis, keepdims=keepdims,
                                 ord=2 if ord is None else ord)


def _matrix_norm(x, ord, r, c, keepdims):  # noqa: A002
    if ord not in _MATRIX_ORDS or isinstance(ord, bool):
        raise ValueError("norm: Invalid norm order for matrices.")
    nd = x.ndim
    if (r, c) != (nd - 2, nd - 1):
        x = pt.moveaxis(x, (r, c), (nd - 2, nd - 1))
    res = pt.linalg.matrix_norm(x, ord="fro" if ord is None else ord)
    if keepdims:
        shape = list(x.shape[:nd - 2])
        for a in sorted((r, c)):
            shape.insert(a, 1)
        res = pt.reshape(res, tuple(shape))
    return res


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002
    """Matrix or vector norm, as ``numpy.linalg.norm``.

    Over one axis the vector norm (``ord``: None or 2, any p, ``inf``, ``-inf``, 0 counting the
    nonzeros); over two axes the matrix norm (``'fro'``, ``'nuc'``, 1, -1, 2, -2, ``inf``,
    ``-inf``); with ``axis=None`` and ``ord=None`` the 2-norm of the flattened array. Integer and
    bool arrays give float64, complex arrays their real dtype. Built on ``vector_norm`` and
    ``matrix_norm``.

    Parameters
    ----------
    x : Array or array_like
        The input.
    ord : {None, int, float, 'fro', 'nuc'}, optional
        The order of the norm.
    axis : int or tuple of int, optional
        The axis (vector norm) or pair of axes (matrix norm); None: the whole 1-D or 2-D array
        (or the flattened array when ``ord`` is None).
    keepdims : bool, optional
        Keep the reduced axes with size 1.

    Returns
    -------
    Array
        The norms.

    Raises
    ------
    ValueError
        An unsupported ``ord``, duplicate axes, or ``axis=None`` with ``ord`` given on an array
        of more than two dimensions.

    See Also
    --------
    vector_norm : The array API's vector norm.
    matrix_norm : The array API's matrix norm.

    Examples
    --------
    >>> pt.linalg.norm(pt.asarray([3.0, 4.0]))
    Array(5.)
    >>> pt.linalg.norm(pt.asarray([[1.0, 2.0], [3.0, 4.0]]), ord=1)
    Array(6.)
    >>> pt.linalg.norm(pt.asarray([[3, 4], [6, 8]]), axis=1)
    Array([ 5., 10.])
    """
    a = _float(_arr(x, "norm"))
    nd = a.ndim
    if axis is None:
        if ord is None:
            r = pt.linalg.vector_norm(pt.reshape(a, (-1,)), ord=2)
            return pt.reshape(r, (1,) * nd) if keepdims else r
        if nd == 1:
            return _vector_norm(a, ord, 0, keepdims)
        if nd == 2:
            return _matrix_norm(a, ord, 0, 1, keepdims)
        raise ValueError("norm: Improper number of dimensions to norm.")
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    axes = tuple(_axis_int(v, nd, "norm") for v in axes)
    if len(axes) == 1:
        return _vector_norm(a, ord, axes[0], keepdims)
    if len(axes) == 2:
        if axes[0] == axes[1]:
            raise ValueError("norm: Duplicate axes given.")
        return _matrix_norm(a, ord, axes[0], axes[1], keepdims)
    raise ValueError("norm: Improper number of dimensions to norm.")


# -------------------------------------------------------------- multi_dot ----

def _chain_order(dims):
    """The cheapest parenthesization of the matrix chain with these dimensions (dynamic
    programming over split points): split[i][j] for the product of matrices i..j."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            best = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if best is None or c < best:
                    best, split[i][j] = c, k
            cost[i][j] = best
    return split


def _chain(ms, split, i, j):
    if i == j:
        return ms[i]
    k = split[i][j]
    return pt.matmul(_chain(ms, split, i, k), _chain(ms, split, k + 1, j))


def multi_dot(arrays, *, out=None):
    """Product of two or more matrices in the cheapest order, as ``numpy.linalg.multi_dot``.

    The parenthesization is chosen from the matrices' dimensions (dynamic programming over the
    chain) and the products are recorded as ``matmul`` calls. A 1-D first array is a row
    vector and a 1-D last one a column vector; their dimensions are dropped from the result.

    Parameters
    ----------
    arrays : sequence of Array or array_like
        Two or more operands; all but a 1-D first or last one must be two-dimensional.
    out : Array, optional
        A ptensor array of the result's shape to write into (cast to its dtype).

    Returns
    -------
    Array
        The product (``out`` if given).

    Raises
    ------
    ValueError
        Fewer than two arrays, shapes not aligned, or an ``out`` that is not a ptensor array of
        the result's shape.
    LinAlgError
        An operand that is not two-dimensional (besides a 1-D first or last one).

    See Also
    --------
    matmul : Matrix product of two arrays.

    Examples
    --------
    >>> a = pt.asarray([[1, 2], [3, 4]])
    >>> pt.linalg.multi_dot([a, a, pt.asarray([1, 1])])
    Array([17, 37])
    >>> pt.linalg.multi_dot([pt.asarray([1, 2]), a, pt.asarray([1, 1])])
    Array(17)
    """
    ms = [_arr(a, "multi_dot") for a in arrays]
    if len(ms) < 2:
        raise ValueError("multi_dot: Expecting at least two arrays.")
    first_1d, last_1d = ms[0].ndim == 1, ms[-1].ndim == 1
    if first_1d:
        ms[0] = pt.reshape(ms[0], (1, -1))
    if last_1d:
        ms[-1] = pt.reshape(ms[-1], (-1, 1))
    for m in ms:
        _square_2d(m, "multi_dot")
    for i in range(len(ms) - 1):
        if ms[i].shape[1] != ms[i + 1].shape[0]:
            raise ValueError(f"multi_dot: shapes {tuple(ms[i].shape)} and "
                             f"{tuple(ms[i + 1].shape)} not aligned: {ms[i].shape[1]} (dim 1) "
                             f"!= {ms[i + 1].shape[0]} (dim 0)")
    dims = [ms[0].shape[0]] + [m.shape[1] for m in ms]
    r = _chain(ms, _chain_order(dims), 0, len(ms) - 1)
    if first_1d and last_1d:
        r = pt.reshape(r, ())
    elif first_1d:
        r = pt.reshape(r, (-1,))
    elif last_1d:
        r = pt.reshape(r, (-1,))
    if out is not None:
        if not _ours(out) or tuple(out.shape) != tuple(r.shape):
            raise ValueError("multi_dot: out must be a ptensor array of the result's shape "
                             f"{tuple(r.shape)}")
        out[...] = r if out.dtype == r.dtype else pt.astype(r, out.dtype)
        return out
    return r


# ------------------------------------------------------------------ lstsq ----

def lstsq(a, b, rcond=None):
    """Least-squares solution of ``a @ x = b``, as ``numpy.linalg.lstsq``.

    Returns ``(x, residuals, rank, s)``: the minimum-norm least-squares solution computed from
    the SVD of ``a``, singular values at or below ``rcond * max(s)`` treated as zero
    (``rcond=None``: machine epsilon times ``max(M, N)``, NumPy 2's default). The result dtype is
    the promotion of the float dtypes of ``a`` and ``b`` (integers as float64).

    Parameters
    ----------
    a : Array or array_like
        The coefficient matrix, shape ``(M, N)``.
    b : Array or array_like
        The right-hand side, shape ``(M,)`` or ``(M, K)``.
    rcond : float, optional
        Relative cutoff for small singular values.

    Returns
    -------
    x : Array
        Shape ``(N,)`` or ``(N, K)``.
    residuals : Array
        The squared 2-norms of ``b - a @ x`` per column (shape ``(K,)``, ``(1,)`` for 1-D ``b``)
        when ``a`` has full column rank and ``M > N``; an empty array otherwise.
    rank : int
        The rank of ``a``.
    s : Array
        The singular values of ``a`` (real).

    Notes
    -----
    ``rank`` is a Python int (NumPy gives a NumPy integer scalar).

    Raises
    ------
    LinAlgError
        ``a`` is not 2-D, ``b`` is not 1-D or 2-D, or their first dimensions differ.

    Examples
    --------
    Fit a line ``y = m t + c`` through three points:

    >>> A = pt.asarray([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]])
    >>> x, residuals, rank, s = pt.linalg.lstsq(A, pt.asarray([1.0, 3.0, 5.0]))
    >>> x
    Array([2., 1.])
    >>> rank
    2
    """
    A, B = _arr(a, "lstsq"), _arr(b, "lstsq")
    _square_2d(A, "lstsq")
    if B.ndim not in (1, 2):
        raise _lae()(f"lstsq: {B.ndim}-dimensional array given. Array must be one or "
                     "two-dimensional")
    m, n = A.shape
    if B.shape[0] != m:
        raise _lae()("lstsq: Incompatible dimensions")
    rt = dt.result_type(_float(A), _float(B))
    A, B = pt.astype(A, rt), pt.astype(B, rt)
    real = dt.real_dtype(rt)
    vec = B.ndim == 1
    B2 = pt.reshape(B, (m, 1)) if vec else B
    k = B2.shape[1]
    if rcond is None:
        rcond = float(np.finfo(real.np).eps) * max(m, n)
    if min(m, n) == 0:
        x = pt.zeros((n, k), dtype=rt)
        s = pt.zeros((0,), dtype=real)
        rank = 0
        res = pt.sum(pt.abs(B2) ** 2, axis=0) if m > n else pt.zeros((0,), dtype=real)
    else:
        u, s, vh = pt.linalg.svd(A, full_matrices=False)
        s = pt.astype(s, real) if s.dtype != real else s
        keep = s > rcond * pt.max(s)
        rank = int(pt.sum(pt.astype(keep, dt.int64)))
        inv_s = pt.where(keep, 1 / pt.where(keep, s, pt.ones((), dtype=real)),
                         pt.zeros((), dtype=real))
        uh = pt.conj(pt.matrix_transpose(u)) if dt.is_complex(rt) else pt.matrix_transpose(u)
        v = pt.conj(pt.matrix_transpose(vh)) if dt.is_complex(rt) else pt.matrix_transpose(vh)
        x = pt.matmul(v, pt.astype(inv_s, rt)[:, None] * pt.matmul(uh, B2))
        if rank == n and m > n:
            d = B2 - pt.matmul(A, x)
            res = pt.sum(pt.real(d * pt.conj(d)) if dt.is_complex(rt) else d * d, axis=0)
        else:
            res = pt.zeros((0,), dtype=real)
    if vec:
        x = pt.reshape(x, (n,))
    return x, res, rank, s


# ------------------------------------------------------------------- cond ----

def _inf_where_singular(x, p):
    """norm(x, p) * norm(inv(x), p) matrix by matrix, inf for the singular ones (the
    LinAlgError of inv tells them)."""
    batch = tuple(x.shape[:-2])
    flat = pt.reshape(x, (-1,) + tuple(x.shape[-2:]))
    parts = []
    for i in range(flat.shape[0]):
        m = flat[i]
        try:
            r = norm(m, p) * norm(pt.linalg.inv(m), p)
            pt.sync()
            float(r)
        except _lae():
            r = pt.full((), math.inf, dtype=dt.real_dtype(x.dtype))
        parts.append(r)
    return pt.reshape(pt.stack(parts), batch)


def cond(x, p=None):
    """Condition number of a matrix (or of each matrix of a stack), as ``numpy.linalg.cond``.

    For ``p`` in ``None``, 2, -2 it is the ratio of the largest and smallest singular values
    (``svdvals``; the inverse ratio for -2); for ``'fro'``, ``'nuc'``, 1, -1, ``inf``, ``-inf``
    it is ``norm(x, p) * norm(inv(x), p)``, ``inf`` for a singular matrix. Integer and bool
    input is computed in float64. The other norms read the result to detect singular matrices
    (a ``sync``).

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)`` (square for ``p`` other than None, 2, -2).
    p : {None, 1, -1, 2, -2, inf, -inf, 'fro', 'nuc'}, optional
        The norm (default ``None``: 2-norm).

    Returns
    -------
    Array
        The condition numbers, shape ``x.shape[:-2]``, real.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions, or is not square for a norm that needs it.
    ValueError
        Another ``p``.

    See Also
    --------
    norm : Matrix and vector norms.
    svdvals : Singular values.

    Examples
    --------
    >>> a = pt.asarray([[1.0, 0.0], [0.0, 2.0]])
    >>> pt.linalg.cond(a)
    Array(2.)
    >>> pt.linalg.cond(a, 1)
    Array(2.)
    >>> pt.linalg.cond(pt.asarray([[1.0, 2.0], [2.0, 4.0]]), 1)
    Array(inf)
    """
    a = _float(_arr(x, "cond"))
    if a.ndim < 2:
        raise _lae()(f"cond: {a.ndim}-dimensional array given. Array must be at least "
                     "two-dimensional")
    if p is None or (p in (2, -2) and not isinstance(p, bool)):
        s = pt.linalg.svdvals(a)
        hi, lo = s[..., 0], s[..., -1]
        return hi / lo if p != -2 else lo / hi
    if p not in _MATRIX_ORDS:
        raise ValueError("cond: Invalid norm order for matrices.")
    if a.shape[-1] != a.shape[-2]:
        raise _lae()("cond: Last 2 dimensions of the array must be square")
    try:
        r = norm(a, p, axis=(-2, -1)) * norm(pt.linalg.inv(a), p, axis=(-2, -1))
        pt.sync()
        return r
    except _lae():
        return _inf_where_singular(a, p)


# ---------------------------------------------------------------- tensors ----

def tensorinv(a, ind=2):
    """Inverse of an N-dimensional array under ``tensordot``, as ``numpy.linalg.tensorinv``.

    ``a`` is reshaped to the matrix ``(prod(a.shape[:ind]), prod(a.shape[ind:]))``, which must
    be square, inverted with ``inv`` (LAPACK) and reshaped to ``a.shape[ind:] + a.shape[:ind]``,
    so that ``tensordot(tensorinv(a, ind), a, ind)`` is the identity.

    Parameters
    ----------
    a : Array or array_like
        The tensor to invert.
    ind : int, optional
        Number of leading dimensions in the "row" part (default 2); positive.

    Returns
    -------
    Array
        Shape ``a.shape[ind:] + a.shape[:ind]``.

    Raises
    ------
    ValueError
        ``ind`` is not a positive integer.
    LinAlgError
        The two products of dimensions differ, or the matrix is singular (when read).

    See Also
    --------
    tensorsolve : Solve ``tensordot(a, x, x.ndim) == b``.
    inv : Matrix inverse.

    Examples
    --------
    >>> a = pt.reshape(pt.eye(4) * 2, (4, 2, 2))
    >>> ainv = pt.linalg.tensorinv(a, ind=1)
    >>> ainv.shape
    (2, 2, 4)
    >>> pt.allclose(pt.linalg.tensordot(ainv, a, axes=1), pt.eye(4).reshape(2, 2, 2, 2))
    True
    """
    A = _arr(a, "tensorinv")
    if not isinstance(ind, (int, np.integer)) or ind <= 0:
        raise ValueError("tensorinv: Invalid ind argument.")
    ind = int(ind)
    out_shape = tuple(A.shape[ind:]) + tuple(A.shape[:ind])
    rows = math.prod(A.shape[:ind])
    cols = math.prod(A.shape[ind:])
    if rows != cols:
        raise _lae()("tensorinv: Last 2 dimensions of the array must be square (the "
                     f"product of a.shape[:ind] is {rows}, of a.shape[ind:] {cols})")
    return pt.reshape(pt.linalg.inv(pt.reshape(A, (rows, cols))), out_shape)


def tensorsolve(a, b, axes=None):
    """Solve ``tensordot(a, x, axes=x.ndim) == b`` for ``x``, as ``numpy.linalg.tensorsolve``.

    The axes of ``a`` named in ``axes`` are first moved to the end; then ``a`` is reshaped to a
    square matrix and ``b`` to a vector and the system is solved as one linear system with
    ``solve`` (LAPACK).

    Parameters
    ----------
    a : Array or array_like
        Coefficient tensor, with ``prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])``.
    b : Array or array_like
        Right-hand side.
    axes : int or tuple of int, optional
        Axes of ``a`` to move to the end before solving.

    Returns
    -------
    Array
        ``x``, shape ``a.shape[b.ndim:]`` (after moving ``axes``).

    Raises
    ------
    LinAlgError
        The shapes do not give a square system, or the system is singular (when read).

    See Also
    --------
    tensorinv : Inverse under ``tensordot``.
    solve : Solve a linear system.

    Examples
    --------
    >>> a = pt.reshape(pt.eye(4) * 2, (2, 2, 2, 2))
    >>> pt.linalg.tensorsolve(a, pt.asarray([[2.0, 4.0], [6.0, 8.0]]))
    Array([[1., 2.],
           [3., 4.]])
    """
    A, B = _arr(a, "tensorsolve"), _arr(b, "tensorsolve")
    an = A.ndim
    if axes is not None:
        order = list(range(an))
        for k in (axes if isinstance(axes, (tuple, list)) else (axes,)):
            k = _axis_int(k, an, "tensorsolve")
            order.remove(k)
            order.append(k)
        A = pt.permute_dims(A, tuple(order))
    old = tuple(A.shape[B.ndim:])
    n = math.prod(old)
    if math.prod(A.shape) != n * n or math.prod(B.shape) != n:
        raise _lae()("tensorsolve: Input arrays must satisfy the requirement "
                     "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    x = pt.linalg.solve(pt.reshape(A, (n, n)), pt.reshape(B, (n, 1)))
    return pt.reshape(x, old)


# ---------------------------------------------------------- matvec, vecmat ----

def _gufunc_out(r, out, dtype, name):
    if dtype is not None:
        r = pt.astype(r, dt.to_dtype(dtype))
    if out is None:
        return r
    if isinstance(out, tuple):
        (out,) = out
    if not _ours(out) or tuple(out.shape) != tuple(r.shape):
        raise ValueError(f"{name}: out must be a ptensor array of the result's shape "
                         f"{tuple(r.shape)}")
    out[...] = r if out.dtype == r.dtype else pt.astype(r, out.dtype)
    return out


def _core(x, k, name, sig, i):
    if x.ndim < k:
        raise ValueError(f"{name}: Input operand {i} does not have enough dimensions (has "
                         f"{x.ndim}, gufunc core with signature {sig} requires {k})")


def _gufunc_operands(x1, x2, name, sig, k1, k2, n2):
    """The operands of matvec / vecmat (core dimensions k1, k2), checked: x1's last
    dimension against x2's dimension n2 (negative)."""
    a, b = _arr(x1, name), _arr(x2, name)
    _core(a, k1, name, sig, 0)
    _core(b, k2, name, sig, 1)
    if a.shape[-1] != b.shape[n2]:
        raise ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, "
                         f"with gufunc signature {sig} (size {b.shape[n2]} is different "
                         f"from {a.shape[-1]})")
    return a, b


def matvec(x1, x2, /, *, out=None, dtype=None):
    """Matrix-vector product, as the ``numpy.matvec`` gufunc (signature ``(m,n),(n)->(m)``).

    ``x1 @ x2[..., None]`` over the broadcast leading dimensions, without conjugation, with
    ``matmul``'s dtype rules. ``out=`` (a ptensor array) and ``dtype=`` are accepted; other
    gufunc keywords are not.

    Parameters
    ----------
    x1 : Array or array_like
        Matrices, shape ``(..., m, n)``.
    x2 : Array or array_like
        Vectors, shape ``(..., n)``.
    out : Array, optional
        A ptensor array of the result's shape to write into.
    dtype : dtype, optional
        The result's dtype.

    Returns
    -------
    Array
        Shape ``(..., m)``.

    Raises
    ------
    ValueError
        Too few dimensions, mismatched core dimensions, or a wrong ``out``.

    See Also
    --------
    vecmat : Vector-matrix product.
    matmul : Matrix product.

    Examples
    --------
    >>> pt.matvec(pt.asarray([[1, 2], [3, 4]]), pt.asarray([1, 1]))
    Array([3, 7])
    """
    a, b = _gufunc_operands(x1, x2, "matvec", "(m,n),(n)->(m)", 2, 1, -1)
    r = pt.matmul(a, b[..., None])[..., 0]
    return _gufunc_out(r, out, dtype, "matvec")


def vecmat(x1, x2, /, *, out=None, dtype=None):
    """Vector-matrix product, as the ``numpy.vecmat`` gufunc (signature ``(n),(n,m)->(m)``).

    ``conj(x1)[..., None, :] @ x2`` over the broadcast leading dimensions (complex ``x1`` is
    conjugated, as NumPy's), with ``matmul``'s dtype rules. ``out=`` (a ptensor array) and
    ``dtype=`` are accepted; other gufunc keywords are not.

    Parameters
    ----------
    x1 : Array or array_like
        Vectors, shape ``(..., n)``.
    x2 : Array or array_like
        Matrices, shape ``(..., n, m)``.
    out : Array, optional
        A ptensor array of the result's shape to write into.
    dtype : dtype, optional
        The result's dtype.

    Returns
    -------
    Array
        Shape ``(..., m)``.

    Raises
    ------
    ValueError
        Too few dimensions, mismatched core dimensions, or a wrong ``out``.

    See Also
    --------
    matvec : Matrix-vector product.
    vecdot : Dot product of vectors.

    Examples
    --------
    >>> pt.vecmat(pt.asarray([1, 1]), pt.asarray([[1, 2], [3, 4]]))
    Array([4, 6])
    >>> pt.vecmat(pt.asarray([1j, 1]), pt.asarray([[1, 2], [3, 4]]))
    Array([3.-1.j, 4.-2.j])
    """
    a, b = _gufunc_operands(x1, x2, "vecmat", "(n),(n,m)->(m)", 1, 2, -2)
    if dt.is_complex(a.dtype):
        a = pt.conj(a)
    r = pt.matmul(a[..., None, :], b)[..., 0, :]
    return _gufunc_out(r, out, dtype, "vecmat")


# numpy.linalg's names (the namespace puts them into pt.linalg) and the top-level ones
LINALG: list[str] = ["norm", "multi_dot", "lstsq", "cond", "tensorinv", "tensorsolve"]
TOP_LEVEL: list[str] = ["matvec", "vecmat"]
__all__ = LINALG + TOP_LEVEL

"""The factorization half of the array API `linalg` extension: cholesky, det, slogdet, inv,
solve, eig, eigvals, eigh, eigvalsh, svd, svdvals, qr (LAPACK kernels registered as the built-in custom
calls "ptensor.linalg.*", src/Lapack.cpp) and what is built from them: pinv, matrix_rank.
Integer and bool arrays are computed in float64, float32 stays float32 (NumPy's rule);
complex64/complex128 matrices use LAPACK's c/z routines (Hermitian for cholesky and eigh;
eigenvalues, singular values and log|det| are real).
Errors found by LAPACK (a singular or non positive-definite matrix) are raised as
LinAlgError (a ValueError, as NumPy's) when the program runs."""
from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _ops
from ._custom_call import call
from ._elementwise import _as_array, conj, divide, greater, multiply
from ._linalg import broadcast_batch, matmul
from ._manipulation import matrix_transpose
from ._searching import where
from ._statistical import max as _max
from ._utility import count_nonzero

if TYPE_CHECKING:
    from typing import Literal, NamedTuple

    from ._array import Array

LinAlgError = _core.LinAlgError
LinAlgError.__doc__ = """A linear algebra function met a matrix it cannot handle.

Raised for a singular matrix, a matrix that is not positive definite, a solver that does not
converge, or an array of the wrong shape (fewer than two dimensions, not square). A subclass of
``ValueError``, as ``numpy.linalg.LinAlgError``. Shape errors are raised by the call; errors
found by a LAPACK kernel are raised when the program runs, i.e. when the result is read.

Examples
--------
>>> issubclass(pt.linalg.LinAlgError, ValueError)
True
>>> try:
...     pt.linalg.inv(pt.asarray([[1.0, 2.0], [2.0, 4.0]]))
... except pt.linalg.LinAlgError as e:
...     print(e)
Singular matrix
"""

if TYPE_CHECKING:  # (the same named tuples, their fields typed)
    class EigResult(NamedTuple):
        eigenvalues: Array
        eigenvectors: Array

    class EighResult(NamedTuple):
        eigenvalues: Array
        eigenvectors: Array

    class QRResult(NamedTuple):
        Q: Array
        R: Array

    class SlogdetResult(NamedTuple):
        sign: Array
        logabsdet: Array

    class SVDResult(NamedTuple):
        U: Array
        S: Array
        Vh: Array
else:
    EigResult = namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
    EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
    QRResult = namedtuple("QRResult", ["Q", "R"])
    SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])
    SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])


def _matrices(x, name, square=False):
    """x as a float array of (a stack of) matrices; LinAlgError (NumPy's) otherwise."""
    x = _as_array(x, name)
    if x.ndim < 2:
        raise LinAlgError(f"{name}: {x.ndim}-dimensional array given. Array must be at least "
                          "two-dimensional")
    if square and x.shape[-1] != x.shape[-2]:
        raise LinAlgError(f"{name}: last 2 dimensions of the array must be square, got shape "
                          f"{x.shape}")
    if not dt.is_inexact(x.dtype):
        x = _ops.cast(x, dt.default_float)
    return x


def _lapack(name, x, results, attrs=None):
    return call("ptensor.linalg." + name, x if isinstance(x, list) else [x], results, attrs)


def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """Cholesky factor of a symmetric (Hermitian) positive-definite matrix.

    As ``numpy.linalg.cholesky`` (NumPy 2's ``upper`` keyword included): the lower-triangular
    ``L`` with ``x = L @ L.conj().T``, or with ``upper=True`` the upper-triangular
    ``U = L.conj().T``. Only the lower triangle of ``x`` is read. Integer input is computed in
    float64.

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, M)``.
    upper : bool, optional
        Return the upper factor instead of the lower one (default False).

    Returns
    -------
    Array
        The factors, the shape of ``x``.

    Raises
    ------
    LinAlgError
        ``x`` is not a (stack of) square matrices or a matrix is not positive definite (raised
        when the result is computed).

    Examples
    --------
    >>> a = pt.asarray([[4.0, 2.0], [2.0, 5.0]])
    >>> pt.linalg.cholesky(a)
    Array([[2., 0.],
           [1., 2.]])
    >>> pt.linalg.cholesky(a, upper=True)
    Array([[2., 1.],
           [0., 2.]])
    """
    x = _matrices(x, "cholesky", square=True)
    return _lapack("cholesky", x, [(x.shape, x.dtype)], {"upper": bool(upper)})[0]


def det(x: Array, /) -> Array:
    """Determinant of a square matrix (or of each matrix of a stack).

    As ``numpy.linalg.det``: computed from LAPACK's LU factorization with partial pivoting.
    Integer and bool arrays are computed in float64; float32 stays float32.

    Parameters
    ----------
    x : Array or array_like
        Matrices in the last two dimensions, shape ``(..., M, M)``.

    Returns
    -------
    Array
        The determinants, shape ``x.shape[:-2]`` (0-d for one matrix).

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions or is not square.

    See Also
    --------
    slogdet : Sign and log of the absolute determinant (no overflow).

    Examples
    --------
    >>> pt.linalg.det(pt.asarray([[1, 2], [3, 4]]))
    Array(-2.)
    >>> pt.linalg.det(pt.asarray([[4.0, 7.0], [2.0, 6.0]]))
    Array(10.)
    """
    x = _matrices(x, "det", square=True)
    return _lapack("det", x, [(x.shape[:-2], x.dtype)])[0]


def slogdet(x: Array, /) -> SlogdetResult:
    """Sign and natural log of the absolute determinant, as ``numpy.linalg.slogdet``.

    ``det(x) == sign * exp(logabsdet)`` without the overflow or underflow of ``det``; computed
    from the same LAPACK LU factorization. A singular matrix gives ``(0, -inf)``. Integer and
    bool input is computed in float64; ``sign`` has ``x``'s float dtype (complex for complex
    input), ``logabsdet`` its real dtype.

    Parameters
    ----------
    x : Array or array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    SlogdetResult
        Named tuple ``(sign, logabsdet)``, both of shape ``x.shape[:-2]``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions or is not square.

    See Also
    --------
    det : The determinant.

    Examples
    --------
    >>> sign, logabsdet = pt.linalg.slogdet(pt.asarray([[1.0, 2.0], [3.0, 4.0]]))
    >>> sign, logabsdet
    (Array(-1.), Array(0.69314718))
    >>> pt.linalg.slogdet(pt.asarray([[1.0, 2.0], [2.0, 4.0]])).logabsdet
    Array(-inf)
    """
    x = _matrices(x, "slogdet", square=True)
    b = x.shape[:-2]
    return SlogdetResult(*_lapack("det", x, [(b, x.dtype), (b, dt.real_dtype(x.dtype))]))


def inv(x: Array, /) -> Array:
    """Inverse of a square matrix (or of each matrix of a stack).

    As ``numpy.linalg.inv``: LAPACK's LU factorization with partial pivoting. Integer and bool
    arrays are computed in float64, float32 stays float32, complex matrices stay complex. The
    result is computed when it is read.

    Parameters
    ----------
    x : Array or array_like
        Matrices in the last two dimensions, shape ``(..., M, M)``.

    Returns
    -------
    Array
        The inverses, the same shape as ``x``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions, is not square, or a matrix is singular (raised when
        the program runs, i.e. when the result is read).

    See Also
    --------
    solve : Solve ``x1 @ x = x2`` without forming the inverse.
    pinv : Moore-Penrose pseudo-inverse.

    Examples
    --------
    >>> a = pt.asarray([[4.0, 7.0], [2.0, 6.0]])
    >>> pt.linalg.inv(a)
    Array([[ 0.6, -0.7],
           [-0.2,  0.4]])
    >>> pt.linalg.inv(pt.asarray([[1.0, 2.0], [2.0, 4.0]]))
    Traceback (most recent call last):
        ...
    ptensor._core.LinAlgError: Singular matrix
    """
    x = _matrices(x, "inv", square=True)
    return _lapack("inv", x, [(x.shape, x.dtype)])[0]


def solve(x1: Array, x2: Array, /) -> Array:
    """Solution ``x`` of the linear system ``x1 @ x = x2``.

    As ``numpy.linalg.solve`` (NumPy 2 rules): a one-dimensional ``x2`` is one right-hand-side
    vector; otherwise the last two dimensions of ``x2`` are matrices of right-hand sides and the
    batch dimensions of ``x1`` and ``x2`` broadcast. Integer inputs are computed in float64; the
    result dtype is the promotion of the two float dtypes. LAPACK's LU solver.

    Parameters
    ----------
    x1 : Array or array_like
        Coefficient matrices, shape ``(..., M, M)``.
    x2 : Array or array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``.

    Returns
    -------
    Array
        ``x``, shape ``(M,)`` for a vector ``x2``, else the broadcast shape ``(..., M, K)``.

    Raises
    ------
    LinAlgError
        ``x1`` is not a (stack of) square matrices, or a matrix is singular.
    ValueError
        ``x2`` is 0-d, its rows do not match ``x1``, or the batch dimensions do not broadcast.

    See Also
    --------
    inv : Matrix inverse.
    lstsq : Least-squares solution of a non-square system.

    Examples
    --------
    >>> a = pt.asarray([[4.0, 7.0], [2.0, 6.0]])
    >>> pt.linalg.solve(a, pt.asarray([1.0, 2.0]))
    Array([-0.8,  0.6])
    """
    a = _matrices(x1, "solve", square=True)
    b = _as_array(x2, "solve")
    if b.ndim == 0:
        raise ValueError("solve: x2 must have at least one dimension")
    ftype = dt.result_type(a.dtype, b.dtype) if dt.is_inexact(b.dtype) else a.dtype
    a, b = _ops.cast(a, ftype), _ops.cast(b, ftype)
    n = a.shape[-1]
    vector = b.ndim == 1
    if vector:
        b = _ops.insert_unit_dims(b, [1], (b.shape[0], 1))
    if b.shape[-2] != n:
        raise ValueError(f"solve: x2 has {b.shape[-2]} rows, x1 is {n} x {n} (shapes "
                         f"{tuple(x1.shape)} and {tuple(x2.shape)})")
    a, b = broadcast_batch(a, b, "solve", x1, x2)
    r = _lapack("solve", [a, b], [(b.shape, ftype)])[0]
    return r[..., 0] if vector else r


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues and eigenvectors of a symmetric (Hermitian) matrix.

    As ``numpy.linalg.eigh``: LAPACK's symmetric eigensolver; only the lower triangle is read.
    The eigenvalues are real (float64 for integer and float64 input, float32 for float32 and
    complex64) and ascending; the eigenvectors are the columns of the second result, in ``x``'s
    float dtype. Their signs are LAPACK's.

    Parameters
    ----------
    x : Array or array_like
        Symmetric or Hermitian matrices, shape ``(..., M, M)``.

    Returns
    -------
    EighResult
        Named tuple ``(eigenvalues, eigenvectors)`` of shapes ``(..., M)`` and ``(..., M, M)``.

    Raises
    ------
    LinAlgError
        ``x`` is not a (stack of) square matrices, or the solver does not converge.

    See Also
    --------
    eigvalsh : The eigenvalues only.
    eig : Eigenvalues of a general matrix.

    Examples
    --------
    >>> w, v = pt.linalg.eigh(pt.asarray([[2.0, 1.0], [1.0, 2.0]]))
    >>> w
    Array([1., 3.])
    >>> abs(v)
    Array([[0.70710678, 0.70710678],
           [0.70710678, 0.70710678]])
    """
    x = _matrices(x, "eigh", square=True)
    return EighResult(*_lapack("eigh", x, [(x.shape[:-1], dt.real_dtype(x.dtype)),
                                           (x.shape, x.dtype)]))


def _complex_of(d):
    return dt.complex64 if d in (dt.float32, dt.complex64) else dt.complex128


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and right eigenvectors of general square matrices.

    As ``numpy.linalg.eig`` (LAPACK's ``geev``; the array API 2025.12 ``eig``): the eigenvalues
    are in LAPACK's order (unsorted), the eigenvectors are the columns of the second result,
    normalized to unit length.

    Parameters
    ----------
    x : Array or array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    EigResult
        Named tuple ``(eigenvalues, eigenvectors)`` of shapes ``(..., M)`` and ``(..., M, M)``,
        both complex (complex64 for float32 and complex64 input, complex128 otherwise).

    Raises
    ------
    LinAlgError
        ``x`` is not a (stack of) square matrices, has infinite or NaN entries, or the solver
        does not converge.

    Notes
    -----
    The results are always complex, even where every eigenvalue is real (the array API rule);
    NumPy returns real arrays then.

    See Also
    --------
    eigvals : The eigenvalues only.
    eigh : Eigenvalues of a symmetric (Hermitian) matrix.

    Examples
    --------
    >>> w, v = pt.linalg.eig(pt.asarray([[2.0, 0.0], [0.0, 3.0]]))
    >>> w
    Array([2.+0.j, 3.+0.j])
    >>> v
    Array([[1.+0.j, 0.+0.j],
           [0.+0.j, 1.+0.j]])
    """
    x = _matrices(x, "eig", square=True)
    c = _complex_of(x.dtype)
    return EigResult(*_lapack("eig", x, [(x.shape[:-1], c), (x.shape, c)]))


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of general square matrices, as ``numpy.linalg.eigvals``.

    LAPACK's ``geev`` without the eigenvectors; the values are in LAPACK's order (unsorted) and
    always complex (complex64 for float32 and complex64 input, complex128 otherwise), where
    NumPy gives a real array when every eigenvalue is real.

    Parameters
    ----------
    x : Array or array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    Array
        Shape ``(..., M)``, complex.

    Raises
    ------
    LinAlgError
        ``x`` is not a (stack of) square matrices, has infinite or NaN entries, or the solver
        does not converge.

    See Also
    --------
    eig : Eigenvalues and eigenvectors.
    eigvalsh : Eigenvalues of a symmetric (Hermitian) matrix.

    Examples
    --------
    >>> pt.linalg.eigvals(pt.asarray([[0.0, -1.0], [1.0, 0.0]]))
    Array([0.+1.j, 0.-1.j])
    """
    x = _matrices(x, "eigvals", square=True)
    return _lapack("eig", x, [(x.shape[:-1], _complex_of(x.dtype))])[0]


def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues of a symmetric (Hermitian) matrix, as ``numpy.linalg.eigvalsh``.

    LAPACK's symmetric eigensolver without the eigenvectors; only the lower triangle is read.
    The eigenvalues are real (``x``'s real float dtype; float64 for integer input) and
    ascending.

    Parameters
    ----------
    x : Array or array_like
        Symmetric or Hermitian matrices, shape ``(..., M, M)``.

    Returns
    -------
    Array
        Shape ``(..., M)``.

    Raises
    ------
    LinAlgError
        ``x`` is not a (stack of) square matrices, or the solver does not converge.

    See Also
    --------
    eigh : Eigenvalues and eigenvectors.
    eigvals : Eigenvalues of a general matrix.

    Examples
    --------
    >>> pt.linalg.eigvalsh(pt.asarray([[2.0, 1.0], [1.0, 2.0]]))
    Array([1., 3.])
    """
    x = _matrices(x, "eigvalsh", square=True)
    return _lapack("eigh", x, [(x.shape[:-1], dt.real_dtype(x.dtype))])[0]


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """Singular value decomposition ``x = U @ diag(S) @ Vh``.

    As ``numpy.linalg.svd`` (LAPACK). ``S`` holds the singular values in descending order, in
    ``x``'s real float dtype; ``U`` and ``Vh`` are unitary and in ``x``'s float dtype. Integer
    input is computed in float64.

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)``.
    full_matrices : bool, optional
        True (default): ``U`` is ``(..., M, M)`` and ``Vh`` is ``(..., N, N)``. False: ``U`` is
        ``(..., M, K)`` and ``Vh`` is ``(..., K, N)`` with ``K = min(M, N)``.

    Returns
    -------
    SVDResult
        Named tuple ``(U, S, Vh)``; ``S`` has shape ``(..., K)``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions.

    See Also
    --------
    svdvals : The singular values only.

    Examples
    --------
    >>> U, S, Vh = pt.linalg.svd(pt.asarray([[3.0, 0.0], [0.0, 4.0]]))
    >>> S
    Array([4., 3.])
    >>> pt.linalg.svd(pt.ones((3, 2)), full_matrices=False).U.shape
    (3, 2)
    """
    x = _matrices(x, "svd")
    m, n = x.shape[-2:]
    k, b = min(m, n), x.shape[:-2]
    cu, rv = (m, n) if full_matrices else (k, k)
    return SVDResult(*_lapack("svd", x, [(b + (m, cu), x.dtype), (b + (k,), dt.real_dtype(x.dtype)),
                                          (b + (rv, n), x.dtype)], {"full": bool(full_matrices)}))


def svdvals(x: Array, /) -> Array:
    """Singular values of matrices, as ``numpy.linalg.svdvals``.

    LAPACK's SVD without ``U`` and ``Vh``; the values are in descending order, in ``x``'s real
    float dtype (float64 for integer input).

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)``.

    Returns
    -------
    Array
        Shape ``(..., min(M, N))``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions.

    See Also
    --------
    svd : The full decomposition.
    matrix_rank : Number of nonzero singular values.

    Examples
    --------
    >>> pt.linalg.svdvals(pt.asarray([[3.0, 0.0], [0.0, 4.0]]))
    Array([4., 3.])
    """
    x = _matrices(x, "svdvals")
    return _lapack("svd", x, [(x.shape[:-2] + (min(x.shape[-2:]),), dt.real_dtype(x.dtype))])[0]


def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult:
    """QR decomposition ``x = Q @ R``.

    As ``numpy.linalg.qr`` with modes ``'reduced'`` and ``'complete'`` (LAPACK's Householder
    QR). ``Q`` has orthonormal columns, ``R`` is upper triangular; the signs of their rows and
    columns are LAPACK's. Integer input is computed in float64.

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)``.
    mode : {'reduced', 'complete'}, optional
        ``'reduced'`` (default): ``Q`` is ``(..., M, K)``, ``R`` is ``(..., K, N)`` with
        ``K = min(M, N)``. ``'complete'``: ``Q`` is ``(..., M, M)``, ``R`` is ``(..., M, N)``.

    Returns
    -------
    QRResult
        Named tuple ``(Q, R)``.

    Raises
    ------
    ValueError
        Another ``mode``.
    LinAlgError
        ``x`` has fewer than two dimensions.

    Examples
    --------
    >>> a = pt.asarray([[3.0, 1.0], [4.0, 2.0]])
    >>> q, r = pt.linalg.qr(a)
    >>> abs(r)
    Array([[5. , 2.2],
           [0. , 0.4]])
    >>> pt.allclose(q @ r, a)
    True
    """
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    x = _matrices(x, "qr")
    m, n = x.shape[-2:]
    k, b = min(m, n), x.shape[:-2]
    qc = m if mode == "complete" else k
    return QRResult(*_lapack("qr", x, [(b + (m, qc), x.dtype), (b + (qc, n), x.dtype)],
                             {"complete": mode == "complete"}))


def _default_rtol(x):
    return max(x.shape[-2:]) * float(np.finfo(x.dtype.np).eps)


def _cutoff(s, x, rtol, name):
    """rtol * the largest singular value (rtol: a number or an array broadcasting with the
    batch; default max(M, N) * eps)."""
    if rtol is None:
        rtol = _default_rtol(x)
    elif not isinstance(rtol, (int, float)) or isinstance(rtol, bool):
        rtol = _as_array(rtol, name)
        rtol = _ops.insert_unit_dims(rtol, [rtol.ndim], rtol.shape + (1,))
    if s.shape[-1] == 0:
        return s
    return multiply(_max(s, axis=-1, keepdims=True), rtol)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Moore-Penrose pseudo-inverse, as ``numpy.linalg.pinv``.

    Computed from the reduced SVD: ``Vh^H @ diag(1 / S) @ U^H``, where singular values not
    above ``rtol`` times the largest one are treated as zero. The dtype is ``x``'s float dtype
    (float64 for integer input).

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)``.
    rtol : float or Array, optional
        Relative cutoff for small singular values; an array broadcasts against the stack
        dimensions. Default ``max(M, N) * eps`` of ``x``'s dtype.

    Returns
    -------
    Array
        Shape ``(..., N, M)``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions.

    See Also
    --------
    inv : Inverse of a square matrix.
    lstsq : Least-squares solution.

    Examples
    --------
    >>> pt.linalg.pinv(pt.asarray([[1.0, 0.0], [0.0, 2.0]]))
    Array([[1. , 0. ],
           [0. , 0.5]])
    >>> pt.linalg.pinv(pt.asarray([[1.0, 2.0], [2.0, 4.0]]))
    Array([[0.04, 0.08],
           [0.08, 0.16]])
    """
    x = _matrices(x, "pinv")
    u, s, vh = svd(x, full_matrices=False)
    keep = greater(s, _cutoff(s, x, rtol, "pinv"))
    sinv = where(keep, divide(1.0, where(keep, s, 1.0)), 0.0)
    sinv = _ops.cast(sinv, x.dtype)
    scaled = multiply(matrix_transpose(conj(vh)),
                      _ops.insert_unit_dims(sinv, [sinv.ndim - 1], sinv.shape[:-1] + (1, sinv.shape[-1])))
    return matmul(scaled, matrix_transpose(conj(u)))


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Rank of matrices, as ``numpy.linalg.matrix_rank``.

    The number of singular values (``svdvals``) greater than ``rtol`` times the largest one;
    the count is of the default integer dtype.

    Parameters
    ----------
    x : Array or array_like
        Matrices, shape ``(..., M, N)``.
    rtol : float or Array, optional
        Relative tolerance; an array broadcasts against the stack dimensions. Default
        ``max(M, N) * eps`` of ``x``'s float dtype.

    Returns
    -------
    Array
        The ranks, shape ``x.shape[:-2]``.

    Raises
    ------
    LinAlgError
        ``x`` has fewer than two dimensions.

    Notes
    -----
    NumPy's ``matrix_rank`` also accepts one-dimensional input (and its ``tol``/``hermitian``
    arguments); this is the array API form, for (stacks of) matrices.

    See Also
    --------
    svdvals : The singular values.

    Examples
    --------
    >>> pt.linalg.matrix_rank(pt.asarray([[1.0, 2.0], [2.0, 4.0]]))
    Array(1)
    >>> pt.linalg.matrix_rank(pt.eye(3))
    Array(3)
    """
    x = _matrices(x, "matrix_rank")
    s = svdvals(x)
    return count_nonzero(greater(s, _cutoff(s, x, rtol, "matrix_rank")), axis=-1)


__all__: list[str] = ["LinAlgError", "cholesky", "det", "slogdet", "inv", "solve", "eig",
                      "eigvals", "eigh", "eigvalsh",
                      "svd", "svdvals", "qr", "pinv", "matrix_rank"]

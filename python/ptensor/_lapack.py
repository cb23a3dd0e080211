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
LinAlgError.__doc__ = ("A linear algebra function met a matrix it cannot handle (singular, not "
                       "positive definite, no convergence); a ValueError, as NumPy's.")

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
    """Lower (or, with upper=True, upper) Cholesky factor; reads the lower triangle."""
    x = _matrices(x, "cholesky", square=True)
    return _lapack("cholesky", x, [(x.shape, x.dtype)], {"upper": bool(upper)})[0]


def det(x: Array, /) -> Array:
    """Determinant of each matrix (LU with partial pivoting)."""
    x = _matrices(x, "det", square=True)
    return _lapack("det", x, [(x.shape[:-2], x.dtype)])[0]


def slogdet(x: Array, /) -> SlogdetResult:
    """(sign, log|det|); a singular matrix gives (0, -inf)."""
    x = _matrices(x, "slogdet", square=True)
    b = x.shape[:-2]
    return SlogdetResult(*_lapack("det", x, [(b, x.dtype), (b, dt.real_dtype(x.dtype))]))


def inv(x: Array, /) -> Array:
    """Inverse of each matrix; LinAlgError for a singular one."""
    x = _matrices(x, "inv", square=True)
    return _lapack("inv", x, [(x.shape, x.dtype)])[0]


def solve(x1: Array, x2: Array, /) -> Array:
    """x with x1 @ x = x2. x2 of one dimension is a vector (NumPy 2 and the array API);
    otherwise its last two dimensions are matrices and the batch dimensions broadcast."""
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
    """Eigenvalues (ascending) and eigenvectors (columns) of symmetric matrices; reads the
    lower triangle."""
    x = _matrices(x, "eigh", square=True)
    return EighResult(*_lapack("eigh", x, [(x.shape[:-1], dt.real_dtype(x.dtype)),
                                           (x.shape, x.dtype)]))


def _complex_of(d):
    return dt.complex64 if d in (dt.float32, dt.complex64) else dt.complex128


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and right eigenvectors (columns of unit norm) of general square matrices
    (array API 2025.12; LAPACK geev): both complex (complex64 for float32 input, complex128
    otherwise) even where every eigenvalue is real, in LAPACK's order (unsorted, as NumPy's).
    Infinite or NaN entries raise LinAlgError."""
    x = _matrices(x, "eig", square=True)
    c = _complex_of(x.dtype)
    return EigResult(*_lapack("eig", x, [(x.shape[:-1], c), (x.shape, c)]))


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of general square matrices (array API 2025.12; LAPACK geev), complex, in
    LAPACK's order."""
    x = _matrices(x, "eigvals", square=True)
    return _lapack("eig", x, [(x.shape[:-1], _complex_of(x.dtype))])[0]


def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues (ascending) of symmetric matrices; reads the lower triangle."""
    x = _matrices(x, "eigvalsh", square=True)
    return _lapack("eigh", x, [(x.shape[:-1], dt.real_dtype(x.dtype))])[0]


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """U, S (descending), Vh with x = U @ diag(S) @ Vh."""
    x = _matrices(x, "svd")
    m, n = x.shape[-2:]
    k, b = min(m, n), x.shape[:-2]
    cu, rv = (m, n) if full_matrices else (k, k)
    return SVDResult(*_lapack("svd", x, [(b + (m, cu), x.dtype), (b + (k,), dt.real_dtype(x.dtype)),
                                          (b + (rv, n), x.dtype)], {"full": bool(full_matrices)}))


def svdvals(x: Array, /) -> Array:
    """Singular values, descending."""
    x = _matrices(x, "svdvals")
    return _lapack("svd", x, [(x.shape[:-2] + (min(x.shape[-2:]),), dt.real_dtype(x.dtype))])[0]


def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult:
    """Q (orthonormal columns) and R (upper triangular) with x = Q @ R; mode 'reduced' or
    'complete'."""
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
    """Moore-Penrose pseudo-inverse via the SVD; singular values <= rtol * largest are
    treated as zero."""
    x = _matrices(x, "pinv")
    u, s, vh = svd(x, full_matrices=False)
    keep = greater(s, _cutoff(s, x, rtol, "pinv"))
    sinv = where(keep, divide(1.0, where(keep, s, 1.0)), 0.0)
    sinv = _ops.cast(sinv, x.dtype)
    scaled = multiply(matrix_transpose(conj(vh)),
                      _ops.insert_unit_dims(sinv, [sinv.ndim - 1], sinv.shape[:-1] + (1, sinv.shape[-1])))
    return matmul(scaled, matrix_transpose(conj(u)))


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Number of singular values above rtol * largest (default rtol max(M, N) * eps)."""
    x = _matrices(x, "matrix_rank")
    s = svdvals(x)
    return count_nonzero(greater(s, _cutoff(s, x, rtol, "matrix_rank")), axis=-1)


__all__: list[str] = ["LinAlgError", "cholesky", "det", "slogdet", "inv", "solve", "eig",
                      "eigvals", "eigh", "eigvalsh",
                      "svd", "svdvals", "qr", "pinv", "matrix_rank"]

"""Loop-heavy NumPy kernels, written the way NumPy code usually is: Python loops whose bodies
touch rows, short slices and single elements (the corpus of loops.py).

Each kernel takes its arrays (named in KERNELS, made by `make(n, rng)` as NumPy arrays) and
returns its result; it uses the global `np`, which `bind(kernel, module)` sets to the array
module under test (numpy, ptensor; Numba compiles the NumPy-bound function). The kernels are our
own, of the kinds a public collection of scientific kernels has: triangular solve, LU and
Cholesky by rows, Gauss-Seidel and Jacobi sweeps, a dynamic programme, a rank-k update by
rows, a trace over the diagonal, matrix-vector products.
"""
import types

import numpy as np


def bind(kernel, module):
    """kernel with its global `np` bound to module."""
    return types.FunctionType(kernel.__code__, dict(kernel.__globals__, np=module),
                              kernel.__name__)


def _spd(n, rng):
    a = rng.random((n, n))
    return a @ a.T + n * np.eye(n)


def lu(A):
    """LU by rows (Doolittle, in place): a dot product and a scalar update per element."""
    n = A.shape[0]
    for i in range(n):
        for j in range(i):
            A[i, j] -= A[i, :j] @ A[:j, j]
            A[i, j] /= A[j, j]
        for j in range(i, n):
            A[i, j] -= A[i, :i] @ A[:i, j]
    return A


def trisolv(L, b):
    """Forward substitution L x = b, one element of x per step."""
    x = np.zeros_like(b)
    for i in range(b.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x


def cholesky(A):
    """Cholesky by rows (A = L L^T, L in the lower triangle of A)."""
    n = A.shape[0]
    for i in range(n):
        for j in range(i):
            A[i, j] -= A[i, :j] @ A[j, :j]
            A[i, j] /= A[j, j]
        A[i, i] -= A[i, :i] @ A[i, :i]
        A[i, i] = np.sqrt(A[i, i])
    return np.tril(A)


def gauss_seidel(A):
    """Row-by-row Gauss-Seidel sweeps of a 2-D Laplace problem: each row uses the new row above."""
    n = A.shape[0]
    for _ in range(4):
        for i in range(1, n - 1):
            A[i, 1:-1] = (A[i - 1, 1:-1] + A[i + 1, 1:-1] + A[i, :-2] + A[i, 2:]) * 0.25
    return A


def jacobi_1d(A, B):
    """A 1-D Jacobi time loop (two arrays, whole-slice updates)."""
    for _ in range(50):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])
    return A


def seam_dp(C):
    """A dynamic programme over rows (the cheapest vertical seam's cost per column)."""
    for i in range(1, C.shape[0]):
        best = np.minimum(C[i - 1, :-2], C[i - 1, 1:-1])
        C[i, 1:-1] += np.minimum(best, C[i - 1, 2:])
    return C


def syrk_rows(C, A):
    """A symmetric rank-k update by rows: C[i, :i+1] = beta C[i, :i+1] + alpha A[:i+1] @ A[i]."""
    for i in range(C.shape[0]):
        C[i, :i + 1] = C[i, :i + 1] * 1.2 + 1.5 * (A[:i + 1, :] @ A[i, :])
    return C


def trace_tanh(a):
    """A scalar accumulation over the diagonal."""
    t = 0.0
    for i in range(a.shape[0]):
        t += np.tanh(a[i, i])
    return np.asarray(t)


def matvec_rows(A, x):
    """y = A x one row at a time, then z = A^T y as one product."""
    y = np.empty_like(x)
    for i in range(A.shape[0]):
        y[i] = A[i, :] @ x
    return A.T @ y


def make(n, rng):
    """The inputs of every kernel at size n (NumPy arrays; each kernel gets fresh copies)."""
    A = _spd(n, rng)
    L = np.tril(rng.random((n, n))) + n * np.eye(n)
    return {"A": A, "L": L, "b": rng.random(n), "G": rng.random((n, n)),
            "v": rng.random(40 * n), "w": rng.random(40 * n), "C": rng.random((n, n))}


# name -> (kernel, the names of its inputs in make's dict)
KERNELS = {
    "lu": (lu, ("A",)), "trisolv": (trisolv, ("L", "b")), "cholesky": (cholesky, ("A",)),
    "gauss_seidel": (gauss_seidel, ("G",)), "jacobi_1d": (jacobi_1d, ("v", "w")),
    "seam_dp": (seam_dp, ("G",)), "syrk_rows": (syrk_rows, ("C", "A")),
    "trace_tanh": (trace_tanh, ("A",)), "matvec_rows": (matvec_rows, ("A", "b")),
}

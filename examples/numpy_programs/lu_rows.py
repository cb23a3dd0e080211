"""An LU factorization by rows (Doolittle, no pivoting) of a diagonally dominant matrix."""
import numpy as np

n = 12
A = np.fromfunction(lambda i, j: 1.0 / (i + j + 1.0), (n, n)) + n * np.identity(n)
L = np.identity(n)
U = np.zeros((n, n), np.float64)
for i in range(n):
    for j in range(i, n):
        U[i, j] = A[i, j] - np.dot(L[i, :i], U[:i, j])
    for j in range(i + 1, n):
        L[j, i] = (A[j, i] - np.dot(L[j, :i], U[:i, i])) / U[i, i]
result = [L, U, np.allclose(L @ U, A), np.trace(U), np.diag(U)]

"""matmul and `@` against NumPy: shapes, dtypes, layouts (BLAS and loop paths), bad input."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches, on_a_device

RNG = np.random.default_rng(3)


def rand(shape, dtype="float64"):
    d = np.dtype(dtype)
    if d.kind == "f":
        return RNG.standard_normal(shape).astype(d)
    if d.kind == "b":
        return RNG.random(shape) < 0.5
    return RNG.integers(-5 if d.kind == "i" else 0, 6, shape).astype(d)


@pytest.mark.parametrize("s1,s2", [
    ((3, 4), (4, 5)), ((1, 1), (1, 1)), ((7, 1), (1, 6)), ((0, 3), (3, 4)), ((3, 0), (0, 4)),
    ((4,), (4, 3)), ((3, 4), (4,)), ((5,), (5,)), ((2, 3, 4), (2, 4, 5)), ((2, 3, 4), (4, 5)),
    ((4,), (2, 4, 3)), ((1, 3, 4), (5, 4, 2)), ((2, 1, 3, 4), (3, 4, 2)), ((65, 33), (33, 17)),
])
def test_matmul_shapes(s1, s2):
    a, b = rand(s1), rand(s2)
    assert_matches(pt.asarray(a) @ pt.asarray(b), a @ b, rtol=1e-12, atol=1e-12)
    assert_matches(pt.matmul(pt.asarray(a), pt.asarray(b)), np.matmul(a, b), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("d1,d2", [("float32", "float32"), ("float32", "float64"),
                                   ("int32", "int32"), ("int8", "int64"), ("uint8", "uint8"),
                                   ("bool", "bool"), ("int64", "float32"), ("uint64", "uint64")])
def test_matmul_dtypes(d1, d2):
    a, b = rand((6, 5), d1), rand((5, 4), d2)
    e = a @ b
    rtol = 1e-5 if e.dtype == np.float32 else 1e-12
    assert_matches(pt.asarray(a) @ pt.asarray(b), e, rtol=rtol, atol=1e-5)


def test_matmul_layouts():
    """Views that are not row-major (transposed reads, steps) take the loop path."""
    a, b = rand((9, 8)), rand((8, 10))
    A, B = pt.asarray(a), pt.asarray(b)
    assert_matches(A[::2, :] @ B[:, 1::3], a[::2, :] @ b[:, 1::3], rtol=1e-12)
    assert_matches(A[::-1] @ B, a[::-1] @ b, rtol=1e-12)
    assert_matches(pt.matrix_transpose(B) @ pt.matrix_transpose(A), b.T @ a.T, rtol=1e-12)
    at = np.asfortranarray(a)  # column-major NumPy input, wrapped as a strided leaf
    assert_matches(pt.asarray(at) @ B, at @ b, rtol=1e-12)
    bb = np.broadcast_to(rand((1, 10)), (8, 10))  # stride 0 rows
    assert_matches(A @ pt.asarray(bb), a @ bb, rtol=1e-12)


def test_matmul_fused_with_elementwise():
    a, b = rand((30, 20)), rand((20, 10))
    A, B = pt.asarray(a), pt.asarray(b)
    r = pt.exp((A * 0.1) @ (B + 1.0)) - 1.0
    assert_matches(r, np.exp((a * 0.1) @ (b + 1.0)) - 1.0, rtol=1e-12)


def test_matmul_errors():
    A = pt.asarray(rand((3, 4)))
    with pytest.raises(ValueError, match="contracted dimensions differ"):
        A @ pt.asarray(rand((3, 4)))
    with pytest.raises(ValueError, match="at least one dimension"):
        pt.matmul(A, pt.asarray(np.float64(2.0)))
    with pytest.raises(ValueError, match="batch dimensions"):
        pt.matmul(pt.asarray(rand((2, 3, 4))), pt.asarray(rand((3, 4, 2))))
    with pytest.raises(TypeError):
        A @ 2.0
    with pytest.raises(TypeError, match="matmul"):
        pt.matmul(A, [[1.0]])


def _numpy_blas_loaded():
    with open("/proc/self/maps") as maps:
        return any("openblas" in line and "numpy" in line for line in maps)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "complex64"])
def test_matmul_shares_numpys_blas(dtype):
    # Where NumPy's wheel brings its own OpenBLAS, host matmuls call it (src/Blas.cpp: one
    # thread pool per process) through 32-bit CBLAS shims over its 64-bit interface: the same
    # kernels, so the same bits as NumPy's matmul; PTENSOR_BLAS_OWN=1 loads ptensor's own.
    import os
    import subprocess
    import sys
    lib = pt._core.blas_library()
    if _numpy_blas_loaded():
        assert "openblas" in lib and "numpy" in lib, lib
    else:
        assert lib, "no BLAS found"
    a, b = rand((67, 45), dtype), rand((45, 31), dtype)
    if dtype.startswith("complex"):
        a = a + 1j * rand((67, 45), "float64").astype(dtype)
    got = np.asarray(pt.asarray(a) @ pt.asarray(b))
    # (split arrays: other sums; on a GPU runtime device matmul is a kernel, not BLAS)
    if "numpy" in lib and pt._dist.default_team() is None and not on_a_device():
        np.testing.assert_array_equal(got, a @ b)
    else:
        single = dtype in ("float32", "complex64")
        tol = 1e-4 if single else 1e-12  # (sums of 45 terms of size ~1; some cancel)
        np.testing.assert_allclose(got, a @ b, rtol=tol, atol=tol)
    own = subprocess.run([sys.executable, "-c", "import ptensor as pt; print(pt._core.blas_library())"],
                         env={**os.environ, "PTENSOR_BLAS_OWN": "1"},
                         capture_output=True, text=True, check=True).stdout.strip()
    assert own and "numpy" not in own, own


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
def test_matmul_of_transposed_and_strided_views_matches_numpy(dtype):
    # views of arrays past the eager limit are leaves over the base's buffer: a transposed
    # one goes to BLAS as CblasTrans, a strided one (neither stride 1) keeps the loops
    rng = np.random.default_rng(3)
    A = rng.standard_normal((150, 160)).astype(dtype)
    B = rng.standard_normal((160, 150)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        A = A + 1j * rng.standard_normal(A.shape)
        B = B + 1j * rng.standard_normal(B.shape)
    a, b = pt.asarray(A), pt.asarray(B)
    tol = 1e-4 if dtype == np.float32 else 1e-10
    cases = [(a @ a.T, A @ A.T), (a.T @ b.T, A.T @ B.T), (b.T @ a.T, B.T @ A.T),
             (a[::2].T @ b[:, ::2].T, A[::2].T @ B[:, ::2].T), (a[:, 1:].T @ a[:, :-1], A[:, 1:].T @ A[:, :-1])]
    for got, want in cases:
        g = np.asarray(got)
        assert g.dtype == want.dtype and g.shape == want.shape
        np.testing.assert_allclose(g, want, rtol=tol, atol=tol * 10)

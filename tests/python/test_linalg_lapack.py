"""pt.linalg's factorizations (LAPACK through built-in custom calls) against NumPy: dtypes,
batches, empty and 1x1 matrices, keyword combinations, and the errors NumPy raises.
Factors that are unique only up to signs (eigenvectors, Q, U, Vh) are checked by
reconstruction and orthogonality; values (eigenvalues, singular values, R's diagonal
magnitudes, determinants) directly."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

RNG = np.random.default_rng(11)
SHAPES = [(3, 3), (1, 1), (0, 0), (2, 4, 4), (2, 0, 3, 3), (5, 5)]
DTYPES = ["float64", "float32", "int64"]


def tol(dtype):
    return dict(rtol=2e-3, atol=2e-3) if np.dtype(dtype) == np.float32 else dict(rtol=1e-9, atol=1e-9)


def general(shape, dtype="float64"):
    a = RNG.standard_normal(shape) + 2 * np.eye(shape[-1]) if shape[-1] == shape[-2] else \
        RNG.standard_normal(shape)
    return (np.round(a * 3) if np.dtype(dtype).kind == "i" else a).astype(dtype)


def spd(shape, dtype="float64"):
    a = RNG.standard_normal(shape)
    s = a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])
    return (np.round(s) if np.dtype(dtype).kind == "i" else s).astype(dtype)


def out_dtype(dtype):
    return np.float32 if np.dtype(dtype) == np.float32 else np.float64


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_det_slogdet_inv(shape, dtype):
    a = general(shape, dtype)
    assert_matches(pt.linalg.det(pt.asarray(a)), np.linalg.det(a), **tol(dtype))
    sign, logabs = pt.linalg.slogdet(pt.asarray(a))
    e = np.linalg.slogdet(a)
    assert_matches(sign, e.sign, **tol(dtype))
    assert_matches(logabs, e.logabsdet, **tol(dtype))
    # (the sign of an exact zero of the inverse is the LAPACK's: ptensor's is Debian's, NumPy
    # its own; CI met a -0.0 against NumPy's +0.0 for an int64 matrix)
    assert_matches(pt.linalg.inv(pt.asarray(a)), np.linalg.inv(a), signed_zeros=False,
                   **tol(dtype))


def test_singular_matrices():
    s = np.array([[1.0, 2.0], [2.0, 4.0]])
    assert_matches(pt.linalg.det(pt.asarray(s)), np.linalg.det(s), atol=1e-12)
    sign, logabs = pt.linalg.slogdet(pt.asarray(np.zeros((2, 2))))
    assert float(sign) == 0.0 and float(logabs) == -np.inf
    with pytest.raises(pt.linalg.LinAlgError, match="Singular matrix"):
        pt.linalg.inv(pt.asarray(s)).to_numpy()
    with pytest.raises(ValueError, match="Singular matrix"):  # LinAlgError is a ValueError
        pt.linalg.solve(pt.asarray(s), pt.ones(2)).to_numpy()
    # the failed program delivers nothing; asking again raises again, other arrays still work
    bad = pt.linalg.inv(pt.asarray(s))
    good = pt.asarray(s) + 1
    with pytest.raises(pt.linalg.LinAlgError):
        bad.to_numpy()
    with pytest.raises(pt.linalg.LinAlgError):
        bad.to_numpy()
    assert_matches(good, s + 1)


@pytest.mark.parametrize("sa,sb", [((3, 3), (3,)), ((3, 3), (3, 2)), ((2, 4, 4), (2, 4, 1)),
                                   ((2, 4, 4), (4, 3)), ((4, 4), (3, 4, 2)), ((1, 3, 3), (2, 3, 5)),
                                   ((0, 0), (0,)), ((2, 2), (2, 0)), ((2, 3, 3), (3,))])
def test_solve(sa, sb):
    a, b = general(sa), RNG.standard_normal(sb)
    assert_matches(pt.linalg.solve(pt.asarray(a), pt.asarray(b)), np.linalg.solve(a, b),
                   rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("da,db", [("float32", "float32"), ("float32", "float64"),
                                   ("int64", "float32"), ("int32", "int32")])
def test_solve_dtypes(da, db):
    a, b = general((3, 3), da), general((3, 2), db)
    e = np.linalg.solve(a, b)
    assert_matches(pt.linalg.solve(pt.asarray(a), pt.asarray(b)), e, **tol(e.dtype))


def test_solve_bad_input():
    a = pt.asarray(general((3, 3)))
    with pytest.raises(ValueError, match="rows"):
        pt.linalg.solve(a, pt.ones(4))
    with pytest.raises(ValueError, match="broadcast"):
        pt.linalg.solve(pt.ones((2, 3, 3)), pt.ones((4, 3, 1)))
    with pytest.raises(pt.linalg.LinAlgError, match="square"):
        pt.linalg.solve(pt.ones((3, 2)), pt.ones(3))
    with pytest.raises(ValueError, match="at least one dimension"):
        pt.linalg.solve(a, pt.asarray(1.0))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(shape, dtype, upper):
    a = spd(shape, dtype)
    assert_matches(pt.linalg.cholesky(pt.asarray(a), upper=upper),
                   np.linalg.cholesky(a, upper=upper), **tol(dtype))


def test_cholesky_reads_lower_triangle_and_rejects_indefinite():
    a = spd((4, 4))
    junk = a + np.triu(np.full((4, 4), 7.0), 1)  # only the upper triangle differs
    assert_matches(pt.linalg.cholesky(pt.asarray(junk)), np.linalg.cholesky(a), rtol=1e-9, atol=1e-9)
    with pytest.raises(pt.linalg.LinAlgError, match="not positive definite"):
        pt.linalg.cholesky(pt.asarray(-np.eye(3))).to_numpy()


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_eigh_eigvalsh(shape, dtype):
    a = spd(shape, dtype)
    w, v = pt.linalg.eigh(pt.asarray(a))
    ew = np.linalg.eigvalsh(a)
    assert_matches(w, ew, **tol(dtype))
    assert_matches(pt.linalg.eigvalsh(pt.asarray(a)), ew, **tol(dtype))
    v = v.to_numpy()
    assert v.dtype == out_dtype(dtype) and v.shape == a.shape
    t = tol(dtype)
    np.testing.assert_allclose(v @ (w.to_numpy()[..., None] * np.swapaxes(v, -1, -2)),
                               a.astype(v.dtype), rtol=t["rtol"], atol=t["atol"] * max(1, shape[-1]) * 10)
    np.testing.assert_allclose(np.swapaxes(v, -1, -2) @ v, np.broadcast_to(np.eye(shape[-1]), a.shape),
                               atol=t["atol"] * 10)


@pytest.mark.parametrize("shape", [(3, 3), (5, 3), (3, 5), (1, 4), (2, 6, 4), (0, 3), (3, 0),
                                   (2, 0, 0)])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("full", [True, False])
def test_svd_svdvals(shape, dtype, full):
    a = general(shape, dtype)
    u, s, vh = pt.linalg.svd(pt.asarray(a), full_matrices=full)
    eu, es, evh = np.linalg.svd(a, full_matrices=full)
    t = tol(dtype)
    assert_matches(s, es, **t)
    assert_matches(pt.linalg.svdvals(pt.asarray(a)), np.linalg.svdvals(a), **t)
    u, vh = u.to_numpy(), vh.to_numpy()
    assert u.shape == eu.shape and vh.shape == evh.shape and u.dtype == eu.dtype
    k = min(shape[-2:])
    np.testing.assert_allclose((u[..., :k] * s.to_numpy()[..., None, :]) @ vh[..., :k, :],
                               a.astype(u.dtype), atol=t["atol"] * 10)
    np.testing.assert_allclose(np.swapaxes(u, -1, -2) @ u,
                               np.broadcast_to(np.eye(u.shape[-1]), u.shape[:-2] + (u.shape[-1],) * 2),
                               atol=t["atol"] * 10)


@pytest.mark.parametrize("shape", [(3, 3), (5, 3), (3, 5), (2, 6, 4), (0, 3), (3, 0), (1, 1)])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr(shape, dtype, mode):
    a = general(shape, dtype)
    q, r = pt.linalg.qr(pt.asarray(a), mode=mode)
    eq, er = np.linalg.qr(a, mode=mode)
    q, r = q.to_numpy(), r.to_numpy()
    assert q.shape == eq.shape and r.shape == er.shape and q.dtype == eq.dtype == r.dtype
    t = tol(dtype)
    np.testing.assert_allclose(q @ r, a.astype(q.dtype), atol=t["atol"] * 10)
    np.testing.assert_allclose(np.abs(r), np.abs(er), rtol=t["rtol"], atol=t["atol"] * 10)
    assert np.all(np.tril(r, -1) == 0)
    np.testing.assert_allclose(np.swapaxes(q, -1, -2) @ q,
                               np.broadcast_to(np.eye(q.shape[-1]), q.shape[:-2] + (q.shape[-1],) * 2),
                               atol=t["atol"] * 10)
    with pytest.raises(ValueError, match="mode"):
        pt.linalg.qr(pt.asarray(a), mode="r")


@pytest.mark.parametrize("shape", [(3, 3), (5, 3), (3, 5), (2, 4, 6)])
def test_pinv(shape):
    a = general(shape)
    assert_matches(pt.linalg.pinv(pt.asarray(a)), np.linalg.pinv(a), rtol=1e-9, atol=1e-9)
    low = np.diag([1.0, 1e-3, 1e-12])  # rtol decides which singular values count
    assert_matches(pt.linalg.pinv(pt.asarray(low), rtol=1e-6), np.linalg.pinv(low, rtol=1e-6),
                   rtol=1e-9)
    assert_matches(pt.linalg.pinv(pt.asarray(low)), np.linalg.pinv(low), rtol=1e-9)


def test_matrix_rank():
    a = np.stack([np.diag([1.0, 2.0, 0.0]), np.ones((3, 3)), np.eye(3), np.zeros((3, 3))])
    assert_matches(pt.linalg.matrix_rank(pt.asarray(a)), np.linalg.matrix_rank(a))
    low = np.diag([1.0, 1e-3, 1e-9])
    for rtol in (None, 1e-2, 1e-6, 1e-12):
        assert_matches(pt.linalg.matrix_rank(pt.asarray(low), rtol=rtol),
                       np.linalg.matrix_rank(low, rtol=rtol))
    b = np.stack([low, low])
    rt = np.array([1e-2, 1e-6])
    assert_matches(pt.linalg.matrix_rank(pt.asarray(b), rtol=pt.asarray(rt)),
                   np.linalg.matrix_rank(b, rtol=rt))
    assert_matches(pt.linalg.matrix_rank(pt.asarray(np.ones((4, 2), dtype=np.int32))),
                   np.linalg.matrix_rank(np.ones((4, 2), dtype=np.int32)))


@pytest.mark.parametrize("fn", ["det", "slogdet", "inv", "cholesky", "eigh", "eigvalsh"])
def test_square_and_rank_errors(fn):
    f = getattr(pt.linalg, fn)
    with pytest.raises(pt.linalg.LinAlgError, match="square"):
        f(pt.ones((2, 3)))
    with pytest.raises(pt.linalg.LinAlgError, match="two-dimensional"):
        f(pt.ones(3))
    with pytest.raises(TypeError):
        f("not an array")


@pytest.mark.parametrize("fn", ["svd", "svdvals", "qr", "pinv", "matrix_rank"])
def test_rank_errors(fn):
    with pytest.raises(pt.linalg.LinAlgError, match="two-dimensional"):
        getattr(pt.linalg, fn)(pt.ones(3))


def test_linalg_error_is_numpys_kind():
    assert issubclass(pt.linalg.LinAlgError, ValueError)
    r = pt.linalg.slogdet(pt.asarray(general((3, 3))))
    assert r._fields == ("sign", "logabsdet")
    assert pt.linalg.eigh(pt.eye(2))._fields == ("eigenvalues", "eigenvectors")
    assert pt.linalg.svd(pt.eye(2))._fields == ("U", "S", "Vh")
    assert pt.linalg.qr(pt.eye(2))._fields == ("Q", "R")


def test_factorizations_fuse_with_the_program():
    # inputs computed, factorized and used in one program: values as NumPy's
    a = general((4, 4))
    x = pt.asarray(a)
    y = pt.linalg.inv(x * 2.0) @ (x + 1.0)
    assert_matches(y, np.linalg.inv(a * 2.0) @ (a + 1.0), rtol=1e-9, atol=1e-9)
    v = pt.asarray(a)[:, ::2][:2]  # a strided view as the operand
    assert_matches(pt.linalg.det(v), np.linalg.det(a[:, ::2][:2]), rtol=1e-12)

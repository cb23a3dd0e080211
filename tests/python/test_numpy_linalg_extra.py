"""numpy.linalg's functions beyond the array API's extension (ptensor/_np_linalg.py: norm,
multi_dot, lstsq, cond, tensorinv, tensorsolve in pt.linalg; matvec and vecmat at the top)
and numpy.fft's fft2 family (ptensor/_np_fft.py) against NumPy: dtype, shape, values,
keywords, non-contiguous inputs, bad input."""
import math

import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

R = np.random.default_rng(11)
A = R.standard_normal((3, 4))
Z = (R.standard_normal((2, 3, 4)) + 1j * R.standard_normal((2, 3, 4))).astype(np.complex64)
V = np.array([3.0, -4.0, 0.0, 1.0])
LAE = pt.linalg.LinAlgError
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # (NumPy's, on 1/0)


def check(got, want, tol=None):
    want = np.asarray(want)
    if tol is None:
        tol = 1e-5 if want.dtype in (np.float32, np.complex64) else 1e-10
    assert_matches(got, want, rtol=tol, atol=tol, signed_zeros=False)


def test_exported():
    for n in ["norm", "multi_dot", "lstsq", "cond", "tensorinv", "tensorsolve"]:
        assert callable(getattr(pt.linalg, n))
    for n in ["fft2", "ifft2", "rfft2", "irfft2"]:
        assert callable(getattr(pt.fft, n))
    assert "matvec" in pt.__all__ and "vecmat" in pt.__all__


@pytest.mark.parametrize("ord", [None, 0, 1, 2, -1, -2, 3, 0.5, math.inf, -math.inf])
def test_vector_norms(ord):
    check(pt.linalg.norm(pt.asarray(V), ord), np.linalg.norm(V, ord))
    check(pt.linalg.norm(pt.asarray(A), ord, axis=1), np.linalg.norm(A, ord, axis=1))


@pytest.mark.parametrize("ord", [None, "fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
def test_matrix_norms(ord):
    check(pt.linalg.norm(pt.asarray(A), ord), np.linalg.norm(A, ord))
    check(pt.linalg.norm(pt.asarray(Z), ord, axis=(2, 0), keepdims=True),
          np.linalg.norm(Z, ord, axis=(2, 0), keepdims=True))


def test_norm_forms():
    x = np.arange(24).reshape(2, 3, 4)[:, ::2]  # integers (float64 result), strided
    check(pt.linalg.norm(pt.asarray(x)), np.linalg.norm(x))
    check(pt.linalg.norm(pt.asarray(x), keepdims=True), np.linalg.norm(x, keepdims=True))
    check(pt.linalg.norm(pt.asarray(x), axis=-1, keepdims=True),
          np.linalg.norm(x, axis=-1, keepdims=True))
    check(pt.linalg.norm(pt.asarray(Z), axis=(0, 1)), np.linalg.norm(Z, axis=(0, 1)))
    check(pt.linalg.norm(pt.asarray(np.float32(2.5))), np.linalg.norm(np.float32(2.5)))
    check(pt.linalg.norm(pt.asarray(np.zeros(0))), np.linalg.norm(np.zeros(0)))
    check(pt.linalg.norm([3, 4]), np.linalg.norm([3, 4]))


@pytest.mark.parametrize("args,kw,exc", [
    ((np.ones((2, 2, 2)), "fro"), {}, ValueError), ((np.ones((2, 2)), 3), {}, ValueError),
    ((np.ones(2), "fro"), {}, ValueError), ((np.ones((2, 2)),), dict(axis=(0, 0)), ValueError),
    ((np.ones((2, 2)),), dict(axis=(0, 1, 2)), ValueError),
    ((np.ones((2, 2)),), dict(axis=3), np.exceptions.AxisError)])
def test_norm_errors(args, kw, exc):
    with pytest.raises(exc):
        np.linalg.norm(*args, **kw)
    with pytest.raises(exc, match="norm|axis"):
        pt.linalg.norm(pt.asarray(args[0]), *args[1:], **kw)


def test_multi_dot():
    ms = [R.standard_normal(5), R.standard_normal((5, 3)), R.standard_normal((3, 7)),
          R.standard_normal(7)]
    check(pt.linalg.multi_dot([pt.asarray(m) for m in ms]), np.linalg.multi_dot(ms))
    ms2 = [R.standard_normal((2, 6)), R.standard_normal((6, 1)), R.standard_normal((1, 4))]
    check(pt.linalg.multi_dot([pt.asarray(m) for m in ms2]), np.linalg.multi_dot(ms2))
    check(pt.linalg.multi_dot([pt.asarray(ms[1]), ms[2].T[::2].T]),
          np.linalg.multi_dot([ms[1], ms[2].T[::2].T]))
    out = pt.zeros((2, 4))
    assert pt.linalg.multi_dot([pt.asarray(m) for m in ms2], out=out) is out
    check(out, np.linalg.multi_dot(ms2))
    with pytest.raises(ValueError, match="multi_dot"):
        pt.linalg.multi_dot([pt.asarray(ms[0])])
    with pytest.raises(LAE, match="multi_dot"):
        pt.linalg.multi_dot([pt.asarray(ms[0]), pt.ones((5, 3, 1)), pt.ones(1)])
    with pytest.raises(ValueError, match="multi_dot"):
        pt.linalg.multi_dot([pt.ones((2, 3)), pt.ones((4, 2))])


@pytest.mark.parametrize("a,b", [(A.T, R.standard_normal(4)), (A.T, R.standard_normal((4, 2))),
                                 (A, R.standard_normal(3)),
                                 (np.array([[1.0, 2], [2, 4], [3, 6]]), np.array([1.0, 2, 4])),
                                 (np.array([[1, 0], [0, 1], [1, 1]]), np.array([1, 2, 4])),
                                 (A.T.astype(np.float32), np.ones(4, np.float32)),
                                 (Z[0].T.astype(np.complex128), R.standard_normal(4))])
def test_lstsq(a, b):
    got = pt.linalg.lstsq(pt.asarray(a), pt.asarray(b))
    want = np.linalg.lstsq(a, b)
    tol = 2e-4 if a.dtype == np.float32 else 1e-9
    for g, w in zip(got[:2], want[:2]):
        check(g, w, tol)
    assert got[2] == int(want[2])
    check(got[3], want[3], tol)


def test_lstsq_rcond_and_errors():
    a = np.array([[1.0, 0], [0, 1e-8], [0, 0]])
    b = np.array([1.0, 1, 1])
    got, want = pt.linalg.lstsq(pt.asarray(a), pt.asarray(b), rcond=1e-6), \
        np.linalg.lstsq(a, b, rcond=1e-6)
    check(got[0], want[0])
    assert got[2] == want[2] == 1
    with pytest.raises(LAE, match="lstsq"):
        pt.linalg.lstsq(pt.ones((3, 2)), pt.ones(4))
    with pytest.raises(LAE, match="lstsq"):
        pt.linalg.lstsq(pt.ones((2, 3, 2)), pt.ones((2, 3)))


@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, "fro", "nuc", math.inf, -math.inf])
def test_cond(p):
    x = R.standard_normal((2, 3, 3))
    check(pt.linalg.cond(pt.asarray(x), p), np.linalg.cond(x, p), 1e-8)


def test_cond_singular_and_errors():
    s = np.array([[[1.0, 2], [2, 4]], [[1.0, 0], [0, 2]]])
    check(pt.linalg.cond(pt.asarray(s), 1), np.linalg.cond(s, 1))
    check(pt.linalg.cond(pt.asarray(s[1]), "fro"), np.linalg.cond(s[1], "fro"))
    check(pt.linalg.cond(pt.asarray([[2, 0], [0, 1]])), np.linalg.cond([[2, 0], [0, 1]]))
    with pytest.raises(LAE, match="cond"):
        pt.linalg.cond(pt.ones((2, 3)), 1)
    with pytest.raises(ValueError, match="cond"):
        pt.linalg.cond(pt.ones((2, 2)), 3)


def test_tensorinv_tensorsolve():
    t = R.standard_normal((6, 2, 3))
    check(pt.linalg.tensorinv(pt.asarray(t), ind=1), np.linalg.tensorinv(t, ind=1))
    t2 = R.standard_normal((2, 3, 6))
    check(pt.linalg.tensorinv(pt.asarray(t2)), np.linalg.tensorinv(t2))
    a, b = R.standard_normal((2, 3, 6)), R.standard_normal((2, 3))
    check(pt.linalg.tensorsolve(pt.asarray(a), pt.asarray(b)), np.linalg.tensorsolve(a, b))
    a4, b4 = R.standard_normal((3, 2, 3, 2)), R.standard_normal((3, 2))
    check(pt.linalg.tensorsolve(pt.asarray(a4), pt.asarray(b4), axes=(0,)),
          np.linalg.tensorsolve(a4, b4, axes=(0,)))
    with pytest.raises(ValueError, match="tensorinv"):
        pt.linalg.tensorinv(pt.ones((2, 2)), ind=0)
    with pytest.raises(LAE, match="tensorsolve"):
        pt.linalg.tensorsolve(pt.ones((2, 3)), pt.ones(2))


def test_matvec_vecmat():
    m = Z.astype(np.complex128)
    v = m[0, 0]
    check(pt.matvec(pt.asarray(m), pt.asarray(v)), np.matvec(m, v))
    check(pt.vecmat(pt.asarray(m[:, :, 0]), pt.asarray(m)), np.vecmat(m[:, :, 0], m))
    ia = np.arange(12).reshape(3, 4)
    check(pt.matvec(pt.asarray(ia), pt.asarray(np.arange(4)[::-1])),
          np.matvec(ia, np.arange(4)[::-1]))
    check(pt.vecmat(pt.asarray(np.arange(3.0)), pt.asarray(ia)), np.vecmat(np.arange(3.0), ia))
    out = pt.zeros((3,))
    assert pt.matvec(pt.asarray(ia), pt.ones(4), out=out) is out
    check(out, np.matvec(ia, np.ones(4)))
    for f in ("matvec", "vecmat"):
        with pytest.raises(ValueError):
            getattr(np, f)(np.ones((2, 3)), np.ones(4))
        with pytest.raises(ValueError, match=f):
            getattr(pt, f)(pt.ones((2, 3)), pt.ones(4))


X2 = R.standard_normal((3, 4, 6))
C2 = X2 + 1j * R.standard_normal((3, 4, 6))


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
@pytest.mark.parametrize("x", [X2, X2.astype(np.float32), np.arange(12).reshape(3, 4), C2],
                         ids=["f64", "f32", "int", "c128"])
def test_fft2_family(name, x):
    if name == "rfft2" and x.dtype.kind == "c":
        with pytest.raises(TypeError):
            np.fft.rfft2(x)
        with pytest.raises(TypeError, match="rfft2"):
            pt.fft.rfft2(pt.asarray(x))
        return
    f, g = getattr(np.fft, name), getattr(pt.fft, name)
    tol = 1e-4 if x.dtype == np.float32 else 1e-10
    check(g(pt.asarray(x)), f(x), tol)
    check(g(pt.asarray(x), s=(3, 5)), f(x, s=(3, 5)), tol)
    check(g(pt.asarray(x), axes=(1, 0), norm="ortho"), f(x, axes=(1, 0), norm="ortho"), tol)
    check(g(pt.asarray(x[..., ::2]), norm="forward"), f(x[..., ::2], norm="forward"), tol)


def test_fft2_errors_and_out():
    with pytest.raises(ValueError, match="fft2"):
        pt.fft.fft2(pt.asarray(X2), norm="bad")
    with pytest.raises(ValueError, match="fft2"):
        pt.fft.fft2(pt.asarray(X2), s=(3,))
    out = pt.zeros((3, 4, 6), dtype=pt.complex128)
    assert pt.fft.fft2(pt.asarray(X2), out=out) is out
    check(out, np.fft.fft2(X2))

"""NumPy's signal, polynomial, selection and linear-algebra helpers (ptensor/_np_signal.py)
against NumPy: dtype, shape and values, keyword arguments, edge cases and bad input."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import _np_signal
from _helpers import assert_matches

RNG = np.random.default_rng(0)
AxisError = np.exceptions.AxisError


def rand(shape, dtype="float64"):
    d = np.dtype(dtype)
    if d.kind in "iu":
        return RNG.integers(-5, 6, size=shape).astype(d)
    if d.kind == "b":
        return RNG.integers(0, 2, size=shape).astype(bool)
    if d.kind == "c":
        return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(d)
    return RNG.standard_normal(shape).astype(d)


def check(r, e, rtol=None, atol=None):
    """r matches NumPy's e in type, dtype, shape and values (sums of products: a few ulps)."""
    e = np.asarray(e)
    if e.dtype.kind in "fc":
        t = tol(e.dtype)
        rtol = t["rtol"] if rtol is None else rtol
        atol = t["atol"] if atol is None else atol
    assert_matches(r, e, rtol=rtol, atol=atol, signed_zeros=False)


def tol(dtype):
    return dict(rtol=2e-5, atol=1e-5) if np.dtype(dtype) in (np.float32, np.complex64) \
        else dict(rtol=1e-12, atol=1e-12)


def test_exported():
    for name in _np_signal.__all__:
        assert getattr(pt, name) is getattr(_np_signal, name), name
        assert name in pt.__all__
        assert getattr(_np_signal, name).__doc__, name


# ----------------------------------------------------------- linear algebra --

DOT_SHAPES = [((), ()), ((), (3,)), ((3,), ()), ((3,), (3,)), ((2, 3), (3, 4)),
              ((3,), (3, 2)), ((2, 3, 4), (4,)), ((2, 3, 4), (5, 4, 2)), ((4,), (2, 4, 3)),
              ((0,), (0,)), ((2, 0), (0, 3))]


@pytest.mark.parametrize("sa,sb", DOT_SHAPES)
def test_dot_shapes(sa, sb):
    a, b = rand(sa), rand(sb)
    check(pt.dot(pt.asarray(a), pt.asarray(b)), np.dot(a, b))


@pytest.mark.parametrize("dtype", ["int64", "int32", "float32", "complex128"])
def test_dot_dtypes(dtype):
    a, b = rand((3, 4), dtype), rand((4, 2), dtype)
    check(pt.dot(pt.asarray(a), pt.asarray(b)), np.dot(a, b), **tol(dtype))
    c = rand((2, 3, 4), dtype)
    check(pt.dot(pt.asarray(c), pt.asarray(b)), np.dot(c, b), **tol(dtype))


def test_dot_noncontiguous_out_and_errors():
    a = rand((6, 5))
    check(pt.dot(pt.asarray(a)[::2], pt.asarray(a).T), np.dot(a[::2], a.T))
    out = pt.zeros((3, 6))
    r = pt.dot(pt.asarray(a)[::2], pt.asarray(a).T, out=out)
    assert r is out
    check(out, np.dot(a[::2], a.T))
    check(pt.dot([1, 2], [3, 4]), np.dot([1, 2], [3, 4]))
    with pytest.raises(ValueError):
        pt.dot(pt.asarray(rand((2, 3))), pt.asarray(rand((2, 3))))
    with pytest.raises(ValueError):
        pt.dot(pt.asarray(rand((2, 3))), pt.asarray(rand((3,))), out=pt.zeros((3,)))
    with pytest.raises(ValueError):
        np.dot(rand((2, 3)), rand((2, 3)))


@pytest.mark.parametrize("dtype", ["int64", "float64", "complex128"])
def test_vdot_inner_outer(dtype):
    a, b = rand((2, 3), dtype), rand((3, 2), dtype)
    pa, pb = pt.asarray(a), pt.asarray(b)
    check(pt.vdot(pa, pb), np.vdot(a, b), **tol(dtype))
    check(pt.inner(pa, pt.asarray(a)), np.inner(a, a), **tol(dtype))
    check(pt.inner(pa[0], pb[:, 0]), np.inner(a[0], b[:, 0]), **tol(dtype))
    check(pt.outer(pa, pb[:, ::-1]), np.outer(a, b[:, ::-1]), **tol(dtype))


def test_vdot_inner_outer_edges():
    check(pt.vdot(pt.asarray(np.zeros(0)), pt.asarray(np.zeros(0))), np.vdot(np.zeros(0),
                                                                          np.zeros(0)))
    check(pt.inner(pt.asarray(2.0), pt.asarray([1.0, 2.0])), np.inner(2.0, [1.0, 2.0]))
    x = rand((2, 3))
    check(pt.inner(pt.asarray(x), pt.asarray(np.ones((4, 3)))), np.inner(x, np.ones((4, 3))))
    out = pt.empty((3, 2))
    assert pt.outer([1.0, 2.0, 3.0], [4.0, 5.0], out=out) is out
    check(out, np.outer([1.0, 2.0, 3.0], [4.0, 5.0]))
    check(pt.outer(pt.asarray(3), pt.asarray([1, 2])), np.outer(3, [1, 2]))
    with pytest.raises(ValueError):
        pt.vdot(pt.asarray([1.0, 2.0]), pt.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError):
        pt.inner(pt.asarray(rand((2, 3))), pt.asarray(rand((3, 2))))


@pytest.mark.parametrize("sa,sb", [((2,), (3,)), ((2, 3), (2, 2)), ((3,), (2, 2)),
                                   ((), (2,)), ((2, 1, 2), (3, 2))])
def test_kron(sa, sb):
    a, b = rand(sa, "int64"), rand(sb, "int64")
    check(pt.kron(pt.asarray(a), pt.asarray(b)), np.kron(a, b))


EINSUM = [("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("ii->i", [(3, 3)]),
          ("ii", [(3, 3)]), ("ij->ji", [(2, 3)]), ("i,i", [(4,), (4,)]), ("i,j->ij", [(2,), (3,)]),
          ("...ij,...jk->...ik", [(2, 3, 4), (2, 4, 5)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
          ("ijk,jil->kl", [(2, 3, 4), (3, 2, 5)]), ("i->", [(5,)]), ("ij->", [(2, 3)]),
          ("ab,bc,cd->ad", [(2, 3), (3, 4), (4, 2)]), ("...i,...i->...", [(2, 1, 3), (4, 3)]),
          ("iij->j", [(3, 3, 2)]), ("ij,ij->i", [(3, 4), (3, 4)]), ("aB", [(2, 3)]),
          ("i...->...", [(3, 2)]), (" ij , jk -> ki ", [(2, 3), (3, 2)]),
          ("ij,kl->", [(2, 3), (2, 2)])]


@pytest.mark.parametrize("sub,shapes", EINSUM)
def test_einsum(sub, shapes):
    ops = [rand(s) for s in shapes]
    check(pt.einsum(sub, *[pt.asarray(o) for o in ops]), np.einsum(sub, *ops))


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "complex128"])
def test_einsum_dtypes(dtype):
    a, b = rand((3, 4), dtype), rand((4, 2), dtype)
    check(pt.einsum("ij,jk->ik", pt.asarray(a), pt.asarray(b)), np.einsum("ij,jk->ik", a, b),
          **tol(dtype))
    check(pt.einsum("ij->", pt.asarray(a)), np.einsum("ij->", a), **tol(dtype))


def test_einsum_keywords_and_errors():
    a, b = rand((3, 4), "int64"), rand((4, 2))
    check(pt.einsum("ij,jk", pt.asarray(a), pt.asarray(b), dtype=pt.float64, optimize=True),
          np.einsum("ij,jk", a, b, dtype=np.float64, optimize=True))
    x = rand((5, 6))
    check(pt.einsum("ij->ji", pt.asarray(x)[::2, 1::2]), np.einsum("ij->ji", x[::2, 1::2]))
    check(pt.einsum("i,i", [1, 2], [3, 4]), np.einsum("i,i", [1, 2], [3, 4]))
    out = pt.zeros((3, 2))
    assert pt.einsum("ij,jk", pt.asarray(a * 1.0), pt.asarray(b), out=out) is out
    check(out, np.einsum("ij,jk", a * 1.0, b))
    pa = pt.asarray(a)
    for bad in ["ij,jk->ik", "ijk", "ij->k", "i-j", "ij->ii", "i1"]:
        with pytest.raises(ValueError):
            np.einsum(bad, a)
        with pytest.raises(ValueError):
            pt.einsum(bad, pa)
    with pytest.raises(ValueError):
        pt.einsum("ij,jk", pa, pt.asarray(rand((3, 2))))
    with pytest.raises(ValueError):
        pt.einsum("ii", pt.asarray(rand((2, 3))))


# ---------------------------------------------------------- signal, calculus --

@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("n,m", [(7, 3), (6, 4), (3, 7), (4, 1), (1, 1), (50, 40)])
def test_convolve(n, m, mode):
    a, v = rand((n,)), rand((m,))
    check(pt.convolve(pt.asarray(a), pt.asarray(v), mode=mode), np.convolve(a, v, mode=mode))


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("n,m", [(7, 3), (6, 4), (3, 7), (4, 1)])
def test_correlate(n, m, mode):
    a, v = rand((n,), "complex128"), rand((m,), "complex128")
    check(pt.correlate(pt.asarray(a), pt.asarray(v), mode), np.correlate(a, v, mode))


def test_convolve_dtypes_and_paths():
    a, v = rand((20,), "int64"), rand((5,), "int32")
    check(pt.convolve(pt.asarray(a), pt.asarray(v)), np.convolve(a, v))
    a, v = rand((60,), "int64"), rand((40,), "int64")  # sliding-window matmul
    check(pt.convolve(pt.asarray(a), pt.asarray(v), "same"), np.convolve(a, v, "same"))
    a, v = rand((9,), "float32"), rand((4,), "float32")
    check(pt.convolve(pt.asarray(a), pt.asarray(v)), np.convolve(a, v), **tol("float32"))
    check(pt.correlate(pt.asarray(a)[::2], pt.asarray(v)), np.correlate(a[::2], v))
    check(pt.convolve([1, 2, 3], [0, 1]), np.convolve([1, 2, 3], [0, 1]))
    check(pt.convolve(pt.asarray(2.0), pt.asarray([1.0, 3.0])), np.convolve(2.0, [1.0, 3.0]))
    a, v = rand((3000,)), rand((2000,))  # pt.fft
    check(pt.convolve(pt.asarray(a), pt.asarray(v)), np.convolve(a, v), rtol=1e-9, atol=1e-9)
    check(pt.polymul(pt.asarray([1, 2]), pt.asarray([1, -1, 3])), np.polymul([1, 2], [1, -1, 3]))
    with pytest.raises(ValueError):
        pt.convolve(pt.asarray([]), pt.asarray([1.0]))
    with pytest.raises(ValueError):
        pt.convolve(pt.asarray([1.0]), pt.asarray([1.0]), mode="bogus")
    with pytest.raises(ValueError):
        pt.correlate(pt.asarray(np.ones((2, 2))), pt.asarray([1.0]))


def test_interp():
    xp = np.array([0.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, 3.0, -1.0, 2.0])
    x = np.array([-1.0, 0.0, 0.5, 1.0, 2.0, 2.5, 3.9, 4.0, 5.0, np.nan])
    P = pt.asarray
    check(pt.interp(P(x), P(xp), P(fp)), np.interp(x, xp, fp))
    check(pt.interp(P(x), P(xp), P(fp), left=-7.0, right=9), np.interp(x, xp, fp, -7.0, 9))
    x2 = x[:8].reshape(2, 4)
    check(pt.interp(P(x2), P(xp), P(fp)), np.interp(x2, xp, fp))
    check(pt.interp(2.0, P(xp), P(fp)), np.asarray(np.interp(2.0, xp, fp)))
    fc = fp + 1j * fp[::-1]
    check(pt.interp(P(x[:9]), P(xp), P(fc)), np.interp(x[:9], xp, fc))
    xs = np.array([-5.0, 0.3, 170.0, 359.0, 725.0])
    xpp, fpp = np.array([350.0, 10.0, 100.0, 190.0]), np.array([4.0, 1.0, 2.0, 3.0])
    check(pt.interp(P(xs), P(xpp), P(fpp), period=360), np.interp(xs, xpp, fpp, period=360))
    check(pt.interp(P(x[:9]), P([1.0]), P([5.0])), np.interp(x[:9], [1.0], [5.0]))
    check(pt.interp(P(np.arange(5)), P(np.arange(0, 8, 2)), P(np.arange(4))),
          np.interp(np.arange(5), np.arange(0, 8, 2), np.arange(4)))
    with pytest.raises(ValueError):
        pt.interp(P(x), P(xp), P(fp[:3]))
    with pytest.raises(ValueError):
        pt.interp(P(x), P([]), P([]))
    with pytest.raises(ValueError):
        pt.interp(P(x), P(xp), P(fp), period=0)


@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient(edge_order):
    f = rand((5, 6))
    P = pt.asarray
    for args, kw in [((), {}), ((2.0,), {}), ((0.5, 3.0), {}), ((), {"axis": 1}),
                     ((), {"axis": (1, 0)}), ((np.array([0.0, 1.0, 1.5, 3.5, 4.0]), 2.0), {}),
                     ((np.array([0.0, 0.2, 0.5, 0.9, 1.4, 2.0]),), {"axis": -1})]:
        e = np.gradient(f, *args, edge_order=edge_order, **kw)
        r = pt.gradient(P(f), *[P(a) if isinstance(a, np.ndarray) else a for a in args],
                        edge_order=edge_order, **kw)
        if isinstance(e, tuple):
            assert isinstance(r, tuple) and len(r) == len(e)
            for ri, ei in zip(r, e):
                check(ri, ei)
        else:
            check(r, e)


def test_gradient_dtypes_and_errors():
    P = pt.asarray
    i = np.array([1, 4, 9, 16, 25], dtype=np.int64)
    check(pt.gradient(P(i)), np.gradient(i))
    f32 = rand((7,), "float32")
    check(pt.gradient(P(f32), 0.5), np.gradient(f32, 0.5), **tol("float32"))
    y = rand((8,))
    check(pt.gradient(P(y)[::2]), np.gradient(y[::2]))
    check(pt.gradient(P([1.0, 3.0])), np.gradient([1.0, 3.0]))
    with pytest.raises(ValueError):
        pt.gradient(P([1.0]))
    with pytest.raises(ValueError):
        pt.gradient(P([1.0, 2.0]), edge_order=2)
    with pytest.raises(TypeError):
        pt.gradient(P(rand((3, 3))), 1.0, 2.0, 3.0)
    with pytest.raises(ValueError):
        pt.gradient(P(rand((4,))), P(np.arange(3.0)))
    with pytest.raises(AxisError):
        pt.gradient(P(rand((4,))), axis=1)


def test_trapezoid():
    P = pt.asarray
    y = rand((4, 5))
    x = np.array([0.0, 0.5, 1.5, 2.0, 4.0])
    check(pt.trapezoid(P(y)), np.trapezoid(y))
    check(pt.trapezoid(P(y), dx=0.25, axis=0), np.trapezoid(y, dx=0.25, axis=0))
    check(pt.trapezoid(P(y), P(x)), np.trapezoid(y, x))
    xx = np.cumsum(rand((4, 5)) ** 2, axis=0)
    check(pt.trapezoid(P(y), x=P(xx), axis=0), np.trapezoid(y, x=xx, axis=0))
    i = np.arange(6)
    check(pt.trapezoid(P(i)), np.asarray(np.trapezoid(i)))
    f = rand((6,), "float32")
    check(pt.trapezoid(P(f)), np.asarray(np.trapezoid(f)), **tol("float32"))
    check(pt.trapezoid(P([2.0])), np.asarray(np.trapezoid([2.0])))
    with pytest.raises(IndexError):  # (NumPy: IndexError; AxisError is one)
        pt.trapezoid(P(y), axis=2)
    if hasattr(np, "trapz"):
        check(pt.trapz(P(y)), np.trapz(y))
    else:
        assert not hasattr(pt, "trapz")


def test_polynomials():
    P = pt.asarray
    p = np.array([2, -3, 0, 1], dtype=np.int32)
    x = rand((3, 2))
    check(pt.polyval(P(p), P(x)), np.polyval(p, x))
    check(pt.polyval(P(p), 2), np.asarray(np.polyval(p, 2)))
    check(pt.polyval(P([1.0, 2.0]), P(x.astype(np.float32))),
          np.polyval([1.0, 2.0], x.astype(np.float32)))
    check(pt.polyval(P([]), P(x)), np.polyval(np.array([]), x))
    q = np.array([1.0, 0.5])
    for f in ("polyadd", "polysub", "polymul"):
        check(getattr(pt, f)(P(p), P(q)), getattr(np, f)(p, q))
        check(getattr(pt, f)(P(q), P(p)), getattr(np, f)(q, p))
    for m in (0, 1, 2, 4):
        check(pt.polyder(P(p), m), np.polyder(p, m))
        check(pt.polyint(P(p), m), np.polyint(p, m))
    check(pt.polyder(P(q.astype(np.float32))), np.polyder(q.astype(np.float32)))
    check(pt.polyint(P(q), 2, k=[1.0, 2.0]), np.polyint(q, 2, k=[1.0, 2.0]))
    check(pt.polyint(P(q), k=3), np.polyint(q, k=3))
    with pytest.raises(ValueError):
        pt.polyder(P(p), -1)
    with pytest.raises(ValueError):
        pt.polyint(P(p), -1)


def test_polyfit():
    P = pt.asarray
    x = np.linspace(-1.0, 2.0, 12)
    y = 3 * x ** 3 - x + 0.5 + 0.01 * rand((12,))
    for deg in (0, 1, 3):
        check(pt.polyfit(P(x), P(y), deg), np.polyfit(x, y, deg), rtol=1e-8, atol=1e-10)
    y2 = np.stack([y, 2 * x + 1], axis=1)
    check(pt.polyfit(P(x), P(y2), 2), np.polyfit(x, y2, 2), rtol=1e-8, atol=1e-10)
    w = np.linspace(0.5, 1.5, 12)
    check(pt.polyfit(P(x), P(y), 2, w=P(w)), np.polyfit(x, y, 2, w=w), rtol=1e-8, atol=1e-10)
    check(pt.polyfit(P(np.arange(5)), P(np.arange(5) * 2), 1),
          np.polyfit(np.arange(5), np.arange(5) * 2, 1), rtol=1e-8, atol=1e-10)
    with pytest.raises(ValueError):
        pt.polyfit(P(x), P(y), -1)
    with pytest.raises(TypeError):
        pt.polyfit(P(x), P(y[:5]), 1)
    with pytest.raises(TypeError):
        pt.polyfit(P(y2), P(y), 1)


def _sorted_roots(r):
    r = np.asarray(r)
    return r[np.lexsort((np.round(r.imag, 8), np.round(r.real, 8)))]


@pytest.mark.parametrize("p", [[1, -3, 2], [1, 0, 1], [0, 0, 2, -4, 0, 0], [5], [0, 0],
                               [1.0, -6.0, 11.0, -6.0], [0, 3, 0]])
def test_roots(p):
    r, e = pt.roots(pt.asarray(p)), np.roots(p)
    assert isinstance(r, pt.Array)
    assert r.dtype == e.dtype and tuple(r.shape) == e.shape
    np.testing.assert_allclose(_sorted_roots(r), _sorted_roots(e), rtol=1e-10, atol=1e-10)


def test_roots_errors():
    with pytest.raises(ValueError):
        pt.roots(pt.asarray(np.ones((2, 2))))


def test_unwrap():
    P = pt.asarray
    ph = np.cumsum(rand((12,))) * 2
    w = np.angle(np.exp(1j * ph))
    check(pt.unwrap(P(w)), np.unwrap(w))
    check(pt.unwrap(P(w), discont=4.0), np.unwrap(w, discont=4.0))
    i = np.array([0, 3, 7, 1, 6, 2])
    check(pt.unwrap(P(i), period=6), np.unwrap(i, period=6))
    check(pt.unwrap(P(i)), np.unwrap(i))
    w2 = np.stack([w, w[::-1]], axis=1)
    check(pt.unwrap(P(w2), axis=0), np.unwrap(w2, axis=0))
    check(pt.unwrap(P(w2 * 50), period=360.0, axis=0), np.unwrap(w2 * 50, period=360.0, axis=0))
    check(pt.unwrap(P([1.0])), np.unwrap([1.0]))


@pytest.mark.parametrize("sa,sb", [((3,), (3,)), ((4, 3), (3,)), ((2, 1, 3), (4, 3))])
def test_cross(sa, sb):
    a, b = rand(sa, "int64"), rand(sb, "int64")
    check(pt.cross(pt.asarray(a), pt.asarray(b)), np.cross(a, b))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_cross_axes_and_2d():
    P = pt.asarray
    a, b = rand((3, 4)), rand((4, 3))
    check(pt.cross(P(a), P(b), axisa=0), np.cross(a, b, axisa=0))
    check(pt.cross(P(a), P(b), axisa=0, axisc=0), np.cross(a, b, axisa=0, axisc=0))
    c = rand((3, 3))
    check(pt.cross(P(c), P(c.T), axis=0), np.cross(c, c.T, axis=0))
    u, v = rand((4, 2)), rand((4, 3))
    check(pt.cross(P(u), P(u[::-1])), np.cross(u, u[::-1]))
    check(pt.cross(P(u), P(v)), np.cross(u, v))
    check(pt.cross(P(v), P(u)), np.cross(v, u))
    with pytest.raises(ValueError):
        pt.cross(P(rand((4,))), P(rand((4,))))
    with pytest.raises(AxisError):
        pt.cross(P(a), P(b), axisa=3)


# ---------------------------------------------------------------- selection --

def test_select():
    P = pt.asarray
    x = np.arange(-4, 6)
    conds = [x < 0, x > 3]
    choices = [x.astype(np.int32), (x * 10).astype(np.int32)]
    check(pt.select([P(c) for c in conds], [P(c) for c in choices]), np.select(conds, choices))
    check(pt.select([P(c) for c in conds], [P(c) for c in choices], default=-1.5),
          np.select(conds, choices, default=-1.5))
    fc = [x * 0.5, 7.0]
    check(pt.select([P(c) for c in conds], [P(fc[0]), fc[1]], default=P(x)),
          np.select(conds, fc, default=x))
    with pytest.raises(ValueError):
        pt.select([P(conds[0])], [P(x), P(x)])
    with pytest.raises(ValueError):
        pt.select([], [])
    with pytest.raises(TypeError):
        pt.select([P(x)], [P(x)])


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    P = pt.asarray
    idx = np.array([[0, 1, 2], [2, 1, 0]]) if mode == "raise" else np.array([[0, 4, -1],
                                                                              [2, 5, -3]])
    ch = [np.arange(3), np.arange(10, 13).astype(np.float32), np.full((2, 3), -1)]
    check(pt.choose(P(idx), [P(c) for c in ch], mode=mode), np.choose(idx, ch, mode=mode))


def test_choose_forms_and_errors():
    P = pt.asarray
    ch = rand((3, 4), "int64")
    idx = np.array([2, 0, 1, 1])
    check(pt.choose(P(idx), P(ch)), np.choose(idx, ch))
    check(pt.choose(1, [P(ch[0]), P(ch[1])]), np.choose(1, [ch[0], ch[1]]))
    with pytest.raises(ValueError):
        pt.choose(P(np.array([0, 3])), [P(ch[0][:2]), P(ch[1][:2])])
    with pytest.raises(ValueError):
        pt.choose(P(idx), P(ch), mode="bogus")
    with pytest.raises(TypeError):
        pt.choose(P(np.array([0.0, 1.0])), [P(ch[0][:2]), P(ch[1][:2])])


def test_piecewise():
    P = pt.asarray
    x = np.linspace(-2.5, 2.5, 6)
    conds = [x < 0, x >= 0]
    funcs = [lambda v: -v, lambda v: v * 2]
    check(pt.piecewise(P(x), [P(c) for c in conds], funcs), np.piecewise(x, conds, funcs))
    check(pt.piecewise(P(x), [P(x < -1)], [1.5, lambda v: v ** 2]),
          np.piecewise(x, [x < -1], [1.5, lambda v: v ** 2]))
    check(pt.piecewise(P(x), P(x > 1), [lambda v, k: v + k], 10),
          np.piecewise(x, x > 1, [lambda v, k: v + k], 10))
    i = np.arange(-3, 3)
    check(pt.piecewise(P(i), [P(i < 0), P(i > 1)], [-1, 1]), np.piecewise(i, [i < 0, i > 1],
                                                                          [-1, 1]))
    with pytest.raises(ValueError):
        pt.piecewise(P(x), [P(x < 0)], [1, 2, 3])


def test_extract_compress_argwhere_flatnonzero():
    P = pt.asarray
    a = rand((3, 4), "int64")
    c = a > 0
    check(pt.extract(P(c), P(a)), np.extract(c, a))
    check(pt.extract(P(a), P(a * 2)), np.extract(a, a * 2))
    check(pt.extract(P(c[0]), P(a)), np.extract(c[0], a))
    cond = np.array([True, False, True])
    check(pt.compress(P(cond), P(a), axis=0), np.compress(cond, a, axis=0))
    check(pt.compress(P(cond), P(a), axis=1), np.compress(cond, a, axis=1))
    check(pt.compress(P(cond), P(a)), np.compress(cond, a))
    check(pt.compress([True, False, True, False], P(a), axis=1),
          np.compress([True, False, True, False], a, axis=1))
    check(pt.compress([False, False, False], P(a), axis=0),
          np.compress([False, False, False], a, axis=0))
    with pytest.raises(IndexError):
        pt.compress(P(np.array([True] * 5)), P(a), axis=1)
    with pytest.raises(AxisError):
        pt.compress(P(cond), P(a), axis=2)
    for v in (a, a[:, ::2], a[0], np.zeros((2, 3))):
        check(pt.argwhere(P(v)), np.argwhere(v))
        check(pt.flatnonzero(P(v)), np.flatnonzero(v))
    check(pt.argwhere(P(np.array(3))), np.argwhere(np.array(3)))
    check(pt.argwhere(P(np.array(0.0))), np.argwhere(np.array(0.0)))


def test_place_put():
    P = pt.asarray
    a = np.arange(12.0).reshape(3, 4)
    x = P(a.copy())
    m = a % 3 == 0
    np.place(a, m, [-1.0, -2.0])
    assert pt.place(x, P(m), P([-1.0, -2.0])) is None
    check(x, a)
    pt.place(x, P(np.zeros((3, 4), bool)), P([]))
    check(x, a)
    with pytest.raises(ValueError):
        pt.place(x, P(np.ones(5, bool)), P([1.0]))
    with pytest.raises(ValueError):
        pt.place(x, P(m), P([]))
    with pytest.raises(TypeError):
        pt.place(a, P(m), P([1.0]))
    b = np.arange(10, dtype=np.int64).reshape(2, 5)
    y = P(b.copy())
    np.put(b, [0, 7, -1], [100, 200])
    assert pt.put(y, P([0, 7, -1]), P([100, 200])) is None
    check(y, b)
    for mode in ("wrap", "clip"):
        np.put(b, [12, -13, 3], [5, 6, 7], mode=mode)
        pt.put(y, [12, -13, 3], P([5, 6, 7]), mode=mode)
        check(y, b)
    with pytest.raises(IndexError):
        pt.put(y, [10], [1])
    with pytest.raises(IndexError):
        np.put(b, [10], [1])


def test_partition():
    P = pt.asarray
    a = rand((4, 9), "int64")
    for kth, axis in [(3, -1), (0, -1), (8, 1), (-1, -1), (2, 0), ([1, 5], -1)]:
        e = np.partition(a, kth, axis=axis)
        r = pt.partition(P(a), kth, axis=axis)
        i = pt.argpartition(P(a), kth, axis=axis)
        assert isinstance(r, pt.Array) and r.dtype == e.dtype and tuple(r.shape) == e.shape
        assert isinstance(i, pt.Array) and i.dtype == pt.int64 and tuple(i.shape) == e.shape
        rn = np.asarray(r)
        by_index = np.take_along_axis(a, np.asarray(i), axis=axis)
        n = a.shape[axis]
        for k in np.atleast_1d(kth):
            k = k % n
            for got in (rn, by_index):
                np.testing.assert_array_equal(np.take(got, k, axis=axis), np.take(e, k, axis=axis))
                pivot = np.take(got, [k], axis=axis)
                assert (np.take(got, np.arange(k), axis=axis) <= pivot).all()
                assert (np.take(got, np.arange(k + 1, n), axis=axis) >= pivot).all()
    f = rand((7,))
    e = np.partition(f, 3, axis=None)
    r = np.asarray(pt.partition(P(f), 3, axis=None))
    assert r[3] == e[3]
    z = rand((2, 5))
    r = np.asarray(pt.partition(P(z)[:, ::2], 0))  # (a strided view)
    np.testing.assert_array_equal(r[:, 0], np.sort(z[:, ::2], axis=-1)[:, 0])
    np.testing.assert_array_equal(np.sort(r, axis=-1), np.sort(z[:, ::2], axis=-1))
    with pytest.raises(ValueError):
        pt.partition(P(a), 9)
    with pytest.raises(ValueError):
        pt.argpartition(P(a), -10)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "bool"])
def test_partition_of_many_values_with_nan_matches_numpys_kth_values(dtype):
    # the selection: NumPy's value at each kth (NaN last), the parts on the right sides, the
    # same multiset of values; several kth at once, neighbours and the last one among them
    a = rand((3, 1001), dtype)
    if dtype.startswith("float"):
        a[0, ::7] = np.nan
        a[2, :] = np.nan
    for kth in (0, 500, 1000, [499, 500], [3, 4, 997, 1000], -1):
        e = np.partition(a, kth, axis=-1)
        r = np.asarray(pt.partition(pt.asarray(a), kth, axis=-1))
        assert r.dtype == e.dtype and r.shape == e.shape
        np.testing.assert_array_equal(np.sort(r, axis=-1), np.sort(a, axis=-1))
        for k in np.atleast_1d(kth) % a.shape[1]:
            np.testing.assert_array_equal(r[:, k], e[:, k])
            for row, got in zip(a, r):
                srt = np.sort(row)
                np.testing.assert_array_equal(np.sort(got[:k]), srt[:k])
    e = np.partition(a.T, 10, axis=0)
    np.testing.assert_array_equal(np.asarray(pt.partition(pt.asarray(a.T), 10, axis=0))[10], e[10])


def test_lexsort_sort_complex():
    P = pt.asarray
    k1 = np.array([1, 5, 1, 4, 3, 4, 4])
    k2 = np.array([9, 4, 0, 4, 0, 2, 1])
    check(pt.lexsort((P(k1), P(k2))), np.lexsort((k1, k2)))
    check(pt.lexsort([P(k2), P(k1)]), np.lexsort([k2, k1]))
    check(pt.lexsort(P(np.stack([k1, k2]))), np.lexsort(np.stack([k1, k2])))
    k3 = rand((3, 5), "int64")
    check(pt.lexsort((P(k3), P(k3 % 2)), axis=0), np.lexsort((k3, k3 % 2), axis=0))
    check(pt.lexsort((P(k1.astype(np.float64)),)), np.lexsort((k1.astype(np.float64),)))
    with pytest.raises(TypeError):
        pt.lexsort(())
    with pytest.raises(ValueError):
        pt.lexsort((P(k1), P(k1[:3])))
    c = np.array([1 + 2j, 2 - 1j, 3 - 2j, 3 - 3j, 3 + 5j, 1 + 1j])
    check(pt.sort_complex(P(c)), np.sort_complex(c))
    for d in ("int8", "int64", "float32", "float64"):
        v = rand((6,), d)
        check(pt.sort_complex(P(v)), np.sort_complex(v))
    m = rand((2, 4), "complex128")
    check(pt.sort_complex(P(m)), np.sort_complex(m))

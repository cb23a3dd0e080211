"""NumPy's mathematical and logic functions beyond the array API (ptensor/_np_math.py) and
the standard functions under NumPy's signatures (ptensor/_np_superset.py), against NumPy:
shape, dtype and values; bad inputs raise what NumPy raises."""
import numpy as np
import pytest

import ptensor as pt

R = np.random.default_rng(56)
F = R.standard_normal((3, 4)) * 4
F32 = F.astype(np.float32)
I = R.integers(-20, 20, (3, 4))
NZ = np.where(I == 0, 3, I)
SPECIAL = np.array([0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, 1e-300, 7.0, 0.5])


def same(got, want, tol=1e-12):
    assert isinstance(got, pt.Array), type(got)
    g, w = np.asarray(got), np.asarray(want)
    assert g.shape == w.shape, (g.shape, w.shape)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    if w.dtype.kind in "fc":
        tol = max(tol, 1e-5) if w.dtype in (np.float32, np.complex64) else tol
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, w)


BINARY = [("fmod", F, NZ.astype(float)), ("fmod", I, NZ), ("fmod", F32, 1.5),
          ("heaviside", SPECIAL, 0.5), ("float_power", np.abs(F) + 1, F / 4),
          ("fmax", SPECIAL, SPECIAL[::-1]), ("fmin", SPECIAL, SPECIAL[::-1]),
          ("fmax", I, NZ), ("gcd", I, NZ), ("lcm", I, NZ), ("logaddexp2", F, F.T[:3, :3].sum()),
          ("ldexp", F, I % 7)]


@pytest.mark.parametrize("name,a,b", BINARY)
def test_binary(name, a, b):
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a, b)
    got = getattr(pt, name)(pt.asarray(a), b if np.isscalar(b) else pt.asarray(b))
    same(got, want)


UNARY = [("cbrt", F), ("cbrt", SPECIAL), ("exp2", F), ("deg2rad", F), ("rad2deg", I),
         ("radians", F32), ("degrees", F), ("fabs", I), ("sinc", F), ("sinc", SPECIAL[:4]),
         ("fix", F), ("fix", I), ("i0", F), ("i0", np.array([0.0, 35.0, -40.0])),
         ("nan_to_num", SPECIAL), ("isneginf", SPECIAL), ("isposinf", SPECIAL),
         ("iscomplex", F + 0j * I), ("isreal", np.array([1 + 0j, 1j]))]


@pytest.mark.parametrize("name,a", UNARY)
def test_unary(name, a):
    with np.errstate(all="ignore"):
        want = getattr(np, name)(a)
    same(getattr(pt, name)(pt.asarray(a)), want, tol=1e-10)


def test_two_results():
    x = pt.asarray(SPECIAL)
    with np.errstate(all="ignore"):
        for got, want in zip(pt.modf(x), np.modf(SPECIAL)):
            same(got, want)
        for got, want in zip(pt.frexp(x), np.frexp(SPECIAL)):
            same(got, want)
        for got, want in zip(pt.divmod(pt.asarray(I), pt.asarray(NZ)), np.divmod(I, NZ)):
            same(got, want)


def test_nan_to_num_keywords_and_complex():
    x = pt.asarray(SPECIAL)
    same(pt.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0),
         np.nan_to_num(SPECIAL, nan=-1.0, posinf=9.0, neginf=-9.0))
    c = SPECIAL + 1j * SPECIAL[::-1]
    same(pt.nan_to_num(pt.asarray(c)), np.nan_to_num(c))


def test_isclose_allclose_equal():
    a = np.array([1.0, 1.0 + 1e-9, np.nan, np.inf, -np.inf, 0.0])
    b = np.array([1.0, 1.0, np.nan, np.inf, np.inf, 1e-9])
    x, y = pt.asarray(a), pt.asarray(b)
    same(pt.isclose(x, y), np.isclose(a, b))
    same(pt.isclose(x, y, equal_nan=True), np.isclose(a, b, equal_nan=True))
    same(pt.isclose(pt.asarray(I), pt.asarray(NZ), atol=1), np.isclose(I, NZ, atol=1))
    assert pt.allclose(x[:2], y[:2]) is True and pt.allclose(x, y) is False
    assert pt.allclose(x[:3], y[:3], equal_nan=True) is True
    assert pt.array_equal(pt.asarray(I), pt.asarray(I.copy())) is True
    assert pt.array_equal(pt.asarray(I), pt.asarray(I[:2])) is False
    assert pt.array_equal(x, x) is False and pt.array_equal(x, x, equal_nan=True) is True
    assert pt.array_equiv(pt.asarray(I[0]), pt.asarray(np.tile(I[0], (2, 1)))) is True
    assert pt.array_equiv(pt.asarray(I[0]), pt.asarray(I[:, :2])) is False


def test_type_predicates():
    assert pt.iscomplexobj(pt.asarray(F + 1j)) and not pt.iscomplexobj(pt.asarray(F))
    assert pt.isrealobj(pt.asarray(I)) and pt.isscalar(3.0) and not pt.isscalar(pt.asarray(3.0))
    assert pt.isfortran(pt.asarray(F)) is np.isfortran(F) is False


def test_real_if_close_and_rint():
    c = F + 1e-17j
    same(pt.real_if_close(pt.asarray(c)), np.real_if_close(c))
    same(pt.real_if_close(pt.asarray(F + 1j)), np.real_if_close(F + 1j))
    same(pt.rint(pt.asarray(F)), np.rint(F))
    assert isinstance(pt.rint, pt.ufunc) and pt.rint.__name__ == "rint"


def test_math_bad_inputs():
    with pytest.raises(TypeError):
        pt.gcd(pt.asarray(F), pt.asarray(F))
    with pytest.raises(TypeError):
        pt.ldexp(pt.asarray(F), 1.5)
    with pytest.raises(TypeError, match="complex"):
        pt.isposinf(pt.asarray(F + 1j))
    with pytest.raises(TypeError):
        pt.fmod("a", pt.asarray(F))


# ---------------------------------------------- NumPy's signatures of the standard functions

SIG = [("sum", (F, 0), {}), ("sum", (I,), {"axis": 1, "dtype": "float32"}),
       ("sum", (F,), {"initial": 2.0}), ("sum", (F, None, None, None, True), {}),
       ("prod", (I[:, :3], 1), {}), ("mean", (I, 0), {}), ("mean", (F32, 1), {"dtype": "float64"}),
       ("std", (F,), {"ddof": 1}), ("var", (F, 1), {"ddof": 2}), ("std", (I, 0), {}),
       ("max", (F, 1), {}), ("min", (F, 0), {"initial": -1.0}), ("max", (F,), {"keepdims": True}),
       ("any", (F > 3, 0), {}), ("all", (F > -9, 1), {}), ("argmax", (F, 1), {}),
       ("argmin", (F,), {}), ("count_nonzero", (I, 0), {}), ("sort", (F, None), {}),
       ("sort", (F, 0), {"kind": "stable"}), ("argsort", (F,), {"kind": "mergesort"}),
       ("diff", (F, 2), {}), ("diff", (F, 1, 0), {}), ("diff", (F[0],), {"prepend": 0.0}),
       ("round", (F, 2), {}), ("round", (F, -1), {}), ("round", (I * 37, -2), {}),
       ("around", (F, 1), {}), ("squeeze", (F[:1, None],), {}), ("reshape", (F, 12), {}),
       ("reshape", (F, (4, 3)), {}), ("concat", ([F, F],), {"axis": 1}),
       ("stack", ([I, I], 1), {"dtype": "float64"}), ("zeros", ((2, 3), "int32"), {}),
       ("ones", (4, "float32"), {}), ("full", ((2,), 7, "int16"), {}),
       ("arange", (0, 5, 1, "float32"), {}), ("eye", (3, 4, 1, "int64"), {}),
       ("linspace", (0, 1), {}), ("zeros_like", (I, "float32"), {}),
       ("full_like", (F, 3, "int64"), {})]


@pytest.mark.parametrize("name,args,kwargs", SIG, ids=[f"{s[0]}-{i}" for i, s in enumerate(SIG)])
def test_numpy_signatures(name, args, kwargs):
    want = getattr(np, name)(*args, **kwargs)
    ptargs = tuple(pt.asarray(a) if isinstance(a, np.ndarray) else
                   [pt.asarray(e) for e in a] if isinstance(a, list) else a for a in args)
    got = getattr(pt, name)(*ptargs, **kwargs)
    same(got, np.asarray(want), tol=1e-6)


def test_numpy_signatures_out_and_where():
    x = pt.asarray(F)
    o = pt.zeros((4,))
    assert pt.sum(x, 0, out=o) is o
    same(o, F.sum(0))
    w = F > 0
    same(pt.sum(x, 1, where=pt.asarray(w)), np.sum(F, 1, where=w))
    same(pt.mean(x, 0, where=pt.asarray(w)), np.mean(F, 0, where=w))
    same(pt.max(x, 0, where=pt.asarray(w), initial=-100.0),
         np.max(F, 0, where=w, initial=-100.0))
    nz = pt.where(pt.asarray(I > 0))
    for g, want in zip(nz, np.where(I > 0)):
        same(g, want)
    r, step = pt.linspace(0, 1, 5, retstep=True)
    wr, wstep = np.linspace(0, 1, 5, retstep=True)
    same(r, wr)
    assert step == wstep


def test_numpy_signatures_bad_inputs():
    x = pt.asarray(F)
    with pytest.raises(ValueError, match="simultaneously"):
        pt.std(x, ddof=1, correction=1)
    with pytest.raises(ValueError, match="identity"):
        pt.max(x, 0, where=pt.asarray(F > 0))
    with pytest.raises(ValueError, match="order"):
        pt.zeros((2, 2), order="F")
    with pytest.raises(ValueError, match="kind"):
        pt.sort(x, kind="bogus")
    with pytest.raises(ValueError, match="both or neither"):
        pt.where(x > 0, x)
    with pytest.raises(ValueError, match="wrong shape"):
        pt.sum(x, 0, out=pt.zeros((3,)))
    with pytest.raises(TypeError, match="NumPy arrays"):
        pt.sum(x, 0, out=np.zeros(4))
    with pytest.raises(TypeError):
        pt.round(x, 1.5)

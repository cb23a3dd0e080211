"""complex64 and complex128 throughout, against NumPy: creation, promotion with real dtypes
and Python scalars, every elementwise function the array API defines for complex numbers
(special values included), reductions, linear algebra, indexing, DLPack, and the functions
that do not take complex arrays raising TypeError."""
import itertools
import math

import numpy as np
import pytest

import ptensor as pt
from _helpers import COMPLEX, SOME_DTYPES, assert_matches, ptd

FINITE = np.array([complex(r, i) for r, i in itertools.product(
    [0.0, -0.0, 0.5, -1.0, 1.5, -2.5, 3.0], [0.0, -0.0, 0.25, -1.0, 2.0, -3.5])])
SPECIAL = np.array([complex(r, i) for r, i in itertools.product(
    [0.0, -0.0, 1.0, -2.0, np.inf, -np.inf, np.nan], [0.0, -0.0, 1.5, -1.0, np.inf, -np.inf,
                                                      np.nan])])
TOL = {"complex64": dict(rtol=1e-5, atol=1e-6), "complex128": dict(rtol=1e-12, atol=1e-14)}


def ref(fn, *args):
    with np.errstate(all="ignore"):
        return fn(*args)


# ---------------------------------------------------------------- creation and conversion
@pytest.mark.parametrize("d", COMPLEX)
def test_asarray_roundtrip(d):
    a = SPECIAL.astype(d).reshape(7, 7)
    assert_matches(pt.asarray(a), a)
    assert_matches(pt.asarray(a)[1::2, ::-3], a[1::2, ::-3])
    assert_matches(pt.asarray(a.tolist(), dtype=ptd(d)), a)


def test_scalars_and_lists():
    assert_matches(pt.asarray(1 + 2j), np.asarray(1 + 2j))
    assert_matches(pt.asarray([1, 2.5, 3j]), np.asarray([1, 2.5, 3j]))
    assert complex(pt.asarray(2 - 1j)) == 2 - 1j
    assert pt.asarray([1j, 2])[0].item() == 1j
    assert repr(pt.asarray([1j])).count("1.j") == 1
    with pytest.raises(TypeError):
        float(pt.asarray(1j))


@pytest.mark.parametrize("d", COMPLEX)
def test_creation_functions(d):
    assert_matches(pt.zeros((2, 3), dtype=ptd(d)), np.zeros((2, 3), d))
    assert_matches(pt.ones(4, dtype=ptd(d)), np.ones(4, d))
    assert pt.empty(3, dtype=ptd(d)).dtype == ptd(d)
    assert_matches(pt.full((2, 2), 1.5 - 2j, dtype=ptd(d)), np.full((2, 2), 1.5 - 2j, d))
    assert_matches(pt.full((2,), 3, dtype=ptd(d)), np.full((2,), 3, d))
    assert_matches(pt.eye(3, 4, k=1, dtype=ptd(d)), np.eye(3, 4, k=1, dtype=d))
    x = pt.asarray(FINITE[:6].astype(d))
    assert_matches(pt.full_like(x, -1j), np.full_like(FINITE[:6].astype(d), -1j))
    assert_matches(pt.zeros_like(x), np.zeros(6, d))
    assert_matches(pt.tril(pt.full((3, 3), 1j, dtype=ptd(d))), np.tril(np.full((3, 3), 1j, d)))


def test_full_default_dtype():
    assert_matches(pt.full(3, 2j), np.full(3, 2j))
    assert pt.full(3, 2j).dtype == pt.complex128


@pytest.mark.parametrize("start,stop", [(0, 1 + 2j), (-1j, 3), (1 + 1j, -2 - 5j)])
@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("num", [0, 1, 5])
def test_linspace(start, stop, endpoint, num):
    assert_matches(pt.linspace(start, stop, num, endpoint=endpoint),
                   np.linspace(start, stop, num, endpoint=endpoint))
    assert_matches(pt.linspace(start, stop, num, endpoint=endpoint, dtype=pt.complex64),
                   np.linspace(start, stop, num, endpoint=endpoint, dtype=np.complex64))


@pytest.mark.parametrize("d", COMPLEX)
def test_dlpack(d):
    a = FINITE.astype(d)
    x = pt.from_dlpack(a)
    assert_matches(x, a)
    np.testing.assert_array_equal(np.from_dlpack(x), a)


# ---------------------------------------------------------------- casts
@pytest.mark.parametrize("src", SOME_DTYPES)
@pytest.mark.parametrize("dst", COMPLEX)
def test_astype_real_to_complex(src, dst):
    a = np.array([0, 1, 2, 3, 100], dtype=src) if src != "bool" else np.array([True, False])
    assert_matches(pt.astype(pt.asarray(a), ptd(dst)), a.astype(dst))


@pytest.mark.parametrize("src", COMPLEX)
@pytest.mark.parametrize("dst", COMPLEX + ["bool"])
def test_astype_complex(src, dst):
    a = SPECIAL.astype(src)
    assert_matches(pt.astype(pt.asarray(a), ptd(dst)), a.astype(dst))


@pytest.mark.parametrize("dst", ["float64", "float32", "int64", "uint8"])
def test_astype_complex_to_real_raises(dst):
    with pytest.raises(TypeError, match="complex.*real"):
        pt.astype(pt.asarray([1j]), ptd(dst))


# ---------------------------------------------------------------- promotion
@pytest.mark.parametrize("d1", SOME_DTYPES + COMPLEX)
@pytest.mark.parametrize("d2", COMPLEX)
def test_result_type_and_add(d1, d2):
    a, b = np.ones(3, d1), np.full(3, 1 - 2j, d2)
    assert pt.result_type(ptd(d1), ptd(d2)) == np.result_type(d1, d2)
    assert_matches(pt.asarray(a) + pt.asarray(b), a + b)
    assert_matches(pt.asarray(b) * pt.asarray(a), b * a)


@pytest.mark.parametrize("d", ["float32", "float64", "int32"] + COMPLEX)
@pytest.mark.parametrize("s", [2j, 1.5 - 0.5j, 2, 0.5])
def test_python_scalars(d, s):
    a = np.array([1, 2, 3], dtype=d)
    x = pt.asarray(a)
    for got, want in ((x + s, a + s), (s - x, s - a), (x * s, a * s), (s / x, s / a)):
        assert_matches(got, want, **TOL.get(np.asarray(want).dtype.name, {}))
    assert pt.result_type(ptd(d), s) == np.result_type(a, s)


# ---------------------------------------------------------------- elementwise
LIBM = ["exp", "log", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos",
        "atan", "asinh", "acosh", "atanh", "log2", "log10"]
NP_NAME = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh",
           "acosh": "arccosh", "atanh": "arctanh"}


@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("name", LIBM + ["log1p", "expm1", "abs", "sign", "square",
                                         "reciprocal", "negative", "positive", "conj", "real",
                                         "imag", "round"])
def test_unary_finite(name, d):
    a = FINITE.astype(d)
    if name == "reciprocal":  # 1/0: C99 infinities here, NaNs in NumPy (docs/deviations.md)
        a = a[a != 0]
    want = ref(getattr(np, NP_NAME.get(name, name)), a)
    assert_matches(getattr(pt, name)(pt.asarray(a)), want, signed_zeros=name in ("conj", "negative", "real", "imag"),
                   **TOL[d])


@pytest.mark.parametrize("name", LIBM + ["abs", "sign", "conj", "real", "imag", "negative"])
def test_unary_special_values(name):
    """inf, nan and signed zeros in either part: C99 Annex G, as NumPy (which calls libm);
    on devices, where kernels compute them by formulas, too (KernelComplex.cpp)."""
    want = ref(getattr(np, NP_NAME.get(name, name)), SPECIAL)
    assert_matches(getattr(pt, name)(pt.asarray(SPECIAL)), want, **TOL["complex128"])


def _expm1_standard(z):
    """expm1 of one complex value by the standard's special cases (array API, expm1:
    "Special cases", complex operands), NumPy's formula elsewhere."""
    a, b = z.real, z.imag
    if b == 0:
        return complex(np.nan if np.isnan(a) else np.expm1(a) + 0.0, b)  # (-0: +0)
    if a == -np.inf:  # -1 + 0 cis(b) (the zero's sign unspecified for an infinite or NaN b)
        return complex(-1.0, math.copysign(0.0, math.sin(b)) if np.isfinite(b) else 0.0)
    if a == np.inf and not np.isfinite(b):
        return complex(np.inf, np.nan)
    return ref(np.expm1, z)


@pytest.mark.parametrize("d", COMPLEX)
def test_expm1_special_values_follow_the_standard(d):
    """(array API conformance suite) NumPy's formula gives NaN parts for expm1(+inf + 0j),
    expm1(-inf + inf j), expm1(nan + 0j), ...: ptensor gives the standard's values."""
    a = SPECIAL.astype(d)
    want = np.array([_expm1_standard(complex(z)) for z in SPECIAL]).astype(d)
    got = np.asarray(pt.expm1(pt.asarray(a)))
    np.testing.assert_array_equal(np.isnan(got.real), np.isnan(want.real))
    np.testing.assert_array_equal(np.isnan(got.imag), np.isnan(want.imag))
    ok = ~np.isnan(want.real)
    np.testing.assert_allclose(got.real[ok], want.real[ok], **TOL[d])
    ok = ~np.isnan(want.imag)
    np.testing.assert_allclose(got.imag[ok], want.imag[ok], **TOL[d])
    zero = ok & (want.imag == 0) & np.isfinite(a.imag)  # signed zeros where they are defined
    np.testing.assert_array_equal(np.signbit(got.imag[zero]), np.signbit(want.imag[zero]))
    zero = want.real == 0
    np.testing.assert_array_equal(np.signbit(got.real[zero]), np.signbit(want.real[zero]))
    assert complex(got[list(SPECIAL).index(complex(np.inf, 0.0))]) == complex(np.inf, 0.0)


@pytest.mark.parametrize("d", COMPLEX)
def test_tanh_of_infinite_real_part_has_the_sign_of_y(d):
    """(array API conformance suite) tanh(+-inf + yj) = +-1 + 0j with y's sign on the zero
    for a finite y, the standard's rule; C99's libm (and NumPy) give 0 sin(2y)."""
    ys = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 1e300, -3e10], dtype=np.float64)
    for sign in (1.0, -1.0):
        a = (sign * np.inf + 1j * ys).astype(d)
        a.imag = ys.astype(a.real.dtype)
        got = np.asarray(pt.tanh(pt.asarray(a)))
        np.testing.assert_array_equal(got.real, np.full(len(ys), sign))
        np.testing.assert_array_equal(got.imag, np.zeros(len(ys)))
        np.testing.assert_array_equal(np.signbit(got.imag), np.signbit(ys))


@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite", "logical_not"])
def test_unary_tests(name, d):
    a = SPECIAL.astype(d)
    assert_matches(getattr(pt, name)(pt.asarray(a)), getattr(np, name)(a))


@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide", "pow", "equal",
                                  "not_equal", "logical_and", "logical_or", "logical_xor"])
def test_binary(name, d):
    a = FINITE.astype(d)
    b = np.roll(FINITE, 5).astype(d)
    if name == "divide":  # x/0: C99 infinities here, NaNs in NumPy (docs/deviations.md)
        b = b[b != 0]
    npf = {"pow": np.power}.get(name, getattr(np, name, None))
    want = ref(npf, a[:, None], b[None, :12])  # broadcasting
    if name == "pow" and d == "complex64":  # computed in double precision, rounded once
        want = ref(npf, a[:, None].astype("c16"), b[None, :12].astype("c16")).astype(d)
    got = getattr(pt, name)(pt.asarray(a)[:, None], pt.asarray(b)[None, :12])
    assert_matches(got, want, signed_zeros=False, **TOL[d])


def test_binary_special_values():
    a, b = SPECIAL[:, None], SPECIAL[None, ::3]
    x, y = pt.asarray(a), pt.asarray(b)
    with np.errstate(all="ignore"):
        pairs = ((x + y, a + b), (x - y, a - b), (x == y, a == b), (x != y, a != b))
    for got, want in pairs:
        assert_matches(got, want)


@pytest.mark.parametrize("p", [0, 1, 2, 3, 0.5, -1, 1j, 2 - 1j])
def test_pow_cases(p):
    """NumPy's special cases: x**0 = 1, 0**p, exact x**1, x**2, x**3; libm's cpow otherwise."""
    a = np.concatenate([FINITE, [0j]])
    assert_matches(pt.asarray(a) ** p, ref(np.power, a, p), signed_zeros=False,
                   **TOL["complex128"])


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
def test_whole_powers_are_numpys_bits(dtype):
    """A whole exponent -100 < n < 100 is NumPy's binary powering (and a reciprocal by
    Smith's formula for n < 0), bit for bit: (-2 + 0j) ** -1 is -0.5 - 0j, where libm's cpow
    gives -0.5 - 6e-17j and asin of the result took the other side of its branch cut (fuzz
    seed 1800133). Scalar and array exponents, special values included."""
    rng = np.random.default_rng(7)
    a = (rng.standard_normal(400) * 10.0 ** rng.integers(-4, 4, 400)
         + 1j * rng.standard_normal(400) * 10.0 ** rng.integers(-4, 4, 400))
    a[:10] = [0.5 + 0j, -2 + 0j, 1j, -1j, 3 + 4j, complex(0, -0.0), complex(-0.0, 0),
              complex(np.inf, 0), complex(np.nan, 0), complex(1e300, 1e300)]
    a = a.astype(dtype)
    bits = np.uint64 if dtype == "complex128" else np.uint32
    x = pt.asarray(a)
    with np.errstate(all="ignore"):
        for n in [-99, -64, -37, -5, -4, -3, -2, -1, 4, 5, 7, 8, 63, 99]:
            want = np.power(a, np.asarray(n, dtype))
            for got in (np.asarray(x ** n), np.asarray(x ** pt.asarray(np.full(a.shape, n, dtype)))):
                for part in ("real", "imag"):
                    g, w = getattr(got, part), getattr(want, part)
                    same = (g.view(bits) == w.view(bits)) | (np.isnan(g) & np.isnan(w))
                    assert same.all(), (n, part, a[~same][:3], g[~same][:3], w[~same][:3])


def test_operators_and_inplace():
    a = FINITE.copy()
    x = pt.asarray(a.copy())  # not a zero-copy view of a, which changes below
    assert_matches(-x, -a)
    assert_matches(abs(x), np.abs(a))
    x += 1j
    a += 1j
    assert_matches(x, a)
    x *= 2
    a *= 2
    assert_matches(x, a)
    f = pt.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match="complex128 to float64"):
        f += 1j


def test_where_and_setitem():
    a = FINITE.copy()
    x = pt.asarray(a.copy())
    assert_matches(pt.where(x == 0, 5j, x), np.where(a == 0, 5j, a))
    assert_matches(pt.where(pt.real(x) > 0, x, 1.0), np.where(a.real > 0, a, 1.0))
    x[3] = 7 - 7j
    a[3] = 7 - 7j
    x[pt.asarray([0, 1])] = pt.asarray([1j, 2j])
    a[[0, 1]] = [1j, 2j]
    x[x == 0] = -1
    a[a == 0] = -1
    assert_matches(x, a)
    r = pt.zeros(3)
    with pytest.raises(TypeError, match="complex.*float64"):
        r[0] = 1j
    with pytest.raises(TypeError, match="complex.*float64"):
        r[:] = pt.asarray([1j, 1j, 1j])


def test_manipulation_and_indexing():
    a = FINITE.reshape(6, 7)
    x = pt.asarray(a)
    assert_matches(pt.concat([x, x[:2]]), np.concatenate([a, a[:2]]))
    assert_matches(pt.stack([x, x], axis=1), np.stack([a, a], axis=1))
    assert_matches(pt.reshape(x.T, (-1,)), a.T.reshape(-1))
    assert_matches(pt.flip(pt.roll(x, 2, axis=1), axis=0), np.flip(np.roll(a, 2, axis=1), axis=0))
    assert_matches(pt.take(x, pt.asarray([5, 0, 2]), axis=0), a[[5, 0, 2]])
    assert_matches(x[pt.real(x) > 1], a[a.real > 1])
    assert_matches(x[pt.asarray([1, 3]), ::2], a[[1, 3], ::2])
    assert_matches(pt.tile(x[:2, :2], (2, 1)), np.tile(a[:2, :2], (2, 1)))
    assert_matches(pt.broadcast_to(x[0], (3, 7)), np.broadcast_to(a[0], (3, 7)))


# ---------------------------------------------------------------- reductions
@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reductions(d, axis, keepdims):
    a = FINITE[:40].astype(d).reshape(5, 8)
    x = pt.asarray(a)
    for name in ("sum", "prod", "mean"):
        assert_matches(getattr(pt, name)(x, axis=axis, keepdims=keepdims),
                       getattr(np, name)(a, axis=axis, keepdims=keepdims), signed_zeros=False,
                       **TOL[d])
    for name in ("var", "std"):
        assert_matches(getattr(pt, name)(x, axis=axis, keepdims=keepdims, correction=1),
                       getattr(np, name)(a, axis=axis, keepdims=keepdims, ddof=1), **TOL[d])


def test_reduction_empty_and_dtype():
    e = np.zeros((0, 3), np.complex64)
    assert_matches(pt.sum(pt.asarray(e), axis=0), e.sum(axis=0))
    assert_matches(pt.prod(pt.asarray(e), axis=0), e.prod(axis=0))
    assert_matches(pt.sum(pt.asarray([1, 2]), dtype=pt.complex64), np.sum([1, 2], dtype="c8"))


@pytest.mark.parametrize("fn,npfn", [(pt.cumulative_sum, np.cumsum),
                                     (pt.cumulative_prod, np.cumprod)])
def test_cumulative(fn, npfn):
    a = FINITE[:9].reshape(3, 3) + 1
    assert_matches(fn(pt.asarray(a), axis=1), npfn(a, axis=1), **TOL["complex128"])


def test_all_any_nonzero():
    a = np.array([0j, 1j, 0, -0.0 + 0j, 2])
    x = pt.asarray(a)
    assert bool(pt.any(x)) and not bool(pt.all(x))
    assert_matches(pt.count_nonzero(x), np.asarray(np.count_nonzero(a)))
    assert_matches(pt.nonzero(x)[0], np.nonzero(a)[0])


# ---------------------------------------------------------------- linear algebra
@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("shapes", [((3, 4), (4, 2)), ((2, 3, 4), (4, 5)), ((4,), (4, 3)),
                                    ((4,), (4,)), ((0, 3), (3, 2)), ((64, 48), (48, 33))])
def test_matmul(d, shapes):
    """Rank 2: cblas_[cz]gemm; batched: compiled loops."""
    rng = np.random.default_rng(1)
    a = (rng.standard_normal(shapes[0]) + 1j * rng.standard_normal(shapes[0])).astype(d)
    b = (rng.standard_normal(shapes[1]) - 2j * rng.standard_normal(shapes[1])).astype(d)
    tol = TOL[d] if shapes[0][-1] < 48 else dict(rtol=1e-4 if d == "complex64" else 1e-11,
                                                  atol=1e-4 if d == "complex64" else 1e-11)
    assert_matches(pt.asarray(a) @ pt.asarray(b), a @ b, **tol)
    if len(shapes[0]) == 2 and len(shapes[1]) == 2:  # transposed and sliced operands
        assert_matches(pt.asarray(np.ascontiguousarray(a.T)).mT @ pt.asarray(b), a @ b, **tol)
        assert_matches(pt.asarray(a)[::2] @ pt.asarray(b)[:, 1:], a[::2] @ b[:, 1:], **tol)


def test_matmul_mixed_real_complex():
    a, b = np.arange(6.0).reshape(2, 3), np.full((3, 2), 1 - 1j)
    assert_matches(pt.asarray(a) @ pt.asarray(b), a @ b)


def test_vecdot_tensordot_norms():
    a = FINITE[:12].reshape(3, 4)
    b = np.roll(FINITE, 3)[:12].reshape(3, 4)
    x, y = pt.asarray(a), pt.asarray(b)
    assert_matches(pt.vecdot(x, y), np.vecdot(a, b))  # conjugates x1
    assert_matches(pt.tensordot(x, y.T, axes=1), np.tensordot(a, b.T, axes=1))
    assert_matches(pt.linalg.outer(x[0], y[1]), np.outer(a[0], b[1]))
    assert_matches(pt.linalg.trace(x[:, :3]), np.trace(a[:, :3]))
    for o in (2, 1, np.inf, 0, 3):
        assert_matches(pt.linalg.vector_norm(x, ord=o), np.asarray(np.linalg.norm(a.ravel(), o)))
    for o in ("fro", 1, np.inf):
        assert_matches(pt.linalg.matrix_norm(x, ord=o), np.asarray(np.linalg.norm(a, o)))


# ---------------------------------------------------------------- LAPACK (c/z routines)
def _cmat(shape, d, seed=3):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(d)


def _hpd(shape, d):
    """Hermitian positive definite matrices."""
    a = _cmat(shape, d)
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + shape[-1] * np.eye(shape[-1])).astype(d)


LTOL = {"complex64": dict(rtol=2e-4, atol=2e-4), "complex128": dict(rtol=1e-10, atol=1e-10)}
SZ = dict(signed_zeros=False)  # LAPACK builds differ in the signs of zero parts


@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1), (0, 0)])
def test_lapack_direct(d, shape):
    """Results LAPACK defines uniquely, against NumPy: inv, solve, det, slogdet, cholesky
    (both triangles), eigenvalues, singular values, pinv, matrix_rank."""
    a, h = _cmat(shape, d), _hpd(shape, d)
    x, hx = pt.asarray(a), pt.asarray(h)
    la = pt.linalg
    tol = LTOL[d]
    assert_matches(la.inv(x), np.linalg.inv(a), **tol, **SZ)
    b = _cmat(shape[:-1] + (2,), d, seed=5)
    assert_matches(la.solve(x, pt.asarray(b)), np.linalg.solve(a, b), **tol, **SZ)
    assert_matches(la.det(x), np.linalg.det(a), **tol, **SZ)
    s, lg = la.slogdet(x)
    es, el = np.linalg.slogdet(a)
    assert_matches(s, es, **tol, **SZ)
    assert_matches(lg, el, **tol, **SZ)
    assert_matches(la.cholesky(hx), np.linalg.cholesky(h), **tol, **SZ)
    assert_matches(la.cholesky(hx, upper=True), np.linalg.cholesky(h, upper=True), **tol, **SZ)
    assert_matches(la.eigvalsh(hx), np.linalg.eigvalsh(h), **tol, **SZ)
    assert_matches(la.svdvals(x), np.linalg.svd(a, compute_uv=False), **tol, **SZ)
    assert_matches(la.pinv(x), np.linalg.pinv(a), **tol, **SZ)
    assert_matches(la.matrix_rank(x), np.asarray(np.linalg.matrix_rank(a)))
    if shape[-1]:
        assert_matches(la.matrix_norm(x, ord="nuc"), np.linalg.norm(a, "nuc", axis=(-2, -1)),
                       **tol, **SZ)


@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3)])
def test_lapack_factorizations(d, shape):
    """Factors unique only up to phases: check that they rebuild the matrix and are unitary."""
    a = _cmat(shape, d)
    tol = LTOL[d]
    ct = lambda m: np.conj(np.swapaxes(m, -1, -2))  # noqa: E731
    for full in (False, True):
        u, s, vh = (np.asarray(r) for r in pt.linalg.svd(pt.asarray(a), full_matrices=full))
        assert s.dtype == np.zeros(1, d).real.dtype and u.dtype == vh.dtype == np.dtype(d)
        k = min(shape[-2:])
        np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a, **tol)
        eye = np.eye(u.shape[-1])
        np.testing.assert_allclose(ct(u) @ u, np.broadcast_to(eye, ct(u).shape[:-2] + eye.shape), **tol)
    for mode in ("reduced", "complete"):
        q, r = (np.asarray(t) for t in pt.linalg.qr(pt.asarray(a), mode=mode))
        np.testing.assert_allclose(q @ r, a, **tol)
        np.testing.assert_allclose(np.tril(r, -1), 0, atol=tol["atol"])
    if shape[-1] == shape[-2]:
        h = _hpd(shape, d)
        w, v = (np.asarray(t) for t in pt.linalg.eigh(pt.asarray(h)))
        np.testing.assert_allclose(w, np.linalg.eigvalsh(h), **tol)
        np.testing.assert_allclose(h @ v, v * w[..., None, :], **tol)


def test_lapack_complex_errors():
    sing = pt.asarray(np.array([[1, 1j], [1, 1j]]))
    with pytest.raises(pt.linalg.LinAlgError, match="Singular"):
        pt.linalg.inv(sing).to_numpy()
    with pytest.raises(pt.linalg.LinAlgError, match="positive definite"):
        pt.linalg.cholesky(pt.asarray(np.array([[1, 2j], [-2j, 1]]))).to_numpy()
    assert_matches(pt.linalg.slogdet(sing).logabsdet, np.asarray(-np.inf))


# ---------------------------------------------------------------- sorting and sets
@pytest.mark.parametrize("d", COMPLEX)
@pytest.mark.parametrize("descending", [False, True])
def test_sort_lexicographic(d, descending):
    """NumPy's order: real part, then imaginary part; NaN parts last (an extension)."""
    a = np.concatenate([SPECIAL, FINITE, SPECIAL[::-1]]).astype(d).reshape(4, -1)
    want = np.sort(a, axis=1, kind="stable")
    wanti = np.argsort(a, axis=1, kind="stable")
    if descending:
        want = np.flip(np.sort(np.flip(a, 1), axis=1, kind="stable"), 1)
        wanti = a.shape[1] - 1 - np.flip(np.argsort(np.flip(a, 1), axis=1, kind="stable"), 1)
    x = pt.asarray(a)
    assert_matches(pt.sort(x, axis=1, descending=descending), want)
    assert_matches(pt.argsort(x, axis=1, descending=descending), wanti)


@pytest.mark.parametrize("d", COMPLEX)
def test_sort_of_an_offset_view(d):
    """A custom call's operand that starts inside its buffer (here rows 2: of a NumPy array):
    the byte offset of complex64 elements was computed from an int/float-only width (garbage
    values were read)."""
    a = np.concatenate([SPECIAL, FINITE, SPECIAL[::-1]]).astype(d).reshape(4, -1)
    x = pt.asarray(a)
    assert_matches(pt.sort(x[2:4], axis=1), np.sort(a[2:4], axis=1, kind="stable"))
    assert_matches(pt.argsort(x[1:, 3:], axis=1), np.argsort(a[1:, 3:], axis=1, kind="stable"))


def test_unique():
    a = np.array([1j, 2, 1j, -1 + 0j, 2, 3j, -1])
    r = pt.unique_all(pt.asarray(a))
    v, i, inv, c = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
    assert_matches(r.values, v)
    assert_matches(r.indices, i)
    assert_matches(r.inverse_indices, inv)
    assert_matches(r.counts, c)


# ---------------------------------------------------------------- not for complex numbers
X = pt.asarray(FINITE[:6])


@pytest.mark.parametrize("call", [
    lambda: X < X, lambda: X >= 1j, lambda: pt.maximum(X, X), lambda: pt.minimum(X, 1),
    lambda: pt.max(X), lambda: pt.min(X, axis=0), lambda: pt.argmax(X), lambda: pt.argmin(X),
    lambda: pt.searchsorted(X, X), lambda: pt.clip(X, 0, 1), lambda: pt.erf(X),
    lambda: pt.floor_divide(X, X), lambda: X % 2, lambda: pt.atan2(X, X),
    lambda: pt.signbit(X), lambda: pt.ceil(X), lambda: pt.hypot(X, X),
    lambda: pt.logaddexp(X, X), lambda: pt.copysign(X, X), lambda: pt.nextafter(X, X),
    lambda: pt.bitwise_and(X, X),
])
def test_not_defined_for_complex(call):
    with pytest.raises(TypeError):
        call()

"""What the array API 2025.12 adds or changes, against NumPy: isin, broadcast_shapes,
expand_dims with a tuple of axes, searchsorted with a scalar, tuples from broadcast_arrays,
meshgrid and devices(), linalg.eig and linalg.eigvals (LAPACK geev)."""
import numpy as np
import pytest

import ptensor as pt

RNG = np.random.default_rng(20251201)


def test_version():
    assert pt.__array_api_version__ == "2025.12"
    x = pt.asarray([1.0])
    assert x.__array_namespace__(api_version="2025.12") is pt


@pytest.mark.parametrize("a, b", [
    (np.array([[1, 5, 3], [7, 2, 9]]), np.array([3, 9, 4, 1])),
    (np.array([1.5, np.nan, -0.0, 2.0, np.inf]), np.array([0.0, np.nan, np.inf, 2.0])),
    (np.array([1, 2, 3], dtype=np.int32), np.array([2.0, 3.5])),
    (np.array([True, False, True]), np.array([False])),
    (np.array([1 + 2j, 3j, 0]), np.array([3j, 5.0])),
    (np.arange(10, dtype=np.uint8), np.array([], dtype=np.uint8)),
    (np.zeros((0, 3)), np.array([1.0])),
    (np.array([4, 4, 1, 7]), np.array([4, 4, 4])),
])
@pytest.mark.parametrize("invert", [False, True])
def test_isin(a, b, invert):
    got = pt.isin(pt.asarray(a), pt.asarray(b), invert=invert)
    want = np.isin(a, b, invert=invert)
    assert got.dtype == pt.bool and got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)


def test_isin_scalars():
    x = pt.asarray(np.array([1, 2, 3]))
    np.testing.assert_array_equal(np.asarray(pt.isin(x, 2)), np.isin([1, 2, 3], 2))
    r = pt.isin(2, x)
    assert r.shape == () and bool(r)
    assert not bool(pt.isin(7.5, x))
    with pytest.raises(TypeError):
        pt.isin(1, 2)
    with pytest.raises(TypeError):
        pt.isin(x, x, invert="yes")


@pytest.mark.parametrize("shapes", [(), ((2, 3),), ((2, 1), (1, 3)), ((5, 1, 4), (3, 1), (4,)),
                                    ((0, 1), (1, 7)), ((1,), ()), ((3,), (1, 1, 3))])
def test_broadcast_shapes(shapes):
    got = pt.broadcast_shapes(*shapes)
    assert isinstance(got, tuple) and got == np.broadcast_shapes(*shapes)


def test_broadcast_shapes_unknown_sizes_and_errors():
    assert pt.broadcast_shapes((None, 3), (4, 1)) == (4, 3)
    assert pt.broadcast_shapes((None, 1), (1, 5)) == (None, 5)
    assert pt.broadcast_shapes((2, None)) == (2, None)
    with pytest.raises(ValueError):
        pt.broadcast_shapes((2, 3), (3, 2))
    with pytest.raises(ValueError):
        pt.broadcast_shapes((-1,))
    with pytest.raises(TypeError):
        pt.broadcast_shapes((2.5,))


@pytest.mark.parametrize("axis", [0, -1, (0, 1), (0, -1), (-1, -2), (1, 3), (4, 0, 2)])
def test_expand_dims_tuple(axis):
    a = np.arange(6.0).reshape(2, 3)
    x = pt.asarray(a)
    got = pt.expand_dims(x, axis=axis)
    want = np.expand_dims(a, axis)
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)
    got[(0,) * got.ndim] = 42.0  # a view, as NumPy's
    assert float(x[0, 0]) == 42.0


@pytest.mark.parametrize("axis, error", [((0, 0), ValueError), ((0, -4), ValueError), ((0, -5), IndexError),
                                         (3, IndexError), ((1, 4), IndexError)])
def test_expand_dims_bad_axes(axis, error):
    with pytest.raises(error):
        pt.expand_dims(pt.zeros((2, 3)), axis=axis)


@pytest.mark.parametrize("v", [2, 2.5, -1, 10, 3.0])
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_scalar(v, side):
    a = np.array([1, 2, 2, 3, 5])
    got = pt.searchsorted(pt.asarray(a), v, side=side)
    assert got.shape == () and got.dtype == pt.int64
    assert int(got) == int(np.searchsorted(a, v, side=side))
    f = np.array([0.5, 1.5, np.nan])
    assert int(pt.searchsorted(pt.asarray(f), v, side=side)) == int(np.searchsorted(f, v, side=side))


def test_tuples():
    x, y = pt.asarray(np.arange(3.0)), pt.asarray(np.arange(2.0))
    assert type(pt.broadcast_arrays(x, pt.reshape(y, (2, 1)))) is tuple
    assert type(pt.meshgrid(x, y)) is tuple
    assert type(pt.__array_namespace_info__().devices()) is tuple


def _match(got, want, tol):
    """Each eigenvalue of want has a distinct one in got within tol (order is LAPACK's)."""
    got = list(got)
    for w in want:
        k = int(np.argmin([abs(g - w) for g in got]))
        assert abs(got[k] - w) <= tol * max(1.0, abs(w)), (got, want)
        got.pop(k)


@pytest.mark.parametrize("dtype, ctype, tol", [("float64", "complex128", 1e-10),
                                              ("float32", "complex64", 1e-3),
                                              ("complex128", "complex128", 1e-10)])
@pytest.mark.parametrize("shape", [(5, 5), (3, 4, 4), (1, 1), (0, 0), (2, 0, 0)])
def test_eig(dtype, ctype, tol, shape):
    a = RNG.standard_normal(shape)
    if dtype == "complex128":
        a = a + 1j * RNG.standard_normal(shape)
    a = a.astype(dtype)
    w, v = pt.linalg.eig(pt.asarray(a))
    assert w.dtype == getattr(pt, ctype) and v.dtype == getattr(pt, ctype)
    assert w.shape == shape[:-1] and v.shape == shape
    w, v = np.asarray(w), np.asarray(v)
    vals = np.asarray(pt.linalg.eigvals(pt.asarray(a)))
    for k in np.ndindex(shape[:-2]):
        _match(w[k], np.linalg.eigvals(a[k].astype(np.complex128)), tol)
        _match(vals[k], w[k], tol)
        # A v = v diag(w), unit columns
        np.testing.assert_allclose(a[k] @ v[k], v[k] * w[k], atol=tol * 10 * max(1, np.abs(a[k]).max(initial=0)))
        if shape[-1]:
            np.testing.assert_allclose(np.linalg.norm(v[k], axis=0), 1.0, rtol=tol * 10)


def test_eig_of_a_rotation_and_of_integers():
    r = np.array([[0.0, -1.0], [1.0, 0.0]])  # eigenvalues +-i: a conjugate pair
    w, v = pt.linalg.eig(pt.asarray(r))
    _match(np.asarray(w), [1j, -1j], 1e-12)
    np.testing.assert_allclose(r @ np.asarray(v), np.asarray(v) * np.asarray(w), atol=1e-12)
    n = np.array([[2, 0], [0, 3]])
    w = np.asarray(pt.linalg.eigvals(pt.asarray(n)))
    assert w.dtype == np.complex128
    _match(w, [2, 3], 1e-12)


@pytest.mark.parametrize("a", [np.zeros((2, 3)), np.zeros(3), np.array([[1.0, np.nan], [0, 1]]),
                               np.array([[np.inf, 0.0], [0, 1]])])
def test_eig_bad_input(a):
    with pytest.raises(pt.linalg.LinAlgError):
        np.asarray(pt.linalg.eig(pt.asarray(a))[0])


@pytest.mark.parametrize("dtype, v", [("int8", 300), ("int64", 2**70), ("uint8", -1)])
def test_searchsorted_scalar_that_does_not_fit(dtype, v):
    with pytest.raises(OverflowError, match="does not fit"):
        pt.searchsorted(pt.asarray(np.array([1, 2], dtype=dtype)), v)

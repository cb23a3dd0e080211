"""NumPy's ufunc objects over ptensor arrays (ptensor/_ufunc.py): calls with out=, where=,
dtype=; reduce, accumulate, outer, at, reduceat; NumPy's ufunc names as aliases; NumPy's own
ufunc methods applied to ptensor arrays reaching them (__array_ufunc__). Every value is
compared with NumPy's: shape, dtype and values."""
import numpy as np
import pytest

import ptensor as pt

R = np.random.default_rng(55)
F = R.standard_normal((4, 5))
I = R.integers(-9, 9, (4, 5))
B = R.random((4, 5)) > 0.5


def same(got, want):
    assert isinstance(got, pt.Array), type(got)
    g, w = np.asarray(got), np.asarray(want)
    assert g.shape == w.shape, (g.shape, w.shape)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    if w.dtype.kind in "fc":
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
    else:
        np.testing.assert_array_equal(g, w)


def test_numpy_names_are_the_same_ufuncs():
    assert pt.power is pt.pow and pt.arctan2 is pt.atan2 and pt.absolute is pt.abs
    assert pt.conjugate is pt.conj and pt.invert is pt.bitwise_invert
    assert isinstance(pt.add, pt.ufunc) and pt.add.nin == 2 and pt.sin.nin == 1
    assert pt.add.__name__ == "add" and pt.power.__name__ == "power"
    assert pt.add.identity == 0 and pt.multiply.identity == 1 and pt.maximum.identity is None
    assert repr(pt.add) == "<ptensor ufunc 'add'>"


def test_calling_a_ufunc_is_the_function():
    x = pt.asarray(F)
    same(pt.add(x, 1.5), F + 1.5)
    same(pt.power(x, 2), F ** 2)
    same(pt.arctan2(x, pt.asarray(I.astype(float))), np.arctan2(F, I.astype(float)))


@pytest.mark.parametrize("dtype", [None, "float32"])
def test_out_where_dtype(dtype):
    x, y = pt.asarray(F), pt.asarray(F[::-1])
    o = pt.zeros((4, 5))
    r = pt.add(x, y, out=o)
    assert r is o
    same(o, F + F[::-1])
    o = pt.full((4, 5), 7.0)
    pt.multiply(x, y, out=(o,), where=pt.asarray(B))
    same(o, np.where(B, F * F[::-1], 7.0))
    if dtype:
        same(pt.add(x, y, dtype=dtype), np.add(F, F[::-1], dtype=dtype))


def test_out_errors():
    x = pt.asarray(F)
    with pytest.raises(ValueError, match="non-broadcastable"):
        pt.add(x, x, out=pt.zeros((3,)))
    with pytest.raises(TypeError, match="cast"):
        pt.divide(x, x, out=pt.zeros((4, 5), dtype=pt.int64))
    with pytest.raises(TypeError, match="NumPy arrays"):
        pt.add(x, x, out=np.zeros((4, 5)))
    with pytest.raises(TypeError):
        pt.add(x)


REDUCE = [("add", F), ("add", I), ("add", B), ("multiply", I), ("maximum", F), ("minimum", I),
          ("logical_and", B), ("logical_or", B), ("logical_xor", B), ("bitwise_and", I),
          ("bitwise_or", I), ("bitwise_xor", I)]


@pytest.mark.parametrize("name,a", REDUCE)
@pytest.mark.parametrize("axis", [0, 1, None, (0, 1)])
def test_reduce(name, a, axis):
    got = getattr(pt, name).reduce(pt.asarray(a), axis=axis)
    want = getattr(np, name).reduce(a, axis=axis)
    if np.ndim(want) == 0:
        want = np.asarray(want)
    same(got, want)


def test_reduce_keywords():
    x = pt.asarray(F)
    same(pt.add.reduce(x, 1, keepdims=True), np.add.reduce(F, 1, keepdims=True))
    same(pt.add.reduce(x, 0, initial=10.0), np.add.reduce(F, 0, initial=10.0))
    same(pt.maximum.reduce(x, 0, initial=0.5), np.maximum.reduce(F, 0, initial=0.5))
    same(pt.add.reduce(x, 0, where=pt.asarray(B)), np.add.reduce(F, 0, where=B))
    same(pt.maximum.reduce(x, 1, where=pt.asarray(B), initial=-5.0),
         np.maximum.reduce(F, 1, where=B, initial=-5.0))
    same(pt.add.reduce(pt.asarray(I), 0, dtype="float32"), np.add.reduce(I, 0, dtype="float32"))
    same(pt.bitwise_or.reduce(pt.asarray(I[:0]), 0), np.bitwise_or.reduce(I[:0], 0))
    same(pt.add.reduce(pt.asarray(F[:, 1::2]), 1), np.add.reduce(F[:, 1::2], 1))


def test_reduce_errors():
    x = pt.asarray(F)
    with pytest.raises(ValueError, match="identity"):
        pt.maximum.reduce(pt.asarray(F[:0]), 0)
    with pytest.raises(ValueError, match="identity"):
        pt.maximum.reduce(x, 0, where=pt.asarray(B))
    with pytest.raises(np.exceptions.AxisError):
        pt.add.reduce(x, 2)
    with pytest.raises(TypeError, match="not supported"):
        pt.subtract.reduce(x, 0)
    with pytest.raises(ValueError, match="binary"):
        pt.sin.reduce(x)


ACCUMULATE = [("add", F), ("add", I), ("multiply", I[:, :3]), ("maximum", F), ("minimum", I),
              ("logical_or", B), ("bitwise_xor", I)]


@pytest.mark.parametrize("name,a", ACCUMULATE)
@pytest.mark.parametrize("axis", [0, 1])
def test_accumulate(name, a, axis):
    got = getattr(pt, name).accumulate(pt.asarray(a), axis=axis)
    same(got, getattr(np, name).accumulate(a, axis=axis))


@pytest.mark.parametrize("name", ["maximum", "minimum"])
def test_max_min_accumulate_nan_signed_zero_and_dtypes(name):
    # NumPy's element-after-element loop: a NaN propagates from where it is, and of -0.0 and
    # 0.0 the new element is taken (the sign bits compared too)
    f = np.array([[1.0, np.nan, 3.0, -0.0], [0.0, -0.0, 0.0, 2.0], [-0.0, 0.0, -1.0, np.inf]])
    for axis in (0, 1):
        e = getattr(np, name).accumulate(f, axis=axis)
        got = getattr(pt, name).accumulate(pt.asarray(f), axis=axis).to_numpy()
        assert np.array_equal(got, e, equal_nan=True)
        if pt._dist.default_team() is None:  # (distributed: a doubling scan, either zero)
            assert np.array_equal(np.signbit(got), np.signbit(e))
    for a in (I.astype(np.int8), I.astype(np.uint16), F.astype(np.float32), B,
              R.standard_normal((2, 3, 4)), F[:, ::2]):
        for axis in range(a.ndim):
            same(getattr(pt, name).accumulate(pt.asarray(a), axis=axis),
                 getattr(np, name).accumulate(a, axis=axis))
    with pytest.raises(TypeError, match="complex"):  # (as ptensor's maximum: no order)
        getattr(pt, name).accumulate(pt.asarray(np.array([1 + 2j, 0 - 1j])))
    same(getattr(pt, name).accumulate(pt.asarray(F[:0]), axis=0),
         getattr(np, name).accumulate(F[:0], axis=0))


def test_accumulate_long_and_errors():
    v = R.standard_normal(37)
    same(pt.maximum.accumulate(pt.asarray(v)), np.maximum.accumulate(v))
    same(pt.add.accumulate(pt.asarray(B[0])), np.add.accumulate(B[0]))
    with pytest.raises(TypeError, match="not supported"):
        pt.divide.accumulate(pt.asarray(v))
    with pytest.raises(TypeError, match="scalar"):
        pt.add.accumulate(pt.asarray(1.0))


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "minimum", "power", "less",
                                  "arctan2"])
def test_outer(name):
    a, b = R.standard_normal(3) + 2, R.standard_normal((2, 2)) + 2
    same(getattr(pt, name).outer(pt.asarray(a), pt.asarray(b)), getattr(np, name).outer(a, b))


@pytest.mark.parametrize("name,values", [("add", 1.5), ("add", "array"), ("subtract", "array"),
                                         ("multiply", "array"), ("maximum", "array"),
                                         ("minimum", 0.25)])
def test_at_repeated_indices(name, values):
    idx = np.array([0, 2, 2, 5, 0, 2, 7, -1])
    a = R.standard_normal(8)
    b = R.standard_normal(len(idx)) if values == "array" else values
    x = pt.asarray(a.copy())
    assert getattr(pt, name).at(x, pt.asarray(idx), b if not isinstance(b, np.ndarray)
                                else pt.asarray(b)) is None
    getattr(np, name).at(a, idx, b)
    same(x, a)


def test_at_integers_rows_and_slices():
    a = np.arange(12).reshape(4, 3)
    x = pt.asarray(a.copy())
    idx = [1, 1, 3]
    pt.add.at(x, idx, 1)
    np.add.at(a, idx, 1)
    same(x, a)
    pt.negative.at(x, slice(0, 2))
    np.negative.at(a, slice(0, 2))
    same(x, a)
    big = np.zeros(3, dtype=np.int64)
    labels = R.integers(0, 3, 200)
    xb = pt.asarray(big.copy())
    pt.add.at(xb, pt.asarray(labels), 1)
    np.add.at(big, labels, 1)
    same(xb, big)
    with pytest.raises(IndexError):
        pt.add.at(xb, [3], 1)
    with pytest.raises(ValueError, match="second operand"):
        pt.add.at(xb, [0])
    with pytest.raises(TypeError, match="ptensor array"):
        pt.add.at(np.zeros(3), [0], 1)


def test_at_with_an_index_array_of_two_dimensions():
    idx = [[0, 1], [1, 4]]
    for name, b in (("add", np.arange(4.0).reshape(2, 2)), ("maximum", 2.0)):
        a = np.zeros(5)
        x = pt.asarray(a.copy())
        getattr(pt, name).at(x, idx, pt.asarray(b) if isinstance(b, np.ndarray) else b)
        getattr(np, name).at(a, idx, b)
        same(x, a)


def test_reduceat():
    a = np.arange(10.0)
    idx = [0, 4, 1, 5, 8]
    same(pt.add.reduceat(pt.asarray(a), idx), np.add.reduceat(a, idx))
    m = np.arange(12).reshape(3, 4)
    same(pt.maximum.reduceat(pt.asarray(m), [0, 2], axis=1), np.maximum.reduceat(m, [0, 2], axis=1))


def test_numpy_ufunc_methods_reach_ptensor():
    x = pt.asarray(F)
    for got, want in [(np.add.reduce(x), np.add.reduce(F)),
                      (np.maximum.accumulate(x, axis=1), np.maximum.accumulate(F, axis=1)),
                      (np.add.outer(x[0], x[1]), np.add.outer(F[0], F[1])),
                      (np.minimum.outer(x[0], x[1]), np.minimum.outer(F[0], F[1])),
                      (np.multiply(x, 2, out=pt.zeros((4, 5))), F * 2),
                      (np.fmax(x, 0.0), np.fmax(F, 0.0))]:
        same(got, np.asarray(want))
    a = F[0].copy()
    y = pt.asarray(a)
    np.add.at(y, [0, 0, 3], 1.0)
    np.add.at(a, [0, 0, 3], 1.0)
    same(y, a)


def test_composed_ufuncs_have_methods():
    x = pt.asarray(np.array([np.nan, 1.0, 3.0, np.nan, -2.0]))
    same(pt.fmax.reduce(x), np.asarray(np.fmax.reduce(np.asarray(x))))
    g = np.array([12, 18, 27, 6])
    same(pt.gcd.reduce(pt.asarray(g)), np.asarray(np.gcd.reduce(g)))
    same(pt.gcd.outer(pt.asarray(g), pt.asarray(g)), np.gcd.outer(g, g))

"""The NumPy-values paths of the eager path (Array._np, python/ptensor/_array.py): small arrays
computed by NumPy hold NumPy's result and get a C++ leaf only when something records them.
Every case compares with NumPy, and with ptensor's own recorded path (the eager path off)
where ptensor's semantics are not NumPy's (an element read is a 0-d view of its array)."""
import numpy as np
import pytest

import ptensor as pt
from conftest import TEAM

if TEAM is not None:
    pytest.skip("the eager path is off under MPI", allow_module_level=True)


@pytest.fixture(autouse=True)
def _eager_on():
    old = pt.set_eager_limit(16384)
    yield
    pt.set_eager_limit(old)


def _both(program):
    """program(pt) with the eager path on and off, each result as NumPy."""
    on = [np.asarray(r) for r in program()]
    old = pt.set_eager_limit(0)
    try:
        off = [np.asarray(r) for r in program()]
    finally:
        pt.set_eager_limit(old)
    return on, off


def test_a_chain_of_small_operations_makes_no_leaf():
    a = np.linspace(0.0, 1.0, 50)
    x = pt.asarray(a)
    y = pt.sqrt((x[1:] + x[:-1]) * 0.5 + 1.0) - x[1:] @ x[:-1]
    assert y._hs is None  # (NumPy's values only: nothing recorded them)
    expect = np.sqrt((a[1:] + a[:-1]) * 0.5 + 1.0) - a[1:] @ a[:-1]
    np.testing.assert_array_equal(np.asarray(y), expect)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_operators_keep_numpy_results_and_dtypes(dtype):
    rng = np.random.default_rng(0)
    a, b = rng.random(17).astype(dtype) + 0.5, rng.random(17).astype(dtype) + 0.5
    x, y = pt.asarray(a), pt.asarray(b)
    cases = [(x + y, a + b), (x - 2, a - 2), (3.0 * x, 3.0 * a), (x / y, a / b),
             (1 / x, 1 / a), (x // y, a // b), (x % 0.3, a % 0.3), (x ** 2, a ** 2),
             (pt.maximum(x, y), np.maximum(a, b)), (pt.atan2(x, y), np.arctan2(a, b)),
             (x[3] * y[4], a[3] * b[4]), (pt.tanh(x[2]), np.tanh(a[2])),
             (x[:5] @ y[2:7], a[:5] @ b[2:7])]
    for got, want in cases:
        assert got.dtype == want.dtype and got.shape == np.shape(want)
        np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "tanh", "abs", "floor", "sin",
                                  "expm1", "log1p", "sign", "negative", "square"])
def test_unary_functions_are_numpys(name):
    a = np.linspace(0.1, 3.0, 33)
    f = getattr(pt, name)
    np.testing.assert_array_equal(np.asarray(f(pt.asarray(a)[1:])), getattr(np, name)(a[1:]))


def test_views_follow_writes_to_their_array():
    def program():
        A = pt.asarray(np.arange(12.0).reshape(3, 4))
        row, e = A[1, :3], A[2, 2]
        before = row + 0.0
        A[1, 0] = 7.0
        A[2, 2] = -1.0
        return [before, row + 0.0, e * 1.0, A]
    on, off = _both(program)
    for x, y in zip(on, off):
        np.testing.assert_array_equal(x, y)
    np.testing.assert_array_equal(on[1], [7.0, 5.0, 6.0])  # (a NumPy view sees the write too)
    assert on[2] == -1.0  # (a 0-d view: ptensor's element, not NumPy's scalar copy)


def test_writes_in_place_reach_the_values():
    a = np.arange(6.0)
    x = pt.asarray(a)
    y = x * 2.0
    part = y[:3]
    y[0] = 9.0
    y[3:5] = x[:2] + 100.0
    want = a * 2.0
    want[0] = 9.0
    want[3:5] = a[:2] + 100.0
    np.testing.assert_array_equal(np.asarray(part + 0.0), want[:3])  # (as a NumPy view)
    y += 1.0
    want += 1.0
    np.testing.assert_array_equal(np.asarray(y), want)
    np.testing.assert_array_equal(np.asarray(part), want[:3])
    np.testing.assert_array_equal(a, np.arange(6.0))  # (the user's array is not written)


def test_a_users_array_is_never_written():
    a = np.arange(5.0)
    x = pt.asarray(a)
    x[1] = 10.0
    x[2:4] = x[:2] * 3.0
    x += 1.0
    np.testing.assert_array_equal(a, np.arange(5.0))
    np.testing.assert_array_equal(np.asarray(x), [1.0, 11.0, 1.0, 31.0, 5.0])


def test_a_shared_result_is_not_written_through_the_other_name():
    def program():
        x = pt.asarray(np.ones(4))
        y = x + 1.0
        z = y
        w = pt.asarray(np.zeros(4))
        w[...] = y  # (w and y share one handle now)
        y[0] = 5.0
        y += 1.0
        return [y, z, w]
    on, off = _both(program)
    for p, q in zip(on, off):
        np.testing.assert_array_equal(p, q)
    np.testing.assert_array_equal(on[2], [2.0, 2.0, 2.0, 2.0])


def test_jit_traces_instead_of_reading_values():
    @pt.jit
    def f(x):
        return x[1] * 2.0 + x[0:2] @ x[1:3] + pt.sqrt(x)

    for a in (np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])):
        np.testing.assert_array_equal(np.asarray(f(pt.asarray(a))),
                                      a[1] * 2.0 + a[0:2] @ a[1:3] + np.sqrt(a))
    assert f.info()["replays"] == 1


def test_item_of_values():
    x = pt.asarray(np.array([1.5, -2.0]))
    e = x[1] * 3.0
    assert e.item() == -6.0 and float(e) == -6.0 and bool(e)
    with pytest.raises(ValueError, match="size 1"):
        (x * 1.0).item()


def test_bad_input_raises_ptensors_errors():
    x = pt.asarray(np.arange(4.0))
    m = pt.asarray(np.ones((3, 2)))
    with pytest.raises(IndexError, match="out of bounds"):
        x[4]
    with pytest.raises(IndexError):
        x[1.5]
    with pytest.raises(TypeError, match="invert"):
        ~x
    old = pt.set_eager_limit(0)
    try:
        with pytest.raises(ValueError) as recorded:
            m @ x
    finally:
        pt.set_eager_limit(old)
    with pytest.raises(ValueError) as eager:
        m @ x
    assert str(eager.value) == str(recorded.value)
    assert isinstance(x[1:3] + 1.0, pt.Array)

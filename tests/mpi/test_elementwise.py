import numpy as np
import pytest

import ptensor as pt
from _helpers import check, dist

X = np.linspace(-2, 3, 35).reshape(7, 5)
Y = np.cos(np.arange(35.0)).reshape(7, 5)


@pytest.mark.parametrize("split", [0, 1])
def test_binary_and_operators(team, split):
    x, y = pt.asarray(X, team=team, split=split), pt.asarray(Y, team=team, split=split)
    check(x + y * 2 - 1, X + Y * 2 - 1)
    check(x / (y + 3), X / (Y + 3))
    check(pt.hypot(x, y), np.hypot(X, Y))
    check(x ** 2, X ** 2)
    check(2.0 - x, 2.0 - X)
    check(x < y, X < Y)
    check(pt.where(x > 0, x, y), np.where(X > 0, X, Y))
    check(-abs(x), -np.abs(X))


@pytest.mark.parametrize("fn", ["exp", "sin", "sqrt", "floor", "isnan", "sign", "tanh"])
def test_unary(team, fn):
    x = pt.asarray(np.abs(X) if fn == "sqrt" else X, team=team)
    check(getattr(pt, fn)(x), getattr(np, fn)(np.abs(X) if fn == "sqrt" else X))


def test_broadcast_split_with_replicated(team):
    x = pt.asarray(X, team=team)
    row = np.arange(5.0)
    col = np.arange(7.0).reshape(7, 1)
    check(x + pt.asarray(row, team=None), X + row)
    check(x * pt.asarray(col, team=None), X * col)
    check(x + row, X + row)         # NumPy operands are replicated
    check(pt.asarray(row, team=None) - x, row - X)
    # a split operand whose split axis broadcasts, or is another axis, is gathered
    check(x + pt.asarray(row, team=team), X + row)
    check(pt.asarray(col, team=team) + x, col + X)
    check(x + pt.asarray(X, team=team, split=1), 2 * X)


def test_mixed_partitions_and_dtypes(team):
    a = pt.arange(11, team=team)
    b = pt.arange(11, dtype=pt.float32, team=team)
    check(a + b, np.arange(11) + np.arange(11, dtype=np.float32))
    check(pt.astype(a, pt.int8), np.arange(11).astype(np.int8))
    check(a // 3, np.arange(11) // 3)
    check(a & 5, np.arange(11) & 5)


def test_inplace(team):
    a = pt.asarray(X.copy(), team=team)
    part = a.row_partition
    a += 1
    a *= pt.asarray(Y, team=team)
    assert dist(a) and a.row_partition == part
    check(a, (X + 1) * Y)
    with pytest.raises(ValueError):
        a += pt.ones((3, 7, 5), team=None)


def test_tiny_arrays(team):
    # fewer elements than ranks: some ranks own nothing
    for n in (1, 2, 3):
        a = pt.arange(n, dtype=pt.float64, team=team)
        check(a * 2 + a, np.arange(n) * 3.0)
        check(a[1:] - a[:-1], np.ones(n - 1))


def test_bad_inputs(team):
    x = pt.asarray(X, team=team)
    with pytest.raises(ValueError, match="broadcast"):
        x + pt.ones((3, 5), team=team)
    with pytest.raises(TypeError):
        pt.sin(x, 3)
    check(np.add(x, 1), X + 1)  # NumPy's ufunc runs ptensor's add (issue 26)
    check(np.cbrt(x), np.cbrt(X))  # NumPy's ufuncs ptensor composes: ptensor's, distributed
    if dist(x):
        with pytest.raises(TypeError, match="distributed"):
            # one ptensor lacks (a user's ufunc): NumPy's, which would gather, refused
            np.frompyfunc(lambda v: v, 1, 1)(x)


def test_local_array_updated_in_place_by_a_distributed_one(team):
    """x op= d with x local (replicated, as a reduction over the split axis gives) and d
    distributed: every rank's x gets the whole result (fuzz seeds 50352, 50549: TypeError)."""
    X = np.array([7, 3, 5, 1, 2], dtype=np.int64)
    d = pt.asarray(X, team=team)
    for op, fn in (("+=", np.add), ("-=", np.subtract), ("*=", np.multiply),
                   ("//=", np.floor_divide), ("|=", np.bitwise_or)):
        x = pt.asarray(X[::-1].copy(), team=None)
        y = x
        exec(f"x {op} d")
        assert x is y and not dist(x)
        check(x, fn(X[::-1], X))
    s = pt.prod(d[:1], axis=-1, keepdims=True)  # (1,): replicated
    s += d[:1]
    check(s, np.array([14]))
    M = np.arange(4.0).reshape(2, 2)
    m = pt.asarray(M, team=None)
    m @= pt.asarray(M, team=team)
    check(m, M @ M)

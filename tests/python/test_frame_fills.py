"""A fill overwritten in its interior next (`z = zeros(...); z[1:-1, 1:-1] = v`, padding and
boundary conditions) fills only the frame around the interior (--ptensor-frame-fills).
Every slice position, edge cases where the frame is empty or the whole array, fills that
are read before the overwrite or by it, against NumPy."""
import numpy as np
import pytest

import ptensor as pt

SHAPES = [(1, 1), (2, 2), (3, 3), (4, 7), (9, 5), (40, 33)]


def slices(m, k):
    return [(1, m - 1, 1, k - 1), (0, m, 1, k), (1, m, 0, k), (0, 1, 0, 1), (m - 1, m, 0, k),
            (0, m, 0, k), (2, m, 0, k - 2)]


@pytest.mark.parametrize("m,k", SHAPES)
def test_fill_then_interior(m, k):
    u = np.random.default_rng(m * 100 + k).random((m, k))
    for a, b, c, d in slices(m, k):
        if b <= a or d <= c:
            continue
        z = pt.zeros((m, k))
        z[a:b, c:d] = pt.asarray(u)[a:b, c:d] * 2
        w = np.zeros((m, k))
        w[a:b, c:d] = u[a:b, c:d] * 2
        np.testing.assert_array_equal(np.asarray(z), w, err_msg=f"{a}:{b}, {c}:{d}")


@pytest.mark.parametrize("m,k", SHAPES)
def test_fill_read_before_or_by_the_overwrite(m, k):
    u = np.random.default_rng(k).random((m, k))
    z = pt.full((m, k), 7.0)
    z[1:, :-1] = pt.asarray(u)[1:, :-1] + 1
    w = np.full((m, k), 7.0)
    w[1:, :-1] = u[1:, :-1] + 1
    np.testing.assert_array_equal(np.asarray(z), w)
    z = pt.ones((m, k))  # read before its interior is overwritten: a whole fill
    s = pt.sum(z)
    z[1:, 1:] = pt.asarray(u)[1:, 1:]
    w = np.ones((m, k))
    ws = np.sum(w)
    w[1:, 1:] = u[1:, 1:]
    np.testing.assert_array_equal(np.asarray(z), w)
    assert float(s) == ws
    z = pt.ones((m, k))  # read by the overwrite itself
    z[1:, 1:] = z[1:, 1:] + pt.asarray(u)[1:, 1:]
    w = np.ones((m, k))
    w[1:, 1:] = w[1:, 1:] + u[1:, 1:]
    np.testing.assert_array_equal(np.asarray(z), w)


@pytest.mark.parametrize("n", [1, 2, 5, 100])
def test_fill_one_dimension(n):
    v = np.random.default_rng(n).random(n)
    z = pt.zeros(n + 2)
    z[1:-1] = pt.asarray(v) + 1
    w = np.zeros(n + 2)
    w[1:-1] = v + 1
    np.testing.assert_array_equal(np.asarray(z), w)
    z = pt.zeros(n + 2)  # a strided overwrite: not every element of a unit-stride view
    z[::2] = pt.ones((n + 3) // 2)
    w = np.zeros(n + 2)
    w[::2] = 1
    np.testing.assert_array_equal(np.asarray(z), w)


def test_padded_time_steps():
    """The wave workload's pad-every-step pattern, several steps in one program."""
    u0 = np.random.default_rng(3).random((20, 20))
    up0 = np.random.default_rng(4).random((20, 20))

    def steps(xp, u, up):
        for _ in range(4):
            inner = 2.0 * u[1:-1, 1:-1] - up[1:-1, 1:-1] + 0.1 * (u[:-2, 1:-1] + u[2:, 1:-1])
            nxt = xp.zeros((20, 20))
            nxt[1:-1, 1:-1] = inner
            up, u = u, nxt
        return u

    np.testing.assert_allclose(np.asarray(steps(pt, pt.asarray(u0), pt.asarray(up0))),
                               steps(np, u0, up0), rtol=1e-14)

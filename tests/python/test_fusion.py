"""Fused programs against NumPy: several results from shared inputs (sibling loops merged into
one when their sizes are provably equal) and programs whose size pattern changes between runs."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

# tests of the compiled programs themselves: every array is recorded (conftest.py)
pytestmark = pytest.mark.usefixtures("compiled")


def test_results_sharing_inputs():
    rng = np.random.default_rng(0)
    a, b = rng.uniform(0.5, 2.0, 1000), rng.uniform(0.5, 2.0, 1000)
    x, y = pt.asarray(a), pt.asarray(b)
    e = pt.exp(x) * y
    r1, r2, r3 = e + 1.0, e * x - y, pt.log(e) > 0.5
    pt.sync()
    assert_matches(r1, np.exp(a) * b + 1.0)
    assert_matches(r2, np.exp(a) * b * a - b)
    assert_matches(r3, np.log(np.exp(a) * b) > 0.5)


@pytest.mark.parametrize("p,q", [(3, 3), (3, 4), (4, 3), (5, 5), (1, 6), (6, 1), (0, 2)])
def test_transposed_sibling_only_fuses_when_square(p, q):
    """x reads A over (p, q), y reads A transposed over (q, p): the loops are one only when
    p == q; either way both results must be right (and the program is keyed on it)."""
    a = np.arange(p * q, dtype=np.float64).reshape(p, q)
    d = np.arange(q * p, dtype=np.float64).reshape(q, p) * 10.0
    A, D = pt.asarray(a), pt.asarray(d)
    x = pt.exp(A * 0.01)
    y = pt.permute_dims(A, (1, 0)) + D
    pt.sync()
    assert_matches(x, np.exp(a * 0.01))
    assert_matches(y, a.T + d)


def test_same_structure_different_size_pattern():
    """One structure, run with equal and with unequal sizes of independent inputs."""
    for n, m in [(8, 8), (8, 9), (9, 8), (16, 16)]:
        a, b = np.arange(n, dtype=np.float64), np.arange(m, dtype=np.float64)
        x, y = pt.asarray(a), pt.asarray(b)
        r1, r2 = x * 2.0 + 1.0, y * 3.0 - x[:1]
        pt.sync()
        assert_matches(r1, a * 2.0 + 1.0)
        assert_matches(r2, b * 3.0 - a[:1])


def test_black_scholes_pair():
    rng = np.random.default_rng(1)
    s, k, t = rng.uniform(10, 50, 500), rng.uniform(10, 50, 500), rng.uniform(1, 2, 500)
    S, K, T = pt.asarray(s), pt.asarray(k), pt.asarray(t)
    d = (pt.log(S / K) + 0.12 * T) / (0.2 * pt.sqrt(T))
    call = S * pt.exp(-d * d) - K * pt.exp(-0.1 * T)
    put = call - S + K * pt.exp(-0.1 * T)
    pt.sync()
    dn = (np.log(s / k) + 0.12 * t) / (0.2 * np.sqrt(t))
    cn = s * np.exp(-dn * dn) - k * np.exp(-0.1 * t)
    assert_matches(call, cn, rtol=1e-12)
    assert_matches(put, cn - s + k * np.exp(-0.1 * t), rtol=1e-12)


def test_large_results_reuse_freed_buffers_safely():
    """Results >= 4 MiB come from a pool of freed buffers: live arrays must never share one."""
    n = 600_000  # 4.8 MB of float64
    base = np.arange(n, dtype=np.float64)
    x = pt.asarray(base)
    kept = []
    for k in range(6):
        y = x * float(k) + 1.0  # a fresh large result each step; every other one is dropped
        pt.sync()
        if k % 2 == 0:
            kept.append((k, y))
        del y
    for k, y in kept:
        assert_matches(y, base * float(k) + 1.0)


def accumulate(xp, a, b, steps):
    for k in range(steps):
        b[1:-1, 1:-1] += (0.5 * (k + 1)) * (a[2:, 1:-1] - a[:-2, 1:-1])
    return b


def test_in_place_updates_of_one_region_fuse_into_one_loop():
    """`b[r] += v` repeated: each step reads the region the step before wrote; the writes
    and reads of one region fold (Plan::sameRegion), so the chain is one loop. Same values
    at other sizes and where the regions differ (another program)."""
    rng = np.random.default_rng(3)
    for n in (6, 9):
        a = rng.random((n, n))
        b, pa = pt.zeros((n, n)), pt.asarray(a)
        pt.sync()  # (b's zeros: not a loop of this program)
        accumulate(pt, pa, b, 4)
        if pt._dist.default_team() is None:
            e = pt.explain(b)
            assert e["loops"] == 1, e["fused"]
        assert_matches(b, accumulate(np, a, np.zeros((n, n)), 4))
    a = rng.random((7, 7))
    b, bn = pt.zeros((7, 7)), np.zeros((7, 7))
    for r in ((slice(1, -1), slice(1, -1)), (slice(1, -1), slice(0, 5)), (slice(1, -1), slice(1, -1))):
        b[r] += pt.asarray(a)[r] * 2
        bn[r] += a[r] * 2
    assert_matches(b, bn)


def test_in_place_stencil_steps_read_what_the_step_before_wrote():
    """u[r] = f(u[r], neighbours of r): the region written is read by the next step both
    as itself (folded: the value written) and through its neighbours (the array after the
    write): one write per step, and values as NumPy's."""
    def heat(xp, u, steps):
        for _ in range(steps):
            u[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.2 * (
                u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1])
        return u
    u0 = np.zeros((12, 12))
    u0[3:6, 3:6] = 1.0
    assert_matches(heat(pt, pt.asarray(u0), 5), heat(np, u0.copy(), 5))

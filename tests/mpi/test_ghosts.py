"""Ghost rows (_dist_align._halo): an array that needed a narrow halo keeps its neighbours' rows
with its own and refreshes them after every write, in place. Checked against NumPy over
several steps, uneven partitions, views created before and after, writes of every kind."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check


def sweep(u, v):
    v[2:-2, 2:-2] = (0.5 * u[2:-2, 2:-2]
                     + 0.0625 * (u[1:-3, 2:-2] + u[3:-1, 2:-2] + u[2:-2, 1:-3] + u[2:-2, 3:-1])
                     + 0.03125 * (u[:-4, 2:-2] + u[4:, 2:-2] + u[2:-2, :-4] + u[2:-2, 4:]))


@pytest.mark.parametrize("n", [5, 6, 9, 23, 64])  # fewer rows than ranks * 2 ... many
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_stencil_steps(team, n, dtype):
    u0 = (np.random.default_rng(n).random((n, 7)) * 4).astype(dtype)
    u, v = pt.asarray(u0.copy(), team=team), pt.asarray(u0.copy(), team=team)
    nu, nv = u0.copy(), u0.copy()
    for _ in range(5):
        sweep(u, v)
        sweep(nu, nv)
        u, v, nu, nv = v, u, nv, nu
    for got, want in ((u, nu), (v, nv)):
        if dtype == "float32":  # sums in another order: float32 rounding
            np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5)
        else:
            check(got, want)


def test_one_dimensional_and_split_1(team):
    a0 = np.arange(30.0) ** 1.5
    a = pt.asarray(a0, team=team)
    w = a0.copy()
    for _ in range(3):
        a[1:-1] = a[:-2] + a[2:] - a[1:-1]
        w[1:-1] = w[:-2] + w[2:] - w[1:-1]
        check(a, w)
    b0 = np.arange(60.0).reshape(4, 15) ** 0.5
    b = pt.asarray(b0, team=team, split=1)
    x = b0.copy()
    for _ in range(3):
        b[:, 2:-2] = b[:, :-4] + b[:, 4:]
        x[:, 2:-2] = x[:, :-4] + x[:, 4:]
        check(b, x)


def test_writes_after_ghosts_are_seen(team):
    a0 = np.arange(40.0).reshape(20, 2)
    a = pt.asarray(a0.copy(), team=team)
    w = a0.copy()
    check(a[1:] + a[:-1], w[1:] + w[:-1])  # a gets ghost rows here
    a[7] = -1.0                            # scalar write into a row
    w[7] = -1.0
    check(a[2:] - a[:-2], w[2:] - w[:-2])
    a[::3] = 5.0                           # strided write
    w[::3] = 5.0
    check(a[1:] * a[:-1], w[1:] * w[:-1])
    a[a > 30.0] = 0.0                      # boolean mask (replicated path: new storage)
    w[w > 30.0] = 0.0
    check(a[2:] + a[:-2], w[2:] + w[:-2])


def test_views_made_before_ghosts_follow_the_array(team):
    a0 = np.arange(24.0)
    a = pt.asarray(a0.copy(), team=team)
    w = a0.copy()
    view = a[3:]                           # made before a has ghost rows
    check(a[1:] + a[:-1], w[1:] + w[:-1])  # ghost rows now
    view[0] = 100.0                        # writes through to a (as NumPy)
    w[3:][0] = 100.0
    check(a, w)
    check(a[1:] - a[:-1], w[1:] - w[:-1])  # the refreshed ghosts carry the write
    a[5] = -7.0
    w[5] = -7.0
    check(view, w[3:])                     # and the view reads a's current data
    view[view > 10.0] = 1.0                # a mask write through the view reaches a
    w[3:][w[3:] > 10.0] = 1.0
    check(a, w)
    check(a[2:] + a[:-2], w[2:] + w[:-2])


def test_locals_written_by_the_user(team):
    a0 = np.arange(30.0)
    a = pt.asarray(a0.copy(), team=team)
    w = a0.copy()
    check(a[1:] + a[:-1], w[1:] + w[:-1])  # ghost rows
    loc = spmd.get_locals(a)
    loc[...] = loc * 2                     # through the local part: ghosts go stale
    w *= 2
    check(a[1:] + a[:-1], w[1:] + w[:-1])  # refreshed before they are read
    check(a, w)


def test_radius_beyond_ghosts_uses_repartition(team):
    a0 = np.arange(50.0) ** 1.1
    a = pt.asarray(a0, team=team)
    check(a[1:] + a[:-1], a0[1:] + a0[:-1])  # ghosts of width 2
    check(a[4:] + a[:-4], a0[4:] + a0[:-4])  # wider halo: exchanged separately
    check(a[2:-2] + a[:-4] + a[4:], a0[2:-2] + a0[:-4] + a0[4:])


def test_exchange_plans_are_reused(team):
    """A repeated halo exchange builds its plan (peers, ranges, buffers) once: later steps
    take it from the runtime's cache and send the same bytes; results stay NumPy's."""
    n = 4 * team.size + 3
    u0 = np.random.default_rng(5).random((n, 9))
    u, v = pt.asarray(u0.copy(), team=team), pt.asarray(u0.copy(), team=team)
    nu, nv = u0.copy(), u0.copy()
    per_step = []
    for _ in range(4):
        s0 = spmd.stats()
        sweep(u, v)
        pt.sync()
        s1 = spmd.stats()
        per_step.append({k: s1[k] - s0[k] for k in s0})
        sweep(nu, nv)
        u, v, nu, nv = v, u, nv, nu
    check(u, nu)
    check(v, nv)
    # (u's and v's ghost exchanges have the same spec, shape and partition: one plan serves
    # both; the cache is per process, so an earlier test may have built it already)
    # from the third step on every step repeats the same exchanges, all from the cache
    assert per_step[2] == per_step[3], per_step
    assert per_step[3]["plans_built"] == 0, per_step
    assert (per_step[3]["plans_reused"] > 0) == (team.size > 1), per_step


def test_plan_cache_eviction(team):
    """More distinct exchanges than the runtime keeps plans for (64): old plans are freed and
    rebuilt when needed again; every result stays NumPy's."""
    for rounds in range(2):
        for n in range(3, 3 + 70):
            w = np.arange(n, dtype=np.float64) ** 2
            a = pt.asarray(w, team=team)
            check(a[2:] - a[:-2], w[2:] - w[:-2])

"""Halo exchanges overlapped with work (--ptensor-dist-overlap, runtime repartition start /
wait): a loop reading freshly refreshed ghost rows computes its interior while the messages
travel, then its boundary rows. Several exchanges may be in flight at once, also with the
same plan. Checked against NumPy over steps, uneven partitions, arrays smaller than the
team; the runtime counts exchanges started while another was in flight."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check


@pytest.mark.parametrize("n", [2, 5, 23, 40])
def test_two_arrays_in_flight_at_once(team, n):
    """a's and b's ghost rows are refreshed in one program (same shape and partition: the
    same plan, the second exchange gets a private one) and one loop reads both."""
    rng = np.random.default_rng(n)
    A, B = rng.random((n, 6)), rng.random((n, 6))
    a, b = pt.asarray(A.copy(), team=team), pt.asarray(B.copy(), team=team)
    s0 = spmd.stats()
    for _ in range(3):
        a[1:-1] = a[1:-1] * 0.5 + 1.0
        A[1:-1] = A[1:-1] * 0.5 + 1.0
        b[2:] = b[2:] - 0.25
        B[2:] = B[2:] - 0.25
        c = a[2:] + a[:-2] + 3.0 * b[1:-1] - b[:-2] * b[2:]
        C = A[2:] + A[:-2] + 3.0 * B[1:-1] - B[:-2] * B[2:]
        a[1:-1] = c
        A[1:-1] = C
        check(c, C)
    check(a, A)
    check(b, B)
    concurrent = spmd.stats()["concurrent_exchanges"] - s0["concurrent_exchanges"]
    # both refreshes start before the loop's interior, so b's starts while a's is in flight
    # (one rank: no exchanges at all; with fewer rows than 2 per rank some steps need none)
    if n >= 2 * team.size:
        assert (concurrent > 0) == (team.size > 1), concurrent


def test_two_loops_read_one_refresh(team):
    """Two results from one refreshed array in one program (only the first loop splits, the
    second reads the array after the refresh) and an in-place update of the array itself."""
    n = 6 * team.size + 1
    U = np.random.default_rng(7).random((n, 5)) + 1j
    u = pt.asarray(U.copy(), team=team)
    for _ in range(3):
        u[2:-2] = u[2:-2] * 0.5j
        U[2:-2] = U[2:-2] * 0.5j
        c = u[:-2] - u[2:]
        d = pt.exp(u[1:-1]) * u[2:]
        u[1:-1] = u[1:-1] + c * 0.125  # reads u's own old rows while writing them
        U_c = U[:-2] - U[2:]
        D = np.exp(U[1:-1]) * U[2:]
        U[1:-1] = U[1:-1] + U_c * 0.125
        check(c, U_c)
        check(d, D)
    check(u, U)


@pytest.mark.parametrize("n", [9, 64])
def test_star_stencil_3d_split_axis_1(team, n):
    """A radius-2 star stencil along axis 1 of a 3-D array split along axis 1: the loop
    dimension the interior is cut along is not the outermost."""
    U = np.random.default_rng(n).random((3, n, 4))
    u = pt.asarray(U.copy(), team=team, split=1)
    v = pt.asarray(U.copy(), team=team, split=1)
    V = U.copy()
    for _ in range(4):
        v[:, 2:-2] = 0.5 * u[:, 2:-2] + 0.125 * (u[:, :-4] + u[:, 4:] + u[:, 1:-3] + u[:, 3:-1])
        V[:, 2:-2] = 0.5 * U[:, 2:-2] + 0.125 * (U[:, :-4] + U[:, 4:] + U[:, 1:-3] + U[:, 3:-1])
        u, v, U, V = v, u, V, U
    check(u, U)
    check(v, V)

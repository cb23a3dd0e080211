"""complex64/complex128 arrays split over the team: creation, elementwise with replicated
operands, halo-fetching slices, reductions (complex allreduce), matmul, collectives."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

Z = (np.cos(np.arange(35.0)) + 1j * np.sin(np.arange(35.0) * 0.7)).reshape(7, 5)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_elementwise_and_slices(team, dtype):
    z = Z.astype(dtype)
    x = pt.asarray(z, team=team)
    assert dist(x) or team.size == 1
    row = pt.asarray(z[0], team=None)
    tol = 1e-5 if dtype == "complex64" else 1e-12
    for got, want in ((x * row + 1j, z * z[0] + 1j), (pt.exp(x) / 2, np.exp(z) / 2),
                      (x[1:] - x[:-1], z[1:] - z[:-1]), (pt.conj(x)[::2], np.conj(z)[::2]),
                      (pt.abs(x), np.abs(z)), (pt.real(x) + pt.imag(x), z.real + z.imag)):
        g = np.asarray(got)
        assert g.dtype == want.dtype
        np.testing.assert_allclose(g, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("fn", ["sum", "prod", "mean", "var"])
def test_reductions(team, fn, axis):
    x = pt.asarray(Z, team=team)
    check(getattr(pt, fn)(x, axis=axis), getattr(np, fn)(Z, axis=axis))


def test_matmul_and_setitem(team):
    x = pt.asarray(Z, team=team)
    check(x @ pt.asarray(Z.T, team=team), Z @ Z.T)
    y = pt.asarray(Z.copy(), team=team)
    y[2:5, 1] = 1j
    want = Z.copy()
    want[2:5, 1] = 1j
    check(y, want)


def test_collectives(team):
    p = team.size
    a = pt.full((3,), complex(team.rank, 1), team=None)
    check(spmd.all_reduce(a, op="sum"), np.full(3, complex(p * (p - 1) / 2, p)))
    check(spmd.all_reduce(a, op="prod"), np.full(3, np.prod([complex(r, 1) for r in range(p)])))
    with pytest.raises(TypeError, match="complex"):
        spmd.all_reduce(a, op="max")
    with pytest.raises(TypeError, match="complex"):
        spmd.reduce_scatter(pt.full((p,), 1j, team=None), op="min")
    check(spmd.reduce_scatter(pt.full((2 * p,), 1 + 1j, team=None), op="sum"),
          np.full(2, p * (1 + 1j)))
    with pytest.raises(TypeError, match="complex"):
        pt.max(pt.asarray(Z, team=team))

"""Functions without a distributed implementation run replicated: same results as NumPy."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

R = np.random.default_rng(7)
X = R.standard_normal((9, 4))


def test_replicated_functions(team):
    x = pt.asarray(X, team=team)
    check(pt.sort(x, axis=0), np.sort(X, axis=0))
    check(pt.argmax(x, axis=0), np.argmax(X, axis=0))
    check(pt.cumulative_sum(x, axis=0), np.cumsum(X, axis=0))
    check(pt.reshape(x, (4, 9)), X.reshape(4, 9))
    check(pt.permute_dims(x, (1, 0)), X.T)
    check(x @ pt.asarray(X.T, team=team), X @ X.T)
    check(pt.matmul(x, pt.asarray(X.T, team=None)), X @ X.T)
    check(pt.concat([x, x], axis=0), np.concatenate([X, X]))
    check(pt.linalg.vector_norm(x), np.linalg.norm(X))
    check(pt.nonzero(x > 0)[1], np.nonzero(X > 0)[1])
    r = pt.unique_values(pt.asarray(np.array([3, 1, 3, 2, 1]), team=team))
    check(pt.sort(r), np.array([1, 2, 3]))
    assert dist(pt.sort(x, axis=0)) == True  # noqa: E712  (array results are split again)


def test_spmd_basics(team):
    assert spmd.nranks() == team.size and 0 <= spmd.rank() < team.size
    spmd.barrier()
    x = pt.asarray(X, team=team)
    check(spmd.gather(x), X)
    g = spmd.gather(x, root=0)
    assert (g is None) == (team.rank != 0)
    if g is not None:
        check(g, X)


def test_from_locals(team):
    r, p = team.rank, team.size
    lo, hi = team.owned(10, 0, 10)
    a = spmd.from_locals(np.arange(lo, hi, dtype=np.float64))  # matches the block partition: no copy
    check(a, np.arange(10.0))
    b = spmd.from_locals(np.full((r + 1, 2), r))    # uneven parts
    want = np.concatenate([np.full((q + 1, 2), q) for q in range(p)])
    check(b, want)
    check(b * 2, want * 2)
    with pytest.raises(ValueError, match="at least one dimension"):
        spmd.from_locals(np.float64(1.0))
    with pytest.raises(TypeError, match="not distributed"):
        spmd.get_local_range(pt.ones(3, team=None))


def test_collectives(team):
    p = team.size
    a = pt.full((3,), float(team.rank + 1), team=None)
    s, m = spmd.all_reduce(a, a * 2, op="sum")
    check(s, np.full(3, p * (p + 1) / 2))
    check(m, np.full(3, p * (p + 1.0)))
    check(spmd.all_reduce(a, op="max"), np.full(3, float(p)))
    g = spmd.all_gather(pt.full((2,), team.rank, dtype=pt.int32, team=None))
    check(g, np.repeat(np.arange(p, dtype=np.int32), 2))
    b = spmd.collective_broadcast(pt.full((2, 2), float(team.rank), team=None), root=p - 1)
    check(b, np.full((2, 2), float(p - 1)))
    with pytest.raises(ValueError, match="op"):
        spmd.all_reduce(a, op="mean")
    with pytest.raises(TypeError):
        spmd.all_reduce(pt.ones(3, team=team))
    with pytest.raises(ValueError, match="root"):
        spmd.collective_broadcast(a, root=p)

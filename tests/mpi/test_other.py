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


def test_dtype_queries_take_distributed_arrays(team):
    """result_type, can_cast, finfo and iinfo read a distributed array's dtype like a local
    one's (found by the array API suite run under mpiexec)."""
    b = pt.asarray(np.array([True, False, True]), team=team)
    i = pt.asarray(np.arange(5, dtype=np.int16), team=team)
    f = pt.asarray(X.astype(np.float32), team=team)
    assert pt.result_type(b, b) == pt.bool
    assert pt.result_type(i, f, 1.5) == pt.result_type(pt.int16, pt.float32)
    assert pt.result_type(b, True, pt.bool) == pt.bool
    assert pt.can_cast(i, pt.int64) and not pt.can_cast(f, pt.int16)
    assert pt.finfo(f).eps == np.finfo(np.float32).eps
    assert pt.iinfo(i).max == np.iinfo(np.int16).max
    with pytest.raises(TypeError):
        pt.result_type(X)  # a NumPy array is not a dtype


def test_array_methods_of_distributed_arrays(team):
    """What the local test suite, run under mpiexec -n 2, found distributed arrays doing
    differently from local ones."""
    x = pt.asarray(X.copy(), team=team)
    assert x.to_device("cpu") is x  # not a gathered copy
    with pytest.raises(ValueError, match="device"):
        x.to_device("gpu")
    assert pt.astype(x, pt.float64, copy=False) is x
    c = pt.astype(x, pt.float64)
    assert c is not x and dist(c)
    y = pt.asarray(X[:4, :4].copy(), team=team)
    y @= pt.asarray(np.eye(4) * 2.0, team=team)  # x @= y: the shape stays
    check(y, X[:4, :4] * 2.0)
    with pytest.raises(ValueError, match="shape"):
        y @= pt.ones((4, 5), team=team)
    i = pt.asarray(np.array([1, 3]), team=team)  # a distributed index array inside a tuple
    check(x[i, ::2], X[[1, 3], ::2])
    z = pt.asarray(np.zeros((9, 4), np.int64), team=team)
    with pytest.raises(TypeError, match="cast"):
        z += 1.5  # same-kind rule, as for local arrays
    sing = pt.asarray(np.ones((3, 3)), team=team)
    assert isinstance(pt.linalg.LinAlgError, type)  # still a class under a launcher
    with pytest.raises(pt.linalg.LinAlgError):
        pt.linalg.inv(sing).to_numpy()


def test_distributed_arrays_are_ptensor_arrays(team):
    """A script that checks isinstance(x, pt.Array) runs unchanged under mpiexec."""
    x = pt.asarray(X, team=team)
    assert dist(x) and isinstance(x, pt.Array) and issubclass(type(x), pt.Array)
    assert not isinstance(X, pt.Array) and not isinstance(2.0, pt.Array)
    assert not issubclass(np.ndarray, pt.Array)
    local = pt.asarray(X, team=None)
    assert type(local) is pt.Array and not dist(local)


def test_local_arrays_take_distributed_index_arrays(team):
    """A distributed index array indexes a local (replicated) array as its gathered values."""
    n = np.arange(20.0).reshape(10, 2)
    a = pt.asarray(n.copy(), team=None)
    i = pt.asarray(np.array([7, 0, 3, 3]), team=team)
    r = a[i]
    assert type(r) is pt.Array
    check(r, n[[7, 0, 3, 3]])
    check(a[i, 1], n[[7, 0, 3, 3], 1])
    m = n[:, 0] > 9
    mask = pt.asarray(m, team=team)
    check(a[mask], n[m])
    a[i] = -1.0
    n[[7, 0, 3, 3]] = -1.0
    a[mask, 0] = 5.0
    n[m, 0] = 5.0
    check(a, n)
    with pytest.raises(IndexError):
        a[pt.asarray(np.array([10]), team=team)]


def test_spmd_basics(team):
    assert spmd.nranks() == team.size and 0 <= spmd.rank() < team.size
    spmd.barrier()
    x = pt.asarray(X, team=team)
    check(spmd.gather(x), X)
    g = spmd.gather(x, root=0)
    assert (g is None) == (team.rank != 0)
    if g is not None:
        check(g, X)


def test_a_process_started_by_a_rank_runs_locally(team):
    # it inherits the launcher's variables, not the rank's PMI socket: no MPI_Init through
    # the launcher (that failed), a local array, a singleton world
    import subprocess
    import sys
    code = ("import ptensor as pt, numpy as np\n"
            "a = pt.arange(6) * 2\n"
            "print(type(a).__name__, pt.spmd.nranks(), pt.spmd.rank(), np.asarray(a).sum())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["Array", "1", "0", "30"]
    spmd.barrier()


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


def _part(r, shape, dtype="float64"):
    """Rank r's local array: known to every rank, so each can compute the expected result."""
    a = (np.arange(int(np.prod(shape))).reshape(shape) * (r + 1) + 10 * r) % 23 - 7
    return (a > 0) if dtype == "bool" else a.astype(dtype)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8", "bool"])
@pytest.mark.parametrize("split_axis,concat_axis", [(0, 0), (1, 0), (0, 1)])
def test_all_to_all(team, dtype, split_axis, concat_axis):
    p, me = team.size, team.rank
    shape = (2 * p, 3 * p)
    x, y = (pt.asarray(_part(me, shape, dtype), team=None) for _ in range(2))
    r1, r2 = spmd.all_to_all(x, y * 1 if dtype != "bool" else y, split_axis=split_axis,
                             concat_axis=concat_axis)
    expect = np.concatenate([np.split(_part(j, shape, dtype), p, axis=split_axis)[me]
                             for j in range(p)], axis=concat_axis)
    check(r1, expect)
    check(r2, expect)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int8", "uint16", "bool"])
@pytest.mark.parametrize("op", ["sum", "prod", "min", "max"])
def test_reduce_scatter(team, dtype, op):
    p, me = team.size, team.rank
    shape = (3, 2 * p)
    parts = [_part(j, shape, dtype) for j in range(p)]
    if dtype == "bool":
        total = np.logical_or.reduce(parts) if op in ("sum", "max") else np.logical_and.reduce(parts)
    else:
        f = {"sum": np.add, "prod": np.multiply, "min": np.minimum, "max": np.maximum}[op]
        total = f.reduce(np.stack(parts)).astype(dtype)
    r = spmd.reduce_scatter(pt.asarray(parts[me], team=None), op=op, scatter_axis=1)
    check(r, np.split(total, p, axis=1)[me])


def test_collective_permute(team):
    p, me = team.size, team.rank
    ring = [(j, (j + 1) % p) for j in range(p)]
    x = pt.asarray(_part(me, (4, 3)), team=None)
    a, b = spmd.collective_permute(x, x * 2, source_target_pairs=ring)
    check(a, _part((me - 1) % p, (4, 3)))
    check(b, _part((me - 1) % p, (4, 3)) * 2)
    # only rank 0 -> last: the others receive zeros
    c = spmd.collective_permute(x, source_target_pairs=[(0, p - 1)])
    check(c, _part(0, (4, 3)) if me == p - 1 else np.zeros((4, 3)))


def test_collective_errors(team):
    p, me = team.size, team.rank
    x = pt.ones((2 * p + 1, 2), team=None)
    if p > 1:
        with pytest.raises(ValueError, match="not a multiple of the team size"):
            spmd.all_to_all(x)
        with pytest.raises(ValueError, match="not a multiple of the team size"):
            spmd.reduce_scatter(x)
    if p > 1:  # raised on every rank
        with pytest.raises(ValueError, match="differ in shape or dtype"):
            spmd.all_to_all(pt.ones((p * (me + 1),), team=None))
        with pytest.raises(ValueError, match="differ in shape or dtype"):
            spmd.collective_permute(pt.ones(me + 1, team=None), source_target_pairs=[])
    with pytest.raises(ValueError, match="op"):
        spmd.reduce_scatter(x, op="mean")
    with pytest.raises(ValueError, match="twice as a"):
        spmd.collective_permute(x, source_target_pairs=[(0, 0), (p - 1, 0)] if p > 1 else [(0, 0), (0, 0)])
    with pytest.raises(ValueError, match="two ranks"):
        spmd.collective_permute(x, source_target_pairs=[(0, p)])
    with pytest.raises(TypeError, match="local arrays"):
        spmd.all_to_all(pt.ones((2 * p,), team=team))


@pytest.mark.parametrize("m,k,n", [(9, 4, 7), (2, 3, 5), (6, 1, 1), (5, 0, 3), (0, 3, 2)])
@pytest.mark.parametrize("dtype", ["float64", "int32", "bool"])
def test_distributed_matmul(team, m, k, n, dtype):
    a = (R.standard_normal((m, k)) * 3).astype(dtype) if dtype != "bool" else R.random((m, k)) < 0.5
    b = (R.standard_normal((k, n)) * 3).astype(dtype) if dtype != "bool" else R.random((k, n)) < 0.5
    # a and b are identical on every rank: same seed, same order of draws
    da, db = pt.asarray(a, team=team), pt.asarray(b, team=team)
    la, lb = pt.asarray(a, team=None), pt.asarray(b, team=None)
    for x, y in ((da, db), (da, lb), (la, db)):
        r = x @ y
        check(r, a @ b)
        assert dist(r) or team.size == 1
    check(pt.matmul(da, db)[1:], (a @ b)[1:])


def test_distributed_matmul_errors(team):
    for sa, sb in (((4, 3), (4, 3)), ((4, 2), (4, 5)), ((3, 2), (4, 2))):
        with pytest.raises(ValueError, match="contracted dimensions differ"):
            pt.ones(sa, team=team) @ pt.ones(sb, team=team)
        with pytest.raises(ValueError, match="contracted dimensions differ"):
            pt.ones(sa, team=team) @ pt.ones(sb, team=None)
    x = pt.ones((4, 3, 2), team=team)  # batched, rhs split along a matrix axis: replicated
    check(x @ pt.ones((2, 5), team=team), np.full((4, 3, 5), 2.0))
    with pytest.raises(ValueError, match="contracted dimensions differ"):
        x @ pt.ones((4, 3, 2), team=team)
    with pytest.raises(ValueError, match="batch dimensions"):
        x @ pt.ones((3, 2, 2), team=team)


def test_batched_matmul_multiplies_each_ranks_batches(team):
    r = np.random.default_rng(11)
    A, B = r.standard_normal((5, 3, 4)), r.standard_normal((5, 4, 2))
    C, D = r.standard_normal((4, 2)), r.standard_normal((2, 5, 3, 4))
    a, b = pt.asarray(A, team=team), pt.asarray(B, team=team)
    pt.sync()
    s0 = spmd.stats()
    got = [a @ b, a @ pt.asarray(B, team=None), pt.asarray(A, team=None) @ b,
           a @ pt.asarray(C, team=None), pt.asarray(D, team=team, split=1) @ b]
    pt.sync()
    assert spmd.stats()["bytes_sent"] == s0["bytes_sent"]  # no communication
    for g, w in zip(got, [A @ B, A @ B, A @ B, A @ C, D @ B]):
        check(g, w)
        assert dist(g)
    assert got[-1].split == 1
    # split along a matrix axis, or broadcast along the split axis: replicated, still right
    check(pt.asarray(A, team=team, split=1) @ b, A @ B)
    check(a @ pt.asarray(B[:1], team=team), A @ B[:1])
    ia, ib = (A * 4).astype(np.int32), (B * 4).astype(np.int32)
    check(pt.asarray(ia, team=team) @ pt.asarray(ib, team=team), ia @ ib)


@pytest.mark.parametrize("shape,split", [((9, 4), 0), ((5, 3, 4), 0), ((5, 3, 4), 1), ((2, 7), 1),
                                         ((1, 3), 0)])
def test_permute_dims_moves_the_split_axis(team, shape, split):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    x = pt.asarray(a, team=team, split=split)
    for axes in ([1, 0] if len(shape) == 2 else [2, 0, 1], [-1, 0] if len(shape) == 2 else [1, 2, 0]):
        r = pt.permute_dims(x, axes)
        check(r, np.transpose(a, axes))
        assert dist(r) or team.size == 1
        check(r + 1, np.transpose(a, axes) + 1)  # keeps working as a distributed array
    check(pt.matrix_transpose(x), np.swapaxes(a, -1, -2))
    if len(shape) == 2:
        check(x.T, a.T)
        check(x.T @ x, a.T @ a)
    check(x.mT, np.swapaxes(a, -1, -2))
    with pytest.raises(ValueError, match="permutation"):
        pt.permute_dims(x, [0] * len(shape))


@pytest.mark.parametrize("shape,split,new", [
    ((6, 4), 0, (6, 2, 2)), ((6, 4), 0, (6, -1)), ((2, 3, 5), 2, (6, 5)), ((2, 3, 5), 1, (2, 3, 5, 1)),
    ((6, 4), 0, (24,)), ((6, 4), 0, (4, 6)), ((6, 4), 1, (2, 12))])
def test_reshape(team, shape, split, new):
    a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    x = pt.asarray(a, team=team, split=split)
    r = pt.reshape(x, new)
    check(r, a.reshape(new))
    check(r * 2, a.reshape(new) * 2)
    with pytest.raises(ValueError):
        pt.reshape(x, (5, 5))

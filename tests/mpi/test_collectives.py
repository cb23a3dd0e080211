"""The seed collectives of pt.spmd as ops of the compiled program (dist.all_gather, ...,
lowered by --dist-to-runtime): pending operands, fusion with what follows, strided and 3-D
operands, every dtype class, and the checks that raise on every rank alike."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check


def _part(r, shape, dtype="float64"):
    """Rank r's local array: known to every rank, so each can compute the expected result."""
    a = (np.arange(int(np.prod(shape))).reshape(shape) * (r + 1) + 10 * r) % 23 - 7
    if dtype == "bool":
        return a > 0
    if dtype.startswith("complex"):
        return (a + 1j * (a % 5)).astype(dtype)
    return a.astype(dtype)


def _runs():
    return pt.cache_info()["runs"]


def test_collective_runs_inside_one_program(team):
    # the operand is pending, the collective and what follows are recorded with it: the
    # chain is one compiled program (one run), not a materialization per step
    p, me = team.size, team.rank
    pt.sync()
    before = _runs()
    x = pt.asarray(_part(me, (2 * p, 3)), team=None) * 2.0
    r = spmd.all_to_all(x, split_axis=0, concat_axis=1) + 1.0
    y = r * 0.5
    assert _runs() == before  # nothing ran yet
    mine = np.concatenate([np.split(_part(j, (2 * p, 3)) * 2.0, p)[me] for j in range(p)],
                          axis=1) + 1.0
    # the next collective checks shapes over the team at once (an immediate allgather):
    # the recorded one before it runs first, so every rank keeps the collectives' order
    g = spmd.all_gather(y)
    assert _runs() == before + 1
    got = np.asarray(g)
    assert _runs() == before + 2
    check(y, mine * 0.5)
    blocks = [np.concatenate([np.split(_part(j, (2 * p, 3)) * 2.0, p)[q] for j in range(p)],
                             axis=1) + 1.0 for q in range(p)]
    check(got, np.concatenate(blocks) * 0.5)


@pytest.mark.parametrize("dtype", ["float32", "int16", "uint64", "bool", "complex128"])
def test_all_gather_uneven_along_any_axis(team, dtype):
    p, me = team.size, team.rank
    shape = lambda r: (3, r % 3, 2)  # noqa: E731  (rank 0 and every third rank: empty)
    got = spmd.all_gather(pt.asarray(_part(me, shape(me), dtype), team=None), axis=1)
    check(got, np.concatenate([_part(r, shape(r), dtype) for r in range(p)], axis=1))
    # several at once, one of them a strided view (its transpose)
    a = pt.asarray(_part(me, (4, 3), dtype), team=None)
    g1, g2 = spmd.all_gather(a.T, a[::2], axis=0)
    check(g1, np.concatenate([_part(r, (4, 3), dtype).T for r in range(p)]))
    check(g2, np.concatenate([_part(r, (4, 3), dtype)[::2] for r in range(p)]))


@pytest.mark.parametrize("split_axis,concat_axis", [(2, 1), (1, 1), (0, 2)])
def test_all_to_all_3d_views(team, split_axis, concat_axis):
    p, me = team.size, team.rank
    full = _part(me, (2 * p + 1, 3 * p, 2 * p))
    x = pt.asarray(full, team=None)[1:, :, ::-1]  # a strided view: offset and negative step
    r = spmd.all_to_all(x, split_axis=split_axis, concat_axis=concat_axis)
    mine = lambda j: _part(j, (2 * p + 1, 3 * p, 2 * p))[1:, :, ::-1]  # noqa: E731
    check(r, np.concatenate([np.split(mine(j), p, axis=split_axis)[me] for j in range(p)],
                            axis=concat_axis))


@pytest.mark.parametrize("dtype,op", [("uint64", "max"), ("uint8", "min"), ("complex64", "sum"),
                                      ("int32", "prod"), ("bool", "prod")])
def test_reduce_scatter_types(team, dtype, op):
    p, me = team.size, team.rank
    parts = [_part(j, (2 * p, 3), dtype) for j in range(p)]
    if dtype == "uint64":  # beyond int64: compared as unsigned
        parts = [a + np.uint64(2**63) * (j % 2) for j, a in enumerate(parts)]
    if dtype == "bool":
        total = np.logical_and.reduce(parts)
    else:
        f = {"sum": np.add, "prod": np.multiply, "min": np.minimum, "max": np.maximum}[op]
        total = f.reduce(np.stack(parts)).astype(dtype)
    r = spmd.reduce_scatter(pt.asarray(parts[me], team=None), op=op, scatter_axis=0)
    check(r, np.split(total, p)[me])


def test_broadcast_and_permute(team):
    p, me = team.size, team.rank
    a = pt.asarray(_part(me, (3, 4)), team=None)
    s = pt.asarray(np.int8(me))  # 0-d
    check(spmd.collective_broadcast(a[:, 1:], root=p - 1), _part(p - 1, (3, 4))[:, 1:])
    check(spmd.collective_broadcast(s, p - 1), np.int8(p - 1))
    back = [(j, (j - 1) % p) for j in range(p)]
    c1, c2 = spmd.collective_permute(a.T, s, source_target_pairs=back)
    check(c1, _part((me + 1) % p, (3, 4)).T)
    check(c2, np.int8((me + 1) % p))
    # SUMMA broadcasts inside the program too: a matmul of split operands is one run
    A, B = _part(0, (5, 4)), _part(1, (4, 3))
    pt.sync()
    before = _runs()
    c = pt.asarray(A, team=team) @ pt.asarray(B, team=team)
    check(c, A @ B)
    assert _runs() - before <= 3  # the operands' creation, the product, the gather's input


def test_recorded_collectives_run_before_an_immediate_one(team):
    # rank 0 runs the pending program (its all_reduce) early; the others reach a barrier
    # (a collective that runs at once) with theirs still pending: they must run it first
    p, me = team.size, team.rank
    x = pt.asarray(np.full(3, float(me + 1)), team=None)
    r = spmd.all_reduce(x)
    if me == 0:
        np.asarray(r)
    spmd.barrier()
    s = spmd.all_reduce(x, op="max")
    if me == p - 1:
        np.asarray(s)
    sizes = spmd.all_gather_sizes(me, team)  # an immediate allgather
    assert sizes == list(range(p))
    check(r, np.full(3, p * (p + 1) / 2))
    check(s, np.full(3, float(p)))


def test_collective_checks(team):
    p, me = team.size, team.rank
    if p > 1:  # raised on every rank
        with pytest.raises(ValueError, match="differ in shape or dtype"):
            spmd.all_gather(pt.ones((2, me + 1), team=None), axis=0)
        with pytest.raises(ValueError, match="differ in shape or dtype"):
            spmd.collective_broadcast(pt.ones(3, dtype=pt.float32 if me else pt.float64,
                                              team=None))
        with pytest.raises(ValueError, match="differ in shape or dtype"):
            spmd.all_reduce(pt.ones(me + 1, team=None))
    with pytest.raises(ValueError, match="at least one dimension"):
        spmd.all_gather(pt.asarray(1.0))
    with pytest.raises(ValueError, match="axis"):
        spmd.all_gather(pt.ones(3, team=None), axis=1)
    with pytest.raises(ValueError, match="root"):
        spmd.collective_broadcast(pt.ones(3, team=None), root=True)
    with pytest.raises(ValueError, match="op"):
        spmd.all_reduce(pt.ones(3, team=None), op="or")
    with pytest.raises(TypeError, match="complex"):
        spmd.all_reduce(pt.ones(3, dtype=pt.complex64, team=None), op="min")
    with pytest.raises(TypeError, match="local arrays"):
        spmd.collective_broadcast(pt.ones(3 * p, team=team))
    with pytest.raises(TypeError, match="at least one array"):
        spmd.all_to_all()

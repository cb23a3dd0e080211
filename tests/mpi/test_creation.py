import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 100])
def test_arange_split_sizes(team, n):
    a = pt.arange(n, team=team)
    assert dist(a) and a.shape == (n,)
    sizes = spmd.all_gather_sizes(spmd.get_locals(a).shape[0], team)
    assert sum(sizes) == n and max(sizes) - min(sizes) <= 1
    check(a, np.arange(n))


@pytest.mark.parametrize("args", [(3, 20, 2), (1.5, 9.0, 0.7), (10, -7, -3), (0.0, -1.0, -0.125)])
def test_arange_steps(team, args):
    check(pt.arange(*args, team=team), np.arange(*args))


@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("num", [1, 2, 5, 50])
def test_linspace(team, num, endpoint):
    check(pt.linspace(-1.0, 3.0, num, endpoint=endpoint, team=team),
          np.linspace(-1.0, 3.0, num, endpoint=endpoint))


@pytest.mark.parametrize("split", [0, 1])
def test_shaped_creation(team, split):
    check(pt.zeros((5, 3), team=team, split=split), np.zeros((5, 3)))
    check(pt.ones((2, 6), dtype=pt.int32, team=team, split=split), np.ones((2, 6), np.int32))
    check(pt.full((4, 4), 2.5, team=team, split=split), np.full((4, 4), 2.5))
    e = pt.empty((3, 5), team=team, split=split)
    assert dist(e) and e.shape == (3, 5) and e.split == split


def test_eye_and_asarray(team):
    check(pt.eye(5, 4, k=1, team=team), np.eye(5, 4, k=1))
    data = np.arange(24.0).reshape(4, 6)
    for split in (0, 1, -1):
        a = pt.asarray(data, team=team, split=split)
        assert dist(a) and a.split == split % 2
        check(a, data)


@pytest.mark.parametrize("shape", [(1,), (2,), (7,), (5, 3)])
def test_asarray_of_a_distributed_array(team, shape):
    """copy=True copies (writes to either side stay there), copy=None/False keep the array,
    dtype casts, team=None / split=None gather, another split moves the data (found by the
    array API suite under mpiexec: asarray(x, copy=True) returned x itself)."""
    w = np.arange(np.prod(shape), dtype=np.uint8).reshape(shape)
    x = pt.asarray(w.copy(), team=team)
    y = pt.asarray(x, copy=True)
    assert dist(y) and y.row_partition == x.row_partition
    assert pt.asarray(x) is x and pt.asarray(x, copy=False) is x
    x[0] = 7
    y[-1] = 9
    a, b = w.copy(), w.copy()
    a[0], b[-1] = 7, 9
    check(x, a)
    check(y, b)
    check(pt.asarray(x[1:], copy=True), a[1:])  # of a view
    check(pt.asarray(x, dtype=pt.float32), a.astype(np.float32))
    with pytest.raises(ValueError, match="copy=False"):
        pt.asarray(x, dtype=pt.int64, copy=False)
    g = pt.asarray(x, team=None)
    assert not dist(g)
    check(g, a)
    check(pt.asarray(x, split=None, dtype=pt.int16), a.astype(np.int16))
    with pytest.raises(ValueError, match="copy=False"):
        pt.asarray(x, team=None, copy=False)
    if len(shape) == 2:
        z = pt.asarray(x, split=1)
        assert dist(z) and z.split == 1
        check(z, a)
    with pytest.raises(ValueError, match="different teams"):
        pt.asarray(x, team=spmd.split(0))
    with pytest.raises(ValueError, match="device"):
        pt.asarray(x, device="gpu")


def test_like_keeps_partition(team):
    a = pt.asarray(np.arange(12.0).reshape(6, 2), team=team)
    for z, w in [(pt.zeros_like(a), np.zeros((6, 2))), (pt.ones_like(a, dtype=pt.int64),
                 np.ones((6, 2), np.int64)), (pt.full_like(a, 7.0), np.full((6, 2), 7.0))]:
        assert dist(z) and z.row_partition == a.row_partition
        check(z, w)


def test_team_none_and_split_none_are_local(team):
    assert not dist(pt.zeros(4, team=None))
    assert not dist(pt.arange(4, team=team, split=None))


def test_default_team(team):
    # under a launcher with more than one rank new arrays are split over the world team
    a = pt.ones(5)
    assert dist(a) == (team.size > 1)
    check(a, np.ones(5))


def test_repr_and_to_numpy_identical_everywhere(team):
    a = pt.arange(7.0, team=team) * 2
    want = "A" + repr(np.arange(7.0) * 2)[1:]
    assert repr(a) == want
    reprs = spmd.all_gather(pt.asarray(np.frombuffer(repr(a).encode(), np.uint8), team=None))
    assert bytes(np.asarray(reprs)).decode() == want * team.size
    check(a.to_numpy(), np.arange(7.0) * 2)


def test_bad_creation_arguments(team):
    with pytest.raises(TypeError, match="team"):
        pt.zeros(3, team="world")
    with pytest.raises(np.exceptions.AxisError):
        pt.zeros((3, 4), team=team, split=2)
    with pytest.raises(ValueError, match="negative"):
        pt.ones((-1, 3), team=team)


def test_blocks_computed_by_the_program(team):
    # split along axis 0, creation is recorded for the team and the compiled program computes
    # this rank's block (--lower-ptensor: dist.local_shape / local_slice -> ptensor_dist_block);
    # Python's partition and the program's must agree for every dtype and shape
    n = 2 * team.size + 1
    cases = [
        (pt.arange(-5, 3 * n, 3, dtype=pt.int8, team=team), np.arange(-5, 3 * n, 3, dtype=np.int8)),
        (pt.arange(0.25, n, 0.5, dtype=pt.float32, team=team), np.arange(0.25, n, 0.5, dtype=np.float32)),
        (pt.linspace(2.0, -1.0, n, dtype=pt.float32, endpoint=False, team=team),
         np.linspace(2.0, -1.0, n, dtype=np.float32, endpoint=False)),
        (pt.eye(n, 3, k=-2, dtype=pt.int32, team=team), np.eye(n, 3, k=-2, dtype=np.int32)),
        (pt.full((n, 2, 3), 2**64 - 1, dtype=pt.uint64, team=team), np.full((n, 2, 3), 2**64 - 1, np.uint64)),
        (pt.full((n,), 1 - 2j, team=team), np.full((n,), 1 - 2j)),
        (pt.ones((n, 1), dtype=pt.bool, team=team), np.ones((n, 1), bool)),
        (pt.arange(1, team=team), np.arange(1)),  # fewer rows than ranks: empty blocks
        (pt.zeros((2, 3), team=team), np.zeros((2, 3))),
    ]
    for got, want in cases:
        assert dist(got) and got.split == 0
        lo, hi = team.owned(want.shape[0], 0, want.shape[0])
        check(spmd.get_locals(got), want[lo:hi])
        check(got, want)
    # used in one program with other work: fused, and reduced over the split axis
    check(pt.sum(pt.arange(n, team=team) * pt.ones(n, team=team)), np.sum(np.arange(n) * 1.0))


def test_blocks_of_sub_teams(team):
    # the team is part of the compiled program (one program per team): a sub-team's blocks
    # and then the world's again
    sub = spmd.split(team.rank % 2, team=team)
    size = sub.size
    a = pt.arange(10, team=sub)
    lo, hi = sub.owned(10, 0, 10)
    check(spmd.get_locals(a), np.arange(10)[lo:hi])
    check(pt.eye(5, team=sub), np.eye(5))
    b = pt.arange(10, team=team)
    lo, hi = team.owned(10, 0, 10)
    check(spmd.get_locals(b), np.arange(10)[lo:hi])
    assert size == (team.size + (team.rank % 2 == 0)) // 2


def test_for_team_takes_only_pending_creations(team):
    # the internal re-recording of a creation for a team: other nodes are not creations
    # (None: the caller takes this rank's rows instead), a block larger than the array is a bug
    probe = pt.arange(5, team=None)
    assert pt._core.for_team((probe + 1)._t, team.handle, 1) is None
    assert pt._core.for_team(pt.zeros((), team=None)._t, team.handle, 0) is None
    with pytest.raises(ValueError, match="block of 6 rows of 5"):
        pt._core.for_team(probe._t, team.handle, 6)


def test_distribute_refuses_a_distributed_array(team):
    # distribute takes this rank's rows of a replicated array; of a distributed one (whose
    # rows differ between ranks) that would mix ranks' data
    a = np.arange(30.0).reshape(6, 5)
    d = pt.asarray(a, team=team, split=0)
    with pytest.raises(ValueError, match="already distributed"):
        spmd.distribute(d, team, 1)
    check(spmd.distribute(pt.asarray(a, team=None), team, 1), a)

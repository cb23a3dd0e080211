"""Teams other than the world (pt.spmd.split, MPI_Comm_split) and operands on different
teams, which must raise the same clear ValueError on every rank."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist


def test_split_team_arrays(team):
    sub = spmd.split(team.rank % 2)
    members = [r for r in range(team.size) if r % 2 == team.rank % 2]
    assert sub.size == len(members)
    assert sub.rank == members.index(team.rank)
    a = pt.arange(11.0, team=sub)
    assert dist(a)  # an explicit team, even of one rank
    w = np.arange(11.0)
    check(a[1:] + a[:-1], w[1:] + w[:-1])
    check(pt.sum(a * a), np.sum(w * w))
    b = pt.asarray(w.reshape(11, 1) * np.ones((1, 3)), team=sub)
    b[2:-2] = b[:-4] + b[4:]
    x = w.reshape(11, 1) * np.ones((1, 3))
    x[2:-2] = x[:-4] + x[4:]
    check(b, x)
    assert spmd.nranks(sub) == sub.size and spmd.rank(sub) == sub.rank


def test_split_key_orders_ranks(team):
    rev = spmd.split(0, key=team.size - 1 - team.rank)
    assert rev.size == team.size and rev.rank == team.size - 1 - team.rank
    a = pt.arange(7, team=rev)
    check(a, np.arange(7))


def test_operands_on_different_teams(team):
    other = spmd.split(0)  # the same ranks, another communicator: another team
    a = pt.arange(12.0, team=team)
    b = pt.arange(12.0, team=other)
    with pytest.raises(ValueError, match="different teams"):
        a + b
    with pytest.raises(ValueError, match="different teams"):
        a[2:] = b[2:]
    with pytest.raises(ValueError, match="different teams"):
        pt.where(a > 3, a, b)


def test_split_bad_arguments(team):
    with pytest.raises(ValueError, match="color"):
        spmd.split(-1)
    with pytest.raises(ValueError, match="key"):
        spmd.split(0, key=1.5)
    with pytest.raises(TypeError, match="team"):
        spmd.split(0, team="world")

"""mpi4py communicators as teams: the world, a split of it and a duplicate, in creation
functions and pt.spmd, checked against NumPy; COMM_NULL and intercommunicators raise."""
import numpy as np
import pytest
from mpi4py import MPI

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist


def test_comm_world_is_the_world_team(team):
    comm = MPI.COMM_WORLD
    assert spmd.rank(comm) == comm.rank == team.rank
    assert spmd.nranks(comm) == comm.size == team.size
    a = pt.arange(13.0, team=comm)
    b = pt.ones(13, team=team)  # the same communicator: operands combine
    assert dist(a)
    w = np.arange(13.0)
    check(a[2:] * b[:-2] + a[:-2], w[2:] + w[:-2])
    check(pt.sum(a), np.sum(w))
    lo, hi = spmd.get_local_range(a)
    np.testing.assert_array_equal(np.asarray(spmd.get_locals(a)), w[lo:hi])


def test_split_comm(team):
    comm = MPI.COMM_WORLD.Split(team.rank % 2, team.size - team.rank)  # reversed order
    try:
        members = sorted((r for r in range(team.size) if r % 2 == team.rank % 2),
                         reverse=True)
        assert spmd.nranks(comm) == len(members)
        assert spmd.rank(comm) == members.index(team.rank)
        x = np.arange(30.0).reshape(10, 3)
        a = pt.asarray(x, team=comm)
        a[1:-1] = a[:-2] + a[2:]
        y = x.copy()
        y[1:-1] = x[:-2] + x[2:]
        check(a, y)
        check(pt.max(a, axis=0), y.max(axis=0))
        # pt.spmd collectives over the mpi4py communicator
        s = spmd.all_reduce(pt.asarray(np.full(4, comm.rank + 1.0), team=None), team=comm)
        check(s, np.full(4, comm.size * (comm.size + 1) / 2))
        spmd.barrier(comm)
        # a ptensor team split from the mpi4py one
        sub = spmd.split(0, team=comm)
        assert sub.size == comm.size and sub.rank == comm.rank
    finally:
        comm.Free()


def test_dup_comm_is_another_team(team):
    comm = MPI.COMM_WORLD.Dup()
    try:
        a = pt.arange(8.0, team=comm)
        b = pt.arange(8.0, team=team)
        check(a * 2, np.arange(8.0) * 2)
        with pytest.raises(ValueError, match="different teams"):
            a + b
    finally:
        comm.Free()


def test_bad_communicators(team):
    with pytest.raises(ValueError, match="COMM_NULL"):
        pt.zeros(4, team=MPI.COMM_NULL)
    with pytest.raises(ValueError, match="COMM_NULL"):
        spmd.rank(MPI.COMM_NULL)
    if team.size < 2:
        return
    # two groups (even and odd ranks), joined by an intercommunicator
    local = MPI.COMM_WORLD.Split(team.rank % 2, team.rank)
    inter = local.Create_intercomm(0, MPI.COMM_WORLD, 1 - team.rank % 2, tag=7)
    try:
        with pytest.raises(ValueError, match="intercommunicator"):
            pt.ones(5, team=inter)
    finally:
        inter.Free()
        local.Free()

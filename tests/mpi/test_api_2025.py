"""The array API 2025.12 additions on a team: isin keeps x1's layout (only the set x2 is
gathered), expand_dims with a tuple of axes is a view of a distributed array, linalg.eig of
a stack split along its batch axis runs on each rank's matrices."""
import numpy as np

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist


def test_isin_keeps_x1_distributed(team):
    a = (np.arange(40).reshape(10, 4) * 7) % 13
    b = np.array([0, 3, 5, 12, 99])
    x1, x2 = pt.asarray(a), pt.asarray(b)
    r = pt.isin(x1, x2)
    assert dist(r) == (team.size > 1) and r.shape == a.shape
    if team.size > 1:
        assert spmd.get_local_range(r) == spmd.get_local_range(x1)
    check(r, np.isin(a, b))
    check(pt.isin(x1, x2, invert=True), np.isin(a, b, invert=True))
    check(pt.isin(x1, 5), np.isin(a, 5))
    check(pt.isin(pt.asarray(b, team=None), x1), np.isin(b, a))


def test_expand_dims_tuple_of_a_distributed_array(team):
    a = np.arange(24.0).reshape(6, 4)
    x = pt.asarray(a)
    e = pt.expand_dims(x, axis=(0, -1))
    check(e, np.expand_dims(a, (0, -1)))
    e[0, 1, 2, 0] = -1.0  # a view: writes reach x
    a[1, 2] = -1.0
    check(x, a)


def test_eig_of_a_split_stack(team):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((8, 3, 3))
    w = pt.linalg.eigvals(pt.asarray(a))
    assert dist(w) == (team.size > 1)
    got = np.asarray(w)
    for k in range(8):
        want = np.linalg.eigvals(a[k])
        np.testing.assert_allclose(np.sort_complex(got[k]), np.sort_complex(want), rtol=1e-10,
                                   atol=1e-12)

"""pt.random on a team: every rank computes its own rows of the counter-based stream, and the
same seed gives the same numbers on any number of ranks as on one process (the reference:
Philox4x32-10 in NumPy, computed whole on every rank)."""
import os
import sys

import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
from _philox import pair_ref, unit53  # noqa: E402  (the reference of tests/python)


def test_each_rank_computes_its_rows_of_the_one_stream(team):
    rng = pt.random.default_rng(4242)
    x = rng.random((11, 3))
    assert dist(x) == (team.size > 1)
    if team.size > 1:  # only this rank's rows are computed
        assert spmd.get_locals(x).shape[0] < 11
    a, b = pair_ref(4242, 0, (11, 3))
    check(x, unit53(a, b), exact=True)
    k = rng.integers(-50, 50, size=(9,))
    a, b = pair_ref(4242, 1, (9,))
    check(k, np.array([-50 + ((int(p) << 32 | int(q)) * 100 >> 64) for p, q in zip(a, b)]))


def test_fused_reduction_and_permutation_agree_with_one_process(team):
    rng = pt.random.default_rng(77)
    s = pt.sum(rng.exponential(2.0, (40, 5)), axis=0)
    a, b = pair_ref(77, 0, (40, 5))
    check(s, np.sum(-2.0 * np.log1p(-unit53(a, b)), axis=0))
    p = rng.permutation(30)
    a, b = pair_ref(77, 1, (30,))
    check(p, np.argsort(1.0 - unit53(a, b), kind="stable"))


def test_fresh_entropy_is_the_same_on_every_rank(team):
    x = pt.random.default_rng().random(8)
    g = np.asarray(x)  # gathered: rank 0's numbers equal the others' only if the key agrees
    every = spmd.all_gather(pt.asarray(g, team=None))
    check(every, np.tile(g, team.size), exact=True)


def test_bad_arguments_raise_on_every_rank(team):
    """Every rank raises the same error for the same bad call (nothing collective has
    started), and the team's generator goes on."""
    rng = pt.random.default_rng(5)
    for call, error in [(lambda: rng.random(-1), ValueError),
                        (lambda: rng.integers(5, 5), ValueError),
                        (lambda: rng.normal(0.0, -1.0, 3), ValueError),
                        (lambda: rng.choice(5, size=6, replace=False), ValueError),
                        (lambda: rng.choice(pt.arange(4), p=[0.5, 0.6, 0.1, 0.0]), ValueError),
                        (lambda: rng.permutation(-3), ValueError),
                        (lambda: pt.random.default_rng(1.5), TypeError)]:
        with pytest.raises(error):
            call()
    a, b = pair_ref(5, 0, (7,))
    check(rng.random(7), unit53(a, b), exact=True)  # no call was used up by the errors

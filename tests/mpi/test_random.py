"""pt.random on a team: every rank computes its own rows of the counter-based stream, and the
same seed gives the same numbers on any number of ranks as on one process (the reference:
Philox4x32-10 in NumPy, computed whole on every rank)."""
import math

import numpy as np

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

U64 = np.uint64


def _words(seed, call, shape):
    """Each element's two words: words 0-1 (even position) or 2-3 (odd) of block i // 2."""
    key = [int(v) for v in np.random.SeedSequence(seed).generate_state(2, np.uint32)]
    i = np.arange(math.prod(shape), dtype=U64).reshape(shape)
    j = i >> U64(1)
    c = [j & U64(0xFFFFFFFF), j >> U64(32), np.full(shape, call, U64), np.zeros(shape, U64)]
    k0, k1 = key
    with np.errstate(over="ignore"):
        for _ in range(10):
            p0, p1 = c[0] * U64(0xD2511F53), c[2] * U64(0xCD9E8D57)
            c = [(p1 >> U64(32)) ^ c[1] ^ U64(k0), p1 & U64(0xFFFFFFFF),
                 (p0 >> U64(32)) ^ c[3] ^ U64(k1), p0 & U64(0xFFFFFFFF)]
            k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    even = (i & U64(1)) == 0
    return np.where(even, c[0], c[2]), np.where(even, c[1], c[3])


def _unit(a, b):
    return (((a >> U64(5)) << U64(26)) | (b >> U64(6))).astype(np.float64) * 2.0 ** -53


def test_each_rank_computes_its_rows_of_the_one_stream(team):
    rng = pt.random.default_rng(4242)
    x = rng.random((11, 3))
    assert dist(x) == (team.size > 1)
    if team.size > 1:  # only this rank's rows are computed
        assert spmd.get_locals(x).shape[0] < 11
    a, b = _words(4242, 0, (11, 3))
    check(x, _unit(a, b), exact=True)
    k = rng.integers(-50, 50, size=(9,))
    a, b = _words(4242, 1, (9,))
    check(k, np.array([-50 + ((int(p) << 32 | int(q)) * 100 >> 64) for p, q in zip(a, b)]))


def test_fused_reduction_and_permutation_agree_with_one_process(team):
    rng = pt.random.default_rng(77)
    s = pt.sum(rng.exponential(2.0, (40, 5)), axis=0)
    a, b = _words(77, 0, (40, 5))
    check(s, np.sum(-2.0 * np.log1p(-_unit(a, b)), axis=0))
    p = rng.permutation(30)
    a, b = _words(77, 1, (30,))
    check(p, np.argsort(1.0 - _unit(a, b), kind="stable"))


def test_fresh_entropy_is_the_same_on_every_rank(team):
    x = pt.random.default_rng().random(8)
    g = np.asarray(x)  # gathered: rank 0's numbers equal the others' only if the key agrees
    every = spmd.all_gather(pt.asarray(g, team=None))
    check(every, np.tile(g, team.size), exact=True)

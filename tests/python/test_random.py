"""pt.random against a NumPy reference of Philox4x32-10 written here (independent of
ptensor/random.py), Random123's known-answer vectors, statistical tests with fixed seeds,
and the bad arguments. (Also run under mpiexec by scripts/test.sh: the same numbers there.)"""
import math

import numpy as np
import pytest
from scipy import stats

import ptensor as pt
from ptensor import random as ptr
from _philox import U64, normal_ref, pair_ref, philox_ref, uniform_ref, unit53, words_ref


@pytest.mark.parametrize("counter, key, want", [
    ((0, 0, 0, 0), (0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
    ((0xffffffff,) * 4, (0xffffffff,) * 2, (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
    ((0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
     (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)),
])
def test_philox_known_answers(counter, key, want):
    # Random123's kat_vectors for philox4x32_10: the rounds as ptensor records, and the
    # reference above
    got = ptr._philox(*(pt.asarray(np.array([v], dtype=U64), team=None) for v in counter), key)
    assert [int(np.asarray(w)[0]) for w in got] == list(want)
    assert [int(w[0]) for w in philox_ref([[v] for v in counter], key)] == list(want)


@pytest.mark.parametrize("shape", [(1000,), (7, 5), (3, 4, 2), (), (0,), (4, 0, 3)])
def test_random_bits_are_the_counter_blocks(shape):
    rng = pt.random.default_rng(12345)
    got = np.asarray(rng.random(shape if shape != () else None))
    np.testing.assert_array_equal(got, uniform_ref(12345, 0, shape))
    assert got.dtype == np.float64 and got.shape == shape
    # the next call is the next stream (counter word 2)
    np.testing.assert_array_equal(np.asarray(rng.random(shape)), uniform_ref(12345, 1, shape))


def test_float32_and_the_other_distributions_follow_from_the_words():
    rng = pt.random.default_rng([3, 1, 4])
    seed, shape = [3, 1, 4], (301, 3)
    got = np.asarray(rng.random(shape, dtype=pt.float32))
    assert got.dtype == np.float32
    *w, lane = words_ref(seed, 0, shape, per_block=4)
    word = np.choose(lane.astype(np.int64), w)
    np.testing.assert_array_equal(got, (word >> U64(8)).astype(np.float32) * np.float32(2.0 ** -24))
    np.testing.assert_allclose(np.asarray(rng.uniform(-2.0, 5.0, shape)),
                               -2.0 + 7.0 * uniform_ref(seed, 1, shape), rtol=1e-15)
    np.testing.assert_allclose(np.asarray(rng.standard_normal(shape)), normal_ref(seed, 2, shape),
                               rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(np.asarray(rng.normal(10.0, 3.0, shape)),
                               10 + 3 * normal_ref(seed, 3, shape), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.asarray(rng.exponential(2.5, shape)),
                               -2.5 * np.log1p(-uniform_ref(seed, 4, shape)), rtol=1e-12,
                               atol=1e-300)
    s32 = np.asarray(rng.standard_normal(shape, dtype=pt.float32))
    assert s32.dtype == np.float32
    np.testing.assert_allclose(s32, normal_ref(seed, 5, shape).astype(np.float32), rtol=1e-6,
                               atol=1e-6)


@pytest.mark.parametrize("low, high, dtype, endpoint", [
    (0, 10, None, False), (-5, 5, "int8", True), (0, 2**64 - 1, "uint64", True),
    (-2**63, 2**63 - 1, "int64", True), (-2**63, 2**63 - 1, "int64", False),
    (3, 2**40 + 7, "int64", False), (250, 256, "uint8", False), (-1, 0, "int16", False),
    (2**63, 2**64 - 1, "uint64", False), (-100, 2**35, "int64", True),
])
def test_integers_are_the_high_bits_of_the_word_times_the_range(low, high, dtype, endpoint):
    rng = pt.random.default_rng(99)
    got = np.asarray(rng.integers(low, high, size=500, dtype=dtype, endpoint=endpoint))
    assert got.dtype == np.dtype(dtype or "int64")
    a, b = pair_ref(99, 0, (500,))
    span = high - low + (1 if endpoint else 0)
    want = [low + ((int(x) << 32 | int(y)) * span >> 64) for x, y in zip(a, b)]
    assert got.tolist() == want


def test_statistics_with_fixed_seeds():
    rng = pt.random.default_rng(2026)
    n = 200_000
    u, z, e = (np.asarray(f) for f in (rng.random(n), rng.standard_normal(n),
                                       rng.exponential(1.0, n)))
    assert stats.kstest(u, "uniform").pvalue > 1e-3
    assert stats.kstest(z, "norm").pvalue > 1e-3
    assert stats.kstest(e, "expon").pvalue > 1e-3
    assert abs(u.mean() - 0.5) < 5 * math.sqrt(1 / 12 / n)
    assert abs(z.mean()) < 5 / math.sqrt(n) and abs(z.std() - 1) < 0.01
    k = np.asarray(rng.integers(0, 7, size=n))
    counts = np.bincount(k, minlength=7)
    assert counts.sum() == n and stats.chisquare(counts).pvalue > 1e-3
    # a fused consumer gives the same numbers as the materialized array
    rng2 = pt.random.default_rng(2026)
    s = float(pt.sum(rng2.random(n)))
    assert s == pytest.approx(float(u.sum()), rel=1e-12)


def test_reductions_of_random_numbers_never_materialize_them():
    rng = pt.random.default_rng(5)
    x = rng.normal(0.0, 1.0, (1000, 50))
    m = pt.mean(x * x)
    del x
    e = pt.explain(m)
    assert e["inputs"] == 0 and e["results"] == 1  # one fused program: no numbers in memory
    z = normal_ref(5, 0, (1000, 50))
    assert float(m) == pytest.approx(float(np.mean(z * z)), rel=1e-12)


def test_a_long_pending_chain_keeps_the_rounds_together(compiled):
    # 60 pending records, then the Philox rounds (about 110 records): past the pending
    # program's limit (128) if they counted one by one, yet never cut inside them: the sum's
    # program computes the numbers itself (no inputs: nothing of them was materialized by a
    # cut)
    pt.sync()
    y = pt.zeros(64)
    for _ in range(60):
        y = y + 1.0
    s = pt.sum(pt.random.default_rng(8).random(64))
    assert pt.explain(s)["inputs"] == 0
    assert float(s) == pytest.approx(float(np.sum(uniform_ref(8, 0, (64,)))), rel=1e-14)
    np.testing.assert_array_equal(np.asarray(y), np.full(64, 60.0))


def test_seeds_and_streams():
    a = np.asarray(pt.random.default_rng(1).random(100))
    assert np.array_equal(a, np.asarray(pt.random.default_rng(1).random(100)))
    assert not np.array_equal(a, np.asarray(pt.random.default_rng(2).random(100)))
    rng = pt.random.default_rng(1)
    assert pt.random.default_rng(rng) is rng
    first, second = np.asarray(rng.random(100)), np.asarray(rng.random(100))
    assert np.array_equal(first, a) and not np.array_equal(first, second)
    fresh = np.asarray(pt.random.default_rng().random(100))  # entropy: not seed 1's numbers
    assert not np.array_equal(fresh, a) and np.all((fresh >= 0) & (fresh < 1))
    assert "Philox4x32-10" in repr(rng)


def test_permutation_shuffle_and_choice():
    rng = pt.random.default_rng(17)
    p = np.asarray(rng.permutation(1000))
    assert p.dtype == np.int64 and sorted(p.tolist()) == list(range(1000))
    assert not np.array_equal(p, np.arange(1000))
    x = np.arange(60.0).reshape(20, 3)
    px = np.asarray(rng.permutation(pt.asarray(x)))
    assert sorted(map(tuple, px.tolist())) == sorted(map(tuple, x.tolist()))
    y = pt.asarray(np.arange(50))
    rng.shuffle(y)
    assert sorted(np.asarray(y).tolist()) == list(range(50))
    c = np.asarray(rng.choice(100, size=40, replace=False))
    assert len(set(c.tolist())) == 40 and c.min() >= 0 and c.max() < 100
    ordered = np.asarray(rng.choice(100, size=40, replace=False, shuffle=False))
    assert np.all(np.diff(ordered) > 0)
    src = np.array([10.0, 20.0, 30.0, 40.0])
    w = np.array([0.1, 0.0, 0.6, 0.3])
    d = np.asarray(rng.choice(pt.asarray(src), size=20_000, p=w))
    freq = np.array([np.sum(d == v) for v in src])
    assert freq[1] == 0 and stats.chisquare(freq[[0, 2, 3]], 20_000 * w[[0, 2, 3]]).pvalue > 1e-3
    nr = np.asarray(rng.choice(4, size=3, replace=False, p=w))
    assert 1 not in nr.tolist() and len(set(nr.tolist())) == 3
    m = np.asarray(rng.choice(pt.asarray(x), size=(2, 2), axis=0))
    assert m.shape == (2, 2, 3) and all(row.tolist() in x.tolist() for row in m.reshape(4, 3))


@pytest.mark.parametrize("call, error", [
    (lambda r: r.random(-1), ValueError),
    (lambda r: r.random((2, "a")), TypeError),
    (lambda r: r.random(3, dtype=pt.int32), TypeError),
    (lambda r: r.uniform(0.0, math.inf, 3), OverflowError),
    (lambda r: r.uniform("a", 1.0, 3), TypeError),
    (lambda r: r.normal(0.0, -1.0, 3), ValueError),
    (lambda r: r.exponential(-2.0, 3), ValueError),
    (lambda r: r.integers(5, 5), ValueError),
    (lambda r: r.integers(0, 300, dtype=pt.uint8), ValueError),
    (lambda r: r.integers(-1, 3, dtype=pt.uint32), ValueError),
    (lambda r: r.integers(0, 3.5), TypeError),
    (lambda r: r.integers(0, 3, dtype=pt.float64), TypeError),
    (lambda r: r.choice(5, size=6, replace=False), ValueError),
    (lambda r: r.choice(3, p=[0.5, 0.6, 0.1]), ValueError),
    (lambda r: r.choice(3, p=[0.5, 0.5]), ValueError),
    (lambda r: r.choice(3, size=3, replace=False, p=[0.5, 0.5, 0.0]), ValueError),
    (lambda r: r.choice(0, size=2), ValueError),
    (lambda r: r.permutation(-3), ValueError),
    (lambda r: r.shuffle(np.arange(3)), TypeError),
    (lambda r: r.random(3, out=pt.zeros(3)), TypeError),
])
def test_bad_arguments(call, error):
    with pytest.raises(error):
        call(pt.random.default_rng(0))


@pytest.mark.parametrize("seed", [-1, 1.5, "abc", True])
def test_bad_seeds(seed):
    with pytest.raises((TypeError, ValueError)):
        pt.random.default_rng(seed)

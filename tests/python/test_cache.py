"""JIT cache: programs that differ only in sizes, offsets or scalar constants are compiled once;
cached programs still compute the right values."""
import os
import sys

import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "benchmarks"))
from heat_in_place import heat  # noqa: E402  (the in-place stencil loop NumPy users write)

# tests of the compiled programs themselves: every array is recorded (conftest.py)
pytestmark = pytest.mark.usefixtures("compiled")


def test_iterative_loop_compiles_at_most_once(compiles):
    a = np.linspace(0.0, 1.0, 1000)
    x = pt.asarray(a)
    for _ in range(3):  # warm-up
        x = x * 0.5 + 1.0
        float(pt.sum(x))
        a = a * 0.5 + 1.0
    before = compiles()
    hits_before = pt.cache_info()["hits"]
    sums = []
    for _ in range(50):
        x = x * 0.5 + 1.0
        sums.append(float(pt.sum(x)))
        a = a * 0.5 + 1.0
    assert compiles() - before <= 1
    assert pt.cache_info()["hits"] - hits_before >= 49
    assert_matches(x, a)
    np.testing.assert_allclose(sums[-1], np.sum(a), rtol=1e-13)


def test_loop_over_sizes_compiles_once(compiles):
    before = compiles()
    results = []
    after_first = None
    for n in range(100, 2100, 100):
        results.append(float(pt.sum(pt.arange(n) * 2.0)))
        if after_first is None:
            after_first = compiles()
    assert compiles() - before <= 1
    assert compiles() == after_first  # nothing compiled after the first size
    assert results == [float(np.sum(np.arange(n) * 2.0)) for n in range(100, 2100, 100)]


def test_sizes_and_shapes_of_2d_reductions(compiles):
    # same program for every shape whose dimensions are all > 1
    pt.sum(pt.asarray(np.ones((2, 2))) + 1.0, axis=0).to_numpy()
    before = compiles()
    for m, n in [(3, 4), (10, 7), (2, 50), (33, 2), (5, 5)]:
        a = np.arange(m * n, dtype=np.float64).reshape(m, n)
        assert_matches(pt.sum(pt.asarray(a) + 1.0, axis=0), np.sum(a + 1.0, axis=0))
    assert compiles() - before == 0


def test_scalar_constants_do_not_recompile(compiles):
    a = np.arange(100.0)
    x = pt.asarray(a)
    float(pt.sum(x * 0.0 + 1.0))
    before = compiles()
    for c in np.linspace(-3, 3, 20):
        # computed outside the assert: pytest's assert rewriting keeps the intermediates alive,
        # which would make them extra program results (a different program)
        v = float(pt.sum(x * float(c) + 1.0))
        assert v == pytest.approx(np.sum(a * c + 1.0), rel=1e-13)
    assert compiles() - before == 0


def test_integer_constants_do_not_recompile(compiles):
    a = np.arange(50, dtype=np.int32)
    x = pt.asarray(a)
    int(pt.sum(x * 2 + 1))
    before = compiles()
    for k in range(1, 15):
        v = int(pt.sum(x * k + 1))
        assert v == int(np.sum(a * k + 1))
    assert compiles() - before == 0


def test_views_with_different_offsets_and_steps(compiles):
    """Offsets, sizes and steps are arguments; only 'step == 1' is part of the key (unit steps
    compile to unit-stride, vectorizable loops), so one slice structure has two programs."""
    a = np.arange(200.0)
    x = pt.asarray(a)
    float(pt.sum(x[0:50:2]))
    float(pt.sum(x[3:50]))
    before = compiles()
    for i in range(1, 20):
        s = slice(i, i + 10 * i, i % 3 + 1)
        v = float(pt.sum(x[s]))
        assert v == np.sum(a[s])
    assert compiles() - before == 0


def test_setitem_loop_compiles_once(compiles):
    a = np.zeros(64)
    x = pt.asarray(a.copy())
    x[0:4] = 1.0
    x.to_numpy()
    a[0:4] = 1.0
    before = compiles()
    for i in range(1, 16):
        x[4 * i:4 * i + 4] = float(i)
        x.to_numpy()
        a[4 * i:4 * i + 4] = float(i)
    assert compiles() - before <= 1
    assert_matches(x, a)


def test_dtypes_get_their_own_programs():
    # the same expression on different dtypes must not reuse another dtype's program
    results = {}
    for dtype in ("int8", "int32", "uint16", "float32", "float64"):
        a = np.arange(1, 11, dtype=dtype)
        results[dtype] = pt.asarray(a) * 3 // 2
        assert_matches(results[dtype], a * 3 // 2)


def test_unit_dimensions_are_part_of_the_key():
    # broadcasting depends on which dimensions are 1: results stay right across shapes
    for s1, s2 in [((3, 1), (1, 4)), ((3, 4), (3, 4)), ((1, 4), (3, 1)), ((3, 1), (3, 4)),
                   ((5, 1), (1, 2))]:
        a = np.arange(np.prod(s1), dtype=np.float64).reshape(s1)
        b = np.arange(np.prod(s2), dtype=np.float64).reshape(s2) * 10
        assert_matches(pt.asarray(a) + pt.asarray(b), a + b)


def test_long_chain_without_materialization(compiles):
    before = compiles()
    y = pt.asarray(np.zeros(10))
    for _ in range(2000):
        y = y + 1.0
    assert_matches(y, np.full(10, 2000.0))
    assert compiles() - before <= 10


def test_in_place_stencil_loop_compiles_a_few_programs(compiles):
    """A stencil written in place, never materialized inside the loop (16 records a step):
    the pending chain is cut where it repeats, so the pieces are whole steps of one structure.
    Cut every 129 records instead, the loop compiled 16 programs (and ran 100 s cold)."""
    before = compiles()
    got = heat(pt, 64, 120)
    assert_matches(got, heat(np, 64, 120))
    assert compiles() - before <= 4
    before = compiles()
    assert_matches(heat(pt, 96, 200), heat(np, 96, 200))  # another size, more steps
    assert compiles() - before <= 2


def test_a_chain_that_never_repeats_is_still_cut(compiles):
    """Records that never repeat (each step another slice) are cut at 1.5 times the limit."""
    before = compiles()
    a = np.zeros(700)
    x = pt.asarray(a.copy())
    for i in range(300):
        x[i: i + 2] = x[i + 1: i + 3] + float(i)
        a[i: i + 2] = a[i + 1: i + 3] + float(i)
    assert_matches(x, a)
    assert compiles() - before >= 2


def test_cache_counters_increase():
    info0 = pt.cache_info()
    x = pt.asarray(np.arange(7.0))
    r = pt.cos(x) * 3.25 - 0.125  # a program likely not seen before in this session
    assert_matches(r, np.cos(np.arange(7.0)) * 3.25 - 0.125, rtol=1e-14)
    float(pt.sum(pt.cos(pt.asarray(np.arange(9.0))) * 3.25 - 0.125))
    info1 = pt.cache_info()
    assert info1["runs"] >= info0["runs"] + 2
    assert info1["compiles"] >= info0["compiles"]
    assert info1["compile_time"] >= info0["compile_time"]
    y = pt.asarray(np.arange(7.0))
    r2 = pt.cos(y) * 1.5 - 2.0
    assert_matches(r2, np.cos(np.arange(7.0)) * 1.5 - 2.0, rtol=1e-14)
    info2 = pt.cache_info()
    assert info2["hits"] >= info1["hits"] + 1
    assert info2["compiles"] == info1["compiles"]

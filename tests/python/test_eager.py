"""The eager path (python/ptensor/_eager.py): small operations on arrays with values run at
once by NumPy, element reads and writes go straight to the buffer. Every test here turns it on
(the suite runs with it off, conftest.py) and compares with NumPy; the loops compile nothing."""
import os
import sys

import numpy as np
import pytest

import ptensor as pt
from conftest import TEAM
from _helpers import assert_matches

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "benchmarks"))
import loop_kernels as K  # noqa: E402  (the loop corpus of examples/benchmarks/loops.py)

if TEAM is not None:
    pytest.skip("the eager path is off under MPI", allow_module_level=True)


@pytest.fixture(autouse=True)
def eager():
    previous = pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)
    yield
    pt.set_eager_limit(previous)


def programs():
    pt.sync()
    info = pt.cache_info()
    return info["runs"], info["compiles"]


@pytest.mark.parametrize("name", sorted(K.KERNELS))
@pytest.mark.parametrize("n", [7, 24])
def test_loop_kernels_give_numpys_results_without_programs(name, n):
    kernel, inputs = K.KERNELS[name]
    d = K.make(n, np.random.default_rng(n))
    expect = K.bind(kernel, np)(*[d[k].copy() for k in inputs])
    before = programs()
    got = K.bind(kernel, pt)(*[pt.asarray(d[k].copy()) for k in inputs])
    assert programs() == before  # (nothing recorded: no program ran, none compiled)
    assert_matches(got, expect, rtol=1e-12, atol=1e-12)


def test_a_row_update_with_itself_reads_the_row_before_the_write():
    a = np.arange(20.0).reshape(4, 5)
    x = pt.asarray(a.copy())
    for i, j in [(1, 1), (2, 0), (3, 3), (0, 2)]:
        x[i, :] -= x[j, :] * 0.5
        a[i, :] -= a[j, :] * 0.5
    assert_matches(x, a)
    x[1:] = x[:-1]
    a[1:] = a[:-1]
    assert_matches(x, a)
    x[::-1] = x
    a[::-1] = a.copy()
    assert_matches(x, a)


def test_writes_in_place_reach_views_and_no_one_else():
    a = np.arange(12.0).reshape(3, 4)
    x = pt.asarray(a) * 1.0
    row, element = x[1], x[1, 2]
    shared = pt.zeros((3, 4)) + 0.0
    shared[...] = x  # shares x's buffer: a write into x must not show in it
    kept = x + 0.0
    x[1, 2] = 50.0
    x[0] = pt.asarray([9.0, 8.0, 7.0, 6.0])
    want = a.copy()
    want[1, 2] = 50.0
    want[0] = [9.0, 8.0, 7.0, 6.0]
    assert_matches(x, want)
    assert_matches(row, want[1])  # views follow writes to their base, as NumPy's do
    assert_matches(element, np.array(50.0))
    assert_matches(shared, a)
    assert_matches(kept, a)
    element[...] = -1.0  # and writes through a 0-d view reach the base
    want[1, 2] = -1.0
    assert_matches(x, want)
    assert_matches(row, want[1])


def test_a_users_numpy_array_is_never_written():
    a = np.arange(6.0)
    x = pt.asarray(a)
    x[0] = 10.0
    x[1:3] = pt.asarray([20.0, 30.0])
    assert_matches(x, np.array([10.0, 20.0, 30.0, 3.0, 4.0, 5.0]))
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]


def test_a_pending_program_reads_the_values_before_a_write():
    pt.set_eager_limit(4)  # x (6 elements) is recorded; its elements are still eager
    a = np.arange(6.0)
    x = pt.asarray(a) * 1.0
    y = x * 2.0  # pending, reading x
    x[0] = 100.0
    x[1] += 1.0
    assert_matches(y, a * 2.0)
    assert_matches(x, np.array([100.0, 2.0, 2.0, 3.0, 4.0, 5.0]))


def test_small_and_large_operands_mix():
    big = np.linspace(0.0, 1.0, 100_000)
    small = np.arange(3.0)
    x, s = pt.asarray(big), pt.asarray(small)
    before = programs()
    r = pt.sin(x) * s[1] + s.sum()  # a program over x, with small eager values as inputs
    assert_matches(r, np.sin(big) * small[1] + small.sum())
    assert programs()[0] > before[0]
    t = s * 2.0 + x[:3]  # x's slice has values: eager too
    assert_matches(t, small * 2.0 + big[:3])


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64", "float32", "float64",
                                   "bool"])
@pytest.mark.parametrize("scalar", [3, -1, 2.5, True, 300])
def test_python_scalars_promote_as_numpy_does(dtype, scalar):
    a = np.array([1, 0, 5, 7], dtype=dtype)
    x = pt.asarray(a)
    for op in (np.add, np.multiply, np.subtract, np.maximum, np.less):
        try:
            with np.errstate(all="ignore"):
                want = op(a, scalar)
        except (TypeError, OverflowError) as e:
            with pytest.raises(type(e)):
                op(x, scalar)
            continue
        assert_matches(op(x, scalar), want)


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "bool"])
def test_element_writes_convert_as_casts_do(dtype):
    a = np.zeros(4, dtype=dtype)
    x = pt.asarray(a) + a.dtype.type(0)
    for i, v in enumerate([1, True, 2, 0]):
        x[i] = v
        a[i] = v
    assert_matches(x, a)
    if dtype in ("int16", "uint8"):
        with pytest.raises(OverflowError):
            x[0] = 70000
        with pytest.raises(TypeError):
            x[0] = 1j
    assert_matches(x, a)


def test_bad_indices_and_limits_raise():
    x = pt.asarray(np.arange(6.0).reshape(2, 3)) * 1.0
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        x[2, 0]
    with pytest.raises(IndexError, match="out of bounds"):
        x[0, -4] = 1.0
    with pytest.raises(IndexError, match="too many indices"):
        x[0, 0, 0]
    for bad in (-1, 2.5, "16", True):
        with pytest.raises(ValueError, match="set_eager_limit"):
            pt.set_eager_limit(bad)


def test_the_limit_decides_what_is_recorded():
    a = np.arange(64.0)
    before = programs()
    r = pt.asarray(a) * 2.0 + 1.0
    assert_matches(r, a * 2.0 + 1.0)
    assert programs() == before
    assert pt.set_eager_limit(32) == pt._eager.DEFAULT_LIMIT
    r = pt.asarray(a) * 2.0 + 1.0
    assert_matches(r, a * 2.0 + 1.0)
    assert programs()[0] > before[0]
    assert pt.set_eager_limit(0) == 32
    assert pt.set_eager_limit(0) == 0


@pytest.mark.parametrize("name", sorted(pt._eager.COMPILED_SOONER))
def test_float64_ops_compiled_sooner_have_a_lower_limit(name):
    """float64 sin and cos are compiled from LIMIT // SOONER elements (vector code beats
    NumPy's scalar loop there); below, and for float32 or other ops, they run at once."""
    small = pt._eager.DEFAULT_LIMIT // pt._eager.SOONER
    f, g = getattr(pt, name), getattr(np, name)
    for n, dtype, recorded in [(small, np.float64, False), (small + 1, np.float64, True),
                               (small + 1, np.float32, False)]:
        a = np.linspace(-3.0, 3.0, n).astype(dtype)
        x = pt.asarray(a)
        before = programs()
        r = f(x)
        assert_matches(r, g(a), rtol=1e-6 if dtype == np.float32 else 1e-12)
        assert (programs()[0] > before[0]) == recorded, (n, dtype)
        before = programs()
        assert_matches(pt.sqrt(pt.abs(x)), np.sqrt(np.abs(a)))
        assert programs() == before


def test_jit_traces_record_even_small_arrays():
    @pt.jit
    def step(u):
        u = u * 0.5 + 1.0
        return u[1:] - u[:-1]

    a = np.arange(8.0)
    for _ in range(3):
        assert_matches(step(pt.asarray(a)), (a * 0.5 + 1.0)[1:] - (a * 0.5 + 1.0)[:-1])


@pytest.mark.parametrize("steps", [10, 60, 240])
def test_a_loop_over_large_arrays_compiles_a_bounded_number_of_programs(steps, compiles):
    # whole-array updates above the eager limit are recorded; the pending chain is cut where
    # it repeats (at iteration boundaries), so the compiles do not grow with the trip count
    pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)
    a = np.linspace(0.0, 1.0, 50_000)
    u = pt.asarray(a.copy())
    before = compiles()
    for _ in range(steps):
        u[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        a[1:-1] = a[1:-1] + 0.1 * (a[2:] - 2.0 * a[1:-1] + a[:-2])
    assert_matches(u, a, rtol=1e-12, atol=1e-12)
    assert compiles() - before <= 4

"""Regression tests of what differential fuzzing found (the "never crash, never lie" issue):
each program once crashed, failed to compile or gave a value other than NumPy's."""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import ptensor as pt

from _helpers import after_interrupt, assert_matches, on_a_device


def both(shape, dtype):
    return pt.zeros(shape, dtype=getattr(pt, dtype)), np.zeros(shape, dtype=dtype)


# writes through views with 0- and 1-length axes, negative and large steps (once segfaults,
# aborts, "LLVM ERROR: out of memory", "expected 1 size values, got 2")
VIEW_WRITES = [
    ((1, 6, 1), "int64", (slice(None, None, -1), slice(None, None, -3), -1)),
    ((1, 1, 1), "float64", (slice(0, None), slice(1, -1), 0)),
    ((1, 3, 5), "int32", (0, slice(4, None, -3), slice(-4, None, 2))),
    ((1, 1), "float64", (slice(None, None, -2), 0)),
    ((2, 1, 3), "uint8", (slice(None, None, -1), slice(None, None, -5), slice(None, None, -2))),
    ((1, 4, 1, 2), "float32", (Ellipsis, slice(None, None, 7))),
    ((3, 1), "int16", (slice(2, None, -1), slice(None, None, -1))),
]


@pytest.mark.parametrize("shape,dtype,key", VIEW_WRITES)
def test_write_through_unit_axes_and_negative_steps(shape, dtype, key):
    x, a = both(shape, dtype)
    x[key] = 7
    a[key] = 7
    assert_matches(x, a)


def test_write_through_squeezed_view():
    x, a = both((1, 3, 5), "int32")
    v, w = pt.squeeze(x, axis=0), np.squeeze(a, axis=0)
    v[4::-3, -4::2] = 7
    w[4::-3, -4::2] = 7
    assert_matches(x, a)


def test_masked_write_through_strided_view():
    x, a = both((6, 2, 6), "uint8")
    v, w = x[5::2, 1, -2:6:-3], a[5::2, 1, -2:6:-3]
    v[v < 2] = 6
    w[w < 2] = 6
    assert_matches(x, a)


def test_empty_slice_write_writes_nothing():
    x = pt.full((), 7, dtype=pt.uint8)
    v = x[None]
    v[:-1] = x
    assert int(x) == 7
    y = pt.arange(5)
    y[3:1] = 9
    y[::-1][5:] = pt.asarray(np.array([1]))  # broadcastable to the empty selection
    assert_matches(y, np.arange(5))
    with pytest.raises(ValueError):
        y[3:1] = pt.arange(2)  # not broadcastable to (0,): still an error


def test_searchsorted_beside_a_pending_result():
    a = np.array([3.0, 1, 2, 5, 4])
    x = pt.asarray(a)
    w = x + 1
    i = pt.searchsorted(pt.asarray(np.array([1.0, 2, 3, 4, 5])), x)
    assert_matches(w, a + 1)
    assert_matches(i, np.searchsorted(np.array([1.0, 2, 3, 4, 5]), a))


# functions return new arrays, never their input (indexing, squeeze, flip and expand_dims
# are NumPy's views: the rule in docs/deviations.md)
SAME_VALUE_FUNCTIONS = [
    lambda x: pt.cumulative_sum(x, axis=1),
    lambda x: pt.cumulative_prod(x, axis=1),
    lambda x: pt.clip(x),
    pt.conj,
    pt.real,
    lambda x: pt.reshape(x, x.shape),
    lambda x: pt.permute_dims(x, (0, 1)),
    lambda x: pt.moveaxis(x, 0, 0),
    lambda x: pt.broadcast_to(x, x.shape),
    lambda x: pt.diff(x, axis=1, n=0),
    lambda x: pt.astype(x, x.dtype),
    lambda x: pt.asarray(x, copy=True),
]


@pytest.mark.parametrize("fn", SAME_VALUE_FUNCTIONS)
def test_results_are_new_arrays(fn):
    a = np.arange(3.0).reshape(3, 1)
    x = pt.asarray(a)
    r = fn(x)
    assert r is not x
    r[0, 0] = 42.0
    assert_matches(x, a)


def test_expand_dims_is_a_view():
    x = pt.zeros((2, 3))
    e = pt.expand_dims(x, axis=1)
    e[1, 0, 2] = 5.0
    want = np.zeros((2, 3))
    want[1, 2] = 5.0
    assert_matches(x, want)


def test_cumulative_prod_keeps_zeros():
    """x[i] = x[i - 1] * x[i] in NumPy's order: no 0 * inf from reassociated products."""
    a = np.array([1e200, 0, 1e200, 1e200])
    assert_matches(pt.cumulative_prod(pt.asarray(a)), np.cumulative_prod(a))
    if pt._dist.default_team() is not None:
        return  # split arrays combine per-rank products: see docs/deviations.md, "cumulative_prod"
    b = np.random.default_rng(0).choice([1e200, 0.0, 1e-200, -3.0], 5000)
    r = np.asarray(pt.cumulative_prod(pt.asarray(b)))
    assert np.array_equal(r, np.cumulative_prod(b), equal_nan=True)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int8", "uint16", "bool"])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_cumulative_equals_numpy_exactly(dtype, axis):
    rng = np.random.default_rng(axis)
    a = (rng.standard_normal((3, 4, 5)) * 50).astype(dtype) if dtype != "bool" else \
        rng.random((3, 4, 5)) > 0.5
    for x, w in ((pt.asarray(a), a), (pt.asarray(a)[::-1, :, ::2], a[::-1, :, ::2])):
        for f, g in ((pt.cumulative_sum, np.cumulative_sum),
                     (pt.cumulative_prod, np.cumulative_prod)):
            r, want = np.asarray(f(x, axis=axis)), g(w, axis=axis)
            assert r.dtype == want.dtype and np.array_equal(r, want, equal_nan=True)


def test_atan2_of_folded_zeros():
    x = pt.asarray(np.array([0, 1, 5], dtype=np.int8))
    f = pt.astype(x != x, pt.float64)  # zeros the compiler knows are constant
    assert_matches(pt.atan2(f, f), np.zeros(3))
    assert_matches(pt.atan2(-f, f), np.arctan2(-np.zeros(3), np.zeros(3)))
    assert_matches(pt.atan2(f, -f), np.arctan2(np.zeros(3), -np.zeros(3)))
    y = np.array([0.0, -0.0, 0.0, -0.0, 1.0])
    z = np.array([0.0, 0.0, -0.0, -0.0, -1.0])
    r = np.asarray(pt.atan2(pt.asarray(y), pt.asarray(z)))
    assert np.array_equal(r, np.arctan2(y, z)) and np.array_equal(np.signbit(r),
                                                                  np.signbit(np.arctan2(y, z)))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_arange_complex(dtype):
    assert_matches(pt.arange(3, dtype=getattr(pt, dtype)), np.arange(3, dtype=dtype))
    assert_matches(pt.arange(1, 2, 0.25, dtype=getattr(pt, dtype)),
                   np.arange(1, 2, 0.25, dtype=dtype))


def test_arange_too_large():
    with pytest.raises(ValueError, match="maximum allowed size exceeded"):
        pt.arange(0, 10**30)
    with pytest.raises(OverflowError, match="start"):
        pt.arange(10**30, 10**30 + 2)


_FAIL = None


def test_failing_program_spares_unrelated_arrays():
    """A program whose one result fails (here a custom call's handler reports an error)
    still delivers the other pending arrays; the failing one raises when used."""
    import ctypes
    global _FAIL
    proto = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p)
    _FAIL = proto(lambda frame: 1)  # kept alive: the registry holds a raw pointer
    pt.register_custom_call("test.always_fails", _FAIL)
    good = pt.arange(4.0) * 2
    bad = pt.custom_call("test.always_fails", pt.arange(4.0), result=((4,), pt.float64))
    bad2 = bad + 1
    assert_matches(good, np.arange(4.0) * 2)
    with pytest.raises(pt.CustomCallError):
        np.asarray(bad2)
    assert_matches(good + 1, np.arange(4.0) * 2 + 1)


INTERRUPTED = r"""
import os, signal, threading, time, numpy as np, ptensor as pt
a = pt.asarray(np.random.default_rng(0).random((5000, 5000)))
pt.sync()
threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
t0 = time.time()
r = a @ a  # ~5 s of BLAS on two cores
try:
    float(r[0, 0])
    print("not interrupted")
except KeyboardInterrupt:
    print(f"interrupted after {time.time() - t0:.2f} s")
""" + after_interrupt("r[0, 0]")


def test_keyboard_interrupt_stops_a_long_program():
    """Ctrl-C during a long materialization raises KeyboardInterrupt within about a second;
    the abandoned array raises a clear error; later computations run normally."""
    if on_a_device():
        pytest.skip("a running device kernel is not interrupted: Ctrl-C takes effect when it "
                    "ends (docs/devices.md)")
    if pt._dist.default_team() is not None:
        pytest.skip("under MPI, programs run on the main thread (MPI_THREAD_FUNNELED)")
    r = subprocess.run([sys.executable, "-c", INTERRUPTED], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert lines[0].startswith("interrupted after"), r.stdout
    assert float(lines[0].split()[2]) < 2.5
    assert "was interrupted" in lines[1]
    assert lines[2] == "afterwards 90.0"


@pytest.mark.parametrize("reduce", ["sum", "prod", "max", "min", "mean", "any", "all"])
def test_reduction_of_a_0d_array_written_by_a_scatter(reduce):
    """(fuzz seeds 76, 211) A reduction over no axes fused into a scatter's loop accumulated
    across its iterations: x[idx] = sum(0-d) wrote -2.75, -5.5, -8.25, ..."""
    a = np.array(-2.75)
    v = getattr(pt, reduce)(pt.asarray(a))
    want_v = getattr(np, reduce)(a)
    x = pt.asarray(np.ones((2, 2), dtype=want_v.dtype))
    x[pt.asarray(np.array([-2, -1]))] = v
    want = np.ones((2, 2), dtype=want_v.dtype)
    want[np.array([-2, -1])] = want_v
    assert_matches(x, want)
    y = pt.full((3,), 1.5)[pt.asarray(np.ones(3, dtype=np.int64))]
    y[pt.asarray(np.array([-3, 1]))] = pt.mean(pt.asarray(np.array(4.35e44)))
    assert_matches(y, np.array([4.35e44, 4.35e44, 1.5]))


@pytest.mark.parametrize("materialize", ["none", "v2", "v3"])
def test_write_to_a_source_does_not_leak_into_an_earlier_copy(materialize):
    a = np.array([12, 11, 0, 6, -20, -5], dtype=np.int8)
    v0 = pt.asarray(a)
    v2 = v0[v0 > -3]
    v3 = v2 | 2
    if materialize == "v3":
        np.asarray(v3)
    v3[:] = v2[...]
    if materialize == "v2":
        np.asarray(v2)
    v2[pt.asarray(np.array([3]))] = 3
    w2 = a[a > -3]
    w3 = w2 | 2
    w3[:] = w2[...]
    w2[np.array([3])] = 3
    assert_matches(v3, w3)
    assert_matches(v2, w2)


@pytest.mark.parametrize("flag", [True, False])
def test_zero_d_mask_gives_a_copy(flag):
    """(fuzz seeds 124, 182) x[0-d mask] was the view x[None]: later writes to x showed in it."""
    a = np.array(-9.25, dtype=np.float32)
    x = pt.asarray(a.copy())  # (asarray may share a NumPy array's memory)
    m, w = x[pt.asarray(np.array(flag))], a[np.array(flag)]
    x[...] = -8.75
    a[...] = -8.75
    assert_matches(m, w)
    m[...] = 1.0
    assert_matches(x, a)


def test_negative_integer_power_of_an_empty_array():
    """(fuzz seed 135) NumPy raises from its loop, so an empty array raises nothing; under
    MPI every rank raises for a non-empty array, the ranks whose part is empty too."""
    x = pt.zeros((0, 3), dtype=pt.int32)
    assert_matches(pt.pow(x, -4), np.pow(np.zeros((0, 3), dtype=np.int32), -4))
    assert_matches(x ** -1, np.zeros((0, 3), dtype=np.int32) ** -1)
    with pytest.raises(ValueError, match="negative integer powers"):
        pt.pow(pt.ones(2, dtype=pt.int32), -4)
    with pytest.raises(ValueError, match="negative integer powers"):
        pt.ones(1, dtype=pt.int8) ** -1  # (one element: empty parts on ranks 1..)


def test_update_after_a_custom_call_reads_the_old_value():
    """(fuzz seed 112) x[::-1] = inf after r = cumulative_prod(x): the update was written
    into x's buffer (donation) before the scan, an opaque call, read it."""
    a = np.array([-1.75, -1.75])
    x = pt.asarray(a.copy())
    int(pt.argmax(x))  # x materialized: a leaf whose buffer the update may take
    r = pt.cumulative_prod(x, axis=-1)
    x[::-1] = np.inf
    assert_matches(r, np.cumulative_prod(a))
    assert_matches(x, np.full(2, np.inf))


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
@pytest.mark.parametrize("value", [1j, 0j, 0.5, 0.0, -3])
def test_logical_functions_take_complex_scalars(name, value):
    """(fuzz seeds 2203, 2450) a complex Python scalar operand of a logical function is a
    nonzero test, as NumPy's; it raised a pybind11 cast error."""
    a = np.array([0, 1, 2], dtype=np.int16)
    f, g = getattr(pt, name), getattr(np, name)
    assert_matches(f(pt.asarray(a.copy()), value), g(a, value))
    assert_matches(f(value, pt.asarray(a.copy())), g(value, a))


@pytest.mark.parametrize("name", ["prod", "sum", "any", "all"])
@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0), (2, 3)])
def test_reduction_whose_body_folds_to_a_constant(name, shape):
    """(fuzz seed 2506) prod(x > x) of an empty x: after fusion the loop body folded to a
    constant and upstream's fusion patterns dropped the reduction's init (1), so the result
    was uninitialized memory."""
    a = np.zeros(shape, dtype=bool)
    f, g = getattr(pt, name), getattr(np, name)
    for axis in (None, 0, -1):
        x = pt.asarray(a.copy())
        assert_matches(f(pt.greater(x, x), axis=axis, keepdims=True),
                       g(np.greater(a, a), axis=axis, keepdims=True))
        assert_matches(f(x | True, axis=axis), g(a | True, axis=axis))


def test_leapfrog_chain_fuses_in_linear_time():
    """A chain where each of two arrays is computed from both (a = f(a, b); b = g(b, a)): the
    fusion pass fused consumers before their producers and re-fused every path, 2x more work
    per step (8 steps 1.9 s, 10 steps 12 s; 32 steps, one pending program, never ended).
    Producers are fused first now. (A hang check with a generous limit, not a timing.)"""
    code = ("import numpy as np, ptensor as pt\n"
            "a0, b0 = np.linspace(0, 1, 1000), np.linspace(1, 2, 1000)\n"
            "a, b = pt.asarray(a0.copy()), pt.asarray(b0.copy())\n"
            "for _ in range(32):\n"
            "    a = a * 0.5 + b; b = b - a * 0.25\n"
            "    a0 = a0 * 0.5 + b0; b0 = b0 - a0 * 0.25\n"
            "assert np.allclose(np.asarray(a), a0) and np.allclose(np.asarray(b), b0)\n"
            "print('ok')\n")
    env = dict(os.environ, PTENSOR_CACHE_DIR=tempfile.mkdtemp())
    for k in [k for k in env if k.startswith(("PMI_", "PMIX_", "OMPI_", "MPI_LOCAL"))]:
        del env[k]  # (one process, also when the suite runs under mpiexec)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


@pytest.mark.parametrize("make_copy", [
    lambda a: pt.cumulative_prod(a, axis=-1),  # an identity over a length-1 axis
    lambda a: pt.asarray(a, copy=True),
    lambda a: pt.reshape(a, a.shape),
])
def test_result_and_its_update_both_live(make_copy):
    """(fuzz seed 5493) b = copy of a, then a[0] = x, then a and b materialized in one
    program: eliminate-empty-tensors computed a's old value into a's output buffer, the
    update's copy overwrote it there, and b received the update (-0.0 instead of NaN)."""
    src = np.array([1.0], dtype=np.float32)
    a = pt.asarray(src) + np.nan
    b = make_copy(a)
    a[-1, None] = -0.0
    assert_matches(a, np.array([-0.0], np.float32))
    assert_matches(b, np.array([np.nan], np.float32))


def test_result_and_its_scatter_update_both_live():
    """(fuzz seed 5846) a3 = roll of a length-1 a2 (a copy), then a2[index array] = 1: the
    scatter's copy overwrote a2's old value before a3 was copied out (a3 held the update)."""
    a0 = pt.asarray(np.ones((4,), dtype=np.uint8))
    a2 = pt.argmax(a0, axis=0, keepdims=True)
    a3 = pt.roll(a2, -7, axis=0)
    a2[pt.asarray(np.array([0]))] = pt.asarray(np.ones((1,), dtype=np.int64))
    assert_matches(a2, np.array([1]))
    assert_matches(a3, np.array([0]))


def test_two_updated_results_of_one_value():
    """(fuzz seed 7638) a3 = a copy of a2 (roll over a length-1 axis, folded away), then a2
    and a3 both updated in place (a2[...] = -7, a scatter into a view of a3), then
    materialized with a2 first: one buffer updated twice, and a3 held a2's update."""
    a1 = pt.asarray(np.ones((1, 2, 4)))
    a2 = pt.pow(a1, a1)
    a3 = pt.roll(a2, -6, axis=0)
    a2[None, ...] = -7.0
    a4 = a3[:, None, -2:, :, None]
    a4[pt.asarray(np.array([0])), 3::5] = a4
    assert_matches(a2, np.full((1, 2, 4), -7.0))
    assert_matches(a3, np.ones((1, 2, 4)))


@pytest.mark.parametrize("dtype, xs", [
    ("float64", [1.0, 2.0, 700.0, 703.9, 709.0, 709.78, 710.0, -745.0, -800.0, 1e-300, np.inf]),
    ("float32", [1.0, 2.0, 80.0, 84.5, 88.0, 88.72, 89.0, -100.0, 1e-30, np.inf]),
])
def test_expm1_near_overflow(dtype, xs):
    """(fuzz seed 300191) expm1 = (u - 1) * x / log(u) overflowed in (u - 1) * x from
    x ~ 703.2 (float64) and 84.2 (float32): inf where NumPy gives finite values."""
    a = np.array(xs, dtype=dtype)
    with np.errstate(over="ignore"):
        want = np.expm1(a)
    got = np.asarray(pt.expm1(pt.asarray(a)))
    np.testing.assert_allclose(got, want, rtol=1e-13 if dtype == "float64" else 1e-6)


@pytest.mark.parametrize("dtype, xs", [
    ("float64", [1.0, 2.0, 1e10, 1e300, 2.6e305, 1e307, 1.7e308, np.inf, -0.5, 1e-300]),
    ("float32", [1.0, 2.0, 1e10, 1e36, 1e38, 3.4e38, np.inf, -0.5, 1e-30]),
])
def test_log1p_of_huge_values(dtype, xs):
    """(found beside fuzz seed 300191) log1p = log(u) * x / (u - 1) overflowed in
    log(u) * x from x ~ 2.5e305 (float64) and 4.8e36 (float32)."""
    a = np.array(xs, dtype=dtype)
    want = np.log1p(a)
    got = np.asarray(pt.log1p(pt.asarray(a)))
    np.testing.assert_allclose(got, want, rtol=1e-13 if dtype == "float64" else 1e-6)


# Fuzz seeds 1504300 and 1504965 (found 2026-11-27 on 2c7b1d9, fixed the next day in
# mlir_passes/Transforms/EmptyTensorGuards.cpp; lit: tests/mlir/separate-results.mlir).


@pytest.mark.parametrize("copy", ["astype", "asarray", "positive"])
@pytest.mark.parametrize("value", ["self", "scalar"])
def test_copy_of_a_computed_array_then_a_scatter_into_it(copy, value):
    """Seed 1504300: a copy of a computed array (folded to the array itself) and a scatter into
    the array, both results of one program: the copy held the scattered values (the scatter's
    loop updated the buffer the copy was computed into)."""
    got = {}
    for xp in (np, pt):
        b1 = xp.asarray(np.array([1, 2, 3])) * 1
        b4 = {"astype": lambda: xp.astype(b1, xp.int64),
              "asarray": lambda: xp.asarray(b1, copy=True),
              "positive": lambda: xp.positive(b1)}[copy]()
        b1[xp.asarray(np.array([2, 1, 0]))] = b1 if value == "self" else 7
        got[xp] = (np.array(b1), np.array(b4))
    for want, have in zip(got[np], got[pt]):
        np.testing.assert_array_equal(have, want)


def test_scan_of_an_array_written_through_a_view_later():
    """Seed 1504965: a scan of a scan's result, then a write through a view into the first
    result, in one program: the second scan read its operand after the write."""
    arrays = {}
    for xp in (np, pt):
        a1 = xp.asarray(np.ones((4, 2), dtype=np.int64))
        a2 = xp.cumulative_prod(a1, axis=-2)
        a3 = a2[None, -2::-3]
        a5 = xp.cumulative_sum(a2, axis=1)
        a3[::5, ..., -1] = -4
        arrays[xp] = [np.array(v) for v in (a1, a2, a3, a5)]
    for want, got in zip(arrays[np], arrays[pt]):
        np.testing.assert_array_equal(got, want)


def test_sort_of_a_sorted_array_written_into_later():
    """The same hazard through another custom call: sort of a sort's result, then a write
    into the first result; both results materialized together."""
    a = np.array([5.0, 3.0, 9.0, 1.0, 7.0])
    got = {}
    for xp in (np, pt):
        s1 = xp.sort(xp.asarray(a) * 2)
        s2 = xp.flip(xp.sort(s1))
        s1[1:3] = -1.0
        got[xp] = (np.array(s1), np.array(s2))
    for want, have in zip(got[np], got[pt]):
        np.testing.assert_array_equal(have, want)

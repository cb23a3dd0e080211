"""The JIT cache: loops compile once; sizes and scalars are arguments, not part of the key."""
import numpy as np
import pytest

import ptensor as pt


def test_time_step_loop_compiles_once(compiles):
    x = pt.asarray(np.linspace(0.0, 1.0, 1000))
    ref = np.linspace(0.0, 1.0, 1000)
    float(pt.sum(x * 0.5 + 1.0))  # warm-up: x becomes a leaf, first structure compiled
    before = compiles()
    for _ in range(50):
        x = x * 0.5 + 1.0
        ref = ref * 0.5 + 1.0
        s = float(pt.sum(x))
    assert compiles() - before <= 1
    assert s == pytest.approx(ref.sum(), rel=1e-12)


def test_twenty_sizes_compile_once():
    float(pt.sum(pt.arange(50) * 2.0))
    before = pt.cache_info()["compiles"]
    for n in range(100, 2100, 100):
        got = float(pt.sum(pt.arange(n) * 2.0))
        assert got == (np.arange(n) * 2.0).sum()
    assert pt.cache_info()["compiles"] == before


def test_compile_error_is_a_python_exception():
    assert issubclass(pt.CompileError, RuntimeError)


def test_long_chain_without_materialization_is_correct():
    a = pt.ones(1000)
    ref = np.ones(1000)
    for _ in range(500):  # crosses the pending-program limit several times
        a = a * 0.5 + 1.0
        ref = ref * 0.5 + 1.0
    np.testing.assert_allclose(np.asarray(a), ref, rtol=1e-12)

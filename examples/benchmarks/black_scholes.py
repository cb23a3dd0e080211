"""Black-Scholes on NumPy and ptensor: the same code (array-API namespace `xp`).

Prints median times over repeats, the ratio ptensor / NumPy, ptensor's cold-compile time and
the per-materialization overhead of a cache hit on a tiny array.
Usage: python examples/benchmarks/black_scholes.py [--sizes 1000000 10000000] [--repeat 5]
"""
import argparse
import os
import sys
import tempfile
import time

import numpy as np

# a fresh, empty program cache: the cold-compile time below is a real compile
os.environ["PTENSOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ptensor-bs-cache-")
import ptensor as pt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from suite import median_time  # noqa: E402
from workloads import black_scholes  # noqa: E402  (the one definition, shared with suite.py)


class NumpyNS:
    """NumPy under the array-API names this benchmark uses."""
    abs, exp, log, sqrt, float64 = np.abs, np.exp, np.log, np.sqrt, np.float64

    @staticmethod
    def astype(x, dtype):
        return x.astype(dtype)


def inputs(n, seed=7):
    rng = np.random.default_rng(seed)
    return (rng.uniform(10.0, 50.0, n), rng.uniform(10.0, 50.0, n), rng.uniform(1.0, 2.0, n))


def run_numpy(price, strike, t):
    return black_scholes(NumpyNS, price, strike, t)


def run_ptensor(price, strike, t):
    call, put = black_scholes(pt, price, strike, t)
    pt.sync()
    return call, put


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[10**6, 10**7])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    # cold compile: first call on a fresh structure
    before = pt.cache_info()["compile_time"]
    p, s, t = (pt.asarray(a) for a in inputs(1000))
    run_ptensor(p, s, t)
    cold = pt.cache_info()["compile_time"] - before
    print(f"cold compile of Black-Scholes: {cold * 1e3:.1f} ms")

    print(f"{'n':>10} {'numpy [ms]':>11} {'ptensor [ms]':>13} {'speedup':>8}")
    for n in args.sizes:
        npin = inputs(n)
        ptin = [pt.asarray(a) for a in npin]
        c_np, p_np = run_numpy(*npin)
        c_pt, p_pt = run_ptensor(*ptin)
        np.testing.assert_allclose(np.asarray(c_pt), c_np, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(np.asarray(p_pt), p_np, rtol=1e-9, atol=1e-9)
        t_np = median_time(lambda: run_numpy(*npin), args.repeat)
        t_pt = median_time(lambda: run_ptensor(*ptin), args.repeat)
        print(f"{n:>10} {t_np * 1e3:>11.1f} {t_pt * 1e3:>13.1f} {t_np / t_pt:>7.2f}x")

    # cache hit on a tiny array: record 2 ops + materialize
    x = pt.ones(16)
    pt.sync()
    float(pt.sum(x * 2.0 + 1.0))
    hits0 = pt.cache_info()["hits"]
    reps = 2000
    t0 = time.perf_counter()
    for _ in range(reps):
        float(pt.sum(x * 2.0 + 1.0))
    dt = (time.perf_counter() - t0) / reps
    assert pt.cache_info()["hits"] - hits0 == reps
    xn = np.ones(16)
    t0 = time.perf_counter()
    for _ in range(reps):
        float(np.sum(xn * 2.0 + 1.0))
    dn = (time.perf_counter() - t0) / reps
    print(f"tiny array (16 elements), 3 ops + materialize, cache hit: {dt * 1e6:.1f} us "
          f"(NumPy {dn * 1e6:.1f} us)")


if __name__ == "__main__":
    main()

"""Elementwise math functions on a large array, ptensor against NumPy, warm (median of 10
after one untimed run; the result converted to NumPy). The host programs call glibc's
libmvec for every function it vectorizes (src/VectorMath.cpp); NumPy calls its own SIMD
code where it has one (AVX-512 machines: most of them) and libm elsewhere.

    python examples/benchmarks/vector_math.py [--n 1000000]
"""
import argparse
import statistics
import time

import numpy as np

import ptensor as pt

FUNCTIONS = ["sin", "cos", "tan", "exp", "log", "log10", "tanh", "sinh", "cosh", "atan",
             "asin", "acos", "asinh", "atan2", "hypot", "expm1", "log1p", "cbrt"]
BINARY = {"atan2", "hypot"}


def timed(fn, repeat=10):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    n = ap.parse_args(argv).n
    a = np.random.default_rng(0).random(n) * 0.8 + 0.1
    x = pt.asarray(a)
    print(f"{'function':10s} {'numpy ms':>9s} {'ptensor ms':>10s} {'speed-up':>9s}")
    rows = []
    for name in FUNCTIONS:
        k = 2 if name in BINARY else 1
        ours = getattr(pt, name)
        ref = getattr(np, name)
        np.testing.assert_allclose(np.asarray(ours(*[x] * k)), ref(*[a] * k), rtol=1e-13)
        t_np = timed(lambda: ref(*[a] * k))
        t_pt = timed(lambda: np.asarray(ours(*[x] * k)))
        rows.append((name, t_np, t_pt))
        print(f"{name:10s} {t_np * 1e3:9.2f} {t_pt * 1e3:10.2f} {t_np / t_pt:8.2f}x", flush=True)
    return rows


if __name__ == "__main__":
    main()

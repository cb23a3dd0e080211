"""Where the eager path should stop: chains of elementwise operations and reductions on
arrays of n elements, computed eagerly (NumPy, one call per operation) and compiled (one
fused program, warm cache), with NumPy itself as the reference, in one process.

    python examples/benchmarks/eager_limit.py [--sizes 256 1024 4096 16384 65536 262144]

The eager limit (pt.set_eager_limit, docs/performance.md) is the size up to which the eager
column is the faster one for the short chains loops are made of; float64 sin and cos, whose
NumPy loops are scalar code, have a lower one (the "default" column: what users get).
"""
import argparse
import statistics
import time

import numpy as np

import ptensor as pt

CHAINS = {
    "x * 2.0 + y": lambda m, x, y: x * 2.0 + y,
    "sin(x) * y - x / 3.0": lambda m, x, y: m.sin(x) * y - x / 3.0,
    "sin(x)": lambda m, x, y: m.sin(x),
    "tanh(x)": lambda m, x, y: m.tanh(x),
    "sum(x * y)": lambda m, x, y: m.sum(x * y),
    "x[1:] - x[:-1]": lambda m, x, y: x[1:] - x[:-1],
}


def timed(fn, repeat=20):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+",
                    default=[256, 1024, 4096, 16384, 65536, 262144])
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    print(f"{'chain':24s} {'n':>8s} {'numpy us':>9s} {'eager us':>9s} {'compiled us':>11s} "
          f"{'default us':>10s}")
    for name, chain in CHAINS.items():
        for n in a.sizes:
            xn, yn = rng.random(n), rng.random(n)
            x, y = pt.asarray(xn), pt.asarray(yn)
            t_np = timed(lambda: chain(np, xn, yn))
            pt.set_eager_limit(2**62)
            t_eager = timed(lambda: np.asarray(chain(pt, x, y)))
            pt.set_eager_limit(0)
            t_comp = timed(lambda: np.asarray(chain(pt, x, y)))
            pt.set_eager_limit(pt._eager.DEFAULT_LIMIT)
            t_default = timed(lambda: np.asarray(chain(pt, x, y)))
            print(f"{name:24s} {n:8d} {t_np * 1e6:9.1f} {t_eager * 1e6:9.1f} "
                  f"{t_comp * 1e6:11.1f} {t_default * 1e6:10.1f}", flush=True)


if __name__ == "__main__":
    main()

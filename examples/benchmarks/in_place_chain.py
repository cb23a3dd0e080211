"""A chain of augmented assignments into one region, as finite-difference and accumulation
codes write it: `b[1:-1, 1:-1] += w_k * (a[2:, 1:-1] - a[:-2, 1:-1] + ...)` for k steps
(issue 28: the chain fuses into one pass; target at least 2x NumPy's in-place loop). Prints
the median time of NumPy and ptensor (warm) and the ratio; checks ptensor against NumPy.

    python examples/benchmarks/in_place_chain.py [--n 512 2048] [--steps 8] [--repeat 5]
"""
import argparse
import statistics
import time

import numpy as np


def chain(xp, a, b, steps):
    for k in range(steps):
        b[1:-1, 1:-1] += (0.1 * (k + 1)) * (a[2:, 1:-1] - a[:-2, 1:-1] + a[1:-1, 2:] - a[1:-1, :-2])
    return b


def timed(xp, a0, steps):
    a, b = xp.asarray(a0), xp.zeros(a0.shape)
    t = time.perf_counter()
    r = np.asarray(chain(xp, a, b, steps))
    return time.perf_counter() - t, r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, nargs="+", default=[512, 2048])
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    import ptensor as pt
    print(f"in-place chain, {a.steps} updates of one region, median of {a.repeat} (ms)")
    print(f"{'n':>6} {'numpy':>9} {'ptensor':>9} {'ratio':>7}")
    for n in a.n:
        a0 = np.random.default_rng(0).random((n, n))
        want = timed(np, a0, a.steps)[1]
        got = timed(pt, a0, a.steps)[1]  # warm-up: compiles
        assert np.allclose(got, want), "ptensor differs from NumPy"
        t_np = statistics.median(timed(np, a0, a.steps)[0] for _ in range(a.repeat))
        t_pt = statistics.median(timed(pt, a0, a.steps)[0] for _ in range(a.repeat))
        print(f"{n:>6} {t_np * 1e3:>9.1f} {t_pt * 1e3:>9.1f} {t_np / t_pt:>6.2f}x", flush=True)


if __name__ == "__main__":
    main()

"""The heat equation written the way NumPy users write it: a 5-point stencil assigned in
place, `u[1:-1, 1:-1] = u[1:-1, 1:-1] + nu * (...)`, many steps, no materialization inside
the loop. Prints the median time of NumPy and ptensor (warm: programs compiled) and their
ratio, ptensor through pt.jit (the steps recorded once, then replayed: no Python recording),
then ptensor's first run in a fresh process with an empty cache (compiles included).

    python examples/benchmarks/heat_in_place.py [--n 256 2048] [--steps 100] [--repeat 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np


def heat(xp, n, steps, nu=0.2):
    u = xp.zeros((n, n))
    u[n // 4: n // 2, n // 4: n // 2] = 1.0
    for _ in range(steps):
        u[1:-1, 1:-1] = u[1:-1, 1:-1] + nu * (
            u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1])
    return u


def timed(xp, n, steps):
    t = time.perf_counter()
    r = np.asarray(heat(xp, n, steps))
    return time.perf_counter() - t, r


def jit_timed(jitted, n, steps):
    t = time.perf_counter()
    np.asarray(jitted(n, steps))
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, nargs="+", default=[256, 2048])
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--cold", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    import ptensor as pt
    if a.cold:  # child: one run, compiles included
        print(timed(pt, a.n[0], a.steps)[0], pt.cache_info()["compiles"])
        return
    print(f"heat equation in place, {a.steps} steps, median of {a.repeat} (ms)")
    print(f"{'n':>6} {'numpy':>9} {'ptensor':>9} {'ratio':>7} {'pt.jit':>9} {'ratio':>7} "
          f"{'cold':>9} {'compiles':>8}")
    jitted = pt.jit(lambda n, steps: heat(pt, n, steps))
    for n in a.n:
        want = timed(np, n, a.steps)[1]
        got = timed(pt, n, a.steps)[1]  # warm-up: compiles
        assert np.allclose(got, want), "ptensor differs from NumPy"
        assert np.allclose(np.asarray(jitted(n, a.steps)), want)  # the trace
        assert np.allclose(np.asarray(jitted(n, a.steps)), want)  # a replay
        t_np = statistics.median(timed(np, n, a.steps)[0] for _ in range(a.repeat))
        t_pt = statistics.median(timed(pt, n, a.steps)[0] for _ in range(a.repeat))
        t_jit = statistics.median(jit_timed(jitted, n, a.steps) for _ in range(a.repeat))
        with tempfile.TemporaryDirectory() as d:
            out = subprocess.run([sys.executable, __file__, "--cold", "--n", str(n), "--steps",
                                  str(a.steps)], env=dict(os.environ, PTENSOR_CACHE_DIR=d),
                                 capture_output=True, text=True, check=True).stdout.split()
        print(f"{n:>6} {t_np * 1e3:>9.1f} {t_pt * 1e3:>9.1f} {t_np / t_pt:>6.2f}x "
              f"{t_jit * 1e3:>9.1f} {t_np / t_jit:>6.2f}x {float(out[0]) * 1e3:>9.0f} {out[1]:>8}")


if __name__ == "__main__":
    main()

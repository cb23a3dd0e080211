"""Compile time against program size (issue 28: at most linear; 0.3 s for a 10-step loop).

Each measurement is a fresh process with an empty disk cache that records a leapfrog wave
loop of k steps on n^2 (about 15 PTensor ops a step) as one program, materializes it, checks
it against NumPy and reports the compile seconds of its largest program (pt.compile_log()).
Prints the median over --repeat processes per size, and seconds per op.

    python examples/benchmarks/compile_time.py [--steps 1 3 8 10] [--n 128] [--repeat 3]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np


def wave(xp, u, steps, c=0.1):
    up = u * 1.0
    for _ in range(steps):
        lap = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]
        un = 2 * u - up
        un[1:-1, 1:-1] = un[1:-1, 1:-1] + c * lap
        up, u = u, un
    return u


def child(n, steps):
    import ptensor as pt
    u0 = np.random.default_rng(0).random((n, n))
    got = np.asarray(wave(pt, pt.asarray(u0), steps))
    np.testing.assert_allclose(got, wave(np, u0, steps), rtol=1e-12)
    big = max(pt.compile_log(), key=lambda r: r["operations"])
    print(json.dumps({"operations": big["operations"], "seconds": big["seconds"]}))


def measure(n, steps):
    with tempfile.TemporaryDirectory() as d:
        out = subprocess.run([sys.executable, __file__, "--child", str(n), str(steps)],
                             env=dict(os.environ, PTENSOR_CACHE_DIR=d, PTENSOR_PROGRESS="0",
                                      PTENSOR_EAGER="0"),  # (compiles, not NumPy)
                             check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, nargs="+", default=[1, 3, 8, 10])
    ap.add_argument("--n", type=int, default=128)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", type=int, nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        return child(*a.child)
    print(f"| steps | PTensor ops | compile s (median of {a.repeat}) | ms per op |")
    print("|---|---|---|---|")
    for steps in a.steps:
        runs = [measure(a.n, steps) for _ in range(a.repeat)]
        ops = runs[0]["operations"]
        s = statistics.median(r["seconds"] for r in runs)
        print(f"| {steps} | {ops} | {s:.3f} | {1e3 * s / ops:.2f} |", flush=True)


if __name__ == "__main__":
    main()

"""Shared driver of the PDE examples: arguments, timing, the NumPy check, printing on rank 0.
The same script runs on one process and under `mpiexec -n N` (arrays split over the ranks)."""
import argparse
import time

import numpy as np

import ptensor as pt


def parse(doc, n=1024, steps=20):
    p = argparse.ArgumentParser(description=doc)
    p.add_argument("--n", type=int, default=n, help="grid size (n x n)")
    p.add_argument("--steps", type=int, default=steps)
    p.add_argument("--check", action="store_true", help="compare with the same code on NumPy")
    return p.parse_args()


def say(*a):
    if pt.spmd.rank() == 0:
        print(*a, flush=True)


def run(xp, step, state, steps):
    """`steps` time steps; with ptensor each step is one program (compiled once, then cached)."""
    for _ in range(steps):
        state = step(xp, state)
        if xp is pt:
            pt.sync()
    return state


def main(doc, init, step, result, n=1024, steps=20):
    """init(n) -> NumPy arrays (identical on every rank); step(xp, state) -> state;
    result(state) -> the arrays to report and check."""
    args = parse(doc, n, steps)
    data = init(args.n)
    run(pt, step, [pt.asarray(a) for a in data], 1)  # warm-up: compiles the step
    state = [pt.asarray(a) for a in data]  # split over the ranks under mpiexec
    pt.spmd.barrier()
    t0 = time.perf_counter()
    state = run(pt, step, state, args.steps)
    pt.spmd.barrier()
    dt = (time.perf_counter() - t0) / max(args.steps, 1)
    out = result(state)
    sums = [float(pt.sum(o)) for o in out]
    say(f"{args.n}x{args.n}, {args.steps} steps on {pt.spmd.nranks()} rank(s): "
        f"{dt * 1e3:.2f} ms/step, checksums {', '.join(f'{s:.12g}' for s in sums)}")
    if args.check:
        want = result(run(np, step, [a.copy() for a in data], args.steps))
        for o, w in zip(out, want):
            np.testing.assert_allclose(np.asarray(o), w, rtol=1e-10, atol=1e-12)
        say("check against NumPy: OK")
    return dt

"""Distributed scaling: the star stencil (4096x4096), Black-Scholes, sort and matmul (2000^2,
both operands split: 1-D SUMMA) at 1 and 2 MPI ranks.

    python examples/benchmarks/dist_scaling.py [--ranks 1 2] [--n 4096] [--repeat 5]
        [--rounds 3] [--workloads stencil black_scholes sort matmul]

Each rank count is a real `mpiexec -n P` run of this file (--worker), launched --rounds
times, alternating with the other counts (1, 2, 1, 2, ...: this VM's memory bandwidth drifts
between phases within minutes, and alternating puts both counts into each phase). Every rank
runs one OpenMP thread (PTENSOR_NUM_THREADS=1), so P ranks use P cores and the parallel
efficiency T1 / (P * TP) compares like with like. Reported per step: the median over the
rounds of each launch's median time over its repeats, the efficiency (and each round's own),
and the bytes and messages all ranks together sent (halo rows, reductions),
read from the runtime's counters (pt.spmd.stats()). The 1-rank run also times the same step
on NumPy (one thread, in the same process) for the ratio.

The last line is the machine's own limit: the C STREAM triad's bandwidth from 1 process and
from P processes at once (one thread each on 1/P of the data, as the ranks run). A step that
streams memory (the stencil: one read and one write per point) cannot scale better than
bandwidth(P) / (P * bandwidth(1)).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def worker(name, n, steps, repeat):
    import ptensor as pt
    sys.path.insert(0, HERE)
    import workloads

    rng = np.random.default_rng(0)
    if name == "stencil":
        sys.path.insert(0, os.path.join(HERE, ".."))
        from stencil import sweep
        u0 = rng.random((n, n))
        u, v = pt.asarray(u0), pt.asarray(u0)
        nu, nv = u0.copy(), u0.copy()

        def work():
            nonlocal u, v
            sweep(u, v)
            u, v = v, u
            return u

        def work_np():
            nonlocal nu, nv
            sweep(nu, nv)
            nu, nv = nv, nu
    elif name == "matmul":  # both split by rows: 1-D SUMMA (broadcasts inside the program)
        a0, b0 = rng.random((n, n)), rng.random((n, n))
        a, b = pt.asarray(a0), pt.asarray(b0)

        def work():
            return a @ b

        def work_np():
            return a0 @ b0
    elif name == "sort":
        a0 = rng.random(n)
        x = pt.asarray(a0)

        def work():
            return pt.sort(x)

        def work_np():
            return np.sort(a0)
    else:
        data = workloads.inputs("black_scholes", scale=n / 4_000_000)
        args = [pt.asarray(a) for a in data]

        def work():
            return workloads.black_scholes(pt, *args)

        def work_np():
            return workloads.black_scholes(np, *data)

    def timed():
        pt.spmd.barrier()
        t0 = time.perf_counter()
        for _ in range(steps):
            keep = work()  # noqa: F841  (results stay referenced: sync computes them)
            pt.sync()
        pt.spmd.barrier()
        return (time.perf_counter() - t0) / steps

    timed()  # warm-up: compiles
    s0 = pt.spmd.stats()
    times = [timed() for _ in range(repeat)]
    s1 = pt.spmd.stats()
    sent = pt.spmd.all_reduce(pt.asarray(np.array([s1["bytes_sent"] - s0["bytes_sent"],
                                                   s1["messages"] - s0["messages"]]), team=None))
    per = np.asarray(sent) / (steps * repeat)
    ref = float("nan")
    if pt.spmd.nranks() == 1:
        ts = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            for _ in range(steps):
                work_np()
            ts.append((time.perf_counter() - t0) / steps)
        ref = float(np.median(ts))
    if pt.spmd.rank() == 0:
        print(json.dumps({"time": float(np.median(times)), "bytes": float(per[0]),
                          "messages": float(per[1]), "numpy": ref}))


def run(name, ranks, n, steps, repeat):
    # one thread per rank, OpenBLAS's too (NumPy's bundled one reads OPENBLAS_NUM_THREADS;
    # ptensor caps Debian's at PTENSOR_NUM_THREADS)
    env = dict(os.environ, PTENSOR_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    cmd = ["mpiexec", "-n", str(ranks), sys.executable, os.path.abspath(__file__), "--worker",
           name, "--n", str(n), "--steps", str(steps), "--repeat", str(repeat)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


WORKLOADS = ("stencil", "black_scholes", "sort", "matmul")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--worker")
    p.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    p.add_argument("--n", type=int, default=0, help="stencil grid / Black-Scholes size")
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--rounds", type=int, default=3, help="launches per rank count, alternated")
    p.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=WORKLOADS)
    a = p.parse_args()
    if a.worker:
        return worker(a.worker, a.n, a.steps, a.repeat)
    sizes = {"stencil": a.n or 4096, "black_scholes": a.n * a.n if a.n else 8_000_000,
             "sort": a.n * a.n if a.n else 1 << 23, "matmul": a.n or 2000}
    print(f"# ptensor distributed scaling, 1 thread per rank, median of {a.rounds} rounds "
          f"(alternating rank counts) of the median of {a.repeat} x {a.steps} steps")
    print("| workload | size | ranks | ms/step | efficiency | bytes sent/step | messages/step "
          "| NumPy ms/step (1 thread) |")
    print("|---|---|---|---|---|---|---|---|")
    for name in a.workloads:
        # rounds alternate the rank counts (1, 2, 1, 2, ...), so a slow phase of the machine
        # falls on both; each count's time is the median over its rounds
        runs = {r: [] for r in a.ranks}
        for _ in range(a.rounds):
            for r in a.ranks:
                runs[r].append(run(name, r, sizes[name], a.steps, a.repeat))
        times = {r: float(np.median([res["time"] for res in runs[r]])) for r in a.ranks}
        base = times.get(1)
        for r in a.ranks:
            res = runs[r][-1]
            eff = base / (r * times[r]) if base else float("nan")
            size = f"{sizes[name]}^2" if name in ("stencil", "matmul") else str(sizes[name])
            ref = "" if np.isnan(res["numpy"]) else \
                f"{np.median([v['numpy'] for v in runs[r]]) * 1e3:.1f}"
            print(f"| {name} | {size} | {r} | {times[r] * 1e3:.1f} | {eff:.0%} | "
                  f"{res['bytes']:.0f} | {res['messages']:.0f} | {ref} |", flush=True)
        if base and a.rounds > 1:
            per = ", ".join(f"{runs[1][i]['time'] / (r * runs[r][i]['time']):.0%}"
                            for r in a.ranks if r > 1 for i in range(a.rounds))
            print(f"# {name}: efficiency of each round (its own 1-rank time): {per}")
    P = max(a.ranks)
    n = 20_000_000 if a.n == 0 else 1_000_000
    bw = {p: concurrent_stream(n, p) for p in (1, P)}
    if P > 1 and bw[1] and bw[P]:
        print(f"# C STREAM triad: {bw[1]:.1f} GB/s from 1 process, {bw[P]:.1f} GB/s from {P} "
              f"at once (one thread each, {n} / {P} elements each, as the ranks): "
              f"bandwidth-bound steps scale at most {bw[P] / (P * bw[1]):.0%}")


def concurrent_stream(n, P, repeat=20):
    """GB/s of P single-threaded C STREAM triads on n / P elements each, started together
    (as P ranks share the node's memory), summed; None if it cannot be built. Each process
    reports its best of `repeat` sweeps; the P processes run their sweeps at the same time."""
    sys.path.insert(0, HERE)
    from suite import build_stream
    with tempfile.TemporaryDirectory() as d:
        exe, _ = build_stream(d)
        if exe is None:
            return None
        env = dict(os.environ, OMP_NUM_THREADS="1")
        procs = [subprocess.Popen([exe, str(n // P), str(repeat)], stdout=subprocess.PIPE,
                                  text=True, env=env) for _ in range(P)]
        outs = [p.communicate()[0] for p in procs]
        if any(p.returncode for p in procs):
            return None
        return sum(float(o) for o in outs)


if __name__ == "__main__":
    main()

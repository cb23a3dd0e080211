"""Loop-heavy kernels (loop_kernels.py) timed warm and cold: ptensor against NumPy, and Numba's
njit of the same loop where Numba is installed, in one run.

    python examples/benchmarks/loops.py [--sizes 60 250] [--repeat 3] [--only NAME ...]
                                        [--no-cold] [--out DIR]

Warm: each kernel runs once untimed in this process (compiles, caches), is checked against
NumPy's result, then timed `repeat` times on fresh copies of its inputs; the median is
reported. Cold: a fresh process with an empty ptensor disk cache runs the kernel once; the
time of that first call is reported (the import is not counted; it is printed once). JAX is
not a peer here: its arrays are immutable, and these kernels write in place. Ratios are
NumPy's time over the peer's (> 1: faster than NumPy); the geometric mean is over the kernels
of one size. Writes DIR/loops.json with --out.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy

import loop_kernels as K

HERE = os.path.dirname(os.path.abspath(__file__))


def _module(name):
    if name == "numpy":
        return numpy
    import ptensor
    return ptensor


def _inputs(name, n, lib):
    d = K.make(n, numpy.random.default_rng(n))
    _, names = K.KERNELS[name]
    mod = _module(lib)
    return [mod.asarray(d[k].copy()) for k in names]


def _finish(lib, r):
    """The result as a NumPy array (computing it: ptensor is lazy)."""
    return numpy.asarray(r)


def _run(fn, lib, name, n):
    args = _inputs(name, n, lib)
    t = time.perf_counter()
    r = _finish(lib, fn(*args))
    return time.perf_counter() - t, r


def warm(lib, name, n, repeat, expect):
    kernel, _ = K.KERNELS[name]
    fn = _numba(kernel) if lib == "numba" else K.bind(kernel, _module(lib))
    if fn is None:
        return None
    try:
        _, r = _run(fn, "numpy" if lib == "numba" else lib, name, n)
    except Exception as e:  # noqa: BLE001  (a kernel Numba cannot compile: no time)
        if lib != "numba":
            raise
        print(f"  (numba: {name}: {type(e).__name__})", file=sys.stderr)
        return None
    if not numpy.allclose(r, expect, rtol=1e-9, atol=1e-9):
        raise AssertionError(f"{lib} {name} n={n}: result differs from NumPy's")
    return statistics.median(_run(fn, "numpy" if lib == "numba" else lib, name, n)[0]
                             for _ in range(repeat))


def _numba(kernel):
    try:
        import numba
    except ImportError:
        return None
    return numba.njit(K.bind(kernel, numpy))


def cold(lib, name, n):
    """The first call's time in a fresh process with an empty disk cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PTENSOR_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, __file__, "--child", lib, name, str(n)], env=env,
                             check=True, capture_output=True, text=True, cwd=HERE).stdout
    return json.loads(out.strip().splitlines()[-1])


def child(lib, name, n):
    t = time.perf_counter()
    mod = _module(lib)
    imported = time.perf_counter() - t
    kernel, _ = K.KERNELS[name]
    seconds, _ = _run(K.bind(kernel, mod), lib, name, n)
    print(json.dumps({"import": imported, "first": seconds}))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[60, 250])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", nargs="+")
    ap.add_argument("--no-cold", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--child", nargs=3)
    a = ap.parse_args(argv)
    if a.child:
        return child(a.child[0], a.child[1], int(a.child[2]))
    names = a.only or list(K.KERNELS)
    rows = []
    for n in a.sizes:
        print(f"\nn = {n}: seconds (NumPy's time / peer's)")
        print(f"{'kernel':14s} {'numpy':>9s} {'ptensor':>9s} {'ratio':>7s} {'numba':>9s} "
              f"{'ratio':>7s} {'np cold':>9s} {'pt cold':>9s} {'ratio':>7s}")
        for name in names:
            expect = _run(K.bind(K.KERNELS[name][0], numpy), "numpy", name, n)[1]
            row = {"kernel": name, "n": n}
            for lib in ("numpy", "ptensor", "numba"):
                row[lib] = warm(lib, name, n, a.repeat, expect)
            if not a.no_cold:
                row["numpy_cold"] = cold("numpy", name, n)["first"]
                c = cold("ptensor", name, n)
                row["ptensor_cold"], row["ptensor_import"] = c["first"], c["import"]
            rows.append(row)

            def f(v):
                return f"{v:9.4f}" if v is not None else f"{'-':>9s}"

            def r(v, base):
                return f"{base / v:7.2f}" if v else f"{'-':>7s}"
            print(f"{name:14s} {f(row['numpy'])} {f(row['ptensor'])} "
                  f"{r(row['ptensor'], row['numpy'])} {f(row['numba'])} "
                  f"{r(row['numba'], row['numpy'])} {f(row.get('numpy_cold'))} "
                  f"{f(row.get('ptensor_cold'))} "
                  f"{r(row.get('ptensor_cold'), row.get('numpy_cold') or 0)}", flush=True)
        mine = [r for r in rows if r["n"] == n]
        gm = math.exp(statistics.fmean(math.log(r["numpy"] / r["ptensor"]) for r in mine))
        print(f"geometric mean, ptensor warm: {gm:.2f}x NumPy")
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, "loops.json"), "w") as fh:
            json.dump(rows, fh, indent=1)
    return rows


if __name__ == "__main__":
    main()

"""Sorting (issue 28's target: pt.sort / pt.argsort of float64 at 2^20..2^23 at least as fast
as NumPy's default sort): pt.sort and pt.argsort against np.sort / np.argsort (default kind,
quicksort: NumPy's SIMD sort where the CPU has one), NumPy's stable kind, and JAX's jitted
jnp.sort / jnp.argsort (stable) where JAX is installed. Standard normal float64, each result
checked against NumPy's stable sort (values exactly; argsort's indices where ptensor's and
JAX's are stable). Prints median ms of --repeat runs after a warm-up (compiles), and NumPy's
default time over each peer's (above 1: faster than NumPy).

    python examples/benchmarks/sort.py [--log2 20 21 22 23] [--repeat 7]
        [--peers numpy "numpy stable" ptensor jax]

The 1-D distributed sort is timed by dist_scaling.py (--workloads sort).
"""
import argparse
import statistics
import time

import numpy as np


def peers(wanted):
    """{peer: (sort, argsort)} of the wanted peers that are installed, each a function of a
    NumPy array returning NumPy."""
    import ptensor as pt
    out = {"numpy": (np.sort, np.argsort),
           "numpy stable": (lambda a: np.sort(a, kind="stable"),
                            lambda a: np.argsort(a, kind="stable"))}

    def pt_run(f):
        def run(a, cache={}):
            if cache.get("src") is not a:  # the input converted once, outside the timing
                cache.update(src=a, x=pt.asarray(a))
            return np.asarray(f(cache["x"]))
        return run

    out["ptensor"] = (pt_run(pt.sort), pt_run(pt.argsort))
    if "jax" not in wanted:
        return {k: v for k, v in out.items() if k in wanted}
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_enable_x64", True)
        js, ja = jax.jit(jnp.sort), jax.jit(lambda v: jnp.argsort(v, stable=True))

        def jax_run(f):
            def run(a, cache={}):
                if cache.get("src") is not a:
                    cache.update(src=a, x=jnp.asarray(a))
                return np.asarray(f(cache["x"]).block_until_ready())
            return run

        out["jax"] = (jax_run(js), jax_run(ja))
    except ImportError:
        pass
    return {k: v for k, v in out.items() if k in wanted}


def main(argv=None):
    """Prints the table; returns {(op, log2 n): {peer: median seconds}}."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--log2", type=int, nargs="+", default=[20, 21, 22, 23])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--peers", nargs="+", default=["numpy", "numpy stable", "ptensor", "jax"])
    a = ap.parse_args(argv)
    if "numpy" not in a.peers:
        ap.error("--peers must include numpy (the baseline)")
    ps = peers(a.peers)
    rows = []
    for k in a.log2:
        x = np.random.default_rng(k).standard_normal(1 << k)
        want_s, want_i = np.sort(x, kind="stable"), np.argsort(x, kind="stable")
        for op, want in (("sort", want_s), ("argsort", want_i)):
            times = {}
            for name, fns in ps.items():
                f = fns[op == "argsort"]
                got = f(x)  # warm-up; checked
                stable = op == "sort" or name in ("ptensor", "jax", "numpy stable")
                if stable and not np.array_equal(got, want):
                    raise SystemExit(f"{name} {op} 2^{k}: result differs from NumPy's")
                ts = []
                for _ in range(a.repeat):
                    t = time.perf_counter()
                    f(x)
                    ts.append(time.perf_counter() - t)
                times[name] = statistics.median(ts)
            rows.append(((op, k), times))
    names = list(ps)
    print("| workload | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for (op, k), times in rows:
        base = times["numpy"]
        print(f"| {op} 2^{k} | " + " | ".join(
            f"{times[n] * 1e3:.2f} ({base / times[n]:.2f}x)" for n in names) + " |")
    return dict(rows)


if __name__ == "__main__":
    main()

"""NumPy's namespace beyond the array API, timed: ptensor against NumPy (and JAX where it is
installed and has the function), each function at several sizes, in one process.

    python examples/benchmarks/namespace.py [--sizes 1000 100000 10000000] [--repeat 5]
                                            [--only NAME ...] [--out DIR]

Each (function, size, peer) runs once untimed (compilation, warm caches), is checked against
NumPy's result, then timed `repeat` times; the median is reported with its ratio to NumPy
(> 1: faster than NumPy). ptensor's time includes materializing the result (pt.sync()), JAX's
block_until_ready(). Prints a table per size and the ten slowest ratios; writes DIR/namespace.md
and DIR/namespace.json.
"""
import argparse
import json
import os
import statistics
import sys
import time

import numpy as np

import ptensor as pt

try:  # a peer where installed
    import jax
    import jax.numpy as jnp
    jax.config.update("jax_enable_x64", True)
except Exception:  # noqa: BLE001
    jnp = None


def _inputs(n, rng):
    x = rng.standard_normal(n)
    y = rng.standard_normal(n)
    side = max(2, int(round(n ** 0.5)))
    m = rng.standard_normal((side, side))
    labels = rng.integers(0, 64, n)
    return {"x": x, "y": y, "m": m, "labels": labels, "xn": np.where(x > 1.5, np.nan, x),
            "short": rng.standard_normal(9), "sorted": np.sort(x)}


# name -> (inputs used, call); the call gets the module (numpy, ptensor, jax.numpy) and the
# inputs converted for it
CASES = {
    "cumsum": ("x", lambda np_, d: np_.cumsum(d["x"])),
    "nansum": ("xn", lambda np_, d: np_.nansum(d["xn"])),
    "nanmean": ("xn", lambda np_, d: np_.nanmean(d["xn"])),
    "nanmax": ("xn", lambda np_, d: np_.nanmax(d["xn"])),
    "median": ("x", lambda np_, d: np_.median(d["x"])),
    "percentile": ("x", lambda np_, d: np_.percentile(d["x"], 90)),
    "average": ("x y", lambda np_, d: np_.average(d["x"], weights=np_.abs(d["y"]))),
    "ptp": ("x", lambda np_, d: np_.ptp(d["x"])),
    "histogram": ("x", lambda np_, d: np_.histogram(d["x"], bins=32, range=(-4.0, 4.0))[0]),
    "bincount": ("labels", lambda np_, d: np_.bincount(d["labels"], minlength=64)),
    "digitize": ("x", lambda np_, d: np_.digitize(d["x"], np_.linspace(-3, 3, 16))),
    "cov": ("m", lambda np_, d: np_.cov(d["m"])),
    "corrcoef": ("m", lambda np_, d: np_.corrcoef(d["m"])),
    "dot": ("x y", lambda np_, d: np_.dot(d["x"], d["y"])),
    "outer": ("short x", lambda np_, d: np_.outer(d["short"], d["x"])),
    "kron": ("short m", lambda np_, d: np_.kron(d["short"][:3], d["m"])),
    "einsum": ("m", lambda np_, d: np_.einsum("ij,jk->ik", d["m"], d["m"])),
    "trace": ("m", lambda np_, d: np_.trace(d["m"])),
    "convolve": ("x short", lambda np_, d: np_.convolve(d["x"], d["short"], mode="same")),
    "interp": ("x sorted", lambda np_, d: np_.interp(d["x"], d["sorted"], d["sorted"] * 2)),
    "gradient": ("x", lambda np_, d: np_.gradient(d["x"])),
    "trapezoid": ("x", lambda np_, d: np_.trapezoid(d["x"])),
    "polyval": ("x", lambda np_, d: np_.polyval(np_.asarray([1.0, -2.0, 0.5, 3.0]), d["x"])),
    "isclose": ("x y", lambda np_, d: np_.isclose(d["x"], d["y"], atol=0.5)),
    "allclose": ("x", lambda np_, d: np_.allclose(d["x"], d["x"] * (1 + 1e-9))),
    "fmod": ("x y", lambda np_, d: np_.fmod(d["x"], d["y"] + 3.0)),
    "heaviside": ("x", lambda np_, d: np_.heaviside(d["x"], 0.5)),
    "sinc": ("x", lambda np_, d: np_.sinc(d["x"])),
    "nan_to_num": ("xn", lambda np_, d: np_.nan_to_num(d["xn"])),
    "select": ("x", lambda np_, d: np_.select([d["x"] < -1, d["x"] > 1], [d["x"] * 2, -d["x"]],
                                              0.0)),
    "hstack": ("x y", lambda np_, d: np_.hstack([d["x"], d["y"]])),
    "pad": ("m", lambda np_, d: np_.pad(d["m"], 2, mode="edge")),
    "diff": ("x", lambda np_, d: np_.diff(d["x"], 2)),
    "add.reduce": ("m", lambda np_, d: np_.add.reduce(d["m"], axis=0)),
    "maximum.accumulate": ("x", lambda np_, d: np_.maximum.accumulate(d["x"])),
    "subtract.outer": ("short x", lambda np_, d: np_.subtract.outer(d["short"], d["x"])),
    "sum(x, 0)": ("m", lambda np_, d: np_.sum(d["m"], 0)),
    "std(ddof=1)": ("m", lambda np_, d: np_.std(d["m"], axis=1, ddof=1)),
    "unique": ("labels", lambda np_, d: np_.unique(d["labels"])),
}


def _convert(data, peer):
    if peer == "numpy":
        return data
    if peer == "ptensor":
        return {k: pt.asarray(v) for k, v in data.items()}
    return {k: jnp.asarray(v) for k, v in data.items()}


def _module(peer):
    return {"numpy": np, "ptensor": pt, "jax": jnp}[peer]


def _ready(r, peer):
    if peer == "ptensor":
        pt.sync()
    elif peer == "jax":
        jax.block_until_ready(r)
    return r


def _check(got, want, name):
    g = np.asarray(got)
    w = np.asarray(want)
    if g.shape != w.shape or not np.allclose(g, w, rtol=1e-6, atol=1e-8, equal_nan=True):
        raise SystemExit(f"{name}: a result differs from NumPy's")


def measure(name, n, repeat, peers):
    used, call = CASES[name]
    data = _inputs(n, np.random.default_rng(n))
    out = {}
    want = None
    for peer in peers:
        mod = _module(peer)
        if peer == "jax" and not hasattr(jnp, name.split(".")[0].split("(")[0]):
            out[peer] = "no such function"
            continue
        d = _convert(data, peer)
        try:
            r = _ready(call(mod, d), peer)
        except Exception as e:  # noqa: BLE001  (a peer without this case or signature)
            out[peer] = f"{type(e).__name__}"
            continue
        if peer == "numpy":
            want = r
        else:
            _check(r, want, f"{name} ({peer}, n={n})")
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            _ready(call(mod, d), peer)
            times.append(time.perf_counter() - t)
        out[peer] = statistics.median(times)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 100000, 10000000])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", nargs="+", default=None)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    a = ap.parse_args(argv)
    peers = ["numpy", "ptensor"] + (["jax"] if jnp is not None else [])
    names = a.only or list(CASES)
    table = {}
    lines = []
    for n in a.sizes:
        lines += [f"\n### n = {n}\n", "| function | NumPy ms | ptensor ms | ratio |"
                  + (" JAX ratio |" if "jax" in peers else ""),
                  "|---|---|---|---|" + ("---|" if "jax" in peers else "")]
        for name in names:
            r = measure(name, n, a.repeat, peers)
            table[f"{name}@{n}"] = r
            base = r["numpy"]

            def ratio(p):
                v = r.get(p)
                return f"{base / v:.2f}" if isinstance(v, float) else str(v)
            ms = r["ptensor"] * 1e3 if isinstance(r["ptensor"], float) else r["ptensor"]
            lines.append(f"| {name} | {base * 1e3:.3f} | "
                         f"{ms if isinstance(ms, str) else f'{ms:.3f}'} | {ratio('ptensor')} |"
                         + (f" {ratio('jax')} |" if "jax" in peers else ""))
            print(lines[-1], flush=True)
    worst = sorted(((table[k]["numpy"] / table[k]["ptensor"], k) for k in table
                    if isinstance(table[k]["ptensor"], float)))[:10]
    lines += ["\n### slowest ten (ratio to NumPy)\n"] + [f"- {k}: {v:.2f}" for v, k in worst]
    print("\n".join(lines[-11:]))
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "namespace.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(a.out, "namespace.json"), "w") as f:
        json.dump(table, f, indent=1)
    return table


if __name__ == "__main__":
    main(sys.argv[1:])

"""Random numbers: pt.random (Philox4x32-10 computed inside the compiled program) against
NumPy's Generator (PCG64, its default, and Philox, the same family) and JAX's jax.random
(threefry) where JAX is installed. Three workloads of n float64 numbers: make them
(uniform), make normals, and only consume them (the mean of exp(normal), fused: ptensor's
numbers never reach memory). Prints median times of --repeat runs (warm: compiled) and each
peer's time over ptensor's (above 1: ptensor is faster).

    python examples/benchmarks/random_numbers.py [--n 10000000] [--repeat 5]
"""
import argparse
import statistics
import time

import numpy as np


def workloads(kind):
    """{name: f(seed) -> a NumPy-convertible result} for one library."""
    if kind == "ptensor":
        import ptensor as pt
        rng = pt.random.default_rng(0)
        return {"uniform": lambda n: np.asarray(rng.random(n)),
                "normal": lambda n: np.asarray(rng.standard_normal(n)),
                "mean(exp(normal))": lambda n: float(pt.mean(pt.exp(rng.standard_normal(n))))}
    if kind.startswith("numpy"):
        bitgen = np.random.PCG64 if kind == "numpy-pcg64" else np.random.Philox
        rng = np.random.Generator(bitgen(0))
        return {"uniform": lambda n: rng.random(n),
                "normal": lambda n: rng.standard_normal(n),
                "mean(exp(normal))": lambda n: float(np.mean(np.exp(rng.standard_normal(n))))}
    import jax
    import jax.numpy as jnp
    jax.config.update("jax_enable_x64", True)
    keys = iter(jax.random.split(jax.random.PRNGKey(0), 10**4))
    mean_exp = jax.jit(lambda k, n: jnp.mean(jnp.exp(jax.random.normal(k, (n,)))),
                       static_argnums=1)
    return {"uniform": lambda n: np.asarray(jax.random.uniform(next(keys), (n,))),
            "normal": lambda n: np.asarray(jax.random.normal(next(keys), (n,))),
            "mean(exp(normal))": lambda n: float(mean_exp(next(keys), n))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    peers = ["ptensor", "numpy-pcg64", "numpy-philox"]
    try:
        import jax  # noqa: F401
        peers.append("jax")
    except ImportError:
        pass
    table = {}
    for peer in peers:
        for name, f in workloads(peer).items():
            f(a.n)  # warm-up (ptensor and JAX compile)
            times = []
            for _ in range(a.repeat):
                t = time.perf_counter()
                f(a.n)
                times.append(time.perf_counter() - t)
            table[name, peer] = statistics.median(times)
    print(f"random numbers, n = {a.n}, median of {a.repeat} (ms); ratio = peer / ptensor")
    print(f"{'workload':<20}" + "".join(f"{p:>22}" for p in peers))
    for name in ("uniform", "normal", "mean(exp(normal))"):
        pt_t = table[name, "ptensor"]
        row = [f"{1e3 * pt_t:9.1f}".rjust(22)]
        row += [f"{1e3 * table[name, p]:9.1f} ({table[name, p] / pt_t:4.2f}x)".rjust(22)
                for p in peers[1:]]
        print(f"{name:<20}" + "".join(row))


if __name__ == "__main__":
    main()

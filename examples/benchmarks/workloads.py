"""The benchmark workloads, each written once against an array-API-like namespace `xp`.

`xp` is numpy, ptensor, jax.numpy or dask.array behind the small adapter in suite.py (which
adds `pad1` and `astype` where a library spells them differently). Every function returns a
tuple of arrays; suite.py converts them to NumPy and checks them against the NumPy run.
"""
import numpy as np

RISK_FREE, VOLATILITY = 0.1, 0.2


def _cnd(xp, d):
    a1, a2, a3, a4, a5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
    k = 1.0 / (1.0 + 0.2316419 * xp.abs(d))
    w = 0.3989422804014327 * xp.exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
    return w + xp.astype(d > 0, xp.float64) * (1.0 - 2.0 * w)


def black_scholes(xp, price, strike, t):
    sig_sqrt_t = VOLATILITY * xp.sqrt(t)
    d1 = (xp.log(price / strike) + (RISK_FREE + 0.5 * VOLATILITY * VOLATILITY) * t) / sig_sqrt_t
    d2 = d1 - sig_sqrt_t
    disc = strike * xp.exp(-RISK_FREE * t)
    call = price * _cnd(xp, d1) - disc * _cnd(xp, d2)
    return call, call - price + disc


def stream_triad(xp, b, c):
    return (b + 3.0 * c,)


def star_stencil(xp, u):
    """2-D star stencil of radius 2 on the interior (a new array two cells smaller per side)."""
    c = u[2:-2, 2:-2]
    near = u[1:-3, 2:-2] + u[3:-1, 2:-2] + u[2:-2, 1:-3] + u[2:-2, 3:-1]
    far = u[:-4, 2:-2] + u[4:, 2:-2] + u[2:-2, :-4] + u[2:-2, 4:]
    return (0.5 * c + 0.0625 * near + 0.03125 * far,)


def wave_equation(xp, u, u_prev, steps=5, c2=0.1):
    """2-D wave equation, leapfrog, fixed (zero) boundary."""
    for _ in range(steps):
        lap = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])
        inner = 2.0 * u[1:-1, 1:-1] - u_prev[1:-1, 1:-1] + c2 * lap
        u_prev, u = u, xp.pad1(inner)
    return (u,)


def shallow_water(xp, h, u, v, steps=5, g=9.81, depth=1.0, dt=0.01, dx=1.0):
    """Linearized shallow water equations, centered differences, zero boundary."""
    f = dt / (2.0 * dx)
    for _ in range(steps):
        un = u[1:-1, 1:-1] - f * g * (h[1:-1, 2:] - h[1:-1, :-2])
        vn = v[1:-1, 1:-1] - f * g * (h[2:, 1:-1] - h[:-2, 1:-1])
        hn = h[1:-1, 1:-1] - f * depth * ((u[1:-1, 2:] - u[1:-1, :-2]) + (v[2:, 1:-1] - v[:-2, 1:-1]))
        h, u, v = xp.pad1(hn), xp.pad1(un), xp.pad1(vn)
    return h, u, v


def pairwise_distance(xp, x):
    d = x[:, None, :] - x[None, :, :]
    return (xp.sqrt(xp.sum(d * d, axis=-1)),)


def moments(xp, a):
    return xp.mean(a, axis=0), xp.std(a, axis=1), xp.max(a, axis=0)


def matmul(xp, a, b):
    return (xp.matmul(a, b),)


def small_loop(xp, x, iterations=1000):
    for _ in range(iterations):
        x = x * 0.999 + 0.001
    return (xp.sum(x),)


def inputs(name, scale=1.0, seed=7):
    """NumPy inputs of a workload; `scale` shrinks sizes (for quick runs and tests)."""
    rng = np.random.default_rng(seed)

    def n(v):
        return max(16, int(v * scale))

    if name == "black_scholes":
        m = n(4_000_000)
        return (rng.uniform(10.0, 50.0, m), rng.uniform(10.0, 50.0, m), rng.uniform(1.0, 2.0, m))
    if name == "stream_triad":
        m = n(20_000_000)
        return rng.random(m), rng.random(m)
    if name == "star_stencil":
        return (rng.random((n(4096), n(4096))),)
    if name == "wave_equation":
        s = n(2048)
        return rng.random((s, s)), rng.random((s, s))
    if name == "shallow_water":
        s = n(2048)
        return rng.random((s, s)), rng.random((s, s)) * 0.1, rng.random((s, s)) * 0.1
    if name == "pairwise_distance":
        return (rng.random((n(1500), 3)),)
    if name == "moments":
        return (rng.random((n(3000), n(3000))),)
    if name == "matmul":
        s = n(2048)
        return rng.random((s, s)), rng.random((s, s))
    if name == "small_loop":
        return (rng.random(1024),)
    raise KeyError(name)


WORKLOADS = {
    "black_scholes": black_scholes, "stream_triad": stream_triad, "star_stencil": star_stencil,
    "wave_equation": wave_equation, "shallow_water": shallow_water,
    "pairwise_distance": pairwise_distance, "moments": moments, "matmul": matmul,
    "small_loop": small_loop,
}
# bytes each element of the output moves through memory, for the STREAM comparison
STREAMING_BYTES = {"stream_triad": 3 * 8, "black_scholes": 5 * 8}

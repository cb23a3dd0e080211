"""The workloads as Numba `parallel=True` loops (the peer a hand-writing user would pick).
Each public function takes the NumPy inputs and returns a tuple of NumPy arrays."""
import math

import numba
import numpy as np
from numba import prange


@numba.njit(inline="always")
def _cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * abs(d))
    w = 0.3989422804014327 * math.exp(-0.5 * d * d) * (k * (0.31938153 + k * (
        -0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))))
    return 1.0 - w if d > 0 else w


@numba.njit(parallel=True)
def _bs(price, strike, t, call, put):
    for i in prange(price.shape[0]):
        s = 0.2 * math.sqrt(t[i])
        d1 = (math.log(price[i] / strike[i]) + (0.1 + 0.5 * 0.2 * 0.2) * t[i]) / s
        disc = strike[i] * math.exp(-0.1 * t[i])
        call[i] = price[i] * _cnd(d1) - disc * _cnd(d1 - s)
        put[i] = call[i] - price[i] + disc


def black_scholes(price, strike, t):
    call, put = np.empty_like(price), np.empty_like(price)
    _bs(price, strike, t, call, put)
    return call, put


@numba.njit(parallel=True)
def _triad(b, c, a):
    for i in prange(a.shape[0]):
        a[i] = b[i] + 3.0 * c[i]


def stream_triad(b, c):
    a = np.empty_like(b)
    _triad(b, c, a)
    return (a,)


@numba.njit(parallel=True)
def _stencil(u, out):
    for i in prange(2, u.shape[0] - 2):
        for j in range(2, u.shape[1] - 2):
            out[i - 2, j - 2] = (0.5 * u[i, j]
                                 + 0.0625 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
                                 + 0.03125 * (u[i - 2, j] + u[i + 2, j] + u[i, j - 2] + u[i, j + 2]))


def star_stencil(u):
    out = np.empty((u.shape[0] - 4, u.shape[1] - 4))
    _stencil(u, out)
    return (out,)


@numba.njit(parallel=True)
def _wave_step(u, up, out, c2):
    for i in prange(1, u.shape[0] - 1):
        for j in range(1, u.shape[1] - 1):
            lap = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]
            out[i, j] = 2.0 * u[i, j] - up[i, j] + c2 * lap


def wave_equation(u, u_prev, steps=5, c2=0.1):
    for _ in range(steps):
        out = np.zeros_like(u)
        _wave_step(u, u_prev, out, c2)
        u_prev, u = u, out
    return (u,)


@numba.njit(parallel=True)
def _sw_step(h, u, v, hn, un, vn, f, g, depth):
    for i in prange(1, h.shape[0] - 1):
        for j in range(1, h.shape[1] - 1):
            un[i, j] = u[i, j] - f * g * (h[i, j + 1] - h[i, j - 1])
            vn[i, j] = v[i, j] - f * g * (h[i + 1, j] - h[i - 1, j])
            hn[i, j] = h[i, j] - f * depth * ((u[i, j + 1] - u[i, j - 1]) + (v[i + 1, j] - v[i - 1, j]))


def shallow_water(h, u, v, steps=5, g=9.81, depth=1.0, dt=0.01, dx=1.0):
    for _ in range(steps):
        hn, un, vn = np.zeros_like(h), np.zeros_like(u), np.zeros_like(v)
        _sw_step(h, u, v, hn, un, vn, dt / (2.0 * dx), g, depth)
        h, u, v = hn, un, vn
    return h, u, v


@numba.njit(parallel=True)
def _pairwise(x, out):
    n, d = x.shape
    for i in prange(n):
        for j in range(n):
            s = 0.0
            for k in range(d):
                t = x[i, k] - x[j, k]
                s += t * t
            out[i, j] = math.sqrt(s)


def pairwise_distance(x):
    out = np.empty((x.shape[0], x.shape[0]))
    _pairwise(x, out)
    return (out,)


@numba.njit(parallel=True)
def _moments(a, mean0, std1, max0):
    n, m = a.shape
    for j in prange(m):
        s, mx = 0.0, -np.inf
        for i in range(n):
            s += a[i, j]
            mx = max(mx, a[i, j])
        mean0[j], max0[j] = s / n, mx
    for i in prange(n):
        s = 0.0
        for j in range(m):
            s += a[i, j]
        mu, q = s / m, 0.0
        for j in range(m):
            q += (a[i, j] - mu) ** 2
        std1[i] = math.sqrt(q / m)


def moments(a):
    r = np.empty(a.shape[1]), np.empty(a.shape[0]), np.empty(a.shape[1])
    _moments(a, *r)
    return r


@numba.njit
def _matmul(a, b):
    return a @ b


def matmul(a, b):
    return (_matmul(a, b),)


@numba.njit(parallel=True)
def _small_step(x, out):
    for i in prange(x.shape[0]):
        out[i] = x[i] * 0.999 + 0.001


def small_loop(x, iterations=1000):
    for _ in range(iterations):  # one kernel call per step: Numba's dispatch cost
        out = np.empty_like(x)
        _small_step(x, out)
        x = out
    return (np.asarray(x.sum()),)

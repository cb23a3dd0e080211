"""Linearized shallow water equations (height h, velocities u, v), centered differences,
forward Euler, zero boundary.

    python examples/shallow_water.py --n 1024 --steps 50 [--check]
    mpiexec -n 2 python examples/shallow_water.py --n 1024 --steps 50
"""
import numpy as np

from _common import main

G, DEPTH, DT, DX = 9.81, 1.0, 0.01, 1.0


def step(xp, state):
    h, u, v, h2, u2, v2 = state
    f = DT / (2.0 * DX)
    u2[1:-1, 1:-1] = u[1:-1, 1:-1] - f * G * (h[1:-1, 2:] - h[1:-1, :-2])
    v2[1:-1, 1:-1] = v[1:-1, 1:-1] - f * G * (h[2:, 1:-1] - h[:-2, 1:-1])
    h2[1:-1, 1:-1] = h[1:-1, 1:-1] - f * DEPTH * ((u[1:-1, 2:] - u[1:-1, :-2])
                                                  + (v[2:, 1:-1] - v[:-2, 1:-1]))
    return h2, u2, v2, h, u, v


def result(state):
    return state[:3]


def init(n):
    x = np.linspace(-1.0, 1.0, n)
    h = 1.0 + 0.1 * np.exp(-20.0 * (x[:, None] ** 2 + x[None, :] ** 2))
    z = np.zeros((n, n))
    return h, z, z.copy(), h.copy(), z.copy(), z.copy()


if __name__ == "__main__":
    main(__doc__, init, step, result, steps=50)

"""2-D wave equation, leapfrog in time, fixed (zero) boundary.

    python examples/wave_equation.py --n 1024 --steps 50 [--check]
    mpiexec -n 2 python examples/wave_equation.py --n 1024 --steps 50
"""
import numpy as np

from _common import main

C2 = 0.1  # (c dt / dx)^2


def step(xp, state):
    u_prev, u, u_next = state
    lap = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1]
    u_next[1:-1, 1:-1] = 2.0 * u[1:-1, 1:-1] - u_prev[1:-1, 1:-1] + C2 * lap
    return u, u_next, u_prev


def result(state):
    return state[1:2]


def init(n):
    x = np.linspace(-1.0, 1.0, n)
    bump = np.exp(-40.0 * (x[:, None] ** 2 + x[None, :] ** 2))
    bump[0, :] = bump[-1, :] = bump[:, 0] = bump[:, -1] = 0.0
    return bump, bump.copy(), np.zeros((n, n))


if __name__ == "__main__":
    main(__doc__, init, step, result, steps=50)

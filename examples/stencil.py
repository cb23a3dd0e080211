"""2-D star stencil of radius 2 (a smoothing sweep), run for a number of steps.

    python examples/stencil.py --n 4096 --steps 10 [--check]
    mpiexec -n 2 python examples/stencil.py --n 4096 --steps 10

Under mpiexec the grid is split by rows; the shifted views u[1:-3], u[3:-1], u[:-4], u[4:]
need two rows from each neighbour: one halo exchange per step, fused into the step's program.
"""
import numpy as np

from _common import main


def sweep(u, v):
    v[2:-2, 2:-2] = (0.5 * u[2:-2, 2:-2]
                     + 0.0625 * (u[1:-3, 2:-2] + u[3:-1, 2:-2] + u[2:-2, 1:-3] + u[2:-2, 3:-1])
                     + 0.03125 * (u[:-4, 2:-2] + u[4:, 2:-2] + u[2:-2, :-4] + u[2:-2, 4:]))


def step(xp, state):
    u, v = state
    sweep(u, v)
    return v, u


def result(state):
    return state[:1]


def init(n):
    u = np.random.default_rng(0).random((n, n))
    return u, u.copy()


if __name__ == "__main__":
    main(__doc__, init, step, result)

"""A 2-D heat equation that checkpoints every few steps and restarts from its checkpoint,
on any number of ranks (the checkpoint is one file, whoever wrote it).

    python examples/checkpoint.py --dir ckpt --n 512 --steps 40 --every 10 [--check]
    mpiexec -n 3 python examples/checkpoint.py --dir ckpt --steps 20
    mpiexec -n 2 python examples/checkpoint.py --dir ckpt --steps 40 --restart

Each checkpoint is an .npy file of the grid (``pt.save``: under mpiexec every rank writes
its own rows into it) and an .npz of the step count; ``--restart`` continues from the last
checkpoint (``pt.load``: each rank reads only its rows), whatever the rank count that wrote
it. ``--format hdf5`` or ``zarr`` checkpoints through ``pt.io`` instead. ``--check`` runs
the same steps with NumPy from the start and compares.
"""
import argparse
import os

import numpy as np

import ptensor as pt


def step(u):
    """One explicit step of u_t = 0.2 * laplacian(u) with fixed edges (in place)."""
    u[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.2 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2]
                                           + u[1:-1, 2:] - 4 * u[1:-1, 1:-1])


def initial(n):
    x = np.linspace(0, 1, n)
    return np.exp(-40 * ((x[:, None] - 0.3) ** 2 + (x[None, :] - 0.6) ** 2))


def save(fmt, d, u, t):
    if fmt == "npy":
        pt.save(os.path.join(d, "u.npy"), u)
    elif fmt == "hdf5":
        pt.io.save_hdf5(os.path.join(d, "u.h5"), "u", u, attrs={"step": t})
    else:
        pt.io.save_zarr(os.path.join(d, "u.zarr"), u, attributes={"step": t})
    pt.savez(os.path.join(d, "state.npz"), step=pt.asarray(t, team=None))


def restore(fmt, d):
    with pt.load(os.path.join(d, "state.npz"), split=None) as z:
        t = int(z["step"])
    if fmt == "npy":
        return pt.load(os.path.join(d, "u.npy")), t
    if fmt == "hdf5":
        return pt.io.load_hdf5(os.path.join(d, "u.h5"), "u"), t
    return pt.io.load_zarr(os.path.join(d, "u.zarr")), t


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dir", required=True, help="the checkpoint directory")
    p.add_argument("--n", type=int, default=256)
    p.add_argument("--steps", type=int, default=40, help="run until this step")
    p.add_argument("--every", type=int, default=10, help="checkpoint every this many steps")
    p.add_argument("--format", choices=["npy", "hdf5", "zarr"], default="npy")
    p.add_argument("--restart", action="store_true", help="continue from the checkpoint")
    p.add_argument("--check", action="store_true", help="compare with NumPy at the end")
    a = p.parse_args()
    rank = pt.spmd.rank()
    if rank == 0:
        os.makedirs(a.dir, exist_ok=True)
    pt.spmd.barrier()
    if a.restart:
        u, t = restore(a.format, a.dir)
        start = t
    else:
        u, t, start = pt.asarray(initial(a.n)), 0, 0
    while t < a.steps:
        step(u)
        t += 1
        if t % a.every == 0:
            save(a.format, a.dir, u, t)
    total = float(pt.sum(u))
    if rank == 0:
        print(f"steps {start}..{t} on {pt.spmd.nranks()} rank(s), {a.format}: "
              f"sum {total:.12g}", flush=True)
    if a.check:
        v = initial(u.shape[0])
        for _ in range(t):
            step(v)
        ok = np.allclose(np.asarray(u), v, rtol=1e-12, atol=1e-14)
        if rank == 0:
            print("check against NumPy:", "OK" if ok else "MISMATCH", flush=True)
        raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()

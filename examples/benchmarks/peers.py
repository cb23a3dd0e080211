"""How each peer runs a workload: returns {peer: runner or reason it is missing}.

A runner takes the NumPy inputs, prepares them once (device arrays, jit compilation happens
in the untimed warm-up run) and returns `run()`, which computes the workload and waits for
the result, returning it as a tuple of NumPy arrays.
"""
import importlib

import numpy as np

import workloads as W

# suite.py --device D: ptensor's arrays on device D (pt.set_default_device), and on a CUDA
# device the GPU peers (CuPy, JAX on its GPU). run() then returns the results where they are
# (device arrays, after waiting for them); to_numpy copies them for the check, untimed.
DEVICE = None


def to_numpy(x):
    """A result as a NumPy array (CuPy arrays refuse implicit conversion: .get())."""
    return x.get() if hasattr(x, "get") and not isinstance(x, np.ndarray) else np.asarray(x)


def _on_gpu():
    return DEVICE is not None and DEVICE.startswith("cuda")


class Namespace:
    """An array namespace with the two helpers the workloads need beyond the array API."""

    def __init__(self, mod, pad1, astype=None):
        self._mod = mod
        self.pad1 = pad1
        if astype is not None:
            self.astype = astype

    def __getattr__(self, name):
        return getattr(self._mod, name)


def _try(name):
    try:
        return importlib.import_module(name), None
    except Exception as e:  # noqa: BLE001 - any import failure means "missing"
        return None, f"missing ({type(e).__name__}: {e})".splitlines()[0]


# ---------------------------------------------------------------- NumPy, ptensor
def numpy_runner(name, args):
    xp = Namespace(np, lambda v: np.pad(v, 1), astype=lambda x, d: x.astype(d))
    fn = W.WORKLOADS[name]
    return lambda: fn(xp, *args)


def _ptensor():
    """ptensor as the workloads' namespace (on DEVICE when one is given)."""
    import ptensor as pt

    def pad1(v):
        out = pt.zeros((v.shape[0] + 2, v.shape[1] + 2), dtype=v.dtype)
        out[1:-1, 1:-1] = v
        return out

    if DEVICE is not None:
        pt.set_default_device(DEVICE)  # inputs, pad1's zeros and every result
    return pt, Namespace(pt, pad1)


def _ptensor_run(pt, fn, pargs):
    def run():
        r = fn(*pargs)
        pt.sync()
        return tuple(r) if DEVICE is not None else tuple(np.asarray(x) for x in r)
    return run


def ptensor_runner(name, args):
    pt, xp = _ptensor()
    fn = W.WORKLOADS[name]
    return _ptensor_run(pt, lambda *a: fn(xp, *a), [pt.asarray(a) for a in args])


def ptensor_jit_runner(name, args):
    """ptensor through pt.jit, as JAX runs through jax.jit: the warm-up run traces the
    workload's programs, the timed runs replay them (no Python recording)."""
    pt, xp = _ptensor()
    fn = W.WORKLOADS[name]
    jitted = pt.jit(lambda *a: tuple(fn(xp, *a)))
    return _ptensor_run(pt, jitted, [pt.asarray(a) for a in args])


# ---------------------------------------------------------------- CuPy (--device cuda:N)
def cupy_runner(name, args):
    if not _on_gpu():
        return "n/a (a GPU peer: suite.py --device cuda:N)"
    cp, why = _try("cupy")
    if cp is None:
        return why
    xp = Namespace(cp, lambda v: cp.pad(v, 1), astype=lambda x, d: x.astype(d))
    fn = W.WORKLOADS[name]
    dargs = [cp.asarray(a) for a in args]

    def run():
        r = fn(xp, *dargs)
        cp.cuda.Device().synchronize()
        return tuple(r)
    return run


# ---------------------------------------------------------------- numexpr (one-expression workloads)
def numexpr_runner(name, args):
    ne, why = _try("numexpr")
    if ne is None:
        return why
    if name == "stream_triad":
        b, c = args
        return lambda: (ne.evaluate("b + 3.0 * c", local_dict={"b": b, "c": c}),)
    if name == "star_stencil":
        (u,) = args
        env = {"c": u[2:-2, 2:-2], "n1": u[1:-3, 2:-2], "n2": u[3:-1, 2:-2], "n3": u[2:-2, 1:-3],
               "n4": u[2:-2, 3:-1], "f1": u[:-4, 2:-2], "f2": u[4:, 2:-2], "f3": u[2:-2, :-4],
               "f4": u[2:-2, 4:]}
        expr = "0.5*c + 0.0625*(n1+n2+n3+n4) + 0.03125*(f1+f2+f3+f4)"
        return lambda: (ne.evaluate(expr, local_dict=env),)
    if name == "black_scholes":
        price, strike, t = args
        cnd = ("where(d > 0, 1 - w, w)", "0.3989422804014327 * exp(-0.5*d*d) * (k*(0.31938153 + "
               "k*(-0.356563782 + k*(1.781477937 + k*(-1.821255978 + k*1.330274429)))))")

        def ev(expr, **env):
            return ne.evaluate(expr, local_dict=env)

        def cnd_eval(d):
            k = ev("1.0 / (1.0 + 0.2316419 * abs(d))", d=d)
            w = ev(cnd[1], d=d, k=k)
            return ev(cnd[0], d=d, w=w)

        def run():
            d1 = ev("(log(price / strike) + (0.1 + 0.5*0.2*0.2) * t) / (0.2 * sqrt(t))",
                    price=price, strike=strike, t=t)
            d2 = ev("d1 - 0.2 * sqrt(t)", d1=d1, t=t)
            disc = ev("strike * exp(-0.1 * t)", strike=strike, t=t)
            call = ev("price * n1 - disc * n2", price=price, n1=cnd_eval(d1), disc=disc,
                      n2=cnd_eval(d2))
            return call, ev("call - price + disc", call=call, price=price, disc=disc)
        return run
    return "n/a (not one expression)"


# ---------------------------------------------------------------- JAX jit on CPU
def jax_runner(name, args):
    jax, why = _try("jax")
    if jax is None:
        return why
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cuda" if _on_gpu() else "cpu")
    import jax.numpy as jnp
    xp = Namespace(jnp, lambda v: jnp.pad(v, 1), astype=lambda x, d: x.astype(d))
    fn = W.WORKLOADS[name]
    jitted = jax.jit(lambda *a: fn(xp, *a))
    dargs = [jnp.asarray(a) for a in args]

    def run():
        r = tuple(x.block_until_ready() for x in jitted(*dargs))
        return r if DEVICE is not None else tuple(np.asarray(x) for x in r)
    return run


# ---------------------------------------------------------------- Dask Array
def dask_runner(name, args):
    da, why = _try("dask.array")
    if da is None:
        return why
    import dask
    xp = Namespace(da, lambda v: da.pad(v, 1), astype=lambda x, d: x.astype(d))
    fn = W.WORKLOADS[name]
    dargs = [da.from_array(a, chunks="auto") for a in args]

    def run():
        return tuple(np.asarray(x) for x in dask.compute(*fn(xp, *dargs)))
    return run


# ---------------------------------------------------------------- Numba parallel=True
def numba_runner(name, args):
    numba, why = _try("numba")
    if numba is None:
        return why
    import numba_kernels as K
    kern = getattr(K, name, None)
    if kern is None:
        return "n/a (no kernel)"
    return lambda: kern(*args)


PEERS = {"numpy": numpy_runner, "ptensor": ptensor_runner, "ptensor.jit": ptensor_jit_runner,
         "numexpr": numexpr_runner,
         "jax": jax_runner, "numba": numba_runner, "dask": dask_runner, "cupy": cupy_runner}

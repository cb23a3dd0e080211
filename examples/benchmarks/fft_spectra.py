"""Fourier transforms: pt.fft (pocketfft through numpy.fft, called inside the compiled
program, batches split over the cores) against numpy.fft and scipy.fft (the same pocketfft
family; workers=1 and workers=all cores). Three workloads:

- fft2: the 2-D transform of an n x n complex128 array;
- power spectrum: m windowed real signals of length L, |rfft|^2 averaged over the signals
  (Welch's method without overlap: window, transform, power and mean fuse around the call);
- convolution: irfft(rfft(a) * rfft(b)) of two real signals of length N (fftconvolve), the
  transforms padded to the next power of two.

Prints median times of --repeat runs (warm: compiled) and each peer's time over ptensor's
(above 1: ptensor is faster). Every peer's result is checked against NumPy's.

    python examples/benchmarks/fft_spectra.py [--scale 1.0] [--repeat 5]
"""
import argparse
import os
import statistics
import time

import numpy as np


def problems(scale):
    rng = np.random.default_rng(0)
    n = max(8, int(1024 * scale ** 0.5))
    m, L = max(2, int(512 * scale)), 4096
    N = max(16, int(2 ** 20 * scale))
    return {"fft2": (rng.standard_normal((n, n)) + 1j * rng.standard_normal((n, n)),),
            "power spectrum": (rng.standard_normal((m, L)), np.hanning(L)),
            "convolution": (rng.standard_normal(N), rng.standard_normal(N))}


def workloads(kind):
    """{name: (prepare(inputs) -> args, f(*args) -> a NumPy-convertible result)}."""
    if kind == "ptensor":
        import ptensor as pt
        F = pt.fft

        def conv(a, b):
            n = a.shape[0] + b.shape[0] - 1
            m = 1 << (n - 1).bit_length()
            return np.asarray(F.irfft(F.rfft(a, n=m) * F.rfft(b, n=m), n=m)[:n])
        return {"fft2": (lambda *a: [pt.asarray(v) for v in a], lambda x: np.asarray(F.fftn(x))),
                "power spectrum": (lambda *a: [pt.asarray(v) for v in a],
                                   lambda x, w: np.asarray(pt.mean(pt.abs(F.rfft(x * w)) ** 2, axis=0))),
                "convolution": (lambda *a: [pt.asarray(v) for v in a], conv)}
    if kind == "numpy":
        F, kw = np.fft, {}
    else:
        import scipy.fft as F
        kw = {"workers": 1 if kind == "scipy" else os.cpu_count()}

    def conv(a, b):
        n = a.shape[0] + b.shape[0] - 1
        m = 1 << (n - 1).bit_length()
        return F.irfft(F.rfft(a, n=m, **kw) * F.rfft(b, n=m, **kw), n=m, **kw)[:n]
    same = lambda *a: list(a)  # noqa: E731
    return {"fft2": (same, lambda x: F.fftn(x, **kw)),
            "power spectrum": (same, lambda x, w: np.mean(np.abs(F.rfft(x * w, **kw)) ** 2, axis=0)),
            "convolution": (same, conv)}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args(argv)
    peers = ["ptensor", "numpy"]
    try:
        import scipy.fft  # noqa: F401
        peers += ["scipy", f"scipy-workers={os.cpu_count()}"]
    except ImportError:
        pass
    probs = problems(a.scale)
    want = {name: f(*prep(*args)) for name, (prep, f) in workloads("numpy").items()
            for args in [probs[name]]}
    table = {}
    for peer in peers:
        for name, (prep, f) in workloads(peer).items():
            args = prep(*probs[name])
            got = np.asarray(f(*args))  # warm-up (ptensor compiles) and the check
            np.testing.assert_allclose(got, want[name], rtol=1e-9,
                                       atol=1e-9 * np.abs(want[name]).max())
            times = []
            for _ in range(a.repeat):
                t = time.perf_counter()
                f(*args)
                times.append(time.perf_counter() - t)
            table[name, peer] = statistics.median(times)
    shapes = {k: " x ".join(str(v.shape) for v in probs[k]) for k in probs}
    print(f"fft, median of {a.repeat} (ms); ratio = peer / ptensor; {os.cpu_count()} cores")
    print(f"{'workload':<16}" + "".join(f"{p:>22}" for p in peers))
    for name in probs:
        pt_t = table[name, "ptensor"]
        row = [f"{1e3 * pt_t:9.2f}".rjust(22)]
        row += [f"{1e3 * table[name, p]:9.2f} ({table[name, p] / pt_t:4.2f}x)".rjust(22)
                for p in peers[1:]]
        print(f"{name:<16}" + "".join(row) + f"   {shapes[name]}")
    return table


if __name__ == "__main__":
    main()

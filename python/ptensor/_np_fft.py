"""NumPy's numpy.fft functions beyond the array API's fft extension (fft2, ifft2, rfft2, irfft2), composed of pt.fft's functions; the namespace adds them to pt.fft.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions so that it is recorded, fused, distributed and run on
devices as they are."""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from ._np_args import as_array as _arr, is_array as _ours
from ._upcalls import namespace as pt

__all__: list[str] = []

_NORMS = (None, "backward", "ortho", "forward")


def _two(name, fn, a, s, axes, norm, out, kind):
    """fn (pt.fft.fftn, ...) over the two axes (default the last two) with NumPy's
    conversions: integers and bools to float64 (rfft2) or complex128 (the others)."""
    x = _arr(a, name)
    if norm not in _NORMS:
        raise ValueError(f'{name}: Invalid norm value {norm}; should be "backward", "ortho" '
                         'or "forward".')
    if kind == "real" and dt.is_complex(x.dtype):
        raise TypeError(f"{name}: ufunc 'rfft' does not support complex input (got "
                        f"{x.dtype})")
    if not dt.is_inexact(x.dtype):
        x = pt.astype(x, dt.float64 if kind == "real" else dt.complex128)
    if axes is None:
        axes = tuple(range(-len(s), 0)) if s is not None else tuple(range(x.ndim))
    axes = tuple(axes)
    if s is not None:
        s = tuple(s)
        if len(s) != len(axes):
            raise ValueError(f"{name}: when given, axes and shape arguments have to be of the "
                             "same length")
    if x.ndim < len(axes):
        raise ValueError(f"{name}: the array has {x.ndim} dimensions, fewer than the "
                         f"{len(axes)} axes {axes}")
    r = fn(x, s=s, axes=axes, norm="backward" if norm is None else norm)
    if out is None:
        return r
    if not _ours(out) or tuple(out.shape) != tuple(r.shape):
        raise ValueError(f"{name}: out must be a ptensor array of the result's shape "
                         f"{tuple(r.shape)}")
    out[...] = r if out.dtype == r.dtype else pt.astype(r, out.dtype)
    return out


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.fft2: the 2-D discrete Fourier transform over axes (pt.fft.fftn); s pads
    or crops the axes; complex result (complex64 for float32/complex64 input)."""
    return _two("fft2", pt.fft.fftn, a, s, axes, norm, out, "complex")


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.ifft2: the 2-D inverse discrete Fourier transform over axes
    (pt.fft.ifftn)."""
    return _two("ifft2", pt.fft.ifftn, a, s, axes, norm, out, "complex")


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.rfft2: the 2-D transform of real input, the last axis halved (n//2 + 1;
    pt.fft.rfftn); complex input is a TypeError."""
    return _two("rfft2", pt.fft.rfftn, a, s, axes, norm, out, "real")


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.irfft2: the inverse of rfft2, a real result (the last axis 2*(n-1) long
    unless s says; pt.fft.irfftn)."""
    return _two("irfft2", pt.fft.irfftn, a, s, axes, norm, out, "complex")


__all__ += ["fft2", "ifft2", "rfft2", "irfft2"]

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
    """The 2-D discrete Fourier transform, as ``numpy.fft.fft2``.

    :func:`ptensor.fft.fftn` over two axes (the last two by default), with NumPy's
    parameters and result: complex64 for float32 and complex64 input, complex128 otherwise.

    Parameters
    ----------
    a : Array or array_like
        The input; integers and bools are transformed as complex128.
    s : sequence of int, optional
        The length of each transformed axis of the input: shorter axes are padded with
        zeros, longer ones cropped (default: the input's lengths).
    axes : sequence of int, optional
        The two axes transformed (default the last two).
    norm : {'backward', 'ortho', 'forward'}, optional
        The scaling, as NumPy's (default ``'backward'``: no scaling forward, 1/n backward).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype).

    Returns
    -------
    Array
        The complex transform.

    See Also
    --------
    ifft2 : The inverse transform.
    ptensor.fft.fftn : The transform over any axes.

    Examples
    --------
    >>> pt.fft.fft2(pt.asarray([[1.0, 2.0], [3.0, 4.0]]))
    Array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]])
    >>> pt.fft.fft2(pt.zeros((2, 2)), s=(4, 4)).shape
    (4, 4)
    """
    return _two("fft2", pt.fft.fftn, a, s, axes, norm, out, "complex")


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D inverse discrete Fourier transform, as ``numpy.fft.ifft2``.

    :func:`ptensor.fft.ifftn` over two axes (the last two by default): ``ifft2(fft2(a))``
    is ``a`` up to rounding. Complex64 for float32 and complex64 input, complex128 otherwise.

    Parameters
    ----------
    a : Array or array_like
        The input; integers and bools are transformed as complex128.
    s : sequence of int, optional
        The length of each transformed axis of the input: shorter axes are padded with
        zeros, longer ones cropped (default: the input's lengths).
    axes : sequence of int, optional
        The two axes transformed (default the last two).
    norm : {'backward', 'ortho', 'forward'}, optional
        The scaling, as NumPy's (default ``'backward'``: the inverse scaled by 1/n).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype).

    Returns
    -------
    Array
        The complex inverse transform.

    See Also
    --------
    fft2 : The forward transform.

    Examples
    --------
    >>> x = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> pt.fft.ifft2(pt.fft.fft2(x)).real
    Array([[1., 2.],
           [3., 4.]])
    """
    return _two("ifft2", pt.fft.ifftn, a, s, axes, norm, out, "complex")


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D discrete Fourier transform of real input, as ``numpy.fft.rfft2``.

    :func:`ptensor.fft.rfftn` over two axes (the last two by default): the last transformed
    axis keeps its ``n // 2 + 1`` non-negative frequencies. Complex input raises TypeError.

    Parameters
    ----------
    a : Array or array_like
        The input; integers and bools are transformed as float64.
    s : sequence of int, optional
        The length of each transformed axis of the input: shorter axes are padded with
        zeros, longer ones cropped (default: the input's lengths).
    axes : sequence of int, optional
        The two axes transformed (default the last two).
    norm : {'backward', 'ortho', 'forward'}, optional
        The scaling, as NumPy's (default ``'backward'``: no scaling forward, 1/n backward).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype).

    Returns
    -------
    Array
        The complex transform (complex64 for float32 input).

    See Also
    --------
    irfft2 : The inverse transform.
    fft2 : The transform of complex input.

    Examples
    --------
    >>> pt.fft.rfft2(pt.asarray([[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]]))
    Array([[10.+0.j, -2.+2.j, -2.+0.j],
           [10.+0.j, -2.+2.j, -2.+0.j]])
    >>> pt.fft.rfft2(pt.zeros((4, 6))).shape
    (4, 4)
    """
    return _two("rfft2", pt.fft.rfftn, a, s, axes, norm, out, "real")


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The inverse of :func:`rfft2`, a real result, as ``numpy.fft.irfft2``.

    :func:`ptensor.fft.irfftn` over two axes (the last two by default): the last axis of the
    result is ``2 * (n - 1)`` long unless ``s`` gives its length.

    Parameters
    ----------
    a : Array or array_like
        The input; integers and bools are transformed as complex128.
    s : sequence of int, optional
        The length of each transformed axis of the result: shorter axes are padded with
        zeros, longer ones cropped (default: the input's lengths, the last one 2 * (n - 1)).
    axes : sequence of int, optional
        The two axes transformed (default the last two).
    norm : {'backward', 'ortho', 'forward'}, optional
        The scaling, as NumPy's (default ``'backward'``: the inverse scaled by 1/n).
    out : Array, optional
        A ptensor array of the result's shape to write the result into (cast to its dtype).

    Returns
    -------
    Array
        The real inverse transform (float32 for complex64 input).

    See Also
    --------
    rfft2 : The forward transform.

    Examples
    --------
    >>> x = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> pt.fft.irfft2(pt.fft.rfft2(x))
    Array([[1., 2.],
           [3., 4.]])
    >>> pt.fft.irfft2(pt.fft.rfft2(pt.zeros((4, 6)))).shape
    (4, 6)
    """
    return _two("irfft2", pt.fft.irfftn, a, s, axes, norm, out, "complex")


__all__ += ["fft2", "ifft2", "rfft2", "irfft2"]

"""The array API ``fft`` extension: fft, ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft,
ihfft, fftfreq, rfftfreq, fftshift, ifftshift.

The transforms are pocketfft's, as NumPy ships it (``numpy.fft``, BSD-3-Clause; NumPy is
already ptensor's dependency). Why not another library: FFTW (Debian's libfftw3) and ducc0
(PyPI) are GPL, which does not fit ptensor's Apache-2.0-with-LLVM-exception license; Debian
bookworm packages no pocketfft header. How it runs: each transform is recorded as one
built-in custom call "ptensor.fft" of the pending program, whose handler (a ctypes callback)
calls ``numpy.fft.<fn>(operand, s=, axes=, norm=, out=result)`` on the program's own buffers.
So the transform is part of the compiled program: what produces its operand (a window
multiplied in, a cast) and what consumes its result (``abs(...)**2``, a sum) fuse around it
as around any op. The operand is read where it lies (any strides); one-axis transforms
write the result buffer directly, n-D ones through NumPy's temporary (its ``out=`` fails
for some cut axes); a result that is itself a program output is copied once more (every
custom call's result is, today). Above 2**15 result elements the work is split over the
threads (PTENSOR_NUM_THREADS, pt.set_num_threads): along an axis that is not transformed,
or one axis after the other.

Data types (the standard's, and NumPy 2's): complex64 and float32 stay single precision,
complex128, float64, integers and bool are computed in double precision. fft/ifft/fftn/ifftn
and irfft/irfftn/hfft take real inputs as complex ones; rfft/rfftn/ihfft need real inputs
(TypeError for complex ones). Repeated axes raise ValueError (NumPy transforms twice).

Distributed arrays (``mpiexec``): transforms along axes other than the split axis run on
each rank's rows, nothing moves. A transform along the split axis redistributes once with an
all-to-all (the resplit of reshape and matmul): to an axis that is not transformed when
there is one, otherwise after the local axes are done; the result is then split along that
other axis (FFTW's "transposed out"). irfftn of a 2-D-like transform (only the split axis
and the last one) needs two all-to-alls. A 1-D array split over ranks of n = n1 * n2 points
(n1, n2 >= the ranks) takes Bailey's four-step algorithm: the (n1, n2) matrix's columns, the
twiddle factors, its rows, a transposed read (three all-to-alls, O(n / P) memory per rank);
a prime n (or one too short to factor so) is gathered (docs/scaling.md has the bytes).
"""
from __future__ import annotations

import concurrent.futures
import ctypes
import operator
import os
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _core
from . import _dist
from . import _dtypes as dt
from . import _ops
from ._array import Array
from ._custom_call import HANDLER, call
from ._dist import DArray
from ._dist_move import resplit
from ._elementwise import _as_array
from ._upcalls import namespace as pt

if TYPE_CHECKING:
    from typing import Literal, Sequence

    from ._dtypes import DType
    from ._typing import DeviceLike

    # the normalization of a transform (the array API's)
    _Norm = Literal["backward", "ortho", "forward"]


__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
           "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]

_NORMS = ("backward", "ortho", "forward")
_NP_DTYPE = {d.code: d.np for d in dt._ALL}


# ------------------------------------------------------------------ the handler

def _ndarray(buf):
    """A pt_buffer as a NumPy array over the same memory (strides in elements, any sign)."""
    rank = buf.rank
    shape = tuple(buf.shape[i] for i in range(rank))
    d = _NP_DTYPE[buf.dtype]
    if 0 in shape or not buf.data:
        return np.empty(shape, d)
    size = d.itemsize
    strides = [buf.strides[i] for i in range(rank)]
    lo = sum(st * (n - 1) for st, n in zip(strides, shape) if st < 0)
    hi = sum(st * (n - 1) for st, n in zip(strides, shape) if st > 0)
    raw = (ctypes.c_char * ((hi - lo + 1) * size)).from_address(buf.data + lo * size)
    return np.ndarray(shape, d, buffer=raw, offset=-lo * size,
                      strides=[st * size for st in strides])


def _attrs(frame):
    out = {}
    for i in range(frame.num_attrs):
        a = frame.attrs[i]
        name = a.name.decode()
        if a.kind == 3:  # PT_ATTR_STRING
            out[name] = a.value.str.decode()
        elif a.kind == 4:  # PT_ATTR_I64_ARRAY
            out[name] = tuple(a.value.i64s[k] for k in range(a.count))
    return out


def _fail(frame, msg):
    data = msg.encode()[:max(frame.error_size - 1, 0)] + b"\0"
    if frame.error and frame.error_size > 0:
        ctypes.memmove(frame.error, data, len(data))


_threads = [0]  # set_num_threads (0: PTENSOR_NUM_THREADS, OMP_NUM_THREADS or the cores)
# (process id, threads) -> ThreadPoolExecutor (a forked child makes its own)
_pool: dict[Any, Any] = {}
_PARALLEL_MIN = 1 << 15  # result elements below which one thread does the whole transform


def _set_num_threads(n):
    _threads[0] = n


def _num_threads():
    if _threads[0]:
        return _threads[0]
    env = os.environ.get("PTENSOR_NUM_THREADS") or os.environ.get("OMP_NUM_THREADS")
    try:
        return max(1, int(env)) if env else (os.cpu_count() or 1)
    except ValueError:
        return os.cpu_count() or 1


def _chunks(fn, x, s, axes, norm, out, threads):
    """numpy.fft.<fn> into out, the batch split along the longest axis that is not
    transformed over `threads` threads (pocketfft releases the GIL)."""
    b = max((i for i in range(x.ndim) if i not in axes), key=lambda i: x.shape[i])
    n = x.shape[b]
    edges = [n * i // threads for i in range(threads + 1)]
    cut = [tuple(slice(lo, hi) if i == b else slice(None) for i in range(x.ndim))
           for lo, hi in zip(edges, edges[1:]) if hi > lo]
    key = (os.getpid(), threads)
    if key not in _pool:
        _pool[key] = concurrent.futures.ThreadPoolExecutor(threads, "ptensor-fft")
    done = [_pool[key].submit(_whole, fn, x[c], s, axes, norm, out[c]) for c in cut]
    for f in done:
        f.result()


def _whole(fn, x, s, axes, norm, out):
    f = getattr(np.fft, fn)
    if len(axes) == 1:
        f(x, s=s, axes=axes, norm=norm, out=out)
    else:  # NumPy 2.4's n-D out= fails when a cut axis is not the last one
        out[...] = f(x, s=s, axes=axes, norm=norm)


def _compute(fn, x, s, axes, norm, out):
    """numpy.fft.<fn>(x, s, axes, norm) written to out; large transforms on the threads:
    split along an axis that is not transformed, or (all axes transformed) one axis after
    the other, each split along another (the normalization factors per axis)."""
    threads = _num_threads()
    if threads == 1 or out.size < _PARALLEL_MIN:
        return _whole(fn, x, s, axes, norm, out)
    if any(i not in axes and x.shape[i] > 1 for i in range(x.ndim)):
        return _chunks(fn, x, s, axes, norm, out, threads)
    if len(axes) == 1:
        return _whole(fn, x, s, axes, norm, out)
    # every axis transformed: the real-to-complex axis first, the complex-to-real one last
    first = (axes[-1:], s[-1:]) if fn != "irfftn" else (axes[:-1], s[:-1])
    rest = (axes[:-1], s[:-1]) if fn != "irfftn" else (axes[-1:], s[-1:])
    fn1 = {"fftn": "fftn", "ifftn": "ifftn", "rfftn": "rfftn", "irfftn": "ifftn"}[fn]
    fn2 = {"fftn": "fftn", "ifftn": "ifftn", "rfftn": "fftn", "irfftn": "irfftn"}[fn]
    shape = list(x.shape)
    for a, n in zip(*first):
        shape[a] = n
    if fn == "rfftn":
        shape[axes[-1]] = s[-1] // 2 + 1
    tmp = np.empty(shape, np.result_type(x.dtype, np.complex64))
    _compute(fn1, x, first[1], first[0], norm, tmp)
    _compute(fn2, tmp, rest[1], rest[0], norm, out)


def _run(frame_ptr):
    frame = frame_ptr.contents
    try:
        if frame.num_args != 1 or frame.num_results != 1:
            _fail(frame, "ptensor.fft expects one array and one result")
            return 2
        a = _attrs(frame)
        if a["fn"] not in ("fftn", "ifftn", "rfftn", "irfftn"):
            _fail(frame, f"ptensor.fft: unknown transform {a['fn']!r}")
            return 2
        x, out = _ndarray(frame.args[0]), _ndarray(frame.results[0])
        if out.size and not x.size:  # an empty signal padded: zeros (NumPy 2.4's irfft and
            out[...] = 0  # hfft return uninitialized memory there)
        elif out.size:
            _compute(a["fn"], x, a["s"], a["axes"], a["norm"], out)
        return 0
    except BaseException as e:  # never let an exception pass a C frame silently
        _fail(frame, f"ptensor.fft: {type(e).__name__}: {e}")
        return 2 if isinstance(e, (ValueError, TypeError, KeyError)) else 1


_handler = HANDLER(_run)
_core.register_custom_call("ptensor.fft", ctypes.cast(_handler, ctypes.c_void_p).value)


# ------------------------------------------------------------------ arguments

def _norm(norm, name):
    if norm not in _NORMS:
        raise ValueError(f"{name}: norm must be 'backward', 'ortho' or 'forward', got {norm!r}")
    return norm


def _points(n, name, what="n"):
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"{name}: {what} must be an int, got {type(n).__name__}") from None
    if n < 1:
        raise ValueError(f"{name}: invalid number of FFT data points ({n}) specified")
    return n


def _complex_of(d):
    return dt.complex64 if d in (dt.float32, dt.complex64) else dt.complex128


def _real_of(d):
    return dt.float32 if d in (dt.float32, dt.complex64) else dt.float64


def _input(x, name, kind):
    """x as an Array (or DArray) of the dtype the transform reads: complex for 'c2c' and
    'c2r', real floating for 'r2c' (TypeError for a complex x)."""
    if not isinstance(x, DArray):
        x = _as_array(x, name)
    if kind == "r2c":
        if dt.is_complex(x.dtype):
            raise TypeError(f"{name}: x must have a real data type, got {x.dtype.name}")
        want = _real_of(x.dtype)
    else:
        want = _complex_of(x.dtype)
    return x if x.dtype == want else pt.astype(x, want)


def _axes_sizes(x, s, axes, name, kind):
    """(axes, sizes of the input each axis is cut or padded to) of an n-D transform."""
    if axes is not None:
        if isinstance(axes, (int, np.integer)):
            raise TypeError(f"{name}: axes must be a sequence of ints, got {axes!r}")
        axes = [_ops.normalize_axis(a, x.ndim, "axes") for a in axes]
        if len(set(axes)) != len(axes):
            raise ValueError(f"{name}: repeated axis in axes {tuple(axes)}")
    if s is not None:
        if isinstance(s, (int, np.integer)):
            raise TypeError(f"{name}: s must be a sequence of ints, got {s!r}")
        s = list(s)
        if axes is None:
            if len(s) > x.ndim:
                raise ValueError(f"{name}: s has {len(s)} entries for an array of dimension "
                                 f"{x.ndim}")
            axes = list(range(x.ndim - len(s), x.ndim))
        elif len(s) != len(axes):
            raise ValueError(f"{name}: s and axes must have the same length, got {len(s)} and "
                             f"{len(axes)}")
    if axes is None:
        axes = list(range(x.ndim))
    if not axes and kind != "c2c":  # (NumPy raises IndexError; fftn of no axes: a copy)
        raise ValueError(f"{name}: at least one axis must be transformed")
    sizes = []
    for i, a in enumerate(axes):
        # (s[i] = -1 keeps the input's length, also for irfftn's last axis: NumPy's rule)
        last_c2r = kind == "c2r" and i == len(axes) - 1 and s is None
        v = -1 if s is None else s[i]
        if not (isinstance(v, (int, np.integer)) and v == -1):
            sizes.append(_points(v, name, "s[%d]" % i))
        elif last_c2r:
            sizes.append(_points(2 * (x.shape[a] - 1), name, "the output length"))
        else:
            sizes.append(_points(x.shape[a], name, f"the length of axis {a}"))
    return tuple(axes), tuple(sizes)


# ------------------------------------------------------------------ local and distributed

def _out_shape(shape, fn, s, axes):
    out = list(shape)
    for a, n in zip(axes, s):
        out[a] = n
    if fn == "rfftn":
        out[axes[-1]] = s[-1] // 2 + 1
    return tuple(out)


def _out_dtype(fn, d):
    return _real_of(d) if fn == "irfftn" else _complex_of(d)


def _local(fn, x, s, axes, norm):
    """One recorded call of numpy.fft.<fn> on a local Array."""
    if not axes:
        return _ops.copy(x)
    shape = _out_shape(x.shape, fn, s, axes)
    d = _out_dtype(fn, x.dtype)
    return call("ptensor.fft", [x], [(shape, d)],
                {"fn": fn, "s": list(s), "axes": list(axes), "norm": norm})[0]


def _step(fn, x, s, axes, norm):
    """The transform of axes none of which is x's split axis: each rank transforms its
    rows (the split axis keeps its partition)."""
    if not isinstance(x, DArray):
        return _local(fn, x, s, axes, norm)
    local = _local(fn, x._local, s, axes, norm)
    return DArray(local, _out_shape(x.shape, fn, s, axes), x.team, x.split, x._pb, x._po)


def _largest(shape, among):
    return max(among, key=lambda a: (shape[a], -a))


def _transform(fn, x, s, axes, norm):
    """numpy.fft.<fn>(x, s, axes, norm) (fn: fftn, ifftn, rfftn, irfftn) for a local or
    distributed x (module docstring)."""
    if not isinstance(x, DArray) or x.split not in axes:
        return _step(fn, x, s, axes, norm)
    k, team = x.split, x.team
    if team.size == 1:  # one rank holds everything: nothing moves
        local = _local(fn, x._local, s, axes, norm)
        return DArray(local, local.shape, team, k)
    if x.ndim == 1:
        return _one_dimensional(fn, x, s[0], norm)
    size = dict(zip(axes, s))
    free = [a for a in range(x.ndim) if a not in axes]
    if free and (len(axes) == 1 or x.shape[_largest(x.shape, free)] >= team.size):
        return _step(fn, resplit(x, _largest(x.shape, free)), s, axes, norm)
    others = [a for a in axes if a != k]
    if fn in ("fftn", "ifftn"):  # the other axes here, then the split one after a resplit
        y = _step(fn, x, [size[a] for a in others], others, norm)
        return _step(fn, resplit(y, _largest(y.shape, others)), [size[k]], [k], norm)
    last = axes[-1]
    if fn == "rfftn":
        if k == last:  # the real axis is split: the others as complex transforms first,
            # then a whole complex transform of k, cut to its non-negative half
            y = _step("fftn", x, [size[a] for a in others], others, norm)
            y = resplit(y, _largest(y.shape, others))
            z = _local("fftn", y._local, [size[k]], [k], norm)
            half = tuple(slice(0, size[k] // 2 + 1) if a == k else slice(None)
                         for a in range(x.ndim))
            return DArray(_ops.copy(z[half]), _out_shape(y.shape, fn, [size[k]], [k]),
                          y.team, y.split, y._pb, y._po)
        y = _step(fn, x, [size[a] for a in others], others, norm)
        return _step("fftn", resplit(y, _largest(y.shape, others)), [size[k]], [k], norm)
    # irfftn (the one-axis transforms took the `free` case)
    mids = [a for a in others if a != last]
    if k == last:
        y = _step("ifftn", x, [size[a] for a in mids], mids, norm)
        return _step(fn, resplit(y, _largest(y.shape, mids)), [size[last]], [last], norm)
    if mids:
        y = _step("ifftn", x, [size[a] for a in mids], mids, norm)
        return _step(fn, resplit(y, _largest(y.shape, mids)), [size[k], size[last]],
                     [k, last], norm)
    # only the split axis and the last one: two all-to-alls
    y = _step("ifftn", resplit(x, last), [size[k]], [k], norm)
    return _step(fn, resplit(y, k), [size[last]], [last], norm)


def _factors(n, p):
    """(n1, n2) with n1 * n2 == n, both at least p, n1 the divisor nearest sqrt(n); None if
    there is none (a prime n, or n < p * p)."""
    best = None
    d = 1
    while d * d <= n:
        if n % d == 0:
            for a in (d, n // d):
                if a >= p and n // a >= p and (best is None or abs(a * a - n) < abs(best * best - n)):
                    best = a
        d += 1
    return None if best is None else (best, n // best)


def _sized(x, n):
    """x (1-D) cut or padded with zeros to n elements."""
    if x.shape[0] >= n:
        return x[:n]
    return pt.concat([x, pt.zeros(n - x.shape[0], dtype=x.dtype)])


def _four_step(x, n, inverse, norm):
    """The c2c transform of a distributed 1-D x of n = n1 * n2 elements (Bailey's four-step
    algorithm): x as an (n1, n2) matrix A[j1, j2] = x[j1 n2 + j2]; transforms of its columns
    (a resplit moves the split to axis 1); twiddles w^(k1 j2), w = exp(-+2 pi i / n), on
    each rank's columns; transforms of its rows (a resplit back); the result read in
    transposed order X[k1 + n1 k2] = Z[k1, k2] (a third all-to-all)."""
    n1, n2 = _factors(n, x.team.size)
    name = "ifftn" if inverse else "fftn"
    y = _transform(name, pt.reshape(x, (n1, n2)), (n1,), (0,), norm)  # split along axis 1
    lo, hi = y.owned()
    k1 = pt.arange(n1, dtype=dt.int64, team=None)
    j2 = pt.arange(lo, hi, dtype=dt.int64, team=None)
    m = (pt.reshape(k1, (n1, 1)) * pt.reshape(j2, (1, hi - lo))) % n  # exact: below n
    angle = pt.astype(m, dt.float64) * ((2.0 if inverse else -2.0) * np.pi / n)
    w = pt.astype(pt.cos(angle) + 1j * pt.sin(angle), y.dtype)
    y = DArray(y._local * w, y.shape, y.team, y.split, y._pb, y._po)
    z = _transform(name, y, (n2,), (1,), norm)  # split along axis 0 again
    return pt.reshape(pt.permute_dims(z, (1, 0)), (n,))


def _one_dimensional(fn, x, n, norm):
    """fn of a 1-D x split over ranks to n output points (rfftn: n input points): the
    four-step transform when n = n1 * n2 with n1, n2 >= the ranks, gathered otherwise."""
    team = x.team
    if _factors(n, team.size) is None:  # a prime n, or too short: gathered
        whole = _local(fn, pt.asarray(_dist.gather(x), team=None), (n,), (0,), norm)
        return _dist.distribute(whole, team)
    if fn in ("fftn", "ifftn"):
        return _four_step(_sized(x, n), n, fn == "ifftn", norm)
    if fn == "rfftn":
        full = _four_step(pt.astype(_sized(x, n), _complex_of(x.dtype)), n, False, norm)
        return pt.asarray(full[:n // 2 + 1], copy=True)
    # irfftn: the Hermitian extension X[k] = x[k] (k <= n / 2), conj(x[n - k]) above, whose
    # inverse is real (c2r ignores the imaginary parts of x[0] and x[n / 2]: so does real())
    h = _sized(x, n // 2 + 1)
    full = pt.concat([h, pt.conj(pt.flip(h[1:(n + 1) // 2]))])
    return pt.real(_four_step(full, n, True, norm))


def _nd(fn, kind, name, x, s, axes, norm):
    x = _input(x, name, kind)
    axes, s = _axes_sizes(x, s, axes, name, kind)
    return _transform(fn, x, s, axes, _norm(norm, name))


def _one(fn, kind, name, x, n, axis, norm):
    if n is not None:
        n = _points(n, name)
    if not isinstance(x, DArray):
        x = _as_array(x, name)
    axis = _ops.normalize_axis(axis, x.ndim)
    return _nd(fn, kind, name, x, None if n is None else (n,), (axis,), norm)


# ------------------------------------------------------------------ the standard's functions

def fft(x: Array, /, *, n: int | None = None, axis: int = -1,
        norm: _Norm = "backward") -> Array:
    """One-dimensional discrete Fourier transform.

    As ``numpy.fft.fft`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision). The
    transform is recorded as one call in the pending program, so what produces its input and
    what consumes its result fuse around it; it is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the input: cut or padded with zeros; None: as it is.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The transform, complex.

    See Also
    --------
    ifft : The inverse.

    Examples
    --------
    >>> pt.fft.fft(pt.asarray([1.0, 2.0, 3.0, 4.0]))
    Array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j])
    >>> pt.fft.fft(pt.asarray([1.0, 2.0, 3.0, 4.0]), norm="ortho")
    Array([ 5.+0.j, -1.+1.j, -1.+0.j, -1.-1.j])
    """
    return _one("fftn", "c2c", "fft", x, n, axis, norm)


def ifft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: _Norm = "backward") -> Array:
    """One-dimensional inverse discrete Fourier transform.

    As ``numpy.fft.ifft`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision). The
    transform is recorded as one call in the pending program, so what produces its input and
    what consumes its result fuse around it; it is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the input: cut or padded with zeros; None: as it is.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The inverse transform, complex.

    See Also
    --------
    fft : The forward transform.

    Examples
    --------
    >>> pt.fft.ifft(pt.asarray([10.0, -2+2j, -2, -2-2j]))
    Array([1.+0.j, 2.+0.j, 3.+0.j, 4.+0.j])
    """
    return _one("ifftn", "c2c", "ifft", x, n, axis, norm)


def fftn(x: Array, /, *, s: Sequence[int] | None = None,
         axes: Sequence[int] | None = None, norm: _Norm = "backward") -> Array:
    """N-dimensional discrete Fourier transform.

    As ``numpy.fft.fftn`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision). The
    transform is recorded as one call in the pending program, so what produces its input and
    what consumes its result fuse around it; it is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input.
    s : sequence of int, optional
        Sizes of the transformed axes of the input: cut or padded with zeros (-1: as it is); None:
        as they are.
    axes : sequence of int, optional
        Axes to transform; None: all, or the last ``len(s)``.
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The transform, complex.

    See Also
    --------
    ifftn : The inverse.

    Examples
    --------
    >>> pt.fft.fftn(pt.asarray([[1.0, 2.0], [3.0, 4.0]]))
    Array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]])
    """
    return _nd("fftn", "c2c", "fftn", x, s, axes, norm)


def ifftn(x: Array, /, *, s: Sequence[int] | None = None,
          axes: Sequence[int] | None = None, norm: _Norm = "backward") -> Array:
    """N-dimensional inverse discrete Fourier transform.

    As ``numpy.fft.ifftn`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision). The
    transform is recorded as one call in the pending program, so what produces its input and
    what consumes its result fuse around it; it is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input.
    s : sequence of int, optional
        Sizes of the transformed axes of the input: cut or padded with zeros (-1: as it is); None:
        as they are.
    axes : sequence of int, optional
        Axes to transform; None: all, or the last ``len(s)``.
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The inverse transform, complex.

    See Also
    --------
    fftn : The forward transform.

    Examples
    --------
    >>> pt.fft.ifftn(pt.asarray([[10.0, -2.0], [-4.0, 0.0]]))
    Array([[1.+0.j, 2.+0.j],
           [3.+0.j, 4.+0.j]])
    """
    return _nd("ifftn", "c2c", "ifftn", x, s, axes, norm)


def rfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: _Norm = "backward") -> Array:
    """One-dimensional discrete Fourier transform of a real signal.

    As ``numpy.fft.rfft`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision);
    complex input raises TypeError. The transform is recorded as one call in the pending
    program, so what produces its input and what consumes its result fuse around it; it is
    computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the input: cut or padded with zeros; None: as it is.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The ``n // 2 + 1`` non-negative frequency terms, complex.

    See Also
    --------
    irfft : The inverse.

    Examples
    --------
    >>> pt.fft.rfft(pt.asarray([1.0, 2.0, 3.0, 4.0]))
    Array([10.+0.j, -2.+2.j, -2.+0.j])
    """
    return _one("rfftn", "r2c", "rfft", x, n, axis, norm)


def irfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: _Norm = "backward") -> Array:
    """Inverse of ``rfft``: a real signal from its non-negative frequencies.

    As ``numpy.fft.irfft`` (pocketfft, as NumPy ships it). Result dtype: float32 for
    float32/complex64 input, float64 otherwise. The transform is recorded as one call in the
    pending program, so what produces its input and what consumes its result fuse around it; it
    is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the output (real points); None: ``2 * (m - 1)`` for ``m``
        input points.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The real signal.

    See Also
    --------
    rfft : The forward transform.

    Examples
    --------
    >>> pt.fft.irfft(pt.asarray([10.0, -2+2j, -2]))
    Array([1., 2., 3., 4.])
    """
    return _one("irfftn", "c2r", "irfft", x, n, axis, norm)


def rfftn(x: Array, /, *, s: Sequence[int] | None = None,
          axes: Sequence[int] | None = None, norm: _Norm = "backward") -> Array:
    """N-dimensional discrete Fourier transform of a real array.

    As ``numpy.fft.rfftn`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision);
    complex input raises TypeError; the last axis keeps ``s[-1] // 2 + 1`` points. The transform
    is recorded as one call in the pending program, so what produces its input and what consumes
    its result fuse around it; it is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input.
    s : sequence of int, optional
        Sizes of the transformed axes of the input: cut or padded with zeros (-1: as it is); None:
        as they are.
    axes : sequence of int, optional
        Axes to transform; None: all, or the last ``len(s)``.
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The transform, complex.

    See Also
    --------
    irfftn : The inverse.

    Examples
    --------
    >>> pt.fft.rfftn(pt.asarray([[1.0, 2.0], [3.0, 4.0]]))
    Array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]])
    """
    return _nd("rfftn", "r2c", "rfftn", x, s, axes, norm)


def irfftn(x: Array, /, *, s: Sequence[int] | None = None,
           axes: Sequence[int] | None = None, norm: _Norm = "backward") -> Array:
    """Inverse of ``rfftn``: a real array from its half spectrum.

    As ``numpy.fft.irfftn`` (pocketfft, as NumPy ships it). Result dtype: float32 for
    float32/complex64 input, float64 otherwise. The transform is recorded as one call in the
    pending program, so what produces its input and what consumes its result fuse around it; it
    is computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input.
    s : sequence of int, optional
        Sizes of the transformed axes of the output (the last axis: real points, default ``2 * (m -
        1)``) (-1: as it is); None: as they are.
    axes : sequence of int, optional
        Axes to transform; None: all, or the last ``len(s)``.
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The real array.

    See Also
    --------
    rfftn : The forward transform.

    Examples
    --------
    >>> pt.fft.irfftn(pt.asarray([[10.0, -2.0], [-4.0, 0.0]]))
    Array([[1., 2.],
           [3., 4.]])
    """
    return _nd("irfftn", "c2r", "irfftn", x, s, axes, norm)


_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def hfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: _Norm = "backward") -> Array:
    """Transform of a signal with Hermitian symmetry, given by its non-negative half.

    As ``numpy.fft.hfft`` (pocketfft, as NumPy ships it). Result dtype: float32 for
    float32/complex64 input, float64 otherwise; computed as ``irfft`` of ``conj(x)`` with the
    normalization's direction swapped. The transform is recorded as one call in the pending
    program, so what produces its input and what consumes its result fuse around it; it is
    computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the output (real points); None: ``2 * (m - 1)`` for ``m``
        input points.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The real spectrum.

    See Also
    --------
    ihfft : The inverse.

    Examples
    --------
    >>> pt.fft.hfft(pt.asarray([1.0, 2.0, 3.0]))
    Array([ 8., -2.,  0., -2.])
    """
    x = _input(x, "hfft", "c2r")
    return _one("irfftn", "c2r", "hfft", pt.conj(x), n, axis, _SWAP.get(_norm(norm, "hfft")))


def ihfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: _Norm = "backward") -> Array:
    """Inverse of ``hfft``: the half spectrum of a real signal.

    As ``numpy.fft.ihfft`` (pocketfft, as NumPy ships it). Result dtype: complex64 for
    float32/complex64 input, complex128 otherwise (integers and bool in double precision);
    complex input raises TypeError; computed as the conjugate of ``rfft`` with the
    normalization's direction swapped. The transform is recorded as one call in the pending
    program, so what produces its input and what consumes its result fuse around it; it is
    computed when the result is read.

    Parameters
    ----------
    x : Array or array_like
        The input signal.
    n : int, optional
        Length of the transformed axis of the input: cut or padded with zeros; None: as it is.
    axis : int, optional
        The axis to transform (default -1).
    norm : {'backward', 'ortho', 'forward'}, optional
        Normalization, as NumPy's (default 'backward').

    Returns
    -------
    Array
        The ``n // 2 + 1`` non-negative frequency terms, complex.

    See Also
    --------
    hfft : The forward transform.

    Examples
    --------
    >>> pt.fft.ihfft(pt.asarray([1.0, 2.0, 3.0, 4.0]))
    Array([ 2.5-0.j , -0.5-0.5j, -0.5-0.j ])
    """
    x = _input(x, "ihfft", "r2c")
    return pt.conj(_one("rfftn", "r2c", "ihfft", x, n, axis, _SWAP.get(_norm(norm, "ihfft"))))


def _freq_args(n, d, dtype, name):
    n = _points(n, name)
    if isinstance(d, bool) or not isinstance(d, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: d must be a real number, got {type(d).__name__}")
    dtype = dt.default_float if dtype is None else dt.to_dtype(dtype)
    if not dt.is_float(dtype):
        raise ValueError(f"{name}: dtype must be a real floating-point data type, got "
                         f"{dtype.name}")
    return n, 1.0 / (n * float(d)), dtype


def fftfreq(n: int, /, *, d: float = 1.0, dtype: DType | None = None,
            device: DeviceLike | None = None) -> Array:
    """Sample frequencies of an ``n``-point discrete Fourier transform.

    As ``numpy.fft.fftfreq``: ``[0, 1, ..., n // 2 - 1 (or (n - 1) // 2), -(n // 2), ..., -1] /
    (d * n)``, in NumPy's order and rounding.

    Parameters
    ----------
    n : int
        The transform length.
    d : float, optional
        The sample spacing (default 1.0).
    dtype : DType, optional
        A real floating dtype (default float64); others raise ValueError.
    device : Device, optional
        Where the result is placed.

    Returns
    -------
    Array
        Shape ``(n,)``.

    See Also
    --------
    rfftfreq : The frequencies of ``rfft``.
    fftshift : Move the zero frequency to the centre.

    Examples
    --------
    >>> pt.fft.fftfreq(4)
    Array([ 0.  ,  0.25, -0.5 , -0.25])
    >>> pt.fft.fftfreq(5, d=0.5)
    Array([ 0. ,  0.4,  0.8, -0.8, -0.4])
    """
    n, val, dtype = _freq_args(n, d, dtype, "fftfreq")
    i = pt.arange(n, dtype=dt.int64, device=device)
    k = pt.where(i < (n - 1) // 2 + 1, i, i - n)
    return pt.astype(pt.astype(k, dt.float64) * val, dtype)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: DType | None = None,
             device: DeviceLike | None = None) -> Array:
    """Sample frequencies of an ``n``-point ``rfft``.

    As ``numpy.fft.rfftfreq``: ``[0, 1, ..., n // 2] / (d * n)``.

    Parameters
    ----------
    n : int
        The transform length.
    d : float, optional
        The sample spacing (default 1.0).
    dtype : DType, optional
        A real floating dtype (default float64); others raise ValueError.
    device : Device, optional
        Where the result is placed.

    Returns
    -------
    Array
        Shape ``(n // 2 + 1,)``.

    Examples
    --------
    >>> pt.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ])
    """
    n, val, dtype = _freq_args(n, d, dtype, "rfftfreq")
    return pt.astype(pt.arange(n // 2 + 1, dtype=dt.float64, device=device) * val, dtype)


def _shift(x, axes, name, sign):
    if not isinstance(x, (Array, DArray)):
        x = _as_array(x, name)
    if axes is None:
        axes = tuple(range(x.ndim))
    elif isinstance(axes, (int, np.integer)):
        axes = (axes,)
    axes = tuple(_ops.normalize_axis(a, x.ndim, "axes") for a in axes)
    if not axes:
        return pt.asarray(x, copy=True)
    return pt.roll(x, tuple(sign * (x.shape[a] // 2) for a in axes), axis=axes)


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Move the zero-frequency term to the centre of the spectrum.

    As ``numpy.fft.fftshift``: a roll by ``n // 2`` along each of ``axes``.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axes : int or sequence of int, optional
        The axes to shift (default all).

    Returns
    -------
    Array
        The shifted array, same shape and dtype.

    See Also
    --------
    ifftshift : The inverse.

    Examples
    --------
    >>> pt.fft.fftshift(pt.fft.fftfreq(4))
    Array([-0.5 , -0.25,  0.  ,  0.25])
    """
    return _shift(x, axes, "fftshift", 1)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Inverse of ``fftshift``.

    As ``numpy.fft.ifftshift``: a roll by ``-(n // 2)`` along each of ``axes``.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axes : int or sequence of int, optional
        The axes to shift (default all).

    Returns
    -------
    Array
        The shifted array, same shape and dtype.

    Examples
    --------
    >>> pt.fft.ifftshift(pt.asarray([-2, -1, 0, 1]))
    Array([ 0,  1, -2, -1])
    """
    return _shift(x, axes, "ifftshift", -1)

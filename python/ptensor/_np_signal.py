"""NumPy's signal, polynomial, selection and linear-algebra helpers beyond the array API (convolve, interp, gradient, polyval, select, einsum, ...), composed of the namespace's functions.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions (``pt.sum``, ``pt.concat``, ...) so that it is recorded, fused,
distributed and run on devices as they are."""
from __future__ import annotations

import math

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._custom_call import call as _call
from ._np_args import as_array as _arr, is_local
from ._upcalls import namespace as pt

__all__: list[str] = []

AxisError = np.exceptions.AxisError


# ---------------------------------------------------------------- helpers ----



def _flat(x):
    return x if x.ndim == 1 else pt.reshape(x, (-1,))


def _axis(axis, ndim, name):
    try:
        return _ops.normalize_axis(axis, ndim)
    except AxisError as e:
        raise AxisError(f"{name}: {e}") from None


def _is_complex(x):
    return dt.is_complex(x.dtype)


def _write_out(r, out, name):
    """NumPy's out=: the result written into out (which must have its shape and dtype) and
    out returned."""
    if out is None:
        return r
    if not isinstance(out, pt.Array):
        raise TypeError(f"{name}: out must be a ptensor array, got {type(out).__name__}")
    if tuple(out.shape) != tuple(r.shape) or out.dtype != r.dtype:
        raise ValueError(f"{name}: output array is not acceptable (must have shape "
                         f"{tuple(r.shape)} and dtype {r.dtype}, got {tuple(out.shape)} and "
                         f"{out.dtype})")
    out[...] = r
    return out


def _one_d(x, name):
    """A 1-D array for NumPy's sequence arguments (0-d becomes length 1; more dimensions
    are a ValueError)."""
    x = _arr(x, name)
    if x.ndim == 0:
        return pt.reshape(x, (1,))
    if x.ndim > 1:
        raise ValueError(f"{name}: object too deep for desired array (expected 1-D, got shape "
                         f"{tuple(x.shape)})")
    return x


# ----------------------------------------------------------- linear algebra --

def dot(a, b, out=None):
    """The dot product of two arrays.

    As numpy.dot: the product of scalars (0-d), the inner product of vectors, the matrix
    product of 2-D arrays, and for N-D arrays the sum over ``a``'s last axis and ``b``'s
    second-to-last (``b``'s only axis for 1-D ``b``); computed with :func:`ptensor.matmul` or
    :func:`ptensor.tensordot` (one matrix product).

    Parameters
    ----------
    a, b : Array or array_like
        The operands.
    out : Array, optional
        A ptensor array of the result's shape and dtype to assign the result to.

    Returns
    -------
    Array
        The product (0-d for two vectors or scalars).

    See Also
    --------
    vdot : The conjugating dot product of flattened arrays.
    matmul : The matrix product.

    Examples
    --------
    >>> pt.dot(3, 4)
    Array(12)
    >>> pt.dot([2j, 3j], [2j, 3j])
    Array(-13.+0.j)
    >>> pt.dot([[1, 0], [0, 1]], [[4, 1], [2, 2]])
    Array([[4, 1],
           [2, 2]])
    """
    a, b = _arr(a, "dot"), _arr(b, "dot")
    if a.ndim == 0 or b.ndim == 0:
        r = pt.multiply(a, b)
    else:
        kb = 0 if b.ndim == 1 else b.ndim - 2
        if a.shape[-1] != b.shape[kb]:
            raise ValueError(f"dot: shapes {tuple(a.shape)} and {tuple(b.shape)} not aligned: "
                             f"{a.shape[-1]} (dim {a.ndim - 1}) != {b.shape[kb]} (dim {kb})")
        if a.ndim == 1 and b.ndim == 1 and a.dtype.kind in "iuf" and b.dtype.kind in "iuf":
            r = _inner_1d(a, b)
        elif b.ndim <= 2 and a.ndim <= 2:
            r = pt.matmul(a, b)
        elif b.ndim == 1:
            r = pt.matmul(a, b)  # (a's leading dimensions are a batch)
        else:
            r = pt.tensordot(a, b, axes=([a.ndim - 1], [kb]))
    return _write_out(r, out, "dot")


def _inner_1d(a, b):
    """The inner product of two real 1-D arrays as one fused multiply-and-sum over every
    thread (pt.matmul of two vectors is a plain loop), in NumPy's result dtype."""
    rt = dt.result_type(a.dtype, b.dtype)
    return pt.sum(pt.multiply(a, b), dtype=rt)


def vdot(a, b, /):
    """The dot product of the flattened arrays, the first conjugated.

    As numpy.vdot: ``sum(conj(a.ravel()) * b.ravel())``.

    Parameters
    ----------
    a, b : Array or array_like
        The operands, of the same size.

    Returns
    -------
    Array
        A 0-d array of the arrays' result type.

    See Also
    --------
    dot : The dot product without conjugation.
    inner : The inner product over the last axes.

    Examples
    --------
    >>> pt.vdot(pt.asarray([1 + 2j, 3 + 4j]), pt.asarray([5 + 6j, 7 + 8j]))
    Array(70.-8.j)
    >>> pt.vdot(pt.asarray([[1, 4], [5, 6]]), pt.asarray([[4, 1], [2, 2]]))
    Array(30)
    """
    a, b = _flat(_arr(a, "vdot")), _flat(_arr(b, "vdot"))
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"vdot: vectors have different lengths ({a.shape[0]} and "
                         f"{b.shape[0]})")
    if _is_complex(a):
        a = pt.conj(a)
    if a.dtype.kind in "iuf" and b.dtype.kind in "iuf":
        return _inner_1d(a, b)
    return pt.matmul(a, b)


def inner(a, b, /):
    """The inner product of two arrays over their last axes.

    As numpy.inner: the sum of products over the last axes of ``a`` and ``b`` (the plain
    product for a 0-d operand), computed with :func:`ptensor.tensordot`; no conjugation.

    Parameters
    ----------
    a, b : Array or array_like
        The operands; their last axes must match.

    Returns
    -------
    Array
        Shape ``a.shape[:-1] + b.shape[:-1]``.

    See Also
    --------
    dot : The dot product.
    vdot : The conjugating dot product.

    Examples
    --------
    >>> pt.inner(pt.asarray([1, 2, 3]), pt.asarray([0, 1, 0]))
    Array(2)
    >>> a = pt.reshape(pt.arange(4), (2, 2))
    >>> pt.inner(a, a)
    Array([[ 1,  3],
           [ 3, 13]])
    """
    a, b = _arr(a, "inner"), _arr(b, "inner")
    if a.ndim == 0 or b.ndim == 0:
        return pt.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"inner: shapes {tuple(a.shape)} and {tuple(b.shape)} not aligned: "
                         f"{a.shape[-1]} (dim {a.ndim - 1}) != {b.shape[-1]} "
                         f"(dim {b.ndim - 1})")
    if a.ndim == 1 and b.ndim == 1:
        return pt.matmul(a, b)
    return pt.tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))


def outer(a, b, out=None):
    """The outer product of two arrays.

    As numpy.outer: the products of every element of the flattened ``a`` with every element
    of the flattened ``b``. :func:`ptensor.linalg.outer` is the array API's (1-D operands
    only).

    Parameters
    ----------
    a, b : Array or array_like
        The operands (flattened).
    out : Array, optional
        A ptensor array to write the result into.

    Returns
    -------
    Array
        Shape ``(a.size, b.size)``.

    See Also
    --------
    inner : The inner product.
    kron : The Kronecker product.

    Examples
    --------
    >>> pt.outer(pt.asarray([1, 2, 3]), pt.asarray([1, 10]))
    Array([[ 1, 10],
           [ 2, 20],
           [ 3, 30]])
    """
    a, b = _flat(_arr(a, "outer")), _flat(_arr(b, "outer"))
    r = pt.multiply(pt.reshape(a, (a.shape[0], 1)), pt.reshape(b, (1, b.shape[0])))
    return _write_out(r, out, "outer")


def kron(a, b, /):
    """The Kronecker product of two arrays.

    As numpy.kron: blocks ``a[i] * b``, the shapes padded with leading ones to the same rank;
    computed as one broadcast product of interleaved unit dimensions, reshaped.

    Parameters
    ----------
    a, b : Array or array_like
        The operands.

    Returns
    -------
    Array
        Shape ``a.shape * b.shape`` (element-wise, after padding).

    See Also
    --------
    outer : The outer product.

    Examples
    --------
    >>> pt.kron(pt.asarray([1, 10, 100]), pt.asarray([5, 6, 7]))
    Array([  5,   6,   7,  50,  60,  70, 500, 600, 700])
    >>> pt.kron(pt.eye(2, dtype=pt.int64), pt.ones((2, 2), dtype=pt.int64))
    Array([[1, 1, 0, 0],
           [1, 1, 0, 0],
           [0, 0, 1, 1],
           [0, 0, 1, 1]])
    """
    a, b = _arr(a, "kron"), _arr(b, "kron")
    nd = max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + tuple(a.shape)
    sb = (1,) * (nd - b.ndim) + tuple(b.shape)
    ia = sum(((n, 1) for n in sa), ())
    ib = sum(((1, n) for n in sb), ())
    r = pt.multiply(pt.reshape(a, ia), pt.reshape(b, ib))
    return pt.reshape(r, tuple(m * n for m, n in zip(sa, sb)))


_LETTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _einsum_terms(subscripts, operands):
    """The einsum subscripts parsed: (labels per operand, output labels), ellipses expanded
    to labels of their own (chr(1), chr(2), ... counted from the right, so that they
    broadcast as NumPy's)."""
    if not isinstance(subscripts, str):
        raise TypeError("einsum: subscripts must be a string (the interleaved form "
                        "einsum(a, [0, 1], b, [1, 2]) is not supported)")
    s = subscripts.replace(" ", "")
    if "->" in s:
        lhs, rhs = s.split("->", 1)
        if "-" in rhs or ">" in rhs:
            raise ValueError("einsum: subscripts may contain only one '->'")
    else:
        if "-" in s or ">" in s:
            raise ValueError("einsum: invalid subscript '-' or '>' (use '->')")
        lhs, rhs = s, None
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"einsum: {len(terms)} operand subscripts for {len(operands)} "
                         "operands (more or fewer operands than the subscripts name)")
    ell_nd = 0
    labels = []
    for t, x in zip(terms, operands):
        if t.count("...") > 1 or t.replace("...", "").count(".") > 0:
            raise ValueError(f"einsum: invalid ellipsis in subscripts {t!r}")
        bad = [c for c in t.replace("...", "") if c not in _LETTERS]
        if bad:
            raise ValueError(f"einsum: invalid subscript {bad[0]!r} (letters only)")
        if "..." in t:
            left, right = t.split("...")
            k = x.ndim - len(left) - len(right)
            if k < 0:
                raise ValueError(f"einsum: operand has more subscripts than dimensions "
                                 f"({t!r} for shape {tuple(x.shape)})")
            ell_nd = max(ell_nd, k)
            labels.append(list(left) + [chr(k - i) for i in range(k)] + list(right))
        else:
            if len(t) != x.ndim:
                raise ValueError(f"einsum: operand subscripts {t!r} do not match the "
                                 f"operand's {x.ndim} dimensions (shape {tuple(x.shape)})")
            labels.append(list(t))
    ell = [chr(ell_nd - i) for i in range(ell_nd)]
    if rhs is None:
        counts = {}
        for ls in labels:
            for c in ls:
                counts[c] = counts.get(c, 0) + 1
        out = ell + sorted(c for c, n in counts.items() if n == 1 and c in _LETTERS)
    else:
        if rhs.count("...") > 1 or rhs.replace("...", "").count(".") > 0:
            raise ValueError(f"einsum: invalid ellipsis in output subscripts {rhs!r}")
        left, right = rhs.split("...") if "..." in rhs else (rhs, "")
        for c in left + right:
            if c not in _LETTERS:
                raise ValueError(f"einsum: invalid output subscript {c!r}")
        out = list(left) + (ell if "..." in rhs else []) + list(right)
        if ell_nd and "..." not in rhs:
            raise ValueError("einsum: output has more dimensions than subscripts given in "
                             "einstein sum, but no '...' ellipsis provided to broadcast the "
                             "extra dimensions")
        if len(set(out)) != len(out):
            raise ValueError(f"einsum: output subscripts {rhs!r} repeat a subscript")
        every = {c for ls in labels for c in ls}
        for c in out:
            if c not in every:
                raise ValueError(f"einsum: output subscript {c!r} does not appear in the "
                                 "operands' subscripts")
    return labels, out


def _einsum_diagonal(x, ls):
    """x with repeated labels of one operand reduced to their diagonal (each label once)."""
    while len(set(ls)) != len(ls):
        c = next(c for c in ls if ls.count(c) > 1)
        i = ls.index(c)
        j = ls.index(c, i + 1)
        n = x.shape[i]
        if x.shape[j] != n:
            raise ValueError(f"einsum: dimensions of repeated subscript {c!r} differ "
                             f"({n} and {x.shape[j]})")
        rest = [k for k in range(x.ndim) if k not in (i, j)]
        y = pt.permute_dims(x, tuple(rest + [i, j]))
        y = pt.reshape(y, tuple(x.shape[k] for k in rest) + (n * n,))
        x = pt.take(y, np.arange(n, dtype=np.int64) * (n + 1), axis=len(rest))
        ls = [ls[k] for k in rest] + [c]
    return x, ls


def _einsum_sum(x, ls, axes):
    if not axes:
        return x
    if x.dtype == dt.bool_:
        return pt.any(x, axis=tuple(axes))
    return pt.sum(x, axis=tuple(axes), dtype=x.dtype)


def _einsum_pair(x, lx, y, ly, keep):
    """The contraction of two operands over their shared labels that no later operand nor
    the output needs (`keep`): permuted and reshaped to (batch, m, k) @ (batch, k, n)."""
    shared = [c for c in lx if c in ly]
    batch = [c for c in shared if c in keep]
    summed = [c for c in shared if c not in keep]
    fx = [c for c in lx if c not in ly]
    fy = [c for c in ly if c not in lx]
    size = {}
    for ls, v in ((lx, x), (ly, y)):
        for i, c in enumerate(ls):
            size[c] = v.shape[i]
    xb = pt.permute_dims(x, tuple(lx.index(c) for c in batch + fx + summed))
    yb = pt.permute_dims(y, tuple(ly.index(c) for c in batch + summed + fy))
    nb = math.prod(size[c] for c in batch)
    m = math.prod(size[c] for c in fx)
    k = math.prod(size[c] for c in summed)
    n = math.prod(size[c] for c in fy)
    if batch:
        xm, ym = pt.reshape(xb, (nb, m, k)), pt.reshape(yb, (nb, k, n))
    else:
        xm, ym = pt.reshape(xb, (m, k)), pt.reshape(yb, (k, n))
    r = pt.matmul(xm, ym)
    labels = batch + fx + fy
    return pt.reshape(r, tuple(size[c] for c in labels)), labels


def einsum(subscripts, *operands, out=None, dtype=None, order="K", casting="safe",
           optimize=False):
    """Evaluate the Einstein summation convention on the operands.

    As numpy.einsum, in the subscript-string form: explicit ``'->'`` and implicit output,
    ellipsis ``'...'`` broadcasting, and repeated subscripts of one operand (its diagonal).
    Each operand's own diagonals and sums come first; then the operands are contracted left
    to right, each pair as one matrix product (:func:`ptensor.matmul` of permuted, reshaped
    operands), so nothing is broadcast to the full index space.

    Parameters
    ----------
    subscripts : str
        The subscripts, e.g. ``'ij,jk->ik'``.
    *operands : Array or array_like
        The arrays.
    out : Array, optional
        A ptensor array to write the result into.
    dtype : dtype, optional
        Converts the operands first.
    order, casting : optional
        Accepted and ignored.
    optimize : bool or str, optional
        Accepted; the contraction order stays left to right.

    Returns
    -------
    Array
        The result of the contraction.

    Notes
    -----
    The interleaved form ``einsum(a, [0, 1], ...)`` is not supported (TypeError).

    See Also
    --------
    tensordot : Contraction over given axes.
    matmul : The matrix product.

    Examples
    --------
    >>> a = pt.reshape(pt.arange(6), (2, 3))
    >>> pt.einsum('ij,j->i', a, pt.arange(3))
    Array([ 5, 14])
    >>> pt.einsum('ii', pt.reshape(pt.arange(9), (3, 3)))
    Array(12)
    >>> pt.einsum('ij->ji', a)
    Array([[0, 3],
           [1, 4],
           [2, 5]])
    """
    if not operands:
        raise ValueError("einsum: no operands given")
    ops = [_arr(x, "einsum") for x in operands]
    if dtype is not None:
        ops = [pt.astype(x, dtype) for x in ops]
    labels, out_ls = _einsum_terms(subscripts, ops)
    size = {}
    for ls, x in zip(labels, ops):
        for c, n in zip(ls, x.shape):
            if c in size and size[c] != n and 1 not in (size[c], n):
                raise ValueError(f"einsum: operands could not be broadcast together: "
                                 f"subscript {c if c in _LETTERS else '...'!r} has sizes "
                                 f"{size[c]} and {n}")
            size[c] = n if c not in size or size[c] == 1 else size[c]
    work = []
    for ls, x in zip(labels, ops):
        x, ls = _einsum_diagonal(x, list(ls))
        target = tuple(size[c] for c in ls)
        if tuple(x.shape) != target:  # (broadcast size-1 dimensions)
            x = pt.broadcast_to(x, target)
        work.append((x, ls))
    # sums over labels that appear in one operand only and not in the output
    for i, (x, ls) in enumerate(work):
        others = {c for j, (_, l2) in enumerate(work) if j != i for c in l2}
        axes = [k for k, c in enumerate(ls) if c not in others and c not in out_ls]
        work[i] = (_einsum_sum(x, ls, axes), [c for c in ls if c in others or c in out_ls])
    x, lx = work[0]
    for i in range(1, len(work)):
        y, ly = work[i]
        keep = set(out_ls) | {c for _, l2 in work[i + 1:] for c in l2}
        x, lx = _einsum_pair(x, lx, y, ly, keep)
    r = pt.permute_dims(x, tuple(lx.index(c) for c in out_ls))
    if len(ops) == 1 and r is ops[0]:
        r = pt.asarray(r, copy=True)
    return _write_out(r, out, "einsum")


# ---------------------------------------------------------- signal, calculus --

_SHIFTED_MAX = 32  # kernels up to this length: a sum of shifted slices
_WINDOW_MAX = 1 << 22  # sliding-window matrices up to this many elements: one matmul


def _conv_full_range(a, v, start, length):
    """Elements start .. start+length-1 of the full convolution of the 1-D arrays a (length
    n) and v (length m, m <= n), both of the result dtype.

    Three methods, by size: m <= 32: a sum of m shifted slices of zero-padded a, each times
    one v element (m fused multiply-adds per result element); otherwise, for integer or
    bool dtypes or when the (length, m) sliding-window matrix has at most 2**22 elements:
    that matrix (pt.take of padded a) times v (one matmul); otherwise (long inexact inputs)
    pt.fft: the product of the transforms (rounding differs from the direct sum by about
    the machine epsilon times the largest partial sums)."""
    n, m = a.shape[0], v.shape[0]
    rt = a.dtype
    lo = max(0, (m - 1) - start)  # zeros needed before a
    hi = max(0, start + length - n)  # zeros needed after a
    parts = []
    if lo:
        parts.append(pt.zeros((lo,), dtype=rt))
    parts.append(a)
    if hi:
        parts.append(pt.zeros((hi,), dtype=rt))
    ap = pt.concat(parts) if len(parts) > 1 else a
    # full[k] = sum_j v[j] * a[k - j] = sum_j v[j] * ap[k - j + lo]
    off = start + lo
    if m <= _SHIFTED_MAX:
        acc = None
        for j in range(m):
            s = off - j
            term = pt.multiply(ap[s:s + length], v[j])
            acc = term if acc is None else pt.add(acc, term)
        return acc
    if not dt.is_inexact(rt) or length * m <= _WINDOW_MAX:
        idx = (np.arange(length, dtype=np.int64)[:, None] + off
               - np.arange(m, dtype=np.int64)[None, :])
        w = pt.reshape(pt.take(ap, idx.reshape(-1), axis=0), (length, m))
        return pt.matmul(w, v)
    size = n + m - 1
    nfft = 1 << (size - 1).bit_length()
    if _is_complex(a):
        f = pt.fft.ifft(pt.multiply(pt.fft.fft(a, n=nfft), pt.fft.fft(v, n=nfft)))
    else:
        f = pt.fft.irfft(pt.multiply(pt.fft.rfft(a, n=nfft), pt.fft.rfft(v, n=nfft)), n=nfft)
    return pt.astype(f[start:start + length], rt)


def _conv(a, v, mode, name, flip_result=False):
    a, v = _one_d(a, name), _one_d(v, name)
    if a.shape[0] == 0:
        raise ValueError(f"{name}: a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError(f"{name}: v cannot be empty")
    if mode not in ("full", "same", "valid"):
        raise ValueError(f"{name}: mode must be one of 'full', 'same', 'valid' (got {mode!r})")
    rt = pt.result_type(a, v)
    a, v = pt.astype(a, rt), pt.astype(v, rt)
    swapped = v.shape[0] > a.shape[0]
    if swapped:
        a, v = v, a
    n, m = a.shape[0], v.shape[0]
    if mode == "full":
        start, length = 0, n + m - 1
    elif mode == "same":
        start, length = (m - 1) // 2, n
    else:
        start, length = m - 1, n - m + 1
    return _conv_full_range(a, v, start, length), swapped


def convolve(a, v, mode="full"):
    """The discrete linear convolution of two 1-D sequences.

    As numpy.convolve: the longer sequence slides over the shorter one; the result dtype is
    ``result_type(a, v)``. Short kernels (up to 32) are computed as a sum of shifted slices,
    longer ones as a sliding-window matmul, and long inexact ones (windows over 2**22
    elements) with :mod:`ptensor.fft`.

    Parameters
    ----------
    a, v : Array or array_like
        The 1-D input sequences.
    mode : {'full', 'same', 'valid'}, optional
        'full' (default): every overlap, length ``N + M - 1``; 'same': length ``max(N, M)``,
        centred; 'valid': only full overlaps, length ``max(N, M) - min(N, M) + 1``.

    Returns
    -------
    Array
        The 1-D convolution.

    Notes
    -----
    On the FFT path the rounding differs from NumPy's direct sums by about the epsilon times
    the sums' magnitude.

    See Also
    --------
    correlate : Cross-correlation.

    Examples
    --------
    >>> pt.convolve([1, 2, 3], [0, 1, 0.5])
    Array([0. , 1. , 2.5, 4. , 1.5])
    >>> pt.convolve([1, 2, 3], [0, 1, 0.5], 'same')
    Array([1. , 2.5, 4. ])
    >>> pt.convolve([1, 2, 3], [0, 1, 0.5], 'valid')
    Array([2.5])
    """
    r, _ = _conv(a, v, mode, "convolve")
    return r


def correlate(a, v, mode="valid"):
    """The cross-correlation of two 1-D sequences.

    As numpy.correlate: ``c[k] = sum_n a[n + k] * conj(v[n])``, the convolution of ``a``
    with ``v`` reversed and conjugated; when ``v`` is longer than ``a`` the result is
    NumPy's too (computed with the roles swapped and reversed).

    Parameters
    ----------
    a, v : Array or array_like
        The 1-D input sequences.
    mode : {'valid', 'same', 'full'}, optional
        The output length, as :func:`ptensor.convolve`'s; default 'valid'.

    Returns
    -------
    Array
        The 1-D cross-correlation, in ``result_type(a, v)``.

    See Also
    --------
    convolve : The discrete linear convolution.

    Examples
    --------
    >>> pt.correlate([1, 2, 3], [0, 1, 0.5])
    Array([3.5])
    >>> pt.correlate([1, 2, 3], [0, 1, 0.5], 'same')
    Array([2. , 3.5, 3. ])
    >>> pt.correlate([1, 2, 3], [0, 1, 0.5], 'full')
    Array([0.5, 2. , 3.5, 3. , 0. ])
    """
    a, v = _one_d(a, "correlate"), _one_d(v, "correlate")
    if v.shape[0] > a.shape[0]:
        # NumPy: correlate(v, a) reversed and conjugated
        aa = pt.conj(a) if _is_complex(a) else a
        r, _ = _conv(v, pt.flip(aa), mode, "correlate")
        r = pt.flip(r)
        return pt.conj(r) if _is_complex(r) else r
    vv = pt.conj(v) if _is_complex(v) else v
    r, _ = _conv(a, pt.flip(vv), mode, "correlate")
    return r


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional linear interpolation of the points ``(xp, fp)`` at ``x``.

    As numpy.interp: the piecewise-linear interpolant through the points (``xp``
    increasing), evaluated at ``x``; ``left`` / ``right`` (default ``fp[0]``, ``fp[-1]``)
    outside ``xp``'s range. The intervals are found with :func:`ptensor.searchsorted`.

    Parameters
    ----------
    x : Array or array_like
        The points to evaluate at.
    xp : Array or array_like
        The 1-D increasing x-coordinates of the data points.
    fp : Array or array_like
        The 1-D y-coordinates, as long as ``xp``.
    left, right : scalar, optional
        The values for ``x < xp[0]`` and ``x > xp[-1]``.
    period : scalar, optional
        A period for ``xp`` and ``x`` (both taken modulo it); ``left`` / ``right`` are then
        ignored.

    Returns
    -------
    Array
        The interpolated values, of ``x``'s shape: float64 (complex128 for complex ``fp``).

    Notes
    -----
    Raises ValueError when ``xp`` or ``fp`` is not 1-D, their lengths differ, or they are
    empty.

    Examples
    --------
    >>> xp = [1, 2, 3]
    >>> fp = [3, 2, 0]
    >>> pt.interp(2.5, xp, fp)
    Array(1.)
    >>> pt.interp([0, 1, 1.5, 2.72, 3.14], xp, fp)
    Array([3.  , 3.  , 2.5 , 0.56, 0.  ])
    """
    x = pt.astype(_arr(x, "interp"), dt.float64)
    xp = _arr(xp, "interp")
    fp = _arr(fp, "interp")
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("interp: data points xp and fp must be 1-D sequences")
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("interp: fp and xp are not of the same length")
    if xp.shape[0] == 0:
        raise ValueError("interp: array of sample points is empty")
    if _is_complex(xp):
        raise TypeError("interp: xp must be real")
    ft = dt.complex128 if _is_complex(fp) else dt.float64
    xp, fp = pt.astype(xp, dt.float64), pt.astype(fp, ft)
    if period is not None:
        if period == 0:
            raise ValueError("interp: period must be a non-zero value")
        period = abs(float(period))
        left = right = None
        x = pt.remainder(x, period)
        xp = pt.remainder(xp, period)
        order = pt.argsort(xp, stable=True)
        xp, fp = pt.take(xp, order), pt.take(fp, order)
        xp = pt.concat([xp[-1:] - period, xp, xp[0:1] + period])
        fp = pt.concat([fp[-1:], fp, fp[0:1]])
    n = xp.shape[0]
    lv = fp[0] if left is None else left
    rv = fp[-1] if right is None else right
    if n == 1:
        r = pt.broadcast_to(fp[0], tuple(x.shape))
    else:
        j = pt.searchsorted(xp, _flat(x) if x.ndim != 1 else x, side="right")
        i = pt.clip(pt.subtract(j, 1), 0, n - 2)
        x0, x1 = pt.take(xp, i), pt.take(xp, pt.add(i, 1))
        f0, f1 = pt.take(fp, i), pt.take(fp, pt.add(i, 1))
        xf = _flat(x) if x.ndim != 1 else x
        slope = pt.divide(pt.subtract(f1, f0), pt.subtract(x1, x0))
        r = pt.add(pt.multiply(slope, pt.subtract(xf, x0)), f0)
        r = pt.where(pt.equal(xf, x0), f0, r)  # exact at the sample points
        r = pt.where(pt.equal(xf, xp[-1]), fp[-1], r)
        if x.ndim != 1:
            r = pt.reshape(r, tuple(x.shape))
    r = pt.where(pt.less(x, xp[0]), lv, r)
    r = pt.where(pt.greater(x, xp[-1]), rv, r)
    return pt.astype(r, ft)


def _unit_along(v, axis, ndim):
    """A 1-D array shaped to broadcast along `axis` of an ndim-dimensional array."""
    return pt.reshape(v, tuple(v.shape[0] if k == axis else 1 for k in range(ndim)))


def _scalar_spacing(h):
    return h.ndim == 0 if isinstance(h, pt.Array) else np.ndim(h) == 0


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient of an N-dimensional array, by finite differences.

    As numpy.gradient: second-order central differences inside, first- or second-order
    (``edge_order``) one-sided differences at the ends, along each axis (all by default).
    float64 for integer ``f``, ``f``'s dtype otherwise.

    Parameters
    ----------
    f : Array or array_like
        The sampled values.
    *varargs : scalar or array_like, optional
        The spacing: none (1), one scalar for every axis, or one scalar or 1-D coordinate
        array per axis.
    axis : int or tuple of ints, optional
        The axes to differentiate along; default all.
    edge_order : {1, 2}, optional
        The order of the one-sided differences at the ends.

    Returns
    -------
    Array or tuple of Array
        One array per axis, each of ``f``'s shape (a single array for a single axis).

    See Also
    --------
    diff : Differences of neighbours.

    Examples
    --------
    >>> f = pt.asarray([1, 2, 4, 7, 11, 16], dtype=float)
    >>> pt.gradient(f)
    Array([1. , 1.5, 2.5, 3.5, 4.5, 5. ])
    >>> pt.gradient(f, 2)
    Array([0.5 , 0.75, 1.25, 1.75, 2.25, 2.5 ])
    >>> pt.gradient(pt.asarray([[1, 2, 6], [3, 4, 5]], dtype=float))
    (Array([[ 2.,  2., -1.],
           [ 2.,  2., -1.]]), Array([[1. , 2.5, 4. ],
           [1. , 1. , 1. ]]))
    """
    f = _arr(f, "gradient")
    nd = f.ndim
    if axis is None:
        axes = list(range(nd))
    else:
        raw = list(axis) if isinstance(axis, (tuple, list)) else [axis]
        axes = [_axis(a, nd, "gradient") for a in raw]
        if len(set(axes)) != len(axes):
            raise ValueError("gradient: repeated axis in 'axis'")
    n_ax = len(axes)
    if len(varargs) == 0:
        spacing = [1.0] * n_ax
    elif len(varargs) == 1 and _scalar_spacing(varargs[0]):
        spacing = list(varargs) * n_ax
    elif len(varargs) == n_ax:
        spacing = list(varargs)
    else:
        raise TypeError("gradient: invalid number of arguments (expected 0, 1 or one "
                        "spacing per axis)")
    if edge_order not in (1, 2):
        raise ValueError("gradient: 'edge_order' greater than 2 not supported")
    otype = f.dtype if dt.is_inexact(f.dtype) else dt.float64
    if not dt.is_inexact(f.dtype):
        f = pt.astype(f, dt.float64)
    results = []
    for ax, h in zip(axes, spacing):
        n = f.shape[ax]
        if n < edge_order + 1:
            raise ValueError("gradient: shape of array too small to calculate a numerical "
                             "gradient, at least (edge_order + 1) elements are required")

        def sl(a, b, ax=ax):
            return f[(slice(None),) * ax + (slice(a, b),)]
        coords = None
        if not _scalar_spacing(h):
            coords = _arr(h, "gradient")
            if coords.ndim != 1:
                raise ValueError("gradient: distances must be either scalars or 1d")
            if coords.shape[0] != n:
                raise ValueError("gradient: when 1d, distances must match the length of the "
                                 "corresponding dimension")
            if not dt.is_inexact(coords.dtype):
                coords = pt.astype(coords, dt.float64)
        if coords is None:
            inner = pt.divide(pt.subtract(sl(2, None), sl(0, -2)), h * 2.0) if n > 2 else None
            if edge_order == 1:
                e0 = pt.divide(pt.subtract(sl(1, 2), sl(0, 1)), h)
                e1 = pt.divide(pt.subtract(sl(n - 1, n), sl(n - 2, n - 1)), h)
            else:
                e0 = pt.divide(-1.5 * sl(0, 1) + 2.0 * sl(1, 2) - 0.5 * sl(2, 3), h)
                e1 = pt.divide(0.5 * sl(n - 3, n - 2) - 2.0 * sl(n - 2, n - 1)
                               + 1.5 * sl(n - 1, n), h)
        else:
            dx = pt.diff(coords)
            inner = None
            if n > 2:
                d1 = _unit_along(dx[:-1], ax, nd)
                d2 = _unit_along(dx[1:], ax, nd)
                a = -d2 / (d1 * (d1 + d2))
                b = (d2 - d1) / (d1 * d2)
                c = d1 / (d2 * (d1 + d2))
                inner = a * sl(0, -2) + b * sl(1, -1) + c * sl(2, None)
            if edge_order == 1:
                e0 = (sl(1, 2) - sl(0, 1)) / dx[0]
                e1 = (sl(n - 1, n) - sl(n - 2, n - 1)) / dx[-1]
            else:
                d1, d2 = dx[0], dx[1]
                a = -(2.0 * d1 + d2) / (d1 * (d1 + d2))
                b = (d1 + d2) / (d1 * d2)
                c = -d1 / (d2 * (d1 + d2))
                e0 = a * sl(0, 1) + b * sl(1, 2) + c * sl(2, 3)
                d1, d2 = dx[-2], dx[-1]
                a = d2 / (d1 * (d1 + d2))
                b = -(d2 + d1) / (d1 * d2)
                c = (2.0 * d2 + d1) / (d2 * (d1 + d2))
                e1 = a * sl(n - 3, n - 2) + b * sl(n - 2, n - 1) + c * sl(n - 1, n)
        parts = [e0] + ([inner] if inner is not None else []) + [e1]
        parts = [pt.astype(p, otype) for p in parts]
        results.append(pt.concat(parts, axis=ax))
    if n_ax == 1:
        return results[0]
    return tuple(results)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of ``y`` along ``axis`` by the trapezoidal rule.

    As numpy.trapezoid: with sample points ``x`` (1-D along the axis, or of ``y``'s shape)
    or the uniform spacing ``dx``.

    Parameters
    ----------
    y : Array or array_like
        The values to integrate.
    x : array_like, optional
        The sample points; default None (spacing ``dx``).
    dx : scalar, optional
        The spacing when ``x`` is None (default 1.0).
    axis : int, optional
        The axis to integrate along (default -1).

    Returns
    -------
    Array
        The integral, ``y``'s shape without ``axis``.

    See Also
    --------
    cumulative_sum : Running sums.

    Examples
    --------
    >>> pt.trapezoid([1, 2, 3])
    Array(4.)
    >>> pt.trapezoid([1, 2, 3], x=[4, 6, 8])
    Array(8.)
    >>> pt.trapezoid(pt.reshape(pt.arange(6), (2, 3)), axis=1)
    Array([2., 8.])
    """
    y = _arr(y, "trapezoid")
    if y.ndim == 0:
        raise AxisError(f"trapezoid: axis {axis} is out of bounds for array of dimension 0")
    ax = _axis(axis, y.ndim, "trapezoid")
    n = y.shape[ax]

    def sl(v, a, b):
        return v[(slice(None),) * ax + (slice(a, b),)]
    if x is None:
        d = dx
    else:
        x = _arr(x, "trapezoid")
        if x.ndim == 1:
            if x.shape[0] != n:
                raise ValueError("trapezoid: x must have the length of y along axis")
            d = _unit_along(pt.diff(x), ax, y.ndim)
        else:
            d = pt.diff(x, axis=ax)
    s = d * (sl(y, 1, None) + sl(y, 0, -1)) / 2.0
    return pt.sum(s, axis=ax)


def polyval(p, x):
    """The polynomial ``p`` evaluated at ``x``.

    As numpy.polyval: ``p[0] * x**(N-1) + ... + p[N-1]`` by Horner's rule, in the result
    type of ``p`` and ``x``.

    Parameters
    ----------
    p : array_like
        The coefficients, highest power first.
    x : Array, array_like or scalar
        The points.

    Returns
    -------
    Array
        The values, of ``x``'s shape.

    See Also
    --------
    polyfit : Fit a polynomial.

    Examples
    --------
    >>> pt.polyval([3, 0, 1], 5)
    Array(76)
    >>> pt.polyval([3, 0, 1], pt.asarray([1, 2, 3]))
    Array([ 4, 13, 28])
    """
    p, x = _arr(p, "polyval"), _arr(x, "polyval")
    if p.ndim > 1:
        raise ValueError("polyval: p must be 1-D")
    p = _one_d(p, "polyval")
    rt = pt.result_type(p, x)
    y = pt.zeros(tuple(x.shape), dtype=rt)
    for i in range(p.shape[0]):
        y = pt.add(pt.multiply(y, x), p[i])
    return pt.astype(y, rt)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """The least-squares polynomial fit of degree ``deg`` to the points ``(x, y)``.

    As numpy.polyfit: the coefficients (highest power first) minimizing the (weighted)
    squared error; ``y`` 1-D, or 2-D with one fit per column. Solved with the pseudo-inverse
    (:func:`ptensor.linalg.pinv`, SVD) of the column-scaled Vandermonde matrix, so
    rank-deficient fits give the minimum-norm solution, as NumPy's lstsq does (values agree
    to rounding).

    Parameters
    ----------
    x : array_like
        The sample x-coordinates.
    y : array_like
        The sample values (1-D, or 2-D: one data set per column).
    deg : int
        The degree of the polynomial.
    rcond : float, optional
        The cut-off for small singular values.
    full, cov : bool, optional
        Must be False.
    w : array_like, optional
        Weights of the points.

    Returns
    -------
    Array
        The ``deg + 1`` coefficients (a column per data set for 2-D ``y``).

    Notes
    -----
    ``full=True`` and ``cov=True`` raise NotImplementedError; NumPy's RankWarning is not
    emitted.

    See Also
    --------
    polyval : Evaluate the fit.

    Examples
    --------
    >>> pt.polyfit([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0], 1)
    Array([2., 1.])
    """
    if full or cov:
        raise NotImplementedError("polyfit: full=True and cov=True are not supported")
    deg = _ops.as_index(deg, "deg")
    if deg < 0:
        raise ValueError("polyfit: expected deg >= 0")
    x, y = _arr(x, "polyfit"), _arr(y, "polyfit")
    if x.ndim != 1:
        raise TypeError("polyfit: expected 1D vector for x")
    if x.shape[0] == 0:
        raise TypeError("polyfit: expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("polyfit: expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("polyfit: expected x and y to have same length")
    x = pt.astype(x, dt.float64)
    y = pt.astype(y, dt.complex128 if _is_complex(y) else dt.float64)
    exps = pt.asarray(np.arange(deg, -1, -1, dtype=np.float64))
    v = pt.pow(pt.reshape(x, (x.shape[0], 1)), pt.reshape(exps, (1, deg + 1)))
    if w is not None:
        w = pt.astype(_arr(w, "polyfit"), dt.float64)
        if w.ndim != 1:
            raise TypeError("polyfit: expected a 1-d array for weights")
        if w.shape[0] != x.shape[0]:
            raise TypeError("polyfit: expected w and y to have the same length")
        v = pt.multiply(v, pt.reshape(w, (w.shape[0], 1)))
        y = pt.multiply(y, w if y.ndim == 1 else pt.reshape(w, (w.shape[0], 1)))
    scale = pt.sqrt(pt.sum(pt.multiply(v, v), axis=0))
    scale = pt.where(pt.equal(scale, 0.0), 1.0, scale)
    vs = pt.divide(v, pt.reshape(scale, (1, deg + 1)))
    if rcond is None:
        rcond = x.shape[0] * float(np.finfo(np.float64).eps)
    c = pt.matmul(pt.linalg.pinv(vs, rtol=rcond), y)
    return pt.divide(c, scale if y.ndim == 1 else pt.reshape(scale, (deg + 1, 1)))


def _poly_pad(a, n):
    if a.shape[0] == n:
        return a
    return pt.concat([pt.zeros((n - a.shape[0],), dtype=a.dtype), a])


def polyadd(a1, a2):
    """The sum of two polynomials.

    As numpy.polyadd: coefficients highest power first, the shorter padded with leading
    zeros.

    Parameters
    ----------
    a1, a2 : Array or array_like
        The coefficients, highest power first.

    Returns
    -------
    Array
        The coefficients of the sum.

    See Also
    --------
    polysub, polymul, polydiv : The other arithmetic.

    Examples
    --------
    >>> pt.polyadd([1, 2], [9, 5, 4])
    Array([9, 6, 6])
    """
    a1, a2 = _one_d(a1, "polyadd"), _one_d(a2, "polyadd")
    n = max(a1.shape[0], a2.shape[0])
    return pt.add(_poly_pad(a1, n), _poly_pad(a2, n))


def polysub(a1, a2):
    """The difference of two polynomials.

    As numpy.polysub: ``a1 - a2``, coefficients highest power first, the shorter padded
    with leading zeros.

    Parameters
    ----------
    a1, a2 : Array or array_like
        The coefficients, highest power first.

    Returns
    -------
    Array
        The coefficients of the difference.

    See Also
    --------
    polyadd, polymul, polydiv : The other arithmetic.

    Examples
    --------
    >>> pt.polysub([2, 10, -2], [3, 10, -4])
    Array([-1,  0,  2])
    """
    a1, a2 = _one_d(a1, "polysub"), _one_d(a2, "polysub")
    n = max(a1.shape[0], a2.shape[0])
    return pt.subtract(_poly_pad(a1, n), _poly_pad(a2, n))


def polymul(a1, a2):
    """The product of two polynomials.

    As numpy.polymul: the convolution of the coefficients (highest power first).

    Parameters
    ----------
    a1, a2 : Array or array_like
        The coefficients, highest power first.

    Returns
    -------
    Array
        The coefficients of the product.

    See Also
    --------
    polyadd, polysub, polydiv : The other arithmetic.
    convolve : The convolution underneath.

    Examples
    --------
    >>> pt.polymul([1, 2, 3], [9, 5, 1])
    Array([ 9, 23, 38, 17,  3])
    """
    return convolve(a1, a2)


def polyder(p, m=1):
    """The ``m``-th derivative of the polynomial ``p``.

    As numpy.polyder (coefficients highest power first): each step multiplies
    ``p[:-1]`` by ``[n, n-1, ..., 1]``.

    Parameters
    ----------
    p : array_like
        The coefficients, highest power first.
    m : int, optional
        The order of the derivative (default 1).

    Returns
    -------
    Array
        The coefficients of the derivative.

    See Also
    --------
    polyint : The antiderivative.

    Examples
    --------
    >>> pt.polyder([1, 1, 1, 1])
    Array([3, 2, 1])
    >>> pt.polyder([1, 1, 1, 1], 2)
    Array([6, 2])
    """
    m = _ops.as_index(m, "m")
    if m < 0:
        raise ValueError("polyder: order of derivative must be positive (see polyint)")
    p = _one_d(p, "polyder")
    for _ in range(m):
        n = p.shape[0] - 1
        p = pt.multiply(p[:-1], pt.asarray(np.arange(n, 0, -1, dtype=np.int64))) if n > 0 \
            else pt.multiply(p[:0], pt.zeros((0,), dtype=dt.int64))
    return p


def polyint(p, m=1, k=None):
    """The ``m``-th antiderivative of the polynomial ``p``.

    As numpy.polyint (coefficients highest power first), with integration constants
    ``k``.

    Parameters
    ----------
    p : array_like
        The coefficients, highest power first.
    m : int, optional
        The order of the antiderivative (default 1).
    k : scalar or sequence of scalar, optional
        The integration constants (zeros by default).

    Returns
    -------
    Array
        The coefficients of the antiderivative.

    See Also
    --------
    polyder : The derivative.

    Examples
    --------
    >>> pt.polyint([1, 1, 1])
    Array([0.33333333, 0.5       , 1.        , 0.        ])
    >>> pt.polyint([3.0, 2.0, 1.0], k=5)
    Array([1., 1., 1., 5.])
    """
    m = _ops.as_index(m, "m")
    if m < 0:
        raise ValueError("polyint: order of integral must be positive (see polyder)")
    if k is None:
        ks = [0] * m
    else:
        ks = list(np.atleast_1d(np.asarray(k)).tolist()) if not isinstance(k, pt.Array) \
            else None
        if ks is None:
            kk = _flat(k)
            ks = [kk[i] for i in range(kk.shape[0])]
        if len(ks) == 1 and m > 1:
            ks = ks * m
        if len(ks) < m:
            raise ValueError("polyint: k must be a scalar or a rank-1 array of length 1 or >m.")
    p = _one_d(p, "polyint")
    for i in range(m):
        n = p.shape[0]
        q = pt.divide(p, pt.asarray(np.arange(n, 0, -1, dtype=np.float64)))
        kv = ks[i]
        kv = pt.reshape(kv, (1,)) if isinstance(kv, pt.Array) else pt.asarray(np.asarray([kv]))
        rt = pt.result_type(q, kv)
        p = pt.concat([pt.astype(q, rt), pt.astype(kv, rt)])
    return p


def roots(p):
    """The roots of the polynomial with coefficients ``p``.

    As numpy.roots (coefficients highest power first): the eigenvalues of the companion
    matrix (:func:`ptensor.linalg.eigvals`), plus one zero per trailing zero coefficient, in
    LAPACK's order as NumPy's. Leading and trailing zeros are found by reading ``p``'s
    nonzero positions; the result is float64 when every root is real and complex otherwise
    (that test reads back one bool).

    Parameters
    ----------
    p : array_like
        The 1-D coefficients, highest power first.

    Returns
    -------
    Array
        The roots.

    See Also
    --------
    poly : The coefficients from the roots.
    polyval : Evaluate a polynomial.

    Examples
    --------
    >>> pt.roots([1, -3, 2])
    Array([2., 1.])
    >>> pt.roots([1, -6, 11, -6])
    Array([3., 2., 1.])
    """
    p = _arr(p, "roots")
    if p.ndim != 1:
        raise ValueError("roots: input must be a rank-1 array")
    nz = pt.nonzero(p)[0] if p.shape[0] else None
    if nz is None or nz.shape[0] == 0:
        return pt.zeros((0,), dtype=dt.float64)
    first, last = int(nz[0]), int(nz[-1])
    trailing = p.shape[0] - last - 1
    p = p[first:last + 1]
    if not dt.is_inexact(p.dtype):
        p = pt.astype(p, dt.float64)
    n = p.shape[0]
    if n > 1:
        top = pt.reshape(pt.divide(pt.negative(p[1:]), p[0]), (1, n - 1))
        a = pt.concat([top, pt.eye(n - 2, n - 1, dtype=top.dtype)], axis=0) if n > 2 else top
        r = pt.linalg.eigvals(a)
    else:
        r = pt.zeros((0,), dtype=dt.complex128 if _is_complex(p) else dt.float64)
    if _is_complex(r) and not _is_complex(p) and bool(pt.all(pt.equal(pt.imag(r), 0))):
        r = pt.real(r)
    if trailing:
        r = pt.concat([r, pt.zeros((trailing,), dtype=r.dtype)])
    return r


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    """``p`` unwrapped: jumps larger than a half period removed.

    As numpy.unwrap: the steps of ``p`` along ``axis`` larger than
    ``max(discont, period / 2)`` replaced by their equivalents modulo ``period`` (a
    cumulative sum of corrections).

    Parameters
    ----------
    p : Array or array_like
        The input (e.g. phases in radians).
    discont : float, optional
        The largest step kept (default and minimum ``period / 2``).
    axis : int, optional
        The axis to unwrap along (default -1).
    period : float, optional
        The period (default ``2 * pi``).

    Returns
    -------
    Array
        The unwrapped values, of ``p``'s shape.

    See Also
    --------
    angle : The phase of complex numbers.

    Examples
    --------
    >>> pt.unwrap(pt.asarray([0, 1, 2, 0, 1, 2, 0]), period=3)
    Array([0, 1, 2, 3, 4, 5, 6])
    """
    p = _arr(p, "unwrap")
    if p.ndim == 0:
        raise AxisError(f"unwrap: axis {axis} is out of bounds for array of dimension 0")
    ax = _axis(axis, p.ndim, "unwrap")
    dd = pt.diff(p, axis=ax)
    rt = pt.result_type(dd, period)
    if dt.is_int(rt):
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high, ambiguous = period / 2, True
        dd = pt.astype(dd, rt)
    if discont is None:
        discont = period / 2
    low = -high
    ddmod = pt.add(pt.remainder(pt.subtract(dd, low), period), low)
    if ambiguous:
        ddmod = pt.where(pt.logical_and(pt.equal(ddmod, low), pt.greater(dd, 0)), high, ddmod)
    corr = pt.subtract(ddmod, dd)
    corr = pt.where(pt.less(pt.abs(dd), discont), 0, corr)
    out = pt.astype(p, rt) if p.dtype != rt else p
    if p.shape[ax] == 0:
        return pt.asarray(out, copy=True)
    head = out[(slice(None),) * ax + (slice(0, 1),)]
    tail = pt.add(out[(slice(None),) * ax + (slice(1, None),)],
                  pt.cumulative_sum(corr, axis=ax, dtype=corr.dtype))
    return pt.concat([head, pt.astype(tail, rt)], axis=ax)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of (arrays of) 2- or 3-vectors.

    As numpy.cross: the vectors lie along ``axisa`` of ``a`` and ``axisb`` of ``b``
    (``axis`` sets all three axes), the other dimensions broadcast; the result's vectors lie
    along ``axisc``. For 2-vectors the result is their z component (no vector axis).
    :func:`ptensor.linalg.cross` is the array API's (3-vectors, one axis).

    Parameters
    ----------
    a, b : Array or array_like
        The vectors.
    axisa, axisb, axisc : int, optional
        The vector axes of ``a``, ``b`` and the result (default -1).
    axis : int, optional
        If given, overrides all three.

    Returns
    -------
    Array
        The cross products.

    See Also
    --------
    linalg.cross : The array API's cross product.

    Examples
    --------
    >>> pt.cross([1, 2, 3], [4, 5, 6])
    Array([-3,  6, -3])
    """
    a, b = _arr(a, "cross"), _arr(b, "cross")
    if axis is not None:
        axisa = axisb = axisc = axis
    if a.ndim == 0 or b.ndim == 0:
        raise AxisError("cross: the operands must have at least one dimension")
    a = pt.moveaxis(a, _axis(axisa, a.ndim, "cross"), -1)
    b = pt.moveaxis(b, _axis(axisb, b.ndim, "cross"), -1)
    na, nb = a.shape[-1], b.shape[-1]
    if na not in (2, 3) or nb not in (2, 3):
        raise ValueError("cross: incompatible dimensions for cross product (dimension must "
                         "be 2 or 3)")
    rt = pt.result_type(a, b)
    shape = pt.broadcast_shapes(tuple(a.shape[:-1]), tuple(b.shape[:-1]))
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    z = pt.astype(pt.subtract(pt.multiply(a0, b1), pt.multiply(a1, b0)), rt)
    if na == 2 and nb == 2:
        return pt.broadcast_to(z, shape) if tuple(z.shape) != tuple(shape) else z
    if na == 3 and nb == 3:
        a2, b2 = a[..., 2], b[..., 2]
        c0 = pt.subtract(pt.multiply(a1, b2), pt.multiply(a2, b1))
        c1 = pt.subtract(pt.multiply(a2, b0), pt.multiply(a0, b2))
    elif na == 3:  # b's z is zero
        a2 = a[..., 2]
        c0 = pt.negative(pt.multiply(a2, b1))
        c1 = pt.multiply(a2, b0)
    else:  # a's z is zero
        b2 = b[..., 2]
        c0 = pt.multiply(a1, b2)
        c1 = pt.negative(pt.multiply(a0, b2))
    parts = [pt.broadcast_to(pt.astype(c, rt), shape) for c in (c0, c1, z)]
    r = pt.stack(parts, axis=-1)
    return pt.moveaxis(r, -1, _axis(axisc, r.ndim, "cross"))


# ---------------------------------------------------------------- selection --

def _bool_cond(c, name, i):
    c = _arr(c, name)
    if c.dtype != dt.bool_:
        raise TypeError(f"{name}: invalid entry {i} in condlist: should be boolean ndarray")
    return c


def select(condlist, choicelist, default=0):
    """The elements of ``choicelist`` chosen by the first condition that holds.

    As numpy.select: where ``condlist[i]`` is the first true condition, ``choicelist[i]``;
    ``default`` where none holds. Everything broadcasts together; the result dtype is the
    choices' (and default's) result type (a Python scalar default is weak). Computed as one
    ``where`` per condition, last first.

    Parameters
    ----------
    condlist : list of Array of bool
        The conditions.
    choicelist : list of arrays
        The choices, one per condition.
    default : scalar or array_like, optional
        The value where no condition holds (default 0).

    Returns
    -------
    Array
        The selected values, of the broadcast shape.

    See Also
    --------
    choose : Choose by an index array.
    where : Choose between two arrays.

    Examples
    --------
    >>> x = pt.arange(6)
    >>> pt.select([x < 3, x > 3], [x, x**2], 42)
    Array([ 0,  1,  2, 42, 16, 25])
    """
    condlist, choicelist = list(condlist), list(choicelist)
    if len(condlist) != len(choicelist):
        raise ValueError("select: list of cases must be same length as list of conditions")
    if not condlist:
        raise ValueError("select with an empty condition list is not possible")
    conds = [_bool_cond(c, "select", i) for i, c in enumerate(condlist)]
    choices = [c if isinstance(c, pt.Array) or isinstance(c, (bool, int, float, complex))
               else _arr(c, "select") for c in choicelist]
    dflt = default if isinstance(default, (pt.Array, bool, int, float, complex)) \
        else _arr(default, "select")
    rt = pt.result_type(*choices, dflt)
    shapes = [tuple(c.shape) for c in conds] + [tuple(c.shape) for c in choices + [dflt]
                                                if isinstance(c, pt.Array)]
    shape = pt.broadcast_shapes(*shapes)
    r = pt.full(shape, dflt, dtype=rt) if not isinstance(dflt, pt.Array) else \
        pt.broadcast_to(pt.astype(dflt, rt), shape)
    for c, v in zip(reversed(conds), reversed(choices)):
        v = pt.astype(v, rt) if isinstance(v, pt.Array) else v
        r = pt.where(c, v, r)
    return pt.astype(r, rt) if r.dtype != rt else r


def choose(a, choices, out=None, mode="raise"):
    """An array built from ``choices`` by the index array ``a``.

    As numpy.choose: ``choices[a[i]][i]`` for every ``i``, ``a`` and the choices broadcast
    together; computed as one ``where`` per choice.

    Parameters
    ----------
    a : Array or array_like
        Integer indices into ``choices``.
    choices : sequence of arrays or Array
        The ``n`` arrays to choose from (or an array whose first axis holds them).
    out : Array, optional
        A ptensor array of the result's shape and dtype to write the result into.
    mode : {'raise', 'wrap', 'clip'}, optional
        For indices outside [0, n): 'raise' (ValueError; the check reads back one bool),
        'wrap' (``a`` modulo ``n``) or 'clip'.

    Returns
    -------
    Array
        The chosen values, of the broadcast shape.

    See Also
    --------
    select : Choose by conditions.
    take : Take along an axis.

    Examples
    --------
    >>> choices = pt.asarray([[0, 1, 2, 3], [10, 11, 12, 13],
    ...                       [20, 21, 22, 23], [30, 31, 32, 33]])
    >>> pt.choose(pt.asarray([2, 3, 1, 0]), choices)
    Array([20, 31, 12,  3])
    >>> pt.choose(pt.asarray([2, 4, 1, 0]), choices, mode='wrap')
    Array([20,  1, 12,  3])
    """
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"choose: clipmode must be one of 'clip', 'raise', or 'wrap' "
                         f"(got {mode!r})")
    a = _arr(a, "choose")
    if not dt.is_int(a.dtype) and a.dtype != dt.bool_:
        raise TypeError(f"choose: cannot cast array data from {a.dtype} to int64 according "
                        "to the rule 'safe'")
    if isinstance(choices, pt.Array):
        chs = [choices[i] for i in range(choices.shape[0])] if choices.ndim else None
        if chs is None:
            raise ValueError("choose: choices must be a sequence (or an array of at least one "
                             "dimension)")
    else:
        chs = [_arr(c, "choose") for c in choices]
    n = len(chs)
    if n == 0:
        raise ValueError("choose: choices must not be empty")
    a = pt.astype(a, dt.int64)
    if mode == "raise":
        if bool(pt.any(pt.logical_or(pt.less(a, 0), pt.greater_equal(a, n)))):
            raise ValueError("choose: invalid entry in choice array")
    elif mode == "wrap":
        a = pt.remainder(a, n)
    else:
        a = pt.clip(a, 0, n - 1)
    rt = pt.result_type(*chs)
    shape = pt.broadcast_shapes(tuple(a.shape), *(tuple(c.shape) for c in chs))
    r = pt.broadcast_to(pt.astype(chs[-1], rt), shape)
    for k in range(n - 2, -1, -1):
        r = pt.where(pt.equal(a, k), pt.astype(chs[k], rt), r)
    if tuple(r.shape) != tuple(shape):
        r = pt.broadcast_to(r, shape)
    return _write_out(r, out, "choose")


def piecewise(x, condlist, funclist, *args, **kw):
    """A piecewise-defined function of ``x``.

    As numpy.piecewise: a result of ``x``'s shape and dtype, zero where no condition holds,
    and where ``condlist[i]`` holds, ``funclist[i]`` (a callable, given ``x[condlist[i]]``
    and ``args`` / ``kw``, or a scalar); later conditions win. One function more than
    conditions is the otherwise case.

    Parameters
    ----------
    x : Array or array_like
        The domain.
    condlist : list of Array of bool
        The conditions, each of ``x``'s shape.
    funclist : list of callable or scalar
        The pieces.
    *args, **kw
        Passed on to the callables.

    Returns
    -------
    Array
        The values, of ``x``'s shape and dtype.

    See Also
    --------
    select : Choose by conditions among arrays.
    where : Choose between two arrays.

    Examples
    --------
    >>> x = pt.linspace(-2.5, 2.5, 6)
    >>> pt.piecewise(x, [x < 0, x >= 0], [-1, 1])
    Array([-1., -1., -1.,  1.,  1.,  1.])
    >>> pt.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v])
    Array([2.5, 1.5, 0.5, 0.5, 1.5, 2.5])
    """
    x = _arr(x, "piecewise")
    if isinstance(condlist, (bool, np.bool_)):
        conds = [condlist]
    elif isinstance(condlist, (pt.Array, np.ndarray)):
        c = _arr(condlist, "piecewise")
        conds = [c[i] for i in range(c.shape[0])] if c.ndim == x.ndim + 1 else [c]
    else:
        condlist = list(condlist)
        if condlist and x.ndim != 0 and not isinstance(
                condlist[0], (list, tuple, pt.Array, np.ndarray)):
            conds = [condlist]
        else:
            conds = condlist
    conds = [pt.broadcast_to(pt.astype(_arr(c, "piecewise"), dt.bool_), tuple(x.shape))
             for c in conds]
    funclist = list(funclist)
    n = len(conds)
    if len(funclist) == n + 1:
        other = pt.logical_not(pt.any(pt.stack(conds), axis=0)) if n else \
            pt.ones(tuple(x.shape), dtype=dt.bool_)
        conds.append(other)
    elif len(funclist) != n:
        raise ValueError(f"piecewise: with {n} condition(s), either {n} or {n + 1} functions "
                         f"are expected")
    y = pt.zeros(tuple(x.shape), dtype=x.dtype)
    if x.ndim == 0:  # (0-d: a where per condition)
        for c, fn in zip(conds, funclist):
            v = fn(x, *args, **kw) if callable(fn) else fn
            v = _arr(v, "piecewise")
            y = pt.where(c, pt.astype(v, x.dtype), y)
        return y
    for c, fn in zip(conds, funclist):
        if callable(fn):
            vals = fn(x[c], *args, **kw)
            vals = _arr(vals, "piecewise")
            if vals.dtype != x.dtype:
                vals = pt.astype(vals, x.dtype)
            y[c] = vals
        else:
            y[c] = pt.astype(_arr(fn, "piecewise"), x.dtype)
    return y


def extract(condition, arr):
    """The elements of ``arr`` where ``condition`` is true.

    As numpy.extract: the elements of the flattened ``arr`` where the flattened
    ``condition`` is true (by its truthiness); a shorter condition selects among ``arr``'s
    first elements.

    Parameters
    ----------
    condition : Array or array_like
        Where to take elements (non-zero: take).
    arr : Array or array_like
        The input array.

    Returns
    -------
    Array
        A 1-D array of the selected elements.

    See Also
    --------
    compress : Select slices along an axis.
    place : The inverse: write values where a mask is true.

    Examples
    --------
    >>> arr = pt.reshape(pt.arange(12), (3, 4))
    >>> pt.extract(pt.remainder(arr, 3) == 0, arr)
    Array([0, 3, 6, 9])
    """
    c = _flat(_arr(condition, "extract"))
    a = _flat(_arr(arr, "extract"))
    if c.dtype != dt.bool_:
        c = pt.astype(c, dt.bool_)
    if c.shape[0] == a.shape[0]:
        return a[c]
    if c.shape[0] == 0:
        return a[:0]
    idx = pt.nonzero(c)[0]
    if idx.shape[0] == 0:
        return a[:0]
    if int(idx[-1]) >= a.shape[0]:
        raise IndexError(f"extract: index {int(idx[-1])} is out of bounds for axis 0 with "
                         f"size {a.shape[0]}")
    return pt.take(a, idx)


def place(arr, mask, vals):
    """Set the elements of ``arr`` where ``mask`` is true, in place.

    As numpy.place: ``arr``'s elements where ``mask`` is true are set from ``vals`` in
    order, ``vals`` repeated when shorter.

    Parameters
    ----------
    arr : Array
        The array to change.
    mask : Array or array_like
        A bool array of ``arr``'s shape.
    vals : array_like
        The values to write.

    Returns
    -------
    None

    See Also
    --------
    extract : Read the elements where a condition holds.
    put : Write at flat indices.

    Examples
    --------
    >>> arr = pt.reshape(pt.arange(6), (2, 3))
    >>> pt.place(arr, arr > 2, [44, 55])
    >>> arr
    Array([[ 0,  1,  2],
           [44, 55, 44]])
    """
    if not isinstance(arr, pt.Array):
        raise TypeError(f"place: argument 1 must be a ptensor array, not {type(arr).__name__}")
    m = _arr(mask, "place")
    if m.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    m = pt.reshape(pt.astype(m, dt.bool_), tuple(arr.shape))
    count = int(pt.count_nonzero(m))
    if count == 0:
        return None
    v = _flat(_arr(vals, "place"))
    if v.shape[0] == 0:
        raise ValueError("place: cannot insert from an empty array")
    if v.shape[0] != count:
        v = pt.take(v, np.arange(count, dtype=np.int64) % v.shape[0])
    arr[m] = pt.astype(v, arr.dtype)
    return None


def _unravel(flat, shape):
    """The index arrays of flat (C-order) positions in an array of `shape`."""
    idx = []
    rest = flat
    for i in range(len(shape) - 1, 0, -1):
        idx.append(pt.remainder(rest, shape[i]))
        rest = pt.floor_divide(rest, shape[i])
    idx.append(rest)
    return tuple(reversed(idx))


def put(a, ind, v, mode="raise"):
    """Set the elements of ``a`` at flat indices, in place.

    As numpy.put: ``a.flat[ind] = v``, ``v`` repeated when shorter than ``ind``.

    Parameters
    ----------
    a : Array
        The array to change.
    ind : array_like of ints
        Indices into the flattened ``a``.
    v : array_like
        The values.
    mode : {'raise', 'wrap', 'clip'}, optional
        For indices outside ``[-a.size, a.size)``: 'raise' (IndexError; the check reads back
        the indices' extremes), 'wrap' or 'clip'.

    Returns
    -------
    None

    Notes
    -----
    With repeated indices, which value lands is not specified (NumPy: the last).

    See Also
    --------
    place : Write where a mask is true.
    take : Read at indices.

    Examples
    --------
    >>> a = pt.arange(5)
    >>> pt.put(a, [0, 2], [-44, -55])
    >>> a
    Array([-44,   1, -55,   3,   4])
    >>> a = pt.arange(5)
    >>> pt.put(a, 22, -5, mode='clip')
    >>> a
    Array([ 0,  1,  2,  3, -5])
    """
    if not isinstance(a, pt.Array):
        raise TypeError(f"put: a must be a ptensor array, not {type(a).__name__}")
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"put: clipmode must be one of 'clip', 'raise', or 'wrap' "
                         f"(got {mode!r})")
    ind = _flat(_arr(ind, "put"))
    if not dt.is_int(ind.dtype):
        raise TypeError(f"put: cannot cast array data from {ind.dtype} to int64 according to "
                        "the rule 'safe'")
    k = ind.shape[0]
    n = a.size
    if k == 0:
        return None
    if n == 0:
        raise IndexError("put: cannot replace in an empty array")
    ind = pt.astype(ind, dt.int64)
    if mode == "raise":
        lo, hi = int(pt.min(ind)), int(pt.max(ind))
        if lo < -n or hi >= n:
            bad = hi if hi >= n else lo
            raise IndexError(f"put: index {bad} is out of bounds for axis 0 with size {n}")
        ind = pt.where(pt.less(ind, 0), pt.add(ind, n), ind)
    elif mode == "wrap":
        ind = pt.remainder(ind, n)
    else:
        ind = pt.clip(ind, 0, n - 1)
    vals = _flat(_arr(v, "put"))
    if vals.shape[0] == 0:
        return None
    if vals.shape[0] != k:
        vals = pt.take(vals, np.arange(k, dtype=np.int64) % vals.shape[0])
    vals = pt.astype(vals, a.dtype)
    if a.ndim == 0:
        a[...] = vals[-1]
        return None
    a[_unravel(ind, tuple(a.shape))] = vals
    return None


def compress(condition, a, axis=None, out=None):
    """The slices of ``a`` along ``axis`` where ``condition`` is true.

    As numpy.compress: ``condition`` is 1-D; one shorter than the axis selects among its
    first slices; the flattened ``a`` is used when ``axis`` is None.

    Parameters
    ----------
    condition : array_like of bool
        Which slices to keep.
    a : Array or array_like
        The input array.
    axis : int, optional
        The axis to select along; default None (the flattened array).
    out : Array, optional
        A ptensor array of the result's shape and dtype to write the result into.

    Returns
    -------
    Array
        The selected slices.

    Notes
    -----
    A ``condition`` longer than the axis must be false in its extra entries (IndexError
    otherwise).

    See Also
    --------
    extract : Select elements of the flattened array.
    take : Select by index.

    Examples
    --------
    >>> a = pt.asarray([[1, 2], [3, 4], [5, 6]])
    >>> pt.compress([0, 1], a, axis=0)
    Array([[3, 4]])
    >>> pt.compress([False, True], a, axis=1)
    Array([[2],
           [4],
           [6]])
    >>> pt.compress([False, True], a)
    Array([2])
    """
    a = _arr(a, "compress")
    c = _arr(condition, "compress")
    if c.ndim != 1:
        raise ValueError("compress: condition must be a 1-d array")
    if axis is None:
        a, ax = _flat(a), 0
    else:
        if a.ndim == 0:
            raise AxisError(f"compress: axis {axis} is out of bounds for array of dimension 0")
        ax = _axis(axis, a.ndim, "compress")
    if c.dtype != dt.bool_:
        c = pt.astype(c, dt.bool_)
    size = a.shape[ax]
    if c.shape[0] == size and size:
        r = pt.take(a, pt.nonzero(c)[0], axis=ax) if ax else a[c]
    else:
        idx = pt.nonzero(c)[0] if c.shape[0] else None
        if idx is None or idx.shape[0] == 0:
            r = a[(slice(None),) * ax + (slice(0, 0),)]
        else:
            last = int(idx[-1])
            if last >= size:
                raise IndexError(f"compress: index {last} is out of bounds for axis {ax} with "
                                 f"size {size}")
            r = pt.take(a, idx, axis=ax)
    return _write_out(r, out, "compress")


def argwhere(a):
    """The indices of the non-zero elements of ``a``, one row each.

    As numpy.argwhere: shape ``(count, a.ndim)``, int64 (a 0-d ``a`` gives shape (1, 0) or
    (0, 0)). The count is data-dependent, so the result is computed when called.

    Parameters
    ----------
    a : Array or array_like
        The input array.

    Returns
    -------
    Array
        The int64 indices, one row per non-zero element, in row-major order.

    See Also
    --------
    nonzero : The indices as a tuple of arrays.
    flatnonzero : Indices into the flattened array.

    Examples
    --------
    >>> pt.argwhere(pt.asarray([[0, 1, 2], [3, 0, 5]]) > 1)
    Array([[0, 2],
           [1, 0],
           [1, 2]])
    """
    a = _arr(a, "argwhere")
    if a.ndim == 0:
        return pt.zeros((int(bool(pt.astype(a, dt.bool_))), 0), dtype=dt.int64)
    idx = pt.nonzero(a)
    if a.ndim == 1:
        return pt.reshape(idx[0], (idx[0].shape[0], 1))
    return pt.stack(list(idx), axis=1)


def flatnonzero(a):
    """The indices of the non-zero elements of the flattened ``a``.

    As numpy.flatnonzero: int64 positions in ``a`` flattened (row-major).

    Parameters
    ----------
    a : Array or array_like
        The input array.

    Returns
    -------
    Array
        A 1-D int64 array of positions.

    See Also
    --------
    nonzero : Indices per axis.
    argwhere : Indices as rows.

    Examples
    --------
    >>> pt.flatnonzero(pt.arange(-2, 3))
    Array([0, 1, 3, 4])
    """
    return pt.nonzero(_flat(_arr(a, "flatnonzero")))[0]


def _kth(kth, n, name):
    ks = [kth] if not isinstance(kth, pt.Array) and np.ndim(kth) == 0 else \
        [int(k) for k in np.asarray(kth).reshape(-1)]
    out = []
    for k in ks:
        k = _ops.as_index(k, "kth")
        if not -n <= k < n:
            raise ValueError(f"{name}: kth(={k}) out of bounds ({n})")
        out.append(k)
    return out


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of ``a`` partitioned around its ``kth`` element(s).

    As numpy.partition: the result has NumPy's value at each ``kth`` position, nothing
    larger before it and nothing smaller after, along ``axis`` (the flattened ``a`` when
    ``axis`` is None). A local array of real numbers is partitioned by a selection at each
    ``kth`` (O(n) per position, NaN last as NumPy's); a distributed or complex one is
    sorted (stable).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    kth : int or sequence of ints
        The position(s) to partition around.
    axis : int or None, optional
        The axis (default -1); None uses the flattened array.
    kind : str, optional
        Accepted and not used.
    order : None, optional
        Structured dtypes are not supported (ValueError when given).

    Returns
    -------
    Array
        The partitioned array, of ``a``'s dtype.

    Notes
    -----
    The order within the parts is unspecified, as NumPy's (sorted for a distributed or
    complex array); it differs from NumPy's own.

    See Also
    --------
    argpartition : The indices that partition.
    sort : A full sort.

    Examples
    --------
    >>> x = pt.asarray([7, 1, 7, 7, 1, 5, 7, 2, 3, 2, 6, 2, 3, 0])
    >>> pt.partition(x, 4)[4]
    Array(2)
    """
    a, ax = _partition_args("partition", a, kth, axis, order)
    if not is_local(a) or dt.is_complex(a.dtype) or a.size == 0:
        return pt.sort(a, axis=ax, stable=True)
    n = a.shape[ax]
    ks = sorted({k % n for k in _kth(kth, n, "partition")})
    x = a if ax == a.ndim - 1 else pt.moveaxis(a, ax, -1)
    r = _call("ptensor.partition", [x], [(x.shape, x.dtype)], {"kth": ks})[0]
    return r if ax == a.ndim - 1 else pt.moveaxis(r, -1, ax)


def _partition_args(name, a, kth, axis, order):
    """(a, axis) of partition / argpartition, checked (a flattened for axis=None)."""
    if order is not None:
        raise ValueError(f"{name}: order is only for structured arrays (not supported)")
    a = _arr(a, name)
    if axis is None:
        a, axis = _flat(a), 0
    if a.ndim == 0:
        raise AxisError(f"{name}: axis -1 is out of bounds for array of dimension 0")
    ax = _axis(axis, a.ndim, name)
    _kth(kth, a.shape[ax], name)
    return a, ax


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition ``a`` around its ``kth`` element(s).

    As numpy.argpartition: ``a[idx]`` has NumPy's value at each ``kth`` position, no larger
    values before it and no smaller after. Computed as a full stable argsort along ``axis``
    (the flattened ``a`` when ``axis`` is None).

    Parameters
    ----------
    a : Array or array_like
        The input array.
    kth : int or sequence of ints
        The position(s) to partition around.
    axis : int or None, optional
        The axis (default -1); None uses the flattened array.
    kind, order : optional
        Accepted for NumPy's signature.

    Returns
    -------
    Array
        int64 indices, of ``a``'s shape (1-D for ``axis=None``).

    Notes
    -----
    The order within the parts is sorted here; NumPy leaves it unspecified.

    See Also
    --------
    partition : The partitioned values.
    argsort : Indices that sort.

    Examples
    --------
    >>> x = pt.asarray([3, 4, 2, 1])
    >>> pt.argpartition(x, 2)
    Array([3, 2, 0, 1])
    >>> x[pt.argpartition(x, 2)]
    Array([1, 2, 3, 4])
    """
    a, ax = _partition_args("argpartition", a, kth, axis, order)
    return pt.argsort(a, axis=ax, stable=True)


def lexsort(keys, axis=-1):
    """Indices that sort by several keys, the last key primary.

    As numpy.lexsort: a stable sort by the last key, ties broken by the one before it, and
    so on; computed as one stable argsort per key, from the first key to the last, each
    reordering the previous permutation.

    Parameters
    ----------
    keys : sequence of arrays or Array
        Arrays of one shape, or an array whose first axis indexes the keys.
    axis : int, optional
        The axis to sort along (default -1).

    Returns
    -------
    Array
        int64 indices, of the keys' shape.

    See Also
    --------
    argsort : Indices that sort by one key.

    Examples
    --------
    >>> surnames = pt.asarray([1, 5, 1, 4, 3, 4, 4])
    >>> first = pt.asarray([9, 4, 0, 4, 0, 2, 1])
    >>> pt.lexsort((first, surnames))
    Array([2, 0, 4, 6, 5, 3, 1])
    """
    if isinstance(keys, pt.Array) or isinstance(keys, np.ndarray):
        k = _arr(keys, "lexsort")
        if k.ndim == 0:
            raise TypeError("lexsort: need sequence of keys with len(keys) > 0")
        ks = [k[i] for i in range(k.shape[0])]
    else:
        ks = [_arr(k, "lexsort") for k in keys]
    if not ks:
        raise TypeError("lexsort: need sequence of keys with len(keys) > 0")
    shape = tuple(ks[0].shape)
    if any(tuple(k.shape) != shape for k in ks):
        raise ValueError("lexsort: all keys need to be the same shape")
    if len(shape) == 0:
        return pt.zeros((), dtype=dt.int64)
    ax = _axis(axis, len(shape), "lexsort")
    perm = pt.argsort(ks[0], axis=ax, stable=True)
    for k in ks[1:]:
        sub = pt.argsort(pt.take_along_axis(k, perm, axis=ax), axis=ax, stable=True)
        perm = pt.take_along_axis(perm, sub, axis=ax)
    return perm


def sort_complex(a):
    """``a`` sorted by real part, then imaginary part, as complex.

    As numpy.sort_complex: a sort along the last axis; always complex (complex64 for int8,
    int16, uint8, uint16 and complex64 input, complex128 otherwise).

    Parameters
    ----------
    a : Array or array_like
        The input array.

    Returns
    -------
    Array
        The sorted complex array.

    See Also
    --------
    sort : Sort in the array's dtype.

    Examples
    --------
    >>> pt.sort_complex(pt.asarray([5, 3, 6, 2, 1]))
    Array([1.+0.j, 2.+0.j, 3.+0.j, 5.+0.j, 6.+0.j])
    >>> pt.sort_complex(pt.asarray([1 + 2j, 2 - 1j, 3 - 2j, 3 - 3j, 3 + 5j]))
    Array([1.+2.j, 2.-1.j, 3.-3.j, 3.-2.j, 3.+5.j])
    """
    a = _arr(a, "sort_complex")
    if a.ndim == 0:
        raise AxisError("sort_complex: axis -1 is out of bounds for array of dimension 0")
    if not _is_complex(a):
        ct = dt.complex64 if a.dtype in (dt.int8, dt.int16, dt.uint8, dt.uint16) \
            else dt.complex128
        return pt.astype(pt.sort(a, axis=-1), ct)
    perm = lexsort([pt.imag(a), pt.real(a)], axis=-1)
    return pt.take_along_axis(a, perm, axis=-1)


__all__ += ["dot", "vdot", "inner", "outer", "kron", "einsum", "convolve", "correlate",
            "interp", "gradient", "trapezoid", "polyval", "polyfit", "polyadd", "polysub",
            "polymul", "polyder", "polyint", "roots", "unwrap", "cross", "select", "choose",
            "piecewise", "extract", "place", "put", "compress", "argwhere", "flatnonzero",
            "partition", "argpartition", "lexsort", "sort_complex"]


# -------------------------------------------------------------- windows ----

def _window_n(M, name):
    """The window's points n = 1-M, 3-M, ..., M-1 (float64; NumPy's arange(1-M, M, 2)), or
    None where M < 2 (the empty window for M < 1, ones(1) for M == 1 are returned by the
    caller)."""
    if isinstance(M, bool) or not isinstance(M, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: M must be a number, got {type(M).__name__}")
    return pt.arange(1 - M, M, 2, dtype=dt.float64)


def _short_window(M):
    if M < 1:
        return pt.zeros((0,), dtype=dt.float64)
    if M == 1:
        return pt.ones((1,), dtype=dt.float64)
    return None


def bartlett(M):
    """The Bartlett (triangular) window of ``M`` points.

    As numpy.bartlett: ``1 - |n| / (M - 1)`` at ``n = 1-M, 3-M, ..., M-1``; float64
    (``[1.]`` for ``M == 1``).

    Parameters
    ----------
    M : int
        The number of points (an empty array for ``M < 1``).

    Returns
    -------
    Array
        The 1-D window, peak 1.

    See Also
    --------
    blackman, hamming, hanning, kaiser : Other windows.

    Examples
    --------
    >>> pt.bartlett(5)
    Array([0. , 0.5, 1. , 0.5, 0. ])
    """
    n = _window_n(M, "bartlett")
    s = _short_window(M)
    if s is not None:
        return s
    return pt.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))


def blackman(M):
    """The Blackman window of ``M`` points.

    As numpy.blackman: ``0.42 + 0.5 cos(pi n / (M-1)) + 0.08 cos(2 pi n / (M-1))`` at
    ``n = 1-M, 3-M, ..., M-1``; float64.

    Parameters
    ----------
    M : int
        The number of points (an empty array for ``M < 1``).

    Returns
    -------
    Array
        The 1-D window.

    See Also
    --------
    bartlett, hamming, hanning, kaiser : Other windows.

    Examples
    --------
    >>> pt.blackman(5)
    Array([-1.38777878e-17,  3.40000000e-01,  1.00000000e+00,  3.40000000e-01,
           -1.38777878e-17])
    """
    n = _window_n(M, "blackman")
    s = _short_window(M)
    if s is not None:
        return s
    return 0.42 + 0.5 * pt.cos(math.pi * n / (M - 1)) + 0.08 * pt.cos(2.0 * math.pi * n / (M - 1))


def _raised_cosine(M, name, a, b):
    """a + b cos(pi n / (M-1)) at n = 1-M, 3-M, ..., M-1 (hamming, hanning)."""
    n = _window_n(M, name)
    s = _short_window(M)
    if s is not None:
        return s
    return a + b * pt.cos(math.pi * n / (M - 1))


def hamming(M):
    """The Hamming window of ``M`` points.

    As numpy.hamming: ``0.54 + 0.46 cos(pi n / (M-1))`` at ``n = 1-M, 3-M, ..., M-1``;
    float64.

    Parameters
    ----------
    M : int
        The number of points (an empty array for ``M < 1``).

    Returns
    -------
    Array
        The 1-D window, peak 1.

    See Also
    --------
    bartlett, blackman, hanning, kaiser : Other windows.

    Examples
    --------
    >>> pt.hamming(5)
    Array([0.08, 0.54, 1.  , 0.54, 0.08])
    """
    return _raised_cosine(M, "hamming", 0.54, 0.46)


def hanning(M):
    """The Hann window of ``M`` points.

    As numpy.hanning: ``0.5 + 0.5 cos(pi n / (M-1))`` at ``n = 1-M, 3-M, ..., M-1``;
    float64.

    Parameters
    ----------
    M : int
        The number of points (an empty array for ``M < 1``).

    Returns
    -------
    Array
        The 1-D window, peak 1.

    See Also
    --------
    bartlett, blackman, hamming, kaiser : Other windows.

    Examples
    --------
    >>> pt.hanning(5)
    Array([0. , 0.5, 1. , 0.5, 0. ])
    """
    return _raised_cosine(M, "hanning", 0.5, 0.5)


def kaiser(M, beta):
    """The Kaiser window of ``M`` points.

    As numpy.kaiser: ``i0(beta sqrt(1 - ((k - a) / a)**2)) / i0(beta)`` for
    ``k = 0 .. M-1``, ``a = (M - 1) / 2``, with :func:`ptensor.i0`; float64.

    Parameters
    ----------
    M : int
        The number of points (an empty array for ``M < 1``).
    beta : float
        The shape parameter (0: rectangular; larger: narrower).

    Returns
    -------
    Array
        The 1-D window, peak 1.

    See Also
    --------
    bartlett, blackman, hamming, hanning : Other windows.
    i0 : The Bessel function used.

    Examples
    --------
    >>> pt.kaiser(5, 14)
    Array([7.72686684e-06, 1.64932188e-01, 1.00000000e+00, 1.64932188e-01,
           7.72686684e-06])
    """
    _window_n(M, "kaiser")
    s = _short_window(M)
    if s is not None:
        return s
    k = pt.arange(0, M, dtype=dt.float64)
    alpha = (M - 1) / 2.0
    b = pt.full((), beta, dtype=dt.float64)
    return pt.i0(b * pt.sqrt(1 - ((k - alpha) / alpha) ** 2)) / pt.i0(b)


# ------------------------------------------------------------ polynomials ----

def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots.

    As numpy.poly: coefficients highest power first, leading 1; for a square matrix, its
    characteristic polynomial (the roots its eigenvalues, :func:`ptensor.linalg.eigvals`).
    The result is real when the roots are real or come in conjugate pairs (one bool read
    back). Integers give float64, float32 stays float32.

    Parameters
    ----------
    seq_of_zeros : array_like
        The roots, or a square matrix.

    Returns
    -------
    Array
        The ``N + 1`` coefficients; no roots give the Python float 1.0, as NumPy's.

    See Also
    --------
    roots : The inverse.
    polyval : Evaluate a polynomial.

    Examples
    --------
    >>> pt.poly([0, 0, 0])
    Array([1., 0., 0., 0.])
    >>> pt.poly([-0.5, 0, 0.5])
    Array([ 1.  ,  0.  , -0.25,  0.  ])
    >>> pt.poly(pt.asarray([[1.0, 2.0], [3.0, 4.0]]))
    Array([ 1., -5., -2.])
    """
    if np.isscalar(seq_of_zeros):
        raise TypeError("poly: seq_of_zeros must be a sequence of roots or a square matrix")
    z = _arr(seq_of_zeros, "poly")
    if z.ndim == 0:
        z = pt.reshape(z, (1,))
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        z = pt.linalg.eigvals(z if dt.is_inexact(z.dtype) else pt.astype(z, dt.float64))
    elif z.ndim != 1:
        raise ValueError("poly: input must be 1d or non-empty square 2d array.")
    if z.shape[0] == 0:
        return 1.0
    if z.dtype in (dt.float32, dt.complex64):
        rt = z.dtype
    elif dt.is_complex(z.dtype):
        rt = dt.complex128
    else:
        rt = dt.float64
    z = pt.astype(z, rt) if z.dtype != rt else z
    a = pt.ones((1,), dtype=rt)
    zero = pt.zeros((1,), dtype=rt)
    for i in range(z.shape[0]):
        # a * (x - z_i): the coefficients shifted up one power minus z_i times them
        a = pt.concat([a, zero]) - z[i] * pt.concat([zero, a])
    if dt.is_complex(rt):
        s = pt.sort_complex(z)
        if bool(pt.all(s == pt.sort_complex(pt.conj(z)))):
            a = pt.real(a)
    return a


def polydiv(u, v):
    """The quotient and remainder of the polynomial division ``u / v``.

    As numpy.polydiv: long division of coefficients (highest power first), in their float
    (or complex) result type; the remainder's leading coefficients within 1e-8 of 0 are
    dropped (one value read back each), as NumPy's.

    Parameters
    ----------
    u : array_like
        The dividend's coefficients.
    v : array_like
        The divisor's coefficients.

    Returns
    -------
    tuple of Array
        ``(quotient, remainder)``.

    Notes
    -----
    A zero leading divisor coefficient gives inf / nan, as NumPy's (which also warns).

    See Also
    --------
    polymul : The product.

    Examples
    --------
    >>> pt.polydiv([3.0, 5.0, 2.0], [2.0, 1.0])
    (Array([1.5 , 1.75]), Array([0.25]))
    """
    a, b = _one_d(u, "polydiv"), _one_d(v, "polydiv")
    rt = dt.result_type(a, b, 0.0)
    a, b = pt.astype(a, rt), pt.astype(b, rt)
    m, n = a.shape[0] - 1, b.shape[0] - 1
    scale = 1 / b[0]
    r = a
    qs = []
    for k in range(0, m - n + 1):
        d = scale * r[k]
        qs.append(d)
        shifted = pt.concat([pt.zeros((k,), dtype=rt), b, pt.zeros((m - n - k,), dtype=rt)]) \
            if m - n > 0 or k else b
        r = r - d * shifted
    q = pt.stack(qs) if qs else pt.zeros((1,), dtype=rt)
    while r.shape[0] > 1 and bool(pt.abs(r[0]) <= 1e-8):
        r = r[1:]
    return q, r


# ---------------------------------------------------------------- bits ----

def _bitorder(bitorder, name):
    if bitorder not in ("big", "little"):
        raise ValueError(f"{name}: 'order' must be either 'little' or 'big'")
    return bitorder == "big"


def packbits(a, /, axis=None, bitorder="big"):
    """The elements of ``a`` packed as bits into uint8.

    As numpy.packbits: the elements (integers or bools; nonzero is 1) packed eight to a byte
    along ``axis`` (the flattened ``a`` when None), the last byte padded with zero bits.

    Parameters
    ----------
    a : Array or array_like
        An integer or bool array.
    axis : int, optional
        The axis to pack along; default None (the flattened array).
    bitorder : {'big', 'little'}, optional
        Whether the first element is the most ('big', default) or least significant bit.

    Returns
    -------
    Array
        uint8, the packed axis ``ceil(n / 8)`` long.

    See Also
    --------
    unpackbits : The inverse.

    Examples
    --------
    >>> a = pt.asarray([[1, 0, 1], [0, 1, 0]], dtype=pt.uint8)
    >>> pt.packbits(a)
    Array([168], dtype=uint8)
    >>> pt.packbits(a, axis=-1)
    Array([[160],
           [ 64]], dtype=uint8)
    >>> pt.packbits(pt.asarray([1, 1, 0, 0, 0, 0, 0, 1]), bitorder='little')
    Array([131], dtype=uint8)
    """
    x = _arr(a, "packbits")
    big = _bitorder(bitorder, "packbits")
    if not (dt.is_int(x.dtype) or x.dtype == dt.bool_):
        raise TypeError("packbits: Expected an input array of integer or boolean data type")
    if axis is None:
        x = pt.reshape(x, (-1,))
        axis = 0
    else:
        axis = _axis(axis, x.ndim, "packbits")
    x = pt.moveaxis(x, axis, -1) if axis != x.ndim - 1 else x
    n = x.shape[-1]
    nb = -(-n // 8)
    bits = pt.astype(x != 0, dt.uint8)
    if nb * 8 != n:
        bits = pt.concat([bits, pt.zeros(tuple(x.shape[:-1]) + (nb * 8 - n,), dtype=dt.uint8)],
                         axis=-1)
    bits = pt.reshape(bits, tuple(x.shape[:-1]) + (nb, 8))
    w = pt.asarray([128, 64, 32, 16, 8, 4, 2, 1] if big else [1, 2, 4, 8, 16, 32, 64, 128],
                   dtype=dt.uint8)
    r = pt.astype(pt.sum(bits * w, axis=-1), dt.uint8)
    return pt.moveaxis(r, -1, axis) if axis != r.ndim - 1 else r


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """The bits of each uint8 element of ``a``, as uint8 0s and 1s.

    As numpy.unpackbits: each byte unpacked into eight bits along ``axis`` (the flattened
    ``a`` when None).

    Parameters
    ----------
    a : Array or array_like
        A uint8 array.
    axis : int, optional
        The axis to unpack along; default None (the flattened array).
    count : int, optional
        Keep that many bits along the axis (zeros appended beyond; a negative count drops
        bits from the end).
    bitorder : {'big', 'little'}, optional
        Most ('big', default) or least significant bit first.

    Returns
    -------
    Array
        uint8 0/1 values, the unpacked axis 8 times longer (or ``count`` long).

    See Also
    --------
    packbits : The inverse.

    Examples
    --------
    >>> a = pt.asarray([[2], [7], [23]], dtype=pt.uint8)
    >>> pt.unpackbits(a, axis=1)
    Array([[0, 0, 0, 0, 0, 0, 1, 0],
           [0, 0, 0, 0, 0, 1, 1, 1],
           [0, 0, 0, 1, 0, 1, 1, 1]], dtype=uint8)
    >>> pt.unpackbits(a, axis=1, count=-3)
    Array([[0, 0, 0, 0, 0],
           [0, 0, 0, 0, 0],
           [0, 0, 0, 1, 0]], dtype=uint8)
    """
    x = _arr(a, "unpackbits")
    big = _bitorder(bitorder, "unpackbits")
    if x.dtype != dt.uint8:
        raise TypeError("unpackbits: Expected an input array of unsigned byte data type")
    if axis is None or x.ndim == 0:
        x = pt.reshape(x, (-1,))
        axis = 0
    else:
        axis = _axis(axis, x.ndim, "unpackbits")
    x = pt.moveaxis(x, axis, -1) if axis != x.ndim - 1 else x
    lead = tuple(x.shape[:-1])
    n8 = 8 * x.shape[-1]
    sh = pt.asarray([7, 6, 5, 4, 3, 2, 1, 0] if big else [0, 1, 2, 3, 4, 5, 6, 7],
                    dtype=dt.uint8)
    bits = (x[..., None] >> sh) & pt.ones((), dtype=dt.uint8)
    bits = pt.reshape(bits, lead + (n8,))
    if count is not None:
        count = int(count)
        keep = count if count >= 0 else n8 + count
        if keep < 0:
            raise ValueError("unpackbits: -count larger than number of elements")
        if keep <= n8:
            bits = bits[..., :keep]
        else:
            bits = pt.concat([bits, pt.zeros(lead + (keep - n8,), dtype=dt.uint8)], axis=-1)
    return pt.moveaxis(bits, -1, axis) if axis != bits.ndim - 1 else bits


__all__ += ["bartlett", "blackman", "hamming", "hanning", "kaiser", "poly", "polydiv",
            "packbits", "unpackbits"]

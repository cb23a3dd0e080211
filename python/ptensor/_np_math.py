"""NumPy's mathematical and logic functions beyond the array API (fmod, divmod, modf, ldexp,
gcd, heaviside, sinc, isclose, allclose, array_equal, ...), composed of the namespace's
functions.

Each function takes NumPy's parameters and gives NumPy's result dtype, shape and values; it
calls the namespace's functions (``pt.where``, ``pt.abs``, ...) so that it is recorded, fused,
distributed and run on devices as they are. Elementwise results follow NumPy's dtype rules:
the result dtype is asked of NumPy's own ufunc type resolution (``_dtypes.ufunc_result``)."""
from __future__ import annotations

import math

import numpy as np

from . import _dtypes as dt
from ._np_args import is_array as _ours
from ._upcalls import namespace as pt

_SCALARS = (bool, int, float, complex)




def _arr(x, name):
    """An operand as a ptensor array (NumPy arrays, NumPy scalars and lists converted);
    Python scalars stay scalars (NumPy's weak scalars)."""
    if _ours(x) or (isinstance(x, _SCALARS) and not isinstance(x, np.generic)):
        return x
    if isinstance(x, (np.ndarray, np.generic, list, tuple)):
        return pt.asarray(x)
    raise TypeError(f"{name}: expected an array or a number, got {type(x).__name__}")


def _arrays(name, *xs):
    xs = [_arr(x, name) for x in xs]
    if not any(_ours(x) for x in xs):
        xs[0] = pt.asarray(xs[0])
    return xs


def _result(ufunc, name, *xs):
    """NumPy's result dtype of ufunc for these operands (TypeError where it has no loop)."""
    return dt.ufunc_result(ufunc, *[x.dtype if _ours(x) else x for x in xs])


def _cast(x, d):
    if _ours(x):
        return x if x.dtype == d else pt.astype(x, d)
    return pt.full((), x, dtype=d)


# ------------------------------------------------------------ arithmetic ----

def fmod(x1, x2, /):
    """Elementwise remainder with the sign of the dividend (C's fmod; numpy.fmod). Integer
    division by zero gives 0, as NumPy (which also warns)."""
    a, b = _arrays("fmod", x1, x2)
    rt = _result(np.fmod, "fmod", a, b)
    a, b = _cast(a, rt), _cast(b, rt)
    if dt.is_int(rt):
        zero = b == 0
        safe = pt.where(zero, pt.ones((), dtype=rt), b)
        q = pt.abs(a) // pt.abs(safe)  # truncated quotient's magnitude
        r = a - pt.sign(a) * pt.sign(safe) * q * safe
        return pt.where(zero, pt.zeros((), dtype=rt), r)
    # r = x1 - trunc(x1 / x2) * x2 is not exact; the remainder's sign follows x1 and its
    # magnitude is the floor remainder of |x1| by |x2| (exact, as remainder is)
    m = pt.remainder(pt.abs(a), pt.abs(b))
    return pt.where(pt.isinf(b) & pt.isfinite(a), a, pt.copysign(m, a))


def divmod(x1, x2, /):  # noqa: A001
    """Element-wise quotient and remainder of floor division.

    As numpy.divmod: ``(floor_divide(x1, x2), remainder(x1, x2))``, broadcast and in their
    result dtype; the remainder has the sign of the divisor.

    Parameters
    ----------
    x1 : Array or array_like
        The dividend.
    x2 : Array or array_like
        The divisor.

    Returns
    -------
    tuple of Array
        ``(quotient, remainder)``.

    See Also
    --------
    floor_divide : The quotient alone.
    remainder : The remainder alone.

    Examples
    --------
    >>> pt.divmod(pt.asarray([7, -7, 7]), pt.asarray([2, 2, -2]))
    (Array([ 3, -4, -4]), Array([ 1,  1, -1]))
    """
    return pt.floor_divide(x1, x2), pt.remainder(x1, x2)


def modf(x, /):
    """The fractional and integral parts of ``x``, element-wise.

    As numpy.modf: both parts carry the sign of ``x``; ``inf`` gives a fractional part of
    (signed) zero. Floating point (float64 for integer input, as NumPy's).

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    tuple of Array
        ``(fractional part, integral part)``.

    See Also
    --------
    trunc : The integral part alone.

    Examples
    --------
    >>> pt.modf(pt.asarray([0.0, 3.5, -3.5]))
    (Array([ 0. ,  0.5, -0.5]), Array([ 0.,  3., -3.]))
    """
    (x,) = _arrays("modf", x)
    rt = _result(np.modf, "modf", x) if not dt.is_float(x.dtype) else x.dtype
    x = _cast(x, rt)
    i = pt.trunc(x)
    f = pt.where(pt.isinf(x), pt.copysign(pt.zeros((), dtype=rt), x), x - i)
    return pt.copysign(f, x), i


def ldexp(x1, x2, /):
    """x1 * 2**x2 (numpy.ldexp; x2 an integer array or integer)."""
    a, b = _arrays("ldexp", x1, x2)
    bd = b.dtype if _ours(b) else None
    if bd is not None and not dt.is_int(bd) or isinstance(b, float):
        raise TypeError("ldexp: the exponent must be an integer")
    rt = _result(np.ldexp, "ldexp", a, b)
    a = _cast(a, rt)
    # two steps keep 2**b finite where x1 * 2**b is (b up to about +-2100)
    half = b // 2 if _ours(b) else int(b) // 2
    return a * pt.pow(pt.full((), 2.0, dtype=rt), _cast(half, rt)) \
        * pt.pow(pt.full((), 2.0, dtype=rt), _cast(b - half, rt))


def frexp(x, /):
    """The mantissa and exponent of ``x``: ``x == m * 2**e``, element-wise.

    As numpy.frexp: ``|m|`` in [0.5, 1) with the sign of ``x``, ``e`` an int32 exponent;
    zero, infinities and NaN give ``m = x`` and ``e = 0``.

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    tuple of Array
        ``(mantissa, exponent)``: the mantissa in ``x``'s floating dtype (float64 for
        integers), the exponent int32.

    See Also
    --------
    ldexp : The inverse, ``m * 2**e``.

    Examples
    --------
    >>> pt.frexp(pt.asarray([1.0, 4.0, 0.75, 0.0]))
    (Array([0.5 , 0.5 , 0.75, 0.  ]), Array([1, 3, 0, 0], dtype=int32))
    """
    (x,) = _arrays("frexp", x)
    rt = _result(np.frexp, "frexp", x) if not dt.is_float(x.dtype) else x.dtype
    x = _cast(x, rt)
    finite = pt.isfinite(x) & (x != 0)
    ax = pt.where(finite, pt.abs(x), pt.ones((), dtype=rt))
    e = pt.floor(pt.log2(ax)) + 1
    m = ax / pt.pow(pt.full((), 2.0, dtype=rt), e)
    # log2 may be off by one next to powers of two: move the mantissa into [0.5, 1)
    e = pt.where(m >= 1, e + 1, pt.where(m < 0.5, e - 1, e))
    m = ax / pt.pow(pt.full((), 2.0, dtype=rt), e)
    m = pt.where(finite, pt.copysign(m, x), x)
    return m, pt.astype(pt.where(finite, e, pt.zeros((), dtype=rt)), dt.int32)


def _gcd_loop(a, b, rt):
    a, b = pt.abs(a), pt.abs(b)
    bits = 8 * rt.itemsize
    for _ in range(int(1.5 * bits) + 2):  # Euclid's steps are at most ~1.44 log2(max)
        nz = b != 0
        safe = pt.where(nz, b, pt.ones((), dtype=rt))
        a, b = pt.where(nz, b, a), pt.where(nz, a % safe, b)
    return a


def gcd(x1, x2, /):
    """Greatest common divisor of |x1| and |x2| (numpy.gcd; integers)."""
    a, b = _arrays("gcd", x1, x2)
    rt = _result(np.gcd, "gcd", a, b)
    a, b = pt.broadcast_arrays(_cast(a, rt), _cast(b, rt))
    return _gcd_loop(a, b, rt)


def lcm(x1, x2, /):
    """Least common multiple of |x1| and |x2| (numpy.lcm; 0 where either is 0)."""
    a, b = _arrays("lcm", x1, x2)
    rt = _result(np.lcm, "lcm", a, b)
    a, b = pt.broadcast_arrays(_cast(a, rt), _cast(b, rt))
    g = _gcd_loop(a, b, rt)
    safe = pt.where(g == 0, pt.ones((), dtype=rt), g)
    return pt.where(g == 0, pt.zeros((), dtype=rt), pt.abs(a // safe * b))


def heaviside(x1, x2, /):
    """0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0, NaN where x1 is NaN."""
    a, b = _arrays("heaviside", x1, x2)
    rt = _result(np.heaviside, "heaviside", a, b)
    a, b = _cast(a, rt), _cast(b, rt)
    r = pt.where(a < 0, pt.zeros((), dtype=rt), pt.where(a > 0, pt.ones((), dtype=rt), b))
    return pt.where(pt.isnan(a), a, r)


def float_power(x1, x2, /):
    """x1 ** x2 computed in float64 (complex128 for complex operands), as numpy.float_power."""
    a, b = _arrays("float_power", x1, x2)
    rt = _result(np.float_power, "float_power", a, b)
    return pt.pow(_cast(a, rt), _cast(b, rt))


def _ignoring_nan(name, ufunc, pick, x1, x2):
    a, b = _arrays(name, x1, x2)
    rt = _result(ufunc, name, a, b)
    a, b = _cast(a, rt), _cast(b, rt)
    if not dt.is_inexact(rt):
        return pick(a, b)
    return pt.where(pt.isnan(a), b, pt.where(pt.isnan(b), a, pick(a, b)))


def fmax(x1, x2, /):
    """Elementwise maximum ignoring NaNs (NaN only where both are NaN)."""
    return _ignoring_nan("fmax", np.fmax, pt.maximum, x1, x2)


def fmin(x1, x2, /):
    """Elementwise minimum ignoring NaNs (NaN only where both are NaN)."""
    return _ignoring_nan("fmin", np.fmin, pt.minimum, x1, x2)


def cbrt(x, /):
    """Real cube root (negative for negative x), as numpy.cbrt."""
    (x,) = _arrays("cbrt", x)
    rt = _result(np.cbrt, "cbrt", x)
    x = _cast(x, rt)
    r = pt.pow(pt.abs(x), pt.full((), 1.0 / 3.0, dtype=rt))
    # one Newton step corrects pow's rounding of 1/3 (exact cubes come out exact)
    r = pt.where((r != 0) & pt.isfinite(r), r - (r * r * r - pt.abs(x)) / (3 * r * r), r)
    return pt.copysign(r, x)


def exp2(x, /):
    """2 ** x elementwise (numpy.exp2)."""
    (x,) = _arrays("exp2", x)
    rt = _result(np.exp2, "exp2", x)
    return pt.pow(pt.full((), 2.0, dtype=rt), _cast(x, rt))


def logaddexp2(x1, x2, /):
    """log2(2**x1 + 2**x2) without overflow (numpy.logaddexp2)."""
    a, b = _arrays("logaddexp2", x1, x2)
    rt = _result(np.logaddexp2, "logaddexp2", a, b)
    a, b = _cast(a, rt), _cast(b, rt)
    m = pt.maximum(a, b)
    d = -pt.abs(a - b)
    r = m + pt.log1p(pt.pow(pt.full((), 2.0, dtype=rt), d)) / math.log(2.0)
    return pt.where(a == b, a + 1, r)


def deg2rad(x, /):
    """Degrees to radians (x * pi / 180)."""
    (x,) = _arrays("deg2rad", x)
    rt = _result(np.deg2rad, "deg2rad", x)
    return _cast(x, rt) * (math.pi / 180.0)


def rad2deg(x, /):
    """Radians to degrees (x * 180 / pi)."""
    (x,) = _arrays("rad2deg", x)
    rt = _result(np.rad2deg, "rad2deg", x)
    return _cast(x, rt) * (180.0 / math.pi)


def radians(x, /):
    """Degrees to radians (numpy.radians, the same as deg2rad)."""
    return deg2rad(x)


def degrees(x, /):
    """Radians to degrees (numpy.degrees, the same as rad2deg)."""
    return rad2deg(x)


def fabs(x, /):
    """Absolute value of real numbers (numpy.fabs: integers to float64; complex TypeError)."""
    (x,) = _arrays("fabs", x)
    rt = _result(np.fabs, "fabs", x)
    return pt.abs(_cast(x, rt))


def sinc(x, /):
    """The normalized sinc function, ``sin(pi x) / (pi x)``, element-wise.

    As numpy.sinc: 1 at ``x == 0``. Floating point (float64 for integer input).

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    Array
        ``sinc(x)``, of ``x``'s shape.

    Examples
    --------
    >>> pt.sinc(pt.asarray([-1.0, -0.5, 0.0, 0.5, 1.0]))
    Array([3.89817183e-17, 6.36619772e-01, 1.00000000e+00, 6.36619772e-01,
           3.89817183e-17])
    """
    (x,) = _arrays("sinc", x)
    rt = x.dtype if dt.is_inexact(x.dtype) else dt.float64
    x = _cast(x, rt)
    y = x * math.pi
    zero = x == 0
    safe = pt.where(zero, pt.ones((), dtype=rt), y)
    return pt.where(zero, pt.ones((), dtype=rt), pt.sin(safe) / safe)


def fix(x, /):
    """Round ``x`` toward zero, element-wise.

    As numpy.fix: :func:`ptensor.trunc` for floating point, keeping ``x``'s dtype; integers
    are returned unchanged (as a new array).

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    Array
        The rounded values, of ``x``'s shape and dtype.

    See Also
    --------
    trunc : Round toward zero.
    floor : Round down.

    Examples
    --------
    >>> pt.fix(pt.asarray([2.1, 2.9, -2.1, -2.9]))
    Array([ 2.,  2., -2., -2.])
    """
    (x,) = _arrays("fix", x)
    if not dt.is_inexact(x.dtype):
        return pt.asarray(x, copy=True)
    return pt.trunc(x)


def i0(x, /):
    """The modified Bessel function of the first kind, order 0, element-wise.

    As numpy.i0, computed by its power series for ``|x| <= 30`` and by the asymptotic
    series beyond. float64 for integer input, ``x``'s dtype for floats.

    Parameters
    ----------
    x : Array or array_like
        The argument (real).

    Returns
    -------
    Array
        ``I0(x)``, of ``x``'s shape.

    Notes
    -----
    Complex ``x`` raises TypeError.

    See Also
    --------
    kaiser : The Kaiser window, built from i0.

    Examples
    --------
    >>> pt.i0(pt.asarray([0.0, 1.0, 2.0]))
    Array([1.        , 1.26606588, 2.2795853 ])
    """
    (x,) = _arrays("i0", x)
    if dt.is_complex(x.dtype):
        raise TypeError("i0: complex arguments are not supported")
    rt = x.dtype if dt.is_float(x.dtype) else dt.float64
    x = pt.abs(_cast(x, rt))
    # power series: sum_k ((x/2)^k / k!)^2, 60 terms for |x| <= 30
    q = (x * x) / 4
    term = pt.ones_like(x)
    s = pt.ones_like(x)
    for k in range(1, 90):
        term = term * q / (k * k)
        s = s + term
    # asymptotic: e^x / sqrt(2 pi x) * sum_k ((2k-1)!!)^2 / (k! 8^k x^k)
    big = x > 30
    xb = pt.where(big, x, pt.full((), 31.0, dtype=rt))
    a = pt.ones_like(x)
    t = pt.ones_like(x)
    for k in range(1, 12):
        t = t * ((2 * k - 1) ** 2) / (8.0 * k * xb)
        a = a + t
    asym = pt.exp(xb) / pt.sqrt(2 * math.pi * xb) * a
    return pt.where(big, asym, s)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """``x`` with NaN and infinities replaced by finite numbers.

    As numpy.nan_to_num: NaN becomes ``nan``, +inf ``posinf`` (default: the dtype's largest
    finite value), -inf ``neginf`` (default: its most negative); complex arrays part by part.
    Integer and bool arrays are returned unchanged.

    Parameters
    ----------
    x : Array or array_like
        The input array.
    copy : bool, optional
        Accepted for NumPy's signature; a new array is always returned.
    nan : float, optional
        The value for NaN (default 0.0).
    posinf, neginf : float, optional
        The values for +inf and -inf.

    Returns
    -------
    Array
        The replaced values, of ``x``'s shape and dtype.

    Notes
    -----
    ``copy=False`` does not update ``x`` in place (ptensor's results are new arrays);
    assign the result to ``x[...]`` to do so.

    See Also
    --------
    isnan : Where the NaNs are.

    Examples
    --------
    >>> x = pt.asarray([np.inf, -np.inf, np.nan, -128.0, 128.0])
    >>> pt.nan_to_num(x)
    Array([ 1.79769313e+308, -1.79769313e+308,  0.00000000e+000,
           -1.28000000e+002,  1.28000000e+002])
    >>> pt.nan_to_num(pt.asarray([np.inf, -np.inf, np.nan, 1.0]), nan=-9999, posinf=33333333,
    ...               neginf=33333333)
    Array([ 3.3333333e+07,  3.3333333e+07, -9.9990000e+03,  1.0000000e+00])
    """
    (x,) = _arrays("nan_to_num", x)
    if not dt.is_inexact(x.dtype):
        return pt.asarray(x, copy=True)
    if dt.is_complex(x.dtype):
        re = nan_to_num(pt.real(x), nan=nan, posinf=posinf, neginf=neginf)
        im = nan_to_num(pt.imag(x), nan=nan, posinf=posinf, neginf=neginf)
        return pt.astype(re, x.dtype) + pt.astype(im, x.dtype) * 1j
    fi = np.finfo(x.dtype.np)
    hi = float(fi.max) if posinf is None else posinf
    lo = float(fi.min) if neginf is None else neginf
    r = pt.where(pt.isnan(x), pt.full((), nan, dtype=x.dtype), x)
    r = pt.where(pt.isinf(r) & (r > 0), pt.full((), hi, dtype=x.dtype), r)
    return pt.where(pt.isinf(r) & (r < 0), pt.full((), lo, dtype=x.dtype), r)


def real_if_close(a, tol=100):
    """The real part of ``a`` if every imaginary part is close to zero.

    As numpy.real_if_close: for complex ``a`` whose imaginary parts are all below ``tol``
    machine epsilons (``tol`` itself when ``tol <= 1``), the real part; otherwise (and for
    real ``a``) a copy of ``a``.

    Parameters
    ----------
    a : Array or array_like
        The input array.
    tol : float, optional
        The tolerance, in machine epsilons of ``a``'s dtype (default 100).

    Returns
    -------
    Array
        ``real(a)`` or a copy of ``a``.

    Notes
    -----
    The decision needs the values: the array is computed and one boolean read back.

    See Also
    --------
    real : The real part.

    Examples
    --------
    >>> pt.real_if_close(pt.asarray([2.1 + 1e-15j, 5.2 + 3e-15j]))
    Array([2.1, 5.2])
    >>> pt.real_if_close(pt.asarray([2.1 + 4e-13j, 5.2 + 3e-15j]), tol=1000)
    Array([2.1+4.e-13j, 5.2+3.e-15j])
    """
    (a,) = _arrays("real_if_close", a)
    if not dt.is_complex(a.dtype):
        return pt.asarray(a, copy=True)
    eps = float(np.finfo(a.dtype.np).eps)
    t = tol * eps if tol > 1 else tol
    if bool(pt.all(pt.abs(pt.imag(a)) < t)):
        return pt.real(a)
    return pt.asarray(a, copy=True)


# ----------------------------------------------------------------- logic ----

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether ``a`` and ``b`` are equal within a tolerance, element-wise.

    As numpy.isclose: ``|a - b| <= atol + rtol * |b|`` (not symmetric in ``a`` and ``b``);
    infinities are close only to the same infinity, NaN only to NaN with ``equal_nan=True``.
    Integers and bools are compared as float64.

    Parameters
    ----------
    a, b : Array or array_like
        The arrays to compare (broadcast together).
    rtol : float, optional
        The relative tolerance (default 1e-05).
    atol : float, optional
        The absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        Whether NaN compares equal to NaN.

    Returns
    -------
    Array
        A bool array of the broadcast shape.

    See Also
    --------
    allclose : Whether all elements are close.

    Examples
    --------
    >>> pt.isclose(pt.asarray([1e10, 1e-7]), pt.asarray([1.00001e10, 1e-8]))
    Array([ True, False])
    >>> pt.isclose(pt.asarray([1.0, np.nan]), pt.asarray([1.0, np.nan]), equal_nan=True)
    Array([ True,  True])
    """
    a, b = _arrays("isclose", a, b)
    rt = dt.result_type(a, b)
    if not dt.is_inexact(rt):  # integers and bools are compared as float64, as NumPy
        rt = dt.float64
    a, b = _cast(a, rt), _cast(b, rt)
    finite = pt.isfinite(a) & pt.isfinite(b)
    close = pt.abs(a - b) <= atol + rtol * pt.abs(b)
    r = pt.where(finite, close, a == b)
    if equal_nan:
        r = r | (pt.isnan(a) & pt.isnan(b))
    return r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether ``a`` and ``b`` are equal within a tolerance everywhere.

    As numpy.allclose: ``all(isclose(a, b, rtol, atol, equal_nan))``, a Python bool (the
    arrays are computed and one value read back).

    Parameters
    ----------
    a, b : Array or array_like
        The arrays to compare (broadcast together).
    rtol : float, optional
        The relative tolerance (default 1e-05).
    atol : float, optional
        The absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        Whether NaN compares equal to NaN.

    Returns
    -------
    bool
        True if every pair of elements is close.

    See Also
    --------
    isclose : The element-wise comparison.
    array_equal : Exact equality.

    Examples
    --------
    >>> pt.allclose(pt.asarray([1e10, 1e-7]), pt.asarray([1.00001e10, 1e-8]))
    False
    >>> pt.allclose(pt.asarray([1e10, 1e-8]), pt.asarray([1.00001e10, 1e-9]))
    True
    """
    return bool(pt.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def _shape_of(x):
    return tuple(x.shape) if _ours(x) else np.shape(x)


def array_equal(a1, a2, equal_nan=False):
    """Whether two arrays have the same shape and the same elements.

    As numpy.array_equal: False for different shapes; otherwise ``all(a1 == a2)``, a Python
    bool (the comparison is computed and one value read back).

    Parameters
    ----------
    a1, a2 : Array or array_like
        The arrays to compare.
    equal_nan : bool, optional
        Whether NaN compares equal to NaN.

    Returns
    -------
    bool
        True if the arrays are equal.

    See Also
    --------
    array_equiv : Equality after broadcasting.
    allclose : Equality within a tolerance.

    Examples
    --------
    >>> pt.array_equal(pt.asarray([1, 2]), pt.asarray([1, 2]))
    True
    >>> pt.array_equal(pt.asarray([1, 2]), pt.asarray([1, 2, 3]))
    False
    >>> x = pt.asarray([1.0, np.nan])
    >>> pt.array_equal(x, x), pt.array_equal(x, x, equal_nan=True)
    (False, True)
    """
    a, b = _arrays("array_equal", a1, a2)
    if _shape_of(a) != _shape_of(b):
        return False
    eq = a == b
    if equal_nan:
        an = pt.isnan(a) if _ours(a) and dt.is_inexact(a.dtype) else None
        bn = pt.isnan(b) if _ours(b) and dt.is_inexact(b.dtype) else None
        if an is not None and bn is not None:
            eq = eq | (an & bn)
    return bool(pt.all(eq))


def array_equiv(a1, a2):
    """Whether two arrays broadcast to one shape with equal elements.

    As numpy.array_equiv: False if the shapes do not broadcast together; otherwise
    ``all(a1 == a2)``, a Python bool (one value read back).

    Parameters
    ----------
    a1, a2 : Array or array_like
        The arrays to compare.

    Returns
    -------
    bool
        True if the arrays are equal after broadcasting.

    See Also
    --------
    array_equal : Equality with the same shape.

    Examples
    --------
    >>> a = pt.asarray([1, 2])
    >>> pt.array_equiv(a, pt.asarray([[1, 2], [1, 2]]))
    True
    >>> pt.array_equiv(a, pt.asarray([[1, 2, 1, 2], [1, 2, 1, 2]]))
    False
    >>> pt.array_equiv(a, pt.asarray([[1, 2], [1, 3]]))
    False
    """
    a, b = _arrays("array_equiv", a1, a2)
    try:
        pt.broadcast_shapes(_shape_of(a), _shape_of(b))
    except ValueError:
        return False
    return bool(pt.all(a == b))


def isneginf(x, out=None):
    """Whether each element of ``x`` is negative infinity.

    As numpy.isneginf: ``isinf(x) & signbit(x)``, element-wise.

    Parameters
    ----------
    x : Array or array_like
        The input array.
    out : Array, optional
        A ptensor array to assign the result to (and return).

    Returns
    -------
    Array
        A bool array of ``x``'s shape (``out`` if given).

    Notes
    -----
    Complex ``x`` raises TypeError (as NumPy's), and an ``out`` that is not a ptensor array
    raises TypeError.

    See Also
    --------
    isposinf : The other infinity.
    isinf : Either infinity.

    Examples
    --------
    >>> pt.isneginf(pt.asarray([-np.inf, 0.0, np.inf, np.nan]))
    Array([ True, False, False, False])
    """
    (x,) = _arrays("isneginf", x)
    if dt.is_complex(x.dtype):
        raise TypeError("isneginf: this operation is not supported for complex values "
                        "because it would be ambiguous")
    return _into(pt.isinf(x) & pt.signbit(x), out, "isneginf")


def isposinf(x, out=None):
    """Whether each element of ``x`` is positive infinity.

    As numpy.isposinf: ``isinf(x) & ~signbit(x)``, element-wise.

    Parameters
    ----------
    x : Array or array_like
        The input array.
    out : Array, optional
        A ptensor array to assign the result to (and return).

    Returns
    -------
    Array
        A bool array of ``x``'s shape (``out`` if given).

    Notes
    -----
    Complex ``x`` raises TypeError (as NumPy's), and an ``out`` that is not a ptensor array
    raises TypeError.

    See Also
    --------
    isneginf : The other infinity.
    isinf : Either infinity.

    Examples
    --------
    >>> pt.isposinf(pt.asarray([-np.inf, 0.0, np.inf, np.nan]))
    Array([False, False,  True, False])
    """
    (x,) = _arrays("isposinf", x)
    if dt.is_complex(x.dtype):
        raise TypeError("isposinf: this operation is not supported for complex values "
                        "because it would be ambiguous")
    return _into(pt.isinf(x) & ~pt.signbit(x), out, "isposinf")


def _into(r, out, name):
    if out is None:
        return r
    if not _ours(out):
        raise TypeError(f"{name}: out= must be a ptensor array")
    out[...] = r
    return out


def iscomplexobj(x):
    """Whether ``x`` has a complex dtype.

    As numpy.iscomplexobj: checks the dtype only (no values are read), so a complex array
    with zero imaginary parts is True.

    Parameters
    ----------
    x : Array or array_like
        The input.

    Returns
    -------
    bool
        True for a complex dtype.

    See Also
    --------
    isrealobj : The opposite.
    iscomplex : Element-wise: a nonzero imaginary part.

    Examples
    --------
    >>> pt.iscomplexobj(pt.asarray([1, 2]))
    False
    >>> pt.iscomplexobj(pt.asarray([1 + 0j]))
    True
    """
    d = x.dtype if _ours(x) else np.asarray(x).dtype
    return (d.kind if isinstance(d, dt.DType) else d.kind) == "c"


def isrealobj(x):
    """Whether ``x`` has a dtype that is not complex.

    As numpy.isrealobj: ``not iscomplexobj(x)``; checks the dtype only.

    Parameters
    ----------
    x : Array or array_like
        The input.

    Returns
    -------
    bool
        True for a real (or bool) dtype.

    See Also
    --------
    iscomplexobj : The opposite.
    isreal : Element-wise: a zero imaginary part.

    Examples
    --------
    >>> pt.isrealobj(pt.asarray([1.0]))
    True
    >>> pt.isrealobj(pt.asarray([1j]))
    False
    """
    return not iscomplexobj(x)


def iscomplex(x):
    """Whether each element of ``x`` has a nonzero imaginary part.

    As numpy.iscomplex: ``imag(x) != 0``; all False for real dtypes.

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    Array
        A bool array of ``x``'s shape.

    See Also
    --------
    isreal : The opposite.
    iscomplexobj : Whether the dtype is complex.

    Examples
    --------
    >>> c = pt.asarray([1 + 1j, 1 + 0j, 4.5, 3, 2, 2j])
    >>> pt.iscomplex(c)
    Array([ True, False, False, False, False,  True])
    """
    (x,) = _arrays("iscomplex", x)
    if not dt.is_complex(x.dtype):
        return pt.zeros(tuple(x.shape), dtype=dt.bool_)
    return pt.imag(x) != 0


def isreal(x):
    """Whether each element of ``x`` has a zero imaginary part.

    As numpy.isreal: ``imag(x) == 0``; all True for real dtypes.

    Parameters
    ----------
    x : Array or array_like
        The input array.

    Returns
    -------
    Array
        A bool array of ``x``'s shape.

    See Also
    --------
    iscomplex : The opposite.
    isrealobj : Whether the dtype is not complex.

    Examples
    --------
    >>> c = pt.asarray([1 + 1j, 1 + 0j, 4.5, 3, 2, 2j])
    >>> pt.isreal(c)
    Array([False,  True,  True,  True,  True, False])
    """
    (x,) = _arrays("isreal", x)
    if not dt.is_complex(x.dtype):
        return pt.ones(tuple(x.shape), dtype=dt.bool_)
    return pt.imag(x) == 0


def isscalar(element):
    """Whether ``element`` is a scalar.

    As numpy.isscalar: True for Python and NumPy numbers, str and bytes; ptensor arrays,
    0-d ones included, are not scalars (as NumPy's 0-d arrays are not).

    Parameters
    ----------
    element : object
        The object to test.

    Returns
    -------
    bool
        True for a scalar.

    See Also
    --------
    ndim : The number of dimensions.

    Examples
    --------
    >>> pt.isscalar(3.1)
    True
    >>> pt.isscalar(pt.asarray(3.1))
    False
    >>> pt.isscalar([3.1])
    False
    """
    return np.isscalar(element)


def isfortran(a):
    """Whether ``a`` is Fortran-ordered: always False.

    As numpy.isfortran, for ptensor's arrays, which are all C-ordered.

    Parameters
    ----------
    a : Array
        The input array.

    Returns
    -------
    bool
        False.

    Examples
    --------
    >>> pt.isfortran(pt.asarray([[1, 2], [3, 4]]))
    False
    """
    return False


# ------------------------------------------------------- more elementwise ----

def angle(z, deg=False):
    """The counterclockwise angle of each element of ``z`` from the positive real axis.

    As numpy.angle: ``atan2(imag(z), real(z))``, in radians (degrees with ``deg=True``); a
    real ``z`` gives 0 or pi (pi for -0.0, as NumPy's). The dtype is NumPy's arctan2's
    (float64 for integers).

    Parameters
    ----------
    z : Array or array_like
        The complex (or real) input.
    deg : bool, optional
        Return degrees instead of radians.

    Returns
    -------
    Array
        The angles, of ``z``'s shape.

    Notes
    -----
    NumPy gives float16 for small integers and bools; ptensor has no float16 and gives
    float32.

    See Also
    --------
    arctan2 : The two-argument arc tangent.
    absolute : The modulus.

    Examples
    --------
    >>> pt.angle(pt.asarray([1.0, 1.0j, 1 + 1j]))
    Array([0.        , 1.57079633, 0.78539816])
    >>> pt.angle(pt.asarray(1 + 1j), deg=True)
    Array(45.)
    >>> pt.angle(pt.asarray([-1.0, 2.0]))
    Array([3.14159265, 0.        ])
    """
    (x,) = _arrays("angle", z)
    if dt.is_complex(x.dtype):
        r = pt.atan2(pt.imag(x), pt.real(x))
    else:
        rt = _result(np.arctan2, "angle", x, x)
        x = _cast(x, rt)
        r = pt.atan2(pt.zeros((), dtype=rt), x)
    return r * (180.0 / math.pi) if deg else r


def spacing(x, /):
    """The distance from x to the next representable number away from zero, with x's sign
    (numpy.spacing): nextafter(x, +inf) - x for x >= 0 (+-0 give the smallest subnormal,
    positive), nextafter(x, -inf) - x for x < 0; inf and NaN give NaN, the largest finite
    values +-inf. Integers become float64 (NumPy's float16 for small integers is float32
    here)."""
    (x,) = _arrays("spacing", x)
    if dt.is_complex(x.dtype):
        raise TypeError("spacing: ufunc 'spacing' not supported for the input types "
                        f"({x.dtype})")
    rt = _result(np.spacing, "spacing", x)
    x = _cast(x, rt)
    inf = pt.full((), math.inf, dtype=rt)
    toward = pt.where(x < 0, -inf, inf)
    return pt.nextafter(x, toward) - x


_POP_MASKS = (0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F)


def bitwise_count(x, /):
    """The number of 1 bits of |x| (numpy.bitwise_count), uint8: integers and bools
    (signed ones by magnitude, the most negative value counting one bit). Composed of
    shifts and masks (the parallel bit count) in the unsigned type of x's width."""
    (x,) = _arrays("bitwise_count", x)
    if x.dtype == dt.bool_:
        return pt.astype(x, dt.uint8)
    if not dt.is_int(x.dtype):
        raise TypeError("bitwise_count: ufunc 'bitwise_count' not supported for the input "
                        f"types ({x.dtype})")
    bits = 8 * x.dtype.itemsize
    ut = {8: dt.uint8, 16: dt.uint16, 32: dt.uint32, 64: dt.uint64}[bits]
    v = pt.abs(x) if x.dtype.kind == "i" else x
    v = pt.astype(v, ut)
    v = v - ((v >> _uconst(1, ut)) & _uconst(_POP_MASKS[0], ut))
    v = (v & _uconst(_POP_MASKS[1], ut)) + ((v >> _uconst(2, ut)) & _uconst(_POP_MASKS[1], ut))
    v = (v + (v >> _uconst(4, ut))) & _uconst(_POP_MASKS[2], ut)
    for sh in (8, 16, 32):
        if sh < bits:
            v = v + (v >> _uconst(sh, ut))
    return pt.astype(v & _uconst(0x7F, ut), dt.uint8)


def _uconst(n, ut):
    """The constant n (cut to ut's width) as a 0-d array of the unsigned type ut."""
    return pt.full((), n & ((1 << (8 * ut.itemsize)) - 1), dtype=ut)


# ------------------------------------------------------ dtype functions ----

def _np_dtype(x, name):
    """The NumPy dtype of a ptensor DType, array or anything np.dtype takes."""
    if isinstance(x, dt.DType):
        return x.np
    if _ours(x):
        return x.dtype.np
    try:
        return np.dtype(x)
    except TypeError:
        raise TypeError(f"{name}: {x!r} is not a data type") from None


def _ours_dtype(d, name):
    try:
        return dt.from_numpy_dtype(d)
    except TypeError:
        raise TypeError(f"{name}: the result {d} has no ptensor dtype") from None


def common_type(*arrays):
    """The inexact dtype every array converts to.

    As numpy.common_type: the widest floating (or, if any is complex, complex) type among
    the arrays, integers counting as float64. Returned as a ptensor DType (``pt.float64``,
    ``pt.complex64``, ...) where NumPy returns a scalar type.

    Parameters
    ----------
    *arrays : Array or array_like
        The input arrays.

    Returns
    -------
    DType
        The common inexact dtype.

    Notes
    -----
    Bool and non-numeric arrays raise TypeError; no arrays give float32 (NumPy's float16:
    ptensor has none).

    See Also
    --------
    result_type : Type promotion of arrays and dtypes.
    promote_types : Promotion of two dtypes.

    Examples
    --------
    >>> pt.common_type(pt.asarray([1, 2]), pt.asarray([1.0], dtype=pt.float32))
    ptensor.float64
    >>> pt.common_type(pt.asarray([1.0], dtype=pt.float32))
    ptensor.float32
    >>> pt.common_type(pt.asarray([1j], dtype=pt.complex64), pt.asarray([1]))
    ptensor.complex128
    """
    prec = 0
    cplx = False
    sizes = {"f": {2: 0, 4: 1, 8: 2}, "c": {8: 1, 16: 2}}
    for a in arrays:
        d = a.dtype.np if _ours(a) else np.asarray(a).dtype
        if d.kind in "iu":
            p = 2
        elif d.kind in "fc":
            p = sizes[d.kind][d.itemsize]
            cplx = cplx or d.kind == "c"
        else:
            raise TypeError("common_type: can't get common type for non-numeric array")
        prec = max(prec, p)
    if cplx:
        return dt.complex128 if prec == 2 else dt.complex64
    return dt.float64 if prec == 2 else dt.float32


def promote_types(type1, type2):
    """The smallest dtype both dtypes safely cast to.

    As numpy.promote_types (NumPy's promotion table, not the array API's), returned as a
    ptensor DType.

    Parameters
    ----------
    type1, type2 : dtype
        The dtypes (ptensor or NumPy dtypes, or names such as ``'f4'``).

    Returns
    -------
    DType
        The promoted dtype.

    Notes
    -----
    A float16 result is float32 (ptensor has no float16).

    See Also
    --------
    result_type : Type promotion of arrays and dtypes.
    can_cast : Whether a cast is safe.

    Examples
    --------
    >>> pt.promote_types('f4', 'f8')
    ptensor.float64
    >>> pt.promote_types(pt.int8, pt.uint8)
    ptensor.int16
    >>> pt.promote_types('i8', 'f4')
    ptensor.float64
    """
    a, b = _np_dtype(type1, "promote_types"), _np_dtype(type2, "promote_types")
    return _ours_dtype(np.promote_types(a, b), "promote_types")


def min_scalar_type(a, /):
    """The smallest dtype that holds the value of ``a``.

    As numpy.min_scalar_type: for a scalar or a 0-d array (read back to the host) the
    smallest dtype holding its value, unsigned preferred for non-negative integers; for an
    array of more dimensions, its dtype.

    Parameters
    ----------
    a : scalar or Array
        The value.

    Returns
    -------
    DType
        The dtype, as a ptensor DType.

    Notes
    -----
    NumPy's float16 results are float32 here (ptensor has no float16).

    See Also
    --------
    result_type : Type promotion of arrays and dtypes.

    Examples
    --------
    >>> pt.min_scalar_type(10)
    ptensor.uint8
    >>> pt.min_scalar_type(-260)
    ptensor.int16
    >>> pt.min_scalar_type(pt.asarray([1, 2]))
    ptensor.int64
    """
    if _ours(a):
        if a.ndim != 0:
            return a.dtype
        a = a.dtype.np.type(a.item())
    return _ours_dtype(np.min_scalar_type(a), "min_scalar_type")


__all__ = ["fmod", "divmod", "modf", "ldexp", "frexp", "gcd", "lcm", "heaviside",
           "float_power", "fmax", "fmin", "cbrt", "exp2", "logaddexp2", "deg2rad", "rad2deg",
           "radians", "degrees", "fabs", "sinc", "fix", "i0", "nan_to_num", "real_if_close",
           "isclose", "allclose", "array_equal", "array_equiv", "isneginf", "isposinf",
           "iscomplexobj", "isrealobj", "iscomplex", "isreal", "isscalar", "isfortran"]
__all__ += ["angle", "spacing", "bitwise_count", "common_type", "promote_types",
            "min_scalar_type"]

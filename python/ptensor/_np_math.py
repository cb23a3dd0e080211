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
    """(floor_divide(x1, x2), remainder(x1, x2)) as numpy.divmod."""
    return pt.floor_divide(x1, x2), pt.remainder(x1, x2)


def modf(x, /):
    """(fractional part, integral part) with the sign of x (numpy.modf)."""
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
    """(mantissa in [0.5, 1), exponent) with x = m * 2**e (numpy.frexp; exponent int32)."""
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
    """sin(pi x) / (pi x), 1 at 0 (numpy.sinc)."""
    (x,) = _arrays("sinc", x)
    rt = x.dtype if dt.is_inexact(x.dtype) else dt.float64
    x = _cast(x, rt)
    y = x * math.pi
    zero = x == 0
    safe = pt.where(zero, pt.ones((), dtype=rt), y)
    return pt.where(zero, pt.ones((), dtype=rt), pt.sin(safe) / safe)


def fix(x, /):
    """Round toward zero, keeping the dtype of x (numpy.fix; integers unchanged)."""
    (x,) = _arrays("fix", x)
    if not dt.is_inexact(x.dtype):
        return pt.asarray(x, copy=True)
    return pt.trunc(x)


def i0(x, /):
    """Modified Bessel function of the first kind, order 0 (numpy.i0; float64 result for
    integers), by its power series (|x| <= 30) and the asymptotic series beyond."""
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
    """NaN to nan, +inf to posinf (default: the dtype's largest finite value), -inf to neginf
    (default: its most negative); complex arrays part by part. copy=False still returns a new
    array (ptensor's results are new arrays; assign to x[...] to update x)."""
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
    """a's real part where every imaginary part is within tol machine epsilons of 0 (a
    materialization: the decision needs the values), else a."""
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
    """|a - b| <= atol + rtol * |b| elementwise (numpy.isclose: infinities equal when equal,
    NaNs equal only with equal_nan)."""
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
    """Whether isclose(a, b) holds everywhere (a Python bool, as NumPy's)."""
    return bool(pt.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def _shape_of(x):
    return tuple(x.shape) if _ours(x) else np.shape(x)


def array_equal(a1, a2, equal_nan=False):
    """Whether a1 and a2 have the same shape and elements (a Python bool)."""
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
    """Whether a1 and a2 broadcast to one shape with equal elements (a Python bool)."""
    a, b = _arrays("array_equiv", a1, a2)
    try:
        pt.broadcast_shapes(_shape_of(a), _shape_of(b))
    except ValueError:
        return False
    return bool(pt.all(a == b))


def isneginf(x, out=None):
    """x is -inf elementwise (real arrays)."""
    (x,) = _arrays("isneginf", x)
    if dt.is_complex(x.dtype):
        raise TypeError("isneginf: this operation is not supported for complex values "
                        "because it would be ambiguous")
    return _into(pt.isinf(x) & pt.signbit(x), out, "isneginf")


def isposinf(x, out=None):
    """x is +inf elementwise (real arrays)."""
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
    """Whether x's dtype is complex (a Python bool; no values are read)."""
    d = x.dtype if _ours(x) else np.asarray(x).dtype
    return (d.kind if isinstance(d, dt.DType) else d.kind) == "c"


def isrealobj(x):
    """Whether x's dtype is not complex."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: a nonzero imaginary part (False for real dtypes)."""
    (x,) = _arrays("iscomplex", x)
    if not dt.is_complex(x.dtype):
        return pt.zeros(tuple(x.shape), dtype=dt.bool_)
    return pt.imag(x) != 0


def isreal(x):
    """Elementwise: a zero imaginary part (True for real dtypes)."""
    (x,) = _arrays("isreal", x)
    if not dt.is_complex(x.dtype):
        return pt.ones(tuple(x.shape), dtype=dt.bool_)
    return pt.imag(x) == 0


def isscalar(element):
    """Whether element is a scalar (Python or NumPy number, str, bytes); ptensor arrays, 0-d
    included, are not, as NumPy's 0-d arrays are not."""
    return np.isscalar(element)


def isfortran(a):
    """False: ptensor arrays are C-ordered."""
    return False


# ------------------------------------------------------- more elementwise ----

def angle(z, deg=False):
    """The counterclockwise angle of complex z from the positive real axis, in radians (in
    degrees with deg=True): atan2(imag, real); real z gives 0 or pi (pi for -0.0, as
    NumPy's). Result dtype as NumPy's arctan2 (float64 for integers; NumPy's float16 for
    small integers and bools is float32 here)."""
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
    """numpy.common_type: the inexact type every array converts to (integers count as
    float64), as a ptensor DType (pt.float64, pt.complex64, ...) where NumPy returns a
    scalar type. Booleans and other non-numeric arrays are a TypeError; no arrays give
    float32 (NumPy's float16: ptensor has none)."""
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
    """numpy.promote_types: the smallest type both safely cast to, as a ptensor DType
    (float16 results are float32: ptensor has no float16)."""
    a, b = _np_dtype(type1, "promote_types"), _np_dtype(type2, "promote_types")
    return _ours_dtype(np.promote_types(a, b), "promote_types")


def min_scalar_type(a, /):
    """numpy.min_scalar_type: for a scalar (or a 0-d array, read on the host) the smallest
    ptensor dtype holding its value (NumPy's float16 is float32 here), for larger arrays
    their dtype."""
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

"""Elementwise functions of the array API standard, generated from one table.

Each entry names the NumPy ufunc whose type resolution ptensor follows (result dtypes are
NumPy's), the PTensor op class and the op kind (names from the TableGen enums via _core).

Complex arrays: every function the standard defines for complex numbers. Ordering (less,
maximum, minimum, clip) is not defined for complex numbers by the standard: it raises
TypeError here (NumPy orders lexicographically)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _eager
from . import _ops
from ._array import Array, Local
from ._creation import asarray

if TYPE_CHECKING:
    from typing import Any, Callable, Protocol, overload

    from ._dtypes import DType
    from ._typing import Scalar

    # the type of the unary functions (sin, isnan, ...): an Array in, an Array out
    _UnaryFunction = Callable[[Array], Array]

    class _BinaryFunction(Protocol):
        """The type of the binary functions (add, less, ...): two arrays, or an array and a
        Python scalar (array API 2024.12); not two scalars."""
        @overload
        def __call__(self, x1: Array, x2: Array | Scalar, /) -> Array: ...
        @overload
        def __call__(self, x1: Scalar, x2: Array, /) -> Array: ...

_OPS = _core.op_names()
_FAST_BINARY = _eager.BINARY
_FAST_UNARY = _eager.UNARY
_of_values = Array._of_values

# name -> numpy ufunc (unary ops: PTensor elementwise_unary_op of the same name)
_UNARY: dict[str, Callable[..., Any]] = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh,
    "bitwise_invert": np.invert, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh,
    "exp": np.exp, "expm1": np.expm1, "floor": np.floor, "log": np.log, "log1p": np.log1p,
    "log2": np.log2, "log10": np.log10, "negative": np.negative, "positive": np.positive,
    "round": np.round, "sign": np.sign, "sin": np.sin, "sinh": np.sinh, "sqrt": np.sqrt,
    "square": np.square, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc,
    "reciprocal": np.reciprocal, "conj": np.conjugate, "real": np.real, "imag": np.imag,
    "erf": np.exp,  # extension (not in the array API): dtype rule of a float function
}
_UNARY_TEST: dict[str, Callable[..., Any]] = {
    "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
    "logical_not": np.logical_not, "signbit": np.signbit}
_BINARY: dict[str, Callable[..., Any]] = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "floor_divide": np.floor_divide, "remainder": np.remainder, "pow": np.power,
    "maximum": np.maximum, "minimum": np.minimum, "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor,
    "bitwise_left_shift": np.left_shift, "bitwise_right_shift": np.right_shift,
    "atan2": np.arctan2, "hypot": np.hypot, "copysign": np.copysign,
    "logaddexp": np.logaddexp, "nextafter": np.nextafter,
}
_BINARY_TEST: dict[str, Callable[..., Any]] = {
    "equal": np.equal, "not_equal": np.not_equal, "less": np.less,
    "less_equal": np.less_equal, "greater": np.greater, "greater_equal": np.greater_equal,
    "logical_and": np.logical_and, "logical_or": np.logical_or, "logical_xor": np.logical_xor,
}
assert set(_UNARY) == set(_OPS["unary"]) and set(_UNARY_TEST) == set(_OPS["unary_test"])
assert set(_BINARY) == set(_OPS["binary"]) and set(_BINARY_TEST) == set(_OPS["binary_test"])

_SCALARS = (bool, int, float, complex)
_NUMPY = (np.ndarray, np.generic)
# what the operators of Array take (anything else: NotImplemented, so Python tries the other
# operand and then raises TypeError, or == falls back to identity)
OPERANDS = (Local,) + _NUMPY + _SCALARS
# Functions NumPy defines for complex numbers that the array API (and ptensor) does not.
_NOT_COMPLEX = {"erf", "maximum", "minimum", "less", "less_equal", "greater", "greater_equal"}


def _check_complex(name, *dtypes):
    if name in _NOT_COMPLEX:
        for d in dtypes:
            dt.reject_complex(name, dt.complex128 if isinstance(d, complex) else
                              d if isinstance(d, dt.DType) else dt.float64)
_binary_fast = _core.binary_fast


def _as_array(x, name):
    if isinstance(x, Local):
        return x
    if isinstance(x, _NUMPY):
        return asarray(x)
    raise TypeError(f"{name}: expected a ptensor Array, got {type(x).__name__}")


def _operand(x, name, other=None):
    """An operand as an Array or a Python scalar. NumPy arrays and NumPy scalars become
    Arrays of their dtype (NumPy 2's rule: a NumPy scalar's dtype takes part in promotion,
    np.float64 too, though it is a Python float); Python scalars stay weakly typed. A NumPy
    scalar goes where the other operand (an Array) lives, as a Python scalar does: a value,
    not a host array (x / np.sqrt(n) on a GPU, as CuPy and PyTorch take it); NumPy arrays
    stay host arrays (a device operand with one raises ValueError: no silent copies)."""
    if isinstance(x, Local) or isinstance(x, _SCALARS) and not isinstance(x, np.generic):
        return x
    if isinstance(x, np.generic) and isinstance(other, Local):
        return asarray(x, device=other.device)
    return _as_array(x, name)


def _unary(name: str, ufunc: Callable[..., Any]) -> _UnaryFunction:
    same: dict[DType, bool] = {}  # float dtype -> whether its result dtype is its own

    def fn(x, /):
        if type(x) is Array and _eager.fast:  # (NumPy's values of a small float array)
            n = x._np
            d = x._dtype
            if n is not None and (x._base is None or x._seen == x._base._version) \
                    and d.kind == "f" and name in _FAST_UNARY:
                ok = same.get(d)
                if ok is None:
                    try:
                        ok = same[d] = dt.ufunc_result(ufunc, d) is d
                    except TypeError:  # (no loop for d: the path below raises)
                        ok = same[d] = False
                if ok:
                    return _of_values(_FAST_UNARY[name](n), d)
        x = _as_array(x, name)
        if name == "reciprocal" and not dt.is_inexact(x.dtype):
            # array API: floating-point only; integers are promoted (NumPy would do 1 // x)
            x = _ops.cast(x, dt.default_float)
        _check_complex(name, x.dtype)
        rt = dt.ufunc_result(ufunc, x.dtype)
        if rt != x.dtype and not dt.is_complex(x.dtype):  # complex abs/real/imag: real result
            x = _ops.cast(x, rt)
        return _ops.record("unary", name, [x], rt, x.shape)
    fn.__name__ = fn.__qualname__ = name
    # (the public ufunc objects' docstrings are built by _ufunc.py from _ufunc_docs.py)
    fn.__doc__ = f"Elementwise {name} (array API); result dtype as numpy.{ufunc.__name__}."
    if name == "erf":
        fn.__doc__ = "Elementwise error function (ptensor extension, as scipy.special.erf)."
    return fn


def _unary_test(name: str, ufunc: Callable[..., Any]) -> _UnaryFunction:
    def fn(x, /):
        x = _as_array(x, name)
        dt.ufunc_result(ufunc, x.dtype)  # TypeError where NumPy has no loop
        return _ops.record("unary_test", name, [x], dt.bool_, x.shape)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Elementwise {name} (array API); bool result."
    return fn


def _prepare(name, x1, x2, compute):
    """Broadcast and cast both operands (Arrays or Python scalars) to `compute`."""
    s1 = x1.shape if type(x1) is Array or isinstance(x1, Local) else None
    s2 = x2.shape if type(x2) is Array or isinstance(x2, Local) else None
    if s1 is None or s2 is None or s1 == s2:  # the common cases, without broadcast_shapes
        shape = s2 if s1 is None else s1
        if (x1.dtype if s1 is not None else None) is compute:
            if type(x2) is float or (type(x2) is int and dt.scalar_fits(x2, compute)):
                return (x1, _ops.full(shape, x2, compute)), shape
            if s1 == s2 and x2.dtype is compute:
                return (x1, x2), shape
    else:
        shape = _ops.broadcast_shapes(s1, s2)
    return [_conformed(name, a, compute, shape) for a in (x1, x2)], shape


def _conformed(name, a, compute, shape):
    """An Array or Python scalar operand as an Array of dtype compute and the given shape."""
    if isinstance(a, Local):
        return _ops.broadcast_to(_ops.cast(a, compute), shape)
    if not dt.scalar_fits(a, compute):
        raise OverflowError(f"{name}: Python integer {a} out of bounds for {compute.name}")
    return _ops.full(shape, a, compute)


def _check_int_pow(name, x1, x2, rt):
    # NumPy raises from its loop: not for an empty array. (Under MPI x1 may be a rank's empty
    # part of an array that is not: _dist_align.elementwise asks with a one-element probe.)
    if name == "pow" and dt.is_int(rt) and isinstance(x2, int) and not isinstance(x2, bool) \
            and x2 < 0 and getattr(x1, "size", 1) != 0:
        raise ValueError("Integers to negative integer powers are not allowed.")


def _squares(x1, x2):
    """Whether x1 ** x2 is x1 * x1: a Python scalar 2 (2 or 2.0 for a float array, the int 2
    for an integer one), as NumPy's fast_scalar_power does. The exponent reaches the compiled
    program as a run-time argument, so pow would be a libm call per element (about 40 times
    slower than the multiply); x * x is NumPy's result exactly (one rounding; integers wrap
    alike). Complex arrays keep pow (its own exact small-integer path)."""
    t = type(x2)
    if type(x1) is not Array or (t is not int and t is not float) or x2 != 2:
        return False
    k = x1._dtype.kind
    return k == "f" or (k in "iu" and t is int)


def _binary(name: str, ufunc: Callable[..., Any]) -> _BinaryFunction:
    # (dtype code or scalar type, dtype code or scalar type) -> result dtype (codes: ints hash
    # in C, DType's hash is a Python method)
    result: dict[tuple[Any, Any], DType] = {}
    kind, sub = _core.op_code("binary", name)

    def fn(x1, x2, /):
        if name == "pow" and _squares(x1, x2):
            return _g["multiply"](x1, x1)
        if type(x1) is Array:
            k1 = x1._dtype
            c1 = k1.code
        else:
            k1 = c1 = type(x1)
        if type(x2) is Array:
            k2 = x2._dtype
            c2 = k2.code
        else:
            k2 = c2 = type(x2)
        rt = result.get((c1, c2))
        if rt is not None and rt.kind == "f":  # fast paths: NumPy's values, or one call into C++
            if _eager.fast and name in _FAST_BINARY:
                r = _fast_binary(name, x1, x2, k1, k2, rt)
                if r is not None:
                    return r
            if k1 is rt and (k2 is rt and x1.shape == x2.shape):
                return Array._new(_binary_fast(kind, sub, x1._t, x2._t, rt.code, False), rt)
            if k1 is rt and (k2 is float or k2 is int):
                return Array._new(_binary_fast(kind, sub, x1._t, float(x2), rt.code, False), rt)
            if k2 is rt and (k1 is float or k1 is int):
                return Array._new(_binary_fast(kind, sub, x2._t, float(x1), rt.code, True), rt)
        if rt is None:
            t1, t2 = type(x1), type(x2)  # (as given: a NumPy operand becomes an Array below)
            x1, x2 = _operand(x1, name, x2), _operand(x2, name, x1)
            if isinstance(x1, _SCALARS) and isinstance(x2, _SCALARS):
                raise TypeError(f"{name}: at least one argument must be a ptensor Array")
            ins = [a.dtype if not isinstance(a, _SCALARS) else a for a in (x1, x2)]
            _check_complex(name, *ins)
            rt = dt.ufunc_result(ufunc, *ins)
            # only exact types: subclasses and NumPy operands take this path each time (a
            # cached (float32, ndarray) entry made the next x + ndarray skip the conversion)
            if t1 is Array and t2 in (Array, bool, int, float):
                result[(c1, c2)] = rt
            elif t2 is Array and t1 in (bool, int, float):
                result[(c1, c2)] = rt
        _check_int_pow(name, x1, x2, rt)
        (a, b), shape = _prepare(name, x1, x2, rt)
        return _ops.record("binary", name, [a, b], rt, shape)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Elementwise {name} with broadcasting; result dtype as numpy.{ufunc.__name__}."
    if name in _FLOAT_KEEPING:
        fn._op, fn._rop = _operator_fast_paths(name, fn)  # type: ignore[attr-defined]
    return fn


# Binary functions whose result keeps a float array's dtype with a Python scalar operand
# (NumPy's weak scalars), used by the operator fast paths.
_FLOAT_KEEPING = {"add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow"}


def _values(a):
    """a's NumPy values if the NumPy-values paths may use them (see Array._h): it has them,
    and it is no view or its base was not written since they were taken; else None."""
    n = a._np
    if n is not None and a._base is not None and a._seen != a._base._version:
        return None
    return n


def _fast_binary(name, x1, x2, k1, k2, rt):
    """x1 <name> x2 by NumPy on their values, for a float result dtype rt: two Arrays of rt and
    one shape (or one of them 0-d), or one of them and a Python scalar; None where that does
    not apply."""
    if k1 is rt:
        n = _values(x1)
        if n is None:
            return None
        if k2 is rt:
            m = _values(x2)
            if m is None or m.shape != n.shape and m.shape and n.shape:
                return None  # (one shape, or a 0-d operand: NumPy's broadcast is the standard's)
            return _of_values(_FAST_BINARY[name](n, m), rt)
        if k2 is float or k2 is int:
            return _of_values(_FAST_BINARY[name](n, float(x2)), rt)
        return None
    if k2 is rt and (k1 is float or k1 is int):
        m = _values(x2)
        if m is not None:
            return _of_values(_FAST_BINARY[name](float(x1), m), rt)
    return None


def _operator_fast_paths(name, fn):
    """`a <op> b` and `b <op> a` for a float Array a and a Python scalar or an Array of the
    same dtype and shape: NumPy's ufunc on their values when both have them (_values), else
    one call into C++; everything else takes fn's general path."""
    new = Array._new
    kind, sub = _core.op_code("binary", name)

    def op(self, other):
        d = self._dtype
        if name == "pow" and _squares(self, other):
            return _g["multiply"](self, self)
        if d.kind == "f":
            t = type(other)
            if _eager.fast and name in _FAST_BINARY:
                r = _fast_binary(name, self, other, d, other._dtype if t is Array else t, d)
                if r is not None:
                    return r
            if t is float or t is int:
                h = self._h if self._base is None else self._t
                return new(_binary_fast(kind, sub, h, float(other), d.code, False), d)
            if t is Array and other._dtype is d and other.shape == self.shape:
                return new(_binary_fast(kind, sub, self._t, other._t, d.code, False), d)
        if not isinstance(other, OPERANDS):
            return NotImplemented
        return fn(self, other)

    def rop(self, other):
        d = self._dtype
        t = type(other)
        if d.kind == "f" and (t is float or t is int):
            if _eager.fast and name in _FAST_BINARY:
                r = _fast_binary(name, other, self, t, d, d)
                if r is not None:
                    return r
            h = self._h if self._base is None else self._t
            return new(_binary_fast(kind, sub, h, float(other), d.code, True), d)
        if not isinstance(other, OPERANDS):
            return NotImplemented
        return fn(other, self)
    return op, rop


# For each comparison: its value when the left operand is the smaller one.
_LEFT_SMALLER = {"equal": False, "not_equal": True, "less": True, "less_equal": True,
                 "greater": False, "greater_equal": False}
_MIRROR = {"less": "greater", "less_equal": "greater_equal", "greater": "less",
           "greater_equal": "less_equal", "equal": "equal", "not_equal": "not_equal"}


def _exact_int_compare(name, x1, x2, compute):
    """Integer comparisons NumPy's promotion would do in float64 (int64 with uint64, Python ints
    beyond the array's range), done exactly; None where the plain path is already exact."""
    if isinstance(x2, Local) and not isinstance(x1, Local):
        return _exact_int_compare(_MIRROR[name], x2, x1, compute)
    if not (isinstance(x1, Local) and dt.is_int(x1.dtype)):
        return None
    if isinstance(x2, _SCALARS):
        if dt.scalar_fits(x2, x1.dtype) or isinstance(x2, (bool, float)):
            return None
        # x2 lies beyond x1's range: the answer is the same for every element
        value = _LEFT_SMALLER[name] if x2 > 0 else _LEFT_SMALLER[_MIRROR[name]]
        return _ops.full(x1.shape, value, dt.bool_)
    if not (dt.is_int(x2.dtype) and dt.is_float(compute)):
        return None
    if x1.dtype.kind == "u":
        return _exact_int_compare(_MIRROR[name], x2, x1, compute)
    # x1 signed, x2 unsigned 64-bit: a negative x1 is smaller; otherwise compare as uint64
    (s, u), shape = _prepare(name, x1, x2, dt.uint64)
    neg = _g["less"](_ops.broadcast_to(x1, shape), 0)
    same = _ops.record("binary_test", name, [s, u], dt.bool_, shape)
    if _LEFT_SMALLER[name]:
        return _g["logical_or"](neg, same)
    return _g["logical_and"](_g["logical_not"](neg), same)


def _binary_test(name: str, ufunc: Callable[..., Any]) -> _BinaryFunction:
    logical = name.startswith("logical_")

    def fn(x1, x2, /):
        x1, x2 = _operand(x1, name, x2), _operand(x2, name, x1)
        if isinstance(x1, _SCALARS) and isinstance(x2, _SCALARS):
            raise TypeError(f"{name}: at least one argument must be a ptensor Array")
        ins = [a.dtype if not isinstance(a, _SCALARS) else a for a in (x1, x2)]
        _check_complex(name, *ins)
        dt.ufunc_result(ufunc, *ins)  # TypeError where NumPy has no loop
        compute = dt.bool_ if logical else dt.result_type(*ins)
        if not logical:
            exact = _exact_int_compare(name, x1, x2, compute)
            if exact is not None:
                return exact
        (a, b), shape = _prepare(name, x1, x2, compute)
        return _ops.record("binary_test", name, [a, b], dt.bool_, shape)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Elementwise {name} with broadcasting; bool result."
    return fn


if TYPE_CHECKING:
    # The functions the loops below make, declared for type checkers (which do not run the
    # loops); tests/python/test_typing.py keeps these names and the tables equal.
    abs: _UnaryFunction
    acos: _UnaryFunction
    acosh: _UnaryFunction
    asin: _UnaryFunction
    asinh: _UnaryFunction
    atan: _UnaryFunction
    atanh: _UnaryFunction
    bitwise_invert: _UnaryFunction
    ceil: _UnaryFunction
    cos: _UnaryFunction
    cosh: _UnaryFunction
    exp: _UnaryFunction
    expm1: _UnaryFunction
    floor: _UnaryFunction
    log: _UnaryFunction
    log1p: _UnaryFunction
    log2: _UnaryFunction
    log10: _UnaryFunction
    negative: _UnaryFunction
    positive: _UnaryFunction
    round: _UnaryFunction
    sign: _UnaryFunction
    sin: _UnaryFunction
    sinh: _UnaryFunction
    sqrt: _UnaryFunction
    square: _UnaryFunction
    tan: _UnaryFunction
    tanh: _UnaryFunction
    trunc: _UnaryFunction
    reciprocal: _UnaryFunction
    erf: _UnaryFunction
    isnan: _UnaryFunction
    isinf: _UnaryFunction
    isfinite: _UnaryFunction
    logical_not: _UnaryFunction
    signbit: _UnaryFunction
    add: _BinaryFunction
    subtract: _BinaryFunction
    multiply: _BinaryFunction
    divide: _BinaryFunction
    floor_divide: _BinaryFunction
    remainder: _BinaryFunction
    pow: _BinaryFunction
    maximum: _BinaryFunction
    minimum: _BinaryFunction
    bitwise_and: _BinaryFunction
    bitwise_or: _BinaryFunction
    bitwise_xor: _BinaryFunction
    bitwise_left_shift: _BinaryFunction
    bitwise_right_shift: _BinaryFunction
    atan2: _BinaryFunction
    hypot: _BinaryFunction
    copysign: _BinaryFunction
    logaddexp: _BinaryFunction
    nextafter: _BinaryFunction
    equal: _BinaryFunction
    not_equal: _BinaryFunction
    less: _BinaryFunction
    less_equal: _BinaryFunction
    greater: _BinaryFunction
    greater_equal: _BinaryFunction
    logical_and: _BinaryFunction
    logical_or: _BinaryFunction
    logical_xor: _BinaryFunction


_g = globals()
for _n, _u in _UNARY.items():
    _g[_n] = _unary(_n, _u)
for _n, _u in _UNARY_TEST.items():
    _g[_n] = _unary_test(_n, _u)
for _n, _u in _BINARY.items():
    _g[_n] = _binary(_n, _u)
for _n, _u in _BINARY_TEST.items():
    _g[_n] = _binary_test(_n, _u)
# The eager path (_eager.py) computes small elementwise nodes by these ufuncs; erf's entry
# above only gives its dtype rule (NumPy has no erf), so erf is always recorded.
_eager.set_ufuncs({"unary": {k: u for k, u in _UNARY.items() if k != "erf"},
                   "unary_test": _UNARY_TEST, "binary": _BINARY, "binary_test": _BINARY_TEST},
                  {n: _core.op_code("binary", n) for n in _BINARY})


def clip(x: Array, /, min: Array | int | float | None = None,
         max: Array | int | float | None = None) -> Array:
    """Clamp the elements of an array to ``[min, max]``, as ``numpy.clip``.

    ``minimum(maximum(x, min), max)``, skipping a bound that is ``None``. The result keeps
    ``x``'s dtype (the array API rule: bounds are cast to it) and has the broadcast shape of
    ``x``, ``min`` and ``max``. Without bounds it is a copy of ``x``.

    Parameters
    ----------
    x : Array or array_like
        Real input array.
    min, max : Array, int, float or None, optional
        The lower and upper bounds (default None: no bound).

    Returns
    -------
    Array
        The clamped values, dtype of ``x``.

    Raises
    ------
    TypeError
        Complex ``x``, or a float scalar bound for an integer ``x``.

    Notes
    -----
    NumPy promotes an integer array clipped with float bounds to float64; ptensor raises
    ``TypeError`` instead (the result keeps ``x``'s dtype).

    See Also
    --------
    maximum : Elementwise maximum.
    minimum : Elementwise minimum.

    Examples
    --------
    >>> a = pt.arange(10)
    >>> pt.clip(a, 2, 7)
    Array([2, 2, 2, 3, 4, 5, 6, 7, 7, 7])
    >>> pt.clip(a, None, 3)
    Array([0, 1, 2, 3, 3, 3, 3, 3, 3, 3])
    >>> pt.clip(pt.asarray([1.5, -2.0, 9.0]), pt.asarray([0.0, 0.0, 0.0]), 5)
    Array([1.5, 0. , 5. ])
    """
    x = _as_array(x, "clip")
    dt.reject_complex("clip", x.dtype)
    r = x
    for bound, fn, nm in ((min, maximum, "min"), (max, minimum, "max")):  # noqa: F821
        if bound is None:
            continue
        if isinstance(bound, _SCALARS):
            if dt.is_int(x.dtype) and isinstance(bound, float):
                raise TypeError(f"clip: {nm} must be an integer for integer arrays")
            if dt.is_int(x.dtype) and not dt.scalar_fits(bound, x.dtype):
                info = np.iinfo(x.dtype.name)
                if bound > info.max if nm == "max" else bound < info.min:
                    continue  # (beyond every value of the dtype: no bound, as in NumPy)
            b = _ops.full(x.shape, bound, x.dtype) if dt.scalar_fits(bound, x.dtype) else bound
        else:
            b = _ops.cast(_operand(bound, "clip", x), x.dtype)
        r = fn(r, b)
        r = _ops.cast(r, x.dtype)
    if r is x:  # no bounds: a new array all the same (functions never return their input)
        r = _ops.copy(x)
    return r  # x, min and max broadcast together (the standard; NumPy)


_complex_part = {n: _g[n] for n in ("conj", "real", "imag")}


def conj(x: Array, /) -> Array:
    """Complex conjugate; a copy of a real array (a new array, never x itself; a bool array
    stays bool, where NumPy's conjugate, which has no bool loop, gives int8)."""
    x = _as_array(x, "conj")
    return _complex_part["conj"](x) if dt.is_complex(x.dtype) else _ops.copy(x)


def real(x: Array, /) -> Array:
    """Real part (float32 for complex64, float64 for complex128); a copy of a real array."""
    x = _as_array(x, "real")
    return _complex_part["real"](x) if dt.is_complex(x.dtype) else _ops.copy(x)


def imag(x: Array, /) -> Array:
    """Imaginary part; zeros of x's dtype for real arrays."""
    x = _as_array(x, "imag")
    return _complex_part["imag"](x) if dt.is_complex(x.dtype) else _ops.full(x.shape, 0, x.dtype)


if TYPE_CHECKING:  # (the same names, written out for type checkers)
    __all__ = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert",
               "ceil", "cos", "cosh", "exp", "expm1", "floor", "log", "log1p", "log2", "log10",
               "negative", "positive", "round", "sign", "sin", "sinh", "sqrt", "square", "tan",
               "tanh", "trunc", "reciprocal", "conj", "real", "imag", "erf", "isnan", "isinf",
               "isfinite", "logical_not", "signbit", "add", "subtract", "multiply", "divide",
               "floor_divide", "remainder", "pow", "maximum", "minimum", "bitwise_and",
               "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift",
               "atan2", "hypot", "copysign", "logaddexp", "nextafter", "equal", "not_equal",
               "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or",
               "logical_xor", "clip"]
else:
    __all__ = list(_UNARY) + list(_UNARY_TEST) + list(_BINARY) + list(_BINARY_TEST) + ["clip"]

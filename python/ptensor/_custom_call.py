"""pt.custom_call: native functions with a typed FFI inside the compiled program.

    pt.register_custom_call("scale", "/path/libscale.so")          # symbol "scale"
    y = pt.custom_call("scale", x, result=(x.shape, pt.float64), attrs={"alpha": 2.0})

The handler is a C function `int32_t f(const pt_call_frame *)` of the header
`ptensor_ffi.h` (directory: `pt.ffi_include_dir()`), from a shared library or a ctypes
function (`pt.ffi.HANDLER(python_function)` works too). The call is recorded as one
`ptensor.custom_call` op and runs when the program runs; a handler's error is raised in
Python then (ValueError, ptensor.linalg.LinAlgError or ptensor.CustomCallError by its code).
"""
from __future__ import annotations

import ctypes
import math
import os
import struct
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from . import _core
from . import _dtypes as dt
from . import _ops
from ._array import Array
from ._elementwise import _as_array

if TYPE_CHECKING:
    from _ctypes import CFuncPtr
    from typing import Mapping, Protocol, Sequence, Tuple, Union

    from ._dtypes import DType
    from ._typing import Shape

    class _HasShapeAndDType(Protocol):
        @property
        def shape(self) -> tuple[int, ...]: ...
        @property
        def dtype(self) -> DType: ...

    # one result of custom_call: (shape, dtype) or an object with .shape and .dtype
    _ResultSpec = Union[Tuple[Shape, DType], _HasShapeAndDType]

# name -> the ctypes objects behind a handler (libraries, callbacks) kept alive
_keep: dict[str, Any] = {}


class Buffer(ctypes.Structure):
    """ptensor_ffi.h's pt_buffer."""
    _fields_ = [("dtype", ctypes.c_int64), ("rank", ctypes.c_int64), ("data", ctypes.c_void_p),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64))]


class _AttrValue(ctypes.Union):
    _fields_ = [("i64", ctypes.c_int64), ("f64", ctypes.c_double), ("str", ctypes.c_char_p),
                ("i64s", ctypes.POINTER(ctypes.c_int64)), ("f64s", ctypes.POINTER(ctypes.c_double))]


class Attr(ctypes.Structure):
    """ptensor_ffi.h's pt_attr."""
    _fields_ = [("name", ctypes.c_char_p), ("kind", ctypes.c_int64), ("count", ctypes.c_int64),
                ("value", _AttrValue)]


class CallFrame(ctypes.Structure):
    """ptensor_ffi.h's pt_call_frame."""
    _fields_ = [("api_version", ctypes.c_int64), ("name", ctypes.c_char_p),
                ("num_args", ctypes.c_int64), ("args", ctypes.POINTER(Buffer)),
                ("num_results", ctypes.c_int64), ("results", ctypes.POINTER(Buffer)),
                ("num_attrs", ctypes.c_int64), ("attrs", ctypes.POINTER(Attr)),
                ("error", ctypes.c_void_p), ("error_size", ctypes.c_int64)]


HANDLER = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(CallFrame))


def ffi_include_dir() -> str:
    """The directory holding the header ``ptensor_ffi.h``, for ``-I`` when building a handler.

    The header declares the handler signature ``int32_t f(const pt_call_frame *)``, the buffer
    and attribute structures and the return codes of ``custom_call`` handlers.

    Returns
    -------
    str
        An absolute path inside the installed package.

    See Also
    --------
    register_custom_call : Register a handler.
    custom_call : Call it inside a program.

    Examples
    --------
    >>> import os
    >>> os.path.isfile(os.path.join(pt.ffi_include_dir(), "ptensor_ffi.h"))
    True
    """
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


def register_custom_call(name: str, target: str | os.PathLike[str] | CFuncPtr, /, *,
                         symbol: str | None = None) -> None:
    """Register a native handler under ``name`` for ``custom_call``; returns None.

    ``target`` is a shared library path (the handler is its function ``symbol``, default
    ``name``) or a ctypes function pointer (``pt.ffi.HANDLER(python_function)`` works too). The
    handler has the signature ``int32_t f(const pt_call_frame *)`` of ``ptensor_ffi.h``
    (``ffi_include_dir()``). ptensor keeps the library or ctypes object alive. Registering a
    name again replaces its handler.

    Parameters
    ----------
    name : str
        The name ``custom_call`` uses; names starting with ``"ptensor."`` are reserved for
        ptensor's own handlers (pt.linalg's LAPACK kernels).
    target : str, os.PathLike or callable
        A shared library path or a ctypes function pointer.
    symbol : str, optional
        The function's name in the library (default ``name``); only with a library path.

    Raises
    ------
    TypeError
        An empty or non-str ``name``, another kind of ``target``, or ``symbol`` with a ctypes
        function.
    ValueError
        A reserved name, a library that cannot be loaded or has no such function.

    See Also
    --------
    custom_call : Call the handler inside a program.
    ffi_include_dir : The directory of ``ptensor_ffi.h``.

    Examples
    --------
    >>> import ctypes
    >>> def double(frame):
    ...     a, r = frame.contents.args[0], frame.contents.results[0]
    ...     n = a.shape[0]
    ...     src = np.ctypeslib.as_array(ctypes.cast(a.data, ctypes.POINTER(ctypes.c_double)), (n,))
    ...     dst = np.ctypeslib.as_array(ctypes.cast(r.data, ctypes.POINTER(ctypes.c_double)), (n,))
    ...     dst[:] = 2 * src
    ...     return 0
    >>> handler = pt.ffi.HANDLER(double)
    >>> pt.register_custom_call("doc_double", handler)
    >>> pt.custom_call("doc_double", pt.asarray([1.0, 2.0, 3.0]), result=((3,), pt.float64))
    Array([2., 4., 6.])
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"register_custom_call: name must be a non-empty str, got {name!r}")
    if name.startswith("ptensor."):
        raise ValueError(f"register_custom_call: names starting with 'ptensor.' are reserved ({name!r})")
    if isinstance(target, (str, os.PathLike)):
        path = os.fspath(target)
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise ValueError(f"register_custom_call: cannot load {path!r}: {e}") from None
        sym = name if symbol is None else symbol
        try:
            fn = getattr(lib, sym)
        except AttributeError:
            raise ValueError(f"register_custom_call: {path!r} has no function {sym!r}") from None
        keep: Any = (lib, fn)
    elif isinstance(target, ctypes._CFuncPtr):  # type: ignore[attr-defined]
        if symbol is not None:
            raise TypeError("register_custom_call: symbol= is only for a library path")
        fn = keep = target
    else:
        raise TypeError("register_custom_call: target must be a shared library path or a ctypes "
                        f"function, got {type(target).__name__}")
    # a NULL ctypes function gives None: 0 makes _core raise its ValueError
    _core.register_custom_call(name, ctypes.cast(fn, ctypes.c_void_p).value or 0)
    _keep[name] = keep


def _float_text(v):
    return "0x" + struct.pack(">d", v).hex().upper()  # exact, and MLIR's syntax for inf/nan


def _int_text(v, key):
    if not -2**63 <= v < 2**63:
        raise OverflowError(f"custom_call: attribute {key!r}: {v} does not fit in int64")
    return str(v)


def _quote(s):
    """An MLIR string literal: printable characters as they are, the rest as \\XX bytes."""
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else
                         "".join(f"\\{b:02X}" for b in c.encode()) for c in s) + '"'


def _attr_text(key, v):
    """MLIR attribute syntax of one attribute value (bool, int, float, str, or a sequence of
    ints or of floats)."""
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return _int_text(int(v), key) + " : i64"
    if isinstance(v, (float, np.floating)):
        return _float_text(float(v)) + " : f64"
    if isinstance(v, str):
        return _quote(v)
    if isinstance(v, (list, tuple, np.ndarray)):
        items = list(np.asarray(v).tolist()) if isinstance(v, np.ndarray) else list(v)
        if any(isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, float, np.integer, np.floating))
               for i in items):
            raise TypeError(f"custom_call: attribute {key!r}: sequences must hold only ints or "
                            "only numbers")
        if all(isinstance(i, (int, np.integer)) for i in items):
            return "array<i64" + "".join(
                (": " if j == 0 else ", ") + _int_text(int(i), key) for j, i in enumerate(items)) + ">"
        return "array<f64" + "".join(
            (": " if j == 0 else ", ") + _float_text(float(i)) for j, i in enumerate(items)) + ">"
    raise TypeError(f"custom_call: attribute {key!r} has unsupported type {type(v).__name__} "
                    "(bool, int, float, str, or a sequence of ints or floats)")


def _config_text(attrs):
    if attrs is None:
        return "{}"
    if not isinstance(attrs, dict):
        raise TypeError(f"custom_call: attrs must be a dict, got {type(attrs).__name__}")
    parts = []
    for k, v in attrs.items():
        if not isinstance(k, str) or not k:
            raise TypeError(f"custom_call: attribute names must be non-empty str, got {k!r}")
        parts.append(f"{_quote(k)} = {_attr_text(k, v)}")
    return "{" + ", ".join(parts) + "}"


def _one_spec(spec):
    if hasattr(spec, "shape") and hasattr(spec, "dtype"):
        shape, dtype = spec.shape, spec.dtype
    elif isinstance(spec, (tuple, list)) and len(spec) == 2:
        shape, dtype = spec
    else:
        raise TypeError(f"custom_call: a result is (shape, dtype) or has .shape and .dtype, got {spec!r}")
    return _ops.normalize_shape(shape, "result shape"), dt.to_dtype(dtype, "result dtype")


def _is_one_spec(result):
    if hasattr(result, "shape") and hasattr(result, "dtype"):
        return True
    if isinstance(result, (tuple, list)) and len(result) == 2:
        try:
            dt.to_dtype(result[1])
            return True
        except (TypeError, ValueError):
            return False
    return False


def call(name, operands, specs, attrs=None, has_side_effect=False):
    """Record the call; one Array per (shape, dtype) in specs."""
    if not isinstance(name, str):
        raise TypeError(f"custom_call: name must be a str, got {type(name).__name__}")
    if not _core.is_custom_call_registered(name):
        raise ValueError(f"custom_call: no handler is registered under {name!r} "
                         "(pt.register_custom_call)")
    if not specs:
        raise ValueError("custom_call: at least one result is required")
    handles = _core.record_custom_call(name, _config_text(attrs), [o._t for o in operands],
                                       [(d.code, s) for s, d in specs], bool(has_side_effect))
    return [Array._new(h, d) for h, (s, d) in zip(handles, specs)]


@overload
def custom_call(name: str, /, *arrays: Array, result: _ResultSpec,
                attrs: Mapping[str, Any] | None = None,
                has_side_effect: bool = False) -> Array: ...
@overload
def custom_call(name: str, /, *arrays: Array, result: Sequence[_ResultSpec],
                attrs: Mapping[str, Any] | None = None,
                has_side_effect: bool = False) -> tuple[Array, ...]: ...
def custom_call(name: str, /, *arrays: Array, result: _ResultSpec | Sequence[_ResultSpec],
                attrs: Mapping[str, Any] | None = None,
                has_side_effect: bool = False) -> Array | tuple[Array, ...]:
    """Call a registered native handler inside the recorded program.

    The call is recorded as one ``ptensor.custom_call`` operation and runs when the program
    runs (it fuses with the operations around it in one compiled program). The handler gets
    ``arrays`` read-only (possibly strided), fresh row-major result buffers of the requested
    shapes and dtypes, and the typed ``attrs``. Its return code becomes a Python exception when
    the program runs: ``ValueError``, ``pt.linalg.LinAlgError`` or ``pt.CustomCallError``.

    Parameters
    ----------
    name : str
        The name given to ``register_custom_call``.
    *arrays : Array or array_like
        The operands.
    result : tuple or list of tuple
        One result spec, a ``(shape, dtype)`` pair (or an object with ``.shape`` and
        ``.dtype``), or a list of them.
    attrs : dict, optional
        Attributes: bool, int (int64), float (float64), str, or sequences of ints or of floats.
    has_side_effect : bool, optional
        Run the call even if no result is used (default False).

    Returns
    -------
    Array or tuple of Array
        One array for one spec, a tuple for a list of specs.

    Raises
    ------
    ValueError
        No handler is registered under ``name``, or no result is asked for.
    TypeError
        A malformed ``result`` or ``attrs``.

    See Also
    --------
    register_custom_call : Register a handler.
    CustomCallError : A handler's error.

    Examples
    --------
    >>> import ctypes
    >>> def double(frame):
    ...     a, r = frame.contents.args[0], frame.contents.results[0]
    ...     n = a.shape[0]
    ...     src = np.ctypeslib.as_array(ctypes.cast(a.data, ctypes.POINTER(ctypes.c_double)), (n,))
    ...     dst = np.ctypeslib.as_array(ctypes.cast(r.data, ctypes.POINTER(ctypes.c_double)), (n,))
    ...     dst[:] = 2 * src
    ...     return 0
    >>> handler = pt.ffi.HANDLER(double)
    >>> pt.register_custom_call("doc_double", handler)
    >>> y = pt.custom_call("doc_double", pt.asarray([1.0, 2.0, 3.0]), result=((3,), pt.float64))
    >>> y + 1
    Array([3., 5., 7.])
    """
    ops = [_as_array(a, "custom_call") for a in arrays]
    single = _is_one_spec(result)
    if single:
        specs = [_one_spec(result)]
    elif isinstance(result, (tuple, list)):
        specs = [_one_spec(r) for r in result]
    else:
        raise TypeError(f"custom_call: result must be (shape, dtype) or a list of them, got {result!r}")
    out = call(name, ops, specs, attrs, has_side_effect)
    return out[0] if single else tuple(out)


__all__ = ["custom_call", "register_custom_call", "ffi_include_dir"]

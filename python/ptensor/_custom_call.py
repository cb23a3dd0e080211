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
    """The directory holding ptensor_ffi.h (for -I when building a handler)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


def register_custom_call(name: str, target: str | os.PathLike[str] | CFuncPtr, /, *,
                         symbol: str | None = None) -> None:
    """Register a handler under `name`: `target` is a shared library path (the function is
    `symbol`, default `name`) or a ctypes function pointer. Names starting with "ptensor."
    are ptensor's own (pt.linalg's LAPACK kernels)."""
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
    """Call the native handler registered under `name` with `arrays` (read-only) and typed
    `attrs` (dict of bool, int, float, str, sequences of ints or floats). `result` is one
    (shape, dtype) (or an object with .shape and .dtype) -> one Array, or a list of them ->
    a tuple of Arrays. `has_side_effect=True` runs the call even if no result is used."""
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

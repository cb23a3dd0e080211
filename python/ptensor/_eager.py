"""The eager path: small operations on arrays that already have values run at once, by NumPy.

A record (``_ops.record``) whose operands are all host arrays with values (leaves, or fills
of a Python scalar) and whose result has at most ``LIMIT`` elements is not added to the
pending program: NumPy computes the node on views of the operands' buffers (no copies) and
the result is wrapped as a leaf (no copy). A Python loop over rows, slices and scalars then
costs NumPy's time per operation plus a few microseconds, and compiles nothing; a loop over
large arrays is recorded, fused and compiled as usual. Writes of small values into an
array with values are done in place when nothing else can see its buffer
(``Array.__setitem__``, ``_core.writable_value``).

The node is evaluated as its kind means (the same node the compiled program would run: the
category modules have already validated the call, promoted and cast the operands and
computed the result's dtype and shape), so every function made of records has the eager
path without code of its own; the results are NumPy's (its warnings too: a division by
zero warns as NumPy does). Kinds without an entry in ``_KINDS`` are always recorded.

Off under MPI (every rank must record the same nodes, whatever its local sizes: long chains
are cut at the same record everywhere), while ``pt.jit`` traces, on devices (a device array
stays there) and with ``PTENSOR_EAGER=0``. ``LIMIT`` (``PTENSOR_EAGER_LIMIT``,
``set_eager_limit``): below it a compiled program, warm, is at most about twice as fast as
NumPy's calls for cheap operations, and a first run compiles nothing (docs/performance.md has
the measurements).
"""
from __future__ import annotations

import os
from math import prod
from typing import Any, Callable

import numpy as np

from . import _core

# the largest result, in elements, computed eagerly (0: never)
DEFAULT_LIMIT = 16384
LIMIT = int(os.environ.get("PTENSOR_EAGER_LIMIT", str(DEFAULT_LIMIT)))
on = os.environ.get("PTENSOR_EAGER", "1") != "0" and LIMIT > 0

_values = _core.eager_values
_result = _core.eager_result
_writable = _core.writable_value

# NumPy's ufunc of each elementwise op kind (the elementwise module's tables, given at import:
# set_ufuncs); a name missing here (erf: NumPy has none) is recorded
UFUNCS: dict[str, dict[str, Callable[..., Any]]] = {}


def set_ufuncs(tables, codes):
    """The ufunc tables of the elementwise functions by op class ("unary", "binary", ...), and
    their (kind, sub) codes for binary_fast's eager path in the core."""
    UFUNCS.update(tables)
    # (not pow: NumPy's ufunc takes shortcuts for a scalar exponent, sqrt for 0.5, that differ
    # from pow at -0.0 and -inf; with the exponent as an array, as records give it, it does
    # not. Not the ops with a lower limit either: evaluate applies it)
    _binary_codes.update({codes[name]: f for name, f in tables["binary"].items()
                          if name in codes and name != "pow" and name not in COMPILED_SOONER})
    BINARY.update({name: f for name, f in tables["binary"].items()
                   if name != "pow" and name not in COMPILED_SOONER})
    UNARY.update({name: f for name, f in tables["unary"].items() if name not in COMPILED_SOONER})
    _core.set_eager(on, LIMIT if on else 0, _binary_codes)


_binary_codes: dict[Any, Callable[..., Any]] = {}

# The NumPy-values paths (Array._np: the operators, element and part reads, small matrix
# products, writes of such values): NumPy's ufunc of each float elementwise op they compute,
# by name (not pow, not the ops compiled sooner: as for binary_fast above), and whether they
# are on: the eager path is, and pt.jit is not tracing (a trace must record every operation).
BINARY: dict[str, Callable[..., Any]] = {}
UNARY: dict[str, Callable[..., Any]] = {}
fast = on


def tracing(active):
    """The NumPy-values paths off while pt.jit traces (active), back as the eager path is."""
    global fast
    fast = on and not active

# Elementwise ops whose compiled loop (vector code on every thread) is faster than NumPy's
# from far smaller sizes than the rest: NumPy's float64 sin and cos are scalar loops,
# ptensor's vectorize (NumPy's float32 ones are vector code too). Their float64 eager limit
# is LIMIT // SOONER (the measurement: docs/performance.md, examples/benchmarks/eager_limit.py).
COMPILED_SOONER = {"sin", "cos"}
SOONER = 16

_disabled = False  # (for the rest of the process: MPI)


def set_eager_limit(limit: int) -> int:
    """Set the largest result, in elements, that is computed at once; returns the previous limit.

    An operation on arrays with values whose result has at most ``limit`` elements is computed
    immediately with NumPy instead of being recorded for a compiled program (the default is
    16384 elements). ``0`` records everything, as ``PTENSOR_EAGER=0`` does. Under MPI the eager
    path stays off whatever the limit (every rank records the same program).

    Parameters
    ----------
    limit : int
        A non-negative number of elements.

    Returns
    -------
    int
        The previous limit (0 when the eager path was off).

    Raises
    ------
    ValueError
        ``limit`` is not a non-negative int.

    Examples
    --------
    >>> old = pt.set_eager_limit(0)
    >>> pt.explain(pt.asarray([1.0, 2.0]) + 1)["pending"]
    True
    >>> pt.set_eager_limit(old)
    0
    >>> pt.explain(pt.asarray([1.0, 2.0]) + 1)["pending"]
    False
    """
    global LIMIT, on, fast
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"set_eager_limit: expected a non-negative int, got {limit!r}")
    previous = LIMIT if on else 0
    LIMIT = limit
    on = fast = limit > 0 and not _disabled
    _core.set_eager(on, LIMIT if on else 0, _binary_codes)
    return previous


def disable():
    """The eager path off for the rest of the process (MPI: see the module's docstring)."""
    global on, fast, _disabled
    on, fast, _disabled = False, False, True
    _core.set_eager(False, 0, _binary_codes)


def basic_key(offsets, sizes, steps, dropped):
    """The NumPy index of a slice of a base array: per base dimension its offset, size and
    step; the dropped dimensions (size 1) indexed by their offset."""
    key = []
    for d, o in enumerate(offsets):
        if d in dropped:
            key.append(o)
        elif sizes[d] == 0:
            key.append(slice(0, 0))
        else:
            stop = o + steps[d] * (sizes[d] - 1) + (1 if steps[d] > 0 else -1)
            key.append(slice(o, stop if stop >= 0 else None, steps[d]))
    return tuple(key)


def _slices(iargs, ndim, dropped):
    """The NumPy index of an extract_slice / insert_slice (its iargs: offsets, sizes, steps)."""
    return basic_key(iargs[:ndim], iargs[ndim:2 * ndim], iargs[2 * ndim:], dropped)


def _reduce(sub, vs, attrs, iargs, dtype):
    axes = tuple(attrs[1:])
    if sub == "sum":  # (attrs[0]: the accumulator's dtype)
        return np.add.reduce(vs[0], axis=axes, dtype=_NP_DTYPES[attrs[0]])
    if sub == "prod":
        return np.multiply.reduce(vs[0], axis=axes, dtype=_NP_DTYPES[attrs[0]])
    if sub == "max":
        return np.maximum.reduce(vs[0], axis=axes)
    return np.minimum.reduce(vs[0], axis=axes)


_NP_DTYPES = [np.dtype(name) for name, _, _ in _core.dtypes()]  # (by the core's dtype code)


def _broadcast(sub, vs, attrs, iargs, dtype):
    x, shape = vs[0], tuple(iargs)
    expanded = [1] * len(shape)
    for d, s in zip(attrs, x.shape):
        expanded[d] = s
    return np.broadcast_to(x.reshape(expanded), shape)


def _insert(sub, vs, attrs, iargs, dtype):
    r = vs[0].copy()
    r[_slices(iargs, r.ndim, attrs)] = vs[1]
    return r


# node kind -> NumPy's evaluation (sub, operand values, attrs, iargs, result dtype)
_KINDS: dict[str, Callable[..., Any]] = {
    "unary": lambda sub, vs, a, i, d: UFUNCS["unary"][sub](vs[0]),
    "unary_test": lambda sub, vs, a, i, d: UFUNCS["unary_test"][sub](vs[0]),
    "binary": lambda sub, vs, a, i, d: UFUNCS["binary"][sub](vs[0], vs[1]),
    "binary_test": lambda sub, vs, a, i, d: UFUNCS["binary_test"][sub](vs[0], vs[1]),
    "cast": lambda sub, vs, a, i, d: vs[0].astype(d.np),
    "broadcast": _broadcast,
    "reduce": _reduce,
    "extract_slice": lambda sub, vs, a, i, d: vs[0][_slices(i, vs[0].ndim, a)],
    "insert_slice": _insert,
    "permute_dims": lambda sub, vs, a, i, d: np.transpose(vs[0], a),
    "matmul": lambda sub, vs, a, i, d: np.matmul(vs[0], vs[1]),
    "where": lambda sub, vs, a, i, d: np.where(vs[0], vs[1], vs[2]),
    "reshape": lambda sub, vs, a, i, d: vs[0].reshape(tuple(i)),
    "take": lambda sub, vs, a, i, d: np.take(vs[0], vs[1], axis=a[0]),
}


def _sort(vs, a):
    if a["descending"]:
        return None  # (NumPy has no descending sort; a flip would not keep ties in order)
    return np.sort(vs[0], axis=a["axis"], kind="stable")


def _argsort(vs, a):
    if a["descending"]:
        return None
    return np.argsort(vs[0], axis=a["axis"], kind="stable")


# op of the PTensor dialect recorded by name (_ops.record_op) -> NumPy's evaluation (operand
# values, the attributes as record_op got them)
_OPS: dict[str, Callable[..., Any]] = {
    "extract_triangle": lambda vs, a: (np.tril if a["side"].case == "lower" else np.triu)(
        vs[0], a["k"]),
    "matrix_transpose": lambda vs, a: np.swapaxes(vs[0], -1, -2),
    "combine": lambda vs, a: (np.concatenate if a["kind"].case == "concat" else np.stack)(
        vs, axis=a["axis"]),
    "roll": lambda vs, a: np.roll(vs[0], a["shifts"], a["axes"]),
    "find_index": lambda vs, a: (np.argmax if a["kind"].case == "argmax" else np.argmin)(
        vs[0], axis=a["axis"]),
    "test": lambda vs, a: (np.all if a["kind"].case == "all" else np.any)(
        vs[0], axis=tuple(a["axes"])),
    # (NumPy's stubs do not know a gufunc's axis keyword)
    "vecdot": lambda vs, a: np.vecdot(vs[0], vs[1], axis=a["axis"]),  # type: ignore[call-overload]
    "tensor_dot": lambda vs, a: np.tensordot(vs[0], vs[1], (a["lhs_axes"], a["rhs_axes"])),
    "sort": _sort,
    "argsort": _argsort,
}


def evaluate_op(name, handles, dtype, shape, attributes):
    """The handle of a named op's value computed by NumPy now, or None (record it)."""
    f = _OPS.get(name)
    if f is None or not handles or prod(shape) > LIMIT:
        return None
    vs = _values(handles, LIMIT)
    if vs is None or (name == "vecdot" and vs[0].dtype.kind == "c"):
        return None
    try:
        r = f(vs, attributes)
    except Exception:  # noqa: BLE001  (attributes the op's verifier will reject: recorded)
        return None
    return None if r is None else _result(r, dtype.code, tuple(shape))


# kinds whose operands may be larger than LIMIT: a small part of them is read (the result is
# what is computed), or, for insert_slice, a small value is written into a copy of the base
# (one copy: the copy is the program's result, which later writes update in place)
_READS_PART = {"extract_slice", "take", "insert_slice", "permute_dims", "broadcast", "reshape"}
# kinds NumPy computes as views of the operand: past LIMIT the result is that view (no copy;
# a leaf ptensor does not own, so the operand is not written in place while it lives)
_VIEWS = {"extract_slice", "permute_dims", "broadcast", "reshape"}


def values_of(arrays, limit):
    """The values of each Array: its NumPy values (Array._np) where the NumPy-values paths may
    use them, else its leaf's or fill's (_core.eager_value: up to `limit` elements, -1 any);
    None if one has none now."""
    out = []
    for a in arrays:
        n = a._np if fast else None
        if n is not None and a._base is not None and a._seen != a._base._version:
            n = None
        if n is None:
            n = _core.eager_value(a._t, limit)
            if n is None:
                return None
        elif type(n) is not np.ndarray:
            n = np.asarray(n)
        elif 0 <= limit < n.size:
            return None
        out.append(n)
    return out


def owned(r, dtype, shape):
    """NumPy's result r as the values of a new Array (Array._of_values): an ndarray of dtype
    and shape in memory of its own (a view of an operand is copied); None if its shape is not
    shape (the recorded path computes it)."""
    if type(r) is not np.ndarray:
        r = np.asarray(r)
    if r.shape != tuple(shape):
        return None
    if r.dtype != dtype.np:
        return r.astype(dtype.np)
    return r.copy() if r.base is not None else r


def evaluate(kind, sub, operands, dtype, shape, attrs, iargs):
    """The node's value computed by NumPy now: its NumPy values (an ndarray, for
    Array._of_values) when small, the handle of a leaf viewing an operand's buffer when
    large; None to record it."""
    f = _KINDS.get(kind)
    limit = (LIMIT // SOONER if kind in UFUNCS and sub in COMPILED_SOONER
             and dtype.name == "float64" else LIMIT)
    large = prod(shape) > limit
    if f is None or large and kind not in _VIEWS and kind != "insert_slice":
        return None
    elementwise = kind in UFUNCS
    if elementwise and sub not in UFUNCS[kind]:
        return None
    # (a large result views its operand: the leaf's buffer then, whose view the core counts,
    # so that the operand is not written in place while the view lives)
    vs = (_values([a._t for a in operands], -1) if large else
          values_of(operands, -1 if kind in _READS_PART else LIMIT))
    if vs is None:
        return None
    if elementwise and any(v.dtype.kind == "c" for v in vs):
        return None  # (complex: ptensor's special values are the standard's, not NumPy's)
    if kind == "insert_slice" and vs[1].size > LIMIT:
        return None
    r = f(sub, vs, attrs, iargs, dtype)
    if large:
        return _result(r, dtype.code, shape, True)
    return owned(r, dtype, shape)


def read(h, key, shape, code):
    """base[key] (a NumPy basic index), reshaped to `shape`, as a new leaf if h has values now
    (a copy when small, else a view of the base's buffer); None otherwise (record it)."""
    v = _core.eager_value(h, -1)
    if v is None:
        return None
    return _result(v[key].reshape(shape), code, shape, prod(shape) > LIMIT)


def part(h, key):
    """h's values[key] (a basic index: ints, slices, None, ...) as a new leaf if h has values
    now (a copy when small, a view of h's buffer when large); None when it has none or NumPy
    refuses the key (the caller records a view)."""
    return _core.eager_part(h, key, LIMIT)


def write_values(h, key, v, refs):
    """write_part with the values as a NumPy array (a NumPy-values Array's _np)."""
    w = _writable(h, refs + 3)
    if w is None:
        return False
    t = w[key]
    if type(t) is not np.ndarray or t.shape != v.shape:
        return False
    t[...] = v
    return True


def write_part(h, key, vh, refs):
    """h's buffer[key] = the values of vh (of h's dtype and exactly the shape of that part) in
    place; False when that is not safe, vh has no values now or the shapes differ."""
    v = _core.eager_value(vh, LIMIT)
    # (+1: this frame's h, beside write_values' own)
    return v is not None and write_values(h, key, v, refs + 1)


def write(h, key, shape, inner, value, refs):
    """h's buffer[key] = value in place, value (an Array) broadcast to the written view's
    `shape` (`inner`: that shape without the unit axes the view adds, the shape of
    buffer[key]); False when that is not safe or value has no values now. `refs`: the Python
    references to h that the writer owns (see _core.writable_value): more mean another Array
    holds it too."""
    v = _core.eager_value(value._t, LIMIT)  # (None past LIMIT elements too)
    if v is None:
        return False
    w = _writable(h, refs + 3)  # (+3: this frame's h, the argument of the call, the core's)
    if w is None:
        return False
    if v.shape != shape:
        v = np.broadcast_to(v, shape)
    w[key] = v if shape == inner else v.reshape(inner)
    return True


def write_scalar(h, key, value, refs):
    """write() of a Python scalar that NumPy converts as ptensor's cast would (the caller
    checks: a float or int into a float array, an int that fits into an integer one)."""
    w = _writable(h, refs + 3)
    if w is None:
        return False
    w[key] = value
    return True


def matmul(ha, hb, dtype):
    """The matrix product of two matrices or vectors with values (float or complex, of one
    dtype: the caller checks) by NumPy (its BLAS) when the result is small, whatever the
    operands' sizes (a matrix-vector product); None otherwise, and for anything but 1-D or
    2-D operands whose contracted dimensions agree (matmul's own checks raise)."""
    a = _core.eager_value(ha, -1)
    if a is None or not 1 <= a.ndim <= 2:
        return None
    b = _core.eager_value(hb, -1)
    if b is None or not 1 <= b.ndim <= 2 or a.shape[-1] != b.shape[0] or \
            (a.shape[0] if a.ndim == 2 else 1) * (b.shape[1] if b.ndim == 2 else 1) > LIMIT:
        return None
    r = np.matmul(a, b)
    return _result(r, dtype.code, r.shape)


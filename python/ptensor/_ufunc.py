"""NumPy's ufunc objects over ptensor arrays: ``pt.add``, ``pt.maximum``, ... with ``out=``,
``where=``, ``dtype=`` and the methods ``reduce``, ``accumulate``, ``outer``, ``at`` and
``reduceat``.

Every elementwise function of the namespace is a ``ufunc``: calling it is calling the
array API function (one extra Python frame: the operators of Array do not pass through it),
so the standard's behaviour is kept and NumPy's keywords are a superset. The table of
NumPy's ufunc names is derived from the elementwise tables of _elementwise.py (each entry
there names the NumPy ufunc whose dtype rules it follows): ``pt.power is pt.pow``,
``pt.arctan2 is pt.atan2``.

The methods compose the namespace's functions, so they are fused, distributed and run on
devices as those are:
- reduce: the namespace's reduction where there is one (add: sum, multiply: prod, maximum:
  max, minimum: min, logical_and: all, logical_or: any), else a pairwise tree of the ufunc
  itself for the associative ones (bitwise and/or/xor, logical_xor); others raise TypeError.
  NumPy's default axis=0 (axis=None: every axis), keepdims, initial, where (needs an
  identity or initial) and dtype (add and multiply).
- accumulate: cumulative_sum / cumulative_prod (NumPy's order of operations, exactly), else a
  recursive-doubling scan of the ufunc for the associative ones (maximum, minimum, the
  bitwise and logical ones: exact, as they do not round).
- outer: the ufunc of a[..., None, ...] and b.
- at: unbuffered in place. add (and subtract) sum the values of repeated indices first (a
  sort, one scatter); the others apply one occurrence of each index per round (rounds = the
  largest multiplicity), which is NumPy's result exactly.
- reduceat: reduce over index segments (add: differences of a cumulative sum per segment
  would round differently, so each segment is reduced on its own; few segments expected).
"""
from __future__ import annotations

import numpy as np

from . import _dtypes as dt
from . import _elementwise as ew
from ._np_args import as_array as _array, is_array as _ours
from ._upcalls import namespace as pt


def _numpy_name(name, u):
    """The NumPy ufunc name of an elementwise table entry (erf follows exp's dtype rules
    only, round is rint, real/imag are functions, not ufuncs, in NumPy)."""
    if name == "round":
        return "rint"
    if name in ("erf", "real", "imag") or not isinstance(u, np.ufunc):
        return None
    return u.__name__


# ptensor name -> NumPy ufunc (the one table: _elementwise's, with its arity)
ELEMENTWISE = {}
for _table, _nin in ((ew._UNARY, 1), (ew._UNARY_TEST, 1), (ew._BINARY, 2),
                     (ew._BINARY_TEST, 2)):
    for _n, _u in _table.items():
        ELEMENTWISE[_n] = (_u, _nin)
# NumPy ufunc name -> ptensor name, where the two mean the same
NUMPY_NAMES = {}
for _n, (_u, _) in ELEMENTWISE.items():
    _np_name = _numpy_name(_n, _u)
    if _np_name is not None:
        NUMPY_NAMES[_np_name] = _n

# the namespace's reduction and scan of a ufunc, where it has one
_REDUCTIONS = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
               "logical_and": "all", "logical_or": "any"}
_SCANS = {"add": "cumulative_sum", "multiply": "cumulative_prod"}
# associative (and commutative) ufuncs whose results do not depend on the order in which
# elements are combined: a tree of the ufunc is the sequential fold's result exactly
_ASSOCIATIVE = {"maximum", "minimum", "logical_and", "logical_or", "logical_xor",
                "bitwise_and", "bitwise_or", "bitwise_xor", "fmax", "fmin", "gcd", "lcm"}
IDENTITIES = {"add": 0, "multiply": 1, "logical_and": True, "logical_or": False,
              "logical_xor": False, "bitwise_or": 0, "bitwise_xor": 0, "bitwise_and": -1,
              "gcd": 0, "lcm": None}
# NumPy's ufuncs of one result that _np_math composes of the namespace's functions: their
# number of inputs
COMPOSED = {"fmod": 2, "gcd": 2, "lcm": 2, "heaviside": 2, "float_power": 2, "fmax": 2,
            "fmin": 2, "ldexp": 2, "logaddexp2": 2, "cbrt": 1, "exp2": 1, "deg2rad": 1,
            "rad2deg": 1, "radians": 1, "degrees": 1, "fabs": 1, "spacing": 1,
            "bitwise_count": 1}

_NO_VALUE = object()






def _axes(axis, ndim, name):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = tuple(axis)
    else:
        axes = (axis,)
    out = []
    for a in axes:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            raise TypeError(f"{name}: axis must be an integer or a tuple of integers, got "
                            f"{type(a).__name__}")
        if not -ndim <= a < ndim:
            raise np.exceptions.AxisError(int(a), ndim)
        out.append(int(a) % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: duplicate value in 'axis'")
    return tuple(out)


class ufunc:
    """A NumPy universal function over ptensor arrays (the namespace's elementwise function
    with NumPy's keywords and methods: reduce, accumulate, outer, at, reduceat)."""

    def __init__(self, name, fn, nin, numpy_name):
        self._name = name
        self._fn = fn  # the namespace's function (the dispatching one under MPI)
        self.__wrapped__ = fn
        self.__name__ = numpy_name or name
        self.__qualname__ = self.__name__
        self.__doc__ = fn.__doc__
        self.nin, self.nout, self.nargs = nin, 1, nin + 1
        self.identity = IDENTITIES.get(name)

    def _wrap(self, wrapper):
        """The function replaced by wrapper(function) (the namespace's dispatching wrapper
        under MPI); __wrapped__ keeps the local function."""
        self._fn = wrapper(self._fn)

    def __repr__(self):
        return f"<ptensor ufunc '{self.__name__}'>"

    def __reduce__(self):  # pickled by name, as NumPy's ufuncs are
        return (_by_name, (self._name,))

    def __call__(self, *args, out=None, where=True, dtype=None, casting="same_kind",
                 order="K", subok=True):
        if out is None and where is True and dtype is None:
            return self._fn(*args)
        if len(args) > self.nin:  # out given positionally, as NumPy allows
            if out is not None:
                raise TypeError(f"{self.__name__}: cannot specify 'out' as both a positional "
                                "and keyword argument")
            args, out = args[:self.nin], args[self.nin]
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional arguments, "
                            f"{len(args)} given")
        if dtype is not None:
            d = dt.to_dtype(dtype)
            args = tuple(pt.astype(_array(a, self.__name__), d) for a in args)
        r = self._fn(*args)
        return _finish(self.__name__, r, out, where, casting)

    # ------------------------------------------------------------------ methods ----

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False,
               initial=_NO_VALUE, where=True):
        """Reduce array along axis (NumPy's default 0; None: every axis) with this ufunc."""
        name = f"{self.__name__}.reduce"
        self._binary(name)
        x = _array(array, name)
        if x.ndim == 0:
            if axis not in (None, 0, ()) and axis != (0,):
                raise np.exceptions.AxisError(axis, 0)
            axes = ()
        else:
            axes = _axes(axis, x.ndim, name)
        if dtype is not None:
            if self._name not in ("add", "multiply"):
                x = pt.astype(x, dt.to_dtype(dtype))
        if where is not True:
            ident = self.identity if initial is _NO_VALUE else initial
            if ident is None:
                raise ValueError(f"{name}: reduction operation '{self.__name__}' does not "
                                 "have an identity, so to use a where mask one has to "
                                 "specify 'initial'")
            x = pt.where(_array(where, name), x, ident)
        if axes and any(x.shape[a] == 0 for a in axes) and initial is _NO_VALUE \
                and self.identity is None:
            raise ValueError(f"zero-size array to reduction operation {self.__name__} "
                             "which has no identity")
        r = self._reduce(x, axes, keepdims, dtype, name)
        if initial is not _NO_VALUE and initial is not None:
            r = self._fn(r, initial)
        return _finish(name, r, out, True, "same_kind")

    def _reduce(self, x, axes, keepdims, dtype, name):
        red = _REDUCTIONS.get(self._name)
        if not axes:
            r = pt.asarray(x, copy=True)
            return r if dtype is None or self._name not in ("add", "multiply") \
                else pt.astype(r, dt.to_dtype(dtype))
        if red == "prod" and dtype is None and x.dtype == dt.bool_:
            red = "all"  # NumPy: multiply.reduce of bools is a logical and (add counts)
        if red is not None and x.size > 0 or red in ("sum", "prod", "all", "any"):
            kw = {"dtype": dtype} if red in ("sum", "prod") else {}
            return getattr(pt, red)(x, axis=axes, keepdims=keepdims, **kw)
        if self._name not in _ASSOCIATIVE:
            raise TypeError(f"{name} is not supported by ptensor (only associative ufuncs "
                            "reduce: add, multiply, maximum, minimum, the logical and bitwise "
                            "ones)")
        if x.size == 0:  # an identity exists (checked by reduce)
            shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape)) if keepdims \
                else tuple(n for i, n in enumerate(x.shape) if i not in axes)
            return pt.full(shape, self.identity, dtype=x.dtype)
        r = x
        for a in sorted(axes, reverse=True):
            r = _tree(self._fn, r, a)
        if not keepdims:
            r = pt.reshape(r, tuple(n for i, n in enumerate(r.shape) if i not in axes))
        return r

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """Running reduction along axis (NumPy's default 0)."""
        name = f"{self.__name__}.accumulate"
        self._binary(name)
        x = _array(array, name)
        if x.ndim == 0:
            raise TypeError(f"{name}: cannot accumulate on a scalar")
        (ax,) = _axes(axis, x.ndim, name)
        scan = _SCANS.get(self._name)
        if scan is not None:
            if dtype is None and x.dtype == dt.bool_ and self._name == "add":
                dtype = dt.int64
            r = getattr(pt, scan)(x, axis=ax, dtype=dtype)
        elif self._name in _ASSOCIATIVE:
            if dtype is not None:
                x = pt.astype(x, dt.to_dtype(dtype))
            r = _doubling_scan(self._fn, x, ax)
        else:
            raise TypeError(f"{name} is not supported by ptensor (only associative ufuncs "
                            "accumulate: add, multiply, maximum, minimum, the logical and "
                            "bitwise ones)")
        return _finish(name, r, out, True, "same_kind")

    def outer(self, A, B, /, **kwargs):
        """self(a[i, j, ...], b[k, l, ...]) for every pair: shape a.shape + b.shape."""
        name = f"{self.__name__}.outer"
        self._binary(name)
        a, b = _array(A, name), _array(B, name)
        a = pt.reshape(a, tuple(a.shape) + (1,) * b.ndim)
        return self(a, b, **kwargs)

    def at(self, a, indices, b=None, /):
        """a[indices] = self(a[indices], b) in place, every occurrence of a repeated index
        applied (NumPy's unbuffered rule). Returns None, as NumPy's."""
        name = f"{self.__name__}.at"
        if not _ours(a):
            raise TypeError(f"{name}: the first argument must be a ptensor array, got "
                            f"{type(a).__name__}")
        if self.nin == 2 and b is None:
            raise ValueError(f"{name}: second operand needed for ufunc")
        if self.nin == 1 and b is not None:
            raise ValueError(f"{name}: second operand provided when ufunc is unary")
        idx = indices if isinstance(indices, tuple) else (indices,)
        if not _integer_index(idx):
            # slices, masks, integers: no element is selected twice
            a[indices] = self._fn(a[indices]) if b is None else self._fn(a[indices], b)
            return None
        if len(idx) != 1 or a.ndim < 1:
            raise TypeError(f"{name}: ptensor supports one integer index array (along the "
                            "first axis) or keys without integer arrays")
        i = _array(idx[0], name)
        if i.ndim != 1:  # (an index array of several dimensions: its elements in order)
            ishape = tuple(i.shape)
            i = pt.reshape(i, (-1,))
            if b is not None and _ours(b) and b.ndim >= len(ishape):
                b = pt.reshape(b, (-1,) + tuple(b.shape)[len(ishape):])
        n = a.shape[0]
        i = pt.where(i < 0, i + n, i) if dt.is_int(i.dtype) and i.dtype.kind == "i" else i
        if i.size and (int(pt.max(i)) >= n or int(pt.min(i)) < 0):
            raise IndexError(f"{name}: index out of bounds for axis 0 with size {n}")
        rows = (i.shape[0],) + tuple(a.shape[1:])
        if b is not None:
            b = pt.broadcast_to(_array(b, name) if not isinstance(b, (bool, int, float,
                                                                      complex)) else
                                pt.full((), b, dtype=_scalar_dtype(b, a.dtype)), rows)
        if self._name in ("add", "subtract") and i.size:
            _add_at(self, a, i, b)
            return None
        _rounds(self, a, i, b)
        return None

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Reductions over the segments indices[k]:indices[k + 1] of axis (NumPy's rules: a
        segment with indices[k] >= indices[k + 1] is the single element array[indices[k]])."""
        name = f"{self.__name__}.reduceat"
        self._binary(name)
        x = _array(array, name)
        (ax,) = _axes(axis, x.ndim, name)
        iv = np.asarray(indices.to_numpy() if _ours(indices) else indices)
        if iv.ndim != 1 or iv.dtype.kind not in "iu":
            raise TypeError(f"{name}: indices must be a 1-D integer array")
        n = x.shape[ax]
        if ((iv < 0) | (iv >= n)).any():
            raise IndexError(f"{name}: index out of bounds for axis {ax} with size {n}")
        parts = []
        for k, lo in enumerate(iv.tolist()):
            hi = iv[k + 1] if k + 1 < len(iv) else n
            key = [slice(None)] * x.ndim
            key[ax] = slice(lo, hi if hi > lo else lo + 1)
            parts.append(self.reduce(x[tuple(key)], axis=ax, dtype=dtype, keepdims=True))
        if not parts:
            raise ValueError(f"{name}: indices must not be empty")
        r = pt.concat(parts, axis=ax)
        return _finish(name, r, out, True, "same_kind")

    def _binary(self, name):
        if self.nin != 2:
            raise ValueError(f"{name} only supported for binary functions")


def _by_name(name):
    return getattr(pt.module(), name)


def _scalar_dtype(v, like):
    return dt.result_type(like, v)


def _integer_index(idx):
    for k in idx:
        if isinstance(k, (list, np.ndarray)) or _ours(k):
            kind = (k.dtype.kind if _ours(k) else np.asarray(k).dtype.kind)
            if kind in "iu":
                return True
    return False


def _tree(fn, x, axis):
    """fn folded over axis as a pairwise tree (kept as a length-1 axis)."""
    while x.shape[axis] > 1:
        n = x.shape[axis]
        h = n // 2
        lo = [slice(None)] * x.ndim
        hi = [slice(None)] * x.ndim
        lo[axis], hi[axis] = slice(0, h), slice(h, 2 * h)
        y = fn(x[tuple(lo)], x[tuple(hi)])
        if n % 2:
            rest = [slice(None)] * x.ndim
            rest[axis] = slice(2 * h, n)
            y = pt.concat([y, x[tuple(rest)]], axis=axis)
        x = y
    return x


def _doubling_scan(fn, x, axis):
    """Inclusive scan of fn along axis by recursive doubling (log2(n) steps)."""
    n = x.shape[axis]
    k = 1
    r = x
    while k < n:
        head = [slice(None)] * x.ndim
        tail = [slice(None)] * x.ndim
        prev = [slice(None)] * x.ndim
        head[axis], tail[axis], prev[axis] = slice(0, k), slice(k, n), slice(0, n - k)
        r = pt.concat([r[tuple(head)], fn(r[tuple(tail)], r[tuple(prev)])], axis=axis)
        k *= 2
    return r if r is not x else pt.asarray(x, copy=True)


def _add_at(u, a, i, b):
    """a[i] += b (or -= b) with repeated indices: integers sum the values of each index first
    (differences of one cumulative sum over the values sorted by index: exact, as integer
    arithmetic wraps alike) and scatter once; floats apply one occurrence per round (NumPy's
    order of additions exactly) unless an index repeats more than ROUNDS_MAX times, where
    the per-index sums come from the cumulative sum too (rounded differently from NumPy's
    one-by-one additions)."""
    if not dt.is_inexact(dt.result_type(a.dtype, b.dtype)):
        _rounds_or_sums(u, a, i, b, exact_sums=True)
    else:
        _rounds_or_sums(u, a, i, b, exact_sums=False)


ROUNDS_MAX = 32


def _rounds_or_sums(u, a, i, b, exact_sums):
    rank, order, rounds = _occurrences(i)
    if not exact_sums and rounds <= ROUNDS_MAX:
        _apply_rounds(u, a, i, b, rank, rounds)
        return
    si = pt.take(i, order)
    sb = pt.astype(pt.take(b, order, axis=0), dt.result_type(a.dtype, b.dtype))
    uniq, counts = pt.unique_counts(si)
    ends = pt.cumulative_sum(counts)
    cs = pt.cumulative_sum(sb, axis=0, include_initial=True)
    sums = pt.take(cs, ends, axis=0) - pt.take(cs, ends - counts, axis=0)
    a[uniq] = u._fn(a[uniq], sums)


def _occurrences(i):
    """For each entry of the index array i: its occurrence number among the entries with
    the same index (0 for the first); the stable sort order of i; the number of rounds."""
    m = i.shape[0]
    order = pt.argsort(i, stable=True)
    si = pt.take(i, order)
    rank_sorted = pt.arange(m, dtype=dt.int64) - pt.searchsorted(si, si, side="left")
    rank = pt.zeros((m,), dtype=dt.int64)
    rank[order] = rank_sorted
    return rank, order, int(pt.max(rank)) + 1


def _rounds(u, a, i, b):
    """ufunc.at by rounds: round r applies the r-th occurrence of every index (NumPy's
    order), so no index appears twice in one scatter."""
    if i.shape[0] == 0:
        return
    rank, _, rounds = _occurrences(i)
    _apply_rounds(u, a, i, b, rank, rounds)


def _apply_rounds(u, a, i, b, rank, rounds):
    for r in range(rounds):
        sel = rank == r
        ii = i[sel]
        if b is None:
            a[ii] = u._fn(a[ii])
        else:
            a[ii] = u._fn(a[ii], b[sel])


def _finish(name, r, out, where, casting):
    """The result written into out= (a ptensor array, or a tuple of one) where where= is
    true; without out, positions where where= is false hold zeros (NumPy leaves them
    uninitialized)."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"{name}: 'out' tuple must have exactly one entry")
        (out,) = out
    if where is not True:
        w = _array(where, name)
        other = out if out is not None else pt.zeros((), dtype=r.dtype)
        r = pt.where(w, r, other)
    if out is None:
        return r
    if not _ours(out):
        raise TypeError(f"{name}: out= must be a ptensor array, got {type(out).__name__} "
                        "(ptensor does not write into NumPy arrays)")
    if tuple(r.shape) != tuple(out.shape):
        try:
            shape = pt.broadcast_shapes(tuple(r.shape), tuple(out.shape))
        except ValueError:
            shape = None
        if shape != tuple(out.shape):
            raise ValueError(f"{name}: non-broadcastable output operand with shape "
                             f"{tuple(out.shape)} doesn't match the broadcast shape "
                             f"{tuple(r.shape)}")
    if r.dtype != out.dtype and not np.can_cast(r.dtype.np, out.dtype.np, casting):
        raise TypeError(f"{name}: cannot cast ufunc output from {r.dtype.name} to "
                        f"{out.dtype.name} with casting rule '{casting}'")
    out[...] = r
    return out


def make(namespace_functions):
    """{ptensor name: ufunc} for the elementwise functions in namespace_functions, and the
    NumPy aliases {NumPy name: the same ufunc}."""
    made = {}
    for name, (u, nin) in ELEMENTWISE.items():
        fn = namespace_functions.get(name)
        if fn is None:
            continue
        made[name] = ufunc(name, fn, nin, _numpy_name(name, u))
    aliases = {npn: made[ptn] for npn, ptn in NUMPY_NAMES.items()
               if ptn in made and npn not in made}
    # NumPy's second names of the same ufunc objects (np.mod is np.remainder)
    for npn, ptn in SECOND_NAMES.items():
        if ptn in made and npn not in made:
            aliases[npn] = made[ptn]
    return made, aliases


SECOND_NAMES = {"bitwise_not": "bitwise_invert", "true_divide": "divide", "mod": "remainder"}


def wrap_composed(functions):
    """{name: ufunc} for the composed NumPy ufuncs (COMPOSED) among functions."""
    return {n: ufunc(n, functions[n], nin, n) for n, nin in COMPOSED.items() if n in functions}


__all__ = ["ufunc", "make", "wrap_composed", "ELEMENTWISE", "NUMPY_NAMES", "IDENTITIES"]

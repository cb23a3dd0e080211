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
- accumulate: cumulative_sum / cumulative_prod (NumPy's order of operations, exactly), the
  scan kernel's max / min for maximum / minimum of local real arrays (NumPy's order too),
  else a recursive-doubling scan of the ufunc for the associative ones (the bitwise and
  logical ones, distributed arrays: exact, as they do not round).
- outer: the ufunc of a[..., None, ...] and b.
- at: unbuffered in place. add (and subtract) sum the values of repeated indices first (a
  sort, one scatter); the others apply one occurrence of each index per round (rounds = the
  largest multiplicity), which is NumPy's result exactly.
- reduceat: reduce over index segments (add: differences of a cumulative sum per segment
  would round differently, so each segment is reduced on its own; few segments expected).
"""
from __future__ import annotations

import textwrap

import numpy as np

from . import _dtypes as dt
from . import _elementwise as ew
from . import _ufunc_docs
from ._np_args import as_array as _array, is_array as _ours, is_local
from ._statistical import scan as _scan
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
# the ufuncs the scan kernel runs for local arrays of real numbers (NumPy's order: exact)
_SCAN_OPS = {"maximum": "max", "minimum": "min"}
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
    """A NumPy universal function over ptensor arrays.

    Every elementwise function of ptensor (``pt.add``, ``pt.sin``, ...) is an instance:
    calling it calls the array API function, with NumPy's keywords ``out=``, ``where=`` and
    ``dtype=`` on top, and NumPy's methods ``reduce``, ``accumulate``, ``outer``, ``at`` and
    ``reduceat``, composed of ptensor's functions (so they are recorded, fused and
    distributed as those are). NumPy's names are the same objects: ``pt.power is pt.pow``.
    Instances are made by ptensor, not by users; they pickle by name, as NumPy's.

    Attributes
    ----------
    nin, nout, nargs : int
        The number of inputs, outputs (1) and both.
    identity : int, bool or None
        The value ``reduce`` starts from (``add``: 0, ``multiply``: 1), None where there is
        none.

    Notes
    -----
    ``reduce`` and ``accumulate`` exist for the associative ufuncs only (add, multiply,
    maximum, minimum, the logical and bitwise ones, fmax, fmin, gcd, lcm); the others raise
    TypeError, where NumPy folds from the left. With ``where=`` and no ``out=``, positions
    where ``where`` is false hold zeros (NumPy leaves them uninitialized).

    Examples
    --------
    >>> pt.add
    <ptensor ufunc 'add'>
    >>> pt.add.nin, pt.add.identity
    (2, 0)
    >>> pt.power is pt.pow
    True
    >>> pt.multiply.reduce(pt.asarray([1, 2, 3, 4]))
    Array(24)
    """

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
        """Reduce an array's dimensions by applying the ufunc along them.

        As numpy.ufunc.reduce: ``add.reduce`` is ``sum``, ``maximum.reduce`` is ``max``,
        ``logical_and.reduce`` is ``all`` (ptensor's reductions); the other associative
        ufuncs (bitwise and logical ones, fmax, fmin, gcd, lcm) fold as a pairwise tree,
        which is the sequential result exactly.

        Parameters
        ----------
        array : Array or array_like
            The array to reduce.
        axis : int, tuple of int or None, optional
            The axes to reduce (default 0, NumPy's; None: every axis).
        dtype : dtype, optional
            The accumulation dtype of ``add`` and ``multiply``; for the others the input is
            cast to it first.
        out : Array, optional
            A ptensor array to write the result into.
        keepdims : bool, optional
            Keep the reduced axes with length 1.
        initial : scalar, optional
            The value to start from (needed with ``where=`` when the ufunc has no identity).
        where : Array of bool, optional
            The elements to include.

        Returns
        -------
        Array
            The reduction (0-d for a full reduction).

        Raises
        ------
        TypeError
            For a ufunc that is not associative (``subtract.reduce``), which NumPy folds from
            the left; ValueError for a unary ufunc.

        Examples
        --------
        >>> x = pt.asarray([[1, 2], [3, 4]])
        >>> pt.add.reduce(x)
        Array([4, 6])
        >>> pt.add.reduce(x, axis=1, keepdims=True)
        Array([[3],
               [7]])
        >>> pt.add.reduce(pt.asarray([1, 2, 3]), where=pt.asarray([True, False, True]))
        Array(4)
        """
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
        """Accumulate the result of applying the ufunc along an axis.

        As numpy.ufunc.accumulate: ``add.accumulate`` is ``cumulative_sum`` and
        ``multiply.accumulate`` ``cumulative_prod`` (NumPy's order of operations); the other
        associative ufuncs (maximum, minimum, the bitwise and logical ones) give the same
        results in any order: maximum and minimum of local real arrays run NumPy's
        element-after-element loop, the others (and distributed arrays) scan by recursive
        doubling (where of -0.0 and 0.0 either may be kept).

        Parameters
        ----------
        array : Array or array_like
            The input array (at least 1-D).
        axis : int, optional
            The axis to accumulate along (default 0).
        dtype : dtype, optional
            The dtype of the result.
        out : Array, optional
            A ptensor array to write the result into.

        Returns
        -------
        Array
            The running results, of the input's shape.

        Raises
        ------
        TypeError
            For a ufunc that is not associative (``subtract.accumulate``) or a 0-d input.

        Examples
        --------
        >>> pt.add.accumulate(pt.asarray([1, 2, 3, 4]))
        Array([ 1,  3,  6, 10])
        >>> pt.maximum.accumulate(pt.asarray([1, 3, 2, 5]))
        Array([1, 3, 3, 5])
        """
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
            if self._name in _SCAN_OPS and is_local(x) and not dt.is_complex(x.dtype):
                r = _scan(x, ax, _SCAN_OPS[self._name]) if x.size else pt.asarray(x, copy=True)
            else:
                r = _doubling_scan(self._fn, x, ax)
        else:
            raise TypeError(f"{name} is not supported by ptensor (only associative ufuncs "
                            "accumulate: add, multiply, maximum, minimum, the logical and "
                            "bitwise ones)")
        return _finish(name, r, out, True, "same_kind")

    def outer(self, A, B, /, **kwargs):
        """Apply the ufunc to every pair ``(a, b)`` of elements of A and B.

        As numpy.ufunc.outer: ``result[i, ..., j, ...] = ufunc(A[i, ...], B[j, ...])``, of
        shape ``A.shape + B.shape``.

        Parameters
        ----------
        A, B : Array or array_like
            The input arrays.
        **kwargs
            The ufunc's keywords (``out=``, ``where=``, ``dtype=``).

        Returns
        -------
        Array
            The results, of shape ``A.shape + B.shape``.

        Examples
        --------
        >>> pt.subtract.outer(pt.asarray([1, 2, 3]), pt.asarray([0, 1]))
        Array([[1, 0],
               [2, 1],
               [3, 2]])
        """
        name = f"{self.__name__}.outer"
        self._binary(name)
        a, b = _array(A, name), _array(B, name)
        a = pt.reshape(a, tuple(a.shape) + (1,) * b.ndim)
        return self(a, b, **kwargs)

    def at(self, a, indices, b=None, /):
        """Apply the ufunc in place at the given indices, unbuffered.

        As numpy.ufunc.at: ``a[indices] = ufunc(a[indices], b)`` with every occurrence of a
        repeated index applied (``add.at`` counts repeats, where ``a[i] += b`` does not).
        ``add`` and ``subtract`` on integers sum each index's values first; the others apply
        one occurrence of each index per round, NumPy's order.

        Parameters
        ----------
        a : Array
            The ptensor array to update (not a NumPy array).
        indices : array_like of int, slice or tuple
            One integer index array (along the first axis), or keys without integer arrays.
        b : Array, array_like or scalar, optional
            The second operand of a binary ufunc.

        Returns
        -------
        None

        Notes
        -----
        For floats, an index repeated more than 32 times has its values summed first (a
        cumulative sum), which rounds differently from NumPy's one-by-one additions. A key
        with an integer index array must be that one array (along the first axis): others,
        such as ``(rows, cols)``, raise TypeError.

        Examples
        --------
        >>> a = pt.zeros(4, dtype=pt.int64)
        >>> pt.add.at(a, pt.asarray([0, 0, 2]), 1)
        >>> a
        Array([2, 0, 1, 0])
        """
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
        """Reduce over the segments of an axis that start at the given indices.

        As numpy.ufunc.reduceat: segment ``k`` is ``indices[k]:indices[k + 1]`` (the last
        one runs to the end); where ``indices[k] >= indices[k + 1]`` it is the single
        element ``array[indices[k]]``. Each segment is reduced on its own (suited to a few
        segments).

        Parameters
        ----------
        array : Array or array_like
            The input array.
        indices : array_like of int
            The segments' starts, 1-D, each in ``[0, array.shape[axis])``.
        axis : int, optional
            The axis to segment (default 0).
        dtype : dtype, optional
            As in ``reduce``.
        out : Array, optional
            A ptensor array to write the result into.

        Returns
        -------
        Array
            The input's shape with ``len(indices)`` along ``axis``.

        Examples
        --------
        >>> pt.add.reduceat(pt.asarray([1, 2, 3, 4, 5]), [0, 2, 4])
        Array([3, 7, 5])
        """
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


_LAZY = ("The result is recorded and fused with the operations around it, and computed when "
         "it is read; small arrays whose values are known are computed at once by NumPy.")
_CALL_PARAMETERS = """\
out : Array or tuple of Array, optional
    A ptensor array (or a tuple holding one) to write the result into (the result broadcast
    to its shape and cast under ``casting``); it is also what is returned.
where : Array of bool, optional
    Where false, ``out`` keeps its value; without ``out``, those positions hold zeros.
dtype : dtype, optional
    The inputs are cast to this dtype before the operation.
casting : str, optional
    NumPy's casting rule for writing into ``out`` (default ``"same_kind"``).
order, subok
    Accepted for NumPy's signature; ptensor arrays are C-ordered."""
_UNARY_INPUT = """\
x : Array or numpy.ndarray
    The input array."""
_BINARY_INPUT = """\
x1, x2 : Array, numpy.ndarray or Python scalar
    The input arrays, broadcast together; one of them may be a Python scalar (weakly typed,
    as in NumPy: ``pt.multiply(x_float32, 2.0)`` stays float32), not both."""
_COMPOSED_INPUT = {1: """\
x : Array or array_like
    The input array.""", 2: """\
x1, x2 : Array, array_like or Python scalar
    The input arrays, broadcast together."""}


def _docstring(u, names):
    """The numpy-style docstring of ufunc u (public under names) from its _ufunc_docs entry;
    None where there is none."""
    e = _ufunc_docs.DOCS.get(u._name)
    if e is None:
        return None
    para = [e["meaning"]]
    if e.get("dtype"):
        para.append(e["dtype"])
    elif u._name not in COMPOSED:
        para.append("The result dtype is NumPy's for these inputs (float16, which ptensor has "
                    "not, becomes float32).")
    para.append(_LAZY)
    names = list(e.get("names") or names)
    if len(names) > 1:
        para.append(" and ".join(f"``{n}``" for n in names)
                    + " are the same ufunc object (the array API's name and NumPy's)."
                    if u._name not in COMPOSED and len(names) == 2 and names[1] == u.__name__
                    else ", ".join(f"``{n}``" for n in names[:-1]) + f" and ``{names[-1]}`` are "
                    "the same ufunc object.")
    if u.nin == 2 and u._name in _REDUCTIONS or u._name in _ASSOCIATIVE:
        para.append(f"``{u.__name__}.reduce`` and ``{u.__name__}.accumulate`` are supported.")
    inputs = (_COMPOSED_INPUT[u.nin] if u._name in COMPOSED
              else _UNARY_INPUT if u.nin == 1 else _BINARY_INPUT)
    rtype = "Array of bool" if e.get("bool") else "Array"
    parts = [e["summary"], "", _fill(" ".join(para)), "",
             "Parameters", "----------", inputs, _CALL_PARAMETERS, "",
             "Returns", "-------", rtype,
             "    " + e.get("returns", "The elementwise result, of the inputs' broadcast shape."
                           if u.nin == 2 else "The elementwise result, of x's shape."), ""]
    if e.get("notes"):
        parts += ["Notes", "-----", _fill(e["notes"]), ""]
    if e.get("see"):
        parts += ["See Also", "--------"] + e["see"].split("\n") + [""]
    parts += ["Examples", "--------", e["example"]]
    return "\n".join(parts) + "\n"


def _fill(text, width=92):
    """text wrapped to a docstring's width."""
    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False))


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
    for name, u in made.items():
        doc = _docstring(u, [name] + [a for a, v in aliases.items() if v is u])
        if doc is not None:
            u.__doc__ = doc
    return made, aliases


SECOND_NAMES = {"bitwise_not": "bitwise_invert", "true_divide": "divide", "mod": "remainder"}


def wrap_composed(functions):
    """{name: ufunc} for the composed NumPy ufuncs (COMPOSED) among functions."""
    made = {n: ufunc(n, functions[n], nin, n) for n, nin in COMPOSED.items() if n in functions}
    for name, u in made.items():
        doc = _docstring(u, [name])
        if doc is not None:
            u.__doc__ = doc
    return made


__all__ = ["ufunc", "make", "wrap_composed", "ELEMENTWISE", "NUMPY_NAMES", "IDENTITIES"]

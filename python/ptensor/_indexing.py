"""Basic indexing (integers, slices with any step, Ellipsis, None) as views of a base array.

A View maps the base's dimensions to the view's: ``offsets`` per base dimension, and one entry
``(base_dim, step, size)`` per view dimension, ``base_dim == -1`` for a new unit axis. Base
dimensions without an entry were indexed by an integer (dropped). Views compose, so a view of
a view is still one extract_slice of the base, and writing through a view is one insert_slice.
"""
from __future__ import annotations

import operator
from typing import Any

import numpy as np

from . import _eager
from . import _ops


def _index_error(msg):
    return IndexError(msg)


def slice_item(k, n):
    """(start, step, size) of slice k over n elements (start 0 when empty)."""
    try:
        start, stop, step = k.indices(n)
    except TypeError:
        raise IndexError(f"slice indices must be integers or None, got {k!r}") from None
    size = len(range(start, stop, step))
    return start if size else 0, step, size


def int_item(k, n, dim):
    """Integer index k of axis dim (size n), wrapped; IndexError for anything else."""
    if isinstance(k, bool) or not hasattr(k, "__index__"):
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and integer or "
                         f"boolean arrays are valid indices, got {type(k).__name__}")
    try:
        i = operator.index(k)
    except TypeError as e:
        raise IndexError(str(e)) from None
    if not -n <= i < n:
        raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
    return i % n


def parse_key(key, shape):
    """Normalize an index into ('int', k) | ('slice', start, step, size) | ('new',) items."""
    if not isinstance(key, tuple):
        key = (key,)
    elif len(key) == len(shape) and all(type(k) is slice for k in key):
        # the common case (a slice per axis; ptensor's own views): no Ellipsis/None to place
        return [("slice",) + slice_item(k, n) for k, n in zip(key, shape)]
    n_ell = sum(1 for k in key if k is Ellipsis)
    if n_ell > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    n_used = sum(1 for k in key if k is not None and k is not Ellipsis)
    if n_used > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, "
                         f"but {n_used} were indexed")
    items, dim = [], 0
    for k in key:
        if k is None:
            items.append(("new",))
        elif k is Ellipsis:
            for _ in range(len(shape) - n_used):
                items.append(("slice", 0, 1, shape[dim]))
                dim += 1
        elif isinstance(k, slice):
            items.append(("slice",) + slice_item(k, shape[dim]))
            dim += 1
        else:
            items.append(("int", int_item(k, shape[dim], dim)))
            dim += 1
    while dim < len(shape):
        items.append(("slice", 0, 1, shape[dim]))
        dim += 1
    return items


class _Uncached(Exception):
    pass


_PLAIN = (int, type(None))


def _item_sig(k):
    """A hashable stand-in for one index item whose equality means the same index: slices of
    plain ints (a 3-tuple), ints, None and Ellipsis. Anything else (NumPy integers, bools,
    floats: equal to ints but indexing differently or raising) is not memoized."""
    t = type(k)
    if t is slice:
        a, b, c = k.start, k.stop, k.step
        if type(a) in _PLAIN and type(b) in _PLAIN and type(c) in _PLAIN:
            return (a, b, c)
        raise _Uncached
    if t is int or k is None or k is Ellipsis:
        return k
    raise _Uncached


def _key_sig(key):
    # x[k] means x[(k,)]: both get the 1-tuple's signature
    return tuple(map(_item_sig, key)) if type(key) is tuple else (_item_sig(key),)


_CHAINS: dict[Any, Any] = {}
_MEMO_MAX = 4096


def remember(memo, sig, value):
    """memo[sig] = value, the memo emptied first when it holds _MEMO_MAX entries (a loop's
    keys are few; this only bounds memory for programs that index ever new shapes)."""
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[sig] = value


def is_element_key(key):
    """Whether key indexes with ints only (an int, or a non-empty tuple of ints: no Ellipsis,
    None or slice), which makes NumPy's scalar of an array of that many axes."""
    if type(key) is tuple:
        return bool(key) and all(isinstance(k, (int, np.integer)) and not isinstance(k, bool)
                                 for k in key)
    return isinstance(key, (int, np.integer)) and not isinstance(key, bool)


def chain(base_shape, view, keys, keys_sig=None):
    """The View of base[keys[0]][keys[1]]... (base seen through `view`, None for all of it).
    Memoized: a loop indexes the same shapes with the same keys every step, and the
    composition costs more than the lookup. Views are immutable, so the cached one is shared.
    keys_sig: tuple(map(_key_sig, keys)) when the caller has it already."""
    try:
        if keys_sig is None:
            keys_sig = tuple(map(_key_sig, keys))
        sig = (base_shape, None if view is None else view.sig, keys_sig)
    except _Uncached:
        sig = None
    v = _CHAINS.get(sig) if sig is not None else None
    if v is None:
        v = view if view is not None else View.of(base_shape)
        for key in keys:
            v = v.compose(parse_key(key, v.shape))
        if not v.entries and keys and is_element_key(keys[-1]):
            v = View(v.offsets, (), True)
        if sig is not None:
            remember(_CHAINS, sig, v)
    return v


class View:
    """Immutable once made (shared through chain's memo). `element`: the view is an element
    of the base, made by a key of one int per axis and no Ellipsis (NumPy's scalar: an
    in-place operator on it rebinds, Array._inplace); a 0-d view made otherwise (x[0, ...],
    a full squeeze) is NumPy's 0-d array view, which in-place operators write through."""
    __slots__ = ("offsets", "entries", "sig", "element", "_shape", "_args", "_key")

    def __init__(self, offsets, entries, element=False):
        self.offsets, self.entries = tuple(offsets), tuple(entries)
        self.sig = (self.offsets, self.entries)  # its identity in chain's memo
        self.element = element and not self.entries
        self._shape = tuple(e[2] for e in self.entries)
        self._args = self._key = None

    @classmethod
    def of(cls, shape):
        return cls([0] * len(shape), [(d, 1, s) for d, s in enumerate(shape)])

    @property
    def shape(self):
        return self._shape

    def is_identity(self, base_shape):
        return (not any(self.offsets) and len(self.entries) == len(base_shape)
                and all(e == (d, 1, s) for d, (e, s) in enumerate(zip(self.entries, base_shape))))

    def compose(self, items):
        offsets, entries, j = list(self.offsets), [], 0
        for it in items:
            if it[0] == "new":
                entries.append((-1, 1, 1))
                continue
            bd, step, _ = self.entries[j]
            j += 1
            if it[0] == "int":
                if bd >= 0:
                    offsets[bd] += it[1] * step
            else:
                _, start, st, size = it
                if bd >= 0:
                    offsets[bd] += start * step
                    # the step of an axis of 0 or 1 elements means nothing: 1 keeps the
                    # slice ops simple (no negative or huge strides over nothing)
                    entries.append((bd, step * st if size > 1 else 1, size))
                else:
                    entries.append((-1, 1, size))
        return View(offsets, entries)

    def _slice_args(self, base_ndim):
        sizes, strides = [1] * base_ndim, [1] * base_ndim
        kept = set()
        for bd, step, size in self.entries:
            if bd >= 0:
                sizes[bd], strides[bd] = size, step
                kept.add(bd)
        dropped = [d for d in range(base_ndim) if d not in kept]
        return sizes, strides, dropped

    def inner_shape(self):
        """The shape without the unit axes the view adds (that of base[numpy_key])."""
        return tuple(size for bd, _, size in self.entries if bd >= 0)

    def numpy_key(self, base_ndim):
        """This view as NumPy's basic index of the base (no new axes: the view's shape has
        them); None for a view NumPy's index cannot give (a new axis sliced to size 0)."""
        if self._key is None:
            if any(e[0] < 0 and e[2] != 1 for e in self.entries):
                self._key = False
            else:
                sizes, strides, dropped = self._slice_args(base_ndim)
                self._key = _eager.basic_key(self.offsets, sizes, strides, dropped)
        return self._key or None

    def extract(self, base):
        h = base._t
        if _eager.on and self.numpy_key(base.ndim) is not None:  # (values now: _eager.py)
            r = _eager.read(h, self._key, self.shape, base.dtype.code)
            if r is not None:
                return _ops.up.Array._new(r, base.dtype)
        if self._args is None:
            sizes, strides, dropped = self._slice_args(base.ndim)
            self._args = (dropped, list(self.offsets) + sizes + strides,
                          tuple(size for bd, _, size in self.entries if bd >= 0),
                          [i for i, e in enumerate(self.entries) if e[0] < 0])
        dropped, iargs, inner, new = self._args
        r = _ops.record("extract_slice", "", [base], base.dtype, inner, attrs=dropped,
                        iargs=iargs)
        if new:
            r = _ops.insert_unit_dims(r, new, self.shape)
        return r

    def insert(self, base, value):
        """base with this view's elements replaced by value (shaped like the view)."""
        new = [i for i, e in enumerate(self.entries) if e[0] < 0]
        if new:  # drop the unit axes the view added
            vs = value.shape
            inner = tuple(s for i, s in enumerate(vs) if i not in new)
            value = _ops.record("extract_slice", "", [value], value.dtype, inner, attrs=new,
                                iargs=[0] * len(vs) + [1 if i in new else s for i, s in enumerate(vs)]
                                + [1] * len(vs))
        sizes, strides, dropped = self._slice_args(base.ndim)
        return _ops.record("insert_slice", "", [base, value], base.dtype, base.shape,
                           attrs=dropped, iargs=list(self.offsets) + sizes + strides)

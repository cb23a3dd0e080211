"""Sorting: sort and argsort (array API 2024.12), stable, ascending or descending, any axis.

A bottom-up merge sort in log2(n) passes, each made of compiled PTensor ops: a pass merges
neighbouring sorted runs of width w. An element's new position is its index in its run plus
the number of elements of the partner run that order before it (strictly before for the left
run, before-or-equal for the right one: that keeps equal elements in order), found by a
binary search confined to the partner run (ptensor.search_range); the elements then move with
ptensor.scatter. NaN sorts last (NumPy's order). Descending order sorts the reversed array and
reverses the result, which keeps equal elements in their original order."""
from __future__ import annotations

from . import _dtypes as dt
from . import _ops
from ._creation import arange
from ._elementwise import (_as_array, add, bitwise_and, bitwise_xor, equal, floor_divide,
                           less, minimum, multiply, subtract)
from ._manipulation import flip, moveaxis, reshape
from ._searching import where


def _search(vals, lo, hi, right):
    return _ops.record("search_range", "", [vals, vals, lo, hi], dt.int64, vals.shape,
                       attrs=[int(right)])


def _scatter(x, pos):
    return _ops.record("scatter", "", [x, pos, x], x.dtype, x.shape)


def _merge_sort(vals, rows, n):
    """Sorts each of `rows` consecutive runs of length n of the flat array vals; returns the
    sorted values and the within-row source index of each."""
    N = rows * n
    flat = arange(N, dtype=dt.int64)
    row = floor_divide(flat, n)
    base = multiply(row, n)
    p = subtract(flat, base)
    idx = p
    w = 1
    while w < n:
        r = floor_divide(p, w)
        i = subtract(p, multiply(r, w))
        odd = bitwise_and(r, 1)
        lo = minimum(multiply(bitwise_xor(r, 1), w), n)
        hi = minimum(add(lo, w), n)
        lo_f, hi_f = add(base, lo), add(base, hi)
        strict = subtract(_search(vals, lo_f, hi_f, False), lo_f)
        loose = subtract(_search(vals, lo_f, hi_f, True), lo_f)
        count = where(equal(odd, 0), strict, loose)
        pos = add(add(base, multiply(subtract(r, odd), w)), add(i, count))
        vals, idx = _scatter(vals, pos), _scatter(idx, pos)
        w *= 2
    return vals, idx


def _sort_along(x, axis, descending, name):
    x = _as_array(x, name)
    if x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    ax = _ops.normalize_axis(axis, x.ndim)
    y = moveaxis(x, ax, -1) if ax != x.ndim - 1 else x
    if descending:
        y = flip(y, axis=-1)
    n = y.shape[-1]
    rows = y.size // n if n else 0
    lead = y.shape[:-1]
    if n == 0 or y.size == 0:
        vals, idx = y, _ops.full(y.shape, 0, dt.int64)
    else:
        vals, idx = _merge_sort(reshape(y, (-1,)), rows, n)
        vals, idx = reshape(vals, lead + (n,)), reshape(idx, lead + (n,))
    if descending:
        vals = flip(vals, axis=-1)
        idx = flip(subtract(n - 1, idx), axis=-1)
    if ax != x.ndim - 1:
        vals, idx = moveaxis(vals, -1, ax), moveaxis(idx, -1, ax)
    return vals, idx


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """x sorted along axis (stable; NaN last in ascending order)."""
    return _sort_along(x, axis, descending, "sort")[0]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """int64 indices that sort x along axis (stable: equal elements keep their order)."""
    return _sort_along(x, axis, descending, "argsort")[1]


__all__ = ["sort", "argsort"]

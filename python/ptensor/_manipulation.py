"""Manipulation functions: broadcast_to, broadcast_arrays, broadcast_shapes, permute_dims, matrix_transpose,
expand_dims, squeeze, flip, moveaxis, unstack, concat, stack, roll, reshape, tile (repeat:
_repeat). Views where NumPy gives views (expand_dims, squeeze, flip, unstack: indexing, so
they write through; the RFC's ops of these names are for IR writers); reshape always makes a
new array (copy=False raises). matrix_transpose, concat, stack and roll record the RFC's ops."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from . import _dtypes as dt
from . import _ops
from ._elementwise import _as_array

if TYPE_CHECKING:
    from ._array import Array
    from ._typing import Axes, Shape


def broadcast_to(x: Array, /, shape: Shape) -> Array:
    """Return ``x`` broadcast to ``shape``.

    As numpy.broadcast_to (NumPy's broadcasting rules); shapes that do not broadcast raise
    ValueError.

    Parameters
    ----------
    x : Array or array_like
        The input.
    shape : int or tuple of int
        The result's shape.

    Returns
    -------
    Array
        ``x``'s values repeated to ``shape``, ``x``'s dtype.

    See Also
    --------
    broadcast_arrays : Broadcast several arrays to one shape.
    broadcast_shapes : The shape that shapes broadcast to.

    Examples
    --------
    >>> pt.broadcast_to(pt.asarray([1, 2, 3]), (2, 3))
    Array([[1, 2, 3],
           [1, 2, 3]])
    """
    x = _as_array(x, "broadcast_to")
    r = _ops.broadcast_to(x, _ops.normalize_shape(shape))
    return _ops.copy(x) if r is x else r


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Return the arrays broadcast to one shape.

    As numpy.broadcast_arrays (NumPy's broadcasting rules); shapes that do not broadcast
    raise ValueError.

    Parameters
    ----------
    *arrays : Array or array_like
        The inputs.

    Returns
    -------
    tuple of Array
        One per input, all of the broadcast shape, each with its input's dtype.

    See Also
    --------
    broadcast_to : Broadcast one array to a given shape.
    broadcast_shapes : The shape only.

    Examples
    --------
    >>> a, b = pt.broadcast_arrays(pt.asarray([[1], [2]]), pt.asarray([10, 20, 30]))
    >>> a
    Array([[1, 1, 1],
           [2, 2, 2]])
    >>> b
    Array([[10, 20, 30],
           [10, 20, 30]])
    """
    xs = [_as_array(a, "broadcast_arrays") for a in arrays]
    shape = _ops.broadcast_shapes(*(a.shape for a in xs))
    return tuple(_ops.broadcast_to(a, shape) for a in xs)


def broadcast_shapes(*shapes: int | tuple[int | None, ...]) -> tuple[int | None, ...]:
    """Return the shape that arrays of the given shapes broadcast to.

    As numpy.broadcast_shapes (an int is a 1-D shape); no shapes give ``()``. As the array
    API allows, a size may be None (not known): it stays None unless another shape gives a
    size other than 1 there.

    Parameters
    ----------
    *shapes : int or tuple of int or None
        The shapes.

    Returns
    -------
    tuple
        The broadcast shape.

    Notes
    -----
    Shapes that do not broadcast and negative sizes raise ValueError; a shape that is not a
    tuple of ints raises TypeError.

    See Also
    --------
    broadcast_arrays : Broadcast arrays.

    Examples
    --------
    >>> pt.broadcast_shapes((2, 1), (3,))
    (2, 3)
    >>> pt.broadcast_shapes((None, 3), (1, 3))
    (None, 3)
    """
    norm = []
    for s in shapes:
        if isinstance(s, (int, np.integer)) and not isinstance(s, bool):
            s = (s,)
        if not isinstance(s, (tuple, list)):
            raise TypeError(f"broadcast_shapes: a shape must be a tuple of ints, got {s!r}")
        t = []
        for d in s:
            if d is not None and (isinstance(d, bool) or not isinstance(d, (int, np.integer))):
                raise TypeError(f"broadcast_shapes: a shape must be a tuple of ints, got {s!r}")
            if d is not None and d < 0:
                raise ValueError(f"broadcast_shapes: negative dimension in {s!r}")
            t.append(None if d is None else int(d))
        norm.append(t)
    # an unknown size broadcasts as 1 would; where every size is 1 or unknown, it stays None
    out = list(_ops.broadcast_shapes(*(tuple(1 if d is None else d for d in s) for s in norm)))
    for u in norm:
        for i, d in enumerate(u):
            j = len(out) - len(u) + i
            if d is None and out[j] == 1:
                out[j] = None
    return tuple(out)


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """Return ``x`` with its axes permuted.

    As numpy.transpose with ``axes`` given (the array API's name): dimension ``i`` of the
    result is dimension ``axes[i]`` of ``x``. The result is a new array.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axes : tuple of int
        A permutation of ``range(x.ndim)`` (negative axes allowed); another tuple raises
        ValueError.

    Returns
    -------
    Array
        ``x``'s dtype; shape ``tuple(x.shape[a] for a in axes)``.

    See Also
    --------
    moveaxis : Move some axes, the others keeping their order.
    matrix_transpose : Swap the last two axes.

    Examples
    --------
    >>> pt.permute_dims(pt.zeros((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    >>> pt.permute_dims(pt.asarray([[1, 2, 3], [4, 5, 6]]), (1, 0))
    Array([[1, 4],
           [2, 5],
           [3, 6]])
    """
    x = _as_array(x, "permute_dims")
    axes = tuple(_ops.normalize_axis(a, x.ndim, "axes") for a in axes)
    if sorted(axes) != list(range(x.ndim)):
        raise ValueError(f"permute_dims: axes {axes} is not a permutation of the "
                         f"{x.ndim} dimensions")
    if axes == tuple(range(x.ndim)):
        return _ops.copy(x)
    return _ops.record("permute_dims", "", [x], x.dtype, tuple(x.shape[a] for a in axes),
                       attrs=axes)


def matrix_transpose(x: Array, /) -> Array:
    """Return ``x`` with its last two axes swapped.

    As numpy.matrix_transpose (the array API's function): a stack of matrices, each
    transposed. The result is a new array.

    Parameters
    ----------
    x : Array or array_like
        At least 2-D; fewer dimensions raise ValueError.

    Returns
    -------
    Array
        ``x``'s dtype; shape ``x.shape[:-2] + (x.shape[-1], x.shape[-2])``.

    See Also
    --------
    ptensor.permute_dims : Any permutation of the axes.

    Examples
    --------
    >>> pt.matrix_transpose(pt.asarray([[1, 2, 3], [4, 5, 6]]))
    Array([[1, 4],
           [2, 5],
           [3, 6]])
    """
    x = _as_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError("matrix_transpose: x must have at least 2 dimensions")
    shape = x.shape[:-2] + (x.shape[-1], x.shape[-2])
    return _ops.record_op("matrix_transpose", [x], x.dtype, shape)  # the RFC's op


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """Return ``x`` with a new dimension of size 1 inserted at ``axis``.

    As numpy.expand_dims: ``axis`` may be a tuple (a new dimension at each), and negative axes
    count from the end of the result. The result is a view of ``x`` (the index
    ``x[..., None, ...]``), as NumPy's, also for distributed arrays.

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int or tuple of int, optional
        Where the new dimensions are in the result (default 0).

    Returns
    -------
    Array
        ``x``'s values, with ``x.ndim + len(axis)`` dimensions.

    See Also
    --------
    squeeze : Remove size-1 dimensions.
    reshape : Give a new shape.

    Examples
    --------
    >>> x = pt.asarray([1, 2])
    >>> pt.expand_dims(x, axis=0)
    Array([[1, 2]])
    >>> pt.expand_dims(x, axis=(0, -1)).shape
    (1, 2, 1)
    """
    x = _as_array(x, "expand_dims")
    return x[expand_dims_key(x.ndim, axis)]


def expand_dims_key(ndim, axis):
    """The index that is expand_dims (also of distributed arrays: _dist_compose): None at the
    new axes, each normalized against the result's ndim + len(axes) (the array API 2025.12)."""
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    m = ndim + len(axes)
    pos = [_ops.normalize_axis(a, m) for a in axes]
    if len(set(pos)) != len(pos):
        raise ValueError(f"expand_dims: repeated axis in {axis!r}")
    return tuple(None if i in pos else slice(None) for i in range(m))


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """x without the given size-1 dimensions (a view)."""
    x = _as_array(x, "squeeze")
    return x[squeeze_key(x.shape, axis)]


def squeeze_key(shape, axis):
    """The index that is squeeze (also of distributed arrays: _dist_index)."""
    axes = _ops.normalize_axes(axis, len(shape))
    for a in axes:
        if shape[a] != 1:
            raise ValueError(f"squeeze: cannot remove axis {a} of size {shape[a]} (not 1)")
    key = tuple(0 if i in axes else slice(None) for i in range(len(shape)))
    # (every axis squeezed: the Ellipsis makes the 0-d result NumPy's 0-d view of x, which
    # in-place operators write through, not an element of x)
    return key + (Ellipsis,) if len(axes) == len(shape) else key


def flip(x: Array, /, *, axis: Axes = None) -> Array:
    """Return ``x`` with the order of its elements reversed along ``axis``.

    As numpy.flip: all axes by default. The result is a view of ``x`` (the index
    ``x[..., ::-1, ...]``).

    Parameters
    ----------
    x : Array or array_like
        The input.
    axis : int or tuple of int, optional
        The axes to reverse (default None: all).

    Returns
    -------
    Array
        ``x``'s shape and dtype.

    See Also
    --------
    roll : Shift the elements, wrapping around.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.flip(x)
    Array([[6, 5, 4],
           [3, 2, 1]])
    >>> pt.flip(x, axis=1)
    Array([[3, 2, 1],
           [6, 5, 4]])
    """
    x = _as_array(x, "flip")
    return x[flip_key(x.ndim, axis)]


def flip_key(ndim, axis):
    """The index that is flip (also of distributed arrays: _dist_index)."""
    axes = _ops.normalize_axes(axis, ndim)
    return tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(ndim))


def moveaxis(x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...],
             /) -> Array:
    """Return ``x`` with the axes at ``source`` moved to ``destination``.

    As numpy.moveaxis: the other axes keep their order. The result is a new array (as
    :func:`~ptensor.permute_dims`).

    Parameters
    ----------
    x : Array or array_like
        The input.
    source : int or tuple of int
        The axes to move; repeated axes raise ValueError.
    destination : int or tuple of int
        Their places in the result, as many as ``source``.

    Returns
    -------
    Array
        ``x``'s values and dtype, the axes reordered.

    See Also
    --------
    permute_dims : Any permutation of the axes.

    Examples
    --------
    >>> pt.moveaxis(pt.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    >>> pt.moveaxis(pt.zeros((2, 3, 4)), (0, 1), (-1, -2)).shape
    (4, 3, 2)
    """
    x = _as_array(x, "moveaxis")
    return permute_dims(x, moveaxis_order(x.ndim, source, destination))


def moveaxis_order(ndim, source, destination):
    """The permutation that is moveaxis (also of distributed arrays: _dist_compose)."""
    def axes_of(v, name):
        vals = v if isinstance(v, (tuple, list)) else (v,)
        out = tuple(_ops.normalize_axis(a, ndim, name) for a in vals)
        if len(set(out)) != len(out):
            raise ValueError(f"moveaxis: repeated axis in {name} {v!r}")
        return out
    src, dst = axes_of(source, "source"), axes_of(destination, "destination")
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination must have the same number of axes")
    rest = [i for i in range(ndim) if i not in src]
    order = [None] * ndim
    for s, d in zip(src, dst):
        order[d] = s
    it = iter(rest)
    return [o if o is not None else next(it) for o in order]


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Return the slices of ``x`` along ``axis``, as a tuple of arrays.

    As numpy.unstack (the inverse of :func:`stack`): the ``i``-th array is
    ``x[(slice(None),) * axis + (i,)]``, a view of ``x``.

    Parameters
    ----------
    x : Array or array_like
        At least 1-D; a 0-d array raises ValueError.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    tuple of Array
        ``x.shape[axis]`` arrays of ``x.ndim - 1`` dimensions.

    See Also
    --------
    stack : Join arrays along a new axis.

    Examples
    --------
    >>> x = pt.asarray([[1, 2, 3], [4, 5, 6]])
    >>> pt.unstack(x)
    (Array([1, 2, 3]), Array([4, 5, 6]))
    >>> pt.unstack(x, axis=1)
    (Array([1, 4]), Array([2, 5]), Array([3, 6]))
    """
    return unstack_of(_as_array(x, "unstack"), axis)


def unstack_of(x, axis):
    """unstack of a local or distributed array (its own indexing)."""
    if x.ndim == 0:
        raise ValueError("unstack: x must have at least one dimension")
    ax = _ops.normalize_axis(axis, x.ndim)
    return tuple(x[(slice(None),) * ax + (i,)] for i in range(x.shape[ax]))


def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0) -> Array:
    """Arrays joined along an existing axis (result dtype: result_type of all): the RFC's
    ptensor.combine concat (each part written into the result; the program fuses them)."""
    arrays = [_as_array(a, "concat") for a in _sequence(arrays, "concat")]
    if axis is None:
        arrays = [reshape(a, (-1,)) for a in arrays]
        axis = 0
    ax, shape, rt = concat_shape(arrays, axis)
    return _ops.record_op("combine", [_ops.cast(a, rt) for a in arrays], rt, shape,
                          kind=_ops.Case("CombineKind", "concat"), axis=ax)


def concat_shape(arrays, axis):
    """concat's (axis, result shape, result dtype), the arrays checked (also for distributed
    arrays)."""
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    ax = _ops.normalize_axis(axis, ndim)
    for a in arrays:
        if a.ndim != ndim or any(a.shape[i] != arrays[0].shape[i] for i in range(ndim) if i != ax):
            raise ValueError("concat: all arrays must have the same shape except along axis "
                             f"{ax}; got {', '.join(str(b.shape) for b in arrays)}")
    shape = list(arrays[0].shape)
    shape[ax] = sum(a.shape[ax] for a in arrays)
    return ax, tuple(shape), dt.result_type(*arrays)


def concat_into(arrays, axis, empty):
    """concat of distributed arrays (checked) written part by part into empty(shape, dtype),
    a distributed empty (_dist_compose)."""
    ax, shape, rt = concat_shape(arrays, axis)
    out = empty(shape, rt)
    start = 0
    for a in arrays:
        n = a.shape[ax]
        if n:
            out[(slice(None),) * ax + (slice(start, start + n),)] = a
        start += n
    return out


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Arrays of one shape joined along a new axis: the RFC's ptensor.combine stack."""
    arrays = [_as_array(a, "stack") for a in _sequence(arrays, "stack")]
    ax = stack_axis(arrays, axis)
    rt = dt.result_type(*arrays)
    shape = arrays[0].shape[:ax] + (len(arrays),) + arrays[0].shape[ax:]
    return _ops.record_op("combine", [_ops.cast(a, rt) for a in arrays], rt, shape,
                          kind=_ops.Case("CombineKind", "stack"), axis=ax)


def stack_axis(arrays, axis):
    """stack's new axis, the arrays' shapes checked (also for distributed arrays)."""
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        raise ValueError("stack: all arrays must have the same shape; got "
                         + ", ".join(str(a.shape) for a in arrays))
    return _ops.normalize_axis(axis, len(shape) + 1)


def roll(x: Array, /, shift: int | tuple[int, ...], *, axis: Axes = None) -> Array:
    """Return ``x`` with its elements shifted along ``axis``, wrapping around.

    As numpy.roll: ``axis=None`` (default) rolls the flattened array and restores the shape;
    ``shift`` and ``axis`` may be tuples (each shift along its axis). The result is a new
    array, as NumPy's, also when nothing moves.

    Parameters
    ----------
    x : Array or array_like
        The input.
    shift : int or tuple of int
        How many places the elements move (negative: towards the start).
    axis : int or tuple of int, optional
        The axes to roll along (default None: the flattened array).

    Returns
    -------
    Array
        ``x``'s shape and dtype.

    See Also
    --------
    flip : Reverse the elements.

    Examples
    --------
    >>> pt.roll(pt.arange(5), 2)
    Array([3, 4, 0, 1, 2])
    >>> pt.roll(pt.asarray([[1, 2, 3], [4, 5, 6]]), 1, axis=1)
    Array([[3, 1, 2],
           [6, 4, 5]])
    """
    x = _as_array(x, "roll")
    if axis is None:
        return reshape(roll(reshape(x, (-1,)), flat_shift(shift), axis=0), x.shape)
    steps = roll_steps(x.shape, shift, axis)
    if not steps:
        return _ops.copy(x)
    return _ops.record_op("roll", [x], x.dtype, x.shape, shifts=[s for s, _ in steps],
                          axes=[a for _, a in steps])


def flat_shift(shift):
    """roll's shift of the flattened array (axis=None): a tuple's shifts add up."""
    if isinstance(shift, (tuple, list)):
        return sum(_ops.as_index(s, "shift") for s in shift)
    return shift


def roll_steps(shape, shift, axis):
    """roll's (shift, axis) pairs that move something: shift in [1, n), axis normalized."""
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) != len(axes):
        if len(shifts) == 1:
            shifts = shifts * len(axes)
        else:
            raise ValueError("roll: shift and axis must have the same length")
    steps = []
    for s, a in zip(shifts, axes):
        ax = _ops.normalize_axis(a, len(shape))
        n = shape[ax]
        s = _ops.as_index(s, "shift")
        if n and s % n:
            steps.append((s % n, ax))
    return steps


def _sequence(arrays, name):
    if not isinstance(arrays, (tuple, list)) or len(arrays) == 0:
        raise ValueError(f"{name}: expected a non-empty tuple or list of arrays")
    return arrays


def reshape_shape(size, shape):
    """reshape's shape argument checked and its -1 filled in, for `size` elements (also for
    distributed arrays: _dist_manip)."""
    shape = (shape,) if not isinstance(shape, (tuple, list)) else tuple(shape)
    shape = [_ops.as_index(s, "shape") for s in shape]
    if sum(1 for s in shape if s == -1) > 1:
        raise ValueError("reshape: only one dimension may be -1")
    if any(s < -1 for s in shape):
        raise ValueError(f"reshape: negative dimension in shape {tuple(shape)}")
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape:
        if known == 0 or size % known:
            raise ValueError(f"reshape: cannot reshape an array of size {size} into shape "
                             f"{tuple(shape)}")
        shape[shape.index(-1)] = size // known
    shape = tuple(shape)
    if math.prod(shape) != size:
        raise ValueError(f"reshape: cannot reshape an array of size {size} into shape {shape}")
    return shape


def reshape(x: Array, /, shape: Shape, *, copy: bool | None = None) -> Array:
    """x's elements (row-major order) in a new shape; one size may be -1. The result is a new
    array (ptensor has no reshaped views), so copy=False raises ValueError."""
    x = _as_array(x, "reshape")
    if copy is False:
        raise ValueError("reshape: copy=False cannot be honored (ptensor reshapes into a new "
                         "array)")
    shape = reshape_shape(x.size, shape)
    if shape == x.shape:  # a new array all the same (functions never return their input)
        return _ops.copy(x)
    return _ops.record("reshape", "", [x], x.dtype, shape, iargs=shape)


def tile(x: Array, repetitions: Shape, /) -> Array:
    """Return ``x`` repeated ``repetitions`` times along each dimension.

    As numpy.tile: ``repetitions`` and ``x.shape`` are aligned at their ends, the shorter one
    padded with leading ones, so the result has ``max(len(repetitions), x.ndim)``
    dimensions.

    Parameters
    ----------
    x : Array or array_like
        The input.
    repetitions : int or tuple of int
        How many copies along each dimension; negative raises ValueError.

    Returns
    -------
    Array
        ``x``'s dtype; each dimension ``x``'s size times its repetitions.

    See Also
    --------
    repeat : Repeat each element.
    broadcast_to : Repeat along size-1 dimensions.

    Examples
    --------
    >>> x = pt.asarray([1, 2])
    >>> pt.tile(x, 2)
    Array([1, 2, 1, 2])
    >>> pt.tile(x, (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]])
    """
    x = _as_array(x, "tile")
    reps, dims = tile_dims(x.shape, repetitions)
    n = len(dims)
    # (d0, d1, ...) -> (1, d0, 1, d1, ...) -> broadcast (r0, d0, r1, d1, ...) -> (r0*d0, ...)
    inter = tuple(v for d in dims for v in (1, d))
    y = _ops.insert_unit_dims(reshape(x, dims) if dims != x.shape else x,
                              list(range(0, 2 * n, 2)), inter)
    y = _ops.broadcast_to(y, tuple(v for r, d in zip(reps, dims) for v in (r, d)))
    return reshape(y, tuple(r * d for r, d in zip(reps, dims)))


def tile_dims(shape, repetitions):
    """tile's repetitions and x's shape, both padded with leading ones to the result's rank."""
    reps = tuple(_ops.as_index(r, "repetitions") for r in
                 (repetitions if isinstance(repetitions, (tuple, list)) else (repetitions,)))
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: repetitions must be non-negative, got {reps}")
    n = max(len(reps), len(shape))
    return (1,) * (n - len(reps)) + reps, (1,) * (n - len(shape)) + tuple(shape)

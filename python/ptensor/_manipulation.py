"""Manipulation functions of this slice: broadcast_to, broadcast_arrays, permute_dims,
matrix_transpose."""
from __future__ import annotations

from . import _ops
from ._elementwise import _as_array


def broadcast_to(x, /, shape):
    x = _as_array(x, "broadcast_to")
    return _ops.broadcast_to(x, _ops.normalize_shape(shape))


def broadcast_arrays(*arrays):
    arrays = [_as_array(a, "broadcast_arrays") for a in arrays]
    shape = _ops.broadcast_shapes(*(a.shape for a in arrays))
    return [_ops.broadcast_to(a, shape) for a in arrays]


def permute_dims(x, /, axes):
    x = _as_array(x, "permute_dims")
    axes = tuple(_ops.normalize_axis(a, x.ndim, "axes") for a in axes)
    if sorted(axes) != list(range(x.ndim)):
        raise ValueError(f"permute_dims: axes {axes} is not a permutation of the "
                         f"{x.ndim} dimensions")
    if axes == tuple(range(x.ndim)):
        return x
    return _ops.record("permute_dims", "", [x], x.dtype, tuple(x.shape[a] for a in axes),
                       attrs=axes)


def matrix_transpose(x, /):
    x = _as_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError("matrix_transpose: x must have at least 2 dimensions")
    axes = list(range(x.ndim))
    axes[-2], axes[-1] = axes[-1], axes[-2]
    return permute_dims(x, axes)

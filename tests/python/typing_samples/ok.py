"""A user program that type-checks (tests/python/test_typing.py runs mypy on it).

Each ``reveal_type(...)  # T: <type>`` line states the type mypy must infer; the program must
give no other mypy message. (It is read by mypy, never run: reveal_type is mypy's.)"""
from __future__ import annotations

import numpy as np

import ptensor as pt

# creation
x = pt.arange(12, dtype=pt.float64)
reveal_type(x)  # T: ptensor._array.Array
z = pt.zeros((3, 4))
o = pt.ones(3, dtype=pt.float32, device="cpu")
f = pt.full((2, 2), 1.5)
e = pt.eye(3, k=1)
ls = pt.linspace(0.0, 1.0, 5, endpoint=False)
a = pt.asarray([[1.0, 2.0], [3.0, 4.0]])
b = pt.asarray(np.ones((2, 2)), copy=True)
zl = pt.zeros_like(a, dtype=pt.int32)
reveal_type(pt.empty_like(a))  # T: ptensor._array.Array

# attributes
reveal_type(x.shape)  # T: builtins.tuple[builtins.int, ...]
reveal_type(x.dtype)  # T: ptensor._dtypes.DType
reveal_type(x.ndim)  # T: builtins.int
reveal_type(x.size)  # T: builtins.int
reveal_type(x.device)  # T: ptensor._device.Device
reveal_type(a.T)  # T: ptensor._array.Array
reveal_type(a.mT)  # T: ptensor._array.Array
reveal_type(x.to_device("cpu"))  # T: ptensor._array.Array
reveal_type(pt.float64)  # T: ptensor._dtypes.DType

# arithmetic with arrays and Python scalars, comparisons, matmul, unary operators
y = 2 * x + 1.0
y = y / 3 - x ** 2
y = -y + abs(y)
m = a @ a
reveal_type(y)  # T: ptensor._array.Array
reveal_type(x > 3)  # T: ptensor._array.Array
reveal_type(x == y)  # T: ptensor._array.Array
reveal_type(m)  # T: ptensor._array.Array
y += 1
reveal_type(~(x > 3))  # T: ptensor._array.Array

# elementwise functions (made by factories)
reveal_type(pt.sin(x))  # T: ptensor._array.Array
reveal_type(pt.add(x, 1))  # T: ptensor._array.Array
reveal_type(pt.maximum(2.0, x))  # T: ptensor._array.Array
reveal_type(pt.isnan(x))  # T: ptensor._array.Array
reveal_type(pt.clip(x, 0, 5))  # T: ptensor._array.Array
reveal_type(pt.where(x > 3, x, 0.0))  # T: ptensor._array.Array

# reductions, manipulation, searching, sorting, sets
reveal_type(pt.sum(x))  # T: ptensor._array.Array
reveal_type(pt.mean(a, axis=0, keepdims=True))  # T: ptensor._array.Array
reveal_type(pt.std(a, axis=(0, 1), correction=1))  # T: ptensor._array.Array
reveal_type(pt.argmax(x))  # T: ptensor._array.Array
reveal_type(pt.reshape(x, (3, 4)))  # T: ptensor._array.Array
reveal_type(pt.concat([a, a], axis=1))  # T: ptensor._array.Array
reveal_type(pt.broadcast_arrays(a, a))  # T: builtins.tuple[ptensor._array.Array, ...]
reveal_type(pt.nonzero(x > 3))  # T: builtins.tuple[ptensor._array.Array, ...]
reveal_type(pt.sort(x, descending=True))  # T: ptensor._array.Array
u = pt.unique_counts(x)
reveal_type(u.counts)  # T: ptensor._array.Array
reveal_type(pt.cumulative_sum(x))  # T: ptensor._array.Array
reveal_type(pt.result_type(x, 1.0))  # T: ptensor._dtypes.DType
reveal_type(pt.isdtype(x.dtype, "real floating"))  # T: builtins.bool
reveal_type(pt.finfo(pt.float32).eps)  # T: builtins.float
reveal_type(pt.astype(x, pt.int64))  # T: ptensor._array.Array
reveal_type(pt.meshgrid(x, x, indexing="ij"))  # T: builtins.tuple[ptensor._array.Array, ...]

# indexing
reveal_type(x[1:5])  # T: ptensor._array.Array
reveal_type(a[0, ...])  # T: ptensor._array.Array
reveal_type(a[None, :, 1])  # T: ptensor._array.Array
reveal_type(x[x > 3])  # T: ptensor._array.Array
x[0] = 5.0
a[:, 0] = pt.zeros(2)
for row in a:
    reveal_type(row)  # T: ptensor._array.Array
reveal_type(len(x))  # T: builtins.int
reveal_type(float(pt.sum(x)))  # T: builtins.float
reveal_type(int(x[0]))  # T: builtins.int
reveal_type(bool(pt.any(x > 3)))  # T: builtins.bool
n = [1, 2, 3][pt.argmax(x[:3])]
reveal_type(x.item())  # T: Any
arr: np.ndarray = x.to_numpy()
nd: np.ndarray = np.asarray(x)

# NumPy habits (methods of _habits)
reveal_type(x.sum())  # T: ptensor._array.Array
reveal_type(a.mean(axis=0))  # T: ptensor._array.Array
reveal_type(x.reshape(3, 4))  # T: ptensor._array.Array
reveal_type(x.reshape((3, 4)))  # T: ptensor._array.Array
reveal_type(x.astype(pt.float32))  # T: ptensor._array.Array
reveal_type(a.transpose())  # T: ptensor._array.Array
reveal_type(x.tolist())  # T: Any
reveal_type(x.nbytes)  # T: builtins.int
reveal_type(x.max(keepdims=True))  # T: ptensor._array.Array

# linalg, fft, random
reveal_type(pt.linalg.inv(a))  # T: ptensor._array.Array
reveal_type(pt.linalg.svd(a).S)  # T: ptensor._array.Array
w, v = pt.linalg.eigh(a)
reveal_type(w)  # T: ptensor._array.Array
reveal_type(pt.linalg.eigh(a).eigenvectors)  # T: ptensor._array.Array
reveal_type(pt.linalg.qr(a, mode="complete").R)  # T: ptensor._array.Array
reveal_type(pt.linalg.vector_norm(x, ord=1))  # T: ptensor._array.Array
reveal_type(pt.linalg.matrix_norm(a, ord="fro"))  # T: ptensor._array.Array
reveal_type(pt.linalg.tensordot(a, a, axes=1))  # T: ptensor._array.Array
reveal_type(pt.matmul(a, a))  # T: ptensor._array.Array
reveal_type(pt.fft.fft(x, norm="ortho"))  # T: ptensor._array.Array
reveal_type(pt.fft.rfftfreq(8, d=0.5))  # T: ptensor._array.Array
rng = pt.random.default_rng(42)
reveal_type(rng)  # T: ptensor.random.Generator
reveal_type(rng.random((2, 3)))  # T: ptensor._array.Array
reveal_type(rng.integers(0, 10, size=5))  # T: ptensor._array.Array
reveal_type(rng.normal(0.0, 1.0, size=4))  # T: ptensor._array.Array
reveal_type(rng.choice(10, size=3, replace=False))  # T: ptensor._array.Array

# utilities
pt.sync()
reveal_type(pt.cache_info())  # T: builtins.dict[Any, Any]
reveal_type(pt.explain(x))  # T: builtins.dict[Any, Any]
pt.set_num_threads(2)
reveal_type(pt.__array_namespace_info__().default_dtypes())  # T: builtins.dict[builtins.str, ptensor._dtypes.DType]
reveal_type(x.__array_namespace__())  # T: types.ModuleType
reveal_type(pt.spmd.rank())  # T: builtins.int
reveal_type(pt.spmd.all_gather(x))  # T: ptensor._array.Array
reveal_type(pt.spmd.all_reduce(x, x, op="max"))  # T: builtins.tuple[ptensor._array.Array, ...]
reveal_type(pt.custom_call("scale", x, result=(x.shape, pt.float64)))  # T: ptensor._array.Array
reveal_type(pt.custom_call("two", x, result=[x, (3, pt.int64)]))  # T: builtins.tuple[ptensor._array.Array, ...]

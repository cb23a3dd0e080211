"""The RFC's ops that Python records by name (_ops.record_op, the C++ core's generic "op"
node kind): tril/triu (extract_triangle), concat/stack (combine), roll, vecdot, argmax/argmin
(find_index), any/all (test), tensordot (tensor_dot), sort/argsort, matrix_transpose, and
the ops of data-dependent size: x[mask] (extract_mask), nonzero; unique_* and from_dlpack,
which Python does not record itself, through record_op_results directly. Their values against
NumPy (edge cases: empty and length-1 axes, NaN, batches, promotion, negative and large shifts),
that the compiled PTensor IR holds the ops themselves, and bad inputs of record_op."""
import ctypes
import os
import subprocess
import sys

import numpy as np
import pytest

import ptensor as pt
from ptensor import _core, _ops
from _helpers import assert_matches, on_a_device

A = np.arange(24, dtype=np.float64).reshape(2, 3, 4) - 7.5
A[1, 2, 1] = np.nan


@pytest.mark.parametrize("k", [-5, -1, 0, 2, 9])
@pytest.mark.parametrize("dtype", ["bool", "int16", "float32", "complex64"])
def test_triangles(k, dtype):
    a = (A * (1 + 1j)).astype(dtype) if dtype.startswith("complex") else np.nan_to_num(A).astype(dtype)
    assert_matches(pt.tril(pt.asarray(a), k=k), np.tril(a, k=k))
    assert_matches(pt.triu(pt.asarray(a[0]), k=k), np.triu(a[0], k=k))


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concat_promotes_and_skips_empty_parts(axis):
    a, b = A[:, :, :2], np.ones((2, 3, 0), np.int8)
    c = np.arange(6, dtype=np.int32).reshape(2, 3, 1)
    parts = [a, b, c] if axis in (-1, None) else [a, a[:, :, :2]]
    assert_matches(pt.concat([pt.asarray(p) for p in parts], axis=axis),
                   np.concatenate(parts, axis=axis))


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_stack(axis):
    parts = [A[0], A[1].astype(np.float32), np.full((3, 4), 2, np.int64)]
    assert_matches(pt.stack([pt.asarray(p) for p in parts], axis=axis),
                   np.stack(parts, axis=axis))
    assert_matches(pt.stack([pt.asarray(A[0])], axis=axis % 3), np.stack([A[0]], axis=axis % 3))


@pytest.mark.parametrize("shift,axis", [(1, 0), (-7, 2), (14, -1), ((1, -2), (0, 2)),
                                        ((3, 3), (1, 1)), (5, None), (0, 1)])
def test_roll(shift, axis):
    assert_matches(pt.roll(pt.asarray(A), shift, axis=axis), np.roll(A, shift, axis=axis))


def test_roll_of_empty_and_unit_axes():
    e = np.zeros((0, 3))
    assert_matches(pt.roll(pt.asarray(e), 2, axis=0), np.roll(e, 2, axis=0))
    u = np.arange(3.0).reshape(1, 3)
    assert_matches(pt.roll(pt.asarray(u), (4, 1), axis=(0, 1)), np.roll(u, (4, 1), axis=(0, 1)))


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float64", "complex128"])
def test_vecdot(dtype):
    a = (A + 1j * A[::-1]).astype(dtype) if dtype.startswith("complex") else np.abs(
        np.nan_to_num(A)).astype(dtype)
    b = a[0, :1]  # broadcast against a
    got = pt.vecdot(pt.asarray(a), pt.asarray(b), axis=-1)
    want = np.vecdot(a, b, axis=-1) if hasattr(np, "vecdot") else np.sum(np.conj(a) * b, axis=-1)
    assert_matches(got, want.astype(np.result_type(a, b)), rtol=1e-5)
    assert_matches(pt.vecdot(pt.asarray(a), pt.asarray(a), axis=1),
                   np.sum(np.conj(a) * a, axis=1).astype(a.dtype), rtol=1e-5)


@pytest.mark.parametrize("axis", [0, 1, 2, None])
@pytest.mark.parametrize("keepdims", [False, True])
def test_argmax_argmin_nan_first(axis, keepdims):
    t = np.where(np.isnan(A), A, np.round(A / 4))  # ties: the first index wins
    for f in ("argmax", "argmin"):
        assert_matches(getattr(pt, f)(pt.asarray(t), axis=axis, keepdims=keepdims),
                       getattr(np, f)(t, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("axis", [0, (0, 2), -1, None, ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_any_all(axis, keepdims):
    t = np.isnan(A) | (A > 9)
    z = np.zeros((2, 0, 3), np.int16)
    for f in ("any", "all"):
        for x in (t, A, z):
            assert_matches(getattr(pt, f)(pt.asarray(x), axis=axis, keepdims=keepdims),
                           getattr(np, f)(x, axis=axis, keepdims=keepdims))


def test_any_all_of_0d():
    assert bool(pt.any(pt.asarray(3))) and not bool(pt.all(pt.asarray(0.0)))


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_argsort(axis, descending):
    t = np.round(A / 3)  # ties: stable order
    if descending:  # the reverse of the stable ascending sort of the reversed array
        r = np.flip(t, axis)
        want = np.flip(np.sort(r, axis=axis, kind="stable"), axis)
        want_idx = np.flip(t.shape[axis] - 1 - np.argsort(r, axis=axis, kind="stable"), axis)
    else:
        want, want_idx = np.sort(t, axis=axis), np.argsort(t, axis=axis, kind="stable")
    assert_matches(pt.sort(pt.asarray(t), axis=axis, descending=descending), want)
    assert_matches(pt.argsort(pt.asarray(t), axis=axis, descending=descending), want_idx)


@pytest.mark.parametrize("axes", [0, 1, 2, ([0], [1]), ([2, 0], [2, 1]), ((1,), (0,))])
@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("int8", "float32"),
                                    ("bool", "bool"), ("complex64", "int32")])
def test_tensordot(axes, dtypes):
    a = (np.nan_to_num(A) % 5).astype(dtypes[0])
    b = (np.arange(24).reshape(3, 2, 4) % 3).astype(dtypes[1])
    if axes in (1, 2):
        b = np.moveaxis(b, 2, 0) if axes == 1 else b.reshape(3, 4, 2)
    if axes == ((1,), (0,)):
        b = b[:, :, :1]
    got = pt.tensordot(pt.asarray(a), pt.asarray(b), axes=axes)
    assert_matches(got, np.tensordot(a, b, axes=axes), rtol=1e-5)


def test_tensordot_bad_axes():
    x = pt.asarray(np.ones((2, 2)))
    with pytest.raises(ValueError, match="repeated axis"):
        pt.tensordot(x, x, axes=([0, 0], [0, 1]))
    with pytest.raises(ValueError, match="shape mismatch"):
        pt.tensordot(x, pt.asarray(np.ones((3, 2))), axes=([0], [0]))


def test_sort_of_empty():
    e = np.zeros((3, 0))
    assert_matches(pt.sort(pt.asarray(e), axis=1), np.sort(e, axis=1))
    assert_matches(pt.argsort(pt.asarray(e), axis=0), np.argsort(e, axis=0))


SCRIPT = """
import numpy as np, ptensor as pt
x = pt.asarray(np.arange(12.0).reshape(3, 4))
rs = [pt.tril(x), pt.concat([x, x]), pt.stack([x, x]), pt.roll(x, 1, axis=1),
      pt.vecdot(x, x), pt.argmax(x, axis=0), pt.any(x, axis=1), pt.sort(x, axis=0),
      pt.argsort(x, axis=1), pt.tensordot(x, x, axes=([0], [0])), pt.matrix_transpose(x),
      x[x > 3], *pt.nonzero(x)]
for r in rs:
    np.asarray(r)
"""


def test_programs_hold_the_rfc_ops(tmp_path):
    """Python records the RFC's ops themselves (the PTensor IR dumped before lowering)."""
    dump = tmp_path / "ir.mlir"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PMI_", "HYDRA_", "MPI", "OMPI_"))}  # one process
    env.update(PTENSOR_DUMP_MLIR=str(dump), PTENSOR_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True, timeout=600)
    ir = dump.read_text()
    for op in ("extract_triangle lower", "combine concat", "combine stack", "ptensor.roll",
               "ptensor.vecdot", "find_index argmax", "ptensor.test any", "ptensor.sort",
               "ptensor.argsort", "ptensor.tensor_dot", "ptensor.matrix_transpose",
               "ptensor.extract_mask", "ptensor.nonzero"):
        assert op in ir, op


def test_record_op_bad_inputs():
    x = pt.asarray(np.arange(4.0))
    with pytest.raises(ValueError, match="no enum named 'Nope'"):
        _ops.Case("Nope", "x")
    with pytest.raises(ValueError, match="FindKind has no case 'median'"):
        _ops.Case("FindKind", "median")
    with pytest.raises(TypeError, match="no attribute text"):
        _ops.record_op("roll", [x], x.dtype, x.shape, shifts=1.5)
    if not isinstance(x, pt.Array) or hasattr(x, "_local"):
        return  # the rest records local nodes directly
    bad = _ops.record_op("no_such_op", [x], x.dtype, x.shape)
    with pytest.raises(_core.CompileError, match="no op named 'ptensor.no_such_op'"):
        np.asarray(bad)
    del bad
    wrong = _ops.record_op("roll", [x], x.dtype, x.shape, shifts=[1], axes=[3])
    with pytest.raises(_core.CompileError, match="axis 3 is out of range for rank 1"):
        np.asarray(wrong)
    del wrong
    assert_matches(pt.roll(x, 1), np.roll(np.arange(4.0), 1))  # the session goes on


# ---- the ops of data-dependent size

def _local(x):
    """Whether x is a local array (the tests that record nodes directly need one)."""
    return isinstance(x, pt.Array) and not hasattr(x, "_local")


@pytest.mark.parametrize("shape,k", [((7,), 1), ((3, 4), 1), ((3, 4), 2), ((2, 3, 2), 2),
                                     ((1, 4), 2), ((4, 1), 1), ((2, 0, 3), 1)])
@pytest.mark.parametrize("dtype", ["bool", "int32", "float64", "complex128"])
@pytest.mark.parametrize("density", [0.0, 0.4, 1.0])
def test_boolean_mask_extracts(shape, k, dtype, density):
    rng = np.random.default_rng(len(shape) * 10 + k)
    a = (rng.standard_normal(shape) * 3).astype(dtype)
    m = rng.random(shape[:k]) < density
    assert_matches(pt.asarray(a)[pt.asarray(m)], a[m])


@pytest.mark.parametrize("shape", [(6,), (3, 4), (2, 3, 4), (1, 5), (4, 1), (0, 3), (2, 1, 3)])
@pytest.mark.parametrize("dtype", ["bool", "int8", "float32", "complex64"])
def test_nonzero_as_numpy(shape, dtype):
    a = np.random.default_rng(3).integers(-1, 2, size=shape).astype(dtype)
    if dtype.startswith("float") and a.size:
        a.flat[0] = np.nan  # NaN is non-zero, -0.0 is zero
        a.flat[-1] = -0.0
    if dtype.startswith("complex"):
        a = a * 1j
    got, want = pt.nonzero(pt.asarray(a)), np.nonzero(a)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


UNIQUE_INPUTS = {
    "ints": np.array([[3, 1, 3, 7], [1, 1, 0, 7], [9, 3, 0, -2]], np.int32),
    "floats": np.array([2.5, np.nan, 1.0, 2.5, np.nan, -4.0, 1.0, 1.0]),
    "bools": np.array([True, False, True, True]),
    "complex": np.array([1 + 1j, 2, 1 + 1j, 2 - 1j, 2], np.complex64),
    "0d": np.array(5, np.int64),
    "one": np.array([4.0]),
    "empty": np.zeros((0, 3), np.uint8),
}

UNIQUE_OPS = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]


@pytest.mark.parametrize("name", UNIQUE_OPS)
@pytest.mark.parametrize("case", sorted(UNIQUE_INPUTS))
def test_unique_ops(name, case):
    """The dialect's unique_* ops (pt.unique_* composes the same steps itself: its count of
    values needs the sort, which the op would then repeat)."""
    a = UNIQUE_INPUTS[case]
    x = pt.asarray(a)
    if not _local(x):
        pytest.skip("records local nodes directly")
    want = np.unique_all(a)
    k = len(want.values)
    values, indices = (x.dtype, (k,)), (pt.int64, (k,))
    results = {"unique_values": [values], "unique_counts": [values, indices],
               "unique_inverse": [values, (pt.int64, a.shape)],
               "unique_all": [values, indices, (pt.int64, a.shape), indices]}[name]
    got = _ops.record_op_results(name, [x], results)
    expect = {"unique_values": [want.values], "unique_counts": [want.values, want.counts],
              "unique_inverse": [want.values, want.inverse_indices],
              "unique_all": list(want)}[name]
    for g, w in zip(got, expect):
        assert_matches(g, w)


def _dlpack_address(a):
    """(the capsule, the address of its DLManagedTensor): keep the capsule while it is used."""
    cap = a.__dlpack__()
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return cap, get(cap, b"dltensor")


DLPACK_VIEWS = {"whole": lambda b: b, "strided": lambda b: b[::2, 1::3],
                "transposed": lambda b: b.T, "offset": lambda b: b[1:, 2:],
                "0d": lambda b: b[1, 1], "empty": lambda b: b[:0], "column": lambda b: b[:, 3:4]}


@pytest.mark.parametrize("dtype", ["bool", "int16", "uint64", "float32", "complex128"])
@pytest.mark.parametrize("view", sorted(DLPACK_VIEWS))
def test_from_dlpack_op(dtype, view):
    a = np.asarray(DLPACK_VIEWS[view](np.arange(24).reshape(4, 6).astype(dtype)))
    probe = pt.asarray(np.zeros(1))
    if not _local(probe) or on_a_device():
        pytest.skip("records local host-memory nodes directly")
    cap, address = _dlpack_address(a)
    dtype_pt = getattr(pt, dtype)
    r = _ops.record_op_results("from_dlpack", [], [(dtype_pt, a.shape)], scalars=[address])[0]
    assert_matches(r, a)
    del cap


def test_from_dlpack_op_mismatches():
    a = np.arange(12.0).reshape(2, 6)
    if not _local(pt.asarray(a)) or on_a_device():
        pytest.skip("records local host-memory nodes directly")
    cap, address = _dlpack_address(a)
    for dtype, shape, message in [(pt.float32, (2, 6), "dtype"), (pt.float64, (12,), "dimensions"),
                                  (pt.float64, (1, 6), "dimension 0 of the tensor is 2")]:
        r = _ops.record_op_results("from_dlpack", [], [(dtype, shape)], scalars=[address])[0]
        with pytest.raises(ValueError, match=message):
            np.asarray(r)
        del r
    null = _ops.record_op_results("from_dlpack", [], [(pt.float64, (2, 6))], scalars=[0])[0]
    with pytest.raises(ValueError, match="address is null"):
        np.asarray(null)
    del null
    assert_matches(pt.asarray(a) + 1, a + 1)  # the session goes on
    del cap

"""The Array object: attributes, conversions, repr/str, astype and the manipulation functions
(broadcast_to, broadcast_arrays, permute_dims, matrix_transpose, .T, .mT)."""
import operator
import os

import numpy as np
import pytest

import ptensor as pt
from _helpers import ALL_DTYPES, SOME_DTYPES, assert_matches, ptd, sample


# ---------------------------------------------------------------- attributes
@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 3), (2, 0, 4), (1, 1, 1, 3)])
def test_attributes(shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    x = pt.asarray(a)
    assert x.shape == shape
    assert isinstance(x.shape, tuple)
    assert x.ndim == a.ndim
    assert x.size == a.size
    assert x.dtype == pt.float32
    assert x.device == pt.__array_namespace_info__().default_device()
    assert x.to_device(x.device) is x
    assert_matches(x, a)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dtype_objects(dtype):
    d = ptd(dtype)
    x = pt.zeros(2, dtype=d)
    assert x.dtype == d
    assert x.dtype == np.dtype(dtype)
    assert d == dtype
    assert repr(d) == f"ptensor.{dtype}"
    assert hash(d) == hash(ptd(dtype))
    assert np.asarray(x).dtype == np.dtype(dtype)


def test_dtype_inequality():
    assert pt.int32 != pt.int64
    assert pt.float32 != np.float64
    assert pt.bool != "float64"
    assert not (pt.int8 == object())
    # never an error, and None is not a dtype (NumPy's dtype == None is True)
    assert not (pt.float64 == {"n": 2.7, "name": "e"}) and pt.float64 != None  # noqa: E711
    assert not (pt.float64 == "not a dtype") and not (pt.int8 == [1, 2])
    assert pt.float64 == "float64" and pt.float64 == np.float64 and pt.int64 == np.dtype("i8")


def test_constructor_rejected():
    with pytest.raises(TypeError, match="asarray"):
        pt.Array([1, 2])


def test_array_namespace():
    x = pt.asarray([1.0])
    assert x.__array_namespace__() is pt


def test_unhashable():
    with pytest.raises(TypeError):
        hash(pt.asarray([1]))


# ---------------------------------------------------------------- conversions
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_to_numpy_and_array(dtype):
    a = sample(dtype).reshape(2, -1)
    x = pt.asarray(a)
    n = x.to_numpy()
    assert isinstance(n, np.ndarray)
    np.testing.assert_array_equal(n, a)
    assert n.dtype == a.dtype
    n2 = np.asarray(x)
    np.testing.assert_array_equal(n2, a)
    n3 = np.asarray(x, dtype=np.float64)
    assert n3.dtype == np.float64
    np.testing.assert_array_equal(n3, a.astype(np.float64))
    np.testing.assert_array_equal(pt.to_numpy(x), a)


def test_to_numpy_is_a_copy():
    x = pt.asarray(np.arange(4.0))
    n = x.to_numpy()
    n[0] = 99.0
    assert_matches(x, np.arange(4.0))
    c = np.array(x, copy=True)
    c[1] = 5.0
    assert_matches(x, np.arange(4.0))


def test_numpy_functions_accept_arrays():
    a = np.arange(6.0).reshape(2, 3)
    x = pt.asarray(a)
    np.testing.assert_array_equal(np.sum(np.asarray(x), axis=0), a.sum(axis=0))
    np.testing.assert_array_equal(np.concatenate([x, x]), np.concatenate([a, a]))


@pytest.mark.parametrize("value,dtype", [(3.5, "float64"), (-2, "int8"), (True, "bool"),
                                         (7, "uint64"), (0.25, "float32"), (2**63 + 1, "uint64")])
def test_scalar_conversions(value, dtype):
    x = pt.asarray(np.array(value, dtype=dtype))
    e = np.array(value, dtype=dtype)
    assert x.item() == e.item()
    assert type(x.item()) is type(e.item())
    assert float(x) == float(e)
    assert int(x) == int(e)
    assert bool(x) == bool(e)
    assert complex(x) == complex(e)


def test_size_one_nd_conversions():
    x = pt.asarray(np.array([[2.5]]))
    assert x.item() == 2.5
    assert float(x) == 2.5
    assert bool(x) is True
    assert bool(pt.asarray(np.array([0.0]))) is False


def test_index_conversion():
    x = pt.asarray(np.array(3, dtype=np.int16))
    assert operator.index(x) == 3
    assert [10, 20, 30, 40][x] == 40
    assert list(range(10))[pt.asarray(np.array(2, np.uint8)):pt.asarray(5)] == [2, 3, 4]
    with pytest.raises(TypeError, match="integer"):
        operator.index(pt.asarray(np.array(3.0)))
    with pytest.raises(TypeError, match="0-d"):
        operator.index(pt.asarray(np.array([3])))


def test_bool_of_multi_element_raises():
    with pytest.raises(ValueError, match="truth value of an array with more than one element"):
        bool(pt.asarray([1, 2]))
    with pytest.raises(ValueError, match="ambiguous"):
        if pt.asarray(np.zeros((2, 2))):
            pass
    with pytest.raises(ValueError, match="truth value"):
        bool(pt.zeros(0))


def test_item_of_multi_element_raises():
    with pytest.raises(ValueError, match="size 3"):
        pt.asarray([1, 2, 3]).item()
    with pytest.raises(ValueError, match="size"):
        float(pt.asarray([1.0, 2.0]))
    with pytest.raises(ValueError, match="size"):
        int(pt.asarray([1, 2]))


def test_len_and_iteration():
    a = np.arange(12).reshape(4, 3)
    x = pt.asarray(a)
    assert len(x) == 4
    rows = [np.asarray(r) for r in x]
    np.testing.assert_array_equal(np.stack(rows), a)
    assert [int(v) for v in x[1]] == [3, 4, 5]
    assert len(pt.zeros((0, 3))) == 0
    assert list(pt.zeros((0, 3))) == []
    with pytest.raises(TypeError, match="0-d"):
        len(pt.asarray(1.0))
    with pytest.raises(TypeError, match="0-d"):
        iter(pt.asarray(1.0)).__next__()


# ---------------------------------------------------------------- repr/str/format
@pytest.mark.parametrize("a", [
    np.arange(5), np.array([1.5, -2.25, np.nan, np.inf]), np.array(3.0), np.array(True),
    np.zeros((2, 3), dtype=np.float32), np.array([], dtype=np.int8), np.arange(6).reshape(2, 3),
    np.array([1, 2], dtype=np.uint16), np.array([[True, False]]), np.arange(2000.0),
    np.zeros((0, 4)), np.array([2**64 - 1], dtype=np.uint64),
], ids=lambda a: f"{a.dtype}{a.shape}")
def test_repr_str(a):
    x = pt.asarray(a)
    assert repr(x) == repr(a).replace("array", "Array", 1)
    assert str(x) == str(a)


def test_repr_of_view_and_computed():
    a = np.arange(10.0)
    x = pt.asarray(a)
    assert repr(x[::-3] * 2) == repr(a[::-3] * 2).replace("array", "Array")
    assert str(pt.asarray(np.int32(4)) + 1) == "5"


def test_format():
    assert f"{pt.asarray(3.14159):.2f}" == "3.14"
    assert f"{pt.asarray(np.array(7, np.int32)):>4d}" == "   7"
    a = np.array([1.0, 2.0])
    assert f"{pt.asarray(a)}" == f"{a}"


# ---------------------------------------------------------------- astype
@pytest.mark.parametrize("src", SOME_DTYPES)
@pytest.mark.parametrize("dst", ALL_DTYPES)
def test_astype(src, dst):
    a = sample(src)
    if np.dtype(src).kind == "f" and np.dtype(dst).kind in "iu":
        # float -> int of nan/inf/out-of-range values is undefined in NumPy too
        a = np.array([-3.7, -1.0, -0.5, 0.0, 0.5, 1.9, 2.5, 100.99], dtype=src)
        if np.dtype(dst).kind == "u":
            a = np.abs(a)
    with np.errstate(all="ignore"):
        expected = a.astype(dst)
    assert_matches(pt.astype(pt.asarray(a), ptd(dst)), expected)


@pytest.mark.parametrize("src", ["float32", "float64"])
@pytest.mark.parametrize("dst", ["uint8", "uint16", "uint32", "uint64"])
def test_astype_negative_float_to_unsigned_wraps(src, dst):
    # NumPy converts through int64 (C on x86-64): -1.0 -> 255 for uint8; uint64 also takes
    # values from 2^63 on. Long enough to be vectorized (AVX-512 has its own unsigned
    # conversion, which gave all ones for every negative value).
    vals = [-2.0, -1.0, -300.0, -70000.0, 3.0, 255.0, 256.0, 65537.0]
    if dst == "uint64":
        vals += [-5e9, 2.0 ** 63, 1e19, 1.5e19]
    a = np.array(vals * 8, dtype=src)
    assert_matches(pt.astype(pt.asarray(a), ptd(dst)), a.astype(dst))
    assert_matches(pt.sum(pt.asarray(a[:16]), dtype=ptd(dst)), np.sum(a[:16], dtype=dst))


def test_astype_copy_semantics():
    x = pt.asarray(np.arange(3))
    assert pt.astype(x, pt.int64, copy=False) is x
    c = pt.astype(x, pt.int64)
    assert c is not x
    c[0] = 7
    assert_matches(x, np.arange(3))
    assert_matches(c, np.array([7, 1, 2]))
    b = pt.asarray(np.array([True, False]))
    cb = pt.astype(b, pt.bool)
    assert cb is not b
    assert_matches(cb, np.array([True, False]))


def test_astype_of_view_and_numpy_dtype():
    a = np.arange(12.0).reshape(3, 4)
    x = pt.asarray(a)
    assert_matches(pt.astype(x[::-1, 1::2], np.int16), a[::-1, 1::2].astype(np.int16))
    assert_matches(pt.astype(x.T, "float32"), a.T.astype("float32"))


def test_astype_errors():
    x = pt.asarray(np.arange(3))
    with pytest.raises(TypeError, match="dtype.*complex256"):
        pt.astype(x, np.clongdouble)
    with pytest.raises(TypeError, match="float16"):
        pt.astype(x, np.float16)
    with pytest.raises(TypeError, match="x must be a ptensor Array"):
        pt.astype(np.arange(3), pt.int32)
    with pytest.raises(ValueError, match="device"):
        pt.astype(x, pt.int32, device="gpu")


# ---------------------------------------------------------------- result_type
@pytest.mark.parametrize("d1", SOME_DTYPES)
@pytest.mark.parametrize("d2", SOME_DTYPES)
def test_result_type(d1, d2):
    r = pt.result_type(ptd(d1), ptd(d2))
    e = np.result_type(d1, d2)
    assert r == (np.float32 if e == np.float16 else e)
    assert pt.result_type(pt.zeros(1, dtype=ptd(d1)), d2) == r


def test_result_type_scalars():
    assert pt.result_type(pt.int8, 1) == pt.int8
    assert pt.result_type(pt.int8, 1.0) == np.result_type(np.int8, 1.0)
    assert pt.result_type(pt.uint8, True) == pt.uint8
    assert pt.result_type(pt.float32, 2.0) == pt.float32
    with pytest.raises(TypeError, match="result_type"):
        pt.result_type(pt.int8, np.clongdouble)


# ---------------------------------------------------------------- manipulation
@pytest.mark.parametrize("src,shape", [
    ((3,), (2, 3)), ((1,), (4,)), ((), (2, 2)), ((3, 1), (3, 4)), ((1, 4), (2, 3, 4)),
    ((2, 1, 3), (2, 5, 3)), ((3,), (3,)), ((1,), (0,)), ((0,), (2, 0)),
])
def test_broadcast_to(src, shape):
    a = np.arange(int(np.prod(src)), dtype=np.int16).reshape(src)
    assert_matches(pt.broadcast_to(pt.asarray(a), shape), np.broadcast_to(a, shape))


def test_broadcast_to_int_shape_and_view_input():
    a = np.arange(10.0)
    assert_matches(pt.broadcast_to(pt.asarray(np.array(2.0)), 3), np.broadcast_to(2.0, 3))
    assert_matches(pt.broadcast_to(pt.asarray(a)[::-3], (2, 4)), np.broadcast_to(a[::-3], (2, 4)))


def test_broadcast_to_errors():
    x = pt.asarray(np.zeros(3))
    with pytest.raises(ValueError, match=r"\(3,\).*\(4,\)"):
        pt.broadcast_to(x, (4,))
    with pytest.raises(ValueError, match="broadcast"):
        pt.broadcast_to(x, (3, 2))
    with pytest.raises(ValueError, match="shape.*negative"):
        pt.broadcast_to(x, (-1, 3))
    with pytest.raises(TypeError, match="shape"):
        pt.broadcast_to(x, (3.0,))
    with pytest.raises(ValueError, match="broadcast"):
        pt.broadcast_to(pt.asarray(np.zeros((2, 3))), (3,))


def test_broadcast_arrays():
    a, b = np.arange(3.0), np.arange(4).reshape(4, 1)
    ra, rb = pt.broadcast_arrays(pt.asarray(a), pt.asarray(b))
    ea, eb = np.broadcast_arrays(a, b)
    assert_matches(ra, ea)
    assert_matches(rb, eb)
    with pytest.raises(ValueError, match="broadcast"):
        pt.broadcast_arrays(pt.asarray(np.zeros(3)), pt.asarray(np.zeros(2)))


@pytest.mark.parametrize("axes", [(0, 1, 2), (2, 1, 0), (1, 0, 2), (0, 2, 1), (2, 0, 1),
                                  (-1, 0, 1), (1, 2, 0)])
def test_permute_dims(axes):
    a = np.arange(24).reshape(2, 3, 4)
    assert_matches(pt.permute_dims(pt.asarray(a), axes), np.permute_dims(a, axes))


def test_permute_dims_0d_1d_and_views():
    assert_matches(pt.permute_dims(pt.asarray(np.array(1.0)), ()), np.array(1.0))
    assert_matches(pt.permute_dims(pt.asarray(np.arange(3)), (0,)), np.arange(3))
    a = np.arange(60.0).reshape(3, 4, 5)
    x = pt.asarray(a)[::-1, 1:, ::2]
    assert_matches(pt.permute_dims(x, (2, 0, 1)), a[::-1, 1:, ::2].transpose(2, 0, 1))
    assert_matches(pt.permute_dims(pt.asarray(np.zeros((0, 2))), (1, 0)), np.zeros((2, 0)))


def test_permute_dims_errors():
    x = pt.asarray(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="axes.*permutation"):
        pt.permute_dims(x, (0, 0))
    with pytest.raises(ValueError, match="permutation"):
        pt.permute_dims(x, (0,))
    with pytest.raises(np.exceptions.AxisError, match="axes 2 is out of bounds"):
        pt.permute_dims(x, (0, 2))
    with pytest.raises(TypeError, match="axes"):
        pt.permute_dims(x, (0, 1.0))


@pytest.mark.parametrize("shape", [(2, 3), (4, 2, 3), (2, 1, 3, 5), (0, 3), (3, 1)])
def test_matrix_transpose_and_mT(shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    x = pt.asarray(a)
    assert_matches(pt.matrix_transpose(x), np.matrix_transpose(a))
    assert_matches(x.mT, a.mT)


def test_T():
    a = np.arange(6).reshape(2, 3)
    x = pt.asarray(a)
    assert_matches(x.T, a.T)
    assert_matches(x.T.T, a)
    assert_matches(x[::-1].T[1:], a[::-1].T[1:])
    with pytest.raises(ValueError, match="2-dimensional"):
        pt.asarray(np.zeros((2, 2, 2))).T
    with pytest.raises(ValueError, match="2-dimensional"):
        pt.asarray(np.zeros(3)).T


def test_mT_matrix_transpose_errors():
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        pt.asarray(np.zeros(3)).mT
    with pytest.raises(ValueError, match="matrix_transpose.*2 dimensions"):
        pt.matrix_transpose(pt.asarray(np.array(1.0)))


def test_transposed_then_written():
    a = np.arange(6.0).reshape(2, 3)
    x = pt.asarray(a.copy())
    t = x.T  # a new array (not a view): writing to it leaves x alone, like np.transpose(a).copy()
    t2 = t * 1
    x[0, 0] = 100.0
    assert_matches(t2, a.T)
    a[0, 0] = 100.0
    assert_matches(x.T, a.T)


# ---------------------------------------------------------------- sync
def test_sync_keeps_values(compiled):
    a = np.arange(5.0)
    x = pt.asarray(a)
    ys = [x * i for i in range(4)]
    runs = pt.cache_info()["runs"]
    pt.sync()
    assert pt.cache_info()["runs"] >= runs + 1
    for i, y in enumerate(ys):
        assert_matches(y, a * i)
    pt.sync()  # nothing pending: still fine
    assert_matches(ys[3], a * 3)


def test_cache_info_keys():
    info = pt.cache_info()
    assert set(info) >= {"compiles", "hits", "runs", "compile_time"}
    assert isinstance(info["compiles"], int)
    assert isinstance(info["compile_time"], float)
    assert info["runs"] >= info["hits"]


def test_set_num_threads():
    pt.set_num_threads(1)
    try:
        a = np.arange(100000.0)
        assert_matches(pt.sum(pt.asarray(a) * 2.0), np.sum(a * 2.0))
    finally:
        pt.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", os.cpu_count())))
    with pytest.raises(TypeError, match="n"):
        pt.set_num_threads(1.5)


def test_large_array_parallel_loop():
    a = np.random.default_rng(0).standard_normal((300, 1000))
    x = pt.asarray(a)
    assert_matches(pt.sum(pt.exp(x) * x, axis=1), np.sum(np.exp(a) * a, axis=1), rtol=1e-12)
    assert_matches(pt.max(x, axis=0), np.max(a, axis=0))

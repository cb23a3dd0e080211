"""Basic indexing: __getitem__ (ints, slices with any step, Ellipsis, None) and __setitem__,
with views that share data with their base like NumPy's."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import ALL_DTYPES, assert_matches, ptd, sample

A3 = np.arange(2 * 5 * 6).reshape(2, 5, 6)

KEYS_3D = [
    0, -1, 1, (1, 2), (1, 2, 3), (-1, -2, -3), (slice(None),), (slice(1, None),),
    (slice(None, None, -1),), (0, slice(None, None, 2)), (0, slice(None, None, -2)),
    (slice(None), slice(1, 4), slice(None, None, 3)), (Ellipsis,), (Ellipsis, 2),
    (0, Ellipsis), (Ellipsis, slice(None, None, -1)), (None,), (None, 0), (0, None, 1),
    (slice(None), None, slice(None), None), (Ellipsis, None), (1, Ellipsis, None, 4),
    (slice(-100, 100),), (slice(3, 1),), (slice(None), slice(4, 1, -1)),
    (slice(None), slice(10, None)), (slice(None), slice(-1, None, -2), slice(-2, 0, -3)),
    (slice(1, 2), slice(2, 3), slice(3, 4)), (0, 0, slice(5, None, -1)),
    (slice(None), slice(None, None, 7)), (slice(None), 4, slice(None, None, -1)),
    (None, Ellipsis, None), (np.int64(1), np.int32(-1)),
]


@pytest.mark.parametrize("key", KEYS_3D, ids=[repr(k) for k in KEYS_3D])
def test_getitem(key):
    x = pt.asarray(A3)
    assert_matches(x[key], A3[key])


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_getitem_dtypes(dtype):
    a = sample(dtype)
    x = pt.asarray(a)
    assert_matches(x[::-2], a[::-2])
    assert_matches(x[1:-1], a[1:-1])
    r = x[3]
    assert r.shape == ()
    assert_matches(r, a[3])


def test_view_of_view():
    a = np.arange(100).reshape(10, 10)
    x = pt.asarray(a)
    v = x[1:9:2][::-1, 2:][1, ::3]
    assert_matches(v, a[1:9:2][::-1, 2:][1, ::3])
    z = x[None][:, 3][..., None][0, ::-4]
    assert_matches(z, a[None][:, 3][..., None][0, ::-4])


def test_view_of_view_back_to_identity():
    a = np.arange(12).reshape(3, 4)
    x = pt.asarray(a)
    assert_matches(x[::-1][::-1], a)
    assert_matches(x[:, ::-1][:, ::-1], a)


def test_getitem_0d():
    x = pt.asarray(np.array(5.5))
    assert_matches(x[()], np.array(5.5))
    assert_matches(x[...], np.array(5.5))
    assert_matches(x[None], np.array([5.5]))
    with pytest.raises(IndexError, match="too many indices"):
        x[0]


def test_getitem_empty():
    a = np.zeros((0, 3))
    x = pt.asarray(a)
    assert_matches(x[:, 1], a[:, 1])
    assert_matches(x[::-1], a[::-1])
    assert_matches(pt.asarray(np.arange(5))[4:2], np.arange(5)[4:2])
    with pytest.raises(IndexError, match="out of bounds"):
        x[0]


def test_getitem_non_contiguous_source():
    base = np.arange(60.0).reshape(6, 10)[::-1, 1::3]
    x = pt.asarray(base)
    assert_matches(x[1:, ::-1], base[1:, ::-1])
    assert_matches(x.T[2], base.T[2])


def test_getitem_of_computed_array():
    a = np.arange(12.0).reshape(3, 4)
    r = (pt.asarray(a) * 2)[::-1, 1]
    assert_matches(r, (a * 2)[::-1, 1])


# ---------------------------------------------------------------- setitem
SET_CASES = [
    (0, 99), (-1, 7), ((1, 2), -5), (slice(None, None, 2), 3), (slice(None, None, -3), 1),
    ((slice(1, 3), slice(None, None, -2)), 8), (Ellipsis, 0), ((Ellipsis, 1), 4),
    ((slice(None), 2), np.arange(4)), ((None, slice(1, 3)), np.arange(5)),
    (slice(2, 0, -1), np.arange(10, 15)), ((slice(None), slice(None)), np.arange(20).reshape(4, 5)),
    ((slice(None), slice(None, None, -1)), np.arange(5)),
    ((slice(None), slice(1, 1)), 4), (2, np.arange(5)[::-1]), ((Ellipsis, None), 3),
]


@pytest.mark.parametrize("key,value", SET_CASES, ids=[repr(k) for k, _ in SET_CASES])
def test_setitem(key, value):
    a = np.arange(20).reshape(4, 5)
    x = pt.asarray(a.copy())
    x[key] = pt.asarray(value) if isinstance(value, np.ndarray) else value
    a[key] = value
    assert_matches(x, a)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_setitem_dtypes(dtype):
    a = sample(dtype)
    x = pt.asarray(a.copy())
    v = np.array(1, dtype=dtype).item()
    x[1::3] = v
    a[1::3] = v
    x[0] = pt.asarray(a[-1:])[0]
    a[0] = a[-1]
    assert_matches(x, a)


def test_setitem_casts_value():
    a = np.zeros(4, dtype=np.int32)
    x = pt.asarray(a.copy())
    x[0] = 2.7
    x[1] = -2.7
    x[2:] = pt.asarray(np.array([1.9, 300.5]))
    a[0] = 2.7
    a[1] = -2.7
    a[2:] = np.array([1.9, 300.5])
    assert_matches(x, a)
    f = pt.asarray(np.zeros(3, dtype=np.float32))
    f[...] = True
    assert_matches(f, np.ones(3, dtype=np.float32))


def test_setitem_numpy_and_list_values():
    a = np.zeros((2, 3))
    x = pt.asarray(a.copy())
    x[0] = np.array([1.0, 2.0, 3.0])
    x[1] = [4, 5, 6]
    a[0] = [1.0, 2.0, 3.0]
    a[1] = [4, 5, 6]
    assert_matches(x, a)


def test_setitem_0d():
    x = pt.asarray(np.array(1.0))
    x[()] = 3.0
    assert_matches(x, np.array(3.0))
    x[...] = pt.asarray(np.array(4.0))
    assert_matches(x, np.array(4.0))


def test_setitem_empty_selection():
    a = np.arange(5)
    x = pt.asarray(a.copy())
    x[3:3] = 100
    x[5:] = pt.asarray(np.zeros(0, np.int64))
    assert_matches(x, a)


def test_setitem_value_from_same_array():
    a = np.arange(6)
    x = pt.asarray(a.copy())
    x[:3] = x[3:]
    a[:3] = a[3:].copy()
    assert_matches(x, a)
    x[1:] = x[:-1]  # overlapping: the right-hand side is read before the write
    a[1:] = a[:-1].copy()
    assert_matches(x, a)
    x[::-1] = x
    a[::-1] = a.copy()
    assert_matches(x, a)


# ---------------------------------------------------------------- views share data
def test_write_through_view_updates_base():
    a = np.arange(10)
    x = pt.asarray(a.copy())
    b = x[1:]
    b[0] = 5
    a[1:][0] = 5
    assert_matches(x, a)
    assert_matches(b, a[1:])


def test_write_to_base_visible_in_view():
    a = np.arange(10.0)
    x = pt.asarray(a.copy())
    v = x[2:8:2]
    assert_matches(v, a[2:8:2])
    x[4] = -1.0
    a[4] = -1.0
    assert_matches(v, a[2:8:2])
    x[...] = 0.5
    assert_matches(v, np.full(3, 0.5))


def test_inplace_operator_on_view():
    a = np.arange(12).reshape(3, 4)
    x = pt.asarray(a.copy())
    v = x[:, 1:3]
    v += 100
    a[:, 1:3] += 100
    assert_matches(x, a)
    assert_matches(v, a[:, 1:3])
    w = x[::-1, ::2]
    w *= 2
    a[::-1, ::2] *= 2
    assert_matches(x, a)
    r = x[1]
    r -= pt.asarray(np.arange(4))
    a[1] -= np.arange(4)
    assert_matches(x, a)


def test_inplace_on_view_of_view():
    a = np.arange(24.0).reshape(4, 6)
    x = pt.asarray(a.copy())
    v1 = x[1:]
    v2 = v1[::2, ::-1]
    v2 /= 2.0
    av = a[1:][::2, ::-1]
    av /= 2.0
    assert_matches(x, a)
    assert_matches(v1, a[1:])
    assert_matches(v2, a[1:][::2, ::-1])


def test_sibling_views_see_each_others_writes():
    a = np.zeros(8)
    x = pt.asarray(a.copy())
    evens, tail = x[::2], x[4:]
    evens[...] = 1.0
    tail += 10.0
    a[::2] = 1.0
    a[4:] += 10.0
    assert_matches(x, a)
    assert_matches(evens, a[::2])
    assert_matches(tail, a[4:])


def test_view_with_newaxis_write():
    a = np.arange(6.0).reshape(2, 3)
    x = pt.asarray(a.copy())
    v = x[:, None, 1:]
    v[...] = pt.asarray(np.array([[[7.0, 8.0]], [[9.0, 10.0]]]))
    a[:, None, 1:] = np.array([[[7.0, 8.0]], [[9.0, 10.0]]])
    assert_matches(x, a)
    assert v.shape == (2, 1, 2)
    assert_matches(v, a[:, None, 1:])


def test_view_negative_step_write():
    a = np.arange(10)
    x = pt.asarray(a.copy())
    r = x[::-3]
    r[...] = pt.asarray(np.array([-1, -2, -3, -4]))
    a[::-3] = [-1, -2, -3, -4]
    assert_matches(x, a)
    x[8:2:-2] = 0
    a[8:2:-2] = 0
    assert_matches(x, a)


def test_computed_values_captured_before_write():
    x = pt.asarray(np.arange(5.0))
    y = x * 2  # uses the old values
    x[0] = 100.0
    z = x + 0
    assert_matches(y, np.arange(5.0) * 2)
    assert_matches(z, np.array([100.0, 1, 2, 3, 4]))


def test_integer_view_is_0d_and_writable():
    a = np.arange(6).reshape(2, 3)
    x = pt.asarray(a.copy())
    e = x[1, 2]
    assert e.shape == ()
    e[...] = 50
    # a view on one process and, under mpiexec, a replicated 0-d view of the split array
    # (docs/distributed.md): the write reaches x either way
    a[1, 2] = 50
    assert_matches(x, a)
    assert_matches(e, np.array(50))


def test_asarray_source_not_modified_by_setitem():
    a = np.arange(5.0)
    x = pt.asarray(a)
    x[0] = 42.0
    assert a[0] == 0.0
    assert_matches(x, np.array([42.0, 1, 2, 3, 4]))


def test_iteration_yields_views():
    a = np.arange(6).reshape(3, 2)
    x = pt.asarray(a.copy())
    rows = list(x)
    assert len(rows) == 3
    for r, e in zip(rows, a):
        assert_matches(r, e)
    rows[1][0] = -9
    a[1, 0] = -9
    assert_matches(x, a)


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("key,msg", [
    (3, "index 3 is out of bounds for axis 0 with size 3"),
    (-4, "out of bounds for axis 0"),
    ((0, 4), "index 4 is out of bounds for axis 1 with size 4"),
    ((0, 0, 0), "too many indices"),
    ((Ellipsis, Ellipsis), "single ellipsis"),
    (1.0, "float"),
    ((slice(None), "a"), "str"),
    (slice(0.5, 2), "slice indices"),
    (True, "bool"),
    ([0.5, 1.5], "list"),
])
def test_getitem_errors(key, msg):
    x = pt.asarray(np.zeros((3, 4)))
    with pytest.raises(IndexError, match=msg):
        x[key]
    with pytest.raises(IndexError, match=msg):
        x[key] = 1.0


def test_setitem_shape_mismatch():
    x = pt.asarray(np.zeros((3, 4)))
    with pytest.raises(ValueError, match=r"\(3,\).*\(4,\)|broadcast"):
        x[0] = pt.asarray(np.zeros(3))
    with pytest.raises(ValueError, match="broadcast"):
        x[:, 1] = pt.asarray(np.zeros((3, 3)))
    assert_matches(x, np.zeros((3, 4)))


def test_setitem_value_out_of_range():
    x = pt.asarray(np.zeros(3, dtype=np.uint8))
    with pytest.raises(OverflowError, match="300.*uint8"):
        x[0] = 300
    with pytest.raises(OverflowError, match="uint8"):
        x[1] = -1
    with pytest.raises(ValueError, match="nan"):
        x[2] = float("nan")
    assert_matches(x, np.zeros(3, dtype=np.uint8))


def test_setitem_step_zero():
    x = pt.asarray(np.zeros(3))
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        x[::0]


def test_augmented_assignment_on_slice_and_view():
    a = np.arange(6)
    x = pt.asarray(a.copy())
    b = x[1:]
    b += 1  # b is a view: x changes
    a[1:] += 1
    assert_matches(x, a)
    x[::2] += 10  # tmp = x[::2]; tmp += 10; x[::2] = tmp
    a[::2] += 10
    assert_matches(x, a)
    x[-1] *= -1
    a[-1] *= -1
    assert_matches(x, a)
    assert_matches(b, a[1:])


# ---------------------------------------------------------------- advanced indexing, any axes
A4 = np.arange(2 * 3 * 4 * 5, dtype=np.float64).reshape(2, 3, 4, 5)
ADVANCED_KEYS = [
    (np.array([0, 1]), np.array([1, 2])),
    (slice(None), [0, 2]),
    (slice(None), [0, 2], 1),                             # int + array adjacent: in place
    ([0, 1], slice(None), [2, 3]),                        # separated: broadcast dims first
    (Ellipsis, [4, 0, -1]),
    (1, slice(None), np.array([[0, 1], [2, 3]]), slice(1, 4)),
    (None, [1], slice(None, None, -1), [0, -1], None),
    (np.array([True, False]), 1),
    (slice(None), np.array([[True, False, True, False]] * 3)),
    (0, [], slice(None)),
    ([1, 0], [[0], [2]], [1, 3]),                         # three arrays broadcasting
    (slice(None), 2, [1, 2], slice(None)),
    (slice(1, None), [0, 0, 2], slice(None, None, 2), [4]),
]


@pytest.mark.parametrize("key", ADVANCED_KEYS, ids=range(len(ADVANCED_KEYS)))
@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "uint8"])
def test_advanced_getitem_setitem(key, dtype):
    a = A4.astype(dtype) if dtype != "bool" else A4 % 3 == 0
    x = pt.asarray(a)
    e = a[key]
    assert_matches(x[key], e)
    # the same key with ptensor index arrays
    pkey = tuple(pt.asarray(np.asarray(k)) if isinstance(k, (list, np.ndarray)) and len(k) else k
                 for k in key)
    assert_matches(x[pkey], e)
    b, y = a.copy(), pt.asarray(a.copy())
    val = (np.arange(e.size).reshape(e.shape) % 7).astype(a.dtype)
    b[key] = val
    y[key] = pt.asarray(val)
    assert_matches(y, b)
    b[key] = val[..., :1] if e.ndim and e.shape[-1] else val  # broadcasting value
    y[key] = pt.asarray(val[..., :1] if e.ndim and e.shape[-1] else val)
    assert_matches(y, b)
    b[key] = 1
    y[key] = 1
    assert_matches(y, b)


def test_advanced_setitem_of_a_view_and_repeated_indices():
    a = A4.copy()
    x = pt.asarray(a)
    v = x[1]  # a view: writes go to x
    v[[0, 0, 2], [1, 1, 3]] = pt.asarray(np.array([[7.0], [8.0], [9.0]]))
    a[1][[0, 0, 2], [1, 1, 3]] = [[7.0], [8.0], [9.0]]  # repeated index: the last value wins
    assert_matches(x, a)


@pytest.mark.parametrize("key,exc,msg", [
    ((slice(None), [0, 5]), IndexError, "out of bounds"),
    (([0, 1], [0, 1, 2]), IndexError, "could not be broadcast"),
    (([0.5], 1), IndexError, "integer"),
    ((0, 0, 0, 0, [0]), IndexError, "too many indices"),
    ((np.array([True, False, True]), 0), IndexError, "boolean index"),
    (([0], Ellipsis, Ellipsis), IndexError, "single ellipsis"),
    (([0], "a"), IndexError, "str"),
])
def test_advanced_errors(key, exc, msg):
    x = pt.asarray(A4)
    with pytest.raises(exc, match=msg):
        x[key]
    with pytest.raises(exc, match=msg):
        x[key] = 1.0


def test_advanced_setitem_value_mismatch():
    x = pt.asarray(A4)
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[[0, 1], [0, 1]] = pt.ones(3)


@pytest.mark.parametrize("shape", [(), (3,), (2, 3)])
@pytest.mark.parametrize("flag", [True, False])
def test_zero_d_boolean_mask(shape, flag):
    """A 0-d boolean index (array API): x[True] is x[None], x[False] the empty (0,) + shape;
    assignment through it writes everything or nothing."""
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    x = pt.asarray(a.copy())
    assert_matches(x[pt.asarray(flag)], a[np.array(flag)])
    x[pt.asarray(flag)] = -1.0
    a[np.array(flag)] = -1.0
    assert_matches(x, a)
    with pytest.raises(ValueError):
        x[pt.asarray(flag)] = pt.ones((4, 5))


@pytest.mark.parametrize("base", [np.arange(8.0).reshape(1, 8, 1)[:, ::2],  # strided NumPy
                                  np.zeros((1, 0, 1)), np.arange(6.0).reshape(1, 6, 1)])
def test_dropping_a_unit_axis_next_to_a_kept_one(base):
    """x[:, :, 0] of x (1, n, 1): which unit axis the slice drops is ambiguous from its sizes
    (MLIR 19 crashed compiling it for strided inputs; found by the array API suite's
    tensordot of (1, 0) x (1, 0, 1)[:, :, 0])."""
    x = pt.asarray(base)
    assert_matches(x[:, :, 0] * 2, base[:, :, 0] * 2)
    assert_matches(pt.reshape(x[:, :, 0], (-1,)), base[:, :, 0].reshape(-1))
    assert_matches(pt.sum(x[:, :, 0], axis=1), np.sum(base[:, :, 0], axis=1))
    assert_matches(x[0, :, 0], base[0, :, 0])
    k = base.shape[1]
    assert_matches(pt.tensordot(pt.ones((1, k)), x[:, :, 0], axes=2),
                   np.tensordot(np.ones((1, k)), base[:, :, 0], axes=2))


@pytest.mark.parametrize("xs,ks", [((3,), (0,)), ((1,), (0,)), ((2, 1), (2, 0)), ((1, 2), (0, 2)),
                                   ((2, 3), (0, 0))])
def test_boolean_mask_with_a_zero_length_axis(xs, ks):
    """A mask with a zero-length axis selects nothing, whatever the array's size there
    (NumPy 2; the array API suite draws such masks); other sizes must match."""
    a = np.arange(int(np.prod(xs)), dtype=np.float64).reshape(xs)
    m = np.zeros(ks, dtype=bool)
    assert_matches(pt.asarray(a.copy())[pt.asarray(m)], a[m])
    x = pt.asarray(a.copy())
    x[pt.asarray(m)] = 5.0
    assert_matches(x, a)
    with pytest.raises(IndexError, match="boolean index"):
        pt.asarray(a)[pt.asarray(np.zeros((4,) + ks[1:], dtype=bool))]


def test_memoized_views_repeat_and_keep_errors():
    """Views are composed once per (shape, view, key) and then looked up: the same key in a
    loop, keys equal to it as Python values but indexing differently (bool, float, NumPy
    integers), other shapes and views of views must all stay NumPy's."""
    a = np.arange(30.0).reshape(5, 6)
    x = pt.asarray(a.copy())
    for _ in range(3):
        assert_matches(x[1:-1, 2:], a[1:-1, 2:])
        assert_matches(x[1], a[1])
        assert_matches(x[(1,)], a[(1,)])
        assert_matches(x[1, 2], a[1, 2])
        assert_matches(x[np.int64(1)], a[np.int64(1)])
        assert_matches(x[1:2], a[1:2])
        assert_matches(x[1:-1][1:, ::2][0], a[1:-1][1:, ::2][0])
        with pytest.raises(IndexError, match="bool"):  # a Python bool is not row 1
            x[True]
        with pytest.raises(IndexError, match="float"):
            x[1.0]
        with pytest.raises(IndexError, match="slice indices"):
            x[1.0:2]
    b = np.arange(42.0).reshape(6, 7)  # same keys, another shape
    y = pt.asarray(b.copy())
    assert_matches(y[1:-1, 2:], b[1:-1, 2:])
    assert_matches(y[1:-1][1:, ::2][0], b[1:-1][1:, ::2][0])
    v = x[1:-1]
    v[1, 2:] = -1.0  # writes through the memoized view reach the base
    a[1:-1][1, 2:] = -1.0
    assert_matches(x, a)


def test_views_are_computed_only_when_used(compiles):
    # a view records its extract when first computed with: views that are never used (here
    # one per row) run nothing and are no results of a program (such programs compiled in
    # time quadratic in their number of results)
    a = np.arange(300.0).reshape(100, 3)
    x = pt.asarray(a.copy()) + 0.0
    compiles()  # x materialized
    runs = pt.cache_info()["runs"]
    rows = list(x)
    pt.sync()
    assert pt.cache_info()["runs"] == runs
    x[7] = -1.0
    a[7] = -1.0
    assert_matches(rows[7], a[7])
    assert_matches(rows[99] + rows[0], a[99] + a[0])
    assert rows[3].shape == (3,) and rows[3].ndim == 1 and rows[3].size == 3


def _zero_d_views(xp):
    """In-place operators on 0-d results of indexing, as NumPy treats them: an element (an
    int per axis, no Ellipsis) is a scalar, rebound; x[i, ..., j] and a full squeeze are
    0-d views, written through into their base."""
    out = {}
    a = xp.asarray(np.ones((1,), dtype=np.uint64))
    a3 = xp.clip(a)
    a4 = xp.squeeze(a3, axis=0)
    a4 >>= True
    out["squeeze"] = a3
    b = xp.asarray(np.arange(6.0).reshape(2, 3))
    e = b[1, 2]
    e += 10
    out["element"], out["e"] = b, e
    c = xp.asarray(np.arange(6.0).reshape(2, 3))
    v = c[1, 2, ...]
    v += 10
    out["ellipsis"], out["v"] = c, v
    f = xp.asarray(np.arange(4.0).reshape(1, 1, 4))
    g = xp.squeeze(f, axis=(0, 1))
    g += 1
    out["partial squeeze"] = f
    h = xp.asarray(np.arange(4.0))
    m = h[2:3][0]
    m -= 7
    out["element of a part"] = h
    zb = xp.asarray(np.array(True))  # an element of a view of a 0-d array: still an element
    zv = zb[None]
    zv[0] += xp.asarray(np.int64(5)) * True  # (int64 result, cast by the assignment)
    ze = zv[0]
    ze += 1
    out["element of a 0-d base"], out["ze"] = zb, ze
    big = xp.asarray(np.arange(40000.0).reshape(200, 200))  # (past the eager limit)
    z = big[3, 4, ...]
    z += 1
    w = big[5, 6]
    w += 1
    out["large"] = big[3:6, 4:7]
    return out


@pytest.mark.parametrize("eager", [True, False])
def test_in_place_on_zero_d_views_writes_through_and_on_elements_rebinds(eager):
    previous = pt.set_eager_limit(pt._eager.DEFAULT_LIMIT if eager else 0)
    try:
        want, got = _zero_d_views(np), _zero_d_views(pt)
    finally:
        pt.set_eager_limit(previous)
    for k, w in want.items():
        np.testing.assert_array_equal(np.asarray(got[k]), np.asarray(w), err_msg=k)

"""NumPy's creation and manipulation routines beyond the array API (ptensor/_np_manip.py):
every function against NumPy's on the same inputs (result type, shape, dtype and values),
with NumPy's errors for bad inputs.

Each case is a function f(m, A) called twice: with m = numpy and A the identity, and with
m = ptensor and A = ptensor.asarray (the inputs become ptensor arrays, distributed under
mpiexec); the results must agree."""
import warnings

import numpy as np
import pytest

import ptensor as pt
from ptensor import _np_manip

DIST = pt._dist.default_team() is not None

I64 = np.arange(12).reshape(3, 4)
I32 = np.arange(12, dtype=np.int32).reshape(3, 4) - 5
F32 = np.linspace(-2, 3, 12, dtype=np.float32).reshape(3, 4)
F64 = np.linspace(-1, 1, 24).reshape(2, 3, 4)
B = (np.arange(12).reshape(3, 4) % 3) == 0
Z = np.array([[0, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0]])
SQ = np.arange(9.0).reshape(3, 3)


def compare(got, want):
    """got (ptensor's) equals want (NumPy's): same structure, ptensor arrays for arrays."""
    if isinstance(want, (tuple, list)):
        assert isinstance(got, type(want)), (type(got), type(want))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            compare(g, w)
        return
    if not isinstance(want, (np.ndarray, np.generic)):
        assert got == want and type(got) is type(want), (got, want)
        return
    assert isinstance(got, pt.Array), type(got)
    g = np.asarray(got)
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    if want.dtype.kind in "fc":
        tol = 1e-5 if want.dtype in (np.float32, np.complex64) else 1e-11
        np.testing.assert_allclose(g, want, rtol=tol, atol=tol, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, want)


def check(f):
    want = f(np, lambda a: a)
    got = f(pt, pt.asarray)
    compare(got, want)


def cases(**kw):
    return pytest.mark.parametrize("f", list(kw.values()), ids=list(kw))


# ---------------------------------------------------------------- creation ----

@cases(
    array_of_array=lambda m, A: m.array(A(I64)),
    array_list_dtype=lambda m, A: m.array([[1, 2], [3, 4]], dtype=m.float32),
    array_ndmin=lambda m, A: m.array(A(F32), ndmin=4),
    array_scalar=lambda m, A: m.array(3.5),
    array_bool_list=lambda m, A: m.array([True, False]),
    array_view_nocopy=lambda m, A: m.array(A(B)[::2], copy=False),
    array_copy_none=lambda m, A: m.array(A(I32), copy=None, dtype=m.int64),
    array_nested_arrays=lambda m, A: m.array([A(I64[0]), A(I64[1])]),
    array_empty=lambda m, A: m.array([], ndmin=2),
    asanyarray=lambda m, A: m.asanyarray([1, 2], dtype=float),
    asanyarray_arr=lambda m, A: m.asanyarray(A(F64)),
    ascontiguousarray=lambda m, A: m.ascontiguousarray(A(F64)[:, ::2]),
    ascontiguousarray_0d=lambda m, A: m.ascontiguousarray(5.0),
    asarray_chkfinite=lambda m, A: m.asarray_chkfinite([1.0, 2.0], dtype=m.float32),
    asarray_chkfinite_int=lambda m, A: m.asarray_chkfinite(A(I64)),
    copy=lambda m, A: m.copy(A(I64)[:, 1:]),
    copy_list=lambda m, A: m.copy([1.5, 2.5]),
    identity=lambda m, A: m.identity(3),
    identity_int=lambda m, A: m.identity(2, dtype=m.int32),
    identity_0=lambda m, A: m.identity(0),
    fromfunction=lambda m, A: m.fromfunction(lambda i, j: i * 10 + j, (2, 3)),
    fromfunction_int=lambda m, A: m.fromfunction(lambda i: i * 2, (4,), dtype=int),
    fromfunction_kw=lambda m, A: m.fromfunction(lambda i, j, c: i + j + c, (2, 2), c=1.5),
    indices=lambda m, A: m.indices((2, 3)),
    indices_sparse=lambda m, A: m.indices((2, 3), sparse=True),
    indices_float=lambda m, A: m.indices((3,), dtype=float),
    indices_empty=lambda m, A: m.indices(()),
    tri=lambda m, A: m.tri(3),
    tri_kw=lambda m, A: m.tri(3, 4, k=1, dtype=int),
    tri_bool=lambda m, A: m.tri(2, 5, -1, dtype=bool),
    tri_0=lambda m, A: m.tri(0),
    identity_float32=lambda m, A: m.identity(2, m.float32),
)
def test_creation(f):
    check(f)


@cases(
    logspace=lambda m, A: m.logspace(0, 2, 5),
    logspace_base=lambda m, A: m.logspace(0, 1, 4, endpoint=False, base=2.0),
    logspace_array=lambda m, A: m.logspace(A(np.array([0.0, 1.0])), 3, 4, axis=1),
    logspace_int=lambda m, A: m.logspace(0, 2, 3, dtype=int),
    logspace_f32=lambda m, A: m.logspace(A(np.array([0, 1], np.float32)), 2, 3),
    logspace_base_array=lambda m, A: m.logspace(0, 1, 3, base=A(np.array([2.0, 10.0]))),
    logspace_one=lambda m, A: m.logspace(1, 2, 1),
    logspace_none=lambda m, A: m.logspace(1, 2, 0),
    geomspace=lambda m, A: m.geomspace(1, 1000, 4),
    geomspace_negative=lambda m, A: m.geomspace(-1, -1000, 4, endpoint=False),
    geomspace_array=lambda m, A: m.geomspace(A(np.array([1.0, 2.0])), 16, 5, axis=1),
    geomspace_f32=lambda m, A: m.geomspace(1, 256, 9, dtype=m.float32),
    geomspace_int=lambda m, A: m.geomspace(1, 1000, 4, dtype=int),
)
def test_spaces(f):
    check(f)


def test_geomspace_complex():
    want = np.geomspace(1j, 1000j, 4)
    compare(pt.geomspace(1j, 1000j, 4), want)


@cases(
    diag_of_2d=lambda m, A: m.diag(A(I64)),
    diag_k1=lambda m, A: m.diag(A(I64), k=1),
    diag_km2=lambda m, A: m.diag(A(I64), -2),
    diag_far=lambda m, A: m.diag(A(I64), 7),
    diag_of_list=lambda m, A: m.diag([1, 2, 3]),
    diag_1d_k=lambda m, A: m.diag(A(F32[0]), 2),
    diag_bool=lambda m, A: m.diag(A(np.array([True, False])), -1),
    diag_empty=lambda m, A: m.diag(A(np.zeros(0))),
    diag_view=lambda m, A: m.diag(A(F32)[::-1, ::2]),
    diagflat=lambda m, A: m.diagflat([[1, 2], [3, 4]]),
    diagflat_k=lambda m, A: m.diagflat(A(np.array([1.5, 2.5])), k=-1),
    diagonal=lambda m, A: m.diagonal(A(I64)),
    diagonal_offset=lambda m, A: m.diagonal(A(I64), 1),
    diagonal_negative=lambda m, A: m.diagonal(A(I64), -1),
    diagonal_3d=lambda m, A: m.diagonal(A(F64), 0, 0, 2),
    diagonal_3d_swapped=lambda m, A: m.diagonal(A(F64), 1, 2, 1),
    diagonal_empty=lambda m, A: m.diagonal(A(I64), 5),
    diagonal_view=lambda m, A: m.diagonal(A(B)[::-1], axis1=1, axis2=0),
    trace=lambda m, A: m.trace(A(I64)),
    trace_3d=lambda m, A: m.trace(A(F64), 1, 1, 2),
    trace_bool=lambda m, A: m.trace(A(B)),
    trace_int32=lambda m, A: m.trace(A(I32)),
    trace_dtype=lambda m, A: m.trace(A(F32), dtype=m.float64),
    vander=lambda m, A: m.vander([1, 2, 3]),
    vander_f32=lambda m, A: m.vander(A(F32[0]), 3),
    vander_increasing=lambda m, A: m.vander([1, 2, 3], increasing=True),
    vander_bool=lambda m, A: m.vander(A(np.array([True, False])), 2),
    vander_0=lambda m, A: m.vander([2, 3], 0),
    vander_1=lambda m, A: m.vander(A(np.array([2.5, 3.0])), 1),
)
def test_diagonals(f):
    check(f)


@cases(
    mgrid=lambda m, A: m.mgrid[0:5, 0:3],
    mgrid_1d_complex=lambda m, A: m.mgrid[0:1:5j],
    mgrid_mixed=lambda m, A: m.mgrid[0:5, 0:1:3j],
    mgrid_negative=lambda m, A: m.mgrid[3:0:-1],
    mgrid_float_step=lambda m, A: m.mgrid[0:1:0.25],
    mgrid_2d_float=lambda m, A: m.mgrid[-1:1:5j, 0:4:2],
    mgrid_one_point=lambda m, A: m.mgrid[0:1:1j, 0:2],
    ogrid=lambda m, A: m.ogrid[0:3, 0:2],
    ogrid_1d=lambda m, A: m.ogrid[0:1:3j],
    ogrid_mixed=lambda m, A: m.ogrid[0:3, 0:1:2j],
)
def test_grids(f):
    check(f)


# ------------------------------------------------------------ manipulation ----

@cases(
    transpose=lambda m, A: m.transpose(A(F64)),
    transpose_axes=lambda m, A: m.transpose(A(F64), (1, 0, 2)),
    transpose_negative=lambda m, A: m.transpose(A(F64), axes=(-1, 0, 1)),
    transpose_view=lambda m, A: m.transpose(A(I64)[::2]),
    transpose_0d=lambda m, A: m.transpose(3),
    transpose_list=lambda m, A: m.transpose([[True, False]]),
    swapaxes=lambda m, A: m.swapaxes(A(F64), 0, 2),
    swapaxes_negative=lambda m, A: m.swapaxes(A(I32), -1, 0),
    rollaxis=lambda m, A: m.rollaxis(A(F64), 2),
    rollaxis_start=lambda m, A: m.rollaxis(A(F64), 0, 3),
    rollaxis_same=lambda m, A: m.rollaxis(A(F64), 1, 1),
    rollaxis_negative=lambda m, A: m.rollaxis(A(F64), -1, -2),
    ravel=lambda m, A: m.ravel(A(F64)),
    ravel_f=lambda m, A: m.ravel(A(I64), order="F"),
    ravel_view=lambda m, A: m.ravel(A(I64)[:, ::2]),
    ravel_0d=lambda m, A: m.ravel(5),
    ravel_fortran_numpy=lambda m, A: m.ravel(np.asfortranarray(I64), order="A"),
    atleast_1d_0d=lambda m, A: m.atleast_1d(5),
    atleast_1d=lambda m, A: m.atleast_1d(A(I64)),
    atleast_1d_many=lambda m, A: m.atleast_1d(1.5, [1, 2]),
    atleast_2d=lambda m, A: m.atleast_2d([1, 2]),
    atleast_2d_many=lambda m, A: m.atleast_2d(3, A(F64)),
    atleast_3d_1d=lambda m, A: m.atleast_3d([1, 2]),
    atleast_3d_2d=lambda m, A: m.atleast_3d(A(B)),
    atleast_3d_0d=lambda m, A: m.atleast_3d(2.0),
    atleast_3d_3d=lambda m, A: m.atleast_3d(A(F64)),
    fliplr=lambda m, A: m.fliplr(A(I64)),
    flipud=lambda m, A: m.flipud(A(F32)),
    flipud_list=lambda m, A: m.flipud([1, 2, 3]),
    fliplr_3d=lambda m, A: m.fliplr(A(F64)),
    rot90=lambda m, A: m.rot90(A(I64)),
    rot90_2=lambda m, A: m.rot90(A(I64), 2),
    rot90_negative=lambda m, A: m.rot90(A(I64), -1),
    rot90_axes=lambda m, A: m.rot90(A(F64), 1, axes=(1, 2)),
    rot90_3=lambda m, A: m.rot90(A(F64), 3, (2, 0)),
    rot90_4=lambda m, A: m.rot90(A(B), 4),
)
def test_axes(f):
    check(f)


@cases(
    hstack=lambda m, A: m.hstack([A(I64), A(I64)]),
    hstack_1d=lambda m, A: m.hstack([[1, 2], [3]]),
    hstack_scalars=lambda m, A: m.hstack((1, 2)),
    hstack_dtype=lambda m, A: m.hstack([A(I64), A(F32)], dtype=m.float32, casting="unsafe"),
    vstack=lambda m, A: m.vstack([A(I64), [1, 2, 3, 4]]),
    vstack_1d=lambda m, A: m.vstack([[1, 2], [3, 4]]),
    vstack_array=lambda m, A: m.vstack(A(F32)),
    dstack=lambda m, A: m.dstack([A(I64), A(I64)]),
    dstack_1d=lambda m, A: m.dstack([[1, 2], [3, 4]]),
    column_stack=lambda m, A: m.column_stack([[1, 2], [3, 4]]),
    column_stack_2d=lambda m, A: m.column_stack([A(I64), A(I64)[:, 0]]),
    concatenate=lambda m, A: m.concatenate([A(I64), A(I64)]),
    concatenate_promote=lambda m, A: m.concatenate([A(I64), A(F32)], axis=1),
    concatenate_none=lambda m, A: m.concatenate([A(I64), A(F64)], axis=None),
    concatenate_dtype=lambda m, A: m.concatenate([A(I64)], dtype=m.float32),
    concatenate_bool=lambda m, A: m.concatenate([A(B), A(I32)]),
    concatenate_views=lambda m, A: m.concatenate([A(F64)[:, :, ::2], A(F64)[:, :, 1::2]],
                                                 axis=-1),
    concatenate_empty=lambda m, A: m.concatenate([np.zeros((0, 3)), np.ones((2, 3))]),
    concatenate_casting=lambda m, A: m.concatenate([A(I32), A(I64)], dtype=m.int32,
                                                   casting="unsafe"),
    append=lambda m, A: m.append([1, 2], [[3, 4]]),
    append_axis=lambda m, A: m.append(A(I64), A(I64), axis=0),
    append_scalar=lambda m, A: m.append(A(F32), 1),
    block=lambda m, A: m.block([[A(I64), A(I64)], [A(I64), A(I64)]]),
    block_mixed=lambda m, A: m.block([1, 2, A(np.arange(3))]),
    block_scalars=lambda m, A: m.block([[1, 2], [3, 4]]),
    block_shapes=lambda m, A: m.block([[A(np.ones((2, 2))), A(np.zeros((2, 1)))],
                                       [A(np.zeros((1, 3)))]]),
    block_0=lambda m, A: m.block(A(I64)),
    block_deep=lambda m, A: m.block([[[A(F32)]]]),
)
def test_joining(f):
    check(f)


@cases(
    split=lambda m, A: m.split(A(I64), 2, axis=1),
    split_points=lambda m, A: m.split(A(np.arange(9)), [2, 5]),
    split_beyond=lambda m, A: m.split(A(np.arange(6.0)), [2, 10]),
    array_split=lambda m, A: m.array_split(A(np.arange(7)), 3),
    array_split_3d=lambda m, A: m.array_split(A(F64), 3, axis=2),
    array_split_negative=lambda m, A: m.array_split(A(np.arange(5)), [-2]),
    array_split_more=lambda m, A: m.array_split(A(np.arange(2)), 3),
    hsplit=lambda m, A: m.hsplit(A(I64), 2),
    hsplit_1d=lambda m, A: m.hsplit(A(np.arange(4)), [1]),
    vsplit=lambda m, A: m.vsplit(A(F64), 2),
    dsplit=lambda m, A: m.dsplit(A(F64), [1, 3]),
    split_bool=lambda m, A: m.split(A(B), np.array([1]), axis=0),
)
def test_splitting(f):
    check(f)


@cases(
    insert=lambda m, A: m.insert(A(np.arange(5)), 2, 9),
    insert_axis=lambda m, A: m.insert(A(I64), 1, 5, axis=1),
    insert_block=lambda m, A: m.insert(A(I64), 1, [7, 8, 9], axis=1),
    insert_list1=lambda m, A: m.insert(A(I64), [1], [[7], [8], [9]], axis=1),
    insert_many=lambda m, A: m.insert(A(I64), [1, 1, 3], [7, 8, 9], axis=1),
    insert_slice=lambda m, A: m.insert(A(I64), slice(0, 4, 2), 0, axis=0),
    insert_flat=lambda m, A: m.insert(A(F32), -1, 2.5),
    insert_none=lambda m, A: m.insert(A(np.arange(4)), [], 1),
    insert_end=lambda m, A: m.insert(A(np.arange(4)), 4, 9),
    insert_cast=lambda m, A: m.insert(A(np.arange(3)), 1, 2.7),
    insert_unsorted=lambda m, A: m.insert(A(np.arange(4.0)), np.array([3, 0, 0]), [7, 8, 9]),
    insert_bool_obj=lambda m, A: m.insert(A(np.arange(4)), np.array([True, False]), 9),
    insert_rows=lambda m, A: m.insert(A(B), 0, True, axis=0),
    delete=lambda m, A: m.delete(A(np.arange(6)), 2),
    delete_axis=lambda m, A: m.delete(A(I64), [0, 2], axis=1),
    delete_slice=lambda m, A: m.delete(A(I64), slice(None, None, 2), axis=0),
    delete_flat=lambda m, A: m.delete(A(I64), -1),
    delete_mask=lambda m, A: m.delete(A(np.arange(4)), np.array([True, False, True, False])),
    delete_nothing=lambda m, A: m.delete(A(np.arange(4)), []),
    delete_3d=lambda m, A: m.delete(A(F64), 1, axis=-1),
    delete_repeated=lambda m, A: m.delete(A(F32)[:, ::-1], [1, 1, -1], axis=1),
    resize=lambda m, A: m.resize(A(np.arange(3)), (2, 4)),
    resize_int=lambda m, A: m.resize(A(I64), 5),
    resize_empty=lambda m, A: m.resize(np.zeros(0), (2,)),
    resize_bool=lambda m, A: m.resize(A(B), (3, 3)),
    resize_zero=lambda m, A: m.resize(A(I64), (0,)),
    trim_zeros=lambda m, A: m.trim_zeros(A(np.array([0, 0, 1, 2, 0]))),
    trim_zeros_f=lambda m, A: m.trim_zeros(A(np.array([0, 1, 0, 2, 0, 0])), "f"),
    trim_zeros_b=lambda m, A: m.trim_zeros(A(np.array([0, 1, 0, 2, 0, 0])), trim="b"),
    trim_zeros_2d=lambda m, A: m.trim_zeros(A(Z)),
    trim_zeros_axis0=lambda m, A: m.trim_zeros(A(Z), axis=0),
    trim_zeros_axis1_f=lambda m, A: m.trim_zeros(A(Z), "F", axis=1),
    trim_zeros_all_zero=lambda m, A: m.trim_zeros(A(np.zeros(3))),
    trim_zeros_all_zero_2d=lambda m, A: m.trim_zeros(A(np.zeros((2, 3)))),
    trim_zeros_float=lambda m, A: m.trim_zeros(A(np.array([0.0, 1.5, -0.0]))),
    trim_zeros_bool=lambda m, A: m.trim_zeros(A(np.array([False, True, False]))),
)
def test_editing(f):
    check(f)


@cases(
    cumsum=lambda m, A: m.cumsum(A(I64)),
    cumsum_axis=lambda m, A: m.cumsum(A(I64), axis=1),
    cumsum_int32=lambda m, A: m.cumsum(A(I32)),
    cumsum_bool=lambda m, A: m.cumsum(A(B), axis=0),
    cumsum_dtype=lambda m, A: m.cumsum(A(F32), axis=0, dtype=m.float64),
    cumsum_0d=lambda m, A: m.cumsum(5),
    cumsum_0d_axis=lambda m, A: m.cumsum(np.array(5), axis=0),
    cumsum_view=lambda m, A: m.cumsum(A(F64)[:, ::-1], axis=-1),
    cumprod=lambda m, A: m.cumprod(A(I64) % 3 + 1),
    cumprod_axis=lambda m, A: m.cumprod(A(F32), axis=-1),
    cumprod_uint8=lambda m, A: m.cumprod(A(np.array([1, 2, 3], np.uint8))),
    cumprod_empty=lambda m, A: m.cumprod(A(np.zeros((0, 2)))),
    shape=lambda m, A: m.shape(A(F64)),
    shape_list=lambda m, A: m.shape([[1, 2]]),
    ndim=lambda m, A: m.ndim(A(F64)),
    ndim_scalar=lambda m, A: m.ndim(3),
    size=lambda m, A: m.size(A(F64)),
    size_axis=lambda m, A: m.size(A(F64), 1),
    size_axes=lambda m, A: m.size(A(F64), (0, 2)),
)
def test_scans_and_shapes(f):
    check(f)


@cases(
    ix_=lambda m, A: m.ix_([0, 1], [2, 3]),
    ix_bool=lambda m, A: m.ix_(A(np.array([True, False, True])), [1]),
    ix_empty=lambda m, A: m.ix_([], [1]),
    ix_select=lambda m, A: A(I64)[m.ix_([0, 2], [1, 3])],
    unravel_index=lambda m, A: m.unravel_index([1, 5, 11], (3, 4)),
    unravel_index_f=lambda m, A: m.unravel_index(7, (2, 4), order="F"),
    unravel_index_2d=lambda m, A: m.unravel_index(A(np.array([[3, 4]])), (2, 3)),
    unravel_index_empty=lambda m, A: m.unravel_index(np.array([], int), (2, 3)),
    unravel_index_int32=lambda m, A: m.unravel_index(A(np.array([0, 23], np.int32)), (2, 3, 4)),
    ravel_multi_index=lambda m, A: m.ravel_multi_index(([0, 1, 2], [3, 0, 1]), (3, 4)),
    ravel_multi_index_f=lambda m, A: m.ravel_multi_index((A(np.array([0, 1])),
                                                          A(np.array([1, 2]))), (2, 3),
                                                         order="F"),
    ravel_multi_index_wrap=lambda m, A: m.ravel_multi_index(([3, -1], [1, 5]), (3, 4),
                                                            mode="wrap"),
    ravel_multi_index_clip=lambda m, A: m.ravel_multi_index(([3, -1], [1, 5]), (3, 4),
                                                            mode="clip"),
    ravel_multi_index_modes=lambda m, A: m.ravel_multi_index(([3, -1], [1, 5]), (3, 4),
                                                             mode=("clip", "wrap")),
    ravel_multi_index_broadcast=lambda m, A: m.ravel_multi_index(([[0], [1]], [0, 1, 2]),
                                                                 (2, 3)),
    tril_indices=lambda m, A: m.tril_indices(3),
    tril_indices_km=lambda m, A: m.tril_indices(3, -1, 4),
    triu_indices=lambda m, A: m.triu_indices(4, 1),
    triu_indices_m=lambda m, A: m.triu_indices(3, 0, 2),
    tril_indices_from=lambda m, A: m.tril_indices_from(A(I64)),
    triu_indices_from=lambda m, A: m.triu_indices_from(A(I64), k=1),
    diag_indices=lambda m, A: m.diag_indices(3),
    diag_indices_3=lambda m, A: m.diag_indices(2, 3),
    diag_indices_from=lambda m, A: m.diag_indices_from(A(SQ)),
    triu_select=lambda m, A: A(SQ)[m.triu_indices_from(A(SQ))],
)
def test_index_helpers(f):
    check(f)


@pytest.mark.parametrize("axis,idx,vals", [
    (1, np.array([[0], [2], [1]]), 99),
    (0, np.array([[2, 0, 1, 1]]), np.array([[-1, -2, -3, -4]])),
    (-1, np.array([[3, 0], [1, 1], [2, 3]]), np.array([[7], [8], [9]])),
    (None, np.array([0, 5, -1]), np.array([10, 20, 30])),
])
def test_put_along_axis(axis, idx, vals):
    a = I64.copy()
    x = pt.asarray(I64.copy())
    np.put_along_axis(a, idx, vals, axis=axis)
    assert pt.put_along_axis(x, idx, vals, axis) is None
    compare(x, a)


def test_row_stack_warns():
    with pytest.warns(DeprecationWarning):
        got = pt.row_stack([pt.asarray(I64[0]), pt.asarray(I64[1])])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        want = np.row_stack([I64[0], I64[1]])
    compare(got, want)


# ------------------------------------------------------------ views, names ----

@pytest.mark.parametrize("make", [
    lambda x: pt.atleast_2d(x),
    lambda x: pt.atleast_3d(x),
    lambda x: pt.split(x, [4])[0],
    lambda x: pt.flipud(x),
    lambda x: pt.array(x, copy=False, ndmin=2),
], ids=["atleast_2d", "atleast_3d", "split", "flipud", "array_ndmin"])
def test_views_write_through(make):
    x = pt.asarray(np.arange(4.0))
    v = make(x)
    v[...] = 7.0
    np.testing.assert_array_equal(np.asarray(x), np.full(4, 7.0))


@pytest.mark.parametrize("make", [lambda x: pt.transpose(x), lambda x: pt.ravel(x),
                                  lambda x: pt.copy(x), lambda x: pt.array(x)],
                         ids=["transpose", "ravel", "copy", "array"])
def test_new_arrays_do_not_write_through(make):
    x = pt.asarray(np.arange(4.0))
    v = make(x)
    v[...] = 7.0
    np.testing.assert_array_equal(np.asarray(x), np.arange(4.0))


def test_names_exported_not_shadowing():
    for name in _np_manip.__all__:
        assert getattr(pt, name) is getattr(_np_manip, name), name
    for name in ("take", "squeeze", "expand_dims", "reshape", "concat", "flip", "roll",
                 "asarray", "linspace", "tril", "triu", "meshgrid", "stack", "moveaxis"):
        assert name not in _np_manip.__all__
    assert "mgrid" in repr(pt.mgrid) and "ogrid" in repr(pt.ogrid)


def test_concatenate_out():
    out = pt.zeros((6, 4), dtype=pt.float64)
    r = pt.concatenate([pt.asarray(I64), pt.asarray(I64)], out=out)
    assert r is out
    compare(out, np.concatenate([I64, I64]).astype(np.float64))
    cs = pt.zeros((12,), dtype=pt.int64)
    assert pt.cumsum(pt.asarray(I64), out=cs) is cs
    compare(cs, np.cumsum(I64))


def test_array_copy_false_of_list_raises():
    with pytest.raises(ValueError):
        np.array([1, 2], copy=False)
    with pytest.raises(ValueError, match="array"):
        pt.array([1, 2], copy=False)


# --------------------------------------------------------------- bad input ----

AxisError = np.exceptions.AxisError

BAD = {
    "array_order": (ValueError, lambda m, A: m.array([1], order="X")),
    "identity_negative": (ValueError, lambda m, A: m.identity(-1)),
    "chkfinite": (ValueError, lambda m, A: m.asarray_chkfinite(A(np.array([1.0, np.nan])))),
    "logspace_num": (ValueError, lambda m, A: m.logspace(0, 1, -1)),
    "geomspace_zero": (ValueError, lambda m, A: m.geomspace(0, 1)),
    "indices_negative": (ValueError, lambda m, A: m.indices((-1, 2))),
    "diag_3d": (ValueError, lambda m, A: m.diag(A(F64))),
    "diagonal_1d": (ValueError, lambda m, A: m.diagonal(A(np.ones(2)))),
    "diagonal_same": (ValueError, lambda m, A: m.diagonal(A(I64), 0, 1, 1)),
    "diagonal_axis": (AxisError, lambda m, A: m.diagonal(A(I64), 0, 0, 2)),
    "vander_2d": (ValueError, lambda m, A: m.vander(A(I64))),
    "vander_negative": (ValueError, lambda m, A: m.vander(A(np.arange(3)), -1)),
    "transpose_len": (ValueError, lambda m, A: m.transpose(A(I64), (0,))),
    "transpose_repeated": (ValueError, lambda m, A: m.transpose(A(I64), (0, 0))),
    "transpose_axis": (AxisError, lambda m, A: m.transpose(A(I64), (0, 2))),
    "swapaxes_axis": (AxisError, lambda m, A: m.swapaxes(A(I64), 0, 2)),
    "rollaxis_start": (AxisError, lambda m, A: m.rollaxis(A(I64), 0, 5)),
    "rollaxis_axis": (AxisError, lambda m, A: m.rollaxis(A(I64), 3)),
    "ravel_order": (ValueError, lambda m, A: m.ravel(A(I64), order="X")),
    "hstack_generator": (TypeError, lambda m, A: m.hstack(x for x in [A(I64)])),
    "vstack_empty": (ValueError, lambda m, A: m.vstack([])),
    "concatenate_empty": (ValueError, lambda m, A: m.concatenate([])),
    "concatenate_0d": (ValueError, lambda m, A: m.concatenate([A(np.array(1.0))])),
    "concatenate_ndim": (ValueError, lambda m, A: m.concatenate([A(np.ones(2)),
                                                                 A(np.ones((2, 2)))])),
    "concatenate_shape": (ValueError, lambda m, A: m.concatenate([A(np.ones((2, 3))),
                                                                  A(np.ones((2, 2)))])),
    "concatenate_axis": (AxisError, lambda m, A: m.concatenate([A(I64)], axis=2)),
    "concatenate_cast": (TypeError, lambda m, A: m.concatenate([A(F32)], dtype=m.int64)),
    "concatenate_out_dtype": (TypeError, lambda m, A: m.concatenate(
        [A(I64)], out=A(np.zeros((3, 4))), dtype=m.float64)),
    "split_unequal": (ValueError, lambda m, A: m.split(A(np.arange(4)), 3)),
    "array_split_zero": (ValueError, lambda m, A: m.array_split(A(np.arange(4)), 0)),
    "split_0d": (IndexError, lambda m, A: m.split(A(np.array(5)), 1)),
    "hsplit_0d": (ValueError, lambda m, A: m.hsplit(A(np.array(1)), 1)),
    "vsplit_1d": (ValueError, lambda m, A: m.vsplit(A(np.arange(4)), 2)),
    "dsplit_2d": (ValueError, lambda m, A: m.dsplit(A(I64), 2)),
    "block_tuple": (TypeError, lambda m, A: m.block((A(I64),))),
    "block_empty": (ValueError, lambda m, A: m.block([])),
    "block_depths": (ValueError, lambda m, A: m.block([[A(I64)], A(I64)])),
    "insert_2d_obj": (ValueError, lambda m, A: m.insert(A(np.arange(4)), [[1]], 1)),
    "insert_bounds": (IndexError, lambda m, A: m.insert(A(np.arange(4)), 7, 1)),
    "insert_bounds_many": (IndexError, lambda m, A: m.insert(A(np.arange(4)), [1, 7], 1)),
    "insert_float_obj": (TypeError, lambda m, A: m.insert(A(np.arange(4)), 1.5, 1)),
    "insert_axis": (AxisError, lambda m, A: m.insert(A(I64), 0, 1, axis=2)),
    "delete_bounds": (IndexError, lambda m, A: m.delete(A(np.arange(4)), 7)),
    "delete_float": (IndexError, lambda m, A: m.delete(A(np.arange(4)), 1.0)),
    "delete_mask_length": (ValueError, lambda m, A: m.delete(A(np.arange(4)), [True, False])),
    "delete_axis": (AxisError, lambda m, A: m.delete(A(I64), 0, axis=2)),
    "append_ndim": (ValueError, lambda m, A: m.append(A(I64), A(np.ones(4)), axis=0)),
    "resize_negative": (ValueError, lambda m, A: m.resize(A(np.arange(4)), (-1,))),
    "rot90_axes_len": (ValueError, lambda m, A: m.rot90(A(I64), axes=(0,))),
    "rot90_same": (ValueError, lambda m, A: m.rot90(A(I64), axes=(0, 0))),
    "rot90_range": (ValueError, lambda m, A: m.rot90(A(I64), axes=(0, 2))),
    "rot90_1d": (ValueError, lambda m, A: m.rot90(A(np.ones(2)))),
    "fliplr_1d": (ValueError, lambda m, A: m.fliplr(A(np.arange(4)))),
    "flipud_0d": (ValueError, lambda m, A: m.flipud(A(np.array(1)))),
    "trim_zeros_trim": (ValueError, lambda m, A: m.trim_zeros(A(np.arange(4)), "x")),
    "trim_zeros_trim_ff": (ValueError, lambda m, A: m.trim_zeros(A(np.arange(4)), "ff")),
    "cumsum_axis": (AxisError, lambda m, A: m.cumsum(A(I64), axis=2)),
    "size_axis": (AxisError, lambda m, A: m.size(A(I64), 3)),
    "put_along_axis_float": (IndexError, lambda m, A: m.put_along_axis(
        A(np.ones((2, 3))), np.array([[0.5]]), 1, 1)),
    "put_along_axis_ndim": (ValueError, lambda m, A: m.put_along_axis(
        A(np.ones((2, 3))), np.array([0]), 1, 1)),
    "ix_2d": (ValueError, lambda m, A: m.ix_([[1]])),
    "unravel_bounds": (ValueError, lambda m, A: m.unravel_index(A(np.array([7])), (2, 3))),
    "unravel_negative": (ValueError, lambda m, A: m.unravel_index(-1, (2, 3))),
    "unravel_float": (TypeError, lambda m, A: m.unravel_index(1.0, (2, 3))),
    "unravel_order": (ValueError, lambda m, A: m.unravel_index(1, (2, 3), order="X")),
    "ravel_multi_index_bounds": (ValueError, lambda m, A: m.ravel_multi_index(
        ([0, 3], [1, 1]), (3, 2))),
    "ravel_multi_index_length": (ValueError, lambda m, A: m.ravel_multi_index(([0],), (3, 2))),
    "tril_indices_from_1d": (ValueError, lambda m, A: m.tril_indices_from(A(np.arange(4)))),
    "diag_indices_from_unequal": (ValueError, lambda m, A: m.diag_indices_from(A(I64))),
    "diag_indices_from_1d": (ValueError, lambda m, A: m.diag_indices_from(A(np.arange(4)))),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input(name):
    exc, f = BAD[name]
    with pytest.raises(exc):
        f(np, lambda a: a)
    with pytest.raises(exc) as info:
        f(pt, pt.asarray)
    fn = name.split("_")[0]
    if fn in ("array", "chkfinite", "hstack", "vstack", "concatenate", "diagonal", "insert",
              "delete", "vander", "transpose", "rot90"):
        msg = str(info.value)
        assert fn.replace("chkfinite", "asarray_chkfinite") in msg, msg


def test_put_along_axis_needs_ours():
    with pytest.raises(TypeError):
        pt.put_along_axis(np.ones(3), np.array([0]), 1.0, 0)

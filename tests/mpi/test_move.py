"""Sort / argsort across the team (local sorts, exact cuts, one all-to-all, merge) and
reshapes that regroup the split axis (all-to-all): results equal NumPy's on every rank, for
every team size."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import _dist_move
from _helpers import check, dist

R = np.random.default_rng(11)


def _np_sort(a, descending, indices):
    """NumPy's stable sort; descending = reverse of the ascending sort of the reversed array
    (ptensor.sort's definition: NaN first, equal elements in their original order)."""
    if not descending:
        return np.argsort(a, kind="stable") if indices else np.sort(a, kind="stable")
    i = (len(a) - 1 - np.argsort(a[::-1], kind="stable"))[::-1]
    return i if indices else a[i]


def _data(n, dtype):
    if dtype == np.float64:
        a = R.standard_normal(n)
        a[::7] = np.round(a[::7])  # ties
        if n > 5:
            a[1], a[2], a[3], a[5] = np.nan, -0.0, 0.0, -np.inf
        if n > 50:
            a[::9] = np.nan  # NaNs among the splitters
        return a
    if dtype == np.complex128:  # ties in either part, NaN in either or both parts
        a = R.integers(0, 3, n) + 1j * R.integers(0, 3, n) + 0.0
        for i, z in zip(range(1, n, 5), [complex(np.nan, 1), complex(1, np.nan),
                                         complex(np.nan, np.nan), complex(-0.0, 2)] * n):
            a[i] = z
        return a
    return R.integers(0, 6, n).astype(dtype)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 64, 1001])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int8, np.uint16, np.bool_,
                                   np.complex128])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_1d(team, n, dtype, descending):
    a = _data(n, dtype)
    x = pt.asarray(a, team=team)
    s = pt.sort(x, descending=descending)
    i = pt.argsort(x, descending=descending)
    check(s, _np_sort(a, descending, False), exact=True)
    check(i, _np_sort(a, descending, True))
    assert dist(s) and dist(i) or team.size == 1
    check(s + 1, _np_sort(a, descending, False) + 1, exact=True)  # a distributed array again


@pytest.mark.parametrize("kind", ["sorted", "reversed", "two_values", "one_rank_small",
                                  "nan_block"])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("pivots", [64, 1, 5])
def test_sort_cuts_on_skewed_data(team, kind, descending, pivots, monkeypatch):
    # the exact cuts (_cuts) where each rank's sorted run lies wholly before or after the
    # others', where cut points fall inside runs of equal values across ranks, and where
    # views make the parts uneven: every rank still gets exactly its block of the result.
    # pivots: how many _cuts counts per target and round (64: every rank's offers up to 64
    # ranks; 1: the weighted median of one offer a rank, as teams of more than 64 ranks run)
    monkeypatch.setattr(_dist_move, "_CANDIDATES", pivots)
    n = 1237
    a = {"sorted": np.arange(n, dtype=np.float64),
         "reversed": np.arange(n, 0, -1).astype(np.float64),
         "two_values": (np.arange(n) % 2).astype(np.float64),
         "one_rank_small": np.where(np.arange(n) < n // 3, -1.0, R.standard_normal(n)),
         "nan_block": np.where(np.arange(n) > n // 2, np.nan, R.integers(0, 3, n) + 0.0)}[kind]
    x = pt.asarray(a, team=team)
    for view, ref in ((x, a), (x[5:1100:3], a[5:1100:3]), (x[::-2], a[::-2])):
        s, i = pt.sort(view, descending=descending), pt.argsort(view, descending=descending)
        check(s, _np_sort(ref, descending, False), exact=True)
        check(i, _np_sort(ref, descending, True))
        if team.size > 1:
            assert dist(s) and s._local.shape[0] == team.owned(len(ref), 0, len(ref))[1] - \
                team.owned(len(ref), 0, len(ref))[0]


@pytest.mark.parametrize("pivots", [64, 1])
def test_sort_cut_rounds(team, pivots, monkeypatch):
    # the rounds of _cuts (each two allgathers): with S offers a rank every window shrinks
    # about S-fold a round, with one pivot (the weighted median) by at least a quarter
    monkeypatch.setattr(_dist_move, "_CANDIDATES", pivots)
    rounds = []
    gather = _dist_move._dist.gather_rows
    monkeypatch.setattr(_dist_move._dist, "gather_rows",
                        lambda *a, **k: rounds.append(1) or gather(*a, **k))
    a = R.standard_normal(1 << 16)
    check(pt.sort(pt.asarray(a, team=team)), np.sort(a), exact=True)
    m = (1 << 16) // team.size
    if team.size > 1:
        S = max(1, pivots // team.size)
        bound = (np.log(m) / np.log(max(S, 2)) + 3 if pivots >= team.size
                 else np.log(m) / np.log(4 / 3) + 2)
        assert 0 < len(rounds) / 2 <= bound, (len(rounds), bound)


def test_sort_after_recorded_collectives_with_empty_parts(team):
    # fuzz seed 916 (2 ranks, minimized) hung: the argsort along the split axis of an empty
    # 2-D array records all-to-alls; the 1-element sort then materialized its local part on
    # rank 0 (running them) while rank 1, whose part is empty, went on to the exchange.
    # Every rank now runs the recorded collectives before the sort.
    a = pt.asarray(np.zeros((1, 0), dtype=np.uint64), team=team)
    x = pt.asarray(np.array([4.5]), team=team)  # (recorded before the all-to-alls)
    e = pt.argsort(pt.take(a, pt.asarray(np.zeros(0, dtype=np.int64)), axis=1), axis=0)
    check(pt.sort(x), np.array([4.5]), exact=True)
    check(e, np.zeros((1, 0), dtype=np.int64))
    check(pt.argsort(x, descending=True), np.zeros(1, dtype=np.int64))


def test_sort_views_and_all_equal(team):
    a = _data(40, np.float64)
    x = pt.asarray(a, team=team)
    check(pt.sort(x[3:29]), np.sort(a[3:29]), exact=True)
    check(pt.argsort(x[::3], descending=True), _np_sort(a[::3], True, True))
    e = pt.asarray(np.full(17, 2.5), team=team)
    check(pt.argsort(e), np.arange(17))  # stable across ranks
    check(pt.argsort(e, descending=True), np.arange(17))


def test_sort_other_axes(team):
    a = R.standard_normal((9, 5))
    x = pt.asarray(a, team=team)
    check(pt.sort(x, axis=1), np.sort(a, axis=1), exact=True)  # local rows, no communication
    check(pt.argsort(x, axis=-1, descending=True), np.stack([_np_sort(r, True, True) for r in a]))
    assert dist(pt.sort(x, axis=1)) or team.size == 1
    y = pt.asarray(a, team=team, split=1)
    check(pt.sort(y, axis=0), np.sort(a, axis=0), exact=True)


@pytest.mark.parametrize("shape,split,axis", [
    ((9, 5), 0, 0), ((4, 11), 1, 1), ((3, 7, 2), 1, 1), ((6, 2, 5), 0, 0), ((2, 3), 0, 0),
    ((8, 1), 0, 0), ((5, 0), 0, 0), ((0, 4), 1, 1)])
def test_sort_split_axis_of_nd(team, shape, split, axis):
    # resplit along the largest other axis, sort whole columns locally, resplit back
    a = R.integers(0, 4, shape).astype(np.float64)
    if a.size > 4:
        a.reshape(-1)[[1, 4]] = np.nan, -0.0
    x = pt.asarray(a, team=team, split=split)
    for desc in (False, True):
        want_i = np.argsort(a, axis=axis, kind="stable")
        if desc:  # reverse of the ascending sort of the reversed array, as _np_sort
            n = a.shape[axis]
            want_i = np.flip(n - 1 - np.argsort(np.flip(a, axis), axis=axis, kind="stable"), axis)
        want_s = np.take_along_axis(a, want_i, axis)
        s = pt.sort(x, axis=axis, descending=desc)
        check(s, want_s, exact=True)
        check(pt.argsort(x, axis=axis, descending=desc), want_i)
        assert dist(s) and s.split == split or team.size == 1
    c = a + 1j * R.integers(0, 2, shape)
    check(pt.sort(pt.asarray(c, team=team, split=split), axis=axis), np.sort(c, axis=axis),
          exact=True)


def test_sort_split_axis_of_views(team):
    a = R.standard_normal((13, 4))
    x = pt.asarray(a, team=team)
    check(pt.sort(x[2:11], axis=0), np.sort(a[2:11], axis=0), exact=True)
    check(pt.argsort(x[::3, 1:], axis=0), np.argsort(a[::3, 1:], axis=0, kind="stable"))


def test_complex_sort_is_a_sample_sort(team, monkeypatch):
    """A complex 1-D sort runs the team's sort (not a gather of the whole array)."""
    calls = []
    real = pt._dist_move.sort_split
    monkeypatch.setattr(pt._dist_move, "sort_split", lambda *a: calls.append(1) or real(*a))
    a = _data(101, np.complex128)
    check(pt.sort(pt.asarray(a, team=team)), np.sort(a, kind="stable"), exact=True)
    assert len(calls) == 1


def test_sort_bad_input(team, monkeypatch):
    x = pt.asarray(np.arange(5.0), team=team)
    # arrays beyond MPI's int counts: ValueError on every rank alike (no rank left waiting)
    monkeypatch.setattr(pt._dist_move, "_MAX_ITEMS", 4)
    with pytest.raises(ValueError, match="MPI int counts"):
        pt.sort(x)
    with pytest.raises(ValueError, match="MPI int counts"):
        pt.reshape(pt.asarray(np.ones((5, 2)), team=team), (2, 5))
    with pytest.raises(ValueError, match="MPI int counts"):
        pt.sort(pt.asarray(np.ones((5, 2)), team=team), axis=0)
    monkeypatch.undo()
    with pytest.raises((IndexError, ValueError)):
        pt.sort(x, axis=1)
    with pytest.raises((IndexError, ValueError)):
        pt.argsort(pt.asarray(np.ones((3, 2)), team=team), axis=-3)


@pytest.mark.parametrize("shape,new", [
    ((6, 4), (4, 6)), ((6, 4), (24,)), ((7, 3), (3, 7)), ((5,), (1, 5)), ((2, 6), (12, 1)),
    ((12,), (3, 2, 2)), ((3, 4, 2), (2, 12)), ((24,), (2, -1)), ((0, 3), (3, 0)), ((1, 9), (9,))])
def test_reshape_regroups_split_axis(team, shape, new):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    x = pt.asarray(a, team=team)
    r = pt.reshape(x, new)
    check(r, a.reshape(new), exact=True)
    check(r * 2 + pt.reshape(x, new), a.reshape(new) * 3, exact=True)
    assert dist(r) or team.size == 1


@pytest.mark.parametrize("shape,split,new", [
    ((4, 6), 1, (6, 4)), ((4, 6), 1, (24,)), ((2, 3, 4), 2, (4, 6)), ((2, 3, 4), 1, (3, 8)),
    ((3, 5), 1, (5, 3, 1)), ((2, 0), 1, (0, 2))])
def test_reshape_regroups_split_axis_after_0(team, shape, new, split):
    # split along another axis than 0: resplit along axis 0, then the flat regrouping
    a = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    x = pt.asarray(a, team=team, split=split)
    r = pt.reshape(x, new)
    check(r, a.reshape(new))
    assert dist(r) or team.size == 1
    if team.size > 1:
        with pytest.raises(ValueError, match="copy"):
            pt.reshape(x, new, copy=False)


def test_reshape_of_a_view_and_copy_false(team):
    a = np.arange(60.0).reshape(10, 6)
    x = pt.asarray(a, team=team)
    check(pt.reshape(x[3:9], (9, 4)), a[3:9].reshape(9, 4), exact=True)
    if team.size > 1:
        with pytest.raises(ValueError, match="copy"):
            pt.reshape(x, (6, 10), copy=False)
    with pytest.raises(ValueError):
        pt.reshape(x, (7, 9))


def test_large_repartition_twice(team):
    """A strided view moving more than the runtime keeps buffers for (4 MiB per plan): the
    second time its plan comes from the cache and allocates its buffers per call."""
    w = np.arange(1200 * 1000, dtype=np.float64).reshape(1200, 1000)
    a = pt.asarray(w, team=team)
    for _ in range(2):
        check(a[::-1], w[::-1])
        check(a[::3] * 2, w[::3] * 2)


@pytest.mark.parametrize("shape,split,axis", [((5, 7), 1, 0), ((7, 5), 0, 1), ((3, 4, 9), 2, 0),
                                              ((2, 9, 3), 1, 2), ((1, 2), 1, 0)])
@pytest.mark.parametrize("dtype", ["float64", "uint16", "complex64", "bool"])
def test_resplit_is_one_program_with_its_neighbours(team, shape, split, axis, dtype):
    """Changing the split axis is a dist.all_to_all of the pending program (uneven blocks,
    ranks with no rows): the work before and after it runs in that one program."""
    a = (np.arange(int(np.prod(shape))).reshape(shape) % 5).astype(dtype)
    x = pt.asarray(a, team=team, split=split)
    pt.sync()
    before = pt.cache_info()["runs"]
    key = tuple(slice(None, None, -1) if k == axis else slice(None) for k in range(a.ndim))
    y = _dist_move.resplit(x[key], axis)  # a view reversed along the new split axis
    z = y * y
    assert pt.cache_info()["runs"] == before  # nothing ran yet
    pt.sync()
    assert pt.cache_info()["runs"] == before + 1
    want = a[key]
    assert dist(z) and z.split == axis
    check(z, want * want)


@pytest.mark.parametrize("shape,new", [((6, 4), (4, 6)), ((7, 3), (3, 7)), ((5, 2, 3), (2, 15)),
                                       ((9,), (3, 3)), ((2, 5), (10,)), ((1, 6), (6, 1))])
@pytest.mark.parametrize("dtype", ["float64", "int8", "complex128", "bool"])
def test_reshape_is_one_program_with_its_neighbours(team, shape, new, dtype):
    """A reshape that regroups the split axis is a dist.repartition of the flattened parts
    in the pending program (uneven blocks, ranks with no rows, a reversed view as source):
    the work before and after it runs in that one program."""
    a = (np.arange(int(np.prod(shape))).reshape(shape) % 7).astype(dtype)
    x = pt.asarray(a, team=team)
    pt.sync()
    before = pt.cache_info()["runs"]
    y = pt.reshape(x[::-1] * 2, new)
    z = y + y
    assert pt.cache_info()["runs"] == before  # nothing ran yet
    pt.sync()
    assert pt.cache_info()["runs"] == before + 1
    want = (a[::-1] * 2).reshape(new)
    assert dist(z) and z.split == 0 and z.shape == want.shape
    check(z, want + want)


@pytest.mark.parametrize("shape,split", [((7,), 0), ((7, 5), 0), ((5, 7), 1), ((2, 3, 4), 1),
                                         ((1, 4), 0), ((0, 3), 0)])
def test_roll(team, shape, split):
    a = np.random.default_rng(4).integers(0, 100, shape)
    x = pt.asarray(a, team=team, split=split)
    for shift, axis in [(1, 0), (-2, 0), (9, -1), ((1, 2), (0, -1)), (3, None), (0, 0),
                        (2, (0, 0))]:
        if axis is None or max(np.atleast_1d(axis)) < len(shape):
            got = pt.roll(x, shift, axis=axis)
            check(got, np.roll(a, shift, axis=axis))
    check(pt.roll(x[1:], 1, axis=0), np.roll(a[1:], 1, axis=0))
    r = pt.roll(x, 0, axis=0)  # a new array, as NumPy's
    r[...] = 0
    check(x, a)


def test_roll_along_the_split_axis_moves_boundary_rows_only(team):
    n = 256 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    pt.sync()
    s0 = pt.spmd.stats()
    r = pt.roll(x, 1, axis=0)
    pt.sync()
    assert pt.spmd.stats()["bytes_sent"] - s0["bytes_sent"] <= 2 * 8 * 8, "rows other than the boundary moved"
    check(r, np.roll(a, 1, axis=0))
    with pytest.raises(ValueError, match="same length"):
        pt.roll(x, (1, 2, 3), axis=(0, 1))


@pytest.mark.parametrize("shape,split", [((9,), 0), ((9, 4), 0), ((4, 9), 1), ((3, 7, 2), 1),
                                         ((2, 5), 0)])
def test_integer_array_rows_from_their_owners(team, shape, split):
    a = np.arange(int(np.prod(shape))).reshape(shape) * 3 - 7
    x = pt.asarray(a, team=team, split=split)
    n = shape[split]
    for idx in ([n - 1, 0, 1, 0], [], list(range(n))[::-1], [-1, -n]):
        i = np.array(idx, dtype=np.int64)
        got = pt.take(x, pt.asarray(i, team=None), axis=split)
        check(got, np.take(a, i, axis=split))
        assert dist(got) and got.split == split
        check(pt.take(x, pt.asarray(i, team=team), axis=split), np.take(a, i, axis=split))
        if len(shape) == 1:  # axis=None of a 1-D array
            check(pt.take(x, pt.asarray(i, team=None)), np.take(a, i))
        if split == 0:
            check(x[i], a[i])
            check(x[list(idx)], a[list(idx)])  # (also [], an empty index to NumPy)
            check(x[pt.asarray(i, team=None)], a[i])
    with pytest.raises(IndexError, match="out of bounds"):
        pt.take(x, pt.asarray(np.array([n]), team=None), axis=split)


@pytest.mark.parametrize("shape,split", [((9,), 0), ((9, 4), 0), ((4, 9), 1), ((3, 7, 2), 1)])
def test_distributed_indices_rows_go_where_the_indices_are(team, shape, split):
    a = np.arange(int(np.prod(shape))).reshape(shape) * 3 - 7
    x = pt.asarray(a, team=team, split=split)
    n = shape[split]
    for idx in ([n - 1, 0, 1, 0, 5, 5, -2], [], list(range(n))[::-1], [-1, -n], [3]):
        i = np.array(idx, dtype=np.int64)
        di = pt.asarray(i, team=team)
        got = pt.take(x, di, axis=split)
        check(got, np.take(a, i, axis=split))
        assert dist(got) and got.split == split and got.row_partition[:2] == di.row_partition[:2]
        if split == 0:
            check(x[di], a[i])
        if len(i) > 2:  # indices that are a view (shifted partition)
            check(pt.take(x, di[2:], axis=split), np.take(a, i[2:], axis=split))


def test_distributed_indices_bound_errors_on_every_rank(team):
    x = pt.asarray(np.arange(10.0), team=team)
    i = np.zeros(4 * team.size, dtype=np.int64)
    i[-1] = 12  # in the last rank's part only
    di = pt.asarray(i, team=team)
    with pytest.raises(IndexError, match="index 12 is out of bounds for axis of size 10"):
        x[di]
    with pytest.raises(IndexError, match="index 12 is out of bounds"):
        x[di] = 1.0
    i[-1] = -11
    with pytest.raises(IndexError, match="index -11 is out of bounds"):
        pt.take(x, pt.asarray(i, team=team))
    with pytest.raises(IndexError, match="integer"):
        x[pt.asarray(np.zeros(3), team=team)] = 1.0
    check(x, np.arange(10.0))  # nothing written


@pytest.mark.parametrize("shape", [(11,), (11, 3)])
def test_setitem_integer_rows_written_by_their_owners(team, shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    idx = np.array([10, 0, 3, 3, -1, 5, 7], dtype=np.int64)
    vals = np.arange(7 * int(np.prod(shape[1:])), dtype=np.float64).reshape((7,) + shape[1:])
    keys = [idx, list(idx), pt.asarray(idx, team=None), pt.asarray(idx, team=team)]
    values = [-1.0, vals[0], vals, pt.asarray(vals, team=None), pt.asarray(vals, team=team),
              pt.asarray(np.concatenate([vals[:1], vals]), team=team)[1:],
              pt.asarray(vals[:1], team=team), pt.asarray(vals.astype(np.int32), team=team)]
    for key in keys:
        for value in values:
            x = pt.asarray(a, team=team)
            w = a.copy()
            x[key] = value
            w[idx] = np.asarray(value)  # (repeated indices: the last one wins in both)
            check(x, w)
    x = pt.asarray(a, team=team)
    x[pt.asarray(np.array([], dtype=np.int64), team=team)] = 5.0
    x[[]] = 5.0
    check(x, a)
    view = x[2:]  # a view: its rows shifted against the ranks' blocks
    view[pt.asarray(np.array([0, 8]), team=team)] = -3.0
    w = a.copy()
    w[[2, 10]] = -3.0
    check(x, w)
    with pytest.raises(ValueError, match="cannot assign"):
        x[idx] = np.ones((6,) + shape[1:])
    with pytest.raises(ValueError, match="cannot assign"):
        x[pt.asarray(idx, team=team)] = pt.asarray(np.ones((5,) + shape[1:]), team=team)
    with pytest.raises(TypeError, match="complex"):
        x[pt.asarray(idx, team=team)] = 1j
    check(x, w)


def test_distributed_index_moves_only_indices_and_rows(team):
    n = 64 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    idx = (np.arange(n) * 7) % n  # a permutation: every rank asks every other
    di = pt.asarray(idx, team=team)
    dv = pt.asarray(a[::-1].copy(), team=team)
    pt.sync()
    s0 = pt.spmd.stats()["bytes_sent"]
    r = x[di]
    x[di] = dv
    pt.sync()
    sent = pt.spmd.stats()["bytes_sent"] - s0
    # per rank: its indices twice (8 B each), its rows twice (64 B each), counts: far below
    # a gather of x (n * 64 B to every rank)
    assert sent <= 2 * (64 + 8) * n / team.size + 64 * team.size, sent
    check(r, a[idx])
    w = a.copy()
    w[idx] = a[::-1]
    check(x, w)


def test_integer_array_indexing_moves_only_the_rows(team):
    n = 64 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    idx = np.arange(0, n, 16)
    pt.sync()
    s0 = pt.spmd.stats()
    r = x[idx]
    pt.sync()
    sent = pt.spmd.stats()["bytes_sent"] - s0["bytes_sent"]
    assert sent <= 64 * len(idx), sent  # the selected rows at most (gathering x: 4 KiB x (P - 1))
    check(r, a[idx])


@pytest.mark.parametrize("split", [0, 1])
@pytest.mark.parametrize("kind", ["int", "float_nan", "empty", "one"])
def test_unique_across_the_team(team, split, kind):
    rng = np.random.default_rng(5)
    a = {"int": rng.integers(0, 6, (9, 4)),
         "float_nan": np.where(rng.random((9, 4)) < 0.2, np.nan, rng.integers(0, 4, (9, 4))),
         "empty": np.zeros((0, 4)), "one": np.full((2, 3), 7)}[kind]
    x = pt.asarray(a, team=team, split=split)
    values, index, inverse, counts = np.unique(a, return_index=True, return_inverse=True,
                                               return_counts=True, equal_nan=False)
    inverse = inverse.reshape(a.shape)
    check(pt.unique_values(x), values)
    r = pt.unique_counts(x)
    check(r.values, values)
    check(r.counts, counts)
    r = pt.unique_inverse(x)
    check(r.values, values)
    check(r.inverse_indices, inverse)
    r = pt.unique_all(x)
    check(r.values, values)
    check(r.indices, index)  # (the first occurrence: the sort is stable)
    check(r.inverse_indices, inverse)
    check(r.counts, counts)
    if a.size:
        assert dist(r.values) and dist(r.inverse_indices) and dist(r.counts)


def test_unique_moves_each_element_at_most_twice(team):
    n = 4096 * team.size
    a = (np.arange(n) * 37) % 101
    x = pt.asarray(a, team=team)
    pt.sync()
    s0 = pt.spmd.stats()["bytes_sent"]
    r = pt.unique_counts(x)
    pt.sync()
    sent = pt.spmd.stats()["bytes_sent"] - s0
    check(r.values, np.unique(a))
    check(r.counts, np.unique(a, return_counts=True)[1])
    # the sort sends each of the rank's elements (value and global index) at most once to
    # the rank of its block, plus the cuts' rounds (a few numbers per round, about 40
    # rounds); the groups' starts and counts are 101 values. A gather would send the rank's
    # part to every other rank: 8 n (P - 1) / P.
    assert sent <= 2 * 8 * n / team.size + 64 * 16 * team.size ** 2 + 4 * 8 * 101, sent


def test_receive_buffers_come_from_the_pool():
    # _core.pool_bytes: the moves' receive buffers (writable, page-aligned when large, back
    # to ptensor's pool when they die); a negative size is a ValueError
    from ptensor import _core
    b = _core.pool_bytes(5 << 20)
    assert b.shape == (5 << 20,) and b.dtype == np.uint8 and b.flags.writeable
    assert b.ctypes.data % 4096 == 0
    b[:] = 7
    assert int(b.sum()) == 7 * (5 << 20)
    assert _dist_move._receive_buffer(3, np.dtype(np.complex64)).shape == (3,)
    with pytest.raises(ValueError, match="must not be negative"):
        _core.pool_bytes(-1)

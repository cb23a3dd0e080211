import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

N = 23
A = np.arange(N * 6, dtype=np.float64).reshape(N, 6) ** 1.5


def test_shifted_views_1d(team):
    a = pt.asarray(A[:, 0].copy(), team=team)
    w = A[:, 0]
    check(a[2:] + a[:-2], w[2:] + w[:-2])
    check(a[1:-1] - 0.5 * (a[2:] + a[:-2]), w[1:-1] - 0.5 * (w[2:] + w[:-2]))
    check(a[5:] * a[:-5], w[5:] * w[:-5])
    check(a[N // 2:] + a[:N - N // 2], w[N // 2:] + w[:N - N // 2])  # far: repartition


def test_star_stencil_radius_2(team):
    u = pt.asarray(A, team=team)
    got = (u[2:-2, 2:-2] * -4 + u[1:-3, 2:-2] + u[3:-1, 2:-2] + u[2:-2, 1:-3] + u[2:-2, 3:-1]
           + 0.5 * (u[:-4, 2:-2] + u[4:, 2:-2] + u[2:-2, :-4] + u[2:-2, 4:]))
    w = A
    want = (w[2:-2, 2:-2] * -4 + w[1:-3, 2:-2] + w[3:-1, 2:-2] + w[2:-2, 1:-3] + w[2:-2, 3:-1]
            + 0.5 * (w[:-4, 2:-2] + w[4:, 2:-2] + w[2:-2, :-4] + w[2:-2, 4:]))
    check(got, want)


@pytest.mark.parametrize("key", [np.s_[::2], np.s_[::-1], np.s_[1::3], np.s_[-3:2:-2],
                                 np.s_[5:5], np.s_[..., 1:4], np.s_[3:17, ::2], np.s_[:, 0],
                                 np.s_[7], np.s_[-1, 2:], np.s_[4, 5]])
def test_getitem(team, key):
    check(pt.asarray(A, team=team)[key], A[key])


def test_getitem_split_1(team):
    a = pt.asarray(A, team=team, split=1)
    check(a[:, 1:] - a[:, :-1], A[:, 1:] - A[:, :-1])
    check(a[3], A[3])
    check(a[:, 2], A[:, 2])


def test_advanced_indexing_replicated(team):
    a = pt.asarray(A, team=team)
    check(a[a > 100.0], A[A > 100.0])
    check(a[pt.asarray(np.array([3, 0, 22]), team=None)], A[[3, 0, 22]])


@pytest.mark.parametrize("key", [np.s_[1:-1, 1:-1], np.s_[::3], np.s_[::-2], np.s_[5],
                                 np.s_[-2, 1:3], np.s_[...], np.s_[2:9, 4]])
def test_setitem_scalar_and_replicated(team, key):
    a = pt.asarray(A.copy(), team=team)
    w = A.copy()
    a[key] = -1.0
    w[key] = -1.0
    check(a, w)
    view = w[key]
    val = np.sin(np.arange(view.size, dtype=np.float64)).reshape(view.shape)
    a[key] = val
    w[key] = val
    check(a, w)


def test_setitem_distributed_value(team):
    u = pt.asarray(A.copy(), team=team)
    v = pt.zeros_like(u)
    v[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    w = np.zeros_like(A)
    w[1:-1, 1:-1] = 0.25 * (A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])
    check(v, w)
    # values split differently from the target rows
    x = pt.zeros((N, 6), team=team)
    x[3:19] = pt.asarray(A[:16], team=team)
    x[::-4] = pt.asarray(A[::-4] * 2, team=team)
    y = np.zeros((N, 6))
    y[3:19] = A[:16]
    y[::-4] = A[::-4] * 2
    check(x, y)


def test_setitem_then_views_see_new_data(team):
    a = pt.asarray(np.arange(12.0), team=team)
    b = a[1:] + a[:-1]
    a[:] = 0.0
    c = a[1:] + a[:-1]
    check(b, np.arange(12.0)[1:] + np.arange(11.0))
    check(c, np.zeros(11))


def test_index_errors(team):
    a = pt.asarray(A, team=team)
    with pytest.raises(IndexError):
        a[N]
    with pytest.raises(IndexError):
        a[0, 0, 0]
    with pytest.raises(IndexError):
        a[..., ...]
    with pytest.raises(ValueError):
        a[2:5] = np.ones((4, 6))
    with pytest.raises(IndexError):
        a[-N - 1] = 1.0


def test_local_parts(team):
    a = pt.asarray(A, team=team)
    lo, hi = spmd.get_local_range(a)
    check(spmd.get_locals(a), A[lo:hi])


def test_memoized_views_follow_layout(team):
    """A view's layout is looked up by (shape, partition, team, key) after its first use: the
    same keys on arrays of other lengths and partitions (a view's rows, a fresh array), and
    keys that only look equal, stay NumPy's on every rank count."""
    for n in (N, N - 5, 2):
        w = A[:n]
        for _ in range(2):
            u = pt.asarray(w.copy(), team=team)
            check(u[1:-1, 2:] + u[2:, 2:] if n > 2 else u[1:-1, 2:], w[1:-1, 2:] + w[2:, 2:]
                  if n > 2 else w[1:-1, 2:])
            s = u[1:]  # a view with another partition offset
            check(s[1:-1, 2:], w[1:][1:-1, 2:])
            check(u[np.int64(0), 1:], w[0, 1:])
            with pytest.raises(IndexError):
                u[1.0]


@pytest.mark.parametrize("key", [np.s_[::2], np.s_[::-3], np.s_[1::4, 2:], np.s_[5],
                                 np.s_[-1, ::2], np.s_[3:20:5, 1], np.s_[:, None, 1:],
                                 np.s_[None, ::3], np.s_[2, None]])
def test_views_that_move_rows_follow_writes_both_ways(team, key):
    """Views whose rows live on other ranks (a step other than 1, an int on the split axis)
    and views with new axes are NumPy's views: writes to the base show in the view, writes
    to the view land in the base, also through a view of the view and chained."""
    x, a = pt.asarray(A.copy(), team=team), A.copy()
    v, av = x[key], a[key]
    check(v, av)
    x[4:9] = -1.0  # write the base: the view follows
    a[4:9] = -1.0
    check(v, av)
    check(v * 2 + 1, av * 2 + 1)
    v[...] = 7.5  # write the view: the base follows, and a second view of the same rows
    av[...] = 7.5
    w, aw = x[key], a[key]
    check(x, a)
    v += 1  # in place
    av += 1
    check(x, a)
    check(w, aw)
    if v.ndim:
        v[:1] = 3.0  # through a view of the view
        av[:1] = 3.0
        check(x, a)
        check(v, av)
    x[key][...] = -2.0  # chained, as NumPy
    a[key][...] = -2.0
    check(x, a)


def test_view_of_a_moved_view(team):
    x, a = pt.asarray(A.copy(), team=team), A.copy()
    v, av = x[::2], a[::2]
    u, au = v[1::3, ::2], av[1::3, ::2]  # rows moved twice
    s, as_ = v[1:-1], av[1:-1]  # a unit-step view of it: halos from its rows
    check(s[1:] + s[:-1], as_[1:] + as_[:-1])
    x[...] = 1.5
    a[...] = 1.5
    check(u, au)
    check(s[1:] + s[:-1], as_[1:] + as_[:-1])
    u[...] = 4.0
    au[...] = 4.0
    check(x, a)
    check(v, av)
    rows = list(x)  # iteration yields row views
    rows[3][1] = -5.0
    a[3, 1] = -5.0
    check(x, a)


def test_rows_of_3d_and_empty_arrays(team):
    b = np.arange(5 * 4 * 3, dtype=np.float64).reshape(5, 4, 3)
    x = pt.asarray(b.copy(), team=team)
    r, rb = x[2], b[2]  # (4, 3), split along its axis 0
    x[2, 1] = -1.0
    rb[1] = -1.0
    check(r, rb)
    r[0, 0] = 100.0
    b[2, 0, 0] = 100.0
    check(x, b)
    check(x[:, 3], b[:, 3])  # an int on another axis: a view that stays put
    check(pt.asarray(np.zeros((5, 0)), team=team)[3], np.zeros(0))
    check(pt.asarray(np.zeros((0, 3)), team=team)[::2], np.zeros((0, 3)))
    z = pt.asarray(np.arange(6.0).reshape(6, 1), team=team)
    w = z[4]
    z[4] = 7.0
    check(w, np.array([7.0]))
    for row, want in zip(x, b):  # iteration: one gather, then views
        check(row, want)


def test_element_is_a_view_both_ways(team):
    # x[i, j] is a replicated 0-d view, as a local ptensor array's (NumPy returns a scalar
    # copy for all-int keys, a 0-d view for x[i, j, ...]): it follows writes to x, and writes
    # to it or through views of it reach x (issue 23, fuzz seeds 9, 61, 71 on 3 ranks)
    x = pt.asarray(A.copy(), team=team)
    w = A.copy()
    e = x[3, 2]
    assert not isinstance(e, pt._dist.DArray) and e.shape == ()
    x[3, 2] = 0.0
    check(e, np.asarray(0.0))
    check(e + 1, np.asarray(1.0))
    e[...] = 5.0
    w[3, 2] = 5.0
    check(x, w)
    f = x[-1, ...][None]  # a view of an element view
    f[:1, None, None] = -2.0
    w[-1, ...] = -2.0
    check(x, w)
    g = x[4, 1]  # an in-place operator on an element rebinds it (NumPy's scalar, as locally)
    g += 100.0
    check(g, np.asarray(w[4, 1] + 100.0))
    check(x, w)
    x[4, 1] += 100.0  # (x[i, j] += v writes x)
    w[4, 1] += 100.0
    check(x, w)
    s = x[4, 1, ...]  # a 0-d view: written through
    s += 1.0
    w[4, 1] += 1.0
    check(x, w)


def test_writes_through_element_views_reach_the_array(team):
    a0 = pt.asarray(np.ones((2,), dtype=np.uint32), team=team)
    a7 = a0[-2, ...][None]
    a7[:1, None, None] = 0
    check(a0, np.array([0, 1], dtype=np.uint32))
    b = ((np.arange(1317) * 7919 % 101) - 50).astype(np.float32)
    a0 = pt.asarray(b.copy(), team=team)
    a4 = a0[-107, None, None]
    zero = pt.asarray(np.zeros((1,), dtype=np.int64))
    a4[zero, zero] = -8.5
    b[-107] = -8.5
    check(a0, b)
    a3 = pt.astype(pt.asarray(np.ones((1, 1), dtype=np.float32), team=team), pt.bool)
    a5 = pt.squeeze(a3, axis=(0, 1))
    a5[a5] = False
    check(a3, np.zeros((1, 1), dtype=bool))


# boolean masks of a distributed array's own layout and nonzero: each rank works on its own
# rows, the selection is rebalanced (_dist_move.masked / nonzero), nothing is gathered
@pytest.mark.parametrize("shape,split", [((7,), 0), ((7, 5), 0), ((5, 7), 1), ((2, 3, 4), 1),
                                         ((2, 3, 4), 2), ((1, 4), 0), ((0, 3), 0)])
def test_boolean_masks_and_nonzero(team, shape, split):
    a = np.random.default_rng(sum(shape)).integers(-3, 4, shape).astype(np.float64)
    x = pt.asarray(a, team=team, split=split)
    check(x[x > 0], a[a > 0])
    for got, want in zip(pt.nonzero(x), np.nonzero(a)):
        check(got, want)
        assert dist(got) and got.split == 0
    y, b = pt.asarray(a.copy(), team=team, split=split), a.copy()
    y[y < 0] = 0.0
    b[b < 0] = 0.0
    y[y > 1] = pt.asarray(7.0, team=None)
    b[b > 1] = 7.0
    check(y, b)
    v, w = y[1:], b[1:]  # through a view: the base sees it
    v[v == 0] = -5.0
    w[w == 0] = -5.0
    check(y, b)
    check(v, w)


def test_boolean_mask_moves_only_the_selection(team):
    n = 512 * team.size
    a = np.cos(np.arange(n * 4.0)).reshape(n, 4)
    x = pt.asarray(a, team=team)
    m = x > 0.99  # a few percent
    pt.sync()
    s0 = pt.spmd.stats()
    r = x[m]
    x[m] = 0.0
    pt.sync()
    sent = pt.spmd.stats()["bytes_sent"] - s0["bytes_sent"]
    assert sent <= 8 * int((a > 0.99).sum()) + 64 * team.size, sent  # gathering x: 16 KiB x (P - 1)
    check(r, a[a > 0.99])
    b = a.copy()
    b[b > 0.99] = 0.0
    check(x, b)


@pytest.mark.parametrize("split", [0, 1])
def test_tuple_keys_with_one_index_array(team, split):
    x = pt.asarray(A, team=team, split=split)
    idx = np.array([3, 0, 0, 5, -1])
    for key in [(idx, slice(None)), (slice(None), idx), (idx, slice(2, 5)), (slice(1, 9), idx),
                (Ellipsis, idx), (idx, Ellipsis), (slice(None), list(idx)),
                (pt.asarray(idx, team=None), slice(None, None, 2))]:
        want = A[tuple(np.asarray(k) if not isinstance(k, (slice, list)) and k is not Ellipsis
                       else k for k in key)]
        got = x[key]
        check(got, want)
        assert dist(got)
    for di in (pt.asarray(idx, team=team),):  # distributed indices along either axis
        check(x[di, :], A[idx, :])
        check(x[:, di], A[:, idx])
    y = pt.asarray(A, team=team)
    w = A.copy()
    y[idx, :] = -1.0
    w[idx, :] = -1.0
    check(y, w)
    y[pt.asarray(idx[:2], team=team), ...] = pt.asarray(A[:2], team=team)
    w[idx[:2], ...] = A[:2]
    check(y, w)
    with pytest.raises(IndexError, match="out of bounds"):
        x[np.array([0, 99]), :]


@pytest.mark.parametrize("split", [0, 1])
def test_replicated_masks_select_each_ranks_rows(team, split):
    n = 128 * team.size
    a = np.cos(np.arange(n * 4.0)).reshape(n, 4)
    x = pt.asarray(a, team=team, split=split)
    m = a > 0.9
    for mask in (m, pt.asarray(m, team=None)):
        pt.sync()
        s0 = pt.spmd.stats()["bytes_sent"]
        got = x[mask]
        pt.sync()
        sent = pt.spmd.stats()["bytes_sent"] - s0
        check(got, a[m])
        if split == 0:  # (split 1: resplit along axis 0 first, as for distributed masks)
            assert sent <= 8 * int(m.sum()) + 64 * team.size, sent
    y = pt.asarray(a, team=team, split=split)
    y[m] = 0.0
    b = a.copy()
    b[m] = 0.0
    check(y, b)
    y[pt.asarray(~m, team=None)] = np.arange(int((~m).sum()), dtype=np.float64)
    b[~m] = np.arange(int((~m).sum()))
    check(y, b)


def test_masks_of_another_partition_are_brought_over(team):
    n = 64 * team.size
    a = np.sin(np.arange(n * 3.0)).reshape(n, 3)
    u = pt.asarray(a, team=team)
    x, m = u[2:], (u[:-2] > 0.5)  # shifted views: partitions differ by 2 rows
    check(x[m], a[2:][a[:-2] > 0.5])
    pt.sync()
    s0 = pt.spmd.stats()["bytes_sent"]
    r = x[m]
    pt.sync()  # the mask's halo rows (2 rows of 3 bools per neighbour) and the selection
    assert pt.spmd.stats()["bytes_sent"] - s0 <= 8 * int((a[:-2] > 0.5).sum()) + 64 * team.size
    check(r, a[2:][a[:-2] > 0.5])
    b = a.copy()
    x[m] = -1.0
    b[2:][a[:-2] > 0.5] = -1.0
    check(u, b)


ADVANCED_KEYS = [([0, 2, -1], [1, 1, 0]), (1, [0, 2, 5]), ([[0], [2]], [1, 2]), ([3, 3], 4),
                 (np.array([True, False] * 11 + [True]),), (slice(None), np.arange(6) % 2 == 0),
                 (np.array([[0, 1], [5, 22]]),), ([1, 2], slice(1, 4), ), (slice(2, 5), [0, 0])]


@pytest.mark.parametrize("split", [0, 1])
@pytest.mark.parametrize("key", ADVANCED_KEYS, ids=range(len(ADVANCED_KEYS)))
def test_advanced_indexing_moves_the_selection(team, split, key):
    nkey = tuple(np.asarray(k) if isinstance(k, list) else k for k in key)
    x = pt.asarray(A, team=team, split=split)
    check(x[key], A[nkey])
    check(x[tuple(pt.asarray(np.asarray(k), team=None) if isinstance(k, list) else k
                   for k in key)], A[nkey])
    want = A.copy()
    want[nkey] = -1.0
    x[key] = -1.0
    check(x, want)
    vals = np.arange(A[nkey].size, dtype=np.float64).reshape(A[nkey].shape)
    want[nkey] = vals
    x[key] = vals
    check(x, want)
    if vals.ndim:
        want[nkey] = vals * 2
        x[key] = pt.asarray(vals * 2, team=team)  # a distributed value of the result's shape
        check(x, want)
    if vals.ndim > 1:
        want[nkey] = vals[:1]
        x[key] = vals[:1]  # broadcast
        check(x, want)


def test_advanced_indexing_bad_keys(team):
    x = pt.asarray(A, team=team)
    with pytest.raises(IndexError, match="out of bounds"):
        x[[0, 1], [0, 6]]
    with pytest.raises(IndexError, match="shape mismatch"):
        x[[0, 1], [0, 1, 2]]
    with pytest.raises(ValueError, match="shape mismatch"):
        x[[0, 1], [0, 1]] = np.ones(3)
    with pytest.raises(IndexError, match="integer"):
        x[np.array([0.5]), [1]]
    check(x, A)


def test_advanced_indexing_does_not_gather(team):
    n = 128 * team.size
    a = np.arange(n * 8.0).reshape(n, 8)
    x = pt.asarray(a, team=team)
    rows, cols = np.arange(0, n, 8), np.arange(0, n, 8) % 8
    pt.sync()
    s0 = pt.spmd.stats()["bytes_sent"]
    got = x[rows, cols]
    x[rows, cols] = 0.0
    pt.sync()
    # the selected elements (and the reshapes' boundary rows, none here): a gather of x would
    # send 8 KiB x (P - 1) per rank
    assert pt.spmd.stats()["bytes_sent"] - s0 <= 16 * len(rows) + 64 * team.size
    check(got, a[rows, cols])
    b = a.copy()
    b[rows, cols] = 0.0
    check(x, b)

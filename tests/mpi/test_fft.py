"""pt.fft on a team: transforms along local axes move nothing; a transform along the split
axis redistributes once (an all-to-all, never a gather of the array) and leaves the result
split along another axis; every result equals numpy.fft's."""
import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import dist

RNG = np.random.default_rng(7)


def cdata(shape):
    return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)


def close(got, want):
    g = np.asarray(got)
    assert g.shape == want.shape and g.dtype == want.dtype, (g.shape, g.dtype, want.dtype)
    np.testing.assert_allclose(g, want, rtol=0, atol=1e-12 * max(np.abs(want).max(), 1.0))


def sent(fn):
    """(result, bytes this rank sent while its own part was computed: no gather)."""
    before = pt._dist.stats()["bytes_sent"]
    r = fn()
    np.asarray(spmd.get_locals(r))
    return r, pt._dist.stats()["bytes_sent"] - before


@pytest.mark.parametrize("split", [0, 1, 2])
@pytest.mark.parametrize("name", ["fftn", "ifftn"])
def test_fftn_of_every_split_axis(team, name, split):
    a = cdata((8, 6, 10))
    x = pt.asarray(a, team=team, split=split)
    r, nbytes = sent(lambda: getattr(pt.fft, name)(x))
    close(r, getattr(np.fft, name)(a))
    if team.size > 1:
        assert dist(r)
        assert r.split != split  # transposed out: one all-to-all moved the split
        assert 0 < nbytes <= spmd.get_locals(x).size * 16  # at most this rank's part, once


@pytest.mark.parametrize("split", [0, 1, 2])
@pytest.mark.parametrize("s,axes", [(None, None), ((5, 12), (0, 2)), (None, (2, 1)),
                                    ((9, 4, 7), None)])
def test_real_transforms_of_every_split_axis(team, split, s, axes):
    a = RNG.standard_normal((8, 6, 10))
    x = pt.asarray(a, team=team, split=split)
    want_axes = axes if axes is not None or s is None else tuple(range(3 - len(s), 3))
    f = pt.fft.rfftn(x, s=s, axes=axes)
    close(f, np.fft.rfftn(a, s=s, axes=want_axes))
    c = cdata(np.fft.rfftn(a, s=s, axes=want_axes).shape)
    y = pt.asarray(c, team=team, split=split)
    close(pt.fft.irfftn(y, s=s, axes=axes, norm="ortho"),
          np.fft.irfftn(c, s=s, axes=want_axes, norm="ortho"))


def test_local_axes_move_nothing(team):
    a = cdata((12, 16))
    x = pt.asarray(a, team=team, split=0)
    r, nbytes = sent(lambda: pt.fft.fft(x, axis=1, n=20))
    close(r, np.fft.fft(a, axis=1, n=20))
    assert nbytes == 0
    if team.size > 1:
        assert r.split == 0 and r.row_partition == x.row_partition


def test_one_axis_along_the_split_one_takes_another_axis(team):
    a = RNG.standard_normal((9, 5))
    x = pt.asarray(a, team=team, split=0)
    for name in ("fft", "rfft", "ihfft"):
        close(getattr(pt.fft, name)(x, axis=0, n=11), getattr(np.fft, name)(a, axis=0, n=11))
    c = cdata((9, 5))
    y = pt.asarray(c, team=team, split=0)
    for name in ("ifft", "irfft", "hfft"):
        close(getattr(pt.fft, name)(y, axis=0), getattr(np.fft, name)(c, axis=0))


def test_two_dimensional_irfftn_and_one_dimensional_arrays(team):
    c = cdata((7, 5))
    y = pt.asarray(c, team=team, split=0)
    close(pt.fft.irfftn(y), np.fft.irfftn(c))  # split axis and last axis: two all-to-alls
    v = cdata((13,))
    close(pt.fft.fft(pt.asarray(v, team=team)), np.fft.fft(v))  # 1-D, prime n: gathered
    close(pt.fft.fftshift(pt.asarray(v, team=team)), np.fft.fftshift(v))


@pytest.mark.parametrize("n", [48, 64, 100])
def test_one_dimensional_four_step(team, n):
    """A 1-D array of n = n1 * n2 points: Bailey's four-step transform, three all-to-alls of
    this rank's part, never a gather."""
    v, r = cdata((n,)), RNG.standard_normal(n)
    x, xr = pt.asarray(v, team=team), pt.asarray(r, team=team)
    for name, a, X, kw in [("fft", v, x, {}), ("ifft", v, x, {"norm": "ortho"}),
                           ("fft", v, x, {"n": n + 8}), ("rfft", r, xr, {}),
                           ("irfft", v, x, {}), ("irfft", v, x, {"n": n - 2}),
                           ("hfft", v, x, {"norm": "forward"}), ("ihfft", r, xr, {})]:
        close(getattr(pt.fft, name)(X, **kw), getattr(np.fft, name)(a, **kw))
    big = cdata((4096,))
    got, nbytes = sent(lambda: pt.fft.fft(pt.asarray(big, team=team)))
    close(got, np.fft.fft(big))
    if team.size > 1:
        share = 4096 * 16 * (team.size - 1) / team.size ** 2  # one resplit of a rank's part
        assert 0 < nbytes <= 3.3 * share, (nbytes, share)


def test_fewer_rows_than_ranks_and_frequencies(team):
    a = cdata((2, 3, 4))
    close(pt.fft.fftn(pt.asarray(a, team=team, split=0)), np.fft.fftn(a))
    close(pt.fft.fftn(pt.asarray(a, team=team, split=1), axes=(1,)), np.fft.fftn(a, axes=(1,)))
    close(pt.fft.fftfreq(11, d=0.5), np.fft.fftfreq(11, d=0.5))
    close(pt.fft.ifftshift(pt.asarray(a, team=team, split=1), axes=(0, 1)),
          np.fft.ifftshift(a, axes=(0, 1)))


def test_bad_arguments_raise_on_every_rank(team):
    x = pt.asarray(cdata((6, 4)), team=team, split=0)
    r = pt.asarray(RNG.standard_normal((6, 4)), team=team, split=1)
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.fft(x, n=0, axis=0)
    with pytest.raises(ValueError, match="norm"):
        pt.fft.fftn(x, norm="unitary")
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fftn(x, axes=(0, 2))
    with pytest.raises(ValueError, match="repeated axis"):
        pt.fft.ifftn(x, axes=(1, 1))
    with pytest.raises(TypeError, match="real data type"):
        pt.fft.rfftn(x)
    with pytest.raises(ValueError, match="same length"):
        pt.fft.irfftn(x, s=(4,), axes=(0, 1))
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fftshift(r, axes=(2,))
    close(pt.fft.rfft(r, axis=1), np.fft.rfft(np.asarray(r), axis=1))  # the team goes on

"""pt.fft (the array API fft extension) against numpy.fft: every function, dtype, norm, size
and axis choice; views as inputs; fusion with producers and consumers; bad arguments.
Under mpiexec (CI runs this file on 2 and 3 ranks) the arrays are split along axis 0, so the
distributed paths (resplits) are compared with the same NumPy results."""
import numpy as np
import pytest

import ptensor as pt

RNG = np.random.default_rng(20261127)
NORMS = ["backward", "ortho", "forward"]


def data(shape, dtype):
    if np.dtype(dtype).kind == "c":
        return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)
    if np.dtype(dtype).kind == "b":
        return RNG.random(shape) < 0.5
    if np.dtype(dtype).kind in "iu":
        return RNG.integers(-5 if np.dtype(dtype).kind == "i" else 0, 9, shape).astype(dtype)
    return RNG.standard_normal(shape).astype(dtype)


def close(got, want):
    """Same shape and dtype; values to the precision's rounding (relative to the largest
    magnitude: a transform mixes every element; one process gives NumPy's bits exactly,
    a team transforms axis by axis)."""
    g = np.asarray(got)
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    single = want.dtype in (np.float32, np.complex64)
    scale = max(float(np.max(np.abs(want))), 1.0) if want.size else 1.0
    np.testing.assert_allclose(g, want, rtol=0, atol=(2e-5 if single else 1e-12) * scale)


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64, np.float64, np.float32,
                                   np.int64, np.bool_])
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_fft_ifft_dtypes(name, dtype):
    a = data((6, 10), dtype)
    for norm in NORMS:
        close(getattr(pt.fft, name)(pt.asarray(a), norm=norm), getattr(np.fft, name)(a, norm=norm))


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("n,axis", [(None, -1), (7, -1), (16, 0), (3, 1), (1, 0)])
def test_one_dimensional_sizes_and_axes(name, n, axis):
    real_in = name in ("rfft", "ihfft")
    a = data((5, 9), np.float64 if real_in else np.complex128)
    for norm in NORMS:
        close(getattr(pt.fft, name)(pt.asarray(a), n=n, axis=axis, norm=norm),
              getattr(np.fft, name)(a, n=n, axis=axis, norm=norm))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64])
@pytest.mark.parametrize("name", ["rfft", "irfft", "hfft", "ihfft"])
def test_real_transforms_keep_the_precision(name, dtype):
    if name in ("rfft", "ihfft") and np.dtype(dtype).kind == "c":
        return  # a TypeError (test_bad_arguments)
    a = data((4, 8), dtype)
    close(getattr(pt.fft, name)(pt.asarray(a)), getattr(np.fft, name)(a))


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
@pytest.mark.parametrize("s,axes", [(None, None), ((4, 6), None), (None, (0, 2)),
                                    ((3, -1), (2, 0)), ((5,), (1,)), ((2, 3, 8), None),
                                    (None, (1, 2, 0))])
def test_n_dimensional(name, s, axes):
    real_in = name == "rfftn"
    a = data((5, 4, 6), np.float64 if real_in else np.complex128)
    want_axes = axes if axes is not None or s is None else tuple(range(3 - len(s), 3))
    for norm in NORMS:
        close(getattr(pt.fft, name)(pt.asarray(a), s=s, axes=axes, norm=norm),
              getattr(np.fft, name)(a, s=s, axes=want_axes, norm=norm))


def test_n_dimensional_single_precision_and_integers():
    a = data((6, 4, 5), np.complex64)
    close(pt.fft.fftn(pt.asarray(a)), np.fft.fftn(a))
    r = data((6, 8), np.float32)
    close(pt.fft.rfftn(pt.asarray(r)), np.fft.rfftn(r))
    close(pt.fft.irfftn(pt.fft.rfftn(pt.asarray(r)), s=r.shape),
          np.fft.irfftn(np.fft.rfftn(r), s=r.shape, axes=(0, 1)))
    i = data((4, 6), np.int32)
    close(pt.fft.fftn(pt.asarray(i)), np.fft.fftn(i))
    close(pt.fft.rfftn(pt.asarray(i)), np.fft.rfftn(i))


def test_round_trips():
    a = data((8, 12), np.complex128)
    close(pt.fft.ifftn(pt.fft.fftn(pt.asarray(a))), a)
    r = data((8, 12), np.float64)
    close(pt.fft.irfftn(pt.fft.rfftn(pt.asarray(r)), s=r.shape), r)
    close(pt.fft.irfft(pt.fft.rfft(pt.asarray(r[0])), n=12), r[0])
    close(pt.fft.hfft(pt.fft.ihfft(pt.asarray(r[1])), n=12), r[1])


def test_views_as_inputs():
    a = data((8, 10), np.complex128)
    x = pt.asarray(a)
    close(pt.fft.fft(x[::-1, 1::3]), np.fft.fft(a[::-1, 1::3]))
    close(pt.fft.fftn(pt.permute_dims(x, (1, 0))), np.fft.fftn(a.T))
    close(pt.fft.rfft(pt.real(x)[:, ::-2], axis=0), np.fft.rfft(a.real[:, ::-2], axis=0))


def test_fuses_with_producer_and_consumer():
    a = data((4, 64), np.float64)
    x = pt.asarray(a)
    w = pt.asarray(np.hanning(64))
    p = pt.sum(pt.abs(pt.fft.rfft(x * w)) ** 2, axis=-1)  # window, transform, power, sum
    want = np.sum(np.abs(np.fft.rfft(a * np.hanning(64))) ** 2, axis=-1)
    np.testing.assert_allclose(np.asarray(p), want, rtol=1e-12)
    # the transform's result keeps working as an ordinary array afterwards
    y = pt.fft.fft(x)
    y[0, 0] = 0
    want = np.fft.fft(a)
    want[0, 0] = 0
    close(y, want)


def test_empty_signals_padded_are_zeros():
    """(fuzz seed 1100388) an empty signal padded to n points transforms to zeros; NumPy
    2.4's irfft / hfft return uninitialized memory there (its fft gives the zeros)."""
    e = pt.asarray(np.zeros((0, 2), np.complex64))
    for name in ("fft", "ifft", "irfft", "hfft"):
        got = np.asarray(getattr(pt.fft, name)(e, n=9, axis=0))
        assert got.shape == (9, 2) and not got.any(), (name, got)
    assert not np.asarray(pt.fft.irfftn(e, s=(5, 4), axes=(0, 1))).any()


def test_empty_batches_and_zero_d_axis_errors():
    a = np.zeros((0, 8), np.complex128)
    close(pt.fft.fft(pt.asarray(a)), np.fft.fft(a))
    close(pt.fft.rfft(pt.asarray(a.real), axis=1), np.fft.rfft(a.real, axis=1))
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.fft(pt.asarray(a), axis=0)
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fft(pt.asarray(np.complex128(1)))


@pytest.mark.parametrize("n,d", [(1, 1.0), (8, 1.0), (9, 0.25), (10, 3)])
def test_frequencies(n, d):
    close(pt.fft.fftfreq(n, d=d), np.fft.fftfreq(n, d=d))
    close(pt.fft.rfftfreq(n, d=d), np.fft.rfftfreq(n, d=d))
    close(pt.fft.fftfreq(n, d=d, dtype=pt.float32), np.fft.fftfreq(n, d=d).astype(np.float32))
    assert pt.fft.rfftfreq(n, device=pt.asarray(1.0).device).dtype == pt.float64


@pytest.mark.parametrize("axes", [None, 0, 1, (0,), (1, 0), (-1,)])
@pytest.mark.parametrize("shape", [(7,), (6, 5), (1, 4)])
def test_shifts(shape, axes):
    a = data(shape, np.float64)
    if axes is not None and len(shape) == 1 and axes not in (0, (0,), (-1,)):
        return
    x = pt.asarray(a)
    close(pt.fft.fftshift(x, axes=axes), np.fft.fftshift(a, axes=axes))
    close(pt.fft.ifftshift(x, axes=axes), np.fft.ifftshift(a, axes=axes))
    close(pt.fft.ifftshift(pt.fft.fftshift(x, axes=axes), axes=axes), a)


def test_bad_arguments():
    x = pt.asarray(data((4, 6), np.complex128))
    r = pt.asarray(data((4, 6), np.float64))
    with pytest.raises(ValueError, match="norm"):
        pt.fft.fft(x, norm="none")
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.fft(x, n=0)
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.fft(x, n=-1)
    with pytest.raises(TypeError, match="n must be an int"):
        pt.fft.fft(x, n=2.5)
    with pytest.raises(TypeError, match="real data type"):
        pt.fft.rfft(x)
    with pytest.raises(TypeError, match="real data type"):
        pt.fft.rfftn(x)
    with pytest.raises(TypeError, match="real data type"):
        pt.fft.ihfft(x)
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fft(x, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fftn(x, axes=(0, 5))
    with pytest.raises(ValueError, match="repeated axis"):
        pt.fft.fftn(x, axes=(0, 0))
    with pytest.raises(ValueError, match="same length"):
        pt.fft.fftn(x, s=(2, 3), axes=(0,))
    with pytest.raises(ValueError, match="entries for an array"):
        pt.fft.fftn(x, s=(2, 3, 4))
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.fftn(x, s=(0, 3))
    with pytest.raises(TypeError, match="s must be a sequence"):
        pt.fft.fftn(x, s=3)
    with pytest.raises(ValueError, match="at least one axis"):
        pt.fft.rfftn(r, axes=())
    with pytest.raises(ValueError, match="at least one axis"):
        pt.fft.irfftn(x, s=())
    for name in ("fftn", "ifftn"):  # no axis: a complex copy (NumPy returns x itself)
        c = getattr(pt.fft, name)(r, axes=())
        assert c.dtype == pt.complex128
        np.testing.assert_array_equal(np.asarray(c), np.asarray(r).astype(np.complex128))
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.irfft(pt.asarray(np.ones((3, 1), np.complex128)))  # 2 * (1 - 1) points
    with pytest.raises(TypeError, match="expected a ptensor Array"):
        pt.fft.fft([1.0, 2.0])
    with pytest.raises(ValueError, match="real floating"):
        pt.fft.fftfreq(4, dtype=pt.int64)
    with pytest.raises(ValueError, match="number of FFT data points"):
        pt.fft.rfftfreq(0)
    with pytest.raises(TypeError, match="d must be a real number"):
        pt.fft.fftfreq(4, d="1")
    with pytest.raises(np.exceptions.AxisError):
        pt.fft.fftshift(r, axes=(3,))


def test_namespace_and_extension():
    x = pt.asarray(np.ones(4))
    assert x.__array_namespace__().fft is pt.fft
    for name in pt.fft.__all__:
        f = getattr(pt.fft, name)
        assert callable(f) and f.__doc__, name


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_large_transforms_on_threads(threads):
    # above 2**15 result elements the handler splits the work over threads: along a batch
    # axis, or (every axis transformed) one axis after the other
    pt.set_num_threads(threads)
    try:
        b = data((64, 1024), np.float64)
        close(pt.fft.rfft(pt.asarray(b), norm="ortho"), np.fft.rfft(b, norm="ortho"))
        c = data((200, 300), np.complex128)
        close(pt.fft.fftn(pt.asarray(c), s=(256, 280)), np.fft.fftn(c, s=(256, 280), axes=(0, 1)))
        close(pt.fft.ifftn(pt.asarray(c), norm="forward"), np.fft.ifftn(c, norm="forward"))
        r = data((40, 36, 50), np.float32)
        close(pt.fft.rfftn(pt.asarray(r)), np.fft.rfftn(r))
        h = np.fft.rfftn(r.astype(np.float64))
        close(pt.fft.irfftn(pt.asarray(h), s=(40, 36, 50)), np.fft.irfftn(h, s=(40, 36, 50), axes=(0, 1, 2)))
    finally:
        pt.set_num_threads(0)

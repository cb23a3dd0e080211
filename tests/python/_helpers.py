"""Helpers shared by the ptensor tests: dtype lists, reference values and comparisons
against NumPy."""
import numpy as np

import ptensor as pt

BOOL = ["bool"]
SINT = ["int8", "int16", "int32", "int64"]
UINT = ["uint8", "uint16", "uint32", "uint64"]
INTS = SINT + UINT
FLOATS = ["float32", "float64"]
NUMERIC = INTS + FLOATS
ALL_DTYPES = BOOL + NUMERIC  # real dtypes; complex ones are tested in test_complex.py
COMPLEX = ["complex64", "complex128"]
# a smaller set spanning every kind and width class, for combinatorial tests
SOME_DTYPES = ["bool", "int8", "int32", "int64", "uint8", "uint64", "float32", "float64"]


def on_a_device():
    """Whether new arrays go to a GPU device (the suite run with PTENSOR_DEVICE=...)."""
    return pt.__array_namespace_info__().default_device() != "cpu"


def ptd(name):
    """ptensor dtype from a NumPy dtype name."""
    return getattr(pt, name)


def sample(name, n=None):
    """A 1-D NumPy array of interesting values of the given dtype."""
    d = np.dtype(name)
    if d.kind == "b":
        v = np.array([True, False, True, True, False, False], dtype=d)
    elif d.kind == "i":
        info = np.iinfo(d)
        v = np.array([-5, -3, -2, -1, 0, 1, 2, 3, 7, info.min, info.max, info.min + 1],
                     dtype=d)
    elif d.kind == "u":
        info = np.iinfo(d)
        v = np.array([0, 1, 2, 3, 5, 7, 10, 100 % (info.max + 1), info.max, info.max - 1],
                     dtype=d)
    else:
        v = np.array([-3.5, -2.0, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5, 0.9, 1.0, 1.5, 2.5, 10.0,
                      np.nan, np.inf, -np.inf], dtype=d)
    if n is not None:
        v = np.resize(v, n)
    return v


def tolerance(dtype):
    dtype = np.dtype(dtype)
    if dtype == np.float32:
        return dict(rtol=2e-6, atol=1e-37)
    if dtype == np.float64:
        return dict(rtol=1e-13, atol=1e-300)
    return dict(rtol=0, atol=0)


def np_ref(func, *args, **kwargs):
    """NumPy's result, with ptensor's float16 deviation: where NumPy would produce float16,
    the function is evaluated on float32 inputs instead."""
    with np.errstate(all="ignore"):
        r = func(*args, **kwargs)
        if np.asarray(r).dtype == np.float16:
            args = [a.astype(np.float32) if isinstance(a, np.ndarray) and a.dtype.itemsize <= 2
                    else a for a in args]
            r = func(*args, **kwargs)
            assert np.asarray(r).dtype == np.float32
    return np.asarray(r)


def assert_matches(r, expected, rtol=None, atol=None, dtype=True, signed_zeros=True):
    """r (a ptensor Array) equals expected (NumPy) in dtype, shape and values (NaNs match)."""
    assert isinstance(r, pt.Array), type(r)  # distributed arrays too
    got = np.asarray(r)
    expected = np.asarray(expected)
    if dtype:
        assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
        assert r.dtype == expected.dtype, (r.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    assert tuple(r.shape) == expected.shape
    if expected.dtype.kind in "fc":
        tol = tolerance(expected.real.dtype)
        if rtol is not None:
            tol["rtol"] = rtol
        if atol is not None:
            tol["atol"] = atol
        # complex: the real and imaginary parts each (a NaN part must be NaN in both)
        parts = [(got, expected)] if expected.dtype.kind == "f" else [
            (got.real, expected.real), (got.imag, expected.imag)]
        for g, e in parts:
            np.testing.assert_allclose(g, e, equal_nan=True, **tol)
            if signed_zeros:  # -0.0 and +0.0 must agree too
                zero = e == 0
                np.testing.assert_array_equal(np.signbit(g[zero]), np.signbit(e[zero]))
    else:
        np.testing.assert_array_equal(got, expected)


def after_interrupt(array):
    """The end of the Ctrl-C scenarios run in a subprocess (a long run in test_robustness.py,
    a long compile in test_progress.py): the interrupted `array` raises a clear error when
    used ("then: ..."), and later work runs ("afterwards 90.0")."""
    return (f"try:\n    float({array})\nexcept RuntimeError as e:\n    print('then:', e)\n"
            "small = pt.arange(10.0) * 2\nprint('afterwards', float(pt.sum(small)))\n")

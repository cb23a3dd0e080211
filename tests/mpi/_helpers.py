import numpy as np

import ptensor as pt


def check(got, want, exact=None):
    """got (ptensor, distributed or not) equals NumPy's want: shape, dtype and values (floats
    to rounding: sums run in another order)."""
    g = np.asarray(got)
    want = np.asarray(want)
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    if exact or not np.issubdtype(want.dtype, np.inexact):
        np.testing.assert_array_equal(g, want)
    else:
        np.testing.assert_allclose(g, want, rtol=1e-12, atol=1e-12, equal_nan=True)


def dist(x):
    return isinstance(x, pt._dist.DArray)

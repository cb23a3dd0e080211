"""The functions compiled programs call libmvec's vector variants for (src/VectorMath.cpp)
give NumPy's values on arrays long enough for the vector loop, special values included
(infinities, NaNs, signed zeros, domain edges), float64 and float32."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches

UNARY = ["tan", "tanh", "atan", "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh",
         "log10", "log2", "log1p", "expm1", "exp2", "cbrt", "sin", "cos", "exp", "log"]
BINARY = ["atan2", "hypot"]
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-300, -1e-300, 710.0, -745.0,
           1e308, 0.5, -0.5, 2.0]


def values(dtype, n=4099, seed=0):
    rng = np.random.default_rng(seed)
    a = (rng.standard_normal(n) * 3).astype(dtype)
    with np.errstate(over="ignore"):  # (1e308 is inf in float32)
        a[::97][:len(SPECIAL)] = np.array(SPECIAL).astype(dtype)
    return a


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", UNARY)
def test_vectorized_unary_matches_numpy(name, dtype):
    a = values(dtype)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a)
    rtol = 4e-6 if dtype == np.float32 else 2e-15
    assert_matches(getattr(pt, name)(pt.asarray(a)), expected, rtol=rtol)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", BINARY)
def test_vectorized_binary_matches_numpy(name, dtype):
    a, b = values(dtype, seed=1), values(dtype, seed=2)[::-1].copy()
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a, b)
    rtol = 4e-6 if dtype == np.float32 else 2e-15
    assert_matches(getattr(pt, name)(pt.asarray(a), pt.asarray(b)), expected, rtol=rtol)

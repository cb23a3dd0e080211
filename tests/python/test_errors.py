"""Bad inputs raise the right exception type, with a message naming the offending argument."""
import numpy as np
import pytest

import ptensor as pt
from _helpers import assert_matches


def X(shape=(2, 3), dtype=np.float64):
    return pt.asarray(np.zeros(shape, dtype=dtype))


CASES = [
    # ---- shape mismatch (ValueError), message shows the shapes
    ("add-shapes", lambda: X((2, 3)) + X((3, 2)), ValueError, r"broadcast.*\(2, 3\).*\(3, 2\)"),
    ("compare-shapes", lambda: X((4,)) == X((5,)), ValueError, r"\(4,\).*\(5,\)"),
    ("func-shapes", lambda: pt.atan2(X((2,)), X((3,))), ValueError, r"\(2,\).*\(3,\)"),
    ("logical-shapes", lambda: pt.logical_and(X((2,)), X((3,))), ValueError, "broadcast"),
    ("iadd-shapes", lambda: X((3,)).__iadd__(X((2, 3))), ValueError, r"\(3,\).*\(2, 3\)"),
    ("setitem-shapes", lambda: X((3,)).__setitem__(slice(None), X((2,))), ValueError,
     r"\(2,\).*\(3,\)"),
    ("broadcast_to-shape", lambda: pt.broadcast_to(X((3,)), (2, 4)), ValueError,
     r"\(3,\).*\(2, 4\)"),
    # ---- unsupported dtypes requested via dtype= (TypeError naming dtype)
    ("zeros-clongdouble", lambda: pt.zeros(2, dtype=np.clongdouble), TypeError,
     "dtype.*complex256"),
    ("ones-float16", lambda: pt.ones(2, dtype=np.float16), TypeError, "dtype.*float16"),
    ("empty-float16", lambda: pt.empty(2, dtype="float16"), TypeError, "dtype.*float16"),
    ("full-clongdouble", lambda: pt.full(2, 1.0, dtype=np.clongdouble), TypeError,
     "dtype.*complex256"),
    ("full-complex-into-real", lambda: pt.full(2, 1j, dtype=np.float64), TypeError,
     "complex fill_value"),
    ("arange-float16", lambda: pt.arange(3, dtype=np.float16), TypeError, "dtype.*float16"),
    ("asarray-clongdouble", lambda: pt.asarray([1.0], dtype=np.clongdouble), TypeError,
     "dtype.*complex256"),
    ("linspace-int", lambda: pt.linspace(0, 1, 3, dtype=np.int64), TypeError, "dtype.*int64"),
    ("linspace-complex-into-real", lambda: pt.linspace(0, 1j, 3, dtype=np.float64), TypeError,
     "complex.*float64"),
    ("eye-float16", lambda: pt.eye(2, dtype=np.float16), TypeError, "dtype.*float16"),
    ("zeros_like-clongdouble", lambda: pt.zeros_like(X(), dtype=np.clongdouble), TypeError,
     "dtype.*complex256"),
    ("full_like-float16", lambda: pt.full_like(X(), 1, dtype=np.float16), TypeError,
     "dtype.*float16"),
    ("sum-clongdouble", lambda: pt.sum(X(), dtype=np.clongdouble), TypeError,
     "dtype.*complex256"),
    ("astype-float16", lambda: pt.astype(X(), np.float16), TypeError, "dtype.*float16"),
    ("dtype-garbage", lambda: pt.zeros(2, dtype="int7"), TypeError, "dtype.*int7"),
    ("asarray-clongdouble-data", lambda: pt.asarray(np.array([1j], dtype=np.clongdouble)),
     TypeError, "complex256"),
    # ---- dtypes a function does not accept
    ("bitwise-float", lambda: pt.bitwise_and(X(), X()), TypeError, "float64"),
    ("invert-float", lambda: ~X(), TypeError, "float64"),
    ("sign-bool", lambda: pt.sign(X(dtype=bool)), TypeError, "bool"),
    ("negative-bool", lambda: -X(dtype=bool), TypeError, "bool"),
    ("subtract-bool", lambda: X(dtype=bool) - X(dtype=bool), TypeError, "bool"),
    ("shift-float", lambda: X() << 1, TypeError, "float64"),
    ("isnan-ok-bitwise_invert-float32", lambda: pt.bitwise_invert(X(dtype=np.float32)), TypeError,
     "float32"),
    # ---- bad axis (AxisError: both ValueError and IndexError)
    ("sum-axis", lambda: pt.sum(X(), axis=2), np.exceptions.AxisError,
     "axis 2 is out of bounds for array of dimension 2"),
    ("max-axis-neg", lambda: pt.max(X(), axis=-3), np.exceptions.AxisError, "axis -3"),
    ("mean-axis-tuple", lambda: pt.mean(X(), axis=(0, 5)), np.exceptions.AxisError, "axis 5"),
    ("var-axis", lambda: pt.var(X(), axis=9), ValueError, "axis 9"),
    ("std-axis", lambda: pt.std(X(), axis=9), IndexError, "axis 9"),
    ("permute-axis", lambda: pt.permute_dims(X(), (0, 3)), np.exceptions.AxisError, "axes 3"),
    ("sum-repeated-axis", lambda: pt.sum(X(), axis=(0, 0)), ValueError, "axis.*repeated"),
    ("sum-float-axis", lambda: pt.sum(X(), axis=0.5), TypeError, "axis"),
    # ---- out-of-range and invalid indices
    ("index-range", lambda: X((2, 3))[2], IndexError, "index 2 is out of bounds for axis 0"),
    ("index-range-axis1", lambda: X((2, 3))[0, -4], IndexError, "index -4 .*axis 1 with size 3"),
    ("index-too-many", lambda: X((2, 3))[0, 0, 0], IndexError, "too many indices"),
    ("setitem-range", lambda: X((2,)).__setitem__(5, 1.0), IndexError, "index 5"),
    ("index-array", lambda: X((3,))[pt.asarray(np.array([1, 5]))], IndexError, "out of bounds"),
    ("index-float-array", lambda: X((3,))[X((), np.float64)], IndexError, "integer"),
    # ---- unknown keywords (TypeError naming the keyword)
    ("sum-axes-kw", lambda: pt.sum(X(), axes=0), TypeError, "axes"),
    ("var-ddof-kw", lambda: pt.var(X(), ddof=1, correction=1), ValueError, "ddof"),
    ("zeros-order-kw", lambda: pt.zeros(2, order="F"), ValueError, "order"),
    ("arange-num-kw", lambda: pt.arange(3, num=4), TypeError, "num"),
    ("asarray-order-kw", lambda: pt.asarray([1], order="F"), ValueError, "order"),
    ("astype-casting-kw", lambda: pt.astype(X(), pt.int32, casting="unsafe"), TypeError,
     "casting"),
    ("clip-out-kw", lambda: pt.clip(X(), 0, 1, out=None), TypeError, "out"),
    ("sqrt-out-kw", lambda: pt.sqrt(X(), out=np.zeros(3)), TypeError, "out"),
    ("add-bogus-kw", lambda: pt.add(X(), X(), bogus=True), TypeError, "bogus"),
    ("broadcast_to-subok-kw", lambda: pt.broadcast_to(X(), (2, 3), subok=True), TypeError,
     "subok"),
    ("linspace-axis-kw", lambda: pt.linspace(0, 1, 5, axis=1), ValueError, "axis"),
    # ---- negative shapes and sizes
    ("zeros-negative", lambda: pt.zeros((3, -2)), ValueError, "shape.*negative"),
    ("ones-negative", lambda: pt.ones(-1), ValueError, "shape.*negative"),
    ("empty-negative", lambda: pt.empty((-5,)), ValueError, "shape.*negative"),
    ("full-negative", lambda: pt.full((2, -1), 0.0), ValueError, "shape.*negative"),
    ("eye-negative", lambda: pt.eye(-2), ValueError, "eye.*non-negative"),
    ("linspace-negative", lambda: pt.linspace(0, 1, -1), ValueError, "num.*non-negative"),
    ("broadcast_to-negative", lambda: pt.broadcast_to(X((3,)), (-1, 3)), ValueError,
     "shape.*negative"),
    # ---- truth value and scalar conversion of multi-element arrays
    ("bool-multi", lambda: bool(X((2,))), ValueError, "truth value.*more than one element"),
    ("item-multi", lambda: X((2,)).item(), ValueError, "size 2"),
    ("bool-compare", lambda: bool(X((3,)) == X((3,))), ValueError, "truth value"),
    # ---- non-array inputs
    ("sqrt-list", lambda: pt.sqrt([1.0, 4.0]), TypeError, "sqrt.*list"),
    ("sum-object", lambda: pt.sum(object()), TypeError, "sum"),
    ("add-two-scalars", lambda: pt.add(1, 2), TypeError, "add.*Array"),
    ("permute-list", lambda: pt.permute_dims([[1]], (1, 0)), TypeError, "permute_dims"),
    ("like-object", lambda: pt.ones_like(object()), TypeError, "ones_like.*object"),
    # ---- values out of range for the dtype
    ("uint8-plus-300", lambda: X((2,), np.uint8) + 300, OverflowError, "300.*uint8"),
    ("int8-setitem", lambda: X((2,), np.int8).__setitem__(0, 128), OverflowError, "128.*int8"),
    ("full-overflow", lambda: pt.full(2, -1, dtype=pt.uint16), OverflowError,
     "fill_value.*uint16"),
    ("int-negative-power", lambda: X((2,), np.int32) ** -2, ValueError, "negative integer powers"),
    ("setitem-nan-into-int", lambda: X((2,), np.int32).__setitem__(0, float("inf")), ValueError,
     "inf"),
    # ---- devices
    ("zeros-device", lambda: pt.zeros(2, device="cuda:0"), ValueError, "device.*cuda:0"),
    ("to_device", lambda: X().to_device("gpu"), ValueError, "device.*gpu"),
]


@pytest.mark.parametrize("call,exc,match", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_error(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_axis_error_is_value_and_index_error():
    with pytest.raises(ValueError):
        pt.sum(X(), axis=3)
    with pytest.raises(IndexError):
        pt.sum(X(), axis=3)
    # NumPy raises the same
    with pytest.raises(np.exceptions.AxisError):
        np.sum(np.zeros((2, 3)), axis=3)


def test_failed_operations_leave_arrays_intact():
    a = np.arange(6.0).reshape(2, 3)
    x = pt.asarray(a.copy())
    for bad in (lambda: x.__setitem__((0, 5), 1.0), lambda: x.__iadd__(X((3, 3))),
                lambda: x.__setitem__(0, X((2,))), lambda: x.__imul__(X((2, 1, 3)))):
        with pytest.raises((ValueError, IndexError)):
            bad()
    assert_matches(x, a)
    assert_matches(x + 1, a + 1)  # still usable


def test_compare_with_non_array_returns_notimplemented():
    x = X((2,))
    assert (x == "a") is False
    assert (x != None) is True  # noqa: E711
    with pytest.raises(TypeError):
        x < "a"


def test_repartition_spec_of_wrong_length_is_rejected():
    """ctypes would zero-pad a short spec (row units 0: nothing owned); the runtime's spec
    has 15 words."""
    from ptensor import _dist
    with pytest.raises(ValueError, match="15 words, got 13"):
        _dist._spec_array([1] * 13)
    assert list(_dist._spec_array(list(range(15)))) == list(range(15))

"""Buffer donation: `a[k] = v` writes into a's own buffer when nothing else can see a's old
value (src/Program.cpp chooseDonors). Every case compares with NumPy; the donation counter
(pt.cache_info()["donations"]) shows whether the buffer was reused."""
import numpy as np
import pytest

import ptensor as pt

# tests of the compiled programs themselves: every array is recorded (conftest.py)
pytestmark = pytest.mark.usefixtures("compiled")


def fresh(x):
    """A materialized ptensor-owned array (not a NumPy caller's buffer)."""
    a = pt.asarray(x) + 0
    pt.sync()
    return a


def donations():
    return pt.cache_info()["donations"]


def test_update_in_place_is_donated():
    # (columns: under mpiexec every rank's block is partly written; a rank with nothing to
    # write writes nothing, one whose whole block is written needs no insert)
    a = fresh(np.arange(40.0).reshape(10, 4))
    d = donations()
    a[:, 1:3] = 7.0
    pt.sync()
    assert donations() == d + 1
    n = np.arange(40.0).reshape(10, 4)
    n[:, 1:3] = 7.0
    np.testing.assert_array_equal(np.asarray(a), n)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "bool", "complex128"])
def test_chained_updates_of_a_stencil(dtype):
    rng = np.random.default_rng(1)
    u0 = (rng.random((40, 30)) * 10).astype(dtype)
    u, v = fresh(u0), fresh(u0)
    nu, nv = u0.copy(), u0.copy()
    for _ in range(4):
        for x, y in ((u, v), (nu, nv)):
            y[1:-1, 1:-1] = x[:-2, 1:-1] + x[2:, 1:-1] if dtype != "bool" else x[:-2, 1:-1]
            y[0] = x[-1]
        u, v, nu, nv = v, u, nv, nu
    np.testing.assert_array_equal(np.asarray(u), nu)
    np.testing.assert_array_equal(np.asarray(v), nv)


def test_overlapping_self_assignment():
    # the old value is read by the update itself: the program copies, results stay right
    a = fresh(np.arange(10.0))
    a[1:] = a[:-1]
    n = np.arange(10.0)
    n[1:] = n[:-1].copy()
    np.testing.assert_array_equal(np.asarray(a), n)
    a[:-2] = a[2:] * 2
    n[:-2] = n[2:] * 2
    np.testing.assert_array_equal(np.asarray(a), n)


def test_pending_reader_of_old_value():
    a = fresh(np.arange(5.0))
    old = a * 1  # pending, reads a's old value in the same program
    a[0] = 9.0
    np.testing.assert_array_equal(np.asarray(old), np.arange(5.0))
    np.testing.assert_array_equal(np.asarray(a), [9, 1, 2, 3, 4])


def test_swap_between_two_arrays():
    a, b = fresh(np.arange(5.0)), fresh(np.arange(5.0) * 2)
    na, nb = np.arange(5.0), np.arange(5.0) * 2
    t = a[0:2] + 0
    a[0:2] = b[0:2]
    b[0:2] = t
    nt = na[0:2] + 0
    na[0:2] = nb[0:2]
    nb[0:2] = nt
    np.testing.assert_array_equal(np.asarray(a), na)
    np.testing.assert_array_equal(np.asarray(b), nb)


@pytest.mark.parametrize("holder", ["numpy export", "dlpack export", "caller's buffer"])
def test_visible_buffers_are_never_donated(holder):
    # a NumPy view of a's buffer (np.asarray, np.from_dlpack) or the caller's own array that
    # a wraps: a[0] = 5 must leave it as it was
    if holder == "caller's buffer":
        outside = np.arange(6.0)
        a = pt.asarray(outside, device="cpu")  # zero-copy (a device copies)
    else:
        a = fresh(np.arange(6.0))
        outside = np.asarray(a) if holder == "numpy export" else np.from_dlpack(a)
    d = donations()
    a[0] = 5.0
    pt.sync()
    if type(a) is pt.Array:  # local (a distributed array's exports are gathered copies and
        assert donations() == d  # its own rows private: donating them is allowed)
    np.testing.assert_array_equal(outside, np.arange(6.0))
    np.testing.assert_array_equal(np.asarray(a), [5, 1, 2, 3, 4, 5])


def test_view_held_by_python_sees_the_update():
    a = fresh(np.arange(6.0))
    v = a[2:]  # a view, as in NumPy: it shows later writes
    a[3] = 30.0
    np.testing.assert_array_equal(np.asarray(v), [2, 30, 4, 5])


def test_other_array_of_same_data_is_kept():
    a = fresh(np.arange(6.0))
    b = pt.asarray(a, copy=True)
    a[:] = 0.0
    a[1] = 1.0
    np.testing.assert_array_equal(np.asarray(b), np.arange(6.0))
    np.testing.assert_array_equal(np.asarray(a), [0, 1, 0, 0, 0, 0])

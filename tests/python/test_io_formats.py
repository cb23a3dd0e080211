"""HDF5 and Zarr through ptensor.io on one process, against h5py and zarr-python."""
import os

import numpy as np
import pytest

import ptensor as pt

# Under mpiexec (the suite's -n 3 pass) each rank's tmp_path differs, and a distributed
# array's save is collective: tests/mpi/test_io.py tests the files of distributed arrays
pytestmark = pytest.mark.skipif(pt._dist.default_team() is not None,
                                reason="one process's files (tests/mpi/test_io.py: distributed)")

h5py = pytest.importorskip("h5py")
zarr = pytest.importorskip("zarr")

DTYPES = ["bool", "int8", "uint32", "int64", "float32", "float64", "complex128"]


def values(shape, dtype):
    a = np.arange(int(np.prod(shape))).reshape(shape) * 0.75 - 3
    if dtype == "bool":
        return a > 0
    if dtype.startswith("complex"):
        return (a + 2j * a).astype(dtype)
    return a.astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (0,), (6,), (4, 5), (2, 0, 3)])
def test_hdf5_round_trip(tmp_path, dtype, shape):
    a = values(shape, dtype)
    path = tmp_path / "a.h5"
    pt.io.save_hdf5(path, "g/a", pt.asarray(a))
    with h5py.File(path) as fh:
        np.testing.assert_array_equal(fh["g/a"][()], a)
        assert fh["g/a"].dtype == a.dtype
    got = pt.io.load_hdf5(path, "g/a")
    assert isinstance(got, pt.Array) and got.shape == a.shape
    np.testing.assert_array_equal(np.asarray(got), a)


def test_hdf5_slices_dtype_and_options(tmp_path):
    a = np.arange(60.0).reshape(6, 10)
    path = tmp_path / "s.h5"
    with h5py.File(path, "w") as fh:
        fh.create_dataset("u", data=a, chunks=(2, 5))
    got = pt.io.load_hdf5(path, "u", slices=(slice(1, 6, 2), slice(None, None, 3)))
    np.testing.assert_array_equal(np.asarray(got), a[1:6:2, ::3])
    got = pt.io.load_hdf5(path, "u", dtype=pt.float32, slices=slice(4, None))
    assert np.asarray(got).dtype == np.float32
    np.testing.assert_array_equal(np.asarray(got), a[4:].astype(np.float32))
    pt.io.save_hdf5(path, "v", pt.asarray(a), mode="a", chunks=(3, 5), compression="gzip",
                    attrs={"unit": "m", "step": 3})
    with h5py.File(path) as fh:
        assert sorted(fh) == ["u", "v"]
        assert fh["v"].chunks == (3, 5) and fh["v"].compression == "gzip"
        assert fh["v"].attrs["unit"] == "m" and fh["v"].attrs["step"] == 3
        np.testing.assert_array_equal(fh["v"][()], a)
    pt.io.save_hdf5(path, "v", pt.ones(3), mode="a")  # replaces the dataset
    with h5py.File(path) as fh:
        np.testing.assert_array_equal(fh["v"][()], np.ones(3))


def test_hdf5_bad_input(tmp_path):
    with pytest.raises(FileNotFoundError):
        pt.io.load_hdf5(tmp_path / "none.h5", "x")
    path = tmp_path / "b.h5"
    with h5py.File(path, "w") as fh:
        fh.create_dataset("s", data=np.array([b"ab", b"c"]))
        fh.create_group("grp")
    with pytest.raises(KeyError, match="'x'"):
        pt.io.load_hdf5(path, "x")
    with pytest.raises(KeyError, match="grp"):
        pt.io.load_hdf5(path, "grp")
    with pytest.raises(TypeError, match="element type"):
        pt.io.load_hdf5(path, "s")
    with pytest.raises(ValueError, match="positive step"):
        pt.io.load_hdf5(path, "s", slices=slice(None, None, -1))
    with pytest.raises(ValueError, match="mode"):
        pt.io.save_hdf5(path, "x", pt.ones(2), mode="r")
    with pytest.raises(FileNotFoundError):
        pt.io.save_hdf5(tmp_path / "no" / "x.h5", "x", pt.ones(2))


def test_hdf5_failed_save_keeps_the_old_file(tmp_path):
    path = tmp_path / "k.h5"
    pt.io.save_hdf5(path, "x", pt.arange(3))
    os.mkdir(pt._io_files.partial_name(path, private=True))
    with pytest.raises(OSError):
        pt.io.save_hdf5(path, "x", pt.arange(10))
    with h5py.File(path) as fh:
        np.testing.assert_array_equal(fh["x"][()], np.arange(3))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(0,), (7,), (4, 5), (3, 2, 4)])
def test_zarr_round_trip(tmp_path, dtype, shape):
    a = values(shape, dtype)
    where = str(tmp_path / "a.zarr")
    pt.io.save_zarr(where, pt.asarray(a))
    z = zarr.open_array(where, mode="r")
    np.testing.assert_array_equal(z[...], a)
    assert z.dtype == a.dtype
    np.testing.assert_array_equal(np.asarray(pt.io.load_zarr(where)), a)


def test_zarr_made_by_zarr_chunks_slices_and_groups(tmp_path):
    a = np.arange(48, dtype=np.int32).reshape(6, 8)
    where = str(tmp_path / "g.zarr")
    g = zarr.open_group(where, mode="w")
    arr = g.create_array("inner/u", shape=a.shape, chunks=(4, 3), dtype="int32")
    arr[...] = a
    np.testing.assert_array_equal(np.asarray(pt.io.load_zarr(where, path="inner/u")), a)
    got = pt.io.load_zarr(where, path="inner/u", slices=(slice(1, None, 2),), dtype=pt.int64)
    np.testing.assert_array_equal(np.asarray(got), a[1::2].astype(np.int64))
    out = str(tmp_path / "c.zarr")
    pt.io.save_zarr(out, pt.asarray(a), chunks=(2, 4), attributes={"k": "v"})
    z = zarr.open_array(out, mode="r")
    assert z.chunks == (2, 4) and z.attrs["k"] == "v"
    np.testing.assert_array_equal(z[...], a)


def test_zarr_overwrite_and_bad_input(tmp_path):
    where = str(tmp_path / "o.zarr")
    pt.io.save_zarr(where, pt.arange(3))
    pt.io.save_zarr(where, pt.arange(5.0))
    np.testing.assert_array_equal(zarr.open_array(where, mode="r")[...], np.arange(5.0))
    with pytest.raises(FileExistsError):
        pt.io.save_zarr(where, pt.arange(2), overwrite=False)
    with pytest.raises(FileNotFoundError):
        pt.io.load_zarr(str(tmp_path / "none.zarr"))
    with pytest.raises(FileNotFoundError):
        pt.io.load_zarr(where, path="missing")
    with pytest.raises(ValueError, match="chunks"):
        pt.io.save_zarr(str(tmp_path / "c.zarr"), pt.ones((2, 2)), chunks=(1,))
    with pytest.raises(TypeError, match="directory path"):
        pt.io.save_zarr(zarr.storage.MemoryStore(), pt.ones(2))

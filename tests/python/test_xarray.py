"""xarray over ptensor arrays (xarray from PyPI): a DataArray wrapping a ptensor array keeps
ptensor arrays through arithmetic, NumPy's ufuncs, selection, reductions over named
dimensions, concatenation and the other operations below, with the values xarray gives
over NumPy arrays. (Under mpiexec the suite's arrays are distributed: the same DataArray
code runs on arrays split over the ranks.) Known gap: operations that ask xarray for a fill
value of the dtype (where with one argument, shift) need a NumPy dtype and raise
TypeError."""
import numpy as np
import pytest

import ptensor as pt

xr = pytest.importorskip("xarray")

A = np.arange(24.0).reshape(4, 6) % 7 - 2.5
COORDS = {"a": [10, 20, 30, 40], "b": list("uvwxyz")}

OPS = [("arithmetic", lambda d: d * 2 + 1 - d / 3), ("ufunc", lambda d: np.sin(d)),
       ("mean a", lambda d: d.mean("a")), ("sum b", lambda d: d.sum("b")),
       ("std a", lambda d: d.std("a")), ("max", lambda d: d.max()),
       ("isel", lambda d: d.isel(a=1)), ("sel", lambda d: d.sel(a=20)),
       ("sel slice", lambda d: d.sel(b=slice("v", "x"))),
       ("concat", lambda d: xr.concat([d, d], dim="a")), ("transpose", lambda d: d.T),
       ("cumsum", lambda d: d.cumsum("a")), ("median", lambda d: d.median("a")),
       ("diff", lambda d: d.diff("b")), ("roll", lambda d: d.roll(b=1)),
       ("argmax", lambda d: d.argmax("a")), ("dot", lambda d: d.dot(d)),
       ("quantile", lambda d: d.quantile(0.25, dim="a")),
       ("where", lambda d: d.where(d > 0, -1.0)), ("broadcast", lambda d: d + d.isel(a=0)),
       ("groupby-free mean of both", lambda d: d.mean(("a", "b")))]


@pytest.mark.parametrize("name,op", OPS, ids=[n for n, _ in OPS])
def test_dataarray_keeps_ptensor_arrays(name, op):
    ours = op(xr.DataArray(pt.asarray(A), dims=("a", "b"), coords=COORDS))
    want = op(xr.DataArray(A, dims=("a", "b"), coords=COORDS))
    assert isinstance(ours.data, pt.Array), type(ours.data)
    assert ours.dims == want.dims
    np.testing.assert_allclose(np.asarray(ours.data), want.values, rtol=1e-12)
    for k in want.coords:
        np.testing.assert_array_equal(ours.coords[k].values, want.coords[k].values)


def test_dataset_of_ptensor_arrays():
    # (Dataset reductions ask NumPy about the dtypes: ptensor's dtypes are NumPy's to it)
    assert np.dtype(pt.float64) == np.float64 and np.issubdtype(pt.int32, np.integer)
    ds = xr.Dataset({"t": (("a", "b"), pt.asarray(A)), "p": (("a",), pt.asarray(A[:, 0]))},
                    coords=COORDS)
    want = xr.Dataset({"t": (("a", "b"), A), "p": (("a",), A[:, 0])}, coords=COORDS)
    for got, ref in [(ds.mean("a"), want.mean("a")), (ds * 2, want * 2)]:
        for v in ("t", "p"):
            assert isinstance(got[v].data, pt.Array)
            np.testing.assert_allclose(np.asarray(got[v].data), ref[v].values, rtol=1e-12)


def test_fill_value_operations_name_the_gap():
    d = xr.DataArray(pt.asarray(A), dims=("a", "b"))
    with pytest.raises(TypeError, match="dtype"):
        d.shift(b=1)


def test_netcdf_round_trip(tmp_path):
    # to_netcdf reads the ptensor arrays through NumPy's protocol (a distributed array is
    # gathered); read back, the variables wrap ptensor arrays again and compute as before
    ds = xr.Dataset({"t": (("a", "b"), pt.asarray(A)), "p": (("a",), pt.asarray(A[:, 0]))},
                    coords=COORDS, attrs={"run": "r1"})
    path = tmp_path / "ds.nc"
    ds.to_netcdf(path, engine="scipy")
    with xr.open_dataset(path, engine="scipy") as back:
        assert back.attrs["run"] == "r1"
        np.testing.assert_array_equal(back["t"].values, A)
        np.testing.assert_array_equal(back["p"].values, A[:, 0])
        again = back.map(lambda v: v.copy(data=pt.asarray(v.values)))
        got = again.mean("a")
    assert isinstance(got["t"].data, pt.Array)
    np.testing.assert_allclose(np.asarray(got["t"].data), A.mean(0), rtol=1e-12)


def test_netcdf4_variable_loads_with_pt_io(tmp_path):
    # a netCDF-4 file is an HDF5 file whose variables are datasets: pt.io.load_hdf5 reads one
    # into a ptensor array (split over the ranks under mpiexec) without xarray
    pytest.importorskip("h5netcdf")
    ds = xr.Dataset({"t": (("a", "b"), pt.asarray(A))}, coords=COORDS)
    path = tmp_path / "ds4.nc"
    ds.to_netcdf(path, engine="h5netcdf")
    got = pt.io.load_hdf5(path, "t")
    assert isinstance(got, pt.Array)
    np.testing.assert_array_equal(np.asarray(got), A)

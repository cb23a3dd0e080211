"""NumPy's file formats through ptensor on one process: .npy, .npz, raw binary and text,
compared with NumPy's own writers and readers (bit for bit), and the bad inputs."""
import io
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ptensor as pt

# Under mpiexec (the suite's -n 3 pass) each rank's tmp_path differs, and a distributed
# array's save is collective: tests/mpi/test_io.py tests the files of distributed arrays
pytestmark = pytest.mark.skipif(pt._dist.default_team() is not None,
                                reason="one process's files (tests/mpi/test_io.py: distributed)")

DTYPES = ["bool", "int8", "uint16", "int32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]
SHAPES = [(), (0,), (1,), (7,), (5, 3), (4, 0), (3, 4, 5)]


def values(shape, dtype):
    rng = np.random.default_rng(sum(shape) + len(dtype))
    a = np.asarray(rng.standard_normal(shape) * 50)
    if dtype == "bool":
        return a > 0
    if dtype.startswith("complex"):
        return (a + 1j * np.flip(a)).astype(dtype)
    return a.astype(dtype)


def same_file_bytes(p, q):
    with open(p, "rb") as a, open(q, "rb") as b:
        return a.read() == b.read()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_save_writes_numpys_file(tmp_path, dtype, shape):
    a = values(shape, dtype)
    pt.save(tmp_path / "p.npy", pt.asarray(a))
    np.save(tmp_path / "n.npy", a)
    assert same_file_bytes(tmp_path / "p.npy", tmp_path / "n.npy")
    got = pt.load(tmp_path / "n.npy")
    assert isinstance(got, pt.Array) and got.shape == a.shape
    np.testing.assert_array_equal(np.asarray(got), a)
    assert np.asarray(got).dtype == a.dtype


def test_save_adds_the_suffix_and_accepts_array_likes(tmp_path):
    pt.save(str(tmp_path / "x"), [[1, 2], [3, 4]])
    np.testing.assert_array_equal(np.load(tmp_path / "x.npy"), [[1, 2], [3, 4]])


@pytest.mark.parametrize("order", ["big", "fortran"])
def test_load_reads_big_endian_and_fortran_files(tmp_path, order):
    a = np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 1.5
    b = a.astype(">f8") if order == "big" else np.asfortranarray(a)
    np.save(tmp_path / "a.npy", b)
    got = pt.load(tmp_path / "a.npy")
    np.testing.assert_array_equal(np.asarray(got), a)


def test_float16_files_load_as_float32(tmp_path):
    np.save(tmp_path / "h.npy", np.array([1.5, 2.25], dtype=np.float16))
    got = np.asarray(pt.load(tmp_path / "h.npy"))
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, [1.5, 2.25])


def test_loaded_array_computes_and_writes_in_place(tmp_path):
    np.save(tmp_path / "a.npy", np.arange(6.0))
    x = pt.load(tmp_path / "a.npy")
    x[2] = 10.0
    np.testing.assert_array_equal(np.asarray(x * 2), np.array([0, 2, 20, 6, 8, 10.0]))
    np.testing.assert_array_equal(np.load(tmp_path / "a.npy"), np.arange(6.0))


@pytest.mark.parametrize("mode", ["r", "c"])
def test_mmap_mode_reads_and_never_writes_the_file(tmp_path, mode):
    a = np.arange(12.0).reshape(3, 4)
    np.save(tmp_path / "a.npy", a)
    x = pt.load(tmp_path / "a.npy", mmap_mode=mode)
    np.testing.assert_array_equal(np.asarray(x[1:]), a[1:])
    x[0, 0] = -1.0
    assert float(x[0, 0]) == -1.0
    np.testing.assert_array_equal(np.load(tmp_path / "a.npy"), a)


def test_save_and_load_file_objects(tmp_path):
    buf = io.BytesIO()
    pt.save(buf, pt.arange(5))
    buf.seek(0)
    np.testing.assert_array_equal(np.load(buf), np.arange(5))
    buf.seek(0)
    np.testing.assert_array_equal(np.asarray(pt.load(buf)), np.arange(5))


def test_numpys_save_reaches_ptensors(tmp_path):
    # np.save dispatches on its array argument: a ptensor array is written by pt.save
    np.save(tmp_path / "d.npy", pt.arange(4.0) * 2)
    np.testing.assert_array_equal(np.load(tmp_path / "d.npy"), np.arange(4.0) * 2)


def test_savez_and_savez_compressed(tmp_path):
    a, b = np.arange(10), np.linspace(0, 1, 7).reshape(7, 1)
    pt.savez(tmp_path / "u", pt.asarray(a), b=pt.asarray(b))
    pt.savez_compressed(tmp_path / "c.npz", pt.asarray(a), b=pt.asarray(b))
    for name in ("u.npz", "c.npz"):
        with np.load(tmp_path / name) as z:
            assert sorted(z.files) == ["arr_0", "b"]
            np.testing.assert_array_equal(z["arr_0"], a)
            np.testing.assert_array_equal(z["b"], b)
        with pt.load(tmp_path / name) as z:
            assert "b" in z and len(z) == 2
            assert isinstance(z["b"], pt.Array)
            np.testing.assert_array_equal(np.asarray(z["b"]), b)
    with pytest.raises(ValueError, match="arr_0"):
        pt.savez(tmp_path / "bad", pt.arange(2), arr_0=pt.arange(3))


def test_load_npz_made_by_numpy(tmp_path):
    np.savez(tmp_path / "n.npz", x=np.eye(3), y=np.arange(4, dtype=np.int16))
    z = pt.load(tmp_path / "n.npz")
    np.testing.assert_array_equal(np.asarray(z["x"]), np.eye(3))
    assert [k for k, _ in z.items()] == ["x", "y"]
    z.close()


@pytest.mark.parametrize("dtype", ["int16", "float64", "complex64"])
def test_fromfile_and_tofile(tmp_path, dtype):
    a = values((3, 5), dtype)
    pt.asarray(a).tofile(tmp_path / "p.bin")
    a.tofile(tmp_path / "n.bin")
    assert same_file_bytes(tmp_path / "p.bin", tmp_path / "n.bin")
    got = pt.fromfile(tmp_path / "n.bin", dtype=getattr(pt, dtype), count=7,
                      offset=a.itemsize * 2)
    np.testing.assert_array_equal(np.asarray(got), a.ravel()[2:9])
    np.testing.assert_array_equal(np.asarray(pt.fromfile(tmp_path / "n.bin", dtype=dtype)),
                                  a.ravel())


def test_fromfile_text_and_tofile_text(tmp_path):
    pt.asarray([1.5, 2.0, 3.25]).tofile(tmp_path / "t.txt", sep=",")
    assert (tmp_path / "t.txt").read_text() == "1.5,2.0,3.25"
    np.testing.assert_array_equal(np.asarray(pt.fromfile(tmp_path / "t.txt", sep=",")),
                                  [1.5, 2.0, 3.25])


def test_fromfile_count_beyond_the_file_raises(tmp_path):
    np.arange(4, dtype=np.int32).tofile(tmp_path / "r.bin")
    with pytest.raises(ValueError, match="count=9"):
        pt.fromfile(tmp_path / "r.bin", dtype=pt.int32, count=9)


def test_text_round_trips_against_numpy(tmp_path):
    a = np.arange(12.0).reshape(4, 3) / 7
    pt.savetxt(tmp_path / "p.txt", pt.asarray(a), fmt="%.6f", delimiter=",", header="h")
    np.savetxt(tmp_path / "n.txt", a, fmt="%.6f", delimiter=",", header="h")
    assert (tmp_path / "p.txt").read_text() == (tmp_path / "n.txt").read_text()
    got = pt.loadtxt(tmp_path / "n.txt", delimiter=",", skiprows=1, usecols=(0, 2))
    np.testing.assert_array_equal(np.asarray(got),
                                  np.loadtxt(tmp_path / "n.txt", delimiter=",", usecols=(0, 2)))
    pt.savetxt(tmp_path / "g.txt.gz", pt.asarray(a))
    np.testing.assert_array_equal(np.asarray(pt.loadtxt(tmp_path / "g.txt.gz")), a)
    got = pt.loadtxt(io.StringIO("1 2\n3 4"), dtype=pt.int32)
    assert np.asarray(got).dtype == np.int32


def test_genfromtxt_fills_missing_values():
    text = "1,2,3\n4,,6\n7,8,\n"
    np.testing.assert_array_equal(np.asarray(pt.genfromtxt(io.StringIO(text), delimiter=",")),
                                  np.genfromtxt(io.StringIO(text), delimiter=","))
    got = pt.genfromtxt(io.StringIO(text), delimiter=",", filling_values=-1)
    np.testing.assert_array_equal(np.asarray(got),
                                  np.genfromtxt(io.StringIO(text), delimiter=",",
                                                filling_values=-1))
    with pytest.raises(TypeError, match="masked"):
        pt.genfromtxt(io.StringIO(text), delimiter=",", usemask=True)


# ------------------------------------------------------------------ bad input ----

def test_missing_file_and_directory(tmp_path):
    with pytest.raises(FileNotFoundError):
        pt.load(tmp_path / "none.npy")
    with pytest.raises(IsADirectoryError):
        pt.load(tmp_path)
    (tmp_path / "d.npy").mkdir()
    with pytest.raises(IsADirectoryError):
        pt.save(tmp_path / "d.npy", pt.arange(3))
    with pytest.raises(FileNotFoundError):
        pt.save(tmp_path / "no" / "dir.npy", pt.arange(3))


def test_truncated_file_and_lying_header(tmp_path):
    np.save(tmp_path / "a.npy", np.arange(100.0))
    raw = (tmp_path / "a.npy").read_bytes()
    (tmp_path / "t.npy").write_bytes(raw[:-8])
    with pytest.raises(ValueError, match="truncated"):
        pt.load(tmp_path / "t.npy")
    with open(tmp_path / "lie.npy", "wb") as fp:  # a header announcing 10^12 elements
        np.lib.format.write_array_header_1_0(
            fp, {"descr": "<f8", "fortran_order": False, "shape": (10**6, 10**6)})
        fp.write(b"\0" * 64)
    with pytest.raises(ValueError, match="truncated"):
        pt.load(tmp_path / "lie.npy")
    (tmp_path / "junk.npy").write_bytes(b"not a numpy file at all")
    with pytest.raises(ValueError, match="not a .npy file"):
        pt.load(tmp_path / "junk.npy")


def test_types_ptensor_lacks_raise_type_errors(tmp_path):
    np.save(tmp_path / "s.npy", np.array(["a", "bc"]))
    with pytest.raises(TypeError, match="<U2"):
        pt.load(tmp_path / "s.npy")
    np.save(tmp_path / "o.npy", np.array([1, None], dtype=object))
    with pytest.raises(TypeError, match="object"):
        pt.load(tmp_path / "o.npy")
    with pytest.raises(ValueError, match="allow_pickle"):
        pt.load(tmp_path / "o.npy", allow_pickle=True)
    with pytest.raises(ValueError, match="never write through"):
        pt.load(tmp_path / "s.npy", mmap_mode="r+")


def test_failed_save_keeps_the_old_file(tmp_path):
    target = tmp_path / "keep.npy"
    np.save(target, np.arange(3))
    os.mkdir(pt._io_files.partial_name(target, private=True))  # the partial file cannot be made
    with pytest.raises(IsADirectoryError):
        pt.save(target, pt.arange(10))
    np.testing.assert_array_equal(np.load(target), np.arange(3))


def test_read_only_target_directory(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only directories")
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o500)
    with pytest.raises(PermissionError):
        pt.save(d / "x.npy", pt.arange(3))


def test_full_disk_raises_and_keeps_the_old_file(tmp_path):
    # a file-size limit (ulimit -f) makes the write fail part way, as a full disk does
    target = tmp_path / "big.npy"
    np.save(target, np.arange(5))
    code = textwrap.dedent(f"""
        import resource, numpy as np, ptensor as pt
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 16, 1 << 16))
        try:
            pt.save({str(target)!r}, pt.asarray(np.ones(1 << 16)))
        except OSError as e:
            print("OSError", e.errno)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert "OSError" in out.stdout, out.stdout + out.stderr
    np.testing.assert_array_equal(np.load(target), np.arange(5))
    assert [p.name for p in tmp_path.iterdir()] == ["big.npy"]  # no partial file left

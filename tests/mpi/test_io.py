"""File I/O under mpiexec (pt.save/load/savez/fromfile/tofile/text, pt.io HDF5 and Zarr):
files ptensor writes are NumPy's, h5py's and zarr's, files they write load into the layout
asked for (each rank holding only its block of rows), and bad input raises the same
exception type on every rank instead of leaving a rank waiting in a collective."""
import hashlib
import io
import os
import resource
import signal
import zipfile

import numpy as np
import pytest
from mpi4py import MPI

import ptensor as pt
from ptensor import spmd
from _helpers import check, dist

h5py = pytest.importorskip("h5py")
zarr = pytest.importorskip("zarr")
COMM = MPI.COMM_WORLD
DTYPES = ["bool", "int8", "uint16", "int32", "int64", "float32", "float64", "complex64",
          "complex128"]
# (shape, split) for every axis a shape has; lengths 7, 5, 3 do not divide by 2 or 4
LAYOUTS = [(s, k) for s in [(0,), (1,), (7,), (5, 3), (4, 0), (3, 4, 5)] for k in range(len(s))]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    # one directory for all ranks: rank 0's pytest tmp dir, its name sent to the others
    return COMM.bcast(str(tmp_path_factory.mktemp("io")) if COMM.rank == 0 else None, root=0)


@pytest.fixture
def d(base, request):
    """A directory of this test's own, the same path on every rank."""
    p = os.path.join(base, hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:16])
    os.makedirs(p, exist_ok=True)
    return p


def _write_bytes(path, data):
    with open(path, "wb") as fh:
        fh.write(data)


def _h5(path, name="a", data=np.arange(3), **kw):
    with h5py.File(path, "w") as fh:
        fh.create_dataset(name, data=data, **kw)


def on_root(fn, *args, **kw):
    """fn on rank 0 (a reference file written by NumPy/h5py/zarr), then every rank sees it."""
    if COMM.rank == 0:
        fn(*args, **kw)
    COMM.Barrier()


def values(shape, dtype, seed=0):
    """The same values on every rank (one seed), spanning the dtype's range."""
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    native = dt.newbyteorder("=")
    if dt == bool:
        return rng.random(shape) > 0.5
    if dt.kind in "iu":
        info = np.iinfo(native)
        return rng.integers(info.min, info.max, size=shape, dtype=native,
                            endpoint=True).astype(dt)
    a = rng.standard_normal(shape) * 1e3
    if dt.kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dt)


def check_layout(x, want, split):
    """x equals want, and each rank holds exactly its block of axis split (np.array_split's
    blocks: the creation functions' partition); a local array on one process."""
    check(x, want, exact=True)
    if COMM.size == 1 or split is None:
        assert not dist(x)
        return
    assert dist(x) and x.split == split
    blocks = np.array_split(want, COMM.size, axis=split)
    lo = sum(b.shape[split] for b in blocks[:COMM.rank])
    assert spmd.get_local_range(x) == (lo, lo + blocks[COMM.rank].shape[split])
    check(spmd.get_locals(x), blocks[COMM.rank], exact=True)


def raises_everywhere(exc, fn, *args, **kw):
    """fn raises exc on every rank, the same type on all (no rank returns or hangs)."""
    try:
        fn(*args, **kw)
        got = None
    except Exception as e:  # compared across ranks below
        got = e
    kinds = COMM.allgather(None if got is None else type(got).__name__)
    assert len(set(kinds)) == 1, kinds
    assert isinstance(got, exc), repr(got)
    return got


# --------------------------------------------------------------------- .npy ----

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,split", LAYOUTS)
def test_npy_round_trips(team, d, dtype, shape, split):
    w = values(shape, dtype)
    mine = os.path.join(d, "pt")  # gains ".npy", as in NumPy
    pt.save(mine, pt.asarray(w, team=team, split=split))
    check(np.load(mine + ".npy"), w, exact=True)
    theirs = os.path.join(d, "np.npy")
    on_root(np.save, theirs, w)
    check_layout(pt.load(theirs, split=split), w, split)
    if COMM.size > 1:  # the ranks write NumPy's file of a C-ordered array, bit for bit
        with open(mine + ".npy", "rb") as a, open(theirs, "rb") as b:
            assert a.read() == b.read()


@pytest.mark.parametrize("mmap_mode", [None, "r", "c"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", [">i4", ">f8", ">c16", "<u2", "float16"])
@pytest.mark.parametrize("shape,split", [((7,), 0), ((5, 3), 0), ((5, 3), 1), ((3, 4, 5), 0),
                                         ((3, 4, 5), 1), ((3, 4, 5), 2), ((5, 1), 0)])
def test_npy_byte_order_fortran_mmap(team, d, dtype, order, shape, split, mmap_mode):
    w = np.asarray(values(shape, dtype), order=order)
    path = os.path.join(d, "a.npy")
    on_root(np.save, path, w)
    want = w.astype(np.float32 if dtype == "float16" else w.dtype.newbyteorder("="))
    x = pt.load(path, mmap_mode=mmap_mode, split=split)
    check_layout(x, want, split)
    if mmap_mode is not None:  # a write never reaches the file
        x[0] = 0
        want[0] = 0
        check(x, want, exact=True)
        np.testing.assert_array_equal(np.load(path), w)


def test_npy_defaults_and_split_none(team, d):
    w = values((9, 4), "float64")
    path = os.path.join(d, "a.npy")
    on_root(np.save, path, w)
    check_layout(pt.load(path), w, 0)
    check_layout(pt.load(path, split=-1), w, 1)
    check_layout(pt.load(path, split=None), w, None)
    check_layout(pt.load(path, split=None, mmap_mode="r"), w, None)
    x = pt.load(path, team=team)
    assert dist(x) and x.team == team
    check(x, w, exact=True)
    with open(path, "rb") as fh:  # a file object: NumPy reads it, each rank keeps its rows
        check_layout(pt.load(fh, split=1), w, 1)
    buf = io.BytesIO()  # to a file object: rank 0 writes the whole file
    pt.save(buf, x)
    if COMM.rank == 0:
        np.testing.assert_array_equal(np.load(io.BytesIO(buf.getvalue())), w)
    else:
        assert buf.getvalue() == b""


@pytest.mark.parametrize("view", ["step", "transpose", "columns", "reversed", "3d"])
def test_save_of_a_view(team, d, view):
    w = values((11, 6), "int32") if view != "3d" else values((5, 4, 3), "float64")
    x = pt.asarray(w, team=team)
    pick = {"step": lambda a: a[1::2], "transpose": lambda a: a.T,
            "columns": lambda a: a[2:, 1:5:2], "reversed": lambda a: a[::-1],
            "3d": lambda a: a.transpose(2, 0, 1)[:, 1:]}[view]
    path = os.path.join(d, "v.npy")
    pt.save(path, pick(x))
    np.testing.assert_array_equal(np.load(path), pick(w))
    raw = os.path.join(d, "v.bin")
    pick(x).tofile(raw)
    np.testing.assert_array_equal(np.fromfile(raw, dtype=w.dtype), pick(w).ravel())


def test_checkpoint_restarts_on_fewer_ranks(team, d):
    w = values((10, 3), "float64")
    path = os.path.join(d, "ckpt.npy")
    pt.save(path, pt.asarray(w, team=team))
    check_layout(pt.load(path, split=None), w, None)  # any rank count reads the whole
    small = max(team.size - 1, 1)  # a team of all ranks but the last (all, on one process)
    color = int(team.rank >= small)
    sub = spmd.split(color, team=team)
    x = pt.load(path, team=sub)
    assert dist(x) and x.team == sub and sub.size == (1 if color else small)
    check(x, w, exact=True)
    check(spmd.get_locals(x), np.array_split(w, sub.size)[sub.rank], exact=True)
    pt.save(os.path.join(d, f"sub{color}.npy"), x * 2)  # written on the sub-team, read by all
    COMM.Barrier()
    check_layout(pt.load(os.path.join(d, "sub0.npy")), w * 2, 0)


# --------------------------------------------------------------------- .npz ----

@pytest.mark.parametrize("compressed", [False, True])
def test_savez(team, d, compressed):
    a, b, c = values((7, 3), "float64"), values((5, 9), "int16", 1), values((), "complex64", 2)
    saver = pt.savez_compressed if compressed else pt.savez
    path = os.path.join(d, "z")
    saver(path, pt.asarray(a, team=team), c, bee=pt.asarray(b, team=team, split=1))
    with np.load(path + ".npz") as z:
        assert sorted(z.files) == ["arr_0", "arr_1", "bee"]
        for k, want in [("arr_0", a), ("arr_1", c), ("bee", b)]:
            check(z[k], want, exact=True)
    with zipfile.ZipFile(path + ".npz") as zf:
        kinds = {i.compress_type for i in zf.infolist()}
    assert kinds == {zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED}


@pytest.mark.parametrize("split", [0, 1, None])
def test_load_npz_made_by_numpy(team, d, split):
    a, b = values((7, 4), "int64"), values((3, 5), "complex128", 1)
    path = os.path.join(d, "np.npz")
    on_root(np.savez, path, a, b=b)
    with pt.load(path, split=split) as z:
        assert z.files == list(np.load(path).files) and "b" in z and len(z) == 2
        check_layout(z["arr_0"], a, split)
        check_layout(z["b"], b, split)
        with pytest.raises(KeyError):
            z["missing"]


# ------------------------------------------------------------ raw and text ----

@pytest.mark.parametrize("dtype", ["int16", "float64", "complex64"])
@pytest.mark.parametrize("count,offset", [(-1, 0), (5, 0), (-1, 16), (9, 8), (0, 0)])
def test_tofile_fromfile(team, d, dtype, count, offset):
    w = values((13, 2), dtype)
    path = os.path.join(d, "raw.bin")
    pt.asarray(w, team=team).tofile(path)
    with open(path, "rb") as fh:
        assert fh.read() == w.tobytes()
    want = np.fromfile(path, dtype=dtype, count=count, offset=offset)
    check_layout(pt.fromfile(path, dtype=dtype, count=count, offset=offset), want, 0)
    check_layout(pt.fromfile(path, dtype=getattr(pt, dtype), count=count, offset=offset,
                             split=None), want, None)
    txt = os.path.join(d, "raw.txt")
    pt.asarray(w.real.astype(np.float64), team=team).tofile(txt, sep=" ", format="%.17g")
    check_layout(pt.fromfile(txt, sep=" "), np.fromfile(txt, sep=" "), 0)


@pytest.mark.parametrize("gz", ["", ".gz"])
def test_savetxt_loadtxt(team, d, gz):
    w = values((9, 4), "float64")
    mine, theirs = os.path.join(d, "pt.txt" + gz), os.path.join(d, "np.txt" + gz)
    kw = dict(fmt="%.6e", delimiter=",", header="a,b,c,d")
    pt.savetxt(mine, pt.asarray(w, team=team), **kw)
    on_root(np.savetxt, theirs, w, **kw)
    want = np.loadtxt(theirs, delimiter=",")
    check(np.loadtxt(mine, delimiter=","), want, exact=True)
    if not gz:  # a gzip header holds the file's name and time; plain text is byte-equal
        with open(mine, "rb") as a, open(theirs, "rb") as b:
            assert a.read() == b.read()
    check_layout(pt.loadtxt(mine, delimiter=","), want, 0)
    check_layout(pt.loadtxt(mine, delimiter=",", split=None), want, None)
    check_layout(pt.loadtxt(mine, dtype=pt.float32, delimiter=",", usecols=(1, 3)),
                 np.loadtxt(theirs, dtype=np.float32, delimiter=",", usecols=(1, 3)), 0)


def test_genfromtxt(team, d):
    path = os.path.join(d, "g.csv")
    on_root(_write_bytes, path, b"# x,y,z\n1,2,3\n4,,6\n7,8,\n,11,12\n13,14,15\n")
    for kw in [dict(delimiter=","), dict(delimiter=",", filling_values=-1.0),
               dict(delimiter=",", skip_header=2, dtype=np.int64, filling_values=0)]:
        check_layout(pt.genfromtxt(path, **kw), np.genfromtxt(path, **kw), 0)
    check_layout(pt.genfromtxt(path, delimiter=",", split=None),
                 np.genfromtxt(path, delimiter=","), None)
    raises_everywhere(TypeError, pt.genfromtxt, path, delimiter=",", usemask=True)


# --------------------------------------------------------------------- HDF5 ----

@pytest.mark.parametrize("shape,split", [((7, 5), 0), ((7, 5), 1), ((11,), 0), ((3, 4, 5), 2),
                                         ((0, 3), 0)])
def test_save_hdf5(team, d, shape, split):
    w = values(shape, "float32")
    path = os.path.join(d, "s.h5")
    pt.io.save_hdf5(path, "grp/u", pt.asarray(w, team=team, split=split),
                    attrs={"unit": "m", "step": 3}, compression="gzip", compression_opts=4)
    with h5py.File(path, "r") as fh:
        ds = fh["grp/u"]
        check(ds[()], w, exact=True)
        assert ds.compression == "gzip" and ds.compression_opts == 4
        assert ds.attrs["unit"] == "m" and ds.attrs["step"] == 3
    COMM.Barrier()  # every rank has closed the file before it is appended to
    v = values((4, 6), "int64", 1)
    pt.io.save_hdf5(path, "v", pt.asarray(v, team=team, split=1), mode="a")
    pt.io.save_hdf5(path, "grp/u", pt.asarray(w * 2, team=team, split=split), mode="a")
    with h5py.File(path, "r") as fh:
        assert sorted(fh.keys()) == ["grp", "v"]
        check(fh["v"][()], v, exact=True)
        check(fh["grp/u"][()], w * 2, exact=True)
    COMM.Barrier()


@pytest.mark.parametrize("split", [0, 1, None])
@pytest.mark.parametrize("slices", [None, slice(1, 6), (slice(None), slice(1, 9, 3)),
                                    (slice(0, 7, 2), slice(2, 3)), (slice(3, 3),)])
def test_load_hdf5(team, d, split, slices):
    w = values((7, 9), "complex128")
    path = os.path.join(d, "l.h5")
    on_root(_h5, path, "a/b", w, chunks=(2, 4))
    want = w[slices if slices is not None else ()]
    check_layout(pt.io.load_hdf5(path, "a/b", slices=slices, split=split), want, split)
    check_layout(pt.io.load_hdf5(path, "/a/b", dtype=pt.complex64, slices=slices, split=split),
                 want.astype(np.complex64), split)


# --------------------------------------------------------------------- Zarr ----

@pytest.mark.parametrize("shape,split", [((12, 5), 0), ((7, 5), 0), ((5, 7), 1), ((10,), 0)])
def test_save_zarr_default_chunks(team, d, shape, split):
    w = values(shape, "int32")
    x = pt.asarray(w, team=team, split=split)
    where = os.path.join(d, "s.zarr")
    pt.io.save_zarr(where, x, attributes={"step": 2})
    z = zarr.open_array(where, mode="r")
    check(z[...], w, exact=True)
    assert z.attrs["step"] == 2
    blocks = [b.shape[split] for b in np.array_split(w, COMM.size, axis=split)]
    want = tuple(max(blocks) if i == split else n for i, n in enumerate(shape))
    assert tuple(z.chunks) == want, (z.chunks, want)
    starts = np.cumsum([0] + blocks[:-1])
    if shape[split] % COMM.size == 0:  # an even partition: every rank's rows are whole chunks
        assert all(s % z.chunks[split] == 0 for s in starts)
    pt.io.save_zarr(where, x[::-1])  # over an old store
    np.testing.assert_array_equal(zarr.open_array(where, mode="r")[...], w[::-1])
    raises_everywhere(FileExistsError, pt.io.save_zarr, where, x, overwrite=False)


@pytest.mark.parametrize("chunks", [(2, 3), 3, (5, 1)])
def test_save_zarr_user_chunks(team, d, chunks):
    w = values((11, 7), "float64")
    where = os.path.join(d, "c.zarr")
    for split in (0, 1):
        pt.io.save_zarr(where, pt.asarray(w + split, team=team, split=split), chunks=chunks)
        z = zarr.open_array(where, mode="r")
        assert tuple(z.chunks) == ((chunks,) * 2 if isinstance(chunks, int) else chunks)
        np.testing.assert_array_equal(z[...], w + split)


@pytest.mark.parametrize("split", [0, 1, None])
def test_load_zarr(team, d, split):
    w = values((9, 6), "uint16")
    where = os.path.join(d, "l.zarr")

    def write():
        g = zarr.open_group(where, mode="w")
        g.create_array("inner", shape=w.shape, chunks=(4, 4), dtype=w.dtype)[...] = w
    on_root(write)
    check_layout(pt.io.load_zarr(where, path="inner", split=split), w, split)
    check_layout(pt.io.load_zarr(where, path="inner", slices=(slice(1, 8, 2),), split=split),
                 w[1:8:2], split)
    raises_everywhere(FileNotFoundError, pt.io.load_zarr, where, path="nothing")


# --------------------------------------------------------------- bad input ----

def _lying_header(path):
    with open(path, "wb") as fh:
        np.lib.format.write_array_header_1_0(
            fh, {"descr": "<f8", "fortran_order": False, "shape": (100, 3)})
        fh.write(np.zeros(10).tobytes())


def _truncated(path):
    np.save(path, np.arange(40.0).reshape(10, 4))
    with open(path, "r+b") as fh:
        fh.truncate(os.path.getsize(path) - 9)


BAD_READS = {
    "missing": (None, pt.load, FileNotFoundError),
    "directory": (os.makedirs, pt.load, IsADirectoryError),
    "truncated": (_truncated, pt.load, ValueError),
    "truncated_header": (lambda p: _write_bytes(p, b"\x93NUMPY\x01\x00\x76\x00{'descr"),
                         pt.load, ValueError),
    "lying_header": (_lying_header, pt.load, ValueError),
    "not_npy": (lambda p: _write_bytes(p, b"hello world\n"), pt.load, ValueError),
    "strings": (lambda p: np.save(p, np.array(["a", "bc"])), pt.load, TypeError),
    "npz_strings": (lambda p: np.savez(p, s=np.array(["a"])), lambda p: pt.load(p + ".npz")["s"],
                    TypeError),
    "fromfile_count": (lambda p: np.arange(4.0).tofile(p),
                       lambda p: pt.fromfile(p, count=5), ValueError),
    "loadtxt_missing": (None, pt.loadtxt, FileNotFoundError),
    "loadtxt_garbage": (lambda p: _write_bytes(p, b"1 2\n3 x\n"), pt.loadtxt, ValueError),
    "hdf5_missing": (None, lambda p: pt.io.load_hdf5(p, "a"), FileNotFoundError),
    "hdf5_dataset": (_h5, lambda p: pt.io.load_hdf5(p, "b"), KeyError),
    "zarr_missing": (None, pt.io.load_zarr, FileNotFoundError),
    "mmap_write": (lambda p: np.save(p, np.arange(3)), lambda p: pt.load(p, mmap_mode="r+"),
                   ValueError),
}


@pytest.mark.parametrize("case", sorted(BAD_READS))
def test_bad_reads_raise_on_every_rank(team, d, case):
    setup, read, exc = BAD_READS[case]
    path = os.path.join(d, "bad.npy")
    if setup is not None:
        on_root(setup, path)
    raises_everywhere(exc, read, path)
    if case == "truncated":
        with pytest.raises(ValueError):
            np.load(path)  # NumPy refuses it too


SAVERS = {"save": pt.save, "savez": pt.savez, "savetxt": pt.savetxt,
          "tofile": lambda p, x: x.tofile(p), "hdf5": lambda p, x: pt.io.save_hdf5(p, "x", x),
          "zarr": pt.io.save_zarr}


@pytest.mark.parametrize("saver", sorted(SAVERS))
def test_save_into_a_missing_directory(team, d, saver):
    x = pt.asarray(values((6, 2), "float64"), team=team)
    raises_everywhere(FileNotFoundError, SAVERS[saver], os.path.join(d, "no", "a.npy"), x)
    assert not os.path.exists(os.path.join(d, "no"))


@pytest.mark.parametrize("saver", ["save", "savez", "savetxt", "hdf5"])
def test_failed_save_keeps_the_old_file(team, d, saver):
    ext = {"save": ".npy", "savez": ".npz", "savetxt": ".txt", "hdf5": ".h5"}[saver]
    path = os.path.join(d, "a" + ext)
    on_root(_write_bytes, path, b"old contents")
    # directories where the partial file goes: the ranks' shared one, each process's own
    on_root(os.makedirs, os.path.join(d, "a.ptensor-partial" + ext))
    os.makedirs(os.path.join(d, f"a.ptensor-partial-{os.getpid()}{ext}"))
    COMM.Barrier()
    raises_everywhere(OSError, SAVERS[saver], path, pt.asarray(values((6, 2), "int8"), team=team))
    with open(path, "rb") as fh:
        assert fh.read() == b"old contents"
    folder = os.path.join(d, "dir" + ext)
    on_root(os.makedirs, folder)
    raises_everywhere(IsADirectoryError, SAVERS[saver], folder, pt.asarray(np.ones(3), team=team))


def test_save_failing_on_one_rank_only(team, d):
    """The last rank may not write past 16 KiB (its rows lie beyond; on one process the one
    writer's do): its error reaches every rank, and the old file stays, no partial file."""
    path = os.path.join(d, "a.npy")
    on_root(np.save, path, np.arange(3))
    x = pt.asarray(np.arange(8192.0), team=team)
    old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of a signal
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    try:
        if COMM.rank == COMM.size - 1:
            resource.setrlimit(resource.RLIMIT_FSIZE, (16384, limits[1]))
        raises_everywhere(OSError, pt.save, path, x)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, old)
    np.testing.assert_array_equal(np.load(path), np.arange(3))
    assert sorted(os.listdir(d)) == ["a.npy"]


# Known failures: at the end of the file, since a failure ends the whole MPI run.

@pytest.mark.parametrize("split", [1, -1])
def test_loadtxt_split_other_axis(team, d, split):
    w = values((7, 5), "float64")
    path = os.path.join(d, "t.txt")
    on_root(np.savetxt, path, w, fmt="%.17g")
    check_layout(pt.loadtxt(path, split=split), w, split % 2)
    check_layout(pt.genfromtxt(path, split=split), w, split % 2)


def test_error_subclass_on_root_has_one_type_everywhere(team, d):
    """An error raised by rank 0 alone (the text parser) whose type is a subclass of one the
    protocol knows (gzip's BadGzipFile is an OSError) must not reach the others as another
    type."""
    path = os.path.join(d, "bad.txt.gz")
    on_root(_write_bytes, path, b"this is not gzip data\n")
    raises_everywhere(OSError, pt.loadtxt, path)


@pytest.mark.parametrize("saver", ["save", "hdf5", "zarr"])
def test_every_rank_saving_one_replicated_array(team, d, saver):
    """Each rank saves its own copy of one local array to one path (a replicated checkpoint):
    every save succeeds, the file holds the array, and no partial or old file stays.
    (A race: each try may pass by luck, so it saves several times.)"""
    w = values((300,), "float64")
    path = os.path.join(d, "r.npy")
    errors = []
    for _ in range(50):
        try:
            SAVERS[saver](path, pt.asarray(w, team=None))
        except Exception as e:  # compared across ranks below
            errors.append(repr(e))
    errors = COMM.allgather(errors)
    assert not any(errors), errors
    got = {"save": np.load, "hdf5": lambda p: h5py.File(p, "r")["x"][()],
           "zarr": lambda p: zarr.open_array(p, mode="r")[...]}[saver](path)
    check(got, w, exact=True)
    assert os.listdir(d) == ["r.npy"], os.listdir(d)

"""Each rank reads only its share of a file: the bytes this process read (the kernel's count
of read() bytes, /proc/self/io's rchar) while loading stay within its rows' bytes plus a
header or one chunk, whatever the rank count, so memory per rank stays O(N / P)."""
import os

import numpy as np
import pytest

import ptensor as pt
from ptensor import spmd
from _helpers import check

h5py = pytest.importorskip("h5py")
zarr = pytest.importorskip("zarr")

ROWS, COLS = 4000, 64  # 2 MB of float64
SLACK = 64 << 10  # headers, metadata, buffered reads of them


def read_bytes():
    with open("/proc/self/io") as f:
        return int(next(line for line in f if line.startswith("rchar:")).split()[1])


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The same files on every rank: rank 0 writes them, the path is broadcast."""
    a = np.arange(ROWS * COLS, dtype=np.float64).reshape(ROWS, COLS)
    d = ""
    if spmd.rank() == 0:
        d = str(tmp_path_factory.mktemp("share"))
        np.save(os.path.join(d, "a.npy"), a)
        with h5py.File(os.path.join(d, "a.h5"), "w") as fh:
            fh.create_dataset("a", data=a, chunks=(250, COLS))
        z = zarr.create_array(os.path.join(d, "a.zarr"), shape=a.shape, chunks=(250, COLS),
                              dtype="float64", compressors=None)
        z[...] = a
    d = pt._io_files._broadcast_bytes(spmd.world(), d.encode()).decode()
    return d, a


@pytest.mark.parametrize("fmt", ["npy", "hdf5", "zarr"])
def test_a_rank_reads_its_share(team, files, fmt):
    d, a = files
    before = read_bytes()
    if fmt == "npy":
        x = pt.load(os.path.join(d, "a.npy"), team=team)
        extra = SLACK
    elif fmt == "hdf5":
        x = pt.io.load_hdf5(os.path.join(d, "a.h5"), "a", team=team)
        extra = SLACK + 2 * 250 * COLS * 8  # a chunk at each end of the rows
    else:
        x = pt.io.load_zarr(os.path.join(d, "a.zarr"), team=team)
        extra = SLACK + 2 * 250 * COLS * 8
    got = read_bytes() - before
    lo, hi = spmd.get_local_range(x)
    share = (hi - lo) * COLS * 8
    assert share <= got <= share + extra, (got, share)
    check(x, a)

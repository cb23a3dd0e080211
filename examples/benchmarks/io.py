"""Saving and loading a float64 array: ptensor's .npy, HDF5 and Zarr functions against NumPy,
h5py and zarr-python called directly, and against what the machine allows: a plain Python
write of the same bytes, and a read of them with readinto into a preallocated buffer.

    python examples/benchmarks/io.py [--gb 0.25] [--repeat 3] [--dir /tmp] [--drop-caches]
    mpiexec -n 2 python examples/benchmarks/io.py
    python examples/benchmarks/io.py --check      # a small size, every result verified

Under mpiexec the ptensor array is distributed (each rank writes and reads its own rows,
all ranks timed together, barrier to barrier) while the peers and the limit run on rank 0
alone, one process and one stream. Warm: the file was just written or read (page cache).
Cold: the file is fsync'ed, then posix_fadvise(DONTNEED) drops its pages from the page
cache before each timed read; that drops clean pages only (hence the fsync), and
/proc/sys/vm/drop_caches (every page of the machine, root only) is tried with
--drop-caches and the outcome printed. Times are the median of --repeat runs after one
untimed run; ratio = peer seconds / ptensor seconds (above 1: ptensor is faster). Every
result is checked against the values written (exit status 1 on a mismatch).
"""
import argparse
import datetime
import os
import shutil
import statistics
import sys
import tempfile
import time

import numpy as np

import ptensor as pt
from ptensor import spmd

WORLD = spmd.world()
ROOT = WORLD.rank == 0


def values(lo, hi):
    """Elements lo..hi-1 of the benchmark array (a multiplicative hash in [0, 1): no
    compressor shrinks them much, and every rank makes its own rows without the others)."""
    i = np.arange(lo, hi, dtype=np.uint64)
    return ((i * np.uint64(2654435761)) % np.uint64(2**32)).astype(np.float64) / 2.0**32


def my_rows(n):
    """This rank's block of n rows (the creation functions' partition: bigger blocks first)."""
    q, m = divmod(n, WORLD.size)
    lo = WORLD.rank * q + min(WORLD.rank, m)
    return lo, lo + q + (WORLD.rank < m)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def drop_page_cache(paths):
    """fsync then POSIX_FADV_DONTNEED every file under paths (rank 0; one page cache per
    node). Dirty pages are not dropped, so the fsync comes first."""
    if not ROOT:
        return
    for p in paths:
        files = [p] if os.path.isfile(p) else [os.path.join(r, f) for r, _, fs in os.walk(p)
                                               for f in fs]
        for name in files:
            fd = os.open(name, os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def try_drop_caches():
    """Write 1 to /proc/sys/vm/drop_caches (root; often read-only in containers)."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as fh:
            fh.write("1\n")
        return "worked"
    except OSError as e:
        return f"failed ({type(e).__name__}: {e.strerror or e})"


def timed(fn, repeat, before=None):
    """Median seconds of fn over repeat runs after one untimed run, barrier to barrier
    (every rank runs it: the peers run on rank 0 and the others wait in the barrier)."""
    times = []
    for i in range(repeat + 1):
        if before is not None:
            before()
        spmd.barrier()
        t = time.perf_counter()
        fn()
        spmd.barrier()
        if i:
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def on_root(fn):
    return (lambda: fn() if ROOT else None)


def settle():
    """Before each timed save: the dirty pages of earlier writes go to disk first, so no save
    pays for another's writeback (the kernel throttles writers above its dirty limit)."""
    os.sync()


def raw_write(path, a):
    with open(path, "wb", buffering=0) as fh:
        view = memoryview(a).cast("B")
        while view:
            view = view[fh.write(view):]


def raw_read(path, buf):
    """readinto until the buffer is full (one read returns at most about 2 GiB on Linux)."""
    view = memoryview(buf).cast("B")
    with open(path, "rb", buffering=0) as fh:
        while view:
            got = fh.readinto(view)
            if not got:
                raise EOFError(f"{path} ended early")
            view = view[got:]


class Checker:
    """Collects mismatches between a result and the values written."""

    def __init__(self):
        self.failures = []

    def whole(self, what, got, want):
        if ROOT and not (got.shape == want.shape and np.array_equal(got, want)):
            self.failures.append(what)

    def rows(self, what, x, n):
        """x's local rows equal values() on every rank (no gathering)."""
        lo, hi = spmd.get_local_range(x) if WORLD.size > 1 else (0, n)
        local = np.asarray(spmd.get_locals(x))
        if x.shape != (n,) or not np.array_equal(local, values(lo, hi)):
            self.failures.append(f"{what} (rank {WORLD.rank})")


def run(args, n, where):
    a = values(0, n) if ROOT else None  # the peers' array, on rank 0 alone
    lo, hi = my_rows(n)
    x = pt.spmd.from_locals(pt.asarray(values(lo, hi), team=None)) if WORLD.size > 1 \
        else pt.asarray(a)
    gb = n * 8 / 1e9
    rows, check, r = [], Checker(), args.repeat
    buf = np.empty(n, dtype=np.float64) if ROOT else None
    out = {}

    def keep(key, fn):
        return lambda: out.__setitem__(key, fn())

    # --- .npy and the machine's limit
    raw, npy, npy_np = (os.path.join(where, s) for s in ("raw.bin", "pt.npy", "np.npy"))
    rows += [("limit", "save", "raw write",
              timed(on_root(lambda: raw_write(raw, a)), r, settle)),
             ("npy", "save", "ptensor", timed(lambda: pt.save(npy, x), r, settle)),
             ("npy", "save", "numpy", timed(on_root(lambda: np.save(npy_np, a)), r, settle))]
    check.whole("pt.save read by np.load", np.load(npy) if ROOT else None, a)
    rows += [("limit", "load", "raw readinto", timed(on_root(lambda: raw_read(raw, buf)), r)),
             ("npy", "load", "ptensor", timed(keep("pt", lambda: pt.load(npy)), r)),
             ("npy", "load", "numpy", timed(on_root(keep("np", lambda: np.load(npy_np))), r))]
    check.whole("raw readinto", buf, a)
    check.rows("pt.load", out.pop("pt"), n)
    check.whole("np.load", out.pop("np", None), a)
    cold = {p: (lambda p=p: drop_page_cache([p])) for p in (raw, npy, npy_np)}
    rows += [("limit", "load cold", "raw readinto",
              timed(on_root(lambda: raw_read(raw, buf)), r, cold[raw])),
             ("npy", "load cold", "ptensor",
              timed(keep("pt", lambda: pt.load(npy)), r, cold[npy])),
             ("npy", "load cold", "numpy",
              timed(on_root(keep("np", lambda: np.load(npy_np))), r, cold[npy_np]))]
    check.rows("pt.load cold", out.pop("pt"), n)
    for p in (raw, npy, npy_np):
        if ROOT:
            os.remove(p)

    # --- HDF5
    try:
        import h5py
    except ImportError:
        h5py = None
    if h5py is not None:
        h5, h5_np = os.path.join(where, "pt.h5"), os.path.join(where, "h5py.h5")

        def h5_save():
            with h5py.File(h5_np, "w") as fh:
                fh.create_dataset("x", data=a)

        def h5_load():
            with h5py.File(h5_np, "r") as fh:
                return fh["x"][()]
        rows += [("hdf5", "save", "ptensor",
                  timed(lambda: pt.io.save_hdf5(h5, "x", x), r, settle)),
                 ("hdf5", "save", "h5py", timed(on_root(h5_save), r, settle))]
        if ROOT:
            with h5py.File(h5, "r") as fh:
                check.whole("save_hdf5 read by h5py", fh["x"][()], a)
        for op, before in (("load", lambda p: None), ("load cold", drop_page_cache)):
            rows += [("hdf5", op, "ptensor", timed(keep("pt", lambda: pt.io.load_hdf5(h5, "x")),
                                                   r, lambda: before([h5]))),
                     ("hdf5", op, "h5py", timed(on_root(keep("np", h5_load)), r,
                                                lambda: before([h5_np])))]
            check.rows(f"load_hdf5 {op}", out.pop("pt"), n)
            check.whole(f"h5py {op}", out.pop("np", None), a)
        spmd.barrier()
        for p in (h5, h5_np):
            if ROOT:
                os.remove(p)

    # --- Zarr
    try:
        import zarr
    except ImportError:
        zarr = None
    if zarr is not None:
        zs, zs_np = os.path.join(where, "pt.zarr"), os.path.join(where, "zarr.zarr")

        def z_save():
            zarr.create_array(zs_np, shape=a.shape, dtype=a.dtype, overwrite=True)[...] = a
        rows += [("zarr", "save", "ptensor", timed(lambda: pt.io.save_zarr(zs, x), r, settle)),
                 ("zarr", "save", "zarr", timed(on_root(z_save), r, settle))]
        if ROOT:
            check.whole("save_zarr read by zarr", zarr.open_array(zs, mode="r")[...], a)
            print(f"zarr chunks: ptensor {zarr.open_array(zs, mode='r').chunks}, "
                  f"zarr (its default) {zarr.open_array(zs_np, mode='r').chunks}")
        for op, before in (("load", lambda p: None), ("load cold", drop_page_cache)):
            rows += [("zarr", op, "ptensor", timed(keep("pt", lambda: pt.io.load_zarr(zs)), r,
                                                   lambda: before([zs]))),
                     ("zarr", op, "zarr", timed(on_root(keep(
                         "np", lambda: zarr.open_array(zs_np, mode="r")[...])), r,
                         lambda: before([zs_np])))]
            check.rows(f"load_zarr {op}", out.pop("pt"), n)
            check.whole(f"zarr {op}", out.pop("np", None), a)
        spmd.barrier()
        if ROOT:
            shutil.rmtree(zs)
            shutil.rmtree(zs_np)
    return [dict(format=f, op=o, peer=p, seconds=s, gbps=gb / s) for f, o, p, s in rows], \
        check.failures


def table(rows):
    """Rank 0's table: each row's ratio against ptensor's time for the same op (the npy
    one for the limit)."""
    ours = {(row["format"], row["op"]): row["seconds"] for row in rows if row["peer"] == "ptensor"}
    print(f"{'format':7s} {'op':10s} {'peer':13s} {'seconds':>9s} {'GB/s':>7s} "
          f"{'peer/ptensor':>12s}")
    for row in rows:
        mine = ours.get((row["format"] if row["format"] != "limit" else "npy", row["op"]))
        row["ratio"] = row["seconds"] / mine if mine else float("nan")
        print(f"{row['format']:7s} {row['op']:10s} {row['peer']:13s} {row['seconds']:9.4f} "
              f"{row['gbps']:7.2f} {row['ratio']:12.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gb", type=float, default=0.25, help="array size in GB (1e9 bytes)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dir", default=tempfile.gettempdir(), help="where the files go")
    ap.add_argument("--drop-caches", action="store_true",
                    help="also try /proc/sys/vm/drop_caches once (root only)")
    ap.add_argument("--check", action="store_true",
                    help="a small uneven size, one repeat: verify every result, then exit")
    args = ap.parse_args(argv)
    if args.check:
        args.repeat = 1
        n = 1000 * WORLD.size + 7  # no rank count divides it
    else:
        n = max(1, int(args.gb * 1e9) // 8)
    where = tempfile.mkdtemp(prefix="ptensor-io-", dir=args.dir) if ROOT else None
    if WORLD.size > 1:
        from mpi4py import MPI  # one directory for all ranks: rank 0's
        where = MPI.COMM_WORLD.bcast(where, root=0)
    if ROOT:
        print(f"date: {datetime.datetime.now().isoformat(timespec='seconds')}")
        print(f"cpu: {cpu_model()} ({os.cpu_count()} cores), ranks: {WORLD.size}")
        print(f"array: {n} float64 ({n * 8 / 1e9:.3f} GB) in {where}, median of "
              f"{args.repeat} after one untimed run")
        print("cold: fsync + posix_fadvise(POSIX_FADV_DONTNEED) per file before each read; "
              "it drops clean pages only, dropping every page needs root "
              "(/proc/sys/vm/drop_caches)")
        if args.drop_caches:
            print(f"/proc/sys/vm/drop_caches: {try_drop_caches()}")
        sys.stdout.flush()
    try:
        rows, failures = run(args, n, where)
    finally:
        spmd.barrier()
        if ROOT:
            shutil.rmtree(where, ignore_errors=True)
    if WORLD.size > 1:
        from mpi4py import MPI
        failures = sum(MPI.COMM_WORLD.allgather(failures), [])
    if ROOT:
        table(rows)
    if failures:
        if ROOT:
            print("MISMATCH: " + "; ".join(failures), file=sys.stderr)
        raise SystemExit(1)
    return rows


if __name__ == "__main__":
    main()

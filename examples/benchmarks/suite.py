"""Benchmark suite: every workload on NumPy, ptensor and the peers, in one process.

    python examples/benchmarks/suite.py [--scale 1.0] [--repeat 5] [--only NAME ...]
                                        [--peers numpy ptensor ...] [--out DIR]
                                        [--device D]

Each (workload, peer) is run once untimed (jit compilation, warm caches), checked against
NumPy's result, then timed `repeat` times; the median is reported with its ratio to NumPy
(> 1 means faster than NumPy). A peer that is not installed or has no version of a workload
is listed with the reason. The C STREAM triad (stream_triad.c, built here with the system
compiler) gives the machine's bandwidth; streaming workloads report their fraction of it.
Writes DIR/results.md, DIR/results.json and DIR/suite.png (plot.py's chart, if matplotlib is
installed).
Peers: `pip install .[bench]` (numexpr, jax, numba, dask, matplotlib).

--device D runs ptensor's arrays on device D (docs/devices.md: opencl:cpu:0, cuda:0, ...);
on a CUDA device the GPU peers run there too (CuPy; JAX on its GPU), NumPy stays the
baseline on the host, and the times exclude copying results back (each run waits for its
results on the device). The default peers are then numpy and ptensor (and cupy, jax on CUDA).

OpenBLAS reads OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE once, when it loads (NumPy's import).
Some machine images pin them (this project's sets Haswell kernels on an AVX-512 CPU); the
suite unsets both before importing NumPy, so the matmul compares the peers with OpenBLAS
choosing its own kernels on every side (NumPy, ptensor, Numba and Dask share NumPy's
OpenBLAS; JAX has its own GEMM). --keep-openblas-env keeps the pinned setting.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# (before NumPy loads OpenBLAS, see the docstring; run as a script only: an importer has
# loaded NumPy already)
OPENBLAS_UNSET = {} if __name__ != "__main__" or "--keep-openblas-env" in sys.argv else {
    k: os.environ.pop(k) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ}

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402
import workloads as W  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def build_stream(d):
    """(path of stream_triad.c built in folder d, None), or (None, why not)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None, "no C compiler"
    exe = os.path.join(d, "stream_triad")
    build = subprocess.run([cc, "-O3", "-march=native", "-fopenmp", "-o", exe,
                            os.path.join(HERE, "stream_triad.c")], capture_output=True, text=True)
    if build.returncode:
        return None, "build failed: " + build.stderr.strip().splitlines()[-1]
    return exe, None


def c_stream_bandwidth(n, threads=None):
    """GB/s of the C STREAM triad on n elements (with `threads` OpenMP threads, default all),
    or None (with a reason) if it cannot build."""
    with tempfile.TemporaryDirectory() as d:
        exe, why = build_stream(d)
        if exe is None:
            return None, why
        env = dict(os.environ, **({"OMP_NUM_THREADS": str(threads)} if threads else {}))
        run = subprocess.run([exe, str(n), "20"], capture_output=True, text=True, env=env)
        if run.returncode:
            return None, f"run failed ({run.returncode})"
        return float(run.stdout), None


SECOND_RUN = r"""
import json, sys
sys.path.insert(0, {here!r})
import numpy as np, ptensor as pt, workloads as W
for name in ("black_scholes", "star_stencil", "moments"):
    data = [pt.asarray(a) for a in W.inputs(name, 0.01)]
    [np.asarray(r) for r in W.WORKLOADS[name](pt, *data)]
print(json.dumps(pt.cache_info()))
"""


def second_run_compile():
    """Compile seconds of a fresh process and of a second one sharing its disk cache."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, PTENSOR_CACHE_DIR=d)
        out = []
        for _ in range(2):
            p = subprocess.run([sys.executable, "-c", SECOND_RUN.format(here=HERE)], env=env,
                               capture_output=True, text=True)
            if p.returncode:
                return None
            out.append(json.loads(p.stdout.strip().splitlines()[-1]))
        return out


def check(name, peer, got, ref):
    tol = dict(rtol=1e-8, atol=1e-10)
    if len(got) != len(ref):
        raise AssertionError(f"{name}/{peer}: {len(got)} results, NumPy has {len(ref)}")
    for g, r in zip(got, ref):
        g = peers.to_numpy(g)
        if g.shape != np.shape(r):
            raise AssertionError(f"{name}/{peer}: shape {g.shape}, NumPy {np.shape(r)}")
        np.testing.assert_allclose(g, r, err_msg=f"{name}/{peer}", **tol)


def median_time(run, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="size factor (1.0: full sizes)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=None, help="workloads to run")
    ap.add_argument("--peers", nargs="*", default=None)
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--device", default=None, help="ptensor's device (and the GPU peers')")
    ap.add_argument("--keep-openblas-env", action="store_true",
                    help="keep OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE as set (default: unset)")
    args = ap.parse_args(argv)
    peers.DEVICE = args.device
    if args.peers is None:
        gpu = (args.device or "").startswith("cuda")
        args.peers = (["numpy", "ptensor"] + (["cupy", "jax"] if gpu else []) if args.device
                      else [p for p in peers.PEERS if p != "cupy"])

    names = args.only or list(W.WORKLOADS)
    table = {}  # workload -> peer -> seconds or reason
    bw = why = None
    for name in names:
        data = W.inputs(name, args.scale)
        if name == "stream_triad" and not args.device:  # the C reference right next to it
            bw, why = c_stream_bandwidth(data[0].shape[0])
        ref = None
        table[name] = {}
        for peer in ["numpy"] + [p for p in args.peers if p != "numpy"]:
            run = peers.PEERS[peer](name, data)
            if isinstance(run, str):
                table[name][peer] = run
                continue
            try:
                t0 = time.perf_counter()
                got = run()  # warm-up: compiles, checks
                warm = time.perf_counter() - t0
                if peer == "numpy":
                    ref = got
                else:
                    check(name, peer, got, ref)
                # a peer whose warm-up takes > 5 s is timed once more, not `repeat` times
                table[name][peer] = median_time(run, 1 if warm > 5 else args.repeat)
            except Exception as e:  # noqa: BLE001 - reported, not hidden
                table[name][peer] = f"failed: {type(e).__name__}: {str(e).splitlines()[0][:80]}"
        print(format_row(name, table[name], args.peers), flush=True)

    if args.device:  # (the host's C STREAM says nothing of a device: GB/s instead)
        bw, why = None, f"ptensor on {args.device}: achieved bandwidth below"
    elif bw is None and why is None:
        bw, why = c_stream_bandwidth(W.inputs("stream_triad", args.scale)[0].shape[0])
    fractions, gbs = {}, {}
    for name in W.STREAMING_BYTES:
        for peer, t in table.get(name, {}).items():
            if isinstance(t, float):
                n = W.inputs(name, args.scale)[0].shape[0]
                gbs.setdefault(name, {})[peer] = W.STREAMING_BYTES[name] * n / t / 1e9
                if bw:
                    fractions.setdefault(name, {})[peer] = gbs[name][peer] / bw
    second = second_run_compile() if "ptensor" in args.peers else None
    report = render(table, args, bw, why, fractions, second, gbs)
    print(report)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(report)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"machine": machine(), "date": time.strftime("%Y-%m-%d"),
                   "scale": args.scale, "repeat": args.repeat,
                   "seconds": table, "c_stream_gbs": bw, "stream_fraction": fractions,
                   "streaming_gbs": gbs, "device": args.device, "second_run": second}, f,
                  indent=1)
    chart(os.path.join(args.out, "results.json"), args.out)
    return table


def format_row(name, row, peer_names):
    cells = []
    for p in peer_names:
        v = row.get(p)
        cells.append(f"{p}={v * 1e3:.2f}ms" if isinstance(v, float) else f"{p}=-")
    return f"{name:18s} " + " ".join(cells)


def machine():
    """The CPU model (and whether it has AVX-512: the machine behind a run changes), the core
    count and the OS."""
    model, avx512 = platform.processor() or platform.machine(), False
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and ":" in line:
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags"):
                    avx512 = " avx512f" in line
    except OSError:
        pass
    return (f"{model}{', AVX-512' if avx512 else ''}, {os.cpu_count()} cores, "
            f"{platform.platform()}")


def render(table, args, bw, why, fractions, second=None, gbs=None):
    peer_names = args.peers
    lines = [f"Benchmark suite, {time.strftime('%Y-%m-%d')}, {machine()}, scale {args.scale}, "
             f"median of {args.repeat}" + (f", ptensor on {args.device}" if args.device else ""), "",
             "Median time in ms, and in parentheses NumPy's time divided by the peer's "
             "(> 1: faster than NumPy).", "",
             "| workload | " + " | ".join(peer_names) + " |",
             "|---|" + "---|" * len(peer_names)]
    notes = []
    for name, row in table.items():
        base = row.get("numpy")
        cells = []
        for p in peer_names:
            v = row.get(p, "not run")
            if isinstance(v, float):
                ratio = f" ({base / v:.2f}x)" if isinstance(base, float) else ""
                cells.append(f"{v * 1e3:.2f}{ratio}")
            else:
                cells.append("-")
                notes.append(f"- {name} / {p}: {v}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append("")
    if bw:
        lines.append(f"C STREAM triad (OpenMP, {os.cpu_count()} cores): {bw:.2f} GB/s. "
                     "Fraction of it reached (24 bytes/element for the triad, 40 for "
                     "Black-Scholes' 3 inputs + 2 outputs):")
        for name, fr in fractions.items():
            lines.append(f"- {name}: " + ", ".join(f"{p} {v * 100:.0f}%" for p, v in fr.items()))
    else:
        lines.append(f"C STREAM triad not measured: {why}")
    if args.device and gbs:
        lines.append("Achieved bandwidth (bytes read and written per second: 24 per element "
                     "for the triad, 40 for Black-Scholes):")
        for name, g in gbs.items():
            lines.append(f"- {name}: " + ", ".join(f"{p} {v:.1f} GB/s" for p, v in g.items()))
    if OPENBLAS_UNSET:
        lines.append("")
        lines.append("OpenBLAS chose its own kernels (unset for this run: " + ", ".join(
            f"{k}={v}" for k, v in OPENBLAS_UNSET.items()) + ").")
    if second:
        a, b = second
        lines.append("")
        lines.append(f"ptensor compile time of a script (3 workloads), first run "
                     f"{a['compile_time'] * 1e3:.0f} ms ({a['compiles']} compiles), second run "
                     f"with the disk cache {b['compile_time'] * 1e3:.0f} ms ({b['compiles']} "
                     f"compiles, {b['disk_hits']} loaded): "
                     f"{100 * b['compile_time'] / max(a['compile_time'], 1e-9):.1f}%.")
    if notes:
        lines += ["", "Not measured:"] + notes
    return "\n".join(lines) + "\n"


def chart(json_path, out_dir):
    """plot.py's chart of the results file (one drawing of results for every benchmark)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("matplotlib missing: no chart")
        return
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import plot
    path = plot.plot(json_path, out_dir)
    if path is not None:
        print(path)


if __name__ == "__main__":
    main()

"""The benchmark suite runs and every ptensor result agrees with NumPy (tiny sizes; the
suite itself checks each peer's result against NumPy and records failures)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "benchmarks"))

import suite  # noqa: E402


def test_suite_numpy_and_ptensor(tmp_path):
    table = suite.main(["--scale", "0.004", "--repeat", "1", "--peers", "numpy", "ptensor",
                        "ptensor.jit", "--out", str(tmp_path)])
    for name, row in table.items():
        for peer in ("numpy", "ptensor", "ptensor.jit"):  # (a wrong result is a string)
            assert isinstance(row[peer], float), (name, peer, row[peer])
    report = (tmp_path / "results.md").read_text()
    assert "| black_scholes |" in report and (tmp_path / "results.json").exists()


def test_loops_benchmark_checks_its_results():
    import loops  # every kernel's ptensor result is compared with NumPy's inside (warm and cold)
    rows = loops.main(["--sizes", "6", "--repeat", "1", "--only", "trisolv", "jacobi_1d"])
    assert [r["kernel"] for r in rows] == ["trisolv", "jacobi_1d"]
    for r in rows:
        assert r["numpy"] > 0 and r["ptensor"] > 0 and r["ptensor_cold"] > 0


def test_fft_benchmark_checks_every_peer():
    import fft_spectra  # every peer's result is compared with numpy.fft's inside
    table = fft_spectra.main(["--scale", "0.001", "--repeat", "1"])
    assert {name for name, _ in table} == {"fft2", "power spectrum", "convolution"}
    assert all(isinstance(t, float) and t > 0 for t in table.values())


def test_compile_time_benchmark_checks_its_result():
    import compile_time  # the child process compares the wave loop with NumPy's
    r = compile_time.measure(16, 2)
    assert r["operations"] > 20 and r["seconds"] > 0


def test_sort_benchmark_checks_ptensor():
    import sort  # each result is compared with NumPy's stable sort inside (SystemExit if not)
    table = sort.main(["--log2", "10", "13", "--repeat", "1", "--peers", "numpy", "ptensor"])
    assert set(table) == {("sort", 10), ("argsort", 10), ("sort", 13), ("argsort", 13)}
    assert all(t["ptensor"] > 0 and t["numpy"] > 0 for t in table.values())


def test_suite_unsets_pinned_openblas_kernels(tmp_path):
    # run as a script, the suite unsets OPENBLAS_CORETYPE before NumPy loads OpenBLAS (and
    # says so); --keep-openblas-env keeps it
    import subprocess
    env = dict(os.environ, OPENBLAS_CORETYPE="Haswell", PTENSOR_PROGRESS="0")
    for keep in (False, True):
        out = tmp_path / str(keep)
        subprocess.run([sys.executable, suite.__file__, "--only", "matmul", "--scale", "0.01",
                        "--repeat", "1", "--peers", "numpy", "--out", str(out)]
                       + ["--keep-openblas-env"] * keep, env=env, check=True,
                       capture_output=True)
        report = (out / "results.md").read_text()
        assert ("unset for this run: OPENBLAS_CORETYPE=Haswell" in report) != keep, report
        assert "| matmul |" in report


def test_namespace_benchmark_checks_every_result(tmp_path):
    import namespace  # each peer's result is compared with NumPy's inside (SystemExit if not)
    table = namespace.main(["--sizes", "200", "--repeat", "1", "--out", str(tmp_path)])
    assert len(table) == len(namespace.CASES)
    assert all(isinstance(r["ptensor"], float) for r in table.values()), table
    assert (tmp_path / "namespace.md").exists()


def test_vector_math_benchmark_checks_every_function():
    """Each function's result is compared with NumPy's (rtol 1e-13) before it is timed."""
    import vector_math
    rows = vector_math.main(["--n", "4096"])
    assert [r[0] for r in rows] == vector_math.FUNCTIONS
    assert all(t > 0 for _, a, b in rows for t in (a, b))


def test_io_benchmark_checks_every_format(tmp_path):
    """Each format's load is compared with the saved array inside (SystemExit(1) if not);
    run as a script (its module name, io, is the standard library's)."""
    import subprocess
    r = subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "examples", "benchmarks",
                                                     "io.py"), "--check", "--dir", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    for fmt in ("npy", "hdf5", "zarr"):
        assert any(line.split()[:1] == [fmt] for line in r.stdout.splitlines()), r.stdout


def test_plot_draws_the_benchmarks_own_results(tmp_path):
    # plot.py reads the JSON that suite.py and loops.py write with --out (tiny runs here) and
    # writes one PNG per file, its title naming the machine and the date
    import loops
    import plot
    suite.main(["--scale", "0.004", "--repeat", "1", "--only", "stream_triad", "matmul",
                "--peers", "numpy", "ptensor", "--out", str(tmp_path / "suite")])
    loops.main(["--sizes", "6", "--repeat", "1", "--only", "trisolv", "--no-cold",
                "--out", str(tmp_path / "loops")])
    pngs = plot.main([str(tmp_path / "suite" / "results.json"),
                      str(tmp_path / "loops" / "loops.json"), "--out", str(tmp_path / "png")])
    assert [os.path.basename(p) for p in pngs] == ["suite.png", "loops.png"]
    for p in pngs:
        with open(p, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    kind, series, _ = plot.ratios(json.load(open(tmp_path / "suite" / "results.json")))
    assert kind == "suite" and set(series["ptensor"]) == {"stream_triad", "matmul"}

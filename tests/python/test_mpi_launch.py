"""Distributed runs as users start them: real `mpiexec` processes (MPICH)."""
import os
import subprocess
import sys
import time

import pytest

import ptensor as pt

# these tests start their own mpiexec (and plain processes): not from inside an MPI job
pytestmark = pytest.mark.skipif(pt._dist.default_team() is not None,
                                reason="starts its own mpiexec")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mpiexec(n, *args, timeout=300):
    return subprocess.run(["mpiexec", "-n", str(n), sys.executable, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_exception_on_one_rank_ends_every_rank(tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("import ptensor as pt\nfrom ptensor import spmd\n"
                      "a = pt.ones(10)\n"
                      "if spmd.rank() == 1:\n    raise ValueError('boom on rank 1')\n"
                      "spmd.barrier()  # rank 0 would wait here forever\n")
    t0 = time.time()
    r = mpiexec(2, str(script), timeout=120)
    assert r.returncode != 0
    assert "boom on rank 1" in r.stderr
    assert time.time() - t0 < 60


def test_no_launcher_needs_no_mpi():
    r = subprocess.run([sys.executable, "-c", "import ptensor as pt, ptensor._dist as d\n"
                        "a = pt.ones(3) + 1\nprint(type(a).__name__, d._lib is None, "
                        "float(pt.sum(a)))"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["Array", "True", "6.0"]


@pytest.mark.parametrize("example", ["stencil", "wave_equation", "shallow_water"])
@pytest.mark.parametrize("ranks", [None, 3])
def test_examples_match_numpy(example, ranks):
    args = [f"examples/{example}.py", "--n", "40", "--steps", "4", "--check"]
    r = (mpiexec(ranks, *args) if ranks else
         subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                        timeout=300))
    assert r.returncode == 0, r.stderr[-2000:]
    assert "check against NumPy: OK" in r.stdout
    assert f"on {ranks or 1} rank(s)" in r.stdout


def test_load_library_bad_path():
    with pytest.raises(ValueError, match="cannot load"):
        pt._core.load_library("/nonexistent/libptensor_dist.so")


def test_scaling_benchmark_runs():
    r = subprocess.run([sys.executable, "examples/benchmarks/dist_scaling.py", "--n", "64",
                        "--steps", "1", "--repeat", "1", "--rounds", "1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = [line for line in r.stdout.splitlines() if line.startswith("| stencil")]
    assert len(rows) == 2 and "| 2 |" in rows[1]


@pytest.mark.parametrize("code", [0, 1])
def test_rank_that_exits_early_ends_every_rank(tmp_path, code):
    """sys.exit on one rank before a collective: the others end within seconds, with a
    message naming the rank, instead of waiting forever."""
    script = tmp_path / "leave.py"
    script.write_text("import sys, numpy as np, ptensor as pt\nfrom ptensor import spmd\n"
                      "x = pt.ones(30)\nfloat(pt.sum(x))\n"
                      f"if spmd.rank() == 1:\n    sys.exit({code})\n"
                      "print(float(pt.sum(x * 2)))  # a collective rank 1 never joins\n")
    t0 = time.time()
    r = mpiexec(3, str(script), timeout=120)
    assert r.returncode != 0
    assert "rank 1 ended its program" in r.stderr, r.stderr[-2000:]
    assert time.time() - t0 < 60


def test_rank_that_ends_later_is_waited_for(tmp_path):
    """Ranks that end normally wait for one that works on alone (no collective): no abort."""
    script = tmp_path / "late.py"
    script.write_text("import time, ptensor as pt\nfrom ptensor import spmd\n"
                      "x = pt.arange(30.0)\ns = float(pt.sum(x))\n"
                      "if spmd.rank() == 0:\n    time.sleep(3)\n    print('late', s)\n")
    r = mpiexec(3, str(script), timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "late 435.0" in r.stdout


DIVERGENT = {
    "extra_reduction": "x = pt.arange(30.0)\n"
                       "if spmd.rank() == 0:\n    print(float(pt.mean(x * 3)))\n"
                       "print(float(pt.mean(x)))\n",
    "shapes_differ": "x = pt.ones((100 + spmd.rank(),))\nprint(float(pt.sum(x)))\n",
}


@pytest.mark.parametrize("case", sorted(DIVERGENT))
def test_programs_that_differ_between_ranks(tmp_path, case):
    """Checking mode (PTENSOR_CHECK_RANKS=1): ranks whose distributed programs differ stop at
    their first collective with the same message on every rank (no hang, no wrong mean)."""
    script = tmp_path / "diverge.py"
    script.write_text("import ptensor as pt\nfrom ptensor import spmd\n" + DIVERGENT[case])
    env = dict(os.environ, PTENSOR_CHECK_RANKS="1")
    t0 = time.time()
    r = subprocess.run(["mpiexec", "-n", "3", sys.executable, str(script)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "the ranks ran different distributed programs" in r.stderr, r.stderr[-2000:]
    assert time.time() - t0 < 60


WAITER = """
import os, sys, time, ptensor as pt
from ptensor import spmd
spmd.barrier()
if spmd.rank() == 0:
    time.sleep(2.0)  # the late rank: the others wait for it in the barrier below
t = os.times()
w = time.monotonic()
spmd.barrier()
cpu = os.times().user + os.times().system - t.user - t.system
with open(os.path.join(sys.argv[1], f"{spmd.rank()}.txt"), "w") as f:
    f.write(f"{cpu} {time.monotonic() - w}")
"""


@pytest.mark.skipif((os.cpu_count() or 1) > 8, reason="oversubscribes with cores + 1 ranks")
@pytest.mark.parametrize("oversubscribed, setting, backs_off", [
    (False, None, False), (True, None, True),  # by the count of ranks and cores
    (False, "1", True), (True, "0", False)])   # PTENSOR_YIELD_WAITS says
def test_waiting_ranks_leave_oversubscribed_cores(tmp_path, oversubscribed, setting, backs_off):
    """Ranks waiting for a late one spin on dedicated cores (MPI's transfers move while they
    poll) and, with more ranks than cores, leave the cores to it (runtime/dist.c backOff);
    PTENSOR_YIELD_WAITS overrides the count."""
    cores = os.cpu_count() or 1
    n = cores + 1 if oversubscribed else min(2, cores)
    if n < 2:
        pytest.skip("one core: two ranks oversubscribe it")
    env = dict(os.environ)
    env.pop("PTENSOR_YIELD_WAITS", None)
    if setting is not None:
        env["PTENSOR_YIELD_WAITS"] = setting
    r = subprocess.run(["mpiexec", "-n", str(n), sys.executable, "-c", WAITER, str(tmp_path)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    waits = [tuple(map(float, (tmp_path / f"{k}.txt").read_text().split())) for k in range(1, n)]
    for cpu, wall in waits:
        assert wall > 1.5, waits
        if backs_off:
            # sleeps between polls: 0.1 of the wait measured (2 cores, 3 ranks), a spin ~1
            assert cpu < 0.25 * wall, waits
        else:
            assert cpu > 0.3 * wall, waits  # a spin (other work may share the core)


@pytest.mark.parametrize("fmt,ranks", [("npy", (3, 2, None)), ("hdf5", (3, None)),
                                       ("zarr", (2, 3))])
def test_checkpoint_restarts_on_another_rank_count(tmp_path, fmt, ranks):
    # a checkpoint is one file whoever wrote it: written on some ranks, continued on others,
    # and the end result is NumPy's (--check runs all the steps with NumPy)
    steps = 0
    for i, n in enumerate(ranks):
        steps += 10
        args = ["examples/checkpoint.py", "--dir", str(tmp_path), "--n", "30", "--steps",
                str(steps), "--every", "5", "--format", fmt, "--check"]
        if i:
            args.append("--restart")
        r = mpiexec(n, *args) if n else subprocess.run([sys.executable, *args], cwd=ROOT,
                                                       capture_output=True, text=True,
                                                       timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        assert f"steps {steps - 10 if i else 0}..{steps} on {n or 1} rank(s)" in r.stdout
        assert "check against NumPy: OK" in r.stdout

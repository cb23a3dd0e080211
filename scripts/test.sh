#!/usr/bin/env bash
# Set up (install what is missing, build) and run every test: pytest against NumPy, and the
# lit + FileCheck tests of ptensor-opt.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# (two pytest-xdist workers: the suite is compile-bound and one process keeps one core busy;
# each worker has its own disk cache, tests/python/conftest.py)
python3 -m pytest tests/python -q -n 2
# The same tests with the eager path on, as users run (small arrays computed by NumPy at once:
# docs/performance.md; the first pass tests the compiled programs); the files that test the
# compiler, the caches and the tools themselves record everything in either pass: not again.
PTENSOR_TEST_EAGER=1 python3 -m pytest tests/python -q -n 2 $(for f in cache disk_cache \
  diagnostics fusion donation progress cuda_ptx notebooks mpi_launch gpu_devices gpu_runtime \
  benchmarks typing import_graph runtime_abi jit_cache docstrings docs_pages; do echo "--ignore=tests/python/test_$f.py"; done)
python3 -c "import lit.main; lit.main.main()" -q tests/mlir
# The documentation site: built with warnings as errors, its pages opened in headless Chromium
# (docs/_build/html; about half a minute, and Chromium's install on a fresh machine)
bash scripts/docs.sh
# The tests of the kernels' kinds once more with every array on the OpenCL CPU device (issue
# "Devices"; about 2.5 minutes; the whole suite so: scripts/test_devices.sh, before stops)
bash scripts/test_devices.sh --quick
# Distributed arrays: the same tests under mpiexec -n 1..3 (oversubscribed on small machines),
# sharing one fresh disk cache so the ranks compile each program once. (-n 4, the local suite
# under -n 2 and the whole suite on the OpenCL device: scripts/test_slow.sh, before stops;
# CI's time on a 2-core machine: README, "The two commands".)
export PTENSOR_CACHE_DIR="${PTENSOR_CACHE_DIR:-$(mktemp -d)}"
# sharded N DIR [ARGS]: DIR's tests (more pytest ARGS) under mpiexec -n N as two jobs side
# by side, each with every other test (tests/shard_plugin.py): a rank compiling a program leaves a core idle (the
# other ranks wait for its file), which the other job's compiles use; ranks that wait for
# another back off from the cores (runtime/dist.c; PTENSOR_YIELD_WAITS=1: the two jobs do not
# see each other). Prints each job's tail; fails if one did.
sharded() {
  local n=$1 dir=$2 logs k rc=0
  shift 2  # (the rest: more pytest arguments)
  logs=$(mktemp -d)
  local pids=()
  for k in 0 1; do
    PTENSOR_TEST_SHARD=$k/2 PTENSOR_YIELD_WAITS=1 PYTHONPATH="tests${PYTHONPATH:+:$PYTHONPATH}" timeout 2400 \
      mpiexec -n "$n" python3 -m pytest "$dir" "$@" -q -x -p no:cacheprovider -p shard_plugin \
      > "$logs/$k.log" 2>&1 &
    pids+=($!)
  done
  for k in 0 1; do
    wait "${pids[$k]}" || rc=1
    echo "-- shard $k/2"
    tail -n 60 "$logs/$k.log"
  done
  return $rc
}
for n in 1 2 3; do
  echo "tests/mpi under mpiexec -n $n"
  # checking mode: the ranks compare a signature of their distributed programs before every
  # collective (runtime/dist.c), so a test whose ranks diverge stops with a message
  PTENSOR_CHECK_RANKS=1 sharded "$n" tests/mpi || { echo "tests/mpi failed under mpiexec -n $n"; exit 1; }
done
# The local suite once more with every array split over 3 ranks (uneven partitions; 2 ranks:
# scripts/test_slow.sh); its compile-count tests skip there.
# (NumPy's namespace by section, the large grids of tests/python/test_numpy_{manip,stats,
# signal,sets,linalg_extra,more}.py, run distributed in scripts/test_slow.sh's -n 2 pass:
# their functions compose the distributed operations this pass checks; CI's time)
echo "tests/python under mpiexec -n 3"
sharded 3 tests/python $(for f in manip stats signal sets linalg_extra more; do
  echo "--ignore=tests/python/test_numpy_$f.py"; done) ||
  { echo "tests/python failed under mpiexec -n 3"; exit 1; }
# The array API conformance suite (../shared/array-api-tests, unmodified; revision 2025.12 with
# the linalg and fft extensions) on one process, and under mpiexec -n 2 where every array it
# makes is split over the ranks (tests/conformance/run.sh; about 4 + 5 minutes).
bash tests/conformance/run.sh
bash tests/conformance/run.sh --mpi 2 --max-examples 2
# The differential fuzzer's CI batch: 300 random programs on one process, 80 under
# mpiexec -n 3, compared with NumPy (tests/fuzz/README.md; about 5 minutes).
bash tests/fuzz/ci.sh

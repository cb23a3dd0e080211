#!/usr/bin/env bash
# The fuzzer's CI run (README.md here): fixed seeds on one process, then under mpiexec -n 3,
# then each program as one pt.jit function (traced, then replayed),
# with a fresh program cache (every program is compiled: a predictable time, and the user's
# cache does not fill up with fuzz programs). Exits non-zero if a program failed; failing
# seeds are printed and their whole programs written to tests/fuzz/results/ (minimize one
# with fuzz.py --seeds N:N+1 [--mpi 3]).
set -u
cd "$(dirname "$0")/../.."
PTENSOR_CACHE_DIR=$(mktemp -d)
export PTENSOR_CACHE_DIR
trap 'rm -rf "$PTENSOR_CACHE_DIR"' EXIT
status=0
python3 tests/fuzz/fuzz.py --seeds 0:300 --compiled --no-minimize || status=1
python3 tests/fuzz/fuzz.py --seeds 0:300 --no-minimize || status=1  # (small arrays: eager)
python3 tests/fuzz/fuzz.py --seeds 0:80 --mpi 3 --no-minimize || status=1
python3 tests/fuzz/fuzz.py --seeds 0:150 --jit --no-minimize || status=1  # pt.jit's replays
exit $status

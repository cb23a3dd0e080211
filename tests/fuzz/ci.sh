#!/usr/bin/env bash
# The fuzzer's CI run (README.md here): fixed seeds on one process, then under mpiexec -n 3.
# Exits non-zero if a program failed; failing seeds are printed and their whole programs
# written to tests/fuzz/results/ (minimize one with fuzz.py --seeds N:N+1 [--mpi 3]).
set -u
cd "$(dirname "$0")/../.."
status=0
python3 tests/fuzz/fuzz.py --seeds 0:300 --no-minimize || status=1
python3 tests/fuzz/fuzz.py --seeds 0:80 --mpi 3 --no-minimize || status=1
exit $status

#!/usr/bin/env bash
# The local suite once more with every array on a GPU runtime device (issue "Devices",
# docs/devices.md): PTENSOR_DEVICE=opencl:cpu:0 by default, Intel's CPU OpenCL runtime that
# scripts/setup.sh installs, running the same SPIR-V kernels a GPU would (DEVICE=... picks
# another). `--quick`: the files that exercise the most kernel kinds (elementwise, complex,
# creation, indexing, reductions, FFT: what scripts/test.sh runs in CI); without it the whole
# suite (about 15 minutes on 2 cores: run before stops, docs/devices.md has its last count).
set -euo pipefail
cd "$(dirname "$0")/.."
files=tests/python
if [ "${1:-}" = "--quick" ]; then
  files="tests/python/test_elementwise.py tests/python/test_complex.py
         tests/python/test_creation.py tests/python/test_indexing.py
         tests/python/test_reductions.py tests/python/test_fft.py"
fi
# (a fresh disk cache: device programs are keyed by device, but a run should compile its own)
PTENSOR_CACHE_DIR="$(mktemp -d)" PTENSOR_DEVICE="${DEVICE:-opencl:cpu:0}" \
  python3 -m pytest $files -q -n 2 -p no:cacheprovider
# The kernels as a GPU gets them (work items interleaved over a reduction's rows and parts,
# not contiguous chunks; folds of partial results in kernels; loops of several dimensions
# made 1-D: PTENSOR_KERNEL_LAYOUT=gpu) on the same CPU device (no GPU runs them otherwise):
# with --quick the reductions, indexing and the device tests, else the whole suite again.
gpu_files=tests/python
if [ "${1:-}" = "--quick" ]; then
  gpu_files="tests/python/test_reductions.py tests/python/test_gpu_devices.py
             tests/python/test_indexing.py"
fi
PTENSOR_CACHE_DIR="$(mktemp -d)" PTENSOR_DEVICE="${DEVICE:-opencl:cpu:0}" PTENSOR_KERNEL_LAYOUT=gpu \
  python3 -m pytest $gpu_files -q -n 2 -p no:cacheprovider

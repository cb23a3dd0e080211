#!/usr/bin/env bash
# The Devices issue's checks on a lent NVIDIA machine (packed by scripts/device_pack.sh): the
# packed wheel installed into /tmp/site, the devices and the drivers' notes, the device tests
# (tests/python/test_gpu_devices.py) on cuda:0, and the benchmark suite with ptensor, CuPy and
# JAX on the GPU. Everything is logged under $OUT, which the tool brings back. Meant to end
# within 9 minutes (TEST_TIMEOUT, BENCH_TIMEOUT seconds; BENCH_SCALE sizes the workloads).
# DEVICE=opencl:cpu:0 PY=python3.12 runs the same steps here (a check of the script itself).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/device_check}
DEVICE=${DEVICE:-cuda:0}
PY=${PY:-python3}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
rm -rf /tmp/site
"$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site \
  .devpack/ptensor-*-cp312-*.whl || exit 1
export PYTHONPATH=/tmp/site
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total \
  --format=csv | tee "$OUT/gpu.txt"
"$PY" -c "import ptensor as pt; print(pt.__array_namespace_info__().devices()); print(pt._core.device_notes())" \
  2>&1 | tee "$OUT/devices.txt"
PTENSOR_TEST_DEVICE="$DEVICE" timeout "${TEST_TIMEOUT:-240}" "$PY" -m pytest -q -p no:cacheprovider \
  -o addopts="" tests/python/test_gpu_devices.py > "$OUT/tests.log" 2>&1
echo "device tests: rc=$?"; tail -25 "$OUT/tests.log"
(cd examples/benchmarks && timeout "${BENCH_TIMEOUT:-240}" "$PY" suite.py --device "$DEVICE" \
  --scale "${BENCH_SCALE:-1}" --repeat 5 --out "$OUT/suite" > "$OUT/suite.log" 2>&1
 echo "suite: rc=$?"; tail -30 "$OUT/suite.log")

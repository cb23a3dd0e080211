#!/usr/bin/env bash
# Installs each wheel of wheelhouse/ (scripts/build_wheels.sh) into a fresh venv and runs, in a
# mount namespace where /usr/lib/llvm-19 and Debian's OpenBLAS are empty folders (as on a
# machine without them), the smoke test (scripts/wheel_smoke.py: what the process maps comes
# from the wheel) and the quick tests; then a 2-rank run under mpiexec (the system's MPICH).
# Needs root (unshare, mount). PYTHONS as in build_wheels.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
QUICK="tests/python/test_array.py tests/python/test_creation.py tests/python/test_elementwise.py
  tests/python/test_indexing.py tests/python/test_reductions.py tests/python/test_linalg.py
  tests/python/test_fft.py tests/python/test_complex.py tests/python/test_custom_call.py
  tests/python/test_errors.py tests/python/test_random.py tests/python/test_habits.py
  tests/python/test_gpu_devices.py"
status=0
for py in ${PYTHONS:-python3.11 python3.12}; do
  tag=$("$py" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
  whl=$(ls wheelhouse/ptensor-*-"$tag"-*manylinux*.whl | head -1)
  venv=$(mktemp -d /tmp/ptwheel.XXXX)
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q "$whl" pytest scipy  # (scipy: test_random.py's reference)
  echo "test_wheel: $whl ($(du -h "$whl" | cut -f1)) in $venv"
  # the tests run from a copy, so that `import ptensor` cannot find the source tree's package
  cp -r tests "$venv/tests"
  if ! unshare --mount --propagation private bash -c "
      set -e
      mount -t tmpfs none /usr/lib/llvm-19
      mount -t tmpfs none /usr/lib/x86_64-linux-gnu/openblas-pthread
      cd '$venv'
      export PATH='$venv/bin':"$PATH"  # the console script ptensor-opt
      PTENSOR_CACHE_DIR='$venv/cache' bin/python '$root/scripts/wheel_smoke.py'
      PTENSOR_CACHE_DIR='$venv/cache' bin/python -m pytest -q -p no:cacheprovider $(echo $QUICK)
      PTENSOR_CACHE_DIR='$venv/cache' mpiexec -n 2 bin/python '$root/scripts/wheel_smoke.py' --mpi
    "; then
    echo "test_wheel: FAILED for $whl"; status=1
  fi
done
exit $status

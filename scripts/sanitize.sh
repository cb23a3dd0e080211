#!/usr/bin/env bash
# The C++ core (_core), the passes it links and the MPI runtime built with AddressSanitizer and
# UndefinedBehaviorSanitizer (build/sanitize), then the local test suite and a fuzz batch run
# against that build (an overlay package: this checkout's Python files with the sanitized
# libraries; Python itself and the JIT-compiled programs are not instrumented, the C++ and C
# they call are). Too slow for every CI run: about 15 minutes to build and 20 to test on
# 2 cores. Usage: bash scripts/sanitize.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh  # Debian and Python packages
PY=${PYTHON:-python3}
B=build/sanitize
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
# (vptr checks need RTTI, which LLVM's headers are built without)
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython_EXECUTABLE="$(command -v "$PY")" \
  -DCMAKE_C_FLAGS="$SAN" -DCMAKE_CXX_FLAGS="$SAN -fno-sanitize=vptr" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_MODULE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
ninja -C "$B" -j2 _core ptensor_dist
PKG="$B/pkg/ptensor"
rm -rf "$B/pkg"
mkdir -p "$PKG"
cp -r python/ptensor/. "$PKG/"
cp "$B"/src/_core*.so "$B/runtime/libptensor_dist.so" "$PKG/"
export PYTHONPATH="$PWD/$B/pkg"
export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
# leaks: Python and LLVM keep memory for the process's life on purpose
# reports go to files (pytest captures the output of a test that aborts): printed at the end
LOGS="$PWD/$B/reports"
rm -rf "$LOGS"
mkdir -p "$LOGS"
# allow_user_poisoning=0: LLVM's inline BumpPtrAllocator poisons memory in our (instrumented)
# code that libMLIR (not instrumented) then hands out: false use-after-poison reports
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1:allow_user_poisoning=0:log_path=$LOGS/asan
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$LOGS/ubsan
trap 'cat "$LOGS"/* 2>/dev/null | head -200' EXIT
"$PY" -c "import ptensor, sys; assert ptensor.__file__.startswith('$PWD/$B'), ptensor.__file__"
"$PY" -m pytest tests/python -q -x -p no:cacheprovider "$@"
"$PY" tests/fuzz/fuzz.py --seeds 0:300 --no-minimize
echo "sanitizers: no report"

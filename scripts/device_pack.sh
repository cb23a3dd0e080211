#!/usr/bin/env bash
# Packs what scripts/device_check.sh needs on a lent NVIDIA machine (the `device` tool; issue
# "Devices"). That machine has Python 3.12 with NumPy, pytest, CuPy and JAX, a CUDA driver and
# toolkit (libdevice), but no LLVM/MLIR and no package registry, and a call carries at most
# 64 MiB: so the self-contained cp312 wheel (MLIR/LLVM linked in: scripts/build_wheels.sh)
# goes into .devpack/, which git ignores (.git/info/exclude) and the call carries:
#   bash scripts/device_pack.sh      # here, after each change of the library (~5-15 min)
#   run(command="bash scripts/device_check.sh", carry=[".devpack"], timeout_s=540)
set -euo pipefail
cd "$(dirname "$0")/.."
PY312=${PY312:-$(command -v python3.12 || echo "$HOME/.pyenv/versions/3.12.1/bin/python3.12")}
PYTHONS="$PY312" bash scripts/build_wheels.sh
mkdir -p .devpack
rm -f .devpack/*.whl
cp wheelhouse/ptensor-*-cp312-*.whl .devpack/
grep -qsx "/.devpack/" .git/info/exclude || echo "/.devpack/" >> .git/info/exclude
du -sh .devpack

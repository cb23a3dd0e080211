#!/usr/bin/env bash
# Set up (install what is missing, build) and run every test: pytest against NumPy, and the
# lit + FileCheck tests of ptensor-opt.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
python3 -m pytest tests/python -q
python3 -c "import lit.main; lit.main.main()" -q tests/mlir

#!/usr/bin/env bash
# Set up (install what is missing, build) and run the quickstart example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
python3 examples/quickstart.py

#!/usr/bin/env bash
# Builds the documentation site into docs/_build/html: Sphinx with warnings as errors (a broken
# cross-reference, an empty docstring of a public name, a bad page or a notebook cell that
# raises fails the build), then checks the built index, one API page and the search page in
# headless Chromium (scripts/docs_browser_check.py). Needs ptensor installed (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# Chromium from Debian, driven through Playwright (PyPI) without Playwright's own browsers
if [ "${1:-}" != "--no-browser" ] && ! command -v chromium >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
$PY - <<'PYEOF' || PIP_ROOT_USER_ACTION=ignore $PY -m pip install -q "sphinx==9.0.4" \
  "pydata-sphinx-theme==0.24.0" "myst-parser==5.2.0" "myst-nb==1.4.0" "playwright==1.65.2"
import importlib.util, sys
sys.exit(0 if all(importlib.util.find_spec(m) for m in ("sphinx", "pydata_sphinx_theme",
                                                        "myst_parser", "myst_nb",
                                                        "playwright")) else 1)
PYEOF
# (the examples are small: the eager path computes them; PTENSOR_FALLBACK=error: a page that
# would reach NumPy's fallback fails; the tour notebook runs in a kernel, docs/conf.py)
PTENSOR_FALLBACK=error $PY -m sphinx -b html -W --keep-going -q docs docs/_build/html
if [ "${1:-}" != "--no-browser" ]; then
  $PY scripts/docs_browser_check.py docs/_build/html
fi

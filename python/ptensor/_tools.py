"""Console scripts installed with the package (pyproject.toml's [project.scripts]).

``ptensor-opt``: the PTensor dialects' opt tool (mlir_passes/tools/ptensor-opt.cpp, the one
pass pipeline as --ptensor-pipeline), installed inside the package as ptensor/bin/ptensor-opt
and put on PATH by pip through this entry point.
"""
from __future__ import annotations

import os
import sys


def opt_path() -> str:
    """The installed ptensor-opt binary."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "ptensor-opt")


def opt() -> None:
    """Run ptensor-opt with this process's arguments (it replaces the process)."""
    path = opt_path()
    if not os.access(path, os.X_OK):
        sys.exit(f"ptensor-opt: {path} is missing (this ptensor was not built with it)")
    os.execv(path, [path] + sys.argv[1:])

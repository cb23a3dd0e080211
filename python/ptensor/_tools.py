"""Console scripts installed with the package (pyproject.toml's [project.scripts]).

``ptensor-opt``: the PTensor dialects' opt tool (mlir_passes/tools/ptensor-opt.cpp, the one
pass pipeline as --ptensor-pipeline), installed inside the package as ptensor/bin/ptensor-opt
and put on PATH by pip through this entry point.
"""
from __future__ import annotations

import os
import sys

from . import _core


def opt_path() -> str:
    """The installed ptensor-opt binary."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "ptensor-opt")


def opt() -> None:
    """Run ptensor-opt with this process's arguments: the installed binary (it replaces the
    process), or in a self-contained build (a wheel, which carries one copy of MLIR/LLVM: the
    extension's) the same main function inside the extension."""
    path = opt_path()
    if os.access(path, os.X_OK):
        os.execv(path, [path] + sys.argv[1:])
    sys.stdout.flush()
    sys.exit(_core.opt_main(["ptensor-opt"] + sys.argv[1:]))

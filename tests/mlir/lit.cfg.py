# lit configuration for ptensor-opt FileCheck tests.
import os
import shutil
import subprocess

import lit.formats

config.name = "ptensor-mlir"
config.test_format = lit.formats.ShTest(False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)

def _package_dir():
    out = subprocess.run(["python3", "-c", "import ptensor, os; print(os.path.dirname(ptensor.__file__))"],
                         capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else None

_pkg = _package_dir()

def _find_opt():
    env = os.environ.get("PTENSOR_OPT")
    if env:
        return env
    cand = os.path.join(_pkg or "", "bin", "ptensor-opt")
    if _pkg and os.path.exists(cand):
        return cand
    return shutil.which("ptensor-opt") or "ptensor-opt"

def _find_dist_lib():
    """runtime/dist.c's library (PTENSOR_DIST_LIB, else the one beside the ptensor package)."""
    return os.environ.get("PTENSOR_DIST_LIB") or os.path.join(_pkg or "", "libptensor_dist.so")

config.substitutions.append(("%ptensor-opt", _find_opt()))
# Runs a --ptensor-pipeline output's @main with the distributed runtime (team-run.mlir).
_llvm_lib = "/usr/lib/llvm-19/lib"
config.substitutions.append(("%run-team", "/usr/lib/llvm-19/bin/mlir-cpu-runner -e main -entry-point-result=void "
                             f"-shared-libs={_find_dist_lib()},{_llvm_lib}/libmlir_c_runner_utils.so"))
config.substitutions.append(("%FileCheck", "/usr/lib/llvm-19/bin/FileCheck"))
config.substitutions.append(("%not", "/usr/lib/llvm-19/bin/not"))

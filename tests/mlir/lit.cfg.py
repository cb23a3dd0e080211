# lit configuration for ptensor-opt FileCheck tests.
import os
import shutil
import subprocess

import lit.formats

config.name = "ptensor-mlir"
config.test_format = lit.formats.ShTest(False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)

def _find_opt():
    env = os.environ.get("PTENSOR_OPT")
    if env:
        return env
    out = subprocess.run(["python3", "-c", "import ptensor, os; print(os.path.dirname(ptensor.__file__))"],
                         capture_output=True, text=True)
    cand = os.path.join(out.stdout.strip(), "bin", "ptensor-opt")
    if out.returncode == 0 and os.path.exists(cand):
        return cand
    return shutil.which("ptensor-opt") or "ptensor-opt"

config.substitutions.append(("%ptensor-opt", _find_opt()))
config.substitutions.append(("%FileCheck", "/usr/lib/llvm-19/bin/FileCheck"))
config.substitutions.append(("%not", "/usr/lib/llvm-19/bin/not"))

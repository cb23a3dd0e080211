"""CUDA kernels where no NVIDIA GPU is (issue "Devices", docs/devices.md). The programs of a
script, compiled for a CUDA device (ptensor-opt's ptensor-pipeline-gpu{target=nvptx:sm_90},
the pipeline a cuda:N device's programs take), give PTX that NVIDIA's ptxas accepts for sm_90
(the H100), libdevice linked for the math functions; without a CUDA driver, asking for a CUDA
device says which library is missing."""
import importlib.util
import os
import re
import subprocess
import sys

import pytest

import ptensor as pt
from conftest import TEAM

if TEAM is not None:
    pytest.skip("compile checks of one process", allow_module_level=True)


def _nvcc():
    """ptxas and libdevice.10.bc of PyPI's nvidia-cuda-nvcc-cu12 (scripts/setup.sh)."""
    spec = importlib.util.find_spec("nvidia.cuda_nvcc")
    for root in (spec.submodule_search_locations or []) if spec else []:
        ptxas = os.path.join(root, "bin", "ptxas")
        libdevice = os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
        if os.access(ptxas, os.X_OK) and os.path.isfile(libdevice):
            return ptxas, libdevice
    if os.environ.get("CI"):
        raise RuntimeError("nvidia-cuda-nvcc-cu12 missing: scripts/setup.sh installs it")
    pytest.skip("nvidia-cuda-nvcc-cu12 (ptxas, libdevice) is not installed")


PROGRAM = """
import numpy as np, ptensor as pt
rng = np.random.default_rng(1)
a = pt.asarray(rng.standard_normal((40, 30)))
b = pt.asarray(rng.standard_normal((40, 30)).astype(np.float32))
i = pt.asarray(rng.integers(-9, 9, (40, 30)).astype(np.int32))
z = a * (1 + 2j)
outs = [pt.sin(a) * 2 + pt.exp(-a), pt.where(a > 0, pt.sqrt(pt.abs(a)), pt.atan2(a, 2.0)),
        pt.tanh(b) + pt.astype(i // 3, pt.float32), i ** 3 - i % 4, pt.sum(a[::2, 1:], axis=0),
        a @ a.T, pt.acos(z / 9) ** 2.5 + pt.exp(z), pt.std(a, axis=1), pt.log1p(pt.abs(b)),
        pt.cumulative_sum(a, axis=1), pt.astype(a > b, pt.int8) + pt.asinh(b) * 0,
        pt.sum(a * 2) + pt.max(b), pt.any(i > 3), pt.prod(i[:3, :3]),  # (partial results)
        pt.sin(z) + pt.tan(z) + pt.asinh(z) + pt.atanh(z / 9) + pt.cosh(z) + pt.log(z),
        pt.sum(z * z),  # (complex partial results: two floats a work item)
        pt.sum(z, axis=0), pt.prod(i, axis=0), pt.max(b, axis=0)]  # (parts of rows, a fold)
for o in outs:
    np.asarray(o)
"""


def test_programs_compile_to_ptx_that_ptxas_accepts(tmp_path):
    ptxas, libdevice = _nvcc()
    ir = tmp_path / "programs.mlir"
    env = dict(os.environ, PTENSOR_DUMP_MLIR=str(ir), PTENSOR_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("PTENSOR_DEVICE", None)
    subprocess.run([sys.executable, "-c", PROGRAM], env=env, check=True, timeout=600)
    modules = [m for m in re.split(r"(?m)^(?=module)", ir.read_text()) if m.strip()]
    assert modules  # (pending arrays materialize together: usually one program)
    programs = tmp_path / "programs-split.mlir"
    programs.write_text("\n// -----\n".join(modules))
    kernels = tmp_path / "kernels"
    kernels.mkdir()
    opt = "import sys; from ptensor import _tools; sys.argv[0] = 'ptensor-opt'; _tools.opt()"
    env = dict(os.environ, PTENSOR_DUMP_KERNELS=str(kernels), PTENSOR_LIBDEVICE=libdevice)
    out = subprocess.run([sys.executable, "-c", opt, str(programs), "--split-input-file",
                          "--ptensor-pipeline-gpu=target=nvptx:sm_90", "-o", os.devnull],
                         env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    ptx = sorted(kernels.glob("*.ptx"))
    assert len(ptx) >= 5
    for f in ptx:
        text = f.read_text()
        assert ".target sm_90" in text and ".visible .entry" in text
        assert ".extern .func __nv_" not in text  # libdevice is linked in
        check = subprocess.run([ptxas, "-arch=sm_90", str(f), "-o", os.devnull],
                               capture_output=True, text=True, timeout=300)
        assert check.returncode == 0, (f.name, check.stdout + check.stderr)


def test_a_missing_driver_is_named():
    found = [d.name for d in pt.__array_namespace_info__().devices()]
    if any(n.startswith("cuda:") for n in found):
        pytest.skip("a CUDA device is present")
    with pytest.raises(ValueError, match=r"'cuda:0'.*cuda: .*libcuda\.so\.1"):
        pt.ones(3, device="cuda:0")
    with pytest.raises(ValueError, match=r"level_zero: "):
        pt.asarray([1.0], device="level_zero:gpu:0")


def test_a_library_that_is_not_the_cuda_driver_is_refused():
    code = ("import ptensor as pt\ntry:\n    pt.ones(2, device='cuda:0')\n"
            "except ValueError as e:\n    print(e)\n")
    env = dict(os.environ, PTENSOR_CUDA_LIBRARY="libm.so.6")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=300, check=True)
    assert "cuda: libm.so.6 lacks entry points" in out.stdout, out.stdout + out.stderr

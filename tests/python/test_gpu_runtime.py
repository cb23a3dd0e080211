"""The GPU runtime's failure paths (runtime/gpu, C ABI in runtime/ptensor_runtime.h), driven by
bad input through the real OpenCL driver: a small C++ program built from the runtime's sources
calls the C ABI with a device index that does not exist, a binary that is not SPIR-V, a kernel
name the module lacks and an allocation no device has, and checks each message, that a failed
program's later launches do nothing until the error is cleared, and that a good launch runs."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

import ptensor as pt
from conftest import TEAM

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

if TEAM is not None:
    pytest.skip("runtime checks of one process", allow_module_level=True)

MAIN = r"""
#include "ptensor_runtime.h"
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

static int dev = -1;
static void report(const char *what) {
  std::printf("%s|%s\n", what, ptensor_gpu_error());
  ptensor_gpu_clear_error();
}

int main(int argc, char **argv) {
  for (int i = 0; i < ptensor_gpu_count(); ++i)
    if (std::strncmp(ptensor_gpu_name(i), "opencl:", 7) == 0) { dev = i; break; }
  if (dev < 0) { std::printf("no-device|%s\n", ptensor_gpu_notes()); return 0; }
  std::ifstream f(argv[1], std::ios::binary);
  std::stringstream ss; ss << f.rdbuf();
  std::string spirv = ss.str(), kernel = argv[2];
  int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  int64_t none[1] = {0}, slot = 0;

  if (!ptensor_gpu_alloc(99, 8)) report("index");
  if (!ptensor_gpu_alloc(dev, int64_t(1) << 60)) report("alloc");
  const char junk[] = "this is not SPIR-V at all";
  ptensor_gpu_launch(dev, &slot, junk, sizeof junk, kernel.c_str(), 1, 1, 1, 1, 1, 1, none, none, 0);
  report("binary");
  slot = 0;
  ptensor_gpu_launch(dev, &slot, spirv.data(), int64_t(spirv.size()), "no_such_kernel", 1, 1, 1, 1, 1, 1, none, none, 0);
  int64_t before = ptensor_gpu_launches();
  // after a failure, launches do nothing until the error is cleared
  ptensor_gpu_launch(dev, &slot, spirv.data(), int64_t(spirv.size()), kernel.c_str(), 0, 1, 1, 1, 1, 1, none, none, 0);
  std::printf("skipped|%lld\n", (long long)(ptensor_gpu_launches() - before));
  report("kernel");
  // an empty grid runs nothing and succeeds; the module stays cached in its slot
  ptensor_gpu_launch(dev, &slot, spirv.data(), int64_t(spirv.size()), kernel.c_str(), 0, 1, 1, 1, 1, 1, none, none, 0);
  std::printf("cached|%d\n", slot != 0);
  report("empty");
  return 0;
}
"""


def _device_kernel(tmp_path):
    """A real SPIR-V binary and its kernel's name, from a program on the OpenCL device."""
    code = ("import numpy as np, ptensor as pt\n"
            "d = [x for x in pt.__array_namespace_info__().devices() if x.name.startswith('opencl:')]\n"
            "print(len(d))\n"
            "if d: np.asarray(pt.asarray(np.arange(4.0), device=d[0]) * 2)\n")
    env = dict(os.environ, PTENSOR_DUMP_KERNELS=str(tmp_path), PTENSOR_CACHE_DIR=str(tmp_path))
    env.pop("PTENSOR_DEVICE", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=300,
                         capture_output=True, text=True)
    binaries = glob.glob(str(tmp_path / "*.spv"))
    if out.stdout.strip() == "0" or not binaries:
        if os.environ.get("CI"):
            raise RuntimeError("no OpenCL device: scripts/setup.sh installs one")
        pytest.skip("no OpenCL device (scripts/setup.sh installs one)")
    return binaries[0], "ptensor_main_kernel"


def test_runtime_failures_are_messages_not_crashes(tmp_path):
    binary, kernel = _device_kernel(tmp_path)
    cxx = shutil.which("c++") or shutil.which("g++")
    assert cxx, "a C++ compiler is part of the setup (scripts/setup.sh installs g++)"
    src, exe = tmp_path / "main.cpp", tmp_path / "gpu_runtime_check"
    src.write_text(MAIN)
    sources = sorted(glob.glob(os.path.join(ROOT, "runtime", "gpu", "*.cpp")))
    subprocess.run([cxx, "-std=c++17", "-O0", "-I", os.path.join(ROOT, "runtime"), str(src),
                    *sources, "-ldl", "-o", str(exe)], check=True, timeout=600)
    out = subprocess.run([str(exe), binary, kernel], capture_output=True, text=True, timeout=300,
                         check=True).stdout
    got = dict(line.split("|", 1) for line in out.splitlines())
    assert "no GPU device with index 99" in got["index"]
    assert "cannot allocate 1152921504606846976 bytes" in got["alloc"]
    assert got["binary"].startswith("OpenCL: "), got["binary"]
    assert "clCreateKernel failed" in got["kernel"], got["kernel"]
    assert got["skipped"] == "0"
    assert got["cached"] == "1" and got["empty"] == ""

// Level Zero (Intel GPUs): the probe. The loader (libze_loader.so.1, or
// PTENSOR_LEVEL_ZERO_LIBRARY) is opened at run time and asked for GPUs; the driver that would
// run ptensor's kernels on them (the same SPIR-V the OpenCL driver runs: zeModuleCreate with
// ZE_MODULE_FORMAT_IL_SPIRV, shared USM) is not implemented, so this only says what it found
// (ptensor_gpu_notes; docs/devices.md).
#include "Driver.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace ptensor::gpu {
namespace {
using ze_result_t = uint32_t;
constexpr uint32_t kInitGpuOnly = 1;

std::string hex(uint32_t v) {
  char s[16];
  std::snprintf(s, sizeof s, "0x%x", v);
  return s;
}
} // namespace

std::vector<std::unique_ptr<Device>> levelZeroDevices(std::string &note) {
  const char *path = std::getenv("PTENSOR_LEVEL_ZERO_LIBRARY");
  std::string lib = path && *path ? path : "libze_loader.so.1";
  void *handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    note = "level_zero: the Level Zero loader " + lib + " was not found";
    return {};
  }
  auto init = reinterpret_cast<ze_result_t (*)(uint32_t)>(dlsym(handle, "zeInit"));
  auto driverGet = reinterpret_cast<ze_result_t (*)(uint32_t *, void **)>(dlsym(handle, "zeDriverGet"));
  auto deviceGet = reinterpret_cast<ze_result_t (*)(void *, uint32_t *, void **)>(dlsym(handle, "zeDeviceGet"));
  if (!init || !driverGet || !deviceGet) {
    note = "level_zero: " + lib + " lacks zeInit/zeDriverGet/zeDeviceGet";
    return {};
  }
  uint32_t drivers = 0;
  if (ze_result_t rc = init(kInitGpuOnly); rc != 0) {
    note = "level_zero: the loader found no GPU driver (zeInit: " + hex(rc) + ")";
    return {};
  }
  if (driverGet(&drivers, nullptr) != 0 || drivers == 0) {
    note = "level_zero: the loader found no GPU driver";
    return {};
  }
  std::vector<void *> ds(drivers);
  driverGet(&drivers, ds.data());
  uint32_t gpus = 0;
  for (void *d : ds) {
    uint32_t n = 0;
    if (deviceGet(d, &n, nullptr) == 0)
      gpus += n;
  }
  note = "level_zero: " + std::to_string(gpus) +
         " GPU(s) found, but ptensor cannot run kernels through Level Zero yet (use their "
         "OpenCL driver: the same SPIR-V kernels)";
  return {};
}
} // namespace ptensor::gpu

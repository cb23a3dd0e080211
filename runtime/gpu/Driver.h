// The GPU runtime's driver seam: one implementation per driver API (OpenCL and CUDA; Level
// Zero only probes for devices), each loaded at run time with dlopen so that
// ptensor builds and imports where no GPU library is present. Gpu.cpp owns the devices the
// drivers found and implements the C ABI (ptensor_runtime.h) on top of this interface.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ptensor::gpu {
/// One kernel argument as compiled code passes it: a device pointer or a scalar's bits.
struct KernelArg {
  int64_t bits; ///< the pointer, or the scalar in its low `bytes` bytes (little-endian)
  int32_t bytes; ///< 0 for a device pointer, else 1, 2, 4 or 8
};

/// A device of one driver. Memory is shared with the host (OpenCL fine-grained SVM, Level
/// Zero shared USM, CUDA managed memory): compiled host code may read what kernels wrote once
/// the device is synchronized. Launches only queue their kernel (one in-order queue or stream
/// per device); Gpu.cpp waits (sync) before the host touches the memory again.
class Device {
public:
  virtual ~Device() = default;
  /// "opencl:cpu:0", as Python shows it.
  virtual std::string name() const = 0;
  /// The binary its kernels are compiled to (GpuToRuntime.cpp's target): "spirv", or
  /// "nvptx:sm_XY" (PTX for that architecture).
  virtual std::string target() const { return "spirv"; }
  /// Device memory shared with the host, aligned to 64 bytes; nullptr with error() set.
  virtual void *alloc(int64_t bytes) = 0;
  virtual void free(void *p) = 0; ///< (the caller has synchronized: no kernel uses p)
  /// Copies between device (or host) memory; false with error() set.
  virtual bool copy(void *dst, const void *src, int64_t bytes) = 0;
  /// A module from a binary (SPIR-V for OpenCL and Level Zero, PTX for CUDA); nullptr with
  /// error() set. Modules stay loaded for the life of the process.
  virtual void *loadModule(const void *binary, int64_t size) = 0;
  /// Queues `kernel` of a module on grid x block work items, after the work queued before it;
  /// false with error() set (a failure of the kernel itself shows at the next sync).
  virtual bool launch(void *module, const char *kernel, const int64_t grid[3],
                      const int64_t block[3], const std::vector<KernelArg> &args) = 0;
  /// Waits for all work queued on the device; false with error() set.
  virtual bool sync() = 0;
};

/// The failure of the last GPU runtime call on this thread ("" when none).
std::string &error();

/// Each driver's devices; none where its library or a device is missing, with `note` saying
/// why (or what else it saw).
/// OpenCL (libOpenCL.so.1, or PTENSOR_OPENCL_LIBRARY): devices that take SPIR-V and
/// fine-grained SVM.
std::vector<std::unique_ptr<Device>> openclDevices(std::string &note);
/// CUDA (libcuda.so.1, or PTENSOR_CUDA_LIBRARY): GPUs with managed memory; PTX kernels.
std::vector<std::unique_ptr<Device>> cudaDevices(std::string &note);
/// Level Zero (libze_loader.so.1, or PTENSOR_LEVEL_ZERO_LIBRARY): a probe only (none yet).
std::vector<std::unique_ptr<Device>> levelZeroDevices(std::string &note);
} // namespace ptensor::gpu

// The CUDA driver of the GPU runtime: NVIDIA GPUs through the CUDA driver API (libcuda.so.1,
// or PTENSOR_CUDA_LIBRARY) opened at run time, so building needs no CUDA toolkit. Kernels are
// PTX (GpuToRuntime.cpp, target nvptx:<chip>) that the driver compiles for its GPU when a
// module is loaded; memory is managed memory (cuMemAllocManaged), which host code and Python
// read in place after a launch has synchronized, as OpenCL's fine-grained SVM.
#include "Driver.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>

namespace ptensor::gpu {
namespace {
// The few CUDA driver types and constants used here (values from cuda.h).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using Handle = void *; // CUcontext, CUmodule, CUfunction, CUstream
constexpr int kAttrCcMajor = 75, kAttrCcMinor = 76, kAttrManagedMemory = 83;
constexpr unsigned kMemAttachGlobal = 1;
constexpr int kErrorOutOfMemory = 2;
constexpr int kJitErrorLogBuffer = 5, kJitErrorLogBufferSize = 6;

struct Api {
  CUresult (*init)(unsigned);
  CUresult (*deviceGetCount)(int *);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*primaryCtxRetain)(Handle *, CUdevice);
  CUresult (*ctxSetCurrent)(Handle);
  CUresult (*ctxSynchronize)();
  CUresult (*memAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*memGetInfo)(size_t *, size_t *);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memcpy)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*moduleLoadDataEx)(Handle *, const void *, unsigned, int *, void **);
  CUresult (*moduleGetFunction)(Handle *, Handle, const char *);
  CUresult (*launchKernel)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, Handle, void **, void **);
  CUresult (*getErrorString)(CUresult, const char **);

  bool load(void *lib) {
    bool ok = true;
    auto get = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      ok = ok && fn;
    };
    get(init, "cuInit");
    get(deviceGetCount, "cuDeviceGetCount");
    get(deviceGet, "cuDeviceGet");
    get(deviceGetAttribute, "cuDeviceGetAttribute");
    get(primaryCtxRetain, "cuDevicePrimaryCtxRetain");
    get(ctxSetCurrent, "cuCtxSetCurrent");
    get(ctxSynchronize, "cuCtxSynchronize");
    get(memAllocManaged, "cuMemAllocManaged");
    get(memGetInfo, "cuMemGetInfo_v2");
    get(memFree, "cuMemFree_v2");
    get(memcpy, "cuMemcpy");
    get(moduleLoadDataEx, "cuModuleLoadDataEx");
    get(moduleGetFunction, "cuModuleGetFunction");
    get(launchKernel, "cuLaunchKernel");
    get(getErrorString, "cuGetErrorString");
    return ok;
  }
};

Api gApi;

bool failed(CUresult rc, const char *what) {
  if (rc == 0)
    return false;
  const char *text = nullptr;
  if (gApi.getErrorString(rc, &text) != 0 || !text)
    text = "unknown error";
  error() = std::string("CUDA: ") + what + " failed (error " + std::to_string(rc) + ": " +
            text + ")";
  return true;
}

class CudaDevice final : public Device {
public:
  CudaDevice(CUdevice dev, Handle ctx, std::string name, std::string target)
      : dev_(dev), ctx_(ctx), name_(std::move(name)), target_(std::move(target)) {}

  std::string name() const override { return name_; }
  std::string target() const override { return target_; }

  void *alloc(int64_t bytes) override {
    CUdeviceptr p = 0;
    if (!current())
      return nullptr;
    // Managed memory beyond what the GPU has free can hang it (not only this process): such a
    // request is refused as out of memory before it is made.
    size_t free = 0, total = 0;
    if (failed(gApi.memGetInfo(&free, &total), "cuMemGetInfo"))
      return nullptr;
    CUresult rc = uint64_t(bytes) > free
        ? kErrorOutOfMemory
        : gApi.memAllocManaged(&p, size_t(std::max<int64_t>(bytes, 64)), kMemAttachGlobal);
    if (rc == kErrorOutOfMemory) {
      error() = "CUDA: out of memory on " + name_ + " (" + std::to_string(bytes) + " bytes)";
      return nullptr;
    }
    if (failed(rc, "cuMemAllocManaged"))
      return nullptr;
    return reinterpret_cast<void *>(p); // (256-byte aligned)
  }

  void free(void *p) override {
    if (p && current())
      gApi.memFree(reinterpret_cast<CUdeviceptr>(p));
  }

  bool copy(void *dst, const void *src, int64_t bytes) override {
    if (bytes <= 0)
      return true;
    return current() &&
           !failed(gApi.memcpy(reinterpret_cast<CUdeviceptr>(dst),
                               reinterpret_cast<CUdeviceptr>(src), size_t(bytes)),
                   "cuMemcpy") &&
           sync();
  }

  void *loadModule(const void *binary, int64_t) override {
    if (!current())
      return nullptr;
    Handle module = nullptr;
    char log[4096] = {0};
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSize};
    void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof log))};
    CUresult rc = gApi.moduleLoadDataEx(&module, binary, 2, options, values);
    if (rc != 0) {
      failed(rc, "cuModuleLoadDataEx");
      error() += std::string(" on ") + name_ + ": " + log;
      return nullptr;
    }
    return module;
  }

  bool launch(void *module, const char *kernel, const int64_t grid[3], const int64_t block[3],
              const std::vector<KernelArg> &args) override {
    if (!current())
      return false;
    Handle fn = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      Handle &f = functions_[{module, kernel}];
      if (!f && failed(gApi.moduleGetFunction(&f, module, kernel), "cuModuleGetFunction"))
        return false;
      fn = f;
    }
    for (int d = 0; d < 3; ++d)
      if (grid[d] <= 0 || block[d] <= 0)
        return true; // nothing to run
    // each parameter's bytes, read by the driver in the sizes the PTX entry declares (the
    // words are little-endian: a smaller scalar is their first bytes)
    std::vector<int64_t> words(args.size());
    std::vector<void *> params(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      words[i] = args[i].bits;
      params[i] = &words[i];
    }
    if (failed(gApi.launchKernel(fn, unsigned(grid[0]), unsigned(grid[1]), unsigned(grid[2]),
                                 unsigned(block[0]), unsigned(block[1]), unsigned(block[2]), 0,
                                 nullptr, params.data(), nullptr),
               "cuLaunchKernel"))
      return false;
    return true; // (queued on the legacy default stream, in order; Gpu.cpp syncs before the
                 // host touches managed memory again)
  }

  bool sync() override { return current() && !failed(gApi.ctxSynchronize(), "cuCtxSynchronize"); }

private:
  /// The device's primary context, current on the calling thread.
  bool current() { return !failed(gApi.ctxSetCurrent(ctx_), "cuCtxSetCurrent"); }

  CUdevice dev_;
  Handle ctx_;
  std::string name_, target_;
  std::mutex mutex_;
  std::map<std::pair<void *, std::string>, Handle> functions_;
};
} // namespace

std::vector<std::unique_ptr<Device>> cudaDevices(std::string &note) {
  std::vector<std::unique_ptr<Device>> out;
  const char *path = std::getenv("PTENSOR_CUDA_LIBRARY");
  std::string lib = path && *path ? path : "libcuda.so.1";
  void *handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    note = "cuda: the CUDA driver library " + lib + " was not found (an NVIDIA driver installs it)";
    return out;
  }
  if (!gApi.load(handle)) {
    note = "cuda: " + lib + " lacks entry points ptensor uses (a driver older than CUDA 11?)";
    return out;
  }
  int n = 0;
  if (CUresult rc = gApi.init(0); rc != 0 || gApi.deviceGetCount(&n) != 0 || n == 0) {
    note = "cuda: the CUDA driver found no usable GPU (cuInit: error " + std::to_string(rc) + ")";
    return out;
  }
  for (int i = 0; i < n; ++i) {
    CUdevice dev = 0;
    int major = 0, minor = 0, managed = 0;
    Handle ctx = nullptr;
    if (gApi.deviceGet(&dev, i) != 0 ||
        gApi.deviceGetAttribute(&major, kAttrCcMajor, dev) != 0 ||
        gApi.deviceGetAttribute(&minor, kAttrCcMinor, dev) != 0 ||
        gApi.deviceGetAttribute(&managed, kAttrManagedMemory, dev) != 0 || !managed ||
        gApi.primaryCtxRetain(&ctx, dev) != 0) {
      note = "cuda: GPU " + std::to_string(i) + " was skipped (no managed memory or context)";
      continue;
    }
    // PTX for the GPU's architecture, at most sm_90 (LLVM 19's newest; the driver compiles
    // PTX for newer GPUs)
    int cc = std::min(major * 10 + minor, 90);
    out.push_back(std::make_unique<CudaDevice>(dev, ctx, "cuda:" + std::to_string(i),
                                               "nvptx:sm_" + std::to_string(cc)));
  }
  return out;
}
} // namespace ptensor::gpu

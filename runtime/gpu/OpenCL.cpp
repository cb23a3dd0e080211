// The OpenCL driver of the GPU runtime: any OpenCL 2.0+ device that takes SPIR-V
// (clCreateProgramWithIL) and fine-grained SVM buffers, found through the ICD loader
// (libOpenCL.so.1) opened at run time: building needs no OpenCL SDK. On machines without a
// GPU this is how device code runs for real: Intel's CPU OpenCL runtime (PyPI
// intel-opencl-rt) executes the same SPIR-V kernels as Level Zero (docs/devices.md).
#include "Driver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>

namespace ptensor::gpu {
namespace {
// The few OpenCL types and constants used here (values from the Khronos headers, CL/cl.h).
using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_bitfield = uint64_t;
using Handle = void *; // cl_platform_id, cl_device_id, cl_context, ...
constexpr cl_bitfield kDeviceTypeAll = 0xFFFFFFFF, kDeviceTypeCpu = 1 << 1,
                      kDeviceTypeGpu = 1 << 2, kDeviceTypeAccelerator = 1 << 3;
constexpr cl_uint kDeviceType = 0x1000, kDeviceName = 0x102B, kDeviceSvmCapabilities = 0x1053,
                  kDeviceIlVersion = 0x105B, kProgramBuildLog = 0x1183;
constexpr cl_bitfield kSvmFineGrainBuffer = 1 << 1, kMemReadWrite = 1 << 0,
                      kMemSvmFineGrainBuffer = 1 << 10;

/// The OpenCL entry points, resolved from the loader.
struct Api {
  cl_int (*getPlatformIDs)(cl_uint, Handle *, cl_uint *);
  cl_int (*getDeviceIDs)(Handle, cl_bitfield, cl_uint, Handle *, cl_uint *);
  cl_int (*getDeviceInfo)(Handle, cl_uint, size_t, void *, size_t *);
  Handle (*createContext)(const intptr_t *, cl_uint, const Handle *, void *, void *, cl_int *);
  Handle (*createQueue)(Handle, Handle, const uint64_t *, cl_int *);
  Handle (*createProgramWithIL)(Handle, const void *, size_t, cl_int *);
  cl_int (*buildProgram)(Handle, cl_uint, const Handle *, const char *, void *, void *);
  cl_int (*getProgramBuildInfo)(Handle, Handle, cl_uint, size_t, void *, size_t *);
  Handle (*createKernel)(Handle, const char *, cl_int *);
  cl_int (*setKernelArg)(Handle, cl_uint, size_t, const void *);
  cl_int (*setKernelArgSVMPointer)(Handle, cl_uint, const void *);
  cl_int (*enqueueNDRangeKernel)(Handle, Handle, cl_uint, const size_t *, const size_t *,
                                 const size_t *, cl_uint, const Handle *, Handle *);
  cl_int (*finish)(Handle);
  cl_int (*flush)(Handle);
  void *(*svmAlloc)(Handle, cl_bitfield, size_t, cl_uint);
  void (*svmFree)(Handle, void *);
  cl_int (*enqueueSVMMemcpy)(Handle, cl_uint, void *, const void *, size_t, cl_uint,
                             const Handle *, Handle *);

  /// Resolves every entry; false when the library lacks one (an OpenCL 1.x loader).
  bool load(void *lib) {
    bool ok = true;
    auto get = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      ok = ok && fn;
    };
    get(getPlatformIDs, "clGetPlatformIDs");
    get(getDeviceIDs, "clGetDeviceIDs");
    get(getDeviceInfo, "clGetDeviceInfo");
    get(createContext, "clCreateContext");
    get(createQueue, "clCreateCommandQueueWithProperties");
    get(createProgramWithIL, "clCreateProgramWithIL");
    get(buildProgram, "clBuildProgram");
    get(getProgramBuildInfo, "clGetProgramBuildInfo");
    get(createKernel, "clCreateKernel");
    get(setKernelArg, "clSetKernelArg");
    get(setKernelArgSVMPointer, "clSetKernelArgSVMPointer");
    get(enqueueNDRangeKernel, "clEnqueueNDRangeKernel");
    get(finish, "clFinish");
    get(flush, "clFlush");
    get(svmAlloc, "clSVMAlloc");
    get(svmFree, "clSVMFree");
    get(enqueueSVMMemcpy, "clEnqueueSVMMemcpy");
    return ok;
  }
};

bool failed(cl_int rc, const char *what) {
  if (rc == 0)
    return false;
  error() = std::string("OpenCL: ") + what + " failed (error " + std::to_string(rc) + ")";
  return true;
}

std::string infoString(const Api &api, Handle dev, cl_uint what) {
  size_t n = 0;
  if (api.getDeviceInfo(dev, what, 0, nullptr, &n) != 0 || n == 0)
    return "";
  std::string s(n, '\0');
  if (api.getDeviceInfo(dev, what, n, s.data(), nullptr) != 0)
    return "";
  s.resize(strnlen(s.c_str(), n));
  return s;
}

class OpenclDevice final : public Device {
public:
  OpenclDevice(const Api &api, Handle dev, Handle ctx, Handle queue, std::string name)
      : api_(api), dev_(dev), ctx_(ctx), queue_(queue), name_(std::move(name)) {}

  std::string name() const override { return name_; }

  void *alloc(int64_t bytes) override {
    void *p = api_.svmAlloc(ctx_, kMemReadWrite | kMemSvmFineGrainBuffer,
                            size_t(bytes > 0 ? bytes : 64), 64);
    if (!p)
      error() = "OpenCL: cannot allocate " + std::to_string(bytes) + " bytes on " + name_;
    return p;
  }

  void free(void *p) override {
    if (p)
      api_.svmFree(ctx_, p);
  }

  bool copy(void *dst, const void *src, int64_t bytes) override {
    if (bytes <= 0)
      return true;
    std::lock_guard<std::mutex> lock(mutex_);
    return !failed(api_.enqueueSVMMemcpy(queue_, 1, dst, src, size_t(bytes), 0, nullptr, nullptr),
                   "clEnqueueSVMMemcpy");
  }

  void *loadModule(const void *binary, int64_t size) override {
    cl_int rc = 0;
    Handle prog = api_.createProgramWithIL(ctx_, binary, size_t(size), &rc);
    if (failed(rc, "clCreateProgramWithIL"))
      return nullptr;
    rc = api_.buildProgram(prog, 1, &dev_, "", nullptr, nullptr);
    if (rc != 0) {
      size_t n = 0;
      api_.getProgramBuildInfo(prog, dev_, kProgramBuildLog, 0, nullptr, &n);
      std::string log(n, '\0');
      api_.getProgramBuildInfo(prog, dev_, kProgramBuildLog, n, log.data(), nullptr);
      error() = "OpenCL: the device code does not build on " + name_ + " (error " +
                std::to_string(rc) + "): " + log.c_str();
      return nullptr;
    }
    return prog;
  }

  bool launch(void *module, const char *kernel, const int64_t grid[3], const int64_t block[3],
              const std::vector<KernelArg> &args) override {
    std::lock_guard<std::mutex> lock(mutex_); // a cl_kernel's arguments are shared state
    Handle &k = kernels_[{module, kernel}];
    if (!k) {
      cl_int rc = 0;
      k = api_.createKernel(module, kernel, &rc);
      if (failed(rc, "clCreateKernel"))
        return false;
    }
    for (size_t i = 0; i < args.size(); ++i) {
      const KernelArg &a = args[i];
      cl_int rc = a.bytes == 0
          ? api_.setKernelArgSVMPointer(k, cl_uint(i), reinterpret_cast<void *>(a.bits))
          : api_.setKernelArg(k, cl_uint(i), size_t(a.bytes), &a.bits);
      if (failed(rc, "clSetKernelArg"))
        return false;
    }
    size_t global[3], local[3];
    for (int d = 0; d < 3; ++d) {
      if (grid[d] <= 0 || block[d] <= 0)
        return true; // nothing to run
      local[d] = size_t(block[d]);
      global[d] = size_t(grid[d]) * local[d];
    }
    if (failed(api_.enqueueNDRangeKernel(queue_, k, 3, nullptr, global, local, 0, nullptr,
                                         nullptr),
               "clEnqueueNDRangeKernel"))
      return false;
    // not waited for (the queue is in order; the arguments were captured when it was queued);
    // clFlush lets the device start on it now
    return !failed(api_.flush(queue_), "clFlush");
  }

  bool sync() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return !failed(api_.finish(queue_), "clFinish");
  }

private:
  const Api &api_;
  Handle dev_, ctx_, queue_;
  std::string name_;
  std::mutex mutex_;
  std::map<std::pair<void *, std::string>, Handle> kernels_;
};

const char *typeName(cl_bitfield type) {
  if (type & kDeviceTypeGpu)
    return "gpu";
  if (type & kDeviceTypeCpu)
    return "cpu";
  if (type & kDeviceTypeAccelerator)
    return "accelerator";
  return "other";
}
} // namespace

std::vector<std::unique_ptr<Device>> openclDevices(std::string &note) {
  std::vector<std::unique_ptr<Device>> out;
  const char *path = std::getenv("PTENSOR_OPENCL_LIBRARY");
  std::string name = path && *path ? path : "libOpenCL.so.1";
  void *lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  static Api api; // lives as long as the devices (the process)
  if (!lib) {
    note = "opencl: the OpenCL loader " + name + " was not found";
    return out;
  }
  if (!api.load(lib)) {
    note = "opencl: " + name + " lacks OpenCL 2.1 entry points (clCreateProgramWithIL)";
    return out;
  }
  cl_uint np = 0;
  if (api.getPlatformIDs(0, nullptr, &np) != 0 || np == 0) {
    note = "opencl: no OpenCL platform (no ICD in /etc/OpenCL/vendors or OCL_ICD_VENDORS)";
    return out;
  }
  std::vector<Handle> platforms(np);
  api.getPlatformIDs(np, platforms.data(), nullptr);
  std::map<std::string, int> perType;
  for (Handle platform : platforms) {
    cl_uint nd = 0;
    if (api.getDeviceIDs(platform, kDeviceTypeAll, 0, nullptr, &nd) != 0 || nd == 0)
      continue;
    std::vector<Handle> devices(nd);
    api.getDeviceIDs(platform, kDeviceTypeAll, nd, devices.data(), nullptr);
    for (Handle dev : devices) {
      cl_bitfield type = 0, svm = 0;
      api.getDeviceInfo(dev, kDeviceType, sizeof type, &type, nullptr);
      api.getDeviceInfo(dev, kDeviceSvmCapabilities, sizeof svm, &svm, nullptr);
      if (infoString(api, dev, kDeviceIlVersion).find("SPIR-V") == std::string::npos ||
          !(svm & kSvmFineGrainBuffer)) {
        note = "opencl: '" + infoString(api, dev, kDeviceName) +
               "' was skipped (no SPIR-V or no fine-grained SVM)";
        continue; // ptensor's kernels are SPIR-V on shared memory
      }
      cl_int rc = 0;
      Handle ctx = api.createContext(nullptr, 1, &dev, nullptr, nullptr, &rc);
      if (rc != 0)
        continue;
      Handle queue = api.createQueue(ctx, dev, nullptr, &rc);
      if (rc != 0)
        continue;
      std::string kind = typeName(type);
      std::string name = "opencl:" + kind + ":" + std::to_string(perType[kind]++);
      out.push_back(std::make_unique<OpenclDevice>(api, dev, ctx, queue, name));
    }
  }
  return out;
}
} // namespace ptensor::gpu

// The backend seam: a target that compiles and runs programs.
//
// Jit.cpp is target-independent: it builds a plan's PTensor IR, verifies it, finds or compiles
// the program (in-memory cache, disk cache), packs the arguments and runs the program (on a
// worker thread when it is large, for Ctrl-C). Everything that depends on the target lives
// behind this interface: its pipeline, its code generation, the runtime symbols its code binds,
// its allocation hooks and threads, how its code is stored and loaded, how a program runs.
// The host CPU is device 0 (HostBackend.cpp); each device the GPU runtime finds
// (runtime/gpu: OpenCL today) is another, whose programs are host code that launches kernels
// (the same class with PipelineOptions::gpuDevice set: docs/devices.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlir { class DialectRegistry; class ModuleOp; }

namespace ptensor {
/// A compiled program of one backend (machine code and whatever keeps it alive).
struct Executable {
  virtual ~Executable() = default;
  /// Seconds of each stage of its compile, in order (pt.compile_log()'s "stages"; empty for
  /// a program loaded from the disk cache).
  std::vector<std::pair<std::string, double>> stages;
};

/// A compilation stage failed (Backend::compile): which stage ("lowering", "LLVM
/// compilation", ...) and what it said besides the context's diagnostics.
struct StageError {
  std::string stage, detail;
};

/// What a backend may want to know about a run besides its arguments.
struct RunInfo {
  int64_t maxElements = 0; ///< size of the program's largest array
};

class Backend {
public:
  virtual ~Backend() = default;
  /// The device's name as Python shows it ("cpu").
  virtual std::string name() const = 0;
  /// Adds the dialects and translations this backend's compilation needs to the context that
  /// every program is built in (called once, before the first program is built).
  virtual void registerDialects(mlir::DialectRegistry &registry) const = 0;
  /// Options that change the code of a program with the same plan key (threads, BLAS): appended
  /// to the disk cache's key.
  virtual std::vector<int64_t> codeOptions() const = 0;
  /// Lowers a verified PTensor IR module through this target's pipeline and compiles it. With
  /// keepObject, object() must be able to return its code afterwards. Throws StageError.
  virtual std::unique_ptr<Executable> compile(mlir::ModuleOp module, bool keepObject) = 0;
  /// The object code of a program compile() made (for the disk cache), or ""; asked once
  /// (a backend may hand it over and keep no copy).
  virtual std::string object(Executable &e) = 0;
  /// A program from object() of an earlier process; nullptr when it cannot be used.
  virtual std::unique_ptr<Executable> load(const std::string &object) = 0;
  /// Runs a program with packed arguments: per memref (allocated, aligned, offset, sizes...,
  /// strides...), then scalars and index values, as @ptensor_main declares them. Called on the
  /// thread that runs the program (the caller's, or the worker's for a large one).
  virtual void run(Executable &e, void **args, const RunInfo &info) = 0;
  /// Memory for an array on this device (64-byte aligned; shared with the host: Python reads
  /// results in place); nullptr when there is not enough.
  virtual void *allocate(int64_t bytes) = 0;
  virtual void deallocate(void *p) = 0;
  /// The threads programs run on: n > 0 sets them, 0 returns to the default.
  virtual void setNumThreads(int n) = 0;
  /// The threads a program runs on now (at least 1).
  virtual int threadCount() const = 0;
};

/// The backend of device index `device` (0: the host CPU), created on first use;
/// std::out_of_range for an index no backend has.
Backend &backend(int device);
/// Number of devices (backends) this build has.
int deviceCount();

std::unique_ptr<Backend> makeHostBackend();
/// The backend of the GPU runtime's device `gpu` (0 .. ptensor_gpu_count() - 1).
std::unique_ptr<Backend> makeGpuBackend(int gpu);
} // namespace ptensor

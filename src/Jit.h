// JIT: PTensor IR for a plan -> the shared pipeline -> LLVM -> mlir::ExecutionEngine, cached in
// memory by the plan's structure (sizes and scalars are arguments, so they never miss).
#pragma once

#include "Plan.h"

#include <stdexcept>

namespace mlir { class MLIRContext; class ModuleOp; template <typename> class OwningOpRef; }

namespace ptensor {
/// A compilation failed; the message names a file holding the failing IR.
struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A program was interrupted (Ctrl-C: the interrupt check below reported a pending signal).
/// It runs on in the background, abandoned: its results are never delivered.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// How the thread that runs a large program on the worker waits (Module.cpp: Python's GIL is
/// released while it waits, so handlers written in Python can run; every 50 ms `pending`
/// runs with the GIL and returns true when the user asked to stop: KeyboardInterrupt).
/// Without hooks (or with `off`: under MPI, whose calls stay on the main thread) programs run
/// on the calling thread.
struct InterruptHooks {
  void *(*release)() = nullptr;
  void (*restore)(void *) = nullptr;
  bool (*pending)() = nullptr;
  bool off = false; ///< programs run on the calling thread (MPI); compiles still on the worker
  /// A compile longer than progressDelay seconds: called about every 0.2 s while it runs
  /// (state 0), and once when it ends (1: done, 2: interrupted), with the interpreter held.
  void (*progress)(double seconds, int64_t operations, int state) = nullptr;
  double progressDelay = 1.0;
};
void setInterruptHooks(const InterruptHooks &h);
InterruptHooks &interruptHooks();

/// Compiles (or finds) the program for plan and runs it writing results into outs. Programs
/// whose largest array has at least kInterruptibleElements run on a worker thread while this
/// thread watches for interrupts (Interrupted); the next program waits for an abandoned one.
/// memo (pt.jit's replays, Trace.cpp): a plan run again and again, unchanged, remembers its
/// program and its packed scalar arguments there, and later runs skip the cache lookup (which
/// hashes and compares the whole key) and the walk over its nodes.
struct ProgramMemo;
void runPlan(const Plan &plan, const std::vector<std::shared_ptr<Buffer>> &outs,
             std::shared_ptr<ProgramMemo> *memo = nullptr);
constexpr int64_t kInterruptibleElements = 1 << 20;

/// What a plan will run (pt.explain): its PTensor IR, the IR after the pipeline's first stage
/// (lowering and fusion: linalg on tensors, one structured op per loop nest), the counts of
/// both, and whether the program is compiled already (in memory) or stored (disk cache).
struct Explanation {
  std::string ir, fused;
  int64_t operations = 0, loops = 0;
  bool inMemory = false, onDisk = false;
};
Explanation explainPlan(const Plan &plan);

/// set_num_threads: the host backend's threads (n > 0), or its default again (0).
void setNumThreads(int n);
/// Bound of the in-memory cache of compiled programs (least recently used evicted beyond it;
/// default 512, PTENSOR_PROGRAM_CACHE_SIZE at start-up). n < 1: std::invalid_argument.
void setProgramCacheSize(int64_t n);
int64_t programCacheSize();
int64_t cachedPrograms();
/// Drops every compiled program from the in-memory cache (pt.cache_clear); an interrupted
/// program still running in the background ends first.
void clearPrograms();
/// The threads a program runs on now (set_num_threads, else PTENSOR_NUM_THREADS, else the
/// cores): native helpers (the sort) use as many.
int threadCount();
} // namespace ptensor

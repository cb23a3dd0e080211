// What compiled and why: one record per program that missed the in-memory cache, kept for
// pt.compile_log() and printed to stderr under PTENSOR_LOG=1.
#pragma once

#include "Plan.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ptensor {
struct CompileRecord {
  uint64_t program = 0;  ///< a hash of the plan's key (the disk cache names files by another)
  int64_t operations = 0, inputs = 0, results = 0;
  double seconds = 0;    ///< compile (or disk load) time
  bool fromDisk = false; ///< loaded from the disk cache instead of compiled
  /// Why this program is new to the process: "new structure" (operations never seen),
  /// "new dtypes" (the same operations on other dtypes), "new results" (the same typed
  /// operations with another set of live arrays materialized), "new size pattern" (the same,
  /// with other size-1 dimensions, equal sizes or unit steps: the key's static facts), or
  /// "evicted" (compiled before, dropped from the bounded in-memory cache or by
  /// pt.cache_clear).
  std::string reason;
  /// Seconds of the compile's stages ("build": PTensor IR; "lowering": the MLIR pipeline;
  /// "optimize": LLVM's O3; "codegen": translation to LLVM IR, machine code and linking;
  /// "store": writing the object to the disk cache). The rest of `seconds` is the cache's
  /// lookups and claims.
  std::vector<std::pair<std::string, double>> stages;
};

/// Records a program that missed the in-memory cache (keeps the last kCompileLogSize); prints
/// it to stderr when PTENSOR_LOG is set to a non-empty value other than 0.
void noteCompile(const Plan &plan, double seconds, bool fromDisk,
                 std::vector<std::pair<std::string, double>> stages = {});
/// Called with each new record (Python's logging, python/ptensor/_progress.py); null: none.
void setCompileListener(void (*listener)(const CompileRecord &));
const std::vector<CompileRecord> &compileLog();
constexpr size_t kCompileLogSize = 256;
} // namespace ptensor

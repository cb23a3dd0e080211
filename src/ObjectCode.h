// Machine code of an LLVM module for the host backend (HostBackend.cpp): the packed entry
// point the runtime calls, optimization and code generation on several threads, and the one
// string the disk cache stores (every part's object file).
#pragma once

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ptensor {
/// Adds `_mlir_<name>(void **args)`, which calls `name` with *args[i] as its i-th argument (and
/// stores a result through args[n]), the calling convention of mlir::ExecutionEngine's packed
/// functions. Returns false when `name` is not defined in m.
bool addPackedEntry(llvm::Module &m, llvm::StringRef name);

/// What compileModule does to each part of a module, and when.
struct CompileSteps {
  /// LLVM's optimization of one part (on the part's thread, in its own LLVMContext).
  std::function<llvm::Error(llvm::Module &)> optimize;
  /// Once every part is optimized, before any machine code (process-wide codegen settings
  /// from the whole program: the parts' threads are waiting).
  std::function<void(llvm::ArrayRef<llvm::Module *>)> beforeCodegen;
  /// A target machine (called once per part, on the part's thread).
  std::function<llvm::Expected<std::unique_ptr<llvm::TargetMachine>>()> makeTm;
};

/// Object code of m and the seconds its two phases took.
struct CompiledObjects {
  std::string objects; ///< every part's object file in one string (splitObjects reads it)
  double optimizeSeconds = 0, codegenSeconds = 0;
};

/// Optimizes m and generates its machine code on up to `threads` threads. m (with its
/// target's data layout, prepared for optimization) is cut into parts of about equal size:
/// the function named `keep` and everything it calls directly stay together (local: the
/// inliner may fold them) in part 0, every other function goes to the least loaded part,
/// global variables to part 0, and the local values the parts share become global so the
/// parts link (each program links in its own JITDylib: the names meet no other program's).
/// Each part is optimized and compiled in its own LLVMContext on its own thread. Small
/// modules (and modules with aliases, ifuncs or comdats, which ptensor does not make) stay one
/// part.
llvm::Expected<CompiledObjects> compileModule(llvm::Module &m, llvm::StringRef keep, int threads,
                                              const CompileSteps &steps);

/// The object files of a string compileModule made; empty when it is malformed.
std::vector<llvm::StringRef> splitObjects(const std::string &objects);
} // namespace ptensor

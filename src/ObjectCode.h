// Machine code of an optimized LLVM module for the host backend (HostBackend.cpp): the packed
// entry point the runtime calls, code generation on several threads, and the one string the
// disk cache stores (every part's object file).
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

/// Object code of m (optimized, with its target's data layout), generated on up to `threads`
/// threads: m's functions are dealt to parts of about equal size (the function named `keep`
/// and everything it calls directly in part 0), local functions become global so the
/// parts link, and each part is compiled in its own LLVMContext. `makeTm` makes a target
/// machine (called once per part, on the part's thread). Returns one string holding every
/// part's object (splitObjects reads it back).
llvm::Expected<std::string>
emitObjects(llvm::Module &m, llvm::StringRef keep, int threads,
            const std::function<llvm::Expected<std::unique_ptr<llvm::TargetMachine>>()> &makeTm);

/// The object files of a string emitObjects made; empty when it is malformed.
std::vector<llvm::StringRef> splitObjects(const std::string &objects);
} // namespace ptensor

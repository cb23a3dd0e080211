// libmvec beyond LLVM's table. LLVM 19 maps sin, cos, tan, exp, log and pow to libmvec; glibc
// 2.35 added vector variants of the other C99 functions, with the same accuracy bound (at
// most 4 ulp). The vectorizer calls a variant through its TLI mapping, and only for calls
// that touch no memory, so the math declarations are marked so first.
#include "VectorMath.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/DynamicLibrary.h"

#include <deque>
#include <string>
#include <vector>

namespace ptensor {
namespace {
/// A function of libmvec and its arity (1: "v", 2: "vv").
struct MathFn {
  const char *name;
  int arity;
};
// Every function here has libmvec variants for SSE (b: 2 doubles, 4 floats) and AVX2 (d: 4
// doubles, 8 floats). (libmvec's AVX-512 variants, e, are left out as LLVM's table leaves
// them out for its functions: one vector width for all of a loop's calls.)
constexpr MathFn kMore[] = {
    {"acos", 1}, {"acosh", 1}, {"asin", 1}, {"asinh", 1}, {"atan", 1}, {"atanh", 1},
    {"cbrt", 1}, {"cosh", 1}, {"erf", 1},   {"erfc", 1},  {"exp10", 1}, {"exp2", 1},
    {"expm1", 1}, {"log10", 1}, {"log1p", 1}, {"log2", 1}, {"sinh", 1}, {"tanh", 1},
    {"atan2", 2}, {"hypot", 2}};
// The functions whose declarations are marked pure: those above and LLVM's own mapped ones.
constexpr const char *kMapped[] = {"sin", "cos", "tan", "exp", "log", "pow"};

bool resolves(const std::string &symbol) {
  return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(symbol) != nullptr;
}
} // namespace

void addMoreLibmvec(llvm::TargetLibraryInfoImpl &tlii) {
  // (the strings must outlive tlii: VecDesc keeps StringRefs; a deque's elements stay put)
  static std::deque<std::string> names;
  static std::vector<llvm::VecDesc> descs = [] {
    std::vector<llvm::VecDesc> out;
    struct Isa {
      char isa;
      unsigned lanesF64;
    };
    for (const MathFn &f : kMore) {
      for (Isa isa : {Isa{'b', 2}, Isa{'d', 4}}) {
        for (bool f32 : {false, true}) {
          unsigned lanes = isa.lanesF64 * (f32 ? 2 : 1);
          std::string params(f.arity, 'v');
          std::string scalar = std::string(f.name) + (f32 ? "f" : "");
          std::string vec = "_ZGV" + std::string(1, isa.isa) + "N" + std::to_string(lanes) +
                            params + "_" + scalar;
          if (!resolves(vec))
            continue;
          names.push_back(vec);
          const std::string &v = names.back();
          names.push_back("_ZGV_LLVM_N" + std::to_string(lanes) + params);
          const std::string &abi = names.back();
          // the C function, and LLVM's intrinsic of the same name where there is one
          // (llvm.log10.f64: MLIR's math dialect lowers log10, log2 and exp2 so)
          for (std::string name :
               {scalar, "llvm." + std::string(f.name) + (f32 ? ".f32" : ".f64")}) {
            names.push_back(name);
            out.emplace_back(names.back(), v, llvm::ElementCount::getFixed(lanes), false, abi);
          }
        }
      }
    }
    return out;
  }();
  tlii.addVectorizableFunctions(descs);
}

void dropEmptyStackScopes(llvm::Module &m) {
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    // An alloca outside the entry block allocates each time it runs: the scopes then matter.
    bool dynamic = false;
    std::vector<llvm::IntrinsicInst *> saves, restores;
    for (llvm::BasicBlock &b : f)
      for (llvm::Instruction &i : b) {
        if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
          dynamic |= &b != &f.getEntryBlock() || !a->isStaticAlloca();
        else if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i)) {
          if (ii->getIntrinsicID() == llvm::Intrinsic::stacksave)
            saves.push_back(ii);
          else if (ii->getIntrinsicID() == llvm::Intrinsic::stackrestore)
            restores.push_back(ii);
        }
      }
    if (dynamic)
      continue;
    // (restores first: they use the saves)
    for (llvm::IntrinsicInst *ii : restores)
      ii->eraseFromParent();
    for (llvm::IntrinsicInst *ii : saves)
      if (ii->use_empty())
        ii->eraseFromParent();
  }
}

void markMathPure(llvm::Module &m) {
  auto mark = [&](const std::string &name) {
    if (llvm::Function *f = m.getFunction(name); f && f->isDeclaration()) {
      f->setDoesNotAccessMemory();
      f->setDoesNotThrow();
      f->setWillReturn();
    }
  };
  for (const MathFn &f : kMore) {
    mark(f.name);
    mark(std::string(f.name) + "f");
  }
  for (const char *n : kMapped) {
    mark(n);
    mark(std::string(n) + "f");
  }
}
} // namespace ptensor

// Min/max reductions vectorized: a float min/max reduction (ScalarOps.cpp marks its combiner
// nsz; --ptensor-arith-expand keeps it as llvm.minimum/maximum) is a recurrence LLVM's loop
// vectorizer can keep as a vector of partial results, but its x86 cost model rejects it ("not
// beneficial": it costs the NaN-propagating vector maximum as a long sequence). On AVX-512 the
// vector loop is a vmaxpd and a NaN fix-up per 8 doubles against 4 instructions per double;
// so a loop holding one is asked to vectorize (full-width vectors, 4 interleaved chains).
//
// Long float dependence chains interleaved: a fused elementwise chain (x = x * a + b repeated,
// as a jit-recorded time loop makes) is one dependent sequence per element, and LLVM's cost
// model vectorizes it with one vector in flight (interleave count 1: every multiply waits for
// the add before it, ~3 cycles each, the FP units mostly idle). A loop whose body holds a
// chain of at least kLongChain dependent float operations gets interleave count 4: four
// independent vectors in flight. Its function is marked kLongChainAttr: the host backend
// then schedules that program's machine code without the register-pressure heuristic, which
// otherwise puts the four chains one after another again (each operation's coefficient is a
// spilled broadcast, and finishing one chain first keeps the fewest values live).
//
// No runtime unrolling of innermost loops (compile time): LLVM's runtime unroller would unroll
// the vectorizer's scalar remainder of each loop (it keeps the loop's own metadata) 4 times,
// and its copies of every neighbour's address make loop strength reduction most of a stencil
// program's codegen. The remainder runs fewer than one vector loop iteration's elements; vector
// loops are never runtime-unrolled anyway (the vectorizer's interleaving does that).
#include "VectorHints.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace ptensor {
namespace {
/// Bits of the widest float min/max marked nsz in loop l (0: none).
unsigned minMaxBits(const llvm::Loop &l) {
  unsigned bits = 0;
  for (llvm::BasicBlock *bb : l.blocks())
    for (llvm::Instruction &i : *bb)
      if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
        if ((ii->getIntrinsicID() == llvm::Intrinsic::maximum ||
             ii->getIntrinsicID() == llvm::Intrinsic::minimum) &&
            ii->hasNoSignedZeros())
          bits = std::max(bits, ii->getType()->getScalarSizeInBits());
  return bits;
}

constexpr unsigned kLongChain = 16;

bool isFloatArith(const llvm::Instruction &i) {
  if (!i.getType()->isFloatingPointTy())
    return false;
  switch (i.getOpcode()) {
  case llvm::Instruction::FAdd:
  case llvm::Instruction::FSub:
  case llvm::Instruction::FMul:
  case llvm::Instruction::FDiv:
  case llvm::Instruction::FNeg:
    return true;
  default:
    return llvm::isa<llvm::IntrinsicInst>(i) &&
           llvm::cast<llvm::IntrinsicInst>(i).getIntrinsicID() == llvm::Intrinsic::fmuladd;
  }
}

/// Longest chain of dependent scalar float operations within one iteration of l's body
/// (operands through phis end a chain).
unsigned longestFloatChain(const llvm::Loop &l) {
  llvm::DenseMap<const llvm::Instruction *, unsigned> depth;
  unsigned best = 0;
  for (llvm::BasicBlock *bb : l.blocks()) // (blocks in preorder: defs before uses)
    for (llvm::Instruction &i : *bb) {
      if (!isFloatArith(i))
        continue;
      unsigned d = 0;
      for (llvm::Value *v : i.operands())
        if (auto *o = llvm::dyn_cast<llvm::Instruction>(v))
          if (auto it = depth.find(o); it != depth.end())
            d = std::max(d, it->second);
      depth[&i] = d + 1;
      best = std::max(best, d + 1);
    }
  return best;
}

bool hasHint(const llvm::Loop &l, llvm::StringRef prefix) {
  if (llvm::MDNode *id = l.getLoopID())
    for (unsigned k = 1; k < id->getNumOperands(); ++k)
      if (auto *md = llvm::dyn_cast<llvm::MDNode>(id->getOperand(k)))
        if (md->getNumOperands() > 0)
          if (auto *name = llvm::dyn_cast<llvm::MDString>(md->getOperand(0)))
            if (name->getString().starts_with(prefix))
              return true;
  return false;
}

llvm::Metadata *hint(llvm::LLVMContext &c, const char *name, llvm::Constant *v) {
  return llvm::MDNode::get(c, {llvm::MDString::get(c, name), llvm::ConstantAsMetadata::get(v)});
}

struct LoopHints : llvm::PassInfoMixin<LoopHints> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &am) {
    auto &loops = am.getResult<llvm::LoopAnalysis>(f);
    llvm::LLVMContext &c = f.getContext();
    llvm::Type *i32 = llvm::Type::getInt32Ty(c);
    for (llvm::Loop *l : loops.getLoopsInPreorder()) {
      if (!l->isInnermost())
        continue;
      unsigned bits = minMaxBits(*l);
      bool minMax = bits != 0 && bits <= 64;
      bool chain = !minMax && !hasHint(*l, "llvm.loop.interleave") &&
                   !hasHint(*l, "llvm.loop.vectorize") && longestFloatChain(*l) >= kLongChain;
      bool unroll = !hasHint(*l, "llvm.loop.unroll");
      if (!minMax && !chain && !unroll)
        continue;
      llvm::SmallVector<llvm::Metadata *> ops{nullptr};
      if (llvm::MDNode *id = l->getLoopID())
        for (unsigned k = 1; k < id->getNumOperands(); ++k)
          ops.push_back(id->getOperand(k));
      if (minMax) {
        ops.push_back(hint(c, "llvm.loop.vectorize.enable", llvm::ConstantInt::getTrue(c)));
        ops.push_back(
            hint(c, "llvm.loop.vectorize.width", llvm::ConstantInt::get(i32, 512 / bits)));
      }
      if (minMax || chain)
        ops.push_back(hint(c, "llvm.loop.interleave.count", llvm::ConstantInt::get(i32, 4)));
      if (chain)
        f.addFnAttr(kLongChainAttr);
      if (unroll) // (a hint without a value: the loop ID's operand is the name alone)
        ops.push_back(llvm::MDNode::get(c, {llvm::MDString::get(c, "llvm.loop.unroll.runtime.disable")}));
      llvm::MDNode *id = llvm::MDNode::getDistinct(c, ops);
      id->replaceOperandWith(0, id);
      l->setLoopID(id);
    }
    return llvm::PreservedAnalyses::all(); // (metadata and an attribute only)
  }
};
} // namespace

void addVectorHints(llvm::PassBuilder &pb) {
  pb.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(LoopHints());
      });
}
} // namespace ptensor

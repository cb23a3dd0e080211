// Min/max reductions vectorized: a float min/max reduction (ScalarOps.cpp marks its combiner
// nsz; --ptensor-arith-expand keeps it as llvm.minimum/maximum) is a recurrence LLVM's loop
// vectorizer can keep as a vector of partial results, but its x86 cost model rejects it ("not
// beneficial": it costs the NaN-propagating vector maximum as a long sequence). On AVX-512 the
// vector loop is a vmaxpd and a NaN fix-up per 8 doubles against 4 instructions per double;
// so a loop holding one is asked to vectorize (full-width vectors, 4 interleaved chains).
#include "VectorHints.h"

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

llvm::Metadata *hint(llvm::LLVMContext &c, const char *name, llvm::Constant *v) {
  return llvm::MDNode::get(c, {llvm::MDString::get(c, name), llvm::ConstantAsMetadata::get(v)});
}

struct MinMaxReductionHints : llvm::PassInfoMixin<MinMaxReductionHints> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &am) {
    auto &loops = am.getResult<llvm::LoopAnalysis>(f);
    llvm::LLVMContext &c = f.getContext();
    llvm::Type *i32 = llvm::Type::getInt32Ty(c);
    for (llvm::Loop *l : loops.getLoopsInPreorder()) {
      unsigned bits = l->isInnermost() ? minMaxBits(*l) : 0;
      if (bits == 0 || bits > 64)
        continue;
      llvm::SmallVector<llvm::Metadata *> ops{nullptr};
      if (llvm::MDNode *id = l->getLoopID())
        for (unsigned k = 1; k < id->getNumOperands(); ++k)
          ops.push_back(id->getOperand(k));
      ops.push_back(hint(c, "llvm.loop.vectorize.enable", llvm::ConstantInt::getTrue(c)));
      ops.push_back(hint(c, "llvm.loop.vectorize.width", llvm::ConstantInt::get(i32, 512 / bits)));
      ops.push_back(hint(c, "llvm.loop.interleave.count", llvm::ConstantInt::get(i32, 4)));
      llvm::MDNode *id = llvm::MDNode::getDistinct(c, ops);
      id->replaceOperandWith(0, id);
      l->setLoopID(id);
    }
    return llvm::PreservedAnalyses::all(); // (metadata only)
  }
};
} // namespace

void addVectorHints(llvm::PassBuilder &pb) {
  pb.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(MinMaxReductionHints());
      });
}
} // namespace ptensor

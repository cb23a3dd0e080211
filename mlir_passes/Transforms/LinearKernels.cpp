// --ptensor-linear-kernels: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"

namespace ptensor {
#define GEN_PASS_DEF_LINEARKERNELS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
struct LinearKernelsPass : ptensor::impl::LinearKernelsBase<LinearKernelsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> loops;
    getOperation()->walk([&](scf::ParallelOp p) {
      if (p.getNumLoops() > 1 && p.getInitVals().empty() &&
          !p->getParentOfType<scf::ParallelOp>())
        loops.push_back(p);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp p : loops) {
      std::vector<unsigned> all(p.getNumLoops());
      for (unsigned i = 0; i < all.size(); ++i)
        all[i] = i; // (the last dimension fastest: row-major)
      rewriter.setInsertionPoint(p);
      collapseParallelLoops(rewriter, p, {all});
    }
  }
};
} // namespace

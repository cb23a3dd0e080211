// --ptensor-fuse-elementwise: elementwise fusion into every consumer (see Passes.td).
#include "Passes/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ptensor {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "Passes/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
struct FuseElementwisePass : ptensor::impl::FuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::ControlFusionFn always = [](OpOperand *operand) {
      return operand->get().getDefiningOp() != nullptr;
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, always);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    // tensor.dim of a loop's result -> the size it was built from (drops loops kept alive
    // only for their shapes)
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    if (auto fn = dyn_cast<func::FuncOp>(getOperation()))
      ptensor::fuseSiblings(fn);
  }
};
} // namespace

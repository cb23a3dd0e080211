// --ptensor-arith-expand: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ptensor {
#define GEN_PASS_DEF_ARITHEXPAND
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// A float min/max whose signed zeros do not matter (reductions mark theirs so).
bool keptMinMax(Operation *op) {
  auto f = cast<arith::ArithFastMathInterface>(op).getFastMathFlagsAttr();
  return f && bitEnumContainsAll(f.getValue(), arith::FastMathFlags::nsz);
}

struct ArithExpandPass : ptensor::impl::ArithExpandBase<ArithExpandPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect>();
    target.addIllegalOp<arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>();
    target.addDynamicallyLegalOp<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
                                 arith::MinNumFOp>(keptMinMax);
    RewritePatternSet patterns(ctx);
    arith::populateArithExpandOpsPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

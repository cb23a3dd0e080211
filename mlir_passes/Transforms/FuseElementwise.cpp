// --ptensor-fuse-elementwise: elementwise fusion into every consumer (see Passes.td).
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ptensor {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// Upstream's producer-consumer fusion (fuseElementwiseOps, into every consumer), followed by
/// CSE of the fused body. Without the CSE a value used along several paths (d1 in
/// Black-Scholes) is copied once per path, and the copies multiply at every level (the
/// Black-Scholes loop body would hold 60 logs instead of one, and fusing it would be slow).
struct FuseAndCSE : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp consumer, PatternRewriter &rw) const override {
    for (OpOperand &operand : consumer->getOpOperands()) {
      Operation *producer = operand.get().getDefiningOp();
      if (!producer || !linalg::areElementwiseOpsFusable(&operand))
        continue;
      // A producer that is also inserted into a tensor (an assignment x[r] = v) is computed
      // and stored anyway: fused, its work would be repeated in the consumer, and in a time
      // loop of in-place updates (u[r] = f(u[r], neighbours)), where each step reads the
      // region the step before wrote (Plan::sameRegion gives both the same indices, so the
      // read folds to the value written), every step would repeat all the steps before it.
      if (llvm::any_of(producer->getUsers(), [](Operation *u) { return isa<tensor::InsertSliceOp>(u); }))
        continue;
      // Likewise a producer whose value is a program result: a reduction of it reads the
      // stored result back (one pass) instead of computing it all again (Black-Scholes'
      // prices and their sums in one program computed the prices three times).
      if (consumer.getNumReductionLoops() > 0 &&
          llvm::any_of(producer->getUsers(), [](Operation *u) {
            return isa<bufferization::MaterializeInDestinationOp>(u);
          }))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused = linalg::fuseElementwiseOps(rw, &operand);
      if (failed(fused))
        return rw.notifyMatchFailure(consumer, "fusion failed");
      for (auto [orig, replacement] : fused->replacements)
        rw.replaceUsesWithIf(orig, replacement,
                             [&](OpOperand &use) { return use.get().getDefiningOp() != producer; });
      rw.eraseOp(consumer);
      DominanceInfo dom;
      eliminateCommonSubExpressions(rw, dom, fused->fusedOp);
      return success();
    }
    return failure();
  }
};

/// Upstream's RemoveOutsDependency (in populateElementwiseOpsFusionPatterns) gives an output
/// whose payload argument is unused a tensor.empty init. For a reduction that is wrong when the
/// reduced domain is empty, where the result is the init: a body that folds to a constant
/// after fusion (prod(x > x): muli(out, extui(false)) -> 0) would return uninitialized memory.
/// Such an output, when its yielded value is a constant or defined outside the body, becomes
/// select(domain empty, init, value) in a parallel loop over the init, before upstream's
/// pattern sees it (a higher benefit).
struct KeepReductionInit : OpRewritePattern<linalg::GenericOp> {
  explicit KeepReductionInit(MLIRContext *ctx) : OpRewritePattern(ctx, /*benefit=*/10) {}
  LogicalResult matchAndRewrite(linalg::GenericOp op, PatternRewriter &rw) const override {
    if (op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics())
      return failure();
    auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
    for (OpOperand &init : op.getDpsInitsMutable()) {
      unsigned i = init.getOperandNumber() - op.getNumDpsInputs();
      Value value = yield.getOperand(i);
      // (folded constants are materialized inside the body: cloned into the new one)
      Operation *def = value.getDefiningOp();
      bool inside = op.getRegion().isAncestor(value.getParentRegion());
      if (op.payloadUsesValueFromOperand(&init) || op->getResult(i).use_empty() ||
          init.get().getDefiningOp<tensor::EmptyOp>() ||
          inside && !(def && def->hasTrait<OpTrait::ConstantLike>()))
        continue;
      Location loc = op.getLoc();
      SmallVector<Range> ranges = cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(rw, loc);
      Value zero = rw.create<arith::ConstantIndexOp>(loc, 0);
      Value empty = rw.create<arith::ConstantIntOp>(loc, 0, 1);
      for (auto [d, kind] : llvm::enumerate(op.getIteratorTypesArray())) {
        if (kind != utils::IteratorType::reduction)
          continue;
        Value size = getValueOrCreateConstantIndexOp(rw, loc, ranges[d].size);
        Value none = rw.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, size, zero);
        empty = rw.create<arith::OrIOp>(loc, empty, none);
      }
      auto type = cast<RankedTensorType>(init.get().getType());
      AffineMap id = rw.getMultiDimIdentityMap(type.getRank());
      SmallVector<utils::IteratorType> par(type.getRank(), utils::IteratorType::parallel);
      auto kept = rw.create<linalg::GenericOp>(
          loc, type, ValueRange{init.get()}, ValueRange{init.get()},
          ArrayRef<AffineMap>{id, id}, par, [&](OpBuilder &b, Location l, ValueRange args) {
            Value yielded = inside ? b.clone(*def)->getResult(0) : value;
            Value v = b.create<arith::SelectOp>(l, empty, args[0], yielded);
            b.create<linalg::YieldOp>(l, v);
          });
      rw.replaceAllUsesWith(op->getResult(i), kept.getResult(0));
      return success();
    }
    return failure();
  }
};

struct FuseElementwisePass : ptensor::impl::FuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // upstream's helpers (fill folding, constants, outs dependencies) but its fusion pattern
    // is replaced by FuseAndCSE
    linalg::ControlFusionFn never = [](OpOperand *) { return false; };
    linalg::populateElementwiseOpsFusionPatterns(patterns, never);
    patterns.add<FuseAndCSE, KeepReductionInit>(&getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    // tensor.dim of a loop's result -> the size it was built from (drops loops kept alive
    // only for their shapes)
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    // producers before consumers: a consumer then takes a producer that is fused already
    // (one fusion per edge); bottom-up, each consumer re-fused the producers of every path
    // to it, exponentially many in a leapfrog loop (12,535 fusions for 32 ops)
    GreedyRewriteConfig config;
    config.useTopDownTraversal = true;
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    if (auto fn = dyn_cast<func::FuncOp>(getOperation()))
      ptensor::fuseSiblings(fn);
    // operands deduplicated late (one tensor read through two operands) leave equal
    // expressions on what were different block arguments: CSE each loop body once more
    IRRewriter rw(&getContext());
    DominanceInfo dom;
    getOperation()->walk([&](linalg::GenericOp g) { eliminateCommonSubExpressions(rw, dom, g); });
  }
};
} // namespace

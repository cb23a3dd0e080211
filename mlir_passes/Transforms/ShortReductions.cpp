// --ptensor-short-reductions: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace ptensor {
#define GEN_PASS_DEF_SHORTREDUCTIONS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// The trip counts the enclosing loop is specialized for: the short axes of point and vector
/// data (x, y / x, y, z / quaternions and homogeneous coordinates).
constexpr int64_t kShortTrips[] = {2, 3, 4};

/// f is a reduction loop over an axis whose length is only known when the program runs, the
/// innermost loop, inside another loop that does not define its bound: every store in its
/// body writes a place that does not depend on its induction variable (the accumulation of a
/// lowered linalg reduction: load, combine, store of out[i, j]), or it has none and carries
/// the accumulation as a loop-carried value (--ptensor-fuse-parallel-loops contracted it).
bool isShortReductionCandidate(scf::ForOp f) {
  Operation *parent = f->getParentOp();
  if (!isa<scf::ForOp, scf::ParallelOp>(parent) || parent->getNumResults() != 0 ||
      !isConstantIntValue(f.getLowerBound(), 0) ||
      !isConstantIntValue(f.getStep(), 1) || matchPattern(f.getUpperBound(), m_Constant()) ||
      parent->isAncestor(f.getUpperBound().getParentBlock()->getParentOp()))
    return false;
  bool ok = true, stores = false;
  f.getBody()->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op))
      ok = false;
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      stores = true;
      for (Value i : store.getIndices())
        if (f->isAncestor(i.getParentBlock()->getParentOp()))
          ok = false; // the stored place moves with f's iterations
    }
  });
  return ok && (stores || f.getNumRegionIterArgs() > 0);
}

/// parent (holding f) -> scf.if (n == 2) { parent with f's bound 2 } else scf.if (n == 3)
/// ... else { parent }, n f's upper bound.
void version(scf::ForOp f) {
  Operation *parent = f->getParentOp();
  Location loc = f.getLoc();
  Value n = f.getUpperBound();
  OpBuilder b(parent);
  for (int64_t trips : kShortTrips) {
    Value c = b.create<arith::ConstantIndexOp>(loc, trips);
    Value is = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, n, c);
    auto branch = b.create<scf::IfOp>(loc, is, /*withElseRegion=*/true);
    OpBuilder then = branch.getThenBodyBuilder();
    IRMapping map;
    then.clone(*parent, map);
    cast<scf::ForOp>(map.lookup(f.getOperation())).getUpperBoundMutable().assign(c);
    b.setInsertionPoint(branch.elseBlock()->getTerminator());
  }
  parent->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
}

struct ShortReductionsPass : ptensor::impl::ShortReductionsBase<ShortReductionsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> todo;
    getOperation()->walk([&](scf::ForOp f) {
      if (isShortReductionCandidate(f))
        todo.push_back(f);
    });
    for (scf::ForOp f : todo)
      version(f);
  }
};
} // namespace

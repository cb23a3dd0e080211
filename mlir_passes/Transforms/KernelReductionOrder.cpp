// --ptensor-kernel-reduction-order: see Passes.td.
#include "Pipeline/Passes.h"

namespace ptensor {
#define GEN_PASS_DEF_KERNELREDUCTIONORDER
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// f = scf.for i { p = scf.parallel J {B}; yield } with no loop-carried values and p without
/// reductions: returns p, else null.
scf::ParallelOp onlyParallelInside(scf::ForOp f) {
  Block *body = f.getBody();
  if (f.getNumRegionIterArgs() != 0 || body->getOperations().size() != 2)
    return nullptr;
  auto p = dyn_cast<scf::ParallelOp>(body->front());
  return p && p.getInitVals().empty() ? p : nullptr;
}

/// scf.for i { scf.parallel J {B} } -> scf.parallel J { scf.for i {B} }; returns the new
/// parallel loop.
scf::ParallelOp interchange(scf::ForOp f, scf::ParallelOp p) {
  OpBuilder b(f);
  Location loc = f.getLoc();
  auto outer = b.create<scf::ParallelOp>(loc, p.getLowerBound(), p.getUpperBound(), p.getStep());
  b.setInsertionPoint(outer.getBody()->getTerminator());
  auto inner = b.create<scf::ForOp>(loc, f.getLowerBound(), f.getUpperBound(), f.getStep());
  f.getInductionVar().replaceAllUsesWith(inner.getInductionVar());
  Block &body = p.getRegion().front();
  for (auto [arg, iv] : llvm::zip(body.getArguments(), outer.getInductionVars()))
    arg.replaceAllUsesWith(iv);
  inner.getBody()->getOperations().splice(Block::iterator(inner.getBody()->getTerminator()),
                                          body.getOperations(), body.begin(),
                                          std::prev(body.end()));
  f.erase();
  return outer;
}

/// P = scf.parallel I { f = scf.for k { p = scf.parallel J {B} } } (a reduction over a middle
/// axis) -> scf.parallel (I, J) { scf.for k {B} }: one kernel over the kept dimensions (a
/// parallel loop nested in another is not made a kernel: convert-parallel-loops-to-gpu of
/// MLIR 19 crashes on the nest the interchange alone would leave).
void mergeIntoParent(scf::ParallelOp parent, scf::ForOp f, scf::ParallelOp p) {
  OpBuilder b(parent);
  Location loc = parent.getLoc();
  auto cat = [](auto a, auto b) {
    SmallVector<Value> all(a.begin(), a.end());
    all.append(b.begin(), b.end());
    return all;
  };
  auto merged = b.create<scf::ParallelOp>(loc, cat(parent.getLowerBound(), p.getLowerBound()),
                                          cat(parent.getUpperBound(), p.getUpperBound()),
                                          cat(parent.getStep(), p.getStep()));
  b.setInsertionPoint(merged.getBody()->getTerminator());
  auto inner = b.create<scf::ForOp>(loc, f.getLowerBound(), f.getUpperBound(), f.getStep());
  f.getInductionVar().replaceAllUsesWith(inner.getInductionVar());
  SmallVector<Value> ivs = merged.getInductionVars();
  unsigned outer = parent.getNumLoops();
  for (auto [arg, iv] : llvm::zip(parent.getInductionVars(), ArrayRef<Value>(ivs).take_front(outer)))
    arg.replaceAllUsesWith(iv);
  Block &body = p.getRegion().front();
  for (auto [arg, iv] : llvm::zip(body.getArguments(), ArrayRef<Value>(ivs).drop_front(outer)))
    arg.replaceAllUsesWith(iv);
  inner.getBody()->getOperations().splice(Block::iterator(inner.getBody()->getTerminator()),
                                          body.getOperations(), body.begin(),
                                          std::prev(body.end()));
  parent.erase();
}

struct KernelReductionOrderPass
    : ptensor::impl::KernelReductionOrderBase<KernelReductionOrderPass> {
  void runOnOperation() override {
    // innermost first (post-order): a parallel loop moved out of one sequential loop may then
    // be the only thing inside the next one out
    SmallVector<scf::ForOp> fors;
    getOperation()->walk([&](scf::ForOp f) { fors.push_back(f); });
    for (scf::ForOp f : fors) {
      scf::ParallelOp p = onlyParallelInside(f);
      if (!p)
        continue;
      auto parent = dyn_cast<scf::ParallelOp>(f->getParentOp());
      if (parent && parent.getInitVals().empty() &&
          parent.getBody()->getOperations().size() == 2 &&
          !parent->getParentOfType<scf::ParallelOp>())
        mergeIntoParent(parent, f, p);
      else if (!f->getParentOfType<scf::ParallelOp>())
        interchange(f, p);
    }
  }
};
} // namespace

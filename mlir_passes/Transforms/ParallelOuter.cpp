// --ptensor-parallel-outer: see Passes.td.
#include "Pipeline/Passes.h"

namespace ptensor {
#define GEN_PASS_DEF_PARALLELOUTER
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// scf.for i { scf.parallel j {...} } (a reduction over an outer dimension, e.g. a sum over
/// axis 0) -> scf.parallel over blocks of j { scf.for i { scf.for j in block {...} } }: one
/// parallel region instead of one per i, and the innermost loop still walks contiguous
/// memory. Legal because iterations of the parallel loop are independent.
constexpr int64_t kBlock = 512;

void blockOuterReduction(scf::ForOp f) {
  auto p = cast<scf::ParallelOp>(f.getBody()->front());
  OpBuilder b(f);
  Location loc = f.getLoc();
  Value lb = p.getLowerBound()[0], ub = p.getUpperBound()[0], step = p.getStep()[0];
  Value bstep = b.create<arith::MulIOp>(loc, step, b.create<arith::ConstantIndexOp>(loc, kBlock));
  auto blocks = b.create<scf::ParallelOp>(loc, ValueRange{lb}, ValueRange{ub}, ValueRange{bstep});
  b.setInsertionPoint(blocks.getBody()->getTerminator());
  Value jb = blocks.getInductionVars()[0];
  Value end = b.create<arith::MinSIOp>(loc, b.create<arith::AddIOp>(loc, jb, bstep), ub);
  auto outer = b.create<scf::ForOp>(loc, f.getLowerBound(), f.getUpperBound(), f.getStep());
  b.setInsertionPoint(outer.getBody()->getTerminator());
  auto inner = b.create<scf::ForOp>(loc, jb, end, step);
  f.getInductionVar().replaceAllUsesWith(outer.getInductionVar());
  Block &body = p.getRegion().front();
  body.getArgument(0).replaceAllUsesWith(inner.getInductionVar());
  inner.getBody()->getOperations().splice(Block::iterator(inner.getBody()->getTerminator()),
                                          body.getOperations(), body.begin(),
                                          std::prev(body.end()));
  f.erase();
}

struct ParallelOuterPass : ptensor::impl::ParallelOuterBase<ParallelOuterPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> todo;
    getOperation()->walk([&](scf::ParallelOp p) {
      if (p.getNumLoops() > 1 && p.getInitVals().empty())
        todo.push_back(p);
    });
    for (scf::ParallelOp p : todo) {
      OpBuilder b(p);
      Location loc = p.getLoc();
      auto lbs = p.getLowerBound(), ubs = p.getUpperBound(), steps = p.getStep();
      auto outer = b.create<scf::ParallelOp>(loc, ValueRange{lbs[0]}, ValueRange{ubs[0]},
                                             ValueRange{steps[0]});
      SmallVector<Value> ivs = {outer.getInductionVars()[0]};
      Block *inner = outer.getBody();
      for (unsigned d = 1; d < p.getNumLoops(); ++d) {
        b.setInsertionPoint(inner->getTerminator());
        auto f = b.create<scf::ForOp>(loc, lbs[d], ubs[d], steps[d]);
        ivs.push_back(f.getInductionVar());
        inner = f.getBody();
      }
      Block &old = p.getRegion().front();
      for (auto [arg, iv] : llvm::zip(old.getArguments(), ivs))
        arg.replaceAllUsesWith(iv);
      inner->getOperations().splice(Block::iterator(inner->getTerminator()), old.getOperations(),
                                    old.begin(), std::prev(old.end()));
      p.erase();
    }
    SmallVector<scf::ForOp> reductions;
    getOperation()->walk([&](scf::ForOp f) {
      Block *body = f.getBody();
      if (f.getNumRegionIterArgs() == 0 && body->getOperations().size() == 2)
        if (auto p = dyn_cast<scf::ParallelOp>(body->front());
            p && p.getNumLoops() == 1 && p.getInitVals().empty() &&
            !f->getParentOfType<scf::ParallelOp>() && !f->getParentOfType<scf::ForOp>())
          reductions.push_back(f);
    });
    for (scf::ForOp f : reductions)
      blockOuterReduction(f);
  }
};
} // namespace

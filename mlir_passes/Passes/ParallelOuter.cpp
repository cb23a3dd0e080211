// --ptensor-parallel-outer: see Passes.td.
#include "Passes/Passes.h"

namespace ptensor {
#define GEN_PASS_DEF_PARALLELOUTER
#include "Passes/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
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
  }
};
} // namespace

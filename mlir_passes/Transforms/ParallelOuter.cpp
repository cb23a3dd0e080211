// --ptensor-parallel-outer: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/IR/IRMapping.h"

#include <optional>

namespace ptensor {
#define GEN_PASS_DEF_PARALLELOUTER
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// scf.for i { scf.parallel j {...} } (a reduction over an outer dimension, e.g. a sum over
/// axis 0) -> scf.parallel over blocks of j { scf.for i { scf.for j in block {...} } }: one
/// parallel region instead of one per i, and the innermost loop still walks contiguous
/// memory. Legal because iterations of the parallel loop are independent. Several reduced
/// leading axes (scf.for i0 { scf.for i1 { ... scf.parallel j } }, a sum over axes (0, 1))
/// keep their loops in order inside the block loop (one parallel region per (i0, i1) row would
/// start the threads once per row).
constexpr int64_t kBlock = 512;

void blockOuterReduction(ArrayRef<scf::ForOp> fors, scf::ParallelOp p) {
  scf::ForOp top = fors.front();
  OpBuilder b(top);
  Location loc = top.getLoc();
  Value lb = p.getLowerBound()[0], ub = p.getUpperBound()[0], step = p.getStep()[0];
  Value bstep = b.create<arith::MulIOp>(loc, step, b.create<arith::ConstantIndexOp>(loc, kBlock));
  auto blocks = b.create<scf::ParallelOp>(loc, ValueRange{lb}, ValueRange{ub}, ValueRange{bstep});
  b.setInsertionPoint(blocks.getBody()->getTerminator());
  Value jb = blocks.getInductionVars()[0];
  Value end = b.create<arith::MinSIOp>(loc, b.create<arith::AddIOp>(loc, jb, bstep), ub);
  IRMapping map; // (an inner loop's bounds may use an outer one's variable)
  for (scf::ForOp f : fors) {
    auto g = b.create<scf::ForOp>(loc, map.lookupOrDefault(f.getLowerBound()),
                                  map.lookupOrDefault(f.getUpperBound()),
                                  map.lookupOrDefault(f.getStep()));
    map.map(f.getInductionVar(), g.getInductionVar());
    b.setInsertionPoint(g.getBody()->getTerminator());
  }
  auto inner = b.create<scf::ForOp>(loc, jb, end, step);
  for (scf::ForOp f : fors)
    f.getInductionVar().replaceAllUsesWith(map.lookup(f.getInductionVar()));
  Block &body = p.getRegion().front();
  body.getArgument(0).replaceAllUsesWith(inner.getInductionVar());
  inner.getBody()->getOperations().splice(Block::iterator(inner.getBody()->getTerminator()),
                                          body.getOperations(), body.begin(),
                                          std::prev(body.end()));
  top.erase();
}

/// f = scf.for { scf.for { ... scf.parallel J {} } } with one op in each body, no
/// loop-carried values and a one-dimensional parallel loop without reductions: the loops
/// (outermost first) and the parallel loop.
std::optional<std::pair<SmallVector<scf::ForOp>, scf::ParallelOp>> reductionNest(scf::ForOp f) {
  SmallVector<scf::ForOp> fors;
  Operation *op = f;
  while (auto g = dyn_cast<scf::ForOp>(op)) {
    Block *body = g.getBody();
    if (g.getNumRegionIterArgs() != 0 || body->getOperations().size() != 2)
      return std::nullopt;
    fors.push_back(g);
    op = &body->front();
  }
  auto p = dyn_cast<scf::ParallelOp>(op);
  if (!p || p.getNumLoops() != 1 || !p.getInitVals().empty())
    return std::nullopt;
  return std::make_pair(fors, p);
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
    SmallVector<std::pair<SmallVector<scf::ForOp>, scf::ParallelOp>> reductions;
    getOperation()->walk([&](scf::ForOp f) {
      if (!f->getParentOfType<scf::ParallelOp>() && !f->getParentOfType<scf::ForOp>())
        if (auto nest = reductionNest(f))
          reductions.push_back(*nest);
    });
    for (auto &[fors, p] : reductions)
      blockOuterReduction(fors, p);
  }
};
} // namespace

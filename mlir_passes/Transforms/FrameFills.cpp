// --ptensor-frame-fills: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace ptensor {
#define GEN_PASS_DEF_FRAMEFILLS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// v is the size of m's dimension d.
bool isSize(Value v, Value m, unsigned d) {
  auto t = cast<MemRefType>(m.getType());
  if (!t.isDynamicDim(d))
    return isConstantIntValue(v, t.getDimSize(d));
  if (auto dim = v.getDefiningOp<memref::DimOp>();
      dim && dim.getSource() == m && isConstantIntValue(dim.getIndex(), d))
    return true;
  auto a = m.getDefiningOp<memref::AllocOp>();
  return a && a.getDynamicSizes()[t.getDynamicDimIndex(d)] == v;
}

bool isValue(OpFoldResult r, Value v) {
  if (auto x = dyn_cast<Value>(r))
    return x == v;
  auto c = getConstantIntValue(r);
  return c && isConstantIntValue(v, *c);
}

/// A loop from 0 with step 1 in every dimension, without reductions.
bool plainLoop(scf::ParallelOp p) {
  return p.getInitVals().empty() &&
         llvm::all_of(p.getLowerBound(), [](Value v) { return isConstantIntValue(v, 0); }) &&
         llvm::all_of(p.getStep(), [](Value v) { return isConstantIntValue(v, 1); });
}

bool uses(Operation *op, Value root) {
  bool found = false;
  op->walk([&](Operation *o) {
    for (Value v : o->getOperands())
      if (isa<MemRefType>(v.getType()) && ptensor::memrefRoot(v) == root)
        found = true;
  });
  return found;
}

/// The fill `p` (of all of a memref m with one value) and the store of the first loop after
/// it that touches m, when that loop writes every element of one unit-stride subview of m
/// and reads nothing of m.
std::optional<memref::SubViewOp> overwritten(scf::ParallelOp p) {
  Block *body = p.getBody();
  if (!plainLoop(p) || body->getOperations().size() != 2)
    return std::nullopt;
  auto fill = dyn_cast<memref::StoreOp>(body->front());
  if (!fill || fill.getIndices() != p.getInductionVars() ||
      fill.getValueToStore().getParentBlock() == body)
    return std::nullopt;
  Value m = fill.getMemRef();
  unsigned rank = fill.getMemRefType().getRank();
  if ((rank != 1 && rank != 2) || ptensor::memrefRoot(m) != m || !ptensor::uniqueMemory(m))
    return std::nullopt;
  for (unsigned d = 0; d < rank; ++d)
    if (!isSize(p.getUpperBound()[d], m, d))
      return std::nullopt;
  for (Operation *op = p->getNextNode(); op; op = op->getNextNode()) {
    if (!uses(op, m))
      continue;
    if (op->getNumRegions() == 0 && isa<ViewLikeOpInterface, memref::DimOp>(op))
      continue; // what uses the view is checked where it is used
    auto w = dyn_cast<scf::ParallelOp>(op);
    if (!w || !plainLoop(w) || w.getNumLoops() != rank)
      return std::nullopt;
    std::optional<memref::SubViewOp> found;
    for (Operation &o : w.getBody()->getOperations())
      if (auto s = dyn_cast<memref::StoreOp>(o); s && s.getIndices() == w.getInductionVars())
        if (auto sv = s.getMemRef().getDefiningOp<memref::SubViewOp>();
            sv && sv.getSource() == m && sv.hasUnitStride() &&
            llvm::all_of(llvm::seq(0u, rank), [&](unsigned d) {
              return isValue(sv.getMixedSizes()[d], w.getUpperBound()[d]);
            }))
          found = sv;
    bool reads = false; // a load of m, or anything else that takes m (a call, a copy)
    w->walk([&](Operation *o) {
      if (auto l = dyn_cast<memref::LoadOp>(o))
        reads |= ptensor::memrefRoot(l.getMemRef()) == m;
      else if (!isa<memref::StoreOp, ViewLikeOpInterface, memref::DimOp>(o) && o != w &&
               o->getNumRegions() == 0 && uses(o, m))
        reads = true;
    });
    if (!found || reads)
      return std::nullopt;
    for (Value v : found->getOperands().drop_front()) { // offsets and sizes, used at p
      Operation *d = v.getDefiningOp();
      if (d ? !(d->getBlock() == p->getBlock() && d->isBeforeInBlock(p))
            : cast<BlockArgument>(v).getOwner() != p->getBlock())
        return std::nullopt;
    }
    return found;
  }
  return std::nullopt;
}

/// Replaces the fill `p` by a fill of everything of its memref outside `inner`.
void fillFrame(scf::ParallelOp p, memref::SubViewOp inner) {
  auto fill = cast<memref::StoreOp>(p.getBody()->front());
  Value m = fill.getMemRef(), value = fill.getValueToStore();
  OpBuilder b(p);
  Location loc = p.getLoc();
  unsigned rank = fill.getMemRefType().getRank();
  SmallVector<Value> lo, hi, size;
  for (unsigned d = 0; d < rank; ++d) {
    lo.push_back(getValueOrCreateConstantIndexOp(b, loc, inner.getMixedOffsets()[d]));
    hi.push_back(b.create<arith::AddIOp>(
        loc, lo.back(), getValueOrCreateConstantIndexOp(b, loc, inner.getMixedSizes()[d])));
    size.push_back(p.getUpperBound()[d]);
  }
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0), one = b.create<arith::ConstantIndexOp>(loc, 1);
  // one dimension: [0, lo) and [hi, size) (the rows of a 2-D frame: the same in j)
  auto strips = [&](OpBuilder &b, Value row, Value l, Value h, Value n, bool parallel) {
    for (auto [from, to] : {std::pair{zero, l}, std::pair{h, n}}) {
      auto store = [&](OpBuilder &b, Value j) {
        SmallVector<Value> at;
        if (row)
          at.push_back(row);
        at.push_back(j);
        b.create<memref::StoreOp>(loc, value, m, at);
      };
      if (parallel) {
        auto loop = b.create<scf::ParallelOp>(loc, ValueRange{from}, ValueRange{to}, ValueRange{one});
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        store(b, loop.getInductionVars()[0]);
      } else {
        auto loop = b.create<scf::ForOp>(loc, from, to, one);
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        store(b, loop.getInductionVar());
      }
    }
  };
  if (rank == 1) {
    strips(b, Value(), lo[0], hi[0], size[0], true);
  } else {
    auto rows = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{size[0]}, ValueRange{one});
    b.setInsertionPoint(rows.getBody()->getTerminator());
    Value i = rows.getInductionVars()[0];
    Value inside = b.create<arith::AndIOp>(
        loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, i, lo[0]),
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, i, hi[0]));
    auto branch = b.create<scf::IfOp>(loc, TypeRange{}, inside, /*withElseRegion=*/true);
    b.setInsertionPoint(branch.thenBlock()->getTerminator());
    strips(b, i, lo[1], hi[1], size[1], false);
    b.setInsertionPoint(branch.elseBlock()->getTerminator());
    auto row = b.create<scf::ForOp>(loc, zero, size[1], one);
    b.setInsertionPoint(row.getBody()->getTerminator());
    b.create<memref::StoreOp>(loc, value, m, ValueRange{i, row.getInductionVar()});
  }
  p.erase();
}

struct FrameFillsPass : ptensor::impl::FrameFillsBase<FrameFillsPass> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.getBody().empty())
      return;
    SmallVector<std::pair<scf::ParallelOp, memref::SubViewOp>> todo;
    for (Operation &op : fn.getBody().front())
      if (auto p = dyn_cast<scf::ParallelOp>(op))
        if (auto inner = overwritten(p))
          todo.push_back({p, *inner});
    for (auto [p, inner] : todo)
      fillFrame(p, inner);
  }
};
} // namespace

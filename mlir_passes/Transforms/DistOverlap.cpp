// --ptensor-dist-overlap: see Passes.td. Splits an elementwise loop that reads an array right
// after its ghost rows were refreshed into the rows that need no ghost (computed while the
// halo messages travel) and the rest (computed after them).
//
// The pattern, as ptensor's Python layer records a halo refresh (_dist_ops._refresh_ghosts):
//     %h  = dist.repartition ... {ghosts_only}          the neighbours' rows
//     %P1 = tensor.insert_slice (%h or a slice of it) into %P  ... along the split axis
//     %P2 = tensor.insert_slice (%h or a slice of it) into %P1 ...
//     %s  = tensor.extract_slice %P2 [...]               stencil views (any number)
//     %r  = linalg.generic ins(%s, ...) outs(...)        all loops parallel
// Rows of %P2 outside both inserted ranges are %P's rows, so the loop's iterations whose every
// %P2 read falls between the two ranges (computed at run time from the slices' offsets) may
// read %P instead. The generic becomes three: that interior part first, then the part below
// and the part above, each writing its rows of the result; the inserts (with the slices of
// %h) move after the interior part. --dist-to-runtime then waits for %h right before its
// first use, so the exchange runs while the interior is computed.
#include "Pipeline/Passes.h"
#include "Dist/Dialect.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace ptensor {
#define GEN_PASS_DEF_DISTOVERLAP
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// A ghost refresh: two inserts of (slices of) a ghosts_only repartition's result into `base`
/// along `axis`; `full` is the array afterwards. `ops` are the slices of the result and the
/// inserts, in block order.
struct Refresh {
  Value base, full;
  int64_t axis;
  tensor::InsertSliceOp ins[2];
  SmallVector<Operation *> ops;
};

bool unitStrides(OffsetSizeAndStrideOpInterface op) {
  return llvm::all_of(op.getMixedStrides(), [](OpFoldResult s) { return isConstantIntValue(s, 1); });
}

std::optional<Refresh> matchRefresh(dist::RepartitionOp rep) {
  if (!rep.getGhostsOnly())
    return std::nullopt;
  Refresh r;
  r.axis = rep.getAxis();
  SmallVector<tensor::InsertSliceOp> inserts;
  for (Operation *user : rep.getResult().getUsers()) {
    auto ins = dyn_cast<tensor::InsertSliceOp>(user);
    if (auto ex = dyn_cast<tensor::ExtractSliceOp>(user)) {
      if (!ex->hasOneUse() || ex.getSourceType().getRank() != ex.getResultType().getRank())
        return std::nullopt;
      ins = dyn_cast<tensor::InsertSliceOp>(*ex->user_begin());
      r.ops.push_back(ex);
    }
    if (!ins || ins.getSourceType().getRank() != ins.getDestType().getRank() || !unitStrides(ins))
      return std::nullopt;
    inserts.push_back(ins);
  }
  if (inserts.size() != 2)
    return std::nullopt;
  // a chain: one insert's result is the other's destination, and nothing else uses it
  if (inserts[0].getDest() == inserts[1].getResult())
    std::swap(inserts[0], inserts[1]);
  if (inserts[1].getDest() != inserts[0].getResult() || !inserts[0]->hasOneUse())
    return std::nullopt;
  r.ins[0] = inserts[0];
  r.ins[1] = inserts[1];
  r.ops.push_back(r.ins[0]);
  r.ops.push_back(r.ins[1]);
  if (llvm::any_of(r.ops, [&](Operation *op) { return op->getBlock() != rep->getBlock(); }))
    return std::nullopt;
  llvm::sort(r.ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  r.base = r.ins[0].getDest();
  r.full = r.ins[1].getResult();
  return r;
}

/// One input of the generic that reads a refreshed array: its operand number, the refresh,
/// the slice it reads through (null: the whole array).
struct GhostRead {
  unsigned operand;
  Refresh *refresh;
  tensor::ExtractSliceOp slice;
};

struct DistOverlap : ptensor::impl::DistOverlapBase<DistOverlap> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    // refreshes by the array they produce
    std::vector<Refresh> refreshes;
    fn.walk([&](dist::RepartitionOp rep) {
      if (auto r = matchRefresh(rep))
        refreshes.push_back(std::move(*r));
    });
    if (refreshes.empty())
      return;
    llvm::DenseMap<Value, Refresh *> byFull;
    for (Refresh &r : refreshes)
      byFull[r.full] = &r;
    llvm::DenseSet<Refresh *> done; // moved already: later readers read it after its inserts
    SmallVector<linalg::GenericOp> generics;
    fn.walk([&](linalg::GenericOp g) { generics.push_back(g); });
    for (linalg::GenericOp g : generics)
      splitGeneric(g, byFull, done);
  }

  void splitGeneric(linalg::GenericOp g, llvm::DenseMap<Value, Refresh *> &byFull,
                    llvm::DenseSet<Refresh *> &done) {
    if (!g.hasPureTensorSemantics() || g.getNumReductionLoops() != 0 ||
        !llvm::all_of(g.getIndexingMapsArray(), [](AffineMap m) { return m.isProjectedPermutation(); }))
      return;
    SmallVector<GhostRead> reads;
    std::optional<unsigned> dim; // the loop dimension along the split axis
    SmallVector<Refresh *> used;
    for (OpOperand *in : g.getDpsInputOperands()) {
      Value v = in->get();
      auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
      Value src = slice ? slice.getSource() : v;
      auto it = byFull.find(src);
      if (it == byFull.end())
        continue;
      Refresh *r = it->second;
      if (done.contains(r) || (slice && (!unitStrides(slice) || !slice->hasOneUse() ||
                                         slice.getSourceType().getRank() != slice.getResultType().getRank())))
        return;
      auto d = dyn_cast<AffineDimExpr>(g.getMatchingIndexingMap(in).getResult(r->axis));
      if (!d || (dim && *dim != d.getPosition()))
        return;
      dim = d.getPosition();
      reads.push_back({in->getOperandNumber(), r, slice});
      if (!llvm::is_contained(used, r))
        used.push_back(r);
    }
    if (reads.empty())
      return;
    for (OpOperand &out : g.getDpsInitsMutable())
      if (!g.getMatchingIndexingMap(&out).getResultPosition(getAffineDimExpr(*dim, g.getContext())))
        return;
    // every refresh read here moves to right before the generic: all its other users, and
    // those of the slices it is read through, must come later
    Block *block = g->getBlock();
    for (Refresh *r : used) {
      if (r->ins[1]->getBlock() != block || !r->ins[1]->isBeforeInBlock(g))
        return;
      for (Operation *user : r->full.getUsers()) {
        Operation *u = block->findAncestorOpInBlock(*user);
        bool viaRead = llvm::any_of(reads, [&](const GhostRead &gr) { return gr.slice == user; });
        if (!u || (!viaRead && u != g.getOperation() && !g->isBeforeInBlock(u)))
          return;
      }
    }

    OpBuilder b(g);
    Location loc = g.getLoc();
    auto idx = [&](OpFoldResult f) { return getValueOrCreateConstantIndexOp(b, loc, f); };
    auto add = [&](Value x, Value y) { return b.create<arith::AddIOp>(loc, x, y).getResult(); };
    auto sub = [&](Value x, Value y) { return b.create<arith::SubIOp>(loc, x, y).getResult(); };
    auto mn = [&](Value x, Value y) { return b.create<arith::MinSIOp>(loc, x, y).getResult(); };
    auto mx = [&](Value x, Value y) { return b.create<arith::MaxSIOp>(loc, x, y).getResult(); };
    // the trip count m of `dim`, from the first output
    OpOperand &out0 = g.getDpsInitsMutable()[0];
    unsigned outPos =
        *g.getMatchingIndexingMap(&out0).getResultPosition(getAffineDimExpr(*dim, g.getContext()));
    Value m = b.create<tensor::DimOp>(loc, out0.get(), outPos);
    // interior [lo, hi): iterations i whose every read row off + i of a refreshed array lies
    // between its two inserted ranges [a0, e0) and [a1, e1), i.e. in [min(e0, e1), max(a0, a1))
    Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
    llvm::DenseMap<Refresh *, std::pair<Value, Value>> gaps;
    for (Refresh *r : used) {
      Value a0 = idx(r->ins[0].getMixedOffsets()[r->axis]);
      Value a1 = idx(r->ins[1].getMixedOffsets()[r->axis]);
      Value e0 = add(a0, idx(r->ins[0].getMixedSizes()[r->axis]));
      Value e1 = add(a1, idx(r->ins[1].getMixedSizes()[r->axis]));
      gaps[r] = {mn(e0, e1), mx(a0, a1)};
    }
    Value lo = zero, hi = m;
    for (GhostRead gr : reads) {
      auto [gapLo, gapHi] = gaps[gr.refresh];
      Value off = gr.slice ? idx(gr.slice.getMixedOffsets()[gr.refresh->axis]) : zero;
      lo = mx(lo, sub(gapLo, off));
      hi = mn(hi, sub(gapHi, off));
    }
    lo = mn(lo, m);
    hi = mx(hi, lo);

    // each piece reads rows [r0, r0 + len) of `dim` and writes them into the running result
    SmallVector<Value> results = llvm::to_vector(g.getDpsInits());
    auto piece = [&](Value r0, Value len, bool interior) {
      auto rows = [&](Value t, AffineMap map) -> Value {
        auto pos = map.getResultPosition(getAffineDimExpr(*dim, g.getContext()));
        if (!pos)
          return t;
        auto tt = cast<RankedTensorType>(t.getType());
        SmallVector<OpFoldResult> offs(tt.getRank(), b.getIndexAttr(0)),
            sizes = tensor::getMixedSizes(b, loc, t), strides(tt.getRank(), b.getIndexAttr(1));
        offs[*pos] = r0;
        sizes[*pos] = len;
        return b.create<tensor::ExtractSliceOp>(loc, t, offs, sizes, strides);
      };
      SmallVector<Value> ins, outs;
      for (OpOperand *in : g.getDpsInputOperands()) {
        Value v = in->get();
        if (interior)
          for (GhostRead gr : reads)
            if (gr.operand == in->getOperandNumber())
              v = gr.slice ? b.create<tensor::ExtractSliceOp>(
                                 loc, gr.refresh->base, gr.slice.getMixedOffsets(),
                                 gr.slice.getMixedSizes(), gr.slice.getMixedStrides())
                           : gr.refresh->base;
        ins.push_back(rows(v, g.getMatchingIndexingMap(in)));
      }
      for (auto [k, out] : llvm::enumerate(g.getDpsInitsMutable()))
        outs.push_back(rows(results[k], g.getMatchingIndexingMap(&out)));
      auto p = b.create<linalg::GenericOp>(loc, TypeRange(ValueRange(outs)), ins, outs,
                                           g.getIndexingMapsArray(), g.getIteratorTypesArray());
      IRMapping map;
      g.getRegion().cloneInto(&p.getRegion(), map);
      for (auto [k, out] : llvm::enumerate(g.getDpsInitsMutable())) {
        auto s = outs[k].getDefiningOp<tensor::ExtractSliceOp>();
        results[k] = b.create<tensor::InsertSliceOp>(loc, p.getResult(k), results[k],
                                                     s.getMixedOffsets(), s.getMixedSizes(),
                                                     s.getMixedStrides());
      }
    };
    piece(lo, sub(hi, lo), /*interior=*/true);
    Operation *afterInterior = results.back().getDefiningOp();
    piece(zero, lo, false);
    piece(hi, sub(m, hi), false);
    g->replaceAllUsesWith(results);
    // the refreshes (and the slices the generic read them through) after the interior part
    Operation *at = afterInterior;
    for (Refresh *r : used) {
      for (Operation *op : r->ops) {
        op->moveAfter(at);
        at = op;
      }
      done.insert(r);
    }
    for (GhostRead gr : reads)
      if (gr.slice) {
        gr.slice->moveAfter(at);
        at = gr.slice;
      }
    g->erase();
  }
};
} // namespace

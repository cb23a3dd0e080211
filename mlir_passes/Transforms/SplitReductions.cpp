// --ptensor-split-reductions: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <optional>

namespace ptensor {
#define GEN_PASS_DEF_SPLITREDUCTIONS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// The innermost body's accumulation: store(combine(load(out[I]), v), out[I]).
struct Accumulation {
  memref::LoadOp load;
  Operation *combine;
  memref::StoreOp store;
  Value value; // v
};

/// combine's identity for type t (a value e with combine(e, x) == x for every x), if combine
/// is associative and commutative (float sums and products only when marked reassociable).
std::optional<TypedAttr> identity(Operation *combine, Type t) {
  auto reassoc = [&] {
    auto fm = combine->getAttrOfType<arith::FastMathFlagsAttr>("fastmath");
    return fm && bitEnumContainsAll(fm.getValue(), arith::FastMathFlags::reassoc);
  };
  if (auto ft = dyn_cast<FloatType>(t)) {
    const llvm::fltSemantics &s = ft.getFloatSemantics();
    auto f = [&](APFloat v) -> TypedAttr { return FloatAttr::get(ft, v); };
    if (isa<arith::AddFOp>(combine) && reassoc())
      return f(APFloat::getZero(s, /*Negative=*/true));
    if (isa<arith::MulFOp>(combine) && reassoc())
      return f(APFloat::getOne(s));
    if (isa<arith::MaximumFOp>(combine))
      return f(APFloat::getInf(s, /*Negative=*/true));
    if (isa<arith::MinimumFOp>(combine))
      return f(APFloat::getInf(s));
    if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combine))
      return f(APFloat::getQNaN(s));
    return std::nullopt;
  }
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return std::nullopt;
  unsigned w = it.getWidth();
  auto i = [&](APInt v) -> TypedAttr { return IntegerAttr::get(it, v); };
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(combine))
    return i(APInt::getZero(w));
  if (isa<arith::MulIOp>(combine))
    return i(APInt(w, 1));
  if (isa<arith::AndIOp, arith::MinUIOp>(combine))
    return i(APInt::getAllOnes(w));
  if (isa<arith::MaxSIOp>(combine))
    return i(APInt::getSignedMinValue(w));
  if (isa<arith::MinSIOp>(combine))
    return i(APInt::getSignedMaxValue(w));
  return std::nullopt;
}

/// body (of the innermost loop of the nest under top) holds loads, side-effect-free ops and
/// exactly one store: the accumulation into a place fixed for the whole nest.
std::optional<Accumulation> accumulation(Block *body, Operation *top) {
  memref::StoreOp store;
  for (Operation &op : body->without_terminator()) {
    if (auto s = dyn_cast<memref::StoreOp>(op)) {
      if (store)
        return std::nullopt;
      store = s;
    } else if (!isa<memref::LoadOp>(op) && (op.getNumRegions() || !isMemoryEffectFree(&op))) {
      return std::nullopt;
    }
  }
  if (!store)
    return std::nullopt;
  for (Value i : store.getIndices())
    if (top->isAncestor(i.getParentBlock()->getParentOp()))
      return std::nullopt;
  Operation *combine = store.getValue().getDefiningOp();
  if (!combine || combine->getBlock() != body || combine->getNumOperands() != 2 ||
      combine->getNumResults() != 1)
    return std::nullopt;
  for (unsigned k = 0; k < 2; ++k) {
    auto load = combine->getOperand(k).getDefiningOp<memref::LoadOp>();
    if (!load || load->getBlock() != body || load.getMemRef() != store.getMemRef() ||
        load.getIndices() != store.getIndices() || !load->hasOneUse())
      continue;
    for (Operation &op : body->without_terminator()) // no other read of the running value
      if (auto other = dyn_cast<memref::LoadOp>(op);
          other && other != load && other.getMemRef() == store.getMemRef())
        return std::nullopt;
    if (!identity(combine, store.getValue().getType()))
      return std::nullopt;
    return Accumulation{load, combine, store, combine->getOperand(1 - k)};
  }
  return std::nullopt;
}

/// The iterations of the whole nest (the outermost loop's extent times those of the inner
/// loops whose bounds are fixed for the nest: from 0 by 1 to a value defined outside it).
Value nestWork(OpBuilder &b, Location loc, scf::ForOp top, ArrayRef<scf::ForOp> loops) {
  Value work = top.getUpperBound();
  for (scf::ForOp f : loops.drop_front()) {
    Value ub = f.getUpperBound();
    if (!isConstantIntValue(f.getLowerBound(), 0) || !isConstantIntValue(f.getStep(), 1) ||
        top->isAncestor(ub.getParentBlock()->getParentOp()))
      break;
    work = b.create<arith::MulIOp>(loc, work, ub);
  }
  return work;
}

/// top = scf.for i0 { scf.for i1 { ... { acc } } } (no loop-carried values, i0 from 0 by 1)
/// -> partials = alloc(P); scf.parallel p < P { partials[p] = the accumulation, from the
/// identity, of iterations i0 = p, p + P, ... } ; scf.for p < P { acc of partials[p] };
/// dealloc, with P = min(extent of i0, maxParts). With minWork > 0 (host programs), P is
/// also at most the nest's iterations / minWork, and where that leaves one part the
/// original nest runs instead (scf.if).
void split(scf::ForOp top, ArrayRef<scf::ForOp> loops, Accumulation acc, bool contiguous,
           int64_t maxParts, int64_t minWork) {
  Location loc = top.getLoc();
  OpBuilder b(top);
  Type t = acc.store.getValue().getType();
  Value init = b.create<arith::ConstantOp>(loc, *identity(acc.combine, t));
  Value n = top.getUpperBound();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value parts = b.create<arith::MinSIOp>(loc, n, b.create<arith::ConstantIndexOp>(loc, maxParts));
  bool guarded = minWork > 0;
  if (guarded) {
    Value byWork = b.create<arith::DivSIOp>(loc, nestWork(b, loc, top, loops),
                                            b.create<arith::ConstantIndexOp>(loc, minWork));
    parts = b.create<arith::MinSIOp>(loc, parts, byWork);
    Value several = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, parts, one);
    auto choice = b.create<scf::IfOp>(loc, TypeRange{}, several, /*withElse=*/true);
    top->moveBefore(choice.elseBlock()->getTerminator()); // one part: the nest as it was
    b.setInsertionPoint(choice.thenBlock()->getTerminator());
  }
  Value partials = b.create<memref::AllocOp>(loc, MemRefType::get({ShapedType::kDynamic}, t),
                                             ValueRange{parts});
  Value chunk = contiguous ? b.create<arith::CeilDivSIOp>(
                                 loc, n, b.create<arith::MaxSIOp>(loc, parts, one)).getResult()
                           : Value();
  auto par = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{parts}, ValueRange{one});
  OpBuilder pb = OpBuilder::atBlockTerminator(par.getBody());
  Value p = par.getInductionVars()[0];
  Value first = p, last = n, stride = parts; // every P-th iteration from p
  if (contiguous) { // iterations [p * chunk, min((p + 1) * chunk, n)), chunk = ceil(n / P)
    first = pb.create<arith::MulIOp>(loc, p, chunk);
    last = pb.create<arith::MinSIOp>(loc, pb.create<arith::AddIOp>(loc, first, chunk), n);
    stride = one;
  }
  IRMapping map;
  std::function<Value(OpBuilder &, size_t, Value)> emit = [&](OpBuilder &ob, size_t level,
                                                             Value running) -> Value {
    scf::ForOp orig = loops[level];
    Value lb = level ? map.lookupOrDefault(orig.getLowerBound()) : first;
    Value ub = level ? map.lookupOrDefault(orig.getUpperBound()) : last;
    Value step = level ? map.lookupOrDefault(orig.getStep()) : stride;
    // (guarded: MLIR 19's scf.for -> SPIR-V gives a loop that runs no iteration 0, not its
    // initial value, as its result: a product over an empty chunk or row was 0)
    Value some = ob.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, lb, ub);
    auto guard = ob.create<scf::IfOp>(loc, TypeRange{running.getType()}, some, true);
    OpBuilder eb = guard.getElseBodyBuilder();
    eb.create<scf::YieldOp>(loc, running);
    OpBuilder tb = guard.getThenBodyBuilder();
    auto loop = tb.create<scf::ForOp>(
        loc, lb, ub, step, ValueRange{running},
        [&](OpBuilder &lbd, Location l, Value iv, ValueRange args) {
          map.map(orig.getInductionVar(), iv);
          Value r;
          if (level + 1 < loops.size()) {
            r = emit(lbd, level + 1, args[0]);
          } else {
            map.map(acc.load.getResult(), args[0]);
            for (Operation &op : orig.getBody()->without_terminator())
              if (&op != acc.load.getOperation() && &op != acc.store.getOperation())
                lbd.clone(op, map);
            r = map.lookup(acc.store.getValue());
          }
          lbd.create<scf::YieldOp>(l, r);
        });
    tb.create<scf::YieldOp>(loc, loop.getResult(0));
    return guard.getResult(0);
  };
  Value partial = emit(pb, 0, init);
  pb.create<memref::StoreOp>(loc, partial, partials, ValueRange{p});
  // the partial results into the original place, in order (the host part: at most P)
  auto gather = b.create<scf::ForOp>(loc, zero, parts, one);
  OpBuilder gb = OpBuilder::atBlockTerminator(gather.getBody());
  Value part = gb.create<memref::LoadOp>(loc, partials, gather.getInductionVar());
  Value old = gb.create<memref::LoadOp>(loc, acc.store.getMemRef(), acc.store.getIndices());
  IRMapping cm;
  cm.map(acc.load.getResult(), old);
  cm.map(acc.value, part);
  Operation *combined = gb.clone(*acc.combine, cm);
  gb.create<memref::StoreOp>(loc, combined->getResult(0), acc.store.getMemRef(),
                             acc.store.getIndices());
  b.create<memref::DeallocOp>(loc, partials);
  if (!guarded)
    top.erase();
}

struct SplitReductionsPass : ptensor::impl::SplitReductionsBase<SplitReductionsPass> {
  using SplitReductionsBase::SplitReductionsBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> tops;
    getOperation()->walk([&](scf::ForOp f) {
      if (!f->getParentOfType<scf::ForOp>() && !f->getParentOfType<scf::ParallelOp>() &&
          !f->getParentOfType<scf::WhileOp>())
        tops.push_back(f);
    });
    for (scf::ForOp top : tops) {
      if (!isConstantIntValue(top.getLowerBound(), 0) || !isConstantIntValue(top.getStep(), 1))
        continue;
      SmallVector<scf::ForOp> loops = {top};
      bool nest = true;
      for (;;) {
        scf::ForOp f = loops.back();
        if (f.getNumRegionIterArgs() != 0) {
          nest = false;
          break;
        }
        Block *body = f.getBody();
        auto inner = body->getOperations().size() == 2 ? dyn_cast<scf::ForOp>(body->front())
                                                       : scf::ForOp();
        if (!inner)
          break;
        loops.push_back(inner);
      }
      if (!nest)
        continue;
      if (std::optional<Accumulation> acc = accumulation(loops.back().getBody(), top))
        split(top, loops, *acc, contiguous, maxParts, minWork);
    }
  }
};
} // namespace

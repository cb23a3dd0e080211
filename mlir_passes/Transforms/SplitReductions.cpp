// --ptensor-split-reductions: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <optional>
#include <tuple>

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
/// is associative and commutative (float and complex sums and float products only when
/// marked reassociable); a complex one as the [re, im] pair complex.constant takes.
std::optional<Attribute> identity(Operation *combine, Type t) {
  auto reassoc = [&] {
    auto fm = combine->getAttrOfType<arith::FastMathFlagsAttr>("fastmath");
    return fm && bitEnumContainsAll(fm.getValue(), arith::FastMathFlags::reassoc);
  };
  if (auto ct = dyn_cast<ComplexType>(t)) { // -0 + -0j: -0 + x is x for every x
    auto ft = dyn_cast<FloatType>(ct.getElementType());
    if (!ft || !isa<complex::AddOp>(combine) || !reassoc())
      return std::nullopt;
    Attribute z = FloatAttr::get(ft, APFloat::getZero(ft.getFloatSemantics(), true));
    return ArrayAttr::get(t.getContext(), {z, z});
  }
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
/// exactly one store: the accumulation into a place fixed for the whole nest (or indexed by
/// `kept`, the induction variables of a parallel loop inside the nest, and values from
/// outside it).
std::optional<Accumulation> accumulation(Block *body, Operation *top, ValueRange kept = {}) {
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
    if (top->isAncestor(i.getParentBlock()->getParentOp()) && !llvm::is_contained(kept, i))
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

/// One step of the accumulation in `body` (its ops but the accumulation's load and store,
/// cloned through map, `running` in the load's place): the value the store would store.
Value accumulationStep(OpBuilder &b, Block *body, Accumulation acc, IRMapping &map,
                       Value running) {
  map.map(acc.load.getResult(), running);
  for (Operation &op : body->without_terminator())
    if (&op != acc.load.getOperation() && &op != acc.store.getOperation())
      b.clone(op, map);
  return map.lookup(acc.store.getValue());
}

/// The combiner's identity as a value (accumulation() checked that it has one).
Value identityValue(OpBuilder &b, Location loc, Accumulation acc) {
  Type t = acc.store.getValue().getType();
  Attribute id = *identity(acc.combine, t);
  return isa<ComplexType>(t)
      ? b.create<complex::ConstantOp>(loc, t, cast<ArrayAttr>(id)).getResult()
      : b.create<arith::ConstantOp>(loc, cast<TypedAttr>(id)).getResult();
}

/// combine(running, part) as the accumulation combines (the running value in the load's place).
Value combineWith(OpBuilder &b, Accumulation acc, Value running, Value part) {
  IRMapping map;
  map.map(acc.load.getResult(), running);
  map.map(acc.value, part);
  return b.clone(*acc.combine, map)->getResult(0);
}

/// scf.if (lb < ub) { scf.for lb..ub step (running) { body } } else { running }: MLIR 19's
/// scf.for -> SPIR-V gives a loop that runs no iteration 0, not its initial value, as its
/// result (a product over an empty chunk would be 0).
Value guardedLoop(OpBuilder &b, Location loc, Value lb, Value ub, Value step, Value running,
                  function_ref<Value(OpBuilder &, Value iv, Value running)> body) {
  Value some = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, lb, ub);
  auto guard = b.create<scf::IfOp>(loc, TypeRange{running.getType()}, some, true);
  OpBuilder eb = guard.getElseBodyBuilder();
  eb.create<scf::YieldOp>(loc, running);
  OpBuilder tb = guard.getThenBodyBuilder();
  auto loop = tb.create<scf::ForOp>(loc, lb, ub, step, ValueRange{running},
                                    [&](OpBuilder &lb2, Location l, Value iv, ValueRange args) {
                                      lb2.create<scf::YieldOp>(l, body(lb2, iv, args[0]));
                                    });
  tb.create<scf::YieldOp>(loc, loop.getResult(0));
  return guard.getResult(0);
}

/// The bounds of loops[level] in a copy of the nest whose outermost loop runs from first to
/// last by stride (the inner ones as they were, their bounds through map).
std::tuple<Value, Value, Value> levelBounds(IRMapping &map, ArrayRef<scf::ForOp> loops,
                                            size_t level, Value first, Value last, Value stride) {
  if (level == 0)
    return {first, last, stride};
  scf::ForOp f = loops[level];
  return {map.lookupOrDefault(f.getLowerBound()), map.lookupOrDefault(f.getUpperBound()),
          map.lookupOrDefault(f.getStep())};
}

/// flat (< the product of ubs) as indices of a row-major iteration space with extents ubs.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat, ValueRange ubs) {
  SmallVector<Value> out(ubs.size());
  for (size_t d = ubs.size(); d-- > 1;) {
    out[d] = b.create<arith::RemUIOp>(loc, flat, ubs[d]);
    flat = b.create<arith::DivUIOp>(loc, flat, ubs[d]);
  }
  out[0] = flat;
  return out;
}

/// f runs from 0 by 1 to a value defined outside the nest under top.
bool fixedBounds(scf::ForOp f, scf::ForOp top) {
  Value ub = f.getUpperBound();
  return isConstantIntValue(f.getLowerBound(), 0) && isConstantIntValue(f.getStep(), 1) &&
         !top->isAncestor(ub.getParentBlock()->getParentOp());
}

/// The iterations of the whole nest (the outermost loop's extent times those of the inner
/// loops whose bounds are fixed for the nest).
Value nestWork(OpBuilder &b, Location loc, scf::ForOp top, ArrayRef<scf::ForOp> loops) {
  Value work = top.getUpperBound();
  for (scf::ForOp f : loops.drop_front()) {
    if (!fixedBounds(f, top))
      break;
    work = b.create<arith::MulIOp>(loc, work, f.getUpperBound());
  }
  return work;
}

/// A two-loop nest (i0 < n0, i1 < n1) whose innermost body reads memory only as M[i0, i1]
/// of rank-2 memrefs and uses i0, i1 nowhere else: those memrefs (each once), else none.
SmallVector<Value> rowMajorInputs(ArrayRef<scf::ForOp> loops, const Accumulation &acc) {
  if (loops.size() != 2)
    return {};
  Value i0 = scf::ForOp(loops[0]).getInductionVar(), i1 = scf::ForOp(loops[1]).getInductionVar();
  SmallVector<Value> inputs;
  for (Operation &op : scf::ForOp(loops[1]).getBody()->without_terminator()) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (load && load != acc.load) {
      if (load.getMemRefType().getRank() != 2 || load.getIndices()[0] != i0 ||
          load.getIndices()[1] != i1)
        return {};
      if (!llvm::is_contained(inputs, load.getMemRef()))
        inputs.push_back(load.getMemRef());
      continue;
    }
    if (llvm::is_contained(op.getOperands(), i0) || llvm::is_contained(op.getOperands(), i1))
      return {};
  }
  return inputs;
}

/// Partial results one work item folds (fold-kernels): 16384 partials take two kernels of at
/// most 128 steps each.
constexpr int64_t kFoldGroup = 128;

/// top = scf.for i0 { scf.for i1 { ... { acc } } } (no loop-carried values, i0 from 0 by 1) ->
/// partials = alloc(P); scf.parallel p < P { partials[p] = the accumulation, from the identity,
/// of iterations i0 = p, p + P, ... } ; scf.for p < P { acc of partials[p] }; dealloc, with P =
/// min(extent of i0, maxParts). With minWork > 0 (host programs), P is also at most the nest's
/// iterations / minWork, and where that leaves one part the original nest runs instead
/// (scf.if). Where the second loop's bounds are fixed for the nest (0 by 1 to n1), P is at most
/// n0 * n1, not n0 (a (3, 10^6) array gets as many parts as a (10^6, 3) one), and where there
/// are fewer than P rows the parts divide the n0 * n1 iterations of the outer two loops
/// (scf.if; with at least P rows, the rows as above: their inner loops stay as they were, e.g.
/// the constant 3 columns of ptensor-short-reductions): a contiguous part runs the rows it
/// touches, each over its share of the columns (a plain inner loop, which vectorizes); an
/// interleaved one takes every P-th (row, column) pair, j -> (j / n1, j % n1), so neighbouring
/// work items read neighbouring elements. Contiguous parts of such a nest whose inputs are
/// row-major in memory at run time (row stride n1, unit column stride: stored arrays, and
/// slices of whole rows of them) run as one flat loop over their elements (a loop of 3 inside a
/// loop of 2M takes several times as long as a loop of 6M); the same parts, so stored and
/// pending inputs (a rank's rows of the caller's array under mpiexec) give the same sums.
void split(scf::ForOp top, ArrayRef<scf::ForOp> loops, Accumulation acc, bool contiguous,
           int64_t maxParts, int64_t minWork, bool foldKernels) {
  Location loc = top.getLoc();
  OpBuilder b(top);
  Type t = acc.store.getValue().getType();
  Value init = identityValue(b, loc, acc);
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  scf::ForOp second = loops.size() >= 2 ? loops[1] : scf::ForOp(), innermost = loops.back();
  const bool flattens = second && fixedBounds(second, top); // (rows x columns: see above)
  Value n0 = top.getUpperBound(), n1 = flattens ? second.getUpperBound() : Value();
  Value n = flattens ? b.create<arith::MulIOp>(loc, n0, n1).getResult() : n0;
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
  // row-major inputs (contiguous parts of a two-loop nest): flat views, and whether all are
  SmallVector<Value> inputs =
      contiguous && flattens ? rowMajorInputs(loops, acc) : SmallVector<Value>();
  Value dense;
  IRMapping flatViews;
  for (Value m : inputs) {
    auto meta = b.create<memref::ExtractStridedMetadataOp>(loc, m);
    Value rows = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, meta.getStrides()[0], n1);
    Value columns =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, meta.getStrides()[1], one);
    Value rowMajor = b.create<arith::AndIOp>(loc, rows, columns);
    dense = dense ? b.create<arith::AndIOp>(loc, dense, rowMajor).getResult() : rowMajor;
    auto mt = cast<MemRefType>(m.getType());
    auto flatType = MemRefType::get({ShapedType::kDynamic}, mt.getElementType(),
                                    StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                                                           {1}),
                                    mt.getMemorySpace());
    flatViews.map(m, b.create<memref::ReinterpretCastOp>(
                         loc, flatType, m, OpFoldResult(meta.getOffset()),
                         ArrayRef<OpFoldResult>{OpFoldResult(n)},
                         ArrayRef<OpFoldResult>{OpFoldResult(b.getIndexAttr(1))}));
  }
  auto par = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{parts}, ValueRange{one});
  OpBuilder pb = OpBuilder::atBlockTerminator(par.getBody());
  Value p = par.getInductionVars()[0];
  // part p's accumulation over the rows (flat = false) or the rows x columns (flat = true)
  auto partOf = [&](OpBuilder &ob, bool flat) -> Value {
    Value total = flat ? n : n0;
    Value first = p, last = total, stride = parts; // every P-th iteration from p
    if (contiguous) { // iterations [p * chunk, min((p + 1) * chunk, total)), chunk = ceil(/ P)
      Value chunk = ob.create<arith::CeilDivSIOp>(loc, total,
                                                   ob.create<arith::MaxSIOp>(loc, parts, one));
      first = ob.create<arith::MulIOp>(loc, p, chunk);
      last = ob.create<arith::MinSIOp>(loc, ob.create<arith::AddIOp>(loc, first, chunk), total);
      stride = one;
    }
    IRMapping map;
    std::function<Value(OpBuilder &, size_t, Value)> emit = [&](OpBuilder &eob, size_t level,
                                                               Value running) -> Value {
      scf::ForOp orig = loops[level];
      auto [lb, ub, step] = levelBounds(map, loops, level, first, last, stride);
      if (flat && contiguous && level == 0) { // the rows [first / n1, ceil(last / n1))
        lb = eob.create<arith::DivSIOp>(loc, first, n1);
        ub = eob.create<arith::CeilDivSIOp>(loc, last, n1);
      } else if (flat && contiguous && level == 1) { // row i0's columns in [first, last)
        Value base = eob.create<arith::MulIOp>(loc, map.lookup(top.getInductionVar()), n1);
        lb = eob.create<arith::MaxSIOp>(loc, eob.create<arith::SubIOp>(loc, first, base), zero);
        ub = eob.create<arith::MinSIOp>(loc, eob.create<arith::SubIOp>(loc, last, base), n1);
      }
      // an interleaved flat loop runs over (row, column) pairs: the next level is 2
      const bool pairs = flat && !contiguous && level == 0;
      const size_t next = pairs ? 2 : level + 1;
      return guardedLoop(eob, loc, lb, ub, step, running,
                         [&](OpBuilder &lbd, Value iv, Value arg) -> Value {
                           if (pairs) {
                             map.map(top.getInductionVar(), lbd.create<arith::DivUIOp>(loc, iv, n1));
                             map.map(second.getInductionVar(),
                                     lbd.create<arith::RemUIOp>(loc, iv, n1));
                           } else {
                             map.map(orig.getInductionVar(), iv);
                           }
                           if (next < loops.size())
                             return emit(lbd, next, arg);
                           return accumulationStep(lbd, innermost.getBody(), acc, map, arg);
                         });
    };
    return emit(ob, 0, init);
  };
  // by rows where there are at least P of them (their inner loops as they were), else by
  // rows x columns
  auto rowsOrFlat = [&](OpBuilder &ob) -> Value {
    Value rows = ob.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, n0, parts);
    auto choice = ob.create<scf::IfOp>(loc, TypeRange{t}, rows, /*withElse=*/true);
    OpBuilder rb = choice.getThenBodyBuilder();
    rb.create<scf::YieldOp>(loc, partOf(rb, false));
    OpBuilder fb = choice.getElseBodyBuilder();
    fb.create<scf::YieldOp>(loc, partOf(fb, true));
    return choice.getResult(0);
  };
  // the same part's elements [lo, hi) of row-major inputs as one loop
  auto densepart = [&](OpBuilder &ob) -> Value {
    Value np = ob.create<arith::MaxSIOp>(loc, parts, one);
    Value rowChunk = ob.create<arith::CeilDivSIOp>(loc, n0, np);
    Value firstRow = ob.create<arith::MulIOp>(loc, p, rowChunk);
    Value lastRow =
        ob.create<arith::MinSIOp>(loc, ob.create<arith::AddIOp>(loc, firstRow, rowChunk), n0);
    Value chunk = ob.create<arith::CeilDivSIOp>(loc, n, np);
    Value first = ob.create<arith::MulIOp>(loc, p, chunk);
    Value last = ob.create<arith::MinSIOp>(loc, ob.create<arith::AddIOp>(loc, first, chunk), n);
    Value rows = ob.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, n0, parts);
    Value lo = ob.create<arith::SelectOp>(loc, rows, ob.create<arith::MulIOp>(loc, firstRow, n1),
                                          first);
    Value hi = ob.create<arith::SelectOp>(loc, rows, ob.create<arith::MulIOp>(loc, lastRow, n1),
                                          last);
    return guardedLoop(ob, loc, lo, hi, one, init,
                       [&](OpBuilder &lbd, Value f, Value running) -> Value {
                         IRMapping map;
                         map.map(acc.load.getResult(), running);
                         for (Operation &op : innermost.getBody()->without_terminator()) {
                           if (&op == acc.load.getOperation() || &op == acc.store.getOperation())
                             continue;
                           if (auto load = dyn_cast<memref::LoadOp>(op)) {
                             map.map(load.getResult(),
                                     lbd.create<memref::LoadOp>(
                                         loc, flatViews.lookup(load.getMemRef()), ValueRange{f}));
                             continue;
                           }
                           lbd.clone(op, map);
                         }
                         return map.lookup(acc.store.getValue());
                       });
  };
  Value partial;
  if (!flattens) {
    partial = partOf(pb, false);
  } else if (!dense) {
    partial = rowsOrFlat(pb);
  } else {
    auto choice = pb.create<scf::IfOp>(loc, TypeRange{t}, dense, /*withElse=*/true);
    OpBuilder db = choice.getThenBodyBuilder();
    db.create<scf::YieldOp>(loc, densepart(db));
    OpBuilder sb = choice.getElseBodyBuilder();
    sb.create<scf::YieldOp>(loc, rowsOrFlat(sb));
    partial = choice.getResult(0);
  }
  pb.create<memref::StoreOp>(loc, partial, partials, ValueRange{p});
  if (foldKernels) {
    // devices: groups of kFoldGroup partials, each folded into its first element by one work
    // item, then one work item folds the groups' results into the original place in order
    Value group = b.create<arith::ConstantIndexOp>(loc, kFoldGroup);
    Value groups = b.create<arith::CeilDivSIOp>(loc, parts, group);
    auto gpar =
        b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{groups}, ValueRange{one});
    OpBuilder gb = OpBuilder::atBlockTerminator(gpar.getBody());
    Value lo = gb.create<arith::MulIOp>(loc, gpar.getInductionVars()[0], group);
    Value hi = gb.create<arith::MinSIOp>(loc, gb.create<arith::AddIOp>(loc, lo, group), parts);
    Value first = gb.create<memref::LoadOp>(loc, partials, lo);
    Value folded = guardedLoop(gb, loc, gb.create<arith::AddIOp>(loc, lo, one), hi, one, first,
                               [&](OpBuilder &lbd, Value q, Value running) -> Value {
                                 Value part = lbd.create<memref::LoadOp>(loc, partials, q);
                                 return combineWith(lbd, acc, running, part);
                               });
    gb.create<memref::StoreOp>(loc, folded, partials, lo);
    auto last = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{one}, ValueRange{one});
    OpBuilder lb = OpBuilder::atBlockTerminator(last.getBody());
    Value old = lb.create<memref::LoadOp>(loc, acc.store.getMemRef(), acc.store.getIndices());
    Value total = guardedLoop(lb, loc, zero, groups, one, old,
                              [&](OpBuilder &lbd, Value g, Value running) -> Value {
                                Value at = lbd.create<arith::MulIOp>(loc, g, group);
                                Value part = lbd.create<memref::LoadOp>(loc, partials, at);
                                return combineWith(lbd, acc, running, part);
                              });
    lb.create<memref::StoreOp>(loc, total, acc.store.getMemRef(), acc.store.getIndices());
  } else {
    // the partial results into the original place, in order (the host part: at most P)
    auto gather = b.create<scf::ForOp>(loc, zero, parts, one);
    OpBuilder gb = OpBuilder::atBlockTerminator(gather.getBody());
    Value part = gb.create<memref::LoadOp>(loc, partials, gather.getInductionVar());
    Value old = gb.create<memref::LoadOp>(loc, acc.store.getMemRef(), acc.store.getIndices());
    gb.create<memref::StoreOp>(loc, combineWith(gb, acc, old, part), acc.store.getMemRef(),
                               acc.store.getIndices());
  }
  b.create<memref::DeallocOp>(loc, partials);
  if (!guarded)
    top.erase();
}

/// Rows per part at least (a part's partial result costs a store and a step of the fold).
constexpr int64_t kMinRowsPerPart = 8;

/// A reduction with few kept elements C (Passes.td, kept-work), over leading axes: loops =
/// scf.for i0 { [scf.for ...] par = scf.parallel J { acc into out[J] } }, or (trailing)
/// over trailing axes: par = scf.parallel J { scf.for i0 { [scf.for ...] { acc } } }: parts
/// of the rows of i0 as P x C work items, then a fold of C work items. Leading: work item w
/// is part w / C of element w % C, its rows consecutive; trailing: part w % P of element
/// w / P, its rows every P-th from p (neighbouring work items read neighbouring elements of
/// a row; with contiguous, consecutive rows). The nest as it was where P < 2.
/// What the splits of reductions with kept elements share: P, C, the identity and the
/// partials buffer (P x C), built in the then-branch of scf.if (P > 1) whose else-branch
/// holds `nest` as it was.
struct KeptSplit {
  Value parts, kept, work, init, partials, zero, one; ///< work = parts x kept
};

KeptSplit keptSplit(OpBuilder &b, Operation *nest, scf::ParallelOp par, scf::ForOp top,
                    Accumulation acc, int64_t keptWork, int64_t keptParts, int64_t minWork) {
  Location loc = top.getLoc();
  Type t = acc.store.getValue().getType();
  auto index = [&](int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v).getResult(); };
  KeptSplit k;
  k.zero = index(0);
  k.one = index(1);
  k.kept = k.one;
  for (Value ub : par.getUpperBound())
    k.kept = b.create<arith::MulIOp>(loc, k.kept, ub);
  Value n0 = top.getUpperBound();
  Value parts = b.create<arith::MinSIOp>(
      loc, index(keptParts),
      b.create<arith::DivSIOp>(loc, index(keptWork), b.create<arith::MaxSIOp>(loc, k.kept, k.one)));
  parts = b.create<arith::MinSIOp>(loc, parts,
                                   b.create<arith::DivSIOp>(loc, n0, index(kMinRowsPerPart)));
  if (minWork > 0) // (at least min-work iterations of the outer two levels each)
    parts = b.create<arith::MinSIOp>(
        loc, parts,
        b.create<arith::DivSIOp>(loc, b.create<arith::MulIOp>(loc, n0, k.kept), index(minWork)));
  k.parts = parts;
  Value several = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, parts, k.one);
  auto choice = b.create<scf::IfOp>(loc, TypeRange{}, several, /*withElse=*/true);
  nest->moveBefore(choice.elseBlock()->getTerminator());
  b.setInsertionPoint(choice.thenBlock()->getTerminator());
  k.init = identityValue(b, loc, acc);
  k.work = b.create<arith::MulIOp>(loc, parts, k.kept);
  k.partials = b.create<memref::AllocOp>(loc, MemRefType::get({ShapedType::kDynamic}, t),
                                         ValueRange{k.work});
  return k;
}

/// Host programs (rows-outer): a reduction over leading axes, loops = scf.for i0 { [scf.for
/// ...] par = scf.parallel J { acc into out[J] } }, as P parts of consecutive rows, each a
/// thread's sequential read of its rows into its own P-th of the partials (partials[p * C +
/// j], from the identity), then for each part in order a parallel loop folding it into out
/// (ptensor-parallel-outer then blocks it). Each thread reads whole rows: threads taking blocks
/// of kept elements would each read a few KB of every row, slower than NumPy's row-by-row loop.
void splitRowsOuter(ArrayRef<scf::ForOp> loops, scf::ParallelOp par, Accumulation acc,
                    int64_t keptParts, int64_t minWork) {
  scf::ForOp top = loops.front();
  Location loc = top.getLoc();
  OpBuilder b(top);
  // (kept-work here bounds the partials: at most 2^22 elements, 32 MB of float64)
  KeptSplit k = keptSplit(b, top, par, top, acc, int64_t(1) << 22, keptParts, minWork);
  Value n0 = top.getUpperBound();
  ValueRange ubs = par.getUpperBound();
  auto byPart = b.create<scf::ParallelOp>(loc, ValueRange{k.zero}, ValueRange{k.parts},
                                          ValueRange{k.one});
  OpBuilder pb = OpBuilder::atBlockTerminator(byPart.getBody());
  Value p = byPart.getInductionVars()[0];
  Value base = pb.create<arith::MulIOp>(loc, p, k.kept);
  pb.create<scf::ForOp>(loc, k.zero, k.kept, k.one, ValueRange{},
                        [&](OpBuilder &fb, Location l, Value j, ValueRange) {
                          fb.create<memref::StoreOp>(l, k.init, k.partials,
                                                     ValueRange{fb.create<arith::AddIOp>(l, base, j)});
                          fb.create<scf::YieldOp>(l);
                        });
  Value chunk = pb.create<arith::CeilDivSIOp>(loc, n0, k.parts);
  Value first = pb.create<arith::MulIOp>(loc, p, chunk);
  Value last = pb.create<arith::MinSIOp>(loc, pb.create<arith::AddIOp>(loc, first, chunk), n0);
  IRMapping map;
  // the reduced loops (the first over the part's rows), then the kept dimensions in order
  std::function<void(OpBuilder &, size_t)> emit = [&](OpBuilder &eb, size_t level) {
    size_t nr = loops.size();
    if (level < nr) {
      scf::ForOp orig = loops[level];
      auto [lb, ub, step] = levelBounds(map, loops, level, first, last, k.one);
      eb.create<scf::ForOp>(loc, lb, ub, step, ValueRange{},
                            [&](OpBuilder &fb, Location, Value iv, ValueRange) {
                              map.map(orig.getInductionVar(), iv);
                              emit(fb, level + 1);
                              fb.create<scf::YieldOp>(loc);
                            });
      return;
    }
    size_t d = level - nr;
    if (d < ubs.size()) {
      eb.create<scf::ForOp>(loc, k.zero, ubs[d], k.one, ValueRange{},
                            [&](OpBuilder &fb, Location, Value iv, ValueRange) {
                              map.map(par.getInductionVars()[d], iv);
                              emit(fb, level + 1);
                              fb.create<scf::YieldOp>(loc);
                            });
      return;
    }
    Value flat = k.zero; // (the kept indices, row-major)
    for (auto [iv, ub] : llvm::zip(par.getInductionVars(), ubs))
      flat = eb.create<arith::AddIOp>(loc, eb.create<arith::MulIOp>(loc, flat, ub),
                                      map.lookup(iv));
    Value at = eb.create<arith::AddIOp>(loc, base, flat);
    Value running = eb.create<memref::LoadOp>(loc, k.partials, ValueRange{at});
    eb.create<memref::StoreOp>(loc, accumulationStep(eb, par.getBody(), acc, map, running),
                               k.partials, ValueRange{at});
  };
  emit(pb, 0);
  // the parts into out[J], one after another (each a parallel loop over the kept elements)
  auto fold = b.create<scf::ForOp>(loc, k.zero, k.parts, k.one);
  OpBuilder fb = OpBuilder::atBlockTerminator(fold.getBody());
  Value q = fold.getInductionVar();
  auto each = fb.create<scf::ParallelOp>(loc, SmallVector<Value>(ubs.size(), k.zero), ubs,
                                         SmallVector<Value>(ubs.size(), k.one));
  OpBuilder eb = OpBuilder::atBlockTerminator(each.getBody());
  IRMapping outMap;
  Value flat = eb.create<arith::MulIOp>(loc, q, k.kept);
  Value row = k.zero;
  for (auto [iv, niv, ub] : llvm::zip(par.getInductionVars(), each.getInductionVars(), ubs)) {
    outMap.map(iv, niv);
    row = eb.create<arith::AddIOp>(loc, eb.create<arith::MulIOp>(loc, row, ub), niv);
  }
  flat = eb.create<arith::AddIOp>(loc, flat, row);
  SmallVector<Value> where;
  for (Value i : acc.store.getIndices())
    where.push_back(outMap.lookupOrDefault(i));
  Value old = eb.create<memref::LoadOp>(loc, acc.store.getMemRef(), where);
  Value part = eb.create<memref::LoadOp>(loc, k.partials, ValueRange{flat});
  eb.create<memref::StoreOp>(loc, combineWith(eb, acc, old, part), acc.store.getMemRef(), where);
  b.create<memref::DeallocOp>(loc, k.partials);
}

void splitKept(ArrayRef<scf::ForOp> loops, scf::ParallelOp par, Accumulation acc,
               bool trailing, bool contiguous, int64_t keptWork, int64_t keptParts) {
  scf::ForOp top = loops.front();
  Operation *nest = trailing ? par.getOperation() : top.getOperation();
  Location loc = top.getLoc();
  OpBuilder b(nest);
  ValueRange ubs = par.getUpperBound();
  Value n0 = top.getUpperBound();
  KeptSplit k = keptSplit(b, nest, par, top, acc, keptWork, keptParts, /*minWork=*/0);
  Value zero = k.zero, one = k.one, kept = k.kept, parts = k.parts, init = k.init,
        partials = k.partials, work = k.work;
  auto byPart = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{work}, ValueRange{one});
  OpBuilder pb = OpBuilder::atBlockTerminator(byPart.getBody());
  Value w = byPart.getInductionVars()[0];
  Value p = trailing ? pb.create<arith::RemUIOp>(loc, w, parts).getResult()
                     : pb.create<arith::DivUIOp>(loc, w, kept).getResult();
  Value element = trailing ? pb.create<arith::DivUIOp>(loc, w, parts).getResult()
                           : pb.create<arith::RemUIOp>(loc, w, kept).getResult();
  IRMapping map;
  for (auto [iv, j] : llvm::zip(par.getInductionVars(), delinearize(pb, loc, element, ubs)))
    map.map(iv, j);
  // part p's rows: [p * chunk, min((p + 1) * chunk, n0)), or p, p + P, ... (interleaved)
  Value first = p, last = n0, stride = parts;
  if (!trailing || contiguous) {
    Value chunk = pb.create<arith::CeilDivSIOp>(loc, n0, parts);
    first = pb.create<arith::MulIOp>(loc, p, chunk);
    last = pb.create<arith::MinSIOp>(loc, pb.create<arith::AddIOp>(loc, first, chunk), n0);
    stride = one;
  }
  Block *innermost = trailing ? scf::ForOp(loops.back()).getBody() : par.getBody();
  std::function<Value(OpBuilder &, size_t, Value)> emit = [&](OpBuilder &eb, size_t level,
                                                             Value running) -> Value {
    scf::ForOp orig = loops[level];
    auto [lb, ub, step] = levelBounds(map, loops, level, first, last, stride);
    return guardedLoop(eb, loc, lb, ub, step, running,
                       [&](OpBuilder &lbd, Value iv, Value arg) -> Value {
                         map.map(orig.getInductionVar(), iv);
                         if (level + 1 < loops.size())
                           return emit(lbd, level + 1, arg);
                         return accumulationStep(lbd, innermost, acc, map, arg);
                       });
  };
  pb.create<memref::StoreOp>(loc, emit(pb, 0, init), partials, ValueRange{w});
  // each kept element's P partial results into out[J], in order of the parts
  auto fold = b.create<scf::ParallelOp>(loc, ValueRange{zero}, ValueRange{kept}, ValueRange{one});
  OpBuilder fb = OpBuilder::atBlockTerminator(fold.getBody());
  Value j = fold.getInductionVars()[0];
  IRMapping outMap;
  for (auto [iv, jd] : llvm::zip(par.getInductionVars(), delinearize(fb, loc, j, ubs)))
    outMap.map(iv, jd);
  SmallVector<Value> where;
  for (Value i : acc.store.getIndices())
    where.push_back(outMap.lookupOrDefault(i));
  Value old = fb.create<memref::LoadOp>(loc, acc.store.getMemRef(), where);
  Value total = guardedLoop(fb, loc, zero, parts, one, old,
                            [&](OpBuilder &lbd, Value q, Value running) -> Value {
                              Value at = trailing // (j * P + q, or q * C + j)
                                  ? lbd.create<arith::AddIOp>(
                                        loc, lbd.create<arith::MulIOp>(loc, j, parts), q)
                                  : lbd.create<arith::AddIOp>(
                                        loc, lbd.create<arith::MulIOp>(loc, q, kept), j);
                              Value part = lbd.create<memref::LoadOp>(loc, partials, at);
                              return combineWith(lbd, acc, running, part);
                            });
  fb.create<memref::StoreOp>(loc, total, acc.store.getMemRef(), where);
  b.create<memref::DeallocOp>(loc, partials);
}

/// par runs over the kept elements: from 0 by 1 to bounds from outside `top` (the whole
/// nest), no reductions.
bool keptLoop(scf::ParallelOp par, Operation *top) {
  if (!par || !par.getInitVals().empty())
    return false;
  for (auto [lb, ub, step] : llvm::zip(par.getLowerBound(), par.getUpperBound(), par.getStep()))
    if (!isConstantIntValue(lb, 0) || !isConstantIntValue(step, 1) ||
        top->isAncestor(ub.getParentBlock()->getParentOp()))
      return false;
  return true;
}

/// scf.for i0 { scf.for i1 { ... } } with one op in each body but the innermost's, no
/// loop-carried values: the loops, outermost first (empty where f has loop-carried values).
SmallVector<scf::ForOp> forNest(scf::ForOp f) {
  SmallVector<scf::ForOp> loops = {f};
  for (;;) {
    if (loops.back().getNumRegionIterArgs() != 0)
      return {};
    Block *body = loops.back().getBody();
    auto inner = body->getOperations().size() == 2 ? dyn_cast<scf::ForOp>(body->front())
                                                   : scf::ForOp();
    if (!inner)
      return loops;
    loops.push_back(inner);
  }
}

struct SplitReductionsPass : ptensor::impl::SplitReductionsBase<SplitReductionsPass> {
  using SplitReductionsBase::SplitReductionsBase;
  void runOnOperation() override {
    auto outermost = [](Operation *op) {
      return !op->getParentOfType<scf::ForOp>() && !op->getParentOfType<scf::ParallelOp>() &&
             !op->getParentOfType<scf::WhileOp>();
    };
    auto fromZeroByOne = [](scf::ForOp f) {
      return isConstantIntValue(f.getLowerBound(), 0) && isConstantIntValue(f.getStep(), 1);
    };
    SmallVector<scf::ForOp> tops;
    SmallVector<scf::ParallelOp> pars;
    getOperation()->walk([&](Operation *op) {
      if (auto f = dyn_cast<scf::ForOp>(op); f && outermost(f))
        tops.push_back(f);
      else if (auto p = dyn_cast<scf::ParallelOp>(op); p && outermost(p))
        pars.push_back(p);
    });
    for (scf::ForOp top : tops) {
      if (!fromZeroByOne(top))
        continue;
      SmallVector<scf::ForOp> loops = forNest(top);
      if (loops.empty())
        continue;
      if (std::optional<Accumulation> acc = accumulation(loops.back().getBody(), top)) {
        if (allAxes)
          split(top, loops, *acc, contiguous, maxParts, minWork, foldKernels);
        continue;
      }
      // over leading axes: the innermost loop's body one parallel loop over the kept elements
      Block *body = loops.back().getBody();
      auto par = body->getOperations().size() == 2 ? dyn_cast<scf::ParallelOp>(body->front())
                                                   : scf::ParallelOp();
      if ((keptWork > 0 || rowsOuter) && keptLoop(par, top))
        if (std::optional<Accumulation> acc =
                accumulation(par.getBody(), top, par.getInductionVars())) {
          if (rowsOuter)
            splitRowsOuter(loops, par, *acc, keptParts, minWork);
          else
            splitKept(loops, par, *acc, /*trailing=*/false, contiguous, keptWork, keptParts);
        }
    }
    // over trailing axes: a parallel loop over the kept elements around a loop nest
    for (scf::ParallelOp par : pars) {
      Block *body = par.getBody();
      auto top = body->getOperations().size() == 2 ? dyn_cast<scf::ForOp>(body->front())
                                                   : scf::ForOp();
      if (keptWork <= 0 || rowsOuter || !top || !fromZeroByOne(top) || !keptLoop(par, par) ||
          par->isAncestor(top.getUpperBound().getParentBlock()->getParentOp()))
        continue;
      SmallVector<scf::ForOp> loops = forNest(top);
      if (loops.empty())
        continue;
      if (std::optional<Accumulation> acc =
              accumulation(loops.back().getBody(), top, par.getInductionVars()))
        splitKept(loops, par, *acc, /*trailing=*/true, contiguous, keptWork, keptParts);
    }
  }
};
} // namespace

// Horizontal (sibling) fusion of elementwise linalg.generic ops; see fuseSiblings in Passes.h.
//
// After producer-consumer fusion every program result is its own loop nest, and results that
// share inputs recompute their common subexpressions (call and put in Black-Scholes each
// evaluate exp and log). Merging such loops into one multi-result generic lets LLVM's CSE
// compute the shared work once and halves the passes over the inputs.
//
// Loop domains must be equal at run time. Sizes are dynamic, so equality is proved from size
// classes: the JIT marks each memref/index argument with the class of its sizes, and the class
// pattern is part of the cache key. Anything not traceable to a class or a constant is only
// equal to itself (the same SSA value).
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Transforms/CSE.h"

using namespace mlir;

namespace ptensor {
namespace {
/// What one loop bound is known to equal: a constant, a size class, or an opaque SSA value.
struct Bound {
  enum { Static, Class, Opaque } kind;
  int64_t v;
  const void *p;
  bool operator==(const Bound &o) const { return kind == o.kind && v == o.v && p == o.p; }
};

std::optional<int64_t> argClass(Value v, int64_t d) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
  if (!fn || arg.getOwner() != &fn.getBody().front())
    return std::nullopt;
  auto c = fn.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(), kSizeClassesAttr);
  if (!c || d >= int64_t(c.size()))
    return std::nullopt;
  return c[d];
}

Bound boundOfDim(Value t, int64_t d, int depth = 0);

Bound boundOfIndex(Value v, int depth) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return {Bound::Static, c.getSExtValue(), nullptr};
  if (auto k = argClass(v, 0); k && isa<IndexType>(v.getType()))
    return {Bound::Class, *k, nullptr};
  if (depth < 32) {
    if (auto dim = v.getDefiningOp<tensor::DimOp>())
      if (auto i = dim.getConstantIndex())
        return boundOfDim(dim.getSource(), *i, depth + 1);
    if (auto dim = v.getDefiningOp<memref::DimOp>())
      if (auto i = dim.getConstantIndex())
        if (auto k = argClass(dim.getSource(), *i))
          return {Bound::Class, *k, nullptr};
  }
  return {Bound::Opaque, 0, v.getAsOpaquePointer()};
}

Bound boundOfDim(Value t, int64_t d, int depth) {
  auto ty = cast<RankedTensorType>(t.getType());
  if (!ty.isDynamicDim(d))
    return {Bound::Static, ty.getDimSize(d), nullptr};
  if (depth < 32) {
    if (auto e = t.getDefiningOp<tensor::EmptyOp>())
      return boundOfIndex(e.getDynamicSize(d), depth + 1);
    if (auto tt = t.getDefiningOp<bufferization::ToTensorOp>())
      if (auto k = argClass(tt.getMemref(), d))
        return {Bound::Class, *k, nullptr};
    if (auto dps = t.getDefiningOp<DestinationStyleOpInterface>())
      return boundOfDim(dps.getTiedOpOperand(cast<OpResult>(t))->get(), d, depth + 1);
    if (auto s = t.getDefiningOp<tensor::ExtractSliceOp>()) {
      llvm::SmallBitVector dropped = s.getDroppedDims();
      auto sizes = s.getMixedSizes();
      for (int64_t i = 0, r = 0; i < int64_t(sizes.size()); ++i) {
        if (dropped.test(i))
          continue;
        if (r++ != d)
          continue;
        if (auto a = dyn_cast<Attribute>(sizes[i]))
          return {Bound::Static, cast<IntegerAttr>(a).getInt(), nullptr};
        return boundOfIndex(cast<Value>(sizes[i]), depth + 1);
      }
    }
  }
  return {Bound::Opaque, d, t.getAsOpaquePointer()};
}

/// An elementwise generic that horizontal fusion may merge: all loops parallel, outputs written
/// at the identity map from fresh tensor.empty inits that the body does not read.
bool candidate(linalg::GenericOp g) {
  if (!g.hasPureTensorSemantics() || g.getNumParallelLoops() != g.getNumLoops())
    return false;
  for (OpOperand &o : g.getDpsInitsMutable()) {
    if (!g.getMatchingIndexingMap(&o).isIdentity() || g.payloadUsesValueFromOperand(&o) ||
        !o.get().getDefiningOp<tensor::EmptyOp>())
      return false;
  }
  return true;
}

SmallVector<Bound> domain(linalg::GenericOp g) {
  SmallVector<Bound> b;
  Value init = g.getDpsInitOperand(0)->get();
  for (int64_t d = 0; d < g.getNumLoops(); ++d)
    b.push_back(boundOfDim(init, d));
  return b;
}

/// Merges `second` into `first` (which is before it and does not feed it). All of second's inputs
/// dominate first; its inits are recreated next to first's. An input both read through the same
/// map becomes one operand (one load per element).
linalg::GenericOp merge(RewriterBase &rw, linalg::GenericOp first, linalg::GenericOp second) {
  rw.setInsertionPoint(first);
  Location loc = first.getLoc();
  auto firstInit = first.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
  SmallVector<Value> ins, outs;
  SmallVector<AffineMap> inMaps, outMaps;
  // argument slot of each input / init of both ops in the fused op's block
  SmallVector<unsigned> slot1, slot2;
  auto addInputs = [&](linalg::GenericOp g, SmallVector<unsigned> &slot) {
    for (OpOperand *o : g.getDpsInputOperands()) {
      AffineMap m = g.getMatchingIndexingMap(o);
      unsigned k = 0;
      while (k < ins.size() && !(ins[k] == o->get() && inMaps[k] == m))
        ++k;
      if (k == ins.size()) {
        ins.push_back(o->get());
        inMaps.push_back(m);
      }
      slot.push_back(k);
    }
  };
  addInputs(first, slot1);
  addInputs(second, slot2);
  for (OpOperand &o : first.getDpsInitsMutable()) {
    slot1.push_back(outs.size());
    outs.push_back(o.get());
    outMaps.push_back(first.getMatchingIndexingMap(&o));
  }
  for (OpOperand &o : second.getDpsInitsMutable()) {
    auto ty = cast<RankedTensorType>(o.get().getType());
    slot2.push_back(outs.size());
    outs.push_back(rw.create<tensor::EmptyOp>(loc, ty.getShape(), ty.getElementType(),
                                              firstInit.getDynamicSizes()));
    outMaps.push_back(second.getMatchingIndexingMap(&o));
  }
  SmallVector<AffineMap> maps(inMaps);
  maps.append(outMaps.begin(), outMaps.end());
  SmallVector<Type> types;
  for (Value v : outs)
    types.push_back(v.getType());
  auto fused = rw.create<linalg::GenericOp>(loc, types, ins, outs, maps,
                                            first.getIteratorTypesArray());
  Block *body = rw.createBlock(&fused.getRegion());
  for (Value v : llvm::concat<Value>(ins, outs))
    body->addArgument(cast<ShapedType>(v.getType()).getElementType(), loc);
  SmallVector<Value> yields;
  auto inlineBody = [&](linalg::GenericOp g, ArrayRef<unsigned> slot) {
    IRMapping map;
    Block &old = g.getRegion().front();
    unsigned nin = g.getNumDpsInputs();
    for (unsigned i = 0; i < old.getNumArguments(); ++i)
      map.map(old.getArgument(i), body->getArgument(i < nin ? slot[i] : ins.size() + slot[i]));
    for (Operation &op : old.without_terminator())
      rw.clone(op, map);
    for (Value v : old.getTerminator()->getOperands())
      yields.push_back(map.lookupOrDefault(v));
  };
  rw.setInsertionPointToEnd(body);
  inlineBody(first, slot1);
  inlineBody(second, slot2);
  rw.create<linalg::YieldOp>(loc, yields);
  unsigned n1 = first.getNumResults(); // (first is erased by its replacement)
  rw.replaceOp(first, fused.getResults().take_front(n1));
  rw.replaceOp(second, fused.getResults().drop_front(n1));
  DominanceInfo dom; // the shared subexpressions of both bodies, once
  eliminateCommonSubExpressions(rw, dom, fused);
  return fused;
}

bool sharesInput(linalg::GenericOp a, linalg::GenericOp b) {
  for (Value x : a.getDpsInputs())
    for (Value y : b.getDpsInputs())
      if (x == y)
        return true;
  return false;
}
} // namespace

void fuseSiblings(func::FuncOp fn) {
  IRRewriter rw(fn.getContext());
  for (Block &block : fn.getBody()) {
    SmallVector<linalg::GenericOp> groups; // fused so far, in block order
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto g = dyn_cast<linalg::GenericOp>(&op);
      if (!g || !candidate(g))
        continue;
      SmallVector<Bound> dom = domain(g);
      bool merged = false;
      for (linalg::GenericOp &leader : groups) {
        if (leader.getNumLoops() != g.getNumLoops() || domain(leader) != dom ||
            !sharesInput(leader, g))
          continue;
        DominanceInfo dominance(fn);
        // its inputs, and the values its body reads from above (searchsorted's sorted
        // array, gathered by tensor.extract), must exist where the fused op goes
        SetVector<Value> captured;
        getUsedValuesDefinedAbove(g.getRegion(), captured);
        auto dominatesLeader = [&](Value v) { return dominance.properlyDominates(v, leader); };
        bool ok = llvm::all_of(g.getDpsInputs(), dominatesLeader) &&
                  llvm::all_of(captured, dominatesLeader);
        if (!ok)
          continue;
        leader = merge(rw, leader, g);
        merged = true;
        break;
      }
      if (!merged)
        groups.push_back(g);
    }
  }
  // Equal sizes as one value, so later passes (canonicalization, loop fusion, LLVM) see equal
  // loop bounds and strides as equal: a size of a leaf buffer (its memref.dim, which becomes
  // the descriptor's size field and, for contiguous leaves, their strides: see
  // ptensor-identity-strides) or else the first index argument of each class stands for
  // the index arguments of that class.
  llvm::DenseMap<int64_t, Value> first;
  OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
  for (BlockArgument a : fn.getArguments())
    if (auto m = dyn_cast<MemRefType>(a.getType()))
      for (int64_t d = 0; d < m.getRank(); ++d)
        if (m.isDynamicDim(d))
          if (auto c = argClass(a, d); c && !first.count(*c))
            first[*c] = b.create<memref::DimOp>(a.getLoc(), a, d);
  for (BlockArgument a : fn.getArguments())
    if (isa<IndexType>(a.getType()))
      if (auto c = argClass(a, 0)) {
        auto [it, added] = first.try_emplace(*c, a);
        if (!added)
          a.replaceAllUsesWith(it->second);
      }
  for (auto &[c, v] : first)
    if (Operation *op = v.getDefiningOp(); op && op->use_empty())
      op->erase();
  // The size classes are consumed (nothing later reads them): dropped, as LLVM's translation
  // warns about every argument attribute it does not know, printing the whole function into
  // each warning (quadratic in the number of results).
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
    fn.removeArgAttr(i, kSizeClassesAttr);
}
} // namespace ptensor

// --ptensor-streaming-stores: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace ptensor {
#define GEN_PASS_DEF_STREAMINGSTORES
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
constexpr int64_t kLine = 64;    ///< bytes of a cache line and of each vector step
constexpr int64_t kBlock = 4096; ///< elements of the last dimension per parallel iteration

/// Bytes of a memory element a vector can load (i1 packs into bits in LLVM vectors: no).
int64_t elementBytes(Type t) {
  if (!t.isIntOrFloat() || t.isIndex())
    return 0;
  unsigned bits = t.getIntOrFloatBitWidth();
  return bits >= 8 && llvm::isPowerOf2_32(bits) ? bits / 8 : 0;
}

bool unitLastStride(MemRefType t) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return t.getRank() > 0 && succeeded(getStridesAndOffset(t, strides, offset)) &&
         strides.back() == 1;
}

/// Arithmetic that has a vector form of the same op and cannot trap in masked-off lanes.
bool vectorizable(Operation *op) {
  if (op->getNumRegions() || op->getNumResults() != 1 ||
      isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
          arith::CeilDivUIOp, arith::FloorDivSIOp, arith::IndexCastOp, arith::IndexCastUIOp,
          arith::ConstantOp>(op))
    return false;
  auto scalar = [](Type t) { return t.isIntOrFloat() && !t.isIndex(); };
  if (!llvm::all_of(op->getOperandTypes(), scalar) || !llvm::all_of(op->getResultTypes(), scalar))
    return false;
  return isa<arith::ArithDialect>(op->getDialect()) ||
         isa<math::SqrtOp, math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp, math::RoundOp>(op);
}

/// Nothing but stores, views and metadata reads of m outside `loop`: what the loop stores
/// into m is not read again by this function.
bool writtenOnly(Value m, Operation *loop) {
  for (OpOperand &use : m.getUses()) {
    Operation *user = use.getOwner();
    if (loop->isAncestor(user) || isa<memref::DimOp, memref::ExtractStridedMetadataOp,
                                      memref::ExtractAlignedPointerAsIndexOp, memref::DeallocOp>(user))
      continue;
    if (auto s = dyn_cast<memref::StoreOp>(user); s && s.getMemRef() == m)
      continue;
    if (isa<ViewLikeOpInterface, memref::CastOp>(user) && user->getNumResults() == 1 &&
        writtenOnly(user->getResult(0), loop))
      continue;
    return false;
  }
  return true;
}

/// What one loop needs to be rewritten.
struct Candidate {
  scf::ParallelOp loop;
  llvm::DenseSet<Value> lane;    ///< values that differ from lane to lane (vectors)
  llvm::DenseSet<Value> address; ///< index values iv + c (the last index of loads/stores)
  SmallVector<memref::StoreOp> streamed;
  int64_t lanes = 0;
  int64_t bytesPerIteration = 0; ///< one element of each memref the loop reads or writes
};

bool lastIndexOnly(ValueRange indices, const Candidate &c) {
  for (Value i : indices.drop_back())
    if (c.lane.contains(i))
      return false;
  return c.address.contains(indices.back());
}

std::optional<Candidate> analyze(scf::ParallelOp p) {
  Candidate c;
  c.loop = p;
  if (!p.getInitVals().empty() || p.getNumLoops() == 0)
    return std::nullopt;
  for (Value s : p.getStep())
    if (!isConstantIntValue(s, 1))
      return std::nullopt;
  Value iv = p.getInductionVars().back();
  c.lane.insert(iv);
  c.address.insert(iv);
  llvm::SmallPtrSet<Value, 8> memrefs;
  auto outside = [&](Value m) { return !p->isAncestor(m.getParentRegion()->getParentOp()); };
  for (Operation &op : p.getBody()->without_terminator()) {
    bool varies = llvm::any_of(op.getOperands(), [&](Value v) { return c.lane.contains(v); });
    if (auto l = dyn_cast<memref::LoadOp>(op)) {
      if (!varies)
        continue; // the same element for all lanes: a scalar, broadcast where used
      if (!lastIndexOnly(l.getIndices(), c) || !unitLastStride(l.getMemRefType()) ||
          !elementBytes(l.getType()) || !outside(l.getMemRef()))
        return std::nullopt;
      if (memrefs.insert(l.getMemRef()).second)
        c.bytesPerIteration += elementBytes(l.getType());
      c.lane.insert(l.getResult());
      continue;
    }
    if (auto s = dyn_cast<memref::StoreOp>(op)) {
      Type t = s.getValueToStore().getType();
      if (!lastIndexOnly(s.getIndices(), c) || !unitLastStride(s.getMemRefType()) ||
          !elementBytes(t) || !outside(s.getMemRef()))
        return std::nullopt;
      if (memrefs.insert(s.getMemRef()).second)
        c.bytesPerIteration += elementBytes(t);
      auto arg = dyn_cast<BlockArgument>(ptensor::memrefRoot(s.getMemRef()));
      if (s.getIndices() == p.getInductionVars() && arg &&
          isa<func::FuncOp>(arg.getOwner()->getParentOp()) &&
          writtenOnly(arg, p.getOperation()))
        c.streamed.push_back(s);
      continue;
    }
    if (!varies) {
      if (op.getNumRegions() || !isMemoryEffectFree(&op))
        return std::nullopt;
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp>(op) && op.getResult(0).getType().isIndex()) {
      Value a = op.getOperand(0), b = op.getOperand(1);
      if (!(c.address.contains(a) && !c.lane.contains(b)) &&
          !(isa<arith::AddIOp>(op) && c.address.contains(b) && !c.lane.contains(a)))
        return std::nullopt;
      c.lane.insert(op.getResult(0));
      c.address.insert(op.getResult(0));
      continue;
    }
    if (!vectorizable(&op) ||
        llvm::any_of(op.getOperands(), [&](Value v) { return c.address.contains(v); }))
      return std::nullopt;
    c.lane.insert(op.getResult(0));
  }
  // an address is used as the last index of a load or store and nowhere else
  for (Value a : c.address)
    for (OpOperand &use : a.getUses()) {
      Operation *user = use.getOwner();
      if (user->getNumResults() == 1 && c.address.contains(user->getResult(0)))
        continue;
      if (auto l = dyn_cast<memref::LoadOp>(user);
          l && use.getOperandNumber() == l.getMemRefType().getRank())
        continue;
      if (auto s = dyn_cast<memref::StoreOp>(user);
          s && use.getOperandNumber() == s.getMemRefType().getRank() + 1)
        continue;
      return std::nullopt;
    }
  if (c.streamed.empty())
    return std::nullopt;
  int64_t bytes = elementBytes(c.streamed.front().getValueToStore().getType());
  for (memref::StoreOp s : c.streamed)
    if (elementBytes(s.getValueToStore().getType()) != bytes)
      return std::nullopt;
  c.lanes = kLine / bytes;
  return c;
}

/// Builds the vector steps of one candidate.
struct Vectorizer {
  const Candidate &c;
  OpBuilder &b;
  Location loc;
  ValueRange outerIvs; ///< the rewritten loop's induction variables but the last

  VectorType vectorOf(Type t) const { return VectorType::get({c.lanes}, t); }

  /// One vector step: lanes j0 .. j0 + lanes - 1; with a mask, only its set lanes touch
  /// memory; `stream`: the streamed stores are non-temporal.
  void step(Value j0, Value mask, bool stream) {
    IRMapping map;
    scf::ParallelOp loop = c.loop;
    SmallVector<Value> ivs(loop.getInductionVars());
    for (auto [old, now] : llvm::zip(ArrayRef<Value>(ivs).drop_back(), outerIvs))
      map.map(old, now);
    map.map(ivs.back(), j0);
    auto vec = [&](Value v) -> Value {
      Value m = map.lookupOrDefault(v);
      if (c.lane.contains(v))
        return m;
      return b.create<vector::BroadcastOp>(loc, vectorOf(m.getType()), m);
    };
    auto indices = [&](ValueRange is) {
      SmallVector<Value> out;
      for (Value i : is)
        out.push_back(map.lookupOrDefault(i));
      return out;
    };
    for (Operation &op : loop.getBody()->without_terminator()) {
      bool varies = llvm::any_of(op.getOperands(), [&](Value v) { return c.lane.contains(v); });
      if (auto l = dyn_cast<memref::LoadOp>(op); l && varies) {
        VectorType t = vectorOf(l.getType());
        Value v;
        if (mask)
          v = b.create<vector::MaskedLoadOp>(
              loc, t, l.getMemRef(), indices(l.getIndices()), mask,
              b.create<arith::ConstantOp>(loc, t, b.getZeroAttr(t)));
        else
          v = b.create<vector::LoadOp>(loc, t, l.getMemRef(), indices(l.getIndices()));
        map.map(l.getResult(), v);
      } else if (auto s = dyn_cast<memref::StoreOp>(op)) {
        Value v = vec(s.getValueToStore());
        if (mask)
          b.create<vector::MaskedStoreOp>(loc, s.getMemRef(), indices(s.getIndices()), mask, v);
        else
          b.create<vector::StoreOp>(loc, v, s.getMemRef(), indices(s.getIndices()),
                                    stream && llvm::is_contained(c.streamed, s));
      } else if (!varies || c.address.contains(op.getResult(0))) {
        b.clone(op, map); // scalars: lane-invariant values and the first lane's address
      } else {
        SmallVector<Value> operands;
        for (Value o : op.getOperands())
          operands.push_back(vec(o));
        Operation *now = b.clone(op, map); // the same op (attributes, properties) on vectors
        now->setOperands(operands);
        now->getResult(0).setType(vectorOf(op.getResult(0).getType()));
        map.map(op.getResult(0), now->getResult(0));
      }
    }
  }
};

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return b.create<arith::ConstantIndexOp>(loc, v);
}

/// The element address of m at `indices` (m has a unit last stride): base + offset +
/// sum(index * stride), in bytes.
Value addressOf(OpBuilder &b, Location loc, memref::ExtractStridedMetadataOp md, Value pointer,
                ValueRange indices, int64_t bytes) {
  Value e = md.getOffset();
  for (auto [i, s] : llvm::zip(indices, md.getStrides()))
    e = b.create<arith::AddIOp>(loc, e, b.create<arith::MulIOp>(loc, i, s));
  return b.create<arith::AddIOp>(loc, pointer, b.create<arith::MulIOp>(loc, e, cst(b, loc, bytes)));
}

void rewrite(const Candidate &c, int64_t threshold, bool x86) {
  scf::ParallelOp p = c.loop;
  Location loc = p.getLoc();
  OpBuilder b(p);
  unsigned n = p.getNumLoops();
  auto lbs = p.getLowerBound(), ubs = p.getUpperBound();
  int64_t bytes = kLine / c.lanes;
  Value zero = cst(b, loc, 0), one = cst(b, loc, 1), line = cst(b, loc, kLine);

  // run time: does the loop move at least `threshold` bytes, and do the streamed stores
  // agree in their address modulo a line (one peeled step aligns them all)?
  Value elements = one;
  for (unsigned d = 0; d < n; ++d)
    elements = b.create<arith::MulIOp>(loc, elements,
                                       b.create<arith::SubIOp>(loc, ubs[d], lbs[d]));
  Value cond = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::sge,
      b.create<arith::MulIOp>(loc, elements, cst(b, loc, c.bytesPerIteration)),
      cst(b, loc, threshold));
  SmallVector<memref::ExtractStridedMetadataOp> mds;
  SmallVector<Value> pointers;
  for (memref::StoreOp s : c.streamed) {
    mds.push_back(b.create<memref::ExtractStridedMetadataOp>(loc, s.getMemRef()));
    pointers.push_back(b.create<memref::ExtractAlignedPointerAsIndexOp>(loc, s.getMemRef()));
  }
  auto congruent = [&](Value x, Value y) {
    Value r = b.create<arith::RemSIOp>(loc, b.create<arith::SubIOp>(loc, x, y), line);
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, r, zero);
  };
  Value first = addressOf(b, loc, mds[0], pointers[0], {}, bytes);
  for (size_t k = 1; k < mds.size(); ++k) {
    cond = b.create<arith::AndIOp>(
        loc, cond, congruent(addressOf(b, loc, mds[k], pointers[k], {}, bytes), first));
    for (unsigned d = 0; d + 1 < n; ++d)
      cond = b.create<arith::AndIOp>(
          loc, cond,
          congruent(b.create<arith::MulIOp>(loc, mds[k].getStrides()[d], cst(b, loc, bytes)),
                    b.create<arith::MulIOp>(loc, mds[0].getStrides()[d], cst(b, loc, bytes))));
  }
  auto branch = b.create<scf::IfOp>(loc, TypeRange{}, cond, /*withElseRegion=*/true);
  p->moveBefore(branch.elseBlock()->getTerminator());

  // then: parallel over the outer dimensions and blocks of the last
  b.setInsertionPoint(branch.thenBlock()->getTerminator());
  Value block = cst(b, loc, kBlock);
  Value extent = b.create<arith::SubIOp>(loc, ubs[n - 1], lbs[n - 1]);
  Value blocks = b.create<arith::DivUIOp>(
      loc, b.create<arith::AddIOp>(loc, extent, cst(b, loc, kBlock - 1)), block);
  SmallVector<Value> nl(lbs.drop_back()), nu(ubs.drop_back()), ns(n, one);
  nl.push_back(zero);
  nu.push_back(blocks);
  auto outer = b.create<scf::ParallelOp>(loc, nl, nu, ns);
  b.setInsertionPoint(outer.getBody()->getTerminator());
  SmallVector<Value> ivs(outer.getInductionVars()); // (a temporary vector in MLIR 19)
  Value start = b.create<arith::AddIOp>(loc, lbs[n - 1],
                                        b.create<arith::MulIOp>(loc, ivs.back(), block));
  Value end = b.create<arith::MinSIOp>(loc, b.create<arith::AddIOp>(loc, start, block), ubs[n - 1]);
  SmallVector<Value> at(ArrayRef<Value>(ivs).drop_back());
  at.push_back(start);
  Value address = addressOf(b, loc, mds[0], pointers[0], at, bytes);
  Value skew = b.create<arith::RemUIOp>(
      loc, b.create<arith::SubIOp>(loc, line, b.create<arith::RemUIOp>(loc, address, line)), line);
  Value peel = b.create<arith::MinSIOp>(
      loc, b.create<arith::DivUIOp>(loc, skew, cst(b, loc, bytes)),
      b.create<arith::SubIOp>(loc, end, start));
  Value aligned = b.create<arith::AddIOp>(loc, start, peel);
  Value lanes = cst(b, loc, c.lanes);
  Value full = b.create<arith::AddIOp>(
      loc, aligned,
      b.create<arith::MulIOp>(
          loc, b.create<arith::DivUIOp>(loc, b.create<arith::SubIOp>(loc, end, aligned), lanes),
          lanes));
  Vectorizer v{c, b, loc, ArrayRef<Value>(ivs).drop_back()};
  auto maskOf = [&](Value count) {
    return b.create<vector::CreateMaskOp>(loc, VectorType::get({c.lanes}, b.getI1Type()),
                                          ValueRange{count});
  };
  v.step(start, maskOf(peel), false);
  auto body = b.create<scf::ForOp>(loc, aligned, full, lanes);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(body.getBody()->getTerminator());
    v.step(body.getInductionVar(), Value(), true);
  }
  // Non-temporal stores are weakly ordered: they are made visible before the block ends (and
  // so before OpenMP's barrier lets another thread read them), as compilers emitting
  // streaming stores do. On x86 an sfence (a seq_cst fence is an mfence there, which also
  // waits for every load: one per block cost a third of the triad's time on 2 threads).
  if (x86)
    b.create<LLVM::CallIntrinsicOp>(loc, TypeRange{}, "llvm.x86.sse.sfence", ValueRange{});
  else
    b.create<LLVM::FenceOp>(loc, LLVM::AtomicOrdering::seq_cst);
  v.step(full, maskOf(b.create<arith::SubIOp>(loc, end, full)), false);
}

struct StreamingStoresPass : ptensor::impl::StreamingStoresBase<StreamingStoresPass> {
  using StreamingStoresBase::StreamingStoresBase;
  void runOnOperation() override {
    if (threshold < 0 || getOperation().getBody().empty())
      return;
    SmallVector<Candidate> todo;
    // loops of the function body only: inside another loop (a reduction over an outer axis
    // accumulates into its result row by row) what is stored is read again soon
    for (Operation &op : getOperation().getBody().front())
      if (auto p = dyn_cast<scf::ParallelOp>(op))
        if (auto c = analyze(p))
          todo.push_back(std::move(*c));
    for (const Candidate &c : todo)
      rewrite(c, threshold, x86);
  }
};
} // namespace

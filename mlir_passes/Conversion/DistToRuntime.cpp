// --dist-to-runtime: see Passes.td. Dist ops become calls into runtime/dist.c (the MPI
// runtime); the JIT resolves them in libptensor_dist, which ptensor/_dist.py loads.
#include "Pipeline/Passes.h"
#include "Dist/Dialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace ptensor {
#define GEN_PASS_DEF_DISTTORUNTIME
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;
using ptensor::ReduceKind;

namespace {
/// Runtime entry points exist per element type: f64 f32 i64 i32 i16 i8 i1 c64 c128.
std::string suffix(Type t) {
  if (t.isF64()) return "f64";
  if (t.isF32()) return "f32";
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType().isF64() ? "c128" : c.getElementType().isF32() ? "c64" : "";
  if (auto i = dyn_cast<IntegerType>(t)) {
    unsigned w = i.getWidth();
    if (w == 64 || w == 32 || w == 16 || w == 8 || w == 1)
      return "i" + std::to_string(w);
  }
  return "";
}

func::FuncOp runtimeDecl(ModuleOp module, StringRef name, TypeRange args, TypeRange results = {},
                         bool cInterface = true) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  auto f = b.create<func::FuncOp>(module.getLoc(), name, b.getFunctionType(args, results));
  f.setPrivate();
  if (cInterface)
    f->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return f;
}

/// A call of a plain C function of the runtime returning one integer, as an index.
Value runtimeIndex(OpBuilder &b, Location loc, ModuleOp module, StringRef name, ValueRange args,
                   Type resultType) {
  auto fn = runtimeDecl(module, name, TypeRange(args), resultType, /*cInterface=*/false);
  Value v = b.create<func::CallOp>(loc, fn, args).getResult(0);
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v);
}

/// The source tensor as a (read-only) memref of any layout.
Value sourceMemref(OpBuilder &b, Location loc, Value t) {
  auto tt = cast<RankedTensorType>(t.getType());
  auto layout = StridedLayoutAttr::get(
      b.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(tt.getRank(), ShapedType::kDynamic));
  auto mt = MemRefType::get(tt.getShape(), tt.getElementType(), layout);
  auto m = b.create<bufferization::ToMemrefOp>(loc, mt, t);
  m.setReadOnly(true);
  return m;
}

/// A new buffer of type `t`; its dynamic sizes are those of `like`, except where `size`
/// gives one (a null Value: like's).
Value allocLike(OpBuilder &b, Location loc, RankedTensorType t, Value like,
                llvm::function_ref<Value(int64_t)> size = nullptr) {
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (t.isDynamicDim(d)) {
      Value v = size ? size(d) : Value();
      dyn.push_back(v ? v : b.create<tensor::DimOp>(loc, like, d).getResult());
    }
  return b.create<memref::AllocOp>(loc, MemRefType::get(t.getShape(), t.getElementType()), dyn);
}

Value unranked(OpBuilder &b, Location loc, Value m) {
  auto mt = cast<MemRefType>(m.getType());
  return b.create<memref::CastOp>(loc, UnrankedMemRefType::get(mt.getElementType(), 0), m);
}

Value asI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return b.create<arith::IndexCastOp>(loc, b.getI64Type(), v);
  return v;
}

/// This rank's block [begin, end) of n (i64) rows over the team, from the runtime
/// (ptensor_dist_block, runtime/dist.c).
std::pair<Value, Value> blockOf(OpBuilder &b, Location loc, ModuleOp module, Value team, Value n) {
  auto bound = [&](int64_t end) {
    Value which = b.create<arith::ConstantIntOp>(loc, end, 64);
    return runtimeIndex(b, loc, module, "ptensor_dist_block", {team, n, which}, b.getI64Type());
  };
  Value begin = bound(0);
  return {begin, bound(1)};
}

/// The block of the split axis of a dist.init_dtensor, computed once right after the init.
std::pair<Value, Value> blockBounds(ModuleOp module, dist::InitDTensorOp init) {
  OpBuilder b(init->getContext());
  b.setInsertionPointAfter(init);
  Location loc = init.getLoc();
  return blockOf(b, loc, module, init.getTeam(), asI64(b, loc, init.getGshape()[init.getSplit()]));
}

/// dist.local_shape / dist.local_slice of a dist.init_dtensor: the block's bounds along the
/// split axis, the other axes whole. Partitions are described, not registered, so the gid
/// must come from an init_dtensor in view (the ids are never looked up at run time).
LogicalResult lowerBlockQuery(ModuleOp module, Operation *op,
                              llvm::DenseMap<Operation *, std::pair<Value, Value>> &bounds) {
  auto init = op->getOperand(1).getDefiningOp<dist::InitDTensorOp>();
  if (!init)
    return op->emitOpError("needs the gid of a dist.init_dtensor (partitions are described, "
                           "not registered at run time)");
  if (op->getNumResults() != init.getGshape().size())
    return op->emitOpError("expects ") << init.getGshape().size() << " results (the rank of "
                                       << "its dist.init_dtensor), got " << op->getNumResults();
  auto it = bounds.find(init);
  if (it == bounds.end())
    it = bounds.try_emplace(init, blockBounds(module, init)).first;
  auto [begin, end] = it->second;
  OpBuilder b(op);
  bool isShape = isa<dist::LocalShapeOp>(op);
  for (auto [d, r] : llvm::enumerate(op->getResults())) {
    Value v;
    if (int64_t(d) == init.getSplit())
      v = isShape ? b.create<arith::SubIOp>(op->getLoc(), end, begin).getResult() : begin;
    else
      v = isShape ? init.getGshape()[d] : b.create<arith::ConstantIndexOp>(op->getLoc(), 0).getResult();
    r.replaceAllUsesWith(v);
  }
  op->erase();
  return success();
}

/// Integer min/max as unsigned; bool sum / prod as or / and (max / min of bytes).
std::pair<int64_t, int64_t> reduceArgs(Type elem, ReduceKind kind, bool isUnsigned) {
  int64_t k = int64_t(kind);
  if (elem.isInteger(1) && (kind == ReduceKind::sum || kind == ReduceKind::prod))
    k = int64_t(kind == ReduceKind::sum ? ReduceKind::max : ReduceKind::min);
  return {isUnsigned ? 1 : 0, k};
}

/// The op of op's block before which `v` must be ready: the first (in block order) holding
/// a use of v; the op after `op` when v is unused.
Operation *firstUse(Operation *op, Value v) {
  Block *block = op->getBlock();
  Operation *first = op->getNextNode();
  bool any = false;
  for (Operation *user : v.getUsers()) {
    Operation *u = block->findAncestorOpInBlock(*user);
    if (u && (!any || u->isBeforeInBlock(first))) {
      first = u;
      any = true;
    }
  }
  return first;
}

/// One dist op (every operand of a multi-operand collective in turn): a result buffer, the
/// runtime call that fills it, and bufferization.to_tensor of the buffer for the result.
LogicalResult lowerCollective(ModuleOp module, Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto c64 = [&](int64_t v) { return b.create<arith::ConstantIntOp>(loc, v, 64).getResult(); };
  Value team = op->getOperand(0);
  Value teamSize;
  auto nranks = [&]() {
    if (!teamSize)
      teamSize = runtimeIndex(b, loc, module, "ptensor_dist_size", {team}, b.getI32Type());
    return teamSize;
  };
  auto dim = [&](Value t, int64_t d) { return b.create<tensor::DimOp>(loc, t, d).getResult(); };
  SmallVector<Value> sources;
  if (auto r = dyn_cast<dist::RepartitionOp>(op))
    sources = {r.getSource()};
  else if (auto f = dyn_cast<dist::FinalizeReduceOp>(op))
    sources = {f.getSource()};
  else if (auto c = dyn_cast<dist::CollectiveBroadcastOp>(op))
    sources = {c.getOperand()};
  else if (auto c = dyn_cast<dist::ReduceScatterOp>(op))
    sources = {c.getOperand()};
  else
    sources = llvm::to_vector(op->getOperands().drop_front());
  for (auto [src, res] : llvm::zip(sources, op->getResults())) {
    auto resTy = cast<RankedTensorType>(res.getType());
    Type elem = resTy.getElementType();
    std::string sfx = suffix(elem);
    if (sfx.empty())
      return op->emitOpError("element type ") << elem << " has no runtime entry";
    Value out;
    // the runtime's arguments after (team, source memref, result memref)
    SmallVector<Value> rest;
    bool inPlace = false; // the call gets only the result, a copy of the source
    std::string name;
    if (auto r = dyn_cast<dist::RepartitionOp>(op)) {
      int64_t axis = r.getAxis();
      out = allocLike(b, loc, resTy, src, [&](int64_t d) { return d == axis ? r.getRows() : Value(); });
      rest.push_back(c64(axis));
      for (Value v : r.getSpec())
        rest.push_back(asI64(b, loc, v));
      rest.push_back(c64(r.getGhostsOnly() ? 1 : 0));
      name = "repartition_start";
    } else if (isa<dist::FinalizeReduceOp, dist::AllReduceOp>(op)) {
      auto f = dyn_cast<dist::FinalizeReduceOp>(op);
      auto a = dyn_cast<dist::AllReduceOp>(op);
      auto [u, k] = f ? reduceArgs(elem, f.getKind(), f.getIsUnsigned())
                      : reduceArgs(elem, a.getKind(), a.getIsUnsigned());
      rest = {c64(u), c64(k)};
      inPlace = true;
      name = "allreduce";
    } else if (auto c = dyn_cast<dist::CollectiveBroadcastOp>(op)) {
      rest = {asI64(b, loc, c.getRoot())};
      inPlace = true;
      name = "bcast";
    } else if (auto g = dyn_cast<dist::AllGatherOp>(op)) {
      int64_t d0 = g.getDim();
      Value rows = runtimeIndex(b, loc, module, "ptensor_dist_gather_rows",
                                {team, asI64(b, loc, dim(src, d0))}, b.getI64Type());
      out = allocLike(b, loc, resTy, src, [&](int64_t d) { return d == d0 ? rows : Value(); });
      rest = {c64(d0)};
      name = "all_gather";
    } else if (auto t = dyn_cast<dist::AllToAllOp>(op)) {
      int64_t sd = t.getSplitDim(), cd = t.getConcatDim();
      // this rank's block of the split extent; along concat the ranks' extents summed
      // (P blocks when split == concat)
      out = allocLike(b, loc, resTy, src, [&](int64_t d) -> Value {
        if (d != sd && d != cd)
          return Value();
        if (d == cd && d != sd)
          return runtimeIndex(b, loc, module, "ptensor_dist_gather_rows",
                              {team, asI64(b, loc, dim(src, d))}, b.getI64Type());
        auto [begin, end] = blockOf(b, loc, module, team, asI64(b, loc, dim(src, sd)));
        Value mine = b.create<arith::SubIOp>(loc, end, begin);
        return d == cd ? b.create<arith::MulIOp>(loc, mine, nranks()).getResult() : mine;
      });
      rest = {c64(sd), c64(cd)};
      name = "all_to_all";
    } else if (auto s = dyn_cast<dist::ReduceScatterOp>(op)) {
      int64_t d0 = s.getDim();
      out = allocLike(b, loc, resTy, src, [&](int64_t d) -> Value {
        return d == d0 ? b.create<arith::DivUIOp>(loc, dim(src, d), nranks()).getResult() : Value();
      });
      auto [u, k] = reduceArgs(elem, s.getKind(), s.getIsUnsigned());
      rest = {c64(d0), c64(u), c64(k)};
      name = "reduce_scatter";
    } else if (auto p = dyn_cast<dist::CollectivePermuteOp>(op)) {
      // this rank's partners, chosen at run time from the pairs (one program for every rank)
      Value me = runtimeIndex(b, loc, module, "ptensor_dist_rank", {team}, b.getI32Type());
      Value to = c64(-1), from = c64(-1);
      ArrayRef<int64_t> pairs = p.getPairs();
      for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
        auto is = [&](int64_t r) {
          return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, me,
                                         b.create<arith::ConstantIndexOp>(loc, r));
        };
        to = b.create<arith::SelectOp>(loc, is(pairs[i]), c64(pairs[i + 1]), to);
        from = b.create<arith::SelectOp>(loc, is(pairs[i + 1]), c64(pairs[i]), from);
      }
      out = allocLike(b, loc, resTy, src);
      rest = {to, from};
      name = "permute";
    } else {
      return op->emitOpError("is not lowered by --dist-to-runtime");
    }
    SmallVector<Value> args = {asI64(b, loc, team)};
    Value in = sourceMemref(b, loc, src);
    if (inPlace) {
      out = allocLike(b, loc, resTy, src);
      b.create<memref::CopyOp>(loc, in, out);
    } else {
      args.push_back(unranked(b, loc, in));
    }
    args.push_back(unranked(b, loc, out));
    args.append(rest);
    std::string fn = "ptensor_dist_" + name + "_" + sfx;
    bool split = isa<dist::RepartitionOp>(op); // start here, wait at the first use
    auto call = b.create<func::CallOp>(
        loc, runtimeDecl(module, fn, TypeRange(ValueRange(args)), split ? b.getI64Type() : TypeRange()),
        args);
    if (split) {
      Value h = call.getResult(0);
      b.setInsertionPoint(firstUse(op, res));
      b.create<func::CallOp>(loc, runtimeDecl(module, "ptensor_dist_repartition_wait", h.getType(),
                                              {}, /*cInterface=*/false), h);
    }
    res.replaceAllUsesWith(b.create<bufferization::ToTensorOp>(loc, resTy, out, /*restrict=*/true,
                                                               /*writable=*/true));
  }
  op->erase();
  return success();
}

struct DistToRuntime : ptensor::impl::DistToRuntimeBase<DistToRuntime> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> queries, ids;
    module.walk([&](Operation *op) {
      if (isa<dist::LocalShapeOp, dist::LocalSliceOp>(op))
        queries.push_back(op);
      else if (isa<dist::InitDTensorOp, dist::FiniDTensorOp>(op))
        ids.push_back(op);
    });
    llvm::DenseMap<Operation *, std::pair<Value, Value>> bounds;
    for (Operation *op : queries)
      if (failed(lowerBlockQuery(module, op, bounds)))
        return signalPassFailure();
    // fini_dtensor releases nothing (nothing was registered); then the ids are unused
    for (Operation *op : llvm::reverse(ids)) {
      if (!op->use_empty())
        return op->emitOpError("gid used by an op --dist-to-runtime does not lower"), signalPassFailure();
      op->erase();
    }
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<dist::DistDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(lowerCollective(module, op)))
        return signalPassFailure();
  }
};
} // namespace

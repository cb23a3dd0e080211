// --dist-to-runtime: see Passes.td. Dist ops become calls into runtime/dist.c (the MPI
// runtime); the JIT resolves them in libptensor_dist, which ptensor/_dist.py loads.
#include "Passes/Passes.h"
#include "Dist/Dialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace ptensor {
#define GEN_PASS_DEF_DISTTORUNTIME
#include "Passes/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

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

func::FuncOp runtimeDecl(ModuleOp module, StringRef name, TypeRange args) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  auto f = b.create<func::FuncOp>(module.getLoc(), name, b.getFunctionType(args, {}));
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return f;
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

/// A new buffer of type `t` whose dynamic sizes are those of `like` (except `axis`: `rows`).
Value allocLike(OpBuilder &b, Location loc, RankedTensorType t, Value like, int64_t axis, Value rows) {
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (t.isDynamicDim(d))
      dyn.push_back(d == axis ? rows : b.create<tensor::DimOp>(loc, like, d).getResult());
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

/// This rank's block [begin, end) of the split axis of a dist.init_dtensor, from the runtime
/// (ptensor_dist_block, runtime/dist.c), computed once right after the init.
std::pair<Value, Value> blockBounds(ModuleOp module, dist::InitDTensorOp init) {
  OpBuilder b(init->getContext());
  b.setInsertionPointAfter(init);
  Location loc = init.getLoc();
  Type i64 = b.getI64Type();
  auto fn = module.lookupSymbol<func::FuncOp>("ptensor_dist_block");
  if (!fn) {
    OpBuilder mb(module.getBodyRegion());
    fn = mb.create<func::FuncOp>(loc, "ptensor_dist_block", mb.getFunctionType({i64, i64, i64}, {i64}));
    fn.setPrivate();
  }
  Value n = asI64(b, loc, init.getGshape()[init.getSplit()]);
  auto bound = [&](int64_t end) {
    Value which = b.create<arith::ConstantIntOp>(loc, end, 64);
    Value v = b.create<func::CallOp>(loc, fn, ValueRange{init.getTeam(), n, which}).getResult(0);
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v).getResult();
  };
  Value begin = bound(0);
  return {begin, bound(1)};
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
      if (isa<dist::RepartitionOp, dist::FinalizeReduceOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto resTy = cast<RankedTensorType>(op->getResult(0).getType());
      std::string sfx = suffix(resTy.getElementType());
      if (sfx.empty()) {
        op->emitOpError("element type ") << resTy.getElementType() << " has no runtime entry";
        return signalPassFailure();
      }
      Value out;
      SmallVector<Value> args;
      std::string name;
      if (auto r = dyn_cast<dist::RepartitionOp>(op)) {
        Value src = sourceMemref(b, loc, r.getSource());
        out = allocLike(b, loc, resTy, r.getSource(), r.getAxis(), r.getRows());
        args = {asI64(b, loc, r.getTeam()), unranked(b, loc, src), unranked(b, loc, out),
                b.create<arith::ConstantIntOp>(loc, r.getAxis(), 64)};
        for (Value v : r.getSpec())
          args.push_back(asI64(b, loc, v));
        args.push_back(b.create<arith::ConstantIntOp>(loc, r.getGhostsOnly() ? 1 : 0, 64));
        name = "ptensor_dist_repartition_" + sfx;
      } else {
        auto f = cast<dist::FinalizeReduceOp>(op);
        Value src = sourceMemref(b, loc, f.getSource());
        out = allocLike(b, loc, resTy, f.getSource(), -1, Value());
        b.create<memref::CopyOp>(loc, src, out);
        args = {asI64(b, loc, f.getTeam()), unranked(b, loc, out),
                b.create<arith::ConstantIntOp>(loc, f.getIsUnsigned() ? 1 : 0, 64),
                b.create<arith::ConstantIntOp>(loc, int64_t(f.getKind()), 64)};
        name = "ptensor_dist_allreduce_" + sfx;
      }
      SmallVector<Type> types;
      for (Value v : args)
        types.push_back(v.getType());
      b.create<func::CallOp>(loc, runtimeDecl(module, name, types), args);
      Value t = b.create<bufferization::ToTensorOp>(loc, resTy, out, /*restrict=*/true,
                                                    /*writable=*/true);
      op->getResult(0).replaceAllUsesWith(t);
      op->erase();
    }
  }
};
} // namespace

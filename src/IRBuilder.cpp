// Pending program (Plan) -> PTensor IR. One func.func per program:
//   @ptensor_main(leaf memrefs..., scalars (f64|i64)..., index values..., result memrefs...)
// Leaves enter through bufferization.to_tensor + ptensor.from_ranked; results leave through
// ptensor.to_ranked + bufferization.materialize_in_destination into caller-owned buffers.
#include "IRBuilder.h"
#include "Backend.h"
#include "Jit.h"

#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/AsmParser/AsmParser.h"

using namespace mlir;

namespace ptensor {
namespace {
/// The device on a PTensor type: none for the host CPU (the default), else its name.
StringAttr deviceAttr(MLIRContext *ctx, const Node &n) {
  return n.device == 0 ? StringAttr() : StringAttr::get(ctx, backend(n.device).name());
}
PTensorType ptType(MLIRContext *ctx, const Node &n) {
  return PTensorType::get(ctx, typeShape(n), elementType(ctx, n.dtype), deviceAttr(ctx, n),
                          IntegerAttr());
}
MemRefType memrefType(MLIRContext *ctx, const Node &n, bool contiguous) {
  auto shape = typeShape(n);
  Type elem = toSignless(elementType(ctx, n.dtype));
  if (contiguous)
    return MemRefType::get(shape, elem);
  SmallVector<int64_t> strides(shape.size(), ShapedType::kDynamic);
  return MemRefType::get(shape, elem, StridedLayoutAttr::get(ctx, ShapedType::kDynamic, strides));
}
} // namespace

OwningOpRef<ModuleOp> buildModule(MLIRContext *ctx, const Plan &plan) {
  OpBuilder b(ctx);
  Location loc = UnknownLoc::get(ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());

  SmallVector<Type> argTypes;
  for (Node *l : plan.leaves)
    argTypes.push_back(memrefType(ctx, *l, l->buf->contiguous));
  size_t firstScalar = argTypes.size();
  for (Node *n : plan.order)
    for (const Scalar &s : n->sargs)
      argTypes.push_back(s.isFloat ? Type(b.getF64Type()) : Type(b.getI64Type()));
  size_t firstIndex = argTypes.size();
  for (Node *n : plan.order)
    argTypes.append(n->iargs.size(), b.getIndexType());
  size_t firstOut = argTypes.size();
  for (Node *r : plan.roots)
    argTypes.push_back(memrefType(ctx, *r, true));

  auto fn = b.create<func::FuncOp>(loc, "ptensor_main", b.getFunctionType(argTypes, {}));
  for (auto [i, c] : llvm::enumerate(plan.leafClasses))
    fn.setArgAttr(i, kSizeClassesAttr, b.getDenseI64ArrayAttr(c));
  for (auto [i, c] : llvm::enumerate(plan.indexClasses))
    if (c >= 0)
      fn.setArgAttr(firstIndex + i, kSizeClassesAttr, b.getDenseI64ArrayAttr({c}));
  for (auto [i, d] : llvm::enumerate(plan.donors))
    if (d < 0) // a buffer the runtime allocates for this call (Program.cpp, Trace.cpp)
      fn.setArgAttr(firstOut + i, kFreshAttr, b.getUnitAttr());
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);

  std::unordered_map<const Node *, Value> val;
  size_t leafArg = 0, scalarArg = firstScalar, indexArg = firstIndex;
  std::unordered_map<int32_t, SmallVector<Value>> sliceIndices; // per slice node (Plan::sameRegion)
  int32_t position = -1;
  for (Node *n : plan.order) {
    ++position;
    PTensorType ty = ptType(ctx, *n);
    auto scalars = [&]() {
      SmallVector<Value> v;
      for (size_t i = 0; i < n->sargs.size(); ++i)
        v.push_back(entry->getArgument(scalarArg++));
      return v;
    };
    auto indices = [&]() {
      SmallVector<Value> v;
      for (size_t i = 0; i < n->iargs.size(); ++i)
        v.push_back(entry->getArgument(indexArg++));
      return v;
    };
    auto opnd = [&](size_t i) { return val.at(n->operands[i].get()); };
    // Unit slice steps are constants (the key records which steps are 1): the loops then
    // read with a static unit stride and vectorize.
    auto unitStrides = [&](SmallVector<Value> v, const Node &node) {
      size_t k = v.size() / 3;
      for (size_t j = 0; j < k; ++j)
        if (node.iargs[2 * k + j] == 1)
          v[2 * k + j] = b.create<arith::ConstantIndexOp>(loc, 1);
      int32_t same = plan.sameRegion[size_t(position)];
      if (same >= 0) // the same region as an earlier slice: its values (its arguments unused)
        v = sliceIndices.at(same);
      sliceIndices[position] = v;
      return v;
    };
    ArrayRef<int64_t> attrs = n->attrs;
    // Creation with a team (teamAttrIndex): the op makes a ptensor of the team (global sizes
    // in, this rank's block computed by the program, see --lower-ptensor), which leaves the
    // team at once: the rest is local work on the block.
    PTensorType created = ty;
    int teamAt = teamAttrIndex(n->kind);
    bool withTeam = teamAt >= 0 && int(attrs.size()) > teamAt;
    if (withTeam) {
      SmallVector<int64_t> shape(ty.getShape());
      shape[0] = ShapedType::kDynamic;
      created = PTensorType::get(ctx, shape, ty.getElementType(), deviceAttr(ctx, *n),
                                 b.getI64IntegerAttr(attrs[teamAt]));
    }
    Value r;
    switch (n->kind) {
    case Kind::Leaf: {
      bool donor = llvm::is_contained(plan.donors, int(leafArg));
      Value m = entry->getArgument(leafArg++);
      Value t = b.create<bufferization::ToTensorOp>(loc, m, /*restrict=*/true, /*writable=*/donor);
      r = b.create<FromRankedOp>(loc, ty, t);
      break;
    }
    case Kind::Arange: {
      auto s = scalars();
      r = b.create<ArangeOp>(loc, created, s[0], s[1], indices()[0]);
      break;
    }
    case Kind::Create: {
      auto s = scalars();
      r = b.create<CreateOp>(loc, created, indices(), s.empty() ? Value() : s[0],
                             s.size() > 1 ? s[1] : Value());
      break;
    }
    case Kind::Linspace: {
      auto s = scalars();
      r = b.create<LinspaceOp>(loc, created, s[0], s[1], indices()[0], b.getBoolAttr(attrs[0] != 0));
      break;
    }
    case Kind::Eye: {
      auto i = indices();
      r = b.create<EyeOp>(loc, created, i[0], i[1], i[2]);
      break;
    }
    case Kind::Unary:
      r = b.create<ElementwiseUnaryOp>(loc, ty, UnaryOpKindAttr::get(ctx, UnaryOpKind(n->sub)), opnd(0));
      break;
    case Kind::UnaryTest:
      r = b.create<ElementwiseUnaryTestOp>(loc, ty, UnaryTestKindAttr::get(ctx, UnaryTestKind(n->sub)), opnd(0));
      break;
    case Kind::Binary:
      r = b.create<ElementwiseBinaryOp>(loc, ty, BinaryOpKindAttr::get(ctx, BinaryOpKind(n->sub)), opnd(0), opnd(1));
      break;
    case Kind::BinaryTest:
      r = b.create<ElementwiseBinaryTestOp>(loc, ty, BinaryTestKindAttr::get(ctx, BinaryTestKind(n->sub)), opnd(0), opnd(1));
      break;
    case Kind::Cast:
      r = b.create<CastOp>(loc, ty, opnd(0));
      break;
    case Kind::Broadcast:
      r = b.create<BroadcastOp>(loc, ty, opnd(0), indices(), b.getDenseI64ArrayAttr(attrs));
      break;
    case Kind::PermuteDims:
      r = b.create<PermuteDimsOp>(loc, ty, opnd(0), b.getDenseI64ArrayAttr(attrs));
      break;
    case Kind::Matmul:
      r = b.create<MatmulOp>(loc, ty, opnd(0), opnd(1));
      break;
    case Kind::Where:
      r = b.create<WhereOp>(loc, ty, opnd(0), opnd(1), opnd(2));
      break;
    case Kind::Reshape:
      r = b.create<ReshapeOp>(loc, ty, opnd(0), indices());
      break;
    case Kind::Take:
      r = b.create<TakeOp>(loc, ty, opnd(0), opnd(1), b.getI64IntegerAttr(attrs[0]));
      break;
    case Kind::Scatter:
      r = b.create<ScatterOp>(loc, ty, opnd(0), opnd(1), opnd(2));
      break;
    case Kind::SearchSorted:
      r = b.create<SearchSortedOp>(loc, ty, opnd(0), opnd(1), b.getBoolAttr(attrs[0] != 0));
      break;
    case Kind::Reduce: {
      Type acc = elementType(ctx, DType(attrs[0]));
      r = b.create<ReduceOp>(loc, ty, ReduceKindAttr::get(ctx, ReduceKind(n->sub)), opnd(0),
                             b.getDenseI64ArrayAttr(attrs.drop_front()), TypeAttr::get(acc));
      break;
    }
    case Kind::DistRepartition: {
      // dist ops work on builtin tensors: leave and re-enter the ptensor type around them
      auto i = indices();
      Value team = b.create<arith::IndexCastOp>(loc, b.getI64Type(), i[0]);
      Value src = b.create<ToRankedOp>(loc, ptType(ctx, *n->operands[0]).toTensorType(), opnd(0));
      Value t = b.create<dist::RepartitionOp>(
          loc, ty.toTensorType(), team, src, i[1], ValueRange(i).drop_front(2),
          b.getI64IntegerAttr(attrs[0]), attrs.size() > 1 && attrs[1] ? b.getUnitAttr() : UnitAttr());
      r = b.create<FromRankedOp>(loc, ty, t);
      break;
    }
    case Kind::DistReduce: {
      Value team = b.create<arith::IndexCastOp>(loc, b.getI64Type(), indices()[0]);
      Value src = b.create<ToRankedOp>(loc, ty.toTensorType(), opnd(0));
      Value t = b.create<dist::FinalizeReduceOp>(loc, src.getType(), team, ReduceKind(n->sub), src,
                                                 attrs[0] != 0);
      r = b.create<FromRankedOp>(loc, ty, t);
      break;
    }
    case Kind::DistAllGather:
    case Kind::DistAllToAll:
    case Kind::DistBroadcast:
    case Kind::DistReduceScatter:
    case Kind::DistPermute: {
      auto i = indices();
      Value team = b.create<arith::IndexCastOp>(loc, b.getI64Type(), i[0]);
      Value src = b.create<ToRankedOp>(loc, ptType(ctx, *n->operands[0]).toTensorType(), opnd(0));
      Type rt = ty.toTensorType();
      Operation *op;
      if (n->kind == Kind::DistAllGather)
        op = b.create<dist::AllGatherOp>(loc, TypeRange{rt}, team, ValueRange{src}, attrs[0]);
      else if (n->kind == Kind::DistAllToAll)
        op = b.create<dist::AllToAllOp>(loc, TypeRange{rt}, team, ValueRange{src}, attrs[0], attrs[1]);
      else if (n->kind == Kind::DistBroadcast)
        op = b.create<dist::CollectiveBroadcastOp>(loc, rt, team, src, i[1]);
      else if (n->kind == Kind::DistReduceScatter)
        op = b.create<dist::ReduceScatterOp>(loc, rt, team, ReduceKind(n->sub), src, attrs[0],
                                             attrs[1] != 0);
      else
        op = b.create<dist::CollectivePermuteOp>(loc, TypeRange{rt}, team, ValueRange{src}, attrs);
      r = b.create<FromRankedOp>(loc, ty, op->getResult(0));
      break;
    }
    case Kind::CustomCall: {
      const int64_t *p = attrs.data();
      bool sideEffect = *p++ != 0;
      SmallVector<Type> types(size_t(*p++));
      for (Type &t : types) {
        DType d = DType(p[0]);
        SmallVector<int64_t> shape(size_t(p[1]), ShapedType::kDynamic);
        for (int64_t j = 0; j < p[1]; ++j)
          if (p[2] >> j & 1)
            shape[j] = 1;
        t = PTensorType::get(ctx, shape, elementType(ctx, d), deviceAttr(ctx, *n), IntegerAttr());
        p += 3;
      }
      std::string name = unpackString(p), text = unpackString(p);
      auto config = dyn_cast_or_null<DictionaryAttr>(parseAttribute(text, ctx));
      if (!config)
        throw CompileError("ptensor: custom_call '" + name + "': cannot parse attributes " + text);
      SmallVector<Value> inputs;
      for (size_t i = 0; i < n->operands.size(); ++i)
        inputs.push_back(opnd(i));
      auto call = b.create<CustomCallOp>(loc, types, inputs, indices(), name, config, sideEffect, 4);
      r = call->getNumResults() ? call->getResult(0) : Value();
      break;
    }
    case Kind::Op: {
      const int64_t *p = attrs.data();
      std::string name = unpackString(p), text = unpackString(p);
      if (!RegisteredOperationName::lookup(name, ctx))
        throw CompileError("ptensor: record_op: no op named '" + name + "'");
      auto dict = dyn_cast_or_null<DictionaryAttr>(parseAttribute(text, ctx));
      if (!dict)
        throw CompileError("ptensor: " + name + ": cannot parse attributes " + text);
      OperationState st(loc, name);
      for (size_t i = 0; i < n->operands.size(); ++i)
        st.addOperands(opnd(i));
      st.addOperands(indices());
      st.addOperands(scalars());
      st.addAttributes(dict.getValue());
      st.addTypes(ty);
      for (int64_t k = *p++; k > 0; --k, p += 3) { // further results: (dtype, rank, ones)
        SmallVector<int64_t> shape(size_t(p[1]), ShapedType::kDynamic);
        for (int64_t j = 0; j < p[1]; ++j)
          if (p[2] >> j & 1)
            shape[j] = 1;
        st.addTypes(PTensorType::get(ctx, shape, elementType(ctx, DType(p[0])), ty.getDevice(),
                                     ty.getTeam()));
      }
      r = b.create(st)->getResult(0);
      break;
    }
    case Kind::CustomCallResult:
      r = opnd(0).getDefiningOp()->getResult(unsigned(attrs[0]));
      break;
    case Kind::ExtractSlice: {
      auto i = unitStrides(indices(), *n);
      size_t k = i.size() / 3;
      ValueRange all(i);
      r = b.create<ExtractSliceOp>(loc, ty, opnd(0), all.take_front(k), all.slice(k, k),
                                   all.take_back(k), b.getDenseI64ArrayAttr(attrs));
      break;
    }
    case Kind::InsertSlice: {
      auto i = unitStrides(indices(), *n);
      size_t k = i.size() / 3;
      ValueRange all(i);
      r = b.create<InsertSliceOp>(loc, ty, opnd(1), opnd(0), all.take_front(k), all.slice(k, k),
                                  all.take_back(k), b.getDenseI64ArrayAttr(attrs));
      break;
    }
    }
    if (withTeam) {
      Value block = b.create<ToRankedOp>(loc, created.toTensorType(), r);
      if (block.getType() != ty.toTensorType()) // a block of one row has a static size 1
        block = b.create<tensor::CastOp>(loc, ty.toTensorType(), block);
      r = b.create<FromRankedOp>(loc, ty, block);
    }
    val[n] = r;
  }
  // Results written into a donated leaf come last: their copy back (none when bufferization
  // updated the leaf in place) is a memref write that the tensor analysis does not order
  // against later reads of the leaf's old value.
  for (bool donated : {false, true})
    for (auto [i, root] : llvm::enumerate(plan.roots)) {
      int donor = plan.donors[i];
      if ((donor >= 0) != donated)
        continue;
      Value out = entry->getArgument(donated ? size_t(donor) : firstOut + i);
      Value t = b.create<ToRankedOp>(loc, ptType(ctx, *root).toTensorType(), val.at(root));
      auto m = b.create<bufferization::MaterializeInDestinationOp>(loc, TypeRange{}, t, out);
      m.setRestrict(!donated);
      m.setWritable(true);
    }
  b.create<func::ReturnOp>(loc);
  return module;
}
} // namespace ptensor

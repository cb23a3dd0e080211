// --lower-ptensor: PTensor ops/types -> linalg + tensor + arith + math (one pass, as the RFC
// argues). Every elementwise-style op becomes a linalg.generic so that chains fuse. Ptensors
// with a team become this rank's block (axis 0 split over the team): creation asks Dist for
// the block (the RFC's arange example), reductions over axis 0 end in dist.finalize_reduce,
// ops that repartition rows move them with Dist ops (LowerTeam.h).
#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Conversion/ExpandComposites.h"
#include "Conversion/LowerTeam.h"
#include "Pipeline/Passes.h"
#include "Conversion/ScalarOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/DialectConversion.h"

#include <type_traits>

namespace ptensor {
#define GEN_PASS_DEF_LOWERPTENSOR
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;
using namespace ptensor;

namespace {
/// Sizes of the dynamic dimensions of `t` (shape of type `ty`).
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc, Value t, RankedTensorType ty) {
  SmallVector<Value> dyn;
  for (int64_t i = 0; i < ty.getRank(); ++i)
    if (ty.isDynamicDim(i))
      dyn.push_back(b.create<tensor::DimOp>(loc, t, i));
  return dyn;
}
SmallVector<Value> dynamicOf(RankedTensorType ty, ValueRange sizes) {
  SmallVector<Value> dyn;
  for (int64_t i = 0; i < ty.getRank(); ++i)
    if (ty.isDynamicDim(i))
      dyn.push_back(sizes[i]);
  return dyn;
}

using BodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// linalg.generic writing a fresh tensor of type resTy (dynamic sizes dyn) from inputs read
/// through maps (identity when empty); body gets the input elements and returns the result.
Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resTy, ArrayRef<Value> dyn,
                   ValueRange inputs, ArrayRef<AffineMap> inMaps, BodyFn body) {
  int64_t r = resTy.getRank();
  Value init = b.create<tensor::EmptyOp>(loc, resTy, dyn);
  SmallVector<AffineMap> maps(inMaps.begin(), inMaps.end());
  if (maps.empty())
    maps.assign(inputs.size(), b.getMultiDimIdentityMap(r));
  maps.push_back(b.getMultiDimIdentityMap(r));
  SmallVector<utils::IteratorType> iters(r, utils::IteratorType::parallel);
  auto g = b.create<linalg::GenericOp>(
      loc, TypeRange{resTy}, inputs, ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value v = body(nb, nl, args.drop_back());
        nb.create<linalg::YieldOp>(nl, v ? v : args.back());
      });
  return g.getResult(0);
}

Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resTy, ValueRange inputs,
                       BodyFn body) {
  auto dyn = dynamicSizes(b, loc, inputs[0], cast<RankedTensorType>(inputs[0].getType()));
  return buildGeneric(b, loc, resTy, dyn, inputs, {}, body);
}

/// buildElementwise whose scalar body may fail (an op not defined for the element type: the
/// emitter reported it); a null Value then, so the pattern fails.
Value buildCheckedElementwise(OpBuilder &b, Location loc, RankedTensorType resTy,
                              ValueRange inputs, BodyFn body) {
  bool ok = true;
  Value r = buildElementwise(b, loc, resTy, inputs, [&](OpBuilder &nb, Location l, ValueRange x) {
    Value v = body(nb, l, x);
    ok &= bool(v);
    return v;
  });
  return ok ? r : Value();
}

Value indexAsI64(OpBuilder &b, Location loc, int64_t dim) {
  return b.create<arith::IndexCastOp>(loc, b.getI64Type(), b.create<linalg::IndexOp>(loc, dim));
}

bool hasTeam(Type t) {
  auto pt = dyn_cast<PTensorType>(t);
  return pt && pt.getTeam();
}

using team::localBlock;

/// The team of v's ptensor type as an i64 constant, or null without one.
Value teamOf(OpBuilder &b, Location loc, Value v) {
  auto ty = cast<PTensorType>(v.getType());
  return ty.getTeam() ? team::teamValue(b, loc, ty) : Value();
}

/// The global size of dim i of the ptensor `v` lowered to `local` (dim 0 of a team's
/// ptensor is its global rows, not the block's).
Value globalDim(OpBuilder &b, Location loc, Value v, Value local, int64_t i) {
  if (i == 0 && cast<PTensorType>(v.getType()).getTeam())
    return team::globalRows(b, loc, v, local);
  return b.create<tensor::DimOp>(loc, local, i);
}

/// linalg.index(dim) as i64, plus the block's first row `first` (non-null) for dim 0.
Value globalIndexAsI64(OpBuilder &b, Location loc, int64_t dim, Value first) {
  Value i = b.create<linalg::IndexOp>(loc, dim);
  if (first && dim == 0)
    i = b.create<arith::AddIOp>(loc, i, first);
  return b.create<arith::IndexCastOp>(loc, b.getI64Type(), i);
}

template <typename Op>
struct Pattern : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using Adaptor = typename Op::Adaptor;
  RankedTensorType resType(Op op) const {
    return cast<PTensorType>(op->getResult(0).getType()).toTensorType();
  }
  LogicalResult matchAndRewrite(Op op, Adaptor a, ConversionPatternRewriter &rw) const final {
    Value v = lower(op, a, rw, op.getLoc());
    if (!v)
      return failure();
    rw.replaceOp(op, v);
    return success();
  }
  virtual Value lower(Op op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const = 0;
};

struct FromRankedLowering : Pattern<FromRankedOp> {
  using Pattern::Pattern;
  Value lower(FromRankedOp, Adaptor a, ConversionPatternRewriter &, Location) const override {
    return a.getSource();
  }
};
struct ToRankedLowering : Pattern<ToRankedOp> {
  using Pattern::Pattern;
  Value lower(ToRankedOp, Adaptor a, ConversionPatternRewriter &, Location) const override {
    return a.getSource();
  }
};

struct CreateLowering : Pattern<CreateOp> {
  using Pattern::Pattern;
  Value lower(CreateOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    auto dyn = dynamicOf(ty, localBlock(rw, loc, op.getResult().getType(), a.getShape()).first);
    if (!a.getValue())
      return rw.create<tensor::EmptyOp>(loc, ty, dyn);
    Value v = a.getValue(), imag = a.getImag();
    Type elem = op.getResult().getType().getElementType();
    return buildGeneric(rw, loc, ty, dyn, {}, {}, [&](OpBuilder &b, Location l, ValueRange) -> Value {
      Type from = v.getType().isF64() ? v.getType() : Type(b.getI64Type());
      if (!imag)
        return emitCast(b, l, v, from, elem);
      Type part = cast<ComplexType>(elem).getElementType();
      return b.create<complex::CreateOp>(l, elem, emitCast(b, l, v, from, part),
                                         emitCast(b, l, imag, imag.getType(), part));
    });
  }
};

struct ArangeLowering : Pattern<ArangeOp> {
  using Pattern::Pattern;
  Value lower(ArangeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    Type elem = op.getResult().getType().getElementType();
    auto block = localBlock(rw, loc, op.getResult().getType(), a.getSize());
    return buildGeneric(rw, loc, ty, dynamicOf(ty, block.first), {}, {}, [&](OpBuilder &b, Location l, ValueRange) {
      Value i = globalIndexAsI64(b, l, 0, block.second);
      Value start = a.getStart(), step = a.getStep();
      Value v;
      if (start.getType().isF64()) {
        Value fi = b.create<arith::SIToFPOp>(l, b.getF64Type(), i);
        v = b.create<arith::AddFOp>(l, start, b.create<arith::MulFOp>(l, fi, step));
      } else {
        v = b.create<arith::AddIOp>(l, start, b.create<arith::MulIOp>(l, i, step));
      }
      return emitCast(b, l, v, start.getType(), elem);
    });
  }
};

struct LinspaceLowering : Pattern<LinspaceOp> {
  using Pattern::Pattern;
  Value lower(LinspaceOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    Type elem = op.getResult().getType().getElementType();
    bool endpoint = op.getEndpoint();
    Value num = a.getNum();
    auto block = localBlock(rw, loc, op.getResult().getType(), num);
    SmallVector<Value> dyn = dynamicOf(ty, block.first);
    Type f64 = rw.getF64Type(), i64 = rw.getI64Type();
    Value n = rw.create<arith::IndexCastOp>(loc, i64, num);
    Value one = rw.create<arith::ConstantOp>(loc, rw.getI64IntegerAttr(1));
    Value div = endpoint ? rw.create<arith::SubIOp>(loc, n, one).getResult() : n;
    div = rw.create<arith::MaxSIOp>(loc, div, one);
    Value step = rw.create<arith::DivFOp>(
        loc, rw.create<arith::SubFOp>(loc, a.getStop(), a.getStart()),
        rw.create<arith::SIToFPOp>(loc, f64, div));
    Value last = rw.create<arith::SubIOp>(loc, n, one);
    return buildGeneric(rw, loc, ty, dyn, {}, {}, [&](OpBuilder &b, Location l, ValueRange) {
      Value i = globalIndexAsI64(b, l, 0, block.second);
      Value v = b.create<arith::AddFOp>(
          l, a.getStart(), b.create<arith::MulFOp>(l, b.create<arith::SIToFPOp>(l, f64, i), step));
      if (endpoint)
      { // the last of several points is exactly stop; a single point is start (NumPy)
        Value isLast = b.create<arith::AndIOp>(
            l, b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, i, last),
            b.create<arith::CmpIOp>(l, arith::CmpIPredicate::sgt, i, b.create<arith::ConstantOp>(l, b.getI64IntegerAttr(0))));
        v = b.create<arith::SelectOp>(l, isLast, a.getStop(), v);
      }
      return emitCast(b, l, v, f64, elem);
    });
  }
};

struct EyeLowering : Pattern<EyeOp> {
  using Pattern::Pattern;
  Value lower(EyeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    Type elem = op.getResult().getType().getElementType();
    auto block = localBlock(rw, loc, op.getResult().getType(), {a.getRows(), a.getCols()});
    Value k = rw.create<arith::IndexCastOp>(loc, rw.getI64Type(), a.getK());
    return buildGeneric(rw, loc, ty, dynamicOf(ty, block.first), {}, {}, [&](OpBuilder &b, Location l, ValueRange) {
      Value d = b.create<arith::SubIOp>(l, indexAsI64(b, l, 1), globalIndexAsI64(b, l, 0, block.second));
      Value on = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, d, k);
      return emitCast(b, l, on, b.getI1Type(), elem);
    });
  }
};

struct ShapeLowering : Pattern<ShapeOp> {
  using Pattern::Pattern;
  Value lower(ShapeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = cast<RankedTensorType>(a.getSource().getType());
    SmallVector<Value> dims;
    for (int64_t i = 0; i < ty.getRank(); ++i)
      dims.push_back(globalDim(rw, loc, op.getSource(), a.getSource(), i));
    return rw.create<tensor::FromElementsOp>(loc, op.getResult().getType(), dims);
  }
};
struct RankLowering : Pattern<RankOp> {
  using Pattern::Pattern;
  Value lower(RankOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    return rw.create<arith::ConstantIndexOp>(
        loc, cast<RankedTensorType>(a.getSource().getType()).getRank());
  }
};
struct SizeLowering : Pattern<SizeOp> {
  using Pattern::Pattern;
  Value lower(SizeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = cast<RankedTensorType>(a.getSource().getType());
    Value n = rw.create<arith::ConstantIndexOp>(loc, 1);
    for (int64_t i = 0; i < ty.getRank(); ++i)
      n = rw.create<arith::MulIOp>(loc, n, globalDim(rw, loc, op.getSource(), a.getSource(), i));
    return n;
  }
};

struct CastLowering : Pattern<CastOp> {
  using Pattern::Pattern;
  Value lower(CastOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    Type from = op.getSource().getType().getElementType();
    Type to = op.getResult().getType().getElementType();
    return buildElementwise(rw, loc, resType(op), {a.getSource()},
                            [&](OpBuilder &b, Location l, ValueRange x) {
                              return emitCast(b, l, x[0], from, to);
                            });
  }
};

struct BroadcastLowering : Pattern<BroadcastOp> {
  using Pattern::Pattern;
  Value lower(BroadcastOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    auto srcShape = op.getSource().getType().getShape(); // static 1s: broadcast dims
    auto dims = op.getDims();
    SmallVector<AffineExpr> exprs;
    for (auto [i, d] : llvm::enumerate(dims))
      exprs.push_back(srcShape[i] == 1 ? rw.getAffineConstantExpr(0) : rw.getAffineDimExpr(d));
    auto map = AffineMap::get(ty.getRank(), 0, exprs, rw.getContext());
    Value src = a.getSource();
    SmallVector<Value> shape(a.getShape());
    Value t = teamOf(rw, loc, op.getSource());
    if (t && ty.getRank() > 0) {
      if (!dims.empty() && dims[0] == 0 &&
          (srcShape[0] != 1 || op.getResult().getType().getShape()[0] == 1)) {
        shape[0] = rw.create<tensor::DimOp>(loc, src, 0); // the blocks coincide
      } else { // the result's rows need any of the source's: every rank gets them all
        if (!dims.empty())
          src = team::gatherRows(rw, loc, t, src);
        shape[0] = localBlock(rw, loc, op.getResult().getType(), a.getShape()).first[0];
      }
    }
    // A dimension the source carries (dynamic in the type: its size is not 1) is the
    // source's size: one SSA value for equal sizes lets later passes see equal loop bounds
    // (fusion of a reduction with its fill and epilogue).
    for (auto [i, d] : llvm::enumerate(dims))
      if (ShapedType::isDynamic(srcShape[i]) && !(t && d == 0))
        shape[d] = rw.create<tensor::DimOp>(loc, src, i);
    return buildGeneric(rw, loc, ty, dynamicOf(ty, shape), {src}, {map},
                        [](OpBuilder &, Location, ValueRange x) { return x[0]; });
  }
};

struct PermuteDimsLowering : Pattern<PermuteDimsOp> {
  using Pattern::Pattern;
  Value lower(PermuteDimsOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    auto perm = op.getPerm();
    Value src = a.getSource();
    if (Value t = teamOf(rw, loc, op.getSource()); t && perm[0] != 0)
      src = team::resplit(rw, loc, t, src, perm[0]); // the result's split axis
    // input dimension perm[i] is read at loop index i
    SmallVector<AffineExpr> exprs(perm.size());
    for (auto [i, p] : llvm::enumerate(perm))
      exprs[p] = rw.getAffineDimExpr(i);
    auto map = AffineMap::get(ty.getRank(), 0, exprs, rw.getContext());
    SmallVector<Value> dyn;
    for (auto [i, p] : llvm::enumerate(perm))
      if (ty.isDynamicDim(i))
        dyn.push_back(rw.create<tensor::DimOp>(loc, src, p));
    return buildGeneric(rw, loc, ty, dyn, {src}, {map},
                        [](OpBuilder &, Location, ValueRange x) { return x[0]; });
  }
};

static SmallVector<ReassociationIndices> droppedGroups(int64_t fullRank, ArrayRef<int64_t> dropped);

/// t without its unit dims `dropped`, as type ty: each folds into a kept neighbour.
Value collapseDropped(OpBuilder &b, Location loc, Value t, ArrayRef<int64_t> dropped,
                      RankedTensorType ty) {
  return b.create<tensor::CollapseShapeOp>(
      loc, ty, t, droppedGroups(cast<RankedTensorType>(t.getType()).getRank(), dropped));
}

/// Unit-dim groups of a rank-reducing slice: each dropped dim joins a kept neighbour (the
/// reassociation of collapseDropped and expandDropped).
static SmallVector<ReassociationIndices> droppedGroups(int64_t fullRank, ArrayRef<int64_t> dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t d = 0; d < fullRank; ++d) {
    pending.push_back(d);
    if (!llvm::is_contained(dropped, d)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return groups;
}

/// t with unit dims inserted at `dropped` (the inverse of collapseDropped).
Value expandDropped(OpBuilder &b, Location loc, Value t, ArrayRef<int64_t> dropped) {
  auto ty = cast<RankedTensorType>(t.getType());
  SmallVector<int64_t> full;
  for (int64_t d = 0, j = 0; d < ty.getRank() + int64_t(dropped.size()); ++d)
    full.push_back(llvm::is_contained(dropped, d) ? 1 : ty.getShape()[j++]);
  auto fullTy = RankedTensorType::get(full, ty.getElementType());
  if (ty.getRank() == 0)
    return b.create<tensor::ExpandShapeOp>(loc, fullTy, t, ArrayRef<ReassociationIndices>{});
  return b.create<tensor::ExpandShapeOp>(loc, fullTy, t, droppedGroups(full.size(), dropped));
}

/// One row of a team ptensor (`row`: its owner's part of one row, others' of none, every
/// other axis whole) as the ptensor of type ty, which drops axis 0 and the other unit dims
/// `dropped`: split along its axis 0 (dist.all_to_all), or every rank's for a 0-d result.
Value spreadRow(OpBuilder &b, Location loc, Value team, Value row, ArrayRef<int64_t> dropped,
                RankedTensorType ty) {
  if (ty.getRank() == 0) {
    Value all = team::gatherRows(b, loc, team, row);
    int64_t rank = cast<RankedTensorType>(row.getType()).getRank();
    SmallVector<Value> zeros(rank, b.create<arith::ConstantIndexOp>(loc, 0));
    Value e = b.create<tensor::ExtractOp>(loc, all, zeros);
    return b.create<tensor::FromElementsOp>(loc, ty, ValueRange{e});
  }
  int64_t k = 1; // the result's axis 0
  while (llvm::is_contained(dropped, k))
    ++k;
  return collapseDropped(b, loc, team::resplit(b, loc, team, row, k), dropped, ty);
}

/// Mixed sizes for a slice: static where the (unreduced) slice type says so.
SmallVector<OpFoldResult> sliceSizes(OpBuilder &b, ValueRange sizes, ArrayRef<int64_t> dropped,
                                     ArrayRef<int64_t> sliceShape) {
  SmallVector<OpFoldResult> out;
  size_t j = 0;
  for (auto [i, s] : llvm::enumerate(sizes)) {
    if (llvm::is_contained(dropped, (int64_t)i)) {
      out.push_back(b.getIndexAttr(1));
      continue;
    }
    int64_t st = sliceShape[j++];
    out.push_back(ShapedType::isDynamic(st) ? OpFoldResult(s) : OpFoldResult(b.getIndexAttr(st)));
  }
  return out;
}

/// A rank-reducing tensor.extract_slice, except when a kept dimension is a static 1 as the
/// dropped ones are: then which dimensions the slice drops is ambiguous from the sizes, and
/// MLIR 19 crashes folding the bufferized subview when the source's strides are dynamic (a
/// strided NumPy array: x[:, :, 0] of x (1, n, 1)). There the slice keeps every dimension
/// and a tensor.collapse_shape folds each dropped unit dimension into a kept neighbour.
/// With a team, each rank slices its block along the other axes, then the slice's rows move
/// into their block partition (one dist.repartition: a shifted view's neighbour rows).
struct ExtractSliceLowering : Pattern<ExtractSliceOp> {
  using Pattern::Pattern;
  Value lower(ExtractSliceOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    Value t = teamOf(rw, loc, op.getSource());
    if (!t)
      return slice(a.getSource(), a.getOffsets(), a.getSizes(), a.getStrides(), op.getDropped(),
                   resType(op), rw, loc);
    // with a team, each rank first slices its block along the other axes (every row kept)
    SmallVector<Value> offs(a.getOffsets()), szs(a.getSizes()), sts(a.getStrides());
    offs[0] = rw.create<arith::ConstantIndexOp>(loc, 0);
    szs[0] = rw.create<tensor::DimOp>(loc, a.getSource(), 0);
    sts[0] = rw.create<arith::ConstantIndexOp>(loc, 1);
    Value L = team::globalRows(rw, loc, op.getSource(), a.getSource());
    ArrayRef<int64_t> dropped = op.getDropped();
    auto ty = resType(op);
    if (!llvm::is_contained(dropped, 0)) { // the slice's rows move into their block partition
      Value r = slice(a.getSource(), offs, szs, sts, dropped, ty, rw, loc);
      return team::sliceRows(rw, loc, t, r, L, a.getOffsets()[0], a.getSizes()[0], a.getStrides()[0]);
    }
    // one row (x[i, ...]): its owner takes it, the others an empty part; the row is then
    // split along the result's axis 0 (or, for a 0-d result, given to every rank)
    auto fullTy = cast<RankedTensorType>(a.getSource().getType());
    SmallVector<int64_t> full;
    for (int64_t d = 0, j = 0; d < fullTy.getRank(); ++d)
      full.push_back(d == 0 ? ShapedType::kDynamic
                            : llvm::is_contained(dropped, d) ? 1 : ty.getShape()[j++]);
    auto fullRowsTy = RankedTensorType::get(full, ty.getElementType());
    Value mine = slice(a.getSource(), offs, szs, sts, {}, fullRowsTy, rw, loc);
    Value row = team::pickRow(rw, loc, t, mine, L, a.getOffsets()[0]);
    return spreadRow(rw, loc, t, row, dropped, ty);
  }
  /// The slice of src, as type ty (the dims `dropped` removed).
  static Value slice(Value src, ValueRange offs, ValueRange szs, ValueRange sts,
                     ArrayRef<int64_t> dropped, RankedTensorType ty, ConversionPatternRewriter &rw,
                     Location loc) {
    auto sizes = sliceSizes(rw, szs, dropped, ty.getShape());
    auto offsets = getAsOpFoldResult(offs);
    auto strides = getAsOpFoldResult(sts);
    if (dropped.empty() || !llvm::is_contained(ty.getShape(), int64_t(1)))
      return rw.create<tensor::ExtractSliceOp>(loc, ty, src, offsets, sizes, strides);
    SmallVector<int64_t> full; // the slice's shape before dropping
    for (int64_t d = 0, j = 0; d < int64_t(sizes.size()); ++d)
      full.push_back(llvm::is_contained(dropped, d) ? 1 : ty.getShape()[j++]);
    Value slice = rw.create<tensor::ExtractSliceOp>(
        loc, RankedTensorType::get(full, ty.getElementType()), src, offsets, sizes, strides);
    return collapseDropped(rw, loc, slice, dropped, ty);
  }
};

/// With a team, the source's rows first move to the ranks whose blocks they land in.
struct InsertSliceLowering : Pattern<InsertSliceOp> {
  using Pattern::Pattern;
  Value lower(InsertSliceOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto srcTy = cast<RankedTensorType>(a.getSource().getType());
    SmallVector<Value> offs(a.getOffsets()), szs(a.getSizes());
    Value src = a.getSource(), dest = a.getDest();
    // As in ExtractSliceLowering: when the source has a static unit dim, which dims a
    // rank-reducing insert drops is ambiguous (MLIR 19 then fails to verify or crashes), so
    // the source first gets its dropped unit dims back and the insert reduces nothing.
    auto insert = [&](OpBuilder &b, Location l) {
      ArrayRef<int64_t> dropped = op.getDropped();
      auto sizes = sliceSizes(b, szs, dropped, srcTy.getShape());
      Value s = src;
      if (!dropped.empty() && llvm::is_contained(cast<RankedTensorType>(s.getType()).getShape(), int64_t(1)))
        s = expandDropped(b, l, s, dropped);
      return b.create<tensor::InsertSliceOp>(l, s, dest, getAsOpFoldResult(offs), sizes,
                                             getAsOpFoldResult(a.getStrides())).getResult();
    };
    Value t = teamOf(rw, loc, op.getDest());
    if (!t)
      return insert(rw, loc);
    Value L = team::globalRows(rw, loc, op.getDest(), dest);
    if (llvm::is_contained(op.getDropped(), 0)) { // one row: every rank gets it, its owner writes it
      if (srcTy.getRank() > 0)
        src = team::gatherRows(rw, loc, t, src);
      auto [owned, at] = team::owner(rw, loc, t, L, offs[0]);
      offs[0] = at;
      return rw.create<scf::IfOp>(
          loc, owned,
          [&](OpBuilder &b, Location l) { b.create<scf::YieldOp>(l, insert(b, l)); },
          [&](OpBuilder &b, Location l) { b.create<scf::YieldOp>(l, dest); }).getResult(0);
    }
    auto land = team::insertRows(rw, loc, t, src, szs[0], L, offs[0], a.getStrides()[0]);
    src = land.rows;
    offs[0] = land.first;
    szs[0] = land.count;
    return insert(rw, loc);
  }
};

/// The four elementwise classes: one linalg.generic whose body is the scalar emitter of the
/// op's kind (ScalarOps.h); the operands' element type picks the semantics.
template <typename Op, auto Emit>
struct ElementwiseLowering : Pattern<Op> {
  using Pattern<Op>::Pattern;
  Value lower(Op op, typename Op::Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    Type elem = cast<PTensorType>(op->getOperand(0).getType()).getElementType();
    return buildCheckedElementwise(rw, loc, this->resType(op), a.getOperands(),
                                   [&](OpBuilder &b, Location l, ValueRange x) -> Value {
                                     if constexpr (std::is_invocable_v<decltype(Emit), OpBuilder &, Location,
                                                                       decltype(op.getKind()), Value, Type>)
                                       return Emit(b, l, op.getKind(), x[0], elem);
                                     else
                                       return Emit(b, l, op.getKind(), x[0], x[1], elem);
                                   });
  }
};
using UnaryLowering = ElementwiseLowering<ElementwiseUnaryOp, emitUnary>;
using UnaryTestLowering = ElementwiseLowering<ElementwiseUnaryTestOp, emitUnaryTest>;
using BinaryLowering = ElementwiseLowering<ElementwiseBinaryOp, emitBinary>;
using BinaryTestLowering = ElementwiseLowering<ElementwiseBinaryTestOp, emitBinaryTest>;

/// tensor.reshape with the sizes as a shape tensor; bufferizes to memref.reshape (a copy
/// first when the source is not contiguous). With a team, the flattened blocks repartition.
struct ReshapeLowering : Pattern<ReshapeOp> {
  using Pattern::Pattern;
  Value lower(ReshapeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    if (Value t = teamOf(rw, loc, op.getSource()))
      return team::reshapeRows(rw, loc, t, a.getSource(),
                               team::globalRows(rw, loc, op.getSource(), a.getSource()), a.getShape(), ty);
    auto shapeTy = RankedTensorType::get({int64_t(a.getShape().size())}, rw.getIndexType());
    Value shape = rw.create<tensor::FromElementsOp>(loc, shapeTy, a.getShape());
    return rw.create<tensor::ReshapeOp>(loc, ty, a.getSource(), shape);
  }
};

/// One loop over the result: the index comes from the indices operand, the element from
/// tensor.extract on the source (other coordinates from linalg.index).
struct TakeLowering : Pattern<TakeOp> {
  using Pattern::Pattern;
  Value lower(TakeOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    Value src = a.getSource(), idx = a.getIndices();
    auto srcTy = cast<RankedTensorType>(src.getType());
    auto idxTy = cast<RankedTensorType>(idx.getType());
    int64_t axis = op.getAxis(), ir = idxTy.getRank(), rank = ty.getRank();
    // with a team, the result's rows are those of the indices (axis 0: every rank gets the
    // whole source) or of the source (other axes: every rank gets every index)
    if (Value t = teamOf(rw, loc, op.getSource())) {
      if (axis == 0 && ir == 0) { // one row
        Value i = rw.create<arith::IndexCastOp>(loc, rw.getIndexType(),
                                                rw.create<tensor::ExtractOp>(loc, idx, ValueRange{}));
        Value L = team::globalRows(rw, loc, op.getSource(), src);
        return spreadRow(rw, loc, t, team::pickRow(rw, loc, t, src, L, i), {0}, ty);
      }
      if (axis == 0)
        src = team::gatherRows(rw, loc, t, src);
      else if (ir > 0)
        idx = team::gatherRows(rw, loc, t, idx);
    }
    SmallVector<Value> dyn;
    for (int64_t i = 0; i < rank; ++i) {
      if (!ty.isDynamicDim(i))
        continue;
      if (i < axis)
        dyn.push_back(rw.create<tensor::DimOp>(loc, src, i));
      else if (i < axis + ir)
        dyn.push_back(rw.create<tensor::DimOp>(loc, idx, i - axis));
      else
        dyn.push_back(rw.create<tensor::DimOp>(loc, src, i - ir + 1));
    }
    SmallVector<AffineExpr> idxExprs;
    for (int64_t j = 0; j < ir; ++j)
      idxExprs.push_back(rw.getAffineDimExpr(axis + j));
    auto idxMap = AffineMap::get(rank, 0, idxExprs, rw.getContext());
    return buildGeneric(rw, loc, ty, dyn, {idx}, {idxMap},
                        [&](OpBuilder &b, Location l, ValueRange x) -> Value {
                          SmallVector<Value> coords;
                          for (int64_t i = 0; i < srcTy.getRank(); ++i) {
                            if (i == axis)
                              coords.push_back(b.create<arith::IndexCastOp>(l, b.getIndexType(), x[0]));
                            else
                              coords.push_back(b.create<linalg::IndexOp>(l, i < axis ? i : i - 1 + ir));
                          }
                          return b.create<tensor::ExtractOp>(l, src, coords);
                        });
  }
};

/// A sequential scf.for over the updates, each inserting one row (bufferizes in place into a
/// copy of dest).
struct ScatterLowering : Pattern<ScatterOp> {
  using Pattern::Pattern;
  Value lower(ScatterOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    Value dest = a.getDest(), idx = a.getIndices(), upd = a.getUpdates();
    Value zero = rw.create<arith::ConstantIndexOp>(loc, 0), one = rw.create<arith::ConstantIndexOp>(loc, 1);
    // with a team, every rank goes through all updates and writes those to its own rows
    Value t = teamOf(rw, loc, op.getDest()), L;
    if (t) {
      idx = team::gatherRows(rw, loc, t, idx);
      upd = team::gatherRows(rw, loc, t, upd);
      L = team::globalRows(rw, loc, op.getDest(), dest);
    }
    Value k = rw.create<tensor::DimOp>(loc, idx, 0);
    auto loop = rw.create<scf::ForOp>(
        loc, zero, k, one, ValueRange{dest}, [&](OpBuilder &b, Location l, Value j, ValueRange acc) {
          Value row = b.create<arith::IndexCastOp>(l, b.getIndexType(),
                                                   b.create<tensor::ExtractOp>(l, idx, ValueRange{j}));
          if (!t) {
            b.create<scf::YieldOp>(l, writeRow(b, l, acc[0], row, upd, j));
            return;
          }
          auto [owned, at] = team::owner(b, l, t, L, row);
          auto write = b.create<scf::IfOp>(
              l, owned,
              [&](OpBuilder &bb, Location ll) { bb.create<scf::YieldOp>(ll, writeRow(bb, ll, acc[0], at, upd, j)); },
              [&](OpBuilder &bb, Location ll) { bb.create<scf::YieldOp>(ll, acc[0]); });
          b.create<scf::YieldOp>(l, write.getResult(0));
        });
    return loop.getResult(0);
  }
  /// dest with its row `row` set to row j of upd.
  static Value writeRow(OpBuilder &b, Location l, Value dest, Value row, Value upd, Value j) {
    auto uTy = cast<RankedTensorType>(upd.getType());
    int64_t rank = uTy.getRank();
    if (rank == 1) { // scalar rows: a load and a store, no slice copies
      Value e = b.create<tensor::ExtractOp>(l, upd, ValueRange{j});
      return b.create<tensor::InsertOp>(l, e, dest, ValueRange{row});
    }
    SmallVector<OpFoldResult> srcOff(rank, b.getIndexAttr(0)), dstOff(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes(rank, b.getIndexAttr(1)), strides(rank, b.getIndexAttr(1));
    srcOff[0] = j;
    dstOff[0] = row;
    for (int64_t d = 1; d < rank; ++d)
      sizes[d] = uTy.isDynamicDim(d) ? OpFoldResult(b.create<tensor::DimOp>(l, upd, d).getResult())
                                     : OpFoldResult(b.getIndexAttr(uTy.getDimSize(d)));
    Value slice = b.create<tensor::ExtractSliceOp>(l, upd, srcOff, sizes, strides);
    return b.create<tensor::InsertSliceOp>(l, slice, dest, dstOff, sizes, strides);
  }
};

/// One loop over the values; each runs a binary search (scf.while) reading the sorted
/// tensor with tensor.extract: O(log n) per value.
Value lowerSearch(ConversionPatternRewriter &rw, Location loc, RankedTensorType ty, Value sorted,
                  Value values, bool right, Type elem) {
  bool isFloat = isa<FloatType>(elem), uns = isUnsigned(elem) || elem.isInteger(1);
  SmallVector<Value> dyn;
  for (int64_t i = 0; i < ty.getRank(); ++i)
    if (ty.isDynamicDim(i))
      dyn.push_back(rw.create<tensor::DimOp>(loc, values, i));
  Value n = rw.create<tensor::DimOp>(loc, sorted, 0);
  return buildGeneric(rw, loc, ty, dyn, {values}, {}, [&](OpBuilder &b, Location l, ValueRange x) -> Value {
    Value v = x[0];
    // does element e order before v (or equal, for right)? NaN sorts last.
    auto before = [&](OpBuilder &bb, Value e) -> Value {
      if (isFloat) {
        using P = arith::CmpFPredicate;
        Value c = bb.create<arith::CmpFOp>(l, right ? P::OLE : P::OLT, e, v);
        Value vNan = bb.create<arith::CmpFOp>(l, P::UNO, v, v);
        if (right)
          return bb.create<arith::OrIOp>(l, c, vNan);
        Value eNum = bb.create<arith::CmpFOp>(l, P::ORD, e, e);
        return bb.create<arith::OrIOp>(l, c, bb.create<arith::AndIOp>(l, vNan, eNum));
      }
      using P = arith::CmpIPredicate;
      P p = right ? (uns ? P::ule : P::sle) : (uns ? P::ult : P::slt);
      return bb.create<arith::CmpIOp>(l, p, e, v);
    };
    // The bounds are i64, not index: MLIR 19's SPIR-V conversion of an scf.while that
    // carries index values leaves casts behind (device kernels, docs/devices.md).
    Type i64 = b.getI64Type();
    Value one = b.create<arith::ConstantIntOp>(l, 1, 64);
    Value first = b.create<arith::ConstantIntOp>(l, 0, 64);
    Value last = b.create<arith::IndexCastOp>(l, i64, n);
    auto loop = b.create<scf::WhileOp>(
        l, TypeRange{i64, i64}, ValueRange{first, last},
        [&](OpBuilder &bb, Location ll, ValueRange lh) {
          Value go = bb.create<arith::CmpIOp>(ll, arith::CmpIPredicate::ult, lh[0], lh[1]);
          bb.create<scf::ConditionOp>(ll, go, lh);
        },
        [&](OpBuilder &bb, Location ll, ValueRange lh) {
          Value mid = bb.create<arith::ShRUIOp>(ll, bb.create<arith::AddIOp>(ll, lh[0], lh[1]), one);
          Value at = bb.create<arith::IndexCastOp>(ll, bb.getIndexType(), mid);
          Value e = bb.create<tensor::ExtractOp>(ll, sorted, ValueRange{at});
          Value goRight = before(bb, e);
          Value lo2 = bb.create<arith::SelectOp>(ll, goRight, bb.create<arith::AddIOp>(ll, mid, one), lh[0]);
          Value hi2 = bb.create<arith::SelectOp>(ll, goRight, lh[1], mid);
          bb.create<scf::YieldOp>(ll, ValueRange{lo2, hi2});
        });
    return loop.getResult(0);
  });
}

struct SearchSortedLowering : Pattern<SearchSortedOp> {
  using Pattern::Pattern;
  Value lower(SearchSortedOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    Value sorted = a.getSorted(); // with a team, every rank searches all of it
    if (Value t = teamOf(rw, loc, op.getSorted()))
      sorted = team::gatherRows(rw, loc, t, sorted);
    return lowerSearch(rw, loc, resType(op), sorted, a.getValues(), op.getRight(),
                       op.getSorted().getType().getElementType());
  }
};

struct WhereLowering : Pattern<WhereOp> {
  using Pattern::Pattern;
  Value lower(WhereOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    return buildElementwise(rw, loc, resType(op), {a.getCond(), a.getLhs(), a.getRhs()},
                            [&](OpBuilder &b, Location l, ValueRange x) -> Value {
                              return b.create<arith::SelectOp>(l, x[0], x[1], x[2]);
                            });
  }
};

struct ReduceLowering : Pattern<ReduceOp> {
  using Pattern::Pattern;
  Value lower(ReduceOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    Value src = a.getSource();
    auto srcTy = cast<RankedTensorType>(src.getType());
    Type inElem = op.getSource().getType().getElementType();
    Type outElem = op.getResult().getType().getElementType();
    Type acc = op.getAccType();
    auto accTy = RankedTensorType::get(ty.getShape(), toSignless(acc));
    auto axes = op.getAxes();
    // Loops follow the source's dimensions (inner loops walk contiguous memory); when a
    // reduced dimension is outside a kept one, --ptensor-parallel-outer blocks the kept one
    // and makes the blocks the parallel loop.
    int64_t rank = srcTy.getRank();
    SmallVector<Value> dyn;
    SmallVector<AffineExpr> inExprs, outExprs;
    SmallVector<utils::IteratorType> iters;
    for (int64_t i = 0; i < rank; ++i) {
      inExprs.push_back(rw.getAffineDimExpr(i));
      bool red = llvm::is_contained(axes, i);
      iters.push_back(red ? utils::IteratorType::reduction : utils::IteratorType::parallel);
      if (red)
        continue;
      outExprs.push_back(rw.getAffineDimExpr(i));
      if (accTy.isDynamicDim(outExprs.size() - 1))
        dyn.push_back(rw.create<tensor::DimOp>(loc, src, i));
    }
    if (axes.empty()) {
      // nothing reduced (a 0-d source): an elementwise op, init combined with each element.
      // (A generic that reads its init in all-parallel loops is fused into its consumers,
      // and bufferized it then accumulated across their iterations.)
      if (!emitReduceInit(rw, loc, op.getKind(), acc))
        return {};
      return buildElementwise(rw, loc, ty, {src}, [&](OpBuilder &b, Location l, ValueRange x) {
        Value v = emitReduceCombine(b, l, op.getKind(), emitReduceInit(b, l, op.getKind(), acc),
                                    emitCast(b, l, x[0], inElem, acc), acc);
        return emitCast(b, l, v, acc, outElem);
      });
    }
    Value empty = rw.create<tensor::EmptyOp>(loc, accTy, dyn);
    Value init = emitReduceInit(rw, loc, op.getKind(), acc);
    if (!init)
      return {};
    Value filled = rw.create<linalg::FillOp>(loc, init, empty).getResult(0);
    SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, inExprs, rw.getContext()),
                                   AffineMap::get(rank, 0, outExprs, rw.getContext())};
    auto g = rw.create<linalg::GenericOp>(
        loc, TypeRange{accTy}, ValueRange{src}, ValueRange{filled}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = emitCast(b, l, args[0], inElem, acc);
          b.create<linalg::YieldOp>(l, emitReduceCombine(b, l, op.getKind(), args[1], x, acc));
        });
    Value r = g.getResult(0);
    if (auto team = op.getSource().getType().getTeam(); team && llvm::is_contained(axes, 0)) {
      // the ranks' partial results (in the accumulation type) combine into every rank's
      Value t = rw.create<arith::ConstantIntOp>(loc, team.getInt(), 64);
      r = rw.create<dist::FinalizeReduceOp>(loc, accTy, t, ReduceKind(op.getKind()), r,
                                            isUnsigned(acc));
    }
    if (toSignless(acc) == toSignless(outElem) && isUnsigned(acc) == isUnsigned(outElem))
      return r;
    return buildElementwise(rw, loc, ty, {r}, [&](OpBuilder &b, Location l, ValueRange x) {
      return emitCast(b, l, x[0], acc, outElem);
    });
  }
};

struct MatmulLowering : Pattern<MatmulOp> {
  using Pattern::Pattern;
  Value lower(MatmulOp op, Adaptor a, ConversionPatternRewriter &rw, Location loc) const override {
    auto ty = resType(op);
    int64_t rank = ty.getRank();
    Value l = a.getLhs(), r = a.getRhs();
    // with a team, each rank multiplies its rows of lhs by the whole rhs (gathered; batched
    // operands' blocks coincide)
    if (Value t = teamOf(rw, loc, op.getLhs()); t && rank == 2)
      r = team::gatherRows(rw, loc, t, r);
    SmallVector<Value> dyn;
    for (int64_t i = 0; i < rank; ++i)
      if (ty.isDynamicDim(i))
        dyn.push_back(rw.create<tensor::DimOp>(loc, i == rank - 1 ? r : l, i));
    Type elem = op.getResult().getType().getElementType();
    Value zero = emitReduceInit(rw, loc, ReduceKind::sum, elem);
    Value init = rw.create<linalg::FillOp>(loc, zero, rw.create<tensor::EmptyOp>(loc, ty, dyn).getResult())
                     .getResult(0);
    if (rank == 2)
      return rw.create<linalg::MatmulOp>(loc, TypeRange{ty}, ValueRange{l, r}, ValueRange{init})
          .getResult(0);
    // batched: loops (batch..., m, n, k), k reduced
    auto d = [&](int64_t i) { return rw.getAffineDimExpr(i); };
    SmallVector<AffineExpr> lhs, rhs, out;
    for (int64_t i = 0; i < rank - 2; ++i) {
      lhs.push_back(d(i));
      rhs.push_back(d(i));
      out.push_back(d(i));
    }
    int64_t m = rank - 2, n = rank - 1, k = rank;
    lhs.append({d(m), d(k)});
    rhs.append({d(k), d(n)});
    out.append({d(m), d(n)});
    SmallVector<AffineMap> maps;
    for (auto *e : {&lhs, &rhs, &out})
      maps.push_back(AffineMap::get(rank + 1, 0, *e, rw.getContext()));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    iters.push_back(utils::IteratorType::reduction);
    return rw.create<linalg::GenericOp>(
        loc, TypeRange{ty}, ValueRange{l, r}, ValueRange{init}, maps, iters,
        [&](OpBuilder &b, Location bl, ValueRange x) {
          Value p = emitBinary(b, bl, BinaryOpKind::multiply, x[0], x[1], elem);
          b.create<linalg::YieldOp>(bl, emitBinary(b, bl, BinaryOpKind::add, x[2], p, elem));
        }).getResult(0);
  }
};

struct LowerPTensorPass : ptensor::impl::LowerPTensorBase<LowerPTensorPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    TypeConverter tc;
    tc.addConversion([](Type t) { return t; });
    tc.addConversion([](PTensorType t) -> Type { return t.toTensorType(); });

    bool anyComplex = false;
    getOperation().walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        if (auto pt = dyn_cast<PTensorType>(t); pt && isa<ComplexType>(pt.getElementType()))
          anyComplex = true;
    });
    if (anyComplex)
      declareComplexLibm(getOperation());
    expandComposites(getOperation()); // expand_dims, squeeze, flip, ...: core ops first

    WalkResult teams = getOperation().walk([](Operation *op) {
      if (!isa<PTensorDialect>(op->getDialect()) || team::lowered(op) ||
          (llvm::none_of(op->getOperandTypes(), hasTeam) && llvm::none_of(op->getResultTypes(), hasTeam)))
        return WalkResult::advance();
      op->emitOpError("on ptensors with a team is not lowered (record its dist ops instead)");
      return WalkResult::interrupt();
    });
    if (teams.wasInterrupted())
      return signalPassFailure();

    ConversionTarget target(*ctx);
    target.addIllegalDialect<PTensorDialect>();
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect, arith::ArithDialect,
                           math::MathDialect, scf::SCFDialect, complex::ComplexDialect,
                           dist::DistDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return tc.isSignatureLegal(f.getFunctionType()) && tc.isLegal(&f.getBody());
    });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) { return tc.isLegal(op); });

    RewritePatternSet patterns(ctx);
    patterns.add<FromRankedLowering, ToRankedLowering, CreateLowering, ArangeLowering,
                 LinspaceLowering, EyeLowering, ShapeLowering, RankLowering, SizeLowering,
                 CastLowering, BroadcastLowering, PermuteDimsLowering, ExtractSliceLowering, InsertSliceLowering,
                 UnaryLowering, UnaryTestLowering, BinaryLowering, BinaryTestLowering,
                 ReduceLowering, MatmulLowering, WhereLowering, ReshapeLowering,
                 TakeLowering, SearchSortedLowering, ScatterLowering>(tc, ctx);
    populateCustomCallLowering(patterns, tc);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, tc);
    populateReturnOpTypeConversionPattern(patterns, tc);
    populateCallOpTypeConversionPattern(patterns, tc);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

// --lower-ptensor for ptensors with a team: the Dist ops that move rows between the ranks'
// blocks (see LowerTeam.h). Partitions are described by dist.repartition's spec (n, spb,
// spo, sL, sa, ss, tpb, tpo, tL, ta, ts, hl, hh, su, tu): every partition here is the plain
// block partition (L, 0, L) of some row count L.
#include "Conversion/LowerTeam.h"
#include "Dist/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace ptensor;

namespace {
Value idx(OpBuilder &b, Location loc, int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }

/// The global rows of the team ptensor `v`: static from its type, else recorded by the op
/// that made it (or one of its operands), else null.
Value knownRows(OpBuilder &b, Location loc, Value v) {
  if (int64_t n = cast<PTensorType>(v.getType()).getShape()[0]; !ShapedType::isDynamic(n))
    return idx(b, loc, n);
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  if (auto o = dyn_cast<CreateOp>(def))
    return o.getShape()[0];
  if (auto o = dyn_cast<ArangeOp>(def))
    return o.getSize();
  if (auto o = dyn_cast<LinspaceOp>(def))
    return o.getNum();
  if (auto o = dyn_cast<EyeOp>(def))
    return o.getRows();
  if (auto o = dyn_cast<ExtractSliceOp>(def))
    return o.getSizes()[0];
  if (auto o = dyn_cast<BroadcastOp>(def))
    return o.getShape()[0];
  if (auto o = dyn_cast<ReshapeOp>(def))
    return o.getShape()[0];
  if (auto o = dyn_cast<InsertSliceOp>(def))
    return knownRows(b, loc, o.getDest());
  // ops whose result rows are those of their first operand with the team
  if (isa<CastOp, ElementwiseUnaryOp, ElementwiseUnaryTestOp, ElementwiseBinaryOp,
          ElementwiseBinaryTestOp, WhereOp, MatmulOp, ReduceOp>(def))
    for (Value o : def->getOperands())
      if (auto pt = dyn_cast<PTensorType>(o.getType()); pt && pt.getTeam())
        return knownRows(b, loc, o);
  return {};
}

/// `local` with dim 0 (and `alsoDynamic`, if >= 0) made dynamic.
RankedTensorType withDynamic(Value local, int64_t alsoDynamic = -1) {
  auto ty = cast<RankedTensorType>(local.getType());
  SmallVector<int64_t> shape(ty.getShape());
  shape[0] = ShapedType::kDynamic;
  if (alsoDynamic >= 0)
    shape[alsoDynamic] = ShapedType::kDynamic;
  return RankedTensorType::get(shape, ty.getElementType());
}

Value repartition(OpBuilder &b, Location loc, Value team, Value local, Value rows,
                  ArrayRef<Value> spec) {
  return b.create<dist::RepartitionOp>(loc, withDynamic(local), team, local, rows, spec, 0,
                                       /*ghosts_only=*/false);
}
} // namespace

Value team::teamValue(OpBuilder &b, Location loc, PTensorType ty) {
  return b.create<arith::ConstantIntOp>(loc, ty.getTeam().getInt(), 64);
}

std::pair<SmallVector<Value>, Value> team::localBlock(OpBuilder &b, Location loc, PTensorType ty,
                                                      ValueRange gsizes) {
  if (!ty.getTeam() || gsizes.empty())
    return {SmallVector<Value>(gsizes), Value()};
  Value team = teamValue(b, loc, ty);
  Value gid = b.create<dist::InitDTensorOp>(loc, b.getI64Type(), team, gsizes, 0);
  SmallVector<Type> types(gsizes.size(), b.getIndexType());
  auto shape = b.create<dist::LocalShapeOp>(loc, types, team, gid);
  auto offs = b.create<dist::LocalSliceOp>(loc, types, team, gid);
  return {SmallVector<Value>(shape.getResults()), offs.getResult(0)};
}

Value team::globalRows(OpBuilder &b, Location loc, Value v, Value local) {
  if (Value n = knownRows(b, loc, v))
    return n;
  auto ty = cast<PTensorType>(v.getType());
  // a function argument (or an op that does not record its rows): sum the blocks' rows
  Type i64 = b.getI64Type();
  auto one = RankedTensorType::get({1}, i64);
  Value mine = b.create<arith::IndexCastOp>(loc, i64, b.create<tensor::DimOp>(loc, local, 0));
  Value t = b.create<tensor::FromElementsOp>(loc, one, ValueRange{mine});
  Value all = b.create<dist::AllReduceOp>(loc, TypeRange{one}, teamValue(b, loc, ty),
                                          ReduceKind::sum, ValueRange{t}, false)
                  .getResult(0);
  Value n = b.create<tensor::ExtractOp>(loc, all, ValueRange{idx(b, loc, 0)});
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), n);
}

Value team::sliceRows(OpBuilder &b, Location loc, Value team, Value local, Value L, Value off,
                      Value n, Value st) {
  Value z = idx(b, loc, 0), o = idx(b, loc, 1);
  Value rows = team::block(b, loc, team, n).first;
  return repartition(b, loc, team, local, rows, {n, L, z, L, off, st, n, z, n, z, o, z, z, o, o});
}

std::pair<Value, Value> team::block(OpBuilder &b, Location loc, Value team, Value n) {
  Value gid = b.create<dist::InitDTensorOp>(loc, b.getI64Type(), team, ValueRange{n}, 0);
  Value rows = b.create<dist::LocalShapeOp>(loc, TypeRange{b.getIndexType()}, team, gid).getResult(0);
  Value first = b.create<dist::LocalSliceOp>(loc, TypeRange{b.getIndexType()}, team, gid).getResult(0);
  return {rows, first};
}

std::pair<Value, Value> team::owner(OpBuilder &b, Location loc, Value team, Value L, Value i) {
  Value z = idx(b, loc, 0);
  auto [mine, lo] = block(b, loc, team, L);
  Value at = b.create<arith::SubIOp>(loc, i, lo);
  Value owned = b.create<arith::AndIOp>(
      loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, at, z),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, at, mine));
  return {owned, b.create<arith::SelectOp>(loc, owned, at, z)};
}

Value team::pickRow(OpBuilder &b, Location loc, Value team, Value local, Value L, Value i) {
  auto [owned, first] = owner(b, loc, team, L, i);
  Value count = b.create<arith::SelectOp>(loc, owned, idx(b, loc, 1), idx(b, loc, 0));
  auto ty = cast<RankedTensorType>(local.getType());
  SmallVector<OpFoldResult> offs(ty.getRank(), b.getIndexAttr(0)), sizes, strides(ty.getRank(), b.getIndexAttr(1));
  offs[0] = first;
  sizes.push_back(count);
  for (int64_t d = 1; d < ty.getRank(); ++d)
    sizes.push_back(ty.isDynamicDim(d) ? OpFoldResult(b.create<tensor::DimOp>(loc, local, d).getResult())
                                       : OpFoldResult(b.getIndexAttr(ty.getDimSize(d))));
  return b.create<tensor::ExtractSliceOp>(loc, withDynamic(local), local, offs, sizes, strides);
}

team::Landing team::insertRows(OpBuilder &b, Location loc, Value team, Value local, Value n,
                               Value L, Value off, Value st) {
  Value z = idx(b, loc, 0), o = idx(b, loc, 1);
  auto [mine, lo] = team::block(b, loc, team, L);
  Value hi = b.create<arith::AddIOp>(loc, lo, mine);
  // items i with lo <= off + st * i < hi, a range [i0, i1) of [0, n)
  auto sub = [&](Value x, Value y) { return b.create<arith::SubIOp>(loc, x, y).getResult(); };
  auto ceil = [&](Value x, Value y) { return b.create<arith::CeilDivSIOp>(loc, x, y).getResult(); };
  auto floor = [&](Value x, Value y) { return b.create<arith::FloorDivSIOp>(loc, x, y).getResult(); };
  Value up = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, st, z);
  Value pos = b.create<arith::MaxSIOp>(loc, st, o), neg = b.create<arith::MaxSIOp>(loc, sub(z, st), o);
  Value i0 = b.create<arith::SelectOp>(loc, up, ceil(sub(lo, off), pos),
                                       b.create<arith::AddIOp>(loc, floor(sub(off, hi), neg), o));
  Value i1 = b.create<arith::SelectOp>(loc, up, ceil(sub(hi, off), pos),
                                       b.create<arith::AddIOp>(loc, floor(sub(off, lo), neg), o));
  i0 = b.create<arith::MaxSIOp>(loc, i0, z);
  i1 = b.create<arith::MinSIOp>(loc, i1, n);
  Value count = b.create<arith::MaxSIOp>(loc, sub(i1, i0), z);
  Value first = sub(b.create<arith::AddIOp>(loc, off, b.create<arith::MulIOp>(loc, st, i0)), lo);
  Value none = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, count, z);
  first = b.create<arith::SelectOp>(loc, none, z, first);
  Value rows = repartition(b, loc, team, local, count, {n, n, z, n, z, o, L, z, L, off, st, z, z, o, o});
  return {rows, first, count};
}

Value team::resplit(OpBuilder &b, Location loc, Value team, Value local, int64_t axis) {
  return b.create<dist::AllToAllOp>(loc, TypeRange{withDynamic(local, axis)}, team,
                                    ValueRange{local}, axis, 0)
      .getResult(0);
}

Value team::gatherRows(OpBuilder &b, Location loc, Value team, Value local) {
  return b.create<dist::AllGatherOp>(loc, TypeRange{withDynamic(local)}, team, ValueRange{local}, 0)
      .getResult(0);
}

Value team::reshapeRows(OpBuilder &b, Location loc, Value team, Value local, Value L,
                        ValueRange shape, RankedTensorType resTy) {
  auto ty = cast<RankedTensorType>(local.getType());
  auto mul = [&](Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y).getResult(); };
  Value z = idx(b, loc, 0), o = idx(b, loc, 1), inner = o, innerNew = o;
  for (int64_t d = 1; d < ty.getRank(); ++d)
    inner = mul(inner, b.create<tensor::DimOp>(loc, local, d));
  for (Value s : shape.drop_front())
    innerNew = mul(innerNew, s);
  Value total = mul(L, inner), M = shape[0];
  Value flat = local;
  if (ty.getRank() > 1) {
    ReassociationIndices all;
    for (int64_t d = 0; d < ty.getRank(); ++d)
      all.push_back(d);
    flat = b.create<tensor::CollapseShapeOp>(loc, local, ArrayRef<ReassociationIndices>{all});
  }
  Value mine = team::block(b, loc, team, M).first;
  Value moved = repartition(b, loc, team, flat, mul(mine, innerNew),
                            {total, L, z, L, z, o, M, z, M, z, o, z, z, inner, innerNew});
  SmallVector<Value> sizes{mine};
  sizes.append(shape.begin() + 1, shape.end());
  auto shapeTy = RankedTensorType::get({int64_t(sizes.size())}, b.getIndexType());
  return b.create<tensor::ReshapeOp>(loc, resTy, moved, b.create<tensor::FromElementsOp>(loc, shapeTy, sizes));
}

bool team::lowered(Operation *op) {
  if (auto r = dyn_cast<ReshapeOp>(op)) // 0-d ptensors with a team are replicated
    return r.getResult().getType().getRank() > 0 && r.getSource().getType().getRank() > 0;
  return !isa<CustomCallOp>(op);
}

// More ops of the RFC (Ops.td, "more ops of the RFC"), expanded into core ops at the start of
// --lower-ptensor (called by ExpandComposites.cpp), so they fuse and lower as the core ops do:
//   extract_triangle(x, k)  -> where(j - i <= k (lower) or >= k (upper), x, 0) over the last
//                              two dimensions (two aranges, broadcast, compared)
//   combine concat          -> an empty result, each input inserted at its offset along axis
//   combine stack           -> each input given a unit dimension at axis, then concat
//   roll(x, shifts, axes)   -> per axis: the last r = shift mod n elements first, then the rest
//                              (two slices inserted into an empty result)
//   vecdot(a, b, axis)      -> reduce sum(conj(a) * b) over axis, accumulated as sum's
//   find_index(x, axis)     -> m = reduce max/min; the smallest index where x == m (or both
//                              are NaN): reduce min of where(hit, index, n)
//   test(x, axes)           -> x != 0 as ui8, reduce max (any) / min (all), != 0
//   tensor_dot(a, b, axes)  -> a's free axes first and b's last (permute_dims), both reshaped
//                              to matrices, one matmul, reshaped to the free dimensions
//   sort / argsort(x, axis) -> the host's built-in custom call "ptensor.sort" (a stable sort
//                              of each row of the last axis), the axis moved last around it
// and the ops of data-dependent size, from the positions of the true elements of a flat mask
// (k-th = searchsorted(scan(mask), k + 1), as python/ptensor/_searching.py computes them; their
// number, where the result's size is dynamic, a reduction of the mask):
//   extract_mask(x, mask)   -> take(x flattened over the mask's dimensions, positions, axis 0)
//   nonzero(x)              -> the positions of x != 0, unravelled (floor_divide, remainder)
//   unique_*(x)             -> one stable sort s (with its permutation p) of x flattened;
//                              starts = (s != roll(s, 1)) or position 0; values = s[starts],
//                              indices = p[starts], counts = ends - starts + 1 (ends: the
//                              starts rolled by -1), inverse = scatter of scan(starts) - 1 to p
//   from_dlpack(address)    -> the host runtime's built-in custom call "ptensor.from_dlpack"
//                              (a copy), after a call for its shape when a size is dynamic
#include "Conversion/ExpandComposites.h"

#include "PTensor/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace ptensor {
namespace {
PTensorType ptOf(PTensorType like, ArrayRef<int64_t> shape, Type elem) {
  return PTensorType::get(like.getContext(), shape, elem, like.getDevice(), like.getTeam());
}

/// 0, 1, ... for the dimensions of rank r but `axes`.
SmallVector<int64_t> othersThan(int64_t r, ArrayRef<int64_t> axes) {
  SmallVector<int64_t> d;
  for (int64_t i = 0; i < r; ++i)
    if (!llvm::is_contained(axes, i))
      d.push_back(i);
  return d;
}

struct Expander {
  OpBuilder &b;
  Location loc;

  Value expandOne(Operation *op);
  Value index(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }
  Value i64(int64_t v) { return b.create<arith::ConstantIntOp>(loc, v, 64); }
  Value i64Of(Value idx) { return b.create<arith::IndexCastOp>(loc, b.getI64Type(), idx); }
  Type i1() { return b.getI1Type(); }
  Type i64Type() { return b.getI64Type(); }

  Value full(PTensorType t, ArrayRef<Value> sizes, Value v) {
    return b.create<CreateOp>(loc, t, sizes, v, Value());
  }
  Value empty(PTensorType t, ArrayRef<Value> sizes) {
    return b.create<CreateOp>(loc, t, sizes, Value(), Value());
  }
  Value binary(PTensorType t, BinaryOpKind k, Value l, Value r) {
    return b.create<ElementwiseBinaryOp>(loc, t, BinaryOpKindAttr::get(b.getContext(), k), l, r);
  }
  Value test(PTensorType t, BinaryTestKind k, Value l, Value r) {
    return b.create<ElementwiseBinaryTestOp>(loc, t, BinaryTestKindAttr::get(b.getContext(), k),
                                             l, r);
  }
  Value reduce(PTensorType t, ReduceKind k, Value x, ArrayRef<int64_t> axes, Type acc) {
    return b.create<ReduceOp>(loc, t, ReduceKindAttr::get(b.getContext(), k), x,
                              b.getDenseI64ArrayAttr(axes), TypeAttr::get(acc));
  }
  Value broadcast(PTensorType t, Value x, ArrayRef<Value> sizes, ArrayRef<int64_t> dims) {
    return b.create<BroadcastOp>(loc, t, x, sizes, b.getDenseI64ArrayAttr(dims));
  }
  /// 0, 1, ..., n - 1 as i64 along dimension `axis` of an array of `sizes` (static `shape`).
  Value positions(PTensorType like, ArrayRef<int64_t> shape, ArrayRef<Value> sizes, int64_t axis) {
    Value a = b.create<ArangeOp>(loc, ptOf(like, {shape[axis]}, i64Type()), i64(0), i64(1),
                                 sizes[axis]);
    return broadcast(ptOf(like, shape, i64Type()), a, sizes, {axis});
  }
  /// x with its part [offset, offset + size) along axis inserted into dest at `at`.
  Value insertPart(Value dest, Value x, int64_t axis, Value offset, Value size, Value at) {
    int64_t r = cast<PTensorType>(x.getType()).getRank();
    SmallVector<Value> offs(r, index(0)), sizes = dimsOf(b, loc, x), steps(r, index(1));
    offs[axis] = offset;
    sizes[axis] = size;
    auto xt = cast<PTensorType>(x.getType());
    SmallVector<int64_t> shape(xt.getShape());
    shape[axis] = ShapedType::kDynamic;
    Value part = b.create<ExtractSliceOp>(loc, ptOf(xt, shape, xt.getElementType()), x, offs,
                                          sizes, steps, b.getDenseI64ArrayAttr({}));
    SmallVector<Value> to(r, index(0));
    to[axis] = at;
    return b.create<InsertSliceOp>(loc, dest.getType(), part, dest, to, sizes, steps,
                                   b.getDenseI64ArrayAttr({}));
  }

  Value triangle(ExtractTriangleOp op) {
    Value x = op.getSource();
    PTensorType t = op.getType();
    int64_t r = t.getRank();
    SmallVector<Value> sizes = dimsOf(b, loc, x);
    SmallVector<int64_t> mshape{t.getShape()[r - 2], t.getShape()[r - 1]};
    SmallVector<Value> msizes{sizes[r - 2], sizes[r - 1]};
    Value rows = positions(t, mshape, msizes, 0), cols = positions(t, mshape, msizes, 1);
    PTensorType mi64 = ptOf(t, mshape, i64Type());
    Value d = binary(mi64, BinaryOpKind::subtract, cols, rows); // j - i
    Value k = full(mi64, msizes, i64(op.getK()));
    bool lower = op.getSide() == TriangleSide::lower;
    Value keep = test(ptOf(t, mshape, i1()),
                      lower ? BinaryTestKind::less_equal : BinaryTestKind::greater_equal, d, k);
    if (r > 2)
      keep = broadcast(ptOf(t, t.getShape(), i1()), keep, sizes, {r - 2, r - 1});
    return b.create<WhereOp>(loc, t, keep, x, full(t, sizes, i64(0)));
  }

  Value concat(PTensorType t, ArrayRef<Value> inputs, int64_t axis) {
    SmallVector<Value> sizes = dimsOf(b, loc, inputs[0]), lengths;
    Value total = index(0);
    for (Value v : inputs) {
      lengths.push_back(dimOf(b, loc, v, axis));
      total = b.create<arith::AddIOp>(loc, total, lengths.back());
    }
    sizes[axis] = total;
    Value out = empty(t, sizes), at = index(0);
    for (auto [v, n] : llvm::zip(inputs, lengths)) {
      out = insertPart(out, v, axis, index(0), n, at);
      at = b.create<arith::AddIOp>(loc, at, n);
    }
    return out;
  }

  Value combine(CombineOp op) {
    int64_t axis = op.getAxis();
    SmallVector<Value> inputs(op.getInputs());
    if (op.getKind() == CombineKind::stack)
      for (Value &v : inputs) { // a unit dimension at axis
        auto vt = cast<PTensorType>(v.getType());
        SmallVector<int64_t> shape(vt.getShape());
        shape.insert(shape.begin() + axis, 1);
        SmallVector<Value> sizes = dimsOf(b, loc, v);
        sizes.insert(sizes.begin() + axis, index(1));
        v = broadcast(ptOf(vt, shape, vt.getElementType()), v, sizes,
                      othersThan(vt.getRank() + 1, {axis}));
      }
    return concat(op.getType(), inputs, axis);
  }

  Value roll(RollOp op) { return rollOf(op.getSource(), op.getShifts(), op.getAxes()); }

  Value rollOf(Value x, ArrayRef<int64_t> shifts, ArrayRef<int64_t> axes) {
    for (auto [s, a] : llvm::zip(shifts, axes)) {
      Value n = dimOf(b, loc, x, a);
      Value nn = b.create<arith::MaxSIOp>(loc, n, index(1)); // an empty axis: nothing moves
      Value r = b.create<arith::RemSIOp>(loc, index(s), nn);
      Value neg = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, r, index(0));
      r = b.create<arith::SelectOp>(loc, neg, b.create<arith::AddIOp>(loc, r, nn), r);
      Value head = b.create<arith::SubIOp>(loc, n, r);
      Value out = empty(cast<PTensorType>(x.getType()), dimsOf(b, loc, x));
      out = insertPart(out, x, a, head, r, index(0)); // the last r elements first
      x = insertPart(out, x, a, index(0), head, r);
    }
    return x;
  }

  /// sum's accumulator for elements of type e (python/ptensor/_statistical.py _acc).
  Type sumAccumulator(Type e) {
    if (isa<ComplexType>(e))
      return ComplexType::get(b.getF64Type());
    if (isa<FloatType>(e))
      return b.getF64Type();
    return e.isUnsignedInteger() ? b.getIntegerType(64, false) : b.getI64Type();
  }

  Value vecdot(VecdotOp op) {
    Value l = op.getLhs();
    auto lt = op.getLhs().getType();
    if (isa<ComplexType>(lt.getElementType()))
      l = b.create<ElementwiseUnaryOp>(
          loc, lt, UnaryOpKindAttr::get(b.getContext(), UnaryOpKind::conj), l);
    Value p = binary(lt, BinaryOpKind::multiply, l, op.getRhs());
    return reduce(op.getType(), ReduceKind::sum, p, {op.getAxis()},
                  sumAccumulator(lt.getElementType()));
  }

  Value findIndex(FindIndexOp op) {
    Value x = op.getSource();
    PTensorType t = op.getSource().getType();
    Type elem = t.getElementType();
    int64_t a = op.getAxis(), r = t.getRank();
    SmallVector<Value> sizes = dimsOf(b, loc, x);
    bool max = op.getKind() == FindKind::argmax;
    Value m = reduce(ptOf(t, withoutDims(t.getShape(), {a}), elem),
                     max ? ReduceKind::max : ReduceKind::min, x, {a}, elem);
    m = broadcast(t, m, sizes, othersThan(r, {a}));
    PTensorType bools = ptOf(t, t.getShape(), i1());
    Value hit = test(bools, BinaryTestKind::equal, x, m);
    if (isa<FloatType>(elem)) { // a NaN extreme: the first NaN
      auto isnan = [&](Value v) {
        return b.create<ElementwiseUnaryTestOp>(
            loc, bools, UnaryTestKindAttr::get(b.getContext(), UnaryTestKind::isnan), v);
      };
      Value both = test(bools, BinaryTestKind::logical_and, isnan(m), isnan(x));
      hit = test(bools, BinaryTestKind::logical_or, hit, both);
    }
    PTensorType idx = ptOf(t, t.getShape(), i64Type());
    Value n = full(idx, sizes, i64Of(sizes[a]));
    Value cand = b.create<WhereOp>(loc, idx, hit, positions(t, t.getShape(), sizes, a), n);
    return reduce(op.getType(), ReduceKind::min, cand, {a}, i64Type());
  }

  Value truth(TestOp op) {
    Value x = op.getSource();
    PTensorType t = op.getSource().getType();
    Type u8 = b.getIntegerType(8, false);
    Value v = b.create<CastOp>(loc, ptOf(t, t.getShape(), i1()), x);
    v = b.create<CastOp>(loc, ptOf(t, t.getShape(), u8), v);
    // 0/1 reduced with max (any) or min (all); their identities 0 and 255 give false for any
    // and true for all of nothing
    PTensorType red = ptOf(t, op.getType().getShape(), u8);
    bool any = op.getKind() == TestKind::any;
    v = reduce(red, any ? ReduceKind::max : ReduceKind::min, v, op.getAxes(), u8);
    SmallVector<Value> sizes = withoutDims(ArrayRef<Value>(dimsOf(b, loc, x)), op.getAxes());
    return test(op.getType(), BinaryTestKind::not_equal, v, full(red, sizes, i64(0)));
  }

  /// x with dimensions `perm` (a permutation) flattened into groups of the given sizes.
  Value matrixOf(Value x, ArrayRef<int64_t> perm, size_t rows) {
    auto t = cast<PTensorType>(x.getType());
    SmallVector<Value> sizes = dimsOf(b, loc, x);
    bool identity = true;
    SmallVector<int64_t> shape;
    for (auto [i, d] : llvm::enumerate(perm)) {
      identity &= int64_t(i) == d;
      shape.push_back(t.getShape()[d]);
    }
    if (!identity)
      x = b.create<PermuteDimsOp>(loc, ptOf(t, shape, t.getElementType()), x,
                                  b.getDenseI64ArrayAttr(perm));
    Value m = index(1), n = index(1);
    for (auto [i, d] : llvm::enumerate(perm))
      (i < rows ? m : n) = b.create<arith::MulIOp>(loc, i < rows ? m : n, sizes[d]);
    int64_t dyn = ShapedType::kDynamic;
    return b.create<ReshapeOp>(loc, ptOf(t, {dyn, dyn}, t.getElementType()), x, ValueRange{m, n});
  }

  Value tensorDot(TensorDotOp op) {
    Value l = op.getLhs(), r = op.getRhs();
    int64_t rl = op.getLhs().getType().getRank(), rr = op.getRhs().getType().getRank();
    SmallVector<int64_t> freeL = othersThan(rl, op.getLhsAxes()), permL = freeL;
    permL.append(op.getLhsAxes().begin(), op.getLhsAxes().end());
    SmallVector<int64_t> freeR = othersThan(rr, op.getRhsAxes());
    SmallVector<int64_t> permR(op.getRhsAxes());
    permR.append(freeR);
    Value a = matrixOf(l, permL, freeL.size());
    Value c = matrixOf(r, permR, op.getRhsAxes().size());
    int64_t dyn = ShapedType::kDynamic;
    PTensorType t = op.getType();
    Value prod = b.create<MatmulOp>(loc, ptOf(t, {dyn, dyn}, t.getElementType()), a, c);
    SmallVector<Value> sizes = withoutDims(ArrayRef<Value>(dimsOf(b, loc, l)), op.getLhsAxes());
    sizes.append(withoutDims(ArrayRef<Value>(dimsOf(b, loc, r)), op.getRhsAxes()));
    return b.create<ReshapeOp>(loc, t, prod, sizes);
  }

  /// "ptensor.sort" of y's rows along its last axis: the sorted values, and their indices
  /// (i64) when `indices`.
  Operation *sortLast(Value y, bool descending, bool indices) {
    auto yt = cast<PTensorType>(y.getType());
    SmallVector<Type> types{yt};
    if (indices)
      types.push_back(ptOf(yt, yt.getShape(), i64Type()));
    SmallVector<Value> sizes, ysizes = dimsOf(b, loc, y);
    for (Type ty : types)
      for (auto [d, s] : llvm::enumerate(cast<PTensorType>(ty).getShape()))
        if (ShapedType::isDynamic(s))
          sizes.push_back(ysizes[d]);
    auto config = b.getDictionaryAttr(b.getNamedAttr("descending", b.getBoolAttr(descending)));
    return b.create<CustomCallOp>(loc, types, ValueRange{y}, sizes, "ptensor.sort", config, false,
                                  4);
  }

  /// sort or argsort: result `which` (0 values, 1 indices) of "ptensor.sort" along axis.
  Value sort(Value x, int64_t axis, bool descending, PTensorType resultType, unsigned which) {
    auto t = cast<PTensorType>(x.getType());
    int64_t r = t.getRank();
    SmallVector<int64_t> perm = othersThan(r, {axis});
    perm.push_back(axis); // axis last
    Value y = x;
    SmallVector<int64_t> shape;
    for (int64_t d : perm)
      shape.push_back(t.getShape()[d]);
    PTensorType yt = ptOf(t, shape, t.getElementType());
    if (axis != r - 1)
      y = b.create<PermuteDimsOp>(loc, yt, x, b.getDenseI64ArrayAttr(perm));
    Value v = sortLast(y, descending, which == 1)->getResult(which);
    if (axis == r - 1)
      return v;
    SmallVector<int64_t> back(r); // the inverse permutation
    for (int64_t i = 0; i < r; ++i)
      back[perm[i]] = i;
    return b.create<PermuteDimsOp>(loc, resultType, v, b.getDenseI64ArrayAttr(back));
  }

  // ---- data-dependent sizes

  /// x flattened over its first m dimensions: [n, the others...] (n static where they are).
  Value flattenLeading(Value x, int64_t m) {
    if (m == 1)
      return x;
    auto t = cast<PTensorType>(x.getType());
    SmallVector<Value> sizes = dimsOf(b, loc, x), to;
    int64_t n = 1;
    Value nv = index(1);
    for (int64_t d = 0; d < m; ++d) {
      int64_t s = t.getShape()[d];
      n = ShapedType::isDynamic(s) || ShapedType::isDynamic(n) ? ShapedType::kDynamic : n * s;
      nv = b.create<arith::MulIOp>(loc, nv, sizes[d]);
    }
    SmallVector<int64_t> shape{n};
    shape.append(t.getShape().begin() + m, t.getShape().end());
    to.push_back(nv);
    to.append(sizes.begin() + m, sizes.end());
    return b.create<ReshapeOp>(loc, ptOf(t, shape, t.getElementType()), x, to);
  }

  Value ints(Value x) {
    auto t = cast<PTensorType>(x.getType());
    return b.create<CastOp>(loc, ptOf(t, t.getShape(), i64Type()), x);
  }

  /// The inclusive sum of the 1-D i64 x ("ptensor.scan", the kernel of cumulative_sum).
  Value scan(Value x) {
    auto t = cast<PTensorType>(x.getType());
    SmallVector<Value> sizes;
    if (ShapedType::isDynamic(t.getShape()[0]))
      sizes.push_back(dimOf(b, loc, x, 0));
    auto config = b.getDictionaryAttr({b.getNamedAttr("axis", b.getI64IntegerAttr(0)),
                                       b.getNamedAttr("prod", b.getBoolAttr(false))});
    return b.create<CustomCallOp>(loc, TypeRange{t}, ValueRange{x}, sizes, "ptensor.scan",
                                  config, false, 4)
        ->getResult(0);
  }

  /// The number of true elements of the 1-D i1 mask, as an index.
  Value countOf(Value mask) {
    auto t = cast<PTensorType>(mask.getType());
    PTensorType scalar = ptOf(t, {}, i64Type());
    Value s = reduce(scalar, ReduceKind::sum, ints(mask), {0}, i64Type());
    Value r = b.create<ToRankedOp>(loc, scalar.toTensorType(), s);
    Value e = b.create<tensor::ExtractOp>(loc, r, ValueRange{});
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(), e);
  }

  /// The positions (i64, ascending) of the true elements of the 1-D i1 mask: `size` of them
  /// (static: the caller's count; dynamic: counted here).
  Value positionsOf(Value mask, int64_t size) {
    auto t = cast<PTensorType>(mask.getType());
    Value k = ShapedType::isDynamic(size) ? countOf(mask) : index(size);
    PTensorType out = ptOf(t, {size}, i64Type());
    Value ks = b.create<ArangeOp>(loc, out, i64(1), i64(1), k);
    return b.create<SearchSortedOp>(loc, out, scan(ints(mask)), ks, b.getBoolAttr(false));
  }

  Value takeRows(PTensorType t, Value x, Value rows) {
    return b.create<TakeOp>(loc, t, x, rows, b.getI64IntegerAttr(0));
  }

  Value extractMask(ExtractMaskOp op) {
    int64_t m = op.getMask().getType().getRank();
    Value x = flattenLeading(op.getSource(), m), mask = flattenLeading(op.getMask(), m);
    Value pos = positionsOf(mask, op.getType().getShape()[0]);
    return takeRows(op.getType(), x, pos);
  }

  SmallVector<Value> nonzero(NonzeroOp op) {
    Value x = op.getSource();
    PTensorType t = op.getSource().getType();
    int64_t r = t.getRank(), k = ShapedType::kDynamic;
    for (Type ty : op.getResultTypes()) // a static count, where a result has one
      if (!ShapedType::isDynamic(cast<PTensorType>(ty).getShape()[0]))
        k = cast<PTensorType>(ty).getShape()[0];
    SmallVector<Value> sizes = dimsOf(b, loc, x);
    Value nz = b.create<CastOp>(loc, ptOf(t, t.getShape(), i1()), x);
    Value pos = positionsOf(flattenLeading(nz, r), k);
    PTensorType kt = ptOf(t, {k}, i64Type());
    Value kv = dimOf(b, loc, pos, 0);
    SmallVector<Value> out(r);
    for (int64_t d = r - 1; d > 0; --d) { // unravel the flat positions, the last axis first
      Value n = full(kt, {kv}, i64Of(sizes[d]));
      out[d] = binary(cast<PTensorType>(op.getResult(d).getType()), BinaryOpKind::remainder,
                      pos, n);
      pos = binary(kt, BinaryOpKind::floor_divide, pos, n);
    }
    out[0] = pos;
    if (pos.getType() != op.getResult(0).getType())
      out[0] = binary(cast<PTensorType>(op.getResult(0).getType()), BinaryOpKind::add, pos,
                      full(kt, {kv}, i64(0)));
    return out;
  }

  /// unique_values / _counts / _inverse / _all: the results in the op's order.
  SmallVector<Value> unique(Operation *op) {
    Value x = op->getOperand(0);
    auto t = cast<PTensorType>(x.getType());
    Value flat = flattenLeading(x, t.getRank());
    auto ft = cast<PTensorType>(flat.getType());
    // (the permutation only where inverse indices need it; x of rank 0 is flattened to [1])
    Operation *sorted = sortLast(flat, false, isa<UniqueInverseOp, UniqueAllOp>(op));
    Value s = sorted->getResult(0);
    PTensorType bools = ptOf(ft, ft.getShape(), i1());
    SmallVector<Value> n{dimOf(b, loc, flat, 0)};
    Value first = test(bools, BinaryTestKind::equal, positions(ft, ft.getShape(), n, 0),
                       full(ptOf(ft, ft.getShape(), i64Type()), n, i64(0)));
    Value starts = test(bools, BinaryTestKind::logical_or, first,
                        test(bools, BinaryTestKind::not_equal, s, rollOf(s, {1}, {0})));
    auto values = cast<PTensorType>(op->getResult(0).getType());
    int64_t k = values.getShape()[0];
    Value at = positionsOf(starts, k);
    SmallVector<Value> out{takeRows(values, s, at)};
    auto typeOf = [&](unsigned i) { return cast<PTensorType>(op->getResult(i).getType()); };
    auto counts = [&](PTensorType ct) {
      Value ends = positionsOf(rollOf(starts, {-1}, {0}), k);
      PTensorType kt = ptOf(ft, {k}, i64Type());
      Value one = full(kt, {dimOf(b, loc, at, 0)}, i64(1));
      return binary(ct, BinaryOpKind::add, binary(kt, BinaryOpKind::subtract, ends, at), one);
    };
    auto inverseOf = [&](PTensorType it) {
      PTensorType ni = ptOf(ft, ft.getShape(), i64Type());
      Value group = binary(ni, BinaryOpKind::subtract, scan(ints(starts)), full(ni, n, i64(1)));
      Value back = b.create<ScatterOp>(loc, ni, group, sorted->getResult(1), group);
      return b.create<ReshapeOp>(loc, it, back, dimsOf(b, loc, x)).getResult();
    };
    if (isa<UniqueCountsOp>(op))
      out.push_back(counts(typeOf(1)));
    if (isa<UniqueInverseOp>(op))
      out.push_back(inverseOf(typeOf(1)));
    if (isa<UniqueAllOp>(op)) {
      out.push_back(takeRows(typeOf(1), sorted->getResult(1), at));
      out.push_back(inverseOf(typeOf(2)));
      out.push_back(counts(typeOf(3)));
    }
    return out;
  }

  Value fromDlpack(FromDlpackOp op) {
    PTensorType t = op.getType();
    Value address = full(ptOf(t, {}, i64Type()), {}, op.getAddress());
    SmallVector<Value> sizes;
    if (llvm::any_of(t.getShape(), ShapedType::isDynamic)) { // the tensor's shape first
      PTensorType st = ptOf(t, {t.getRank()}, i64Type());
      auto config = b.getDictionaryAttr(b.getNamedAttr("shape_only", b.getBoolAttr(true)));
      Value shape = b.create<CustomCallOp>(loc, TypeRange{st}, ValueRange{address}, ValueRange{},
                                           "ptensor.from_dlpack", config, false, 4)
                        ->getResult(0);
      Value ranked = b.create<ToRankedOp>(loc, st.toTensorType(), shape);
      for (int64_t d = 0; d < t.getRank(); ++d)
        if (ShapedType::isDynamic(t.getShape()[d]))
          sizes.push_back(b.create<arith::IndexCastOp>(
              loc, b.getIndexType(), b.create<tensor::ExtractOp>(loc, ranked, ValueRange{index(d)})));
    }
    return b.create<CustomCallOp>(loc, TypeRange{t}, ValueRange{address}, sizes,
                                  "ptensor.from_dlpack", b.getDictionaryAttr({}), false, 4)
        ->getResult(0);
  }
};
} // namespace

bool isRfcOp(Operation *op) {
  return isa<ExtractTriangleOp, CombineOp, RollOp, VecdotOp, FindIndexOp, TestOp, TensorDotOp,
             SortOp, ArgsortOp, ExtractMaskOp, NonzeroOp, UniqueValuesOp, UniqueCountsOp,
             UniqueInverseOp, UniqueAllOp, FromDlpackOp>(op);
}

SmallVector<Value> expandRfcOp(OpBuilder &b, Operation *op) {
  Expander e{b, op->getLoc()};
  if (auto o = dyn_cast<NonzeroOp>(op))
    return e.nonzero(o);
  if (isa<UniqueValuesOp, UniqueCountsOp, UniqueInverseOp, UniqueAllOp>(op))
    return e.unique(op);
  return {e.expandOne(op)};
}

Value Expander::expandOne(Operation *op) {
  Expander &e = *this;
  if (auto o = dyn_cast<ExtractMaskOp>(op))
    return e.extractMask(o);
  if (auto o = dyn_cast<FromDlpackOp>(op))
    return e.fromDlpack(o);
  if (auto o = dyn_cast<ExtractTriangleOp>(op))
    return e.triangle(o);
  if (auto o = dyn_cast<CombineOp>(op))
    return e.combine(o);
  if (auto o = dyn_cast<RollOp>(op))
    return e.roll(o);
  if (auto o = dyn_cast<VecdotOp>(op))
    return e.vecdot(o);
  if (auto o = dyn_cast<FindIndexOp>(op))
    return e.findIndex(o);
  if (auto o = dyn_cast<TestOp>(op))
    return e.truth(o);
  if (auto o = dyn_cast<TensorDotOp>(op))
    return e.tensorDot(o);
  if (auto o = dyn_cast<SortOp>(op))
    return e.sort(o.getSource(), o.getAxis(), o.getDescending(), o.getType(), 0);
  auto o = cast<ArgsortOp>(op);
  return e.sort(o.getSource(), o.getAxis(), o.getDescending(), o.getType(), 1);
}
} // namespace ptensor

// The manipulation ops of the RFC that the core ops define (Ops.td, "manipulation ops of the
// RFC"), expanded into those core ops at the start of --lower-ptensor:
//   expand_dims(x, axis)    -> broadcast x to x's sizes with a 1 at axis
//   squeeze(x, axes)        -> extract_slice of all of x, `axes` dropped
//   matrix_transpose(x)     -> permute_dims with the last two dimensions swapped
//   flip(x, axes)           -> extract_slice with offset n-1 and step -1 along `axes`
//   create_like(x, v)       -> create with x's sizes
// and the RFC's ops of ExpandRfcOps.cpp (extract_triangle, combine, roll, vecdot, find_index,
// test, tensor_dot, sort, argsort, extract_mask, nonzero, unique_*, from_dlpack).
// They then fuse and lower as the core ops do. Ops on ptensors with a team are left alone (the
// pass refuses them, as it refuses other team ops it does not lower).
#include "Conversion/ExpandComposites.h"

#include "PTensor/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace ptensor {
Value dimOf(OpBuilder &b, Location loc, Value x, int64_t d) {
  auto t = cast<PTensorType>(x.getType());
  if (!ShapedType::isDynamic(t.getShape()[d]))
    return b.create<arith::ConstantIndexOp>(loc, t.getShape()[d]);
  auto shapeTy = RankedTensorType::get({t.getRank()}, b.getIndexType());
  Value shape = b.create<ShapeOp>(loc, shapeTy, x);
  Value i = b.create<arith::ConstantIndexOp>(loc, d);
  return b.create<tensor::ExtractOp>(loc, shape, ValueRange{i});
}

SmallVector<Value> dimsOf(OpBuilder &b, Location loc, Value x) {
  SmallVector<Value> v;
  for (int64_t d = 0; d < cast<PTensorType>(x.getType()).getRank(); ++d)
    v.push_back(dimOf(b, loc, x, d));
  return v;
}

namespace {

/// extract_slice of x: offsets/strides per dimension, every element of the others, `dropped`
/// removed.
Value sliceOf(OpBuilder &b, Location loc, Type ty, Value x, ArrayRef<Value> offsets,
              ArrayRef<Value> strides, ArrayRef<int64_t> dropped) {
  SmallVector<Value> sizes = dimsOf(b, loc, x);
  return b.create<ExtractSliceOp>(loc, ty, x, offsets, sizes, strides,
                                  b.getDenseI64ArrayAttr(dropped));
}

Value expand(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0), one;
  one = b.create<arith::ConstantIndexOp>(loc, 1);
  if (auto e = dyn_cast<ExpandDimsOp>(op)) {
    int64_t axis = e.getAxis();
    SmallVector<Value> shape = dimsOf(b, loc, e.getSource());
    shape.insert(shape.begin() + axis, one);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < int64_t(shape.size()); ++d)
      if (d != axis)
        dims.push_back(d);
    return b.create<BroadcastOp>(loc, e.getType(), e.getSource(), shape,
                                 b.getDenseI64ArrayAttr(dims));
  }
  if (auto s = dyn_cast<SqueezeOp>(op)) {
    int64_t rank = s.getSource().getType().getRank();
    SmallVector<Value> offs(rank, zero), steps(rank, one);
    SmallVector<int64_t> axes(s.getAxes());
    llvm::sort(axes);
    return sliceOf(b, loc, s.getType(), s.getSource(), offs, steps, axes);
  }
  if (auto t = dyn_cast<MatrixTransposeOp>(op)) {
    int64_t rank = t.getSource().getType().getRank();
    SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      perm.push_back(d);
    std::swap(perm[rank - 1], perm[rank - 2]);
    return b.create<PermuteDimsOp>(loc, t.getType(), t.getSource(), b.getDenseI64ArrayAttr(perm));
  }
  if (auto f = dyn_cast<FlipOp>(op)) {
    int64_t rank = f.getSource().getType().getRank();
    SmallVector<Value> offs(rank, zero), steps(rank, one);
    Value minusOne = b.create<arith::ConstantIndexOp>(loc, -1);
    for (int64_t a : f.getAxes()) { // the last element first (0 for an empty axis)
      Value last = b.create<arith::SubIOp>(loc, dimOf(b, loc, f.getSource(), a), one);
      offs[a] = b.create<arith::MaxSIOp>(loc, last, zero);
      steps[a] = minusOne;
    }
    return sliceOf(b, loc, f.getType(), f.getSource(), offs, steps, {});
  }
  auto c = cast<CreateLikeOp>(op);
  return b.create<CreateOp>(loc, c.getType(), dimsOf(b, loc, c.getSource()), c.getValue(),
                            c.getImag());
}

bool onTeam(Operation *op) {
  auto withTeam = [](Type t) {
    auto p = dyn_cast<PTensorType>(t);
    return p && p.getTeam();
  };
  return llvm::any_of(op->getOperandTypes(), withTeam) ||
         llvm::any_of(op->getResultTypes(), withTeam);
}
} // namespace

void expandComposites(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if ((isa<ExpandDimsOp, SqueezeOp, MatrixTransposeOp, FlipOp, CreateLikeOp>(op) ||
         isRfcOp(op)) &&
        !onTeam(op))
      ops.push_back(op);
  });
  IRRewriter rw(root->getContext());
  for (Operation *op : ops) {
    rw.setInsertionPoint(op);
    if (isRfcOp(op))
      rw.replaceOp(op, expandRfcOp(rw, op));
    else
      rw.replaceOp(op, expand(rw, op));
  }
}
} // namespace ptensor

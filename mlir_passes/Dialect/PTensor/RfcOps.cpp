// Verifiers of the RFC's ops that --lower-ptensor expands into core ops (Ops.td: "more ops of
// the RFC"; the expansions are Conversion/ExpandRfcOps.cpp).
#include "PTensor/Dialect.h"
#include "PTensor/VerifyUtils.h"

using namespace mlir;
using namespace ptensor;
using namespace ptensor::detail;

namespace {
SmallVector<int64_t> withoutAxes(ArrayRef<int64_t> shape, ArrayRef<int64_t> axes) {
  return withoutDims(shape, axes);
}

LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank) {
  if (axis < 0 || axis >= rank)
    return op->emitOpError("axis ") << axis << " is out of range for rank " << rank;
  return success();
}

/// A reduction-like op: the result is the source without `axes`, of element type `elem`.
LogicalResult verifyReduced(Operation *op, PTensorType src, PTensorType res,
                            ArrayRef<int64_t> axes, Type elem, StringRef what) {
  if (!compatibleDims(withoutAxes(src.getShape(), axes), res.getShape()))
    return op->emitOpError("result must have the source's shape without the reduced axes, got ")
           << res;
  if (res.getElementType() != elem)
    return op->emitOpError("result element type must be ") << what << ", got " << res;
  return success();
}
} // namespace

LogicalResult ExtractTriangleOp::verify() {
  if (getSource().getType().getRank() < 2)
    return emitOpError("source must have at least 2 dimensions");
  return success();
}

LogicalResult CombineOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto res = getResult().getType();
  auto first = cast<PTensorType>(getInputs()[0].getType());
  int64_t axis = getAxis(), rank = first.getRank();
  bool stack = getKind() == CombineKind::stack;
  for (Value v : getInputs()) {
    auto t = cast<PTensorType>(v.getType());
    if (t.getElementType() != res.getElementType())
      return emitOpError("inputs must have the result's element type (cast them first), got ")
             << t;
    if (t.getRank() != rank)
      return emitOpError("inputs must have one rank, got ") << first << " and " << t;
  }
  if (!stack) {
    if (rank == 0)
      return emitOpError("cannot concatenate 0-d inputs");
    if (failed(verifyAxis(*this, axis, rank)))
      return failure();
    if (res.getRank() != rank)
      return emitOpError("result must have the inputs' rank");
    int64_t total = 0;
    for (Value v : getInputs()) {
      auto t = cast<PTensorType>(v.getType());
      if (!compatibleDims(withoutAxes(t.getShape(), axis), withoutAxes(res.getShape(), axis)))
        return emitOpError("inputs and result must agree except along axis ") << axis << ": "
                                                                              << t << " vs " << res;
      int64_t n = t.getShape()[axis];
      total = ShapedType::isDynamic(n) || ShapedType::isDynamic(total) ? ShapedType::kDynamic
                                                                        : total + n;
    }
    int64_t out = res.getShape()[axis];
    if (!ShapedType::isDynamic(total) && !ShapedType::isDynamic(out) && total != out)
      return emitOpError("result dimension ") << axis << " must be " << total << ", got " << out;
    return success();
  }
  if (axis < 0 || axis > rank)
    return emitOpError("axis ") << axis << " is out of range [0, " << rank << "]";
  for (Value v : getInputs())
    if (!compatibleDims(cast<PTensorType>(v.getType()).getShape(), first.getShape()))
      return emitOpError("stacked inputs must have one shape, got ")
             << first << " and " << v.getType();
  int64_t count = int64_t(getInputs().size());
  if (res.getRank() != rank + 1 ||
      !compatibleDims(res.getShape().slice(axis, 1), ArrayRef<int64_t>(count)))
    return emitOpError("result must have a new dimension ")
           << axis << " of size " << count << ", got " << res;
  if (!compatibleDims(withoutAxes(res.getShape(), axis), first.getShape()))
    return emitOpError("result dimensions but the new one must be the inputs'");
  return success();
}

LogicalResult RollOp::verify() {
  int64_t rank = getSource().getType().getRank();
  if (getShifts().size() != getAxes().size())
    return emitOpError("needs one shift per axis, got ")
           << getShifts().size() << " shifts and " << getAxes().size() << " axes";
  for (int64_t a : getAxes()) // an axis may repeat (its shifts add up, as NumPy's)
    if (failed(verifyAxis(*this, a, rank)))
      return failure();
  return success();
}

LogicalResult VecdotOp::verify() {
  auto l = getLhs().getType(), r = getRhs().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifySameShape(*this, l, r, "operand")))
    return failure();
  if (l.getElementType() != r.getElementType())
    return emitOpError("operands must have one element type");
  if (failed(verifyAxis(*this, getAxis(), l.getRank())))
    return failure();
  return verifyReduced(*this, l, res, {getAxis()}, l.getElementType(), "the operands'");
}

LogicalResult FindIndexOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifyAxis(*this, getAxis(), src.getRank())))
    return failure();
  if (isa<ComplexType>(src.getElementType()))
    return emitOpError("complex numbers have no order");
  return verifyReduced(*this, src, res, {getAxis()},
                       IntegerType::get(getContext(), 64), "i64");
}

LogicalResult TestOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifyAxes(*this, getAxes(), src.getRank())))
    return failure();
  return verifyReduced(*this, src, res, getAxes(), IntegerType::get(getContext(), 1), "i1");
}

LogicalResult TensorDotOp::verify() {
  auto l = getLhs().getType(), r = getRhs().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifyAxes(*this, getLhsAxes(), l.getRank())) ||
      failed(verifyAxes(*this, getRhsAxes(), r.getRank())))
    return failure();
  if (l.getElementType() != r.getElementType() || res.getElementType() != l.getElementType())
    return emitOpError("operands and result must have one element type");
  if (l.getElementType().isInteger(1))
    return emitOpError("bool operands: cast them to an integer type first");
  if (getLhsAxes().size() != getRhsAxes().size())
    return emitOpError("needs as many lhs axes as rhs axes");
  for (auto [i, j] : llvm::zip(getLhsAxes(), getRhsAxes()))
    if (!compatibleDims(l.getShape().slice(i, 1), r.getShape().slice(j, 1)))
      return emitOpError("contracted dimensions differ: lhs ")
             << i << " (" << l.getShape()[i] << ") vs rhs " << j << " (" << r.getShape()[j] << ")";
  SmallVector<int64_t> free = withoutAxes(l.getShape(), getLhsAxes());
  free.append(withoutAxes(r.getShape(), getRhsAxes()));
  if (!compatibleDims(free, res.getShape()))
    return emitOpError("result must have lhs's free dimensions, then rhs's, got ") << res;
  return success();
}

LogicalResult SortOp::verify() {
  return verifyAxis(*this, getAxis(), getSource().getType().getRank());
}

LogicalResult ArgsortOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifyAxis(*this, getAxis(), src.getRank())))
    return failure();
  if (!compatibleDims(src.getShape(), res.getShape()))
    return emitOpError("result must have the source's shape");
  if (!res.getElementType().isInteger(64))
    return emitOpError("result element type must be i64, got ") << res;
  return success();
}

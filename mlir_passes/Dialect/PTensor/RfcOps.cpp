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

// ---- data-dependent sizes: the counted dimension is checked only where it is static on
// both sides (the data decides it)

LogicalResult ExtractMaskOp::verify() {
  auto src = getSource().getType(), mask = getMask().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)))
    return failure();
  if (!mask.getElementType().isInteger(1))
    return emitOpError("mask must be i1, got ") << mask;
  int64_t m = mask.getRank();
  if (m < 1 || m > src.getRank() ||
      !compatibleDims(src.getShape().take_front(m), mask.getShape()))
    return emitOpError("mask must have source's leading dimensions (at least one), got ")
           << mask << " for " << src;
  SmallVector<int64_t> expect{ShapedType::kDynamic};
  expect.append(src.getShape().begin() + m, src.getShape().end());
  if (res.getRank() != int64_t(expect.size()) ||
      !compatibleDims(res.getShape().drop_front(), ArrayRef<int64_t>(expect).drop_front()))
    return emitOpError("result must be [count, source's dimensions after the mask's], got ")
           << res;
  return verifySameElement(*this, src, res);
}

namespace {
/// Results that are 1-D i64 of one (counted) size.
LogicalResult verifyCounted(Operation *op, TypeRange types, StringRef what) {
  std::optional<int64_t> n;
  for (Type t : types) {
    auto p = cast<PTensorType>(t);
    if (p.getRank() != 1 || !p.getElementType().isInteger(64))
      return op->emitOpError(what) << " must be 1-D i64, got " << p;
    int64_t s = p.getShape()[0];
    if (!ShapedType::isDynamic(s)) {
      if (n && *n != s)
        return op->emitOpError(what) << " must have one size, got " << *n << " and " << s;
      n = s;
    }
  }
  return success();
}
} // namespace

LogicalResult NonzeroOp::verify() {
  auto src = getSource().getType();
  if (failed(verifySameLocation(*this)))
    return failure();
  if (src.getRank() < 1)
    return emitOpError("source must have at least one dimension");
  if (int64_t(getResults().size()) != src.getRank())
    return emitOpError("needs one result per dimension of the source (")
           << src.getRank() << "), got " << getResults().size();
  return verifyCounted(*this, getResults().getTypes(), "results");
}

namespace {
/// unique_*: values [k] of source's element type; indices and counts [k] i64; inverse
/// indices of source's shape, i64.
LogicalResult verifyUnique(Operation *op, PTensorType src, PTensorType values,
                           ArrayRef<Type> counted, PTensorType inverse) {
  if (failed(verifySameLocation(op)))
    return failure();
  if (values.getRank() != 1 || values.getElementType() != src.getElementType())
    return op->emitOpError("values must be 1-D of the source's element type, got ") << values;
  SmallVector<Type> sized(counted);
  if (!sized.empty()) // values share the counted size
    sized.push_back(PTensorType::get(op->getContext(), values.getShape(),
                                     IntegerType::get(op->getContext(), 64), values.getDevice(),
                                     values.getTeam()));
  if (failed(verifyCounted(op, sized, "indices, counts and values")))
    return failure();
  if (inverse && (!inverse.getElementType().isInteger(64) ||
                  !compatibleDims(inverse.getShape(), src.getShape())))
    return op->emitOpError("inverse indices must be i64 of the source's shape, got ") << inverse;
  return success();
}
} // namespace

LogicalResult UniqueValuesOp::verify() {
  return verifyUnique(*this, getSource().getType(), getValues().getType(), {}, {});
}
LogicalResult UniqueCountsOp::verify() {
  return verifyUnique(*this, getSource().getType(), getValues().getType(),
                      {getCounts().getType()}, {});
}
LogicalResult UniqueInverseOp::verify() {
  return verifyUnique(*this, getSource().getType(), getValues().getType(), {},
                      getInverseIndices().getType());
}
LogicalResult UniqueAllOp::verify() {
  return verifyUnique(*this, getSource().getType(), getValues().getType(),
                      {getIndices().getType(), getCounts().getType()},
                      getInverseIndices().getType());
}

LogicalResult FromDlpackOp::verify() {
  auto t = getResult().getType();
  if (t.getTeam())
    return emitOpError("makes a local tensor: the result cannot have a team");
  if (t.getDevice())
    return emitOpError("reads host memory: the result cannot have a device");
  return success();
}

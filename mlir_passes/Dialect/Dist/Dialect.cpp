// Dist dialect: registration and verifiers of the distributed primitives.
#include "Dist/Dialect.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace dist;

#include "Dist/Dialect.cpp.inc"

void DistDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dist/Ops.cpp.inc"
      >();
}

LogicalResult InitDTensorOp::verify() {
  if (getSplit() < 0 || getSplit() >= (int64_t)getGshape().size())
    return emitOpError("split axis ") << getSplit() << " out of range for rank "
                                      << getGshape().size();
  return success();
}
LogicalResult LocalShapeOp::verify() {
  if (getShape().empty())
    return emitOpError("needs at least one result");
  return success();
}
LogicalResult LocalSliceOp::verify() {
  if (getOffsets().empty())
    return emitOpError("needs at least one result");
  return success();
}
LogicalResult RepartitionOp::verify() {
  auto s = getSource().getType(), r = getResult().getType();
  if (s.getElementType() != r.getElementType() || s.getRank() != r.getRank())
    return emitOpError("source and result must have the same rank and element type");
  if (getAxis() < 0 || getAxis() >= s.getRank())
    return emitOpError("axis ") << getAxis() << " out of range for rank " << s.getRank();
  if (getSpec().size() != 15)
    return emitOpError("needs 15 spec values (n, spb, spo, sL, sa, ss, tpb, tpo, tL, ta, ts, "
                       "hl, hh, su, tu), got ")
           << getSpec().size();
  return success();
}
LogicalResult FinalizeReduceOp::verify() {
  if (getSource().getType() != getResult().getType())
    return emitOpError("result type must equal source type");
  return success();
}

/// One result per operand, of its element type and rank; with `sameShape` of its type; else
/// the extents other than `free` (-1: none) agree where both are static. Every dim in `dims`
/// is an axis of the operands.
static LogicalResult verifyCollective(Operation *op, ValueRange operands, ValueRange results,
                                      bool sameShape, ArrayRef<int64_t> dims, int64_t free = -1) {
  if (operands.empty())
    return op->emitOpError("needs at least one operand");
  if (operands.size() != results.size())
    return op->emitOpError("needs one result per operand, got ")
           << operands.size() << " operands and " << results.size() << " results";
  for (auto [o, r] : llvm::zip(operands, results)) {
    auto ot = cast<RankedTensorType>(o.getType()), rt = cast<RankedTensorType>(r.getType());
    if (ot.getElementType() != rt.getElementType() || ot.getRank() != rt.getRank())
      return op->emitOpError("result ") << rt << " does not match operand " << ot;
    if (sameShape && ot != rt)
      return op->emitOpError("result ") << rt << " must have the operand's type " << ot;
    for (int64_t dim : dims)
      if (dim >= ot.getRank() || dim < 0)
        return op->emitOpError("dimension ") << dim << " out of range for " << ot;
    for (int64_t d = 0; d < ot.getRank(); ++d)
      if (d != free && !ot.isDynamicDim(d) && !rt.isDynamicDim(d) &&
          ot.getDimSize(d) != rt.getDimSize(d) && !llvm::is_contained(dims, d))
        return op->emitOpError("result ") << rt << " differs from operand " << ot
                                          << " in dimension " << d;
  }
  return success();
}
LogicalResult AllReduceOp::verify() {
  return verifyCollective(*this, getInputs(), getOutputs(), true, {});
}
LogicalResult AllGatherOp::verify() {
  return verifyCollective(*this, getInputs(), getOutputs(), false, {getDim()});
}
LogicalResult AllToAllOp::verify() {
  return verifyCollective(*this, getInputs(), getOutputs(), false,
                          {getSplitDim(), getConcatDim()});
}
LogicalResult ReduceScatterOp::verify() {
  return verifyCollective(*this, getOperand(), getResult(), false, {getDim()});
}
LogicalResult CollectivePermuteOp::verify() {
  if (failed(verifyCollective(*this, getInputs(), getOutputs(), true, {})))
    return failure();
  ArrayRef<int64_t> p = getPairs();
  if (p.size() % 2)
    return emitOpError("pairs must be (source, target) pairs, got ") << p.size() << " values";
  llvm::SmallDenseSet<int64_t> seen[2];
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] < 0)
      return emitOpError("rank ") << p[i] << " in pairs is negative";
    if (!seen[i % 2].insert(p[i]).second)
      return emitOpError("rank ") << p[i] << " appears twice as a "
                                  << (i % 2 ? "target" : "source");
  }
  return success();
}

#define GET_OP_CLASSES
#include "Dist/Ops.cpp.inc"

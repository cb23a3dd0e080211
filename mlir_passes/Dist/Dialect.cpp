// Dist dialect: registration and verifiers of the distributed primitives.
#include "Dist/Dialect.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace dist;

#include "Dist/Dialect.cpp.inc"
#include "Dist/OpsEnums.cpp.inc"

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
  if (getSpec().size() != 13)
    return emitOpError("needs 13 spec values (n, spb, spo, sL, sa, ss, tpb, tpo, tL, ta, ts, "
                       "hl, hh), got ")
           << getSpec().size();
  return success();
}
LogicalResult FinalizeReduceOp::verify() {
  if (getSource().getType() != getResult().getType())
    return emitOpError("result type must equal source type");
  return success();
}

static LogicalResult verifyCollective(Operation *op, ValueRange operands, ValueRange results,
                                      bool sameShape, int64_t dim) {
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
    if (dim >= ot.getRank() || dim < -1)
      return op->emitOpError("dimension ") << dim << " out of range for " << ot;
  }
  return success();
}
LogicalResult AllReduceOp::verify() {
  return verifyCollective(*this, getInputs(), getOutputs(), true, -1);
}
LogicalResult AllGatherOp::verify() {
  return verifyCollective(*this, getInputs(), getOutputs(), false, getDim());
}
LogicalResult AllToAllOp::verify() {
  if (failed(verifyCollective(*this, getInputs(), getOutputs(), false, getSplitDim())))
    return failure();
  return verifyCollective(*this, getInputs(), getOutputs(), false, getConcatDim());
}
LogicalResult ReduceScatterOp::verify() {
  auto t = getOperand().getType();
  if (getDim() < 0 || getDim() >= t.getRank())
    return emitOpError("dimension ") << getDim() << " out of range for " << t;
  if (t.getElementType() != getResult().getType().getElementType())
    return emitOpError("element types differ");
  return success();
}

#define GET_OP_CLASSES
#include "Dist/Ops.cpp.inc"

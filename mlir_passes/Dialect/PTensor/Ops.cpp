// PTensor op verifiers. Shapes are checked as far as they are static; device and team must
// agree across every ptensor operand and result (compute follows data, RFC).
#include "PTensor/Dialect.h"
#include "PTensor/VerifyUtils.h"
#include "CustomCallAbi.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace ptensor;
using namespace ptensor::detail;

namespace ptensor::detail {
bool compatibleDims(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  return true;
}

/// Every ptensor operand and result of op lives on the same device and team.
LogicalResult verifySameLocation(Operation *op) {
  PTensorType first;
  auto check = [&](Type t) -> LogicalResult {
    auto pt = dyn_cast<PTensorType>(t);
    if (!pt)
      return success();
    if (!first) {
      first = pt;
      return success();
    }
    if (first.getDevice() != pt.getDevice())
      return op->emitOpError("operands live on different devices: ") << first << " vs " << pt;
    if (first.getTeam() != pt.getTeam())
      return op->emitOpError("operands belong to different teams: ") << first << " vs " << pt;
    return success();
  };
  for (Type t : op->getOperandTypes())
    if (failed(check(t)))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(check(t)))
      return failure();
  return success();
}

LogicalResult verifySameShape(Operation *op, PTensorType a, PTensorType b, StringRef what) {
  if (!compatibleDims(a.getShape(), b.getShape()))
    return op->emitOpError() << what << " shapes differ: " << a << " vs " << b;
  return success();
}

LogicalResult verifyDroppedDims(Operation *op, ArrayRef<int64_t> dropped, int64_t rank) {
  int64_t prev = -1;
  for (int64_t d : dropped) {
    if (d <= prev || d >= rank)
      return op->emitOpError("dropped dims must be increasing and < rank ") << rank;
    prev = d;
  }
  return success();
}
} // namespace ptensor::detail

LogicalResult FromRankedOp::verify() {
  auto src = getSource().getType();
  auto res = getResult().getType();
  if (res.toTensorType() != RankedTensorType::get(src.getShape(), src.getElementType()))
    return emitOpError("result ") << res << " does not wrap " << src;
  return success();
}

LogicalResult ToRankedOp::verify() {
  auto src = getSource().getType();
  auto res = getResult().getType();
  if (src.toTensorType() != RankedTensorType::get(res.getShape(), res.getElementType()))
    return emitOpError("result ") << res << " is not the tensor of " << src;
  return success();
}

LogicalResult ArangeOp::verify() {
  auto t = getResult().getType();
  if (t.getRank() != 1)
    return emitOpError("result must be 1-d, got ") << t;
  if (!t.getElementType().isIntOrFloat())
    return emitOpError("element type must be integer or float");
  return success();
}

LogicalResult CreateOp::verify() {
  auto t = getResult().getType();
  if ((int64_t)getShape().size() != t.getRank())
    return emitOpError("expects ") << t.getRank() << " sizes, got " << getShape().size();
  if (getImag() && (!getValue() || !isa<ComplexType>(t.getElementType())))
    return emitOpError("imag needs a value and a complex result, got ") << t;
  return success();
}

/// Source and result element types of a manipulation op must match.
LogicalResult ptensor::detail::verifySameElement(Operation *op, PTensorType src, PTensorType res) {
  if (src.getElementType() != res.getElementType())
    return op->emitOpError("source and result element types must match");
  return success();
}

/// Axes: each in [0, rank), none twice.
LogicalResult ptensor::detail::verifyAxes(Operation *op, ArrayRef<int64_t> axes, int64_t rank) {
  SmallVector<bool> seen(rank, false);
  for (int64_t a : axes) {
    if (a < 0 || a >= rank)
      return op->emitOpError("axis ") << a << " is out of range for rank " << rank;
    if (seen[a])
      return op->emitOpError("axis ") << a << " is named twice";
    seen[a] = true;
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifySameElement(*this, src, res)))
    return failure();
  int64_t axis = getAxis();
  if (res.getRank() != src.getRank() + 1)
    return emitOpError("result rank must be the source's plus one");
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ") << axis << " is out of range [0, " << src.getRank() << "]";
  if (res.getShape()[axis] != 1)
    return emitOpError("result dimension ") << axis << " must have static size 1";
  SmallVector<int64_t> rest(res.getShape());
  rest.erase(rest.begin() + axis);
  if (!compatibleDims(src.getShape(), rest))
    return emitOpError("result dimensions must be the source's");
  return success();
}

LogicalResult SqueezeOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifySameElement(*this, src, res)) ||
      failed(verifyAxes(*this, getAxes(), src.getRank())))
    return failure();
  SmallVector<int64_t> rest;
  for (int64_t d = 0; d < src.getRank(); ++d) {
    bool squeezed = llvm::is_contained(getAxes(), d);
    if (squeezed && src.getShape()[d] != 1)
      return emitOpError("squeezed dimension ") << d << " must have static size 1";
    if (!squeezed)
      rest.push_back(src.getShape()[d]);
  }
  if (!compatibleDims(rest, res.getShape()))
    return emitOpError("result dimensions must be the source's not squeezed");
  return success();
}

LogicalResult MatrixTransposeOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)) || failed(verifySameElement(*this, src, res)))
    return failure();
  if (src.getRank() < 2)
    return emitOpError("source must have at least 2 dimensions");
  SmallVector<int64_t> swapped(src.getShape());
  std::swap(swapped[swapped.size() - 1], swapped[swapped.size() - 2]);
  if (!compatibleDims(swapped, res.getShape()))
    return emitOpError("result dimensions must be the source's with the last two swapped");
  return success();
}

LogicalResult FlipOp::verify() {
  return verifyAxes(*this, getAxes(), getSource().getType().getRank());
}

LogicalResult CreateLikeOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifySameLocation(*this)))
    return failure();
  if (!compatibleDims(src.getShape(), res.getShape()))
    return emitOpError("result must have the source's shape");
  if (getImag() && (!getValue() || !isa<ComplexType>(res.getElementType())))
    return emitOpError("imag needs a value and a complex result, got ") << res;
  return success();
}

LogicalResult LinspaceOp::verify() {
  auto t = getResult().getType();
  if (t.getRank() != 1 || !isa<FloatType>(t.getElementType()))
    return emitOpError("result must be a 1-d float ptensor, got ") << t;
  return success();
}

LogicalResult EyeOp::verify() {
  if (getResult().getType().getRank() != 2)
    return emitOpError("result must be 2-d");
  return success();
}

LogicalResult CastOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  return verifySameShape(*this, getSource().getType(), getResult().getType(), "source and result");
}

LogicalResult BroadcastOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto src = getSource().getType();
  auto res = getResult().getType();
  if ((int64_t)getShape().size() != res.getRank())
    return emitOpError("expects ") << res.getRank() << " sizes, got " << getShape().size();
  auto dims = getDims();
  if ((int64_t)dims.size() != src.getRank())
    return emitOpError("dims must name one result dimension per source dimension");
  if (src.getElementType() != res.getElementType())
    return emitOpError("element types differ");
  int64_t prev = -1;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d <= prev || d >= res.getRank())
      return emitOpError("dims must be increasing and < result rank");
    prev = d;
    int64_t s = src.getShape()[i], r = res.getShape()[d];
    if (s != 1 && !ShapedType::isDynamic(s) && !ShapedType::isDynamic(r) && s != r)
      return emitOpError("source dimension ") << i << " of size " << s
                                              << " cannot broadcast to " << r;
  }
  return success();
}

LogicalResult PermuteDimsOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto src = getSource().getType();
  auto res = getResult().getType();
  auto perm = getPerm();
  if ((int64_t)perm.size() != src.getRank() || res.getRank() != src.getRank())
    return emitOpError("perm must name every dimension once");
  SmallVector<bool> seen(perm.size(), false);
  for (auto [i, p] : llvm::enumerate(perm)) {
    if (p < 0 || p >= src.getRank() || seen[p])
      return emitOpError("perm must be a permutation of [0, rank)");
    seen[p] = true;
    int64_t s = src.getShape()[p], r = res.getShape()[i];
    if (!ShapedType::isDynamic(s) && !ShapedType::isDynamic(r) && s != r)
      return emitOpError("result dimension ") << i << " must equal source dimension " << p;
  }
  return success();
}

LogicalResult ExtractSliceOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto src = getSource().getType();
  int64_t r = src.getRank();
  if ((int64_t)getOffsets().size() != r || (int64_t)getSizes().size() != r ||
      (int64_t)getStrides().size() != r)
    return emitOpError("expects ") << r << " offsets, sizes and strides";
  if (failed(verifyDroppedDims(*this, getDropped(), r)))
    return failure();
  if (getResult().getType().getRank() != r - (int64_t)getDropped().size())
    return emitOpError("result rank must be source rank minus dropped dims");
  if (src.getElementType() != getResult().getType().getElementType())
    return emitOpError("element types differ");
  return success();
}

LogicalResult InsertSliceOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto dst = getDest().getType();
  int64_t r = dst.getRank();
  if ((int64_t)getOffsets().size() != r || (int64_t)getSizes().size() != r ||
      (int64_t)getStrides().size() != r)
    return emitOpError("expects ") << r << " offsets, sizes and strides";
  if (failed(verifyDroppedDims(*this, getDropped(), r)))
    return failure();
  if (getSource().getType().getRank() != r - (int64_t)getDropped().size())
    return emitOpError("source rank must be dest rank minus dropped dims");
  if (getResult().getType() != dst)
    return emitOpError("result type must equal dest type");
  if (getSource().getType().getElementType() != dst.getElementType())
    return emitOpError("element types differ");
  return success();
}

LogicalResult ElementwiseUnaryOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  return verifySameShape(*this, getSource().getType(), getResult().getType(), "source and result");
}

LogicalResult ElementwiseUnaryTestOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  if (!getResult().getType().getElementType().isInteger(1))
    return emitOpError("result element type must be i1");
  return verifySameShape(*this, getSource().getType(), getResult().getType(), "source and result");
}

LogicalResult ElementwiseBinaryOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto l = getLhs().getType(), r = getRhs().getType(), res = getResult().getType();
  if (l.getElementType() != r.getElementType() || l.getElementType() != res.getElementType())
    return emitOpError("operand and result element types must match (cast first)");
  if (failed(verifySameShape(*this, l, r, "operand")))
    return failure();
  return verifySameShape(*this, l, res, "operand and result");
}

LogicalResult ReshapeOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto src = getSource().getType(), res = getResult().getType();
  if (res.getRank() != (int64_t)getShape().size())
    return emitOpError("needs one size operand per result dimension");
  if (src.getElementType() != res.getElementType())
    return emitOpError("source and result element types must match");
  auto s = src.toTensorType(), r = res.toTensorType();
  if (s.hasStaticShape() && r.hasStaticShape() && s.getNumElements() != r.getNumElements())
    return emitOpError("source and result must have the same number of elements");
  return success();
}

/// Index operands (take, scatter): integers, not bool.
static bool isIndexElement(PTensorType t) {
  return isa<IntegerType>(t.getElementType()) && !t.getElementType().isInteger(1);
}

LogicalResult TakeOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto src = getSource().getType(), idx = getIndices().getType(), res = getResult().getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError("axis ") << axis << " out of range for rank " << src.getRank();
  if (!isIndexElement(idx))
    return emitOpError("indices must be integers");
  if (res.getRank() != src.getRank() - 1 + idx.getRank())
    return emitOpError("result rank must be source rank - 1 + indices rank");
  if (res.getElementType() != src.getElementType())
    return emitOpError("result element type must be the source's");
  return success();
}

LogicalResult ScatterOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto d = getDest().getType(), i = getIndices().getType(), u = getUpdates().getType(),
       r = getResult().getType();
  if (d.getRank() < 1 || i.getRank() != 1 || u.getRank() != d.getRank())
    return emitOpError("needs dest [R, ...], 1-D indices and updates [K, ...] of dest's rank");
  if (!isIndexElement(i))
    return emitOpError("indices must be integers");
  if (u.getElementType() != d.getElementType() || r != d)
    return emitOpError("updates and result must have dest's element type (and result its type)");
  return success();
}

/// searchsorted: a 1-D sorted operand, values of its element type, and i64 results in the
/// values' shape.
LogicalResult verifySearch(Operation *op, PTensorType s, PTensorType v,
                           ArrayRef<PTensorType> i64InValuesShape) {
  if (failed(verifySameLocation(op)))
    return failure();
  if (s.getRank() != 1)
    return op->emitOpError("sorted must be one-dimensional");
  if (s.getElementType() != v.getElementType())
    return op->emitOpError("sorted and values must have one element type");
  for (PTensorType t : i64InValuesShape)
    if (!t.getElementType().isInteger(64) || t.getRank() != v.getRank())
      return op->emitOpError("result must be i64 in the values' shape");
  return success();
}

LogicalResult SearchSortedOp::verify() {
  return verifySearch(*this, getSorted().getType(), getValues().getType(),
                      {getResult().getType()});
}

LogicalResult WhereOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto c = getCond().getType(), l = getLhs().getType(), r = getRhs().getType(),
       res = getResult().getType();
  if (!c.getElementType().isInteger(1))
    return emitOpError("condition must have element type i1");
  if (l.getElementType() != r.getElementType() || l.getElementType() != res.getElementType())
    return emitOpError("operand and result element types must match (cast first)");
  if (failed(verifySameShape(*this, c, l, "condition and operand")) ||
      failed(verifySameShape(*this, l, r, "operand")))
    return failure();
  return verifySameShape(*this, l, res, "operand and result");
}

LogicalResult ElementwiseBinaryTestOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto l = getLhs().getType(), r = getRhs().getType(), res = getResult().getType();
  if (l.getElementType() != r.getElementType())
    return emitOpError("operand element types must match (cast first)");
  if (!res.getElementType().isInteger(1))
    return emitOpError("result element type must be i1");
  if (failed(verifySameShape(*this, l, r, "operand")))
    return failure();
  return verifySameShape(*this, l, res, "operand and result");
}

LogicalResult ReduceOp::verify() {
  auto src = getSource().getType(), res = getResult().getType();
  if (failed(verifyDroppedDims(*this, getAxes(), src.getRank())))
    return failure();
  if (src.getDevice() != res.getDevice())
    return emitOpError("operands live on different devices: ") << src << " vs " << res;
  // A team's ptensor is split along axis 0: reducing over it leaves a replicated result
  // (every rank of the team holds it, no team); reducing over other axes keeps the team.
  bool overSplit = src.getTeam() && llvm::is_contained(getAxes(), 0);
  if (overSplit ? bool(res.getTeam()) : src.getTeam() != res.getTeam())
    return emitOpError(overSplit ? "result of a reduction over a team's split axis 0 must be "
                                   "replicated (no team): "
                                 : "operands belong to different teams: ")
           << src << " vs " << res;
  if (getResult().getType().getRank() != src.getRank() - (int64_t)getAxes().size())
    return emitOpError("result rank must be source rank minus reduced axes");
  if (!getAccType().isIntOrFloat() && !isa<ComplexType>(getAccType()))
    return emitOpError("accumulation type must be integer, float or complex");
  return success();
}

LogicalResult MatmulOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  auto l = getLhs().getType(), r = getRhs().getType(), res = getResult().getType();
  int64_t rank = l.getRank();
  if (rank < 2 || r.getRank() != rank || res.getRank() != rank)
    return emitOpError("operands and result must have one rank >= 2");
  if (l.getElementType() != r.getElementType() || res.getElementType() != l.getElementType())
    return emitOpError("operands and result must have one element type");
  if (l.getElementType().isInteger(1))
    return emitOpError("bool operands: cast them to an integer type first");
  auto agree = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  auto ls = l.getShape(), rs = r.getShape(), os = res.getShape();
  for (int64_t i = 0; i < rank - 2; ++i)
    if (!agree(ls[i], rs[i]) || !agree(ls[i], os[i]))
      return emitOpError("batch dimension ") << i << " differs between operands and result";
  if (!agree(ls[rank - 1], rs[rank - 2]))
    return emitOpError("contracted dimensions differ: ") << ls[rank - 1] << " vs " << rs[rank - 2];
  if (!agree(ls[rank - 2], os[rank - 2]) || !agree(rs[rank - 1], os[rank - 1]))
    return emitOpError("result must be [..., m, n] for lhs [..., m, k] and rhs [..., k, n]");
  return success();
}

int64_t CustomCallOp::attrKind(Attribute a) {
  using namespace ptensor::ffi;
  if (isa<BoolAttr>(a))
    return kAttrBool;
  if (isa<IntegerAttr>(a))
    return kAttrI64;
  if (isa<FloatAttr>(a))
    return kAttrF64;
  if (isa<StringAttr>(a))
    return kAttrString;
  if (isa<DenseI64ArrayAttr>(a))
    return kAttrI64Array;
  if (isa<DenseF64ArrayAttr>(a))
    return kAttrF64Array;
  return -1;
}

LogicalResult CustomCallOp::verify() {
  if (failed(verifySameLocation(*this)))
    return failure();
  if (getCallTargetName().empty())
    return emitOpError("call_target_name must not be empty");
  int64_t dynamic = 0;
  for (Type t : getResultTypes())
    dynamic += cast<PTensorType>(t).toTensorType().getNumDynamicDims();
  if (int64_t(getResultSizes().size()) != dynamic)
    return emitOpError("expects ") << dynamic << " result sizes (one per dynamic result dimension), got "
                                   << getResultSizes().size();
  for (NamedAttribute a : getBackendConfig())
    if (attrKind(a.getValue()) < 0)
      return emitOpError("backend_config entry '")
             << a.getName().getValue() << "' has type " << a.getValue()
             << "; allowed: bool, integer, float, string, array<i64>, array<f64>";
  return success();
}

#define GET_OP_CLASSES
#include "PTensor/Ops.cpp.inc"

// Region dialect: device_region, which must not be nested (RFC).
#include "Region/Dialect.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace region;

#include "Region/Dialect.cpp.inc"

void RegionDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Region/Ops.cpp.inc"
      >();
}

LogicalResult DeviceRegionOp::verify() {
  if ((*this)->getParentOfType<DeviceRegionOp>())
    return emitOpError("must not be nested inside another device_region");
  auto yield = cast<YieldOp>(getBody().front().getTerminator());
  if (yield.getValues().getTypes() != getResults().getTypes())
    return emitOpError("yielded types must match the region's result types");
  return success();
}

#define GET_OP_CLASSES
#include "Region/Ops.cpp.inc"

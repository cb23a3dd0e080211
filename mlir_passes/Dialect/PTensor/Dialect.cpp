// PTensor dialect registration.
#include "PTensor/Dialect.h"

using namespace mlir;

#include "PTensor/Dialect.cpp.inc"

void ptensor::PTensorDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "PTensor/Ops.cpp.inc"
      >();
}

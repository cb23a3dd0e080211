// The Region dialect: device_region (never nested) and its terminator.
#pragma once

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Region/Dialect.h.inc"
#include "Region/OpsEnums.h.inc"

#define GET_OP_CLASSES
#include "Region/Ops.h.inc"

// The Dist dialect: distributed tensors over process teams (lowered by --dist-to-runtime).
#pragma once

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dist/Dialect.h.inc"
#include "PTensor/Dialect.h" // ::ptensor::ReduceKind, the reduction kinds of both dialects

#define GET_OP_CLASSES
#include "Dist/Ops.h.inc"

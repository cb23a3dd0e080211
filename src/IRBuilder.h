// Pending program (Plan) -> PTensor IR (IRBuilder.cpp).
#pragma once

#include "Plan.h"

namespace mlir { class MLIRContext; class ModuleOp; template <typename> class OwningOpRef; }

namespace ptensor {
/// PTensor IR of a plan: one func.func @ptensor_main(leaf memrefs, scalars, index values,
/// result memrefs).
mlir::OwningOpRef<mlir::ModuleOp> buildModule(mlir::MLIRContext *ctx, const Plan &plan);
} // namespace ptensor

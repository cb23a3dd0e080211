// The RFC's ops that the core PTensor ops define: expanded into core ops at the start of
// --lower-ptensor. ExpandComposites.cpp: expand_dims, squeeze, matrix_transpose, flip,
// create_like; ExpandRfcOps.cpp: extract_triangle, combine, roll, vecdot, find_index, test,
// tensor_dot, sort, argsort, extract_mask, nonzero, unique_*, from_dlpack.
#pragma once

#include "mlir/IR/Builders.h"

namespace ptensor {
/// Replaces every such op under root (except on ptensors with a team) by its core ops.
void expandComposites(mlir::Operation *root);

/// Size `d` of ptensor x as an index value (a constant where it is static).
mlir::Value dimOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, int64_t d);
/// Every size of ptensor x.
llvm::SmallVector<mlir::Value> dimsOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// One of the ops of ExpandRfcOps.cpp.
bool isRfcOp(mlir::Operation *op);
/// Its core ops (built at b's insertion point); the values that replace op's results.
llvm::SmallVector<mlir::Value> expandRfcOp(mlir::OpBuilder &b, mlir::Operation *op);
} // namespace ptensor

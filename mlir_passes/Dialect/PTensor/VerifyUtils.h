// Checks shared by the PTensor op verifiers (Ops.cpp: core and manipulation ops; RfcOps.cpp:
// the RFC's ops expanded into core ops). Shapes are checked as far as they are static.
#pragma once

#include "PTensor/Dialect.h"

namespace ptensor::detail {
/// Equal ranks and equal sizes where both are static.
bool compatibleDims(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);
/// Every ptensor operand and result of op lives on the same device and team.
mlir::LogicalResult verifySameLocation(mlir::Operation *op);
mlir::LogicalResult verifySameShape(mlir::Operation *op, PTensorType a, PTensorType b,
                                    llvm::StringRef what);
mlir::LogicalResult verifyDroppedDims(mlir::Operation *op, llvm::ArrayRef<int64_t> dropped,
                                      int64_t rank);
/// Source and result element types of a manipulation op must match.
mlir::LogicalResult verifySameElement(mlir::Operation *op, PTensorType src, PTensorType res);
/// Axes: each in [0, rank), none twice.
mlir::LogicalResult verifyAxes(mlir::Operation *op, llvm::ArrayRef<int64_t> axes, int64_t rank);
} // namespace ptensor::detail

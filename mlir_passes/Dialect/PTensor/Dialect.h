// The PTensor dialect: types, enums and ops (generated from Dialect.td, Types.td, Ops.td).
#pragma once

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "PTensor/Dialect.h.inc"
#include "PTensor/OpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "PTensor/Types.h.inc"

#define GET_OP_CLASSES
#include "PTensor/Ops.h.inc"

namespace ptensor {
/// Element type of the builtin tensor a ptensor element type lowers to (uiN -> iN).
mlir::Type toSignless(mlir::Type t);
/// True for unsigned integer element types (uiN).
inline bool isUnsigned(mlir::Type t) { return t.isUnsignedInteger(); }
/// The entries of v (one per dimension: sizes, size values) but those of the dimensions `dims`.
template <typename T>
llvm::SmallVector<T> withoutDims(llvm::ArrayRef<T> v, llvm::ArrayRef<int64_t> dims) {
  llvm::SmallVector<T> rest;
  for (int64_t d = 0; d < int64_t(v.size()); ++d)
    if (!llvm::is_contained(dims, d))
      rest.push_back(v[d]);
  return rest;
}
} // namespace ptensor

// Physical element types (the C++ side of the dtype table; promotion rules live in
// python/ptensor/_dtypes.py). The order is the code Python uses.
#pragma once

#include <cstdint>

namespace mlir { class MLIRContext; class Type; }

namespace ptensor {
enum class DType : int32_t {
  Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float32, Float64, Complex64,
  Complex128, Count
};

struct DTypeInfo {
  const char *name;
  int itemsize;
  char numpyKind; // 'b', 'i', 'u', 'f', 'c'
};

const DTypeInfo &dtypeInfo(DType d);
bool isFloat(DType d);
/// The PTensor element type (i1, iN, uiN, fN, complex<fN>).
mlir::Type elementType(mlir::MLIRContext *ctx, DType d);
} // namespace ptensor

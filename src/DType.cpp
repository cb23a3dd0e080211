#include "DType.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace ptensor {
static const DTypeInfo kInfo[] = {
    {"bool", 1, 'b'},   {"int8", 1, 'i'},   {"int16", 2, 'i'},  {"int32", 4, 'i'},
    {"int64", 8, 'i'},  {"uint8", 1, 'u'},  {"uint16", 2, 'u'}, {"uint32", 4, 'u'},
    {"uint64", 8, 'u'}, {"float32", 4, 'f'}, {"float64", 8, 'f'},
    {"complex64", 8, 'c'}, {"complex128", 16, 'c'},
};

const DTypeInfo &dtypeInfo(DType d) { return kInfo[int(d)]; }
bool isFloat(DType d) { return kInfo[int(d)].numpyKind == 'f'; }

mlir::Type elementType(mlir::MLIRContext *ctx, DType d) {
  mlir::Builder b(ctx);
  const DTypeInfo &i = dtypeInfo(d);
  switch (i.numpyKind) {
  case 'b': return b.getI1Type();
  case 'i': return b.getIntegerType(i.itemsize * 8);
  case 'u': return b.getIntegerType(i.itemsize * 8, /*isSigned=*/false);
  case 'c': return mlir::ComplexType::get(i.itemsize == 8 ? mlir::Type(b.getF32Type()) : mlir::Type(b.getF64Type()));
  default: return i.itemsize == 4 ? mlir::Type(b.getF32Type()) : mlir::Type(b.getF64Type());
  }
}
} // namespace ptensor

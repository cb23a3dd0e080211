// Scalar semantics of every elementwise op, in one place: used inside linalg.generic bodies.
// Element types are PTensor element types (iN signed, uiN unsigned, i1 bool, fN float);
// values are signless builtin values.
#pragma once

#include "PTensor/Dialect.h"

namespace ptensor {
mlir::Value emitCast(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Type from,
                     mlir::Type to);
mlir::Value emitUnary(mlir::OpBuilder &b, mlir::Location loc, UnaryOpKind k, mlir::Value x,
                      mlir::Type elem);
mlir::Value emitUnaryTest(mlir::OpBuilder &b, mlir::Location loc, UnaryTestKind k, mlir::Value x,
                          mlir::Type elem);
mlir::Value emitBinary(mlir::OpBuilder &b, mlir::Location loc, BinaryOpKind k, mlir::Value x,
                       mlir::Value y, mlir::Type elem);
mlir::Value emitBinaryTest(mlir::OpBuilder &b, mlir::Location loc, BinaryTestKind k,
                           mlir::Value x, mlir::Value y, mlir::Type elem);
/// Identity element of a reduction in acc (a PTensor element type).
mlir::Value emitReduceInit(mlir::OpBuilder &b, mlir::Location loc, ReduceKind k, mlir::Type acc);
mlir::Value emitReduceCombine(mlir::OpBuilder &b, mlir::Location loc, ReduceKind k,
                              mlir::Value a, mlir::Value x, mlir::Type acc);
} // namespace ptensor

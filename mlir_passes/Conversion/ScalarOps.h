// Scalar semantics of every elementwise op, in one place: used inside linalg.generic bodies.
// Element types are PTensor element types (iN signed, uiN unsigned, i1 bool, fN float,
// complex<fN>); values are signless builtin values. Complex semantics: ComplexOps.cpp.
#pragma once

#include "PTensor/Dialect.h"

#include "mlir/IR/BuiltinOps.h"

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

/// |re + i im| as NumPy's complex absolute computes it: max * sqrt(1 + (min / max)^2) (its
/// SIMD loop; not libm's hypot, which np.hypot and the hypot above are); inf wins over NaN.
mlir::Value emitComplexAbs(mlir::OpBuilder &b, mlir::Location loc, mlir::Value re,
                           mlir::Value im, mlir::Type ft);

// complex<fN> (ComplexOps.cpp); the emit* functions above dispatch to these.
mlir::Value emitComplexCast(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Type from,
                            mlir::Type to);
mlir::Value emitComplexUnary(mlir::OpBuilder &b, mlir::Location loc, UnaryOpKind k, mlir::Value x,
                             mlir::Type ct);
mlir::Value emitComplexUnaryTest(mlir::OpBuilder &b, mlir::Location loc, UnaryTestKind k,
                                 mlir::Value x, mlir::Type ct);
mlir::Value emitComplexBinary(mlir::OpBuilder &b, mlir::Location loc, BinaryOpKind k, mlir::Value x,
                              mlir::Value y, mlir::Type ct);
/// equal (true) or not_equal (false) of two complex values.
mlir::Value emitComplexEquality(mlir::OpBuilder &b, mlir::Location loc, bool equal, mlir::Value x,
                                mlir::Value y);
mlir::Value emitComplexConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type ct, double re,
                                double im);
/// Private declarations of the libm functions complex ops call (cexp, ..., cpow).
void declareComplexLibm(mlir::ModuleOp module);
} // namespace ptensor

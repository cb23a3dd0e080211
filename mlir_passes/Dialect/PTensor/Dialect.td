#ifndef PTENSOR_DIALECT_TD
#define PTENSOR_DIALECT_TD

include "mlir/IR/OpBase.td"

def PTensor_Dialect : Dialect {
  let name = "ptensor";
  let cppNamespace = "::ptensor";
  let summary = "Parallel tensors: array-API operations on tensors that carry device and team";
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{ void registerTypes(); }];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect"];
}

class PTensor_Op<string mnemonic, list<Trait> traits = []> :
    Op<PTensor_Dialect, mnemonic, traits>;

#endif

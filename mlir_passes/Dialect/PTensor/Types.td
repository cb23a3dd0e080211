#ifndef PTENSOR_TYPES_TD
#define PTENSOR_TYPES_TD

include "PTensor/Dialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

// !ptensor.ptensor<?x4xf64> or !ptensor.ptensor<?xui8, device = "cuda:0", team = 1>
// Integer element types keep their signedness (si/ui are not used: signless iN means signed,
// uiN unsigned); lowering turns them into signless builtin tensors.
def PTensor_PTensorType : TypeDef<PTensor_Dialect, "PTensor"> {
  let mnemonic = "ptensor";
  let summary = "ranked tensor with a device and a team";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    OptionalParameter<"::mlir::StringAttr">:$device,
    OptionalParameter<"::mlir::IntegerAttr">:$team);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType), [{
      return $_get($_ctxt, shape, elementType, ::mlir::StringAttr(), ::mlir::IntegerAttr());
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// The builtin tensor this type lowers to (signless elements). With a team the ptensor
    /// is block-partitioned over the team along axis 0 and lowers to this rank's block, so
    /// axis 0 is dynamic there (one program for every rank); a 0-d one is replicated.
    ::mlir::RankedTensorType toTensorType() const;
    bool sameLocation(PTensorType other) const {
      return getDevice() == other.getDevice() && getTeam() == other.getTeam();
    }
  }];
}

def PTensor_UnaryOpKind : I32EnumAttr<"UnaryOpKind", "elementwise unary operation", [
  I32EnumAttrCase<"abs", 0>, I32EnumAttrCase<"acos", 1>, I32EnumAttrCase<"acosh", 2>,
  I32EnumAttrCase<"asin", 3>, I32EnumAttrCase<"asinh", 4>, I32EnumAttrCase<"atan", 5>,
  I32EnumAttrCase<"atanh", 6>, I32EnumAttrCase<"bitwise_invert", 7>, I32EnumAttrCase<"ceil", 8>,
  I32EnumAttrCase<"cos", 9>, I32EnumAttrCase<"cosh", 10>, I32EnumAttrCase<"erf", 11>,
  I32EnumAttrCase<"exp", 12>, I32EnumAttrCase<"expm1", 13>, I32EnumAttrCase<"floor", 14>,
  I32EnumAttrCase<"log", 15>, I32EnumAttrCase<"log1p", 16>, I32EnumAttrCase<"log2", 17>,
  I32EnumAttrCase<"log10", 18>, I32EnumAttrCase<"negative", 19>, I32EnumAttrCase<"positive", 20>,
  I32EnumAttrCase<"round", 21>, I32EnumAttrCase<"sign", 22>, I32EnumAttrCase<"sin", 23>,
  I32EnumAttrCase<"sinh", 24>, I32EnumAttrCase<"sqrt", 25>, I32EnumAttrCase<"square", 26>,
  I32EnumAttrCase<"tan", 27>, I32EnumAttrCase<"tanh", 28>, I32EnumAttrCase<"trunc", 29>,
  I32EnumAttrCase<"reciprocal", 30>, I32EnumAttrCase<"conj", 31>, I32EnumAttrCase<"real", 32>,
  I32EnumAttrCase<"imag", 33>]> {
  let cppNamespace = "::ptensor";
}

def PTensor_UnaryTestKind : I32EnumAttr<"UnaryTestKind", "elementwise unary test", [
  I32EnumAttrCase<"isnan", 0>, I32EnumAttrCase<"isinf", 1>, I32EnumAttrCase<"isfinite", 2>,
  I32EnumAttrCase<"logical_not", 3>, I32EnumAttrCase<"signbit", 4>]> {
  let cppNamespace = "::ptensor";
}

def PTensor_BinaryOpKind : I32EnumAttr<"BinaryOpKind", "elementwise binary operation", [
  I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"subtract", 1>, I32EnumAttrCase<"multiply", 2>,
  I32EnumAttrCase<"divide", 3>, I32EnumAttrCase<"floor_divide", 4>, I32EnumAttrCase<"remainder", 5>,
  I32EnumAttrCase<"pow", 6>, I32EnumAttrCase<"maximum", 7>, I32EnumAttrCase<"minimum", 8>,
  I32EnumAttrCase<"bitwise_and", 9>, I32EnumAttrCase<"bitwise_or", 10>,
  I32EnumAttrCase<"bitwise_xor", 11>, I32EnumAttrCase<"bitwise_left_shift", 12>,
  I32EnumAttrCase<"bitwise_right_shift", 13>, I32EnumAttrCase<"atan2", 14>,
  I32EnumAttrCase<"hypot", 15>, I32EnumAttrCase<"copysign", 16>, I32EnumAttrCase<"logaddexp", 17>,
  I32EnumAttrCase<"nextafter", 18>]> {
  let cppNamespace = "::ptensor";
}

def PTensor_BinaryTestKind : I32EnumAttr<"BinaryTestKind", "elementwise binary test", [
  I32EnumAttrCase<"equal", 0>, I32EnumAttrCase<"not_equal", 1>, I32EnumAttrCase<"less", 2>,
  I32EnumAttrCase<"less_equal", 3>, I32EnumAttrCase<"greater", 4>,
  I32EnumAttrCase<"greater_equal", 5>, I32EnumAttrCase<"logical_and", 6>,
  I32EnumAttrCase<"logical_or", 7>, I32EnumAttrCase<"logical_xor", 8>]> {
  let cppNamespace = "::ptensor";
}

include "ReduceKind.td"

#endif

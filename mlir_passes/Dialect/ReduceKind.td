#ifndef PTENSOR_REDUCE_KIND_TD
#define PTENSOR_REDUCE_KIND_TD

include "mlir/IR/EnumAttr.td"

// The one reduction-kind enum (::ptensor::ReduceKind) of the PTensor and Dist dialects:
// ptensor.reduce and the collectives (dist.all_reduce, ...) name their combiner with it. Its
// C++ enum is generated with the PTensor dialect's enums (PTensor/OpsEnums.h.inc).
def PTensor_ReduceKind : I32EnumAttr<"ReduceKind", "reduction", [
  I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>, I32EnumAttrCase<"min", 2>,
  I32EnumAttrCase<"max", 3>]> {
  let cppNamespace = "::ptensor";
}

#endif // PTENSOR_REDUCE_KIND_TD

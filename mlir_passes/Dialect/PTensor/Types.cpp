// !ptensor.ptensor: parsing, printing and lowering to builtin tensors.
#include "PTensor/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptensor;

#include "PTensor/OpsEnums.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "PTensor/Types.cpp.inc"

void PTensorDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "PTensor/Types.cpp.inc"
      >();
}

Type ptensor::toSignless(Type t) {
  if (auto it = dyn_cast<IntegerType>(t); it && !it.isSignless())
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

RankedTensorType PTensorType::toTensorType() const {
  SmallVector<int64_t> shape(getShape());
  if (getTeam() && !shape.empty())
    shape[0] = ShapedType::kDynamic;
  return RankedTensorType::get(shape, toSignless(getElementType()));
}

// <?x4xf64> | <?xui8, device = "cuda:0", team = 1>
Type PTensorType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  StringAttr device;
  IntegerAttr team;
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/true) || p.parseType(elem))
    return {};
  while (succeeded(p.parseOptionalComma())) {
    StringRef key;
    if (p.parseKeyword(&key) || p.parseEqual())
      return {};
    if (key == "device") {
      std::string s;
      if (p.parseString(&s))
        return {};
      device = StringAttr::get(p.getContext(), s);
    } else if (key == "team") {
      int64_t v;
      if (p.parseInteger(v))
        return {};
      team = IntegerAttr::get(IntegerType::get(p.getContext(), 64), v);
    } else {
      p.emitError(p.getCurrentLocation(), "unknown ptensor type parameter '") << key << "'";
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return PTensorType::get(p.getContext(), shape, elem, device, team);
}

void PTensorType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    (ShapedType::isDynamic(d) ? p << "?" : p << d) << "x";
  p << getElementType();
  if (getDevice())
    p << ", device = \"" << getDevice().getValue() << "\"";
  if (getTeam())
    p << ", team = " << getTeam().getInt();
  p << ">";
}

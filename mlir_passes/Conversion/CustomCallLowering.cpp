// ptensor.custom_call -> a call of the runtime entry ptensor_custom_call (part of
// --lower-ptensor). The target name and typed attributes become a constant global (the
// config of runtime/CustomCallAbi.h); operands and fresh result buffers are described in a
// stack array of words; results re-enter tensor land through bufferization.to_tensor.
#include "CustomCallAbi.h"
#include "PTensor/Dialect.h"
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/Hashing.h"

using namespace mlir;

namespace {
/// ptensor_ffi.h's dtype code of a PTensor element type (signedness as PTensor types keep it).
int64_t dtypeCode(Type t) {
  if (t.isF32()) return 9;
  if (t.isF64()) return 10;
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType().isF32() ? 11 : 12;
  auto i = cast<IntegerType>(t);
  unsigned w = i.getWidth();
  if (w == 1) return 0;
  int64_t log = w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : 3;
  return (i.isUnsigned() ? 5 : 1) + log;
}

std::vector<int64_t> encodeConfig(ptensor::CustomCallOp op) {
  using namespace ptensor::ffi;
  ConfigWriter w;
  w.str(op.getCallTargetName().str());
  w.word(int64_t(op.getBackendConfig().size()));
  for (NamedAttribute na : op.getBackendConfig()) { // DictionaryAttr keeps names sorted
    Attribute a = na.getValue();
    w.str(na.getName().str());
    int64_t kind = ptensor::CustomCallOp::attrKind(a);
    w.word(kind);
    switch (kind) {
    case kAttrBool: w.word(1); w.word(cast<BoolAttr>(a).getValue()); break;
    case kAttrI64: w.word(1); w.word(cast<IntegerAttr>(a).getValue().getSExtValue()); break;
    case kAttrF64: w.word(1); w.f64(cast<FloatAttr>(a).getValueAsDouble()); break;
    case kAttrString: w.word(int64_t(cast<StringAttr>(a).size())); w.str(cast<StringAttr>(a).str()); break;
    case kAttrI64Array: {
      auto v = cast<DenseI64ArrayAttr>(a).asArrayRef();
      w.word(int64_t(v.size()));
      for (int64_t x : v) w.word(x);
      break;
    }
    default: {
      auto v = cast<DenseF64ArrayAttr>(a).asArrayRef();
      w.word(int64_t(v.size()));
      for (double x : v) w.f64(x);
    }
    }
  }
  return w.words;
}

/// A private constant global holding `words` (one per distinct content).
memref::GlobalOp configGlobal(ModuleOp module, OpBuilder &b, Location loc, ArrayRef<int64_t> words) {
  llvm::hash_code h = llvm::hash_combine_range(words.begin(), words.end());
  std::string name = "__ptensor_custom_call_" + llvm::utohexstr(size_t(h));
  if (auto g = module.lookupSymbol<memref::GlobalOp>(name))
    return g;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto ty = MemRefType::get({int64_t(words.size())}, b.getI64Type());
  auto init = DenseElementsAttr::get(RankedTensorType::get(ty.getShape(), b.getI64Type()), words);
  return b.create<memref::GlobalOp>(loc, name, b.getStringAttr("private"), ty, init,
                                    /*constant=*/true, b.getI64IntegerAttr(8));
}

struct CustomCallLowering : OpConversionPattern<ptensor::CustomCallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ptensor::CustomCallOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto i64 = rw.getI64Type();
    auto c64 = [&](int64_t v) { return rw.create<arith::ConstantIntOp>(loc, v, 64).getResult(); };
    auto idx = [&](Value v) { return rw.create<arith::IndexCastOp>(loc, i64, v).getResult(); };
    auto address = [&](Value m) { return idx(rw.create<memref::ExtractAlignedPointerAsIndexOp>(loc, m)); };

    // buffers: operands as read-only (possibly strided) memrefs, results freshly allocated
    SmallVector<std::pair<Value, int64_t>> bufs; // memref, dtype code
    for (auto [t, pt] : llvm::zip(a.getInputs(), op.getInputs().getTypes())) {
      auto tt = cast<RankedTensorType>(t.getType());
      auto layout = StridedLayoutAttr::get(rw.getContext(), ShapedType::kDynamic,
                                           SmallVector<int64_t>(tt.getRank(), ShapedType::kDynamic));
      auto m = rw.create<bufferization::ToMemrefOp>(
          loc, MemRefType::get(tt.getShape(), tt.getElementType(), layout), t);
      m.setReadOnly(true);
      bufs.push_back({m, dtypeCode(cast<ptensor::PTensorType>(pt).getElementType())});
    }
    SmallVector<Value> outs;
    size_t sizeAt = 0;
    for (Type rt : op.getResultTypes()) {
      auto tt = cast<ptensor::PTensorType>(rt).toTensorType();
      size_t n = size_t(tt.getNumDynamicDims());
      auto m = rw.create<memref::AllocOp>(loc, MemRefType::get(tt.getShape(), tt.getElementType()),
                                          a.getResultSizes().slice(sizeAt, n));
      sizeAt += n;
      outs.push_back(m);
      bufs.push_back({m, dtypeCode(cast<ptensor::PTensorType>(rt).getElementType())});
    }

    // the descriptor words
    int64_t words = 0;
    for (auto &[m, code] : bufs)
      words += 3 + 2 * cast<MemRefType>(m.getType()).getRank();
    auto desc = rw.create<memref::AllocaOp>(loc, MemRefType::get({words}, i64));
    int64_t at = 0;
    auto store = [&](Value v) {
      rw.create<memref::StoreOp>(loc, v, desc, ValueRange{rw.create<arith::ConstantIndexOp>(loc, at++)});
    };
    for (auto &[m, code] : bufs) {
      auto mt = cast<MemRefType>(m.getType());
      auto meta = rw.create<memref::ExtractStridedMetadataOp>(loc, m);
      // (getElementTypeBitWidth is only for ints and floats: complex<f32> read garbage)
      Type et = mt.getElementType();
      auto ct = dyn_cast<ComplexType>(et);
      int64_t bytes = ct ? 2 * (ct.getElementType().getIntOrFloatBitWidth() / 8)
                         : std::max<int64_t>(1, et.getIntOrFloatBitWidth() / 8);
      Value offset = rw.create<arith::MulIOp>(loc, idx(meta.getOffset()), c64(bytes));
      store(c64(code));
      store(c64(mt.getRank()));
      store(rw.create<arith::AddIOp>(loc, address(m), offset));
      for (Value s : meta.getSizes())
        store(idx(s));
      for (Value s : meta.getStrides())
        store(idx(s));
    }

    memref::GlobalOp g = configGlobal(module, rw, loc, encodeConfig(op));
    Value config = rw.create<memref::GetGlobalOp>(loc, g.getType(), g.getSymName());
    SmallVector<Value> args{address(config), address(desc), c64(int64_t(op.getInputs().size())),
                            c64(int64_t(op.getNumResults()))};
    auto callee = module.lookupSymbol<func::FuncOp>("ptensor_custom_call");
    if (!callee) {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(module.getBody());
      callee = rw.create<func::FuncOp>(loc, "ptensor_custom_call",
                                       rw.getFunctionType(SmallVector<Type>(4, i64), {}));
      callee.setPrivate();
    }
    rw.create<func::CallOp>(loc, callee, args);

    SmallVector<Value> results;
    for (Value m : outs)
      results.push_back(rw.create<bufferization::ToTensorOp>(loc, m, /*restrict=*/true, /*writable=*/true));
    rw.replaceOp(op, results);
    return success();
  }
};
} // namespace

void ptensor::populateCustomCallLowering(RewritePatternSet &patterns, TypeConverter &tc) {
  patterns.add<CustomCallLowering>(tc, patterns.getContext());
}

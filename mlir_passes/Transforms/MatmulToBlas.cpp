// --ptensor-matmul-to-blas: see Passes.td. The heavy kernel of a matmul is the platform's BLAS
// (Debian's OpenBLAS), as the PTensor RFC suggests; everything around it stays compiled code.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ptensor {
#define GEN_PASS_DEF_MATMULTOBLAS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// Whether t is a strided 2-D memref (identity, or the layout of a view: transposes and
/// slices); which of its strides is 1 is known, or checked, at run time.
bool strided2d(MemRefType t) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return t && t.getRank() == 2 && succeeded(getStridesAndOffset(t, strides, offset));
}

/// The float type of an element type BLAS takes: f32, f64, complex<f32>, complex<f64>.
FloatType blasPart(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    t = c.getElementType();
  return t.isF32() || t.isF64() ? cast<FloatType>(t) : FloatType();
}

/// cblas_[sdcz]gemm; the complex ones take alpha and beta by pointer.
func::FuncOp gemmDecl(ModuleOp module, Type elem) {
  FloatType ft = blasPart(elem);
  bool cplx = isa<ComplexType>(elem);
  std::string name = std::string("cblas_") + (cplx ? (ft.isF64() ? "z" : "c") : (ft.isF64() ? "d" : "s")) + "gemm";
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  MLIRContext *ctx = module.getContext();
  Type i32 = b.getI32Type(), ptr = LLVM::LLVMPointerType::get(ctx);
  Type scalar = cplx ? ptr : Type(ft);
  // (order, transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc)
  SmallVector<Type> args = {i32, i32, i32, i32, i32, i32, scalar, ptr, i32, ptr, i32, scalar, ptr, i32};
  auto f = b.create<func::FuncOp>(module.getLoc(), name, b.getFunctionType(args, {}));
  f.setPrivate();
  return f;
}

/// Pointer to element [0, 0] of a 2-D memref, its sizes and its strides.
struct View {
  Value ptr, rows, cols, ld, unit;
};
Value pointerOf(OpBuilder &b, Location loc, Value m) {
  Value base = b.create<memref::ExtractAlignedPointerAsIndexOp>(loc, m);
  Value addr = b.create<arith::IndexCastOp>(loc, b.getI64Type(), base);
  return b.create<LLVM::IntToPtrOp>(loc, LLVM::LLVMPointerType::get(b.getContext()), addr);
}
View viewOf(OpBuilder &b, Location loc, Value m) {
  auto md = b.create<memref::ExtractStridedMetadataOp>(loc, m);
  Value base = b.create<memref::ExtractAlignedPointerAsIndexOp>(loc, md.getBaseBuffer());
  Type elem = cast<MemRefType>(m.getType()).getElementType();
  unsigned bytes = blasPart(elem).getWidth() / 8 * (isa<ComplexType>(elem) ? 2 : 1);
  Value off = b.create<arith::MulIOp>(loc, md.getOffset(), b.create<arith::ConstantIndexOp>(loc, bytes));
  Value addr = b.create<arith::IndexCastOp>(loc, b.getI64Type(), b.create<arith::AddIOp>(loc, base, off));
  Value ptr = b.create<LLVM::IntToPtrOp>(loc, LLVM::LLVMPointerType::get(b.getContext()), addr);
  return {ptr, md.getSizes()[0], md.getSizes()[1], md.getStrides()[0], md.getStrides()[1]};
}

/// Whether v is a float or complex zero constant.
bool isZero(Value v) {
  if (matchPattern(v, m_AnyZeroFloat()))
    return true;
  if (auto c = v.getDefiningOp<complex::ConstantOp>())
    return llvm::all_of(c.getValue(), [](Attribute a) {
      auto f = dyn_cast<FloatAttr>(a);
      return f && f.getValue().isZero();
    });
  return false;
}

/// The zero fill of the matmul's result just before it (only side-effect-free ops between),
/// which BLAS with beta = 0 makes redundant; null if there is none.
linalg::FillOp zeroFillOf(linalg::MatmulOp op) {
  for (Operation *p = op->getPrevNode(); p; p = p->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(p))
      return fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == op.getDpsInits()[0] &&
                     isZero(fill.value())
                 ? fill
                 : linalg::FillOp();
    if (!isMemoryEffectFree(p))
      return {};
  }
  return {};
}

struct MatmulToBlasPass : ptensor::impl::MatmulToBlasBase<MatmulToBlasPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<linalg::MatmulOp> todo;
    module.walk([&](linalg::MatmulOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      auto types = llvm::map_to_vector(op->getOperands(), [](Value v) { return dyn_cast<MemRefType>(v.getType()); });
      if (types.size() != 3 || !llvm::all_of(types, [&](MemRefType t) {
            return strided2d(t) && t.getElementType() == types[0].getElementType();
          }))
        return;
      if (!blasPart(types[0].getElementType()))
        return;
      todo.push_back(op);
    });
    for (linalg::MatmulOp op : todo) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Type elem = cast<MemRefType>(op->getOperand(0).getType()).getElementType();
      FloatType ft = blasPart(elem);
      func::FuncOp gemm = gemmDecl(module, elem);
      View a = viewOf(b, loc, op->getOperand(0)), bm = viewOf(b, loc, op->getOperand(1)),
           c = viewOf(b, loc, op->getOperand(2));
      // BLAS takes row-major operands (unit column stride) and, for A and B, their transposes
      // (unit row stride: a transposed view, CblasTrans with the row stride as ld); it
      // requires ld >= max(1, stored columns) and 32-bit sizes; anything else keeps the loops
      Value one = b.create<arith::ConstantIndexOp>(loc, 1);
      Value lim = b.create<arith::ConstantIndexOp>(loc, int64_t(INT32_MAX));
      Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
      auto both = [&](Value x) { ok = b.create<arith::AndIOp>(loc, ok, x); };
      auto eq = [&](Value x, Value y) { return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, y); };
      Value noTrans = b.create<arith::ConstantIntOp>(loc, 111, 32),
            trans = b.create<arith::ConstantIntOp>(loc, 112, 32);
      SmallVector<Value, 3> flags;
      for (View *v : {&a, &bm, &c}) {
        Value rowMajor = eq(v->unit, one);
        Value stored = v->cols;
        if (v == &c) {
          both(rowMajor);
        } else { // (a row of one element: row-major too)
          Value colMajor = b.create<arith::AndIOp>(loc, b.create<arith::XOrIOp>(loc, rowMajor, b.create<arith::ConstantIntOp>(loc, 1, 1)), eq(v->ld, one));
          both(b.create<arith::OrIOp>(loc, rowMajor, colMajor));
          flags.push_back(b.create<arith::SelectOp>(loc, rowMajor, noTrans, trans));
          v->ld = b.create<arith::SelectOp>(loc, rowMajor, v->ld, v->unit);
          stored = b.create<arith::SelectOp>(loc, rowMajor, v->cols, v->rows);
        }
        Value need = b.create<arith::MaxUIOp>(loc, stored, one);
        both(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, v->ld, need));
        for (Value s : {v->rows, v->cols, v->ld})
          both(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, s, lim));
      }
      // C = A B (beta = 0) after a zero fill, which then runs only where the loops do (BLAS
      // with beta = 0 needs no zeroed C, and the fill would be a separate parallel pass over
      // C); else C += A B (beta = 1), linalg.matmul's meaning.
      linalg::FillOp fill = zeroFillOf(op);
      double betaValue = fill ? 0.0 : 1.0;
      auto ifOp = b.create<scf::IfOp>(loc, ok, /*withElseRegion=*/true);
      {
        OpBuilder t = ifOp.getThenBodyBuilder();
        auto i32 = [&](Value v) { return t.create<arith::IndexCastOp>(loc, t.getI32Type(), v).getResult(); };
        auto c32 = [&](int v) { return t.create<arith::ConstantIntOp>(loc, v, 32).getResult(); };
        auto fc = [&](double v) { return t.create<arith::ConstantOp>(loc, t.getFloatAttr(ft, v)).getResult(); };
        Value alpha = fc(1.0), beta = fc(betaValue);
        if (isa<ComplexType>(elem)) { // (1, 0) and (0, 0) in stack memory, passed by address
          auto pair = [&](double re) {
            Value m = t.create<memref::AllocaOp>(loc, MemRefType::get({2}, ft));
            t.create<memref::StoreOp>(loc, fc(re), m, ValueRange{t.create<arith::ConstantIndexOp>(loc, 0)});
            t.create<memref::StoreOp>(loc, fc(0.0), m, ValueRange{t.create<arith::ConstantIndexOp>(loc, 1)});
            return pointerOf(t, loc, m);
          };
          alpha = pair(1.0);
          beta = pair(betaValue);
        }
        // CblasRowMajor = 101, CblasNoTrans = 111, CblasTrans = 112
        t.create<func::CallOp>(loc, gemm, ValueRange{c32(101), flags[0], flags[1], i32(a.rows),
                                                     i32(bm.cols), i32(a.cols), alpha, a.ptr,
                                                     i32(a.ld), bm.ptr, i32(bm.ld), beta, c.ptr,
                                                     i32(c.ld)});
      }
      OpBuilder e = ifOp.getElseBodyBuilder();
      if (fill) {
        e.clone(*fill.getOperation());
        fill.erase();
      }
      e.clone(*op.getOperation());
      op.erase();
    }
  }
};
} // namespace

// Complex numbers in GPU kernels: see KernelComplex.h.
#include "Conversion/KernelComplex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;

namespace ptensor {
namespace {
/// Scalar helpers on one builder and location.
struct Cx {
  OpBuilder &b;
  Location loc;
  Type ct;      // complex<f32|f64>
  FloatType ft; // its parts

  Value re(Value z) { return b.create<complex::ReOp>(loc, z); }
  Value im(Value z) { return b.create<complex::ImOp>(loc, z); }
  Value mk(Value r, Value i) { return b.create<complex::CreateOp>(loc, ct, r, i); }
  Value c(double v) { return b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, v)); }
  Value add(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value neg(Value x) { return b.create<arith::NegFOp>(loc, x); }
  Value atan2(Value y, Value x) { return b.create<math::Atan2Op>(loc, y, x); }
  Value asinh(Value x) { return b.create<math::AsinhOp>(loc, x); }
  Value csqrt(Value z) { return b.create<complex::SqrtOp>(loc, z); }
  /// 1 - z, 1 + z, z - 1, z + 1 with a real 1 (C99: 1 - (x + 0i) has the imaginary part -0,
  /// which puts the square roots below on the side of the branch cut Kahan's formulas want)
  Value oneMinus(Value z) { return mk(sub(c(1), re(z)), neg(im(z))); }
  Value onePlus(Value z) { return mk(add(c(1), re(z)), im(z)); }
  Value minusOne(Value z) { return mk(sub(re(z), c(1)), im(z)); }
  /// i z and -i z
  Value timesI(Value z) { return mk(neg(im(z)), re(z)); }
  Value timesMinusI(Value z) { return mk(im(z), neg(re(z))); }
  /// Re(a b) and Im(conj(a) b)
  Value reProd(Value a, Value w) { return sub(mul(re(a), re(w)), mul(im(a), im(w))); }
  Value imConjProd(Value a, Value w) { return sub(mul(re(a), im(w)), mul(im(a), re(w))); }

  /// Kahan's formulas ("Branch cuts for complex elementary functions", 1987): the principal
  /// branches, from square roots that carry the signs of zeros.
  Value asin(Value z) {
    Value sm = csqrt(oneMinus(z)), sp = csqrt(onePlus(z));
    return mk(atan2(re(z), reProd(sm, sp)), asinh(imConjProd(sm, sp)));
  }
  Value acos(Value z) {
    Value sm = csqrt(oneMinus(z)), sp = csqrt(onePlus(z));
    return mk(mul(c(2), atan2(re(sm), re(sp))), asinh(imConjProd(sp, sm)));
  }
  Value acosh(Value z) {
    Value sm = csqrt(minusOne(z)), sp = csqrt(onePlus(z));
    Value r = asinh(add(mul(re(sm), re(sp)), mul(im(sm), im(sp))));
    return mk(r, mul(c(2), atan2(im(sm), re(sp))));
  }
  /// atanh(x + iy) = log1p(4|x| / ((1 - |x|)^2 + y^2)) / 4 with the sign of x
  ///                 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2
  /// (odd in x, so that atanh(-1) is -inf and zeros keep their signs; MLIR's complex.log1p
  /// gives 0 at -1)
  Value atanh(Value z) {
    Value x = re(z), y = im(z);
    Value ax = b.create<math::AbsFOp>(loc, x);
    Value d = sub(c(1), ax);
    Value q = b.create<arith::DivFOp>(loc, mul(c(4), ax), add(mul(d, d), mul(y, y)));
    Value r = mul(c(0.25), b.create<math::Log1pOp>(loc, q));
    Value t = sub(mul(sub(c(1), x), add(c(1), x)), mul(y, y));
    return mk(b.create<math::CopySignOp>(loc, r, x), mul(c(0.5), atan2(mul(c(2), y), t)));
  }

  // ---- C99 Annex G: the values for infinite and NaN parts. The formulas above are for
  // finite values; where a part is not finite, the function's special value, as glibc's
  // libm gives it (NumPy and ptensor's host programs call it; signs of zeros included),
  // built from the parts' classes with selects. Each `...Special(x, y)` is only used where
  // x or y is infinite or NaN.
  using Pair = std::pair<Value, Value>;
  Value inf() { return c(INFINITY); }
  Value nan() { return c(NAN); }
  Value absf(Value v) { return b.create<math::AbsFOp>(loc, v); }
  Value cmp(arith::CmpFPredicate p, Value u, Value v) { return b.create<arith::CmpFOp>(loc, p, u, v); }
  Value isNan(Value v) { return cmp(arith::CmpFPredicate::UNO, v, v); }
  Value isInf(Value v) { return cmp(arith::CmpFPredicate::OEQ, absf(v), inf()); }
  Value isFinite(Value v) { return cmp(arith::CmpFPredicate::OLT, absf(v), inf()); }
  Value isZero(Value v) { return cmp(arith::CmpFPredicate::OEQ, v, c(0)); }
  Value both(Value p, Value q) { return b.create<arith::AndIOp>(loc, p, q); }
  Value either(Value p, Value q) { return b.create<arith::OrIOp>(loc, p, q); }
  Value no(Value p) {
    return b.create<arith::XOrIOp>(loc, p, b.create<arith::ConstantIntOp>(loc, 1, 1));
  }
  Value pick(Value cond, Value t, Value f) { return b.create<arith::SelectOp>(loc, cond, t, f); }
  Value copysign(Value m, Value sgn) { return b.create<math::CopySignOp>(loc, m, sgn); }

  Pair expSpecial(Value x, Value y) {
    Value e = b.create<math::ExpOp>(loc, x);
    Value r = mul(e, b.create<math::CosOp>(loc, y)), i = mul(e, b.create<math::SinOp>(loc, y));
    Value yOpen = no(isFinite(y));
    Value toZero = both(cmp(arith::CmpFPredicate::OEQ, x, c(-INFINITY)), yOpen); // +-0 +-0i
    r = pick(toZero, c(0), r);
    i = pick(toZero, pick(isNan(y), c(0), copysign(c(0), y)), i);
    Value toInf = both(cmp(arith::CmpFPredicate::OEQ, x, inf()), yOpen); // inf + NaN i
    r = pick(toInf, inf(), r);
    i = pick(toInf, nan(), i);
    return {pick(isZero(y), e, r), pick(isZero(y), y, i)}; // exp(x) + y i
  }
  Pair logSpecial(Value x, Value y) {
    return {pick(either(isInf(x), isInf(y)), inf(), nan()), atan2(y, x)};
  }
  /// sinh (cosh = false) or cosh of x + iy: sinh x cos y + i cosh x sin y (cosh x cos y +
  /// i sinh x sin y) but where inf * 0 or 0 * NaN would be NaN
  Pair hyperbolicSpecial(Value x, Value y, bool cosh) {
    Value f = hyperbolic(x, y, cosh), r = re(f), i = im(f);
    Value real = isZero(y); // sinh: sinh x + y i; cosh: cosh x + 0i with the sign of x y
    Value onAxis = cosh ? b.create<math::CoshOp>(loc, x).getResult()
                        : b.create<math::SinhOp>(loc, x).getResult();
    Value yOpen = no(isFinite(y));
    Value atZero = both(isZero(x), yOpen); // sinh: x + NaN i; cosh: NaN + 0i
    r = pick(atZero, cosh ? nan() : x, r);
    i = pick(atZero, cosh ? c(0) : nan(), i);
    Value atInf = both(isInf(x), yOpen); // inf + NaN i
    r = pick(atInf, inf(), r);
    i = pick(atInf, nan(), i);
    Value zi = cosh ? pick(isNan(x), y, mul(copysign(c(0), x), copysign(c(1), y))) : y;
    return {pick(real, onAxis, r), pick(real, zi, i)};
  }
  /// (glibc = true: the zero of +-1 + 0i is 0 sin(2y), as glibc's; tan's is compared with it)
  Pair tanhSpecial(Value x, Value y, bool glibc = false) {
    Value r = pick(isZero(y), b.create<math::TanhOp>(loc, x), nan()); // tanh x + y i
    Value i = pick(isZero(y), y, nan());
    r = pick(isZero(x), x, r); // (y not finite) x + NaN i
    i = pick(isZero(x), nan(), i);
    Value atInf = isInf(x); // +-1 + 0i, the zero with y's sign (the standard; README)
    Value zero = copysign(c(0), y);
    if (glibc)
      zero = pick(isFinite(y), mul(c(0), b.create<math::SinOp>(loc, mul(c(2), y))), zero);
    return {pick(atInf, copysign(c(1), x), r), pick(atInf, zero, i)};
  }
  Pair asinhSpecial(Value x, Value y) {
    Value r = copysign(inf(), x);
    r = pick(isNan(y), pick(isInf(x), x, nan()), r);
    r = pick(isNan(x), pick(isInf(y), inf(), nan()), r);
    Value i = atan2(y, absf(x)); // +-0, +-pi/4, +-pi/2
    i = pick(isNan(x), pick(isZero(y), y, nan()), i);
    return {r, pick(isNan(y), nan(), i)};
  }
  Pair acoshSpecial(Value x, Value y) {
    Value r = pick(either(isInf(x), isInf(y)), inf(), nan());
    Value i = atan2(y, x); // (NaN where either is)
    return {r, pick(isNan(y), pick(isZero(x), c(M_PI_2), nan()), i)};
  }
  Pair acosSpecial(Value x, Value y) {
    Value r = atan2(absf(y), x);
    r = pick(either(isNan(x), isNan(y)), pick(both(isNan(y), isZero(x)), c(M_PI_2), nan()), r);
    Value i = pick(isNan(y), c(-INFINITY), b.create<arith::NegFOp>(loc, copysign(inf(), y)));
    return {r, pick(either(isInf(x), isInf(y)), i, nan())};
  }
  Pair atanhSpecial(Value x, Value y) {
    Value r = pick(either(isInf(x), isInf(y)), copysign(c(0), x), pick(isZero(x), x, nan()));
    Value quarter = either(isInf(y), both(isInf(x), no(isNan(y))));
    return {r, pick(quarter, copysign(c(M_PI_2), y), nan())};
  }
  /// sinh (cosh = false) or cosh of x + iy for finite x, y
  Value hyperbolic(Value x, Value y, bool cosh) {
    Value sh = b.create<math::SinhOp>(loc, x), ch = b.create<math::CoshOp>(loc, x);
    Value cy = b.create<math::CosOp>(loc, y), sy = b.create<math::SinOp>(loc, y);
    return cosh ? mk(mul(ch, cy), mul(sh, sy)) : mk(mul(sh, cy), mul(ch, sy));
  }
  /// tanh z for finite z, the real part with the sign of x (odd; the complex dialect's
  /// formula lost the sign of a zero), a zero imaginary part kept
  Value tanh(Value z) {
    Value t = b.create<complex::TanhOp>(loc, z), y = im(z);
    return mk(copysign(re(t), re(z)), pick(isZero(y), y, im(t))); // tanh(x +- 0i) = ... +- 0i
  }
  /// f(z) for f(w) = -i g(i w): g's special value at i z = -y + ix, turned back
  Pair rotated(Value x, Value y, Pair (Cx::*g)(Value, Value)) {
    auto [a, bb] = (this->*g)(b.create<arith::NegFOp>(loc, y), x);
    return {bb, b.create<arith::NegFOp>(loc, a)};
  }
  /// The formula's value where z is finite, the special one elsewhere.
  Value annexG(Value x, Value y, Value formula, Pair special) {
    Value fin = both(isFinite(x), isFinite(y));
    return mk(pick(fin, re(formula), special.first), pick(fin, im(formula), special.second));
  }

  /// The device formula for libm's function `name`; null for a name that is not one.
  /// The functions but pow are computed on the upper half plane, f(x - iy) = conj f(x + iy)
  /// (C99 G.6; the formulas alone lost the sign of a zero imaginary part).
  Value libm(StringRef name, ValueRange a) {
    if (name == "cpow")
      return b.create<complex::PowOp>(loc, a[0], a[1]);
    Value y0 = im(a[0]);
    Value lower = cmp(arith::CmpFPredicate::OLT, copysign(c(1), y0), c(0));
    Value w = upper(name, mk(re(a[0]), absf(y0)));
    if (!w)
      return w;
    Value wi = im(w);
    Value fi = pick(lower, b.create<arith::NegFOp>(loc, wi), wi);
    // glibc's choices where the standard leaves a sign unspecified (not conj-symmetric)
    Value x0 = re(a[0]);
    if (name == "csin") // sin(+-inf or NaN +- inf i): ... + inf i
      fi = pick(both(isInf(y0), no(isFinite(x0))), inf(), fi);
    if (name == "casin") // asin(+-inf + NaN i): NaN + inf i
      fi = pick(both(isInf(x0), isNan(y0)), inf(), fi);
    if (name == "ccos") // cos(+-inf or NaN +- 0i): NaN + 0i
      fi = pick(both(isZero(y0), no(isFinite(x0))), c(0), fi);
    if (name == "ccosh") // cosh(+-0 +- inf or NaN i): NaN + 0i
      fi = pick(both(isZero(x0), no(isFinite(y0))), c(0), fi);
    return mk(re(w), fi);
  }
  /// libm's `name` for z in the upper half plane (y >= +0 or NaN).
  Value upper(StringRef name, Value z) {
    Value x = re(z), y = im(z);
    if (name == "cexp")
      return annexG(x, y, b.create<complex::ExpOp>(loc, z), expSpecial(x, y));
    if (name == "clog")
      return annexG(x, y, b.create<complex::LogOp>(loc, z), logSpecial(x, y));
    if (name == "csqrt") return csqrt(z);
    // sin z = -i sinh(i z), cos z = cosh(i z), tan z = -i tanh(i z): with i z = -y + ix
    Value ny = b.create<arith::NegFOp>(loc, y);
    if (name == "csin")
      return annexG(x, y, timesMinusI(hyperbolic(ny, x, false)), rotated(x, y, &Cx::sinhSpecial));
    if (name == "ccos")
      return annexG(x, y, hyperbolic(ny, x, true), coshSpecial(ny, x));
    if (name == "ctan")
      return annexG(x, y, timesMinusI(tanh(mk(ny, x))), rotated(x, y, &Cx::glibcTanhSpecial));
    if (name == "ctanh")
      return annexG(x, y, tanh(z), tanhSpecial(x, y));
    if (name == "csinh" || name == "ccosh") {
      bool cosh = name == "ccosh";
      return annexG(x, y, hyperbolic(x, y, cosh), hyperbolicSpecial(x, y, cosh));
    }
    if (name == "casin") return annexG(x, y, asin(z), rotated(x, y, &Cx::asinhSpecial));
    if (name == "cacos") { // (on the upper half plane the imaginary part is <= 0, -0 too)
      Value w = annexG(x, y, acos(z), acosSpecial(x, y));
      return mk(re(w), copysign(im(w), c(-1)));
    }
    if (name == "casinh") { // asinh z = -i asin(i z), the real part with the sign of x (odd)
      Value f = timesMinusI(asin(timesI(z)));
      return annexG(x, y, mk(copysign(re(f), x), im(f)), asinhSpecial(x, y));
    }
    if (name == "cacosh") return annexG(x, y, acosh(z), acoshSpecial(x, y));
    if (name == "catanh") return annexG(x, y, atanh(z), atanhSpecial(x, y));
    if (name == "catan") // atan z = -i atanh(i z)
      return annexG(x, y, timesMinusI(atanh(timesI(z))), rotated(x, y, &Cx::atanhSpecial));
    return nullptr;
  }
  Pair glibcTanhSpecial(Value x, Value y) { return tanhSpecial(x, y, true); }
  Pair sinhSpecial(Value x, Value y) { return hyperbolicSpecial(x, y, false); }
  Pair coshSpecial(Value x, Value y) { return hyperbolicSpecial(x, y, true); }
};

bool isComplex(Type t) { return isa<ComplexType>(t); }
Type complexElement(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  return mt && isa<ComplexType>(mt.getElementType()) ? mt.getElementType() : Type();
}
FloatType partOf(Type ct) { return cast<FloatType>(cast<ComplexType>(ct).getElementType()); }
} // namespace

LogicalResult inlineComplexLibm(gpu::GPUModuleOp gm) {
  SmallVector<func::CallOp> calls;
  gm.walk([&](func::CallOp call) { calls.push_back(call); });
  for (func::CallOp call : calls) {
    if (call.getNumResults() != 1 || !isComplex(call.getResult(0).getType()))
      continue;
    OpBuilder b(call);
    Type ct = call.getResult(0).getType();
    Cx cx{b, call.getLoc(), ct, partOf(ct)};
    Value v = cx.libm(call.getCallee(), call.getOperands());
    if (!v)
      return call.emitError("GPU kernels: no device version of ") << call.getCallee();
    call.getResult(0).replaceAllUsesWith(v);
    call.erase();
  }
  for (func::FuncOp f : llvm::to_vector(gm.getOps<func::FuncOp>()))
    if (f.isDeclaration() && f.symbolKnownUseEmpty(gm))
      f.erase();
  return success();
}

LogicalResult splitComplex(gpu::GPUFuncOp kernel) {
  using Pair = std::pair<Value, Value>;
  DenseMap<Value, Pair> parts;    // a complex value -> (re, im)
  DenseMap<Value, Pair> elements; // a 0-D complex view -> its parts' 0-D views
  DenseSet<Value> complexArrays;  // complex memrefs retyped as memrefs of their parts
  SmallVector<Operation *> dead;
  Block &entry = kernel.getBody().front();
  auto fn = cast<FunctionOpInterface>(kernel.getOperation());

  // Arguments: complex<T> -> T, T (appended after the argument, which is erased at the end);
  // memref<...xcomplex<T>> -> memref<...xT> (the same pointer; offsets double).
  SmallVector<BlockArgument> erased;
  for (int i = int(kernel.getNumArguments()) - 1; i >= 0; --i) {
    BlockArgument a = entry.getArgument(i);
    if (isComplex(a.getType())) {
      FloatType ft = partOf(a.getType());
      fn.insertArgument(i + 1, ft, {}, a.getLoc());
      fn.insertArgument(i + 2, ft, {}, a.getLoc());
      parts[a] = {entry.getArgument(i + 1), entry.getArgument(i + 2)};
      erased.push_back(a);
    } else if (Type ct = complexElement(a.getType())) {
      auto mt = cast<MemRefType>(a.getType());
      // (a 0-D array with an offset, such as a reduction's result, comes as a pointer to its
      // element: the host adds the offset, GpuToRuntime.cpp kernelWords)
      bool viewed = llvm::any_of(a.getUsers(), [](Operation *u) {
        return isa<memref::ReinterpretCastOp>(u);
      });
      if (mt.getRank() != 0 || (viewed && !mt.getLayout().isIdentity()))
        return kernel.emitError("GPU kernels: a complex array argument of type ")
               << mt << " (0-D element views expected)";
      a.setType(MemRefType::get({}, partOf(ct), MemRefLayoutAttrInterface{}, mt.getMemorySpace()));
      complexArrays.insert(a);
    }
  }

  // A 0-D view of the part `k` (0: re, 1: im) of the element at `offset` of complex array m.
  auto partView = [&](OpBuilder &b, Location loc, Value m, Value offset, int k) -> Value {
    auto mt = cast<MemRefType>(m.getType());
    Value two = b.create<arith::ConstantIndexOp>(loc, 2);
    Value o = b.create<arith::MulIOp>(loc, offset, two);
    if (k)
      o = b.create<arith::AddIOp>(loc, o, b.create<arith::ConstantIndexOp>(loc, 1));
    return b.create<memref::ReinterpretCastOp>(loc, mt, m, OpFoldResult(o),
                                               ArrayRef<OpFoldResult>{},
                                               ArrayRef<OpFoldResult>{});
  };
  auto viewsOf = [&](OpBuilder &b, Location loc, Value m) -> std::optional<Pair> {
    if (auto it = elements.find(m); it != elements.end())
      return it->second;
    if (!complexArrays.contains(m))
      return std::nullopt;
    Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
    return Pair{partView(b, loc, m, zero, 0), partView(b, loc, m, zero, 1)};
  };
  auto partsOf = [&](Value v) -> std::optional<Pair> {
    if (auto it = parts.find(v); it != parts.end())
      return it->second;
    return std::nullopt;
  };
  auto expand = [&](ValueRange vs, SmallVector<Value> &out) {
    for (Value v : vs) {
      if (!isComplex(v.getType())) {
        out.push_back(v);
        continue;
      }
      auto p = partsOf(v);
      if (!p)
        return false;
      out.push_back(p->first);
      out.push_back(p->second);
    }
    return true;
  };

  SmallVector<Operation *> ops;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != kernel)
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto fail = [&]() {
      return op->emitError("GPU kernels: complex values in '")
             << op->getName() << "' are not supported yet";
    };
    if (auto k = dyn_cast<complex::ConstantOp>(op)) {
      auto v = k.getValue();
      parts[k] = {b.create<arith::ConstantOp>(loc, cast<TypedAttr>(v[0])),
                  b.create<arith::ConstantOp>(loc, cast<TypedAttr>(v[1]))};
    } else if (auto m = dyn_cast<complex::CreateOp>(op)) {
      parts[m] = {m.getReal(), m.getImaginary()};
    } else if (isa<complex::ReOp, complex::ImOp>(op)) {
      auto p = partsOf(op->getOperand(0));
      if (!p)
        return fail();
      op->getResult(0).replaceAllUsesWith(isa<complex::ReOp>(op) ? p->first : p->second);
    } else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op);
               rc && complexElement(rc.getType())) {
      if (!complexArrays.contains(rc.getSource()) || rc.getType().getRank() != 0 ||
          rc.getMixedOffsets().size() != 1)
        return fail();
      Value off = getValueOrCreateConstantIndexOp(b, loc, rc.getMixedOffsets()[0]);
      elements[rc] = {partView(b, loc, rc.getSource(), off, 0),
                      partView(b, loc, rc.getSource(), off, 1)};
    } else if (auto ld = dyn_cast<memref::LoadOp>(op); ld && isComplex(ld.getType())) {
      auto v = viewsOf(b, loc, ld.getMemRef());
      if (!v || !ld.getIndices().empty())
        return fail();
      parts[ld] = {b.create<memref::LoadOp>(loc, v->first), b.create<memref::LoadOp>(loc, v->second)};
    } else if (auto st = dyn_cast<memref::StoreOp>(op);
               st && isComplex(st.getValueToStore().getType())) {
      auto v = viewsOf(b, loc, st.getMemRef());
      auto p = partsOf(st.getValueToStore());
      if (!v || !p || !st.getIndices().empty())
        return fail();
      b.create<memref::StoreOp>(loc, p->first, v->first);
      b.create<memref::StoreOp>(loc, p->second, v->second);
    } else if (auto sel = dyn_cast<arith::SelectOp>(op); sel && isComplex(sel.getType())) {
      auto t = partsOf(sel.getTrueValue()), f = partsOf(sel.getFalseValue());
      if (!t || !f)
        return fail();
      Value c = sel.getCondition();
      parts[sel] = {b.create<arith::SelectOp>(loc, c, t->first, f->first),
                    b.create<arith::SelectOp>(loc, c, t->second, f->second)};
    } else if (auto iff = dyn_cast<scf::IfOp>(op);
               iff && llvm::any_of(iff.getResultTypes(), isComplex)) {
      SmallVector<Type> types;
      for (Type t : iff.getResultTypes()) {
        types.push_back(isComplex(t) ? partOf(t) : t);
        if (isComplex(t))
          types.push_back(partOf(t));
      }
      auto n = b.create<scf::IfOp>(loc, types, iff.getCondition(), false, false);
      n.getThenRegion().takeBody(iff.getThenRegion());
      n.getElseRegion().takeBody(iff.getElseRegion());
      unsigned j = 0;
      for (Value r : iff.getResults()) {
        if (isComplex(r.getType())) {
          parts[r] = {n.getResult(j), n.getResult(j + 1)};
          j += 2;
        } else {
          r.replaceAllUsesWith(n.getResult(j++));
        }
      }
    } else if (auto loop = dyn_cast<scf::ForOp>(op);
               loop && llvm::any_of(loop.getResultTypes(), isComplex)) {
      // complex loop-carried values (a split complex sum's partial result) become pairs:
      // a new loop with the parts as values, the body moved into it
      SmallVector<Value> inits;
      if (!expand(loop.getInitArgs(), inits))
        return fail();
      auto n = b.create<scf::ForOp>(loc, loop.getLowerBound(), loop.getUpperBound(),
                                    loop.getStep(), inits);
      Block *from = loop.getBody(), *to = n.getBody();
      if (!to->empty())
        to->getTerminator()->erase();
      to->getOperations().splice(to->end(), from->getOperations());
      loop.getInductionVar().replaceAllUsesWith(n.getInductionVar());
      unsigned j = 0;
      for (auto [arg, res] : llvm::zip(loop.getRegionIterArgs(), loop.getResults())) {
        if (isComplex(arg.getType())) {
          parts[arg] = {n.getRegionIterArgs()[j], n.getRegionIterArgs()[j + 1]};
          parts[res] = {n.getResult(j), n.getResult(j + 1)};
          j += 2;
        } else {
          arg.replaceAllUsesWith(n.getRegionIterArgs()[j]);
          res.replaceAllUsesWith(n.getResult(j++));
        }
      }
    } else if (auto y = dyn_cast<scf::YieldOp>(op);
               y && llvm::any_of(y.getOperandTypes(), isComplex)) {
      SmallVector<Value> vals;
      if (!expand(y.getOperands(), vals))
        return fail();
      b.create<scf::YieldOp>(loc, vals);
    } else {
      auto complexType = [](Type t) { return isComplex(t) || complexElement(t); };
      if (llvm::any_of(op->getOperandTypes(), complexType) ||
          llvm::any_of(op->getResultTypes(), complexType))
        return fail();
      continue;
    }
    dead.push_back(op);
  }
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : llvm::reverse(dead)) {
    if (!op->use_empty())
      return op->emitError("GPU kernels: a complex value is still used after splitting");
    op->erase();
  }
  for (BlockArgument a : erased)
    fn.eraseArgument(a.getArgNumber());
  syncFunctionType(kernel);
  return success();
}

void syncFunctionType(gpu::GPUFuncOp kernel) {
  SmallVector<Type> inputs;
  for (BlockArgument a : kernel.getBody().front().getArguments().take_front(
           kernel.getNumArguments()))
    inputs.push_back(a.getType());
  kernel.setFunctionType(FunctionType::get(kernel.getContext(), inputs, {}));
}
} // namespace ptensor

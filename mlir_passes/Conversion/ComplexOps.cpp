// Scalar semantics of PTensor elementwise ops on complex<f32> / complex<f64> (NumPy's):
// - add, subtract and divide are the complex dialect (convert-complex-to-standard lowers
//   division with Smith's algorithm, as NumPy divides); multiplication is the plain formula
//   NumPy uses (no C99 Annex G inf/nan recovery: faster, and NumPy's results on overflow);
// - the transcendental functions call C99 libm (cexp, casin, ...), which is what NumPy calls
//   on Linux, so the special values (inf, nan, signed zeros, branch cuts) are libm's. They run
//   in double precision: complex64 is widened and rounded back, because x86-64 passes a
//   float complex packed in one register, which an LLVM struct of two floats would not match;
// - log1p and expm1 use NumPy's own formulas (expm1 with the standard's special cases where
//   NumPy's gives NaN parts: the README's deviations); abs is the overflow-safe hypot;
// - ordering (less, maximum, min/max reductions, sign bits) is not defined for complex
//   numbers: those emit an error (Python raises TypeError before recording them).
#include "Conversion/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include <cmath>

using namespace mlir;
namespace ptensor {
namespace {
FloatType partType(Type ct) { return cast<FloatType>(cast<ComplexType>(ct).getElementType()); }
Value re(OpBuilder &b, Location loc, Value z) { return b.create<complex::ReOp>(loc, z); }
Value im(OpBuilder &b, Location loc, Value z) { return b.create<complex::ImOp>(loc, z); }
Value mk(OpBuilder &b, Location loc, Type ct, Value r, Value i) {
  return b.create<complex::CreateOp>(loc, ct, r, i);
}
Value fcst(OpBuilder &b, Location loc, Type ft, double v) {
  return b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, v));
}
Value mul(OpBuilder &b, Location loc, Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }

/// x * y = (xr yr - xi yi) + (xr yi + xi yr) i, as NumPy multiplies.
Value cmul(OpBuilder &b, Location loc, Value x, Value y) {
  Value xr = re(b, loc, x), xi = im(b, loc, x), yr = re(b, loc, y), yi = im(b, loc, y);
  return mk(b, loc, x.getType(),
            b.create<arith::SubFOp>(loc, mul(b, loc, xr, yr), mul(b, loc, xi, yi)),
            b.create<arith::AddFOp>(loc, mul(b, loc, xr, yi), mul(b, loc, xi, yr)));
}

/// z with its parts converted to the parts of ct.
Value convertParts(OpBuilder &b, Location loc, Value z, Type ct) {
  Type from = partType(z.getType()), to = partType(ct);
  if (from == to)
    return z;
  return mk(b, loc, ct, emitCast(b, loc, re(b, loc, z), from, to),
            emitCast(b, loc, im(b, loc, z), from, to));
}

const char *libmName(UnaryOpKind k) {
  switch (k) {
  case UnaryOpKind::exp: return "cexp";
  case UnaryOpKind::log:
  case UnaryOpKind::log2:
  case UnaryOpKind::log10: return "clog";
  case UnaryOpKind::sqrt: return "csqrt";
  case UnaryOpKind::sin: return "csin";
  case UnaryOpKind::cos: return "ccos";
  case UnaryOpKind::tan: return "ctan";
  case UnaryOpKind::sinh: return "csinh";
  case UnaryOpKind::cosh: return "ccosh";
  case UnaryOpKind::tanh: return "ctanh";
  case UnaryOpKind::asin: return "casin";
  case UnaryOpKind::acos: return "cacos";
  case UnaryOpKind::atan: return "catan";
  case UnaryOpKind::asinh: return "casinh";
  case UnaryOpKind::acosh: return "cacosh";
  case UnaryOpKind::atanh: return "catanh";
  default: return nullptr;
  }
}

/// name(args...) in complex<f64>, the result converted to ct.
Value callLibm(OpBuilder &b, Location loc, StringRef name, ValueRange args, Type ct) {
  Type c128 = ComplexType::get(b.getF64Type());
  SmallVector<Value> wide;
  for (Value a : args)
    wide.push_back(convertParts(b, loc, a, c128));
  Value r = b.create<func::CallOp>(loc, name, TypeRange{c128}, wide).getResult(0);
  return convertParts(b, loc, r, ct);
}

/// 1 / z as NumPy divides (Smith's algorithm, term for term, so that the bits agree).
Value creciprocal(OpBuilder &b, Location loc, Value z) {
  Type ct = z.getType();
  FloatType ft = partType(ct);
  auto add = [&](Value p, Value q) { return b.create<arith::AddFOp>(loc, p, q).getResult(); };
  auto sub = [&](Value p, Value q) { return b.create<arith::SubFOp>(loc, p, q).getResult(); };
  auto div = [&](Value p, Value q) { return b.create<arith::DivFOp>(loc, p, q).getResult(); };
  auto sel = [&](Value c, Value t, Value f) { return b.create<arith::SelectOp>(loc, c, t, f).getResult(); };
  Value one = fcst(b, loc, ft, 1), zero = fcst(b, loc, ft, 0);
  Value br = re(b, loc, z), bi = im(b, loc, z);
  Value abr = b.create<math::AbsFOp>(loc, br), abi = b.create<math::AbsFOp>(loc, bi);
  // |br| >= |bi|: rat = bi / br, scl = 1 / (br + bi rat), ((1 + 0 rat) scl, (0 - 1 rat) scl)
  Value rat1 = div(bi, br);
  Value scl1 = div(one, add(br, mul(b, loc, bi, rat1)));
  Value re1 = mul(b, loc, add(one, mul(b, loc, zero, rat1)), scl1);
  Value im1 = mul(b, loc, sub(zero, mul(b, loc, one, rat1)), scl1);
  // both zero: (1 / |br|, 0 / |bi|)
  Value bothZero = b.create<arith::AndIOp>(
      loc, b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, abr, zero),
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, abi, zero));
  re1 = sel(bothZero, div(one, abr), re1);
  im1 = sel(bothZero, div(zero, abi), im1);
  // otherwise: rat = br / bi, scl = 1 / (bi + br rat), ((1 rat + 0) scl, (0 rat - 1) scl)
  Value rat2 = div(br, bi);
  Value scl2 = div(one, add(bi, mul(b, loc, br, rat2)));
  Value re2 = mul(b, loc, add(mul(b, loc, one, rat2), zero), scl2);
  Value im2 = mul(b, loc, sub(mul(b, loc, zero, rat2), one), scl2);
  Value first = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGE, abr, abi);
  return mk(b, loc, ct, sel(first, re1, re2), sel(first, im1, im2));
}

/// x ** n for a whole |n| < 128 as NumPy's loop computes it: binary powers of x multiplied
/// into 1 + 0j for each set bit of |n|, then 1 / that for a negative n.
Value complexWholePow(OpBuilder &b, Location loc, Value x, Value n) {
  Type ct = x.getType();
  FloatType ft = partType(ct);
  auto i64 = b.getI64Type();
  Value m = b.create<arith::FPToSIOp>(loc, i64, b.create<math::AbsFOp>(loc, n));
  Value aa = mk(b, loc, ct, fcst(b, loc, ft, 1), fcst(b, loc, ft, 0));
  Value p = x;
  for (int k = 0; k < 7; ++k) {
    Value bit = b.create<arith::AndIOp>(loc, m, b.create<arith::ConstantIntOp>(loc, int64_t(1) << k, 64));
    Value set = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, bit,
                                        b.create<arith::ConstantIntOp>(loc, 0, 64));
    aa = b.create<arith::SelectOp>(loc, set, cmul(b, loc, aa, p), aa);
    if (k < 6)
      p = cmul(b, loc, p, p); // (NumPy stops squaring at the top bit: unused beyond it)
  }
  Value negative = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, n, fcst(b, loc, ft, 0));
  return b.create<arith::SelectOp>(loc, negative, creciprocal(b, loc, aa), aa);
}

/// x ** y as NumPy's nc_pow: y == 0 gives 1; x == 0 gives 0 for Re(y) > 0 and nan
/// otherwise; y = 1, 2, 3 multiply exactly; other whole y with |y| < 100 by binary powers
/// (and a reciprocal for y < 0: (-2 + 0j) ** -1 is exactly -0.5, not cpow's
/// -0.5 - 6e-17j); everything else is libm's cpow.
Value complexPow(OpBuilder &b, Location loc, Value x, Value y, Type ct) {
  using P = arith::CmpFPredicate;
  FloatType ft = partType(ct);
  Value zero = fcst(b, loc, ft, 0);
  auto eq = [&](Value v, double c) { return b.create<arith::CmpFOp>(loc, P::OEQ, v, fcst(b, loc, ft, c)); };
  auto both = [&](Value p, Value q) { return b.create<arith::AndIOp>(loc, p, q); };
  auto sel = [&](Value c, Value t, Value f) { return b.create<arith::SelectOp>(loc, c, t, f); };
  Value yr = re(b, loc, y), yi = im(b, loc, y);
  Value realY = eq(yi, 0);
  Value whole = both(both(realY, b.create<arith::CmpFOp>(loc, P::OEQ, yr,
                                                         b.create<math::FloorOp>(loc, yr))),
                     b.create<arith::CmpFOp>(loc, P::OLT, b.create<math::AbsFOp>(loc, yr),
                                             fcst(b, loc, ft, 100)));
  auto ifOp = b.create<scf::IfOp>(
      loc, whole,
      [&](OpBuilder &t, Location l) {
        t.create<scf::YieldOp>(l, complexWholePow(t, l, x, yr));
      },
      [&](OpBuilder &e, Location l) {
        e.create<scf::YieldOp>(l, callLibm(e, l, "cpow", {x, y}, ct));
      });
  Value r = ifOp.getResult(0);
  Value sq = cmul(b, loc, x, x);
  r = sel(both(realY, eq(yr, 3)), cmul(b, loc, x, sq), r);
  r = sel(both(realY, eq(yr, 2)), sq, r);
  r = sel(both(realY, eq(yr, 1)), x, r);
  Value nan = fcst(b, loc, ft, NAN);
  Value atZero = sel(b.create<arith::CmpFOp>(loc, P::OGT, yr, zero), mk(b, loc, ct, zero, zero),
                     mk(b, loc, ct, nan, nan));
  r = sel(both(eq(re(b, loc, x), 0), eq(im(b, loc, x), 0)), atZero, r);
  return sel(both(realY, eq(yr, 0)), mk(b, loc, ct, fcst(b, loc, ft, 1), zero), r);
}
} // namespace

void declareComplexLibm(ModuleOp module) {
  OpBuilder b(module.getBodyRegion());
  Type c128 = ComplexType::get(b.getF64Type());
  auto declare = [&](StringRef name, int nargs) {
    if (module.lookupSymbol(name))
      return;
    auto f = b.create<func::FuncOp>(module.getLoc(), name,
                                    b.getFunctionType(SmallVector<Type>(nargs, c128), {c128}));
    f.setPrivate();
    // No memory access (errno is never read): LLVM merges the calls that fusion duplicates.
    auto none = LLVM::ModRefInfo::NoModRef;
    f->setAttr("memory", LLVM::MemoryEffectsAttr::get(b.getContext(), {none, none, none}));
    f->setAttr("no_unwind", b.getUnitAttr());
    f->setAttr("will_return", b.getUnitAttr());
  };
  for (int k = 0; k <= int(getMaxEnumValForUnaryOpKind()); ++k)
    if (const char *n = libmName(UnaryOpKind(k)))
      declare(n, 1);
  declare("cpow", 2);
}

Value emitComplexCast(OpBuilder &b, Location loc, Value v, Type from, Type to) {
  bool fromC = isa<ComplexType>(from), toC = isa<ComplexType>(to);
  if (fromC && toC)
    return convertParts(b, loc, v, to);
  if (toC) // real -> complex: imaginary part 0
    return mk(b, loc, to, emitCast(b, loc, v, from, partType(to)), fcst(b, loc, partType(to), 0));
  FloatType ft = partType(from);
  if (to.isInteger(1)) { // truthiness: either part nonzero (NaN is true)
    Value z = fcst(b, loc, ft, 0);
    using P = arith::CmpFPredicate;
    return b.create<arith::OrIOp>(loc, b.create<arith::CmpFOp>(loc, P::UNE, re(b, loc, v), z),
                                  b.create<arith::CmpFOp>(loc, P::UNE, im(b, loc, v), z));
  }
  return emitCast(b, loc, re(b, loc, v), ft, to); // NumPy: the imaginary part is discarded
}

Value emitComplexUnary(OpBuilder &b, Location loc, UnaryOpKind k, Value x, Type ct) {
  FloatType ft = partType(ct);
  Value xr = re(b, loc, x), xi = im(b, loc, x);
  switch (k) {
  case UnaryOpKind::abs: return emitComplexAbs(b, loc, xr, xi, ft);
  case UnaryOpKind::negative: return b.create<complex::NegOp>(loc, x);
  case UnaryOpKind::positive: return x;
  case UnaryOpKind::square: return cmul(b, loc, x, x);
  case UnaryOpKind::reciprocal:
    return b.create<complex::DivOp>(loc, mk(b, loc, ct, fcst(b, loc, ft, 1), fcst(b, loc, ft, 0)), x);
  case UnaryOpKind::conj: return mk(b, loc, ct, xr, b.create<arith::NegFOp>(loc, xi));
  case UnaryOpKind::real: return xr;
  case UnaryOpKind::imag: return xi;
  case UnaryOpKind::round:
    return mk(b, loc, ct, emitUnary(b, loc, k, xr, ft), emitUnary(b, loc, k, xi, ft));
  case UnaryOpKind::sign: { // z / |z|, 0 for 0 (NumPy 2, array API)
    using P = arith::CmpFPredicate;
    Value a = emitBinary(b, loc, BinaryOpKind::hypot, xr, xi, ft);
    Value z = fcst(b, loc, ft, 0), inf = fcst(b, loc, ft, INFINITY);
    Value r = mk(b, loc, ct, b.create<arith::DivFOp>(loc, xr, a), b.create<arith::DivFOp>(loc, xi, a));
    auto sel = [&](Value c, Value t, Value f) { return b.create<arith::SelectOp>(loc, c, t, f); };
    r = sel(b.create<arith::CmpFOp>(loc, P::OEQ, a, z), mk(b, loc, ct, z, z), r);
    // NumPy: one infinite part gives +-1 there and 0 in the other; two give nan
    auto unit = [&](Value v) {
      return sel(b.create<arith::CmpFOp>(loc, P::OGT, v, z), fcst(b, loc, ft, 1), fcst(b, loc, ft, -1));
    };
    auto isInf = [&](Value v) {
      return b.create<arith::CmpFOp>(loc, P::OEQ, b.create<math::AbsFOp>(loc, v), inf);
    };
    Value nan = fcst(b, loc, ft, NAN);
    Value atInf = sel(isInf(xr), sel(isInf(xi), mk(b, loc, ct, nan, nan), mk(b, loc, ct, unit(xr), z)),
                      mk(b, loc, ct, z, unit(xi)));
    return sel(b.create<arith::CmpFOp>(loc, P::OEQ, a, inf), atInf, r);
  }
  case UnaryOpKind::log1p: { // NumPy: log|1 + z| + i arg(1 + z)
    Value r1 = b.create<arith::AddFOp>(loc, xr, fcst(b, loc, ft, 1));
    Value l = emitBinary(b, loc, BinaryOpKind::hypot, r1, xi, ft);
    return mk(b, loc, ct, b.create<math::LogOp>(loc, l), b.create<math::Atan2Op>(loc, xi, r1));
  }
  case UnaryOpKind::expm1: { // NumPy: expm1(x) cos(y) - 2 sin(y/2)^2 + i exp(x) sin(y)
    Value s = b.create<math::SinOp>(loc, mul(b, loc, xi, fcst(b, loc, ft, 0.5)));
    Value r = b.create<arith::SubFOp>(
        loc, mul(b, loc, emitUnary(b, loc, UnaryOpKind::expm1, xr, ft), b.create<math::CosOp>(loc, xi)),
        mul(b, loc, fcst(b, loc, ft, 2), mul(b, loc, s, s)));
    Value sinY = b.create<math::SinOp>(loc, xi);
    Value i = mul(b, loc, b.create<math::ExpOp>(loc, xr), sinY);
    // The standard's special cases where the formula meets inf * 0 (NumPy gives NaN parts):
    // y = +-0 keeps the imaginary zero; x = -inf gives -1 + 0 cis(y); x = +inf with y
    // infinite or NaN gives +inf + NaN j.
    using P = arith::CmpFPredicate;
    auto sel = [&](Value c, Value t, Value f) { return b.create<arith::SelectOp>(loc, c, t, f); };
    Value zero = fcst(b, loc, ft, 0), inf = fcst(b, loc, ft, INFINITY);
    Value yFinite = b.create<arith::CmpFOp>(loc, P::OLT, b.create<math::AbsFOp>(loc, xi), inf);
    Value xNegInf = b.create<arith::CmpFOp>(loc, P::OEQ, xr, fcst(b, loc, ft, -INFINITY));
    Value xPosInf = b.create<arith::CmpFOp>(loc, P::OEQ, xr, inf);
    Value posInfNotFinite = b.create<arith::AndIOp>(
        loc, xPosInf, b.create<arith::XOrIOp>(loc, yFinite, b.create<arith::ConstantIntOp>(loc, 1, 1)));
    Value yZero = b.create<arith::CmpFOp>(loc, P::OEQ, xi, zero);
    i = sel(yZero, xi, i);
    r = sel(b.create<arith::AndIOp>(loc, yZero, b.create<arith::CmpFOp>(loc, P::OEQ, xr, zero)),
            zero, r); // expm1(-0 + 0j) = +0 + 0j
    r = sel(xNegInf, fcst(b, loc, ft, -1), r);
    i = sel(xNegInf, sel(yFinite, b.create<math::CopySignOp>(loc, zero, sinY), zero), i);
    r = sel(posInfNotFinite, inf, r);
    i = sel(posInfNotFinite, fcst(b, loc, ft, NAN), i);
    return mk(b, loc, ct, r, i);
  }
  default: break;
  }
  const char *name = libmName(k);
  if (!name)
    return {};
  Value r = callLibm(b, loc, name, {x}, ct);
  if (k == UnaryOpKind::tanh) { // the standard: tanh(+-inf + yj) = +-1 + 0j for a finite y
    // with the zero's sign from y (C99's libm gives 0 sin(2y))
    using P = arith::CmpFPredicate;
    Value inf = fcst(b, loc, ft, INFINITY);
    Value xInf = b.create<arith::CmpFOp>(loc, P::OEQ, b.create<math::AbsFOp>(loc, xr), inf);
    Value yFinite = b.create<arith::CmpFOp>(loc, P::OLT, b.create<math::AbsFOp>(loc, xi), inf);
    Value zi = b.create<math::CopySignOp>(loc, fcst(b, loc, ft, 0), xi);
    r = b.create<arith::SelectOp>(loc, b.create<arith::AndIOp>(loc, xInf, yFinite),
                                  mk(b, loc, ct, re(b, loc, r), zi), r);
  }
  if (k == UnaryOpKind::log2 || k == UnaryOpKind::log10) { // NumPy: clog(z) * log_b(e)
    Value s = fcst(b, loc, ft, k == UnaryOpKind::log2 ? M_LOG2E : M_LOG10E);
    r = mk(b, loc, ct, mul(b, loc, re(b, loc, r), s), mul(b, loc, im(b, loc, r), s));
  }
  return r;
}

Value emitComplexUnaryTest(OpBuilder &b, Location loc, UnaryTestKind k, Value x, Type ct) {
  FloatType ft = partType(ct);
  Value xr = re(b, loc, x), xi = im(b, loc, x);
  auto both = [&](UnaryTestKind t) {
    return std::pair{emitUnaryTest(b, loc, t, xr, ft), emitUnaryTest(b, loc, t, xi, ft)};
  };
  switch (k) {
  case UnaryTestKind::isnan:
  case UnaryTestKind::isinf: {
    auto [p, q] = both(k);
    return b.create<arith::OrIOp>(loc, p, q);
  }
  case UnaryTestKind::isfinite: {
    auto [p, q] = both(k);
    return b.create<arith::AndIOp>(loc, p, q);
  }
  default: return {};
  }
}

Value emitComplexBinary(OpBuilder &b, Location loc, BinaryOpKind k, Value x, Value y, Type ct) {
  switch (k) {
  case BinaryOpKind::add: return b.create<complex::AddOp>(loc, x, y);
  case BinaryOpKind::subtract: return b.create<complex::SubOp>(loc, x, y);
  case BinaryOpKind::multiply: return cmul(b, loc, x, y);
  case BinaryOpKind::divide: return b.create<complex::DivOp>(loc, x, y);
  case BinaryOpKind::pow: return complexPow(b, loc, x, y, ct);
  default: return {};
  }
}

Value emitComplexEquality(OpBuilder &b, Location loc, bool equal, Value x, Value y) {
  using P = arith::CmpFPredicate;
  P p = equal ? P::OEQ : P::UNE;
  Value r = b.create<arith::CmpFOp>(loc, p, re(b, loc, x), re(b, loc, y));
  Value i = b.create<arith::CmpFOp>(loc, p, im(b, loc, x), im(b, loc, y));
  return equal ? b.create<arith::AndIOp>(loc, r, i).getResult()
               : b.create<arith::OrIOp>(loc, r, i).getResult();
}

Value emitComplexConstant(OpBuilder &b, Location loc, Type ct, double r, double i) {
  FloatType ft = partType(ct);
  return mk(b, loc, ct, fcst(b, loc, ft, r), fcst(b, loc, ft, i));
}
} // namespace ptensor

// Scalar semantics of PTensor elementwise ops (NumPy / array-API behaviour):
// - integer division and remainder by zero give 0, never a trap (NumPy gives 0 and a warning);
// - shifts by >= the bit width give 0 (or -1 for arithmetic right shifts of negatives);
// - float min/max propagate NaN; round is half-to-even.
#include "Conversion/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"

#include <cmath>
#include <limits>

using namespace mlir;
namespace ptensor {
namespace {
Value cst(OpBuilder &b, Location loc, Type t, double v) {
  if (auto ft = dyn_cast<FloatType>(t))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, v));
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, (int64_t)v));
}
Value icst(OpBuilder &b, Location loc, Type t, const llvm::APInt &v) {
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, v));
}
Value sel(OpBuilder &b, Location loc, Value c, Value x, Value y) {
  return b.create<arith::SelectOp>(loc, c, x, y);
}
Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate p, Value x, Value y) {
  return b.create<arith::CmpFOp>(loc, p, x, y);
}
Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value x, Value y) {
  return b.create<arith::CmpIOp>(loc, p, x, y);
}

/// log1p(x) = log(u) * x / (u - 1) with u = 1 + x (Goldberg): a few ulps, vectorizes, and
/// keeps -0.0 and inf. (MLIR's math.log1p lowers to log(1 + x), which loses small x.) Above
/// x = 1, log(u) itself (as accurate there; log(u) * x overflows from x ~ 2.5e305).
Value accurateLog1p(OpBuilder &b, Location loc, Value x, Type t) {
  using P = arith::CmpFPredicate;
  Value one = cst(b, loc, t, 1);
  Value u = b.create<arith::AddFOp>(loc, x, one);
  Value d = b.create<arith::SubFOp>(loc, u, one);
  Value r = b.create<arith::DivFOp>(loc, b.create<arith::MulFOp>(loc, b.create<math::LogOp>(loc, u), x), d);
  Value exact = b.create<arith::OrIOp>(loc, cmpf(b, loc, P::OEQ, u, one),
                                       cmpf(b, loc, P::OEQ, u, cst(b, loc, t, INFINITY)));
  Value plain = b.create<arith::OrIOp>(loc, cmpf(b, loc, P::OEQ, u, cst(b, loc, t, 0)),
                                       cmpf(b, loc, P::OGT, x, one));
  return sel(b, loc, exact, x, sel(b, loc, plain, b.create<math::LogOp>(loc, u), r));
}

/// expm1(x) = (u - 1) * x / log(u) with u = exp(x) (Kahan); exact cases passed through. Above
/// x = 1, u - 1 itself (a few ulps there; (u - 1) * x overflows from x ~ 703.2 in float64 and
/// 84.2 in float32).
Value accurateExpm1(OpBuilder &b, Location loc, Value x, Type t) {
  using P = arith::CmpFPredicate;
  Value one = cst(b, loc, t, 1);
  Value u = b.create<math::ExpOp>(loc, x);
  Value um1 = b.create<arith::SubFOp>(loc, u, one);
  Value r = b.create<arith::DivFOp>(loc, b.create<arith::MulFOp>(loc, um1, x), b.create<math::LogOp>(loc, u));
  Value keepX = cmpf(b, loc, P::OEQ, u, one);                           // tiny x, +-0.0
  Value keepU = b.create<arith::OrIOp>(loc, cmpf(b, loc, P::OEQ, um1, cst(b, loc, t, -1)),
                                       cmpf(b, loc, P::OGT, x, one)); // (u = inf: x > 1)
  return sel(b, loc, keepX, x, sel(b, loc, keepU, um1, r));
}

/// hypot without overflow or underflow, correctly rounded nearly always (glibc's results:
/// NumPy's np.hypot); inf wins over NaN.
Value hypot(OpBuilder &b, Location loc, Value x, Value y, Type t) {
  // sqrt(hi^2 + lo^2) corrected by its rounding error (Borges, "An improved algorithm for
  // hypot(a, b)", 2019, without fma), as glibc's hypot (NumPy's) computes it; hi * sqrt(1 +
  // (lo / hi)^2) is 1 ulp off for a third of random inputs (and complex sign, which divides
  // by it, with them). Scaled by a power of 2 where the squares would
  // overflow or lose bits to underflow.
  using P = arith::CmpFPredicate;
  if (t.isF32() || t.isF16()) { // as glibc's hypotf: sqrt of the sum of squares in double
    Type d = b.getF64Type();
    Value xd = b.create<arith::ExtFOp>(loc, d, x), yd = b.create<arith::ExtFOp>(loc, d, y);
    Value s = b.create<math::SqrtOp>(
        loc, b.create<arith::AddFOp>(loc, b.create<arith::MulFOp>(loc, xd, xd),
                                     b.create<arith::MulFOp>(loc, yd, yd)));
    Value r = b.create<arith::TruncFOp>(loc, t, s);
    Value inf = cst(b, loc, t, INFINITY);
    Value anyInf = b.create<arith::OrIOp>(
        loc, cmpf(b, loc, P::OEQ, b.create<math::AbsFOp>(loc, x), inf),
        cmpf(b, loc, P::OEQ, b.create<math::AbsFOp>(loc, y), inf));
    return sel(b, loc, anyInf, inf, r);
  }
  Value ax = b.create<math::AbsFOp>(loc, x), ay = b.create<math::AbsFOp>(loc, y);
  Value hi = b.create<arith::MaximumFOp>(loc, ax, ay), lo = b.create<arith::MinimumFOp>(loc, ax, ay);
  Value z = cst(b, loc, t, 0), inf = cst(b, loc, t, INFINITY);
  Value big = cst(b, loc, t, 0x1p500), small = cst(b, loc, t, 0x1p-500);
  Value down = cst(b, loc, t, 0x1p-600), up = cst(b, loc, t, 0x1p600);
  Value one = cst(b, loc, t, 1);
  Value scale = sel(b, loc, cmpf(b, loc, P::OGT, hi, big), down,
                    sel(b, loc, cmpf(b, loc, P::OLT, hi, small), up, one));
  Value a = b.create<arith::MulFOp>(loc, hi, scale), c = b.create<arith::MulFOp>(loc, lo, scale);
  // h = sqrt(a^2 + c^2), then h -= (t1 + t2) / 2h with the error terms (no fma: the same
  // arithmetic on every target)
  auto mul = [&](Value l, Value r) { return b.create<arith::MulFOp>(loc, l, r).getResult(); };
  auto add = [&](Value l, Value r) { return b.create<arith::AddFOp>(loc, l, r).getResult(); };
  auto sub = [&](Value l, Value r) { return b.create<arith::SubFOp>(loc, l, r).getResult(); };
  Value two = cst(b, loc, t, 2), four = cst(b, loc, t, 4);
  Value h = b.create<math::SqrtOp>(loc, add(mul(a, a), mul(c, c)));
  Value near = cmpf(b, loc, P::OLE, h, mul(two, c)); // (the two parts close)
  Value dn = sub(h, c), df = sub(h, a);
  Value t1 = sel(b, loc, near, mul(a, sub(mul(two, dn), a)), mul(mul(two, df), sub(a, mul(two, c))));
  Value t2 = sel(b, loc, near, mul(sub(dn, mul(two, sub(a, c))), dn),
                 add(mul(sub(mul(four, df), c), c), mul(df, df)));
  Value corrected = sub(h, b.create<arith::DivFOp>(loc, add(t1, t2), mul(two, h)));
  Value r = b.create<arith::DivFOp>(loc, corrected, scale);
  r = sel(b, loc, cmpf(b, loc, P::OEQ, hi, z), z, r);
  // a NaN part gives NaN unless the other is infinite (C99: hypot(inf, nan) = inf)
  Value anyInf = b.create<arith::OrIOp>(loc, cmpf(b, loc, P::OEQ, ax, inf), cmpf(b, loc, P::OEQ, ay, inf));
  return sel(b, loc, anyInf, inf, r);
}

} // namespace

Value emitComplexAbs(OpBuilder &b, Location loc, Value x, Value y, Type t) {
  using P = arith::CmpFPredicate;
  Value ax = b.create<math::AbsFOp>(loc, x), ay = b.create<math::AbsFOp>(loc, y);
  Value hi = b.create<arith::MaximumFOp>(loc, ax, ay), lo = b.create<arith::MinimumFOp>(loc, ax, ay);
  Value z = cst(b, loc, t, 0), inf = cst(b, loc, t, INFINITY);
  Value q = b.create<arith::DivFOp>(loc, lo, hi);
  Value r = b.create<arith::MulFOp>(
      loc, hi, b.create<math::SqrtOp>(loc, b.create<math::FmaOp>(loc, q, q, cst(b, loc, t, 1))));
  r = sel(b, loc, cmpf(b, loc, P::OEQ, hi, z), z, r);
  Value anyInf = b.create<arith::OrIOp>(loc, cmpf(b, loc, P::OEQ, ax, inf), cmpf(b, loc, P::OEQ, ay, inf));
  return sel(b, loc, anyInf, inf, r);
}

namespace {
/// nextafter by stepping the bit pattern: exact, no libm call.
Value nextafter(OpBuilder &b, Location loc, Value x, Value y, Type t) {
  using P = arith::CmpFPredicate;
  Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
  Value bits = b.create<arith::BitcastOp>(loc, it, x);
  Value z = cst(b, loc, t, 0);
  Value up = b.create<arith::XOrIOp>(loc, cmpf(b, loc, P::OLT, x, y), cmpf(b, loc, P::OLT, x, z));
  Value step = sel(b, loc, up, cst(b, loc, it, 1), cst(b, loc, it, -1));
  Value next = b.create<arith::BitcastOp>(loc, t, b.create<arith::AddIOp>(loc, bits, step));
  Value tiny = b.create<arith::BitcastOp>(loc, t, cst(b, loc, it, 1)); // smallest subnormal
  Value fromZero = b.create<math::CopySignOp>(loc, tiny, y);
  Value r = sel(b, loc, cmpf(b, loc, P::OEQ, x, z), fromZero, next);
  r = sel(b, loc, cmpf(b, loc, P::OEQ, x, y), y, r);
  Value nan = cst(b, loc, t, NAN);
  return sel(b, loc, cmpf(b, loc, P::UNO, x, y), nan, r);
}

Value floatUnary(OpBuilder &b, Location loc, UnaryOpKind k, Value x, Type t) {
  switch (k) {
  case UnaryOpKind::abs: return b.create<math::AbsFOp>(loc, x);
  case UnaryOpKind::acos: return b.create<math::AcosOp>(loc, x);
  case UnaryOpKind::acosh: return b.create<math::AcoshOp>(loc, x);
  case UnaryOpKind::asin: return b.create<math::AsinOp>(loc, x);
  case UnaryOpKind::asinh: return b.create<math::AsinhOp>(loc, x);
  case UnaryOpKind::atan: return b.create<math::AtanOp>(loc, x);
  case UnaryOpKind::atanh: return b.create<math::AtanhOp>(loc, x);
  case UnaryOpKind::ceil: return b.create<math::CeilOp>(loc, x);
  case UnaryOpKind::cos: return b.create<math::CosOp>(loc, x);
  case UnaryOpKind::cosh: return b.create<math::CoshOp>(loc, x);
  case UnaryOpKind::erf: return b.create<math::ErfOp>(loc, x);
  case UnaryOpKind::exp: return b.create<math::ExpOp>(loc, x);
  case UnaryOpKind::expm1: return accurateExpm1(b, loc, x, t);
  case UnaryOpKind::floor: return b.create<math::FloorOp>(loc, x);
  case UnaryOpKind::log: return b.create<math::LogOp>(loc, x);
  case UnaryOpKind::log1p: return accurateLog1p(b, loc, x, t);
  case UnaryOpKind::log2: return b.create<math::Log2Op>(loc, x);
  case UnaryOpKind::log10: return b.create<math::Log10Op>(loc, x);
  case UnaryOpKind::negative: return b.create<arith::NegFOp>(loc, x);
  case UnaryOpKind::positive: return x;
  case UnaryOpKind::round: return b.create<math::RoundEvenOp>(loc, x);
  case UnaryOpKind::sign: { // -1, +0 (for both zeros, as NumPy), 1; NaN stays NaN
    Value z = cst(b, loc, t, 0);
    Value zeroOrNaN = sel(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, x, z), z, x);
    Value neg = sel(b, loc, cmpf(b, loc, arith::CmpFPredicate::OLT, x, z), cst(b, loc, t, -1), zeroOrNaN);
    return sel(b, loc, cmpf(b, loc, arith::CmpFPredicate::OGT, x, z), cst(b, loc, t, 1), neg);
  }
  case UnaryOpKind::sin: return b.create<math::SinOp>(loc, x);
  case UnaryOpKind::sinh: return b.create<math::SinhOp>(loc, x);
  case UnaryOpKind::sqrt: return b.create<math::SqrtOp>(loc, x);
  case UnaryOpKind::square: return b.create<arith::MulFOp>(loc, x, x);
  case UnaryOpKind::tan: return b.create<math::TanOp>(loc, x);
  case UnaryOpKind::tanh: return b.create<math::TanhOp>(loc, x);
  case UnaryOpKind::trunc: return b.create<math::TruncOp>(loc, x);
  case UnaryOpKind::reciprocal: return b.create<arith::DivFOp>(loc, cst(b, loc, t, 1), x);
  case UnaryOpKind::bitwise_invert:
  case UnaryOpKind::conj:
  case UnaryOpKind::real:
  case UnaryOpKind::imag: break;
  }
  return {};
}

Value intUnary(OpBuilder &b, Location loc, UnaryOpKind k, Value x, Type elem) {
  Type t = x.getType();
  bool isUns = isUnsigned(elem) || t.isInteger(1);
  switch (k) {
  case UnaryOpKind::abs: return isUns ? x : b.create<math::AbsIOp>(loc, x).getResult();
  case UnaryOpKind::bitwise_invert:
    return b.create<arith::XOrIOp>(loc, x, icst(b, loc, t, llvm::APInt::getAllOnes(t.getIntOrFloatBitWidth())));
  case UnaryOpKind::negative: return b.create<arith::SubIOp>(loc, cst(b, loc, t, 0), x);
  case UnaryOpKind::positive:
  case UnaryOpKind::ceil:
  case UnaryOpKind::floor:
  case UnaryOpKind::round:
  case UnaryOpKind::trunc: return x;
  case UnaryOpKind::square: return b.create<arith::MulIOp>(loc, x, x);
  case UnaryOpKind::sign: {
    Value z = cst(b, loc, t, 0);
    if (isUns)
      return sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::ne, x, z), cst(b, loc, t, 1), z);
    Value neg = sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::slt, x, z), cst(b, loc, t, -1), z);
    return sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::sgt, x, z), cst(b, loc, t, 1), neg);
  }
  default: return {};
  }
}
} // namespace

/// Float to an unsigned integer as NumPy converts (C's conversion on x86-64): through int64,
/// so a negative value wraps as an integer does (-1.0 -> 255 for uint8, -2.0 -> 2^64 - 2 for
/// uint64); values from 2^63 on (uint64) are offset by 2^63 first. arith.fptoui of a negative
/// value is poison, and AVX-512's vcvttps2udq, which LLVM picks for it there, gives all ones.
static Value floatToUnsigned(OpBuilder &b, Location loc, Value v, Type from, Type dst) {
  Type i64 = b.getIntegerType(64);
  Value low = b.create<arith::FPToSIOp>(loc, i64, v);
  if (dst.getIntOrFloatBitWidth() < 64)
    return b.create<arith::TruncIOp>(loc, dst, low);
  Value big = cst(b, loc, from, 9223372036854775808.0); // 2^63
  Value high = b.create<arith::FPToSIOp>(loc, i64, b.create<arith::SubFOp>(loc, v, big));
  high = b.create<arith::XOrIOp>(loc, high, icst(b, loc, i64, llvm::APInt::getSignMask(64)));
  return sel(b, loc, cmpf(b, loc, arith::CmpFPredicate::OGE, v, big), high, low);
}

Value emitCast(OpBuilder &b, Location loc, Value v, Type from, Type to) {
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return from == to ? v : emitComplexCast(b, loc, v, from, to);
  Type dst = toSignless(to);
  if (toSignless(from) == dst)
    return v;
  bool fromF = isa<FloatType>(from), toF = isa<FloatType>(to);
  bool fromUns = isUnsigned(from) || from.isInteger(1);
  if (to.isInteger(1)) // truthiness; NaN is true as in NumPy
    return fromF ? cmpf(b, loc, arith::CmpFPredicate::UNE, v, cst(b, loc, from, 0))
                 : cmpi(b, loc, arith::CmpIPredicate::ne, v, cst(b, loc, v.getType(), 0));
  if (fromF && toF)
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? b.create<arith::ExtFOp>(loc, dst, v).getResult()
               : b.create<arith::TruncFOp>(loc, dst, v).getResult();
  if (!fromF && toF)
    return fromUns ? b.create<arith::UIToFPOp>(loc, dst, v).getResult()
                   : b.create<arith::SIToFPOp>(loc, dst, v).getResult();
  if (fromF && !toF)
    return isUnsigned(to) ? floatToUnsigned(b, loc, v, from, dst)
                          : b.create<arith::FPToSIOp>(loc, dst, v).getResult();
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw > tw)
    return b.create<arith::TruncIOp>(loc, dst, v);
  if (fw < tw)
    return fromUns ? b.create<arith::ExtUIOp>(loc, dst, v).getResult()
                   : b.create<arith::ExtSIOp>(loc, dst, v).getResult();
  return v; // same width, signedness differs: same bits
}

Value emitUnary(OpBuilder &b, Location loc, UnaryOpKind k, Value x, Type elem) {
  Value r = isa<ComplexType>(elem) ? emitComplexUnary(b, loc, k, x, elem)
            : isa<FloatType>(elem) ? floatUnary(b, loc, k, x, elem) : intUnary(b, loc, k, x, elem);
  if (!r)
    emitError(loc) << "elementwise_unary_op " << stringifyUnaryOpKind(k)
                   << " is not defined for element type " << elem;
  return r;
}

Value emitUnaryTest(OpBuilder &b, Location loc, UnaryTestKind k, Value x, Type elem) {
  Type i1 = b.getI1Type();
  if (k == UnaryTestKind::logical_not) {
    Value bx = emitCast(b, loc, x, elem, i1);
    return b.create<arith::XOrIOp>(loc, bx, cst(b, loc, i1, 1));
  }
  if (isa<ComplexType>(elem)) {
    Value r = emitComplexUnaryTest(b, loc, k, x, elem);
    if (!r)
      emitError(loc) << "elementwise_unary_test " << stringifyUnaryTestKind(k)
                     << " is not defined for element type " << elem;
    return r;
  }
  if (!isa<FloatType>(elem)) {
    switch (k) {
    case UnaryTestKind::isfinite: return cst(b, loc, i1, 1);
    case UnaryTestKind::signbit:
      if (isUnsigned(elem) || elem.isInteger(1))
        return cst(b, loc, i1, 0);
      return cmpi(b, loc, arith::CmpIPredicate::slt, x, cst(b, loc, x.getType(), 0));
    default: return cst(b, loc, i1, 0);
    }
  }
  Value ax = b.create<math::AbsFOp>(loc, x);
  Value inf = cst(b, loc, elem, std::numeric_limits<double>::infinity());
  switch (k) {
  case UnaryTestKind::isnan: return cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
  case UnaryTestKind::isinf: return cmpf(b, loc, arith::CmpFPredicate::OEQ, ax, inf);
  case UnaryTestKind::isfinite: return cmpf(b, loc, arith::CmpFPredicate::OLT, ax, inf);
  case UnaryTestKind::signbit: {
    Type it = b.getIntegerType(elem.getIntOrFloatBitWidth());
    Value bits = b.create<arith::BitcastOp>(loc, it, x);
    return cmpi(b, loc, arith::CmpIPredicate::slt, bits, cst(b, loc, it, 0));
  }
  default: return {};
  }
}

namespace {
Value floatBinary(OpBuilder &b, Location loc, BinaryOpKind k, Value x, Value y, Type t) {
  using P = arith::CmpFPredicate;
  switch (k) {
  case BinaryOpKind::add: return b.create<arith::AddFOp>(loc, x, y);
  case BinaryOpKind::subtract: return b.create<arith::SubFOp>(loc, x, y);
  case BinaryOpKind::multiply: return b.create<arith::MulFOp>(loc, x, y);
  case BinaryOpKind::divide: return b.create<arith::DivFOp>(loc, x, y);
  case BinaryOpKind::floor_divide: {
    // NumPy: div = (x - fmod(x, y)) / y, corrected so that the result is floor(x / y).
    Value mod = b.create<arith::RemFOp>(loc, x, y);
    Value div = b.create<arith::DivFOp>(loc, b.create<arith::SubFOp>(loc, x, mod), y);
    Value z = cst(b, loc, t, 0);
    Value fix = b.create<arith::AndIOp>(
        loc, cmpf(b, loc, P::UNE, mod, z),
        b.create<arith::XOrIOp>(loc, cmpf(b, loc, P::OLT, y, z), cmpf(b, loc, P::OLT, mod, z)));
    div = sel(b, loc, fix, b.create<arith::SubFOp>(loc, div, cst(b, loc, t, 1)), div);
    Value fl = b.create<math::FloorOp>(loc, div);
    Value adj = sel(b, loc, cmpf(b, loc, P::OGT, b.create<arith::SubFOp>(loc, div, fl),
                                 cst(b, loc, t, 0.5)),
                    b.create<arith::AddFOp>(loc, fl, cst(b, loc, t, 1)), fl);
    Value q = b.create<arith::DivFOp>(loc, x, y);
    // y == 0 (or non-finite results): plain division gives NumPy's inf/nan.
    return sel(b, loc, cmpf(b, loc, P::OEQ, y, z), q, sel(b, loc, cmpf(b, loc, P::OEQ, div, z),
               b.create<math::CopySignOp>(loc, z, q), adj));
  }
  case BinaryOpKind::remainder: {
    Value mod = b.create<arith::RemFOp>(loc, x, y);
    Value z = cst(b, loc, t, 0);
    Value fix = b.create<arith::AndIOp>(
        loc, cmpf(b, loc, P::UNE, mod, z),
        b.create<arith::XOrIOp>(loc, cmpf(b, loc, P::OLT, y, z), cmpf(b, loc, P::OLT, mod, z)));
    Value r = sel(b, loc, fix, b.create<arith::AddFOp>(loc, mod, y), mod);
    // a zero remainder takes the sign of the divisor
    return sel(b, loc, cmpf(b, loc, P::OEQ, r, z), b.create<math::CopySignOp>(loc, z, y), r);
  }
  case BinaryOpKind::pow: return b.create<math::PowFOp>(loc, x, y);
  case BinaryOpKind::maximum: return b.create<arith::MaximumFOp>(loc, x, y);
  case BinaryOpKind::minimum: return b.create<arith::MinimumFOp>(loc, x, y);
  case BinaryOpKind::atan2: {
    // MLIR 19 folds math.atan2 of two constant zeros to NaN (C and NumPy: +-0 or +-pi), so
    // zeros get C's answer explicitly: copysign(y (the divisor) is -0 ? pi : 0, x).
    Value z = cst(b, loc, t, 0);
    Value both = b.create<arith::AndIOp>(loc, cmpf(b, loc, P::OEQ, x, z), cmpf(b, loc, P::OEQ, y, z));
    Value yNeg = cmpf(b, loc, P::OLT, b.create<math::CopySignOp>(loc, cst(b, loc, t, 1), y), z);
    Value zeros = b.create<math::CopySignOp>(loc, sel(b, loc, yNeg, cst(b, loc, t, M_PI), z), x);
    return sel(b, loc, both, zeros, b.create<math::Atan2Op>(loc, x, y));
  }
  case BinaryOpKind::hypot: return hypot(b, loc, x, y, t);
  case BinaryOpKind::copysign: return b.create<math::CopySignOp>(loc, x, y);
  case BinaryOpKind::nextafter: return nextafter(b, loc, x, y, t);
  case BinaryOpKind::logaddexp: {
    // NumPy: x == y -> x + log(2); else max + log1p(exp(-|x - y|)); NaN propagates.
    Value d = b.create<arith::SubFOp>(loc, x, y);
    Value m = b.create<arith::MaximumFOp>(loc, x, y);
    Value e = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, b.create<math::AbsFOp>(loc, d)));
    Value r = b.create<arith::AddFOp>(loc, m, accurateLog1p(b, loc, e, t));
    Value same = b.create<arith::AddFOp>(loc, x, cst(b, loc, t, M_LN2));
    return sel(b, loc, cmpf(b, loc, P::OEQ, x, y), same, r);
  }
  default: return {};
  }
}

Value intBinary(OpBuilder &b, Location loc, BinaryOpKind k, Value x, Value y, Type elem) {
  using P = arith::CmpIPredicate;
  Type t = x.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  bool uns = isUnsigned(elem);
  if (w == 1) { // bool: NumPy's logical meaning
    switch (k) {
    case BinaryOpKind::add:
    case BinaryOpKind::maximum:
    case BinaryOpKind::bitwise_or: return b.create<arith::OrIOp>(loc, x, y);
    case BinaryOpKind::multiply:
    case BinaryOpKind::minimum:
    case BinaryOpKind::bitwise_and: return b.create<arith::AndIOp>(loc, x, y);
    case BinaryOpKind::bitwise_xor: return b.create<arith::XOrIOp>(loc, x, y);
    default: return {};
    }
  }
  Value zero = cst(b, loc, t, 0), one = cst(b, loc, t, 1);
  Value yZero = cmpi(b, loc, P::eq, y, zero);
  // Guard the traps: y == 0 and (signed) MIN / -1.
  Value bad = yZero;
  if (!uns)
    bad = b.create<arith::OrIOp>(loc, yZero, cmpi(b, loc, P::eq, y, cst(b, loc, t, -1)));
  Value ySafe = sel(b, loc, bad, one, y);
  Value widthV = cst(b, loc, t, w);
  switch (k) {
  case BinaryOpKind::add: return b.create<arith::AddIOp>(loc, x, y);
  case BinaryOpKind::subtract: return b.create<arith::SubIOp>(loc, x, y);
  case BinaryOpKind::multiply: return b.create<arith::MulIOp>(loc, x, y);
  case BinaryOpKind::floor_divide: {
    if (uns)
      return sel(b, loc, yZero, zero, b.create<arith::DivUIOp>(loc, x, ySafe));
    Value q = b.create<arith::FloorDivSIOp>(loc, x, ySafe);
    Value negx = b.create<arith::SubIOp>(loc, zero, x); // x / -1, wrapping like NumPy
    return sel(b, loc, yZero, zero, sel(b, loc, bad, negx, q));
  }
  case BinaryOpKind::remainder: {
    if (uns)
      return sel(b, loc, yZero, zero, b.create<arith::RemUIOp>(loc, x, ySafe));
    Value r = b.create<arith::RemSIOp>(loc, x, ySafe);
    Value fix = b.create<arith::AndIOp>(
        loc, cmpi(b, loc, P::ne, r, zero),
        b.create<arith::XOrIOp>(loc, cmpi(b, loc, P::slt, r, zero), cmpi(b, loc, P::slt, y, zero)));
    r = sel(b, loc, fix, b.create<arith::AddIOp>(loc, r, y), r);
    return sel(b, loc, bad, zero, r);
  }
  case BinaryOpKind::pow: {
    // Negative exponents: 1 for base 1, +-1 for base -1, 0 otherwise (NumPy raises for
    // scalars; the Python layer does too).
    if (uns) { // math.ipowi reads the exponent as signed: split off its top bit.
      // x^(2^(w-1)) mod 2^w is 1 for odd x and 0 for even x (w >= 3; exact for w = 8..64).
      Value low = b.create<arith::AndIOp>(loc, y, icst(b, loc, t, llvm::APInt::getSignedMaxValue(w)));
      Value p = b.create<math::IPowIOp>(loc, x, low);
      Value top = cmpi(b, loc, P::slt, y, zero);
      Value even = cmpi(b, loc, P::eq, b.create<arith::AndIOp>(loc, x, one), zero);
      return sel(b, loc, b.create<arith::AndIOp>(loc, top, even), zero, p);
    }
    Value neg = cmpi(b, loc, P::slt, y, zero);
    Value p = b.create<math::IPowIOp>(loc, x, sel(b, loc, neg, zero, y));
    Value xIsOne = cmpi(b, loc, P::eq, x, one);
    Value xIsM1 = cmpi(b, loc, P::eq, x, cst(b, loc, t, -1));
    Value odd = cmpi(b, loc, P::ne, b.create<arith::AndIOp>(loc, y, one), zero);
    Value m1 = sel(b, loc, odd, cst(b, loc, t, -1), one);
    Value negRes = sel(b, loc, xIsOne, one, sel(b, loc, xIsM1, m1, zero));
    return sel(b, loc, neg, negRes, p);
  }
  case BinaryOpKind::maximum:
    return uns ? b.create<arith::MaxUIOp>(loc, x, y).getResult()
               : b.create<arith::MaxSIOp>(loc, x, y).getResult();
  case BinaryOpKind::minimum:
    return uns ? b.create<arith::MinUIOp>(loc, x, y).getResult()
               : b.create<arith::MinSIOp>(loc, x, y).getResult();
  case BinaryOpKind::bitwise_and: return b.create<arith::AndIOp>(loc, x, y);
  case BinaryOpKind::bitwise_or: return b.create<arith::OrIOp>(loc, x, y);
  case BinaryOpKind::bitwise_xor: return b.create<arith::XOrIOp>(loc, x, y);
  case BinaryOpKind::bitwise_left_shift: {
    Value big = cmpi(b, loc, P::uge, y, widthV); // negative counts are huge unsigned: 0
    return sel(b, loc, big, zero, b.create<arith::ShLIOp>(loc, x, sel(b, loc, big, zero, y)));
  }
  case BinaryOpKind::bitwise_right_shift: {
    Value big = cmpi(b, loc, P::uge, y, widthV);
    if (uns)
      return sel(b, loc, big, zero, b.create<arith::ShRUIOp>(loc, x, sel(b, loc, big, zero, y)));
    return b.create<arith::ShRSIOp>(loc, x, sel(b, loc, big, cst(b, loc, t, w - 1), y));
  }
  default: return {};
  }
}
} // namespace

Value emitBinary(OpBuilder &b, Location loc, BinaryOpKind k, Value x, Value y, Type elem) {
  Value r = isa<ComplexType>(elem) ? emitComplexBinary(b, loc, k, x, y, elem)
            : isa<FloatType>(elem) ? floatBinary(b, loc, k, x, y, elem)
                                   : intBinary(b, loc, k, x, y, elem);
  if (!r)
    emitError(loc) << "elementwise_binary_op " << stringifyBinaryOpKind(k)
                   << " is not defined for element type " << elem;
  return r;
}

Value emitBinaryTest(OpBuilder &b, Location loc, BinaryTestKind k, Value x, Value y, Type elem) {
  Type i1 = b.getI1Type();
  switch (k) {
  case BinaryTestKind::logical_and:
  case BinaryTestKind::logical_or:
  case BinaryTestKind::logical_xor: {
    Value bx = emitCast(b, loc, x, elem, i1), by = emitCast(b, loc, y, elem, i1);
    if (k == BinaryTestKind::logical_and)
      return b.create<arith::AndIOp>(loc, bx, by);
    if (k == BinaryTestKind::logical_or)
      return b.create<arith::OrIOp>(loc, bx, by);
    return b.create<arith::XOrIOp>(loc, bx, by);
  }
  default: break;
  }
  if (isa<ComplexType>(elem)) {
    if (k == BinaryTestKind::equal || k == BinaryTestKind::not_equal)
      return emitComplexEquality(b, loc, k == BinaryTestKind::equal, x, y);
    emitError(loc) << "elementwise_binary_test " << stringifyBinaryTestKind(k)
                   << " is not defined for element type " << elem;
    return {};
  }
  if (isa<FloatType>(elem)) {
    using P = arith::CmpFPredicate;
    P p = k == BinaryTestKind::equal ? P::OEQ : k == BinaryTestKind::not_equal ? P::UNE
        : k == BinaryTestKind::less ? P::OLT : k == BinaryTestKind::less_equal ? P::OLE
        : k == BinaryTestKind::greater ? P::OGT : P::OGE;
    return cmpf(b, loc, p, x, y);
  }
  using P = arith::CmpIPredicate;
  bool uns = isUnsigned(elem) || elem.isInteger(1);
  P p = k == BinaryTestKind::equal ? P::eq : k == BinaryTestKind::not_equal ? P::ne
      : k == BinaryTestKind::less ? (uns ? P::ult : P::slt)
      : k == BinaryTestKind::less_equal ? (uns ? P::ule : P::sle)
      : k == BinaryTestKind::greater ? (uns ? P::ugt : P::sgt) : (uns ? P::uge : P::sge);
  return cmpi(b, loc, p, x, y);
}

Value emitReduceInit(OpBuilder &b, Location loc, ReduceKind k, Type acc) {
  Type t = toSignless(acc);
  if (isa<ComplexType>(acc)) {
    if (k == ReduceKind::sum || k == ReduceKind::prod)
      return emitComplexConstant(b, loc, acc, k == ReduceKind::sum ? 0 : 1, 0);
    emitError(loc) << "reduce " << stringifyReduceKind(k) << " is not defined for " << acc;
    return {};
  }
  if (auto ft = dyn_cast<FloatType>(acc)) {
    double inf = std::numeric_limits<double>::infinity();
    double v = k == ReduceKind::sum ? 0 : k == ReduceKind::prod ? 1
             : k == ReduceKind::min ? inf : -inf;
    return cst(b, loc, t, v);
  }
  unsigned w = acc.getIntOrFloatBitWidth();
  bool uns = isUnsigned(acc) || w == 1;
  switch (k) {
  case ReduceKind::sum: return cst(b, loc, t, 0);
  case ReduceKind::prod: return cst(b, loc, t, 1);
  case ReduceKind::min:
    return icst(b, loc, t, uns ? llvm::APInt::getMaxValue(w) : llvm::APInt::getSignedMaxValue(w));
  case ReduceKind::max:
    return icst(b, loc, t, uns ? llvm::APInt::getMinValue(w) : llvm::APInt::getSignedMinValue(w));
  }
  return {};
}

Value emitReduceCombine(OpBuilder &b, Location loc, ReduceKind k, Value a, Value x, Type acc) {
  BinaryOpKind bk = k == ReduceKind::sum ? BinaryOpKind::add
                  : k == ReduceKind::prod ? BinaryOpKind::multiply
                  : k == ReduceKind::min ? BinaryOpKind::minimum : BinaryOpKind::maximum;
  Value v = emitBinary(b, loc, bk, a, x, acc);
  // A float sum or product may be reassociated: LLVM's loop vectorizer then keeps a vector of
  // partial results (and the producers' math, exp of sum(exp(x)), vectorizes with it); a
  // strict left-to-right order is one scalar chain. NumPy's own order is pairwise, so neither
  // order is NumPy's to the last bit; several partial sums are the more accurate.
  // (A complex sum too: its real and imaginary parts are two float sums; complex products
  // are not marked, (1 + 0j) * x is not x for every x.)
  if (Operation *f = v.getDefiningOp();
      f && isa<arith::AddFOp, arith::MulFOp, complex::AddOp>(f))
    f->setAttr(arith::AddFOp::getFastmathAttrName(f->getName()),
               arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::reassoc));
  // A float max/min: of +0 and -0 either may be the result (IEEE maximum/minimum with no
  // signed zeros; NumPy returns the one its loop met last). --ptensor-arith-expand then keeps
  // it as llvm.intr.maximum/minimum, a reduction LLVM vectorizes (HostBackend.cpp).
  if (Operation *f = v.getDefiningOp(); f && isa<arith::MaximumFOp, arith::MinimumFOp>(f))
    f->setAttr(arith::MaximumFOp::getFastmathAttrName(f->getName()),
               arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::nsz));
  return v;
}
} // namespace ptensor

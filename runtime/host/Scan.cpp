// cumulative_sum / cumulative_prod and maximum / minimum.accumulate as a built-in custom_call
// handler ("ptensor.scan"): an inclusive scan along one axis in NumPy's order, element after
// element (x[i] = x[i - 1] op x[i]), so results equal NumPy's bit for bit: no reassociation
// (a recursive-doubling scan turned 0 * inf into NaN and overflowed where NumPy does not).
// Integers wrap as in NumPy; bool sums are logical or, bool products logical and (NumPy's
// add / multiply of bools). max / min are NumPy's maximum / minimum of real numbers: a NaN
// on either side propagates, and of two equal values (-0.0, 0.0) the new element is taken
// (NumPy's maximum and minimum return their second operand then).
// Attributes: axis (int), op (int: ScanOp). One result: x's shape and dtype.
#include "CustomCall.h"
#include "ElementTypes.h"

#include <complex>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace ptensor {
namespace {
/// The "op" attribute's codes (python/ptensor/_statistical.py: SCAN_OPS).
enum ScanOp : int64_t { Sum = 0, Prod = 1, Max = 2, Min = 3 };

template <typename T>
T combine(T a, T b, ScanOp op, bool isBool) {
  if constexpr (std::is_integral_v<T>) {
    if (isBool)
      return (op == Prod || op == Min) ? T(a && b) : T(a || b);
    if (op == Max)
      return a >= b ? a : b;
    if (op == Min)
      return a <= b ? a : b;
    using U = std::make_unsigned_t<T>; // wraps (signed overflow is undefined in C++)
    return T(op == Prod ? U(U(a) * U(b)) : U(U(a) + U(b)));
  } else if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
    case Prod: return a * b;
    case Max: return (a > b || a != a) ? a : b; // (a != a: a is NaN)
    case Min: return (a < b || a != a) ? a : b;
    default: return a + b;
    }
  } else { // complex: NumPy's product formula (std::complex's adds C99 Annex G inf rules)
    if (op != Prod)
      return a + b;
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  }
}

template <typename T>
int32_t scan(const pt_call_frame *f, int64_t axis, ScanOp op) {
  const pt_buffer &x = f->args[0], &r = f->results[0];
  const int64_t rank = x.rank;
  T *out = static_cast<T *>(r.data);
  const T *in = static_cast<const T *>(x.data);
  // a strided x is first copied into the result, row-major; a row-major x is read directly
  if (pt_ffi_size(&x) == 0)
    return PT_FFI_OK;
  if (!isRowMajor(x)) {
    copyRowMajor(x, out);
    in = out;
  }
  // rows of `inner` contiguous elements, each combined with the previous result row
  int64_t outer = 1, inner = 1, n = x.shape[axis];
  for (int64_t d = 0; d < axis; ++d)
    outer *= x.shape[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= x.shape[d];
  const bool isBool = x.dtype == PT_BOOL;
  for (int64_t o = 0; o < outer; ++o) {
    T *block = out + o * n * inner;
    const T *src = in + o * n * inner;
    if (src != block)
      for (int64_t j = 0; j < inner; ++j)
        block[j] = src[j];
    for (int64_t i = 1; i < n; ++i) {
      const T *prev = block + (i - 1) * inner, *next = src + i * inner;
      T *cur = block + i * inner;
      for (int64_t j = 0; j < inner; ++j)
        cur[j] = combine(prev[j], next[j], op, isBool);
    }
  }
  return PT_FFI_OK;
}

int32_t scanHandler(const pt_call_frame *f) {
  int64_t axis = -1, op = Sum;
  if (f->num_args != 1 || f->num_results != 1 || f->args[0].rank < 1 ||
      pt_ffi_get_i64(f, "axis", &axis) || axis < 0 || axis >= f->args[0].rank ||
      f->results[0].dtype != f->args[0].dtype || f->results[0].rank != f->args[0].rank)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "scan expects one array of rank >= 1, an axis attribute within its rank "
                       "and one result of its shape and dtype");
  for (int64_t d = 0; d < f->args[0].rank; ++d)
    if (f->results[0].shape[d] != f->args[0].shape[d])
      return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "scan: the result must have x's shape");
  pt_ffi_get_i64(f, "op", &op);
  const int32_t dtype = f->args[0].dtype;
  if (op < Sum || op > Min || (op >= Max && (dtype == PT_COMPLEX64 || dtype == PT_COMPLEX128)))
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "scan: op must be 0 (sum), 1 (prod), 2 (max) or 3 (min); max and min of "
                       "real numbers only");
  return byElementType(f, "scan", [&](auto tag) {
    return scan<typename decltype(tag)::type>(f, axis, static_cast<ScanOp>(op));
  });
}
} // namespace

void registerScanCustomCall() {
  registerCustomCall("ptensor.scan", reinterpret_cast<void *>(&scanHandler));
}
} // namespace ptensor

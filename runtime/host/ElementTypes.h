// What the built-in custom-call handlers (Sort.cpp, Scan.cpp, Select.cpp) share: the
// element-type dispatch, NumPy's sort order, a strided operand copied row-major.
#pragma once

#include "ptensor_ffi.h"

#include <cmath>
#include <complex>
#include <cstdint>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

namespace ptensor {
template <typename T>
inline bool isNan(T v) {
  if constexpr (std::is_floating_point_v<T>)
    return std::isnan(v);
  else
    return false;
}

/// a < b with NaN last (NumPy's order for sorting).
template <typename T>
inline bool before(T a, T b) {
  return a < b || (!isNan(a) && isNan(b));
}
template <typename T>
inline bool before(std::complex<T> a, std::complex<T> b) { // NumPy's npysort CLT
  T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  if (ar < br)
    return ai == ai || bi != bi;
  if (ar > br)
    return bi != bi && ai == ai;
  if (ar == br || (ar != ar && br != br))
    return ai < bi || (bi != bi && ai == ai);
  return br != br;
}

/// x's elements copied into out in row-major order (an odometer over its dimensions).
template <typename T>
void copyRowMajor(const pt_buffer &x, T *out) {
  const T *in = static_cast<const T *>(x.data);
  const int64_t rank = x.rank, total = pt_ffi_size(&x);
  std::vector<int64_t> idx(rank, 0);
  int64_t off = 0;
  for (int64_t k = 0; k < total; ++k) {
    out[k] = in[off];
    for (int64_t d = rank - 1; d >= 0; --d) {
      off += x.strides[d];
      if (++idx[d] < x.shape[d])
        break;
      off -= x.strides[d] * x.shape[d];
      idx[d] = 0;
    }
  }
}

/// Whether x's elements are laid out row-major (size-1 dimensions of any stride).
inline bool isRowMajor(const pt_buffer &x) {
  int64_t expect = 1;
  for (int64_t d = x.rank - 1; d >= 0; --d) {
    if (x.shape[d] != 1 && x.strides[d] != expect)
      return false;
    expect *= x.shape[d];
  }
  return true;
}

template <typename T>
struct Tag {
  using type = T;
};

/// fn(Tag<T>{}) for the C++ element type T of f's first operand (bool as uint8_t), run so
/// that scratch memory's bad_alloc becomes an error result: an exception must not cross the
/// compiled program's frames.
template <typename F>
int32_t byElementType(const pt_call_frame *f, const char *name, F fn) {
  try {
    switch (f->args[0].dtype) {
    case PT_BOOL: return fn(Tag<uint8_t>{});
    case PT_INT8: return fn(Tag<int8_t>{});
    case PT_INT16: return fn(Tag<int16_t>{});
    case PT_INT32: return fn(Tag<int32_t>{});
    case PT_INT64: return fn(Tag<int64_t>{});
    case PT_UINT8: return fn(Tag<uint8_t>{});
    case PT_UINT16: return fn(Tag<uint16_t>{});
    case PT_UINT32: return fn(Tag<uint32_t>{});
    case PT_UINT64: return fn(Tag<uint64_t>{});
    case PT_FLOAT32: return fn(Tag<float>{});
    case PT_FLOAT64: return fn(Tag<double>{});
    case PT_COMPLEX64: return fn(Tag<std::complex<float>>{});
    case PT_COMPLEX128: return fn(Tag<std::complex<double>>{});
    default:
      return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, (std::string(name) + ": unknown dtype").c_str());
    }
  } catch (const std::bad_alloc &) {
    return pt_ffi_fail(f, PT_FFI_ERROR,
                       (std::string(name) + ": out of memory for the scratch buffers").c_str());
  }
}
} // namespace ptensor

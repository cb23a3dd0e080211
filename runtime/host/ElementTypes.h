// The element-type dispatch of the built-in custom-call handlers (Sort.cpp, Scan.cpp).
#pragma once

#include "ptensor_ffi.h"

#include <complex>
#include <cstdint>
#include <new>
#include <string>

namespace ptensor {
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
